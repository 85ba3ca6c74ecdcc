"""What the game screen's mixins (:class:`BotTurns`, :class:`TableKeys`) use of the screen they
are mixed into, declared for the type checker only: at run time the mixins stay plain classes."""

from __future__ import annotations

import threading

from textual.screen import Screen

from ...engine import Game
from ..session import Session


class GameHost(Screen[None]):
    session: Session
    generation: int  # bumped at every change: a stale bot move is dropped
    bot_lock: threading.Lock
    bot_pace: float
    skipping: bool

    @property
    def game(self) -> Game:
        raise NotImplementedError

    def shows_options(self) -> bool:
        raise NotImplementedError

    def after_change(self) -> None:
        raise NotImplementedError
