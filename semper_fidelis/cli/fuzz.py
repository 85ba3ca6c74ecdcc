"""``fuzz``: play random games checking the rules' invariants after every action; exit 1 when a
game fails one."""

from __future__ import annotations

import argparse
import json
import time

from .. import argtypes
from ..data.scenarios import pick_scenario
from .batches import add_cluster, check_seeds, cluster
from .command import Command
from .gamedata import load_data


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scenario", default=None, help="scenario number 1-5 or name (default: all five in turn)")
    parser.add_argument("--games", type=argtypes.positive, default=100, help="number of games (default: 100)")
    parser.add_argument("--seed", type=argtypes.seed, default=0, help="seed of the first game (default: 0)")
    parser.add_argument("--jobs", type=argtypes.positive, default=1, help="processes to spread the games over (default: 1)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON (failures with seed and action)")
    add_cluster(parser)


def _run(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import Progress

    from ..play.fuzz import fuzz, plan

    data = load_data(args.assets)
    check_seeds(args)
    scenarios = [pick_scenario(data, args.scenario).number] if args.scenario else sorted(data.scenarios)
    jobs = plan(scenarios, args.games, args.seed, args.assets)
    console = Console(highlight=False, soft_wrap=True, stderr=args.json)
    start = time.perf_counter()
    with cluster(args) as found, Progress(console=console, transient=True, disable=not console.is_terminal) as progress:
        task = progress.add_task(f"Fuzzing scenario{'s' * (len(scenarios) > 1)} {', '.join(map(str, scenarios))}", total=args.games)
        summary = fuzz(jobs, args.jobs, progress=lambda done: progress.update(task, completed=done), cluster=found)
    seconds = round(time.perf_counter() - start, 1)
    if args.json:
        print(json.dumps(summary.to_json(scenarios=scenarios, seed=args.seed, jobs=args.jobs, seconds=seconds)))
        return 1 if summary.failures else 0
    checks = ", ".join(f"{n:,} {name}" for name, n in sorted(summary.checks.items()))
    console.print(f"{summary.games:,} games (scenarios {', '.join(map(str, scenarios))}; seeds {args.seed}..{args.seed + args.games - 1}), "
                  f"{summary.actions:,} actions in {seconds:g} s; checks: {checks}.", markup=False)
    for f in summary.failures:
        console.print(f"FAILED scenario {f.scenario} seed {f.seed} after {f.action} actions [{f.check}]: {f.message}", markup=False)
    console.print(f"{len(summary.failures)} failing game{'s' * (len(summary.failures) != 1)}." if summary.failures else "No failures.")
    return 1 if summary.failures else 0


COMMAND = Command("fuzz", "play random games checking the rules' invariants after every action", _arguments, _run)
