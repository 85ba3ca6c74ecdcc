"""Where a command's output goes: Rich consoles as wide as the terminal (or as the tables, when
piped), and the check that the app has a terminal to draw in."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, TextIO

from ..errors import CliError
from ..i18n import N_, _

if TYPE_CHECKING:
    from rich.console import Console

#: the width of Rich output piped to a file or another program: wide enough for every table
#: (Rich would assume 80 columns and cut them)
PIPED_WIDTH = 500


def console(stderr: bool = False) -> Console:
    """A Rich console on stdout (or stderr): on a terminal, the terminal's width; piped, plain
    text as wide as its tables."""
    from rich.console import Console

    found = Console(highlight=False, stderr=stderr)
    return found if found.is_terminal else Console(highlight=False, stderr=stderr, width=PIPED_WIDTH)


def is_terminal(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except ValueError:  # closed
        return False


def needs_terminal(command: str, instead: str) -> None:
    """Refuse in one line to start the app where it cannot be used: piped or redirected it would
    write its screen's escape codes into the file and wait for keys that never come; a dumb
    terminal cannot move its cursor. textual-serve runs the app over pipes with its own driver
    (``TEXTUAL_DRIVER``): the browser is its terminal. ``instead``: what works without one."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return
    stdin, stdout = (not is_terminal(stream) for stream in (sys.stdin, sys.stdout))
    if stdin or stdout:
        why = (N_("{command} needs a terminal, and its input and output are not one ({instead})") if stdin and stdout else
               N_("{command} needs a terminal, and its input is not one ({instead})") if stdin else
               N_("{command} needs a terminal, and its output is not one ({instead})"))
        raise CliError(_(why, command=command, instead=instead))
    if os.environ.get("TERM") == "dumb":
        raise CliError(_("{command} needs a terminal that moves its cursor, and TERM=dumb does not ({instead})", command=command, instead=instead))
