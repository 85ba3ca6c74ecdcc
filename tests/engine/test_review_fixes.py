"""Regression tests for rule deviations found in a section-by-section review of the engine
against the rulebook (each test cites the section it checks)."""

from __future__ import annotations

import pytest
from helpers import (
    PL,
    ZURL,
    finish_turn,
    new_game,
    order,
    put,
    quiet_board,
    settle,
    units,
)


@pytest.mark.rule("§10", "ruling:relief-into-held-start")
def test_relief_into_enemy_start_keeps_the_village_options():
    """§10: "If the Starting Area is occupied by an opponent Unit, the player may deploy Units
    into the Area until the Area Unit Limit and that Area is immediately contested. After that
    the player may deploy Units into an adjacent Village or even the next one (but no further)",
    paying 1 AP a space. Filling Winniki first must not take away Kozielniki (1 AP) and Zboiska
    (2 AP) just because Winniki is now contested rather than PL-occupied."""
    g = new_game(2, seed=4)
    s = g.state
    quiet_board(g)
    put(g, "winniki", PL, "1v")
    put(g, "lesienice", PL, "1v")
    put(g, "rynek", ZURL, "1v")
    s.round = 2  # Scenario 2's ZURL Relief (10 Sich Riflemen) arrives in round 2
    finish_turn(g)
    d = g.decision()
    assert (d.player, d.kind) == (ZURL, "commander")
    g.apply("keep")
    assert g.decision().kind == "relief"
    g.apply("relief winniki 5s")
    assert units(g, "winniki") == {"pl-volunteer": 1, "sich-rifleman": 5}
    legal = g.legal()
    assert "relief kozielniki 1s" in legal
    assert "relief zboiska 1s" in legal
    ap = s.turn.ap
    g.apply("relief kozielniki 3s")
    assert s.turn.ap == ap - 1
    assert units(g, "kozielniki") == {"sich-rifleman": 3}


@pytest.mark.rule("§11 No Leader", "§10", "ruling:relief-commander-no-leader")
def test_relief_commander_ends_no_leader():
    """§11 No Leader / §10: a side whose Commanders are all gone plays without base AP or cards.
    A Commander arriving with its Relief (scenario footnotes, ruling:commander-deck) may take command at
    once: he then gives his AP and cards, and the HQ comes back to the board (§5.1 [1] 1). As
    he replaces nobody, it is not a change of Commander: no Morale shift (FAQ "Commander")."""
    g = new_game(2, seed=4)
    s = g.state
    quiet_board(g)
    put(g, "rynek", ZURL, "2v")
    put(g, "sokolniki", PL, "1v")
    s.units["rynek"].pop("zurl-hq", None)
    s.mob[ZURL]["zurl-hq"] = 1
    s.commander[ZURL] = None
    s.commander_status[ZURL] = "killed"
    s.commander_deck[ZURL] = []
    s.round = 2  # Bukszowany arrives with the ZURL Relief
    finish_turn(g)
    d = g.decision()
    assert (d.player, d.kind) == (ZURL, "commander")
    assert s.commander_status[ZURL] == "none" and s.turn.ap == 0
    morale = s.morale[ZURL]
    g.apply("take bukszowany")
    assert s.commander[ZURL] == "bukszowany"
    assert s.commander_status[ZURL] == "ok"
    assert s.turn.ap == g.rules.commanders["bukszowany"].ap
    assert s.morale[ZURL] == morale
    d = g.decision()
    assert d.kind == "hq" and "hq rynek" in d.actions
    g.apply("hq rynek")
    assert units(g, "rynek").get("zurl-hq") == 1


@pytest.mark.rule("§9.2", "§11")
def test_free_evasion_still_lets_the_defender_fight():
    """§9.2: Evasion is the Defender's choice ("the Defender may declare to Evade"). With Hryć
    Kossak's HQ among the defenders an attack from one side costs no card to evade (his
    evasion-discount ability) — the Defender must still be offered to stand and fight."""
    g = new_game(2, seed=3)
    s = g.state
    quiet_board(g)
    put(g, "dom-akademicki", PL, "3v")
    put(g, "sejm-krajowy", ZURL, "1v1h")
    put(g, "cytadela", ZURL, "1v")
    s.commander[ZURL] = "kossak"
    s.hand[ZURL] = []
    s.turn.ap = 10
    settle(g)
    order(g, "move", "dom-akademicki", "3v", "sejm-krajowy via dom-akademicki attack")
    g.apply("end")
    g.apply("battle sejm-krajowy")
    d = g.decision()
    assert (d.player, d.kind) == (ZURL, "battle")
    assert "fight" in d.actions
    assert any(a.startswith("evade cytadela") for a in d.actions)
    g.apply("fight")
    assert not any(a.startswith("evade") for a in g.legal())



@pytest.mark.rule("§9.4 B", "FAQ:withdrawal-over-the-limit", "ruling:beaten-attacker")
def test_a_beaten_attacker_group_may_split_over_several_areas():
    """§9.4 Withdrawal, FAQ "Withdrawal": beaten attackers that cannot go back where they came
    from withdraw to adjacent areas (1 more Loss per side) — split over several when no single
    area has room for them all."""
    from helpers import PL, ZURL, empty_board, force_battle_card, new_game, order, put, units

    g = new_game(2, seed=7)
    s = g.state
    empty_board(g)
    s.strategic = {}
    put(g, "rynek", ZURL, "2v")
    put(g, "sejm-krajowy", PL, "3v")
    put(g, "dom-akademicki", PL, "4v")  # room for 1 more (City limit 5)
    s.supply[PL], s.supply[ZURL] = 1, 5
    s.hand[PL], s.hand[ZURL] = [], []
    s.my_tokens[PL], s.my_tokens[ZURL] = [], []
    s.turn.ap = 10
    order(g, "move", "sejm-krajowy", "3v", "rynek via sejm-krajowy attack")
    put(g, "sejm-krajowy", ZURL, "1v")  # ZURL got into Sejm Krajowy in the meantime
    force_battle_card(g, 0, 0)
    g.apply("end")
    g.apply("battle rynek")
    assert "retreat dom-akademicki" in g.legal()  # it has room for one of the three
    g.apply("retreat dom-akademicki")
    assert units(g, "dom-akademicki") == {"pl-volunteer": 5}
    d = g.decision()
    assert d.kind == "battle" and "retreat dom-akademicki" not in d.actions  # the other two go on
    g.apply(next(a for a in d.actions if a != "retreat none"))
    assert g.decision().kind == "losses" and "3 Losses" in g.decision().prompt  # 2 BP + 1 extra
