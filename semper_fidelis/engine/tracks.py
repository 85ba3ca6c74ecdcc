"""Moving the markers: Morale (§8), Supply (§7.1), Victory (§3) and Destruction (§12), each
change logged with its reason; the Destruction skull and Morale's overflow into Destruction."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from ..data.models import Side
from ..i18n import N_, SOURCE_LANGUAGE
from .events import NO_FIELDS, event
from .outcome import Outcome, Termination
from .rules import Rules
from .state import PL, ZURL, State
from .wording import reason_words

#: why a track moved: a marked text (``N_``) or a name, or a template with its fields made by
#: :func:`because`; its English is the event's ``reason`` fact, the template is kept beside it
#: (``say["why"]``) so the reason shows in the player's language (wording.event_reason)
Reason = str | tuple[str, tuple[tuple[str, Any], ...]]


def because(template: str, **fields: Any) -> Reason:
    """A reason made from a template: ``because(N_("lost control of Strategic Area {area_name}"),
    area_name=name)``; a field may itself be a reason."""
    return template, tuple(sorted(fields.items()))


def reason_said(reason: Reason) -> tuple[str, Mapping[str, Any]]:
    """The reason's English (the ``reason`` fact records and peers read) and what to keep of it."""
    if isinstance(reason, str):
        return reason, NO_FIELDS
    return reason_words(reason, SOURCE_LANGUAGE, ours=True), {"why": reason}


def log(state: State, msg: str, side: Side | None = None, *, say: Mapping[str, Any] = NO_FIELDS, **areas: str | None) -> None:
    """A line of the log with no structure of its own (a ``note`` event): its template ``msg``
    and ``say`` (events.event); ``areas``: the ``AREA_FACTS`` of what it changed on the map
    (events.py), and ``side``: who did it."""
    facts: dict[str, Any] = {"side": side} if side else {}
    facts.update(areas)
    event(state, "note", msg, say=say, **facts)


def end_game(state: State, winner: Side | None, termination: Termination, reason: Reason) -> None:
    if state.result is None:
        text, say = reason_said(reason)
        state.result = Outcome(winner, termination, text, dict(state.vp))
        state.phase = "over"
        state.stack.clear()
        event(state, "game-over", N_("Game over: {reason} — {winner} wins.") if winner else N_("Game over: {reason} — a draw."),
              winner=winner, reason=text, say=say)


def change_morale(rules: Rules, state: State, side: Side, delta: int, reason: Reason) -> None:
    """Move a Morale marker; PL falling below the bottom space in scenarios with a Destruction
    track moves Destruction instead (§8, §12)."""
    lo, hi = rules.morale_range
    for _ in range(abs(delta)):
        step = 1 if delta > 0 else -1
        new = state.morale[side] + step
        if new < lo:
            if side == PL and rules.has_destruction:
                change_destruction(rules, state, 1, because(N_("PL Morale at its lowest ({reason})"), reason=reason))
            continue
        if new > hi:
            continue
        state.morale[side] = new
        text, say = reason_said(reason)
        event(state, "track", N_("{side} Morale {delta:+d} → {value} ({reason})."),
              side=side, track="morale", delta=step, value=new, reason=text, say=say)


def change_supply(rules: Rules, state: State, side: Side, delta: int, reason: Reason) -> None:
    lo, hi = rules.supply_range
    new = max(lo, min(hi, state.supply[side] + delta))
    if new != state.supply[side]:
        state.supply[side] = new
        text, say = reason_said(reason)
        event(state, "track", N_("{side} Supply {delta:+d} → {value} ({reason})."),
              side=side, track="supply", delta=delta, value=new, reason=text, say=say)


def change_vp(rules: Rules, state: State, side: Side, delta: int, reason: Reason) -> None:
    tracks = rules.data.tracks
    new = max(tracks.victory_min, min(tracks.victory_max, state.vp[side] + delta))
    if delta:
        state.vp[side] = new
        text, say = reason_said(reason)
        event(state, "track", N_("{side} {delta:+d} VP → {value} ({reason})."),
              side=side, track="vp", delta=delta, value=new, reason=text, say=say)


def change_destruction(rules: Rules, state: State, steps: int, reason: Reason) -> None:
    """Positive ``steps`` move the marker down the track (worse). The skull ends the game (§12)."""
    if state.destruction is None:
        return
    skull = len(rules.scenario.destruction_track)
    new = max(0, min(skull, state.destruction + steps))
    if new == state.destruction:
        return
    state.destruction = new
    text, say = reason_said(reason)
    if new == skull:
        log(state, N_("Destruction reaches the skull ({reason})."), say={**say, "reason": text})
        end_game(state, ZURL, Termination.HUMANITARIAN_CRISIS, N_("Humanitarian Crisis: the Destruction marker reached the skull (§12)"))
    else:
        value = rules.scenario.destruction_track[new]
        event(state, "track", N_("Destruction down to space {space} ({vp} VP) ({reason}).") if steps > 0 else N_("Destruction up to space {space} ({vp} VP) ({reason})."),
              side=None, track="destruction", delta=steps, value=new, reason=text, say={**say, "space": new + 1, "vp": value})


def morale_band(rules: Rules, state: State, side: Side) -> Literal["low", "high"]:
    return rules.morale_band[state.morale[side]]


def strength(rules: Rules, state: State, side: Side, utype: str) -> int:
    """Strength of one unit from its side's Supply level (§7.1, §13.2)."""
    tracks = rules.data.tracks
    if utype == "jewish-militia":
        return tracks.militia_strength
    if utype == "austro-hungarian":
        return tracks.austro_hungarian_disarmed_strength if state.austrians_disarmed else tracks.austro_hungarian_strength
    vol, elite = rules.strength[state.supply[side]]
    return elite if utype in ("pl-soldier", "sich-rifleman") else vol
