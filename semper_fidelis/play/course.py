"""The course of a game as numbers to chart: VP, Morale and Supply of both sides round by round,
with the battles fought and the Stage ends, read from the game's events (never its log).

The x axis counts rounds played: 0 is the start of the first round, ``r`` the end of round ``r``.
Every event gets a place on it — the ``i``-th of ``k`` events of round ``r`` sits at
``r - 1 + (i + 1) / (k + 1)`` — so a battle, a Stage end or the step a viewer shows falls inside
its round, in the order things happened. A game started from a position begins at that
position's round and values.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..data.models import Side
from ..engine import Event, Game
from ..i18n import N_

SIDES: tuple[Side, Side] = ("PL", "ZURL")
#: the tracks charted, as the engine's ``track`` events name them
TRACKS = ("vp", "morale", "supply")
TRACK_NAMES = {"vp": N_("VP"), "morale": N_("Morale"), "supply": N_("Supply")}  # shown through i18n._


@dataclass(frozen=True)
class Mark:
    """Something to mark on the chart: a battle (``what`` the area, ``side`` the winner) or a
    Stage end (``what`` the Stage number)."""

    x: float
    round: int
    what: str
    side: str | None = None


@dataclass(frozen=True)
class Course:
    """``xs`` the points charted (the start and the end of every round played, and the last
    event's place if the game stopped mid-round); ``values[track][side]`` one value per point;
    ``event_x`` the place of every event, for a cursor."""

    xs: tuple[float, ...]
    values: Mapping[str, Mapping[str, tuple[int, ...]]]
    battles: tuple[Mark, ...]
    stage_ends: tuple[Mark, ...]
    event_x: tuple[float, ...]
    first_round: int

    def x_after(self, events_seen: int) -> float:
        """Where the game stands after its first ``events_seen`` events (0: the start)."""
        if events_seen <= 0 or not self.event_x:
            return self.xs[0]
        return self.event_x[min(events_seen, len(self.event_x)) - 1]


#: events that record a step the engine passed for a side (a hot seat presents it later): not
#: something that happened on the board, so they take no room on the axis
NO_ROOM = frozenset({"quiet-step"})


def _places(events: Sequence[Event]) -> list[float]:
    per_round: dict[int, int] = {}
    for e in events:
        if e.kind not in NO_ROOM:
            per_round[e.round] = per_round.get(e.round, 0) + 1
    seen: dict[int, int] = {}
    out = []
    for e in events:
        i = seen.get(e.round, 0)
        if e.kind not in NO_ROOM:
            seen[e.round] = i = i + 1
        out.append(e.round - 1 + i / (per_round.get(e.round, 0) + 1))
    return out


def build(start: Mapping[str, Mapping[str, int]], first_round: int, events: Sequence[Event]) -> Course:
    """The course from the starting values (``start[track][side]``), the round the game started
    in and all its events in order (hidden ones too: they only take their place on the axis)."""
    now = {t: dict(start[t]) for t in TRACKS}
    xs: list[float] = [first_round - 1]
    values: dict[str, dict[str, list[int]]] = {t: {s: [now[t][s]] for s in SIDES} for t in TRACKS}
    battles: list[Mark] = []
    stages: list[Mark] = []
    places = _places(events)

    def point(x: float) -> None:
        xs.append(x)
        for t in TRACKS:
            for s in SIDES:
                values[t][s].append(now[t][s])

    current = first_round
    for e, x in zip(events, places, strict=True):
        if e.round != current:
            point(current)
            current = e.round
        if e.visible != "all":
            continue
        if e.kind == "track" and e.get("track") in TRACKS and e.get("side") in SIDES:
            now[e["track"]][e["side"]] = e["value"]
        elif e.kind == "battle":
            battles.append(Mark(x, e.round, e["area"], e.get("winner")))
        elif e.kind == "stage":
            stages.append(Mark(x, e.round, str(e["stage"])))
    if places:  # the last round: to its end if the game is over, else to where it stopped
        over = any(e.kind == "game-over" for e in events)
        point(current if over else places[-1])
    return Course(tuple(xs), {t: {s: tuple(v) for s, v in values[t].items()} for t in TRACKS},
                  tuple(battles), tuple(stages), tuple(places), first_round)


def start_of(game: Game) -> tuple[dict[str, dict[str, int]], int]:
    """The values the game started with and its first round: the scenario card's, or those of
    the position it was started from."""
    sides = game.scenario.sides
    values: dict[str, dict[str, int]] = {t: {s: getattr(sides[s], t) for s in SIDES} for t in TRACKS}
    position = game.start  # the Position it was started from, if any (what its record carries)
    if position is None:
        return values, 1
    for t in TRACKS:  # what the position leaves out (a track, a side, the round) is the opening's
        values[t].update(getattr(position, t) or {})
    return values, position.round or 1


def course_of(game: Game) -> Course:
    """The course of ``game`` so far."""
    start, first = start_of(game)
    return build(start, first, game.events(None))
