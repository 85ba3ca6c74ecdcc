"""The neutral units of Scenarios 2 and 3 (§13.2, §4.2, FAQ "Artillery", "Area limit"): the
Jewish Militia and the Austro-Hungarian Imperial Royal Army, on the real board.

Every position is built on an emptied Scenario 2 board (no Strategic Areas, no cards, no tokens)
in PL's or ZURL's Orders Phase; the neutrals' markers start on Neutral."""

from __future__ import annotations

import pytest
from helpers import (
    PL,
    ZURL,
    battle_frame,
    empty_board,
    finish_turn,
    force_battle_card,
    give_tokens,
    new_game,
    order,
    put,
    settle,
    to_orders,
    units,
)

from semper_fidelis.engine.battle import evade_targets
from semper_fidelis.engine.flow import relief_targets
from semper_fidelis.engine.frames import ReliefFrame
from semper_fidelis.engine.game import Game
from semper_fidelis.engine.losses import withdraw_targets
from semper_fidelis.engine.machine import push
from semper_fidelis.engine.occupancy import district_status, occupant, side_units

MILITIA, AUSTRIAN = "jewish-militia", "austro-hungarian"
M_ALLY_PL, M_NEUTRAL, M_ALLY_ZURL = 0, 1, 2
A_DISARMED_PL, A_NEUTRAL, A_DISARMED_ZURL, A_ALLY_ZURL = 0, 1, 2, 3


def _board(side: str = PL, ap: int = 10) -> Game:
    """``side``'s Orders Phase of Scenario 2 on an empty board."""
    g = new_game(2, seed=5)
    if g.state.active != side:
        finish_turn(g)
        to_orders(g)
    s = g.state
    assert s.active == side and g.decision().kind == "orders"
    empty_board(g)
    s.strategic = {}
    s.hand[PL], s.hand[ZURL] = [], []
    s.my_tokens[PL], s.my_tokens[ZURL] = [], []
    s.turn.ap = ap
    return g


def _destinations(g: Game, origin: str, group: str, mode: str = "move") -> list[str]:
    g.apply(mode)
    g.apply(f"from {origin}")
    g.apply(f"units {group}")
    out = [a[3:] for a in g.legal() if a.startswith("to ")]
    g.apply("cancel")
    return out


def _fight(g: Game, area: str) -> None:
    """End the Orders Phase and start the battle in ``area`` (no cards or tokens to play)."""
    g.apply("end")
    g.apply(f"battle {area}")


# ------------------------------------------------------------------- the Jewish Militia (§13.2)


@pytest.mark.rule("§13.2 Jewish Militia", "ruling:jewish-militia", "ruling:allied-units")
def test_neutral_militia_never_moves_and_has_strength_1():
    """§13.2: the neutral Militia does not move — it is nobody's unit to order; allied, its
    Strength is always 1 (whatever the Supply)."""
    g = _board(PL)
    put(g, "kleparow", PL, "1m")
    assert side_units(g.rules, g.state, "kleparow", PL) == {}
    assert "move" not in g.legal() and "assault" not in g.legal()
    from semper_fidelis.engine.tracks import strength

    g.state.supply[PL] = 9
    assert strength(g.rules, g.state, PL, MILITIA) == 1


@pytest.mark.rule("§13.2 Jewish Militia", "ruling:jewish-militia")
def test_units_may_pass_through_the_neutral_militia_area():
    """§13.2: 'Units from both sides can move through an Area with neutral Jewish Militia': from
    Hołosko, Dworzec Główny is 3 spaces away only through Kleparów; the Militia stays neutral."""
    g = _board(PL)
    put(g, "kleparow", PL, "1m")
    put(g, "holosko", PL, "2v")
    assert "dworzec-glowny" in _destinations(g, "holosko", "2v")
    order(g, "move", "holosko", "2v", "dworzec-glowny")
    assert units(g, "dworzec-glowny") == {"pl-volunteer": 2}
    assert g.state.negotiation[MILITIA] == M_NEUTRAL


@pytest.mark.rule("§13.2 Jewish Militia", "ruling:jewish-militia")
def test_ending_a_move_in_the_militia_area_allies_it_with_the_opponent():
    """§13.2: a player who ends his move in the neutral Militia's area drives it into alliance
    with his opponent; the area is then contested (normal move cost: it was neutral)."""
    g = _board(PL)
    put(g, "kleparow", PL, "1m")
    put(g, "holosko", PL, "2v")
    assert "kleparow" in _destinations(g, "holosko", "2v")
    cost = order(g, "move", "holosko", "2v", "kleparow")
    assert cost == 1
    assert g.state.negotiation[MILITIA] == M_ALLY_ZURL
    assert occupant(g.rules, g.state, "kleparow") is None
    assert side_units(g.rules, g.state, "kleparow", ZURL) == {MILITIA: 1}


@pytest.mark.rule("§8", "§13.2 Jewish Militia", "ruling:jewish-militia")
def test_militia_turned_by_a_move_into_its_area_never_held_it_for_the_opponent():
    """§8, §13.2: PL ending a move in Kleparów (a Strategic Area) turns the Militia to ZURL with PL
    already there — the area is contested at once, so ZURL never gains (nor loses) control of it
    and its Morale does not move."""
    g = _board(PL)
    s = g.state
    s.strategic = {"kleparow": 1}
    put(g, "kleparow", PL, "1m")
    put(g, "holosko", PL, "2v")
    s.morale[ZURL] = s.morale[PL] = 5
    order(g, "move", "holosko", "2v", "kleparow")
    assert s.negotiation[MILITIA] == M_ALLY_ZURL
    assert (s.morale[PL], s.morale[ZURL]) == (5, 5)
    assert s.strategic_holder["kleparow"] is None


@pytest.mark.rule("§13.2 Jewish Militia", "ruling:attacking-neutrals")
def test_attacking_the_militia_allies_it_with_the_opponent_and_it_defends():
    """§13.2: attacking the Militia (lined up on its border, Move or Assault) allies it with the
    opponent; it then defends as the opponent's unit with Strength 1."""
    g = _board(ZURL)
    put(g, "kleparow", PL, "1m")
    put(g, "holosko", ZURL, "3v")
    assert "kleparow via holosko attack" in _destinations(g, "holosko", "3v", "assault")
    order(g, "assault", "holosko", "3v", "kleparow via holosko attack")
    assert g.state.negotiation[MILITIA] == M_ALLY_PL
    force_battle_card(g, 0, 0)
    g.apply("fight")
    f = battle_frame(g)
    assert f["defender"] == PL
    assert f["bp"]["d"] == 1  # Strength 1 → 1 BP


@pytest.mark.rule("§13.2 Jewish Militia", "§9.4 B", "ruling:jewish-militia")
def test_beaten_attacker_forced_back_into_the_militia_area_allies_it_with_the_opponent():
    """§13.2 'The same applies when a player is forced to withdraw to there after a Battle': PL
    attacks Zamarstynów from Kleparów (passing through the Militia's area), loses, and must go
    back to Kleparów — the Militia allies with ZURL."""
    g = _board(PL)
    s = g.state
    put(g, "kleparow", PL, "1m")
    put(g, "holosko", PL, "1v")
    put(g, "zamarstynow", ZURL, "3v")
    s.supply[PL], s.supply[ZURL] = 1, 9
    order(g, "move", "holosko", "1v", "zamarstynow via kleparow attack")
    assert s.negotiation[MILITIA] == M_NEUTRAL  # lined up on the border, not in Kleparów
    force_battle_card(g, 0, 0)
    _fight(g, "zamarstynow")
    assert battle_frame(g)["result"] == "defender"
    assert units(g, "kleparow").get("pl-volunteer") == 1
    assert s.negotiation[MILITIA] == M_ALLY_ZURL


@pytest.mark.rule("§9.4 B", "§9.2", "ruling:jewish-militia")
def test_defender_never_withdraws_or_evades_into_the_militia_area():
    """§9.4 (and §9.2): a defender's withdrawal or evasion never ends in the neutral Militia's
    area — only in own areas or neutral ones without the Militia."""
    g = _board(PL)
    s = g.state
    put(g, "kleparow", PL, "1m")
    put(g, "zamarstynow", ZURL, "2v")
    options = withdraw_targets(g.rules, s, ZURL, "zamarstynow", [])
    assert "kleparow" not in options and options
    put(g, "holosko", PL, "2v")
    order(g, "move", "holosko", "2v", "zamarstynow via holosko attack")
    f = {"area": "zamarstynow", "attacker": PL, "defender": ZURL, "inner": {}}
    spill = evade_targets(g.rules, s, f, first=False)  # where evaders that do not fit may split
    assert "kleparow" not in spill and spill


@pytest.mark.rule("§10", "§13.2 Jewish Militia", "ruling:jewish-militia")
def test_relief_deployed_into_the_militia_area_allies_it_with_the_opponent():
    """§10, §13.2: Relief may be deployed on a neutral area linked by rail — Kleparów is one — and
    ending there drives the Militia to the opponent, like any move."""
    g = _board(PL)
    s = g.state
    put(g, "kleparow", PL, "1m")
    assert "kleparow" in relief_targets(g.rules, s, PL)
    s.relief_waiting[PL] = {"pl-soldier": 2}
    s.pool[PL]["pl-soldier"] -= 2
    push(s, ReliefFrame(kind="relief", side=PL))
    g.apply("relief kleparow 2s")
    assert s.negotiation[MILITIA] == M_ALLY_ZURL


@pytest.mark.rule("§13.2 Jewish Militia", "§4.2", "ruling:jewish-militia")
def test_neutral_militia_blocks_pl_control_of_districts_iii_and_viii():
    """§13.2: while the Militia is neutral PL never controls Zamarstynów (VIII) or Żółkiewskie
    (III); allied with PL — or with ZURL — the block is gone."""
    g = _board(PL)
    s = g.state
    for area in g.rules.district_areas[8]:
        put(g, area, PL, "1v")
    assert district_status(g.rules, s, 8) == "contested"
    s.negotiation[MILITIA] = M_ALLY_PL
    assert district_status(g.rules, s, 8) == PL
    s.negotiation[MILITIA] = M_ALLY_ZURL
    assert district_status(g.rules, s, 8) == PL
    for area in g.rules.district_areas[3]:
        put(g, area, ZURL, "1v")
    s.negotiation[MILITIA] = M_NEUTRAL
    assert district_status(g.rules, s, 3) == ZURL  # the block is PL's only


# ------------------------------------------------------------------ the Austro-Hungarians (§13.2)


@pytest.mark.rule("§13.2 Austro-Hungarian", "§4.2", "FAQ:general-area-limit-both-sides", "ruling:area-limit")
def test_neutral_austrians_neither_control_nor_contest_and_never_move():
    """§13.2: the neutral Austro-Hungarian unit does not control or contest its area — a side with
    units there occupies it; it never moves; the area limit counts it (FAQ 'Area limit')."""
    g = _board(PL)
    s = g.state
    put(g, "rynek", PL, "1a")
    assert occupant(g.rules, s, "rynek") is None
    assert "move" not in g.legal()
    put(g, "dom-akademicki", PL, "4v")
    assert "rynek" in _destinations(g, "dom-akademicki", "4v")  # plain move, no battle
    order(g, "move", "dom-akademicki", "4v", "rynek")
    assert occupant(g.rules, s, "rynek") == PL
    assert s.negotiation[AUSTRIAN] == A_NEUTRAL
    put(g, "podzamcze", PL, "1v")
    assert "rynek" not in _destinations(g, "podzamcze", "1v")  # 4 PL + 1 neutral = City limit 5


@pytest.mark.rule("§13.2 Austro-Hungarian", "ruling:attacking-neutrals")
def test_pl_attacking_the_austrians_allies_them_with_zurl_and_they_fight():
    """§13.2: 'This Unit can be deliberately attacked, but it will automatically ally with the
    opponent side': PL attacks the Austro-Hungarians alone in Łyczakowska — they ally with ZURL and
    defend as ZURL's unit with Strength 4 (→ 2 BP on the defender's Combat Table)."""
    g = _board(PL)
    s = g.state
    put(g, "lyczakowska", PL, "1a")
    put(g, "namiestnictwo", PL, "3v")
    assert "lyczakowska via namiestnictwo attack" in _destinations(g, "namiestnictwo", "3v")
    order(g, "move", "namiestnictwo", "3v", "lyczakowska via namiestnictwo attack")
    assert s.negotiation[AUSTRIAN] == A_ALLY_ZURL
    force_battle_card(g, 0, 0)
    _fight(g, "lyczakowska")
    f = battle_frame(g)
    assert f["defender"] == ZURL and f["bp"]["d"] == 2  # Strength 4 → 2 BP


@pytest.mark.rule("§13.2", "ruling:attacking-neutrals")
def test_s13_2_zurl_attacking_the_austrians_fights_them_as_pl_units():
    """§13.2: attacked on purpose, the Austro-Hungarians "ally with the opponent side". Their
    track has no PL alliance, so against ZURL they defend as PL's units for that battle: a real
    battle at Strength 4 (no gift of Supply to PL, no free entry for ZURL); PL takes their
    Losses, which they cannot absorb by withdrawing (they do not move); the marker stays, and a
    broken one counts for nobody."""
    g = _board(ZURL)
    s = g.state
    put(g, "lyczakowska", PL, "1a")
    put(g, "namiestnictwo", ZURL, "3v")
    s.supply[PL], s.supply[ZURL] = 4, 5
    order(g, "assault", "namiestnictwo", "3v", "lyczakowska via namiestnictwo attack")
    assert s.negotiation[AUSTRIAN] == A_NEUTRAL and not s.austrians_disarmed and s.supply[PL] == 4
    force_battle_card(g, 1, 0)
    g.apply("fight")
    f = battle_frame(g)
    assert f["defender"] == PL and f["participants"][PL] == 1
    assert f["bp"] == {"a": 2 + 1, "d": 2}  # ZURL 9 Strength → 2 BP, the Austrians 4 → 2 BP
    while g.decision().player == ZURL and g.decision().kind == "losses":
        g.apply(g.legal()[0])
    d = g.decision()
    assert (d.player, d.kind) == (PL, "losses")
    assert d.actions == ("break a@lyczakowska",)  # 3 Losses, 1 unit, no Withdrawal: a Break
    g.apply("break a@lyczakowska")
    assert s.broken.get("neutral", {}).get(AUSTRIAN) == 1 and AUSTRIAN not in s.broken[PL]
    g.apply("advance namiestnictwo v")
    g.apply("stay")
    assert s.austrians_defend_for is None and s.negotiation[AUSTRIAN] == A_NEUTRAL
    assert occupant(g.rules, s, "lyczakowska") == ZURL


@pytest.mark.rule("§13.2", "FAQ:supply-token-artillery-neutrals", "ruling:attacking-neutrals")
def test_s13_2_zurl_artillery_at_the_austrians_pl_takes_their_losses():
    """FAQ 'Artillery': firing at the Austro-Hungarians is an intended attack; fired on by ZURL
    they take the 2 Losses, PL distributing them (no Withdrawal: they do not move)."""
    g = _board(ZURL)
    s = g.state
    put(g, "lyczakowska", PL, "2a")
    give_tokens(g, ZURL, "artillery1")
    g.apply("use artillery1")
    g.apply("artillery lyczakowska")
    assert s.negotiation[AUSTRIAN] == A_NEUTRAL
    d = g.decision()
    assert (d.player, d.kind) == (PL, "losses")
    assert set(d.actions) == {"disperse a@lyczakowska", "break a@lyczakowska"}
    g.apply("disperse a@lyczakowska")
    assert s.mob["neutral"][AUSTRIAN] == 1 and units(g, "lyczakowska") == {AUSTRIAN: 1}


@pytest.mark.rule(
    "§13.2 Austro-Hungarian",
    "FAQ:supply-token-artillery-shared-area",
    "ruling:attacking-neutrals",
)
def test_attacking_enemy_units_beside_neutral_austrians_does_not_aggravate_them():
    """FAQ 'Artillery' ('Only an intended attack aggravates them'): an attack on ZURL units in an
    area they share with neutral Austro-Hungarians is aimed at ZURL — the Austrians stay neutral
    and out of the battle."""
    g = _board(PL)
    s = g.state
    put(g, "rynek", PL, "1a")
    put(g, "rynek", ZURL, "1v")
    put(g, "dom-akademicki", PL, "3v")
    order(g, "move", "dom-akademicki", "3v", "rynek via dom-akademicki attack")
    assert s.negotiation[AUSTRIAN] == A_NEUTRAL
    force_battle_card(g, 0, 0)
    _fight(g, "rynek")
    assert s.negotiation[AUSTRIAN] == A_NEUTRAL
    assert battle_frame(g)["participants"][ZURL] == 1


@pytest.mark.rule(
    "§7.2 Artillery",
    "§12",
    "FAQ:supply-token-artillery-neutrals",
    "ruling:attacking-neutrals",
)
def test_artillery_aimed_at_the_austrians_allies_them_with_the_opponent():
    """FAQ 'Artillery': firing directly at the Austro-Hungarian unit is an intended attack — PL's
    Artillery makes them ZURL's allies, and ZURL takes the 2 Losses; Łyczakowska is a City area,
    so Destruction moves too (§12)."""
    g = _board(PL)
    s = g.state
    put(g, "lyczakowska", PL, "2a")
    give_tokens(g, PL, "artillery1")
    g.apply("use artillery1")
    assert "artillery lyczakowska" in g.legal()
    g.apply("artillery lyczakowska")
    assert s.negotiation[AUSTRIAN] == A_ALLY_ZURL
    assert s.destruction == 1
    d = g.decision()
    assert d.kind == "losses" and d.player == ZURL


@pytest.mark.rule("§7.2 Artillery", "FAQ:supply-token-artillery-shared-area", "ruling:attacking-neutrals")
def test_artillery_at_an_opponent_sharing_the_area_does_not_aggravate_the_austrians():
    """FAQ 'Artillery': fire aimed at ZURL units that share an area with a neutral
    Austro-Hungarian unit does not push the Austrians to ZURL's side."""
    g = _board(PL)
    s = g.state
    put(g, "rynek", PL, "1a")
    put(g, "rynek", ZURL, "2v")
    give_tokens(g, PL, "artillery1")
    g.apply("use artillery1")
    g.apply("artillery rynek")
    assert s.negotiation[AUSTRIAN] == A_NEUTRAL
    assert g.decision().kind == "losses"
    assert all(a.split()[1].startswith("v@") for a in g.legal() if a.split()[0] in ("disperse", "break"))


@pytest.mark.rule(
    "§7.2 Artillery",
    "§13.2 Jewish Militia",
    "FAQ:supply-token-artillery-neutrals",
    "ruling:attacking-neutrals",
)
def test_artillery_aimed_at_the_militia_allies_it_with_the_opponent():
    """FAQ 'Artillery': firing at the Jewish Militia counts as a direct attack — it allies with the
    opponent, who takes the Losses."""
    g = _board(ZURL)
    s = g.state
    put(g, "kleparow", PL, "1m")
    give_tokens(g, ZURL, "artillery1")
    g.apply("use artillery1")
    g.apply("artillery kleparow")
    assert s.negotiation[MILITIA] == M_ALLY_PL
    assert g.decision().player == PL


@pytest.mark.rule("§13.2 Austro-Hungarian", "ruling:allied-units")
def test_allied_austrians_fight_at_strength_4_or_2_when_disarmed():
    """§13.2: allied with ZURL, the Austro-Hungarians attack with Strength 4, or 2 once disarmed."""
    for disarmed, bp in ((False, 2), (True, 1)):  # 2 units: 8 → 2 BP, 4 → 1 BP
        g = _board(ZURL)
        s = g.state
        s.negotiation[AUSTRIAN] = A_ALLY_ZURL
        s.austrians_disarmed = disarmed
        put(g, "rynek", ZURL, "2a")
        put(g, "namiestnictwo", PL, "1v")
        settle(g)
        order(g, "assault", "rynek", "2a", "namiestnictwo via rynek attack")
        force_battle_card(g, 0, 0)
        g.apply("fight")
        assert battle_frame(g)["bp"]["a"] == bp


@pytest.mark.rule("§13.1", "§13.2 Jewish Militia", "ruling:allied-units")
def test_dispersed_allied_militia_returns_to_the_neutral_mobilization_zone():
    """§13.1 (Losses of allied units are the ally's) and §13.2 (the ally mobilizes Militia from the
    Mobilization Zone): PL disperses its allied Militia; it waits in the Mobilization Zone for
    whoever is then its ally — not for ZURL."""
    g = _board(ZURL)
    s = g.state
    s.negotiation[MILITIA] = M_ALLY_PL
    put(g, "kleparow", PL, "1m")
    put(g, "holosko", ZURL, "4v")
    s.supply[ZURL] = 4  # 4 Volunteers of Strength 2: 2 BP, so the Militia's 2 Losses allow a dispersal
    settle(g)
    order(g, "assault", "holosko", "4v", "kleparow via holosko attack")
    force_battle_card(g, 0, 0)
    g.apply("fight")
    assert battle_frame(g)["result"] == "attacker"
    while g.decision().kind == "losses" and g.decision().player == ZURL:
        g.apply(g.legal()[0])
    assert g.decision().player == PL
    g.apply("disperse m@kleparow")
    assert s.mob["neutral"][MILITIA] == 3
    assert MILITIA not in s.mob[PL] and MILITIA not in s.mob[ZURL]
    from semper_fidelis.engine.orders import _mob_types

    assert MILITIA in _mob_types(g.rules, s, PL) and MILITIA not in _mob_types(g.rules, s, ZURL)
