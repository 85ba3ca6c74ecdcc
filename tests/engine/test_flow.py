"""Flow of the game (§5): rounds and turns, the Initial Phase (Commander, Relief), End of Turn,
End of Round, End of Stage (scoring, reinforcements), Commanders (§11), Relief (§10), the
automatic victories (§3) and the immediate Morale effects of Strategic Areas (§8, FAQ)."""

from __future__ import annotations

import pytest
from helpers import (
    PL,
    ZURL,
    EditableGame,
    Token,
    finish_turn,
    force_battle_card,
    give_tokens,
    new_game,
    order,
    played_example,
    put,
    quiet_board,
    settle,
    to_decision,
    to_orders,
    units,
)

from semper_fidelis.engine import Termination, flow, scoring


def _play_round(g) -> None:
    """Finish the current turn and every turn up to the next player's Orders Phase."""
    finish_turn(g)
    to_orders(g)


# ------------------------------------------------------------------------- rounds and turns


@pytest.mark.rule("§5")
@pytest.mark.parametrize("scenario, first", [(1, ZURL), (2, PL), (3, PL), (4, ZURL), (5, ZURL)])
def test_initiative_player_goes_first(scenario, first):
    """§5: the player with the Initiative (from the Scenario) goes first in each Round; it never
    changes."""
    g = new_game(scenario, seed=1)
    assert (g.state.active, g.state.round) == (first, 1)
    second = ZURL if first == PL else PL
    _play_round(g)
    assert (g.state.active, g.state.round) == (second, 1)
    _play_round(g)
    assert (g.state.active, g.state.round) == (first, 2)  # the time marker moved on


@pytest.mark.rule("§2")
def test_hands_of_five():
    """§2 step 11: each player draws a hand of 5 Action cards."""
    for scenario in range(1, 6):
        g = EditableGame(scenario, seed=2)
        assert len(g.state.hand[PL]) == 5 and len(g.state.hand[ZURL]) == 5


@pytest.mark.rule("FAQ:general-handicap", "ruling:handicap")
def test_handicap_option_zurl_with_initiative_starts_with_3():
    """FAQ "General" handicap (ruling:handicap): in scenarios where ZURL has the Initiative it may start
    with 3 cards instead of 5; the option is off by default and does nothing when PL has it."""
    assert len(EditableGame(4, 0, {"handicap": True}).state.hand[ZURL]) == 3
    assert len(EditableGame(4, 0, {"handicap": True}).state.hand[PL]) == 5
    assert len(EditableGame(4, 0).state.hand[ZURL]) == 5
    assert len(EditableGame(2, 0, {"handicap": True}).state.hand[ZURL]) == 5


@pytest.mark.rule("§2", "Scenario 5", "FAQ:setup-deployment-morale", "ruling:deployment-limit")
def test_free_deployment_strategic_areas_limited_by_morale():
    """§2 step 7, FAQ "Setup": in a free deployment a side may occupy no more Strategic Areas than
    its Morale level (Scenario 5: PL at IV holds at most 4 of the 7 City Strategic Areas), and
    deploying into them does not change Morale."""
    g = EditableGame(5, seed=6)
    s = g.state
    assert g.decision().player == PL and s.morale[PL] == 4
    while g.decision() is not None and g.decision().kind == "deploy" and g.decision().player == PL:
        legal = g.legal()
        held = {a for a in s.strategic if s.units.get(a, {}).get("pl-volunteer") or s.units.get(a, {}).get("pl-soldier") or s.units.get(a, {}).get("pl-hq")}
        fresh = [x for x in legal if x.split()[1] in s.strategic and x.split()[1] not in held]
        g.apply(fresh[0] if fresh else legal[0])
    held = [a for a in s.strategic if any(s.units.get(a, {}).get(t) for t in ("pl-volunteer", "pl-soldier", "pl-hq"))]
    assert len(held) == 4
    while g.decision().kind == "deploy":
        g.apply(g.legal()[0])
    assert s.morale[PL] == 4


# ----------------------------------------------------------------------------- End of Turn


@pytest.mark.rule("§5.1 End of Turn Phase", "§4.2", "§7.2", "ruling:end-of-turn-tokens")
def test_end_of_turn_one_token_from_each_occupied_area():
    """§5.1 [4] 1, §4.2, §7.2: at the End of Turn the player takes one Supply Token from each area it
    occupies — none from a contested area."""
    g = new_game(2, seed=4)
    s = g.state
    quiet_board(g)
    put(g, "rynek", PL, "1v")
    put(g, "sejm-krajowy", PL, "1v")
    put(g, "cytadela", PL, "1v")
    put(g, "cytadela", ZURL, "1v")
    s.tokens = {
        "rynek": [Token("food", 1, face_up=True), Token("food", 1, face_up=True)],
        "sejm-krajowy": [Token("plane", 2, face_up=True)],
        "cytadela": [Token("food", 3, face_up=True)],
    }
    g.apply("end")
    assert sorted(t.label() for t in s.my_tokens[PL]) == ["food1", "plane2"]
    assert len(s.tokens["rynek"]) == 1 and "sejm-krajowy" not in s.tokens
    assert len(s.tokens["cytadela"]) == 1


@pytest.mark.rule("§5.1 End of Turn Phase", "§11")
@pytest.mark.parametrize("hand, drawn", [(3, 2), (6, 1), (7, 0)])
def test_end_of_turn_draw_by_commander_rating_up_to_7(hand, drawn):
    """§5.1 [4] 2, §11: the player draws as many Action cards as the Commander's card rating
    (Mączyński: 2), up to the hand limit of 7."""
    g = new_game(2, seed=4)
    s = g.state
    assert g.rules.commanders[s.commander[PL]].cards == 2
    s.hand[PL] = s.deck[PL][:hand]
    del s.deck[PL][:hand]
    g.apply("end")
    to_decision(g, "draw")
    g.apply("draw")
    assert len(s.hand[PL]) == hand + drawn


@pytest.mark.rule("§5.1 End of Turn Phase")
def test_end_of_turn_discard_before_drawing():
    """§5.1 [4] Card Limit: the player may discard cards before drawing new ones."""
    g = new_game(2, seed=4)
    s = g.state
    s.hand[PL] = s.deck[PL][:7]
    del s.deck[PL][:7]
    g.apply("end")
    to_decision(g, "draw")
    first = s.hand[PL][0]
    g.apply(f"discard {first}")
    assert first in s.discard[PL] and len(s.hand[PL]) == 6
    g.apply("draw")
    assert len(s.hand[PL]) == 7


# --------------------------------------------------------------------------- End of Round


@pytest.mark.rule("§4.2 Attrition", "§5.1 End of Round", "FAQ:general-attrition-timing")
def test_attrition_disperses_one_unit_of_each_side_in_contested_areas():
    """§4.2 Attrition Loss, §5.1 End of the Round, FAQ: at the End of Round each side disperses 1
    unit in each contested area."""
    g = new_game(2, seed=4)
    s = g.state
    quiet_board(g)
    put(g, "rynek", PL, "2v")
    put(g, "rynek", ZURL, "1v")
    put(g, "sejm-krajowy", PL, "1v")
    put(g, "sejm-krajowy", ZURL, "2v")
    put(g, "cytadela", PL, "2v")
    mob = {side: sum(s.mob[side].values()) for side in (PL, ZURL)}
    finish_turn(g)
    to_orders(g)
    finish_turn(g)
    assert s.round == 1
    seen = []
    while g.decision().kind == "attrition":
        seen.append((g.decision().player, g.legal()))
        g.apply(g.legal()[0])
    assert units(g, "rynek") == {"pl-volunteer": 1}
    assert units(g, "sejm-krajowy") == {"zurl-volunteer": 1}
    assert units(g, "cytadela") == {"pl-volunteer": 2}
    assert sum(s.mob[PL].values()) == mob[PL] + 2 and sum(s.mob[ZURL].values()) == mob[ZURL] + 2
    assert {p for p, _ in seen} == {PL, ZURL}


@pytest.mark.rule("§8 Truce")
def test_truce_raises_both_morales_when_no_battle_or_losses():
    """§8 Truce: when there was no battle and no other action causing Losses in the Round, both
    sides raise Morale by 1 at the End of Round."""
    g = new_game(2, seed=4)
    s = g.state
    quiet_board(g)
    put(g, "rynek", PL, "1v")
    put(g, "cytadela", ZURL, "1v")
    s.morale[PL], s.morale[ZURL] = 4, 3
    _play_round(g)
    _play_round(g)
    assert (s.morale[PL], s.morale[ZURL]) == (5, 4)
    assert s.round == 2


@pytest.mark.rule("§7.2 Artillery", "§8 Truce", "FAQ:supply-token-artillery-truce")
def test_artillery_breaks_the_truce():
    """§7.2 Artillery, §8 Truce, FAQ "Supply Token": an Artillery token inflicts Losses and so
    breaks the Truce."""
    g = new_game(2, seed=4)
    s = g.state
    quiet_board(g)
    put(g, "rynek", PL, "1v")
    put(g, "bogdanowka", ZURL, "2v")
    s.morale[PL], s.morale[ZURL] = 4, 3
    give_tokens(g, PL, "artillery1")
    g.apply("use artillery1")
    g.apply("artillery bogdanowka")
    g.apply(g.legal()[0])  # ZURL distributes the 2 Losses
    _play_round(g)
    _play_round(g)
    assert (s.morale[PL], s.morale[ZURL]) == (4, 3)


@pytest.mark.rule("§8", "§5.1", "§4.2", "ruling:truce-after-attrition")
def test_s8_attrition_losses_break_the_truce():
    """§8 Truce: "when there was no Battle or other action that cause Losses … in the Round".
    §5.1 puts the Attrition Loss first at the End of the Round; a round that ends with a
    contested area has its Attrition Losses, so no Truce."""
    g = new_game(2, seed=4)
    s = g.state
    quiet_board(g)
    put(g, "rynek", PL, "2v")
    put(g, "rynek", ZURL, "2v")
    s.morale[PL], s.morale[ZURL] = 4, 3
    finish_turn(g)
    to_orders(g)
    finish_turn(g)
    while g.decision().kind == "attrition":
        g.apply(g.legal()[0])
    assert (s.morale[PL], s.morale[ZURL]) == (4, 3)
    assert not any(line.startswith("Truce") for line in s.log)


@pytest.mark.rule("§12", "ruling:destruction")
@pytest.mark.parametrize("first, second", [("use food1 destruction", "propaganda destruction"), ("propaganda destruction", "use food1 destruction")])
def test_s12_destruction_eased_once_per_turn(first, second):
    """§12: "the Polish player can use Food Supply Token or Propaganda Order once per Turn to move
    up the Destruction Marker by 1 step" — once for both together; Propaganda may still raise
    Morale after a Food token eased Destruction."""
    g = new_game(2, seed=4)
    s = g.state
    s.destruction = 3
    s.morale[PL] = 4
    give_tokens(g, PL, "food1")
    s.turn.ap = 6
    g.apply(first)
    assert s.destruction == 2
    assert second not in g.legal()
    if first.startswith("use"):
        assert "propaganda morale" in g.legal()


# --------------------------------------------------------------------------- End of Stage


def _to_end_of_stage(g, setup) -> None:
    """Jump the time marker to the Stage's last Round, set the board, and play that Round out
    (the Truce is kept out by marking a loss in the Round)."""
    s = g.state
    s.round = 4
    quiet_board(g)
    setup(g)
    settle(g)
    finish_turn(g)
    to_orders(g)
    s.losses_this_round = True
    finish_turn(g)


@pytest.mark.rule("§3", "§5.2", "Scenario 2", "ruling:stage-end-morale")
def test_stage_scoring_strategic_areas_and_morale_extremes():
    """§3, §5.2 (ruling:stage-end-morale), Scenario 2 card: at the End of Stage each side scores the value of the
    Strategic Areas it occupies (not contested ones), +1 VP with Morale on the top space and
    −1 VP on the bottom space."""
    g = new_game(2, seed=4)
    s = g.state
    vp = dict(s.vp)

    def setup(g):
        g.state.strategic = {"dworzec-glowny": 3, "cytadela": 2, "wysoki-zamek": 1, "cerkiew-sw-jura": 1}
        put(g, "dworzec-glowny", PL, "1v")
        put(g, "cytadela", PL, "1v")
        put(g, "wysoki-zamek", ZURL, "1v")
        put(g, "cerkiew-sw-jura", PL, "2v")  # still contested after the Attrition
        put(g, "cerkiew-sw-jura", ZURL, "2v")
        g.state.morale[PL], g.state.morale[ZURL] = 8, 1

    _to_end_of_stage(g, setup)
    while g.decision().kind == "attrition":
        g.apply(g.legal()[0])
    assert s.round == 5
    assert s.vp[PL] == vp[PL] + 3 + 2 + 1
    assert s.vp[ZURL] == vp[ZURL] + 1 - 1


@pytest.mark.rule(
    "§5.2 Polish Reinforcements",
    "FAQ:relief-reinforcement-amount",
    "ruling:pl-reinforcements",
)
def test_pl_district_reinforcements():
    """§5.2 Polish Reinforcements (Scenario 2): 2 units for each controlled District, 1 for each
    contested or neutral District, 1 for each occupied Village, to the Mobilization Zone."""
    g = new_game(2, seed=4)
    s = g.state

    def setup(g):
        put(g, "rynek", PL, "1v")  # District I: controlled → 2
        put(g, "kleparow", PL, "1v")  # District II: contested with Góra Stracenia → 1
        put(g, "gora-stracenia", ZURL, "1v")
        put(g, "wysoki-zamek", ZURL, "1v")  # District III: ZURL's → 0
        put(g, "sokolniki", PL, "1v")  # Villages: 1 each
        put(g, "winniki", PL, "1v")
        # Districts IV–VIII stay neutral: 1 each.

    mob = s.mob[PL]["pl-volunteer"]
    pool = s.pool[PL]["pl-volunteer"]
    _to_end_of_stage(g, setup)
    assert scoring.pl_district_reinforcements(g.rules, s) == 2 + 1 + 0 + 5 + 2
    assert s.round == 5
    assert s.mob[PL]["pl-volunteer"] - mob == 10
    assert pool - s.pool[PL]["pl-volunteer"] == 10


@pytest.mark.rule("§13.2 Jewish Militia", "ruling:pl-reinforcements", "ruling:jewish-militia")
def test_neutral_jewish_militia_keeps_pl_from_controlling_districts_iii_and_viii():
    """§13.2: while the Jewish Militia is neutral PL can never control District III or VIII; for
    Reinforcements they count as contested (1 unit each)."""
    g = new_game(2, seed=4)
    quiet_board(g)
    put(g, "wysoki-zamek", PL, "1v")  # District III
    put(g, "zniesienie", PL, "1v")  # District VIII
    assert scoring.pl_district_reinforcements(g.rules, g.state) == 8  # every District counts 1
    g.state.negotiation["jewish-militia"] = 0  # allied with PL
    assert scoring.pl_district_reinforcements(g.rules, g.state) == 10


@pytest.mark.rule("§5.2 ZURL Reinforcements", "FAQ:relief-reinforcement-amount")
def test_zurl_reinforcements_by_morale():
    """§5.2 ZURL Reinforcements: the number printed on ZURL's Morale space goes from the pool to
    the Mobilization Zone."""
    g = new_game(2, seed=4)
    s = g.state

    def setup(g):
        put(g, "rynek", ZURL, "1v")
        g.state.morale[ZURL] = 6

    _to_end_of_stage(g, setup)
    expected = g.rules.zurl_reinforcement[s.morale[ZURL]]
    assert expected == g.rules.zurl_reinforcement[6]
    # (the mobilization zone was changed only by the reinforcement)
    assert s.round == 5
    assert s.mob[ZURL]["zurl-volunteer"] == 6 + expected


@pytest.mark.rule(
    "§5.2 Polish Reinforcements",
    "Scenario 4",
    "FAQ:relief-where",
    "FAQ:scenario-4-reinforcement-stack",
    "ruling:breakthrough",
)
def test_scenario_4_corridor_reinforcement():
    """§5.2, Scenario 4 card (ruling:breakthrough): PL Reinforcements arrive directly in the occupied
    Villages; the largest group of adjacent occupied Villages sets their number — 2 adjacent
    Villages: 5 Soldiers and 2 Supply Tokens; ZURL gets its Morale-based Reinforcements."""
    g = new_game(4, seed=4)
    s = g.state
    assert s.active == ZURL

    def setup(g):
        put(g, "zimna-woda", PL, "1v")
        put(g, "sknilow", PL, "1v")
        put(g, "kozielniki", PL, "1v")  # not adjacent to the other two
        put(g, "winniki", ZURL, "2v")
        g.state.pool[PL]["pl-soldier"] = 10
        g.state.morale[ZURL] = 4

    zurl_mob = s.mob[ZURL].get("zurl-volunteer", 0)
    _to_end_of_stage(g, setup)
    assert scoring.corridor_width(g.rules, s) == 2
    placed = []
    while g.decision().kind == "reinforce" and g.decision().player == PL:
        assert set(g.legal()) == {"reinforce zimna-woda", "reinforce sknilow", "reinforce kozielniki"}
        placed.append(g.apply(g.legal()[0]))
    assert len(placed) == 5
    assert sum(units(g, v).get("pl-soldier", 0) for v in ("zimna-woda", "sknilow", "kozielniki")) == 5
    assert len(s.my_tokens[PL]) == 2  # (the board had no tokens to collect)
    while g.decision().kind == "reinforce":  # ZURL's, in its Villages (test below)
        g.apply(g.legal()[0])
    assert s.round == 5
    assert s.mob[ZURL].get("zurl-volunteer", 0) == zurl_mob  # none to the Mobilization Zone


@pytest.mark.rule("§5.2 ZURL Reinforcements", "Scenario 4", "FAQ:relief-where", "ruling:siege-reinforcements")
def test_scenario_4_zurl_reinforcements_arrive_in_occupied_villages():
    """Scenario 4 card: "Reinforcement for ZURL is determined by Morale. Reinforcements arrive in
    occupied Villages"; FAQ: "With exception on Scenario 4 where Reinforcement arrives directly on
    the occupied Areas". ZURL places the Volunteers its Morale space gives in Villages it occupies,
    within the area limits (a contested Village or one full does not take them); what finds no
    room goes to the Mobilization Zone (ruling:siege-reinforcements)."""
    g = new_game(4, seed=4)
    s = g.state

    def setup(g):
        put(g, "winniki", ZURL, "5v")  # room for 1
        put(g, "zboiska", ZURL, "6v")  # full
        put(g, "lesienice", ZURL, "1v")
        put(g, "lesienice", PL, "2v")  # contested: not occupied (Attrition leaves 1 PL unit)
        put(g, "rynek", ZURL, "1v")  # a City area: no Reinforcements there
        put(g, "zimna-woda", PL, "1v")
        g.state.morale[ZURL] = 4

    _to_end_of_stage(g, setup)
    while g.decision().kind == "attrition" or (g.decision().player, g.decision().kind) == (PL, "reinforce"):
        g.apply(g.legal()[0])
    zurl_mob = s.mob[ZURL].get("zurl-volunteer", 0)  # with the Volunteer Attrition dispersed
    n = g.rules.zurl_reinforcement[4]
    assert n == 2
    d = g.decision()
    assert (d.player, d.kind) == (ZURL, "reinforce") and "place 2 Reinforcements" in d.prompt
    assert g.legal() == ["reinforce winniki"]
    g.apply("reinforce winniki")
    assert g.legal() == ["reinforce mobilization"]  # Winniki is full now, Zboiska was
    g.apply("reinforce mobilization")
    assert units(g, "winniki") == {"zurl-volunteer": 6} and units(g, "zboiska") == {"zurl-volunteer": 6}
    assert s.mob[ZURL].get("zurl-volunteer", 0) == zurl_mob + 1
    assert s.round == 5


# ------------------------------------------------------------------------------- Relief


@pytest.mark.rule("§10", "FAQ:relief-where", "ruling:relief")
def test_relief_by_rail_example():
    """§10 EXAMPLE (assets/examples/10-relief-by-rail.toml): the PL Relief from Zimna Woda deploys
    by rail, free of AP, 4 to Dworzec Główny holding 1, 2 to Lewandówka, 4 to Elektrownia, but not
    to Stacja Kleparów or Kortumowa Góra while ZURL occupies Stacja Kleparów."""
    g = played_example("10-relief-by-rail")
    assert g.decision().kind == "orders"


@pytest.mark.rule("§10", "FAQ:relief-where", "ruling:relief")
def test_relief_passes_a_contested_area():
    """§10: the areas a Relief passes by rail may be contested, not enemy-occupied."""
    g = new_game(2, seed=4)
    quiet_board(g)
    put(g, "dworzec-glowny", PL, "1v")
    put(g, "dworzec-glowny", ZURL, "1v")
    assert "elektrownia" in flow.relief_targets(g.rules, g.state, PL)


@pytest.mark.rule("§10", "§11", "Scenario 2", "ruling:commander-deck")
def test_relief_arrives_in_the_initial_phase_with_its_commander():
    """§10, Scenario 2 card (ruling:commander-deck): the PL Relief (10 Soldiers with Michał Karaszewicz-
    Tokarzewski) arrives in the Initial Phase of 15-16 XI; the Commander may replace the current
    one at once (a change: §8 Morale), then the units deploy by rail up to the limits (the §10
    example: 4 to Dworzec Główny holding 1, 2 to Lewandówka, 4 to Elektrownia)."""
    g = new_game(2, seed=4)
    s = g.state
    quiet_board(g)
    put(g, "stacja-kleparow", ZURL, "1v")
    put(g, "dworzec-glowny", PL, "1v")
    s.round = 7
    s.last_battle[PL] = "lost"
    _play_round(g)  # ZURL's turn of round 7
    finish_turn(g)
    while g.decision().kind == "attrition":
        g.apply(g.legal()[0])
    assert (s.active, s.round) == (PL, 8)
    d = g.decision()
    assert d.kind == "commander" and "take karaszewicz-tokarzewski" in d.actions
    morale = s.morale[PL]
    g.apply("take karaszewicz-tokarzewski")
    assert s.commander[PL] == "karaszewicz-tokarzewski" and s.morale[PL] == morale + 1
    g.apply("keep")
    assert g.decision().kind == "relief"
    assert not any(a.split()[1] in ("stacja-kleparow", "kortumowa-gora") for a in g.legal() if a != "relief done")
    assert "relief dworzec-glowny 5s" not in g.legal()
    g.apply("relief dworzec-glowny 4s")
    g.apply("relief lewandowka 2s")
    g.apply("relief elektrownia 4s")
    assert units(g, "dworzec-glowny") == {"pl-volunteer": 1, "pl-soldier": 4}
    assert units(g, "lewandowka") == {"pl-soldier": 2}
    assert units(g, "elektrownia") == {"pl-soldier": 4}
    assert g.decision().kind in ("event", "orders")


@pytest.mark.rule("§10", "ruling:relief", "ruling:relief-into-held-start")
def test_relief_when_the_starting_area_is_enemy_occupied():
    """§10 second EXAMPLE (assets/examples/11-relief-start-held.toml): Winniki and Lesienice are
    PL-occupied; the ZURL Relief may deploy into Winniki (contesting it) for free, Lesienice or
    Kozielniki (1 space) for 1 AP, Zboiska (2 spaces) for 2 AP."""
    g = played_example("11-relief-start-held")
    assert g.decision().kind == "orders"


@pytest.mark.rule("§10", "ruling:relief", "ruling:relief-into-held-start")
def test_relief_from_a_held_start_goes_no_further_than_two_villages():
    """§10: from an enemy-held Starting Area the Relief goes at most to the next Village but one,
    and only to Villages."""
    g = new_game(2, seed=4)
    quiet_board(g)
    put(g, "winniki", PL, "1v")
    put(g, "rynek", ZURL, "1v")
    targets = flow.relief_targets(g.rules, g.state, ZURL)
    assert all(a in g.rules.villages for a in targets)
    assert max(targets.values()) == 2


# ---------------------------------------------------------------------------- Commanders


@pytest.mark.rule("§8", "§11 Changing Commander", "ruling:commander-change-morale")
@pytest.mark.parametrize("last, delta", [("lost", +1), ("won", -1), (None, -1)])
def test_commander_change_morale(last, delta):
    """§8, §11: changing the Commander raises Morale by 1 after a lost battle and lowers it by 1
    after a won battle or when no battle has taken place yet."""
    g = EditableGame(2, seed=4)
    s = g.state
    assert g.decision().kind == "commander"
    s.last_battle[PL] = last
    s.morale[PL] = 5
    g.apply("change")
    assert s.morale[PL] == 5 + delta
    assert s.commander[PL] != "maczynski"
    assert s.turn.ap == g.rules.commanders[s.commander[PL]].ap


@pytest.mark.rule(
    "§2",
    "§11 Changing Commander",
    "FAQ:setup-commander-deck-shuffled",
    "FAQ:commander-change-random",
    "FAQ:commander-previous-removed",
    "ruling:commander-deck",
)
def test_commander_deck_is_shuffled_and_the_replaced_commander_leaves_the_game():
    """FAQ "Setup" and "Commander": the Commander deck (the scenario's list without the initial
    Commander) is shuffled, so a change draws a Commander at random, not the next one listed;
    the replaced Commander leaves the game for good."""
    listed = EditableGame(2, seed=0).rules.scenario.sides[PL].commander_deck
    orders = set()
    for seed in range(6):
        deck = EditableGame(2, seed=seed).state.commander_deck[PL]
        assert sorted(deck) == sorted(listed)
        orders.add(tuple(deck))
    assert len(orders) > 1
    g = EditableGame(2, seed=4)
    s = g.state
    drawn = s.commander_deck[PL][-1]
    g.apply("change")
    assert s.commander[PL] == drawn and drawn not in s.commander_deck[PL]
    assert "maczynski" not in s.commander_deck[PL]
    g.apply("change")  # a second change: Mączyński is not back in play either
    assert s.commander[PL] != "maczynski" and "maczynski" not in s.commander_deck[PL]


@pytest.mark.rule("§8", "ruling:commander-change-morale")
def test_second_commander_change_in_a_turn_lowers_morale():
    """§8: changing the Commander for the second time in a Turn lowers Morale by 1."""
    g = EditableGame(2, seed=4)
    s = g.state
    s.last_battle[PL] = "lost"
    s.morale[PL] = 5
    g.apply("change")
    g.apply("change")
    assert s.morale[PL] == 5 + 1 - 1


def _pl_attack_with_hq(fate: str):
    """PL attacks Rynek with its HQ among 4 units, wins and puts one Loss on its HQ."""
    g = new_game(2, seed=4)
    s = g.state
    quiet_board(g)
    put(g, "dom-akademicki", PL, "3v1h")
    put(g, "rynek", ZURL, "1v")
    s.supply[PL], s.supply[ZURL] = 5, 5
    s.morale[PL] = 6
    s.hand[PL], s.hand[ZURL] = [], []
    force_battle_card(g, 1, 1)  # PL 12 → 3 + 1 = 4 BP, ZURL 3 → 1 + 1 = 2 BP
    order(g, "move", "dom-akademicki", "3v1h", "rynek via dom-akademicki attack")
    g.apply("end")
    g.apply("battle rynek")
    assert g.decision().kind == "losses" and g.decision().player == PL
    g.apply(f"{fate} h@dom-akademicki")
    while g.decision().kind == "losses":
        g.apply(g.legal()[0])
    while g.decision().kind == "battle":
        g.apply("stay" if "stay" in g.legal() else g.legal()[0])
    return g


@pytest.mark.rule("§11 Loss of Commander", "FAQ:commander-dispersed-or-broken", "ruling:hq")
@pytest.mark.parametrize("fate, status", [("disperse", "dispersed"), ("break", "killed")])
def test_hq_lost_in_own_turn_no_cards_drawn(fate, status):
    """§11 Loss of Commander, FAQ "Commander": a dispersed HQ (Commander face down) or a broken one
    (Commander killed) costs 1 Morale, and the player draws no cards at the End of that Turn."""
    g = _pl_attack_with_hq(fate)
    s = g.state
    assert s.commander_status[PL] == status and s.mob[PL].get("pl-hq") == 1
    assert s.morale[PL] == 6 - 1
    assert s.fallen[PL] == (1 if status == "killed" else 0)
    assert g.decision().kind != "draw" and s.active == ZURL


def _zurl_beats_pl_hq(fate: str):
    """ZURL attacks Dom Akademicki, where the PL HQ stands, and wins; PL puts a Loss on its HQ."""
    g = new_game(2, seed=4)
    s = g.state
    quiet_board(g)
    put(g, "dom-akademicki", PL, "1v1h")
    put(g, "sejm-krajowy", PL, "1v")
    put(g, "rynek", ZURL, "5v")
    s.supply[PL], s.supply[ZURL] = 1, 6  # PL 2 → 1 BP; ZURL 15 → 3 BP
    s.morale[PL] = 6
    finish_turn(g)
    to_orders(g)
    assert s.active == ZURL
    s.hand[PL], s.hand[ZURL] = [], []  # no Special cards, no Evasion
    s.my_tokens[PL], s.my_tokens[ZURL] = [], []
    force_battle_card(g, 0, 0)
    order(g, "move", "rynek", "5v", "dom-akademicki via rynek attack")
    g.apply("end")
    g.apply("battle dom-akademicki")
    while g.decision().kind == "losses" and g.decision().player == ZURL:
        g.apply(g.legal()[0])
    assert g.decision().player == PL and g.decision().kind == "losses"
    g.apply(f"{fate} h@dom-akademicki")
    while g.decision().kind == "losses":
        g.apply(next(a for a in g.legal() if not a.startswith("withdraw")))
    while g.decision().kind == "battle":
        g.apply("stay" if "stay" in g.legal() else g.legal()[0])
    return g


@pytest.mark.rule("§11 Loss of Commander", "§5.1 Initial Phase", "ruling:hq")
def test_hq_dispersed_returns_in_the_next_initial_phase():
    """§11 Loss of Commander, §5.1 [1] 1: a dispersed HQ costs 1 Morale; in the next Initial Phase
    the Commander returns face up and the HQ is placed on an occupied area (no Morale change), and
    the Commander may then be changed at once."""
    g = _zurl_beats_pl_hq("disperse")
    s = g.state
    assert s.commander_status[PL] == "dispersed" and s.mob[PL].get("pl-hq") == 1
    assert s.morale[PL] == 6 - 1
    finish_turn(g)
    to_decision(g, "hq")
    assert s.active == PL and s.round == 2
    assert s.commander[PL] == "maczynski" and s.commander_status[PL] == "ok"
    morale = s.morale[PL]
    assert g.legal() == ["hq sejm-krajowy"]
    g.apply("hq sejm-krajowy")
    assert units(g, "sejm-krajowy") == {"pl-volunteer": 1, "pl-hq": 1}
    assert g.decision().kind == "commander"
    assert s.morale[PL] == morale
    assert s.turn.ap == g.rules.commanders["maczynski"].ap


@pytest.mark.rule(
    "§11 Loss of Commander",
    "FAQ:commander-dispersed-or-broken",
    "FAQ:morale-replacement-commander",
    "ruling:hq",
)
def test_hq_broken_new_commander_in_the_next_initial_phase():
    """§11 Loss of Commander, FAQ "Commander" and "Morale": a broken HQ kills the Commander (−1
    Morale now, −1 VP at the end); in the next Initial Phase a new Commander is drawn from the deck
    without any Morale change and the HQ is placed on an occupied area."""
    g = _zurl_beats_pl_hq("break")
    s = g.state
    assert s.commander[PL] is None and s.commander_status[PL] == "killed" and s.fallen[PL] == 1
    assert s.morale[PL] == 6 - 1
    deck = list(s.commander_deck[PL])
    finish_turn(g)
    to_decision(g, "hq")
    assert s.active == PL and s.round == 2
    assert s.commander[PL] == deck[-1] and s.commander_status[PL] == "ok"
    assert s.morale[PL] == 6 - 1
    g.apply("hq sejm-krajowy")
    assert s.morale[PL] == 6 - 1
    assert s.turn.ap == g.rules.commanders[s.commander[PL]].ap


# ----------------------------------------------------------------------------------- Victory


@pytest.mark.rule("§3 Automatic Victory", "FAQ:general-automatic-victory-timing", "ruling:automatic-victory")
def test_20_vp_lead_wins_at_the_end_of_a_turn():
    """§3 Automatic Victory, FAQ "General" (ruling:automatic-victory): a lead of 20 VP or more wins at once at
    the end of a player's turn."""
    g = new_game(2, seed=4)
    s = g.state
    s.vp[PL], s.vp[ZURL] = 29, 10
    finish_turn(g)
    assert not g.over
    to_orders(g)
    s.vp[PL] = 30
    assert not g.over  # not in the middle of the turn
    finish_turn(g)
    assert g.over and s.result.winner == PL and "20" in s.result.reason and s.result.termination is Termination.LEAD


@pytest.mark.rule("§3 Automatic Victory", "Scenario 3", "ruling:supply-cut")
def test_scenario_3_supply_cut():
    """§3 Automatic Victory, Scenario 3 card: PL wins at once when ZURL is cut off from Winniki —
    when PL occupies Winniki, or no chain of areas PL does not occupy links a ZURL unit to it."""
    g = new_game(3, seed=4)
    quiet_board(g)
    put(g, "rynek", ZURL, "2v")
    put(g, "lesienice", PL, "1v")
    put(g, "kozielniki", PL, "1v")
    finish_turn(g)
    assert not g.over  # Stacja Łyczaków still links Winniki to the city
    to_orders(g)
    finish_turn(g)
    to_orders(g)
    put(g, "stacja-lyczakow", PL, "1v")
    finish_turn(g)
    assert g.over and g.state.result.winner == PL and "Winniki" in g.state.result.reason
    assert g.state.result.termination is Termination.SUPPLY_CUT


@pytest.mark.rule("Scenario 3", "ruling:supply-cut")
def test_scenario_3_supply_cut_by_occupying_winniki():
    """Scenario 3 card: PL occupying Winniki cuts ZURL off from it."""
    g = new_game(3, seed=4)
    quiet_board(g)
    put(g, "rynek", ZURL, "2v")
    put(g, "winniki", PL, "1v")
    finish_turn(g)
    assert g.over and g.state.result.winner == PL


@pytest.mark.rule("§3", "FAQ:general-tie", "ruling:automatic-victory")
def test_tie_at_the_end_is_a_draw():
    """§3, FAQ "General": a game that ends with both sides on the same VP is a draw."""
    g = new_game(1, seed=4)  # one Stage of 4 Rounds
    s = g.state

    def setup(g):
        put(g, "rynek", ZURL, "1v")
        put(g, "dom-akademicki", PL, "1v")
        g.state.vp[PL] = g.state.vp[ZURL] = 5
        g.state.morale[PL] = g.state.morale[ZURL] = 4

    _to_end_of_stage(g, setup)
    assert g.over
    assert s.result.winner is None and s.result.vp == {PL: 5, ZURL: 5}


@pytest.mark.rule("§3")
def test_higher_vp_wins_at_the_end():
    """§3: at the end of the game the player with the most VP wins."""
    g = new_game(1, seed=4)

    def setup(g):
        put(g, "rynek", ZURL, "1v")
        g.state.strategic = {"rynek": 1}
        g.state.vp[PL] = g.state.vp[ZURL] = 5
        g.state.morale[PL] = g.state.morale[ZURL] = 4

    _to_end_of_stage(g, setup)
    assert g.over and g.state.result.winner == ZURL


# --------------------------------------------------------------------- Strategic Areas (§8)


@pytest.mark.rule("§8", "FAQ:morale-strategic-area-timing")
def test_morale_when_a_strategic_area_is_gained_or_vacated():
    """§8, FAQ "Morale": Morale rises 1 step at once when a side gains a Strategic Area and falls
    1 step at once when it leaves one vacant."""
    g = new_game(2, seed=4)
    s = g.state
    quiet_board(g)
    s.strategic = {"cytadela": 2}
    put(g, "sejm-krajowy", PL, "2v")
    s.morale[PL] = 5
    order(g, "move", "sejm-krajowy", "2v", "cytadela")
    assert s.morale[PL] == 6
    order(g, "move", "cytadela", "1v", "sejm-krajowy")
    assert s.morale[PL] == 6  # still occupied
    order(g, "move", "cytadela", "1v", "sejm-krajowy")
    assert s.morale[PL] == 5


@pytest.mark.rule("§8", "FAQ:morale-strategic-area-timing")
def test_morale_when_the_enemy_contests_a_strategic_area():
    """FAQ "Morale": when the opponent moves into your Strategic Area without battle (contesting
    it) you lose 1 Morale at once; units lined up on its border to attack do not change it."""
    g = new_game(2, seed=4)
    s = g.state
    quiet_board(g)
    s.strategic = {"cytadela": 2}
    put(g, "cytadela", ZURL, "1v")
    put(g, "sejm-krajowy", PL, "2v")
    put(g, "szkola-kadecka", PL, "2v")
    s.morale[PL], s.morale[ZURL] = 5, 5
    order(g, "move", "szkola-kadecka", "2v", "cytadela via szkola-kadecka attack")
    assert (s.morale[PL], s.morale[ZURL]) == (5, 5)
    order(g, "move", "sejm-krajowy", "1v", "cytadela via sejm-krajowy enter")
    assert (s.morale[PL], s.morale[ZURL]) == (5, 4)  # nobody gains a contested area


@pytest.mark.rule("§5.1 End of Turn Phase", "ruling:action-deck-exhausted")
def test_an_exhausted_action_deck_is_the_shuffled_discard_pile():
    """The rulebook does not say what happens when a deck runs out: the discard pile is
    shuffled into a new deck, and the cards drawn come from it."""
    from semper_fidelis.engine.cards import draw_cards

    g = new_game(2, seed=4)
    s = g.state
    pile = sorted(s.deck[PL])
    s.discard[PL], s.deck[PL] = list(pile), []
    assert draw_cards(g.rules, s, PL, 2) == 2
    assert sorted(s.deck[PL] + s.hand[PL][-2:]) == pile and not s.discard[PL]
    assert any("reshuffles its discard pile" in line for line in s.log)


@pytest.mark.rule("§3", "Scenario 1", "ruling:commander-vp")
def test_commander_on_a_scenario_cards_vp_list_scores_nothing():
    """Scenario 1 lists "Commander" among its VP; no rule gives VP for it, so the End of
    Stage scoring lists no Commander item (the Fallen Commander deduction is its own)."""
    g = new_game(1, seed=4)
    assert "commander" in g.rules.scenario.scoring[0].categories
    items = scoring.stage_points(g.rules, g.state)
    assert not any("ommander" in reason and "allen" not in reason for side in items for reason, _ in items[side])


@pytest.mark.rule("§8", "§11", "§4.2 Attrition", "ruling:hq-lost-outside-battle")
def test_an_hq_dispersed_by_attrition_costs_no_morale():
    """§8 lowers Morale for "losing your Commander during Battle": an HQ dispersed by the End of
    Round's Attrition leaves the board (out until the next Initial Phase) but Morale holds."""
    g = new_game(2, seed=4)
    s = g.state
    quiet_board(g)  # the HQ too: it stands only in Rynek
    put(g, "rynek", PL, "1h")
    put(g, "rynek", ZURL, "2v")
    put(g, "sokolniki", PL, "1v")
    morale = s.morale[PL]
    finish_turn(g)
    to_orders(g)
    finish_turn(g)
    mark = len(g.events(None))
    while g.decision().kind == "attrition":
        g.apply(g.legal()[0])
    after = g.events(None, mark)
    assert any(e.text and e.text.startswith("PL HQ dispersed") for e in after)  # back at PL's next Initial Phase
    assert not any(e.kind == "track" and e.get("track") == "morale" and e.get("side") == PL for e in after)
    assert s.morale[PL] == morale
