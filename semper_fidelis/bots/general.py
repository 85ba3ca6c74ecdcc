"""``general`` — a scripted general, in the manner of the solitaire bots of COIN games: for each
kind of decision an ordered list of questions about the position, the first that applies
decides; seeded tie-breaks.

It reads only its seat: the options with their facts, its own view, the static board and the
exact battle odds. In the Orders Phase it makes a plan — one order, built in the engine's steps —
and follows it step by step; the plans, by priority: get AP (the best card for its AP, the
Plane), raise Supply, attack where the odds favour it (an Assault when the AP allow, else a Move
that lines up for the Battle Phase), take empty Strategic Areas, mobilize, take Supply Tokens,
barricade threatened Strategic Areas, then end the phase. It never changes its Commander, plays
no Event (they help the opponent) and keeps one unit in every Strategic Area it holds.

Where the scenario has an area whose capture wins at once (Scenario 3's Supply Cut: PL in
Winniki), that comes first: attacks on it and the areas around it, then a march of the spare
groups towards those areas, and only then the other attacks; an area won that way is never left,
and in the last round it is attacked at almost any odds.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from ..data.models import Side
from ..engine import Action, Option, PlayerView, largest_group, unit_pairs
from ..engine import actions as A
from .seat import Seat

PL: Side = "PL"
ZURL: Side = "ZURL"
OWN_TYPES: dict[str, tuple[str, str, str]] = {PL: ("pl-volunteer", "pl-soldier", "pl-hq"), ZURL: ("zurl-volunteer", "sich-rifleman", "zurl-hq")}
#: what a unit is worth keeping, for choosing which takes the Losses
UNIT_VALUE = {"pl-volunteer": 1.0, "zurl-volunteer": 1.0, "pl-soldier": 1.6, "sich-rifleman": 1.5, "pl-hq": 5.0, "zurl-hq": 5.0}
#: what an effect costs the owner, as a share of the unit's value
EFFECT_COST = {"withdraw": 0.25, "disperse": 0.6, "break": 1.0}
#: the least chance of winning for which the general attacks
ATTACK_ODDS = 0.6
MAX_PLANS = 30


def _other(side: str) -> Side:
    return ZURL if side == PL else PL


def _move(origin: str, units: dict[str, int], to: A.To, order: Action | None = None) -> list[str]:
    """The engine's steps of one Move (or, with ``order``, Assault) order, as actions."""
    return [order or A.MoveOrder.of(), A.From.of(origin), A.Units.of(unit_pairs(units)), to]


#: the options of the Orders Phase a plan reads, by their kind
MENU_KINDS: dict[str, type[Action]] = {"card": A.PlayCard, "card-effect": A.PlayEffect, "use-token": A.UseToken,
                                       "supply-token": A.Supply, "propaganda": A.Propaganda}


class Menu:
    """The Orders Phase's offers as the plans ask for them, a kind at a time: whether a Move is
    offered, which cards are. Listing and describing the whole menu at every Orders decision
    worked out orders no plan asks about and the words of every option; now only what a plan
    asks is (``options`` given: read from them, as a search's root has them anyway)."""

    def __init__(self, seat: Seat, options: Iterable[Option] | None = None):
        self._seat = seat
        self._given = None if options is None else tuple(options)
        self._kinds: dict[str, list[Option]] = {}
        self._allowed: dict[str, bool] = {}

    def get(self, kind: str) -> list[Option]:
        """The options of one kind (``MENU_KINDS``)."""
        if kind not in self._kinds:
            if self._given is not None:
                self._kinds[kind] = [o for o in self._given if o.kind == kind]
            else:
                self._kinds[kind] = list(self._seat.options_of(MENU_KINDS[kind]))
        return self._kinds[kind]

    def allows(self, action: str) -> bool:
        """Whether ``action`` (exact notation: ``move``, a plan's first step) is offered."""
        if action not in self._allowed:
            self._allowed[action] = (any(o.notation == action for o in self._given) if self._given is not None
                                     else self._seat.allows(action))
        return self._allowed[action]


class Board:
    """Who stands where, read from the general's own view (units of both sides are public).
    Each area's own units, enemy count and spare units are worked out once per decision (the
    plans ask about the same areas many times); the dicts returned are shared: read them only."""

    def __init__(self, view: PlayerView, side: str, hold: Iterable[str] = ()):
        self.side = side
        self.hold = frozenset(hold)
        self.units: dict[str, dict[str, int]] = view["units"]
        self.strategic: dict[str, int] = view["strategic"]
        self.view = view
        self._held: list[str] | None = None
        self._own: dict[str, dict[str, int]] = {}
        self._enemy: dict[str, int] = {}
        self._spare: dict[str, dict[str, int]] = {}

    def own(self, area: str) -> dict[str, int]:
        known = self._own.get(area)
        if known is None:
            mine = OWN_TYPES[self.side]
            known = self._own[area] = {t: n for t, n in self.units.get(area, {}).items() if n and t in mine}
        return known

    def enemy(self, area: str) -> int:
        known = self._enemy.get(area)
        if known is None:
            theirs = OWN_TYPES[_other(self.side)]
            known = self._enemy[area] = sum(n for t, n in self.units.get(area, {}).items() if t in theirs)
        return known

    def total(self, area: str) -> int:
        return sum(self.units.get(area, {}).values())

    def held(self) -> list[str]:
        if self._held is None:
            self._held = sorted(a for a in self.units if self.own(a) and not self.enemy(a))
        return self._held

    def spare(self, area: str) -> dict[str, int]:
        """The units that may leave ``area``: all but one where leaving would give up a Strategic
        Area or an area next to the enemy (the HQ stays home when it can); none from an area in
        ``hold`` (one that wins the game while held)."""
        known = self._spare.get(area)
        if known is None:
            known = self._spare[area] = self._spare_of(area)
        return known

    def _spare_of(self, area: str) -> dict[str, int]:
        if area in self.hold:
            return {}
        units = dict(self.own(area))
        keep = 1 if area in self.strategic else 0
        hq = OWN_TYPES[self.side][2]
        if units.get(hq):
            units[hq] -= 1
            keep = max(0, keep - 1)
        for t in (OWN_TYPES[self.side][0], OWN_TYPES[self.side][1]):
            while keep and units.get(t):
                units[t] -= 1
                keep -= 1
        return {t: n for t, n in units.items() if n}


def _fill(spare: dict[str, int], room: int) -> dict[str, int]:
    """The most valuable of ``spare`` that fit in ``room``."""
    take: dict[str, int] = {}
    for t, n in sorted(spare.items(), key=lambda x: -UNIT_VALUE[x[0]]):
        k = min(n, room - sum(take.values()))
        if k > 0:
            take[t] = k
    return take


class GeneralBot:
    name = "general"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)
        self.plan: list[str] = []
        self.turn_key: tuple[int, Side] | None = None
        self.tried: set[str] = set()
        self.plans = 0
        self._seat: Seat | None = None
        self._view: PlayerView | None = None
        #: why the last Orders Phase ended with AP unspent (None: they were all spent)
        self.reason: str | None = None
        self._evasion_paid = 0  # AP of the cards discarded so far towards the Evasion under way

    # ------------------------------------------------------------------------------ dispatch

    def choose(self, seat: Seat) -> str:
        if self.plan and seat.allows(self.plan[0]):
            return self.plan.pop(0)  # a plan's next step: no options to describe, no view to read
        self._look(seat)
        self.plan = []
        pending = seat.pending()
        assert pending is not None  # a bot is asked only at its own decision
        if pending.kind == "orders":  # the menu is asked a kind at a time, never listed whole
            menu = Menu(seat)
            order = self._orders(seat, menu)
            return order if menu.allows(order) else self._default(seat.options())
        options = seat.options()
        handler = getattr(self, "_" + pending.kind.replace("-", "_"), None)
        choice: str | None = handler(seat, options) if handler else None
        return choice if choice in {o.notation for o in options} else self._default(options)

    def _look(self, seat: Seat) -> None:
        """A new decision: its view is read when a handler first needs it (most battle steps
        never do)."""
        self._seat, self._view = seat, None

    @property
    def view(self) -> PlayerView:
        if self._view is None:
            assert self._seat is not None  # read only while choosing
            self._view = self._seat.view()
        return self._view

    def _default(self, options: Iterable[Option]) -> str:
        """A card's own question or anything unforeseen: a free fortification where it helps,
        else the first option that acts, else a way out."""
        options = list(options)
        if any(o.kind in ("barricade", "redoubt") for o in options):
            assert self._seat is not None  # read only while choosing
            return self._fortification(self._seat, options)
        acting = [o for o in options if not o.closes]
        return (acting or options)[0].notation

    def _has_redoubt(self, seat: Seat, area: str) -> bool:
        """A Redoubt already protects ``area`` for this side (Cytadela always has one): a
        Barricade there would add nothing, the reductions do not stack (§6.2, §9.3)."""
        return area in seat.board.redoubt_always or self.view["redoubts"].get(area) == seat.player

    def _fortification(self, seat: Seat, options: Sequence[Option]) -> str:
        """The most useful Barricade or Redoubt offered: in a Strategic Area before any other,
        facing (a Redoubt: next to) the most enemy units, never a Barricade where a Redoubt
        stands; with none useful, the way out, else the least useless (a free one on a card
        that must be built)."""
        board = Board(self.view, seat.player)
        geo = seat.board

        def use(o: Option) -> tuple[bool, int, int, int, str]:
            area = o.area or ""
            if o.kind == "barricade":
                threat = 0 if self._has_redoubt(seat, area) or board.own(o.facing or "") else board.enemy(o.facing or "")
            else:
                threat = sum(board.enemy(b) for b in geo.neighbours.get(area, ()) if not board.own(b))
            return bool(threat), board.strategic.get(area, 0), threat, -(o.ap_cost or 0), o.notation

        forts = [o for o in options if o.kind in ("barricade", "redoubt")]
        best = max(forts, key=use)
        if use(best)[0]:
            return best.notation
        out = next((o.notation for o in options if o.closes), None)
        return out or max(forts, key=lambda o: (not self._has_redoubt(seat, o.area or ""), use(o))).notation

    # ------------------------------------------------------------------------ Initial Phase

    def _commander(self, seat: Seat, options: Sequence[Option]) -> str:
        return "keep"

    def _event(self, seat: Seat, options: Sequence[Option]) -> str:
        return next((o.notation for o in options if o.closes or o.kind == "pass"), options[-1].notation)

    def _hq(self, seat: Seat, options: Sequence[Option]) -> str:
        board = Board(self.view, seat.player)
        return max(options, key=lambda o: (sum(board.own(o.to_area or "").values()), o.notation)).notation

    def _relief(self, seat: Seat, options: Sequence[Option]) -> str:
        """Relief goes in full stacks where it counts: the free area most worth holding or
        attacking from (uncontested, a Strategic Area, the most enemy next door, own units
        already there), filled as far as its limit allows; the next step fills the next one —
        never one unit each over many areas."""
        board = Board(self.view, seat.player)
        free = [o for o in options if not o.closes and not o.ap_cost]
        if not free:
            return next((o.notation for o in options if o.closes), options[0].notation)
        geo = seat.board

        def worth(area: str) -> tuple[bool, int, int, bool, str]:
            front = sum(board.enemy(b) for b in geo.neighbours[area])
            return not board.enemy(area), board.strategic.get(area, 0), min(front, 6), bool(board.own(area)), area

        area = max({o.to_area or "" for o in free}, key=worth)
        here = [o for o in free if o.to_area == area]
        return max(here, key=lambda o: (sum(n for _, n in o.units), sum(UNIT_VALUE.get(t, 1.0) * n for t, n in o.units), o.notation)).notation

    def _deploy(self, seat: Seat, options: Sequence[Option]) -> str:
        """A free deployment in stacks, like Relief: first a garrison in each Strategic Area
        (one unit and one more a VP), the most valuable first; then full stacks on the front —
        the areas next to the enemy, or, before the enemy has deployed, next to the areas it
        may deploy into, those facing Strategic Areas first —, each filled to its limit before
        the next is begun. Never one unit each over many areas: spread that thin, every area
        falls to the first attack."""
        board = Board(self.view, seat.player)
        geo = seat.board
        mine = {o.to_area for o in options if o.to_area}
        deployed = any(board.enemy(a) for a in board.units)

        def outside(area: str) -> list[str]:
            """The neighbours the enemy holds, or may deploy into, that are not this side's."""
            return [b for b in geo.neighbours[area] if not board.own(b) and (board.enemy(b) if deployed else b not in mine)]

        def worth(o: Option) -> tuple[int, int, int, int, str]:
            area = o.to_area or ""
            here, value = board.total(area), board.strategic.get(area, 0)
            if geo.limit[area] - here <= 0:
                return (0, 0, 0, 0, o.notation)
            if value and sum(board.own(area).values()) < 1 + value:
                return (3, value, -here, 0, o.notation)
            facing = outside(area)
            if facing:
                prize = sum(board.strategic.get(b, 0) for b in facing) + (sum(board.enemy(b) for b in facing) if deployed else len(facing))
                return (2, here, prize, 0, o.notation)
            return (1, here, 0, 0, o.notation)

        return max(options, key=worth).notation

    # ------------------------------------------------------------------------- Orders Phase

    def _orders(self, seat: Seat, menu: Menu) -> str:
        view = self.view
        key = (view["round"], view["active"])
        if key != self.turn_key:
            self.turn_key, self.tried, self.plans = key, set(), 0
        ap = view["turn"]["ap"]
        side = seat.player
        # AP first: the best card for its AP, the Plane
        cards = [] if view["turn"]["card_played"] else menu.get("card")
        if cards:
            return min(cards, key=lambda o: (o.ap_cost, o.notation)).notation  # ap_cost < 0: AP gained
        for o in menu.get("use-token"):
            if o.token and o.token.startswith("plane"):
                return o.notation
        supply = menu.get("supply-token")
        if supply:
            return max(supply, key=lambda o: (int("".join(c for c in (o.token or "0") if c.isdigit()) or 0), o.notation)).notation
        for o in menu.get("use-token"):
            if o.token and o.token.startswith("food") and "morale" in o.notation:
                return o.notation
        if self.plans < MAX_PLANS:
            board = Board(view, side, hold=self._aims(seat) + self._guarded(seat))
            for make in (self._crisis_plan, self._guard_plan, self._objective_attack_plan, self._occupy_plan, self._march_plan, self._attack_plan, self._mobilize_plan, self._provision_plan, self._barricade_plan,
                         self._reinforce_plan, self._redoubt_plan, self._advance_plan, self._more_provisions_plan, self._propaganda_plan):
                plan = make(seat, board, menu, ap)
                if plan and menu.allows(plan[0]) and " ".join(plan) not in self.tried:
                    self.tried.add(" ".join(plan))
                    self.plans += 1
                    self.plan = plan[1:]
                    return plan[0]
        self.reason = self._saving_reason(ap)
        return "end"

    def _saving_reason(self, ap: int) -> str | None:
        """Why the Orders end with AP unspent (None when none are left): every plan was
        weighed and none is worth its AP, or the turn's plans ran out."""
        if ap <= 0:
            return None
        if self.plans >= MAX_PLANS:
            return f"{ap} AP left: {MAX_PLANS} orders given this turn, the most the general plans"
        return (f"{ap} AP left: no attack at good odds, no spare unit away from the front, no Barricade or "
                "Redoubt facing the enemy and no Supply Token within reach (unspent AP are lost, so "
                "nothing is kept back for later)")

    def alternatives(self, seat: Seat, options: Sequence[Option], attacks: int = 3) -> list[list[str]]:
        """The plans a searching bot may weigh at an Orders decision besides the general's own:
        each card played for its effect, the ``attacks`` best attacks (also some a little
        below the general's odds), the best plan of each other kind — bringing a group up to
        the front and a Redoubt included, which the general makes only with AP to spare —,
        reinforcing a threatened Strategic Area (a plan the general itself never makes), and
        ending the phase.
        Cards for their AP and the tokens are left to the general (it always takes the most)."""
        self._look(seat)
        menu = Menu(seat, options)
        ap = self.view["turn"]["ap"]
        board = Board(self.view, seat.player, hold=self._aims(seat))
        out = [[o.notation] for o in menu.get("card-effect") if not self.view["turn"]["card_played"]]
        out += self._attack_plans(seat, board, ap, slack=0.15)[:attacks]
        for make in (self._occupy_plan, self._reinforce_plan, self._march_plan, self._mobilize_plan, self._provision_plan, self._barricade_plan,
                     self._advance_plan, self._redoubt_plan):
            plan = make(seat, board, menu, ap)
            if plan:
                out.append(plan)
        legal = {o.notation for o in options}
        return [p for p in out if p[0] in legal] + [["end"]]

    def _objective_attack_plan(self, seat: Seat, board: Board, menu: Menu, ap: int) -> list[str] | None:
        """Where a scenario objective wins the game at once, attacks on it and around it come
        before the march towards it, and that before any other attack."""
        return self._attack_plan(seat, board, menu, ap, objectives_only=True) if self._aims(seat) else None

    def _attack_plan(self, seat: Seat, board: Board, menu: Menu, ap: int, objectives_only: bool = False) -> list[str] | None:
        """The best attack the odds favour: every spare unit next to a weak enemy area."""
        ranked = self._attack_plans(seat, board, ap, objectives_only)
        return ranked[0] if ranked else None

    def _attack_plans(self, seat: Seat, board: Board, ap: int, objectives_only: bool = False, slack: float = 0.0) -> list[list[str]]:
        """Attacks on every enemy area whose odds reach the threshold less ``slack``, best
        first (one per target)."""
        side = seat.player
        geo = seat.board
        found: list[tuple[float, str, list[str]]] = []
        for target in sorted(a for a in board.units if board.enemy(a) and not board.own(a)):
            if objectives_only and not self._objective(seat, target):
                continue
            groups = []
            for origin in sorted(geo.neighbours[target]):
                spare = board.spare(origin) if origin in board.held() else {}
                if spare:
                    room = geo.limit[origin]
                    take: dict[str, int] = {}
                    for t, n in sorted(spare.items(), key=lambda x: -UNIT_VALUE[x[0]] if x[0] not in OWN_TYPES[side][2:] else 9):
                        k = min(n, room - sum(take.values()))
                        if k > 0:
                            take[t] = k
                    if take:
                        groups.append((origin, take))
            if not groups:
                continue
            assault = ap >= 2 * len(groups)
            if not assault and ap < len(groups):
                groups = groups[: max(0, ap)]
            if not groups:
                continue
            try:
                p = seat.win_chance(target, [(o, u) for o, u in groups])
            except ValueError:
                continue
            goal = self._objective(seat, target)
            if p < self._attack_threshold(seat, target) - slack:
                continue
            score = p * (1 + 2 * board.strategic.get(target, 0) + goal) + 0.1 * sum(sum(u.values()) for _, u in groups)
            mode = A.AssaultOrder.of() if assault else A.MoveOrder.of()
            origin, units = groups[0]
            steps = _move(origin, units, A.To.of(target, origin, "attack"), mode)
            if assault:
                for origin, units in groups[1:]:
                    steps += _move(origin, units, A.To.of(target, origin, "attack"), A.AssaultMore.of())
                steps.append(A.Fight.of())
            found.append((-score, target, steps))
        return [steps for _, _, steps in sorted(found)]

    def _objective(self, seat: Seat, area: str) -> float:
        """Extra worth of an area for a scenario's automatic victory: Scenario 3's Supply Cut
        makes Winniki (ZURL's Relief area) and the areas around it PL's aim (and ZURL's to
        keep)."""
        if "supply-cut-winniki" not in seat.scenario.automatic_victories:
            return 0.0
        winniki = seat.board.relief_start[ZURL]
        if area == winniki:
            return 8.0
        return 3.0 if area in seat.board.neighbours[winniki] else 0.0

    def _aims(self, seat: Seat) -> tuple[str, ...]:
        """Areas whose capture wins this side the game at once (the Supply Cut of Scenario 3:
        PL occupying Winniki)."""
        if seat.player == PL and "supply-cut-winniki" in seat.scenario.automatic_victories:
            return (seat.board.relief_start[ZURL],)
        return ()

    def _guarded(self, seat: Seat) -> tuple[str, ...]:
        """Areas whose loss loses this side the game at once (ZURL's Winniki in Scenario 3)."""
        if seat.player == ZURL and "supply-cut-winniki" in seat.scenario.automatic_victories:
            return (seat.board.relief_start[ZURL],)
        return ()

    def _guard_plan(self, seat: Seat, board: Board, menu: Menu, ap: int) -> list[str] | None:
        """Fill a guarded area from its neighbours (1 AP) while the enemy stands within two
        steps of it, so it is never taken cheaply."""
        if ap < 1 or not menu.allows("move"):
            return None
        geo = seat.board
        for area in self._guarded(seat):
            room = geo.limit[area] - sum(board.own(area).values())
            near = geo.neighbours[area] | {c for b in geo.neighbours[area] for c in geo.neighbours[b]}
            if room <= 0 or board.enemy(area) or not any(board.enemy(b) for b in near):
                continue
            for origin in sorted(geo.neighbours[area]):
                take = _fill(board.spare(origin) if origin in board.held() else {}, room)
                if take:
                    return _move(origin, take, A.To.of(area))
        return None

    def _attack_threshold(self, seat: Seat, target: str) -> float:
        """The least chance of winning worth a battle: lower for a scenario objective and in the
        last round (nothing is left to save the units for), and for an area that wins the game
        at once in the last round almost any chance (waiting loses)."""
        last = self.view["round"] >= self.view["stages"] * self.view["rounds"]
        if target in self._aims(seat):
            return 0.05 if last else 0.35
        return ATTACK_ODDS - (0.15 if self._objective(seat, target) or last else 0)

    def _march_plan(self, seat: Seat, board: Board, menu: Menu, ap: int) -> list[str] | None:
        """Close in on the areas around an objective that wins the game at once: the largest
        spare group steps (1 AP) downhill on the distance to the nearest such area not yet held,
        through own or empty areas with room, so the attacks come from several sides with full
        stacks. Areas next to an enemy-held objective are staging posts and keep their units."""
        if not self._aims(seat) or ap < 1 or not menu.allows("move"):
            return None
        geo, held = seat.board, set(board.held())
        goals = sorted(a for a in geo.neighbours if self._objective(seat, a) and a not in held)
        room = {a: geo.limit[a] - sum(board.own(a).values()) for a in geo.neighbours}
        dist = {g: 0 for g in goals}
        todo = list(goals)
        for a in todo:  # breadth first from every goal, through areas a group could step into
            for b in sorted(geo.neighbours[a]):
                if b not in dist and not board.enemy(b) and room[b] > 0:
                    dist[b] = dist[a] + 1
                    todo.append(b)
        best: tuple[tuple[int, int, str], list[str]] | None = None
        for origin in board.held():
            spare = board.spare(origin)
            steps = [b for b in geo.neighbours[origin] if b in dist and dist[b] and room[b] > 0]
            if not spare or not steps or any(dist.get(b) == 0 and board.enemy(b) for b in geo.neighbours[origin]):
                continue
            here = dist.get(origin, 1 + min(dist[b] for b in steps))
            for b in sorted(steps):
                if dist[b] >= here:
                    continue
                take = _fill(spare, room[b])
                key = (sum(take.values()), -dist[b], b)
                if best is None or key > best[0]:
                    best = (key, _move(origin, take, A.To.of(b)))
        return best[1] if best else None

    def _reinforce_plan(self, seat: Seat, board: Board, menu: Menu, ap: int) -> list[str] | None:
        """Strengthen the held Strategic Area the enemy threatens most (more enemy units next to
        it than own units in it): the largest spare group next door moves in (1 AP). The general
        makes it with AP left over; a searching bot weighs it among the first plans."""
        if ap < 1 or not menu.allows("move"):
            return None
        geo, held = seat.board, board.held()
        best: tuple[tuple[int, int, str, str], list[str]] | None = None
        for area in held:
            if area not in board.strategic:
                continue
            gap = sum(board.enemy(b) for b in geo.neighbours[area]) - sum(board.own(area).values())
            room = geo.limit[area] - board.total(area)
            if gap <= 0 or room <= 0:
                continue
            for origin in sorted(geo.neighbours[area] & set(held)):
                take = _fill(board.spare(origin), min(room, gap))
                key = (gap, sum(take.values()), area, origin)
                if take and (best is None or key > best[0]):
                    best = (key, _move(origin, take, A.To.of(area)))
        return best[1] if best else None

    def _occupy_plan(self, seat: Seat, board: Board, menu: Menu, ap: int) -> list[str] | None:
        """One unit into an empty Strategic Area next door (1 AP), or into an empty Village
        that widens the corridor before PL's Breakthrough (Scenario 4)."""
        if ap < 1 or not menu.allows("move"):
            return None
        geo = seat.board
        widen = self._corridor_gains(seat, board)
        best = None
        for origin in board.held():
            spare = board.spare(origin)
            if not spare:
                continue
            unit = min(spare, key=lambda t: UNIT_VALUE[t])
            stays = geo.terrain[origin] != "village" or sum(board.own(origin).values()) > 1  # the corridor keeps it
            for b in sorted(geo.neighbours[origin]):
                if board.total(b):
                    continue
                value = board.strategic.get(b, 0) + self._objective(seat, b) + (widen.get(b, 0) if stays else 0)
                if value and (best is None or value > best[0]):
                    best = (value, _move(origin, {unit: 1}, A.To.of(b)))
        return best[1] if best else None

    def _corridor_gains(self, seat: Seat, board: Board) -> dict[str, float]:
        """PL's worth, before its Breakthrough (Scenario 4, at the end of Stage 1), of each empty
        Village whose occupation widens the corridor of adjacent Villages it holds: a step of
        width is worth a VP (two, five, eight Soldiers and Supply Tokens)."""
        view = self.view
        if seat.player != PL or seat.scenario.reinforcement.get(PL) != "corridor" or view["stage"] > 1:
            return {}
        geo = seat.board
        held = {a for a in board.held() if geo.terrain[a] == "village"}
        now = largest_group(geo.neighbours, held)
        if now >= 3:
            return {}
        near = {b for a in (held if now else board.held()) for b in geo.neighbours[a]
                if geo.terrain[b] == "village" and not board.total(b)}
        gains = {b: min(largest_group(geo.neighbours, held | {b}), 3) - now for b in near}
        return {b: float(g) for b, g in gains.items() if g > 0}

    def _mobilize_plan(self, seat: Seat, board: Board, menu: Menu, ap: int) -> list[str] | None:
        if not menu.allows("mobilize"):
            return None
        return ["mobilize"]

    def _provision_plan(self, seat: Seat, board: Board, menu: Menu, ap: int) -> list[str] | None:
        if not menu.allows("provision") or board.view["turn"]["provisions"] >= 1:
            return None
        return ["provision"]

    def _barricade_plan(self, seat: Seat, board: Board, menu: Menu, ap: int) -> list[str] | None:
        if not menu.allows("fortify"):
            return None
        geo, mine = seat.board, board.view["barricades"]
        for area in board.held():
            if area not in board.strategic or geo.terrain[area] == "village" or self._has_redoubt(seat, area):
                continue
            faced = {x for s, x in mine.get(area, []) if s == seat.player}
            for b in sorted(geo.neighbours[area]):
                if board.enemy(b) and not board.own(b) and b not in faced:
                    return [A.FortifyOrder.of(), A.Barricade.of(area, b)]
        return None

    def _redoubt_plan(self, seat: Seat, board: Board, menu: Menu, ap: int) -> list[str] | None:
        """A Redoubt in a held Strategic City Area the enemy stands next to, when the AP allow
        (4 less its own Barricades there): it stops the attacker's extra sides too."""
        if not menu.allows("fortify"):
            return None
        geo, mine = seat.board, board.view["barricades"]
        best: tuple[tuple[int, int, str], list[str]] | None = None
        for area in board.held():
            if area not in board.strategic or geo.terrain[area] != "city" or self._has_redoubt(seat, area):
                continue
            threat = sum(board.enemy(b) for b in geo.neighbours[area] if not board.own(b))
            cost = max(1, 4 - sum(1 for s, _ in mine.get(area, []) if s == seat.player))
            key = (board.strategic[area], threat, area)
            if threat and cost <= ap and (best is None or key > best[0]):
                best = (key, [A.FortifyOrder.of(), A.Redoubt.of(area)])
        return best[1] if best else None

    def _advance_plan(self, seat: Seat, board: Board, menu: Menu, ap: int) -> list[str] | None:
        """Bring the largest spare group away from the front one step (1 AP) closer to it — to
        an area next to the enemy, through own or empty areas with room — so the AP left over
        line up the next attacks instead of being lost."""
        if ap < 1 or not menu.allows("move"):
            return None
        geo = seat.board
        room = {a: geo.limit[a] - board.total(a) for a in geo.neighbours}
        front = [a for a in geo.neighbours if not board.enemy(a) and any(board.enemy(b) and not board.own(b) for b in geo.neighbours[a])]
        dist = {a: 0 for a in front}
        todo = list(front)
        for a in todo:  # breadth first from the front through areas a group could step into
            for b in sorted(geo.neighbours[a]):
                if b not in dist and not board.enemy(b):
                    dist[b] = dist[a] + 1
                    todo.append(b)
        best: tuple[tuple[int, int, str], list[str]] | None = None
        for origin in board.held():
            here = dist.get(origin)
            spare = board.spare(origin)
            if not here or not spare:
                continue
            for b in sorted(geo.neighbours[origin]):
                if b in dist and dist[b] < here and room[b] > 0:
                    take = _fill(spare, room[b])
                    key = (sum(take.values()), -dist[b], b)
                    if take and (best is None or key > best[0]):
                        best = (key, _move(origin, take, A.To.of(b)))
        return best[1] if best else None

    def _more_provisions_plan(self, seat: Seat, board: Board, menu: Menu, ap: int) -> list[str] | None:
        """A second or third Supply Token (2, then 3 AP) with AP that would be lost."""
        taken = board.view["turn"]["provisions"]
        if not menu.allows("provision") or taken < 1 or ap < taken + 1:
            return None
        return ["provision"]

    def _propaganda_plan(self, seat: Seat, board: Board, menu: Menu, ap: int) -> list[str] | None:
        """PL's Propaganda with AP that would be lost: Morale up, else Destruction back — the
        Destruction first once its marker is half-way to the space that ends the game."""
        offered = [o for o in menu.get("propaganda") if (o.ap_cost or 0) <= ap]
        first = "destruction" if self._destruction_danger(seat) >= 0.5 else "morale"
        return [min(offered, key=lambda o: (first not in o.notation, o.notation)).notation] if offered else None

    def _crisis_plan(self, seat: Seat, board: Board, menu: Menu, ap: int) -> list[str] | None:
        """Two spaces from the Humanitarian Crisis (ZURL wins at once), Propaganda takes the
        Destruction marker back before any attack (a big City battle moves it on)."""
        track = len(seat.scenario.destruction_track or ())
        destruction = self.view["destruction"]
        if not track or destruction is None or destruction < track - 2:
            return None
        offered = [o for o in menu.get("propaganda") if "destruction" in o.notation and (o.ap_cost or 0) <= ap]
        return [offered[0].notation] if offered else None

    def _destruction_danger(self, seat: Seat) -> float:
        """How far the Destruction marker has gone towards the Humanitarian Crisis (0 to 1)."""
        track = len(seat.scenario.destruction_track or ())
        return (self.view.get("destruction") or 0) / track if track else 0.0

    # ---------------------------------------------------------------- steps of an order

    def _order(self, seat: Seat, options: Sequence[Option]) -> str:
        return "cancel"

    def _mobilize(self, seat: Seat, options: Sequence[Option]) -> str:
        board = Board(self.view, seat.player)
        acting = [o for o in options if o.kind == "mobilize"]
        if not acting:
            return "done"

        def front(area: str) -> int:
            return sum(1 for b in seat.board.neighbours[area] if board.enemy(b))

        return max(acting, key=lambda o: (board.strategic.get(o.to_area or o.area or "", 0) + front(o.to_area or o.area or ""),
                                          -UNIT_VALUE.get(o.units[0][0], 1) if o.units else 0, o.notation)).notation

    def _provision(self, seat: Seat, options: Sequence[Option]) -> str:
        acting = [o for o in options if not o.closes]
        return acting[0].notation if acting else "cancel"

    def _fortify(self, seat: Seat, options: Sequence[Option]) -> str:
        return self._fortification(seat, options)

    def _assault(self, seat: Seat, options: Sequence[Option]) -> str:
        return "fight"

    def _artillery(self, seat: Seat, options: Sequence[Option]) -> str:
        board = Board(self.view, seat.player)
        return max(options, key=lambda o: (board.enemy(o.area or ""), board.strategic.get(o.area or "", 0), o.notation)).notation

    # ---------------------------------------------------------------------------- battles

    def _battle_order(self, seat: Seat, options: Sequence[Option]) -> str:
        def p(o: Option) -> float:
            assert o.area is not None  # a battle is picked by its area
            try:
                return seat.win_chance(o.area)
            except ValueError:
                return 1.0
        return max(options, key=lambda o: (p(o), o.notation)).notation

    def _battle(self, seat: Seat, options: Sequence[Option]) -> str:
        kinds = {o.kind for o in options}
        for kind in ("advance", "retreat"):
            if kind in kinds:
                return next(o.notation for o in options if o.kind == kind)
        battle = self.view.get("battle") or {}
        if "evade" in kinds or "discard-card" in kinds:
            return self._evasion(seat, options, battle)
        played = [o for o in options if o.kind in ("special", "combat-token")]
        if played:
            p_mine = self._battle_chance(seat, battle)
            if p_mine is None or 0.2 <= p_mine <= 0.85:  # where a card or token can still turn it
                return min(played, key=lambda o: o.kind != "special").notation
        return next((o.notation for o in options if o.closes or o.kind == "pass"), self._default(options))

    def _evasion(self, seat: Seat, options: Sequence[Option], battle: dict[str, Any]) -> str:
        """Evade, pay towards an Evasion, or fight: all the units at once where they can evade;
        a card towards it only for a battle likely lost that is not fought for."""
        guarded = self._guarded(seat)
        evade = [o for o in options if o.kind == "evade"]
        if evade:  # once the cards are down (or mid-way), all the units at once where they can
            self._evasion_paid = 0
            own = Board(self.view, seat.player).own
            return max(evade, key=lambda o: (o.to_area in guarded, sum(n for _, n in o.units), bool(own(o.to_area or "")), o.notation)).notation
        fight = "fight" in {o.notation for o in options}
        cards = [o for o in options if o.kind == "discard-card"]
        if cards and battle.get("area") not in guarded:  # a guarded area is fought for
            p_mine = self._battle_chance(seat, battle)
            if p_mine is not None and p_mine < 0.3:
                if fight:
                    self._evasion_paid = 0  # the first card of this Evasion
                return self._evasion_card(seat, cards, battle)
        self._evasion_paid = 0
        return "fight" if fight else self._default(options)

    def _battle_chance(self, seat: Seat, battle: dict[str, Any]) -> float | None:
        """This side's chance in the battle being fought, before its Battle Points are known
        (None once they are, or when there is none to weigh); asked only by the steps that
        weigh it, since the exact odds are the dearest thing a playout asks."""
        area = battle.get("area")
        if not area or battle.get("bp") is not None:
            return None
        try:
            p_att = seat.win_chance(area)
        except ValueError:
            return None
        return p_att if battle.get("attacker") == seat.player else 1 - p_att

    def _evasion_card(self, seat: Seat, cards: list[Option], battle: dict[str, Any]) -> str:
        """The card to discard towards an Evasion: the cheapest that pays what is still owed
        (one AP a side of attack), else the dearest (more cards follow); the cards are AP."""
        owed = max(1, battle.get("sides_of_attack", 1) - self._evasion_paid)
        ap = {o.notation: seat.card_ap(o.card) for o in cards if o.card is not None}  # a card's option names its card
        enough = [o for o in cards if ap[o.notation] >= owed]
        pick = min(enough, key=lambda o: (ap[o.notation], o.notation)) if enough else max(cards, key=lambda o: (ap[o.notation], o.notation))
        self._evasion_paid += ap[pick.notation]
        return pick.notation

    def _losses(self, seat: Seat, options: Sequence[Option]) -> str:
        for o in options:
            if o.kind == "medicine":
                return o.notation
        if any(o.kind == "hold" for o in options):
            return next(o.notation for o in options if o.kind == "hold")

        def cost(o: Option) -> tuple[float, str]:
            utype = o.units[0][0] if o.units else ""
            absorbed = max(1, o.losses or 1)
            return EFFECT_COST.get(o.kind, 1.0) * UNIT_VALUE.get(utype, 1.0) / absorbed, o.notation

        acting = self._holding(seat, [o for o in options if o.kind in EFFECT_COST])
        return min(acting, key=cost).notation if acting else self._default(options)

    def _holding(self, seat: Seat, acting: list[Option]) -> list[Option]:
        """The ways of taking a defender's Losses that still leave a unit in the area, when it
        is worth holding (a Strategic Area, or one whose loss loses the game) and the Losses
        allow it: every unit that leaves is one fewer to absorb what is owed, so once the rest
        could not absorb it even by breaking, the dearer ways come first. A defender that won
        thus keeps the area instead of walking out of it for cheap withdrawals (in Scenario 3 an
        emptied Winniki was taken by one Soldier: a Supply Cut)."""
        lv = self.view.get("losses") or {}
        area = lv.get("area")
        if lv.get("role") != "defender" or (area not in self.view["strategic"] and area not in self._guarded(seat)):
            return acting
        here = sum(sum(g["units"].values()) for g in lv["groups"] if g["area"] == area and g["where"] != "border")
        most = max(lv["table"][lv["band"]].values())

        def keeps(o: Option) -> bool:
            if o.from_area != area:
                return True
            left, owed = here - 1, lv["remaining"] - (o.losses or 0)
            return left >= 1 and (left - 1) * most >= owed

        return [o for o in acting if keeps(o)] or acting

    # ------------------------------------------------------------------ End of Turn, Round

    def _collect(self, seat: Seat, options: Sequence[Option]) -> str:
        preferred = ("plane", "food", "artillery", "grenades", "machine-gun", "medicine", "ammunition", "uniform", "barricade")
        def rank(o: Option) -> tuple[int, str]:
            tok = o.token or ""
            return next((i for i, k in enumerate(preferred) if tok.startswith(k)), len(preferred)), o.notation
        acting = [o for o in options if not o.closes]
        return min(acting, key=rank).notation if acting else self._default(options)

    def _draw(self, seat: Seat, options: Sequence[Option]) -> str:
        return "draw"

    def _attrition(self, seat: Seat, options: Sequence[Option]) -> str:
        return min(options, key=lambda o: (UNIT_VALUE.get(o.units[0][0], 1.0) if o.units else 1.0, o.notation)).notation
