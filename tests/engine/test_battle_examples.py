"""The rulebook's Example of Battles and the §4.1 limit example, replayed on the real board.

Each test builds the position of the example in Scenario 2 (which has the Destruction track, Wilhelm
Habsburg and Roman Abraham) — the Cerkiew and Cytadela examples as position files
(engine/position.py), the others by editing a game's state — gives the orders through the engine
and checks the tallies and the post-battle effects the rulebook prints.
"""

from __future__ import annotations

import json

import pytest

from helpers import (
    PL,
    ZURL,
    Token,
    battle_deck_topped,
    battle_frame,
    empty_board,
    force_battle_card,
    from_position,
    new_game,
    order,
    put,
    settle,
    units,
)

CERKIEW = "cerkiew-sw-jura"


def _cerkiew_position():
    """Example of Battles, step 1: PL lines up 7 Volunteers (HQ included) and 2 Soldiers on four
    sides of Cerkiew św. Jura; ZURL holds it with 2 Volunteers (its HQ one of them) and 1 Sich
    Rifleman behind a Barricade facing Koszary Salvatora."""
    g = from_position(
        f"""
        scenario = 2
        to_act = {{side = "PL", phase = "orders"}}
        turn = {{ap = 10}}
        # Abraham: +1 BP attacking with his HQ; Habsburg: an extra Morale step when he is killed
        commander = {{PL = "abraham", ZURL = "habsburg"}}
        supply = {{PL = 6, ZURL = 4}}    # PL Volunteers 3, Soldiers 4; ZURL 2 and 3 (its 7 Strength)
        morale = {{PL = 4, ZURL = 6}}    # the example uses PL's Low Morale column
        hand = {{PL = [], ZURL = [3, 4, 10]}}  # "PL does not play card"; ZURL could evade, it stays
        my_tokens = {{PL = ["grenades1"], ZURL = []}}
        battle_deck = {json.dumps(battle_deck_topped("0:1"))}  # step 4: a 0:1 card is drawn

        [units]
        koszary-salvatora = {{pl-volunteer = 2}}
        dom-akademicki = {{pl-volunteer = 2, pl-hq = 1}}
        # Koszary Ferdynanda and Dom Techników are Strategic Areas in Scenario 2: one Volunteer stays
        # behind in each, so vacating them does not move PL Morale (which the example does not show).
        koszary-ferdynanda = {{pl-volunteer = 3}}
        dom-technikow = {{pl-volunteer = 1, pl-soldier = 2}}
        {CERKIEW} = {{zurl-volunteer = 1, sich-rifleman = 1, zurl-hq = 1}}
        sejm-krajowy = {{zurl-volunteer = 1}}  # an area of its own ZURL could evade to (§9.2)

        [barricades]
        {CERKIEW} = [{{side = "ZURL", facing = "koszary-salvatora"}}]
        """,
        seed=3,
    )
    for origin, group in (("koszary-salvatora", "2v"), ("dom-akademicki", "2v1h"), ("koszary-ferdynanda", "2v"), ("dom-technikow", "2s")):
        assert order(g, "move", origin, group, f"{CERKIEW} via {origin} attack") == 1
    return g


def _fight_cerkiew(g):
    g.apply("end")
    g.apply(f"battle {CERKIEW}")
    assert "fight" in g.legal()
    g.apply("fight")  # "ZURL decides to stay for the Battle"
    # Step 2: ZURL plays 'Hutsul Sotnia' (ZURL #4, +1 BP). Where the engine does not offer the
    # card's effect yet (issue on cards), its +1 BP goes into the battle frame's modifier slot.
    if "special 4" in g.legal():
        g.apply("special 4")
    else:
        battle_frame(g)["mods"]["d"] += 1
    g.apply("token grenades1")  # step 3: PL uses a Grenade token


@pytest.mark.rule(
    "Example of Battles",
    "§9.3",
    "Player Aid: Combat Table",
    "§7.2 Grenades",
    "Errata:battle-card-points",
    "ruling:grenades-machine-gun",
    "ruling:sides-of-attack",
)
def test_cerkiew_tally_11_to_5():
    """Example of Battles, steps 1–4 (§9.3): Strength 29 − 2 (Barricade facing Koszary Salvatora)
    = 27 → 6 BP; ZURL 7 → 3 BP; +1 Commander, +3 for 4 sides, +1 Grenades → 11 : 4 (with
    Hutsul Sotnia); the 0:1 battle card → 11 : 5."""
    g = _cerkiew_position()
    _fight_cerkiew(g)
    f = battle_frame(g)
    assert f["bp"] == {"a": 11, "d": 5}
    assert f["result"] == "attacker"
    line = next(l for l in reversed(g.state.log) if l.startswith("Battle in Cerkiew"))
    assert "Strength 27 : 7 → 6 : 4 BP" in line  # 6 : 3 from the table, +1 Hutsul Sotnia
    assert "+3 for 4 sides" in line and "+1 Grenades" in line and "+1 PL Commander" in line


@pytest.mark.rule("Example of Battles", "§12", "ruling:destruction")
def test_cerkiew_destruction_city_battle_of_10_bp():
    """Example of Battles step 4, §12: a battle in a City area with 10 BP or more in all moves the
    Destruction marker down one step."""
    g = _cerkiew_position()
    assert g.state.destruction == 0
    _fight_cerkiew(g)
    assert g.state.destruction == 1


@pytest.mark.rule(
    "Example of Battles",
    "§9.4 A",
    "§9.4 B",
    "§9.4 C",
    "§9.4 D",
    "§8",
    "§11 Loss of Commander",
    "Player Aid: Loss Table",
    "ruling:loss-table",
    "ruling:morale-after-battle",
)
def test_cerkiew_post_battle():
    """Example of Battles steps 5–7 (§9.4): PL (Low Morale) takes 5 Losses — 2 Volunteers broken
    and 1 dispersed from Koszary Salvatora — and loses 1 Morale for 2 broken units; ZURL breaks all
    3 units (9 Losses, 2 forgone), loses the Barricade, 4 Morale steps (the Strategic Area, 2+
    broken, its Commander killed, Habsburg's attribute) and 1 Supply step."""
    g = _cerkiew_position()
    s = g.state
    _fight_cerkiew(g)
    d = g.decision()
    assert (d.player, d.kind) == (PL, "losses")
    assert "5 Losses (attacker, low Morale)" in d.prompt
    g.apply("break v@dom-akademicki")
    g.apply("break v@koszary-ferdynanda")
    g.apply("disperse v@koszary-salvatora")
    d = g.decision()
    assert (d.player, d.kind) == (ZURL, "losses")
    assert "11 Losses" in d.prompt
    assert all(a.startswith("break") for a in d.actions)  # "must break all 3 Units" (§9.4 B)
    for unit in ("h", "v", "s"):
        g.apply(f"break {unit}@{CERKIEW}")
    assert any("2 further Losses are forgone" in l for l in s.log)
    # Step 5: PL moves 1 unit in from each side it attacked from (then the Soldiers).
    d = g.decision()
    assert (d.player, d.kind) == (PL, "battle")
    assert "stay" not in d.actions  # not before every side has advanced
    for origin, unit in (("koszary-salvatora", "v"), ("dom-akademicki", "v"), ("koszary-ferdynanda", "v"), ("dom-technikow", "s")):
        g.apply(f"advance {origin} {unit}")
    g.apply("advance dom-technikow s")  # the City limit of 5 is reached
    assert units(g, CERKIEW) == {"pl-volunteer": 3, "pl-soldier": 2}
    assert units(g, "koszary-salvatora") == {}  # "He abandons the Koszary Salvatora Area"
    assert units(g, "dom-akademicki") == {"pl-hq": 1}  # the HQ that did not advance goes back
    assert s.broken[PL] == {"pl-volunteer": 2}
    assert s.broken[ZURL] == {"zurl-volunteer": 1, "sich-rifleman": 1}
    assert CERKIEW not in s.barricades
    # ZURL: −1 Strategic Area, −1 for 2+ broken, −1 Commander killed, −1 Habsburg's attribute.
    assert s.morale[ZURL] == 6 - 4
    assert s.supply[ZURL] == 4 - 1
    assert s.commander[ZURL] is None and s.commander_status[ZURL] == "killed" and s.fallen[ZURL] == 1
    # PL: −1 for 2 broken units; +1 for gaining the Strategic Area (§8; the example omits it).
    assert s.morale[PL] == 4 - 1 + 1
    assert s.supply[PL] == 6  # the winner does not gain Supply
    assert s.last_battle == {PL: "won", ZURL: "lost"}


@pytest.mark.rule("Example of Battles", "§9.2", "FAQ:battle-evasion-truce", "FAQ:evade-cost")
def test_gora_stracenia_evasion():
    """Example of Battles step 8, §9.2: ZURL evades the attack on Góra Stracenia (one side) by
    discarding a 1-AP card and withdraws to Dzielnica Żydowska, which it occupies; PL moves in and
    occupies the area. An Evasion is not a battle (FAQ "Battle"): the Truce is not broken."""
    g = new_game(2, seed=3)
    s = g.state
    empty_board(g)
    put(g, "koszary-salvatora", PL, "2v")
    put(g, "gora-stracenia", ZURL, "2v")
    put(g, "dzielnica-zydowska", ZURL, "1v")
    s.hand[PL] = []
    s.hand[ZURL] = [9, 16]  # Collective Responsibility (special, 1 AP); Komańcza Republic (event)
    s.turn.ap = 4
    morale = dict(s.morale)
    order(g, "move", "koszary-salvatora", "2v", "gora-stracenia via koszary-salvatora attack")
    g.apply("end")
    g.apply("battle gora-stracenia")
    d = g.decision()
    assert (d.player, d.kind) == (ZURL, "battle")
    assert d.actions == ("fight", "discard 9")  # an Event card cannot pay for an Evasion
    g.apply("discard 9")
    assert "evade dzielnica-zydowska 2v" in g.legal()
    g.apply("evade dzielnica-zydowska 2v")
    assert s.hand[ZURL] == [16] and 9 in s.discard[ZURL]
    g.apply("advance koszary-salvatora v")
    g.apply("advance koszary-salvatora v")
    assert units(g, "gora-stracenia") == {"pl-volunteer": 2}
    assert units(g, "dzielnica-zydowska") == {"zurl-volunteer": 3}
    assert s.morale[ZURL] == morale[ZURL] - 1  # vacated a Strategic Area
    assert s.morale[PL] == morale[PL] + 1  # gained it
    assert not s.losses_this_round
    assert s.last_battle == {PL: None, ZURL: None}


def _cytadela_position():
    """Example of Battles step 9: PL attacks Cytadela from 2 sides — from Szkoła Kadecka and with
    units that came from Elektrownia through Park Stryjski."""
    g = from_position(
        f"""
        scenario = 2
        to_act = {{side = "PL", phase = "orders"}}
        turn = {{ap = 5}}
        supply = {{PL = 6, ZURL = 4}}
        morale = {{PL = 4, ZURL = 6}}
        hand = {{PL = [], ZURL = []}}  # ZURL's Ammunition and 'Collective Responsibility' are left out
        my_tokens = {{PL = [], ZURL = []}}
        battle_deck = {json.dumps(battle_deck_topped("0:1"))}
        units = {{szkola-kadecka = {{pl-volunteer = 4}}, elektrownia = {{pl-soldier = 3}}, cytadela = {{zurl-volunteer = 2}}}}
        """,
        seed=3,
    )  # one Volunteer stays in Szkoła Kadecka, a Strategic Area
    s = g.state
    order(g, "move", "szkola-kadecka", "3v", "cytadela via szkola-kadecka attack")
    order(g, "move", "elektrownia", "3s", "cytadela via park-stryjski attack")
    groups = {grp.origin: grp.units for grp in s.attacks["cytadela"]}
    assert groups == {"szkola-kadecka": {"pl-volunteer": 3}, "park-stryjski": {"pl-soldier": 3}}
    g.apply("end")
    g.apply("battle cytadela")
    return g


@pytest.mark.rule("Example of Battles", "§6.2 Fortification", "§9.3", "ruling:fortifications", "ruling:battle-ties")
def test_cytadela_permanent_redoubt():
    """Example of Battles step 9, §6.2: Cytadela always has a Redoubt — each attacking unit's
    Strength −1 (PL 21 → 15) and no bonus for attacking from 2 sides; ZURL's 4 Strength → 2 BP."""
    g = _cytadela_position()
    f = battle_frame(g)
    assert g.state.redoubts.get("cytadela") is None  # nothing built: the Redoubt is permanent
    line = next(l for l in reversed(g.state.log) if l.startswith("Battle in Cytadela"))
    assert "Strength 15 : 4 → 3 : 2 BP" in line
    assert "sides" not in line
    assert f["bp"] == {"a": 3, "d": 3}
    assert f["result"] == "defender"  # a tie does not win the Attacker the area


@pytest.mark.rule("Example of Battles", "§9.4 B", "Errata:battle-example-kadecka", "ruling:beaten-attacker")
def test_cytadela_attacker_withdraws_where_it_came_from():
    """Example of Battles steps 14 and 16, §9.4: the beaten attacker withdraws each group to the
    area it came from (the units from Elektrownia to Park Stryjski, the last area they passed)
    before taking Losses; PL breaks 1 and disperses 1 of the Szkoła Kadecka units and lowers only
    its Supply; ZURL breaks 1 unit and keeps the Citadel."""
    g = _cytadela_position()
    s = g.state
    d = g.decision()
    assert (d.player, d.kind) == (PL, "losses")
    assert "3 Losses (attacker, low Morale)" in d.prompt
    assert units(g, "park-stryjski") == {"pl-soldier": 3}
    assert units(g, "szkola-kadecka") == {"pl-volunteer": 4}
    assert units(g, "elektrownia") == {}
    g.apply("break v@szkola-kadecka")
    g.apply("disperse v@szkola-kadecka")
    d = g.decision()
    assert (d.player, d.kind) == (ZURL, "losses")
    assert "3 Losses" in d.prompt
    g.apply("break v@cytadela")
    assert units(g, "cytadela") == {"zurl-volunteer": 1}
    assert units(g, "szkola-kadecka") == {"pl-volunteer": 2}
    assert "cytadela" not in s.attacks
    assert s.supply[PL] == 5 and s.morale[PL] == 4  # only Supply falls (6 units ≥ 2 at Low Morale)
    assert s.supply[ZURL] == 4 and s.morale[ZURL] == 6
    assert s.destruction == 0  # 3 + 3 BP: below 10


def _limit_example():
    """§4.1 example: PL attacks Szkoła Sienkiewicza with 6 units from Bogdanówka and 5 from Dworzec
    Główny; ZURL holds it with 5; PL wins and ZURL suffers 2 broken units (6 Losses)."""
    g = new_game(2, seed=3)
    s = g.state
    empty_board(g)
    s.strategic = {}  # keep Morale out of this example
    put(g, "bogdanowka", PL, "6v")
    put(g, "dworzec-glowny", PL, "5v")
    put(g, "szkola-sienkiewicza", ZURL, "5v")
    s.supply[PL], s.supply[ZURL] = 3, 1  # PL 11 × 2 = 22 → 5 BP (+1 for 2 sides); ZURL 5 → 2 BP
    s.morale[PL], s.morale[ZURL] = 6, 3
    s.hand[PL], s.hand[ZURL] = [], []
    s.my_tokens[PL], s.my_tokens[ZURL] = [], []
    s.turn.ap = 4
    settle(g)
    order(g, "move", "bogdanowka", "6v", "szkola-sienkiewicza via bogdanowka attack")
    order(g, "move", "dworzec-glowny", "5v", "szkola-sienkiewicza via dworzec-glowny attack")
    force_battle_card(g, 0, 0)
    g.apply("end")
    g.apply("battle szkola-sienkiewicza")
    assert battle_frame(g)["bp"] == {"a": 6, "d": 2}
    g.apply("disperse v@bogdanowka")  # PL's 2 Losses (High Morale: 2 per dispersed unit)
    g.apply("break v@szkola-sienkiewicza")
    g.apply("break v@szkola-sienkiewicza")
    if "hold" in g.legal():  # §9.4: ZURL could withdraw more by choice; it holds on
        g.apply("hold")
    return g


@pytest.mark.rule("§4.1", "§9.4 A", "Errata:terrain-example", "ruling:attack-group-size")
def test_limit_example_attacker_moves_in_only_up_to_the_limit():
    """§4.1 example: PL can move only 2 units into the battled City area, at least 1 from each side
    it attacked from; ZURL holds out there with 3 units, so the area is contested; the rest go back."""
    g = _limit_example()
    s = g.state
    assert units(g, "szkola-sienkiewicza") == {"zurl-volunteer": 3}
    d = g.decision()
    assert (d.player, d.kind) == (PL, "battle") and "stay" not in d.actions
    g.apply("advance bogdanowka v")
    assert "stay" not in g.legal()  # Dworzec Główny's side has not advanced yet
    g.apply("advance dworzec-glowny v")
    assert units(g, "szkola-sienkiewicza") == {"zurl-volunteer": 3, "pl-volunteer": 2}
    assert units(g, "bogdanowka") == {"pl-volunteer": 4}
    assert units(g, "dworzec-glowny") == {"pl-volunteer": 4}
    assert "szkola-sienkiewicza" not in s.attacks


@pytest.mark.rule("§4.1", "§9.4 A", "ruling:loss-table")
def test_limit_example_room_is_kept_for_every_side():
    """§4.1, §9.4 A: with room for only 2 and two sides of attack, the second unit must come from
    the side that has not advanced yet."""
    g = _limit_example()
    g.apply("advance bogdanowka v")
    assert g.legal() == ["advance dworzec-glowny v"]


# ------------------------------------------------------------------- §9.3 battle cards, §9.2


def _rynek_battle(card_first, card_second=None, tokens=None, area="rynek", origin="dom-akademicki"):
    """PL (5 Volunteers, Supply 5: 15 → 3 BP) attacks 1 ZURL Volunteer (Supply 5: 3 → 1 BP)."""
    g = new_game(2, seed=3)
    s = g.state
    empty_board(g)
    s.strategic = {}
    put(g, origin, PL, "5v")
    put(g, area, ZURL, "1v")
    s.supply[PL], s.supply[ZURL] = 5, 5
    s.hand[PL], s.hand[ZURL] = [], []
    s.my_tokens[PL], s.my_tokens[ZURL] = [], []
    if tokens is not None:
        s.tokens = {area: tokens}
    s.turn.ap = 3
    order(g, "move", origin, "5v", f"{area} via {origin} attack")
    if card_second:
        force_battle_card(g, *card_second[:2], **card_second[2])
    force_battle_card(g, *card_first[:2], **card_first[2])
    g.apply("end")
    g.apply(f"battle {area}")
    return g


@pytest.mark.rule("§9.3", "§1 Battle Cards")
def test_escalation_draws_a_second_battle_card():
    """§9.3 step 7 Escalation: draw another Battle Card and add the values together."""
    g = _rynek_battle((1, 0, {"escalation": True}), (2, 1, {}))
    assert battle_frame(g)["bp"] == {"a": 3 + 1 + 2, "d": 1 + 0 + 1}
    assert len(g.state.battle_used) == 2


@pytest.mark.rule("§9.3")
def test_second_escalation_draws_no_third_card():
    """§9.3 step 7: if the second card is an Escalation too, no third card is drawn."""
    g = _rynek_battle((1, 0, {"escalation": True}), (0, 1, {"escalation": True}))
    assert battle_frame(g)["bp"] == {"a": 3 + 1, "d": 1 + 1}
    assert len(g.state.battle_used) == 2


@pytest.mark.rule("§9.3", "ruling:explosion")
def test_explosion_destroys_the_supply_tokens_of_the_area():
    """§9.3 step 7 Explosion: all Supply Tokens in the battle area are removed (not in a Village)."""
    g = _rynek_battle((0, 0, {"explosion": True}), tokens=[Token("food", 1, face_up=True), Token("plane", 2)])
    assert "rynek" not in g.state.tokens
    g = _rynek_battle((0, 0, {"explosion": True}), tokens=[Token("food", 1, face_up=True)], area="sokolniki", origin="koszary-wuleckie")
    assert len(g.state.tokens["sokolniki"]) == 1


@pytest.mark.rule("§9.2", "ruling:evasion-destinations")
def test_evasion_not_into_an_area_awaiting_its_own_battle():
    """§9.2 Evasion: the Defender evades to an adjacent area its side occupies, but not to one that
    is itself awaiting a battle."""
    g = new_game(2, seed=3)
    s = g.state
    empty_board(g)
    s.strategic = {}
    put(g, "dom-akademicki", PL, "2v")
    put(g, "wysoki-zamek", PL, "2v")
    put(g, "rynek", ZURL, "1v")
    put(g, "namiestnictwo", ZURL, "1v")
    put(g, "podzamcze", ZURL, "1v")
    s.hand[ZURL] = [9]  # 1 AP
    s.turn.ap = 4
    order(g, "move", "dom-akademicki", "2v", "rynek via dom-akademicki attack")
    order(g, "move", "wysoki-zamek", "2v", "namiestnictwo via wysoki-zamek attack")
    g.apply("end")
    g.apply("battle rynek")
    g.apply("discard 9")
    targets = {a.split()[1] for a in g.legal()}
    assert targets == {"podzamcze"}


@pytest.mark.rule("§9.4 B")
def test_withdrawal_not_into_an_area_awaiting_its_own_battle():
    """§9.4 Withdrawal: the Defender withdraws to an adjacent area its side occupies, but not to
    one that is itself awaiting a battle."""
    g = new_game(2, seed=3)
    s = g.state
    empty_board(g)
    s.strategic = {}
    put(g, "dom-akademicki", PL, "5v")
    put(g, "wysoki-zamek", PL, "2v")
    put(g, "rynek", ZURL, "2v")
    put(g, "namiestnictwo", ZURL, "1v")
    put(g, "podzamcze", ZURL, "1v")
    s.supply[PL], s.supply[ZURL] = 6, 1
    s.morale[ZURL] = 6
    s.hand[PL], s.hand[ZURL] = [], []
    s.my_tokens[PL], s.my_tokens[ZURL] = [], []
    s.turn.ap = 4
    order(g, "move", "dom-akademicki", "5v", "rynek via dom-akademicki attack")
    order(g, "move", "wysoki-zamek", "2v", "namiestnictwo via wysoki-zamek attack")
    force_battle_card(g, 0, 0)
    g.apply("end")
    g.apply("battle rynek")
    while g.decision().player == PL:
        g.apply(g.legal()[0])
    assert g.decision().kind == "losses"
    targets = {a.split()[2] for a in g.legal() if a.startswith("withdraw")}
    assert targets == {"podzamcze"}


@pytest.mark.rule("Player Aid: Combat Table", "ruling:combat-table")
def test_combat_table_rows_and_beyond():
    """Player Aid Combat Table: attacker 1-5 → 1 BP … 31-35 → 7, defender 1-3 → 1 … 16-18 → 6;
    beyond the printed rows the pattern goes on, and 0 Strength or less scores nothing."""
    from semper_fidelis.engine.battle import table_bp

    printed = {"attacker": [(1, 1), (5, 1), (6, 2), (30, 6), (31, 7), (35, 7)],
               "defender": [(1, 1), (3, 1), (4, 2), (16, 6), (18, 6)]}
    for role, rows in printed.items():
        assert [table_bp(s, role) for s, _ in rows] == [bp for _, bp in rows], role
    assert (table_bp(36, "attacker"), table_bp(19, "defender")) == (8, 7)
    assert (table_bp(0, "attacker"), table_bp(-2, "defender")) == (0, 0)
