"""``marshal`` — a searching bot: the general's plans weighed by playouts over determinizations of
what it cannot see.

The Orders Phase and the battles are searched (``SEARCHED``) — where a turn is won or lost. In
the Orders not the engine's single steps but whole plans: the general's own choice, each card
played for its effect, its best attacks (some a little below its odds), each of its other
plans, reinforcing the Strategic Area the enemy threatens most, and ending the phase
(:meth:`GeneralBot.alternatives`). In a battle every legal answer — a card, a combat token, an
Evasion, fighting on, the units to add to an Assault, the Losses to take — is a plan of one
step. Every other decision, and the steps of a chosen plan, are the general's answers, at its
speed.

A plan is scored by playouts: the unseen (the opponent's hand, face-down tokens, deck orders) is
dealt afresh with :meth:`Seat.sample`, the plan is played, and the scripted general plays both
sides on — to the end of this side's turn, its Battle Phase included, and through the
opponent's reply (``turns``: 2, the default; 1 stops before the reply), or to the end of
the Stage if that comes first — and :func:`evaluate` scores the position: a won, lost or drawn
game when it was over; at a cut-off before the Stage's end, the VP plus what the End of Stage
would score now (:meth:`Game.score_if_stage_ended`), so the value of the position at the Stage's
end is estimated rather than played out. The horizon is short because the budget is: a
decision gets 0.2 s of CPU in the measured batches, and a plan must be played on at least two
deals before it may overrule the general (longer playouts left most searches with less than
one deal of their plans). The plans share their deals — every plan is played on the same deals with the same playout seeds
(common random numbers), so they are compared on the same luck — and sequential halving drops
the worse half of the plans after the first deal and each time the number of deals doubles. The general's choice is never
dropped, and another plan replaces it only when it beats it on the same deals by more than half
a standard error (``OVERRULE``): the search overrules the script only where it has evidence.

Averaging over deals at the root (the player's own information set) rather than solving each
deal apart avoids the strategy-fusion trap of "perfect-information Monte Carlo". It never looks
at the game itself, only at samples of its own view. The budget is ``think`` seconds per searched
decision, or a fixed number of playouts (``iterations``) for reproducible runs.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from ..data.models import SIDES, Side
from ..engine import Game, IllegalAction, Pending, PlayerView
from .general import OWN_TYPES, UNIT_VALUE, GeneralBot
from .seat import Seat

PL, ZURL = SIDES
#: decisions a playout may take at most before it is scored (a whole Stage takes about 250)
DEPTH = 1000
#: turn boundaries a playout crosses at most before it is cut off and scored with the End of
#: Stage estimate; it stops sooner at the end of the Stage (a Stage is four rounds: 8 would play
#: every playout to the end of its Stage). Two: the rest of its own turn, Battle Phase included,
#: and the opponent's reply — a plan is judged by what it leaves standing against the answer.
#: One turn costs a third (3.8 ms against 10.3 ms a playout in Scenario 2) but is blind to the
#: reply: as ZURL in Scenario 3 it thinned Winniki and lost every game to a Supply Cut (0 of 10
#: against the general; 7 of 10 through the reply), and in Scenario 2 as ZURL it won 5 of 10
#: against 9 of 10. Three turns (52 ms) left most searches with less than two deals of their
#: plans, too few to overrule the general.
TURNS = 2
#: seconds of search a turn gets at most, over all its searched decisions (an Orders Phase is
#: searched at each of its orders: five on average in Scenario 2, up to nine)
TURN_BUDGET = 6.0
#: points a won game is worth in the evaluation, against a few VP for the rest
WIN = 100.0
#: standard errors by which a plan must beat the general's on the same deals to be played
#: instead. One kept the marshal too close to the script: at half of one, 40 games a side at
#: 0.2 s against the general on seeds 7000 on, Relief as PL went from 14 to 27 wins and Siege as
#: PL from 10 to 15, the other cells of Coup, Relief and Siege within a few games; a quarter of
#: one did no better on Coup as ZURL and Siege as PL (docs/bots-and-balance.md).
OVERRULE = 0.5
#: the decisions searched: the Orders, and the battles with the choices around them (adding
#: units to an Assault, the Losses). 40 games at 0.2 s against the general (seeds 7000 on):
#: Siege as PL won 15 searching the Orders only, 23 with the battles, 30 with the Assaults and
#: Losses as well; Coup as ZURL 18, 27 and 27. A game takes about twice the thinking.
SEARCHED = frozenset(("orders", "battle", "assault", "losses"))


def evaluate(view: PlayerView, side: str, preview: dict[str, list[tuple[str, int]]] | None = None,
             breakthrough: tuple[int, int] | None = None) -> float:
    """How good an open view of a position is for ``side``, in VP: VP; what the End of Stage
    would score now (``preview``, :meth:`Game.score_if_stage_ended`, for a playout cut off
    before it; else the Strategic Areas each side holds); Morale (a VP at the top and the
    bottom of the track) and Supply (Strength); the units on the board by worth, the broken ones
    (a VP every five) and the cards in hand (AP to come); and, cut off before the end of a Stage
    that brings PL's Breakthrough (Scenario 4), the Soldiers and tokens its corridor of Villages
    would bring (``breakthrough``, :meth:`Game.breakthrough_if_stage_ended`), valued like units
    on the board and Supply — for PL, and against ZURL."""
    other = ZURL if side == PL else PL
    result = view.get("result")
    if result:
        winner = result.get("winner")
        return WIN if winner == side else -WIN if winner == other else 0.0
    score = float(view["vp"][side] - view["vp"][other])
    units = view["units"]
    mine_t, theirs_t = OWN_TYPES[side], OWN_TYPES[other]
    if preview is not None:
        score += sum(vp for _, vp in preview[side]) - sum(vp for _, vp in preview[other])
    else:
        for area, value in view["strategic"].items():
            here = units.get(area, {})
            mine = any(n for t, n in here.items() if t in mine_t)
            theirs = any(n for t, n in here.items() if t in theirs_t)
            if mine != theirs:
                score += value if mine else -value
    worth = {side: 0.0, other: 0.0}
    for here in units.values():
        for t, n in here.items():
            if n and t in UNIT_VALUE:
                worth[side if t in mine_t else other] += UNIT_VALUE[t] * n
    score += 0.25 * (worth[side] - worth[other])
    score += 0.4 * (view["morale"][side] - view["morale"][other])
    score += 0.3 * (view["supply"][side] - view["supply"][other])
    broken = view.get("broken") or {}
    score -= 0.2 * (sum((broken.get(side) or {}).values()) - sum((broken.get(other) or {}).values()))
    hand = view.get("hand") or {}
    score += 0.2 * (_count(hand.get(side)) - _count(hand.get(other)))
    if breakthrough:
        soldiers, tokens = breakthrough
        gain = 0.25 * UNIT_VALUE["pl-soldier"] * soldiers + 0.3 * tokens
        score += gain if side == PL else -gain
    return score


def _count(held: int | Sequence[int | None] | None) -> int:
    return held if isinstance(held, int) else len(held or ())


class MarshalBot:
    name = "marshal"
    thinks = True

    def __init__(self, seed: int | None = None, think: float = 1.0, iterations: int | None = None,
                 depth: int = DEPTH, turns: int = TURNS, turn_budget: float = TURN_BUDGET,
                 clock: Callable[[], float] = time.perf_counter):
        self.rng = random.Random(seed)
        self.general = GeneralBot(self.rng.getrandbits(32))
        self.think = think
        self.turn_budget = turn_budget  # seconds of search in one turn at most (several decisions)
        self.clock = clock
        self._turn: tuple[int, Side] | None = None  # (round, side) of the turn being searched
        self._turn_spent = 0.0
        self.iterations = iterations
        self.depth = depth
        self.turns = turns
        self.plan: list[str] = []
        self.hurry = False  # set by a client to stop thinking early (the UI's `n`)
        self.playouts = 0  # playouts so far, for measurements

    def choose(self, seat: Seat) -> str:
        if self.plan and seat.allows(self.plan[0]):
            return self.plan.pop(0)
        self.plan = []
        decision = seat.decision()
        assert decision is not None  # a bot is asked to choose only while the game goes on
        if decision.kind not in SEARCHED or len(decision.actions) == 1:
            return self.general.choose(seat)
        plans = self.candidates(seat)
        own = plans[0]
        if len(plans) == 1:
            return own[0]
        best = plans[self._search(seat, plans)]
        if best is not own:
            self.general.plan = []  # the general's plan is not the one being played
            self.plan = best[1:]
        return best[0]

    # ---------------------------------------------------------------------------- search

    def _search(self, seat: Seat, plans: list[list[str]]) -> int:
        """The index of the plan to play (0, the general's, unless another beats it)."""
        return self.weigh(seat, plans)[0]

    def candidates(self, seat: Seat) -> list[list[str]]:
        """The plans weighed at this decision, the general's first: at an Orders decision its
        plan and the alternatives (:meth:`GeneralBot.alternatives`); at any other, its answer
        and then each other legal action as a plan of one step. Leaves the general's plan as
        the general made it."""
        options = seat.options()
        choice = self.general.choose(seat)
        own = [choice] + self.general.plan
        decision = seat.decision()
        assert decision is not None  # a bot is asked only at its own decision
        if decision.kind == "orders":
            others = self.general.alternatives(seat, options)
        else:
            others = [[o.notation] for o in options]
        return [own] + [p for p in others if p != own]

    def weigh(self, seat: Seat, plans: list[list[str]]) -> tuple[int, list[list[float]], list[int]]:
        """The search: (the index of the plan to play, every plan's playout scores, the plans
        still in the running at the end). The scores of the plans in the running are on the same
        deals, in order."""
        self.hurry = False
        scores: list[list[float]] = [[] for _ in plans]
        alive = list(range(len(plans)))
        start = self.clock()
        deadline = start + self._allowance(seat)
        if self.iterations is None and deadline <= start:
            return 0, scores, alive  # the turn's budget is spent: the general's plan
        done, deals, cut = 0, 0, 1
        while not self.hurry:
            seed = self.rng.getrandbits(64)
            for i in alive:
                if self._spent(done, deadline):
                    break
                scores[i].append(self._playout(seat, plans[i], seed))
                done += 1
            else:
                deals += 1
                if deals == cut and len(alive) > 2:
                    keep = sorted(alive[1:], key=lambda i: (-_mean(scores[i][:deals]), i))[: (len(alive) - 1) // 2 or 1]
                    alive = [0] + sorted(keep)
                    cut *= 2
                continue
            break
        self.playouts += done
        self._turn_spent += self.clock() - start
        n = min(len(scores[i]) for i in alive)
        if n < 2:
            return 0, scores, alive
        best = max(alive, key=lambda i: (_mean(scores[i][:n]), -i))
        diffs = [a - b for a, b in zip(scores[best][:n], scores[0][:n], strict=False)]
        mean = _mean(diffs)
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)
        return (best if mean > OVERRULE * spread else 0), scores, alive

    def _allowance(self, seat: Seat) -> float:
        """This decision's thinking time: ``think``, but no more than half of what is left of the
        turn's budget (a turn holds several searched decisions: an app player waits for all)."""
        view = seat.view()
        turn = (view["round"], view["active"])
        if turn != self._turn:
            self._turn, self._turn_spent = turn, 0.0
        allowance = min(self.think, max(0.0, self.turn_budget - self._turn_spent) / 2)
        return allowance if allowance >= self.think / 8 else 0.0  # not a search of a few playouts

    def _spent(self, done: int, deadline: float) -> bool:
        if self.iterations is not None:
            return done >= self.iterations
        return done > 0 and self.clock() >= deadline

    def _playout(self, seat: Seat, plan: list[str], seed: int) -> float:
        """One deal of the unseen, the plan played in it, then the general for both sides to the
        end of the Stage; the evaluation for the searching side."""
        side = seat.player
        rng = random.Random(seed)
        world: Game = seat.sample(rng)
        for step in plan:
            if world.over:
                break
            try:
                world.apply(step)
            except IllegalAction:
                break  # a battle or a card asked something first; the general goes on
        policy: dict[str, GeneralBot] = {s: GeneralBot(rng.getrandbits(32)) for s in (PL, ZURL)}
        seats = {s: Seat(world, s) for s in (PL, ZURL)}
        owner, crossed, stage, cut = side, 0, seat.view()["stage"], False
        for _ in range(self.depth):
            if world.over:
                break
            decision = world.pending()  # whose step: the legal list only if the bot asks for it
            assert decision is not None  # the world is not over
            if decision.player != owner and _starts_turn(decision):
                owner, crossed = decision.player, crossed + 1
                if world.lazy_view(None)["stage"] != stage:
                    break
                if crossed >= self.turns:
                    cut = True
                    break
            world.apply(policy[decision.player].choose(seats[decision.player]))
        if not cut or world.over:
            return evaluate(world.lazy_view(None), side)
        view = world.lazy_view(None)
        last = view["stage"] >= view["stages"]  # the game ends with it: no Breakthrough follows
        return evaluate(view, side, world.score_if_stage_ended(), None if last else world.breakthrough_if_stage_ended())


def _starts_turn(decision: Pending) -> bool:
    """A decision only the player whose turn it is takes: the Initial Phase, or the Orders
    themselves (the opponent also decides in the Orders Phase, in the battles of an Assault)."""
    return decision.phase == "Initial Phase" or decision.kind == "orders"


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else -math.inf
