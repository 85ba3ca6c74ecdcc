"""Keys that mean one thing (issue 36): Enter confirms, never cancels; no option takes a key the
screen keeps for itself; the rematch is not the key that hurries the bots."""

from __future__ import annotations

from contextlib import asynccontextmanager

import pytest

from semper_fidelis.bots import RandomBot
from semper_fidelis.engine import Game
from semper_fidelis.i18n import set_language
from semper_fidelis.tui.screens.game_over import GameOverScreen
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


@asynccontextmanager
async def at_one_step_and_its_cancel(tmp_path):
    """The app at 120×40 with that step on screen."""
    path = save(one_step_and_its_cancel(), tmp_path / "saves" / "game.json")
    app = app_for(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.open_save(path) is None
        await pilot.pause()
        yield app, pilot


@sync
async def test_enter_takes_the_one_option_never_the_cancel(tmp_path):
    async with at_one_step_and_its_cancel(tmp_path) as (app, pilot):
        await keys(pilot, "enter")
        assert game_screen(app).session.game.actions[-1] == "units 1v"


@sync
async def test_enter_on_the_cancel_row_does_not_cancel(tmp_path):
    async with at_one_step_and_its_cancel(tmp_path) as (app, pilot):
        before = list(game_screen(app).session.game.actions)
        panel = game_screen(app).query_one(DecisionPanel)
        panel.highlight(next(i for i, r in enumerate(panel.shown) if r.action == "cancel"))
        await keys(pilot, "enter")
        assert game_screen(app).session.game.actions == before
        await keys(pilot, "escape")  # Esc is back
        assert game_screen(app).session.game.actions[-1] == "cancel"


def test_no_option_takes_a_key_the_screen_keeps():
    """Over random games: ``e`` only ever for a way out of a step, never an area or a unit; no
    option on a command's key."""
    from semper_fidelis.tui.keys import COMMANDS, WAY_OUT_KEY
    from semper_fidelis.tui.options import option_rows
    from semper_fidelis.tui.session import Session

    checked = 0
    for scenario, seed in ((1, 1), (2, 2), (4, 3)):
        game, bot = Game(scenario=scenario, seed=seed), RandomBot(seed)
        while not game.over and len(game.actions) < 400:
            for row in option_rows(Session(game=game, privacy=False)):
                key = "" if row.key == "esc" else row.key[:1]
                assert key not in COMMANDS, (row.key, row.option.label)
                assert key != WAY_OUT_KEY or row.option.closes, (row.key, row.option.label)
                checked += 1
            game.apply(bot.choose(game))
    assert checked > 1000


@asynccontextmanager
async def at_game_over(tmp_path, size):
    """The app on the result of a finished random game of Scenario 2."""
    game, bot = Game(scenario=2, seed=3), RandomBot(3)
    while not game.over:
        game.apply(bot.choose(game))
    path = save(game, tmp_path / "saves" / "over.json")
    app = app_for(tmp_path)
    async with app.run_test(size=size) as pilot:
        assert app.open_save(path) is None
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, GameOverScreen):
                break
        assert isinstance(app.screen, GameOverScreen)
        yield app, pilot


@sync
async def test_the_key_that_hurries_the_bots_does_not_throw_the_result_away(tmp_path):
    """At game over ``n`` (skip the bots, on the game screen) does nothing; ``N`` is the rematch
    with a new seed."""
    async with at_game_over(tmp_path, (120, 40)) as (app, pilot):
        await keys(pilot, "n", "w", "r")
        assert isinstance(app.screen, GameOverScreen)
        await keys(pilot, "N")
        for _ in range(50):
            await pilot.pause()
            if app.game_screen is not None and not app.game_screen.session.game.over:
                break
        assert not game_screen(app).session.game.over


@pytest.mark.parametrize("language", ["en", "pl"])
@sync
async def test_at_80x24_the_game_over_footer_keeps_every_rematch_key(tmp_path, language):
    """Issue 36: at 80×24 the footer lost ``N Rematch, new seed`` (cut by the palette's key)."""
    from semper_fidelis.tui.widgets.footer import Footer

    set_language(language)
    async with at_game_over(tmp_path, (80, 24)) as (app, pilot):
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        palette = [key.region.x for key in footer.query(".-command-palette")]  # docked over the keys' right end
        right = min(palette, default=footer.region.right)
        shown = {key.action for key in footer.query("FooterKey") if key.region.right <= right}
        assert {"rematch('same')", "rematch('swap')", "rematch('seed')", "menu", "log", "back"} <= shown, shown


@sync
async def test_the_effects_key_on_a_card_offered_for_ap_only_says_why(tmp_path):
    """``22`` on a card whose effect cannot be used: the screen says why (it used to play it
    for its AP without a word)."""
    from semper_fidelis.tui.options import option_rows
    from semper_fidelis.tui.session import Session

    from .test_small_defects import first

    def ap_only(game):
        if game.decision().kind != "orders":
            return None
        effects = {o.card for o in game.options() if o.kind == "card-effect"}
        return next((r for r in option_rows(Session(game=game, privacy=False)) if r.option.kind == "card"
                     and not r.blocked and r.option.card not in effects), None)

    game, row = first(ap_only)
    path = save(game, tmp_path / "saves" / "game.json")
    app = app_for(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.open_save(path) is None
        await pilot.pause()
        await keys(pilot, *row.key, *row.key)
        said = " ".join(n.message for n in app._notifications)
        assert f"#{row.option.card}: " in said and "Enter plays it for its AP" in said, said
        assert game_screen(app).session.game.actions == game.actions  # nothing played yet
