"""The score as players want to read it: the End of Stage report and the final breakdown by
category (§3) (the Victory track round by round is charted from play/course.py).

Everything is read from the game's public events (a ``stage`` event opens an End of Stage, a
``track`` event with ``track == "vp"`` is a VP change with its side, delta, value and reason),
so it works the same for a game played now and one loaded from a save.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..data.models import Scenario
from ..engine import Event
from ..i18n import N_, _

#: the categories of the final score (their names marked: shown through ``_``), each with the
#: words of the engine's VP reasons that put a change in it
CATEGORIES = (
    (N_("Start"), ()),
    (N_("Strategic Areas"), ("strategic area",)),
    (N_("Morale"), ("morale on the",)),
    (N_("Alliances"), ("alliance",)),
    (N_("Broken units"), ("broken units",)),
    (N_("Fallen Commanders"), ("fallen commander",)),
    (N_("Destruction"), ("destruction",)),
    (N_("Cards and other"), ()),
)
#: how a game ended, in words, by its termination (engine/outcome.py): the engine's own reason
#: is English and stays in the record; the screens say it in the player's language
REASONS = {
    "end-of-game": N_("end of the game: PL {pl} VP, ZURL {zurl} VP"),
    "lead": N_("a lead of {lead} VP or more (§3)"),
    "humanitarian-crisis": N_("Humanitarian Crisis: the Destruction marker reached the skull (§12)"),
    "supply-cut": N_("Supply Cut: ZURL is cut off from Winniki (Scenario 3)"),
}


def category(reason: str) -> str:
    low = reason.lower()
    for name, keys in CATEGORIES:
        if any(k in low for k in keys):
            return name
    return "Cards and other"


def outcome_reason(result: Mapping[str, Any] | None, lead: int) -> str:
    """Why the game ended (a view's ``result``), in the current language; a result without a
    known termination (an old record's) keeps its own words."""
    if not result:
        return ""
    reason = REASONS.get(str(result.get("termination")))
    if reason is None:
        return str(result["reason"])
    return _(reason, pl=result["vp"]["PL"], zurl=result["vp"]["ZURL"], lead=lead)


def is_vp(event: Event) -> bool:
    return event.kind == "track" and event.get("track") == "vp"


def stage_report(events: Sequence[Event], since: int = 0) -> list[Event] | None:
    """The events of an End of Stage among ``events[since:]``: its ``stage`` event, the VP
    changes and the reinforcements that follow (up to the next turn or End of Stage)."""
    tail = events[since:]
    start = next((i for i, e in enumerate(tail) if e.kind == "stage"), None)
    if start is None:
        return None
    out = [tail[start]]
    for e in tail[start + 1:]:
        if e.kind in ("turn", "stage"):
            break
        if e.text:
            out.append(e)
    return out


@dataclass
class Breakdown:
    start: dict[str, int]
    rows: dict[str, dict[str, int]] = field(default_factory=dict)  # category -> side -> VP

    def add(self, side: str, cat: str, vp: int) -> None:
        self.rows.setdefault(cat, {"PL": 0, "ZURL": 0})[side] += vp

    def total(self, side: str) -> int:
        return self.start[side] + sum(r[side] for r in self.rows.values())


def _start_vp(scenario: Scenario) -> dict[str, int]:
    sides = scenario.sides
    return {s: sides[s].vp if s in sides else 0 for s in ("PL", "ZURL")}


def breakdown(scenario: Scenario, events: Sequence[Event]) -> Breakdown:
    result = Breakdown(start=_start_vp(scenario))
    for e in events:
        if is_vp(e):
            result.add(e["side"], category(e["reason"]), e["delta"])
    return result
