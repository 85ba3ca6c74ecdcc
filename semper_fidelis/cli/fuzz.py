"""``fuzz``: play random games checking the rules' invariants after every action; exit 1 when a
game fails one."""

from __future__ import annotations

import argparse
import json
import time

from .. import argtypes
from ..data.scenarios import pick_scenario
from ..i18n import N_, _, ngettext, number, pgettext
from .batches import add_cluster, check_seeds, cluster
from .command import Command
from .gamedata import load_data


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scenario", default=None, help=_("scenario number 1-5 or name (default: all five, one after another)"))
    parser.add_argument("--games", type=argtypes.positive, default=100, help=_("number of games (default: 100)"))
    parser.add_argument("--seed", type=argtypes.seed, default=0, help=_("seed of the first game (default: 0)"))
    parser.add_argument("--jobs", type=argtypes.positive, default=1, help=_("processes to spread the games over (default: 1)"))
    parser.add_argument("--json", action="store_true", help=_("print the result as JSON (failures with seed and action)"))
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
        task = progress.add_task(ngettext("Fuzzing scenario {numbers}", "Fuzzing scenarios {numbers}", len(scenarios),
                                          numbers=", ".join(map(str, scenarios))), total=args.games)
        summary = fuzz(jobs, args.jobs, progress=lambda done: progress.update(task, completed=done), cluster=found)
    seconds = round(time.perf_counter() - start, 1)
    if args.json:
        print(json.dumps(summary.to_json(scenarios=scenarios, seed=args.seed, jobs=args.jobs, seconds=seconds)))
        return 1 if summary.failures else 0
    checks = ", ".join(f"{number(n)} {_check_name(name)}" for name, n in sorted(summary.checks.items()))
    games = ngettext("{n} game (scenarios {numbers}; seeds {first}..{last})", "{n} games (scenarios {numbers}; seeds {first}..{last})",
                     summary.games, numbers=", ".join(map(str, scenarios)), first=args.seed, last=args.seed + args.games - 1)
    actions = ngettext("{n} action in {seconds} s", "{n} actions in {seconds} s", summary.actions, seconds=number(seconds, 1))
    console.print(_("{games}, {actions}; checks: {checks}.", games=games, actions=actions, checks=checks), markup=False)
    for f in summary.failures:
        console.print(ngettext("FAILED scenario {scenario} seed {seed} after {n} action [{check}]: {message}",
                               "FAILED scenario {scenario} seed {seed} after {n} actions [{check}]: {message}", f.action,
                               scenario=f.scenario, seed=f.seed, check=_check_name(f.check), message=f.shown()), markup=False)
    n = len(summary.failures)
    console.print(ngettext("{n} failing game.", "{n} failing games.", n) if n else _("No failures."))
    return 1 if summary.failures else 0


def _check_name(name: str) -> str:
    """A check of the engine's invariants (engine/invariants.py, play/fuzz.py) by its name in the current language."""
    names = {"state": pgettext("check", "state"), "hand limit": pgettext("check", "hand limit"), "frames": pgettext("check", "frames"),
             "leak": pgettext("check", "leak"), "undo": pgettext("check", "undo"), "replay": pgettext("check", "replay"),
             "exception": pgettext("check", "exception"), "setup": pgettext("check", "setup"), "no end": pgettext("check", "no end")}
    return names.get(name, name)


COMMAND = Command("fuzz", N_("play random games checking the rules' invariants after every action"), _arguments, _run)
