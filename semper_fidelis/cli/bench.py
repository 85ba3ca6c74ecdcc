"""``bench``: the engine's speed (apply, legal listing, full game, copy, view, digest, undo), or
with ``--playout`` the marshal's playout cost, per scenario."""

from __future__ import annotations

import argparse
import json

from .. import argtypes
from ..i18n import N_, _, number
from .command import Command
from .terminal import console


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=argtypes.positive, default=10, help=_("random games per scenario (default: 10)"))
    parser.add_argument("--scenario", type=int, action="append", choices=range(1, 6), metavar="N",
                        help=_("only this scenario (repeatable; default: all five)"))
    parser.add_argument("--json", action="store_true", help=_("print the figures as one JSON object"))
    parser.add_argument("--playout", action="store_true",
                        help=_("measure the marshal's playouts instead (CPU ms a playout, from Orders decisions of "
                               "--games general-v-general games per scenario)"))
    parser.add_argument("--turns", type=argtypes.positive, default=None, metavar="N",
                        help=_("with --playout: cut playouts off after N turns (default: the marshal's own)"))


BENCH_COLUMNS = (  # (heading, key, decimals); the units go in the caption to keep 80 columns
    (N_("apply"), "apply_us", 0), (N_("list"), "legal_us", 0), (N_("game"), "game_ms", 1),
    (N_("copy"), "clone_us", 0), (N_("view"), "view_us", 0), (N_("digest"), "digest_us", 0),
    (N_("undo"), "undo_ms", 2), (N_("worst"), "undo_max_ms", 2), (N_("actions"), "actions", 0),
)
BENCH_CAPTION = N_("medians in µs; game and undo in ms; worst: the slowest undo")


def _run(args: argparse.Namespace) -> int:
    from ..engine import bench_scenario

    if args.playout:
        return _bench_playouts(args)
    numbers = sorted(set(args.scenario or range(1, 6)))
    figures = {"scenarios": {str(n): bench_scenario(n, args.games) for n in numbers}}
    if args.json:
        print(json.dumps(figures))
        return 0
    from rich.table import Table

    table = Table(title=_("Engine speed (random games per scenario: {games})", games=args.games), caption=_(BENCH_CAPTION))
    for heading in ("#", *(_(c[0]) for c in BENCH_COLUMNS)):
        table.add_column(heading, justify="right")
    for scenario, r in figures["scenarios"].items():
        table.add_row(scenario, *(_cell(r[key], places) for _heading, key, places in BENCH_COLUMNS))
    console().print(table)
    return 0


def _cell(value: float | None, places: int) -> str:
    """A figure as the language writes it; a dash for one not measured."""
    return "—" if value is None else number(value, places)


def _bench_playouts(args: argparse.Namespace) -> int:
    """`bench --playout`: the marshal's playout cost per scenario (bots/bench.py)."""
    from statistics import median

    from ..bots.bench import playout_bench
    from ..bots.marshal import TURNS

    numbers = sorted(set(args.scenario or range(1, 6)))
    turns = args.turns or TURNS
    figures = {}
    for n in numbers:
        runs = [playout_bench(n, seed=seed, turns=turns) for seed in range(args.games)]
        figures[str(n)] = {key: median(r[key] for r in runs) for key in ("playout_ms", "first_round_ms")}
    if args.json:
        print(json.dumps({"turns": turns, "scenarios": figures}))
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title=_("Marshal playouts (turns: {turns}; games per scenario: {games})", turns=turns, games=args.games),
                  caption=_("medians in CPU ms a playout; first round: decisions of a Stage's first round"))
    for heading in ("#", _("playout"), _("first round")):
        table.add_column(heading, justify="right")
    for scenario, r in figures.items():
        table.add_row(scenario, number(r["playout_ms"], 1), number(r["first_round_ms"], 1))
    Console(highlight=False).print(table)
    return 0


COMMAND = Command("bench", N_("measure engine speed: apply, legal listing, full game, copy, view, digest, undo"), _arguments, _run)
