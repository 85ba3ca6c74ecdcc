"""What ``host``, ``join`` and ``serve`` share on the command line: the refusal of a secret typed
on it, and the app that plays a seat in this terminal — handed to the headless commands of
:mod:`semper_fidelis.net.commands`, which never import the app."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..net.args import SECRET_ENV

if TYPE_CHECKING:
    import ssl

    from ..data.loader import GameData
    from ..data.models import Side


class _NotOnTheCommandLine(argparse.Action):
    """``--token``, of old: a secret typed here is shown by ``ps`` to everyone on the machine."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: str | Sequence[Any] | None,
                 option_string: str | None = None) -> None:
        parser.error(_("{option}: a secret on the command line is shown to every user (ps); each seat has its own secret now: "
                       "the host prints it, the joiner gives it in {variable} or --secret-file FILE",
                       option=option_string, variable=SECRET_ENV))


def refuse_token(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--token", action=_NotOnTheCommandLine, help=argparse.SUPPRESS)


def secret_file(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--secret-file", type=Path, default=None, metavar="FILE",
                        help=_("read the seat's secret from FILE (default: {variable}, else a prompt)", variable=SECRET_ENV))
    refuse_token(parser)


def app_seat(address: str, side: Side, secret: str | None, data: GameData | None, tls: ssl.SSLContext | None = None) -> int:
    """A hosted game's seat played in this terminal's app."""
    from ..tui import remote

    return remote.run_joined(address, side, secret, data, tls=tls)
