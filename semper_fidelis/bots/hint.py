"""A hint for a player (issue 21): what the marshal would do at the pending decision, with its
estimate for its top few plans — without touching the game and without seeing more than the
player may.

It searches a copy of the game through the deciding player's :class:`Seat`, so the unseen (the
opponent's hand, face-down tokens, deck orders) is dealt afresh for every playout exactly as
the bots do: the hint is the same whatever the opponent really holds, and a hot-seat player
learns nothing of the other side's cards from it.

A plan's *win chance* is the share of its playouts that ended won, or ahead on the marshal's
evaluation where a playout was cut off before the game's end (a tie counts half), given with
the mean evaluation (VP ahead): the marshal's own measure of the plan, not a promise. A single
legal action is no choice: it comes back without playouts.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import Game
from .marshal import MarshalBot
from .seat import Seat

#: plans weighed at a decision other than the Orders (the general's answer and the first others)
MOST_PLANS = 8


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
    plans: tuple[PlanEstimate, ...]  # best first
    playouts: int

    @property
    def choice(self) -> PlanEstimate | None:
        return next((p for p in self.plans if p.chosen), None)


def _label(labels: dict[str, str], steps: list[str]) -> str:
    first = labels.get(steps[0], steps[0])
    return first if len(steps) == 1 else f"{first}: {', '.join(steps[1:])}"


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
    labels = {o.notation: o.label for o in seat.options()}
    if len(plans) == 1:
        return Hint(decision.player, (PlanEstimate(tuple(plans[0]), _label(labels, plans[0]), 0.0, 0.0, 0, True),), 0)
    best, scores, alive = bot.weigh(seat, plans)
    ranked = sorted(range(len(plans)), key=lambda i: (i not in alive, -_mean(scores[i]), i))
    shown = [i for i in ranked if scores[i]][:top]
    if best not in shown:
        shown = [best] + shown[: top - 1]
    return Hint(
        decision.player,
        tuple(PlanEstimate(tuple(plans[i]), _label(labels, plans[i]), _win(scores[i]), _mean(scores[i]), len(scores[i]), i == best) for i in shown),
        sum(len(s) for s in scores),
    )


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else float("-inf")
