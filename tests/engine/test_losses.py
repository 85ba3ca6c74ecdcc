"""Taking Losses (§9.4 B and the Player Aid's Loss Table), Supply and Morale after a battle
(§9.4 C–D, §8), and the beaten Attacker's withdrawal (§9.4, FAQ "Withdrawal"), on the real board.

Every battle here is PL attacking Rynek in its Scenario 2 Orders Phase, with no Strategic Areas
(so Morale moves only for the reasons under test) and with the battle card forced."""

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
    units,
)

TARGET = "rynek"


def _battle(
    defenders: str,
    groups: list[tuple[str, str]],
    *,
    pl_supply: int,
    zurl_supply: int,
    pl_morale: int = 6,
    zurl_morale: int = 6,
    card: tuple[int, int] = (0, 0),
    board: tuple[tuple[str, str, str], ...] = (),
    via: dict[str, str] | None = None,
):
    """PL lines up ``groups`` [(origin, units)] on Rynek, held by ZURL ``defenders``; the battle is
    started in the Battle Phase. Returns the game at its first decision after the battle card."""
    g = new_game(2, seed=7)
    s = g.state
    empty_board(g)
    s.strategic = {}
    put(g, TARGET, ZURL, defenders)
    for origin, text in groups:
        put(g, origin, PL, text)
    for area, side, text in board:
        put(g, area, side, text)
    s.supply[PL], s.supply[ZURL] = pl_supply, zurl_supply
    s.morale[PL], s.morale[ZURL] = pl_morale, zurl_morale
    s.hand[PL], s.hand[ZURL] = [], []  # no Special cards, no Evasion
    s.my_tokens[PL], s.my_tokens[ZURL] = [], []
    s.turn.ap = 10
    for origin, text in groups:
        side = (via or {}).get(origin, origin)
        order(g, "move", origin, text, f"{TARGET} via {side} attack")
    force_battle_card(g, *card)
    g.apply("end")
    g.apply(f"battle {TARGET}")
    return g


def _advance(g) -> None:
    """The winning Attacker moves in one unit from each side, then stays."""
    while g.decision().kind == "battle":
        g.apply("stay" if "stay" in g.legal() else g.legal()[0])


def _loss_prompt(g) -> tuple[str, str]:
    d = g.decision()
    assert d.kind == "losses", d
    return d.player, d.prompt


def _pl_wins_7_to_2(zurl_morale: int = 6, board=()):
    """PL 10 Volunteers (Strength 30 → 6 BP, +1 for 2 sides = 7) beat 4 ZURL Volunteers (4 → 2 BP)."""
    g = _battle(
        "4v",
        [("dom-akademicki", "5v"), ("sejm-krajowy", "5v")],
        pl_supply=6,
        zurl_supply=1,
        zurl_morale=zurl_morale,
        board=board,
    )
    assert battle_frame(g)["bp"] == {"a": 7, "d": 2}
    assert _loss_prompt(g) == (PL, "PL: distribute 2 Losses (attacker, high Morale) at Rynek")
    g.apply("disperse v@dom-akademicki")  # High Morale Attacker: 1 dispersed unit absorbs 2
    return g


@pytest.mark.rule("§9.4 B", "Player Aid: Loss Table", "ruling:loss-table")
def test_loss_example_withdraw_disperse_break():
    """§9.4 B EXAMPLE: ZURL defends with 4 units at High Morale, loses and takes 7 Losses: it
    withdraws 2 units (1 Loss each), disperses 1 (2) and breaks 1 (3)."""
    g = _pl_wins_7_to_2(board=(("namiestnictwo", ZURL, "1v"),))
    s = g.state
    assert _loss_prompt(g) == (ZURL, "ZURL: distribute 7 Losses (defender, high Morale) at Rynek")
    legal = g.legal()
    assert "withdraw v@rynek namiestnictwo" in legal
    assert not any(a.startswith("withdraw") and a.split()[-1] in ("dom-akademicki", "sejm-krajowy") for a in legal)
    g.apply("withdraw v@rynek namiestnictwo")
    g.apply("withdraw v@rynek namiestnictwo")
    g.apply("disperse v@rynek")
    assert "3 Losses" in g.decision().prompt
    g.apply("break v@rynek")
    assert g.decision().kind != "losses"
    assert units(g, "namiestnictwo") == {"zurl-volunteer": 3}
    assert s.broken[ZURL] == {"zurl-volunteer": 1}
    assert s.mob[ZURL]["zurl-volunteer"] == 6 + 1  # Scenario 2 starts with 6 in the zone
    assert s.units[TARGET].get("zurl-volunteer", 0) == 0


@pytest.mark.rule("§9.4 B", "§4.2", "ruling:loss-table")
def test_loss_example_alternative_leaves_one_unit():
    """§9.4 B EXAMPLE, alternative: 1 unit broken (3 Losses) and 2 dispersed (4) absorb the 7
    Losses and leave 1 ZURL unit in the area, which stays contested after PL moves in (§4.2)."""
    g = _pl_wins_7_to_2()
    g.apply("break v@rynek")
    g.apply("disperse v@rynek")
    g.apply("disperse v@rynek")
    assert "withdraw more units" in g.decision().prompt  # §9.4: it may withdraw it by choice
    g.apply("hold")
    assert g.decision().kind == "battle"  # PL's advance
    g.apply("advance dom-akademicki v")
    g.apply("advance sejm-krajowy v")
    g.apply("stay")
    assert units(g, TARGET) == {"zurl-volunteer": 1, "pl-volunteer": 2}
    assert g.state.morale[ZURL] == 6  # 1 broken, 2 dispersed: no Morale loss


@pytest.mark.rule("Player Aid: Loss Table", "FAQ:evade-vs-withdrawal", "ruling:loss-table")
def test_low_morale_defender_cannot_withdraw():
    """Loss Table: Withdrawal is only available to a Defender at High Morale; at Low Morale a
    dispersed unit absorbs 2 Losses and a broken one 3."""
    g = _pl_wins_7_to_2(zurl_morale=3, board=(("namiestnictwo", ZURL, "1v"),))
    player, prompt = _loss_prompt(g)
    assert player == ZURL and "7 Losses (defender, low Morale)" in prompt
    assert not any(a.startswith("withdraw") for a in g.legal())
    g.apply("disperse v@rynek")
    assert "5 Losses" in g.decision().prompt
    g.apply("break v@rynek")
    assert "2 Losses" in g.decision().prompt


@pytest.mark.rule("Player Aid: Loss Table", "ruling:loss-table")
def test_low_morale_attacker_disperse_1_break_2():
    """Loss Table: a Low Morale Attacker absorbs 1 Loss per dispersed unit and 2 per broken one."""
    g = _battle("1v", [("dom-akademicki", "5v")], pl_supply=5, zurl_supply=1, pl_morale=4, card=(1, 2))
    assert battle_frame(g)["bp"] == {"a": 4, "d": 3}  # PL 15 → 3 + 1; ZURL 1 → 1 + 2
    assert _loss_prompt(g) == (PL, "PL: distribute 3 Losses (attacker, low Morale) at Rynek")
    g.apply("break v@dom-akademicki")
    assert "1 Loss " in g.decision().prompt
    g.apply("disperse v@dom-akademicki")
    assert g.decision().player == ZURL
    assert g.state.broken[PL] == {"pl-volunteer": 1}


@pytest.mark.rule("Player Aid: Loss Table", "ruling:loss-table")
def test_high_morale_attacker_disperse_2_break_3():
    """Loss Table: a High Morale Attacker absorbs 2 Losses per dispersed unit and 3 per broken one."""
    g = _battle("1v", [("dom-akademicki", "5v")], pl_supply=5, zurl_supply=1, pl_morale=6, card=(2, 2))
    assert battle_frame(g)["bp"] == {"a": 5, "d": 3}
    assert "3 Losses (attacker, high Morale)" in g.decision().prompt
    g.apply("disperse v@dom-akademicki")
    assert "1 Loss " in g.decision().prompt
    g.apply("break v@dom-akademicki")
    assert g.decision().player == ZURL


@pytest.mark.rule("§9.4 A", "ruling:loss-table")
def test_units_advancing_from_each_side_are_spared_while_others_can_take_losses():
    """§9.4 A: the winning Attacker moves at least 1 unit in from each side it attacked from, and
    Losses go to the other units first: a side with a single unit is not offered for Losses while
    another side still has units to spare."""
    g = _battle("1v", [("dom-akademicki", "4v"), ("sejm-krajowy", "1v")], pl_supply=5, zurl_supply=1, card=(1, 3))
    assert battle_frame(g)["bp"] == {"a": 5, "d": 4}
    assert battle_frame(g)["result"] == "attacker"
    legal = g.legal()
    assert "disperse v@dom-akademicki" in legal
    assert not any(a.endswith("@sejm-krajowy") for a in legal)


@pytest.mark.rule("§9.4 B", "Example of Battles", "ruling:loss-table")
def test_excess_losses_are_forgone():
    """§9.4 B, Example of Battles step 7: Losses beyond what the units can absorb are forgone."""
    g = _battle("1v", [("dom-akademicki", "5v")], pl_supply=6, zurl_supply=1, card=(2, 0))
    assert battle_frame(g)["bp"] == {"a": 5, "d": 1}
    assert _loss_prompt(g)[0] == PL
    g.apply("disperse v@dom-akademicki")
    assert _loss_prompt(g) == (ZURL, "ZURL: distribute 5 Losses (defender, high Morale) at Rynek")
    g.apply("break v@rynek")
    assert any("further Losses are forgone" in line for line in g.state.log)
    assert g.decision().kind == "battle"  # the advance: the battle goes on normally


@pytest.mark.rule("§7.2 Medicine", "FAQ:battle-losses-to-zero")
def test_medicine_reduces_losses_by_one():
    """§7.2 Medicine, FAQ "Battle": a Medicine token reduces the player's Losses by 1 (once);
    it does not change the outcome of the battle."""
    g = _battle("4v", [("dom-akademicki", "5v"), ("sejm-krajowy", "5v")], pl_supply=6, zurl_supply=1)
    give_tokens(g, ZURL, "medicine1")
    g.apply("disperse v@dom-akademicki")
    assert "7 Losses" in g.decision().prompt
    assert "medicine medicine1" in g.legal()
    g.apply("medicine medicine1")
    assert "6 Losses" in g.decision().prompt
    assert not any(a.startswith("medicine") for a in g.legal())
    assert battle_frame(g)["result"] == "attacker"


@pytest.mark.rule(
    "§9.4 C",
    "§7.1",
    "Player Aid: Loss Table",
    "FAQ:battle-morale-and-supply",
    "ruling:morale-after-battle",
)
@pytest.mark.parametrize(
    "morale, defenders, supply_lost",
    [(6, "2v", False), (6, "3v", True), (3, "1v", False), (3, "2v", True)],
)
def test_supply_falls_when_the_loser_fought_with_enough_units(morale, defenders, supply_lost):
    """§9.4 C, Loss Table, FAQ "Battle": the loser's Supply falls 1 step if it fought with 3 or
    more units at High Morale, 2 or more at Low Morale; the winner's Supply does not rise."""
    g = _battle(defenders, [("dom-akademicki", "5v")], pl_supply=6, zurl_supply=5, zurl_morale=morale, card=(3, 1))
    assert battle_frame(g)["result"] == "attacker"
    while g.decision().kind == "losses":
        g.apply(next(a for a in g.legal() if a.startswith("break") or a == "hold"))
    _advance(g)
    assert g.state.supply[ZURL] == (4 if supply_lost else 5)
    assert g.state.supply[PL] == 6


@pytest.mark.rule("§8", "§9.4 D", "FAQ:battle-morale-and-supply", "ruling:morale-after-battle")
@pytest.mark.parametrize(
    "fates, morale_lost",
    [(("break", "break"), True), (("disperse", "disperse", "disperse"), True), (("break", "disperse", "disperse"), False)],
)
def test_morale_falls_for_2_broken_or_3_dispersed(fates, morale_lost):
    """§8, FAQ "Battle": a side loses 1 Morale step when 2 of its units are broken or 3 dispersed
    in a battle."""
    g = _battle("4v", [("dom-akademicki", "5v")], pl_supply=6, zurl_supply=1, zurl_morale=3, card=(3, 1))
    assert battle_frame(g)["bp"] == {"a": 6, "d": 3}
    g.apply("break v@dom-akademicki")
    assert _loss_prompt(g) == (ZURL, "ZURL: distribute 6 Losses (defender, low Morale) at Rynek")
    for fate in fates:
        g.apply(f"{fate} v@rynek")
    while g.decision().kind == "losses":  # the Losses are taken: hold on with the rest
        g.apply("hold")
    g.apply("advance dom-akademicki v")
    g.apply("stay")
    assert g.state.morale[ZURL] == (2 if morale_lost else 3)


@pytest.mark.rule("§9.4 B", "ruling:beaten-attacker")
def test_beaten_attacker_withdraws_to_where_it_came_from_then_takes_losses():
    """§9.4 Withdrawal: a beaten Attacker withdraws all its units to the area it came from (the last
    area it passed through); this absorbs no Losses; then it takes the Losses."""
    g = _battle("2v", [("cytadela", "3v")], pl_supply=1, zurl_supply=5, card=(0, 0), via={"cytadela": "sejm-krajowy"})
    assert battle_frame(g)["bp"] == {"a": 1, "d": 2}
    assert units(g, "sejm-krajowy") == {"pl-volunteer": 3}
    assert units(g, "cytadela") == {}
    assert TARGET not in g.state.attacks or not any(grp.side == PL for grp in g.state.attacks[TARGET])
    assert _loss_prompt(g) == (PL, "PL: distribute 2 Losses (attacker, high Morale) at Rynek")
    assert g.legal() == ["disperse v@sejm-krajowy", "break v@sejm-krajowy"]


@pytest.mark.rule("§9.4 B", "FAQ:withdrawal-over-the-limit", "ruling:beaten-attacker")
def test_withdrawal_faq_origin_full_extra_loss():
    """FAQ "Withdrawal": 5 units assault through an area holding 3 friendly units and lose; 2 go
    back to that area (its City limit of 5), the others withdraw to another adjacent area with 1
    additional Loss (per side withdrawn, not per unit)."""
    g = _battle(
        "2v",
        [("cytadela", "5v")],
        pl_supply=1,
        zurl_supply=5,
        card=(0, 0),
        via={"cytadela": "sejm-krajowy"},
        board=(("sejm-krajowy", PL, "3v"),),
    )
    assert units(g, "sejm-krajowy") == {"pl-volunteer": 5}
    d = g.decision()
    assert (d.player, d.kind) == (PL, "battle")
    assert "retreat dom-akademicki" in d.actions and "retreat sejm-krajowy" not in d.actions
    g.apply("retreat dom-akademicki")
    assert units(g, "dom-akademicki") == {"pl-volunteer": 3}
    assert _loss_prompt(g) == (PL, "PL: distribute 3 Losses (attacker, high Morale) at Rynek")  # 2 + 1


@pytest.mark.rule("§9.4 B", "ruling:beaten-attacker")
def test_withdrawal_when_the_origin_was_captured():
    """§9.4 Withdrawal: if the area the Attacker came from has been taken by the opponent in the
    meantime, it withdraws to another adjacent area and receives 1 additional Loss."""
    g = new_game(2, seed=7)
    s = g.state
    empty_board(g)
    s.strategic = {}
    put(g, TARGET, ZURL, "2v")
    put(g, "sejm-krajowy", PL, "3v")
    s.supply[PL], s.supply[ZURL] = 1, 5
    s.hand[PL], s.hand[ZURL] = [], []
    s.my_tokens[PL], s.my_tokens[ZURL] = [], []
    s.turn.ap = 10
    order(g, "move", "sejm-krajowy", "3v", f"{TARGET} via sejm-krajowy attack")
    put(g, "sejm-krajowy", ZURL, "1v")  # ZURL got into Sejm Krajowy in the meantime
    force_battle_card(g, 0, 0)
    g.apply("end")
    g.apply(f"battle {TARGET}")
    d = g.decision()
    assert (d.player, d.kind) == (PL, "battle") and "retreat sejm-krajowy" not in d.actions
    g.apply("retreat dom-akademicki")
    assert _loss_prompt(g) == (PL, "PL: distribute 3 Losses (attacker, high Morale) at Rynek")


@pytest.mark.rule("§9.4 B", "ruling:more-withdrawals")
def test_after_its_losses_a_beaten_defender_may_withdraw_more_by_choice():
    """§9.4 B: "After Losses have been applied, a player may inflict more Losses (e.g.
    withdrawing more Units, even if their Morale is low) if it results in a favorable outcome."
    Here ZURL, at Low Morale (no Withdrawal in its column), takes its Losses and then withdraws
    its last unit rather than be left alone among the victors."""
    g = _pl_wins_7_to_2(zurl_morale=3, board=(("namiestnictwo", ZURL, "1v"),))
    assert not any(a.startswith("withdraw") for a in g.legal())  # Low Morale: no Withdrawal as a Loss
    g.apply("break v@rynek")
    g.apply("break v@rynek")
    g.apply("disperse v@rynek")  # 3 + 3 + 2 ≥ 7: the Losses are taken, 1 unit is left
    assert g.decision().kind == "losses" and "withdraw v@rynek namiestnictwo" in g.legal()
    g.apply("withdraw v@rynek namiestnictwo")
    assert g.decision().kind == "battle"  # PL's advance: nobody is left to hold Rynek
    assert g.state.units[TARGET].get("zurl-volunteer", 0) == 0
    assert units(g, "namiestnictwo") == {"zurl-volunteer": 2}


@pytest.mark.rule("§9.4 B")
def test_s9_4_b_players_must_distribute_all_losses():
    """§9.4 B "Players must distribute all Losses": ZURL (4 units, High Morale, 7 Losses) may
    withdraw 2 units, but not a third — 1 unit could then absorb at most 3 of the 5 Losses left;
    withdrawing every unit at 1 Loss each and forgoing the rest is not a way out."""
    g = _pl_wins_7_to_2(board=(("namiestnictwo", ZURL, "1v"),))
    g.apply("withdraw v@rynek namiestnictwo")
    g.apply("withdraw v@rynek namiestnictwo")
    legal = g.legal()
    assert not any(a.startswith("withdraw") for a in legal)
    assert "disperse v@rynek" in legal and "break v@rynek" in legal
    g.apply("disperse v@rynek")
    assert g.legal() == ["break v@rynek"]  # 3 Losses left, 1 unit: only a Break absorbs them


@pytest.mark.rule("§9.4 B", "Example of Battles")
def test_s9_4_b_losses_beyond_capacity_break_every_unit():
    """Example of Battles step 7: "The Defender (ZURL) must break all 3 Units (9 Losses, the excess
    2 Losses are forgone)" — when the units cannot absorb every Loss, Break is the only effect
    offered, for each unit in turn."""
    g = _battle("3v", [("dom-akademicki", "5v"), ("sejm-krajowy", "5v")], pl_supply=6, zurl_supply=1,
                card=(3, 1), board=(("namiestnictwo", ZURL, "1v"),))
    assert battle_frame(g)["bp"] == {"a": 10, "d": 2}
    g.apply("disperse v@dom-akademicki")
    for _ in range(3):
        assert g.legal() == ["break v@rynek"]
        g.apply("break v@rynek")
    assert g.state.broken[ZURL] == {"zurl-volunteer": 3}
    assert any("1 further Loss is forgone" in line for line in g.state.log)


@pytest.mark.rule("§9.4 B", "ruling:all-losses-distributed")
def test_s9_4_b_one_loss_where_the_cheapest_effect_absorbs_two():
    """A winning High Morale Attacker with 1 Loss to take has no 1-Loss effect (its column starts
    at Dispersion, 2): it disperses one unit and the Loss absorbed beyond the 1 is forgone."""
    g = _battle("1v", [("dom-akademicki", "5v")], pl_supply=6, zurl_supply=1, card=(0, 0))
    assert battle_frame(g)["bp"] == {"a": 3, "d": 1}
    assert _loss_prompt(g) == (PL, "PL: distribute 1 Loss (attacker, high Morale) at Rynek")
    assert set(g.legal()) == {"disperse v@dom-akademicki", "break v@dom-akademicki"}
    g.apply("disperse v@dom-akademicki")
    assert _loss_prompt(g)[0] == ZURL
    assert g.state.mob[PL]["pl-volunteer"] == 12 + 1
