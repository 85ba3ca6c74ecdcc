"""``join``: play a seat of a hosted game in the app, or headless with a bot (``--bot``); the
seat is played by :mod:`semper_fidelis.net`."""

from __future__ import annotations

import argparse
from pathlib import Path

from .. import argtypes
from ..i18n import N_, _
from .command import Command
from .gamedata import engine_data
from .hosted import app_seat, secret_file
from .terminal import needs_terminal


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", metavar="HOST:PORT", help=_("where the host listens, wss://HOST:PORT for TLS (the host prints the command)"))
    parser.add_argument("--side", choices=("PL", "ZURL"), type=str.upper, default="ZURL", help=_("the seat to take (default: ZURL)"))
    secret_file(parser)
    parser.add_argument("--ca", type=Path, default=None, metavar="FILE", help=_("with wss://: trust the host's certificate from FILE (default: the system's)"))
    parser.add_argument("--bot", default=None, metavar="BOT", help=_("play the seat with a bot, headless (general or random)"))
    parser.add_argument("--seed", type=argtypes.seed, default=None, help=_("the bot's seed (default: random)"))
    parser.add_argument("--served", action="store_true", help=argparse.SUPPRESS)  # a page of `serve --join`: the secret is asked in the app


def _run(args: argparse.Namespace) -> int:
    from ..net import commands

    if args.bot is None:  # the seat is played in the app
        needs_terminal(_("join without --bot"), _("without one, --bot BOT plays the seat"))
    return commands.join(args, engine_data(args), app_seat)


COMMAND = Command("join", N_("play a seat of a hosted game in the app, or with a bot (--bot), headless"), _arguments, _run)
