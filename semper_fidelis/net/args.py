"""The arguments of ``host``, ``join`` and ``serve`` (commands.py runs them). Kept apart and light
(argparse and names only): the command line builds every command's arguments at each start, and
the engine, websockets and pydantic would otherwise load before the menu is painted."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..bot_names import DESCRIPTIONS

REMOTE, HUMAN = "remote", "human"
DEFAULT_PORT = 8765
SEAT_KINDS = f"{HUMAN}|{REMOTE}|{'|'.join(DESCRIPTIONS)}"


def host_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scenario", default="1", metavar="N", help="scenario number or name (default: 1)")
    parser.add_argument("--seed", type=int, default=None, help="the game's seed (default: random; the host never sends it)")
    parser.add_argument("--bind", default="0.0.0.0", metavar="ADDRESS",
                        help="address to listen on (default: every interface; 127.0.0.1 for this machine only)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port to listen on (default: {DEFAULT_PORT})")
    parser.add_argument("--pl", default=HUMAN, metavar=SEAT_KINDS, help="who plays PL (default: human, in this terminal)")
    parser.add_argument("--zurl", default=REMOTE, metavar=SEAT_KINDS, help="who plays ZURL (default: remote, a joiner)")
    parser.add_argument("--token", default=None, help="the seat token joiners must give (default: a random one, printed)")
    parser.add_argument("--record", type=Path, default=None, metavar="FILE", help="write the game's record here at game over")
    parser.add_argument("--resume", type=Path, default=None, metavar="FILE", help="continue the game of this autosave or record")
    parser.add_argument("--autosave", type=Path, default=None, metavar="FILE",
                        help="the autosave, written as the game goes (default: a new slot among the app's saves; with --resume, FILE)")
    parser.add_argument("--saves", type=Path, default=None, metavar="DIR", help="the app's saves folder (default: the user data directory)")


def join_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", metavar="HOST:PORT", help="where the host listens (it prints the command)")
    parser.add_argument("--side", choices=("PL", "ZURL"), type=str.upper, default="ZURL", help="the seat to take (default: ZURL)")
    parser.add_argument("--token", default=None, help="the seat token the host printed")
    parser.add_argument("--bot", default=None, metavar="BOT", help="play the seat with a bot, headless (general or random)")
    parser.add_argument("--seed", type=int, default=None, help="the bot's seed (default: random)")


def serve_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="localhost", help="address the web server listens on (default: localhost)")
    parser.add_argument("--port", type=int, default=8000, help="port of the web server (default: 8000)")
    parser.add_argument("--join", default=None, metavar="HOST:PORT", help="the page plays a seat of this hosted game instead of the menu")
    parser.add_argument("--side", choices=("PL", "ZURL"), type=str.upper, default="ZURL", help="with --join: the seat (default: ZURL)")
    parser.add_argument("--token", default=None, help="with --join: the seat token the host printed")
    parser.add_argument("--saves", type=Path, default=None, metavar="DIR", help="where the page's games are saved")
