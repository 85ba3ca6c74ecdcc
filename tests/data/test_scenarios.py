"""The five scenario files against the printed Scenario cards (rulebook, "Scenarios").

Every expected number below is copied from the card text, independently of the data files, so
a slip in either shows up as a failure.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from semper_fidelis.data.loader import load_model
from semper_fidelis.data.models import Scenario

SCENARIOS_DIR = Path(__file__).parents[2] / "scenarios"
FILES = {
    1: "1-coup.toml",
    2: "2-semper-fidelis.toml",
    3: "3-relief.toml",
    4: "4-siege.toml",
    5: "5-storm.toml",
}

AREAS = {
    "rynek", "sejm-krajowy", "namiestnictwo", "dom-akademicki", "dzielnica-zydowska", "podzamcze",
    "wysoki-zamek", "gora-stracenia", "cytadela", "szkola-kadecka", "park-stryjski", "elektrownia",
    "szkola-sienkiewicza", "dom-technikow", "koszary-wuleckie", "koszary-salvatora",
    "koszary-ferdynanda", "cerkiew-sw-jura", "dworzec-glowny", "bogdanowka", "lewandowka",
    "lotnisko", "stacja-kleparow", "kleparow", "kortumowa-gora", "rzeznia-miejska", "zniesienie",
    "lyczakowska", "cmentarz-lyczakowski", "stacja-lyczakow", "gora-sw-jacka", "persenkowka",
    "zimna-woda", "rzesna-polska", "sknilow", "sokolniki", "kozielniki", "winniki", "lesienice",
    "zboiska",
}
VILLAGES = {"zimna-woda", "rzesna-polska", "sknilow", "sokolniki", "kozielniki", "winniki", "lesienice", "zboiska"}
COMMANDERS = {
    "PL": {
        "maczynski", "de-levaux", "trzesniowski", "lesniewski", "abraham", "boruta-spiechowicz",
        "karaszewicz-tokarzewski", "roja", "rozwadowski", "romer",
    },
    "ZURL": {
        "witowskyj", "stefaniw", "kossak", "habsburg", "bukszowany", "omelanowycz-pawlenko",
        "mykyta", "mieszkowskyj", "kurmanowycz",
    },
}
# §1 Components Overview.
COMPONENTS = {
    "pl-volunteer": 30,
    "pl-hq": 1,
    "pl-soldier": 15,
    "zurl-volunteer": 25,
    "zurl-hq": 1,
    "sich-rifleman": 25,
    "jewish-militia": 4,
    "austro-hungarian": 4,
}
UNIT_SIDE = {
    "pl-volunteer": "PL", "pl-hq": "PL", "pl-soldier": "PL",
    "zurl-volunteer": "ZURL", "zurl-hq": "ZURL", "sich-rifleman": "ZURL",
}
# Scenario 5's card puts 10 red cubes on the board and 6 on the Time Track: 16 > 15 (§1). The
# file transcribes the card as printed; this is the only known overrun.
KNOWN_CARD_OVERRUNS = {(5, "pl-soldier"): 16}


@pytest.fixture(scope="module")
def scenarios() -> dict[int, Scenario]:
    return {n: load_model(SCENARIOS_DIR / name, Scenario) for n, name in FILES.items()}


def placed(entries) -> Counter:
    """(area, unit) -> count, adding up repeated entries."""
    out: Counter = Counter()
    for p in entries:
        out[(p.area, p.unit)] += p.count
    return out


def expand(unit: str, *groups: tuple[int, tuple[str, ...]]) -> Counter:
    """The card's "(n) A, B, C" → n units of ``unit`` at each of A, B, C."""
    out: Counter = Counter()
    for n, areas in groups:
        for area in areas:
            out[(area, unit)] += n
    return out


# ------------------------------------------------------------------------------- the card data

CARDS: dict[int, dict] = {
    1: dict(
        name="Coup", dates="1-4 XI 1918", initiative="ZURL", stages=1, deployment="fixed",
        time_track=["1 XI", "2 XI", "3 XI", "4 XI"],
        strategic={a: 1 for a in ("rynek", "cytadela", "dworzec-glowny", "wysoki-zamek", "gora-stracenia",
                                  "cerkiew-sw-jura", "elektrownia", "szkola-sienkiewicza")},
        specific={("lotnisko", "plane"): 1, ("rzeznia-miejska", "food"): 2, ("rzesna-polska", "artillery"): 1},
        random_area={"dworzec-glowny": 3, "koszary-salvatora": 2, "koszary-ferdynanda": 2,
                     "koszary-wuleckie": 2, "cytadela": 2},
        random_hand={"PL": 2, "ZURL": 2},
        random_only={},
        ZURL=dict(
            morale=3, supply=4, vp=2, commander="witowskyj", deck={"stefaniw", "kossak"},
            removed=[11, 15, 17, 20, 22, 25],
            board=expand("zurl-volunteer", (4, ("rynek",)), (5, ("sejm-krajowy",)), (3, ("namiestnictwo",)),
                         (2, ("wysoki-zamek",))) + expand("zurl-hq", (1, ("rynek",))),
            mobilization={"zurl-volunteer": 3},
        ),
        PL=dict(
            morale=5, supply=5, vp=5, commander="maczynski",
            deck={"de-levaux", "trzesniowski", "abraham", "boruta-spiechowicz"},
            removed=[10, 13, 14, 19, 20, 22, 24, 26],
            board=expand("pl-volunteer", (2, ("szkola-sienkiewicza",)), (1, ("dom-technikow", "sokolniki")),
                         (1, ("dom-akademicki",))) + expand("pl-hq", (1, ("dom-akademicki",))),
            mobilization={"pl-volunteer": 12},
        ),
        neutrals=Counter(), neutral_mobilization={},
        relief=[("ZURL", 3, "sich-rifleman", 10, "bukszowany"), ("PL", 3, "pl-soldier", 3, None)],
        destruction=[], negotiation={},
        reinforcement={"PL": "none", "ZURL": "none"},
        scoring={1: {"strategic", "morale", "commander", "fallen-commander", "cards", "losses"}},
        automatic=[],
    ),
    2: dict(
        name="Semper Fidelis", dates="1-24 XI 1918", initiative="PL", stages=3, deployment="fixed",
        time_track=["1-2 XI", "3-4 XI", "5-6 XI", "7-8 XI", "9-10 XI", "11-12 XI", "13-14 XI", "15-16 XI",
                    "17-18 XI", "19-20 XI", "21-22 XI", "23-24 XI"],
        strategic={"dworzec-glowny": 3, "szkola-sienkiewicza": 2, "cytadela": 2}
        | {a: 1 for a in ("gora-stracenia", "gora-sw-jacka", "dom-technikow", "szkola-kadecka", "cerkiew-sw-jura",
                          "sejm-krajowy", "koszary-ferdynanda", "cmentarz-lyczakowski", "stacja-lyczakow",
                          "wysoki-zamek", "kleparow")},
        specific={("rzeznia-miejska", "food"): 3, ("lotnisko", "plane"): 3, ("sknilow", "artillery"): 2,
                  ("rzesna-polska", "artillery"): 1},
        random_area={"dworzec-glowny": 5, "koszary-salvatora": 3, "koszary-ferdynanda": 3, "koszary-wuleckie": 3,
                     "namiestnictwo": 3, "stacja-lyczakow": 3, "szkola-sienkiewicza": 2, "cytadela": 2},
        random_hand={"PL": 2, "ZURL": 2},
        random_only={},
        ZURL=dict(
            morale=6, supply=5, vp=2, commander="witowskyj", deck={"stefaniw", "kossak", "habsburg"},
            removed=[],
            board=expand("zurl-volunteer",
                         (2, ("wysoki-zamek", "namiestnictwo", "sejm-krajowy", "dworzec-glowny", "cytadela")),
                         (1, ("koszary-ferdynanda", "koszary-salvatora", "stacja-lyczakow")),
                         (1, ("rynek",))) + expand("zurl-hq", (1, ("rynek",))),
            mobilization={"zurl-volunteer": 6},
        ),
        PL=dict(
            morale=5, supply=5, vp=12, commander="maczynski",
            deck={"de-levaux", "abraham", "trzesniowski", "boruta-spiechowicz"},
            removed=[],
            board=expand("pl-volunteer", (2, ("szkola-sienkiewicza", "szkola-kadecka")),
                         (1, ("dom-technikow", "sokolniki")), (1, ("dom-akademicki",)))
            + expand("pl-hq", (1, ("dom-akademicki",))),
            mobilization={"pl-volunteer": 12},
        ),
        neutrals=expand("jewish-militia", (1, ("kleparow", "dzielnica-zydowska")))
        + expand("austro-hungarian", (1, ("dworzec-glowny", "rynek", "lyczakowska"))),
        neutral_mobilization={"jewish-militia": 2},
        relief=[("ZURL", 2, "sich-rifleman", 10, "bukszowany"), ("ZURL", 7, "sich-rifleman", 3, None),
                ("PL", 8, "pl-soldier", 10, "karaszewicz-tokarzewski"), ("ZURL", 11, "sich-rifleman", 4, None)],
        destruction=[0, -1, -1, -2, -2, -3, -3, -4, -5],
        negotiation={
            "jewish-militia": [("ally-PL", 4, 1, 1), ("neutral", 3, 0, 0), ("ally-ZURL", 3, 1, 1)],
            "austro-hungarian": [("disarmed-PL", 4, 0, 0), ("neutral", 3, 0, 0), ("disarmed-ZURL", 3, 0, 0),
                                 ("ally-ZURL", 4, 1, 4)],
        },
        reinforcement={"PL": "districts", "ZURL": "morale"},
        scoring={
            1: {"strategic", "morale", "cards", "commander", "alliance"},
            2: {"strategic", "morale", "cards", "commander", "alliance"},
            3: {"strategic", "morale", "cards", "commander", "losses", "fallen-commander", "alliance", "destruction"},
        },
        automatic=[],
    ),
    3: dict(
        name="Relief", dates="21-24 XI 1918", initiative="PL", stages=1, deployment="fixed",
        time_track=["21 XI", "22 XI", "23 XI", "24 XI"],
        strategic={"stacja-lyczakow": 3}
        | {a: 2 for a in ("cmentarz-lyczakowski", "gora-sw-jacka", "wysoki-zamek", "cytadela")}
        | {a: 1 for a in ("persenkowka", "lyczakowska", "podzamcze", "dworzec-glowny", "gora-stracenia", "rynek",
                          "rzeznia-miejska")},
        specific={},
        random_area={"dworzec-glowny": 4, "stacja-lyczakow": 4, "szkola-sienkiewicza": 2, "winniki": 2, "zboiska": 2},
        random_hand={"PL": 4, "ZURL": 3},
        random_only={"winniki": "ZURL", "zboiska": "ZURL"},
        ZURL=dict(
            morale=4, supply=7, vp=3, commander="stefaniw", deck={"kossak", "bukszowany"},
            removed=[11, 17, 25],
            board=expand("zurl-volunteer", (2, ("kleparow", "sejm-krajowy", "kozielniki")),
                         (1, ("zboiska", "dzielnica-zydowska", "cytadela", "gora-sw-jacka", "rzeznia-miejska",
                              "namiestnictwo", "persenkowka", "winniki")),
                         (1, ("rynek",)))
            + expand("zurl-hq", (1, ("rynek",)))
            + expand("sich-rifleman", (2, ("podzamcze", "koszary-ferdynanda", "sejm-krajowy", "cytadela",
                                           "gora-sw-jacka")),
                     (1, ("wysoki-zamek", "namiestnictwo", "kozielniki", "stacja-lyczakow"))),
            mobilization={},
        ),
        PL=dict(
            morale=6, supply=8, vp=2, commander="karaszewicz-tokarzewski",
            deck={"maczynski", "boruta-spiechowicz", "trzesniowski"},
            removed=[10, 13, 20, 22, 26],
            board=expand("pl-volunteer", (3, ("elektrownia", "park-stryjski")),
                         (2, ("gora-stracenia", "szkola-sienkiewicza")),
                         (1, ("sokolniki", "koszary-salvatora", "cerkiew-sw-jura", "dom-technikow", "szkola-kadecka")),
                         (1, ("dworzec-glowny",)))
            + expand("pl-hq", (1, ("dworzec-glowny",)))
            + expand("pl-soldier", (3, ("elektrownia", "sokolniki")), (2, ("park-stryjski", "kortumowa-gora"))),
            mobilization={},
        ),
        neutrals=expand("jewish-militia", (2, ("dzielnica-zydowska",))),
        neutral_mobilization={"jewish-militia": 2},
        relief=[],
        destruction=[],
        negotiation={"jewish-militia": [("ally-PL", 4, 1, 1), ("neutral", 3, 0, 0), ("ally-ZURL", 3, 1, 1)]},
        reinforcement={"PL": "none", "ZURL": "none"},
        scoring={1: {"strategic", "morale", "commander", "fallen-commander", "cards", "losses", "alliance"}},
        automatic=["supply-cut-winniki"],
    ),
    4: dict(
        name="Siege", dates="1 XII 1918 - 31 I 1919", initiative="ZURL", stages=2, deployment="free",
        time_track=["1-8 XII 1918", "9-15 XII 1918", "16-22 XII 1918", "23-31 XII 1918",
                    "1-8 I 1919", "9-15 I 1919", "16-22 I 1919", "23-31 I 1919"],
        strategic={"dworzec-glowny": 3} | {a: 2 for a in ("zimna-woda", "zboiska", "cytadela")}
        | {a: 1 for a in ("gora-stracenia", "gora-sw-jacka", "winniki", "sokolniki", "rynek", "kleparow",
                          "szkola-sienkiewicza", "cmentarz-lyczakowski", "stacja-lyczakow", "koszary-wuleckie",
                          "wysoki-zamek")},
        specific={},
        random_area={"zimna-woda": 8, "winniki": 8, "sokolniki": 5, "zboiska": 5},
        random_hand={"ZURL": 8, "PL": 5},
        random_only={"zimna-woda": "PL", "winniki": "ZURL"},
        ZURL=dict(
            morale=4, supply=7, vp=3, commander="omelanowycz-pawlenko", deck={"mykyta", "mieszkowskyj", "kurmanowycz"},
            removed=[11, 17, 25],
            free={("zurl-volunteer", "village", ()): 15, ("zurl-hq", "village", ()): 1,
                  ("sich-rifleman", "village", ()): 10},
            mobilization={"zurl-volunteer": 3},
        ),
        PL=dict(
            morale=6, supply=6, vp=2, commander="lesniewski", deck={"roja", "rozwadowski", "karaszewicz-tokarzewski"},
            removed=[10, 12, 13, 14, 19, 22],
            free={("pl-volunteer", "city", ()): 10, ("pl-hq", "city", ()): 1, ("pl-soldier", "city", ()): 10},
            mobilization={"pl-volunteer": 6},
        ),
        neutrals=Counter(), neutral_mobilization={},
        relief=[("ZURL", 3, "sich-rifleman", 5, None), ("ZURL", 7, "sich-rifleman", 5, None)],
        destruction=[0, -1, -1, -2, -2, -3],
        negotiation={},
        reinforcement={"PL": "corridor", "ZURL": "morale-villages"},
        scoring={1: {"strategic", "morale", "cards"},
                 2: {"strategic", "morale", "cards", "fallen-commander", "losses", "destruction"}},
        automatic=[],
    ),
}
_EAST = ("zboiska", "lesienice", "winniki", "kozielniki", "stacja-lyczakow", "persenkowka", "zniesienie")
CARDS[5] = dict(
    name="Storm", dates="16 II - 20 III 1919", initiative="ZURL", stages=2, deployment="free",
    time_track=["16-18 II 1919", "19-21 II 1919", "22-24 II 1919", "25-28 II 1919",
                "1-5 III 1919", "6-10 III 1919", "11-15 III 1919", "16-20 III 1919"],
    strategic={"cytadela": 2}
    | {a: 1 for a in ("gora-stracenia", "gora-sw-jacka", "podzamcze", "wysoki-zamek", "persenkowka",
                      "cmentarz-lyczakowski", "stacja-lyczakow", "lyczakowska", "dworzec-glowny", "rynek")},
    specific={},
    random_area={"zboiska": 4, "dworzec-glowny": 3, "winniki": 4, "kozielniki": 4, "zimna-woda": 4},
    random_hand={"PL": 6, "ZURL": 6},
    random_only={"winniki": "ZURL", "kozielniki": "ZURL", "zimna-woda": "PL"},
    ZURL=dict(
        morale=3, supply=6, vp=2, commander="omelanowycz-pawlenko", deck={"mykyta", "mieszkowskyj", "kurmanowycz"},
        removed=[14, 25],
        # One ZURL HQ (ruling:one-zurl-hq), with the orange group.
        free={("zurl-volunteer", "listed", _EAST): 15, ("zurl-hq", "listed", _EAST): 1,
              ("zurl-volunteer", "other-villages", ()): 5,
              ("sich-rifleman", "listed", _EAST): 10, ("sich-rifleman", "other-villages", ()): 5},
        mobilization={"zurl-volunteer": 3},
    ),
    PL=dict(
        morale=4, supply=4, vp=2, commander="rozwadowski", deck={"lesniewski", "roja", "karaszewicz-tokarzewski"},
        removed=[13, 14, 19, 22],
        free={("pl-volunteer", "city", ()): 15, ("pl-hq", "city", ()): 1, ("pl-soldier", "city", ()): 10},
        mobilization={"pl-volunteer": 5},
    ),
    neutrals=Counter(), neutral_mobilization={},
    relief=[("PL", 6, "pl-soldier", 6, "romer"), ("ZURL", 7, "sich-rifleman", 3, None)],
    destruction=[0, -1, -1, -2, -2, -3],
    negotiation={},
    reinforcement={"PL": "districts", "ZURL": "morale"},
    scoring={1: {"strategic", "morale", "cards"},
             2: {"strategic", "morale", "cards", "fallen-commander", "losses", "destruction"}},
    automatic=[],
)

NUMBERS = sorted(CARDS)
SIDES = ("PL", "ZURL")


# ------------------------------------------------------------------------------------- tests


def test_all_five_files_exist_and_load(scenarios):
    assert sorted(scenarios) == [1, 2, 3, 4, 5]
    for n, s in scenarios.items():
        assert s.number == n
        assert s.source == f"rulebook Scenario {n} card"
        assert s.briefing.strip() and s.polish.strip()


@pytest.mark.rule("Scenario Card", "Scenario 1", "Scenario 2", "Scenario 3", "Scenario 4", "Scenario 5")
@pytest.mark.parametrize("n", NUMBERS)
def test_header(scenarios, n):
    s, card = scenarios[n], CARDS[n]
    assert s.name == card["name"]
    assert s.dates == card["dates"]
    assert s.initiative == card["initiative"]
    assert s.stages == card["stages"]
    assert s.deployment == card["deployment"]
    assert s.deploys_first == ("PL" if card["deployment"] == "free" else None)


@pytest.mark.rule("Scenario 1", "Scenario 2", "Scenario 3", "Scenario 4", "Scenario 5")
@pytest.mark.parametrize("n", NUMBERS)
def test_time_track(scenarios, n):
    s = scenarios[n]
    assert list(s.time_track) == CARDS[n]["time_track"]
    assert len(s.time_track) == 4 * s.stages


@pytest.mark.rule("§2", "Scenario 1", "Scenario 2", "Scenario 3", "Scenario 4", "Scenario 5")
@pytest.mark.parametrize("n", NUMBERS)
def test_strategic_tokens(scenarios, n):
    assert scenarios[n].strategic == CARDS[n]["strategic"]


@pytest.mark.rule("§2", "Scenario 1", "Scenario 2", "Scenario 3", "Scenario 4", "Scenario 5")
@pytest.mark.parametrize("n", NUMBERS)
def test_supply_tokens(scenarios, n):
    s, card = scenarios[n], CARDS[n]
    specific = Counter()
    for t in s.specific_tokens:
        specific[(t.area, t.kind)] += t.count
    assert dict(specific) == card["specific"]

    on_board: Counter = Counter()
    in_hand: Counter = Counter()
    only: dict[str, str] = {}
    for t in s.random_tokens:
        assert (t.area is None) != (t.to is None), "a random-token entry is either on an area or in a hand"
        if t.area:
            on_board[t.area] += t.count
            if t.available_to:
                assert only.setdefault(t.area, t.available_to) == t.available_to
        else:
            in_hand[t.to] += t.count
            assert t.available_to in (None, t.to)
    assert dict(on_board) == card["random_area"]
    assert dict(in_hand) == card["random_hand"]
    assert only == card["random_only"]


def test_token_totals(scenarios):
    def total(s):
        return sum(t.count for t in s.random_tokens), sum(t.count for t in s.specific_tokens)

    assert total(scenarios[1]) == (15, 4)
    assert total(scenarios[2]) == (28, 9)
    assert total(scenarios[3]) == (21, 0)
    assert total(scenarios[4]) == (39, 0)
    assert total(scenarios[5]) == (31, 0)


@pytest.mark.rule(
    "§2",
    "Scenario 1",
    "Scenario 2",
    "Scenario 3",
    "Scenario 4",
    "Scenario 5",
    "Errata:scenario-4-5-names",
)
@pytest.mark.parametrize("n", NUMBERS)
@pytest.mark.parametrize("side", SIDES)
def test_side_tracks_and_commanders(scenarios, n, side):
    got, card = scenarios[n].sides[side], CARDS[n][side]
    assert (got.morale, got.supply, got.vp) == (card["morale"], card["supply"], card["vp"])
    assert got.commander == card["commander"]
    assert set(got.commander_deck) == card["deck"]
    assert len(got.commander_deck) == len(card["deck"])
    assert got.commander not in got.commander_deck
    assert {got.commander, *got.commander_deck} <= COMMANDERS[side]
    assert list(got.removed_cards) == card["removed"]
    assert all(1 <= c <= 26 for c in got.removed_cards)
    assert dict(got.mobilization) == card["mobilization"]
    assert all(UNIT_SIDE[u] == side for u in got.mobilization)


@pytest.mark.rule("§2", "Scenario 1", "Scenario 2", "Scenario 3")
@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("side", SIDES)
def test_fixed_placements(scenarios, n, side):
    got = scenarios[n].sides[side]
    assert not got.free_deployment
    assert placed(got.placements) == CARDS[n][side]["board"]
    assert all(UNIT_SIDE[p.unit] == side for p in got.placements)


@pytest.mark.rule("Scenario 1", "Scenario 2", "Scenario 3")
def test_fixed_placement_totals(scenarios):
    """Per-type totals of scenarios 1-3, counted by hand from the cards."""

    def by_type(n, side):
        c = Counter()
        for p in scenarios[n].sides[side].placements:
            c[p.unit] += p.count
        return dict(c)

    assert by_type(1, "ZURL") == {"zurl-volunteer": 14, "zurl-hq": 1}
    assert by_type(1, "PL") == {"pl-volunteer": 5, "pl-hq": 1}
    assert by_type(2, "ZURL") == {"zurl-volunteer": 14, "zurl-hq": 1}
    assert by_type(2, "PL") == {"pl-volunteer": 7, "pl-hq": 1}
    assert by_type(3, "ZURL") == {"zurl-volunteer": 15, "zurl-hq": 1, "sich-rifleman": 14}
    assert by_type(3, "PL") == {"pl-volunteer": 16, "pl-hq": 1, "pl-soldier": 10}


@pytest.mark.rule("Scenario 4", "Scenario 5")
@pytest.mark.parametrize("n", [4, 5])
@pytest.mark.parametrize("side", SIDES)
def test_free_deployment(scenarios, n, side):
    got = scenarios[n].sides[side]
    assert not got.placements
    entries = Counter()
    for f in got.free_deployment:
        entries[(f.unit, f.zone, tuple(f.areas))] += f.count
        assert (f.zone == "listed") == bool(f.areas)
    assert dict(entries) == CARDS[n][side]["free"]


@pytest.mark.rule("Scenario 5", "FAQ:setup-scenario-5-other-villages", "ruling:one-zurl-hq")
def test_storm_listed_areas_and_other_villages(scenarios):
    zurl = scenarios[5].sides["ZURL"].free_deployment
    listed = {a for f in zurl if f.zone == "listed" for a in f.areas}
    assert listed == set(_EAST)
    # "other Villages" leaves four Villages outside the listed eastern areas.
    assert VILLAGES - listed == {"zimna-woda", "rzesna-polska", "sknilow", "sokolniki"}
    # Exactly one HQ although the card prints "+ HQ" twice (ruling:one-zurl-hq).
    assert sum(f.count for f in zurl if f.unit == "zurl-hq") == 1


@pytest.mark.rule("§2", "Scenario 2", "Scenario 3", "FAQ:setup-spare-militia")
@pytest.mark.parametrize("n", NUMBERS)
def test_neutrals(scenarios, n):
    s = scenarios[n]
    assert placed(s.neutrals) == CARDS[n]["neutrals"]
    assert dict(s.neutral_mobilization) == CARDS[n]["neutral_mobilization"]
    assert all(p.unit in ("jewish-militia", "austro-hungarian") for p in s.neutrals)


@pytest.mark.rule("§10", "Scenario 1", "Scenario 2", "Scenario 4", "Scenario 5", "Errata:scenario-4-relief")
@pytest.mark.parametrize("n", NUMBERS)
def test_relief(scenarios, n):
    s = scenarios[n]
    got = [(r.side, r.round, r.unit, r.count, r.commander) for r in s.relief]
    assert sorted(got, key=str) == sorted(CARDS[n]["relief"], key=str)
    for r in s.relief:
        assert 1 <= r.round <= len(s.time_track)
        assert r.unit == {"PL": "pl-soldier", "ZURL": "sich-rifleman"}[r.side]
        if r.commander:
            side = s.sides[r.side]
            assert r.commander in COMMANDERS[r.side]
            assert r.commander != side.commander and r.commander not in side.commander_deck


@pytest.mark.rule("Scenario 1", "Scenario 2", "Scenario 4", "Scenario 5")
def test_relief_dates(scenarios):
    """The relief rounds fall on the time-track spaces the cards name."""
    label = {n: {(r.side, r.count): scenarios[n].time_track[r.round - 1] for r in scenarios[n].relief} for n in NUMBERS}
    assert label[1] == {("ZURL", 10): "3 XI", ("PL", 3): "3 XI"}
    assert label[2] == {("ZURL", 10): "3-4 XI", ("ZURL", 3): "13-14 XI", ("PL", 10): "15-16 XI",
                        ("ZURL", 4): "21-22 XI"}
    assert label[3] == {}
    assert [scenarios[4].time_track[r.round - 1] for r in scenarios[4].relief] == ["16-22 XII 1918", "16-22 I 1919"]
    assert label[5] == {("PL", 6): "6-10 III 1919", ("ZURL", 3): "11-15 III 1919"}


@pytest.mark.rule("§12", "Scenario 2", "Scenario 4", "Scenario 5")
@pytest.mark.parametrize("n", NUMBERS)
def test_destruction_track(scenarios, n):
    assert list(scenarios[n].destruction_track) == CARDS[n]["destruction"]


@pytest.mark.rule("§13.1", "Scenario 2", "Scenario 3")
@pytest.mark.parametrize("n", NUMBERS)
def test_negotiation(scenarios, n):
    s = scenarios[n]
    got = {t.neutral: t for t in s.negotiation}
    assert set(got) == set(CARDS[n]["negotiation"])
    for neutral, spaces in CARDS[n]["negotiation"].items():
        track = got[neutral]
        assert [(x.stance, x.cost, x.vp, x.bp) for x in track.spaces] == spaces
        assert track.spaces[track.start].stance == "neutral"


@pytest.mark.rule("§3", "§5.2", "Scenario 1", "Scenario 2", "Scenario 3", "Scenario 4", "Scenario 5")
@pytest.mark.parametrize("n", NUMBERS)
def test_reinforcement_scoring_and_automatic_victories(scenarios, n):
    s = scenarios[n]
    assert dict(s.reinforcement) == CARDS[n]["reinforcement"]
    assert [sc.stage for sc in s.scoring] == list(range(1, s.stages + 1))
    for sc in s.scoring:
        assert set(sc.categories) == CARDS[n]["scoring"][sc.stage]
        assert len(sc.categories) == len(set(sc.categories))
    assert list(s.automatic_victories) == CARDS[n]["automatic"]


@pytest.mark.parametrize("n", NUMBERS)
def test_area_ids_known(scenarios, n):
    s = scenarios[n]
    used = set(s.strategic) | {t.area for t in s.specific_tokens} | {t.area for t in s.random_tokens if t.area}
    used |= {p.area for p in s.neutrals}
    for side in s.sides.values():
        used |= {p.area for p in side.placements}
        used |= {a for f in side.free_deployment for a in f.areas}
    assert used <= AREAS, used - AREAS


@pytest.mark.parametrize("n", [1, 2, 3])
def test_no_area_over_six_units(scenarios, n):
    """City 5 / other 6 is checked by validate (it knows the terrain); here the absolute cap."""
    s = scenarios[n]
    per_area: Counter = Counter()
    for p in [*s.sides["PL"].placements, *s.sides["ZURL"].placements, *s.neutrals]:
        per_area[p.area] += p.count
    assert max(per_area.values()) <= 6
    # Card facts board-facts.md relies on.
    assert n != 1 or per_area["sejm-krajowy"] == 5
    assert n != 3 or per_area["elektrownia"] == 6


@pytest.mark.rule("§1 Units")
@pytest.mark.parametrize("n", NUMBERS)
def test_component_totals(scenarios, n):
    """Board + Mobilization Zone (+ units waiting on the Time Track) never exceed §1's counts."""
    s = scenarios[n]
    setup: Counter = Counter()
    for side in s.sides.values():
        for p in side.placements:
            setup[p.unit] += p.count
        for f in side.free_deployment:
            setup[f.unit] += f.count
        for unit, count in side.mobilization.items():
            setup[unit] += count
    for p in s.neutrals:
        setup[p.unit] += p.count
    for unit, count in s.neutral_mobilization.items():
        setup[unit] += count
    with_relief = setup.copy()
    for r in s.relief:
        with_relief[r.unit] += r.count
    for unit, limit in COMPONENTS.items():
        assert setup[unit] <= limit, (unit, setup[unit])
        expected_over = KNOWN_CARD_OVERRUNS.get((n, unit))
        if expected_over is None:
            assert with_relief[unit] <= limit, (unit, with_relief[unit])
        else:
            assert with_relief[unit] == expected_over
    # Each side has exactly one HQ on the board at the start.
    assert setup["pl-hq"] == 1 and setup["zurl-hq"] == 1


@pytest.mark.rule("Scenario 4", "Scenario 5", "ruling:deployment-limit", "ruling:breakthrough")
@pytest.mark.parametrize("n", [4, 5])
def test_free_deployment_rules_are_stated(scenarios, n):
    rules = " ".join(scenarios[n].special_rules)
    assert "Strategic Areas" in rules and "Morale" in rules
    if n == 4:
        assert "2 Soldiers + 1 Supply Token" in rules and "8 Soldiers + 5 Supply Tokens" in rules
        assert "Winniki" in rules


@pytest.mark.rule("Scenario 2")
def test_unprinted_removal_list_is_explained(scenarios):
    assert any("no list" in r for r in scenarios[2].special_rules)
