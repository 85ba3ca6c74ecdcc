"""The names hosted games share with the command line (whose ``cli/host.py``, ``join.py`` and
``serve.py`` build the options): the seat kinds, where a seat's secret is given, the default port.
Kept light (names only): the command line builds every command's options at each start."""

from __future__ import annotations

from ..bot_names import DESCRIPTIONS

REMOTE, HUMAN = "remote", "human"
#: where ``join`` (and ``serve --join``) looks for the seat's secret: never on the command line,
#: where ``ps`` shows it to every user of the machine
SECRET_ENV = "SEMPER_FIDELIS_SECRET"
DEFAULT_PORT = 8765
SEAT_KINDS = f"{HUMAN}|{REMOTE}|{'|'.join(DESCRIPTIONS)}"
