"""Pydantic schemas for every printed component of the game.

Each model mirrors one kind of data file under ``assets/`` or ``scenarios/``. Every entry carries a
``source``: ``rulebook §…`` when the rulebook, FAQ or a scenario card prints it, or
``reconstructed: <reason>`` when the project had to reconstruct it (the rulebook does not print
the board, the tracks, the commanders, the battle deck, the token mix or most card texts).
Cross-file consistency (unknown areas, component totals, …) is checked in ``validate.py``.
"""

from __future__ import annotations

import re
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from .translations import SOURCE_RULE

Side = Literal["PL", "ZURL"]
SIDES: tuple[Side, Side] = ("PL", "ZURL")
Terrain = Literal["city", "suburb", "village"]
UnitTypeId = Literal[
    "pl-volunteer",
    "pl-soldier",
    "pl-hq",
    "zurl-volunteer",
    "sich-rifleman",
    "zurl-hq",
    "jewish-militia",
    "austro-hungarian",
]
TokenKind = Literal[
    "artillery",
    "barricade",
    "uniform",
    "food",
    "plane",
    "grenades",
    "machine-gun",
    "ammunition",
    "medicine",
]
CardKind = Literal["action", "special", "event"]
VPCategory = Literal[
    "strategic",
    "morale",
    "cards",
    "commander",
    "alliance",
    "losses",
    "fallen-commander",
    "destruction",
]

#: no printed component comes in more than a few dozen; the cap refuses absurd numbers (a unit
#: count of 10**20 would pass ``ge=1`` and then hang the setup)
MAX_COUNT = 99
Count = Annotated[int, Field(ge=1, le=MAX_COUNT)]
Amount = Annotated[int, Field(ge=0, le=MAX_COUNT)]
#: a score, a track position, a layout coordinate: the printed ones are two digits
MAX_SMALL = 999
Small = Annotated[int, Field(ge=-MAX_SMALL, le=MAX_SMALL)]
#: scenarios run one to three stages of four rounds; the engine builds per-stage structures
MAX_STAGES = 10
#: a name shown on one line (area, card, scenario, commander, id); the longest shipped is 49
MAX_NAME = 100
Name = Annotated[str, Field(max_length=MAX_NAME)]
#: any text (a briefing, a card's effect); the longest shipped is under 600 characters
MAX_TEXT = 2000
#: any list or table of a data file; the longest shipped has 44 entries (the board's areas)
MAX_ENTRIES = 200

_SOURCE_RE = re.compile(r"^(rulebook([ ,].+)?|reconstructed: .+)$")


class Entry(BaseModel):
    """Base of every data entry: strict (unknown keys are errors) and immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_max_length=MAX_TEXT, defer_build=True)


class Sourced(Entry):
    """An entry that says where it comes from."""

    source: str = Field(description="'rulebook §…' or 'reconstructed: <one-line reason>'")

    @field_validator("source")
    @classmethod
    def _source_form(cls, value: str) -> str:
        if not _SOURCE_RE.match(value.strip()):
            raise ValueError(SOURCE_RULE)  # shown through the catalog (schema_errors.py)
        return value


# ---------------------------------------------------------------------------------------- board


class District(Sourced):
    number: int = Field(ge=1, le=8)
    roman: Name
    name: Name
    english: Name


class Area(Sourced):
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=MAX_NAME)
    name: Name
    label: str = Field(max_length=10, description="short name for the map")
    terrain: Terrain
    district: int | None = Field(default=None, ge=1, le=8)
    neighbours: tuple[Name, ...]
    pos: tuple[Small, Small] = Field(description="layout position (column, row) for drawing")

    @property
    def limit(self) -> int:
        """Unit limit (§4.1): City 5, Suburb and Village 6, counting both sides and neutrals."""
        return 5 if self.terrain == "city" else 6


class Railway(Sourced):
    id: Name
    name: Name
    areas: tuple[Name, ...] = Field(min_length=2, description="stations in order along the line")


class Board(Sourced):
    districts: tuple[District, ...]
    areas: tuple[Area, ...]
    railways: tuple[Railway, ...]
    relief_start: dict[Side, Name]


# ------------------------------------------------------------------------------------ components


class UnitType(Sourced):
    id: UnitTypeId
    name: Name
    side: Side | Literal["neutral"]
    count: Count
    strength_class: Literal["volunteer", "elite", "militia", "austro-hungarian"]
    letter: str = Field(min_length=1, max_length=1, description="letter shown on the map")


class Components(Sourced):
    units: tuple[UnitType, ...]


class MoraleSpace(Sourced):
    level: int = Field(ge=1, le=MAX_COUNT)
    band: Literal["low", "high"]
    zurl_reinforcement: Amount


class SupplySpace(Sourced):
    level: int = Field(ge=1, le=MAX_COUNT)
    volunteer: Amount
    elite: int = Field(ge=0, le=MAX_COUNT, description="Strength of PL Soldiers and Sich Riflemen")


class Tracks(Sourced):
    morale: tuple[MoraleSpace, ...]
    supply: tuple[SupplySpace, ...]
    victory_min: Small
    victory_max: Small
    automatic_victory_lead: Count = 20
    hand_limit: Count = 7
    militia_strength: Amount = 1
    austro_hungarian_strength: Amount = 4
    austro_hungarian_disarmed_strength: Amount = 2


class TokenType(Sourced):
    kind: TokenKind
    name: Name
    use: Literal["orders", "battle", "after-battle"]
    effect: str
    values: dict[int, Amount] = Field(description="token value (1-3) -> how many tokens")


class SupplyTokens(Sourced):
    tokens: tuple[TokenType, ...]


class BattleCard(Sourced):
    attacker: Amount
    defender: Amount
    escalation: bool = False
    explosion: bool = False
    copies: Count = 1


class BattleDeck(Sourced):
    cards: tuple[BattleCard, ...]


class CommanderAbility(Entry):
    kind: Literal["organization", "combat"]
    effect: Literal[
        "redoubt-discount",
        "multiple-supply-tokens",
        "bp-attacking",
        "bp-defending",
        "extra-morale-loss-when-killed",
        "cheap-mobilization",
        "cheap-propaganda",
        "extra-provisioning",
        "barricade-discount",
        "evasion-discount",
    ]
    text: str


class Commander(Sourced):
    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=MAX_NAME)
    name: Name
    side: Side
    ap: Amount
    cards: Amount
    ability: CommanderAbility | None = None


class Commanders(Sourced):
    commanders: tuple[Commander, ...]


class ActionCard(Sourced):
    number: int = Field(ge=1, le=MAX_SMALL)
    name: Name
    polish: Name = ""
    kind: CardKind
    ap: Amount
    effect: str = Field(description="the card text, in plain words")
    brief: str = Field("", max_length=80, description="the effect in a few words, for a row of a battle's list (a Special card's text is too long to stand whole beside the battle)")
    effect_id: Name = Field(description="engine key of the effect")


class ActionDeck(Sourced):
    side: Side
    cards: tuple[ActionCard, ...]


# ------------------------------------------------------------------------------------- scenarios


class Placement(Entry):
    area: Name
    unit: UnitTypeId
    count: Count


class FreeDeployment(Entry):
    """Units a side places itself before play (scenarios 4 and 5)."""

    unit: UnitTypeId
    count: Count
    zone: Literal["city", "village", "listed", "other-villages"]
    areas: tuple[Name, ...] = ()


class RandomTokens(Entry):
    """Face-down random Supply Tokens at an area, or in a player's hand (``to``)."""

    area: Name | None = None
    to: Side | None = None
    count: Count
    available_to: Side | None = Field(default=None, description="only this side may take them")


class SpecificTokens(Entry):
    area: Name
    kind: TokenKind
    count: Count


class SideSetup(Entry):
    morale: Small
    supply: Small
    vp: Small
    commander: Name
    commander_deck: tuple[Name, ...]
    removed_cards: tuple[Annotated[int, Field(ge=1, le=MAX_SMALL)], ...] = ()
    placements: tuple[Placement, ...] = ()
    free_deployment: tuple[FreeDeployment, ...] = ()
    mobilization: dict[UnitTypeId, Amount] = {}


class Relief(Entry):
    side: Side
    round: int = Field(ge=1, le=MAX_SMALL, description="round (time-track space, from 1) of arrival")
    unit: UnitTypeId
    count: Count
    commander: Name | None = None


class NegotiationSpace(Entry):
    name: Name
    cost: int = Field(ge=0, le=MAX_COUNT)
    stance: Literal["ally-PL", "neutral", "disarmed-PL", "disarmed-ZURL", "ally-ZURL"]
    vp: Small = 0
    bp: Small = 0


class NegotiationTrack(Entry):
    neutral: Literal["jewish-militia", "austro-hungarian"]
    spaces: tuple[NegotiationSpace, ...]
    start: int = Field(ge=0, le=MAX_COUNT, description="index of the starting space")


class StageScoring(Entry):
    stage: int = Field(ge=1, le=MAX_STAGES)
    categories: tuple[VPCategory, ...]


class Scenario(Sourced):
    number: int = Field(ge=1, le=5)
    name: Name
    polish: Name
    dates: Name
    initiative: Side
    stages: int = Field(ge=1, le=MAX_STAGES)
    time_track: tuple[Name, ...] = Field(max_length=4 * MAX_STAGES, description="one label per round")
    briefing: str
    deployment: Literal["fixed", "free"]
    deploys_first: Side | None = None
    strategic: dict[Name, Small]
    specific_tokens: tuple[SpecificTokens, ...] = ()
    random_tokens: tuple[RandomTokens, ...] = ()
    sides: dict[Side, SideSetup]
    neutrals: tuple[Placement, ...] = ()
    neutral_mobilization: dict[UnitTypeId, Amount] = {}
    relief: tuple[Relief, ...] = ()
    destruction_track: tuple[Small, ...] = Field(
        default=(), description="VP deducted from ZURL on each space; one more space, the skull, follows"
    )
    negotiation: tuple[NegotiationTrack, ...] = ()
    reinforcement: dict[Side, Literal["none", "districts", "corridor", "morale", "morale-villages"]]
    scoring: tuple[StageScoring, ...] = Field(max_length=MAX_STAGES)
    automatic_victories: tuple[Literal["supply-cut-winniki"], ...] = ()
    special_rules: tuple[str, ...] = ()
