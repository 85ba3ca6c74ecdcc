"""``replay``: replay a game record and print the final position and score (headless)."""

from __future__ import annotations

import argparse
from pathlib import Path

from ..data.text import plain
from .command import Command
from .gamedata import engine_data


def record_argument(parser: argparse.ArgumentParser) -> None:
    """The record ``replay`` and ``review`` open."""
    parser.add_argument("record", type=Path, metavar="RECORD", help="a saved game record (JSON)")


def _run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from ..engine import read_record
    from ..render.board_map import BoardMap
    from ..render.position import position_from_view

    game = read_record(args.record, data=engine_data(args))
    view = game.view(None)
    console = Console(highlight=False)
    console.print(BoardMap(game.data, position_from_view(view, game.data)))
    decision = game.decision()
    now = f"waiting for {decision.prompt}" if decision else "the game is over"
    console.print(plain(f"After {len(game.actions)} actions — round {view['round']}, {now}."))
    console.print(f"Victory Points: PL {view['vp']['PL']}, ZURL {view['vp']['ZURL']}.")
    if view["result"]:
        console.print(plain(f"Result: {view['result']['reason']}."))
    return 0


COMMAND = Command("replay", "replay a game record and print the final position and score", record_argument, _run)
