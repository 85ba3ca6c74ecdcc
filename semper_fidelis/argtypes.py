"""The types of the command line's numeric options.

Each turns the text given into a number or refuses it with a reason argparse puts after the
option's name (``argument --width: must be at least 1, not -5``): a value that makes no sense
is one line and exit status 2, never a silent success, a hang or a traceback. Kept light
(no engine, no Textual): every command's arguments are built at each start.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from .i18n import N_, _

#: what argparse calls with the text given: the value, or ArgumentTypeError with the reason
ArgType = Callable[[str], int | float]


def _number(text: str, kind: type[int] | type[float]) -> int | float:
    try:
        value = kind(text.strip())
    except ValueError:
        message = N_("not a whole number: {text}") if kind is int else N_("not a number: {text}")
        raise argparse.ArgumentTypeError(_(message, text=repr(text))) from None
    if isinstance(value, float) and not math.isfinite(value):
        raise argparse.ArgumentTypeError(_("not a finite number: {text}", text=repr(text)))
    return value


def _at_least(low: float, kind: type[int] | type[float]) -> ArgType:
    def check(text: str) -> int | float:
        value = _number(text, kind)
        if value < low:
            raise argparse.ArgumentTypeError(_("must be at least {low}, not {text}", low=f"{low:g}", text=text.strip()))
        return value

    return check


def _above_zero(text: str) -> float:
    value = _number(text, float)
    if value <= 0:
        raise argparse.ArgumentTypeError(_("must be more than 0, not {text}", text=text.strip()))
    return value


def _within(low: int, high: int) -> Callable[[str], int]:
    def check(text: str) -> int:
        value = _number(text, int)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(_("must be from {low} to {high}, not {text}", low=low, high=high, text=text.strip()))
        return int(value)

    return check


def seed(text: str) -> int:
    """A game's seed: what a game record can keep."""
    from .engine import SEED_LIMIT  # only when a seed is given: the command plays a game

    return _within(-SEED_LIMIT, SEED_LIMIT - 1)(text)


positive = _at_least(1, int)  # --games, --jobs, --width, --iterations, --turns
pace = _at_least(0, float)  # --pace: seconds, 0 for no pause
seconds = _above_zero  # --think: a searching bot needs some time
port = _within(1, 65535)
port_or_any = _within(0, 65535)  # a listener's port, 0: any free one (printed)

#: every type above: the test of the parser checks each numeric option uses one of them
NUMERIC = (positive, pace, seconds, seed, port, port_or_any)
