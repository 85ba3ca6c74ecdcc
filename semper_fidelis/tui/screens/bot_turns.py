"""Bots on the game screen: a side set to bot plays through the engine in a worker thread,
one action at a time with a visible pause (``n`` skips to the next human decision), so the UI
never freezes — also for future bots that think for seconds."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from textual import work
from textual.worker import get_current_worker

from ...engine import IllegalAction
from ...i18n import _
from ..session import EngineFailure

if TYPE_CHECKING:
    from .host import GameHost
else:
    GameHost = object

#: seconds the "is thinking" notice stays up; no second one is shown meanwhile
THINKING_NOTICE = 1.5


class BotTurns(GameHost):
    """Mixed into the game screen, which provides ``session``, ``generation`` (bumped at every
    change: a stale bot move is dropped), ``bot_lock``, ``bot_pace``, ``skipping`` and
    ``after_change``."""

    _thinking_until = 0.0  # when the "is thinking" notice on screen goes

    def schedule_bot(self) -> None:
        if self.session.bot_to_move and self.app.screen is self:
            self.bot_turn(self.generation)

    @work(thread=True, exclusive=True, group="bot")
    def bot_turn(self, generation: int) -> None:
        worker = get_current_worker()
        app = self.app  # taken now: once the game is left, the screen no longer knows its app
        end = time.monotonic() + (0 if self.skipping else self.bot_pace)
        while time.monotonic() < end and not self.skipping:
            if worker.is_cancelled:
                return
            time.sleep(0.02)
        if worker.is_cancelled:
            return
        with self.bot_lock:
            if generation != self.generation or not self.session.bot_to_move:
                return
            side = self.session.decider
            assert side is not None  # a bot is to move
            if self.session.thinks(side) and not self.skipping and self._thinking_notice_due():
                app.call_from_thread(self.notify, _("{side} ({bot}) is thinking… n: decide now", side=side, bot=self.session.players[side]), timeout=THINKING_NOTICE)
            action = self.session.bot_action()
        if not worker.is_cancelled:  # the game was left while the bot thought
            app.call_from_thread(self._bot_apply, generation, action)

    def _thinking_notice_due(self) -> bool:
        """One notice at a time: a searching bot decides several times a turn, and a new notice
        is due only once the last one has gone."""
        now = time.monotonic()
        if now < self._thinking_until:
            return False
        self._thinking_until = now + THINKING_NOTICE
        return True

    def _bot_apply(self, generation: int, action: str) -> None:
        if not self.is_attached or not self.app.is_running:  # the game was left, or the app is closing
            return
        if generation != self.generation or not self.session.bot_to_move or self.app.screen is not self:
            self.schedule_bot()
            return
        try:
            self.session.apply(action)
        except (IllegalAction, EngineFailure) as exc:
            self.notify(_("Bot: {why}", why=exc), severity="error", timeout=10, markup=False)
            return  # the bot stops; the player can undo, save or leave
        if not self.session.bot_to_move and self._thinking_until > time.monotonic():
            self.app.clear_notifications()  # the bot's turn is over: its "is thinking" notice goes with it
            self._thinking_until = 0.0
        self.after_change()
