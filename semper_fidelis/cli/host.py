"""``host``: hold a game for two machines, its seats human (played here, in the app), remote or a
bot; prints each remote seat's join command. The game itself is run by :mod:`semper_fidelis.net`."""

from __future__ import annotations

import argparse
from pathlib import Path

from .. import argtypes
from ..i18n import N_, _
from ..net.args import DEFAULT_PORT, HUMAN, REMOTE, SEAT_KINDS
from .command import Command
from .gamedata import add_variant, engine_data, variant_data
from .hosted import app_seat, refuse_token
from .terminal import needs_terminal


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scenario", default=None, metavar="N", help=_("scenario number or name (default: 1, or the variant's)"))
    add_variant(parser)
    parser.add_argument("--seed", type=argtypes.seed, default=None, help=_("the game's seed (default: random; the host never sends it)"))
    parser.add_argument("--bind", default="0.0.0.0", metavar="ADDRESS",
                        help=_("address to listen on (default: every interface; 127.0.0.1 for this machine only)"))
    parser.add_argument("--port", type=argtypes.port_or_any, default=DEFAULT_PORT,
                        help=_("port to listen on (default: {port}; 0: any free one)", port=DEFAULT_PORT))
    parser.add_argument("--pl", default=HUMAN, metavar=SEAT_KINDS, help=_("who plays PL (default: human, in this terminal)"))
    parser.add_argument("--zurl", default=REMOTE, metavar=SEAT_KINDS, help=_("who plays ZURL (default: remote, a joiner)"))
    parser.add_argument("--tls-cert", type=Path, default=None, metavar="FILE", help=_("serve wss:// with this certificate (PEM; with --tls-key)"))
    parser.add_argument("--tls-key", type=Path, default=None, metavar="FILE", help=_("the certificate's private key (PEM, unencrypted)"))
    refuse_token(parser)
    parser.add_argument("--record", type=Path, default=None, metavar="FILE", help=_("write the game's record here at game over"))
    parser.add_argument("--resume", type=Path, default=None, metavar="FILE", help=_("continue the game of this autosave or record"))
    parser.add_argument("--autosave", type=Path, default=None, metavar="FILE",
                        help=_("the autosave, written as the game goes (default: a new slot among the app's saves; with --resume, FILE)"))
    parser.add_argument("--saves", type=Path, default=None, metavar="DIR", help=_("the app's saves folder (default: the user data directory)"))


def _run(args: argparse.Namespace) -> int:
    from ..net import commands

    if HUMAN in (args.pl, args.zurl):  # the human seat is played in the app, in this terminal
        needs_terminal(_("host with a human seat"), _("without one, give the seats to bots or to remote players"))
    return commands.host(args, variant_data(args) if args.variant is not None else engine_data(args), app_seat)


COMMAND = Command("host", N_("hold a game for two machines: its seats human, remote or a bot; prints the seat token"), _arguments, _run)
