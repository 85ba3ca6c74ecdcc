"""The rulebook's Example of Battles and the §4.1 limit example, played from the shipped example
files (assets/examples): each file sets the printed situation on the real board, lists the
book's choices and what the book says follows, and :func:`played_example` checks every step.
Then the battle rules around them (§9.2, §9.3, §9.4) on positions built here.
"""

from __future__ import annotations

import pytest
from helpers import (
    PL,
    ZURL,
    Token,
    battle_frame,
    empty_board,
    force_battle_card,
    new_game,
    order,
    played_example,
    put,
)


@pytest.mark.rule("§9.2", "FAQ:evade-cost")
def test_evasion_example_as_printed():
    """§9.2 example: attacked from three sides, PL evades by discarding a 2-AP and a 1-AP card
    (an Event cannot pay) and goes to an area it already holds; no battle is fought."""
    g = played_example("05-evasion")
    assert not g.state.losses_this_round


@pytest.mark.rule("§9.4 B", "Player Aid: Loss Table", "ruling:loss-table")
def test_losses_example_as_printed():
    """§9.4 B example: a defender at High Morale takes 7 Losses as 2 units withdrawn (1 each),
    1 dispersed (2) and 1 broken (3)."""
    g = played_example("06-losses")
    assert g.state.mob[ZURL].get("zurl-volunteer", 0) >= 1


@pytest.mark.rule(
    "Example of Battles",
    "§9.3",
    "§9.4 A",
    "§9.4 B",
    "§9.4 C",
    "§9.4 D",
    "§8",
    "§12",
    "§11 Loss of Commander",
    "§7.2 Grenades",
    "Player Aid: Combat Table",
    "Player Aid: Loss Table",
    "Errata:battle-card-points",
    "ruling:grenades-machine-gun",
    "ruling:sides-of-attack",
    "ruling:destruction",
    "ruling:loss-table",
    "ruling:morale-after-battle",
)
def test_cerkiew_sw_jura_as_printed():
    """Example of Battles steps 1-7: Strength 29 − 2 (Barricade) = 27 → 6 BP, ZURL 7 → 3 BP;
    +1 Hutsul Sotnia, +3 for 4 sides, +1 Grenades, +1 Commander, the 0:1 card → 11 : 5; 16 BP in
    a City area move Destruction; PL breaks 2 and disperses 1, ZURL breaks all 3 (2 Losses
    forgone), PL moves in from every side; Morale, Supply and the Commander as printed."""
    g = played_example("07-cerkiew-sw-jura")
    assert g.state.broken[PL] == {"pl-volunteer": 2}
    assert g.state.commander[ZURL] is None


@pytest.mark.rule("Example of Battles", "§9.2", "FAQ:battle-evasion-truce", "FAQ:evade-cost")
def test_gora_stracenia_evasion_as_printed():
    """Example of Battles step 8, §9.2: ZURL evades the attack from one side by discarding a
    1-AP card (an Event cannot pay) to Dzielnica Żydowska; PL moves in. An Evasion is not a
    battle (FAQ "Battle"): no Losses, no battle won or lost, the Truce not broken."""
    g = played_example("08-gora-stracenia")
    assert not g.state.losses_this_round


@pytest.mark.rule(
    "Example of Battles",
    "§6.2 Fortification",
    "§9.3",
    "§9.4 B",
    "§7.2",
    "Errata:battle-example-kadecka",
    "ruling:fortifications",
    "ruling:battle-ties",
    "ruling:beaten-attacker",
    "ruling:cards-in-battle",
)
def test_cytadela_as_printed():
    """Example of Battles steps 9 and 14-16: the Citadel's permanent Redoubt (PL 21 → 15, no
    bonus for 2 sides), a 3 : 3 tie won by the defender, the beaten groups back to the last area
    they passed (Park Stryjski for the units from Elektrownia), Ammunition letting ZURL play
    'Collective Responsibility' after the battle, and only PL's Supply falling."""
    g = played_example("09-cytadela")
    assert g.state.redoubts.get("cytadela") is None  # nothing built: the Redoubt is permanent


@pytest.mark.rule("§4.1", "§9.4 A", "Errata:terrain-example", "ruling:attack-group-size", "ruling:loss-table")
def test_area_limit_example_as_printed():
    """§4.1 example: after winning from two sides PL moves in only 2 units, at least 1 from each
    side (the second must come from the side that has not advanced yet); ZURL holds out with 3,
    so the area is contested; the rest go back."""
    g = played_example("01-area-limit")
    assert "szkola-sienkiewicza" not in g.state.attacks


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
