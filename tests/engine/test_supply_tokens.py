"""Supply Token effects (§7.2) with their limits, and the FAQ answers about them ("Supply Token",
"Battle"): one generic and one specific use in the Orders Phase, one combat token per battle,
Ammunition allows a second Special card (not a second token), Medicine after the battle,
Artillery breaks the Truce and damages a City area."""

from __future__ import annotations

import pytest
from card_helpers import (
    PL,
    ZURL,
    battle_frame,
    force_battle_card,
    give_tokens,
    orders_game,
    pass_until,
    put,
    start_move_battle,
    units,
)

from semper_fidelis.engine.state import Token


def _pl_attacks_rynek(tokens_pl=(), tokens_zurl=(), hand_pl=(), hand_zurl=(), pl="3v", zurl="1v"):
    g = orders_game(PL, ap=10)
    s = g.state
    put(g, "sejm-krajowy", PL, pl)
    put(g, "rynek", ZURL, zurl)
    give_tokens(g, PL, *tokens_pl)
    give_tokens(g, ZURL, *tokens_zurl)
    s.hand[PL], s.hand[ZURL] = list(hand_pl), list(hand_zurl)
    force_battle_card(g, 0, 0)
    start_move_battle(g, [("sejm-krajowy", pl, "rynek via sejm-krajowy attack")], "rynek")
    return g


@pytest.mark.rule("§7.2", "§5.1 Orders Phase", "FAQ:supply-token-per-turn")
def test_faq_one_generic_and_one_specific_token_in_the_orders_phase():
    """FAQ "How many Supply Tokens can I use in a Turn?": one non-combat token for Supply, one
    for its specific effect in the Orders Phase (and one combat token per battle)."""
    g = orders_game(PL, ap=0)
    s = g.state
    s.supply[PL], s.morale[PL] = 4, 4
    give_tokens(g, PL, "food1", "food2", "plane1", "plane2")
    g.apply("use plane1")
    assert s.turn.ap == 2 and not any(a.startswith("use ") for a in g.legal())
    g.apply("supply food2")
    assert s.supply[PL] == 6 and not any(a.startswith("supply ") for a in g.legal())


@pytest.mark.rule("§7.2", "FAQ:supply-token-per-turn", "ruling:supply-raise")
def test_faq_only_a_gray_non_combat_token_raises_supply():
    """FAQ "How many Supply Tokens can I use in a Turn?": "1 (gray) non-Combat Supply Token during
    Order Phase for general purpose (i.e. raise a Supply)" — Grenades, Machine Gun, Ammunition
    and Medicine (the red Combat tokens) are kept for battles and never offered for Supply."""
    g = orders_game(PL, ap=0)
    s = g.state
    s.supply[PL] = 4
    give_tokens(g, PL, "grenades3", "machine-gun2", "ammunition1", "medicine2", "uniform1")
    assert sorted(a for a in g.legal() if a.startswith("supply ")) == ["supply uniform1"]
    g.apply("supply uniform1")
    assert s.supply[PL] == 5 and len(s.my_tokens[PL]) == 4


@pytest.mark.rule("§6.2 Provisioning", "FAQ:supply-token-same-turn")
def test_faq_tokens_taken_in_the_orders_phase_can_be_used_at_once():
    """FAQ "Can I use the Supply Tokens I receive during my Order Phase (Provisioning)?": yes."""
    g = orders_game(PL, ap=1)
    s = g.state
    put(g, "lotnisko", PL, "1v")
    s.tokens = {"lotnisko": [Token("plane", 2, face_up=True)]}
    g.apply("provision")
    g.apply("provision lotnisko plane2")
    assert s.turn.ap == 0 and "use plane2" in g.legal()
    g.apply("use plane2")
    assert s.turn.ap == 2


@pytest.mark.rule("§7.2 Ammunition", "FAQ:supply-token-ammunition", "ruling:combat-tokens")
def test_one_combat_token_per_battle_and_ammunition_gives_a_card_not_a_token():
    """§7.2, FAQ [Ammunition]: one combat token per side per battle; Ammunition allows a second
    Special card, not a second combat token."""
    g = _pl_attacks_rynek(tokens_pl=("ammunition1", "grenades1"), hand_pl=(6, 17))
    s = g.state
    g.apply("special 6")  # the first card, in the Attacker's slot
    d = g.decision()
    assert d.player == PL and set(d.actions) == {"token ammunition1", "token grenades1", "pass"}
    g.apply("token ammunition1")
    d = g.decision()
    assert "second Special card now" in d.prompt and "special 17" in d.actions
    assert not any(a.startswith("token") for a in d.actions)
    g.apply("special 17")
    f = battle_frame(g)
    assert f["mods"]["a"] == 1 + 2 and f["tokens"] == {"a": "ammunition"}
    assert [t.kind for t in s.my_tokens[PL]] == ["grenades"]  # never offered again in this battle


@pytest.mark.rule("§7.2 Ammunition", "§9.3", "FAQ:battle-ammunition-second-card", "ruling:cards-in-battle")
def test_faq_ammunition_second_card_after_the_battle():
    """FAQ "If I play an Ammo token, when can I play the second card?": immediately or after the
    battle — after it, only a card about the battle's aftermath (Losses) still matters."""
    g = _pl_attacks_rynek(tokens_pl=("ammunition1",), hand_pl=(4, 6, 17), zurl="2v")
    g.apply("pass")
    g.apply("token ammunition1")
    g.apply("pass")  # not now …
    d = g.decision()
    assert "after the battle" in d.prompt and set(d.actions) == {"special 4", "pass"}  # … Nurses after it
    g.apply("special 4")
    assert battle_frame(g)["loss_mods"]["a"] == 2


@pytest.mark.rule("§9.3", "ruling:cards-in-battle")
def test_no_second_card_without_ammunition():
    g = _pl_attacks_rynek(hand_pl=(6, 17))
    g.apply("special 6")
    f = battle_frame(g)
    while "bp" not in f:
        d = g.decision()
        assert not (d.player == PL and any(a.startswith("special") for a in d.actions))
        g.apply("pass" if "pass" in d.actions else d.actions[0])


@pytest.mark.rule("§7.2 Medicine", "FAQ:battle-losses-to-zero", "ruling:cards-in-battle")
def test_medicine_after_the_battle_does_not_change_the_outcome():
    """§7.2 Medicine (After Battle): 1 Loss fewer; FAQ "Battle": it does not change who won."""
    g = _pl_attacks_rynek(tokens_zurl=("medicine1",), pl="5v", zurl="2v")
    pass_until(g, ZURL, "losses")
    f = battle_frame(g)
    losses = f["bp"]["a"]
    assert f["result"] == "attacker" and "medicine medicine1" in g.legal()
    g.apply("medicine medicine1")
    assert f"distribute {losses - 1} Loss" in g.decision().prompt
    assert f["result"] == "attacker"


@pytest.mark.rule("§7.2 Medicine", "FAQ:supply-token-per-turn", "ruling:combat-tokens")
def test_medicine_counts_as_the_battles_one_combat_token():
    """§7.2: 'You can only use 1 of the above (Combat) Supply Tokens in each Battle' — Grenades,
    Machine Gun, Ammunition and Medicine alike (FAQ: 1 red combat token for each battle)."""
    g = _pl_attacks_rynek(tokens_zurl=("machine-gun1", "medicine1"), pl="5v", zurl="2v")
    pass_until(g, ZURL, "battle", "Machine Gun")
    g.apply("token machine-gun1")
    pass_until(g, ZURL, "losses")
    assert not any(a.startswith("medicine") for a in g.legal())


@pytest.mark.rule("§7.2 Artillery", "§12", "§8 Truce", "FAQ:supply-token-artillery-truce")
def test_artillery_token_city_area_destruction_and_truce():
    """§7.2 Artillery: 2 Losses in an area the opponent occupies; a City area moves Destruction
    (§12); FAQ [Artillery]: it breaks the Truce."""
    g = orders_game(PL, ap=0)
    s = g.state
    put(g, "rynek", ZURL, "2v")
    put(g, "winniki", ZURL, "2v")
    put(g, "sejm-krajowy", PL, "1v")
    give_tokens(g, PL, "artillery1")
    g.apply("use artillery1")
    assert set(g.legal()) == {"artillery rynek", "artillery winniki"}
    g.apply("artillery rynek")
    assert g.decision().player == ZURL and "2 Losses" in g.decision().prompt
    g.apply("disperse v@rynek")
    assert units(g, "rynek") == {"zurl-volunteer": 1}
    assert s.destruction == 1 and s.losses_this_round


@pytest.mark.rule(
    "§7.2 Artillery",
    "§13.2 Austro-Hungarian",
    "FAQ:supply-token-artillery-shared-area",
    "ruling:attacking-neutrals",
)
def test_faq_artillery_on_an_area_shared_with_a_neutral_austro_hungarian_unit():
    """FAQ [Artillery]: losses inflicted on the opponent in an area shared with a neutral
    Austro-Hungarian unit do not aggravate it — only an intended attack does."""
    g = orders_game(PL, ap=0)
    s = g.state
    put(g, "lyczakowska", ZURL, "2v")
    put(g, "lyczakowska", ZURL, "1a")
    give_tokens(g, PL, "artillery1")
    g.apply("use artillery1")
    g.apply("artillery lyczakowska")
    assert not any(a.endswith("@lyczakowska") and a.split()[1].startswith("a") for a in g.legal())
    g.apply("disperse v@lyczakowska")
    assert s.negotiation["austro-hungarian"] == 1  # still Neutral


@pytest.mark.rule("§7.2 Barricade")
def test_barricade_token_two_free_barricades_and_no_dead_end():
    """§7.2 Barricade: place 2 Barricades (free) in areas you occupy; when no edge is left for the
    second one, the token's order ends instead of waiting for an impossible choice."""
    g = orders_game(PL, ap=0)
    s = g.state
    put(g, "szkola-kadecka", PL, "1v")  # a City area with 3 edges
    s.barricades["szkola-kadecka"] = [(PL, "cytadela"), (PL, "park-stryjski")]
    give_tokens(g, PL, "barricade1")
    g.apply("use barricade1")
    assert g.legal() == ["barricade szkola-kadecka persenkowka"]
    g.apply("barricade szkola-kadecka persenkowka")
    assert g.legal() == ["cancel"]
    g.apply("cancel")
    assert g.decision().kind == "orders" and s.turn.ap == 0


@pytest.mark.rule("§7.2 Uniform", "§7.2 Food")
def test_uniform_and_food_tokens():
    g = orders_game(PL, ap=0)
    s = g.state
    put(g, "rynek", PL, "1v")
    s.mob[PL] = {"pl-volunteer": 2}
    give_tokens(g, PL, "uniform1")
    g.apply("use uniform1")
    g.apply("mobilize rynek v")
    assert units(g, "rynek") == {"pl-volunteer": 2} and s.turn.ap == 0
    g2 = orders_game(PL, ap=0)
    s2 = g2.state
    s2.destruction = 2
    give_tokens(g2, PL, "food1")
    assert {"use food1 morale", "use food1 destruction"} <= set(g2.legal())
    g2.apply("use food1 destruction")
    assert s2.destruction == 1
