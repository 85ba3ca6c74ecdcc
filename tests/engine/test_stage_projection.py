"""The "VP if the Stage ended now" projection (issue 23): a Strategic Area whose own units are
lined up on a border to attack from it is still held — they stay in it until the battle — so
the projection the header shows keeps its VP."""

from __future__ import annotations

import random

import pytest

from semper_fidelis.engine import Game
from semper_fidelis.engine.occupancy import occupant, total
from semper_fidelis.engine.scoring import holder


def _emptied_by_an_attack() -> tuple[Game, str, str]:
    """Scenario 2, seed 0, random legal play: the first moment a Strategic Area is left empty by
    the attack groups lined up from it (found at action 104)."""
    game, rng = Game(scenario=2, seed=0), random.Random(0)
    for _ in range(400):
        st = game.state
        for groups in st.attacks.values():
            for g in groups:
                if g.origin in st.strategic and total(st, g.origin) == 0:
                    return game, g.origin, g.side
        game.apply(rng.choice(game.legal()))
    raise AssertionError("no such moment")


@pytest.mark.rule("§4.2", "§5.2")
def test_an_area_its_own_units_attack_from_keeps_its_strategic_vp():
    game, area, side = _emptied_by_an_attack()
    assert occupant(game.rules, game.state, area) is None  # nobody stands in it…
    assert holder(game.rules, game.state, area) == side  # …but its attackers are still its own
    held = sum(v for a, v in game.state.strategic.items() if holder(game.rules, game.state, a) == side)
    projection = dict(game.score_if_stage_ended()[side])
    assert projection["Strategic Areas occupied"] == held
    assert game.state.strategic[area] > 0 and held >= game.state.strategic[area]


def test_an_empty_area_nobody_attacks_from_is_held_by_nobody():
    game = Game(scenario=2, seed=0)
    empty = next(a for a in game.state.strategic if total(game.state, a) == 0)
    assert holder(game.rules, game.state, empty) is None
