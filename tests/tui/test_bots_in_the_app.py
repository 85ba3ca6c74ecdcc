"""Bots in the app (issue 10): the players screen offers each bot with its one-line description,
and the screen stays responsive while a searching bot thinks."""

from __future__ import annotations

from semper_fidelis.tui.screens.dialogs import LogScreen
from semper_fidelis.tui.screens.game import GameScreen

from .conftest import SIZE
from .helpers import sync, text_of


@sync
async def test_players_screen_steps_through_the_bots(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        await pilot.press("2", "enter")
        await pilot.pause()
        screen = app.screen
        seen = []
        for _ in range(4):
            await pilot.press("2")
            await pilot.pause()
            seen.append(screen.players["ZURL"])
        assert seen == ["marshal", "random", "human", "general"]
        options = screen.query_one("#players-options")
        assert "general — a scripted general" in str(options.get_option("ZURL").prompt)


@sync
async def test_the_screen_answers_while_a_bot_thinks(make_app):
    app = make_app(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        app.new_game(2, {"PL": "marshal", "ZURL": "marshal"}, privacy=False)
        await pilot.pause(0.5)
        assert isinstance(app.screen, GameScreen) and app.screen.session.thinks("PL")
        before = len(app.screen.session.game.actions)
        await pilot.press("l")
        assert isinstance(app.screen, LogScreen)
        # the log opened while the marshal was still weighing its first choice (1 s)
        assert len(app.screen.app.screen_stack[-2].session.game.actions) == before
        await pilot.press("escape")
        await pilot.pause()
        app.screen.action_menu()
        await pilot.pause()


@sync
async def test_one_thinking_notice_at_a_time(make_app):
    """A searching bot decides several times a turn (a plan's steps come at once): the notice
    that it is thinking is shown again only once the last one has gone, never stacked."""
    import time

    app = make_app(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        app.new_game(1, {"PL": "marshal", "ZURL": "marshal"}, privacy=False)
        await pilot.pause(0.2)
        screen = app.screen
        shown: list[float] = []
        screen.notify = lambda message, **kw: shown.append(time.monotonic()) if "thinking" in message else None
        screen.bot_pace = 0.0
        before = len(screen.session.game.actions)
        await pilot.pause(4.0)
        assert len(screen.session.game.actions) > before + 3  # several bot decisions went by
        assert shown and all(b - a >= 1.4 for a, b in zip(shown, shown[1:]))
        app.screen.action_menu()
        await pilot.pause()
