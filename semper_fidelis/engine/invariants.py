"""Invariants of a game in progress, for the fuzz command and the property tests: every unit
and token somewhere and only once, tracks and areas within bounds, no dead end, the hand limit
at each turn's end.

They read the state, so they live in the engine; clients get them through
:class:`Invariants`. Each check returns problems as one-line strings (empty: all is well), so
the fuzz can report them with the seed and action index instead of stopping at an assert; each
is a :class:`~semper_fidelis.i18n.Said`, which the fuzz shows in the player's language.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..i18n import N_, Said
from .frames import frame_problem
from .occupancy import total
from .state import SIDES, State, Token

if TYPE_CHECKING:
    from .game import Game

#: a track out of its bounds, and a zone with a negative count, by their names in the state
OUTSIDE = {"morale": N_("{side} Morale {value} outside {low}..{high}"), "supply": N_("{side} Supply {value} outside {low}..{high}"),
           "vp": N_("{side} VP {value} outside {low}..{high}")}
NEGATIVE = {"mob": N_("the Mobilization Zone of {side} has a negative count"), "pool": N_("the pool of {side} has a negative count"),
            "broken": N_("the broken units of {side} have a negative count")}


def unit_counts(state: State) -> dict[str, int]:
    """Units of each type anywhere: board, borders, zones, pool, relief waiting."""
    seen: Counter[str] = Counter()
    for units in state.units.values():
        seen.update(units)
    for groups in state.attacks.values():
        for group in groups:
            seen.update(group.units)
    for zone in (state.mob, state.broken, state.pool, state.removed, state.relief_waiting):
        for units in zone.values():
            seen.update(units)
    return {t: n for t, n in seen.items() if n}


def all_tokens(state: State) -> list[Token]:
    """Every Supply Token object: on the board, in the hands, in the pool."""
    out = [t for ts in state.tokens.values() for t in ts]
    out += [t for side in SIDES for t in state.my_tokens[side]]
    return out + list(state.token_pool)


def token_counts(state: State) -> Counter[str]:
    return Counter(t.label() for t in all_tokens(state))


def shared_objects(state: State) -> list[Said]:
    """Pieces reachable from two places (e.g. one token on the board and in a hand): harmless
    while nobody changes them in place, corrupting both once someone does. The decision stack
    is not a place: its frames point at the pieces they work on (a border group's units)."""
    places: list[tuple[str, object]] = []
    for area, ts in state.tokens.items():
        places += [(f"tokens[{area}]", t) for t in ts]
    for side in SIDES:
        places += [(f"my_tokens[{side}]", t) for t in state.my_tokens[side]]
    places += [("token_pool", t) for t in state.token_pool]
    for area, groups in state.attacks.items():
        places += [(f"attacks[{area}]", g) for g in groups] + [(f"attacks[{area}] units", g.units) for g in groups]
    places += [(f"units[{area}]", u) for area, u in state.units.items()]
    for zone in ("mob", "broken", "pool", "removed", "relief_waiting", "hand", "deck", "discard"):
        places += [(f"{zone}[{k}]", v) for k, v in getattr(state, zone).items()]
    seen: dict[int, str] = {}
    problems = []
    for where, obj in places:
        if id(obj) in seen:
            problems.append(Said(N_("one {kind} is both in {first} and in {second}"), kind=type(obj).__name__, first=seen[id(obj)], second=where))
        seen[id(obj)] = where
    return problems


@dataclass(frozen=True)
class Baseline:
    """What must stay constant through a game: its units and tokens."""

    units: dict[str, int]
    tokens: Counter[str]

    @classmethod
    def of(cls, game: Game) -> Baseline:
        return cls(unit_counts(game.state), token_counts(game.state))


def check_state(game: Game, baseline: Baseline) -> list[Said]:
    """Conservation, bounds and the absence of aliasing, after any action."""
    s, rules = game.state, game.rules
    problems = []
    if unit_counts(s) != baseline.units:
        problems.append(Said(N_("units not conserved: {changes}"), changes=_diff(baseline.units, unit_counts(s))))
    if token_counts(s) != baseline.tokens:
        problems.append(Said(N_("tokens not conserved: {changes}"), changes=_diff(baseline.tokens, token_counts(s))))
    problems += shared_objects(s)
    tracks = rules.data.tracks
    bounds = {"morale": rules.morale_range, "supply": rules.supply_range, "vp": (tracks.victory_min, tracks.victory_max)}
    for side in SIDES:
        for track, (lo, hi) in bounds.items():
            value = getattr(s, track)[side]
            if not lo <= value <= hi:
                problems.append(Said(OUTSIDE[track], side=side, value=value, low=lo, high=hi))
        for zone in ("mob", "pool", "broken"):
            if any(n < 0 for n in getattr(s, zone)[side].values()):
                problems.append(Said(NEGATIVE[zone], side=side))
    if s.destruction is not None and not 0 <= s.destruction <= len(rules.scenario.destruction_track):
        problems.append(Said(N_("Destruction {value} off its track"), value=s.destruction))
    for area, units in s.units.items():
        if total(s, area) > rules.limit[area]:
            problems.append(Said(N_("{area} holds {count} units, over its limit {limit}"), area=area, count=total(s, area), limit=rules.limit[area]))
        if any(n < 0 for n in units.values()):
            problems.append(Said(N_("{area} has a negative unit count"), area=area))
    if s.turn.ap < 0:
        problems.append(Said(N_("negative AP {ap}"), ap=s.turn.ap))
    if not game.over and not game.legal():
        problems.append(Said(N_("dead end: the game is not over and nothing is legal")))
    return problems


def check_hand_limit(game: Game) -> list[Said]:
    """§5.1 [4]: at the end of a turn no hand holds more than the hand limit."""
    limit = game.rules.data.tracks.hand_limit
    return [Said(N_("{side} holds {count} cards at the turn's end (limit {limit})"), side=side, count=len(game.state.hand[side]), limit=limit)
            for side in SIDES if len(game.state.hand[side]) > limit]


class Invariants:
    """The checks for one game, run after each of its actions; ``counts`` tells how many of
    each kind ran (the hand limit is checked only when a turn ends)."""

    def __init__(self, game: Game):
        self.baseline = Baseline.of(game)
        self.turn = _turn(game)
        self.counts: Counter[str] = Counter()

    def check(self, game: Game) -> list[tuple[str, Said]]:
        """(check, problem) pairs for the position now."""
        self.counts["state"] += 1
        problems = [("state", p) for p in check_state(game, self.baseline)]
        turn = _turn(game)
        if turn != self.turn or game.over:
            self.turn = turn
            self.counts["hand limit"] += 1
            problems += [("hand limit", p) for p in check_hand_limit(game)]
        return problems


    def frames(self, game: Game) -> list[tuple[str, Said]]:
        """Every frame the engine builds fits the schema a loaded position is held to (a frame
        the engine makes but a position may not hold would make saved positions unloadable)."""
        self.counts["frames"] += 1
        problems = ((i, frame_problem(game.rules, f)) for i, f in enumerate(game.state.stack))
        return [("frames", Said(N_("frame {number}: {problem}"), number=i + 1, problem=p)) for i, p in problems if p]


def _turn(game: Game) -> tuple[int, int]:
    return game.state.round, game.state.turn_index


def _diff(before: dict[str, int], after: dict[str, int]) -> str:
    keys = sorted(set(before) | set(after))
    return ", ".join(f"{k} {before.get(k, 0)}→{after.get(k, 0)}" for k in keys if before.get(k, 0) != after.get(k, 0))
