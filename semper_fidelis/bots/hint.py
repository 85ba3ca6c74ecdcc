"""A hint for a player (issue 21): what the marshal would do at the pending decision, with its
estimate for its top few plans — without touching the game and without seeing more than the
player may.

It searches a copy of the game through the deciding player's :class:`Seat`, so the unseen (the
opponent's hand, face-down tokens, deck orders) is dealt afresh for every playout exactly as
the bots do: the hint is the same whatever the opponent really holds, and a hot-seat player
learns nothing of the other side's cards from it.

A plan's *win chance* (of the game, not of a battle) is the share of its playouts that ended
won, or ahead on the marshal's evaluation where a playout was cut off before the game's end (a
tie counts half), given with the mean evaluation (VP ahead): the marshal's own measure of the
plan, not a promise. A single legal action is no choice: it comes back without playouts.

The plan the marshal would play comes first (issue 36: the marker sat on the second); when
another plan scored as well or better, or the finalists had too few playouts to tell them apart,
the hint says it is too close to call. Each plan is told in the game's words, step by step.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass

from ..engine import Game, IllegalAction
from .marshal import MarshalBot
from .seat import Seat

#: plans weighed at a decision other than the Orders (the general's answer and the first others)
MOST_PLANS = 8
#: fewer playouts than this for the finalists: too few to rank them
MIN_RANKED = 4


@dataclass(frozen=True)
class PlanEstimate:
    steps: tuple[str, ...]
    label: str
    win: float  # share of playouts won or ahead at their end, ties half
    value: float  # the mean evaluation of its playouts (VP ahead; ±100 a game won or lost)
    playouts: int
    chosen: bool  # the plan the marshal would play


@dataclass(frozen=True)
class Hint:
    player: str
    plans: tuple[PlanEstimate, ...]  # the marshal's choice first, then the others by estimate
    playouts: int
    close: bool = False  # too close to call: the choice is not clearly better than another
    battle: bool = False  # asked at a battle: its win chance is the game's, not the battle's

    @property
    def choice(self) -> PlanEstimate | None:
        return next((p for p in self.plans if p.chosen), None)


def _label(game: Game, steps: list[str]) -> str:
    """A plan in the game's words: each step's option label, the steps played on a copy (a raw
    notation only where a step cannot be replayed)."""
    world, words = game.copy(), []
    for step in steps:
        labels = {o.notation: o.label for o in world.options()}
        words.append(labels.get(step, step))
        try:
            world.apply(step)
        except IllegalAction:
            break
    words += steps[len(words):]
    return words[0] if len(words) == 1 else f"{words[0]}: {'; '.join(words[1:])}"


def position_seed(game: Game, player: str) -> int:
    """A seed from what ``player`` sees of the position: the same hint for the same position,
    whatever the other side holds."""
    seen = json.dumps(game.view(player), sort_keys=True, default=str)
    return zlib.crc32(f"{game.seed}:{seen}".encode())


def _win(scores: list[float]) -> float:
    return (sum(s > 0 for s in scores) + 0.5 * sum(s == 0 for s in scores)) / len(scores) if scores else 0.0


def make_hint(game: Game, seed: int, think: float = 2.0, iterations: int | None = None, top: int = 3,
              marshal: MarshalBot | None = None) -> Hint | None:
    """The marshal's hint for whoever decides now (None: the game is over). ``marshal``: the bot
    to search with (a client keeps it to stop the search early with ``hurry``)."""
    decision = game.decision()
    if decision is None:
        return None
    world = game.copy()  # the game itself is never touched, and may go on meanwhile
    seat = Seat(world, decision.player)
    bot = marshal or MarshalBot(seed, think=think, iterations=iterations)
    plans = bot.candidates(seat)
    if decision.kind != "orders":
        plans = plans[:MOST_PLANS]
    battle = decision.kind in ("battle", "losses")
    if len(plans) == 1:
        return Hint(decision.player, (PlanEstimate(tuple(plans[0]), _label(game, plans[0]), 0.0, 0.0, 0, True),), 0, battle=battle)
    best, scores, alive = bot.weigh(seat, plans)
    ranked = [i for i in range(len(plans)) if len(scores[i]) >= MIN_RANKED and i != best]  # not ranked on a playout or two
    others = sorted(ranked, key=lambda i: (i not in alive, -_mean(scores[i]), i))
    shown = [best, *others][:top]
    finalists = [i for i in alive if i != best and scores[i]]
    close = len(scores[best]) < MIN_RANKED or any(_mean(scores[i]) >= _mean(scores[best]) for i in finalists)
    return Hint(
        decision.player,
        tuple(PlanEstimate(tuple(plans[i]), _label(game, plans[i]), _win(scores[i]), _mean(scores[i]), len(scores[i]), i == best)
              for i in shown),
        sum(len(s) for s in scores),
        close=close, battle=battle,
    )


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else float("-inf")
