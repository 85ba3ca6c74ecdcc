"""Bots in the app (issue 10): the players screen offers each bot with its one-line description,
and the screen stays responsive while a searching bot thinks."""

from __future__ import annotations

import threading
import time
from itertools import pairwise

from semper_fidelis.tui.screens.dialogs import LogScreen
from semper_fidelis.tui.screens.game import GameScreen

from .conftest import SIZE
from .helpers import sync


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
async def test_the_screen_answers_while_a_bot_thinks(make_app, monkeypatch):
    """The bot decides in a worker: while it thinks (here until the test lets it go, so no clock
    is involved) the screen opens the log and goes back."""
    from semper_fidelis.tui.session import Session

    app = make_app(seed=3)
    release = threading.Event()
    decide = Session.bot_action
    monkeypatch.setattr(Session, "bot_action", lambda self: release.wait(30) and decide(self))
    async with app.run_test(size=SIZE) as pilot:
        app.new_game(2, {"PL": "marshal", "ZURL": "marshal"}, privacy=False)
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        session = app.screen.session
        assert session.thinks("PL")
        before = len(session.game.actions)
        await pilot.press("L")
        assert isinstance(app.screen, LogScreen)
        assert len(session.game.actions) == before  # the marshal is still weighing its first choice
        await pilot.press("escape")
        release.set()
        await until(pilot, lambda: len(session.game.actions) > before)
        app.screen.action_menu()
        await pilot.pause()


@sync
async def test_one_thinking_notice_at_a_time(make_app, monkeypatch):
    """A searching bot decides several times a turn (a plan's steps come at once): the notice
    that it is thinking is shown again only once the last one has gone, never stacked. The
    bots' clock is a fake one that moves 0.25 s at each look, so no load can bend the test."""
    from semper_fidelis.tui.screens import bot_turns

    clock = FakeClock()
    monkeypatch.setattr(bot_turns, "time", clock)
    app = make_app(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        app.new_game(1, {"PL": "marshal", "ZURL": "marshal"}, privacy=False)
        await until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        shown: list[float] = []
        due = screen._thinking_notice_due
        screen._thinking_notice_due = lambda: due() and not shown.append(clock.now)
        screen.bot_pace = 0.0
        before = len(screen.session.game.actions)
        await until(pilot, lambda: len(shown) >= 3 and len(screen.session.game.actions) > before + 3)
        assert all(b - a >= bot_turns.THINKING_NOTICE for a, b in pairwise(shown))
        app.screen.action_menu()
        await pilot.pause()


class FakeClock:
    """``time`` for the bot worker: ``monotonic`` moves 0.25 s at each look, ``sleep`` is real."""

    def __init__(self) -> None:
        self.now = 0.0

    def monotonic(self) -> float:
        self.now += 0.25
        return self.now

    @staticmethod
    def sleep(seconds: float) -> None:
        time.sleep(seconds)


async def until(pilot, check, seconds: float = 60.0) -> None:
    """Let the app run until ``check()`` holds; fail after ``seconds`` (a generous bound, not a
    measure: the test passes as soon as it holds)."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "the app did not get there"
        await pilot.pause(0.05)
