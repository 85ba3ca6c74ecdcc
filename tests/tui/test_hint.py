"""The hint key: ``H`` opens the marshal's hint for the player's own decision; the search runs
in a worker (the screen answers meanwhile) and the game is untouched."""

from __future__ import annotations

from semper_fidelis.tui.screens import hint as hint_screen
from semper_fidelis.tui.screens.hint import HintScreen

from .conftest import SIZE
from .helpers import game_screen, sync, text_of


@sync
async def test_h_shows_the_marshals_plans_and_leaves_the_game_alone(make_app, monkeypatch):
    """At 80×24, the smallest screen the game supports, where the box must not run off it."""
    monkeypatch.setattr(hint_screen, "BUDGET", {"iterations": 8})
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_game(1, {"PL": "human", "ZURL": "human"}, privacy=False)
        await pilot.pause()
        game = game_screen(app).session.game
        while game.decision().kind != "orders":  # past the Commander and the Events
            game_screen(app).apply(game.legal()[0] if game.decision().kind != "event" else "event pass")
            await pilot.pause()
        digest = game.state.digest()
        await pilot.press("H")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HintScreen)
        for _ in range(500):
            if screen.done:
                break
            await pilot.pause(0.02)
        assert screen.done and screen.hint.playouts == 8
        text = text_of(screen.query_one("#hint-text"))
        assert "what it would do" in text and "win chance" in text
        assert screen.query_one("#hint-box").region.right <= 80  # its right border in view
        assert game.state.digest() == digest
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is game_screen(app)


@sync
async def test_no_hint_for_a_decision_not_ones_own(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.new_game(1, {"PL": "human", "ZURL": "human"}, privacy=True)
        await pilot.pause()
        game_screen(app).game.apply("keep")  # not through the screen: ZURL's hand not handed over
        screen = game_screen(app)
        screen.session.viewer = "ZURL"  # the screen is ZURL's, the decision PL's
        await pilot.press("H")
        await pilot.pause()
        assert not isinstance(app.screen, HintScreen)


def test_at_a_battle_the_hints_chance_is_labelled_the_games_and_counts_read_right():
    """Issue 36: a game win chance of 1 % beside a battle's 71 % says whose it is; '1 playout'."""
    from semper_fidelis.bots.hint import Hint, PlanEstimate

    plans = (PlanEstimate(("fight",), "Stand and fight in Cytadela", 0.01, -9.0, 1, True),)
    text = hint_screen.hint_text(Hint("PL", plans, 1, close=True, battle=True)).plain
    assert "not this battle" in text and "game win chance 1%" in text and "(1 playout)" in text and "1 playouts" not in text
    assert "Too close to call" in text
