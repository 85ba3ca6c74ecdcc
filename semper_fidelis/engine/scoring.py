"""Victory (§3) and End of Stage (§5.2): stage scoring by the scenario's categories, the
reinforcements, and the automatic victories (20-VP lead, Scenario 3's supply cut)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ..data.models import Side
from ..i18n import N_
from . import prompts
from .actions import Reinforce
from .events import event
from .frames import ReinforceVillagesFrame
from .machine import pop, procedure, push
from .occupancy import add_units, ally_of, district_status, occupant, occupied_areas, owner, total
from .outcome import Termination
from .rules import Rules
from .state import PL, SIDES, VOLUNTEER, ZURL, State
from .tracks import Reason, because, change_vp, end_game, log

NEUTRAL_FORCES = {"jewish-militia": N_("Jewish Militia"), "austro-hungarian": N_("Austro-Hungarian Army")}
#: the scoring categories of a scenario card (``VPCategory``) in words, for the End of Stage line
CATEGORY_WORDS = {
    "strategic": N_("Strategic Areas"), "morale": N_("Morale"), "cards": N_("cards"), "alliance": N_("alliances"),
    "losses": N_("broken units"), "fallen-commander": N_("fallen Commanders"), "commander": N_("the Commander"),
    "destruction": N_("Destruction"),
}


def score_stage(rules: Rules, state: State) -> None:
    stage = state.stage
    categories = next((s.categories for s in rules.scenario.scoring if s.stage == stage), ())
    event(state, "stage", N_("End of Stage {stage}: scoring {scored}."), stage=stage, categories=list(categories),
          say={"scored": tuple(CATEGORY_WORDS.get(c, c) for c in categories)})
    for side, items in stage_points(rules, state).items():
        for reason, vp in items:
            change_vp(rules, state, side, vp, reason)
    check_lead(rules, state)


def stage_points(rules: Rules, state: State) -> dict[Side, list[tuple[Reason, int]]]:
    """What the End of Stage scoring of the current Stage would give each side now, item by
    item (reason, VP), zeros included; ``score_stage`` applies exactly these."""
    categories = next((s.categories for s in rules.scenario.scoring if s.stage == state.stage), ())
    lo, hi = rules.morale_range
    out: dict[Side, list[tuple[Reason, int]]] = {side: [] for side in SIDES}
    for side in SIDES:
        items = out[side]
        for cat in categories:
            if cat == "strategic":
                vp = sum(v for a, v in state.strategic.items() if holder(rules, state, a) == side)
                items.append((N_("Strategic Areas occupied"), vp))
            elif cat == "morale":
                if state.morale[side] == hi:
                    items.append((N_("Morale on the top space"), 1))
                elif state.morale[side] == lo:
                    items.append((N_("Morale on the bottom space"), -1))
            elif cat == "alliance":
                for track in rules.scenario.negotiation:
                    if ally_of(rules, state, track.neutral) == side:
                        items.append((because(N_("alliance with the {forces}"), forces=NEUTRAL_FORCES[track.neutral]), track.spaces[state.negotiation[track.neutral]].vp))
            elif cat == "losses":
                broken = sum(state.broken.get(side, {}).values())
                items.append((because(N_("{broken} broken units"), broken=broken), -(broken // 5)))
            elif cat == "fallen-commander":
                items.append((N_("fallen Commanders"), -state.fallen[side]))
            elif cat == "destruction" and side == ZURL and state.destruction is not None:
                scale = rules.scenario.destruction_track
                items.append((N_("Destruction"), scale[min(state.destruction, len(scale) - 1)]))
            # "cards" VP are counted when a card gives them; "commander" has no printed rule (ruling:commander-vp).
    return out


def holder(rules: Rules, state: State, area: str) -> str | None:
    """The side occupying the area (§4.2), counting the units lined up on a border to attack
    from it: they stay in it until their battle is fought (a group that loses goes back), so an
    area its own units attack from is not dropped from the scoring seen mid-turn. At the End of
    Stage no attack is pending and this is ``occupant``."""
    if total(state, area):
        return occupant(rules, state, area)
    sides = {g.side for groups in state.attacks.values() for g in groups if g.origin == area and sum(g.units.values()) > 0}
    return sides.pop() if len(sides) == 1 else None


def check_lead(rules: Rules, state: State) -> None:
    lead = rules.data.tracks.automatic_victory_lead
    for side in SIDES:
        rival = ZURL if side == PL else PL
        if state.vp[side] - state.vp[rival] >= lead:
            end_game(state, side, Termination.LEAD, because(N_("a lead of {lead} VP or more (§3)"), lead=lead))
            return


def check_supply_cut(rules: Rules, state: State) -> None:
    """Scenario 3: PL wins if ZURL is cut off from Winniki — no chain of areas PL does not
    occupy links any ZURL unit to Winniki, or PL occupies Winniki (ruling:supply-cut)."""
    start = rules.data.board.relief_start[ZURL]
    if occupant(rules, state, start) != PL:
        seen, todo = {start}, [start]
        while todo:
            a = todo.pop()
            if any(n for t, n in state.units.get(a, {}).items() if n and _is_zurl(rules, state, t)):
                return
            for b in rules.neighbours[a]:
                if b not in seen and occupant(rules, state, b) != PL:
                    seen.add(b)
                    todo.append(b)
    end_game(state, PL, Termination.SUPPLY_CUT, N_("Supply Cut: ZURL is cut off from Winniki (Scenario 3)"))


def _is_zurl(rules: Rules, state: State, utype: str) -> bool:
    return owner(rules, state, utype) == ZURL


# -------------------------------------------------------------------------- reinforcements (§5.2)


def _to_mob(rules: Rules, state: State, side: Side, utype: str, n: int, reason: Reason) -> None:
    have = state.pool[side].get(utype, 0)
    k = min(n, have)
    state.pool[side][utype] = have - k
    state.mob[side][utype] = state.mob[side].get(utype, 0) + k
    log(state, N_("{who} Reinforcements: {counted} to the Mobilization Zone ({reason})."), say={"who": side, "counted": (utype, k), "reason": reason})


def pl_district_reinforcements(rules: Rules, state: State) -> int:
    n = 0
    for d in rules.district_areas:
        status = district_status(rules, state, d)
        n += 2 if status == PL else 1 if status in ("contested", "neutral") else 0
    n += sum(1 for a in occupied_areas(rules, state, PL) if a in rules.villages)
    return n


def corridor_width(rules: Rules, state: State) -> int:
    """Largest group of PL-occupied Villages adjacent to one another (Scenario 4, ruling:breakthrough)."""
    return largest_group(rules.neighbours, {a for a in rules.villages if occupant(rules, state, a) == PL})


def largest_group(neighbours: Mapping[str, Iterable[str]], areas: set[str]) -> int:
    """The size of the largest group of ``areas`` adjacent to one another (a corridor's width:
    also what a bot weighs before the Breakthrough)."""
    best, seen = 0, set()
    for v in areas:
        if v in seen:
            continue
        group, todo = {v}, [v]
        while todo:
            for b in neighbours[todo.pop()]:
                if b in areas and b not in group:
                    group.add(b)
                    todo.append(b)
        seen |= group
        best = max(best, len(group))
    return best


CORRIDOR = {0: (0, 0), 1: (2, 1), 2: (5, 2), 3: (8, 5)}


def breakthrough_now(rules: Rules, state: State) -> tuple[int, int] | None:
    """(Soldiers, Supply Tokens) PL's Breakthrough would bring if the Stage ended now (Scenario
    4's corridor of Villages; None where PL's Reinforcement is not a corridor), before the pool's
    limits: what :func:`reinforce` grants."""
    if rules.scenario.reinforcement.get(PL) != "corridor":
        return None
    return CORRIDOR[min(corridor_width(rules, state), 3)]


def reinforce(rules: Rules, state: State) -> None:
    """§5.2 End of Stage step 2: each side's Reinforcements as its scenario says."""
    kinds = rules.scenario.reinforcement
    if kinds.get(PL) == "districts":
        _to_mob(rules, state, PL, "pl-volunteer", pl_district_reinforcements(rules, state), N_("Districts and Villages"))
    zurl_n = rules.zurl_reinforcement[state.morale[ZURL]]
    if kinds.get(ZURL) == "morale":
        _to_mob(rules, state, ZURL, "zurl-volunteer", zurl_n, because(N_("Morale {morale}"), morale=state.morale[ZURL]))
    for side, n in sorted(state.extra_reinforcement.items()):  # cards (PL #20)
        _to_mob(rules, state, side, VOLUNTEER[side], n, N_("an Event card"))
    state.extra_reinforcement.clear()
    if kinds.get(ZURL) == "morale-villages":  # Scenario 4 card: "Reinforcements arrive in occupied Villages"
        zurl_n = min(zurl_n, state.pool[ZURL].get("zurl-volunteer", 0))
        log(state, N_("ZURL Reinforcements: Morale {morale} brings {n_volunteers} to its occupied Villages."), say={"morale": state.morale[ZURL], "n_volunteers": zurl_n})
        if zurl_n:
            push(state, ReinforceVillagesFrame(kind="reinforce-villages", side=ZURL, unit="zurl-volunteer", left=zurl_n, why=N_("Reinforcements")))
    breakthrough = breakthrough_now(rules, state)
    if breakthrough is not None:
        width = corridor_width(rules, state)
        soldiers, tokens = breakthrough
        soldiers = min(soldiers, state.pool[PL].get("pl-soldier", 0))
        log(state, N_("Breakthrough: a corridor {n_villages} wide brings {n_soldiers} and {n_tokens}."), say={"n_villages": width, "n_soldiers": soldiers, "n_tokens": tokens})
        for _ in range(min(tokens, len(state.token_pool))):
            token = state.token_pool.pop(state.rng.randrange(len(state.token_pool)))
            state.my_tokens[PL].append(token)
            state.revealed = True
        if soldiers:
            push(state, ReinforceVillagesFrame(kind="reinforce-villages", side=PL, unit="pl-soldier", left=soldiers, why=N_("Breakthrough")))


def village_room(rules: Rules, state: State, side: Side) -> list[str]:
    """The Villages ``side`` occupies with room under the area limit (Scenario 4: Reinforcements
    arrive there, ruling:breakthrough, ruling:siege-reinforcements)."""
    return [a for a in sorted(rules.villages) if occupant(rules, state, a) == side and total(state, a) < rules.limit[a]]


def _villages_legal(rules: Rules, state: State, f: ReinforceVillagesFrame) -> list[Reinforce]:
    return [Reinforce.of(a) for a in village_room(rules, state, f["side"])] or [Reinforce.of()]


def _villages_apply(rules: Rules, state: State, f: ReinforceVillagesFrame, action: Reinforce) -> None:
    """One unit from the pool to an occupied Village with room, or to the Mobilization Zone when
    none has room (or the side occupies none: ``area`` None)."""
    side, utype, area = f["side"], f["unit"], action.area
    state.pool[side][utype] -= 1
    if area is None:
        state.mob[side][utype] = state.mob[side].get(utype, 0) + 1
    else:
        add_units(state, area, {utype: 1})
    f["left"] -= 1
    if area is None:
        log(state, N_("{why}: {one_unit} to the Mobilization Zone (no room in its Villages)."), side=side, area=area, say={"why": f["why"], "one_unit": utype})
    else:
        log(state, N_("{why}: {one_unit} to {area_name}."), side=side, area=area, say={"why": f["why"], "one_unit": utype, "area_name": rules.area_name(area)})
    if f["left"] == 0:
        pop(state, f)


procedure(
    "reinforce-villages",
    decision="reinforce",
    who=lambda r, s, f: f["side"],
    prompt=prompts.reinforce_villages,
    legal=_villages_legal,
    apply=_villages_apply,
    section="§5.2, Scenario 4",
)
