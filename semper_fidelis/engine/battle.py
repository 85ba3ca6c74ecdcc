"""Battle (§9): occurrence, Evasion, the resolution procedure in its printed order, and the
post-battle steps — occupation, Losses, Supply and Morale.

The battle frame is automatic: it walks its ``step`` list and pushes a decision frame whenever
a player must choose — one kind per question: ``battle-evade``, ``battle-card``,
``battle-token``, ``battle-retreat``, ``battle-advance`` — and loss frames for §9.4 B.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import get_args

from typing_extensions import TypeIs

from ..data.models import Side
from ..i18n import N_
from . import prompts
from .actions import Action, Advance, BattleAt, CombatToken, Discard, Evade, Fight, Pass, Retreat, Special, Stay
from .cards import discard_card, effect_of
from .events import event
from .frames import (
    AdvanceFrame,
    BattleCardFrame,
    BattleFrame,
    BattleQuestion,
    BattleStep,
    BattleTokenFrame,
    CardSlot,
    EvadeFrame,
    Frame,
    LossGroup,
    RetreatFrame,
    SideFrame,
)
from .losses import skip_if_empty, start_losses, unit_leaves
from .machine import pop, procedure, push
from .negotiation import austrians_defend, enter_area
from .notation import group_of, subsets, token_name, unit_pairs
from .occupancy import (
    add_units,
    count,
    neutral_militia,
    occupant,
    remove_units,
    side_units,
    total,
)
from .rules import Rules
from .state import CODE, HQ, AttackGroup, State, other
from .tracks import Reason, because, change_destruction, change_morale, change_supply, log, morale_band, reason_said, strength
from .upkeep import checkpoint

CYTADELA = "cytadela"
#: the battle procedure in the printed order of §9.3–§9.4; each step may skip itself
STEPS: tuple[BattleStep, ...] = get_args(BattleStep)
#: the windows for a card "after the Battle" (§7.2 Ammunition, FAQ): once the battle is resolved
#: (loss-reducing cards need it), and again after each side's Losses (Example of Battles 14–16:
#: Collective Responsibility takes the units PL has just dispersed); each asks as ``post-card``
POST_STEPS: tuple[BattleStep, ...] = ("post-card", "post-a-card", "post-d-card")
CARD_STEPS: tuple[BattleStep, ...] = ("a-card", "d-card", "ammo-card", *POST_STEPS)
#: the slot each card step asks in: after the battle, every window asks as ``post-card``
_CARD_SLOT: dict[str, CardSlot] = {"a-card": "a-card", "d-card": "d-card", "ammo-card": "ammo-card", **dict.fromkeys(POST_STEPS, "post-card")}


def _next(f: BattleFrame) -> None:
    f["step"] = STEPS[STEPS.index(f["step"]) + 1]


def table_bp(strength_total: int, role: str) -> int:
    """Combat Table (Player Aid), continued past its printed rows (ruling:combat-table)."""
    if strength_total <= 0:
        return 0
    return math.ceil(strength_total / (5 if role == "attacker" else 3))


def start_battle(rules: Rules, state: State, area: str, attacker: Side, *, assault: bool) -> None:
    """Begin a battle in ``area``: every attacking group lined up on its border and every unit of
    the attacker already inside fights (FAQ "Orders – Assault")."""
    data = battle_data(rules, state, area, attacker, assault=assault)
    if data["neutral_defence"]:
        state.austrians_defend_for = other(attacker)
    push(state, data)
    event(state, "battle-start", N_("Battle in {area_name}: {attacker} attacks (Assault).") if assault else N_("Battle in {area_name}: {attacker} attacks."),
          area=area, attacker=attacker, assault=assault, say={"area_name": rules.area_name(area)})


def battle_data(rules: Rules, state: State, area: str, attacker: Side, *, assault: bool) -> BattleFrame:
    """A battle frame's contents before its first step (also what the odds of a battle not yet
    begun are computed from, engine/odds.py)."""
    return BattleFrame(
        kind="battle",
        area=area,
        attacker=attacker,
        defender=other(attacker),
        assault=assault,
        step="evade",
        inner=side_units(rules, state, area, attacker),
        loss_report={},
        mods={"a": 0, "d": 0},
        loss_mods={"a": 0, "d": 0},
        tokens={},
        ammo=[],
        second_card=[],
        result=None,
        neutral_defence=austrians_defend(rules, state, area, attacker),
    )


def groups_of(state: State, f: BattleFrame) -> list[AttackGroup]:
    return [g for g in state.attacks.get(f["area"], []) if g.side == f["attacker"]]


def sides_of_attack(state: State, f: BattleFrame) -> int:
    """The areas the attack comes from (§9.3 step 8 "+1 BP for the second and each subsequent
    Area"; §9.2 Evasion pays one AP per side). Units already inside the area come from none of
    them; an attack made by those units alone still comes from one side."""
    origins = {g.origin for g in groups_of(state, f) if sum(g.units.values())}
    return max(1, len(origins))


def _hq_in_attack(state: State, f: BattleFrame) -> bool:
    hq = HQ[f["attacker"]]
    return any(g.units.get(hq) for g in groups_of(state, f)) or f["inner"].get(hq, 0) > 0


def _combat_ability(rules: Rules, state: State, side: Side, present: bool) -> str | None:
    cid = state.commander.get(side)
    if not present or not cid:
        return None
    ab = rules.commanders[cid].ability
    return ab.effect if ab and ab.kind == "combat" else None


# ------------------------------------------------------------------------------ evasion (§9.2)


def evasion_cost(rules: Rules, state: State, f: BattleFrame) -> int:
    defender = f["defender"]
    hq_here = state.units.get(f["area"], {}).get(HQ[defender], 0) > 0
    discount = 1 if _combat_ability(rules, state, defender, hq_here) == "evasion-discount" else 0
    return max(0, sides_of_attack(state, f) - discount)


def evade_targets(rules: Rules, state: State, f: BattleFrame, first: bool = True) -> list[str]:
    """Adjacent areas an evading defender may enter (§9.2), none awaiting its own battle.
    ``first``: the areas its side occupies (full ones too: their overflow is what splits off);
    otherwise the neutral areas with room the overflow may split into (Austro-Hungarians may
    stand there, not a neutral Militia)."""
    defender, area = f["defender"], f["area"]
    near = [b for b in sorted(rules.neighbours[area]) if not state.attacks.get(b)]
    if first:
        return [b for b in near if occupant(rules, state, b) == defender]
    return [
        b for b in near
        if not count(rules, state, b, f["attacker"]) and not count(rules, state, b, defender)
        and not neutral_militia(rules, state, b) and total(state, b) < rules.limit[b]
    ]


def evade_firsts(rules: Rules, state: State, f: BattleFrame) -> list[str]:
    """Where an Evasion may begin so that every defender gets away (§9.2): an own adjacent area
    with room, the units it cannot take splitting into neutral areas; or, where an own adjacent
    area is full ("if the destination Area's Unit Limit would be exceeded"), the neutral areas
    straight away."""
    if f.get("neutral_defence"):
        return []  # the Austro-Hungarians do not move (§13.2)
    units = count(rules, state, f["area"], f["defender"])
    neutral = evade_targets(rules, state, f, first=False)
    spill = sum(rules.limit[b] - total(state, b) for b in neutral)
    own = [(b, rules.limit[b] - total(state, b)) for b in evade_targets(rules, state, f)]
    out = [b for b, room in own if room > 0 and room + spill >= units]
    if spill >= units and any(room <= 0 for _, room in own):
        out += neutral
    return out


def _evade_cards(rules: Rules, state: State, side: Side) -> list[int]:
    return sorted({n for n in state.hand[side] if rules.card(side, n).kind != "event" and rules.card(side, n).ap})


def evasion_barred(rules: Rules, state: State, f: BattleFrame) -> Reason | None:
    """Why the defender cannot evade (§9.2), in words for the log; None if it can. The reasons
    anyone can see (the map, an empty hand) come first: :func:`evasion_given`."""
    side = f["defender"]
    barred = _evasion_barred_publicly(rules, state, f)
    cost = evasion_cost(rules, state, f)
    cards = sum(rules.card(side, n).ap for n in state.hand[side] if rules.card(side, n).kind != "event")
    if barred is None and cards < cost:
        if not cards:
            return because(N_("it needs cards worth {cost} AP to discard and holds none (Events do not count)"), cost=cost)
        return because(N_("it needs cards worth {cost} AP to discard and holds {ap} AP (Events do not count)"), cost=cost, ap=cards)
    return barred


def _evasion_barred_publicly(rules: Rules, state: State, f: BattleFrame) -> Reason | None:
    if f.get("neutral_defence"):
        return N_("the Austro-Hungarians do not move (§13.2)")
    if not evade_firsts(rules, state, f):
        return N_("no adjacent area it holds (or neutral area with room) can take all its units")
    if evasion_cost(rules, state, f) and not state.hand[f["defender"]]:
        return N_("it holds no cards to discard")
    return None


def evasion_given(rules: Rules, state: State, f: BattleFrame) -> bool:
    """Do the rules offer the defender an Evasion, as far as the other player can tell (the map,
    the hand's size)? Whether its cards are worth enough stays its secret."""
    return _evasion_barred_publicly(rules, state, f) is None


def quiet_step(state: State, side: Side, step: str, after: Side | None = None) -> None:
    """A secret step the rules give ``side`` (publicly: a Special card, a combat token, an
    Evasion) in which its hidden hand leaves it nothing but to pass, so the engine passes for it.
    Only ``side`` is told (an event without text); a hot-seat table presents the step anyway
    (tui/session.py), so that skipping it tells the other player nothing. ``after``: the side
    that chooses first in this step and is still to choose (after Ammunition both sides are
    asked, the attacker first)."""
    event(state, "quiet-step", visible=side, side=side, step=step, battle_area=_parent(state)["area"], after=after)


def quiet_slot(step: str) -> str:
    """The slot a :func:`quiet_step`'s question would have answered (:func:`answers`)."""
    return _CARD_SLOT.get(step, step)


def quiet_prompt(side: Side, step: str) -> str:
    """The prompt of the step :func:`quiet_step` passed, as the step itself would ask it."""
    if step == "evade":
        return prompts.evade(side)
    if step in ("a-token", "d-token"):
        return prompts.battle_token(side, step)
    return prompts.battle_card(side, _CARD_SLOT[step])


# ------------------------------------------------------------------------------ the battle frame
# The battle frame walks STEPS; each step is one small function (in _STEP_RUNS), which moves
# the frame on with _next before it pushes a question, so the answer returns to the next step.


def _evade_step(rules: Rules, state: State, f: BattleFrame) -> None:
    """§9.2: a defender with units left may evade; with none, there is no battle."""
    area, defender = f["area"], f["defender"]
    if count(rules, state, area, defender) == 0:
        log(state, N_("No {defender} units remain in {area_name}: no battle."), say={"defender": defender, "area_name": rules.area_name(area)})
        f["step"], f["result"] = "advance", "empty"
        return
    _next(f)
    barred = evasion_barred(rules, state, f)
    if barred is None:
        push(state, EvadeFrame(kind="battle-evade", side=defender, picked=[]))
    elif evasion_given(rules, state, f):  # barred by the hand's worth: the defender's secret
        quiet_step(state, defender, "evade")
        text, say = reason_said(barred)
        event(state, "note", N_("{side} cannot evade: {reason}."), visible=defender, side=defender, say={**say, "reason": text})
        log(state, N_("{who} stands and fights."), say={"who": defender})
    else:
        text, say = reason_said(barred)
        log(state, N_("{who} cannot evade: {reason}."), say={**say, "who": defender, "reason": text})


def _specials_step(rules: Rules, state: State, f: BattleFrame) -> None:
    """§9.3 steps 2–3 and the windows after the battle: each side with a card to play is asked;
    one that holds cards but none to play here passes unseen (:func:`quiet_step`)."""
    step = f["step"]
    sides = {"a-card": [f["attacker"]], "d-card": [f["defender"]]}.get(step, [f["attacker"], f["defender"]])
    slot = _CARD_SLOT[step]
    _next(f)
    asked = []
    for side in sides:  # the attacker chooses first
        if special_options(rules, state, f, side, slot):
            asked.append(BattleCardFrame(kind="battle-card", side=side, slot=slot))
        elif card_step_given(state, f, side, slot):
            quiet_step(state, side, step, after=asked[0]["side"] if asked else None)
    for frame in reversed(asked):
        push(state, frame)


def _token_step(rules: Rules, state: State, f: BattleFrame) -> None:
    """§9.3 steps 4–5: a side holding a combat token of its role is asked."""
    step = f["step"]
    assert step == "a-token" or step == "d-token"
    side = f["attacker"] if step == "a-token" else f["defender"]
    kinds = _token_kinds(step)
    _next(f)
    if any(t.kind in kinds for t in state.my_tokens[side]):
        push(state, BattleTokenFrame(kind="battle-token", side=side, slot=step))
    elif state.my_tokens[side]:  # it holds tokens, face down: which ones is its secret
        quiet_step(state, side, step)


def _resolve_step(rules: Rules, state: State, f: BattleFrame) -> None:
    _resolve(rules, state, f)
    _next(f)


def _withdraw_step(rules: Rules, state: State, f: BattleFrame) -> None:
    _next(f)
    if f["result"] == "defender":
        _attacker_withdraws(rules, state, f)


def _losses_step(rules: Rules, state: State, f: BattleFrame) -> None:
    """§9.4 B: the attacker's Losses, then the defender's."""
    step = f["step"]
    _next(f)
    f.setdefault("losses_done", []).append("a" if step == "a-losses" else "d")  # its Loss modifiers are now spent
    _push_losses(rules, state, f, step)


def _advance_step(rules: Rules, state: State, f: BattleFrame) -> None:
    _next(f)
    if any(sum(g.units.values()) for g in groups_of(state, f)) and f["result"] in ("attacker", "empty", "evaded"):
        push(state, AdvanceFrame(kind="battle-advance", side=f["attacker"], moved={}))  # set here: listing the choices must not write


def _return_step(rules: Rules, state: State, f: BattleFrame) -> None:
    _next(f)
    if f["result"] in ("attacker", "empty", "evaded"):
        _return_home(rules, state, f)


def _run(rules: Rules, state: State, f: BattleFrame) -> None:
    _STEP_RUNS[f["step"]](rules, state, f)


def card_step_given(state: State, f: BattleFrame, side: Side, slot: str) -> bool:
    """Do the rules give ``side`` a Special card step in this slot, as far as the other player
    can tell: it holds cards, and a second card only after its Ammunition and no second card yet
    (§7.2)? Whether one of its cards can be played stays its secret."""
    if slot in ("ammo-card", "post-card") and (side not in f["ammo"] or side in f["second_card"]):
        return False
    return bool(state.hand[side])


def special_options(rules: Rules, state: State, f: BattleFrame, side: Side, step: str) -> list[int]:
    """Special cards ``side`` may play in this slot: one in its slot (§9.3 steps 2–3), and a
    second one, right away or after the battle, for a player who used Ammunition (§7.2)."""
    if not card_step_given(state, f, side, step):
        return []
    out = []
    for n in sorted(set(state.hand[side])):
        card = rules.card(side, n)
        effect = effect_of(rules, side, n)
        if card.kind != "special" or effect is None or effect.battle_apply is None:
            continue
        if step == "post-card" and not effect.after_battle:
            continue  # after the battle only cards about its aftermath still matter
        if effect.battle_playable(rules, state, f, side):
            out.append(n)
    return out


def strengths(rules: Rules, state: State, f: BattleFrame) -> tuple[int, int]:
    """Total Strength of attacker and defender (§9.3 step 1): −1 per attacking unit crossing a
    defender's Barricade, or against a Redoubt; units already inside ignore fortifications."""
    area, attacker, defender = f["area"], f["attacker"], f["defender"]
    redoubt = state.redoubts.get(area) == defender or area == CYTADELA or f.get("redoubt", False)  # Heroic Defense
    facing = {x for s, x in state.barricades.get(area, []) if s == defender}
    a_total = 0
    for g in groups_of(state, f):
        cut = 1 if redoubt or g.origin in facing else 0
        a_total += sum(max(0, strength(rules, state, attacker, t) - cut) * n for t, n in g.units.items())
    a_total += sum(strength(rules, state, attacker, t) * n for t, n in f["inner"].items())
    d_total = sum(strength(rules, state, defender, t) * n for t, n in side_units(rules, state, area, defender).items())
    return a_total, d_total


def _draw_battle_card(rules: Rules, state: State) -> int:
    if not state.battle_deck:
        state.battle_deck, state.battle_used = state.battle_used, []
        state.rng.shuffle(state.battle_deck)
    card = state.battle_deck.pop()
    state.battle_used.append(card)
    state.revealed = True
    return card


#: a Battle card's note in the log, by (Escalation, Explosion)
BATTLE_CARD_NOTES = {
    (False, False): N_("battle card {a}:{d}"), (True, False): N_("battle card {a}:{d} Escalation"),
    (False, True): N_("battle card {a}:{d} Explosion"), (True, True): N_("battle card {a}:{d} Escalation Explosion"),
}


def battle_points(rules: Rules, state: State, f: BattleFrame) -> tuple[int, int, list[Reason]]:
    """Battle Points of attacker and defender before the battle cards (§9.3 steps 1, 6, 8, 9):
    Strength on the Combat Table with the Special cards played, sides, tokens, Commanders; with
    the log's notes. Pure: the odds (engine/odds.py) add the cards to exactly this."""
    area, attacker, defender = f["area"], f["attacker"], f["defender"]
    a_str, d_str = strengths(rules, state, f)
    a_bp, d_bp = table_bp(a_str, "attacker") + f["mods"]["a"], table_bp(d_str, "defender") + f["mods"]["d"]
    # the notes as templates and their fields (tracks.because's form, written out: the odds call this often)
    notes: list[Reason] = [(N_("Strength {a_str} : {d_str} → {a_bp} : {d_bp} BP"), (("a_bp", a_bp), ("a_str", a_str), ("d_bp", d_bp), ("d_str", d_str)))]
    redoubt = state.redoubts.get(area) == defender or area == CYTADELA or f.get("redoubt", False)  # Heroic Defense
    sides = sides_of_attack(state, f)
    if sides > 1 and not redoubt:
        a_bp += sides - 1
        notes.append((N_("+{more} for {sides} sides"), (("more", sides - 1), ("sides", sides))))
    if f["tokens"].get("a") == "grenades":
        a_bp += 1
        notes.append(N_("+1 Grenades"))
    if f["tokens"].get("d") == "machine-gun":
        d_bp += 1
        notes.append(N_("+1 Machine Gun"))
    if _combat_ability(rules, state, attacker, _hq_in_attack(state, f)) == "bp-attacking":
        a_bp += 1
        notes.append((N_("+1 {side} Commander"), (("side", attacker),)))
    d_hq = state.units.get(area, {}).get(HQ[defender], 0) > 0
    if _combat_ability(rules, state, defender, d_hq) == "bp-defending":
        d_bp += 1
        notes.append((N_("+1 {side} Commander"), (("side", defender),)))
    return a_bp, d_bp, notes


def _resolve(rules: Rules, state: State, f: BattleFrame) -> None:
    """§9.3 steps 1 and 6–9: Strength, the Combat Table, battle cards, sides, tokens, Commanders."""
    area, attacker, defender = f["area"], f["attacker"], f["defender"]
    deck = rules.data.battle_deck.cards
    a_bp, d_bp, notes = battle_points(rules, state, f)
    first = deck[_draw_battle_card(rules, state)]
    drawn = [first]
    if first.escalation:
        drawn.append(deck[_draw_battle_card(rules, state)])
    card_notes: list[Reason] = []
    for card in drawn:
        a_bp += card.attacker
        d_bp += card.defender
        card_notes.append((BATTLE_CARD_NOTES[card.escalation, card.explosion], (("a", card.attacker), ("d", card.defender))))
    if any(c.explosion for c in drawn) and area not in rules.villages and state.tokens.get(area):
        state.token_pool.extend(state.tokens.pop(area))
        card_notes.append(N_("Explosion: the area's Supply Tokens are destroyed"))
    notes[1:1] = card_notes
    f["bp"] = {"a": a_bp, "d": d_bp}
    f["result"] = "attacker" if a_bp > d_bp else "defender"
    f["sides"] = sides_of_attack(state, f)  # as fought: the groups empty as they take Losses or advance
    f["participants"] = {
        attacker: sum(sum(g.units.values()) for g in groups_of(state, f)) + sum(f["inner"].values()),
        defender: count(rules, state, area, defender),
    }
    f["bands"] = {s: morale_band(rules, state, s) for s in (attacker, defender)}
    winner = attacker if f["result"] == "attacker" else defender
    state.last_battle[winner] = "won"
    state.last_battle[other(winner)] = "lost"
    state.losses_this_round = True
    say = {"area_name": rules.area_name(area), "notes": tuple(notes), "a_bp": a_bp, "d_bp": d_bp}
    event(state, "battle", N_("Battle in {area_name}: {notes}. Final {a_bp} : {d_bp} — {winner} wins."),
          area=area, attacker=attacker, defender=defender, assault=bool(f.get("assault")), bp={"attacker": a_bp, "defender": d_bp},
          winner=winner, cards=[(c.attacker, c.defender) for c in drawn], say=say)
    if rules.terrain[area] == "city" and a_bp + d_bp >= 10:
        change_destruction(rules, state, 1, because(N_("battle of {bp} BP in a City area"), bp=a_bp + d_bp))


def captured(rules: Rules, state: State, area: str, side: Side) -> bool:
    """§9.4: an area "captured by their opponent" holds the opponent's units and none of
    ``side``'s — a contested area is not captured."""
    return bool(count(rules, state, area, other(side))) and not count(rules, state, area, side)


def return_room(rules: Rules, state: State, f: BattleFrame, g: AttackGroup) -> int:
    """Room for a border group in the area it attacked from (§9.4): none once the opponent has
    captured it. A beaten group that does not fit costs 1 more Loss (FAQ "Withdrawal")."""
    return 0 if captured(rules, state, g.origin, f["attacker"]) else rules.limit[g.origin] - total(state, g.origin)


def _go_back(rules: Rules, state: State, f: BattleFrame, g: AttackGroup, verb: str, how: str) -> dict[str, int]:
    """Move as many of a border group's units as there is room for back into the area it attacked
    from, unless the opponent has captured it (§9.4); the HQ first. Returns what went back."""
    attacker = f["attacker"]
    room = return_room(rules, state, f, g)
    back: dict[str, int] = {}
    for t in sorted(g.units, key=lambda t: t != HQ[attacker]):
        k = min(g.units[t], room)
        if k:
            back[t] = k
            room -= k
            g.units[t] -= k
    if back:
        add_units(state, g.origin, back)
        one = sum(back.values()) == 1  # the verb agrees with the units
        templates = {"returns to": (N_("{side}: {units} returns to {area_name}."), N_("{side}: {units} return to {area_name}.")),
                     "withdraws to": (N_("{side}: {units} withdraws to {area_name}."), N_("{side}: {units} withdraw to {area_name}."))}
        log(state, templates[verb][0 if one else 1], side=attacker, area=f["area"], to_area=g.origin,
            say={"units": tuple(back.items()), "area_name": rules.area_name(g.origin)})
        enter_area(rules, state, attacker, g.origin, how)  # §13.2 Militia
    return back


def _return_home(rules: Rules, state: State, f: BattleFrame) -> None:
    """After a battle the attacker did not lose, units left on the border go back where they came
    from (§4.1: the rest "still has to obey Area's Unit Limit"); those that cannot — the area
    captured or full — withdraw like a beaten attacker's overflow, without the extra Loss."""
    for g in groups_of(state, f):
        _go_back(rules, state, f, g, "returns to", N_("returns"))
        if sum(g.units.values()):
            f.setdefault("stranded", []).append(g.origin)
    if f.get("stranded"):
        push(state, RetreatFrame(kind="battle-retreat", side=f["attacker"]))


def disperse_in_battle(rules: Rules, state: State, f: BattleFrame, side: Side, units: dict[str, int]) -> None:
    """Units with nowhere to go in a battle are dispersed through the one door every unit leaving
    the board takes (the HQ's Commander, §8 and §11), and count towards "3 Units dispersed"."""
    fought = f["result"] in ("attacker", "defender")  # not after an Evasion: no battle took place
    for t, n in units.items():
        for _ in range(n):
            unit_leaves(rules, state, side, t, "disperse", in_battle=fought)
    report = f["loss_report"].setdefault(side, {"broken": 0, "dispersed": 0})
    report["dispersed"] += sum(units.values())


def _attacker_withdraws(rules: Rules, state: State, f: BattleFrame) -> None:
    """§9.4: a beaten attacker withdraws every unit to where it came from, before its Losses;
    where that area is lost or full, to another adjacent area, with 1 more Loss per group."""
    area, attacker = f["area"], f["attacker"]
    f["step"] = "a-losses"
    f["placed"] = []
    f["extra_loss"] = 0
    for g in groups_of(state, f):
        back = _go_back(rules, state, f, g, "withdraws to", N_("is forced to withdraw"))
        if back:
            f["placed"].append((g.origin, back))
        if sum(g.units.values()):
            f["extra_loss"] += 1
            f.setdefault("stranded", []).append(g.origin)  # still on the border until they go
    if f["inner"] and count(rules, state, area, attacker):
        f.setdefault("stranded", []).append(area)  # units inside the area withdraw too
    if f.get("stranded"):
        push(state, RetreatFrame(kind="battle-retreat", side=attacker))
    else:
        state.attacks[area] = [g for g in state.attacks.get(area, []) if g.side != attacker]


def _stranded_units(rules: Rules, state: State, f: BattleFrame, where: str) -> dict[str, int]:
    if where == f["area"]:
        return dict(side_units(rules, state, where, f["attacker"]))
    group = next(g for g in groups_of(state, f) if g.origin == where)
    return {t: n for t, n in group.units.items() if n}


def _take_stranded(rules: Rules, state: State, f: BattleFrame, where: str, room: int) -> dict[str, int]:
    """Up to ``room`` of the units still to withdraw from ``where`` (the HQ first)."""
    units = _stranded_units(rules, state, f, where)
    taken: dict[str, int] = {}
    for t in sorted(units, key=lambda t: t != HQ[f["attacker"]]):
        k = min(units[t], room - sum(taken.values()))
        if k:
            taken[t] = k
    if where == f["area"]:
        remove_units(state, where, taken)
    else:
        group = next(g for g in groups_of(state, f) if g.origin == where)
        for t, k in taken.items():
            group.units[t] -= k
    return taken


def _push_losses(rules: Rules, state: State, f: BattleFrame, step: str) -> None:
    area, attacker, defender = f["area"], f["attacker"], f["defender"]
    won = f["result"] == "attacker"
    if step == "a-losses":
        losses = max(0, f["bp"]["d"] + f.get("extra_loss", 0) - f["loss_mods"]["a"])
        if won:
            groups = [
                LossGroup(label=g.origin, where="border", area=area, origin=g.origin, units=g.units)
                for g in groups_of(state, f)
            ]
            inner = side_units(rules, state, area, attacker)
            if inner:
                groups.append(LossGroup(label=area, where="board", area=area, origin=area, units=inner))
        else:  # the withdrawn units, wherever they went (one group per area)
            placed: dict[str, dict[str, int]] = {}
            for a, units in f.get("placed", []):
                here = placed.setdefault(a, {})
                for t, n in units.items():
                    here[t] = min(here.get(t, 0) + n, side_units(rules, state, a, attacker).get(t, 0))
            groups = [LossGroup(label=a, where="board", area=a, origin=a, units=u) for a, u in placed.items()]
        frame = start_losses(rules, state, attacker, "attacker", losses, area, groups, protect=won)
        frame["band"] = f["bands"][attacker]
        frame["token_used"] = "a" in f["tokens"]  # one combat token per battle (§7.2): then no Medicine
        skip_if_empty(state, frame)
    else:
        origins = tuple(g.origin for g in groups_of(state, f)) + tuple(a for a, _ in f.get("placed", []))
        units = side_units(rules, state, area, defender)
        groups = [LossGroup(label=area, where="board", area=area, origin=area, units=dict(units))]
        losses = max(0, f["bp"]["a"] - f["loss_mods"]["d"])
        frame = start_losses(rules, state, defender, "defender", losses, area, groups, forbidden=origins)
        frame["band"] = f["bands"][defender]
        moves = not f.get("neutral_defence")  # the Austro-Hungarians do not move (§13.2)
        frame["withdraw"] = moves and f["bands"][defender] == "high"
        frame["may_withdraw_more"] = moves and f["result"] == "attacker"
        frame["token_used"] = "d" in f["tokens"]  # one combat token per battle (§7.2): then no Medicine
        skip_if_empty(state, frame)


def _finish(rules: Rules, state: State, f: BattleFrame) -> None:
    area, attacker, defender = f["area"], f["attacker"], f["defender"]
    state.attacks[area] = [g for g in state.attacks.get(area, []) if g.side != attacker]
    if not state.attacks[area]:
        del state.attacks[area]
    if f["result"] in ("attacker", "defender"):
        loser = defender if f["result"] == "attacker" else attacker
        need = 3 if f["bands"][loser] == "high" else 2
        if f["participants"][loser] >= need:
            change_supply(rules, state, loser, -1, because(N_("lost a battle with {n} units"), n=f["participants"][loser]))
        for side, report in f["loss_report"].items():
            if report["broken"] >= 2 or report["dispersed"] >= 3:
                change_morale(rules, state, side, -1, because(N_("{broken} broken / {dispersed} dispersed in battle"), broken=report["broken"], dispersed=report["dispersed"]))
    if f.get("neutral_defence"):
        state.austrians_defend_for = None  # neutral again: they neither hold nor contest the area
    pop(state, f)
    checkpoint(rules, state)


#: what each step of the battle frame does (STEPS, in their order)
_STEP_RUNS: dict[BattleStep, Callable[[Rules, State, BattleFrame], None]] = {
    "evade": _evade_step, **dict.fromkeys(CARD_STEPS, _specials_step), "a-token": _token_step, "d-token": _token_step,
    "resolve": _resolve_step, "withdraw": _withdraw_step, "a-losses": _losses_step, "d-losses": _losses_step,
    "advance": _advance_step, "return": _return_step, "finish": _finish,
}

procedure("battle", run=_run, section="§9")

# ------------------------------------------------------------------------- decisions in a battle


def _parent(state: State) -> BattleFrame:
    """The battle a choice belongs to (the nearest battle frame below it: after Ammunition both
    sides' choices are stacked on the same battle)."""
    return next(f for f in reversed(state.stack) if f["kind"] == "battle")


def _retreat_targets(rules: Rules, state: State, f: BattleFrame) -> list[str]:
    """Adjacent areas without enemy units or a neutral Militia, with room; a group that does
    not fit in one may split over several (FAQ "Withdrawal")."""
    attacker, area = f["attacker"], f["area"]
    won = [area] if f["result"] != "defender" and total(state, area) < rules.limit[area] else []
    return won + [
        b for b in sorted(rules.neighbours[area])
        if not count(rules, state, b, other(attacker)) and not neutral_militia(rules, state, b)
        and total(state, b) < rules.limit[b]
    ]


def evaded(rules: Rules, state: State, f: BattleFrame) -> None:
    """The defender got away (§9.2): no battle took place; the attackers may move in."""
    f["step"], f["result"] = "advance", "evaded"
    checkpoint(rules, state)


def play_special(rules: Rules, state: State, f: BattleFrame, side: Side, number: int, second: bool = False) -> None:
    discard_card(state, side, number)
    if second:
        f["second_card"].append(side)
    key = f"{side} #{number}"
    state.card_effect_counts[key] = state.card_effect_counts.get(key, 0) + 1
    event(state, "card", N_("{side} plays the Special card {side} #{card} {card_name}."), side=side, card=number, use="special", area=f["area"], say={"card_name": rules.card(side, number).name})
    card_effect = effect_of(rules, side, number)
    assert card_effect is not None and card_effect.battle_apply is not None  # offered only for a Special card with an effect
    card_effect.battle_apply(rules, state, f, side)


def _log_advance(rules: Rules, state: State, f: BattleFrame, c: AdvanceFrame) -> None:
    n = sum(c.get("moved", {}).values())
    log(state, N_("{side} moves {n_units} into {area_name}."), side=f["attacker"], area=f["area"], say={"n_units": n, "area_name": rules.area_name(f["area"])})


# Each question a battle puts is its own procedure (one frame kind, its legal actions and their
# effect together), pushed over the battle frame; ``answers`` names the battle step it answers.


def is_question(c: Frame) -> TypeIs[BattleQuestion]:
    """Whether a frame is one of a battle's questions to a player."""
    return c["kind"] in _ANSWERS or c["kind"] == "battle-card" or c["kind"] == "battle-token"


def answers(c: BattleQuestion) -> str:
    """The battle step (``STEPS``, or ``retreat``) a battle's question answers: cards and
    tokens name their slot; the others are one step each."""
    if c["kind"] == "battle-card" or c["kind"] == "battle-token":
        return c["slot"]
    return _ANSWERS[c["kind"]]


_ANSWERS = {"battle-evade": "evade", "battle-retreat": "retreat", "battle-advance": "advance"}


# §9.2 Evasion: the defender discards cards worth the sides attacked, then moves out


def _evade_legal(rules: Rules, state: State, c: EvadeFrame) -> list[Action]:
    f = _parent(state)
    side = c["side"]
    need = evasion_cost(rules, state, f)
    paid = sum(rules.card(side, n).ap for n in c["picked"])
    if c.get("moving") or paid >= need:
        units = side_units(rules, state, f["area"], side)
        out: list[Action] = []
        dests = evade_targets(rules, state, f, first=False) if c.get("landed") else evade_firsts(rules, state, f)
        for dest in dests:
            room = rules.limit[dest] - total(state, dest)
            size = min(room, sum(units.values()))  # move as many as fit; the rest go on after
            out += [Evade.of(dest, unit_pairs(u)) for u in subsets(units, size) if sum(u.values()) == size]
        if not c.get("moving") and not c["picked"]:
            out.insert(0, Fight.of())  # a free Evasion (need 0) is still the Defender's choice (§9.2)
        return out
    picks: list[Action] = [Fight.of()] if not c["picked"] else []
    return picks + [Discard.of(n) for n in _evade_cards(rules, state, side) if state.hand[side].count(n) > c["picked"].count(n)]


def _evade_apply(rules: Rules, state: State, c: EvadeFrame, action: Fight | Discard | Evade) -> None:
    f = _parent(state)
    side = c["side"]
    if isinstance(action, Fight):
        pop(state, c)
        log(state, N_("{who} stands and fights."), say={"who": side})
    elif isinstance(action, Discard):
        c["picked"].append(action.card)
    else:
        if c["picked"]:
            for n in c["picked"]:
                discard_card(state, side, n)
            log(state, N_("{who} evades, discarding {n_cards}."), say={"who": side, "n_cards": len(c["picked"])})
            c["picked"] = []
        c["moving"] = True
        c["landed"] = True  # the rest may only split into neutral areas (§9.2)
        units, dest = group_of(side, action.units), action.dest
        remove_units(state, f["area"], units)
        add_units(state, dest, units)
        log(state, N_("{side} evades {units} from {src} to {dest_name}."), side=side, from_area=f["area"], to_area=dest,
            say={"units": tuple(units.items()), "src": rules.area_name(f["area"]), "dest_name": rules.area_name(dest)})
        if not count(rules, state, f["area"], side):
            evaded(rules, state, f)
            pop(state, c)


procedure(
    "battle-evade",
    decision="battle",
    prompt=lambda r, s, c: prompts.evade(c["side"]),
    legal=_evade_legal,
    apply=_evade_apply,
    section="§9.2",
)


# §9.3 steps 2–3 and §7.2 Ammunition: a Special card in its slot


def _card_legal(rules: Rules, state: State, c: BattleCardFrame) -> list[Special | Pass]:
    return [*(Special.of(n) for n in special_options(rules, state, _parent(state), c["side"], c["slot"])), Pass.of()]


def _card_apply(rules: Rules, state: State, c: BattleCardFrame, action: Special | Pass) -> None:
    pop(state, c)
    if isinstance(action, Special):
        play_special(rules, state, _parent(state), c["side"], action.card, second=c["slot"] in ("ammo-card", "post-card"))


procedure(
    "battle-card",
    decision="battle",
    prompt=lambda r, s, c: prompts.battle_card(c["side"], c["slot"]),
    legal=_card_legal,
    apply=_card_apply,
    section="§9.3",
)


# §9.3 steps 4–5 and §7.2: one combat token per battle


def _token_kinds(slot: str) -> tuple[str, str]:
    return ("grenades", "ammunition") if slot == "a-token" else ("machine-gun", "ammunition")


def _token_legal(rules: Rules, state: State, c: BattleTokenFrame) -> list[CombatToken | Pass]:
    kinds = _token_kinds(c["slot"])
    return [*(CombatToken.of(label) for label in sorted({t.label() for t in state.my_tokens[c["side"]] if t.kind in kinds})), Pass.of()]


def _token_apply(rules: Rules, state: State, c: BattleTokenFrame, action: CombatToken | Pass) -> None:
    pop(state, c)
    if isinstance(action, Pass):
        return
    f, side, label = _parent(state), c["side"], action.token
    token = next(t for t in state.my_tokens[side] if t.label() == label)
    state.my_tokens[side].remove(token)
    state.token_pool.append(token)
    f["tokens"]["a" if side == f["attacker"] else "d"] = token.kind
    if token.kind == "ammunition":
        f["ammo"].append(side)
    log(state, N_("{who} plays {a_token} token in the battle."), say={"who": side, "a_token": (token.kind, token_name(rules, token.kind))})


procedure(
    "battle-token",
    decision="battle",
    prompt=lambda r, s, c: prompts.battle_token(c["side"], c["slot"]),
    legal=_token_legal,
    apply=_token_apply,
    section="§9.3",
)


# §9.4 and FAQ "Withdrawal": attackers who cannot go back to their area


def _retreat_legal(rules: Rules, state: State, c: RetreatFrame) -> list[Retreat]:
    return [Retreat.of(a) for a in _retreat_targets(rules, state, _parent(state))] or [Retreat.of()]


def _retreat_apply(rules: Rules, state: State, c: RetreatFrame, action: Retreat) -> None:
    f, side, dest = _parent(state), c["side"], action.area
    where = f["stranded"].pop(0)
    room = 10**6 if dest is None else rules.limit[dest] - total(state, dest)
    stranded = _take_stranded(rules, state, f, where, room)
    if _stranded_units(rules, state, f, where):
        f["stranded"].insert(0, where)  # the rest of the group withdraws elsewhere
    if dest is None:
        one = sum(stranded.values()) == 1  # the verbs agree with the units
        log(state, N_("{side}: {units} has nowhere to go and is dispersed.") if one else N_("{side}: {units} have nowhere to go and are dispersed."),
            side=side, area=f["area"], from_area=where, say={"units": tuple(stranded.items())})
        disperse_in_battle(rules, state, f, side, stranded)
    else:
        add_units(state, dest, stranded)
        f.setdefault("placed", []).append((dest, dict(stranded)))
        log(state, N_("{side} withdraws {units} to {dest_name}."), side=side, area=f["area"], from_area=where, to_area=dest,
            say={"units": tuple(stranded.items()), "dest_name": rules.area_name(dest)})
    if not f["stranded"]:
        state.attacks[f["area"]] = [g for g in state.attacks.get(f["area"], []) if g.side != side]
        pop(state, c)


procedure(
    "battle-retreat",
    decision="battle",
    prompt=prompts.retreat,
    legal=_retreat_legal,
    apply=_retreat_apply,
    section="§9.4",
)


# §9.4 A: the winner moves units into the area, one at a time


def _advance_legal(rules: Rules, state: State, c: AdvanceFrame) -> list[Advance | Stay]:
    f = _parent(state)
    room = rules.limit[f["area"]] - total(state, f["area"])
    groups = [g for g in groups_of(state, f) if sum(g.units.values())]
    moved = c["moved"]
    missing = [g for g in groups if not moved.get(g.origin)]
    # at least one unit from each side of attack (§9.4 A): keep room for the sides still owed
    eligible = missing if 0 < room <= len(missing) else groups
    out: list[Advance | Stay] = []
    if room > 0:
        for g in eligible:
            out += [Advance.of(g.origin, CODE[t]) for t, n in sorted(g.units.items()) if n]
    if not missing or room <= 0:
        out.append(Stay.of())
    return out


def _advance_apply(rules: Rules, state: State, c: AdvanceFrame, action: Advance | Stay) -> None:
    f = _parent(state)
    if isinstance(action, Advance):
        g = next(g for g in groups_of(state, f) if g.origin == action.origin)
        utype = next(t for t in g.units if g.units[t] and CODE[t] == action.unit)
        g.units[utype] -= 1
        add_units(state, f["area"], {utype: 1})
        c["moved"][g.origin] = c["moved"].get(g.origin, 0) + 1
        event(state, "note", None, area=f["area"])  # one unit: the log tells the group at the end
        if rules.limit[f["area"]] - total(state, f["area"]) > 0 and any(sum(x.units.values()) for x in groups_of(state, f)):
            return
    _log_advance(rules, state, f, c)
    pop(state, c)


procedure(
    "battle-advance",
    decision="battle",
    prompt=prompts.advance,
    legal=_advance_legal,
    apply=_advance_apply,
    section="§9.4 A",
)

# ------------------------------------------------------------------------- Battle Phase (§5.1 [3])


def _pending(state: State, side: Side) -> list[str]:
    return [a for a in sorted(state.attacks) if any(g.side == side for g in state.attacks[a])]


def _phase_run(rules: Rules, state: State, f: SideFrame) -> None:
    if _pending(state, f["side"]):
        push(state, SideFrame(kind="battle-pick", side=f["side"]))
    else:
        pop(state, f)


def _pick_apply(rules: Rules, state: State, f: SideFrame, action: BattleAt) -> None:
    pop(state, f)
    start_battle(rules, state, action.area, f["side"], assault=False)


procedure("battle-phase", run=_phase_run, section="§5.1 [3]")
procedure(
    "battle-pick",
    decision="battle-order",
    prompt=prompts.battle_pick,
    legal=lambda r, s, f: [BattleAt.of(a) for a in _pending(s, f["side"])],
    apply=_pick_apply,
    section="§5.1 [3], §9",
)
