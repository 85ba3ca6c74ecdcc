"""Keys that mean one thing (issue 36): Enter confirms, never cancels; no option takes a key the
screen keeps for itself; the rematch is not the key that hurries the bots."""

from __future__ import annotations

from semper_fidelis.bots import RandomBot
from semper_fidelis.engine import Game

from semper_fidelis.tui.widgets.decision import DecisionPanel

from .helpers import game_screen, keys, sync
from .records import save
from .test_snapshots import app_for


def one_step_and_its_cancel() -> Game:
    """Scenario 2, seed 2: a Move from an area with one Volunteer: 'units 1v' or cancel."""
    game, bot = Game(scenario=2, seed=2), RandomBot(2)
    while sorted(map(str, game.legal())) != ["cancel", "units 1v"]:
        game.apply(bot.choose(game))
    return game


@sync
async def test_enter_takes_the_one_option_never_the_cancel(tmp_path):
    game = one_step_and_its_cancel()
    path = save(game, tmp_path / "saves" / "game.json")
    app = app_for(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.open_save(path) is None
        await pilot.pause()
        await keys(pilot, "enter")
        assert game_screen(app).session.game.actions[-1] == "units 1v"


@sync
async def test_enter_on_the_cancel_row_does_not_cancel(tmp_path):
    game = one_step_and_its_cancel()
    path = save(game, tmp_path / "saves" / "game.json")
    app = app_for(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.open_save(path) is None
        await pilot.pause()
        before = list(game_screen(app).session.game.actions)
        panel = game_screen(app).query_one(DecisionPanel)
        panel.highlight(next(i for i, r in enumerate(panel.shown) if r.action == "cancel"))
        await keys(pilot, "enter")
        assert game_screen(app).session.game.actions == before
        await keys(pilot, "escape")  # Esc is back
        assert game_screen(app).session.game.actions[-1] == "cancel"
