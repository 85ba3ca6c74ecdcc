"""The static side of a game: the loaded data plus the lookups the rules need on every action
(neighbours, limits, strengths, cards), precomputed once per scenario."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from ..data.loader import GameData, load_game_data
from ..data.models import ActionCard, Commander, Scenario, Side


@dataclass(frozen=True)
class Rules:
    data: GameData
    scenario: Scenario
    neighbours: dict[str, frozenset[str]]
    adjacent: dict[str, tuple[str, ...]]  # the neighbours sorted: hot loops iterate, listings sort
    terrain: dict[str, str]
    limit: dict[str, int]
    district: dict[str, int | None]
    villages: frozenset[str]
    district_areas: dict[int, tuple[str, ...]]
    rail: dict[str, frozenset[str]]
    cards: dict[Side, dict[int, ActionCard]]
    commanders: dict[str, Commander]
    morale_band: dict[int, Literal["low", "high"]]
    zurl_reinforcement: dict[int, int]
    strength: dict[int, tuple[int, int]]  # supply level -> (volunteer, elite)
    morale_range: tuple[int, int]
    supply_range: tuple[int, int]
    allies: dict[str, tuple[Side | None, ...]]  # neutral -> the side allied with it, per track space
    supply_raisers: tuple[str, ...]  # the (gray) non-Combat token kinds, the ones that raise Supply (FAQ)
    battle_cards: tuple[tuple[int, int, bool], ...]  # per battle card: attacker BP, defender BP, Escalation

    @property
    def number(self) -> int:
        return self.scenario.number

    def area_name(self, area: str) -> str:
        return self.data.areas[area].name if area in self.data.areas else area

    def card(self, side: Side, number: int) -> ActionCard:
        return self.cards[side][number]

    @property
    def has_destruction(self) -> bool:
        return bool(self.scenario.destruction_track)


def build_rules(data: GameData, scenario_number: int) -> Rules:
    scenario = data.scenario(scenario_number)
    areas = data.areas
    district_areas: dict[int, list[str]] = {}
    for a in areas.values():
        if a.district is not None:
            district_areas.setdefault(a.district, []).append(a.id)
    tracks = data.tracks
    return Rules(
        data=data,
        scenario=scenario,
        neighbours={a.id: frozenset(a.neighbours) for a in areas.values()},
        adjacent={a.id: tuple(sorted(a.neighbours)) for a in areas.values()},
        terrain={a.id: a.terrain for a in areas.values()},
        limit={a.id: a.limit for a in areas.values()},
        district={a.id: a.district for a in areas.values()},
        villages=frozenset(a.id for a in areas.values() if a.terrain == "village"),
        district_areas={k: tuple(v) for k, v in sorted(district_areas.items())},
        rail=data.rail_neighbours,
        cards={side: {c.number: c for c in deck.cards} for side, deck in data.decks.items()},
        commanders=data.commander_by_id,
        morale_band={s.level: s.band for s in tracks.morale},
        zurl_reinforcement={s.level: s.zurl_reinforcement for s in tracks.morale},
        strength={s.level: (s.volunteer, s.elite) for s in tracks.supply},
        morale_range=(min(s.level for s in tracks.morale), max(s.level for s in tracks.morale)),
        supply_range=(min(s.level for s in tracks.supply), max(s.level for s in tracks.supply)),
        allies={
            t.neutral: tuple(_ALLY.get(space.stance) for space in t.spaces)
            for t in scenario.negotiation
        },
        supply_raisers=tuple(sorted(t.kind for t in data.supply_tokens.tokens if t.use == "orders")),
        battle_cards=tuple((c.attacker, c.defender, c.escalation) for c in data.battle_deck.cards),
    )


#: a Negotiation Track space's stance -> the side the neutral force is allied with there
_ALLY: dict[str, Side] = {"ally-PL": "PL", "ally-ZURL": "ZURL"}


@lru_cache(maxsize=8)
def shipped_rules(scenario_number: int) -> Rules:
    """Rules over the shipped data, cached: bots and tests start many games."""
    return build_rules(shipped_data(), scenario_number)


@lru_cache(maxsize=1)
def shipped_data() -> GameData:
    """The shipped game data (assets/ and scenarios/), loaded once."""
    return load_game_data()
