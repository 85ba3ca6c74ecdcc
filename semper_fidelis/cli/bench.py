"""``bench``: the engine's speed (apply, legal listing, full game, copy, view, digest, undo), or
with ``--playout`` the marshal's playout cost, per scenario."""

from __future__ import annotations

import argparse
import json

from .. import argtypes
from .command import Command
from .terminal import console


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=argtypes.positive, default=10, help="random games per scenario (default: 10)")
    parser.add_argument("--scenario", type=int, action="append", choices=range(1, 6), metavar="N",
                        help="only this scenario (repeatable; default: all five)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.add_argument("--playout", action="store_true",
                        help="measure the marshal's playouts instead (CPU ms a playout, from Orders decisions of "
                             "--games general-v-general games per scenario)")
    parser.add_argument("--turns", type=argtypes.positive, default=None, metavar="N",
                        help="with --playout: cut playouts off after N turns (default: the marshal's own)")


BENCH_COLUMNS = (  # (heading, key, format); the units go in the caption to keep 80 columns
    ("apply", "apply_us", "{:.0f}"), ("list", "legal_us", "{:.0f}"), ("game", "game_ms", "{:.1f}"),
    ("copy", "clone_us", "{:.0f}"), ("view", "view_us", "{:.0f}"), ("digest", "digest_us", "{:.0f}"),
    ("undo", "undo_ms", "{:.2f}"), ("worst", "undo_max_ms", "{:.2f}"), ("actions", "actions", "{:.0f}"),
)
BENCH_CAPTION = "medians in µs; game and undo in ms; worst: the slowest undo"


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

    table = Table(title=f"Engine speed (random games per scenario: {args.games})", caption=BENCH_CAPTION)
    for heading in ("#", *(c[0] for c in BENCH_COLUMNS)):
        table.add_column(heading, justify="right")
    for number, r in figures["scenarios"].items():
        table.add_row(number, *("—" if r[key] is None else fmt.format(r[key]) for _, key, fmt in BENCH_COLUMNS))
    console().print(table)
    return 0


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

    table = Table(title=f"Marshal playouts (turns: {turns}; games per scenario: {args.games})",
                  caption="medians in CPU ms a playout; first round: decisions of a Stage's first round")
    for heading in ("#", "playout", "first round"):
        table.add_column(heading, justify="right")
    for number, r in figures.items():
        table.add_row(number, f"{r['playout_ms']:.1f}", f"{r['first_round_ms']:.1f}")
    Console(highlight=False).print(table)
    return 0


COMMAND = Command("bench", "measure engine speed: apply, legal listing, full game, copy, view, digest, undo", _arguments, _run)
