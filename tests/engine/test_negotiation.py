"""The Negotiation order (§6.2, §13.1), disarmament of the Austro-Hungarians (§13.2, FAQ
"Austro-Hungarian Army"), alliance VP (§3) and allied units as the ally's own (§13.1), on the
real board of Scenarios 2 and 3.

Track spaces, from the PL end: Jewish Militia [Ally PL 4 AP, Neutral 3 AP, Ally ZURL 3 AP];
Austro-Hungarians [Disarmament by PL 4 AP, Neutral 3 AP, Disarmament by ZURL 3 AP, Ally ZURL 4 AP]."""

from __future__ import annotations

import pytest
from helpers import PL, ZURL, empty_board, finish_turn, new_game, put, settle, to_orders

from semper_fidelis.engine.game import Game
from semper_fidelis.engine.occupancy import occupant, side_units
from semper_fidelis.engine.scoring import score_stage
from semper_fidelis.engine.tracks import strength

MILITIA, AUSTRIAN = "jewish-militia", "austro-hungarian"
# indices on the tracks
M_ALLY_PL, M_NEUTRAL, M_ALLY_ZURL = 0, 1, 2
A_DISARMED_PL, A_NEUTRAL, A_DISARMED_ZURL, A_ALLY_ZURL = 0, 1, 2, 3


def _orders(side: str = PL, scenario: int = 2, ap: int = 10) -> Game:
    """``side``'s Orders Phase in the scenario's starting position, with ``ap`` AP."""
    g = new_game(scenario, seed=5)
    if side != g.state.active:
        finish_turn(g)
        to_orders(g)
    assert g.state.active == side and g.decision().kind == "orders"
    g.state.turn.ap = ap
    return g


def _negotiations(g: Game) -> list[str]:
    return [a for a in g.legal() if a.startswith("negotiate")]


# ----------------------------------------------------------------------------- the order (§13.1)


@pytest.mark.rule("§13.1", "§6.2 Negotiation", "ruling:negotiation-order")
def test_negotiation_costs_the_ap_printed_on_the_destination_space():
    """§13.1: moving the Militia marker from Neutral to Ally PL costs the 4 AP printed on Ally PL."""
    g = _orders(PL)
    assert "negotiate jewish-militia pl" in g.legal()
    g.apply("negotiate jewish-militia pl")
    assert g.state.negotiation[MILITIA] == M_ALLY_PL
    assert g.state.turn.ap == 6
    assert any("now fight for PL" in line for line in g.state.log[-3:])


@pytest.mark.rule("§13.1", "ruling:negotiation-order")
def test_zurl_negotiates_towards_its_own_end_of_the_track():
    """§13.1: ZURL moves the Militia marker from Neutral onto Ally ZURL for its printed 3 AP; a
    player only draws a marker towards his own side (the direction names the side)."""
    g = _orders(ZURL)
    assert "negotiate jewish-militia zurl" in g.legal()
    assert "negotiate jewish-militia pl" not in g.legal()
    g.apply("negotiate jewish-militia zurl")
    assert g.state.negotiation[MILITIA] == M_ALLY_ZURL
    assert g.state.turn.ap == 7


@pytest.mark.rule("§6.2 Negotiation", "§13.1", "ruling:negotiation-order")
def test_breaking_the_opponents_alliance_costs_1_ap_more():
    """§6.2, §13.1: from Ally ZURL back to Neutral costs Neutral's 3 AP + 1 to break the alliance."""
    g = _orders(PL)
    g.state.negotiation[MILITIA] = M_ALLY_ZURL
    g.apply("negotiate jewish-militia pl")
    assert g.state.negotiation[MILITIA] == M_NEUTRAL
    assert g.state.turn.ap == 6
    assert "1 of them to break the alliance" in " ".join(g.state.log[-3:])


@pytest.mark.rule("§13.1", "ruling:negotiation-order")
def test_one_negotiation_order_per_turn():
    """§13.1: a player can only make one Negotiation Order per Turn — on either track."""
    g = _orders(PL, ap=20)
    g.apply("negotiate jewish-militia pl")
    assert g.state.turn.negotiation
    assert _negotiations(g) == []


@pytest.mark.rule("§6", "§6.1", "§13.1")
def test_negotiation_needs_the_ap():
    """§6.1: with 3 AP PL cannot pay the 4 AP of Ally PL, but the other track's 4 AP neither."""
    g = _orders(PL, ap=3)
    assert _negotiations(g) == []
    g.state.turn.ap = 4
    assert sorted(_negotiations(g)) == ["negotiate austro-hungarian pl", "negotiate jewish-militia pl"]


@pytest.mark.rule("§13.1", "ruling:negotiation-order")
def test_no_step_beyond_the_end_of_the_track():
    """A marker already on the player's own end space cannot be moved further his way."""
    g = _orders(PL)
    g.state.negotiation[MILITIA] = M_ALLY_PL
    g.state.negotiation[AUSTRIAN] = A_DISARMED_PL
    assert _negotiations(g) == []


@pytest.mark.rule("§6.2 Negotiation", "§13", "ruling:negotiation-order")
@pytest.mark.parametrize("scenario, tracks", [(1, set()), (3, {MILITIA}), (4, set()), (5, set())])
def test_negotiation_only_where_the_scenario_has_the_track(scenario, tracks):
    """§6.2: Negotiation only in Scenarios 2 and 3; Scenario 3 has the Militia track only."""
    g = new_game(scenario, seed=5)
    g.state.turn.ap = 20
    g._legal = None
    assert {a.split()[1] for a in _negotiations(g)} == tracks


# ---------------------------------------------------------------- disarmament (§13.2, FAQ)


@pytest.mark.rule("§13.2 Austro-Hungarian", "ruling:austro-hungarian-track")
def test_pl_disarms_the_austro_hungarians():
    """§13.2: PL moving the marker onto 'Disarmament by PL' (4 AP) disarms them: PL's Supply rises
    1 step per Austro-Hungarian unit on the board (3 in Scenario 2), their Strength is 2 for good;
    they stay neutral."""
    g = _orders(PL)
    s = g.state
    s.supply[PL] = 4
    g.apply("negotiate austro-hungarian pl")
    assert s.negotiation[AUSTRIAN] == A_DISARMED_PL
    assert s.turn.ap == 6
    assert s.austrians_disarmed
    assert s.supply[PL] == 7
    assert strength(g.rules, s, ZURL, AUSTRIAN) == 2
    assert occupant(g.rules, s, "lyczakowska") is None  # still neutral: no one holds their area


@pytest.mark.rule("§13.2 Austro-Hungarian", "ruling:austro-hungarian-track")
def test_only_the_first_disarmament_raises_supply():
    """§13.2: 'the player who first disarm' them gains the Supply; a later disarmament gives none."""
    g = _orders(PL)
    s = g.state
    s.austrians_disarmed = True  # ZURL disarmed them earlier
    s.supply[PL] = 4
    g.apply("negotiate austro-hungarian pl")
    assert s.negotiation[AUSTRIAN] == A_DISARMED_PL
    assert s.supply[PL] == 4


@pytest.mark.rule(
    "§13.2 Austro-Hungarian",
    "FAQ:austro-hungarian-disarm-choice",
    "ruling:austro-hungarian-track",
)
def test_zurl_may_disarm_on_the_way_to_the_alliance():
    """FAQ 'Austro-Hungarian Army': drawing them towards the alliance, ZURL decides whether to
    disarm them. One step from Neutral onto 'Disarmament by ZURL' (3 AP) disarms them: +3 Supply,
    Strength 2; the next turn's step onto Ally ZURL costs 4 AP."""
    g = _orders(ZURL)
    s = g.state
    s.supply[ZURL] = 4
    assert {"negotiate austro-hungarian zurl", "negotiate austro-hungarian zurl ally"} <= set(g.legal())
    g.apply("negotiate austro-hungarian zurl")
    assert s.negotiation[AUSTRIAN] == A_DISARMED_ZURL
    assert s.turn.ap == 7 and s.austrians_disarmed and s.supply[ZURL] == 7
    assert "ally" not in " ".join(_negotiations(g))  # once per turn
    s.turn.negotiation = False  # a later turn
    s.turn.ap = 10
    assert sorted(_negotiations(g)) == ["negotiate austro-hungarian zurl", "negotiate jewish-militia zurl"]
    g.apply("negotiate austro-hungarian zurl")
    assert s.negotiation[AUSTRIAN] == A_ALLY_ZURL and s.turn.ap == 6
    assert strength(g.rules, s, ZURL, AUSTRIAN) == 2


@pytest.mark.rule(
    "§13.2 Austro-Hungarian",
    "FAQ:austro-hungarian-disarm-choice",
    "ruling:austro-hungarian-track",
)
def test_zurl_may_ally_without_disarming():
    """FAQ 'Austro-Hungarian Army': ZURL may instead take them from Neutral past its disarmament
    space straight to the alliance (the 4 AP of Ally ZURL): no Supply, Strength stays 4, and the
    three areas they stand in become ZURL's."""
    g = _orders(ZURL)
    s = g.state
    supply = s.supply[ZURL]
    g.apply("negotiate austro-hungarian zurl ally")
    assert s.negotiation[AUSTRIAN] == A_ALLY_ZURL
    assert s.turn.ap == 6
    assert not s.austrians_disarmed and s.supply[ZURL] == supply
    assert strength(g.rules, s, ZURL, AUSTRIAN) == 4
    assert occupant(g.rules, s, "lyczakowska") == ZURL


@pytest.mark.rule("§13.1", "ruling:austro-hungarian-track", "ruling:alliance-ends")
def test_pl_breaking_the_austrian_alliance_does_not_disarm():
    """§13.1: PL moves the marker off Ally ZURL onto 'Disarmament by ZURL' for 3 + 1 AP; that
    space is ZURL's disarmament, so nobody disarms them: they are neutral again at Strength 4."""
    g = _orders(PL)
    s = g.state
    s.negotiation[AUSTRIAN] = A_ALLY_ZURL
    settle(g)
    g.apply("negotiate austro-hungarian pl")
    assert s.negotiation[AUSTRIAN] == A_DISARMED_ZURL
    assert s.turn.ap == 6
    assert not s.austrians_disarmed
    assert occupant(g.rules, s, "lyczakowska") is None


# --------------------------------------------------------------------- allies as own units


@pytest.mark.rule("§13.2 Jewish Militia", "§8", "ruling:allied-units")
def test_alliance_changes_who_occupies_and_moves_morale():
    """§13.2: 'Area occupied by the Jewish Militia is treated as occupied by that player's Units':
    allied to PL, the Militia makes Kleparów (a Strategic Area in Scenario 2) PL's, and PL's
    Morale rises for gaining it (§8)."""
    g = _orders(PL)
    s = g.state
    s.morale[PL] = 5
    assert occupant(g.rules, s, "kleparow") is None
    g.apply("negotiate jewish-militia pl")
    assert occupant(g.rules, s, "kleparow") == PL
    assert s.morale[PL] == 6


@pytest.mark.rule("§13.1", "§13.2 Jewish Militia", "ruling:allied-units")
def test_allied_units_move_fight_and_take_losses_as_the_allys_own():
    """§13.1: allied units are the player's own — movement (an allied Militia only to an adjacent
    area, §13.2), Strength in battle, and the ally distributes their Losses."""
    g = _orders(PL)
    s = g.state
    empty_board(g)
    s.strategic = {}
    s.negotiation[MILITIA] = M_ALLY_PL
    put(g, "kleparow", PL, "2m")
    assert side_units(g.rules, s, "kleparow", PL) == {MILITIA: 2}
    g.apply("move")
    g.apply("from kleparow")
    g.apply("units 2m")
    dests = {a.split()[1] for a in g.legal() if a.startswith("to ")}
    assert dests == set(g.rules.neighbours["kleparow"])  # adjacent areas only
    g.apply("to zamarstynow")
    assert s.units["zamarstynow"] == {MILITIA: 2}
    assert occupant(g.rules, s, "zamarstynow") == PL


@pytest.mark.rule("§13.2 Austro-Hungarian", "ruling:allied-units")
def test_allied_austro_hungarians_move_up_to_three_spaces():
    """§13.2 'Alliance with the ZURL: the Unit can be moved to any Area' — like any ZURL unit."""
    g = _orders(ZURL)
    s = g.state
    empty_board(g)
    s.strategic = {}
    s.negotiation[AUSTRIAN] = A_ALLY_ZURL
    put(g, "rynek", ZURL, "1a")
    g.apply("move")
    g.apply("from rynek")
    g.apply("units 1a")
    dests = {a.split()[1] for a in g.legal() if a.startswith("to ")}
    assert "lyczakowska" in dests  # rynek → namiestnictwo → lyczakowska: 2 spaces
    assert len(dests) > len(g.rules.neighbours["rynek"])


@pytest.mark.rule("§13.2 Jewish Militia", "ruling:allied-units")
def test_ally_mobilizes_the_spare_militia():
    """§13.2: allied with the Militia, a player mobilizes the 2 Militia of the Mobilization Zone
    as per normal; while it is neutral or allied with the opponent he cannot."""
    g = _orders(PL)
    s = g.state
    assert s.mob["neutral"] == {MILITIA: 2}
    assert not any(a.endswith(" m") for a in _mobilize_options(g))
    s.negotiation[MILITIA] = M_ALLY_PL
    settle(g)
    assert any(a.endswith(" m") for a in _mobilize_options(g))
    area = next(a for a in _mobilize_options(g) if a.endswith(" m")).split()[1]
    g.apply("mobilize")
    g.apply(f"mobilize {area} m")
    assert s.mob["neutral"] == {MILITIA: 1}
    assert s.units[area][MILITIA] >= 1


def _mobilize_options(g: Game) -> list[str]:
    if "mobilize" not in g.legal():
        return []
    g.apply("mobilize")
    out = [a for a in g.legal() if a != "done"]
    g.apply("done")
    return out


# ------------------------------------------------------------------------- alliance VP (§3)


@pytest.mark.rule("§3", "§13.1", "ruling:alliance-vp")
@pytest.mark.parametrize("scenario", [2, 3])
def test_alliance_scores_the_track_space_vp_at_each_stage_end(scenario):
    """§3, §13.1: at the End of Stage the player receives 1 VP for each Alliance (the coin on the
    space) where the scenario scores 'Alliance'."""
    def stage_vp(militia: int, austrians: int | None) -> dict[str, int]:
        g = new_game(scenario, seed=5)
        s = g.state
        s.strategic = {}  # only the alliance VP under test (allied Militia would hold Kleparów)
        s.negotiation[MILITIA] = militia
        if austrians is not None:
            s.negotiation[AUSTRIAN] = austrians
        before = dict(s.vp)
        score_stage(g.rules, s)
        return {side: s.vp[side] - before[side] for side in (PL, ZURL)}

    aus = A_NEUTRAL if scenario == 2 else None
    base = stage_vp(M_NEUTRAL, aus)
    pl = stage_vp(M_ALLY_PL, aus)
    assert (pl[PL] - base[PL], pl[ZURL] - base[ZURL]) == (1, 0)
    zurl = stage_vp(M_ALLY_ZURL, aus)
    assert (zurl[PL] - base[PL], zurl[ZURL] - base[ZURL]) == (0, 1)
    if scenario == 2:
        both = stage_vp(M_ALLY_ZURL, A_ALLY_ZURL)
        assert both[ZURL] - base[ZURL] == 2
        disarmed = stage_vp(M_NEUTRAL, A_DISARMED_PL)  # disarmed but neutral: no alliance
        assert disarmed == base
