"""Engine speed, as `semper-fidelis bench` prints it (issue 9).

It reads the clock, which no rule does (it is not rules code). Per scenario: random legal
games are played through the public :class:`Game`, timing every apply and the
whole game; then each game is replayed and, at sampled positions, a fresh legal listing, a copy
of the state, a player's view, the digest (mid-game) and an undo (late in the game) are timed.
Figures are medians (``undo_max_ms`` is the slowest position's undo: the goal is a bound
anywhere; both undo figures are None when no sampled position could be undone).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from statistics import median

from .game import Game
from .machine import legal_actions

SAMPLES = 12  # positions per game for the copy, view, digest and undo figures
REPEAT_UNDO = 3  # an undo is timed this often at each position and the fastest kept: on a
# shared machine a time slice lost to another process (a few ms) is not the position's cost


def _spread(lo: int, hi: int, k: int) -> set[int]:
    """About ``k`` indices evenly spread over ``range(lo, hi)``."""
    step = max(1, (hi - lo) // k)
    return set(range(lo, hi, step))


def _timed(fn: Callable[..., object], *args: object) -> float:
    t0 = time.perf_counter()
    fn(*args)
    return time.perf_counter() - t0


def play(scenario: int, seed: int) -> tuple[list[str], float, list[float]]:
    """One random game: its actions, its duration and the time of each apply."""
    rng = random.Random(seed)
    applies: list[float] = []
    start = time.perf_counter()
    game = Game(scenario, seed)
    while not game.over:
        action = rng.choice(game.legal())
        t0 = time.perf_counter()
        game.apply(action)
        applies.append(time.perf_counter() - t0)
    return game.actions, time.perf_counter() - start, applies


def probe(scenario: int, seed: int, actions: list[str]) -> dict[str, list[float]]:
    """Replay a game and time the per-position operations at sampled positions."""
    out: dict[str, list[float]] = {k: [] for k in ("legal", "clone", "view", "digest", "undo")}
    n = len(actions)
    mid = _spread(n // 4, 3 * n // 4, SAMPLES)
    late = _spread(3 * n // 4, n, SAMPLES)
    game = Game(scenario, seed)
    for i, action in enumerate(actions):
        out["legal"].append(_timed(legal_actions, game.rules, game.state))
        if i in mid:
            out["clone"].append(_timed(game.state.clone))
            out["view"].append(_timed(game.view, game.state.active))
            out["digest"].append(_timed(game.state.digest))
        game.apply(action)
        if i in late and game.can_undo:
            times = []
            for _ in range(REPEAT_UNDO):
                times.append(_timed(game.undo))
                game.apply(action)
            out["undo"].append(min(times))
    return out


def bench_scenario(scenario: int, games: int = 10, seed: int = 0) -> dict[str, float | None]:
    applies: list[float] = []
    durations: list[float] = []
    probes: dict[str, list[float]] = {}
    actions = 0
    for i in range(games):
        played, duration, times = play(scenario, seed + i)
        durations.append(duration)
        applies += times
        actions += len(played)
        for key, values in probe(scenario, seed + i, played).items():
            probes.setdefault(key, []).extend(values)
    undo = probes["undo"]  # may be empty: every sampled late position followed a reveal
    return {
        "game_ms": median(durations) * 1e3,
        "apply_us": median(applies) * 1e6,
        "legal_us": median(probes["legal"]) * 1e6,
        "clone_us": median(probes["clone"]) * 1e6,
        "view_us": median(probes["view"]) * 1e6,
        "digest_us": median(probes["digest"]) * 1e6,
        "undo_ms": median(undo) * 1e3 if undo else None,
        "undo_max_ms": max(undo) * 1e3 if undo else None,
        "actions": actions / games,
    }

