"""The rulebook's Example of a Player Turn (ZURL), replayed on the real board as far as the engine
supports it (card effects belong to another issue).

Scenario 1 is used because ZURL has the initiative there, so the game opens on the ZURL Initial
Phase; the position and the commanders of the example are set by editing the state.
"""

from __future__ import annotations

import pytest

from helpers import (
    PL,
    ZURL,
    EditableGame,
    Token,
    battle_frame,
    empty_board,
    force_battle_card,
    give_tokens,
    order,
    put,
    settle,
    units,
)


def _game_with_event_step() -> EditableGame:
    """A Scenario 1 game whose ZURL opening hand holds an Event, so the engine offers the
    Initial Phase's Event step (§5.1 [1] 4); the hand is then replaced by the example's cards."""
    for seed in range(100):
        g = EditableGame(1, seed)
        if any(f["kind"] == "event" for f in g.state.stack):
            return g
    raise AssertionError("no seed with an Event in the ZURL opening hand")


def _example_position() -> EditableGame:
    g = _game_with_event_step()
    s = g.state
    assert (g.decision().player, g.decision().kind) == (ZURL, "commander")
    empty_board(g)
    put(g, "rynek", ZURL, "4v")  # 3 assault Łyczakowska, 1 holds the Strategic Area
    put(g, "zniesienie", ZURL, "1v")
    put(g, "dzielnica-zydowska", PL, "2v")
    put(g, "wysoki-zamek", PL, "2v")
    put(g, "lyczakowska", PL, "1v")
    put(g, "sokolniki", PL, "1v")  # where PL puts the Event's 2 Volunteers, away from the fighting
    s.tokens = {"zniesienie": [Token("food", 1, face_up=True)]}
    s.commander[ZURL] = "mieszkowskyj"
    s.commander_deck[ZURL].append("mykyta")  # the top card of the Commander deck
    s.last_battle[ZURL] = "lost"
    s.morale[ZURL], s.morale[PL] = 5, 5
    s.supply[ZURL], s.supply[PL] = 3, 1
    s.mob[ZURL] = {"zurl-volunteer": 3}
    s.hand[ZURL] = [18, 5]  # Women Volunteer Legion (Event, 4 AP); Searches and Arrests (0 AP)
    s.hand[PL] = []
    s.my_tokens[ZURL], s.my_tokens[PL] = [], []
    give_tokens(g, ZURL, "artillery2", "plane2")
    settle(g)
    return g


@pytest.mark.rule(
    "Example of a Player Turn",
    "§5.1 Initial Phase",
    "§8",
    "§11 Changing Commander",
    "ruling:commander-change-morale",
)
def test_initial_phase_commander_change_and_event():
    """Example of a Player Turn, steps 1–2 (§5.1 [1], §8, §11): changing Mieszkowśkyj for Josyp
    Mykyta after a lost battle raises Morale by 1 and gives Mykyta's 5 AP; the Event card
    'Women Volunteer Legion' then adds its 4 AP (its effect for PL is not implemented yet)."""
    g = _example_position()
    s = g.state
    g.apply("change")
    assert s.commander[ZURL] == "mykyta" and s.morale[ZURL] == 6
    assert s.turn.ap == 5
    g.apply("keep")
    assert g.decision().kind == "event"
    on_board = sum(units(g, a).get("pl-volunteer", 0) for a in list(s.units))
    g.apply("event 18")
    assert s.turn.ap == 9 and 18 in s.discard[ZURL]
    # The Event's effect benefits PL: it puts 2 Volunteers on the board (where the cards issue
    # has implemented it, PL chooses where).
    if g.decision().kind == "card":
        while g.decision().kind == "card":
            assert g.decision().player == PL
            g.apply("mobilize sokolniki v")
        assert sum(units(g, a).get("pl-volunteer", 0) for a in list(s.units)) == on_board + 2
    assert g.decision().kind == "orders"


@pytest.mark.rule("Example of a Player Turn", "§5.1", "§6.2", "§7.2", "ruling:mobilization-rate")
def test_whole_turn():
    """Example of a Player Turn, steps 3–11 and the Battle and End of Turn Phases (§5.1, §6.2,
    §7.2): AP are spent exactly as the example prints, except for Mobilization (below)."""
    g = _example_position()
    s = g.state
    g.apply("change")
    g.apply("keep")
    g.apply("event 18")
    while g.decision().kind == "card":  # PL places its 2 Volunteers (the Event's effect)
        g.apply("mobilize sokolniki v")
    # 3. An Artillery token raises Supply by its value (generic use).
    g.apply("supply artillery2")
    assert s.supply[ZURL] == 5
    # 4. The Plane token adds 2 AP: 5 (Commander) + 4 (Event) + 2 = 11.
    g.apply("use plane2")
    assert s.turn.ap == 11
    # 5. Mobilization into Rzeźnia Miejska and Podzamcze. The example charges 3 AP for these 2
    # units, which matches neither printed rate (§6.2: High Morale 2 Units for 1 AP, Low Morale
    # 3 AP per Unit); the engine follows §6.2, so at High Morale both cost 1 AP. The two areas
    # are made ZURL-occupied first (Mobilization goes to areas the player occupies).
    put(g, "rzeznia-miejska", ZURL, "1v")
    put(g, "podzamcze", ZURL, "1v")
    g.apply("mobilize")
    g.apply("mobilize rzeznia-miejska v")
    g.apply("mobilize podzamcze v")
    g.apply("done")
    assert s.turn.ap == 10
    # 6. A Barricade in Zniesienie (1 AP), then one Supply Token taken there (1 AP).
    g.apply("fortify")
    g.apply("barricade zniesienie podzamcze")
    assert s.barricades["zniesienie"] == [(ZURL, "podzamcze")]
    g.apply("provision")
    g.apply("provision zniesienie food1")
    assert s.turn.ap == 8 and "zniesienie" not in s.tokens
    # 7. Move Podzamcze → Dzielnica Żydowska (PL-held: the group lines up for the Battle Phase), 1 AP.
    assert order(g, "move", "podzamcze", "2v", "dzielnica-zydowska via podzamcze attack") == 1
    # 8. Move Rzeźnia Miejska → Wysoki Zamek into the enemy area without battle: 2 AP; PL loses
    # 1 Morale at once because its Strategic Area becomes contested (FAQ "Morale").
    pl_morale = s.morale[PL]
    assert order(g, "move", "rzeznia-miejska", "2v", "wysoki-zamek via zniesienie enter") == 2
    assert units(g, "wysoki-zamek") == {"pl-volunteer": 2, "zurl-volunteer": 2}
    assert s.morale[PL] == pl_morale - 1
    assert s.turn.ap == 5
    # 9. Assault Rynek → Łyczakowska (2 AP) and the battle at once, in the Orders Phase.
    force_battle_card(g, 0, 0)
    assert order(g, "assault", "rynek", "3v", "lyczakowska via namiestnictwo attack") == 2
    g.apply("fight")
    assert battle_frame(g)["bp"] == {"a": 2, "d": 1}  # ZURL 9 Strength → 2 BP; PL 1 → 1 BP
    g.apply("disperse v@namiestnictwo")  # the Attacker takes its Losses first (§9.4 B)
    g.apply("disperse v@lyczakowska")
    g.apply("advance namiestnictwo v")
    g.apply("advance namiestnictwo v")
    assert units(g, "lyczakowska") == {"zurl-volunteer": 2}
    assert g.decision().kind == "orders" and s.turn.ap == 3  # the Orders Phase goes on
    # 10. One more unit mobilized into Zniesienie (1 AP at High Morale).
    g.apply("mobilize")
    g.apply("mobilize zniesienie v")
    g.apply("done")
    assert s.turn.ap == 2  # the example's 0, plus the 2 AP its Mobilization over-charged
    # 11. 'Searches and Arrests' (0 AP) played for its effect lowers PL's Morale — where the cards
    # issue has implemented it.
    if "effect 5" in g.legal():
        pl_morale = s.morale[PL]
        g.apply("effect 5")
        assert s.morale[PL] == pl_morale - 1 and s.turn.ap == 2
    # BATTLE PHASE: the battle in Dzielnica Żydowska.
    g.apply("end")
    assert g.legal() == ["battle dzielnica-zydowska"]
    g.apply("battle dzielnica-zydowska")
    while g.decision().kind == "losses":
        g.apply(g.legal()[0])
    if g.decision().kind == "battle":
        g.apply(g.legal()[0])
    # END OF TURN: draw 1 card (Mykyta's rating) and one token from each occupied area.
    assert g.decision().kind == "draw"
    hand = len(s.hand[ZURL])
    g.apply("draw")
    assert len(s.hand[ZURL]) == hand + 1
    assert s.active == PL
