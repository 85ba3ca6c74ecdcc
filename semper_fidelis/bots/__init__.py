"""Bots: players that choose among the legal actions from their own seat at the table.

:data:`BOTS` names every bot with a one-line description for the players screen and the command
line; :func:`make_bot` builds one, seeded, so the same seed plays the same game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypedDict

from ..bot_names import DESCRIPTIONS
from .general import GeneralBot
from .marshal import MarshalBot
from .random_bot import RandomBot
from .seat import Seat


class Bot(Protocol):
    name: str

    def choose(self, seat: Seat) -> str: ...


#: the class of each bot: all take a seed; the searching ones (``thinks``) a thinking budget too
BotClass = type[RandomBot] | type[GeneralBot] | type[MarshalBot]
_CLASSES: dict[str, BotClass] = {"random": RandomBot, "general": GeneralBot, "marshal": MarshalBot}

#: name → (class, one-line description); the names and descriptions are in bot_names.py
BOTS: dict[str, tuple[BotClass, str]] = {name: (_CLASSES[name], text) for name, text in DESCRIPTIONS.items()}


class _Budget(TypedDict, total=False):
    """What a searching bot is given of :func:`make_bot`'s budget: only what the caller set."""

    think: float
    iterations: int
    clock: Callable[[], float]


def make_bot(name: str, seed: int, think: float | None = None, iterations: int | None = None,
             clock: Callable[[], float] | None = None) -> Bot:
    """A new bot by name; ``think`` is the thinking budget per decision in seconds, or
    ``iterations`` a fixed number of playouts, and ``clock`` what those seconds are read from
    (bots that search use them; the others ignore them). The default clock is the wall clock
    a player waits by; batches pass the CPU time of the thread playing the game."""
    try:
        cls = BOTS[name][0]
    except KeyError:
        raise ValueError(f"no bot {name!r} (known: {', '.join(BOTS)})") from None
    if not issubclass(cls, MarshalBot):  # the one bot that thinks
        return cls(seed)
    budget: _Budget = {}
    if think is not None:
        budget["think"] = think
    if iterations is not None:
        budget["iterations"] = iterations
    if clock is not None:
        budget["clock"] = clock
    return cls(seed, **budget)

__all__ = ["BOTS", "Bot", "GeneralBot", "MarshalBot", "RandomBot", "Seat", "make_bot"]
