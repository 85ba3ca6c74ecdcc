"""``review``: step through a game record in the app, and play on from any moment (the record is
only read). The app is imported only when this command runs."""

from __future__ import annotations

import argparse

from ..i18n import N_, _
from .command import PROG, Command
from .gamedata import engine_data
from .replay import record_argument
from .terminal import needs_terminal


def _run(args: argparse.Namespace) -> int:
    from ..tui.app import run
    from ..tui.review import Review

    data = engine_data(args)
    review = Review.open(args.record, data=data)  # a bad record: one line, before the app starts
    needs_terminal("review", _("without one, '{command}' prints where the game ended", command=f"{PROG} replay RECORD"))
    return run(data=data, review=review, language=args.lang)


COMMAND = Command("review", N_("step through a game record in the app, and play on from any moment (the file is only read)"),
                  record_argument, _run)
