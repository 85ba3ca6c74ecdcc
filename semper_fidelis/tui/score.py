"""The score as players want to read it: the End of Stage report, the final breakdown by
category (§3) and the Victory track round by round.

Everything is read from the public log, so it works the same for a game played now and one
loaded from a save.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..data.models import Scenario

VP_LINE = re.compile(r"^(PL|ZURL) ([+-]\d+) VP → (-?\d+) \((.*)\)\.$")
ROUND_LINE = re.compile(r"^— Round (\d+) ")

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


def stage_report(log: list[str], since: int) -> list[str] | None:
    """The lines of an End of Stage among ``log[since:]``: its header, the VP changes and the
    reinforcements that follow (up to the next round or the end of the game)."""
    lines = log[since:]
    start = next((i for i, line in enumerate(lines) if line.startswith("End of Stage")), None)
    if start is None:
        return None
    out = [lines[start]]
    for line in lines[start + 1:]:
        if line.startswith("— Round") or line.startswith("End of Stage"):
            break
        out.append(line)
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


def breakdown(scenario: Scenario, log: list[str]) -> Breakdown:
    result = Breakdown(start=_start_vp(scenario))
    for line in log:
        m = VP_LINE.match(line)
        if m:
            result.add(m.group(1), category(m.group(4)), int(m.group(2)))
    return result


def vp_history(scenario: Scenario, log: list[str]) -> list[tuple[int, int, int]]:
    """(round, PL VP, ZURL VP) after every round played (round 0: the start), from the VP
    lines of the log and its round headers; the last entry is the position now, also
    mid-round."""
    vp = _start_vp(scenario)
    points: list[tuple[int, int, int]] = []
    last_round = 0
    for line in log:
        m = ROUND_LINE.match(line)
        if m and int(m.group(1)) != last_round:  # a round begins: the one before is over
            points.append((last_round, vp["PL"], vp["ZURL"]))
            last_round = int(m.group(1))
            continue
        m = VP_LINE.match(line)
        if m:
            vp[m.group(1)] = int(m.group(3))
    if not points or points[-1][0] != last_round:
        points.append((last_round, vp["PL"], vp["ZURL"]))
    return points
