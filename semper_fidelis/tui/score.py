"""The score as players want to read it: the End of Stage report, the final breakdown by
category (§3) and the Victory track round by round.

Everything is read from the public log and by replaying the game record, so it works the
same for a game played now and one loaded from a save.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..engine import Game

VP_LINE = re.compile(r"^(PL|ZURL) ([+-]\d+) VP → (-?\d+) \((.*)\)\.$")

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


def breakdown(game: Game) -> Breakdown:
    sides = game.rules.scenario.sides
    result = Breakdown(start={s: sides[s].vp if s in sides else 0 for s in ("PL", "ZURL")})
    for line in game.state.log:
        m = VP_LINE.match(line)
        if m:
            result.add(m.group(1), category(m.group(4)), int(m.group(2)))
    return result


def vp_history(game: Game) -> list[tuple[int, int, int]]:
    """(round, PL VP, ZURL VP) after every round played (round 0: the start), by replaying the
    record; the last entry is the position now, also mid-round."""
    replay = Game(game.rules.number, game.seed, game.options, data=game.rules.data)
    vp = replay.state.vp
    points = [(0, vp["PL"], vp["ZURL"])]
    last_round = replay.state.round
    for action in game.actions:
        replay.apply(action)
        if replay.state.round != last_round:  # the round ended (scoring included) on the way
            points.append((last_round, vp["PL"], vp["ZURL"]))
            last_round = replay.state.round
    if points[-1][0] != last_round:
        points.append((last_round, vp["PL"], vp["ZURL"]))
    return points
