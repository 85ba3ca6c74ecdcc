"""Orders (§6.2) on the real board: Move, Assault, Fortification, Mobilization, Provisioning,
Propaganda and the Supply Tokens used in the Orders Phase (§7.2)."""

from __future__ import annotations

import pytest
from helpers import (
    PL,
    ZURL,
    Token,
    empty_board,
    force_battle_card,
    give_tokens,
    new_game,
    order,
    played_example,
    put,
    units,
)

from semper_fidelis.engine.game import Game
from semper_fidelis.engine.occupancy import occupant, strategic_holders


def _pl_orders(ap: int = 10, scenario: int = 2) -> Game:
    """PL's Orders Phase on an empty board with ``ap`` AP, no Strategic Areas, no tokens."""
    g = new_game(scenario, seed=5)
    assert g.state.active == PL and g.decision().kind == "orders"
    empty_board(g)
    g.state.strategic = {}
    g.state.my_tokens[PL], g.state.my_tokens[ZURL] = [], []
    g.state.hand[PL], g.state.hand[ZURL] = [], []  # no Special cards, no Evasion
    g.state.turn.ap = ap
    return g


def _destinations(g: Game, origin: str, group: str, mode: str = "move") -> list[str]:
    g.apply(mode)
    g.apply(f"from {origin}")
    g.apply(f"units {group}")
    out = [a[3:] for a in g.legal() if a.startswith("to ")]
    g.apply("cancel")
    return out


def _distances(g: Game, start: str) -> dict[str, int]:
    dist, frontier = {start: 0}, [start]
    while frontier:
        nxt = []
        for a in frontier:
            for b in g.rules.neighbours[a]:
                if b not in dist:
                    dist[b] = dist[a] + 1
                    nxt.append(b)
        frontier = nxt
    return dist


# ------------------------------------------------------------------------------------ Move


@pytest.mark.rule("§6.2 Move", "ruling:move-cost")
def test_move_reaches_up_to_three_spaces_for_1_ap():
    """§6.2 Move (ruling:move-cost): one Move order carries a group up to 3 spaces for 1 AP."""
    g = _pl_orders(ap=1)
    put(g, "rynek", PL, "2v")
    dist = _distances(g, "rynek")
    within = {a for a, d in dist.items() if 1 <= d <= 3}
    assert set(_destinations(g, "rynek", "2v")) == within
    assert not any(dist[a] > 3 for a in _destinations(g, "rynek", "2v"))


@pytest.mark.rule("§6.2 Move", "FAQ:orders-two-moves", "ruling:move-cost")
def test_move_example_winniki_to_dworzec_glowny_costs_2_ap():
    """§6.2 EXAMPLE (assets/examples/02-move.toml): Winniki → Kozielniki → Sokolniki (2 spaces),
    then Sokolniki → Koszary Wuleckie → Szkoła Sienkiewicza → Dworzec Główny (3 spaces): out of
    one order's reach, two Move orders, 2 AP."""
    g = played_example("02-move")
    assert g.decision().kind == "orders"


@pytest.mark.rule("§6.2 Move", "ruling:move-cost")
def test_move_further_along_villages_costs_1_ap_per_extra_village():
    """§6.2 Move (ruling:move-cost): a group whose path goes on along adjacent Villages beyond its 3
    spaces pays 1 AP for each further Village (Zimna Woda → … → Winniki is 4 Village spaces)."""
    g = _pl_orders(ap=10)
    put(g, "zimna-woda", PL, "1v")
    dist = _distances(g, "zimna-woda")
    dest = _destinations(g, "zimna-woda", "1v")
    assert not [a for a in dest if dist[a] > 3 and a not in g.rules.villages]  # towns: 3 at most
    assert order(g, "move", "zimna-woda", "1v", "winniki") == 2
    g2 = _pl_orders(ap=1)
    put(g2, "zimna-woda", PL, "1v")
    assert "winniki" not in _destinations(g2, "zimna-woda", "1v")


@pytest.mark.rule("§6.2 Move")
def test_move_stops_on_entering_an_enemy_area():
    """§6.2: units move only through neutral or own areas and must stop when they enter an area
    with enemy units; the enemy area is offered only as a border to line up on (or to enter)."""
    g = _pl_orders(ap=10)
    put(g, "szkola-kadecka", PL, "2v")
    put(g, "cytadela", ZURL, "1v")
    put(g, "park-stryjski", ZURL, "1v")
    dest = _destinations(g, "szkola-kadecka", "2v")
    assert "cytadela via szkola-kadecka attack" in dest
    assert "cytadela via szkola-kadecka enter" in dest
    for beyond in ("sejm-krajowy", "dom-technikow"):
        assert not any(d.split()[0] == beyond for d in dest), beyond
    assert "persenkowka" in dest and "elektrownia" in dest  # around the enemy, 2 spaces


@pytest.mark.rule("§6.2 Move")
def test_move_through_own_full_area():
    """§6.2: a group may pass through its own area that is already at its Unit Limit."""
    g = _pl_orders(ap=1)
    put(g, "sejm-krajowy", PL, "5v")
    put(g, "gora-sw-jacka", ZURL, "1v")  # blocks the other 3-space path
    put(g, "cytadela", PL, "2v")
    assert "rynek" in _destinations(g, "cytadela", "2v")
    assert "sejm-krajowy" not in _destinations(g, "cytadela", "2v")


@pytest.mark.rule("§6.2 Move", "§9.4 B", "ruling:enemy-area-entry")
def test_entry_side_is_the_last_area_passed():
    """§6.2, §9.4: a group lined up on an enemy area records the side it entered from — the last
    area it passed through, not where it started (AttackGroup.origin)."""
    g = _pl_orders(ap=5)
    put(g, "winniki", PL, "2v")
    put(g, "persenkowka", ZURL, "1v")
    assert order(g, "move", "winniki", "2v", "persenkowka via kozielniki attack") == 1
    (group,) = g.state.attacks["persenkowka"]
    assert (group.side, group.origin, group.units, group.assault) == (PL, "kozielniki", {"pl-volunteer": 2}, False)
    assert units(g, "winniki") == {} and units(g, "kozielniki") == {}
    assert units(g, "persenkowka") == {"zurl-volunteer": 1}  # they wait on the border


@pytest.mark.rule("§6.2 Move", "§4.2", "FAQ:orders-move-without-battle", "ruling:enemy-area-entry")
def test_move_into_and_out_of_an_enemy_area_without_battle_costs_2_ap():
    """§6.2, §4.2: moving into an area with enemy units without battle (into its middle) costs
    1 AP more (2 AP); so does moving out of an area that holds enemy units."""
    g = _pl_orders(ap=10)
    put(g, "dom-akademicki", PL, "3v")
    put(g, "rynek", ZURL, "1v")
    assert order(g, "move", "dom-akademicki", "2v", "rynek via dom-akademicki enter") == 2
    assert units(g, "rynek") == {"zurl-volunteer": 1, "pl-volunteer": 2}
    assert "rynek" not in g.state.attacks  # no battle pending: contested without movement
    assert order(g, "move", "rynek", "1v", "sejm-krajowy") == 2
    assert order(g, "move", "dom-akademicki", "1v", "sejm-krajowy") == 1


@pytest.mark.rule("§4.1", "FAQ:general-area-limit-both-sides", "ruling:area-limit")
def test_unit_limit_counts_both_sides_and_neutrals():
    """§4.1, FAQ (ruling:area-limit): the Area Unit Limit counts every unit in the area — both sides and
    neutrals. Dworzec Główny (City, 5) with 3 PL and 1 Austro-Hungarian takes 1 more PL unit."""
    g = _pl_orders(ap=10)
    put(g, "dworzec-glowny", PL, "3v")
    put(g, "dworzec-glowny", PL, "1a")  # the neutral Austro-Hungarian unit (Scenario 2)
    put(g, "bogdanowka", PL, "3v")
    assert "dworzec-glowny" in _destinations(g, "bogdanowka", "1v")
    assert "dworzec-glowny" not in _destinations(g, "bogdanowka", "2v")
    # Entering an enemy area without battle: its ZURL units count too.
    put(g, "szkola-sienkiewicza", ZURL, "4v")
    assert "szkola-sienkiewicza via bogdanowka enter" in _destinations(g, "bogdanowka", "1v")
    assert "szkola-sienkiewicza via bogdanowka enter" not in _destinations(g, "bogdanowka", "2v")


@pytest.mark.rule("§4.1", "ruling:attack-group-size")
def test_attack_from_a_side_is_limited_by_the_limit_of_that_side():
    """§4.1: the number of units attacking from one side depends on the Unit Limit of the area
    they attack from (a City side: 5, a Suburb side: 6)."""
    g = _pl_orders(ap=10)
    put(g, "bogdanowka", PL, "6v")
    put(g, "dworzec-glowny", PL, "5v")
    put(g, "szkola-sienkiewicza", ZURL, "1v")
    assert "szkola-sienkiewicza via bogdanowka attack" in _destinations(g, "bogdanowka", "6v")
    assert "szkola-sienkiewicza via dworzec-glowny attack" in _destinations(g, "dworzec-glowny", "5v")
    put(g, "koszary-ferdynanda", PL, "6v")  # more than a City side can hold
    assert "szkola-sienkiewicza via koszary-ferdynanda attack" not in _destinations(g, "koszary-ferdynanda", "6v")


# ---------------------------------------------------------------------------------- Assault


def _zurl_orders(ap: int = 10) -> Game:
    g = new_game(1, seed=5)  # Scenario 1: ZURL has the initiative
    assert g.state.active == ZURL and g.decision().kind == "orders"
    empty_board(g)
    g.state.strategic = {}
    g.state.my_tokens[PL], g.state.my_tokens[ZURL] = [], []
    g.state.hand[PL], g.state.hand[ZURL] = [], []
    g.state.turn.ap = ap
    return g


@pytest.mark.rule(
    "§6.2 Assault",
    "FAQ:orders-assault-some-units",
    "FAQ:orders-assault-trigger-cost",
    "ruling:assault-cost",
    "ruling:units-inside",
)
def test_assault_example_2_ap_per_group_including_the_group_inside():
    """§6.2 Assault EXAMPLE (assets/examples/03-assault.toml; FAQ, ruling:assault-cost): Rynek is
    contested by 3 PL and 2 ZURL units; ZURL assaults with the units already in Rynek (2 AP) and
    4 units from Sejm Krajowy (2 AP): 4 AP; the battle is fought at once with all 6 ZURL units
    (Strength 12), and the Orders Phase goes on after it."""
    g = played_example("03-assault")
    assert (g.decision().player, g.decision().kind) == (ZURL, "orders")


@pytest.mark.rule("§6.2 Assault", "FAQ:orders-assault-multiple-sides", "ruling:assault-cost")
def test_assault_several_groups_battle_after_the_last_order():
    """§6.2 Assault, FAQ: Assaults from several sides into one area each cost 2 AP; the battle is
    fought only after the last Assault order into that area."""
    g = _zurl_orders(ap=10)
    put(g, "rynek", PL, "1v")
    put(g, "sejm-krajowy", ZURL, "2v")
    put(g, "podzamcze", ZURL, "2v")
    assert order(g, "assault", "sejm-krajowy", "2v", "rynek via sejm-krajowy attack") == 2
    assert "battle" not in [f["kind"] for f in g.state.stack]
    g.apply("assault more")
    g.apply("from podzamcze")
    g.apply("units 2v")
    g.apply("to rynek via podzamcze attack")
    assert g.state.turn.ap == 6
    assert {grp.origin for grp in g.state.attacks["rynek"]} == {"sejm-krajowy", "podzamcze"}
    assert all(grp.assault for grp in g.state.attacks["rynek"])
    g.apply("fight")
    assert any(f["kind"] == "battle" for f in g.state.stack) or "rynek" not in g.state.attacks


@pytest.mark.rule("§6.2 Assault", "FAQ:orders-assault-distance")
def test_assault_moves_up_to_three_spaces_like_a_move():
    """FAQ "Orders – Assault": an Assault carries its units up to 3 spaces, as a Move does, not
    only from an adjacent area — Sokolniki to Dworzec Główny is 3 spaces (§6.2 example)."""
    g = _pl_orders(ap=10)
    put(g, "sokolniki", PL, "2v")
    put(g, "dworzec-glowny", ZURL, "1v")
    assert "dworzec-glowny" not in g.rules.data.areas["sokolniki"].neighbours
    assert order(g, "assault", "sokolniki", "2v", "dworzec-glowny via szkola-sienkiewicza attack") == 2
    (group,) = g.state.attacks["dworzec-glowny"]
    assert (group.origin, group.assault) == ("szkola-sienkiewicza", True)


@pytest.mark.rule("§6.2 Move", "§4.2", "FAQ:orders-assault-border-occupation")
def test_units_on_a_border_do_not_occupy_the_area_they_attack_from():
    """FAQ "Orders – Assault": units standing on the edge of the attacked area do not occupy the
    last area they passed through — no VP and no Supply Token from it."""
    g = _pl_orders(ap=10)
    put(g, "winniki", PL, "2v")
    put(g, "persenkowka", ZURL, "1v")
    g.state.strategic = {"kozielniki": 1}
    order(g, "move", "winniki", "2v", "persenkowka via kozielniki attack")
    assert g.state.attacks["persenkowka"][0].origin == "kozielniki"
    assert occupant(g.rules, g.state, "kozielniki") is None
    assert strategic_holders(g.rules, g.state).get("kozielniki") is None


@pytest.mark.rule("§9.1", "§5.1 Battle Phase")
def test_move_into_enemy_area_leaves_battle_to_the_battle_phase():
    """§9.1: units moved (not assaulted) onto an enemy area's border fight in the Battle Phase."""
    g = _pl_orders(ap=10)
    put(g, "bogdanowka", PL, "2v")
    put(g, "szkola-sienkiewicza", ZURL, "1v")
    order(g, "move", "bogdanowka", "2v", "szkola-sienkiewicza via bogdanowka attack")
    assert g.decision().kind == "orders"
    g.apply("end")
    assert g.decision().kind == "battle-order"
    assert g.legal() == ["battle szkola-sienkiewicza"]


# ----------------------------------------------------------------------------- Fortification


def _fortify_options(g: Game) -> dict[str, int]:
    g.apply("fortify")
    out = {}
    for action in g.legal():
        if action == "cancel":
            continue
        out[action] = None
    g.apply("cancel")
    return out


def _build(g: Game, action: str) -> int:
    before = g.state.turn.ap
    g.apply("fortify")
    g.apply(action)
    return before - g.state.turn.ap


@pytest.mark.rule("§6.2 Fortification", "§4.1", "ruling:fortifications")
def test_barricade_costs_1_ap_and_only_in_city_or_suburb():
    """§6.2 Fortification, §4.1: a Barricade (1 AP) faces one side of a City or Suburb area the
    player occupies; none in Villages; a Redoubt only in a City area."""
    g = _pl_orders(ap=10)
    put(g, "rynek", PL, "1v")  # City
    put(g, "bogdanowka", PL, "1v")  # Suburb
    put(g, "sokolniki", PL, "1v")  # Village
    options = _fortify_options(g)
    assert "barricade rynek sejm-krajowy" in options and "redoubt rynek" in options
    assert "barricade bogdanowka dworzec-glowny" in options and "redoubt bogdanowka" not in options
    assert not any("sokolniki" in o for o in options)
    assert _build(g, "barricade rynek sejm-krajowy") == 1
    assert g.state.barricades["rynek"] == [(PL, "sejm-krajowy")]
    assert "barricade rynek sejm-krajowy" not in _fortify_options(g)  # one per side


@pytest.mark.rule("§6.2 Fortification", "ruling:fortifications")
@pytest.mark.parametrize("barricades, cost", [(0, 4), (1, 3), (2, 2), (3, 1), (4, 1)])
def test_redoubt_costs_4_ap_less_1_per_own_barricade(barricades, cost):
    """§6.2 Redoubt: 4 AP, 1 AP less for each Barricade already in the area, minimum 1 AP; the
    Barricades are removed when the Redoubt is built."""
    g = _pl_orders(ap=10)
    put(g, "rynek", PL, "1v")
    g.state.commander[PL] = "abraham"  # no organization discount
    for facing in sorted(g.rules.neighbours["rynek"])[:barricades]:
        g.state.barricades.setdefault("rynek", []).append((PL, facing))
    assert _build(g, "redoubt rynek") == cost
    assert g.state.redoubts == {"rynek": PL}
    assert not g.state.barricades.get("rynek")


@pytest.mark.rule("§6.2 Fortification", "§11")
@pytest.mark.parametrize("barricades, cost", [(0, 3), (1, 2), (2, 1), (3, 1)])
def test_maczynski_redoubt_discount(barricades, cost):
    """§6.2, §11: Czesław Mączyński's organization attribute — a Redoubt costs 1 AP less (after the
    Barricade discount, minimum 1 AP)."""
    g = _pl_orders(ap=10)
    put(g, "rynek", PL, "1v")
    g.state.commander[PL] = "maczynski"
    for facing in sorted(g.rules.neighbours["rynek"])[:barricades]:
        g.state.barricades.setdefault("rynek", []).append((PL, facing))
    assert _build(g, "redoubt rynek") == cost


@pytest.mark.rule("§6.2 Fortification", "ruling:fortifications")
def test_cytadela_always_has_a_redoubt_and_none_is_built():
    """§6.2: the Cytadela is considered to always have a Redoubt, so none can be built there
    (a Barricade can)."""
    g = _pl_orders(ap=10)
    put(g, "cytadela", PL, "1v")
    options = _fortify_options(g)
    assert "redoubt cytadela" not in options
    assert any(o.startswith("barricade cytadela ") for o in options)


@pytest.mark.rule("§6.2 Fortification", "ruling:fortifications")
def test_fortifications_removed_when_the_side_leaves():
    """§6.2: when a side leaves an area its fortifications are removed (the civilians dismantle
    them); a player may also remove its own fortifications during its turn."""
    g = _pl_orders(ap=10)
    put(g, "rynek", PL, "2v")
    put(g, "sejm-krajowy", PL, "1v")
    _build(g, "redoubt rynek")
    _build(g, "barricade rynek podzamcze")
    _build(g, "barricade sejm-krajowy cytadela")
    order(g, "move", "rynek", "1v", "namiestnictwo")
    assert g.state.redoubts == {"rynek": PL} and g.state.barricades["rynek"]  # one unit still there
    order(g, "move", "rynek", "1v", "namiestnictwo")
    assert "rynek" not in g.state.redoubts and "rynek" not in g.state.barricades
    g.apply("dismantle sejm-krajowy")
    assert not g.state.barricades.get("sejm-krajowy")


@pytest.mark.rule("§6.2 Fortification", "FAQ:fortification-returning-units", "ruling:fortifications", "ruling:battle-ties")
def test_fortification_kept_when_the_attackers_return_after_the_battle():
    """FAQ "Fortification": sending every unit out to assault an adjacent area does not lose the
    area's Fortification if some units return immediately after the battle."""
    g = _zurl_orders(ap=10)
    s = g.state
    put(g, "sejm-krajowy", ZURL, "3v")
    put(g, "rynek", PL, "2v")
    s.barricades["sejm-krajowy"] = [(ZURL, "cytadela")]
    s.supply[ZURL], s.supply[PL] = 1, 1  # 3 → 1 BP against 2 → 1 BP: the Defender wins a tie
    force_battle_card(g, 0, 0)
    order(g, "assault", "sejm-krajowy", "3v", "rynek via sejm-krajowy attack")
    g.apply("fight")
    while g.decision().kind == "losses":  # ZURL loses and withdraws back to Sejm Krajowy
        g.apply(next(a for a in g.legal() if a.startswith("disperse")))
    assert units(g, "sejm-krajowy")
    assert s.barricades.get("sejm-krajowy") == [(ZURL, "cytadela")]


# ------------------------------------------------------------------------------- Mobilization


@pytest.mark.rule("§6.2 Mobilization", "ruling:mobilization-rate")
def test_mobilization_high_morale_2_units_for_1_ap():
    """§6.2 Mobilization: at High Morale 1 AP mobilizes 2 Units (into areas the player occupies,
    up to the Unit Limit)."""
    g = _pl_orders(ap=3)
    s = g.state
    s.commander[PL] = "abraham"
    s.morale[PL] = 5
    assert g.rules.morale_band[5] == "high"
    put(g, "rynek", PL, "1v")
    s.mob[PL] = {"pl-volunteer": 5}
    g.apply("mobilize")
    g.apply("mobilize rynek v")
    assert s.turn.ap == 2
    g.apply("mobilize rynek v")
    assert s.turn.ap == 2  # the second unit is already paid for
    g.apply("mobilize rynek v")
    assert s.turn.ap == 1
    g.apply("done")
    assert units(g, "rynek") == {"pl-volunteer": 4} and s.mob[PL]["pl-volunteer"] == 2


@pytest.mark.rule("§6.2 Mobilization", "ruling:mobilization-rate")
def test_mobilization_low_morale_3_ap_per_unit():
    """§6.2 Mobilization: at Low Morale each Unit costs 3 AP."""
    g = _pl_orders(ap=5)
    s = g.state
    s.commander[PL] = "abraham"
    s.morale[PL] = 4
    assert g.rules.morale_band[4] == "low"
    put(g, "rynek", PL, "1v")
    s.mob[PL] = {"pl-volunteer": 5}
    g.apply("mobilize")
    g.apply("mobilize rynek v")
    assert s.turn.ap == 2
    assert g.legal() == ["done"]  # 2 AP left: not enough for another unit


@pytest.mark.rule("§6.2 Mobilization")
def test_mobilization_only_into_own_areas_with_room_and_not_without_units():
    """§6.2 Mobilization: only into an area the player occupies, up to its Unit Limit, and not at
    all without units in the Mobilization Zone."""
    g = _pl_orders(ap=10)
    s = g.state
    put(g, "rynek", PL, "5v")  # full
    put(g, "sejm-krajowy", PL, "1v")
    put(g, "sejm-krajowy", ZURL, "1v")  # contested
    put(g, "cytadela", PL, "1v")
    s.mob[PL] = {"pl-volunteer": 2}
    g.apply("mobilize")
    assert [a for a in g.legal() if a != "done"] == ["mobilize cytadela v"]
    g.apply("done")
    s.mob[PL] = {}
    assert "mobilize" not in g.legal()


# ------------------------------------------------------------------------------- Provisioning


@pytest.mark.rule(
    "§6.2 Provisioning",
    "Errata:provisioning-illustration",
    "FAQ:orders-provisioning-cost",
    "FAQ:orders-provisioning-three-areas",
    "ruling:provisioning",
)
def test_provisioning_costs_1_then_2_then_3_ap():
    """§6.2 Provisioning, errata, FAQ (ruling:provisioning): the 1st token taken in a turn costs 1 AP, the
    2nd 2 AP, the 3rd 3 AP (1, 3, 6 in total) — from one area or from three; at most 3."""
    g = _pl_orders(ap=10)
    s = g.state
    for area in ("rynek", "sejm-krajowy", "cytadela"):
        put(g, area, PL, "1v")
        s.tokens[area] = [Token("food", 1, face_up=True), Token("plane", 2, face_up=True)]
    spent = []
    for area in ("rynek", "sejm-krajowy", "cytadela"):
        before = s.turn.ap
        g.apply("provision")
        g.apply(f"provision {area} food1")
        spent.append(before - s.turn.ap)
    assert spent == [1, 2, 3] and s.turn.ap == 4
    assert len(s.my_tokens[PL]) == 3
    assert "provision" not in g.legal()  # a 4th token is not offered


@pytest.mark.rule("§6.2 Provisioning", "§4.2")
def test_provisioning_needs_an_occupied_area_with_tokens():
    """§6.2 Provisioning, §4.2: tokens only from an area the player occupies (not contested)."""
    g = _pl_orders(ap=10)
    s = g.state
    put(g, "rynek", PL, "1v")
    put(g, "rynek", ZURL, "1v")
    s.tokens = {"rynek": [Token("food", 1, face_up=True)]}
    assert "provision" not in g.legal()


# ------------------------------------------------------------------------- Propaganda, tokens


@pytest.mark.rule("§6.2 Propaganda", "§8", "ruling:propaganda")
def test_propaganda_3_ap_once_per_turn():
    """§6.2 Propaganda, §8: 3 AP raise Morale by 1 step, once per turn."""
    g = _pl_orders(ap=10)
    s = g.state
    s.commander[PL] = "abraham"
    s.morale[PL] = 4
    g.apply("propaganda morale")
    assert s.morale[PL] == 5 and s.turn.ap == 7
    assert not any(a.startswith("propaganda") for a in g.legal())


@pytest.mark.rule("§6.2 Propaganda", "§12", "ruling:propaganda")
def test_propaganda_destruction_for_pl():
    """§6.2 Propaganda, §12: in Scenarios 2, 4 and 5 PL may instead move the Destruction marker
    up 1 step."""
    g = _pl_orders(ap=10)
    g.state.destruction = 2
    g.apply("propaganda destruction")
    assert g.state.destruction == 1
    assert not any(a.startswith("propaganda") for a in g.legal())


@pytest.mark.rule("§6.2 Propaganda", "§8", "§12", "ruling:propaganda")
def test_propaganda_is_pls_in_every_scenario_and_destruction_only_where_the_track_is():
    """§8 lists "Propaganda order (PL player only)"; §6.2's "(only for Polish player in Scenarios
    2, 4, or 5 …)" names the Scenarios with a Destruction Track, which limit only that option:
    ZURL is never offered Propaganda; PL raises Morale with it in Scenario 1 too, where it has no
    Destruction to ease."""
    from card_helpers import orders_game

    z = orders_game(ZURL, scenario=2, ap=10)
    z.state.morale[ZURL] = 3
    assert not any(a.startswith("propaganda") for a in z.legal())
    g1 = orders_game(PL, scenario=1, ap=10)
    g1.state.morale[PL] = 3
    assert [a for a in g1.legal() if a.startswith("propaganda")] == ["propaganda morale"]
    g1.apply("propaganda morale")
    assert g1.state.morale[PL] == 4


@pytest.mark.rule("§7.1", "§7.2", "FAQ:supply-token-per-turn")
def test_generic_supply_token_once_per_turn():
    """§7.1, §7.2 Generic use: a token discarded raises Supply by its value, once per turn."""
    g = _pl_orders(ap=10)
    s = g.state
    s.commander[PL] = "abraham"
    s.supply[PL] = 3
    give_tokens(g, PL, "food2", "uniform1")
    g.apply("supply food2")
    assert s.supply[PL] == 5
    assert not any(a.startswith("supply ") for a in g.legal())
    assert len(s.my_tokens[PL]) == 1


@pytest.mark.rule("§7.1", "§11")
@pytest.mark.parametrize("commander", ["trzesniowski", "lesniewski"])
def test_trzesniowski_and_lesniewski_use_several_supply_tokens(commander):
    """§7.1: Zdzisław Trześniowski and Józef Leśniewski may use more than one Supply Token a turn
    to raise Supply."""
    g = _pl_orders(ap=10)
    s = g.state
    s.commander[PL] = commander
    s.supply[PL] = 3
    give_tokens(g, PL, "food2", "uniform1")
    g.apply("supply food2")
    g.apply("supply uniform1")
    assert s.supply[PL] == 6


@pytest.mark.rule("§6.1", "§7.2 Plane", "FAQ:supply-token-per-turn")
def test_plane_token_adds_2_ap_and_one_specific_token_per_turn():
    """§6.1, §7.2: the Plane token adds 2 AP; only one token is used for its specific effect in the
    Orders Phase (the generic use is separate)."""
    g = _pl_orders(ap=1)
    s = g.state
    s.commander[PL] = "abraham"
    s.supply[PL] = 3
    s.morale[PL] = 4
    give_tokens(g, PL, "plane1", "food1", "uniform2")
    g.apply("use plane1")
    assert s.turn.ap == 3
    assert not any(a.startswith("use ") for a in g.legal())
    g.apply("supply food1")  # the generic use is still allowed
    assert s.supply[PL] == 4


@pytest.mark.rule("§8", "FAQ:fortification-returning-units", "FAQ:morale-strategic-area-timing")
def test_no_morale_lost_for_a_strategic_area_left_to_attack_when_units_return():
    """FAQ "Fortification"/"Morale": sending every unit out of a Strategic Area to attack an adjacent
    area does not cost Morale if some units return immediately after the battle — in particular
    the battle is fought at the Morale the side had."""
    g = _pl_orders(ap=10)
    s = g.state
    s.strategic = {"szkola-kadecka": 1}
    put(g, "szkola-kadecka", PL, "3v")
    put(g, "cytadela", ZURL, "3v")
    s.morale[PL] = 5  # the lowest High Morale space
    s.supply[PL], s.supply[ZURL] = 1, 6
    s.hand[ZURL] = []
    order(g, "move", "szkola-kadecka", "3v", "cytadela via szkola-kadecka attack")
    g.apply("end")
    g.apply("battle cytadela")
    frame = next(f for f in s.stack if f["kind"] == "battle")
    assert frame["bands"][PL] == "high"
