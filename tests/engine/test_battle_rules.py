"""Battle rules the rules audit (issue 8) found deviating, each tested against its passage:
sides of attack (§9.3 step 8, §9.2), who fights in an Assault battle and what it costs (§6.2,
FAQ "Orders – Assault"), the beaten Attacker's way back (§9.4), Evasion next to a full area
(§9.2), and every way a unit leaves the board in a battle (§8, §11)."""

from __future__ import annotations

import pytest
from helpers import (
    PL,
    ZURL,
    battle_frame,
    empty_board,
    force_battle_card,
    new_game,
    order,
    put,
    units,
)


def _board(**hands):
    """Scenario 2, PL's Orders Phase, an empty board without Strategic Areas or tokens."""
    g = new_game(2, seed=11)
    s = g.state
    empty_board(g)
    s.strategic, s.tokens = {}, {}
    s.hand[PL], s.hand[ZURL] = list(hands.get("pl", [])), list(hands.get("zurl", []))
    s.my_tokens[PL], s.my_tokens[ZURL] = [], []
    s.supply[PL], s.supply[ZURL] = 5, 5
    s.morale[PL], s.morale[ZURL] = 6, 6
    s.turn.ap = 10
    return g


def _contested_rynek_attacked(**hands):
    """PL has 2 units inside contested Rynek (ZURL 2) and lines up 3 more from Dom Akademicki;
    the battle is started in the Battle Phase."""
    g = _board(**hands)
    put(g, "rynek", PL, "2v")
    put(g, "rynek", ZURL, "2v")
    put(g, "dom-akademicki", PL, "3v")
    put(g, "podzamcze", ZURL, "1v")
    order(g, "move", "dom-akademicki", "3v", "rynek via dom-akademicki attack")
    force_battle_card(g, 0, 0)
    g.apply("end")
    g.apply("battle rynek")
    return g


@pytest.mark.rule("§9.3 step 8", "§9.2", "ruling:sides-of-attack")
def test_s9_3_units_inside_are_not_a_side_of_attack():
    """§9.3 step 8: "+1 BP for the second and each subsequent Area" the attack comes from. PL's
    units already inside contested Rynek plus one group from Dom Akademicki attack from one
    Area: no bonus, and an Evasion costs cards worth 1 AP (§9.2), not 2."""
    g = _contested_rynek_attacked(zurl=[9])  # Collective Responsibility: 1 AP
    assert g.decision().actions == ("fight", "discard 9")
    g.apply("discard 9")
    assert any(a.startswith("evade podzamcze") for a in g.legal())  # 1 AP paid: enough
    g.apply("evade podzamcze 2v")
    assert units(g, "podzamcze") == {"zurl-volunteer": 3}


@pytest.mark.rule("§9.3 step 8", "ruling:sides-of-attack")
def test_s9_3_no_side_bonus_for_the_units_inside():
    g = _contested_rynek_attacked()
    line = next(entry for entry in reversed(g.state.log) if entry.startswith("Battle in Rynek"))
    assert "sides" not in line
    assert battle_frame(g)["bp"]["a"] == 3  # 5 units × 3 Strength = 15 → 3 BP, nothing more


# ------------------------------------------------------------------ §9.4: where attackers go


def _pl_attacks_rynek(group: str, *, pl_supply: int, card=(0, 0), zurl="2v", board=(), home=None):
    """PL lines up ``group`` on Rynek from Dom Akademicki (Move), ZURL holds Rynek; the battle is
    fought in PL's Battle Phase. ``board`` may change the map after the order is given."""
    g = _board()
    s = g.state
    put(g, "rynek", ZURL, zurl)
    put(g, "dom-akademicki", PL, home or group)
    s.supply[PL] = pl_supply
    order(g, "move", "dom-akademicki", group, "rynek via dom-akademicki attack")
    for area, side, text in board:
        put(g, area, side, text)
    force_battle_card(g, *card)
    g.apply("end")
    g.apply("battle rynek")
    return g


@pytest.mark.rule("§9.4 B", "ruling:beaten-attacker")
def test_s9_4_beaten_attacker_withdraws_into_a_contested_origin():
    """§9.4: a beaten Attacker withdraws to the area it came from; only "if that Area has been
    captured by their opponent" does it go elsewhere with one more Loss. Dom Akademicki, where a
    PL unit stayed and ZURL got in meanwhile, is contested, not captured."""
    g = _pl_attacks_rynek("3v", home="4v", pl_supply=1, board=(("dom-akademicki", ZURL, "1v"),))
    assert battle_frame(g)["result"] == "defender"
    d = g.decision()
    assert d.kind == "losses" and "2 Losses" in d.prompt  # the defender's 2 BP, no extra Loss
    assert units(g, "dom-akademicki") == {"pl-volunteer": 4, "zurl-volunteer": 1}


@pytest.mark.rule("§9.4 B", "§8", "§11", "ruling:beaten-attacker")
def test_s11_hq_with_nowhere_to_withdraw_is_a_commander_lost_in_battle():
    """§8 "Losing your Commander during Battle (dispersed …)", §11: a beaten Attacker whose HQ
    can neither go back (its area captured) nor withdraw elsewhere (every neighbour of Rynek
    holds ZURL) is dispersed — its Commander is out until the next Initial Phase (no cards at
    the End of Turn), Morale falls a step for him, and his units count as dispersed in the
    battle (3 → one more Morale step)."""
    board = [("dom-akademicki", ZURL, "1v")] + [
        (a, ZURL, "1v") for a in ("dzielnica-zydowska", "namiestnictwo", "podzamcze", "sejm-krajowy")
    ]
    g = _pl_attacks_rynek("2v1h", pl_supply=2, board=board)
    s = g.state
    assert battle_frame(g)["result"] == "defender"
    assert g.legal() == ["retreat none"]
    g.apply("retreat none")
    while g.decision().kind == "losses":  # ZURL's 1 Loss
        g.apply(g.legal()[0])
    assert s.commander_status[PL] == "dispersed" and s.mob[PL]["pl-hq"] == 1
    assert s.morale[PL] == 6 - 1 - 1  # the Commander lost in battle; 3 units dispersed
    assert s.supply[PL] == 2 - 1  # lost with 3 units at High Morale
    assert s.mob[PL]["pl-volunteer"] == 12 + 2


@pytest.mark.rule("§9.4 A", "§4.1", "ruling:attackers-on-the-border")
def test_s9_4_winners_who_cannot_go_back_are_not_dispersed():
    """§4.1: after winning, the Attacker "still has to obey Area's Unit Limit" — the units that
    do not move in go back where they came from. When that area has filled up meanwhile they are
    not dispersed (the rulebook says no such thing): they move into the won area or an adjacent
    area with room, as a beaten Attacker's overflow does, without its extra Loss."""
    g = _pl_attacks_rynek("5v", pl_supply=6, zurl="1v", card=(2, 0))
    s = g.state
    assert battle_frame(g)["result"] == "attacker"
    while g.decision().kind == "losses":
        g.apply(g.legal()[0])
    put(g, "dom-akademicki", PL, "5v")  # Dom Akademicki is full by now
    g.apply(next(a for a in g.legal() if a.startswith("advance")))
    g.apply("stay")
    d = g.decision()
    assert (d.player, d.kind) == (PL, "battle") and d.actions[0] == "retreat rynek"
    assert "retreat none" not in d.actions
    g.apply("retreat rynek")
    assert units(g, "rynek") == {"pl-volunteer": 4}
    assert units(g, "dom-akademicki") == {"pl-volunteer": 5}
    assert s.mob[PL]["pl-volunteer"] == 12 + 1  # only the unit PL dispersed for its 1 Loss


# ------------------------------------------------------------- §6.2, FAQ: who fights an Assault


@pytest.mark.rule("§6.2", "FAQ:orders-assault-trigger-cost", "ruling:assault-cost")
def test_s6_2_a_move_group_joins_an_assault_only_if_paid():
    """FAQ "Orders – Assault": "2 APs for each involved group of Units in the Battle". A group a
    Move order lined up on Rynek's border (1 AP) fights in a later Assault on Rynek from Sejm
    Krajowy, so that Assault costs 2 AP for its own group and 2 for the waiting one: 5 AP in
    all, not 3."""
    g = _board()
    s = g.state
    put(g, "rynek", ZURL, "2v")
    put(g, "dom-akademicki", PL, "2v")
    put(g, "sejm-krajowy", PL, "2v")
    assert order(g, "move", "dom-akademicki", "2v", "rynek via dom-akademicki attack") == 1
    assert order(g, "assault", "sejm-krajowy", "2v", "rynek via sejm-krajowy attack") == 4
    g.apply("fight")
    assert battle_frame(g)["assault"] and {grp.origin for grp in s.attacks["rynek"]} == {"dom-akademicki", "sejm-krajowy"}


@pytest.mark.rule("§6.2", "FAQ:orders-assault-trigger-cost", "ruling:assault-cost")
def test_s6_2_an_assault_needs_ap_for_the_waiting_groups():
    """With 3 AP left after the Move, an Assault on the same area (2 + 2 AP) cannot be given; an
    Assault elsewhere still can."""
    g = _board()
    s = g.state
    put(g, "rynek", ZURL, "2v")
    put(g, "dom-akademicki", PL, "2v")
    put(g, "sejm-krajowy", PL, "2v")
    put(g, "cytadela", ZURL, "1v")
    s.turn.ap = 4
    order(g, "move", "dom-akademicki", "2v", "rynek via dom-akademicki attack")
    g.apply("assault")
    g.apply("from sejm-krajowy")
    g.apply("units 2v")
    assert g.legal() and not any(a.startswith("to rynek") for a in g.legal())
    assert "to cytadela via sejm-krajowy attack" in g.legal()


@pytest.mark.rule("§6.2", "FAQ:orders-assault-trigger-cost", "ruling:assault-cost")
def test_night_raid_is_not_aimed_where_other_units_would_fight_along():
    """PL #21 Night Raid: "up to 3 PL Units … make an Assault". Every unit in the battled area
    fights (FAQ), so the card cannot be aimed at an area where a PL group already waits on the
    border — six units from two sides would fight."""
    g = _board(pl=[21])
    put(g, "rynek", ZURL, "2v")
    put(g, "dom-akademicki", PL, "3v")
    put(g, "sejm-krajowy", PL, "3v")
    order(g, "move", "dom-akademicki", "3v", "rynek via dom-akademicki attack")
    assert "effect 21" not in g.legal()  # Rynek was its only target
    put(g, "cytadela", ZURL, "1v")
    g.apply("effect 21")
    g.apply("from sejm-krajowy")
    g.apply("units 3v")
    assert "to cytadela via sejm-krajowy attack" in g.legal()
    assert not any(a.startswith("to rynek") for a in g.legal())


# ---------------------------------------------------------------------- §9.2 Evasion destinations


def _zurl_attacked_in_rynek(own_room: int):
    """PL attacks 2 ZURL Volunteers in Rynek from Dom Akademicki; ZURL's own Podzamcze next door
    has room for ``own_room``; Namiestnictwo, Sejm Krajowy and Dzielnica Żydowska are empty."""
    g = _board(zurl=[9])
    put(g, "rynek", ZURL, "2v")
    put(g, "podzamcze", ZURL, f"{5 - own_room}v")
    put(g, "dom-akademicki", PL, "3v")
    order(g, "move", "dom-akademicki", "3v", "rynek via dom-akademicki attack")
    g.apply("end")
    g.apply("battle rynek")
    return g


@pytest.mark.rule("§9.2", "ruling:evasion-destinations")
def test_s9_2_evasion_next_to_a_full_own_area_splits_into_neutral_areas():
    """§9.2: "If the destination Area's Unit Limit would be exceeded, the Defender then may split
    and move to an adjacent neutral Area." With its own Podzamcze full, ZURL evades all of its
    units into the neutral neighbours."""
    g = _zurl_attacked_in_rynek(own_room=0)
    assert g.decision().actions == ("fight", "discard 9")
    g.apply("discard 9")
    firsts = {a.split()[1] for a in g.legal() if a.startswith("evade")}
    # Dom Akademicki, which PL attacked from and left empty, is neutral too: §9.2, unlike the
    # Withdrawal rule, names no exception for it (ruling evasion-destinations)
    assert firsts == {"dom-akademicki", "dzielnica-zydowska", "namiestnictwo", "sejm-krajowy"}
    g.apply("evade namiestnictwo 2v")
    assert units(g, "namiestnictwo") == {"zurl-volunteer": 2} and units(g, "podzamcze") == {"zurl-volunteer": 5}


@pytest.mark.rule("§9.2", "ruling:evasion-destinations")
def test_s9_2_evasion_fills_the_own_area_first():
    """With room for one in Podzamcze, one unit goes there; only the other splits off."""
    g = _zurl_attacked_in_rynek(own_room=1)
    g.apply("discard 9")
    assert {a.split()[1] for a in g.legal() if a.startswith("evade")} == {"podzamcze"}
    g.apply("evade podzamcze 1v")
    assert {a.split()[1] for a in g.legal()} == {"dom-akademicki", "dzielnica-zydowska", "namiestnictwo", "sejm-krajowy"}


@pytest.mark.rule("§6.2", "FAQ:orders-assault-multiple-sides", "ruling:assault-cost")
def test_s6_2_assault_from_several_sides_is_one_battle():
    """FAQ "Orders – Assault": "The Battle is triggered after all the Assault Orders to that Area
    are executed" — one battle, after which the Orders Phase goes on (no second "fight now" for
    the groups already used)."""
    g = _board()
    s = g.state
    put(g, "rynek", ZURL, "1v")
    for origin in ("dom-akademicki", "sejm-krajowy", "podzamcze"):
        put(g, origin, PL, "2v")
    order(g, "assault", "dom-akademicki", "2v", "rynek via dom-akademicki attack")
    for origin in ("sejm-krajowy", "podzamcze"):
        g.apply("assault more")
        g.apply(f"from {origin}")
        g.apply("units 2v")
        g.apply(f"to rynek via {origin} attack")
    assert g.legal() == ["fight", "assault more"] or g.legal() == ["fight"]
    force_battle_card(g, 2, 0)
    g.apply("fight")
    while g.decision().kind in ("losses", "battle"):
        g.apply("stay" if "stay" in g.legal() else g.legal()[0])
    assert g.decision().kind == "orders"
    assert sum(1 for line in s.log if line.startswith("Battle in Rynek: PL attacks")) == 1
    assert s.turn.ap == 10 - 6


@pytest.mark.rule("§6.2", "ruling:assault-cost")
def test_s6_2_cancelling_a_further_assault_group_returns_to_fight_now():
    g = _board()
    put(g, "rynek", ZURL, "1v")
    put(g, "dom-akademicki", PL, "2v")
    put(g, "sejm-krajowy", PL, "2v")
    order(g, "assault", "dom-akademicki", "2v", "rynek via dom-akademicki attack")
    g.apply("assault more")
    g.apply("cancel")
    assert g.decision().kind == "assault" and "fight" in g.legal()
