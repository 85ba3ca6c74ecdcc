"""Decisions by their shape (issue 36): no two options on screen read the same — the parts every
option shares are said once over the list, each row says what tells it apart."""

from __future__ import annotations

import functools

from semper_fidelis.bots import RandomBot
from semper_fidelis.engine import Game
from semper_fidelis.tui.widgets.decision import DecisionPanel

from .helpers import game_screen, sync
from .records import save
from .test_in_view import screen_text
from .test_snapshots import SIZES, app_for

#: the steps whose options name areas, units and sides (the lists that were cut alike)
SHAPED = {"deploy", "fortify", "mobilize", "order", "reinforce-villages", "battle-advance", "battle-evade", "losses",
          "relief", "hq", "artillery", "collect", "battle-pick",
          # a card's questions, one step kind each (engine/frames.py)
          "card-group", "card-anywhere", "card-mobilize", "card-take", "card-discard", "card-remove", "card-fortify",
          "card-great-war", "card-pobudka", "card-winniki-guns", "card-huyn"}


@functools.cache
def positions() -> tuple[Game, ...]:
    """One position of each such step (with three options or more), from seeded random games of
    three scenarios."""
    found: dict[str, int] = {}
    out: list[Game] = []
    for scenario, seed in ((1, 1), (1, 2), (2, 1), (2, 3), (4, 1)):
        game, bot = Game(scenario=scenario, seed=seed), RandomBot(seed)
        while not game.over and len(game.actions) < 600:
            kind = game.state.stack[-1]["kind"]
            if kind in SHAPED and len(game.legal()) >= 3 and kind not in found:
                found[kind] = found.get(kind, 0) + 1
                out.append(Game.from_record(game.record()))
            game.apply(bot.choose(game))
    return tuple(out)


def visible_rows(app) -> list[str]:
    """The option rows as the screen shows them, each less its key and after the line over its
    group (what the group's rows share), if any; a wrapped row read over its lines (those
    under it are blank in the key's column)."""
    panel = game_screen(app).query_one(DecisionPanel)
    region = panel.query_one("#options").region
    lines = screen_text(app).splitlines()[region.y:region.y + region.height]
    rows, group, wrapped = [], "", False
    for line in lines:
        cells = line[region.x:region.x + region.width]
        text = cells.strip(" ▁▂▃▄▅▆▇█")
        if rows and wrapped and text and cells.startswith("   "):
            rows[-1] += f" {text}"
        elif text.endswith(":") and not text.startswith("Esc:"):
            group, wrapped = text, False
        elif " " in text and not text.startswith("Esc:"):
            rows.append(f"{group} {text.split(' ', 1)[1].strip()}")
            wrapped = True
        else:
            wrapped = False
    return rows


@sync
async def test_no_two_options_on_screen_read_the_same(tmp_path):
    """Each position is opened once and read at the three sizes in turn (a resize lays the panel
    out anew, as a player's terminal does, and reads the same rows as a screen opened at that
    size): opening a game screen is most of the cost, and three times over it took 30 s of CPU."""
    games = positions()
    assert len(games) >= 12  # thirteen kinds of step today, two of them card questions
    app = app_for(tmp_path)
    async with app.run_test(size=SIZES["80x24"]) as pilot:
        for i, game in enumerate(games):
            path = save(game, tmp_path / "saves" / f"p{i}.json")
            assert app.open_save(path) is None
            for size in SIZES.values():
                await pilot.resize_terminal(*size)
                await pilot.pause()
                rows = visible_rows(app)
                twins = {r for r in rows if rows.count(r) > 1}
                assert not twins, (game.state.stack[-1]["kind"], size, twins, rows)
            game_screen(app).leave()
            await pilot.pause()
