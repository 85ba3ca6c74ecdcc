"""The score as players want to read it: the End of Stage report and the final breakdown by
category (§3) (the Victory track round by round is charted from play/course.py).

Everything is read from the game's public events (a ``stage`` event opens an End of Stage, a
``track`` event with ``track == "vp"`` is a VP change with its side, delta, value and reason),
so it works the same for a game played now and one loaded from a save.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..data.models import Scenario
from ..engine import Event

CATEGORIES = (
    ("Start", ()),
    ("Strategic Areas", ("strategic area",)),
    ("Morale", ("morale on the",)),
    ("Alliances", ("alliance",)),
    ("Broken units", ("broken units",)),
    ("Fallen Commanders", ("fallen commander",)),
    ("Destruction", ("destruction",)),
    ("Cards and other", ()),
)


def category(reason: str) -> str:
    low = reason.lower()
    for name, keys in CATEGORIES:
        if any(k in low for k in keys):
            return name
    return "Cards and other"


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
