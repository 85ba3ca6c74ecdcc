"""What a command of the command line is: its name, its help, the options it adds and the
function that runs it. Each command module (``validate.py``, ``simulate.py``, …) defines one
:class:`Command`; ``parser.py`` lists them in the order ``--help`` shows."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import NamedTuple

PROG = "semper-fidelis"

#: runs a command: the parsed arguments in, the exit status out
Handler = Callable[[argparse.Namespace], int]
#: adds a command's options to its parser
Arguments = Callable[[argparse.ArgumentParser], None]


def no_arguments(parser: argparse.ArgumentParser) -> None:
    """A command without options of its own (``--assets`` is every command's)."""


class Command(NamedTuple):
    name: str
    help: str
    arguments: Arguments
    run: Handler
