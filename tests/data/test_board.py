"""The reconstructed board (assets/board.toml) against everything the rulebook says about it.

The rulebook does not print the board; these tests gather what it does say
(areas, districts, terrain, adjacency and railway facts from the examples, the FAQ and the
scenario cards). Each fact gets a focused test citing its section. The board is built straight
from the Board model so these tests do not need the other asset files.
"""

from __future__ import annotations

from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest

from semper_fidelis.data.board_graph import (
    distances,
    is_connected,
    neighbour_map,
    rail_links,
    rail_reachable,
)
from semper_fidelis.data.loader import load_model
from semper_fidelis.data.models import Area, Board

BOARD_FILE = Path(__file__).parents[2] / "assets" / "board.toml"

# Every area the rulebook names (board-facts.md "Areas named in the rulebook"): id -> name.
NAMED_AREAS = {
    "rynek": "Rynek",
    "sejm-krajowy": "Sejm Krajowy",
    "namiestnictwo": "Namiestnictwo",
    "dom-akademicki": "Dom Akademicki",
    "dzielnica-zydowska": "Dzielnica Żydowska",
    "podzamcze": "Podzamcze",
    "wysoki-zamek": "Wysoki Zamek",
    "gora-stracenia": "Góra Stracenia",
    "cytadela": "Cytadela",
    "szkola-kadecka": "Szkoła Kadecka",
    "park-stryjski": "Park Stryjski",
    "elektrownia": "Elektrownia",
    "szkola-sienkiewicza": "Szkoła Sienkiewicza",
    "dom-technikow": "Dom Techników",
    "koszary-wuleckie": "Koszary Wuleckie",
    "koszary-salvatora": "Koszary Salvatora",
    "koszary-ferdynanda": "Koszary Ferdynanda",
    "cerkiew-sw-jura": "Cerkiew św. Jura",
    "dworzec-glowny": "Dworzec Główny",
    "bogdanowka": "Bogdanówka",
    "lewandowka": "Lewandówka",
    "lotnisko": "Lotnisko",
    "stacja-kleparow": "Stacja Kleparów",
    "kleparow": "Kleparów",
    "kortumowa-gora": "Kortumowa Góra",
    "rzeznia-miejska": "Rzeźnia Miejska",
    "zniesienie": "Zniesienie",
    "lyczakowska": "Łyczakowska",
    "cmentarz-lyczakowski": "Cmentarz Łyczakowski",
    "stacja-lyczakow": "Stacja Łyczaków",
    "gora-sw-jacka": "Góra św. Jacka",
    "persenkowka": "Persenkówka",
}
NAMED_VILLAGES = {
    "zimna-woda": "Zimna Woda",
    "rzesna-polska": "Rzęsna Polska",
    "sknilow": "Skniłów",
    "sokolniki": "Sokolniki",
    "kozielniki": "Kozielniki",
    "winniki": "Winniki",
    "lesienice": "Lesienice",
    "zboiska": "Zboiska",
}
DISTRICTS = {
    1: ("I", "Śródmieście"),
    2: ("II", "Kleparów"),
    3: ("III", "Przedmieście Żółkiewskie"),
    4: ("IV", "Łyczaków"),
    5: ("V", "Przedmieście Halickie"),
    6: ("VI", "Nowy Świat"),
    7: ("VII", "Bilhoroszcze"),
    8: ("VIII", "Zamarstynów"),
}
# Scenario 5's Strategic Areas (scenario card).
SCENARIO5_STRATEGIC = [
    "cytadela", "gora-stracenia", "gora-sw-jacka", "podzamcze", "wysoki-zamek", "persenkowka",
    "cmentarz-lyczakowski", "stacja-lyczakow", "lyczakowska", "dworzec-glowny", "rynek",
]
# Units per area at set-up on the scenario cards 1-3, both sides and neutrals (the fixed ones).
SCENARIO_PLACEMENTS = {
    1: {"rynek": 5, "sejm-krajowy": 5, "namiestnictwo": 3, "wysoki-zamek": 2,
        "szkola-sienkiewicza": 2, "dom-technikow": 1, "sokolniki": 1, "dom-akademicki": 2},
    2: {"wysoki-zamek": 2, "namiestnictwo": 2, "sejm-krajowy": 2, "dworzec-glowny": 3,
        "cytadela": 2, "koszary-ferdynanda": 1, "koszary-salvatora": 1, "stacja-lyczakow": 1,
        "rynek": 3, "lyczakowska": 1, "kleparow": 1, "dzielnica-zydowska": 1,
        "szkola-sienkiewicza": 2, "szkola-kadecka": 2, "dom-technikow": 1, "sokolniki": 1,
        "dom-akademicki": 2},
    3: {"kleparow": 2, "sejm-krajowy": 4, "kozielniki": 3, "zboiska": 1, "dzielnica-zydowska": 3,
        "cytadela": 3, "gora-sw-jacka": 3, "rzeznia-miejska": 1, "namiestnictwo": 2,
        "persenkowka": 1, "winniki": 1, "rynek": 2, "podzamcze": 2, "koszary-ferdynanda": 2,
        "wysoki-zamek": 1, "stacja-lyczakow": 1, "elektrownia": 6, "park-stryjski": 5,
        "gora-stracenia": 2, "szkola-sienkiewicza": 2, "sokolniki": 4, "koszary-salvatora": 1,
        "cerkiew-sw-jura": 1, "szkola-kadecka": 1, "dworzec-glowny": 2, "kortumowa-gora": 2},
}


@pytest.fixture(scope="module")
def board() -> Board:
    return load_model(BOARD_FILE, Board)


@pytest.fixture(scope="module")
def areas(board: Board) -> dict[str, Area]:
    return {a.id: a for a in board.areas}


@pytest.fixture(scope="module")
def nb(areas: dict[str, Area]) -> dict[str, tuple[str, ...]]:
    return neighbour_map(areas)


@pytest.fixture(scope="module")
def rail(board: Board) -> dict[str, frozenset[str]]:
    return rail_links(board.railways)


def adjacent(nb, a: str, b: str) -> bool:
    return b in nb[a] and a in nb[b]


def dist(nb, a: str, b: str) -> int | None:
    return distances(nb, a).get(b)


# ------------------------------------------------------------------------------ named areas


@pytest.mark.rule("Board")
def test_every_named_area_exists_with_its_name(areas):
    """board-facts.md: every area the rulebook names is on the board, with its Polish name."""
    for area_id, name in {**NAMED_AREAS, **NAMED_VILLAGES}.items():
        assert area_id in areas, area_id
        assert areas[area_id].name == name


@pytest.mark.rule("Board", "§4.1")
def test_named_villages_are_villages_and_named_areas_are_not(areas):
    """§4.1, board-facts.md: the eight villages around Lwów are Village areas; the others lie in
    the city (they hold Barricades, Strategic tokens or City deployments)."""
    for area_id in NAMED_VILLAGES:
        assert areas[area_id].terrain == "village", area_id
    for area_id in NAMED_AREAS:
        assert areas[area_id].terrain != "village", area_id


@pytest.mark.rule("§4.1")
def test_szkola_sienkiewicza_is_city(areas):
    """§4.1 example: the ZURL holds out with 3 Units 'City Area Limit of 5' in Szkoła Sienkiewicza."""
    assert areas["szkola-sienkiewicza"].terrain == "city"
    assert areas["szkola-sienkiewicza"].limit == 5


@pytest.mark.rule("§4.1", "Scenario 1")
def test_area_limits_of_the_examples(areas):
    """§4.1 example: 6 PL Units attack from Bogdanówka and 5 from Dworzec Główny; Scenario 1 puts
    5 ZURL Units in Sejm Krajowy."""
    assert areas["bogdanowka"].limit >= 6
    assert areas["dworzec-glowny"].limit >= 5
    assert areas["sejm-krajowy"].limit >= 5


@pytest.mark.rule("Board", "§4.1")
def test_dworzec_glowny_is_city(areas):
    """board-facts.md: Dworzec Główny is a City area."""
    assert areas["dworzec-glowny"].terrain == "city"


@pytest.mark.rule("§6.2 Fortification", "§4.1")
def test_cytadela_is_city(areas):
    """§6.2: the Cytadela always has a Redoubt, and only City areas take a Redoubt (§4.1)."""
    assert areas["cytadela"].terrain == "city"


@pytest.mark.rule("Scenario 3", "§4.1")
def test_elektrownia_is_not_city(areas):
    """Scenario 3 puts 3 white and 3 red PL Units in Elektrownia: 6 > the City limit of 5."""
    assert areas["elektrownia"].terrain != "city"
    assert areas["elektrownia"].limit >= 6


@pytest.mark.rule("Example of a Player Turn", "§6.2 Fortification")
def test_zniesienie_takes_a_barricade(areas):
    """Example of a Player Turn: ZURL builds a Barricade in Zniesienie (City or Suburb, §6.2)."""
    assert areas["zniesienie"].terrain in ("city", "suburb")


@pytest.mark.rule("§4.1", "FAQ:general-area-limit-both-sides", "ruling:area-limit")
def test_scenario_placements_fit_the_area_limits(areas):
    """§4.1, FAQ: the limit counts all Units in the area; every fixed set-up of Scenarios 1-3
    (both sides and neutrals, as printed on the cards) fits."""
    for number, placements in SCENARIO_PLACEMENTS.items():
        for area_id, units in placements.items():
            assert units <= areas[area_id].limit, (number, area_id, units)


@pytest.mark.rule("Scenario 5", "FAQ:setup-deployment-morale")
def test_scenario5_has_seven_city_strategic_areas(areas):
    """FAQ (Setup): in Scenario 5 there are 7 Strategic Areas among the City Areas."""
    cities = [a for a in SCENARIO5_STRATEGIC if areas[a].terrain == "city"]
    assert len(cities) == 7, cities


@pytest.mark.rule("Scenario 5")
def test_scenario5_zurl_deployment_areas_are_not_city(areas):
    """Scenario 5: ZURL deploys in Stacja Łyczaków, Persenkówka and Zniesienie while PL deploys
    (first) only in City areas, so the two deployments cannot overlap."""
    for area_id in ("stacja-lyczakow", "persenkowka", "zniesienie"):
        assert areas[area_id].terrain != "city", area_id


@pytest.mark.rule("Scenario 4", "Scenario 5")
def test_enough_city_areas_for_free_deployment(areas):
    """Scenarios 4 and 5: PL deploys 21 and 26 Units 'in any City Area' (limit 5 each)."""
    cities = [a for a in areas.values() if a.terrain == "city"]
    assert len(cities) >= 8
    assert sum(a.limit for a in cities) >= 26


@pytest.mark.rule("§13.2 Jewish Militia", "FAQ:cards-accurate-fire")
def test_areas_of_cards_and_neutrals_exist(areas):
    """ZURL #6 Accurate Fire names Wysoki Zamek, Góra św. Jacka and Zniesienie; the Jewish Militia
    starts in Kleparów and Dzielnica Żydowska (Scenarios 2-3, §13.2)."""
    for area_id in ("wysoki-zamek", "gora-sw-jacka", "zniesienie", "kleparow", "dzielnica-zydowska"):
        assert area_id in areas and areas[area_id].district is not None


# --------------------------------------------------------------------- adjacency of the examples


@pytest.mark.rule("§4.1")
def test_szkola_sienkiewicza_attacked_from_bogdanowka_and_dworzec(nb):
    """§4.1 example: PL attacks Szkoła Sienkiewicza from Bogdanówka and Dworzec Główny."""
    assert adjacent(nb, "szkola-sienkiewicza", "bogdanowka")
    assert adjacent(nb, "szkola-sienkiewicza", "dworzec-glowny")


@pytest.mark.rule("§6.2 Move")
def test_move_example_winniki_to_sokolniki(nb):
    """§6.2 Move example: Winniki through Kozielniki to Sokolniki (2 spaces, one Move)."""
    assert adjacent(nb, "winniki", "kozielniki")
    assert adjacent(nb, "kozielniki", "sokolniki")
    assert dist(nb, "winniki", "sokolniki") <= 3


@pytest.mark.rule("§6.2 Move")
def test_move_example_sokolniki_to_dworzec(nb):
    """§6.2 Move example: Sokolniki through Koszary Wuleckie and Szkoła Sienkiewicza to Dworzec
    Główny (3 spaces, one Move)."""
    path = ["sokolniki", "koszary-wuleckie", "szkola-sienkiewicza", "dworzec-glowny"]
    for a, b in pairwise(path):
        assert adjacent(nb, a, b), (a, b)


@pytest.mark.rule("Example of a Player Turn", "§6.2 Move")
def test_player_turn_example_moves(nb):
    """Example of a Player Turn: Podzamcze → Dzielnica Żydowska and Rzeźnia Miejska → Wysoki Zamek
    are single Moves, Rynek → Łyczakowska a single Assault (each ≤ 3 spaces, §6.2)."""
    assert dist(nb, "podzamcze", "dzielnica-zydowska") <= 3
    assert dist(nb, "rzeznia-miejska", "wysoki-zamek") <= 3
    assert dist(nb, "rynek", "lyczakowska") <= 3


@pytest.mark.rule("§6.2 Assault")
def test_assault_example_rynek_sejm(nb):
    """§6.2 Assault example: 4 Units come into Rynek from Sejm Krajowy."""
    assert adjacent(nb, "rynek", "sejm-krajowy")


@pytest.mark.rule("§9.2")
def test_evasion_example_rynek(nb):
    """§9.2 Evasion example: Rynek is attacked from Podzamcze, Dom Akademicki and Sejm Krajowy."""
    for side in ("podzamcze", "dom-akademicki", "sejm-krajowy"):
        assert adjacent(nb, "rynek", side), side


@pytest.mark.rule("Example of Battles")
def test_battle_example_cerkiew_four_sides(nb):
    """Example of Battles: Cerkiew św. Jura is attacked from 4 different sides, one of them
    Koszary Salvatora."""
    assert len(set(nb["cerkiew-sw-jura"])) >= 4
    assert adjacent(nb, "cerkiew-sw-jura", "koszary-salvatora")


@pytest.mark.rule("Example of Battles", "§9.2")
def test_battle_example_gora_stracenia_evasion(nb):
    """Example of Battles: the ZURL evades from Góra Stracenia to Dzielnica Żydowska (§9.2:
    to an adjacent area)."""
    assert adjacent(nb, "gora-stracenia", "dzielnica-zydowska")


@pytest.mark.rule("Example of Battles")
def test_battle_example_cytadela_two_sides(nb):
    """Example of Battles: Cytadela is attacked from Szkoła Kadecka and by Units that came from
    Elektrownia through Park Stryjski."""
    assert adjacent(nb, "cytadela", "szkola-kadecka")
    assert adjacent(nb, "cytadela", "park-stryjski")
    assert adjacent(nb, "park-stryjski", "elektrownia")


@pytest.mark.rule("FAQ:general-forest")
def test_faq_rzesna_polska_zimna_woda(nb):
    """FAQ: moving between Rzęsna Polska and Zimna Woda is a 1 space move."""
    assert adjacent(nb, "rzesna-polska", "zimna-woda")


# -------------------------------------------------------------------------------------- relief


@pytest.mark.rule("§10", "FAQ:relief-where")
def test_relief_starting_areas(board):
    """§10: Starting Areas: PL at Zimna Woda; ZURL at Winniki."""
    assert board.relief_start == {"PL": "zimna-woda", "ZURL": "winniki"}


@pytest.mark.rule("§10")
def test_pl_relief_example_reaches_by_rail(rail):
    """§10 Relief example: with ZURL in Stacja Kleparów, PL Relief from Zimna Woda reaches
    Dworzec Główny, Lewandówka and Elektrownia by rail, but not Stacja Kleparów or Kortumowa
    Góra."""
    reach = rail_reachable(rail, "zimna-woda", blocked={"stacja-kleparow"})
    assert {"zimna-woda", "dworzec-glowny", "lewandowka", "elektrownia"} <= reach
    assert "stacja-kleparow" not in reach
    assert "kortumowa-gora" not in reach


@pytest.mark.rule("§10")
def test_kortumowa_gora_is_on_the_railway_beyond_stacja_kleparow(rail):
    """§10 Relief example: Kortumowa Góra is a rail destination that only Stacja Kleparów cuts
    off: without the ZURL there, the Relief reaches both."""
    reach = rail_reachable(rail, "zimna-woda", blocked=set())
    assert {"stacja-kleparow", "kortumowa-gora"} <= reach


@pytest.mark.rule("§10")
def test_zurl_relief_example_villages(nb):
    """§10 ZURL example: Lesienice neighbours Winniki; Kozielniki is 1 space from Winniki and
    Zboiska 2 spaces, through Lesienice."""
    assert adjacent(nb, "winniki", "lesienice")
    assert dist(nb, "winniki", "kozielniki") == 1
    assert dist(nb, "winniki", "zboiska") == 2
    assert not adjacent(nb, "winniki", "zboiska")
    assert adjacent(nb, "lesienice", "zboiska")


@pytest.mark.rule("§10", "Board")
def test_relief_start_areas_are_villages_on_a_railway(areas, rail):
    """§10: Relief deploys on the Starting Area or an area linked to it by a railway."""
    for area_id in ("zimna-woda", "winniki"):
        assert areas[area_id].terrain == "village"
        assert rail.get(area_id), area_id


# ------------------------------------------------------------------------------------- structure


def test_area_ids_unique(board):
    ids = [a.id for a in board.areas]
    assert len(ids) == len(set(ids))


def test_positions_unique_and_on_the_grid(board):
    """Layout: one area per position, on a 12 x 10 grid."""
    positions = [a.pos for a in board.areas]
    assert len(positions) == len(set(positions))
    for a in board.areas:
        assert 0 <= a.pos[0] <= 11 and 0 <= a.pos[1] <= 9, a.id


def test_labels_short_and_unique(board):
    labels = [a.label for a in board.areas]
    assert all(len(label) <= 10 for label in labels)
    assert len(labels) == len(set(labels)), [k for k, v in Counter(labels).items() if v > 1]


def test_board_size(board):
    assert 40 <= len(board.areas) <= 50


def test_neighbours_are_known_ids_without_self_or_repeats(areas):
    for a in areas.values():
        assert a.id not in a.neighbours, a.id
        assert len(a.neighbours) == len(set(a.neighbours)), a.id
        for n in a.neighbours:
            assert n in areas, (a.id, n)


def test_adjacency_symmetric(areas):
    for a in areas.values():
        for n in a.neighbours:
            assert a.id in areas[n].neighbours, (a.id, n)


def test_playable_number_of_neighbours(nb):
    """Every area has 3 to 6 neighbours."""
    for area_id, ns in nb.items():
        assert 3 <= len(ns) <= 6, (area_id, len(ns))


def test_board_connected(nb):
    assert is_connected(nb)


@pytest.mark.rule("§4")
def test_districts(board):
    """§4: the eight districts with their Polish names."""
    assert {d.number: (d.roman, d.name) for d in board.districts} == DISTRICTS
    assert [d.english for d in board.districts if d.number == 1] == ["Downtown"]


@pytest.mark.rule("§4")
def test_each_district_has_several_connected_areas(board, nb):
    """§4: a district is made up of several City and Suburb areas (here at least 3, adjacent to
    one another)."""
    for number in DISTRICTS:
        members = [a.id for a in board.areas if a.district == number]
        assert len(members) >= 3, number
        assert is_connected(nb, members), number


@pytest.mark.rule("§4.1")
def test_villages_have_no_district(board):
    """§4.1: Villages never form part of a District; City and Suburb areas always do."""
    for a in board.areas:
        if a.terrain == "village":
            assert a.district is None, a.id
        else:
            assert a.district is not None, a.id


@pytest.mark.rule("§5.2 Polish Reinforcements", "Scenario 4")
def test_villages_form_a_ring(nb, areas):
    """Scenario 4 corridor (§5.2): the villages around Lwów form a ring of adjacent villages."""
    villages = {a for a, area in areas.items() if area.terrain == "village"}
    vnb = {v: [n for n in nb[v] if n in villages] for v in villages}
    for v in villages:
        assert len(vnb[v]) >= 2, v
    assert is_connected(vnb)

    def cycle(path: list[str]) -> bool:  # a cycle through every village (tiny graph: brute force)
        if len(path) == len(villages):
            return path[0] in vnb[path[-1]]
        return any(cycle(path + [n]) for n in vnb[path[-1]] if n not in path)

    assert cycle([sorted(villages)[0]])


@pytest.mark.rule("Board")
def test_railway_stations_known_and_consecutive_adjacent(board, areas):
    """Railways: every station is an area and consecutive stations are neighbours."""
    ids = [r.id for r in board.railways]
    assert len(ids) == len(set(ids))
    for line in board.railways:
        for station in line.areas:
            assert station in areas, (line.id, station)
        for a, b in pairwise(line.areas):
            assert b in areas[a].neighbours, (line.id, a, b)


def test_sources(board):
    """docs/architecture.md, "Data and provenance": every entry says where it comes from; named areas cite the rulebook."""
    for a in board.areas:
        if a.id in NAMED_AREAS or a.id in NAMED_VILLAGES:
            assert a.source.startswith("rulebook"), a.id
        else:
            assert a.source.startswith("reconstructed: "), a.id


# ---------------------------------------------------------------------------------- graph helpers


def test_distances_passable_and_limit():
    line = {"a": ["b"], "b": ["a", "c"], "c": ["b", "d"], "d": ["c"]}
    assert distances(line, "a") == {"a": 0, "b": 1, "c": 2, "d": 3}
    assert distances(line, "a", limit=2) == {"a": 0, "b": 1, "c": 2}
    # b can be entered but not passed through; the start is always left
    assert distances(line, "a", passable=lambda x: x != "b") == {"a": 0, "b": 1}
    assert distances(line, "b", passable=lambda x: False) == {"b": 0, "a": 1, "c": 1}


def test_rail_reachable_blocked_start():
    rail = {"a": ["b"], "b": ["a"]}
    assert rail_reachable(rail, "a", blocked={"a"}) == set()
    assert rail_reachable(rail, "a", blocked=set()) == {"a", "b"}
    assert rail_reachable(rail, "a", blocked={"b"}) == {"a"}
