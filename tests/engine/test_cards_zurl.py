"""Every card of the ZURL Action deck (assets/cards_zurl.toml), played where it matters, and the
FAQ answers about ZURL cards ("Action Cards", "Battle", "Austro-Hungarian Army"). One test (or
more) per card, named after it; the card text in the data file is the specification."""

from __future__ import annotations

import pytest
from card_helpers import (
    PL,
    ZURL,
    battle_frame,
    card_battle,
    event_game,
    force_battle_card,
    give_tokens,
    last_log,
    order,
    orders_game,
    pass_until,
    put,
    settle,
    units,
)

from semper_fidelis.engine.occupancy import occupant, owner
from semper_fidelis.engine.state import Token


def _zurl_defends(hand_zurl, hand_pl=(), area="rynek", zurl_units="2v", attacks=(("sejm-krajowy", "3v"),), scenario=2, board=()):
    return card_battle(PL, area, zurl_units, attacks, hand_pl, hand_zurl, scenario, board)


def _zurl_attacks(hand_zurl, hand_pl=(), area="rynek", pl_units="1v", attacks=(("sejm-krajowy", "3v"),)):
    return card_battle(ZURL, area, pl_units, attacks, hand_pl, hand_zurl)


# ---------------------------------------------------------------- ZURL #1 Proclamation of the Rada


@pytest.mark.rule("§8", "ruling:unplayable-cards")
def test_z01_rada_proclamation_raises_zurl_morale():
    g = orders_game(ZURL)
    s = g.state
    s.morale[ZURL] = 4
    s.hand[ZURL] = [1]
    g.apply("effect 1")
    assert s.morale[ZURL] == 5 and not s.turn.propaganda
    s.morale[ZURL], s.hand[ZURL], s.turn.card_played = 8, [1], False
    assert "effect 1" not in g.legal()  # already on the top space


# ---------------------------------------------------------------------- ZURL #2 Assault Platoon


@pytest.mark.rule("FAQ:cards-assault-platoon", "ruling:card-moves")
def test_z02_assault_platoon_free_move_contesting_a_pl_area():
    """FAQ [Assault Platoon, ZURL #2]: the units may contest another enemy-occupied area (to fight
    later), free of the extra AP for entering it."""
    g = orders_game(ZURL, ap=0)
    s = g.state
    put(g, "rynek", ZURL, "5v")
    put(g, "podzamcze", PL, "2v")
    s.hand[ZURL] = [2]
    g.apply("effect 2")
    g.apply("from rynek")
    assert "units 4v" in g.legal() and "units 5v" not in g.legal()
    g.apply("units 3v")  # Podzamcze (City, 5) holds 2 PL units: room for 3
    assert {"to podzamcze via rynek enter", "to podzamcze via rynek attack"} <= set(g.legal())
    g.apply("to podzamcze via rynek enter")
    assert units(g, "podzamcze") == {"pl-volunteer": 2, "zurl-volunteer": 3}
    assert s.turn.ap == 0 and g.decision().kind == "orders"


@pytest.mark.rule("FAQ:cards-assault-platoon", "ruling:card-moves")
def test_z02_assault_platoon_joins_a_battle_awaiting_resolution():
    """FAQ [Assault Platoon, ZURL #2]: … or into a contested area that is waiting for a battle."""
    g = orders_game(ZURL, ap=1)
    s = g.state
    put(g, "namiestnictwo", ZURL, "2v")
    put(g, "rynek", ZURL, "4v")
    put(g, "wysoki-zamek", PL, "2v")
    order(g, "move", "namiestnictwo", "2v", "wysoki-zamek via namiestnictwo attack")
    s.hand[ZURL] = [2]
    g.apply("effect 2")
    g.apply("from rynek")
    g.apply("units 3v")
    g.apply("to wysoki-zamek via namiestnictwo attack")
    (group,) = s.attacks["wysoki-zamek"]
    assert group.units == {"zurl-volunteer": 5} and group.origin == "namiestnictwo"


@pytest.mark.rule("FAQ:orders-assault-trigger-cost", "FAQ:orders-assault-some-units", "ruling:assault-cost", "ruling:card-moves")
def test_z02_a_group_lined_up_by_assault_platoon_costs_a_later_assault_2_ap():
    """FAQ "Orders – Assault": "2 APs for each involved group of Units in the Battle". A group
    Assault Platoon lined up on Rynek's border fights in a later Assault from Namiestnictwo and is
    paid for, as a group a Move order lined up there would be: 4 AP in both cases."""
    costs = {}
    for how in ("card", "move"):
        g = orders_game(ZURL, ap=6)
        s = g.state
        put(g, "sejm-krajowy", ZURL, "3v")
        put(g, "namiestnictwo", ZURL, "2v")
        put(g, "rynek", PL, "2v")
        if how == "card":
            s.hand[ZURL] = [2]
            g.apply("effect 2")
            g.apply("from sejm-krajowy")
            g.apply("units 2v")
            g.apply("to rynek via sejm-krajowy attack")
        else:
            order(g, "move", "sejm-krajowy", "2v", "rynek via sejm-krajowy attack")
        before = s.turn.ap
        costs[how] = order(g, "assault", "namiestnictwo", "2v", "rynek via namiestnictwo attack")
        assert before - s.turn.ap == costs[how]
    assert costs == {"card": 4, "move": 4}


# ---------------------------------------------------------------------- ZURL #3 Heroic Defense


@pytest.mark.rule("§9.3", "FAQ:cards-heroic-defense")
def test_z03_heroic_defense_works_in_a_village():
    """FAQ [Heroic Defense, ZURL #3]: usable in a Village although no Redoubt can be built there —
    each attacking unit −1 Strength and no bonus for the second side."""
    attacks = (("kozielniki", "2v"), ("sknilow", "2v"))
    g = _zurl_defends([3], area="sokolniki", zurl_units="2v", attacks=attacks)
    s = g.state
    pass_until(g, ZURL, "battle", "defends")
    g.apply("special 3")
    while "bp" not in battle_frame(g):
        g.apply("pass" if "pass" in g.legal() else g.legal()[0])
    vol = g.rules.strength[s.supply[PL]][0]
    line = last_log(g, "Battle in Sokolniki:")
    assert f"Strength {4 * (vol - 1)} :" in line
    assert "sides" not in line


@pytest.mark.rule("ruling:unplayable-cards")
def test_z03_heroic_defense_only_for_the_defender():
    g = _zurl_attacks([3])
    assert "special 3" not in g.legal()


# ------------------------------------------------------------------------ ZURL #4 Hutsul Sotnia


@pytest.mark.rule("Example of Battles", "§9.3")
def test_z04_hutsul_sotnia_example_of_battles_11_to_4():
    """Example of Battles steps 1–3: PL attacks Cerkiew św. Jura from 4 sides; ZURL plays
    'Hutsul Sotnia' (+1 BP) → 11 : 4 before the battle card; with the 0:1 card 11 : 5."""
    g = orders_game(PL, ap=10)
    s = g.state
    cerkiew = "cerkiew-sw-jura"
    put(g, "koszary-salvatora", PL, "2v")
    put(g, "dom-akademicki", PL, "2v1h")
    put(g, "koszary-ferdynanda", PL, "3v")
    put(g, "dom-technikow", PL, "1v2s")
    put(g, cerkiew, ZURL, "1v1s1h")
    s.barricades[cerkiew] = [(ZURL, "koszary-salvatora")]
    s.commander[PL], s.commander[ZURL] = "abraham", "habsburg"
    s.supply[PL], s.supply[ZURL] = 6, 4
    s.morale[PL], s.morale[ZURL] = 4, 6
    s.hand[ZURL] = [4]
    give_tokens(g, PL, "grenades1")
    settle(g)
    for origin, group in (("koszary-salvatora", "2v"), ("dom-akademicki", "2v1h"), ("koszary-ferdynanda", "2v"), ("dom-technikow", "2s")):
        order(g, "move", origin, group, f"{cerkiew} via {origin} attack")
    force_battle_card(g, 0, 1)
    g.apply("end")
    g.apply(f"battle {cerkiew}")
    assert (g.decision().player, g.legal()) == (ZURL, ["special 4", "pass"])  # step 2: PL plays no card
    g.apply("special 4")
    g.apply("token grenades1")
    f = battle_frame(g)
    assert f["bp"] == {"a": 11, "d": 5}
    assert "Strength 27 : 7 → 6 : 4 BP" in last_log(g, "Battle in Cerkiew")


# ----------------------------------------------------------------- ZURL #5 Searches and Arrests


@pytest.mark.rule("Example of a Player Turn", "§5.1 Orders Phase", "ruling:searches-and-arrests-ap")
def test_z05_searches_and_arrests_lowers_pl_morale_or_destruction():
    """Example of a Player Turn step 11: "Plays an Action Card which effect is lowering the PL's
    Morale (0 AP)" — the step costs 0 AP, as a card played for its effect does (§5.1 B "ignore
    its APs"); the card itself is worth 1 AP when played for its AP (ruling:searches-and-arrests-ap)."""
    g = orders_game(ZURL)
    s = g.state
    s.morale[PL] = 5
    s.hand[ZURL] = [5]
    assert "card 5" in g.legal()
    g.apply("effect 5")
    assert s.morale[PL] == 4 and s.turn.ap == 0  # the effect: no AP gained, none spent
    s.morale[PL], s.hand[ZURL], s.turn.card_played = 1, [5], False
    g.apply("effect 5")  # Scenario 2: at the bottom, Destruction moves instead (§8)
    assert s.morale[PL] == 1 and s.destruction == 1
    g1 = orders_game(ZURL, scenario=1)
    g1.state.morale[PL], g1.state.hand[ZURL] = 1, [5]
    assert "effect 5" not in g1.legal()  # no Destruction track: nothing would happen
    g1.apply("card 5")
    assert g1.state.turn.ap == 1


# ------------------------------------------------------------------------ ZURL #6 Accurate Fire


@pytest.mark.rule("FAQ:cards-accurate-fire", "ruling:unplayable-cards")
def test_z06_accurate_fire_anywhere_while_zurl_holds_a_height():
    """FAQ [Accurate Fire, ZURL #6]: effective in any battle as long as ZURL occupies Wysoki
    Zamek, Góra św. Jacka or Zniesienie — not only in battles there."""
    g = _zurl_defends([6, 4])
    pass_until(g, ZURL, "battle", "defends")
    assert "special 6" not in g.legal() and "special 4" in g.legal()  # no height held
    put(g, "zniesienie", ZURL, "1v")
    assert "special 6" in g.legal()
    g.apply("special 6")
    assert battle_frame(g)["mods"]["d"] == 2


# ------------------------------------------------------------------- ZURL #7 Iwan Gonta's Plot


@pytest.mark.rule("FAQ:battle-losses-to-zero", "ruling:cards-in-battle")
def test_z07_iwan_gontas_plot_two_losses_fewer_outcome_unchanged():
    """FAQ "Battle": reducing Loss (Iwan Gonta's Plot) does not affect the outcome."""
    g = _zurl_defends([7], zurl_units="1v", attacks=(("sejm-krajowy", "5v"),))
    pass_until(g, ZURL, "battle", "defends")
    g.apply("special 7")
    f = battle_frame(g)
    pass_until(g, ZURL, "losses")
    assert f["result"] == "attacker"
    assert f"distribute {f['bp']['a'] - 2} Loss" in g.decision().prompt


# ------------------------------------------------------------- ZURL #8 Mobilization in E. Galicia


def test_z08_east_galician_mobilization():
    g = orders_game(ZURL)
    s = g.state
    pool, mob = s.pool[ZURL]["zurl-volunteer"], s.mob[ZURL].get("zurl-volunteer", 0)
    s.hand[ZURL] = [8]
    g.apply("effect 8")
    assert s.pool[ZURL]["zurl-volunteer"] == pool - 3 and s.mob[ZURL]["zurl-volunteer"] == mob + 3


# -------------------------------------------------------------- ZURL #9 Collective Responsibility


@pytest.mark.rule(
    "Example of Battles",
    "§7.2 Ammunition",
    "§6.2 Mobilization",
    "FAQ:battle-ammunition-second-card",
    "ruling:cards-in-battle",
    "ruling:removed-from-game",
)
def test_z09_collective_responsibility_after_the_battle_with_ammunition():
    """Example of Battles step 15: thanks to the Ammunition token played earlier, ZURL plays a
    second card after the battle — 'Collective Responsibility' removes 2 PL Units in the
    Mobilization Zone from the game (§6.2: back to the box, not to the pool)."""
    attacks = (("szkola-kadecka", "3v"), ("park-stryjski", "3s"))
    g = _zurl_defends([9], area="cytadela", zurl_units="2v", attacks=attacks)
    s = g.state
    s.mob[PL] = {"pl-volunteer": 3, "pl-soldier": 1}
    give_tokens(g, ZURL, "ammunition1")
    pool = dict(s.pool[PL])
    pass_until(g, ZURL, "battle", "defends")
    assert "special 9" in g.legal()
    g.apply("pass")
    g.apply("token ammunition1")
    assert g.decision().player == ZURL and "second Special card now" in g.decision().prompt
    g.apply("pass")
    d = g.decision()
    assert d.player == ZURL and "after the battle" in d.prompt and "special 9" in d.actions
    g.apply("special 9")
    assert set(g.legal()) == {"remove v", "remove s"}
    g.apply("remove v")
    g.apply("remove s")
    assert s.mob[PL] == {"pl-volunteer": 2, "pl-soldier": 0}
    assert s.removed[PL] == {"pl-volunteer": 1, "pl-soldier": 1}
    assert s.pool[PL] == pool


@pytest.mark.rule("Example of Battles", "§9.3", "§9.4 B", "FAQ:battle-ammunition-second-card", "ruling:cards-in-battle")
def test_example_of_battles_15_collective_responsibility_after_pls_losses():
    """Example of Battles steps 14-16 with PL's Mobilization Zone empty before the battle: PL
    breaks one unit and disperses another (§9.4 B: "The Attacker takes Losses first"); ZURL, with
    its Ammunition, then plays 'Collective Responsibility' on the unit just dispersed (§9.3
    "immediately or after the Battle"), and only then takes its own Losses."""
    attacks = (("szkola-kadecka", "3v"), ("park-stryjski", "3s"))
    g = _zurl_defends([9], area="cytadela", zurl_units="2v", attacks=attacks)
    s = g.state
    s.mob[PL] = {}
    give_tokens(g, ZURL, "ammunition1")
    s.supply[PL], s.supply[ZURL], s.morale[PL] = 6, 3, 4  # as in the book: 3 : 3 after the 0:1 card
    force_battle_card(g, 0, 1)  # a tie: ZURL holds, and PL takes its Losses first
    pass_until(g, ZURL, "battle", "defends")
    assert "special 9" not in g.legal()  # nothing in the Zone to take
    g.apply("pass")
    g.apply("token ammunition1")
    pass_until(g, PL, "losses")
    assert not any("Special" in line for line in s.log[-3:])
    while g.decision().player == PL and g.decision().kind == "losses":
        d = g.decision()
        g.apply(next((a for a in d.actions if a.startswith("disperse")), d.actions[0]))
    assert sum(s.mob[PL].values()) >= 1
    d = g.decision()
    assert d.player == ZURL and "after the battle" in d.prompt and "special 9" in d.actions
    dispersed = sum(s.mob[PL].values())
    g.apply("special 9")
    while g.decision().kind == "card":
        g.apply(g.decision().actions[0])
    assert sum(s.removed[PL].values()) == min(2, dispersed) and sum(s.mob[PL].values()) == dispersed - min(2, dispersed)
    assert g.decision().player == ZURL and g.decision().kind == "losses"  # the Defender's Losses come last


# ------------------------------------------------------------------------------ ZURL #10 Trucks


@pytest.mark.rule("FAQ:cards-combat-emergency-trucks", "ruling:card-moves")
def test_z10_trucks_move_units_in_as_defenders_by_the_normal_rules():
    """FAQ [Trucks, ZURL #10, like PL #8]: up to 3 spaces through neutral or ZURL areas, within the
    Area Unit Limit; then defenders like the others."""
    board = (
        ("wysoki-zamek", ZURL, "3v"),  # 2 spaces via Namiestnictwo or Podzamcze
        ("sejm-krajowy", PL, "1v"),  # PL keeps its area: not a way through
        ("cytadela", ZURL, "2v"),  # Cytadela – Sejm Krajowy (PL) – Rynek: blocked; other paths longer
        ("gora-sw-jacka", PL, "1v"),
        ("dom-technikow", PL, "1v"),
        ("park-stryjski", PL, "1v"),
        ("szkola-kadecka", PL, "1v"),
    )
    g = _zurl_defends([10], zurl_units="1v", board=board)
    pass_until(g, ZURL, "battle", "defends")
    g.apply("special 10")
    origins = {a.split()[1] for a in g.legal() if a.startswith("from ")}
    assert origins == {"wysoki-zamek"}
    g.apply("from wysoki-zamek")
    g.apply("units 3v")
    g.apply("to rynek")
    assert units(g, "rynek") == {"zurl-volunteer": 4}
    f = battle_frame(g)
    while "bp" not in f:
        g.apply("pass" if "pass" in g.legal() else g.legal()[0])
    assert f["participants"][ZURL] == 4


# --------------------------------------------------------------------- ZURL #11 Railway Sabotage


@pytest.mark.rule("§10", "ruling:relief-by-card")
def test_z11_railway_sabotage_delays_the_pl_relief():
    g = orders_game(ZURL)
    s = g.state
    s.hand[ZURL] = [11]
    g.apply("effect 11")
    assert next(r for r in s.relief if r["side"] == PL)["round"] == 9
    next(r for r in s.relief if r["side"] == PL)["round"] = 12
    s.hand[ZURL], s.turn.card_played = [11], False
    assert "effect 11" not in g.legal()  # no round after the last


# -------------------------------------------------------------------- ZURL #12 Positional Fights


@pytest.mark.rule("§6.2 Fortification", "FAQ:cards-workers-positional-fights", "ruling:fortifications")
def test_z12_positional_fights_normal_rules():
    """FAQ [Positional Fights, ZURL #12]: normal rules — no Redoubt outside City areas or in
    Cytadela, no Barricade in a Village."""
    g = orders_game(ZURL, ap=0)
    s = g.state
    put(g, "cytadela", ZURL, "1v")
    put(g, "zniesienie", ZURL, "1v")  # Suburb
    put(g, "winniki", ZURL, "1v")  # Village
    s.hand[ZURL] = [12]
    g.apply("effect 12")
    legal = g.legal()
    assert not any(a.startswith("redoubt") for a in legal)
    assert "barricade zniesienie podzamcze" in legal and "barricade cytadela sejm-krajowy" in legal
    assert not any("winniki" in a for a in legal)
    g.apply("barricade zniesienie podzamcze")
    g.apply("done")
    assert s.barricades["zniesienie"] == [(ZURL, "podzamcze")] and s.turn.ap == 0


# ----------------------------------------------------------------------- ZURL #13 Blockade


@pytest.mark.rule("§7.1")
def test_z13_blockade_lowers_pl_supply():
    g = orders_game(ZURL)
    s = g.state
    s.supply[PL] = 5
    s.hand[ZURL] = [13]
    g.apply("effect 13")
    assert s.supply[PL] == 4


# ------------------------------------------------------------------ ZURL #14 Ukrainian Youth


def test_z14_ukrainian_youth_city_or_suburb_only():
    g = orders_game(ZURL, ap=0)
    s = g.state
    put(g, "rynek", ZURL, "1v")
    put(g, "winniki", ZURL, "1v")
    s.mob[ZURL] = {"zurl-volunteer": 5}
    s.hand[ZURL] = [14]
    g.apply("effect 14")
    assert g.legal() == ["mobilize rynek v", "done"]
    g.apply("mobilize rynek v")
    g.apply("mobilize rynek v")
    assert units(g, "rynek") == {"zurl-volunteer": 3} and s.mob[ZURL]["zurl-volunteer"] == 3
    assert g.decision().kind == "orders"


# ---------------------------------------------------------------- ZURL #15 Artillery from Winniki


@pytest.mark.rule("§7.2 Artillery", "§12", "FAQ:supply-token-artillery-truce")
def test_z15_artillery_from_winniki():
    """As an Artillery token: 2 Losses, Destruction in a City area, the Truce broken (FAQ)."""
    g = orders_game(ZURL, ap=0)
    s = g.state
    put(g, "rynek", PL, "3v")
    s.hand[ZURL] = [15]
    assert "effect 15" not in g.legal()  # ZURL holds neither Winniki nor Lesienice
    put(g, "lesienice", ZURL, "1v")
    s.morale[PL] = 6
    put(g, "dworzec-glowny", PL, "1a")  # a neutral Austro-Hungarian unit alone: not PL's area
    g.apply("effect 15")
    assert g.legal() == ["artillery rynek"]
    g.apply("artillery rynek")
    assert g.decision().player == PL and "2 Losses" in g.decision().prompt
    g.apply("disperse v@rynek")
    assert units(g, "rynek") == {"pl-volunteer": 2}
    assert s.destruction == 1 and s.losses_this_round


# ---------------------------------------------------------------- ZURL #16 Komańcza Republic


@pytest.mark.rule("§6.2 Mobilization", "ruling:removed-from-game")
def test_z16_komancza_republic_removes_zurl_volunteers_from_the_game():
    """§6.2: 'Komańcza Republic' removes Units from the game for good."""
    g = event_game(ZURL, [16])
    s = g.state
    s.pool[ZURL]["zurl-volunteer"] = 1
    mob = s.mob[ZURL]["zurl-volunteer"]
    ap = s.turn.ap
    g.apply("event 16")
    assert s.pool[ZURL]["zurl-volunteer"] == 0 and s.mob[ZURL]["zurl-volunteer"] == mob - 1
    assert s.removed[ZURL] == {"zurl-volunteer": 2}
    assert s.turn.ap == ap + 3


# ---------------------------------------------------------------- ZURL #17 Fights for Przemyśl


def test_z17_fights_for_przemysl_thin_the_relief_keeping_one():
    g = orders_game(ZURL)
    s = g.state
    s.hand[ZURL] = [17]
    g.apply("effect 17")
    entry = next(r for r in s.relief if r["side"] == PL)
    assert entry["count"] == 8
    entry["count"] = 2
    s.hand[ZURL], s.turn.card_played = [17], False
    g.apply("effect 17")
    assert entry["count"] == 1
    s.hand[ZURL], s.turn.card_played = [17], False
    assert "effect 17" not in g.legal()


# ------------------------------------------------------------- ZURL #18 Women Volunteer Legion


@pytest.mark.rule("Example of a Player Turn", "§5.1 Initial Phase")
def test_z18_women_volunteer_legion_pl_places_two_volunteers():
    """Example of a Player Turn step 2: the Event lets PL put 2 Volunteers on the board, then ZURL
    gets 4 AP; PL chooses where (areas it occupies, Area Unit Limit)."""
    g = event_game(ZURL, [18])
    s = g.state
    s.mob[PL]["pl-volunteer"] = 5
    ap = s.turn.ap
    g.apply("event 18")
    d = g.decision()
    assert d.player == PL and d.kind == "card" and "done" not in d.actions
    area = d.actions[0].split()[1]
    before = units(g, area).get("pl-volunteer", 0)
    g.apply(d.actions[0])
    g.apply(g.legal()[0])
    assert s.mob[PL]["pl-volunteer"] == 3
    assert s.turn.ap == ap + 4 and g.decision().player == ZURL
    assert sum(u.get("pl-volunteer", 0) for u in s.units.values()) >= before + 2


@pytest.mark.rule("FAQ:cards-women-volunteer-legion", "ruling:unplayable-cards")
def test_z18_faq_not_playable_with_fewer_than_two_pl_volunteers_in_the_zone():
    """FAQ [Women Volunteer Legion, ZURL #18]: not with fewer than 2 PL Volunteers in the PL
    Mobilization Zone."""
    g = event_game(ZURL, [18])
    g.state.mob[PL] = {"pl-volunteer": 1, "pl-soldier": 4}
    assert "event 18" not in g.legal()


# --------------------------------------------------------------------------- ZURL #19 Ambush


def test_z19_ambush_defender_bp_and_a_loss_for_pl():
    g = _zurl_defends([19])
    pass_until(g, ZURL, "battle", "defends")
    g.apply("special 19")
    f = battle_frame(g)
    assert f["mods"]["d"] == 1 and f["loss_mods"]["a"] == -1
    g2 = _zurl_attacks([19])
    assert "special 19" not in g2.legal()


# ------------------------------------------------------------------- ZURL #20 Entente Mission


@pytest.mark.rule("§10", "ruling:relief-by-card")
def test_z20_entente_mission_pl_relief_next_round():
    g = event_game(ZURL, [20])
    g.apply("event 20")
    assert {"side": PL, "round": 2, "unit": "pl-soldier", "count": 2, "commander": None} in g.state.relief


@pytest.mark.rule("FAQ:cards-relief-past-the-track", "ruling:relief-by-card")
def test_z20_faq_not_in_the_last_round():
    """FAQ [Entente Mission, ZURL #20]: no next round on the Time Track — not playable."""
    g = event_game(ZURL, [20], rnd=12)
    assert "event 20" not in g.legal()


# -------------------------------------------------------------- ZURL #21 Sich Riflemen Storm


def test_z21_sich_riflemen_storm_needs_a_sich_rifleman_attacking():
    g = _zurl_attacks([21], attacks=(("sejm-krajowy", "2v1s"),))
    g.apply("special 21")
    assert battle_frame(g)["mods"]["a"] == 2
    g2 = _zurl_attacks([21], attacks=(("sejm-krajowy", "3v"),))
    assert "special 21" not in g2.legal()


# -------------------------------------------------------------- ZURL #22 Krakow to the Relief


@pytest.mark.rule("ruling:relief-by-card")
def test_z22_krakow_to_the_relief_two_rounds_on():
    g = event_game(ZURL, [22], rnd=10)
    g.apply("event 22")
    assert {"side": PL, "round": 12, "unit": "pl-soldier", "count": 4, "commander": None} in g.state.relief


@pytest.mark.rule("FAQ:cards-relief-past-the-track", "ruling:relief-by-card")
def test_z22_faq_not_past_the_end_of_the_game():
    g = event_game(ZURL, [22], rnd=11)
    assert "event 22" not in g.legal()


@pytest.mark.rule("§10", "ruling:relief-by-card")
def test_z22_the_relief_arrives_for_pl():
    g = event_game(ZURL, [22])
    s = g.state
    g.apply("event 22")
    s.relief = [r for r in s.relief if r["count"] == 4 and r["side"] == PL]
    s.round = 3
    from semper_fidelis.engine.flow import _relief_arrives

    s.active = PL
    _relief_arrives(g.rules, s, PL)
    assert s.relief_waiting[PL]["pl-soldier"] == 4


# --------------------------------------------------------------- ZURL #23 Requisitions in Villages


@pytest.mark.rule("ruling:unplayable-cards")
def test_z23_village_requisitions_need_a_village():
    g = orders_game(ZURL)
    s = g.state
    s.supply[ZURL] = 5
    put(g, "rynek", ZURL, "1v")
    s.hand[ZURL] = [23]
    assert "effect 23" not in g.legal()
    put(g, "zboiska", ZURL, "1v")
    g.apply("effect 23")
    assert s.supply[ZURL] == 6 and s.turn.generic_tokens == 0


# ------------------------------------------------------------------- ZURL #24 Captured Depots


@pytest.mark.rule("§7.2", "ruling:token-cards", "ruling:unplayable-cards")
def test_z24_captured_depots_raise_supply_and_take_no_tokens():
    """§7.2 names the cards that take Supply Tokens as PL's ("PL may use Action / Special Card
    (e.g. 'Evacuation', 'Scout')"): Captured Depots raises ZURL Supply by 1 instead, leaves the
    board's tokens where they are, and is not the turn's Supply Token use."""
    g = orders_game(ZURL, ap=0)
    s = g.state
    put(g, "namiestnictwo", ZURL, "1v")
    s.tokens = {"namiestnictwo": [Token("food", 1), Token("plane", 2)]}
    s.hand[ZURL] = [24]
    s.supply[ZURL] = g.rules.supply_range[1]
    assert "effect 24" not in g.legal()  # nothing to raise
    s.supply[ZURL] = 5
    g.apply("effect 24")
    assert s.supply[ZURL] == 6 and s.turn.generic_tokens == 0
    assert len(s.tokens["namiestnictwo"]) == 2 and not s.my_tokens[ZURL]


# -------------------------------------------------------------------- ZURL #25 Viceroy Huyn


@pytest.mark.rule("§13.2 Austro-Hungarian", "FAQ:austro-hungarian-disarm-choice", "ruling:negotiation-cards")
def test_z25_viceroy_huyn_zurl_chooses_to_ally_without_disarming():
    """FAQ "Austro-Hungarian Army": drawing them toward an Alliance, ZURL decides whether to
    disarm them or not."""
    g = orders_game(ZURL, ap=10)
    s = g.state
    put(g, "dworzec-glowny", ZURL, "1a")
    put(g, "dworzec-glowny", PL, "1v")
    settle(g)
    supply = s.supply[ZURL]
    s.hand[ZURL] = [25]
    g.apply("effect 25")
    assert g.legal() == ["disarm", "ally"]
    g.apply("ally")
    assert s.negotiation["austro-hungarian"] == 3 and owner(g.rules, s, "austro-hungarian") == ZURL
    assert not s.austrians_disarmed and s.supply[ZURL] == supply
    assert occupant(g.rules, s, "dworzec-glowny") is None  # now contested by the allied unit
    assert s.turn.negotiation and s.turn.ap == 10


@pytest.mark.rule("§13.2 Austro-Hungarian", "ruling:negotiation-cards", "ruling:austro-hungarian-track")
def test_z25_viceroy_huyn_disarming_raises_zurl_supply():
    g = orders_game(ZURL)
    s = g.state
    for a in ("dworzec-glowny", "rynek"):
        put(g, a, ZURL, "1a")
    s.supply[ZURL] = 3
    s.hand[ZURL] = [25]
    g.apply("effect 25")
    g.apply("disarm")
    assert s.negotiation["austro-hungarian"] == 2 and s.austrians_disarmed and s.supply[ZURL] == 5


# -------------------------------------------------------------- ZURL #26 Stefan Stec Flies to Warsaw


@pytest.mark.rule("FAQ:cards-stefan-stec")
@pytest.mark.parametrize("morale, after, vp", [(5, 6, 0), (7, 8, 1), (8, 8, 1)])
def test_z26_stefan_stec_faq_vp_on_the_last_two_spaces(morale, after, vp):
    """FAQ [Stefan Stec Flies to Warsaw, ZURL #26]: PL also gets 1 VP when its marker is on the
    second-to-last or the last space of the Morale track before the shift."""
    g = event_game(ZURL, [26])
    s = g.state
    s.morale[PL] = morale
    before = s.vp[PL]
    g.apply("event 26")
    assert s.morale[PL] == after and s.vp[PL] == before + vp


# ------------------------------------------------------------------ every ZURL card has an effect


@pytest.mark.parametrize("number", range(1, 27))
def test_every_zurl_card_has_a_registered_effect(number):
    from semper_fidelis.engine.cards import effect_of
    from semper_fidelis.engine.rules import shipped_rules

    rules = shipped_rules(2)
    effect = effect_of(rules, ZURL, number)
    card = rules.card(ZURL, number)
    assert effect is not None
    assert (effect.battle_apply if card.kind == "special" else effect.apply) is not None
