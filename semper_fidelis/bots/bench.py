"""The marshal's playout cost, as `semper-fidelis bench --playout` prints it (issue 21).

It reads the clock, which no bot decision does: a general-v-general game of the scenario is
played, and at every ``every``-th Orders decision the marshal plays ``playouts`` playouts of
the general's own plan from the deciding seat, each timed on the process's CPU clock (on a
shared machine the wall clock counts other processes' time slices). Figures are medians over
all sampled decisions and over those of the first round of a Stage (the longest playouts:
the Stage's end is furthest), in ms.
"""

from __future__ import annotations

import time
from statistics import median

from ..engine import Game
from .general import GeneralBot
from .marshal import TURNS, MarshalBot
from .seat import Seat


def playout_bench(scenario: int, seed: int = 0, playouts: int = 4, every: int = 3, turns: int = TURNS) -> dict[str, float | int]:
    game = Game(scenario, seed)
    bots = {s: GeneralBot(seed + i) for i, s in enumerate(("PL", "ZURL"))}
    marshal = MarshalBot(seed, iterations=playouts, turns=turns)
    times: list[float] = []
    first: list[float] = []
    orders = 0
    while not game.over:
        decision = game.decision()
        assert decision is not None  # a game that is not over waits for a decision
        seat = Seat(game, decision.player)
        action = bots[decision.player].choose(seat)
        if decision.kind == "orders":
            orders += 1
            if orders % every == 1 or every == 1:
                plan = [action] + bots[decision.player].plan
                view = game.view(None)
                early = (view["round"] - 1) % (view["rounds"] // view["stages"]) == 0
                for k in range(playouts):
                    t0 = time.process_time()
                    marshal._playout(seat, plan, seed * 1000 + orders * 10 + k)
                    spent = time.process_time() - t0
                    times.append(spent)
                    if early:
                        first.append(spent)
        game.apply(action)
    return {
        "playout_ms": median(times) * 1e3,
        "first_round_ms": median(first) * 1e3 if first else float("nan"),
        "playouts": len(times),
        "turns": turns,
    }
