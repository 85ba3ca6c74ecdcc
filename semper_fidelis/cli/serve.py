"""``serve``: serve the app to web browsers through textual-serve, or a seat of a hosted game
(``--join``); the server is :mod:`semper_fidelis.net.web`'s."""

from __future__ import annotations

import argparse
from pathlib import Path

from .. import argtypes
from ..i18n import N_, _
from .command import Command
from .gamedata import load_data
from .hosted import refuse_token


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="localhost", help=_("address the web server listens on (default: localhost)"))
    parser.add_argument("--port", type=argtypes.port, default=8000, help=_("port of the web server (default: 8000)"))
    parser.add_argument("--public-url", default=None, metavar="URL",
                        help=_("the address browsers open, if not http(s)://HOST:PORT (a name, a proxy): the only origin whose pages may play"))
    parser.add_argument("--key-file", type=Path, default=None, metavar="FILE",
                        help=_("the visitors' key, read from FILE (or set SEMPER_FIDELIS_SERVE_KEY; default: a random one, printed in the URL)"))
    parser.add_argument("--max-sessions", type=argtypes.positive, default=4, metavar="N", help=_("copies of the app running at once, at most (default: 4)"))
    parser.add_argument("--tls-cert", type=Path, default=None, metavar="FILE", help=_("serve https/wss with this certificate (PEM; with --tls-key)"))
    parser.add_argument("--tls-key", type=Path, default=None, metavar="FILE", help=_("the certificate's private key (PEM)"))
    parser.add_argument("--join", default=None, metavar="HOST:PORT",
                        help=_("the page plays a seat of this hosted game instead of the menu (the visitor types the seat's secret)"))
    parser.add_argument("--side", choices=("PL", "ZURL"), type=str.upper, default="ZURL", help=_("with --join: the seat (default: ZURL)"))
    parser.add_argument("--ca", type=Path, default=None, metavar="FILE", help=_("with --join wss://: trust the host's certificate from FILE"))
    refuse_token(parser)  # the seat's secret is typed by the visitor in the page
    parser.add_argument("--saves", type=Path, default=None, metavar="DIR", help=_("where the page's games are saved"))


def _run(args: argparse.Namespace) -> int:
    from ..net import commands

    if args.assets is not None:  # refused here in one line, not in every page the server opens
        load_data(args.assets)
    return commands.serve(args)


COMMAND = Command("serve", N_("serve the app to web browsers through textual-serve (or a seat of a hosted game: --join)"), _arguments, _run)
