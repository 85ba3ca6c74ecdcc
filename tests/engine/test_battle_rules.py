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


@pytest.mark.rule("§9.3 step 8", "§9.2")
def test_s9_3_units_inside_are_not_a_side_of_attack():
    """§9.3 step 8: "+1 BP for the second and each subsequent Area" the attack comes from. PL's
    units already inside contested Rynek plus one group from Dom Akademicki attack from one
    Area: no bonus, and an Evasion costs cards worth 1 AP (§9.2), not 2."""
    g = _board(zurl=[9])  # Collective Responsibility: 1 AP
    put(g, "rynek", PL, "2v")
    put(g, "rynek", ZURL, "2v")
    put(g, "dom-akademicki", PL, "3v")
    put(g, "podzamcze", ZURL, "1v")
    order(g, "move", "dom-akademicki", "3v", "rynek via dom-akademicki attack")
    force_battle_card(g, 0, 0)
    g.apply("end")
    g.apply("battle rynek")
    assert g.decision().actions == ("fight", "discard 9")
    g.apply("discard 9")
    assert any(a.startswith("evade podzamcze") for a in g.legal())  # 1 AP paid: enough
    g.apply("evade podzamcze 2v")
    assert units(g, "podzamcze") == {"zurl-volunteer": 3}


@pytest.mark.rule("§9.3 step 8")
def test_s9_3_no_side_bonus_for_the_units_inside():
    g = _board()
    put(g, "rynek", PL, "2v")
    put(g, "rynek", ZURL, "2v")
    put(g, "dom-akademicki", PL, "3v")
    order(g, "move", "dom-akademicki", "3v", "rynek via dom-akademicki attack")
    force_battle_card(g, 0, 0)
    g.apply("end")
    g.apply("battle rynek")
    line = next(l for l in reversed(g.state.log) if l.startswith("Battle in Rynek"))
    assert "sides" not in line
    assert battle_frame(g)["bp"]["a"] == 3  # 5 units × 3 Strength = 15 → 3 BP, nothing more
