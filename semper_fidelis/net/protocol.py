"""The messages between a host and a joiner: JSON over a websocket, each one a pydantic model.

A joiner opens with :class:`Hello` (the protocol version, the seat it wants, that seat's own
secret, the language its player reads);
the host answers :class:`Welcome` and then a :class:`SeatState` after every change, and the
joiner sends :class:`Act` for its own decisions (and a bot's :class:`AskOdds`, answered by
:class:`OddsAnswer`). Anything the host will not do is a
:class:`Refused` with one line; a fatal one (wrong secret, seat taken, another protocol) closes
the connection. A joiner of another protocol version is told in one line which side must update.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, TypeAdapter, ValidationError

from ..engine import BattleOdds, Event, EventKind, Option, PlayerView, VariantRecord
from ..i18n import SOURCE_LANGUAGE

#: bumped whenever a message changes shape; a hello of another version is refused in one line
#: (2: one secret per seat, the hello's ``token`` became ``secret``; 3: the view and the events
#: are typed and checked on arrival, a view's result names its termination; 4: the welcome carries
#: the scenario variant played, its text and digest as a record carries them; 5: a seat's state
#: says when its decision is a secret step it can only pass, presented as if it had a choice; 6: in
#: its Orders, which orders concern each area, and a hello's language)
PROTOCOL = 6
#: the largest message a joiner may send (a hello or an action is a few hundred bytes)
MAX_JOINER_MESSAGE = 4096
#: the largest message a host may send (a whole game's events after a reconnect)
MAX_HOST_MESSAGE = 16 * 2**20
SIDES = ("PL", "ZURL")
#: the longest seat secret a hello may carry (the host's are 32 characters)
MAX_SECRET = 200

Side = Literal["PL", "ZURL"]
#: the languages a seat may be worded in (i18n.LANGUAGES; tests/net hold the two the same)
Language = Literal["en", "pl"]
Line = Annotated[str, StringConstraints(max_length=300)]
Word = Annotated[str, StringConstraints(max_length=60)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Hello(_Message):
    """``language``: the one the joiner's player reads; the host words everything it sends this
    seat in it (prompts, option labels, refusals), whatever its own."""

    type: Literal["hello"] = "hello"
    protocol: int
    side: Side
    secret: Annotated[str, StringConstraints(max_length=MAX_SECRET)]
    language: Language = SOURCE_LANGUAGE


class Act(_Message):
    """An action for the joiner's own decision; ``at`` is the number of actions the joiner has
    seen, so an action meant for a position that has moved on is refused, never misapplied."""

    type: Literal["act"] = "act"
    action: Annotated[str, StringConstraints(min_length=1, max_length=200)]
    at: int = Field(ge=0)


Name = Annotated[str, StringConstraints(max_length=60)]
#: an attack weighed before it is committed, as the engine takes it (``Game.battle_odds``):
#: [(origin, units by type or as notation like ``2v1s``)]
Attack = list[tuple[str, dict[str, int] | str]]


class AskOdds(_Message):
    """A joiner's bot weighing an attack its options do not name (several groups at once):
    the host answers with the engine's odds for that seat (:class:`OddsAnswer`, same ``id``)."""

    type: Literal["odds"] = "odds"
    id: int = Field(ge=0)
    area: Name
    attack: Annotated[list[tuple[Name, Name | dict[Name, int]]], Field(max_length=8)] | None = None


class Welcome(_Message):
    """The game a seated joiner plays: its scenario and options, and the variant of that scenario
    the host plays, if any (the joiner needs no file: it applies the text as a record's variant
    is applied, checked the same way)."""

    type: Literal["welcome"] = "welcome"
    protocol: int
    side: Side
    scenario: int
    options: dict[str, Any] = {}
    variant: VariantRecord | None = None


class Odds(_Message):
    """A battle's exact odds (engine BattleOdds) with its fractions as "n/d" text; ``attack``:
    the groups weighed before they are committed (None: the battle in the area as it stands)."""

    area: str
    attack: list[tuple[str, list[tuple[str, int]]]] | None = None
    attacker: Side
    defender: Side
    base: tuple[int, int]
    joint: list[tuple[int, int, str]]
    p_attacker_wins: str
    attacker_bp: list[tuple[int, str]]
    defender_bp: list[tuple[int, str]]
    expected_losses: dict[str, str]
    excluded: list[str]

    @classmethod
    def of(cls, odds: BattleOdds, attack: list[tuple[str, dict[str, int]]] | None) -> Odds:
        return cls(area=odds.area, attack=None if attack is None else [(o, sorted(u.items())) for o, u in attack],
                   attacker=odds.attacker, defender=odds.defender, base=odds.base,
                   joint=[(a, d, str(p)) for (a, d), p in odds.joint.items()], p_attacker_wins=str(odds.p_attacker_wins),
                   attacker_bp=[(k, str(p)) for k, p in odds.attacker_bp.items()],
                   defender_bp=[(k, str(p)) for k, p in odds.defender_bp.items()],
                   expected_losses={s: str(p) for s, p in odds.expected_losses.items()}, excluded=list(odds.excluded))

    def battle_odds(self) -> BattleOdds:
        return BattleOdds(area=self.area, attacker=self.attacker, defender=self.defender, base=self.base,
                          joint={(a, d): Fraction(p) for a, d, p in self.joint}, p_attacker_wins=Fraction(self.p_attacker_wins),
                          attacker_bp={k: Fraction(p) for k, p in self.attacker_bp}, defender_bp={k: Fraction(p) for k, p in self.defender_bp},
                          expected_losses={s: Fraction(p) for s, p in self.expected_losses.items()}, excluded=tuple(self.excluded))


class EventData(BaseModel):
    """An engine Event as it travels (``Event.to_dict``): the fields every event has, typed
    and checked; the facts of its kind (``side``, ``area``, ``delta`` …) as they came."""

    model_config = ConfigDict(extra="allow", frozen=True)

    kind: EventKind
    text: str | None
    visible: str
    round: int
    turn: str

    @classmethod
    def of(cls, event: Event) -> EventData:
        return cls.model_validate(event.to_dict())

    def plain(self) -> dict[str, Any]:
        """The event's plain form again (for ``Event.from_dict``)."""
        return self.model_dump()


class SeatState(_Message):
    """Everything one seat may know after a change: its view (the engine's, without the seed),
    its options when the decision is its own, its events from ``first_event`` on (counted among
    the events it may see), the End of Stage preview and the odds its screen shows.

    ``quiet``: the seat's decision is a secret battle step the engine passed for it (it had
    nothing to play), presented at the position as it stood then, its one option the pass, so
    the other seat waits as for a step with a choice. Only that seat's own state says so (its
    bot answers without being asked, as it never is at one table)."""

    type: Literal["state"] = "state"
    actions: int
    over: bool
    view: PlayerView
    options: list[Option] = []
    first_event: int
    events: list[EventData] = []
    preview: dict[str, list[tuple[str, int]]]
    odds: list[Odds] = []
    quiet: bool = False
    #: in the seat's own Orders, which orders concern each area (Game.orders_by_area): the map's
    #: cursor names them, and a seat has no engine to open an order on a copy
    orders_here: dict[Word, list[Word]] = {}


class OddsAnswer(_Message):
    type: Literal["odds"] = "odds"
    id: int
    odds: Odds | None = None
    reason: Line | None = None


class Refused(_Message):
    type: Literal["refused"] = "refused"
    reason: Line
    fatal: bool = False


JoinerMessage: TypeAdapter[Hello | Act | AskOdds] = TypeAdapter(Annotated[Hello | Act | AskOdds, Field(discriminator="type")])
HostMessage: TypeAdapter[Welcome | SeatState | OddsAnswer | Refused] = TypeAdapter(
    Annotated[Welcome | SeatState | OddsAnswer | Refused, Field(discriminator="type")])


def problem(exc: ValidationError) -> str:
    """A validation error in one line: the first field and what is wrong with it."""
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "message"
    return f"{where}: {first['msg']}"


def read_joiner(raw: str | bytes) -> Hello | Act | AskOdds:
    """A joiner's message, or ValueError with one line."""
    try:
        return JoinerMessage.validate_json(raw)
    except ValidationError as exc:
        raise ValueError(f"malformed message ({problem(exc)})") from None


def version_refusal(theirs: int) -> str:
    """What to tell a joiner of another protocol version: who must update."""
    if theirs < PROTOCOL:
        return f"your semper-fidelis speaks protocol {theirs}, this host {PROTOCOL}: update semper-fidelis to join"
    return f"your semper-fidelis speaks protocol {theirs}, this host only {PROTOCOL}: the host must update semper-fidelis"
