"""Engine speed, as `semper-fidelis bench` prints it: median time per apply, per legal-action
listing, and full random games per second for each scenario."""

from __future__ import annotations

import random
import time
from statistics import median

from .game import Game


def bench_scenario(scenario: int, games: int = 5, seed: int = 0) -> dict[str, float]:
    applies: list[float] = []
    listings: list[float] = []
    durations: list[float] = []
    for i in range(games):
        rng = random.Random(seed + i)
        start = time.perf_counter()
        game = Game(scenario, seed + i)
        while not game.over:
            t0 = time.perf_counter()
            game._legal = None  # measure a fresh listing, not the cached one
            legal = game.legal()
            t1 = time.perf_counter()
            game.apply(rng.choice(legal))
            t2 = time.perf_counter()
            listings.append(t1 - t0)
            applies.append(t2 - t1)
        durations.append(time.perf_counter() - start)
    return {
        "scenario": scenario,
        "apply_us": median(applies) * 1e6,
        "legal_us": median(listings) * 1e6,
        "game_ms": median(durations) * 1e3,
        "games_per_s": games / sum(durations),
        "actions": len(applies) / games,
    }
