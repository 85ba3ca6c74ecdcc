#!/usr/bin/env python3
"""The engine's cost in instructions, counted by valgrind's callgrind (docs/performance.md).

Timings on a shared machine move by ±15 %; an instruction count moves by well under 1 % when
the hash seed is fixed. Four runs of this script under callgrind, each a step further:

  bare    Python starting and stopping
  import  ``import semper_fidelis.engine``
  start   that, the game data loaded and a Scenario 2 game set up
  games   that, then random Scenario 2 games played to their end (one per seed)

Printed: the import (import - bare), the data and first game (start - import) and the
instructions per action of the games ((games - start) / actions). The games use only
``Game(scenario, seed)``, ``legal()``, ``apply()`` and ``over``, so the script measures any
commit: ``--root`` puts that checkout first on the path (with this checkout's interpreter)::

    .ci/engine_cost.py                       # this checkout, seeds 1-3
    .ci/engine_cost.py --root ../old --seeds 1 2
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

STAGES = ("bare", "import", "start", "games")
HERE = Path(__file__).resolve().parent.parent


def workload(stage: str, seeds: list[int]) -> int:
    """Run one stage in this process; the number of actions played."""
    if stage == "bare":
        return 0
    from semper_fidelis.engine import Game

    if stage == "import":
        return 0
    Game(2, seeds[0])
    if stage == "start":
        return 0
    import random

    actions = 0
    for seed in seeds:
        rng = random.Random(seed)
        game = Game(2, seed)
        while not game.over:
            game.apply(rng.choice(game.legal()))
            actions += 1
    return actions


def callgrind_total(out_file: Path) -> int:
    """The instructions a callgrind output file counts (its ``totals:`` or ``summary:`` line)."""
    match = re.search(r"^(?:totals|summary):\s*(\d+)", out_file.read_text(), re.MULTILINE)
    if match is None:
        raise ValueError(f"no totals in {out_file}")
    return int(match.group(1))


def counted(stage: str, seeds: list[int], root: Path) -> tuple[int, int]:
    """Instructions and actions of one stage, run under callgrind in a child process."""
    env = {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": str(root)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    args = [__file__, "--stage", stage, "--seeds", *map(str, seeds)]
    # warm run: the bytecode compiled and cached, so the counted run only loads it
    subprocess.run([sys.executable, *args], env=env, check=True, capture_output=True)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, *args],
            env=env, check=True, capture_output=True, text=True,
        )
        return callgrind_total(out), int(done.stdout.split()[-1])


def report(root: Path, seeds: list[int]) -> dict[str, float]:
    """The three figures, in instructions."""
    runs = {stage: counted(stage, seeds, root) for stage in STAGES}
    played = runs["games"][1]
    return {
        "import": runs["import"][0] - runs["bare"][0],
        "data and first game": runs["start"][0] - runs["import"][0],
        "actions": played,
        "per action": (runs["games"][0] - runs["start"][0]) / played,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=HERE, help="the checkout to measure")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--stage", choices=STAGES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.stage:
        print(workload(args.stage, args.seeds))
        return
    for name, value in report(args.root.resolve(), args.seeds).items():
        print(f"{name:>20}: {value:,.0f}")


if __name__ == "__main__":
    main()
