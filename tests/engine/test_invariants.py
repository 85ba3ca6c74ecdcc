"""Property test (issue 3): random legal games of every scenario, with the game's
invariants checked after every action."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from semper_fidelis.engine.game import Game
from semper_fidelis.engine.occupancy import total


def conservation(game: Game) -> dict[str, int]:
    """Units of each type anywhere: board, borders, zones, pool, relief waiting."""
    s = game.state
    seen: dict[str, int] = {}

    def add(units):
        for t, n in units.items():
            seen[t] = seen.get(t, 0) + n

    for units in s.units.values():
        add(units)
    for groups in s.attacks.values():
        for g in groups:
            add(g.units)
    for zone in (s.mob, s.broken, s.pool, s.removed, s.relief_waiting):
        for units in zone.values():
            add(units)
    return seen


def check(game: Game, components: dict[str, int]) -> None:
    s, rules = game.state, game.rules
    assert conservation(game) == components, "every unit is somewhere: board, border, zones or pool"
    lo, hi = rules.morale_range
    slo, shi = rules.supply_range
    for side in ("PL", "ZURL"):
        assert lo <= s.morale[side] <= hi
        assert slo <= s.supply[side] <= shi
        assert rules.data.tracks.victory_min <= s.vp[side] <= rules.data.tracks.victory_max
        assert len(s.hand[side]) <= rules.data.tracks.hand_limit
        assert all(n >= 0 for zone in (s.mob, s.pool, s.broken) for n in zone[side].values())
    if s.destruction is not None:
        assert 0 <= s.destruction <= len(rules.scenario.destruction_track)
    for area in s.units:
        assert total(s, area) <= rules.limit[area], f"{area} over its limit"
        assert all(n >= 0 for n in s.units[area].values())
    assert s.turn.ap >= 0, "AP never negative"
    if not game.over:
        assert game.legal(), "no dead end"


@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_random_games_keep_invariants(scenario: int, seed: int) -> None:
    game = Game(scenario, seed)
    components = {u.id: u.count for u in game.rules.data.components.units}
    rng = random.Random(seed)
    check(game, components)
    while not game.over:
        game.apply(rng.choice(game.legal()))
        check(game, components)
        if game.state.revealed:
            assert not game.can_undo, "undo never crosses a reveal"
        assert len(game.actions) < 20_000
    replay = Game.from_record(game.record())
    assert replay.state.digest() == game.state.digest(), "the record replays to the identical state"


def test_every_scenario_finishes() -> None:
    for scenario in range(1, 6):
        game = Game(scenario, 7)
        rng = random.Random(7)
        while not game.over:
            game.apply(rng.choice(game.legal()))
        assert game.state.result.reason
