"""``marshal`` — a searching bot: Monte Carlo search over determinizations of what it cannot see.

Each iteration deals the unseen (the opponent's hand, face-down tokens, deck orders) afresh with
:meth:`Seat.sample`, picks one of the options of the decision at hand by UCB1, and plays on with
the scripted general for both sides up to a depth cut-off, where a heuristic evaluation of the
position scores it. The statistics are kept per option of the *player's own* decision — the
information set — and shared by all the determinizations (single-observer ISMCTS at the root):
averaging over deals rather than solving each deal apart avoids the strategy-fusion trap of
"perfect-information Monte Carlo", which would assume it could act differently in worlds it
cannot tell apart.

It never looks at the game itself, only at samples of its own view. A forced decision (one
option) is answered at once; the budget is ``think`` seconds per decision, or a fixed number of
iterations (``iterations``) for reproducible runs.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ..engine import Game
from .general import OWN_TYPES, GeneralBot
from .seat import Seat

#: decisions of playout per iteration before the position is evaluated
DEPTH = 40
#: points a won game is worth in the evaluation, against a few VP for the rest
WIN = 100.0


def evaluate(view: dict[str, Any], side: str) -> float:
    """How good an open view of a position is for ``side``: VP, the Strategic Areas each side
    holds (what the next End of Stage would score), Morale, Supply and units on the board."""
    other = "ZURL" if side == "PL" else "PL"
    result = view.get("result")
    if result:
        winner = result.get("winner")
        return WIN if winner == side else -WIN if winner == other else 0.0
    score = view["vp"][side] - view["vp"][other]
    units = view["units"]
    for area, value in view["strategic"].items():
        here = units.get(area, {})
        mine = sum(n for t, n in here.items() if t in OWN_TYPES[side])
        theirs = sum(n for t, n in here.items() if t in OWN_TYPES[other])
        if mine and not theirs:
            score += value
        elif theirs and not mine:
            score -= value
    score += 0.5 * (view["morale"][side] - view["morale"][other])
    score += 0.3 * (view["supply"][side] - view["supply"][other])
    on_board = {s: sum(n for here in units.values() for t, n in here.items() if t in OWN_TYPES[s]) for s in (side, other)}
    score += 0.15 * (on_board[side] - on_board[other])
    return score


class MarshalBot:
    name = "marshal"
    thinks = True

    def __init__(self, seed: int | None = None, think: float = 1.0, iterations: int | None = None, depth: int = DEPTH):
        self.rng = random.Random(seed)
        self.think = think
        self.iterations = iterations
        self.depth = depth
        self.hurry = False  # set by a client to stop thinking early (the UI's `n`)

    def choose(self, seat: Seat) -> str:
        options = [o.notation for o in seat.options()]
        if len(options) == 1:
            return options[0]
        self.hurry = False
        visits = {a: 0 for a in options}
        totals = {a: 0.0 for a in options}
        deadline = time.perf_counter() + self.think
        n = 0
        while not self.hurry:
            if self.iterations is not None:
                if n >= self.iterations:
                    break
            elif n and time.perf_counter() >= deadline:
                break  # the budget holds even when there are more options than iterations
            n += 1
            world = seat.sample(random.Random(self.rng.getrandbits(64)))
            action = self._select(options, visits, totals, n)
            totals[action] += self._playout(world, action, seat.player)
            visits[action] += 1
        return max(options, key=lambda a: (visits[a], totals[a] / visits[a] if visits[a] else -math.inf))

    def _select(self, options: list[str], visits: dict[str, int], totals: dict[str, float], n: int) -> str:
        """UCB1 over the options of this decision (untried options first, in a seeded order)."""
        untried = [a for a in options if not visits[a]]
        if untried:
            return self.rng.choice(untried)
        c = 0.7 * WIN / 10
        return max(options, key=lambda a: totals[a] / visits[a] + c * math.sqrt(math.log(n) / visits[a]))

    def _playout(self, world: Game, action: str, side: str) -> float:
        world.apply(action)
        policy = {s: GeneralBot(self.rng.getrandbits(32)) for s in ("PL", "ZURL")}
        for _ in range(self.depth):
            if world.over:
                break
            player = world.decision().player
            world.apply(policy[player].choose(Seat(world, player)))
        return evaluate(world.view(None), side)
