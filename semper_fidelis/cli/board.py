"""``board``: print the map of Lwów with a scenario's starting position (and a variant's changes)."""

from __future__ import annotations

import argparse

from .. import argtypes
from ..data.text import plain
from ..i18n import N_, _
from .command import Command
from .gamedata import add_variant, variant_data, variant_scenario


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", nargs="?", default=None, metavar="SCENARIO",
                        help=_("scenario number 1-5 or name (default: 2, or the variant's)"))
    add_variant(parser)
    parser.add_argument("--width", type=argtypes.positive, default=None, help=_("output width in columns (default: the terminal's)"))
    parser.add_argument("--no-color", action="store_true", help=_("plain text, no colours"))


def _run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from ..render.board_map import BoardMap, position_from_scenario

    data = variant_data(args)
    scenario = variant_scenario(data, args.scenario)
    console = Console(width=args.width, no_color=args.no_color or None, highlight=False)
    console.print(BoardMap(data, position_from_scenario(data, scenario)))
    if data.variant is not None:
        from ..data.variant import setup_diff, unvaried

        console.print(plain(_("Variant {name} changes from scenario {number}'s set-up:", name=repr(data.variant.name), number=scenario.number)))
        for line in setup_diff(unvaried(data).scenarios[scenario.number], data):
            console.print(plain(f"  {line}"))
    return 0


COMMAND = Command("board", N_("print the map of Lwów with a scenario's starting position"), _arguments, _run)
