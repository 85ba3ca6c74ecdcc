"""The other screens: a game between bots to the game-over screen (score by category and
the Victory track over time), help for the decision, the full log, rules from the menu."""

from __future__ import annotations

from semper_fidelis.bots import Seat, make_bot
from semper_fidelis.engine import Game
from semper_fidelis.tui.screens.dialogs import HelpScreen, LogScreen
from semper_fidelis.tui.screens.game_over import GameOverScreen
from semper_fidelis.tui.screens.menu import MainMenuScreen
from semper_fidelis.tui.screens.rules import RulesScreen

from .conftest import SIZE
from .helpers import sync, text_of


def _into_the_last_turn(scenario: int, seed: int) -> Game:
    """A game random bots have played, in the engine alone, to the last turn of its last round:
    the app's bots then play only that turn and the final scoring (the whole game through the
    app took minutes)."""
    game = Game(scenario, seed)
    bots = {side: make_bot("random", seed + i) for i, side in enumerate(("PL", "ZURL"))}
    while (game.state.round, game.state.turn_index) < (game.state.rounds, 1) and not game.over:
        side = game.decision().player
        game.apply(bots[side].choose(Seat(game, side)))
    assert not game.over, "the seed should leave a last turn to play in the app"
    return game


@sync
async def test_bots_play_scenario_1_to_the_final_score(make_app):
    app = make_app(seed=5)
    async with app.run_test(size=SIZE) as pilot:
        app.new_game(1, {"PL": "bot", "ZURL": "bot"}, privacy=True, game=_into_the_last_turn(1, 5))
        for _ in range(3000):
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.pause(0.01)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.pause()
        game = app.screen.session.game
        assert game.over
        text = text_of(app.screen.query_one("#over-text"))
        assert "GAME OVER" in text and "Score by category" in text and "The course of the game" in text
        assert "▲ PL  ▼ ZURL" in app.screen.query_one("#over-course").render().plain  # the chart, drawn
        assert f"{game.state.vp['PL']}" in text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)


@sync
async def test_help_log_and_rules(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.new_game(2, {"PL": "human", "ZURL": "human"}, privacy=False)
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.decision.section == "§11"
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, LogScreen)
        assert any("Round 1" in line for line in app.screen.lines)
        await pilot.press("escape", "q")
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)
        await pilot.press("4")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)


@sync
async def test_rules_screen_shows_each_ruling_under_its_own_number(make_app):
    """A Markdown list would renumber the rulings; the screen shows the numbers the help cites."""
    from semper_fidelis.data.rulings import load_rulings

    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("4")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        text = " ".join(text_of(app.screen.query_one("#rules-box Static"), width=200).split())
    rulings = load_rulings()
    for ruling in rulings.values():
        assert f"{ruling.number}. {ruling.title}." in text, ruling.slug
    # a citation by name (in the HQ ruling) is shown by number
    assert f"outside a battle none, ruling {rulings['hq-lost-outside-battle'].number})" in text
