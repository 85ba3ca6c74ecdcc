"""A battle's and a Losses distribution's boxes in view at 80×24 (issue 36): over positions
taken from random games, the decision's list and the battle box never scroll, and every
option's words are on its line in full (said shorter, never cut)."""

from __future__ import annotations

import functools

from semper_fidelis.bots import RandomBot
from semper_fidelis.engine import Game
from semper_fidelis.tui.widgets.decision import DecisionPanel

from .helpers import game_screen, sync
from .records import save
from .test_in_view import screen_text
from .test_snapshots import app_for


@functools.cache
def battle_positions() -> tuple[Game, ...]:
    """Up to two positions of each step asked while a battle or its Losses are on, from seeded
    random games of three scenarios: made once."""
    found: dict[str, int] = {}
    out: list[Game] = []
    for scenario, seed in ((1, 1), (1, 2), (2, 1), (2, 3), (4, 1)):
        game, bot = Game(scenario=scenario, seed=seed), RandomBot(seed)
        while not game.over and len(game.actions) < 600:
            view, kind = game.view(game.decision().player), game.state.stack[-1]["kind"]
            if (view["battle"] is not None or view["losses"] is not None) and found.get(kind, 0) < 2:
                found[kind] = found.get(kind, 0) + 1
                out.append(Game.from_record(game.record()))
            game.apply(bot.choose(game))
    return tuple(out)


def cut_options(app) -> list[str]:
    """The options whose words are not on a line of the list in full (cost and words)."""
    panel = game_screen(app).query_one(DecisionPanel)
    region = panel.query_one("#options").region
    lines = [" ".join(line.split()) for line in screen_text(app).splitlines()[region.y:region.y + region.height]]
    missing = []
    for row in [r for r in panel.shown + panel.blocked if panel.listed(r)]:  # an area choice: its area's rows
        label = panel.words(row).plain
        if row.option.card is not None:  # a card by its number and name: its effect is its text (under the list, c)
            label = label.split(": ", 1)[0]
        words = " ".join(f"{row.tag} {label}".split())
        if not any(words in line for line in lines):
            missing.append(words)
    return missing


@sync
async def test_at_80x24_a_battle_and_its_losses_are_in_view(tmp_path):
    games = battle_positions()
    kinds = {g.state.stack[-1]["kind"] for g in games}
    assert {"battle-evade", "losses"} <= kinds and len(games) >= 8, kinds
    app = app_for(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        for i, game in enumerate(games):
            path = save(game, tmp_path / "saves" / f"b{i}.json")
            assert app.open_save(path) is None
            await pilot.pause()
            screen = game_screen(app)
            where = (i, game.state.stack[-1]["kind"])
            for box in ("#options", "#battle-box"):
                widget = screen.query_one(box)
                assert widget.max_scroll_y == 0 and widget.virtual_size.height <= widget.size.height, (where, box)
            decision = screen.query_one("#decision")
            assert decision.region.bottom <= screen.query_one("#battle-box").region.y, where  # not under the box
            assert not cut_options(app), (where, cut_options(app))
            screen.leave()
            await pilot.pause()

