"""The arguments of ``host``, ``join`` and ``serve`` (commands.py runs them). Kept apart and light
(argparse and names only): the command line builds every command's arguments at each start, and
the engine, websockets and pydantic would otherwise load before the menu is painted."""

from __future__ import annotations

import argparse
from pathlib import Path

from .. import argtypes
from ..bot_names import DESCRIPTIONS

REMOTE, HUMAN = "remote", "human"
#: where ``join`` (and ``serve --join``) looks for the seat's secret: never on the command line,
#: where ``ps`` shows it to every user of the machine
SECRET_ENV = "SEMPER_FIDELIS_SECRET"
DEFAULT_PORT = 8765
SEAT_KINDS = f"{HUMAN}|{REMOTE}|{'|'.join(DESCRIPTIONS)}"


class _NotOnTheCommandLine(argparse.Action):
    """``--token``, of old: a secret typed here is shown by ``ps`` to everyone on the machine."""

    def __call__(self, parser, namespace, values, option_string=None):
        parser.error(f"{option_string}: a secret on the command line is shown to every user (ps); each seat has its own secret now: "
                     f"the host prints it, the joiner gives it in {SECRET_ENV} or --secret-file FILE")


def _refuse_token(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--token", action=_NotOnTheCommandLine, help=argparse.SUPPRESS)


def _secret_file(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--secret-file", type=Path, default=None, metavar="FILE",
                        help=f"read the seat's secret from FILE (default: {SECRET_ENV}, else a prompt)")
    _refuse_token(parser)


def host_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scenario", default="1", metavar="N", help="scenario number or name (default: 1)")
    parser.add_argument("--seed", type=argtypes.seed, default=None, help="the game's seed (default: random; the host never sends it)")
    parser.add_argument("--bind", default="0.0.0.0", metavar="ADDRESS",
                        help="address to listen on (default: every interface; 127.0.0.1 for this machine only)")
    parser.add_argument("--port", type=argtypes.port_or_any, default=DEFAULT_PORT,
                        help=f"port to listen on (default: {DEFAULT_PORT}; 0: any free one)")
    parser.add_argument("--pl", default=HUMAN, metavar=SEAT_KINDS, help="who plays PL (default: human, in this terminal)")
    parser.add_argument("--zurl", default=REMOTE, metavar=SEAT_KINDS, help="who plays ZURL (default: remote, a joiner)")
    parser.add_argument("--tls-cert", type=Path, default=None, metavar="FILE", help="serve wss:// with this certificate (PEM; with --tls-key)")
    parser.add_argument("--tls-key", type=Path, default=None, metavar="FILE", help="the certificate's private key (PEM, unencrypted)")
    _refuse_token(parser)
    parser.add_argument("--record", type=Path, default=None, metavar="FILE", help="write the game's record here at game over")
    parser.add_argument("--resume", type=Path, default=None, metavar="FILE", help="continue the game of this autosave or record")
    parser.add_argument("--autosave", type=Path, default=None, metavar="FILE",
                        help="the autosave, written as the game goes (default: a new slot among the app's saves; with --resume, FILE)")
    parser.add_argument("--saves", type=Path, default=None, metavar="DIR", help="the app's saves folder (default: the user data directory)")


def join_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", metavar="HOST:PORT", help="where the host listens, wss://HOST:PORT for TLS (the host prints the command)")
    parser.add_argument("--side", choices=("PL", "ZURL"), type=str.upper, default="ZURL", help="the seat to take (default: ZURL)")
    _secret_file(parser)
    parser.add_argument("--ca", type=Path, default=None, metavar="FILE", help="with wss://: trust the host's certificate from FILE (default: the system's)")
    parser.add_argument("--bot", default=None, metavar="BOT", help="play the seat with a bot, headless (general or random)")
    parser.add_argument("--seed", type=argtypes.seed, default=None, help="the bot's seed (default: random)")
    parser.add_argument("--served", action="store_true", help=argparse.SUPPRESS)  # a page of `serve --join`: the secret is asked in the app


def serve_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="localhost", help="address the web server listens on (default: localhost)")
    parser.add_argument("--port", type=argtypes.port, default=8000, help="port of the web server (default: 8000)")
    parser.add_argument("--public-url", default=None, metavar="URL",
                        help="the address browsers open, if not http(s)://HOST:PORT (a name, a proxy): the only origin whose pages may play")
    parser.add_argument("--key-file", type=Path, default=None, metavar="FILE",
                        help="the visitors' key, read from FILE (or set SEMPER_FIDELIS_SERVE_KEY; default: a random one, printed in the URL)")
    parser.add_argument("--max-sessions", type=argtypes.positive, default=4, metavar="N", help="copies of the app running at once, at most (default: 4)")
    parser.add_argument("--tls-cert", type=Path, default=None, metavar="FILE", help="serve https/wss with this certificate (PEM; with --tls-key)")
    parser.add_argument("--tls-key", type=Path, default=None, metavar="FILE", help="the certificate's private key (PEM)")
    parser.add_argument("--join", default=None, metavar="HOST:PORT",
                        help="the page plays a seat of this hosted game instead of the menu (the visitor types the seat's secret)")
    parser.add_argument("--side", choices=("PL", "ZURL"), type=str.upper, default="ZURL", help="with --join: the seat (default: ZURL)")
    parser.add_argument("--ca", type=Path, default=None, metavar="FILE", help="with --join wss://: trust the host's certificate from FILE")
    _refuse_token(parser)  # the seat's secret is typed by the visitor in the page
    parser.add_argument("--saves", type=Path, default=None, metavar="DIR", help="where the page's games are saved")
