"""Every card of the PL Action deck (assets/cards_pl.toml), played where it matters, and the FAQ
answers about PL cards ("Action Cards", "Battle"). One test (or more) per card, named after it;
the card text in the data file is the specification."""

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
    orders_game,
    pass_until,
    put,
    settle,
    units,
)

from semper_fidelis.engine.state import Token


def _pl_defends(hand_pl, hand_zurl=(), attacks=(("sejm-krajowy", "2v"),), area="rynek", pl_units="2v", board=()):
    return card_battle(ZURL, area, pl_units, attacks, hand_pl, hand_zurl, board=board)


def _pl_attacks(hand_pl, hand_zurl=(), area="rynek", zurl_units="1v", attacks=(("sejm-krajowy", "3v"),)):
    return card_battle(PL, area, zurl_units, attacks, hand_pl, hand_zurl)


# ------------------------------------------------------------------------------ PL #1 Polish Wings


@pytest.mark.rule("§9.2", "FAQ:cards-polish-wings", "ruling:polish-wings")
def test_pl01_polish_wings_evades_after_the_attackers_card():
    """FAQ [Polish Wings, PL #1]: played as the Defender after the Attacker's card, it counts as an
    Evasion — against a 2-sided attack PL loses only this 1-AP card, ZURL's card is wasted, no
    battle takes place and the Truce is not broken."""
    g = _pl_defends([1], [4], attacks=(("sejm-krajowy", "2v"), ("podzamcze", "2v")))
    s = g.state
    put(g, "dom-akademicki", PL, "1v")
    # a 1-AP card cannot pay a normal Evasion from 2 sides: no Evasion step, ZURL's card comes first
    d = g.decision()
    assert (d.player, d.prompt.split(":")[0]) == (ZURL, "ZURL attacks") and "special 4" in d.actions
    g.apply("special 4")  # Hutsul Sotnia
    d = g.decision()
    assert d.player == PL and "special 1" in d.actions
    g.apply("special 1")
    assert g.legal() == ["evade dom-akademicki 2v"]
    g.apply("evade dom-akademicki 2v")
    assert units(g, "dom-akademicki") == {"pl-volunteer": 3}
    assert 4 in s.discard[ZURL] and 1 in s.discard[PL]
    assert battle_frame(g)["result"] == "evaded"
    while g.decision().kind == "battle":
        g.apply("stay" if "stay" in g.legal() else g.legal()[0])
    assert "rynek" not in s.attacks and units(g, "rynek").get("zurl-volunteer")
    assert not s.losses_this_round  # FAQ "Battle": an Evasion is not a battle — the Truce holds
    assert s.last_battle == {PL: None, ZURL: None}
    assert "Polish Wings" in last_log(g, "evades at once")


@pytest.mark.rule("§9.2", "ruling:polish-wings", "ruling:evasion-destinations")
def test_pl01_polish_wings_only_for_the_defender_with_room():
    """Polish Wings is the Defender's card: not offered when PL attacks, nor when its units have
    nowhere to evade to (§9.2)."""
    g = _pl_attacks([1, 6])
    assert g.decision().player == PL and "special 1" not in g.legal() and "special 6" in g.legal()
    g2 = _pl_defends([1, 4], board=(("namiestnictwo", PL, "4v"),))
    pass_until(g2, PL, "battle", "defends")
    assert "special 1" in g2.legal()  # Namiestnictwo takes one unit, neutral areas the other
    put(g2, "namiestnictwo", PL, "1v")
    assert "special 1" in g2.legal()  # §9.2: Namiestnictwo full, both split into neutral areas
    g2.state.units["namiestnictwo"] = {}
    assert "special 1" not in g2.legal()  # §9.2: no adjacent area of its own to evade to


# ------------------------------------------------------------------------------ PL #2 Batiar Class


@pytest.mark.rule("§6.2 Mobilization", "FAQ:cards-batiar-class")
def test_pl02_batiar_class_mobilizes_3_volunteers_free():
    """FAQ [Batiar Class, PL #2]: mobilize as per normal rules — into areas PL occupies, up to the
    Area Unit Limit; at no AP cost; Volunteers only."""
    g = orders_game(PL, ap=0)
    s = g.state
    put(g, "rynek", PL, "4v")  # room for 1
    put(g, "bogdanowka", PL, "1v")
    put(g, "sejm-krajowy", ZURL, "1v")
    s.mob[PL] = {"pl-volunteer": 5, "pl-soldier": 2}
    s.hand[PL] = [2]
    g.apply("effect 2")
    legal = g.legal()
    assert "mobilize rynek v" in legal and "mobilize bogdanowka v" in legal
    assert not any(a.endswith(" s") for a in legal) and not any("sejm" in a for a in legal)
    g.apply("mobilize rynek v")
    assert "mobilize rynek v" not in g.legal()  # the City limit of 5 is reached
    g.apply("mobilize bogdanowka v")
    g.apply("mobilize bogdanowka v")
    assert g.decision().kind == "orders"
    assert units(g, "rynek") == {"pl-volunteer": 5} and units(g, "bogdanowka") == {"pl-volunteer": 3}
    assert s.mob[PL] == {"pl-volunteer": 2, "pl-soldier": 2}
    assert s.turn.ap == 0 and s.card_effect_counts["PL #2"] == 1


# ------------------------------------------------------------------------------------ PL #3 Scout


@pytest.mark.rule("§7.2", "FAQ:supply-token-same-turn")
def test_pl03_scout_takes_tokens_next_to_pl_and_they_can_be_used_at_once():
    """Scout: up to 2 Supply Tokens from one area adjacent to a PL area and not held by ZURL,
    outside Provisioning; FAQ "Supply Token": tokens received in the Orders Phase (Scout) may be
    used in the same turn."""
    g = orders_game(PL, ap=0)
    s = g.state
    put(g, "szkola-kadecka", PL, "1v")
    put(g, "cytadela", ZURL, "1v")
    s.tokens = {
        "persenkowka": [Token("plane", 2, face_up=True), Token("food", 1), Token("uniform", 1)],
        "cytadela": [Token("plane", 1, face_up=True)],  # ZURL holds it
        "winniki": [Token("food", 2, face_up=True)],  # not next to PL
    }
    s.hand[PL] = [3]
    g.apply("effect 3")
    assert {a.split()[1] for a in g.legal()} == {"persenkowka"}
    g.apply("take persenkowka plane2")
    assert set(g.legal()) == {"take persenkowka hidden", "done"}
    g.apply("take persenkowka hidden")
    assert len(s.tokens["persenkowka"]) == 1 and len(s.my_tokens[PL]) == 2
    assert s.turn.provisions == 0 and s.turn.ap == 0
    assert "use plane2" in g.legal()
    g.apply("use plane2")
    assert s.turn.ap == 2
    hidden = next(entry for entry in s.log if "takes a Supply Token from Persenkówka." in entry)
    assert "food" not in hidden and "uniform" not in hidden  # the log never names a face-down token


# ---------------------------------------------------------------------------------- PL #4 Nurses


@pytest.mark.rule("FAQ:battle-losses-to-zero", "ruling:cards-in-battle")
def test_pl04_nurses_reduce_losses_but_not_the_outcome():
    """FAQ "Battle": reducing Loss (Nurses) does not change who won; it reduces the Losses taken."""
    g = _pl_defends([4], attacks=(("sejm-krajowy", "5v"),), pl_units="1v")
    s = g.state
    s.supply[ZURL] = 6
    pass_until(g, PL, "battle", "defends")
    g.apply("special 4")
    f = battle_frame(g)
    assert f["loss_mods"]["d"] == 2
    pass_until(g, PL, "losses")
    assert f["result"] == "attacker"  # still a ZURL victory
    assert f"distribute {f['bp']['a'] - 2} Loss" in g.decision().prompt


@pytest.mark.rule("§9.4 B", "§7.2 Ammunition", "FAQ:battle-ammunition-second-card", "ruling:cards-in-battle")
def test_pl04_nurses_after_the_battle_only_while_its_losses_are_to_come():
    """A second card after the battle (Ammunition) is offered once the battle is resolved and again
    after each side's Losses (§9.4 B: the Attacker's first). Nurses still helps the Defender after
    the Attacker's Losses, but an Attacker that has taken its Losses is not offered it."""
    g = _pl_defends([4], attacks=(("sejm-krajowy", "5v"),), pl_units="1v")
    s = g.state
    s.supply[ZURL] = 6
    give_tokens(g, PL, "ammunition1")
    pass_until(g, PL, "battle", "defends")
    g.apply("pass")
    pass_until(g, PL, "battle", "Machine Gun")
    g.apply("token ammunition1")
    pass_until(g, PL, "battle", "after the battle")
    g.apply("pass")  # not yet: ZURL takes its Losses first
    pass_until(g, PL, "battle", "after the battle")
    f = battle_frame(g)
    assert "a" in f["losses_done"] and "d" not in f["losses_done"]
    g.apply("special 4")
    assert f["loss_mods"]["d"] == 2
    assert f"distribute {f['bp']['a'] - 2} Loss" in g.decision().prompt

    g2 = _pl_attacks([4], zurl_units="2v", attacks=(("sejm-krajowy", "4v"),))
    give_tokens(g2, PL, "ammunition1")
    g2.apply("pass")
    pass_until(g2, PL, "battle", "Grenades")
    g2.apply("token ammunition1")
    g2.apply("pass")  # the second card now
    pass_until(g2, PL, "battle", "after the battle")
    g2.apply("pass")
    pass_until(g2, PL, "losses")
    while g2.decision().player == PL and g2.decision().kind == "losses":
        g2.apply(g2.decision().actions[0])
    assert (g2.decision().player, g2.decision().kind) == (ZURL, "losses")  # PL is not offered Nurses again
    assert "a" in battle_frame(g2)["losses_done"] and 4 in g2.state.hand[PL]


# ---------------------------------------------------------------------- PL #5 Appeal to the People


@pytest.mark.rule("§6.2 Mobilization")
def test_pl05_appeal_adds_3_volunteers_to_the_mobilization_zone():
    """§6.2: 'Appeal "to the People of Lviv"' puts Units from the pool in the Mobilization Zone."""
    g = orders_game(PL)
    s = g.state
    pool, mob = s.pool[PL]["pl-volunteer"], s.mob[PL].get("pl-volunteer", 0)
    s.hand[PL] = [5]
    g.apply("effect 5")
    assert s.pool[PL]["pl-volunteer"] == pool - 3 and s.mob[PL]["pl-volunteer"] == mob + 3
    s.pool[PL]["pl-volunteer"] = 2
    s.hand[PL] = [5]
    s.turn.card_played = False
    g.apply("effect 5")
    assert s.pool[PL]["pl-volunteer"] == 0 and "the pool held only 2" in s.log[-1]
    s.hand[PL] = [5]
    s.turn.card_played = False
    assert "effect 5" not in g.legal()  # an empty pool: nothing to carry out


# -------------------------------------------------------------------------------- PL #6 Lwów Eaglets


@pytest.mark.rule("§9.3")
def test_pl06_lwow_eaglets_2_bp_defending_a_city_area_1_otherwise():
    g = _pl_defends([6])
    pass_until(g, PL, "battle", "defends")
    g.apply("special 6")
    assert battle_frame(g)["mods"]["d"] == 2  # Rynek is a City area
    g2 = _pl_attacks([6])
    g2.apply("special 6")
    assert battle_frame(g2)["mods"]["a"] == 1


# ------------------------------------------------------------------------------ PL #7 Kmicic's Lamb


@pytest.mark.rule("ruling:cards-in-battle")
def test_pl07_kmicics_lamb_one_loss_fewer_for_pl_one_more_for_zurl():
    g = _pl_attacks([7], zurl_units="2v", attacks=(("sejm-krajowy", "4v"),))
    g.apply("special 7")
    f = battle_frame(g)
    assert f["loss_mods"] == {"a": 1, "d": -1}
    pass_until(g, ZURL, "losses")
    assert f["result"] == "attacker"
    assert f"distribute {f['bp']['a'] + 1} Loss" in g.decision().prompt


# ------------------------------------------------------------------- PL #8 Combat Emergency Service


@pytest.mark.rule("FAQ:cards-combat-emergency-trucks", "ruling:card-moves")
def test_pl08_combat_emergency_service_moves_units_in_as_defenders():
    """FAQ [Combat Emergency Service, PL #8]: incoming units follow the normal movement rules —
    up to 3 spaces, through neutral or own areas only, within the Area Unit Limit — and are then
    defenders like the others (e.g. for Withdrawal)."""
    board = (
        ("sejm-krajowy", ZURL, "1v"),  # ZURL still holds the area it attacks from
        ("dom-akademicki", ZURL, "1v"),
        ("dzielnica-zydowska", ZURL, "1v"),
        ("podzamcze", PL, "2v1s"),  # 1 space
        ("lyczakowska", PL, "2v"),  # 2 spaces via Namiestnictwo
        ("zamarstynow", PL, "2v"),  # Zamarstynów – Rzeźnia Miejska – Podzamcze – Rynek: 3 spaces
        ("koszary-salvatora", PL, "2v"),  # every path within 3 spaces crosses a ZURL area
        ("cerkiew-sw-jura", PL, "3v"),  # likewise
    )
    g = _pl_defends([8], attacks=(("sejm-krajowy", "3v"),), pl_units="1v", board=board)
    s = g.state
    pass_until(g, PL, "battle", "defends")
    g.apply("special 8")
    origins = {a.split()[1] for a in g.legal() if a.startswith("from ")}
    assert {"podzamcze", "lyczakowska", "zamarstynow"} <= origins
    assert "koszary-salvatora" not in origins and "cerkiew-sw-jura" not in origins
    assert "done" not in g.legal()
    g.apply("from podzamcze")
    assert "units 2v1s" in g.legal() and "units 3v" not in g.legal()
    g.apply("units 1v1s")
    assert g.legal() == ["to rynek"]
    g.apply("to rynek")
    g.apply("from lyczakowska")
    assert "units 2v" in g.legal()  # Rynek 3 of 5: room for 2 more
    g.apply("units 2v")
    g.apply("to rynek")
    assert units(g, "rynek") == {"pl-volunteer": 4, "pl-soldier": 1}
    assert g.decision().kind != "card"  # Rynek is full: the card ends
    f = battle_frame(g)
    while "bp" not in f:
        g.apply("pass" if "pass" in g.legal() else g.legal()[0])
    assert f["participants"][PL] == 5  # all five defend
    assert units(g, "podzamcze") == {"pl-volunteer": 1} and units(g, "lyczakowska") == {}
    assert s.active == ZURL and s.turn.ap >= 0


# ------------------------------------------------------------------------ PL #9 The Pobudka Newspaper


@pytest.mark.rule("§12", "ruling:unplayable-cards")
def test_pl09_pobudka_morale_or_destruction():
    g = orders_game(PL)
    s = g.state
    s.morale[PL], s.destruction = 5, 2
    s.hand[PL] = [9]
    g.apply("effect 9")
    assert g.legal() == ["morale", "destruction"]
    g.apply("destruction")
    assert s.destruction == 1 and s.morale[PL] == 5
    assert not s.turn.propaganda  # not a Propaganda order
    s.hand[PL], s.turn.card_played, s.destruction = [9], False, 0
    g.apply("effect 9")  # only Morale can move: no question
    assert s.morale[PL] == 6


# ------------------------------------------------------------------------- PL #10 The Relief Hurries


@pytest.mark.rule("§10", "ruling:relief-by-card")
def test_pl10_relief_hurries_one_round_never_before_the_next():
    g = orders_game(PL)  # Scenario 2: the PL Relief of 10 Soldiers comes on round 8
    s = g.state
    s.hand[PL] = [10]
    g.apply("effect 10")
    entry = next(r for r in s.relief if r["side"] == PL)
    assert entry["round"] == 7 and entry["count"] == 10 and entry["commander"]
    s.round = 6
    s.hand[PL], s.turn.card_played = [10], False
    assert "effect 10" not in g.legal()  # round 7 is already the next round
    s.relief = [r for r in s.relief if r["side"] != PL]
    s.round = 1
    assert "effect 10" not in g.legal()  # no PL Relief on the Time Track


# ----------------------------------------------------------------------------------- PL #11 Workers


@pytest.mark.rule("§6.2 Fortification", "FAQ:cards-workers-positional-fights", "ruling:fortifications")
def test_pl11_workers_two_barricades_or_one_redoubt_by_the_normal_rules():
    """FAQ [Workers, PL #11]: the fortifications follow the normal rules — Barricades in City or
    Suburb areas PL occupies (not Villages), a Redoubt only in a City area; no AP cost."""
    g = orders_game(PL, ap=0)
    s = g.state
    put(g, "rynek", PL, "1v")
    put(g, "sokolniki", PL, "1v")  # a Village: nothing can be built there
    s.hand[PL] = [11]
    g.apply("effect 11")
    legal = g.legal()
    assert "redoubt rynek" in legal and "barricade rynek podzamcze" in legal
    assert not any("sokolniki" in a for a in legal)
    g.apply("barricade rynek podzamcze")
    assert "redoubt rynek" not in g.legal() and "done" in g.legal()  # 2 Barricades or 1 Redoubt
    g.apply("barricade rynek sejm-krajowy")
    assert sorted(s.barricades["rynek"]) == [(PL, "podzamcze"), (PL, "sejm-krajowy")]
    assert g.decision().kind == "orders" and s.turn.ap == 0
    s.hand[PL], s.turn.card_played = [11], False
    g.apply("effect 11")
    g.apply("redoubt rynek")
    assert s.redoubts["rynek"] == PL and "rynek" not in s.barricades  # it replaces the Barricades


# ------------------------------------------------------------------------- PL #12 Sokolniki Peasants


@pytest.mark.rule("ruling:unplayable-cards")
def test_pl12_sokolniki_peasants():
    g = orders_game(PL)
    s = g.state
    s.hand[PL] = [12]
    pool = s.pool[PL]["pl-volunteer"]
    g.apply("effect 12")
    assert units(g, "sokolniki") == {"pl-volunteer": 2} and s.pool[PL]["pl-volunteer"] == pool - 2
    put(g, "sokolniki", ZURL, "1v")
    s.hand[PL], s.turn.card_played = [12], False
    assert "effect 12" not in g.legal()  # ZURL is there


# --------------------------------------------------------------------------- PL #13 Demobilization


@pytest.mark.rule("§13.2 Austro-Hungarian", "ruling:austro-hungarian-track", "ruling:negotiation-cards")
def test_pl13_demobilization_disarms_the_austro_hungarians_for_pl():
    """§13.2: the first to disarm the Austro-Hungarians raises its Supply 1 step per unit on the
    board and their Strength falls to 2 for good; the card is PL's Negotiation this turn."""
    g = orders_game(PL, ap=10)
    s = g.state
    for a in ("dworzec-glowny", "rynek", "lyczakowska"):
        put(g, a, PL, "1a")
    s.supply[PL] = 4
    s.hand[PL] = [13]
    g.apply("effect 13")
    assert s.negotiation["austro-hungarian"] == 0  # 'Disarmament by PL'
    assert s.austrians_disarmed and s.supply[PL] == 7
    assert s.turn.negotiation and not any(a.startswith("negotiate") for a in g.legal())
    assert g.rules.data.tracks.austro_hungarian_disarmed_strength == 2
    s.negotiation["austro-hungarian"], s.turn.negotiation, s.turn.card_played, s.hand[PL] = 3, False, False, [13]
    assert "effect 13" not in g.legal()  # allied with ZURL: not neutral
    s.negotiation["austro-hungarian"] = 2  # 'Disarmament by ZURL': neutral, already disarmed
    g.apply("effect 13")
    assert s.negotiation["austro-hungarian"] == 0 and s.supply[PL] == 7  # only the first disarmament pays


# -------------------------------------------------------------------------------- PL #14 Agreement


@pytest.mark.rule("§13.1", "ruling:negotiation-cards")
def test_pl14_agreement_moves_the_militia_toward_pl():
    g = orders_game(PL, ap=10)
    s = g.state
    put(g, "kleparow", PL, "1m")
    s.hand[PL] = [14]
    g.apply("effect 14")
    assert s.negotiation["jewish-militia"] == 0  # Ally PL
    assert s.turn.negotiation and s.turn.ap == 10
    s.negotiation["jewish-militia"] = 2  # Ally ZURL
    s.turn.negotiation, s.turn.card_played, s.hand[PL] = False, False, [14]
    g.apply("effect 14")
    assert s.negotiation["jewish-militia"] == 1  # back to Neutral
    s.turn.card_played, s.hand[PL] = False, [14]
    assert "effect 14" not in g.legal()  # once a turn: it is the Negotiation order


@pytest.mark.rule("ruling:unplayable-cards", "ruling:negotiation-cards")
def test_pl14_agreement_not_in_a_scenario_without_the_militia():
    g = orders_game(PL, scenario=1)
    g.state.hand[PL] = [14]
    assert "effect 14" not in g.legal()


# ------------------------------------------------------------------------------------ PL #15 Wolves


@pytest.mark.rule("§4.2", "FAQ:cards-wolves", "ruling:wolves")
def test_pl15_wolves_one_unit_anywhere_contesting_the_area():
    """FAQ [Wolves, PL #15]: 1 Unit 'teleports' anywhere on the board; an enemy area becomes
    contested (without a battle)."""
    g = orders_game(PL, ap=0)
    s = g.state
    put(g, "dworzec-glowny", PL, "2v1s")
    put(g, "winniki", ZURL, "2v")
    s.strategic = {"winniki": 1}
    settle(g)
    morale = dict(s.morale)
    s.hand[PL] = [15]
    g.apply("effect 15")
    assert set(g.legal()) == {"from dworzec-glowny v", "from dworzec-glowny s"}
    g.apply("from dworzec-glowny s")
    assert "to winniki" in g.legal() and "to dworzec-glowny" not in g.legal()
    g.apply("to winniki")
    assert units(g, "winniki") == {"zurl-volunteer": 2, "pl-soldier": 1}
    assert "winniki" not in s.attacks  # contested, no battle pending
    assert s.morale[ZURL] == morale[ZURL] - 1  # ZURL lost control of a Strategic Area (§8)
    assert "contested" in last_log(g, "Wolves")


# -------------------------------------------------------------------------------- PL #16 Evacuation


@pytest.mark.rule("§7.2", "FAQ:cards-evacuation", "ruling:evacuation")
def test_pl16_evacuation_takes_tokens_now_and_none_at_the_end_of_turn():
    """FAQ [Evacuation, PL #16]: the card takes tokens from the board in the Orders Phase (instead
    of the End of Turn Phase) — it does not lift the limits on using them."""
    g = orders_game(PL, ap=0)
    s = g.state
    put(g, "rynek", PL, "1v")
    put(g, "cytadela", PL, "1v")
    s.tokens = {
        "rynek": [Token("plane", 1), Token("food", 1)],
        "cytadela": [Token("food", 2), Token("plane", 2)],
        "sokolniki": [Token("uniform", 1)],
    }
    s.hand[PL] = [16]
    g.apply("effect 16")
    assert len(s.my_tokens[PL]) == 2 and len(s.tokens["rynek"]) == 1 and len(s.tokens["cytadela"]) == 1
    kinds = [t.kind for t in s.my_tokens[PL]]
    give_tokens(g, PL, "food1", "plane1", "food2")
    g.apply("use plane1")
    assert not any(a.startswith("use ") for a in g.legal())  # still one specific use a turn
    g.apply(next(a for a in g.legal() if a.startswith("supply ")))
    assert not any(a.startswith("supply ") for a in g.legal())  # and one generic use
    g.apply("end")
    while s.active == PL and g.decision().kind != "draw":
        g.apply(g.legal()[0])
    assert len(s.tokens["rynek"]) == 1 and len(s.tokens["cytadela"]) == 1  # none taken at the End of Turn
    assert kinds


# --------------------------------------------------------------------------- PL #17 Bayonet Charge


@pytest.mark.rule("§9.3")
def test_pl17_bayonet_charge_2_bp_and_1_more_loss():
    g = _pl_attacks([17])
    g.apply("special 17")
    f = battle_frame(g)
    assert f["mods"]["a"] == 2 and f["loss_mods"]["a"] == -1
    g2 = _pl_defends([17])
    d = g2.decision()
    assert not (d.player == PL and "special 17" in d.actions)  # the Attacker's card


# ------------------------------------------------------------------------------ PL #18 Requisition


@pytest.mark.rule("§7.1")
def test_pl18_requisition_raises_supply_without_using_the_token_limit():
    g = orders_game(PL)
    s = g.state
    s.supply[PL] = 5
    s.hand[PL] = [18]
    give_tokens(g, PL, "food1")
    g.apply("effect 18")
    assert s.supply[PL] == 6 and s.turn.generic_tokens == 0
    g.apply("supply food1")
    assert s.supply[PL] == 7


# ---------------------------------------------------------------------------- PL #19 Jewish Pogrom


@pytest.mark.rule("§5.1 Initial Phase", "§13.2 Jewish Militia", "ruling:negotiation-cards")
def test_pl19_jewish_pogrom_event_moves_the_militia_toward_zurl():
    g = event_game(PL, [19])
    s = g.state
    assert s.negotiation["jewish-militia"] == 1
    ap = s.turn.ap
    g.apply("event 19")
    assert s.negotiation["jewish-militia"] == 2  # Ally ZURL
    assert s.turn.ap == ap + 3 and not s.turn.negotiation  # PL's own Negotiation is still free


# ---------------------------------------------------------------- PL #20 Mobilization in the Villages


def test_pl20_ukrainian_village_mobilization_three_more_at_the_end_of_stage():
    g = event_game(PL, [20])
    s = g.state
    g.apply("event 20")
    assert s.extra_reinforcement == {ZURL: 3}
    from semper_fidelis.engine.scoring import reinforce

    mob = s.mob[ZURL].get("zurl-volunteer", 0)
    s.pool[ZURL]["zurl-volunteer"] = 20
    reinforce(g.rules, s)
    assert s.mob[ZURL]["zurl-volunteer"] == mob + g.rules.zurl_reinforcement[s.morale[ZURL]] + 3
    assert s.extra_reinforcement == {}


@pytest.mark.rule("ruling:unplayable-cards")
def test_pl20_not_in_the_last_stage():
    g = event_game(PL, [20], rnd=9)  # Scenario 2, stage 3 of 3
    assert "event 20" not in g.legal()


# -------------------------------------------------------------------------------- PL #21 Night Raid


@pytest.mark.rule("§6.2 Assault", "ruling:card-moves")
def test_pl21_night_raid_free_assault_up_to_3_units_battle_at_once():
    g = orders_game(PL, ap=0)
    s = g.state
    put(g, "dom-akademicki", PL, "4v")
    put(g, "rynek", ZURL, "1v")
    s.hand[PL] = [21]
    force_battle_card(g, 0, 0)
    g.apply("effect 21")
    g.apply("from dom-akademicki")
    assert "units 4v" not in g.legal() and "units 3v" in g.legal()
    g.apply("units 3v")
    assert "to rynek via dom-akademicki attack" in g.legal()
    assert all(a.endswith(" attack") for a in g.legal())
    g.apply("to rynek via dom-akademicki attack")
    f = battle_frame(g)
    assert f["assault"] and f["attacker"] == PL and s.turn.ap == 0
    assert units(g, "dom-akademicki") == {"pl-volunteer": 1}


# ---------------------------------------------------------------------- PL #22 End of the Great War


@pytest.mark.rule("§13.2 Austro-Hungarian", "ruling:removed-from-game")
def test_pl22_end_of_the_great_war_sends_2_austro_hungarians_home():
    g = orders_game(PL)
    s = g.state
    for a in ("dworzec-glowny", "rynek", "lyczakowska"):
        put(g, a, PL, "1a")
    s.hand[PL] = [22]
    g.apply("effect 22")
    g.apply("remove rynek")
    g.apply("remove lyczakowska")
    assert units(g, "rynek") == {} and units(g, "dworzec-glowny") == {"austro-hungarian": 1}
    assert s.removed["neutral"] == {"austro-hungarian": 2}
    s.negotiation["austro-hungarian"] = 3  # Ally ZURL
    s.hand[PL], s.turn.card_played = [22], False
    assert "effect 22" not in g.legal()


# -------------------------------------------------------------- PL #23 Veterans of the Italian Front


@pytest.mark.rule("§10", "ruling:relief-by-card")
def test_pl23_veterans_put_a_zurl_relief_on_the_next_round():
    g = event_game(PL, [23])
    s = g.state
    g.apply("event 23")
    assert {"side": ZURL, "round": 2, "unit": "sich-rifleman", "count": 3, "commander": None} in s.relief


@pytest.mark.rule("FAQ:cards-relief-past-the-track", "ruling:relief-by-card")
def test_pl23_faq_not_playable_without_a_next_round():
    """FAQ [Veterans of the Italian Front, PL #23 …]: no room for the opponent's Relief on the
    Time Track (the last round of the last Stage) — the Event cannot be played."""
    g = event_game(PL, [23], rnd=12)
    assert "event 23" not in g.legal()


# ---------------------------------------------------------------------------- PL #24 Armoured Train


@pytest.mark.rule("ruling:unplayable-cards")
def test_pl24_armoured_train_only_on_a_railway():
    g = _pl_attacks([24], area="persenkowka", attacks=(("kozielniki", "3v"),))  # Czerniowce line
    g.apply("special 24")
    assert battle_frame(g)["mods"]["a"] == 2
    g2 = _pl_attacks([24])  # Rynek: no railway
    assert "special 24" not in g2.legal()


# --------------------------------------------------------------- PL #25 Fire at the Chernivetsk Station


def test_pl25_fire_pl_discards_two_tokens_of_its_choice():
    g = event_game(PL, [25])
    s = g.state
    s.my_tokens[PL] = []
    give_tokens(g, PL, "plane2", "food1", "grenades1")
    ap = s.turn.ap
    g.apply("event 25")
    assert set(g.legal()) == {"discard plane2", "discard food1", "discard grenades1"}
    g.apply("discard food1")
    g.apply("discard grenades1")
    assert [t.label() for t in s.my_tokens[PL]] == ["plane2"]
    assert s.turn.ap == ap + 4
    assert "food" not in last_log(g, "discards a Supply Token")


@pytest.mark.rule("FAQ:cards-chernivtsi-station", "ruling:unplayable-cards")
def test_pl25_faq_cannot_be_played_without_two_tokens():
    """FAQ [Fire at the Chernivetsk Station, PL #25]: if the penalty (discard two Supply Tokens)
    cannot be carried out, the Event cannot be played."""
    g = event_game(PL, [25])
    g.state.my_tokens[PL] = [Token("food", 1)]
    assert "event 25" not in g.legal()


# ------------------------------------------------------------ PL #26 Reinforcements from E. Galicia


@pytest.mark.rule("ruling:relief-by-card")
def test_pl26_reinforcements_from_eastern_galicia_four_rounds_on():
    g = event_game(PL, [26])
    g.apply("event 26")
    assert {"side": ZURL, "round": 5, "unit": "sich-rifleman", "count": 4, "commander": None} in g.state.relief
    g2 = event_game(PL, [26], rnd=9)
    assert "event 26" not in g2.legal()  # round 13 is past the end of the game


# ------------------------------------------------------------------- every PL card has an effect


@pytest.mark.parametrize("number", range(1, 27))
def test_every_pl_card_has_a_registered_effect(number):
    from semper_fidelis.engine.cards import effect_of
    from semper_fidelis.engine.rules import shipped_rules

    rules = shipped_rules(2)
    effect = effect_of(rules, PL, number)
    card = rules.card(PL, number)
    assert effect is not None
    if card.kind == "special":
        assert effect.battle_apply is not None
    else:
        assert effect.apply is not None


# ------------------------------------------------------------------------- FAQ "Action Cards" etc.


@pytest.mark.rule("§5.1 Orders Phase", "FAQ:cards-action-vs-special")
def test_faq_action_cards_in_the_orders_phase_special_cards_in_battle():
    """FAQ "Action Cards": green Action cards are played in the Orders Phase, red Special cards in
    a battle (in the Orders Phase a Special card only gives its AP, §5.1 [2])."""
    g = orders_game(PL)
    g.state.hand[PL] = [6, 18]  # Lwów Eaglets (special), Requisition (action)
    legal = g.legal()
    assert {"card 6", "card 18", "effect 18"} <= set(legal) and "effect 6" not in legal


@pytest.mark.rule("§7.2 Medicine", "FAQ:battle-losses-to-zero", "ruling:cards-in-battle")
def test_faq_battle_losses_reduced_to_zero_do_not_foil_the_attack():
    """FAQ "Battle": reducing the Loss to zero (Nurses and Medicine) does not foil the attack — the
    outcome depends on the Battle Points only."""
    g = _pl_defends([4], attacks=(("sejm-krajowy", "1v"),), pl_units="1v")
    s = g.state
    s.supply[ZURL], s.supply[PL] = 10, 1
    give_tokens(g, PL, "medicine1")
    force_battle_card(g, 2, 0)  # ZURL 1 + 2 = 3 BP against PL's 1
    pass_until(g, PL, "battle", "defends")
    g.apply("special 4")  # Nurses: 2 Losses fewer
    pass_until(g, PL, "losses")
    f = battle_frame(g)
    assert f["bp"] == {"a": 3, "d": 1} and "distribute 1 Loss " in g.decision().prompt
    g.apply("medicine medicine1")  # … and Medicine: none left
    assert f["result"] == "attacker" and units(g, "rynek").get("pl-volunteer") == 1
    assert s.last_battle == {PL: "lost", ZURL: "won"}
