"""The neutral forces and Negotiation (§13, FAQ "Austro-Hungarian Army", FAQ "Artillery").

Scenarios 2 and 3 put two neutral forces on the board, each with a Negotiation Track running
from the PL end to the ZURL end (``state.negotiation[neutral]`` is the marker's space):

* Jewish Militia — [Ally PL, Neutral, Ally ZURL]. While neutral it never moves, keeps its area
  neutral (PL can never control Districts III and VIII, occupancy.py) and turns against whoever
  ends a move in its area, attacks it or is forced back into it (§13.2).
* Austro-Hungarians (Scenario 2) — [Disarmament by PL, Neutral, Disarmament by ZURL, Ally ZURL].
  While not allied they never move and neither hold nor contest their area; attacked on purpose
  they ally with the side that did not attack (ruling:attacking-neutrals).

Allied units are the ally's own units everywhere (occupancy.owner): movement, battle, Losses,
limits, occupation. This module holds the Negotiation order and every change of a marker, so
card effects (Agreement, Jewish Pogrom, Viceroy Huyn, Demobilization …) can use the same
primitives: :func:`move_marker`, :func:`ally_with`, :func:`disarm`.
"""

from __future__ import annotations

from ..data.models import NegotiationTrack, Side
from ..i18n import N_
from .actions import Negotiate
from .events import event
from .occupancy import count, neutral_militia, neutral_units
from .rules import Rules
from .state import AUSTRIAN, MILITIA, PL, TYPE_SIDE, ZURL, State, other
from .tracks import Reason, because, change_supply, log, reason_said
from .upkeep import checkpoint

NAMES = {MILITIA: N_("the Jewish Militia"), AUSTRIAN: N_("the Austro-Hungarian units")}
TRACK_NAMES = {MILITIA: N_("Jewish Militia"), AUSTRIAN: N_("Austro-Hungarian")}


def track_of(rules: Rules, neutral: str) -> NegotiationTrack | None:
    """The scenario's Negotiation Track for ``neutral`` (None where the scenario has none)."""
    return next((t for t in rules.scenario.negotiation if t.neutral == neutral), None)


def stance(rules: Rules, state: State, neutral: str) -> str | None:
    track = track_of(rules, neutral)
    return track.spaces[state.negotiation[neutral]].stance if track else None


def _index(track: NegotiationTrack, stance_name: str) -> int:
    return next(i for i, s in enumerate(track.spaces) if s.stance == stance_name)


def _marker_moves(new: str, old: str) -> tuple[str, str]:
    """The log's template of a marker move, by what it means, and the side it names."""
    if new.startswith("ally-"):
        return N_("{reason}: the {track_name} marker moves from {old_space} to {new_space} — {forces} now fight for {named}."), new[5:]
    if old.startswith("ally-"):
        return N_("{reason}: the {track_name} marker moves from {old_space} to {new_space} — {forces} leave {named}'s side and are neutral again."), old[5:]
    if new.startswith("disarmed-"):
        return N_("{reason}: the {track_name} marker moves from {old_space} to {new_space} — {forces} stay neutral, on the 'Disarmament by {named}' space."), new[9:]
    return N_("{reason}: the {track_name} marker moves from {old_space} to {new_space} — {forces} are neutral."), ""


# --------------------------------------------------------------------------- moving the markers


def move_marker(rules: Rules, state: State, neutral: str, index: int, reason: Reason, disarmed_by: Side | None = None) -> None:
    """Put ``neutral``'s marker on space ``index`` and log what it means; ``disarmed_by`` (a side)
    carries out the disarmament of §13.2 when the marker lands on that side's space. The
    Morale bookkeeping for Strategic Areas follows at once (an alliance changes who occupies)."""
    track = track_of(rules, neutral)
    if track is None:
        return
    old = track.spaces[state.negotiation[neutral]]
    new = track.spaces[index]
    if index == state.negotiation[neutral]:
        return
    state.negotiation[neutral] = index
    text, say = reason_said(reason)
    template, named = _marker_moves(new.stance, old.stance)
    event(state, "alliance", template, neutral=neutral, stance=new.stance, reason=text,
          say={**say, "track_name": TRACK_NAMES[neutral], "forces": NAMES[neutral], "named": named,
               "old_space": (rules.number, neutral, old.stance, old.name), "new_space": (rules.number, neutral, new.stance, new.name)})
    if disarmed_by and new.stance == f"disarmed-{disarmed_by}":
        disarm(rules, state, disarmed_by)
    checkpoint(rules, state)


def ally_with(rules: Rules, state: State, neutral: str, side: Side, reason: Reason) -> None:
    """Move ``neutral`` straight onto its alliance with ``side`` (§13.2 automatic alliances)."""
    track = track_of(rules, neutral)
    if track is None or stance(rules, state, neutral) == f"ally-{side}":
        return
    move_marker(rules, state, neutral, _index(track, f"ally-{side}"), reason)


def austrians_on_board(state: State) -> int:
    """Austro-Hungarian units on the board: in the areas and lined up on their borders (FAQ: the
    board is the City, Suburb and Village Areas, not the Mobilization Zone)."""
    n = sum(units.get(AUSTRIAN, 0) for units in state.units.values())
    return n + sum(g.units.get(AUSTRIAN, 0) for groups in state.attacks.values() for g in groups)


def disarm(rules: Rules, state: State, side: Side) -> None:
    """§13.2 Disarmament: the first side to disarm the Austro-Hungarians raises its Supply 1 step
    per Austro-Hungarian unit on the board; their Strength falls from 4 to 2 for good."""
    if state.austrians_disarmed:
        log(state, N_("The Austro-Hungarian units were disarmed before: {who} gains no Supply (only the first disarmament does)."), say={"who": side})
        return
    state.austrians_disarmed = True
    n = austrians_on_board(state)
    log(state, N_("{who} disarms the Austro-Hungarian units: their Strength falls to 2 for good."), say={"who": side})
    change_supply(rules, state, side, n, because(N_("disarmed {units}"), units=(("austro-hungarian", n),)))


# ------------------------------------------------------------------------ the Negotiation order


def _step(side: Side) -> int:
    """Tracks run from the PL end (index 0) to the ZURL end."""
    return 1 if side == ZURL else -1


def negotiation_options(rules: Rules, state: State, side: Side) -> dict[Negotiate, int]:
    """The Negotiation orders open to ``side`` now, with their AP cost (§6.2, §13.1).

    One step of a marker towards the player's own end of the track, paying the AP printed on
    the space it moves to, +1 AP when it leaves the opponent's alliance. Once per turn. From
    Neutral, ZURL may take the Austro-Hungarians past 'Disarmament by ZURL' straight to the
    alliance without disarming them (FAQ): ``negotiate austro-hungarian zurl ally``."""
    if state.turn.negotiation:
        return {}
    out: dict[Negotiate, int] = {}
    for track in rules.scenario.negotiation:
        i = state.negotiation[track.neutral]
        j = i + _step(side)
        if not 0 <= j < len(track.spaces):
            continue
        here = track.spaces[i]
        breaking = 1 if here.stance == f"ally-{other(side)}" else 0
        out[Negotiate.of(track.neutral, side.lower())] = track.spaces[j].cost + breaking
        k = j + _step(side)
        if (
            side == ZURL and here.stance == "neutral" and track.spaces[j].stance == "disarmed-ZURL"
            and k < len(track.spaces) and track.spaces[k].stance == "ally-ZURL"
        ):
            out[Negotiate.of(track.neutral, side.lower(), True)] = track.spaces[k].cost
    return out


def negotiate(rules: Rules, state: State, side: Side, action: Negotiate) -> None:
    """Carry out a Negotiation order (one of ``negotiation_options``)."""
    cost = negotiation_options(rules, state, side)[action]
    neutral = action.neutral
    track = track_of(rules, neutral)
    assert track is not None  # negotiation_options offers only neutrals with a track
    steps = 2 if action.ally else 1
    index = state.negotiation[neutral] + steps * _step(side)
    target = track.spaces[index]
    state.turn.ap -= cost
    state.turn.negotiation = True
    if track.spaces[state.negotiation[neutral]].stance == f"ally-{other(side)}":
        why = N_("{who} Negotiation ({cost} AP, 1 of them to break the alliance)")
    elif steps == 2:
        why = N_("{who} Negotiation ({cost} AP, passing over the disarmament as the FAQ allows)")
    else:
        why = N_("{who} Negotiation ({cost} AP)")
    disarmed_by = side if target.stance == f"disarmed-{side}" else None
    move_marker(rules, state, neutral, index, because(why, who=side, cost=cost), disarmed_by=disarmed_by)


# ------------------------------------------------------------- neutrals met on the board (§13.2)


def enter_area(rules: Rules, state: State, side: Side, area: str, how: str = N_("ends a move")) -> None:
    """Units of ``side`` have come to rest in ``area`` (a move's end, a forced withdrawal, a
    Relief): a neutral Jewish Militia there allies with the opponent (§13.2)."""
    if neutral_militia(rules, state, area):
        ally_with(rules, state, MILITIA, other(side), because(N_("{who} {how} in {area_name}, where the Jewish Militia stands (§13.2)"), who=side, how=how,
                                                             area_name=rules.area_name(area)))


def austrians_defend(rules: Rules, state: State, area: str, attacker: Side) -> bool:
    """§13.2: attacked on purpose, the Austro-Hungarians "ally with the opponent side". Attacked
    by ZURL — the track has no PL alliance — they fight as PL's units for that battle only: PL
    takes their decisions, they neither evade nor withdraw (they do not move), and afterwards
    they are neutral again. True when ``attacker`` aims at neutral Austro-Hungarians in ``area``
    with no PL units of its own there."""
    if attacker != ZURL or track_of(rules, AUSTRIAN) is None or not neutral_units(rules, state, area).get(AUSTRIAN):
        return False
    return not any(n and TYPE_SIDE.get(t) == PL for t, n in state.units.get(area, {}).items())


def neutral_target(rules: Rules, state: State, area: str) -> bool:
    """An area a player may deliberately attack although no enemy is there: it holds neutral
    units only (the Jewish Militia and/or the Austro-Hungarians) — §13.2, FAQ "Artillery"."""
    return bool(neutral_units(rules, state, area)) and not count(rules, state, area, PL) and not count(rules, state, area, ZURL)


def attack_neutrals(rules: Rules, state: State, side: Side, area: str, how: str = N_("attacks")) -> None:
    """``side`` deliberately attacks the neutral units in ``area`` (an attack lined up on its
    border, an Assault, or Artillery aimed at them, FAQ). The Militia allies with the opponent;
    attacked by PL, the Austro-Hungarians ally with ZURL; attacked by ZURL they hand their arms
    to PL, whose track has no such space: they defend themselves as PL's units in the battle
    (or against the Artillery), and no marker moves (:func:`austrians_defend`)."""
    present = neutral_units(rules, state, area)
    reason = because(N_("{who} {how} the neutral units in {area_name} (§13.2)"), who=side, how=how, area_name=rules.area_name(area))
    if present.get(AUSTRIAN) and track_of(rules, AUSTRIAN) is not None:
        if side == PL:
            ally_with(rules, state, AUSTRIAN, ZURL, reason)
        else:
            text, say = reason_said(reason)
            log(state, N_("{reason}: they will defend themselves, with PL taking their decisions."), say={**say, "reason": text})
    if present.get(MILITIA):
        ally_with(rules, state, MILITIA, other(side), reason)
