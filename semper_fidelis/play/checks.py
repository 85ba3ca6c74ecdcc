"""Invariants of a game in progress, for the fuzz command and the property tests.

Each check returns problems as one-line strings (empty: all is well), so the fuzz can report
them with the seed and action index instead of stopping at the first assert.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from ..engine.game import Game
from ..engine.occupancy import total
from ..engine.rules import Rules
from ..engine.state import SIDES, State, other
from ..engine.view import view_state


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


def all_tokens(state: State) -> list:
    """Every Supply Token object: on the board, in the hands, in the pool."""
    out = [t for ts in state.tokens.values() for t in ts]
    out += [t for side in SIDES for t in state.my_tokens[side]]
    return out + list(state.token_pool)


def token_counts(state: State) -> Counter[str]:
    return Counter(t.label() for t in all_tokens(state))


def shared_objects(state: State) -> list[str]:
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
            problems.append(f"one {type(obj).__name__} is both in {seen[id(obj)]} and in {where}")
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


def check_state(game: Game, baseline: Baseline) -> list[str]:
    """Conservation, bounds and the absence of aliasing, after any action."""
    s, rules = game.state, game.rules
    problems = []
    if unit_counts(s) != baseline.units:
        problems.append(f"units not conserved: {_diff(baseline.units, unit_counts(s))}")
    if token_counts(s) != baseline.tokens:
        problems.append(f"tokens not conserved: {_diff(baseline.tokens, token_counts(s))}")
    problems += shared_objects(s)
    tracks = rules.data.tracks
    bounds = {"morale": rules.morale_range, "supply": rules.supply_range, "vp": (tracks.victory_min, tracks.victory_max)}
    for side in SIDES:
        for track, (lo, hi) in bounds.items():
            value = getattr(s, track)[side]
            if not lo <= value <= hi:
                problems.append(f"{side} {track} {value} outside {lo}..{hi}")
        for zone in ("mob", "pool", "broken"):
            if any(n < 0 for n in getattr(s, zone)[side].values()):
                problems.append(f"{side} {zone} has a negative count")
    if s.destruction is not None and not 0 <= s.destruction <= len(rules.scenario.destruction_track):
        problems.append(f"destruction {s.destruction} off its track")
    for area, units in s.units.items():
        if total(s, area) > rules.limit[area]:
            problems.append(f"{area} holds {total(s, area)} units, over its limit {rules.limit[area]}")
        if any(n < 0 for n in units.values()):
            problems.append(f"{area} has a negative unit count")
    if s.turn.ap < 0:
        problems.append(f"negative AP {s.turn.ap}")
    if not game.over and not game.legal():
        problems.append("dead end: the game is not over and nothing is legal")
    return problems


def check_hand_limit(game: Game) -> list[str]:
    """§5.1 [4]: at the end of a turn no hand holds more than the hand limit."""
    limit = game.rules.data.tracks.hand_limit
    return [f"{side} holds {len(game.state.hand[side])} cards at the turn's end (limit {limit})"
            for side in SIDES if len(game.state.hand[side]) > limit]


def scrambled(state: State, player: str, rng: random.Random) -> State:
    """A copy of ``state`` that differs only in what ``player`` cannot see: the opponent's hand
    (dealt again from hand and deck), every deck's order, and the face of every token hidden
    from ``player`` (swapped among tokens with the same visible 'only' mark)."""
    s = state.clone()
    opponent = other(player)
    cards = s.hand[opponent] + s.deck[opponent]
    rng.shuffle(cards)
    n = len(s.hand[opponent])
    s.hand[opponent], s.deck[opponent] = cards[:n], cards[n:]
    rng.shuffle(s.deck[player])
    rng.shuffle(s.battle_deck)
    for side in SIDES:
        rng.shuffle(s.commander_deck[side])
    hidden = [t for ts in s.tokens.values() for t in ts if not t.face_up]
    hidden += s.my_tokens[opponent] + s.token_pool
    by_mark: dict[str | None, list] = {}
    for token in hidden:
        by_mark.setdefault(token.only, []).append(token)
    for group in by_mark.values():
        faces = [(t.kind, t.value) for t in group]
        rng.shuffle(faces)
        for token, (kind, value) in zip(group, faces):
            token.kind, token.value = kind, value
    s.rng.seed(rng.random())
    return s


def check_no_leak(game: Game, player: str, rng: random.Random) -> list[str]:
    """``view(player)`` must not change when only what ``player`` cannot see changes."""
    rules: Rules = game.rules
    seen = view_state(rules, game.state, player)
    other_world = view_state(rules, scrambled(game.state, player, rng), player)
    if seen == other_world:
        return []
    keys = sorted(k for k in seen.keys() | other_world.keys() if seen.get(k) != other_world.get(k))
    return [f"view({player}) reveals hidden information through: {', '.join(keys)}"]


def _diff(before, after) -> str:
    keys = sorted(set(before) | set(after))
    return ", ".join(f"{k} {before.get(k, 0)}→{after.get(k, 0)}" for k in keys if before.get(k, 0) != after.get(k, 0))
