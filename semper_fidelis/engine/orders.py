"""The Orders Phase (§5.1 [2], §6.2, §7.2): one Action card, the Orders paid with AP (Move,
Assault, Fortification, Mobilization, Provisioning, Propaganda), and the Supply Tokens used in
this phase. Long orders are built in steps — order, area, units, destination — with ``cancel``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, Literal

from ..data.models import Side
from ..i18n import N_
from . import actions as A
from . import prompts
from .actions import Action
from .cards import discard_card, effect_of
from .commanders import ability
from .events import event
from .flow import take_token, token_choices
from .frames import AssaultNextFrame, FortifyFrame, LossGroup, MobilizeFrame, OrderFrame, SideFrame
from .losses import skip_if_empty, start_losses
from .machine import pop, procedure, push
from .negotiation import attack_neutrals, austrians_defend, enter_area, negotiate, negotiation_options, neutral_target
from .notation import group_of, subsets, token_name, type_for, unit_pairs
from .occupancy import (
    EMPTY,
    Tallies,
    Tally,
    add_units,
    ally_of,
    count,
    occupant,
    remove_units,
    side_units,
    snapshot,
    tallies,
    total,
)
from .rules import Rules
from .state import AUSTRIAN, CODE, HQ, MILITIA, NEUTRAL_TYPES, PL, AttackGroup, State, Token, other
from .tracks import because, change_destruction, change_morale, change_supply, log, morale_band
from .upkeep import checkpoint

ORDER_TOKENS = ("artillery", "barricade", "uniform", "food", "plane")
CYTADELA = "cytadela"


# ------------------------------------------------------------------------------- movement (§6.2)


def reach(
    rules: Rules, state: State, side: Side, origin: str, units: dict[str, int], mode: str, ap: int,
    snap: Tallies | None = None, first: bool = False, goal: A.To | None = None,
) -> dict[A.To, int]:
    """Every destination the group can reach, as its ``to`` action, with its cost in AP:
    ``to dest`` (a friendly or neutral area), ``to dest via X attack`` (lined up on the border
    from X) and ``to dest via X enter`` (into the middle of an enemy area without battle, +1 AP).
    Units pass only through neutral or own areas and stop on entering an enemy one; beyond 3
    spaces a group may go on from Village to Village at 1 AP a space (ruling:move-cost).
    With ``first`` the search stops at the first destination (a cheap "can it move?"), with
    ``goal`` once that destination is found (breadth first: at its least cost)."""
    tally = snap if snap is not None else tallies(rules, state)
    enemy = 1 if side == PL else 0  # the enemy's place in a tally
    size = sum(units.values())
    move = mode == "move"
    limit, villages, adjacent, attacks = rules.limit, rules.villages, rules.adjacent, state.attacks
    out: dict[A.To, int] = {}
    seen = {origin}

    def hostile(a: str, b: str, info: Tally, cost: int) -> bool:
        """An attack on ``b`` from ``a`` (lined up on the border, within ``a``'s limit) and, for
        a Move with room inside, an entry into its middle without battle (+1 AP); whether the
        search is done."""
        groups = attacks.get(b)
        on_border = sum(sum(g.units.values()) for g in groups if g.side == side and g.origin == a) if groups else 0
        if on_border + size <= limit[a]:
            key = _TO.get((b, a, "attack")) or _to(b, a, "attack")
            if out.get(key, cost + 1) > cost:
                out[key] = cost
        if move and info[enemy] and info[2] + size <= limit[b] and cost + 1 <= ap:
            key = _TO.get((b, a, "enter")) or _to(b, a, "enter")
            if out.get(key, cost + 2) > cost + 1:
                out[key] = cost + 1
        return bool(first and out) or (goal is not None and goal in out)

    def ring(frontier: list[str], cost: int, far: bool) -> list[str] | None:
        """The areas one space beyond ``frontier``, at ``cost``: the moves into own or neutral
        areas, and the hostile ones; beyond 3 spaces (``far``) only Villages lead on. None: the
        search found what it looked for."""
        nxt = []
        for a in frontier:
            if far and a not in villages:
                continue
            for b in adjacent[a]:
                if b == origin or (far and b not in villages):
                    continue
                info = tally.get(b, EMPTY)
                # §13.2: neutral units may be attacked on purpose — a neutral Militia's area, or
                # Austro-Hungarians standing alone; both areas may also be passed through or
                # entered (negotiation.py says what the neutrals then do).
                if info[enemy] or info[3] or (info[4] and not info[0] and not info[1]):
                    if hostile(a, b, info, cost):
                        return None
                    if info[enemy]:
                        continue
                if b in seen:  # a neutral area above is attacked from every side, but entered once
                    continue
                if move and info[2] + size <= limit[b]:
                    out[_TO.get((b, None, None)) or _to(b)] = cost
                    if first or (goal is not None and goal in out):
                        return None
                seen.add(b)
                nxt.append(b)
        return nxt

    leave = 1 if tally.get(origin, EMPTY)[enemy] else 0
    max_steps = 1 if units.get(MILITIA) else 3  # an allied Militia only moves to an adjacent area
    frontier: list[str] | None = [origin]
    d = 0
    while frontier:
        # breadth first: every area of the frontier is d - 1 spaces out, so all pay the same
        d += 1
        extra = d - 3 if d > 3 else 0
        cost = (1 if move else 2) + leave + extra
        if cost > ap or (d > max_steps and (not extra or max_steps < 3)):
            break
        frontier = ring(frontier, cost, extra > 0)
    return out


#: the ``to`` actions the movement search names, by (dest, via, how): a dict look-up where
#: ``Action.of`` is a call (about 9,000 a Scenario 2 game); at most three per pair of areas
_TO: dict[tuple[str, str | None, str | None], A.To] = {}


def _to(dest: str, via: str | None = None, how: str | None = None) -> A.To:
    to = _TO[(dest, via, how)] = A.To.of(dest, via, how)
    return to


def _movable(rules: Rules, state: State, side: Side, area: str) -> dict[str, int]:
    return side_units(rules, state, area, side)


def _origins(rules: Rules, state: State, side: Side, target: str | None) -> list[str]:
    mine = 0 if side == PL else 1
    return sorted([a for a, info in snapshot(rules, state).items() if info[mine] and a != target])


def _occupied(rules: Rules, state: State, side: Side) -> list[str]:
    """The areas ``side`` occupies, sorted."""
    return sorted([a for a, info in snapshot(rules, state).items() if info[5] == side])


def waiting_groups(state: State, side: Side, target: str) -> list[AttackGroup]:
    """``side``'s groups lined up on ``target``'s border by Move orders or a card's free move,
    waiting for the Battle Phase (not yet paid into an Assault)."""
    return [g for g in state.attacks.get(target, ()) if g.side == side and not g.assault]


def _joining_charge(rules: Rules, state: State, side: Side, target: str, f: OrderFrame) -> int:
    """FAQ "Orders – Assault": "2 APs for each involved group of Units in the Battle", and all
    the units in the battled area fight. The first Assault group into an area also pays for the
    units already inside it and for each group lined up on its border (by a Move order or a card): they are
    ordered to fight now (§6.2: the same units may receive several orders in a turn)."""
    if f["mode"] != "assault" or f.get("inner_paid"):
        return 0
    inside = 1 if count(rules, state, target, side) else 0
    return 2 * (inside + len(waiting_groups(state, side, target)))


def _order_legal(rules: Rules, state: State, f: OrderFrame) -> list[Action]:
    side = f["side"]
    snap = snapshot(rules, state)
    out: list[Action]
    if f["step"] == "from":
        out = [A.From.of(a) for a in _origins(rules, state, side, f.get("target")) if _has_any_destination(rules, state, f, a, snap)]
    elif f["step"] == "units":
        out = [A.Units.of(unit_pairs(u)) for u in subsets(_movable(rules, state, side, f["origin"])) if _destinations(rules, state, f, f["origin"], u, snap, first=True)]
    else:
        out = sorted(_destinations(rules, state, f, f["origin"], f["units"]))
    return out + [A.Cancel.of()] if not f.get("forced") else out


def _order_allows(rules: Rules, state: State, f: OrderFrame, action: Action) -> bool:
    """:func:`_order_legal` for one action: only its own area, group or destination is looked at."""
    if isinstance(action, A.Cancel):
        return not f.get("forced")
    side = f["side"]
    snap = tallies(rules, state)
    if f["step"] == "from":
        if not isinstance(action, A.From):
            return False
        return bool(snap.get(action.area, EMPTY)[0 if side == PL else 1]) and action.area != f.get("target") and _has_any_destination(rules, state, f, action.area, snap)
    if f["step"] == "units":
        if not isinstance(action, A.Units):
            return False
        units = group_of(side, action.units)
        movable = _movable(rules, state, side, f["origin"])
        return (bool(units) and all(0 < n <= movable.get(t, 0) for t, n in units.items()) and action == A.Units.of(unit_pairs(units))
                and bool(_destinations(rules, state, f, f["origin"], units, snap, first=True)))
    return isinstance(action, A.To) and action in _destinations(rules, state, f, f["origin"], f["units"], snap, goal=action)


def _destinations(
    rules: Rules, state: State, f: OrderFrame, origin: str, units: dict[str, int], snap: Tallies | None = None, first: bool = False,
    goal: A.To | None = None,
) -> dict[A.To, int]:
    """Where the group may go, with the AP each costs (``first``/``goal``: see :func:`reach`;
    with ``goal``, that destination among others or not at all)."""
    side = f["side"]
    first = first and not f.get("target")
    found = reach(rules, state, side, origin, units, f["mode"], state.turn.ap, snap, first, goal)
    if f.get("target"):
        found = {k: v for k, v in found.items() if k.dest == f["target"]}
    if f["mode"] == "assault":
        affordable = {k: v for k, v in found.items() if v + _joining_charge(rules, state, side, k.dest, f) <= state.turn.ap}
        if first and found and not affordable:  # the first one found is too dear: look at them all
            return _destinations(rules, state, f, origin, units, snap, goal=goal)
        found = affordable
    return found


def _has_any_destination(rules: Rules, state: State, f: OrderFrame, origin: str, snap: Tallies | None = None) -> bool:
    units = _movable(rules, state, f["side"], origin)
    one = {next(iter(units)): 1} if units else {}
    return bool(units) and bool(_destinations(rules, state, f, origin, one, snap, first=True))


def _order_apply(rules: Rules, state: State, f: OrderFrame, action: Action) -> None:
    if isinstance(action, A.Cancel):
        pop(state, f)
    elif isinstance(action, A.From):
        f["origin"], f["step"] = action.area, "units"
    elif isinstance(action, A.Units):
        f["units"], f["step"] = group_of(f["side"], action.units), "to"
    else:
        assert isinstance(action, A.To)
        _commit_move(rules, state, f, action)


def land_group(rules: Rules, state: State, side: Side, units: dict[str, int], to: A.To, assault: bool) -> None:
    """Put a moving group where ``to`` says: in the area, or lined up on its border as one
    group per side of attack (§6.2). Then §13.2: attacking neutral units, or ending a move among
    a neutral Militia, changes their side."""
    dest = to.dest
    attacks_neutrals = to.how == "attack" and neutral_target(rules, state, dest)
    if to.via is None or to.how == "enter":
        add_units(state, dest, units)
    else:
        groups = state.attacks.setdefault(dest, [])
        same = next((g for g in groups if g.side == side and g.origin == to.via), None)
        if same:
            same.assault = same.assault or assault
            for t, n in units.items():
                same.units[t] = same.units.get(t, 0) + n
        else:
            groups.append(AttackGroup(side=side, origin=to.via, units=dict(units), assault=assault))
    if attacks_neutrals:
        attack_neutrals(rules, state, side, dest)
    enter_area(rules, state, side, dest)


def _commit_move(rules: Rules, state: State, f: OrderFrame, to: A.To) -> None:
    side, origin, units = f["side"], f["origin"], f["units"]
    cost = _destinations(rules, state, f, origin, units, goal=to)[to]
    dest = to.dest
    inner = _joining_charge(rules, state, side, dest, f)
    state.turn.ap -= cost + inner
    if f["mode"] == "assault":
        for g in waiting_groups(state, side, dest):
            g.assault = True
    remove_units(state, origin, units)
    word = "Assault" if f["mode"] == "assault" else "Move"
    src, into = rules.area_name(origin), rules.area_name(dest)
    land_group(rules, state, side, units, to, f["mode"] == "assault")
    how = to.how or "move"
    facts: dict[str, Any] = {"side": side, "order": f["mode"], "how": how, "units": units, "from_area": origin, "to_area": dest,
             "via": to.via, "ap": cost + inner}
    say: dict[str, Any] = {"order_word": word, "src": src, "into": into, "cost": cost}
    if how == "move":
        event(state, "move", N_("{side} {order_word}: {units} from {src} into {into} ({cost} AP)."), **facts, say=say)
    elif how == "enter":
        event(state, "move", N_("{side} {order_word}: {units} from {src} into the middle of {into}, no battle ({cost} AP)."), **facts, say=say)
    else:
        say.update(attack_verb=sum(units.values()), via=rules.area_name(to.via or ""), cost=cost + inner)
        event(state, "move", N_("{side} {order_word}: {units} from {src} {attack_verb} {into} from {via} ({cost} AP)."), **facts, say=say)
    pop(state, f)
    checkpoint(rules, state)
    top = state.stack[-1] if state.stack else None
    if f["mode"] == "assault" and not (top and top["kind"] == "assault-next" and top["target"] == dest):
        # a further Assault group ("assault more") returns to the choice it came from
        push(state, AssaultNextFrame(kind="assault-next", side=side, target=dest, inner_paid=True))


procedure(
    "order",
    decision="order",
    prompt=prompts.order,
    legal=_order_legal,
    apply=_order_apply,
    section="§6.2 Move / Assault",
    allows=_order_allows,
)


def _assault_next_legal(rules: Rules, state: State, f: AssaultNextFrame) -> list[Action]:
    out: list[Action] = [A.Fight.of()]
    probe: OrderFrame = {"kind": "order", "side": f["side"], "mode": "assault", "step": "from", "target": f["target"], "inner_paid": True}
    if state.turn.ap >= 2 and any(_has_any_destination(rules, state, probe, a) for a in _origins(rules, state, f["side"], f["target"])):
        out.append(A.AssaultMore.of())
    return out


def _assault_next_apply(rules: Rules, state: State, f: AssaultNextFrame, action: Action) -> None:
    from .battle import start_battle

    if isinstance(action, A.AssaultMore):
        push(state, OrderFrame(kind="order", side=f["side"], mode="assault", step="from", target=f["target"], inner_paid=True, forced=False))
        return
    pop(state, f)
    start_battle(rules, state, f["target"], f["side"], assault=True)


def defended(rules: Rules, state: State, f: AssaultNextFrame) -> bool:
    """Are there still units against the Assault in its target (not all evaded or gone)?"""
    return total(state, f["target"]) > count(rules, state, f["target"], f["side"])


def _assault_next_prompt(rules: Rules, state: State, f: AssaultNextFrame) -> str:
    """Says why when there is only one way on (no AP or no group left, or no one to fight)."""
    held = defended(rules, state, f)
    return prompts.assault_next(rules, state, f, held, held and _assault_next_legal(rules, state, f) == [A.Fight.of()])


procedure(
    "assault-next",
    decision="assault",
    prompt=_assault_next_prompt,
    legal=_assault_next_legal,
    apply=_assault_next_apply,
    section="§6.2 Assault, FAQ",
    allows=lambda r, s, f, action: isinstance(action, A.Fight) or (isinstance(action, A.AssaultMore) and action in _assault_next_legal(r, s, f)),
)

# --------------------------------------------------------------------------- fortification (§6.2)


def fortify_options(rules: Rules, state: State, side: Side, free: bool = False) -> dict[Action, int]:
    return dict(_fortifications(rules, state, side, free))


def _barricade_cost(state: State, discount: str | None, free: bool) -> int:
    """What a Barricade costs now (``discount``: the commander's ability): nothing when free or
    the commander's first discounted one."""
    return 0 if free or (discount == "barricade-discount" and not state.turn.free_barricade_used) else 1


def _fortifications(rules: Rules, state: State, side: Side, free: bool) -> Iterator[tuple[Action, int]]:
    """(option, AP cost) one by one, so "can it fortify at all?" stops at the first."""
    discount = ability(rules, state, side)
    bcost = _barricade_cost(state, discount, free)
    for area in _occupied(rules, state, side):
        if rules.terrain[area] == "village":
            continue
        mine = {facing for s, facing in state.barricades.get(area, []) if s == side}
        for n in rules.adjacent[area]:
            if n not in mine:
                yield A.Barricade.of(area, n), bcost
        if not free and rules.terrain[area] == "city" and area != CYTADELA and state.redoubts.get(area) != side:
            cost = 4 - len(mine) - (1 if discount == "redoubt-discount" else 0)
            yield A.Redoubt.of(area), max(1, cost)


def _fortify_legal(rules: Rules, state: State, f: FortifyFrame) -> list[Action]:
    opts = fortify_options(rules, state, f["side"], free=f.get("free", False))
    legal = [k for k, c in opts.items() if c <= state.turn.ap]
    return legal + [A.Cancel.of()] if not f.get("free") or not legal else legal  # a free one may run out of edges


def _fortify_apply(rules: Rules, state: State, f: FortifyFrame, action: Action) -> None:
    side = f["side"]
    if isinstance(action, A.Cancel):
        pop(state, f)
        return
    assert isinstance(action, A.Barricade | A.Redoubt)
    cost = fortify_options(rules, state, side, free=f.get("free", False))[action]
    state.turn.ap -= cost
    area = action.area
    if isinstance(action, A.Barricade):
        if cost == 0 and not f.get("free"):
            state.turn.free_barricade_used = True
        state.barricades.setdefault(area, []).append((side, action.facing))
        log(state, N_("{side} builds a Barricade in {area_name} facing {facing} ({cost} AP)."), side=side, area=area,
            say={"area_name": rules.area_name(area), "facing": rules.area_name(action.facing), "cost": cost})
    else:
        state.redoubts[area] = side
        state.barricades[area] = [(s, x) for s, x in state.barricades.get(area, []) if s != side]
        log(state, N_("{side} builds a Redoubt in {area_name} ({cost} AP)."), side=side, area=area, say={"area_name": rules.area_name(area), "cost": cost})
    f["count"] = f.get("count", 1) - 1
    if f["count"] <= 0:
        pop(state, f)


procedure(
    "fortify",
    decision="fortify",
    prompt=prompts.fortify,
    legal=_fortify_legal,
    apply=_fortify_apply,
    section="§6.2 Fortification",
)

# ---------------------------------------------------------------------------- mobilization (§6.2)


def _mob_types(rules: Rules, state: State, side: Side) -> list[str]:
    types = [t for t, n in state.mob[side].items() if n and t != HQ[side]]
    # §13.1-13.2: neutral units in the Mobilization Zone (the 2 spare Militia, dispersed allies)
    # are mobilized by their ally only
    types += [t for t, n in state.mob.get("neutral", {}).items() if n and ally_of(rules, state, t) == side]
    return sorted(types)


def mobilization_rate(rules: Rules, state: State, side: Side) -> tuple[int, int]:
    """(AP paid, units mobilized for it): 1 AP → 2 Units at high Morale, 3 AP → 1 at low."""
    cheap = ability(rules, state, side) == "cheap-mobilization"
    if morale_band(rules, state, side) == "high":
        return (1, 3) if cheap else (1, 2)
    return (2, 1) if cheap else (3, 1)


def _can_pay_mobilization(rules: Rules, state: State, f: MobilizeFrame) -> bool:
    cost, _ = mobilization_rate(rules, state, f["side"])
    return bool(f.get("free") or state.turn.mobilize_credit or state.turn.ap >= cost)


def _mobilization_areas(rules: Rules, state: State, side: Side) -> Iterator[str]:
    snap = snapshot(rules, state)
    return (a for a in _occupied(rules, state, side) if snap[a][2] < rules.limit[a])


def _mobilize_legal(rules: Rules, state: State, f: MobilizeFrame) -> list[Action]:
    side = f["side"]
    if not _can_pay_mobilization(rules, state, f):
        return [A.Done.of()]
    types = _mob_types(rules, state, side)
    out: list[Action] = [A.Mobilize.of(a, CODE[t]) for a in _mobilization_areas(rules, state, side) for t in types]
    return out + [A.Done.of()]


def _can_mobilize(rules: Rules, state: State, f: MobilizeFrame) -> bool:
    """Whether ``_mobilize_legal`` offers more than "done", without listing every option."""
    side = f["side"]
    return (
        _can_pay_mobilization(rules, state, f) and bool(_mob_types(rules, state, side))
        and next(_mobilization_areas(rules, state, side), None) is not None
    )


def _mobilize_allows(rules: Rules, state: State, f: MobilizeFrame, action: Action) -> bool:
    """:func:`_mobilize_legal` for one action: its unit type and its area, not every pair."""
    if isinstance(action, A.Done):
        return True
    if not isinstance(action, A.Mobilize) or not _can_pay_mobilization(rules, state, f):
        return False
    side = f["side"]
    return any(CODE[t] == action.unit for t in _mob_types(rules, state, side)) and action.area in _mobilization_areas(rules, state, side)


def _mobilize_apply(rules: Rules, state: State, f: MobilizeFrame, action: Action) -> None:
    side = f["side"]
    if isinstance(action, A.Done):
        pop(state, f)
        return
    assert isinstance(action, A.Mobilize)
    area, utype = action.area, type_for(side, action.unit)
    if f.get("free"):
        f["free"] -= 1
        msg, say = N_("{side} mobilizes {one_unit} into {area_name} (Uniform token)."), {}
    else:
        if not state.turn.mobilize_credit:
            cost, units = mobilization_rate(rules, state, side)
            state.turn.ap -= cost
            state.turn.mobilize_credit = units
            msg, say = N_("{side} mobilizes {one_unit} into {area_name} ({cost} AP for {count})."), {"cost": cost, "count": units}
        else:
            msg, say = N_("{side} mobilizes {one_unit} into {area_name} (already paid)."), {}
        state.turn.mobilize_credit -= 1
    zone = state.mob["neutral"] if utype in NEUTRAL_TYPES else state.mob[side]
    zone[utype] -= 1
    add_units(state, area, {utype: 1})
    log(state, msg, side=side, area=area, say={**say, "one_unit": utype, "area_name": rules.area_name(area)})
    checkpoint(rules, state)
    if f.get("free") == 0 and "free" in f:
        pop(state, f)


procedure(
    "mobilize",
    decision="mobilize",
    prompt=prompts.mobilize,
    legal=_mobilize_legal,
    apply=_mobilize_apply,
    section="§6.2 Mobilization",
    allows=_mobilize_allows,
)

# ---------------------------------------------------------------------------- provisioning (§6.2)


def _provision_legal(rules: Rules, state: State, f: SideFrame) -> list[Action]:
    side = f["side"]
    cost = state.turn.provisions + 1
    out: list[Action] = []
    if state.turn.provisions < 3 and cost <= state.turn.ap:
        held = tallies(rules, state)
        for a in sorted(state.tokens):
            if held.get(a, EMPTY)[5] == side:
                out += [A.ProvisionToken.of(a, c) for c in token_choices(state, side, a)]
    return out + [A.Cancel.of()]


def _provision_apply(rules: Rules, state: State, f: SideFrame, action: Action) -> None:
    pop(state, f)
    if isinstance(action, A.Cancel):
        return
    assert isinstance(action, A.ProvisionToken)
    state.turn.provisions += 1
    state.turn.ap -= state.turn.provisions
    take_token(rules, state, f["side"], action.area, action.token)
    log(state, N_("({who} Provisioning: token {n} this turn, {n} AP.)"), say={"who": f["side"], "n": state.turn.provisions})


procedure(
    "provision",
    decision="provision",
    prompt=prompts.provision,
    legal=_provision_legal,
    apply=_provision_apply,
    section="§6.2 Provisioning, errata",
)

# ------------------------------------------------------------------------- the Orders menu (§5.1)


def _labels(state: State, side: Side, kinds: tuple[str, ...] | None = None) -> list[str]:
    return sorted({t.label() for t in state.my_tokens[side] if kinds is None or t.kind in kinds})


def _take_from_hand(state: State, side: Side, label: str) -> Token:
    token = next(t for t in state.my_tokens[side] if t.label() == label)
    state.my_tokens[side].remove(token)
    state.token_pool.append(token)
    return token


def propaganda_cost(rules: Rules, state: State, side: Side) -> int:
    return 2 if ability(rules, state, side) == "cheap-propaganda" else 3


def _specific_uses(rules: Rules, state: State, side: Side) -> list[Action]:
    out: list[Action] = []
    hi = rules.morale_range[1]
    for label in _labels(state, side, ORDER_TOKENS):
        kind = label.rstrip("0123456789")
        if kind == "artillery" and _artillery_targets(rules, state, side) or kind == "barricade" and next(_fortifications(rules, state, side, True), None) or kind == "uniform" and _can_mobilize(rules, state, {"kind": "mobilize", "side": side, "free": 1}):
            out.append(A.UseToken.of(label))
        elif kind == "food":
            if state.morale[side] < hi:
                out.append(A.UseToken.of(label, "morale"))
            if _may_ease_destruction(state, side):
                out.append(A.UseToken.of(label, "destruction"))
        elif kind == "plane":
            out.append(A.UseToken.of(label))
    return out


def _may_ease_destruction(state: State, side: Side) -> bool:
    """§12: "the Polish player can use Food Supply Token or Propaganda Order once per Turn to
    move up the Destruction Marker" — once for the two together."""
    return side == PL and bool(state.destruction) and not state.turn.destruction_eased


def _artillery_targets(rules: Rules, state: State, side: Side) -> list[str]:
    """Areas the opponent occupies, and (FAQ "Artillery") areas of neutral units alone: firing
    at them is a deliberate attack (§13.2)."""
    return sorted(a for a in state.units if occupant(rules, state, a) == other(side) or neutral_target(rules, state, a))


# Each verb of the Orders menu keeps its check (what of it is legal now) and its effect together:
# ``offers(rules, state, side)`` lists its actions, ``@effect(kind)`` registers what each kind
# does; MENU lists the verbs in the order the menu shows them.

Offers = Callable[[Rules, State, Side], list[Action]]
Effect = Callable[[Rules, State, Side, Any], None]
EFFECTS: dict[type[Action], Effect] = {}


def effect(kind: type[Action]) -> Callable[[Effect], Effect]:
    def register(fn: Effect) -> Effect:
        EFFECTS[kind] = fn
        return fn

    return register


def _offer_cards(rules: Rules, state: State, side: Side) -> list[Action]:
    """One Action card a turn, for its AP or (an Action card whose effect can be played) its effect."""
    out: list[Action] = []
    if state.turn.card_played:
        return out
    for n in sorted(set(state.hand[side])):
        card = rules.card(side, n)
        if card.kind in ("action", "special") and card.ap:
            out.append(A.PlayCard.of(n))
        effect_ = effect_of(rules, side, n)
        if card.kind == "action" and effect_ is not None and effect_.playable(rules, state, side):
            out.append(A.PlayEffect.of(n))
    return out


@effect(A.PlayCard)
def _play_card(rules: Rules, state: State, side: Side, action: A.PlayCard) -> None:
    n = action.card
    card = rules.card(side, n)
    discard_card(state, side, n)
    state.turn.card_played = True
    state.turn.ap += card.ap
    event(state, "card", N_("{side} plays #{card} {card_name} for {ap} AP (effect ignored)."), side=side, card=n, use="ap", say={"card_name": card.name, "ap": card.ap})


@effect(A.PlayEffect)
def _play_effect(rules: Rules, state: State, side: Side, action: A.PlayEffect) -> None:
    n = action.card
    discard_card(state, side, n)
    state.turn.card_played = True
    event(state, "card", N_("{side} plays #{card} {card_name} for its effect."), side=side, card=n, use="effect", say={"card_name": rules.card(side, n).name})
    state.card_effect_counts[f"{side} #{n}"] = state.card_effect_counts.get(f"{side} #{n}", 0) + 1
    card_effect = effect_of(rules, side, n)
    assert card_effect is not None and card_effect.apply is not None  # offered only for a card with an effect (_offer_cards)
    card_effect.apply(rules, state, side)
    checkpoint(rules, state)


def _offer_group_order(kind: type[Action], mode: Literal["move", "assault"], cost: int) -> Offers:
    """Move (1 AP a group) or Assault (2 AP): offered when some group can go somewhere."""

    def offers(rules: Rules, state: State, side: Side) -> list[Action]:
        probe: OrderFrame = {"kind": "order", "side": side, "mode": mode, "step": "from"}  # a literal: listing runs often
        snap = snapshot(rules, state)
        if state.turn.ap >= cost and any(_has_any_destination(rules, state, probe, a, snap) for a in _origins(rules, state, side, None)):
            return [kind.of()]
        return []

    return offers


@effect(A.MoveOrder)
def _begin_move(rules: Rules, state: State, side: Side, action: A.MoveOrder) -> None:
    push(state, OrderFrame(kind="order", side=side, mode="move", step="from"))


@effect(A.AssaultOrder)
def _begin_assault(rules: Rules, state: State, side: Side, action: A.AssaultOrder) -> None:
    push(state, OrderFrame(kind="order", side=side, mode="assault", step="from"))


def _offer_fortify(rules: Rules, state: State, side: Side) -> list[Action]:
    ap = state.turn.ap
    if ap < min(1, _barricade_cost(state, ability(rules, state, side), False)):  # nothing costs less (a Redoubt at least 1)
        return []
    return [A.FortifyOrder.of()] if any(c <= ap for _, c in _fortifications(rules, state, side, False)) else []


@effect(A.FortifyOrder)
def _begin_fortify(rules: Rules, state: State, side: Side, action: A.FortifyOrder) -> None:
    push(state, FortifyFrame(kind="fortify", side=side))


def _offer_mobilize(rules: Rules, state: State, side: Side) -> list[Action]:
    return [A.MobilizeOrder.of()] if _can_mobilize(rules, state, {"kind": "mobilize", "side": side}) else []


@effect(A.MobilizeOrder)
def _begin_mobilize(rules: Rules, state: State, side: Side, action: A.MobilizeOrder) -> None:
    push(state, MobilizeFrame(kind="mobilize", side=side))


def _offer_provision(rules: Rules, state: State, side: Side) -> list[Action]:
    return [A.ProvisionOrder.of()] if _provision_legal(rules, state, {"kind": "provision", "side": side}) != [A.Cancel.of()] else []


@effect(A.ProvisionOrder)
def _begin_provision(rules: Rules, state: State, side: Side, action: A.ProvisionOrder) -> None:
    push(state, SideFrame(kind="provision", side=side))


def _offer_propaganda(rules: Rules, state: State, side: Side) -> list[Action]:
    """§8: PL only, once a turn: Morale +1, or the Destruction marker up (§12)."""
    out: list[Action] = []
    if side == PL and not state.turn.propaganda and state.turn.ap >= propaganda_cost(rules, state, side):
        if state.morale[side] < rules.morale_range[1]:
            out.append(A.Propaganda.of("morale"))
        if _may_ease_destruction(state, side):
            out.append(A.Propaganda.of("destruction"))
    return out


@effect(A.Propaganda)
def _propaganda(rules: Rules, state: State, side: Side, action: A.Propaganda) -> None:
    cost = propaganda_cost(rules, state, side)
    state.turn.ap -= cost
    state.turn.propaganda = True
    log(state, N_("{who} Propaganda ({cost} AP)."), say={"who": side, "cost": cost})
    if action.track == "morale":
        change_morale(rules, state, side, +1, N_("Propaganda"))
    else:
        state.turn.destruction_eased = True
        change_destruction(rules, state, -1, N_("Propaganda"))


def _offer_negotiation(rules: Rules, state: State, side: Side) -> list[Action]:
    """§13.1 (Scenarios 2, 3): once per turn, one step, the cost printed on the space."""
    return [a for a, c in negotiation_options(rules, state, side).items() if c <= state.turn.ap]


@effect(A.Negotiate)
def _negotiate(rules: Rules, state: State, side: Side, action: A.Negotiate) -> None:
    negotiate(rules, state, side, action)


def _offer_supply(rules: Rules, state: State, side: Side) -> list[Action]:
    """§7.2 generic use, once a turn; FAQ: only a (gray) non-Combat token raises Supply (ruling:supply-raise)."""
    if state.turn.generic_tokens and ability(rules, state, side) != "multiple-supply-tokens":
        return []
    if state.supply[side] >= rules.supply_range[1]:
        return []
    return [A.Supply.of(label) for label in _labels(state, side, rules.supply_raisers)]


@effect(A.Supply)
def _supply(rules: Rules, state: State, side: Side, action: A.Supply) -> None:
    token = _take_from_hand(state, side, action.token)
    state.turn.generic_tokens += 1
    change_supply(rules, state, side, token.value, because(N_("{token_kind} token used for Supply"), token_kind=(token.kind, token_name(rules, token.kind))))


def _offer_token_uses(rules: Rules, state: State, side: Side) -> list[Action]:
    return [] if state.turn.specific_token else _specific_uses(rules, state, side)


@effect(A.UseToken)
def _use(rules: Rules, state: State, side: Side, action: A.UseToken) -> None:
    _use_token(rules, state, side, action.token, action.track or "")


def _offer_dismantle(rules: Rules, state: State, side: Side) -> list[Action]:
    return [A.Dismantle.of(a) for a in sorted(set(state.barricades) | set(state.redoubts)) if _own_forts(state, side, a)]


@effect(A.Dismantle)
def _dismantle(rules: Rules, state: State, side: Side, action: A.Dismantle) -> None:
    area = action.area
    state.barricades[area] = [(s, x) for s, x in state.barricades.get(area, []) if s != side]
    if state.redoubts.get(area) == side:
        del state.redoubts[area]
    log(state, N_("{side} removes its fortifications in {area_name}."), side=side, area=area, say={"area_name": rules.area_name(area)})


def _offer_end(rules: Rules, state: State, side: Side) -> list[Action]:
    return [A.End.of()]


@effect(A.End)
def _end(rules: Rules, state: State, side: Side, action: A.End) -> None:
    pop(state, state.stack[-1])
    log(state, N_("{who} ends the Orders Phase."), say={"who": side})


MENU: tuple[tuple[tuple[type[Action], ...], Offers], ...] = (
    ((A.PlayCard, A.PlayEffect), _offer_cards),
    ((A.MoveOrder,), _offer_group_order(A.MoveOrder, "move", 1)),
    ((A.AssaultOrder,), _offer_group_order(A.AssaultOrder, "assault", 2)),
    ((A.FortifyOrder,), _offer_fortify),
    ((A.MobilizeOrder,), _offer_mobilize),
    ((A.ProvisionOrder,), _offer_provision),
    ((A.Propaganda,), _offer_propaganda),
    ((A.Negotiate,), _offer_negotiation),
    ((A.Supply,), _offer_supply),
    ((A.UseToken,), _offer_token_uses),
    ((A.Dismantle,), _offer_dismantle),
    ((A.End,), _offer_end),
)
"""The Orders Phase's menu, in the order it is listed: each entry offers actions of its types only."""


def _orders_legal(rules: Rules, state: State, f: SideFrame) -> list[Action]:
    return [action for _, offers in MENU for action in offers(rules, state, f["side"])]


def _orders_legal_of(rules: Rules, state: State, f: SideFrame, kinds: tuple[type[Action], ...]) -> list[Action]:
    """Only the menu's entries that offer these types are asked (a bot weighs a Move, or its
    cards, without every other order being worked out)."""
    wanted = set(kinds)
    return [a for types, offers in MENU if not wanted.isdisjoint(types) for a in offers(rules, state, f["side"]) if isinstance(a, kinds)]


def _orders_allows(rules: Rules, state: State, f: SideFrame, action: Action) -> bool:
    return action in _orders_legal_of(rules, state, f, (type(action),))


def _own_forts(state: State, side: Side, area: str) -> bool:
    return state.redoubts.get(area) == side or any(s == side for s, _ in state.barricades.get(area, []))


def _orders_apply(rules: Rules, state: State, f: SideFrame, action: Action) -> None:
    EFFECTS[type(action)](rules, state, f["side"], action)


def _use_token(rules: Rules, state: State, side: Side, label: str, option: str) -> None:
    token = _take_from_hand(state, side, label)
    state.turn.specific_token = True
    kind = token.kind
    # who used which, for a summary of the turn to tell (issue 36: a Plane used went untold)
    event(state, "note", N_("{side} uses {a_token} token."), side=side, token=kind, say={"a_token": (kind, token_name(rules, kind))})
    if kind == "plane":
        state.turn.ap += 2
        log(state, N_("{who} gains 2 AP from the Plane ({ap} AP)."), say={"who": side, "ap": state.turn.ap})
    elif kind == "food":
        if option == "morale":
            change_morale(rules, state, side, +1, N_("Food token"))
        else:
            state.turn.destruction_eased = True
            change_destruction(rules, state, -1, N_("Food token"))
    elif kind == "uniform":
        push(state, MobilizeFrame(kind="mobilize", side=side, free=1))
    elif kind == "barricade":
        push(state, FortifyFrame(kind="fortify", side=side, free=True, count=2))
    elif kind == "artillery":
        push(state, SideFrame(kind="artillery", side=side))


def _artillery_apply(rules: Rules, state: State, f: SideFrame, action: A.Artillery) -> None:
    """Artillery fire on the area chosen (an Artillery token's, or a card's guns)."""
    side = f["side"]
    area = action.area
    pop(state, f)
    enemy = other(side)
    state.losses_this_round = True
    log(state, N_("{who} Artillery fires on {area_name}: 2 Losses."), say={"who": side, "area_name": rules.area_name(area)})
    if rules.terrain[area] == "city":
        change_destruction(rules, state, 1, N_("Artillery in a City area"))
    if state.over:
        return  # the Destruction skull ended the game (§12)
    defending = austrians_defend(rules, state, area, side)
    if neutral_target(rules, state, area):  # FAQ: fire aimed at neutral units is an attack on them
        attack_neutrals(rules, state, side, area, N_("fires Artillery at"))
    targets = side_units(rules, state, area, enemy)
    if defending:  # PL takes the Losses among the Austro-Hungarians too (ruling:attacking-neutrals)
        targets[AUSTRIAN] = state.units[area][AUSTRIAN]
    frame = start_losses(
        rules, state, enemy, "artillery", 2, area,
        [LossGroup(label=area, where="board", area=area, origin=area, units=targets)],
        withdraw=False,
    )
    frame["then_checkpoint"] = True
    skip_if_empty(state, frame)


procedure(
    "artillery",
    decision="artillery",
    prompt=prompts.artillery,
    legal=lambda r, s, f: [A.Artillery.of(a) for a in _artillery_targets(r, s, f["side"])],
    apply=_artillery_apply,
    section="§7.2 Artillery",
)

procedure(
    "orders",
    decision="orders",
    prompt=prompts.orders,
    legal=_orders_legal,
    apply=_orders_apply,
    allows=_orders_allows,
    legal_of=_orders_legal_of,
    section="§5.1 [2], §6",
)
