"""The game state: one mutable object the rules change in place.

Everything the game needs is here, including the seeded random generator, so a record of
actions replays to the identical state. :meth:`State.clone` is a hand-written copy (bots and
undo copy often); JSON-able dumps for views come from :func:`to_jsonable`.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, Final, Literal

from ..data.models import Side
from .frames import Frame, digest_form
from .outcome import Outcome

PL: Final[Literal["PL"]] = "PL"
ZURL: Final[Literal["ZURL"]] = "ZURL"
SIDES: Final[tuple[Side, Side]] = (PL, ZURL)
#: who a Mobilization Zone, pool, broken or removed pile belongs to
Zone = Literal["PL", "ZURL", "neutral"]
ZONES: Final[tuple[Zone, ...]] = (PL, ZURL, "neutral")
CommanderStatus = Literal["ok", "dispersed", "killed", "none"]
MILITIA, AUSTRIAN = "jewish-militia", "austro-hungarian"
NEUTRAL_TYPES = (MILITIA, AUSTRIAN)

#: unit types each side owns outright (neutrals belong to whoever they are allied with)
SIDE_TYPES: dict[Side, tuple[str, ...]] = {
    PL: ("pl-volunteer", "pl-soldier", "pl-hq"),
    ZURL: ("zurl-volunteer", "sich-rifleman", "zurl-hq"),
}
HQ: dict[Side, str] = {PL: "pl-hq", ZURL: "zurl-hq"}
VOLUNTEER: dict[Side, str] = {PL: "pl-volunteer", ZURL: "zurl-volunteer"}
ELITE: dict[Side, str] = {PL: "pl-soldier", ZURL: "sich-rifleman"}
TYPE_SIDE: dict[str, Side] = {t: s for s, ts in SIDE_TYPES.items() for t in ts}

#: one-letter codes used in action notation, read in the context of one side's units
CODE = {
    "pl-volunteer": "v", "pl-soldier": "s", "pl-hq": "h",
    "zurl-volunteer": "v", "sich-rifleman": "s", "zurl-hq": "h",
    MILITIA: "m", AUSTRIAN: "a",
}


def other(side: Side) -> Side:
    return ZURL if side == PL else PL


class GameRandom(random.Random):
    """The state's seeded generator, cheap to copy: ``setstate`` only keeps the state (an
    immutable tuple, which copies share) and loads it at the first draw, and ``getstate`` is
    remembered until the next draw. Draws are those of ``random.Random`` with the same seed."""

    _known: tuple[Any, ...] | None = None  # what getstate() returns, while known without asking
    _loaded = True  # whether the generator itself holds _known

    def seed(self, *args: Any, **kwargs: Any) -> None:
        super().seed(*args, **kwargs)
        self._known, self._loaded = None, True

    def getstate(self) -> tuple[Any, ...]:
        if self._known is None:
            self._known = super().getstate()
        return self._known

    def setstate(self, state: tuple[Any, ...]) -> None:
        self._known, self._loaded = state, False
        self.gauss_next = state[2]

    def _draw(self) -> None:
        if not self._loaded:
            assert self._known is not None  # setstate keeps what it was given until the draw
            super().setstate(self._known)
            self._loaded = True
        self._known = None

    def getrandbits(self, k: int) -> int:
        self._draw()
        return super().getrandbits(k)

    def random(self) -> float:
        self._draw()
        return super().random()


@dataclass(frozen=True)
class Token:
    """A Supply Token. ``face_up`` tokens on the board are known to both players. A value:
    turning one face down makes a new one, so copies of the state may share tokens."""

    kind: str
    value: int
    face_up: bool = False
    only: Side | None = None  # "available only for" this side

    def label(self) -> str:
        return f"{self.kind}{self.value}"


@dataclass
class AttackGroup:
    """Units lined up on an area's border (or already inside it), waiting for battle (§6.2)."""

    side: Side
    origin: str  # the area they attack from (the last area passed through); "" = from inside
    units: dict[str, int]
    assault: bool = False


@dataclass
class TurnState:
    """What the active player has done this turn (limits of §5.1, §6, §7.2)."""

    ap: int = 0
    card_played: bool = False
    event_played: bool = False
    generic_tokens: int = 0
    specific_token: bool = False
    propaganda: bool = False
    destruction_eased: bool = False  # §12: Food or Propaganda moved Destruction back this turn
    negotiation: bool = False
    provisions: int = 0
    mobilize_credit: int = 0
    commander_changes: int = 0
    free_barricade_used: bool = False
    evacuated: bool = False  # Evacuation (PL #16): the End of Turn takes no tokens


@dataclass
class State:
    scenario: int
    seed: int
    options: dict[str, Any]
    rng: random.Random
    round: int = 1
    stages: int = 1
    rounds: int = 4
    initiative: Side = PL
    active: Side = PL
    turn_index: int = 0  # 0 = initiative player's turn in the round, 1 = the other's
    phase: str = "setup"
    units: dict[str, dict[str, int]] = field(default_factory=dict)
    attacks: dict[str, list[AttackGroup]] = field(default_factory=dict)
    tokens: dict[str, list[Token]] = field(default_factory=dict)
    barricades: dict[str, list[tuple[Side, str]]] = field(default_factory=dict)  # area -> (side, facing)
    redoubts: dict[str, Side] = field(default_factory=dict)  # area -> side
    strategic: dict[str, int] = field(default_factory=dict)
    mob: dict[Zone, dict[str, int]] = field(default_factory=dict)
    broken: dict[Zone, dict[str, int]] = field(default_factory=dict)
    pool: dict[Zone, dict[str, int]] = field(default_factory=dict)
    removed: dict[Zone, dict[str, int]] = field(default_factory=dict)
    relief_waiting: dict[Side, dict[str, int]] = field(default_factory=dict)
    hand: dict[Side, list[int]] = field(default_factory=dict)
    deck: dict[Side, list[int]] = field(default_factory=dict)
    discard: dict[Side, list[int]] = field(default_factory=dict)
    my_tokens: dict[Side, list[Token]] = field(default_factory=dict)
    token_pool: list[Token] = field(default_factory=list)
    battle_deck: list[int] = field(default_factory=list)
    battle_used: list[int] = field(default_factory=list)
    morale: dict[Side, int] = field(default_factory=dict)
    supply: dict[Side, int] = field(default_factory=dict)
    vp: dict[Side, int] = field(default_factory=dict)
    destruction: int | None = None
    commander: dict[Side, str | None] = field(default_factory=dict)
    commander_status: dict[Side, CommanderStatus] = field(default_factory=dict)  # ok / dispersed / killed / none
    commander_deck: dict[Side, list[str]] = field(default_factory=dict)
    fallen: dict[Side, int] = field(default_factory=dict)
    last_battle: dict[Side, Literal["won", "lost"] | None] = field(default_factory=dict)  # won / lost / None
    negotiation: dict[str, int] = field(default_factory=dict)
    austrians_disarmed: bool = False
    austrians_defend_for: Side | None = None  # PL while neutral Austro-Hungarians fight off a ZURL attack
    relief: list[dict[str, Any]] = field(default_factory=list)
    turn: TurnState = field(default_factory=TurnState)
    losses_this_round: bool = False
    strategic_holder: dict[str, Side | None] = field(default_factory=dict)
    stack: list[Frame] = field(default_factory=list)
    #: what happened, as structured events (engine/events.py); the log is their text (``log``)
    events: list[Any] = field(default_factory=list)
    revealed: bool = False
    result: Outcome | None = None  # set once, when the game ends
    card_effect_counts: dict[str, int] = field(default_factory=dict)
    extra_reinforcement: dict[Side, int] = field(default_factory=dict)  # cards: more at the next End of Stage

    # ------------------------------------------------------------------ copying & digests

    def clone(self) -> State:
        """A copy that shares nothing mutable with this state, many times faster than pickle:
        each field is copied by what it holds (the tables below the class). An object held in
        two places stays one object in the copy (a border group's units are also its losses
        frame's); a field the tables do not name gets the general deep copy."""
        memo: dict[int, Any] = {}
        data = self.__dict__.copy()  # atoms and Tokens are shared as they are
        for name in FLAT_FIELDS:
            data[name] = data[name].copy()
        for name in NESTED_FIELDS:
            data[name] = {k: v.copy() for k, v in data[name].items()}
        for name, copier in _SPECIAL.items():
            data[name] = copier(data[name], memo)
        for name in data.keys() - _KNOWN:
            data[name] = _deep(data[name], memo)
        new = object.__new__(State)
        new.__dict__ = data
        return new

    def with_fields(self, **changes: Any) -> State:
        """A shallow copy with some fields replaced (the rest shared, not copied): a what-if
        for reading only, several times cheaper than ``dataclasses.replace``, which runs
        ``__init__`` over every field."""
        new = object.__new__(State)
        new.__dict__ = {**self.__dict__, **changes}
        return new

    def digest(self) -> str:
        """A short hash of everything but the log and its events, to compare replays and detect drift: the
        sorted JSON of :func:`to_jsonable` (saved records hold it), built without copying the
        fields that already are JSON data."""
        data = {name: _JSON.get(name, to_jsonable)(value) for name, value in self.__dict__.items() if name != "events"}
        data["rng"] = _RNG_MARK
        text = json.dumps(data, sort_keys=True, separators=(",", ":"))
        text = text.replace(_RNG_MARK_JSON, _rng_json(self.rng), 1)
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    @property
    def log(self) -> list[str]:
        """The log, in English: the texts of the events every player sees, made when read (a
        bot never reads them)."""
        return [text for e in self.events if e.visible == "all" and (text := e.text)]

    @property
    def stage(self) -> int:
        return (self.round - 1) // 4 + 1

    @property
    def over(self) -> bool:
        return self.result is not None


# ------------------------------------------------------------------------------- copying

_ATOMS = frozenset({str, int, float, bool, type(None)})


def _deep(value: Any, memo: dict[int, Any]) -> Any:
    """A deep copy of plain data (frames, relief, results), one copy per original object."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    new = memo.get(id(value))
    if new is not None:
        return new
    if kind is dict:
        new = {k: _deep(v, memo) for k, v in value.items()}
    elif kind is list:
        new = [_deep(v, memo) for v in value]
    elif kind is tuple:
        new = tuple(_deep(v, memo) for v in value)
    else:
        return copy.deepcopy(value, memo)
    memo[id(value)] = new
    return new


def _dup(obj: Any, memo: dict[int, Any]) -> Any:
    """A copy of a small dataclass of atoms (TurnState)."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    return new


def _group(g: AttackGroup, memo: dict[int, Any]) -> AttackGroup:
    """A border group; its units dict may also be held by a losses frame (see _deep)."""
    new = memo.get(id(g))
    if new is None:
        new = memo[id(g)] = object.__new__(AttackGroup)
        new.__dict__.update(g.__dict__)
        units = memo.get(id(g.units))
        if units is None:
            units = memo[id(g.units)] = g.units.copy()
        new.units = units
    return new


def _rng(rng: random.Random, memo: dict[int, Any]) -> GameRandom:
    new = GameRandom.__new__(GameRandom)
    new.setstate(rng.getstate())
    return new


# What each field holds, so that clone, digest and the views copy or print it without looking
# inside: atoms; dicts and lists of atoms or Tokens (str keys); dicts of those. A field named
# nowhere (added later) gets the general, slower treatment.
ATOM_FIELDS = (
    "scenario", "seed", "round", "stages", "rounds", "initiative", "active", "turn_index", "phase",
    "destruction", "austrians_disarmed", "austrians_defend_for", "losses_this_round", "revealed",
)
FLAT_FIELDS = (
    "redoubts", "strategic", "morale", "supply", "vp", "commander", "commander_status", "fallen", "last_battle",
    "negotiation", "strategic_holder", "card_effect_counts", "extra_reinforcement", "battle_deck", "battle_used",
    "token_pool",
)
NESTED_FIELDS = (
    "units", "mob", "broken", "pool", "removed", "relief_waiting", "hand", "deck", "discard", "commander_deck",
    "barricades", "tokens", "my_tokens",
)
# how State.clone copies the other fields
_SPECIAL: dict[str, Callable[[Any, dict[int, Any]], Any]] = {
    "rng": _rng,
    "attacks": lambda d, memo: {a: [_group(g, memo) for g in gs] for a, gs in d.items()},
    "turn": _dup,
    "events": lambda d, memo: list(d),  # events are frozen: copies share them
    "stack": _deep,
    "relief": _deep,
    "result": _deep,  # an Outcome is frozen, but its vp table is a dict
    "options": _deep,
}
_KNOWN = frozenset((*ATOM_FIELDS, *FLAT_FIELDS, *NESTED_FIELDS, *_SPECIAL))


def _as_is(value: Any) -> Any:
    return value


def _outcome_json(outcome: Outcome | None) -> dict[str, Any] | None:
    return None if outcome is None else outcome.digest_form()


def _token_lists(d: dict[str, list[Token]]) -> dict[str, list[dict[str, Any]]]:
    return {k: [t.__dict__ for t in ts] for k, ts in d.items()}


# How State.digest turns each field into JSON data: fields of atoms, str-keyed dicts and lists
# (tuples print as lists) as they are; dataclasses by their __dict__ (their fields, in the
# JSON's sorted order anyway); anything else by to_jsonable.
_JSON: dict[str, Callable[[Any], Any]] = {
    **dict.fromkeys((*ATOM_FIELDS, *FLAT_FIELDS, *NESTED_FIELDS), _as_is),
    "tokens": _token_lists,
    "my_tokens": _token_lists,
    "token_pool": lambda ts: [t.__dict__ for t in ts],
    "attacks": lambda d: {a: [g.__dict__ for g in gs] for a, gs in d.items()},
    "turn": lambda t: t.__dict__,
    "stack": lambda frames: [to_jsonable(digest_form(f)) for f in frames],  # as records saved before the battle split
    "result": _outcome_json,
}


# The generator's 625 numbers are half the digest's JSON and change only when it draws: their
# text is kept for the state tuple it was made from (GameRandom returns the same tuple until
# its next draw) and put in place of a mark no state string holds.
_RNG_MARK = "\x00rng"
_RNG_MARK_JSON = json.dumps(_RNG_MARK)
_rng_text: list[tuple[Any, str]] = [(None, "")]  # (the state tuple, its JSON), swapped whole


def _rng_json(rng: random.Random) -> str:
    state = rng.getstate()
    known, text = _rng_text[0]
    if known is not state:
        text = json.dumps(to_jsonable(rng), sort_keys=True, separators=(",", ":"))
        _rng_text[0] = (state, text)
    return text


def to_jsonable(obj: Any) -> Any:
    """Plain JSON data for any part of the state (the generator as its internal state)."""
    if isinstance(obj, random.Random):
        version, internal, gauss = obj.getstate()
        return {"version": version, "state": list(internal), "gauss": gauss}
    if is_dataclass(obj):
        return {f.name: to_jsonable(getattr(obj, f.name)) for f in fields(obj)}
    if isinstance(obj, dict):
        return {str(k): to_jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [to_jsonable(v) for v in obj]
    return obj
