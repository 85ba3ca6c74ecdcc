"""The component data files (units, tracks, supply tokens, battle deck, commanders, action decks)
load through their schemas and satisfy every fact the rulebook prints about them
(../shared/rules/board-facts.md)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from semper_fidelis.data.loader import load_model
from semper_fidelis.data.models import (
    ActionDeck,
    BattleDeck,
    Commanders,
    Components,
    SupplyTokens,
    Tracks,
)

ASSETS = Path(__file__).parents[2] / "assets"
SOURCE_RE = re.compile(r"^(rulebook .+|reconstructed: \S.+)$")
KEBAB_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@pytest.fixture(scope="module")
def components() -> Components:
    return load_model(ASSETS / "components.toml", Components)


@pytest.fixture(scope="module")
def tracks() -> Tracks:
    return load_model(ASSETS / "tracks.toml", Tracks)


@pytest.fixture(scope="module")
def tokens() -> SupplyTokens:
    return load_model(ASSETS / "supply_tokens.toml", SupplyTokens)


@pytest.fixture(scope="module")
def battle_deck() -> BattleDeck:
    return load_model(ASSETS / "battle_deck.toml", BattleDeck)


@pytest.fixture(scope="module")
def commanders() -> Commanders:
    return load_model(ASSETS / "commanders.toml", Commanders)


@pytest.fixture(scope="module")
def decks() -> dict[str, ActionDeck]:
    return {
        "PL": load_model(ASSETS / "cards_pl.toml", ActionDeck),
        "ZURL": load_model(ASSETS / "cards_zurl.toml", ActionDeck),
    }


def _sources(model) -> list[str]:
    """Every ``source`` string anywhere in a loaded model."""
    found: list[str] = []

    def walk(node) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "source":
                    found.append(value)
                else:
                    walk(value)
        elif isinstance(node, (list, tuple)):
            for item in node:
                walk(item)

    walk(model.model_dump())
    return found


# ------------------------------------------------------------------------------------- sources


@pytest.mark.parametrize(
    "name", ["components", "tracks", "tokens", "battle_deck", "commanders", "decks"]
)
def test_every_source_is_well_formed(name, request):
    loaded = request.getfixturevalue(name)
    models = loaded.values() if isinstance(loaded, dict) else [loaded]
    for model in models:
        sources = _sources(model)
        assert sources, f"{name}: no source at all"
        for source in sources:
            assert SOURCE_RE.match(source), f"{name}: malformed source {source!r}"


def test_every_entry_has_a_source(components, tracks, tokens, battle_deck, commanders, decks):
    entries = [
        *components.units,
        *tracks.morale,
        *tracks.supply,
        *tokens.tokens,
        *battle_deck.cards,
        *commanders.commanders,
        *decks["PL"].cards,
        *decks["ZURL"].cards,
    ]
    for entry in entries:
        assert entry.source.strip(), entry


# ------------------------------------------------------------------------------------ components


@pytest.mark.rule("§1 Units")
def test_unit_counts_match_section_1(components):
    units = {u.id: u for u in components.units}
    assert {k: u.count for k, u in units.items()} == {
        "pl-volunteer": 30,
        "pl-hq": 1,
        "pl-soldier": 15,
        "zurl-volunteer": 25,
        "zurl-hq": 1,
        "sich-rifleman": 25,
        "jewish-militia": 4,
        "austro-hungarian": 4,
    }
    assert {k: u.side for k, u in units.items()} == {
        "pl-volunteer": "PL",
        "pl-hq": "PL",
        "pl-soldier": "PL",
        "zurl-volunteer": "ZURL",
        "zurl-hq": "ZURL",
        "sich-rifleman": "ZURL",
        "jewish-militia": "neutral",
        "austro-hungarian": "neutral",
    }


@pytest.mark.rule("§7.1", "§13.2")
def test_unit_strength_classes(components):
    classes = {u.id: u.strength_class for u in components.units}
    # §11: the HQ counts as a Volunteer.
    assert classes["pl-hq"] == classes["pl-volunteer"] == "volunteer"
    assert classes["zurl-hq"] == classes["zurl-volunteer"] == "volunteer"
    assert classes["pl-soldier"] == classes["sich-rifleman"] == "elite"
    assert classes["jewish-militia"] == "militia"
    assert classes["austro-hungarian"] == "austro-hungarian"


def test_unit_letters_unique_even_ignoring_case(components):
    letters = [u.letter for u in components.units]
    assert len(letters) == 8
    assert len({letter.upper() for letter in letters}) == 8
    assert all(letter.isalpha() for letter in letters)


# ---------------------------------------------------------------------------------------- tracks


@pytest.mark.rule("§8", "§5.2 ZURL Reinforcements")
def test_morale_track(tracks):
    morale = sorted(tracks.morale, key=lambda s: s.level)
    assert [s.level for s in morale] == list(range(1, 9))
    bands = [s.band for s in morale]
    assert "low" in bands and "high" in bands
    # the low band lies entirely below the high band
    assert bands == sorted(bands, key=lambda b: b == "high")
    # scenarios start at III-VI: both bands are met among the starting spaces
    assert {morale[i - 1].band for i in (3, 4, 5, 6)} == {"low", "high"}
    reinforcement = [s.zurl_reinforcement for s in morale]
    assert reinforcement == sorted(reinforcement)
    assert reinforcement[-1] > reinforcement[0] >= 1


@pytest.mark.rule("§7.1")
def test_supply_track(tracks):
    supply = sorted(tracks.supply, key=lambda s: s.level)
    assert [s.level for s in supply] == list(range(1, 11))
    volunteers = [s.volunteer for s in supply]
    elite = [s.elite for s in supply]
    assert volunteers == sorted(volunteers) and elite == sorted(elite)
    assert all(1 <= v <= 5 for v in volunteers + elite)
    assert all(e >= v for v, e in zip(volunteers, elite, strict=True))
    # scenarios start at IV-VIII: those spaces exist
    assert {4, 5, 6, 7, 8} <= {s.level for s in supply}


@pytest.mark.rule("Example of Battles", "§7", "§7.1", "§9")
def test_supply_track_reproduces_the_battle_example(tracks):
    pairs = {(s.volunteer, s.elite) for s in tracks.supply}
    assert (3, 4) in pairs, "PL: Volunteers 3 and Soldiers 4 (7 x 3 + 2 x 4 = 29)"
    assert (2, 3) in pairs, "ZURL: 2 Volunteers + 1 Sich Rifleman = 7 (Volunteer 2, Sich 3)"


def test_track_constants(tracks):
    assert tracks.automatic_victory_lead == 20
    assert tracks.hand_limit == 7
    assert tracks.militia_strength == 1
    assert tracks.austro_hungarian_strength == 4
    assert tracks.austro_hungarian_disarmed_strength == 2
    assert tracks.victory_min < 0 < 12 < tracks.victory_max  # every scenario's starting VP fits


# -------------------------------------------------------------------------------- supply tokens

USE = {
    "artillery": "orders",
    "barricade": "orders",
    "uniform": "orders",
    "food": "orders",
    "plane": "orders",
    "grenades": "battle",
    "machine-gun": "battle",
    "ammunition": "battle",
    "medicine": "after-battle",
}


@pytest.mark.rule("§7.2")
def test_token_kinds_and_use(tokens):
    assert sorted(t.kind for t in tokens.tokens) == sorted(USE)
    assert {t.kind: t.use for t in tokens.tokens} == USE


@pytest.mark.rule("§7.2")
def test_token_values(tokens):
    for t in tokens.tokens:
        assert set(t.values) <= {1, 2, 3}, t.kind
        assert all(n >= 0 for n in t.values.values()), t.kind
        assert sum(t.values.values()) >= 6, f"{t.kind}: at least 6 of each kind"
        assert t.name and t.effect


@pytest.mark.rule("Scenario 2", "Scenario 4", "ruling:breakthrough")
def test_token_pool_covers_the_largest_scenario(tokens):
    pool = {t.kind: sum(t.values.values()) for t in tokens.tokens}
    total = sum(pool.values())
    # Scenario 4: 39 random face-down tokens, plus up to 5 from the breakthrough (ruling:breakthrough).
    assert total >= 39 + 5
    # Scenario 2: 9 specific face-up tokens (3 Food, 3 Plane, 3 Artillery) + 28 random ones.
    assert pool["food"] >= 3 and pool["plane"] >= 3 and pool["artillery"] >= 3
    assert total - 9 >= 28
    assert total >= 54


@pytest.mark.rule("§7.2 Grenades", "§7.2 Machine Gun", "ruling:grenades-machine-gun")
def test_grenades_and_machine_gun_add_a_battle_point(tokens):
    effects = {t.kind: t.effect for t in tokens.tokens}
    assert "+1 Battle Point" in effects["grenades"]  # ruling:grenades-machine-gun
    assert "+1 Battle Point" in effects["machine-gun"]
    assert "2 Action Points" in effects["plane"]
    assert "2 Losses" in effects["artillery"]


# ---------------------------------------------------------------------------------- battle deck


@pytest.mark.rule("§1 Battle Cards", "Errata:battle-card-points")
def test_battle_deck(battle_deck):
    cards = battle_deck.cards
    size = sum(c.copies for c in cards)
    assert 18 <= size <= 26
    assert any(c.attacker == 0 and c.defender == 1 for c in cards), "the battle example's 0:1 card"
    assert any(c.escalation for c in cards)
    assert any(c.explosion for c in cards)
    assert not any(c.escalation and c.explosion for c in cards)
    assert all(0 <= v <= 3 for c in cards for v in (c.attacker, c.defender))


def test_battle_deck_favours_neither_side(battle_deck):
    attacker = sum(c.attacker * c.copies for c in battle_deck.cards)
    defender = sum(c.defender * c.copies for c in battle_deck.cards)
    assert attacker == defender
    mirror = Counter()
    for c in battle_deck.cards:
        mirror[(c.attacker, c.defender, c.escalation, c.explosion)] += c.copies
    for (a, d, esc, exp), n in mirror.items():
        assert mirror[(d, a, esc, exp)] == n, f"{a}:{d} has no mirror twin"


# ------------------------------------------------------------------------------------ commanders

PL_COMMANDERS = {
    "maczynski": "Czesław Mączyński",
    "de-levaux": "Ludwik de Levaux",
    "trzesniowski": "Zdzisław Trześniowski",
    "lesniewski": "Józef Leśniewski",
    "abraham": "Roman Abraham",
    "boruta-spiechowicz": "Mieczysław Boruta-Spiechowicz",
    "karaszewicz-tokarzewski": "Michał Karaszewicz-Tokarzewski",
    "roja": "Bolesław Roja",
    "rozwadowski": "Tadeusz Rozwadowski",
    "romer": "Jan Romer",
}
ZURL_COMMANDERS = {
    "witowskyj": "Dmytro Witowśkyj",
    "stefaniw": "Hnat Stefaniw",
    "kossak": "Hryć Kossak",
    "habsburg": "Wilhelm Habsburg „Wasyl Wyszywany”",
    "bukszowany": "Osyp Bukszowany",
    "omelanowycz-pawlenko": "Iwan Omelanowycz-Pawłenko",
    "mykyta": "Josyp Mykyta",
    "mieszkowskyj": "Jewhenij Mieszkowśkyj",
    "kurmanowycz": "Wiktor Kurmanowycz",
}


@pytest.mark.rule("§11", "Scenario Card")
def test_all_nineteen_commanders(commanders):
    by_id = {c.id: c for c in commanders.commanders}
    assert len(by_id) == len(commanders.commanders) == 19
    expected = {**{k: ("PL", n) for k, n in PL_COMMANDERS.items()},
                **{k: ("ZURL", n) for k, n in ZURL_COMMANDERS.items()}}
    assert {k: (c.side, c.name) for k, c in by_id.items()} == expected
    for c in commanders.commanders:
        assert 3 <= c.ap <= 6, c.id
        assert 1 <= c.cards <= 3, c.id
        if c.ability is not None:
            assert c.ability.text.strip(), c.id


@pytest.mark.rule("§11", "Example of a Player Turn", "Example of Battles", "FAQ:commander-black-red-text")
def test_commander_binding_attributes(commanders):
    by_id = {c.id: c for c in commanders.commanders}

    def ability(cid):
        a = by_id[cid].ability
        return (a.kind, a.effect) if a else None

    assert (by_id["mykyta"].ap, by_id["mykyta"].cards) == (5, 1)  # Example of a Player Turn
    assert ability("maczynski") == ("organization", "redoubt-discount")  # §6.2, §11
    assert ability("trzesniowski") == ("organization", "multiple-supply-tokens")  # §7.1
    assert ability("lesniewski") == ("organization", "multiple-supply-tokens")  # §7.1
    assert ability("rozwadowski") == ("combat", "bp-defending")  # §11
    assert ability("habsburg") == ("combat", "extra-morale-loss-when-killed")  # Example of Battles
    pl_attackers = [c.id for c in commanders.commanders
                    if c.side == "PL" and c.ability and c.ability.effect == "bp-attacking"]
    assert pl_attackers == ["abraham"]  # Example of Battles: one PL commander, +1 BP attacking
    assert by_id["abraham"].ability.kind == "combat"


@pytest.mark.rule("§7.1")
def test_only_trzesniowski_and_lesniewski_use_several_tokens(commanders):
    holders = {c.id for c in commanders.commanders
               if c.ability and c.ability.effect == "multiple-supply-tokens"}
    assert holders == {"trzesniowski", "lesniewski"}  # §7.1 names exactly these two


# ------------------------------------------------------------------------------------ card decks

# Cards the rulebook or FAQ names: (number or None, name, kind or None)
NAMED = {
    "PL": [
        (1, "Polish Wings", "special"),
        (2, "Batiar Class", "action"),
        (8, "Combat Emergency Service", "special"),
        (11, "Workers", "action"),
        (15, "Wolves", "action"),
        (16, "Evacuation", "action"),
        (23, "Veterans of the Italian Front", "event"),
        (25, "Fire at the Chernivetsk Station", "event"),
        (None, "Scout", "action"),
        (None, "Appeal \"to the People of Lviv\"", "action"),
        (None, "Nurses", "special"),
        (None, "Kmicic's Lamb", "special"),
        (None, "Agreement", None),
        (None, "Jewish Pogrom", None),
    ],
    "ZURL": [
        (2, "Assault Platoon", "action"),
        (3, "Heroic Defense", "special"),
        (6, "Accurate Fire", None),
        (10, "Trucks", "special"),
        (12, "Positional Fights", "action"),
        (18, "Women Volunteer Legion", "event"),
        (20, "Entente Mission", "event"),
        (22, "Krakow to the Relief of Lviv", "event"),
        (26, "Stefan Stec Flies to Warsaw", "event"),
        (None, "Komańcza Republic", None),
        (None, "Collective Responsibility", "special"),
        (None, "Hutsul Sotnia", "special"),
        (None, "Iwan Gonta's Plot", "special"),
    ],
}
NEUTRAL_CARDS = {"Jewish Pogrom", "Agreement", "Viceroy Huyn", "Demobilization", "End of the Great War"}


@pytest.mark.parametrize("side", ["PL", "ZURL"])
def test_deck_numbered_1_to_26(decks, side):
    deck = decks[side]
    assert deck.side == side
    assert sorted(c.number for c in deck.cards) == list(range(1, 27))


@pytest.mark.parametrize("side", ["PL", "ZURL"])
def test_deck_effect_ids_and_fields(decks, side):
    deck = decks[side]
    ids = [c.effect_id for c in deck.cards]
    assert len(set(ids)) == len(ids)
    for c in deck.cards:
        assert KEBAB_RE.match(c.effect_id), c.effect_id
        assert 0 <= c.ap <= 4, c.number
        assert c.name.strip() and c.polish.strip() and len(c.effect) > 20, c.number
        if c.kind == "event":
            assert c.ap >= 3, f"{side} #{c.number}: events are played for their AP"


@pytest.mark.parametrize("side", ["PL", "ZURL"])
def test_deck_kind_mix(decks, side):
    kinds = Counter(c.kind for c in decks[side].cards)
    assert 12 <= kinds["action"] <= 14
    assert 7 <= kinds["special"] <= 8
    assert 5 <= kinds["event"] <= 6


@pytest.mark.rule("§6.2", "FAQ:cards-action-vs-special")
@pytest.mark.parametrize("side", ["PL", "ZURL"])
def test_named_cards_present(decks, side):
    by_name = {c.name: c for c in decks[side].cards}
    for number, name, kind in NAMED[side]:
        assert name in by_name, f"{side}: {name!r} missing"
        card = by_name[name]
        if number is not None:
            assert card.number == number, f"{side} {name}: expected #{number}, got #{card.number}"
        if kind is not None:
            assert card.kind == kind, f"{side} {name}: expected {kind}, got {card.kind}"
        assert card.source.startswith("rulebook"), f"{side} {name}: named in the rulebook"


def test_neutral_cards_exist_once(decks):
    names = [c.name for deck in decks.values() for c in deck.cards]
    for name in NEUTRAL_CARDS:
        assert names.count(name) == 1, name


@pytest.mark.rule("FAQ:cards-polish-wings")
def test_polish_wings_is_a_one_ap_evasion(decks):
    wings = next(c for c in decks["PL"].cards if c.number == 1)
    assert wings.ap == 1 and "Evade" in wings.effect


@pytest.mark.rule("Example of a Player Turn")
def test_women_volunteer_legion_gives_four_ap(decks):
    legion = next(c for c in decks["ZURL"].cards if c.number == 18)
    assert (legion.kind, legion.ap) == ("event", 4)
    assert "2 Volunteers" in legion.effect


@pytest.mark.rule("Example of a Player Turn", "ruling:searches-and-arrests-ap")
def test_zurl_has_an_action_card_lowering_pl_morale(decks):
    """Example of a Player Turn, step 11: an Action card lowering PL Morale, played for its effect
    at a cost of 0 AP; its own AP value is not printed (ruling:searches-and-arrests-ap)."""
    assert any(c.kind == "action" and c.ap >= 1 and "Lower PL Morale" in c.effect
               for c in decks["ZURL"].cards)


def test_relief_events_place_the_opponents_relief(decks):
    for side, number, opponent in (("PL", 23, "ZURL"), ("ZURL", 20, "PL"), ("ZURL", 22, "PL")):
        card = next(c for c in decks[side].cards if c.number == number)
        assert card.kind == "event"
        assert f"{opponent} Relief" in card.effect and "Time Track" in card.effect


@pytest.mark.rule("Example of Battles")
def test_collective_responsibility_removes_two_pl_units(decks):
    card = next(c for c in decks["ZURL"].cards if c.name == "Collective Responsibility")
    assert "2 PL Units" in card.effect and "from the game" in card.effect


@pytest.mark.rule("Example of Battles")
def test_hutsul_sotnia_gives_one_bp(decks):
    card = next(c for c in decks["ZURL"].cards if c.name == "Hutsul Sotnia")
    assert "+1 Battle Point" in card.effect


@pytest.mark.rule("Scenario Card")
def test_scenario_removal_numbers_exist(decks):
    # every number on the scenario cards' removal lists (scenarios 1, 3, 4, 5)
    printed = {
        "PL": {10, 13, 14, 19, 20, 22, 24, 26, 12},
        "ZURL": {11, 15, 17, 20, 22, 25, 14},
    }
    for side, numbers in printed.items():
        assert numbers <= {c.number for c in decks[side].cards}
