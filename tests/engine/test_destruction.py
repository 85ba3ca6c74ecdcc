"""Destruction (§12, §8, §3): its three triggers, Food and Propaganda moving it back, ZURL's
end-of-game deduction and the skull's immediate ZURL victory, in Scenarios 2, 4 and 5.

Scenario 2's track: 0, -1, -1, -2, -2, -3, -3, -4, -5, then the skull (``state.destruction`` is
the marker's space from 0; the skull is index 9)."""

from __future__ import annotations

import pytest
from helpers import (
    PL,
    ZURL,
    battle_frame,
    empty_board,
    force_battle_card,
    give_tokens,
    new_game,
    order,
    put,
)

from semper_fidelis.engine.game import Game
from semper_fidelis.engine.outcome import Termination
from semper_fidelis.engine.scoring import score_stage
from semper_fidelis.engine.tracks import change_morale


def _board(scenario: int = 2, ap: int = 10) -> Game:
    """PL's Orders Phase on an empty board (Scenarios 4 and 5: ZURL's, who has the initiative —
    the tests that need PL use Scenario 2)."""
    g = new_game(scenario, seed=5)
    s = g.state
    empty_board(g)
    s.strategic = {}
    s.hand[PL], s.hand[ZURL] = [], []
    s.my_tokens[PL], s.my_tokens[ZURL] = [], []
    s.turn.ap = ap
    return g


def _city_battle(defenders: str) -> Game:
    """PL 10 Volunteers (Supply 6: Strength 30 → 6 BP, +1 for two sides) attack ZURL Volunteers
    (Strength 3 each) in Rynek (City); the battle card is 0:0."""
    g = _board()
    s = g.state
    s.supply[PL], s.supply[ZURL] = 6, 6
    put(g, "rynek", ZURL, defenders)
    put(g, "dom-akademicki", PL, "5v")
    put(g, "sejm-krajowy", PL, "5v")
    order(g, "move", "dom-akademicki", "5v", "rynek via dom-akademicki attack")
    order(g, "move", "sejm-krajowy", "5v", "rynek via sejm-krajowy attack")
    force_battle_card(g, 0, 0)
    g.apply("end")
    g.apply("battle rynek")
    return g


# ----------------------------------------------------------------------------------- triggers


@pytest.mark.rule("§12", "ruling:destruction")
def test_city_battle_of_10_bp_in_total_moves_destruction():
    """§12: 'A Battle in a City Area resulting in a sum of 10 BPs or more from both sides'."""
    g = _city_battle("3v")  # 7 : 3 BP
    bp = battle_frame(g)["bp"]
    assert bp["a"] + bp["d"] == 10
    assert g.state.destruction == 1


@pytest.mark.rule("§12", "ruling:destruction")
def test_city_battle_under_10_bp_does_not():
    """§12: 9 BP in total is not enough."""
    g = _city_battle("2v")  # 7 : 2 BP
    bp = battle_frame(g)["bp"]
    assert bp["a"] + bp["d"] == 9
    assert g.state.destruction == 0


@pytest.mark.rule("§12", "ruling:destruction")
def test_battle_outside_the_city_does_not_move_destruction():
    """§12: only battles in City Areas count — Zamarstynów is a Suburb."""
    g = _board()
    s = g.state
    s.supply[PL], s.supply[ZURL] = 9, 9
    put(g, "zamarstynow", ZURL, "6v")
    put(g, "holosko", PL, "6v")
    put(g, "kleparow", PL, "6v")
    order(g, "move", "holosko", "6v", "zamarstynow via holosko attack")
    order(g, "move", "kleparow", "6v", "zamarstynow via kleparow attack")
    force_battle_card(g, 1, 1)
    g.apply("end")
    g.apply("battle zamarstynow")
    bp = battle_frame(g)["bp"]
    assert bp["a"] + bp["d"] >= 10
    assert s.destruction == 0


@pytest.mark.rule("§7.2 Artillery", "§12", "ruling:destruction")
@pytest.mark.parametrize("area, moved", [("rynek", 1), ("zamarstynow", 0)])
def test_artillery_in_a_city_area_moves_destruction(area, moved):
    """§7.2, §12: an Artillery token used on a City Area moves the marker; on a Suburb it does not."""
    g = _board()
    put(g, area, ZURL, "2v")
    give_tokens(g, PL, "artillery1")
    g.apply("use artillery1")
    g.apply(f"artillery {area}")
    assert g.state.destruction == moved


@pytest.mark.rule("§8 Destruction", "§12", "ruling:destruction")
def test_pl_morale_below_the_bottom_moves_destruction_instead():
    """§8, §12: PL Morale on its lowest space having to fall again moves Destruction, one step per
    step of Morale; ZURL's Morale never does."""
    g = _board()
    s = g.state
    lo = g.rules.morale_range[0]
    s.morale[PL] = lo + 1
    change_morale(g.rules, s, PL, -3, "test")
    assert s.morale[PL] == lo and s.destruction == 2
    s.morale[ZURL] = lo
    change_morale(g.rules, s, ZURL, -1, "test")
    assert s.destruction == 2


@pytest.mark.rule("§12")
@pytest.mark.parametrize("scenario", [1, 3])
def test_no_destruction_outside_scenarios_2_4_5(scenario):
    """§12: 'This rule only applies to Scenarios 2, 4, and 5'."""
    g = new_game(scenario, seed=5)
    s = g.state
    assert s.destruction is None
    s.morale[PL] = g.rules.morale_range[0]
    change_morale(g.rules, s, PL, -1, "test")
    assert s.destruction is None


# ------------------------------------------------------------------------- moving it back (§12)


@pytest.mark.rule("§7.2 Food", "§12", "ruling:destruction")
def test_food_token_moves_destruction_back_for_pl_only():
    """§7.2, §12: PL may use a Food token to move the marker up 1 step; ZURL has no such option."""
    g = _board()
    s = g.state
    s.destruction = 3
    give_tokens(g, PL, "food1")
    assert "use food1 destruction" in g.legal()
    g.apply("use food1 destruction")
    assert s.destruction == 2
    s.turn.specific_token = False
    give_tokens(g, ZURL, "food1")
    from semper_fidelis.engine.orders import _specific_uses

    assert not any("destruction" in u for u in _specific_uses(g.rules, s, ZURL))


@pytest.mark.rule("§6.2 Propaganda", "§12", "ruling:propaganda")
def test_propaganda_moves_destruction_back_once_per_turn():
    """§6.2, §12: Propaganda (3 AP, once per Turn) may move the marker up 1 step instead of Morale."""
    g = _board()
    s = g.state
    s.destruction = 3
    g.apply("propaganda destruction")
    assert s.destruction == 2 and s.turn.ap == 7
    assert not any(a.startswith("propaganda") for a in g.legal())


@pytest.mark.rule("§12", "ruling:destruction")
def test_nothing_to_move_back_on_the_first_space():
    """The marker cannot go above the first space: with it there, neither is offered."""
    g = _board()
    give_tokens(g, PL, "food1")
    assert "propaganda destruction" not in g.legal()
    assert "use food1 destruction" not in g.legal()


# ------------------------------------------------------------------------- the end of the game


@pytest.mark.rule("§3", "§12", "ruling:destruction")
@pytest.mark.parametrize("scenario, space, vp", [(2, 0, 0), (2, 4, -2), (2, 8, -5), (4, 5, -3), (5, 3, -2)])
def test_zurl_loses_the_vp_of_the_marker_space_at_the_end(scenario, space, vp):
    """§3, §12: at the end of the game ZURL subtracts the VP printed on the marker's space (the
    last stage's scoring lists 'Destruction'); PL loses nothing."""
    def final(destruction: int) -> dict[str, int]:
        g = new_game(scenario, seed=5)
        s = g.state
        s.round = len(g.rules.scenario.time_track)  # the last stage
        s.destruction = destruction
        before = dict(s.vp)
        score_stage(g.rules, s)
        return {side: s.vp[side] - before[side] for side in (PL, ZURL)}

    base, now = final(0), final(space)
    assert now[ZURL] - base[ZURL] == vp
    assert now[PL] == base[PL]


@pytest.mark.rule("Scenario 2", "§12")
def test_destruction_is_not_scored_before_the_last_stage():
    """Scenario 2 scores Destruction at the end of Stage 3 only."""
    g = new_game(2, seed=5)
    s = g.state
    s.destruction = 8
    before = s.vp[ZURL]
    s.strategic = {}
    score_stage(g.rules, s)
    assert s.vp[ZURL] - before in (0, 1, -1)  # Morale only, never the -5
    assert not any("Destruction" in line for line in s.log[-6:])


@pytest.mark.rule("§3 Automatic Victory", "§12", "ruling:destruction")
@pytest.mark.parametrize("scenario", [2, 4, 5])
def test_skull_ends_the_game_at_once_with_a_zurl_victory(scenario):
    """§3 Humanitarian Crisis, §12: the marker landing on the skull (the space after the last
    printed one) ends the game immediately with a ZURL victory, whatever the VP."""
    g = new_game(scenario, seed=5)
    s = g.state
    s.vp[PL] = 40
    s.destruction = len(g.rules.scenario.destruction_track) - 1
    if s.active != PL:  # Scenarios 4 and 5: ZURL moves first; any trigger will do
        lo = g.rules.morale_range[0]
        s.morale[PL] = lo
        change_morale(g.rules, s, PL, -1, "test")
    else:
        empty_board(g)
        put(g, "rynek", ZURL, "2v")
        give_tokens(g, PL, "artillery1")
        g.apply("use artillery1")
        g.apply("artillery rynek")
    assert s.destruction == len(g.rules.scenario.destruction_track)
    assert g.over and s.result.winner == ZURL
    assert "Humanitarian Crisis" in s.result.reason and s.result.termination is Termination.HUMANITARIAN_CRISIS
    g._legal = None
    assert g.legal() == []
