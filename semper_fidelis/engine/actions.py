"""Actions as typed values: one frozen class per kind, and ONE grammar for their text.

Every action the engine offers is an :class:`Action` value (``Move()``, ``From("rynek")``,
``To("podzamcze", via="rynek", how="attack")``, ``Withdraw("v", "rynek", "namiestnictwo")`` …).
Its ``str()`` is the text notation records, saves, the CLI and tests use, and
``Action.parse(text)`` reads that text back: ``Action.parse(str(a)) == a`` for every action (a
property test plays random games in every scenario and the rulebook examples to hold it). The
rules build their legal actions from these classes and read them back through their fields,
option descriptions (options.py) and the bots read the same fields: nobody splits the text.

Why the API looks as it does:

- **An action is its notation.** Records are text and must replay unchanged, so the text is the
  identity: every Action *is* a ``str`` (a frozen, slotted value class over ``str``, made by :func:`value`) holding
  exactly its notation, with typed fields beside it. So ``game.legal()`` gives values and yet
  ``"end" in game.legal()``, ``game.legal() == ["keep", "change"]``, JSON, sorting and the
  hundreds of callers and test literals that spell actions out keep working unchanged;
  ``str(a)`` is the plain text, ``game.legal_text()`` the plain list. Code that decides or
  describes reads the fields (``a.dest``, ``a.units``), never splits the text.
- **Parsing is context-free and strict.** The text alone decides the class (``take romer`` is a
  Commander, ``take rynek food2`` a token; ``from rynek`` an order's origin, ``from rynek v`` a
  single unit's); text that would not print back identically is refused, so a value always
  round-trips. Parsed values are cached (one object per distinct text), and so are values built
  from their fields with :meth:`Action.of`: building one anew costs far more than a dict
  look-up, so the rules list their actions with ``Cls.of(...)``.
- **Units stay in their codes** (``v s h m a``) as (code, count) pairs, as the text has them: which
  unit type a code means depends on the acting side, which the rules know and the text does not.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import FrozenInstanceError
from functools import lru_cache
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar, cast, dataclass_transform

#: unit codes in the order a group is written (notation.py names the unit types)
UNIT_CODES = "vshma"
_GROUP = re.compile(r"(?:\d+[vshma])+")
_PAIR = re.compile(r"(\d+)([vshma])")
_LOSS_UNIT = re.compile(r"([vshma])@(.+)")
_NUMBER = re.compile(r"[1-9]\d*|0")

UnitPairs = tuple[tuple[str, int], ...]


class ActionSyntaxError(ValueError):
    """Text that is not an action in the notation; the message says why."""


def group_text(pairs: UnitPairs) -> str:
    """``(("v", 2), ("s", 1))`` -> ``2v1s``."""
    return "".join(f"{n}{c}" for c, n in pairs)


def group_pairs(text: str) -> UnitPairs:
    """``2v1s`` -> ``(("v", 2), ("s", 1))``; raises ActionSyntaxError for anything else."""
    if not _GROUP.fullmatch(text):
        raise ActionSyntaxError(f"'{text}' is not a unit group like 2v1s")
    return tuple((c, int(n)) for n, c in _PAIR.findall(text))


def _number(word: str) -> int:
    if not _NUMBER.fullmatch(word):
        raise ActionSyntaxError(f"'{word}' is not a number")
    return int(word)


def _code(word: str) -> str:
    if len(word) != 1 or word not in UNIT_CODES:
        raise ActionSyntaxError(f"'{word}' is not a unit code (v s h m a)")
    return word


C = TypeVar("C", bound="type[Action]")
_CACHE_LIMIT = 1 << 16  # values kept by Action.of and Action.parse


@dataclass_transform(eq_default=False, frozen_default=True)
def value(cls: C) -> C:
    """An action class as ``@dataclass(frozen=True, eq=False, slots=True)`` made it (fields from
    its annotations, slots, frozen, the same repr) at a fraction of the import: a dataclass
    compiles four methods per class, and 67 classes were a seventh of importing the engine.
    ``FIELDS`` names the fields in order (a base's first), ``DEFAULTS`` those with one."""
    notes = cls.__dict__.get("__annotations__", {})
    own = tuple(n for n, t in notes.items() if not str(t).startswith("ClassVar"))
    inherited: tuple[str, ...] = getattr(cls, "FIELDS", ())
    body = {k: v for k, v in cls.__dict__.items() if k not in own and k not in ("__dict__", "__weakref__")}
    body["__slots__"] = own
    body["FIELDS"] = body["__match_args__"] = inherited + own
    body["DEFAULTS"] = {**getattr(cls, "DEFAULTS", {}), **{n: cls.__dict__[n] for n in own if n in cls.__dict__}}
    return cast(C, type(cls.__name__, cls.__bases__, body))  # the same class, slotted


@value
class Action(str):
    """Base of every action: a ``str`` (its notation) whose fields are typed. Subclasses set
    ``VERB`` (the first word) and implement ``rest`` (the text after it, from the fields) and
    ``from_words`` (the inverse, raising ActionSyntaxError)."""

    VERB: ClassVar[str] = ""
    FIELDS: ClassVar[tuple[str, ...]] = ()
    DEFAULTS: ClassVar[dict[str, Any]] = {}

    def __new__(cls, *args: Any, **kwargs: Any) -> Action:
        names = cls.FIELDS
        values = dict(zip(names, args, strict=False))
        if kwargs or len(args) != len(names):
            values = {**cls.DEFAULTS, **values, **kwargs}
            if len(args) > len(names) or values.keys() != set(names):
                raise TypeError(f"{cls.__name__} takes ({', '.join(names)}), not {args} {kwargs}")
        self = str.__new__(cls, f"{cls.VERB} {rest}" if (rest := cls.rest(SimpleNamespace(**values))) else cls.VERB)
        for name, value in values.items():
            object.__setattr__(self, name, value)
        return self

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{type(self).__qualname__}({fields})"

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    @staticmethod
    def rest(v: Any) -> str:
        return ""

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if words:
            raise ActionSyntaxError(f"'{cls.VERB}' takes nothing after it")
        return cls()

    if TYPE_CHECKING:

        @classmethod
        def of(cls, *args: Any) -> Self:
            """The action with these fields (in order), built once and kept: the rules list
            their actions with it, as cheap as writing the text."""
    else:
        # a C-level cache, no Python frame a call: the rules ask it ~16 times an action
        of = classmethod(lru_cache(maxsize=_CACHE_LIMIT)(lambda cls, *args: cls(*args)))

    @classmethod
    def parse_as(cls, text: str) -> Self:
        """:meth:`parse`, and the action must be of this class."""
        action = Action.parse(text)
        if not isinstance(action, cls):
            raise ActionSyntaxError(f"'{text}' is not a '{cls.VERB}' action")
        return action

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action.parse, (str(self),))

    @staticmethod
    def parse(text: str) -> Action:
        """The action ``text`` writes (exactly as the engine prints it). Raises
        ActionSyntaxError naming what is wrong."""
        known = _PARSED.get(text)
        if known is not None:
            return known
        action = _parse(text)
        if len(_PARSED) >= _CACHE_LIMIT:
            _PARSED.clear()
        _PARSED[text] = action
        return action


_PARSED: dict[str, Action] = {}
#: the first word -> the classes that start with it, tried in turn (shapes never overlap)
VERBS: dict[str, list[type[Action]]] = {}


def action(cls: type[Action]) -> type[Action]:
    """Register an action class under its verb (the parser's table)."""
    VERBS.setdefault(cls.VERB, []).append(cls)
    return cls


def _parse(text: str) -> Action:
    if not isinstance(text, str):
        raise ActionSyntaxError(f"an action is text, not {type(text).__name__}")
    words = text.split(" ")
    classes = VERBS.get(words[0])
    if not classes:
        raise ActionSyntaxError(f"'{words[0]}' is not an action's first word")
    problem = ""
    for cls in classes:
        try:
            value = cls.from_words(words[1:])
        except ActionSyntaxError as exc:
            problem = str(exc)
            continue
        if value != text:
            raise ActionSyntaxError(f"'{text}' is not written as the engine writes it ('{value}')")
        return value
    raise ActionSyntaxError(f"'{text}': {problem}")


def as_action(value: Action | str) -> Action:
    """An action from a value or its exact text."""
    return value if isinstance(value, Action) else Action.parse(value)


Readers = tuple[Callable[[str], Any], ...]


def _not_number(word: str) -> str:
    """A word that is not a number (a token where a card number would be another action)."""
    if _NUMBER.fullmatch(word):
        raise ActionSyntaxError(f"'{word}' is a number, not a token")
    return word


@value
class Words(Action):
    """An action whose text is its fields, one word each, in order (``mobilize rynek v``):
    ``READ`` reads each word into its field (``str``, a number, a unit code) and ``TAKES`` says
    what the verb takes when the words don't fit."""

    TAKES: ClassVar[str] = ""
    READ: ClassVar[Readers] = ()

    @classmethod
    def rest(cls, v: Any) -> str:
        return " ".join([str(getattr(v, name)) for name in cls.FIELDS])

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if len(words) != len(cls.READ):
            raise ActionSyntaxError(f"'{cls.VERB}' takes {cls.TAKES}")
        return cls(*(read(word) for read, word in zip(cls.READ, words, strict=True)))


# ------------------------------------------------------------------------ plain words


@value
class InArea(Words):
    """One area, ``area``: where the action happens."""

    area: str
    TAKES: ClassVar[str] = "an area"
    READ: ClassVar[Readers] = (str,)


@value
class CardNumber(Words):
    """One card, by its number ``card``."""

    card: int
    TAKES: ClassVar[str] = "a card number"
    READ: ClassVar[Readers] = (_number,)


@value
class TokenWord(Words):
    """One Supply Token, by its label ``token`` (``food2``)."""

    token: str
    TAKES: ClassVar[str] = "a token"
    READ: ClassVar[Readers] = (str,)


@value
class AreaUnit(Words):
    """One unit (its code) in ``area``."""

    area: str
    unit: str
    TAKES: ClassVar[str] = "an area and a unit code"
    READ: ClassVar[Readers] = (str, _code)


@value
class AreaToken(Words):
    """A token (a face-up label or ``hidden``) in ``area``."""

    area: str
    token: str
    TAKES: ClassVar[str] = "an area and a token"
    READ: ClassVar[Readers] = (str, str)


@action
@value
class Keep(Action):
    """Keep the Commander (§5.1 [1])."""

    VERB: ClassVar[str] = "keep"


@action
@value
class Change(Action):
    """Change the Commander: a new one is drawn (§5.1 [1])."""

    VERB: ClassVar[str] = "change"


@action
@value
class Draw(Action):
    """Draw the Action cards (§5.1 [4])."""

    VERB: ClassVar[str] = "draw"


@action
@value
class End(Action):
    """End the Orders Phase."""

    VERB: ClassVar[str] = "end"


@action
@value
class Cancel(Action):
    """Leave an order being built, nothing spent."""

    VERB: ClassVar[str] = "cancel"


@action
@value
class Done(Action):
    """Stop a repeated step (mobilizing, a card's choices)."""

    VERB: ClassVar[str] = "done"


@action
@value
class Fight(Action):
    """Fight the battle now (the Assault) or without evading (the defender)."""

    VERB: ClassVar[str] = "fight"


@action
@value
class Pass(Action):
    """Play no special card or token in this battle step."""

    VERB: ClassVar[str] = "pass"


@action
@value
class Stay(Action):
    """The winner does not advance after the battle (§9.5)."""

    VERB: ClassVar[str] = "stay"


@action
@value
class Hold(Action):
    """Take no extra withdrawal after the Losses."""

    VERB: ClassVar[str] = "hold"


@action
@value
class Disarm(Action):
    """Viceroy Huyn: the Austro-Hungarians are disarmed."""

    VERB: ClassVar[str] = "disarm"


@action
@value
class Ally(Action):
    """Viceroy Huyn: the Austro-Hungarians become an ally."""

    VERB: ClassVar[str] = "ally"


@action
@value
class Morale(Action):
    """A card's choice: raise Morale."""

    VERB: ClassVar[str] = "morale"


@action
@value
class Destruction(Action):
    """A card's choice: move the Destruction marker up."""

    VERB: ClassVar[str] = "destruction"


# ------------------------------------------------------------------- the Orders menu (§5.1, §6)


@action
@value
class MoveOrder(Action):
    """Begin a Move order (built in steps: from, units, to)."""

    VERB: ClassVar[str] = "move"


@action
@value
class AssaultOrder(Action):
    """Begin an Assault order."""

    VERB: ClassVar[str] = "assault"


@action
@value
class AssaultMore(Action):
    """Send a further Assault group into the area being assaulted (FAQ)."""

    VERB: ClassVar[str] = "assault"

    @staticmethod
    def rest(v: Any) -> str:
        return "more"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if words != ["more"]:
            raise ActionSyntaxError("'assault' takes nothing or 'more'")
        return cls()


@action
@value
class FortifyOrder(Action):
    """Begin a Fortification order."""

    VERB: ClassVar[str] = "fortify"


@action
@value
class MobilizeOrder(Action):
    """Begin a Mobilization order."""

    VERB: ClassVar[str] = "mobilize"


@action
@value
class ProvisionOrder(Action):
    """Begin a Provisioning order."""

    VERB: ClassVar[str] = "provision"


@action
@value
class PlayCard(CardNumber):
    """Play Action card ``card`` for its AP."""

    VERB: ClassVar[str] = "card"


@action
@value
class PlayEffect(CardNumber):
    """Play Action card ``card`` for its effect."""

    VERB: ClassVar[str] = "effect"


_TRACKS = ("morale", "destruction")


@action
@value
class Propaganda(Action):
    """The Propaganda order (§8): ``track`` is ``morale`` or ``destruction``."""

    VERB: ClassVar[str] = "propaganda"
    track: str

    @staticmethod
    def rest(v: Any) -> str:
        return str(v.track)

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if len(words) != 1 or words[0] not in _TRACKS:
            raise ActionSyntaxError("'propaganda' takes morale or destruction")
        return cls(words[0])


@action
@value
class Negotiate(Action):
    """One step of a neutral's Negotiation Track toward ``toward`` (pl/zurl), or (``ally``) onto
    its alliance space (§13.1)."""

    VERB: ClassVar[str] = "negotiate"
    neutral: str
    toward: str
    ally: bool = False

    @staticmethod
    def rest(v: Any) -> str:
        return f"{v.neutral} {v.toward}" + (" ally" if v.ally else "")

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if len(words) not in (2, 3) or words[1] not in ("pl", "zurl") or words[2:] not in ([], ["ally"]):
            raise ActionSyntaxError("'negotiate' takes a neutral, pl or zurl, and maybe 'ally'")
        return cls(words[0], words[1], len(words) == 3)


@action
@value
class Supply(TokenWord):
    """Use Supply Token ``token`` (its label: ``food2``) to raise Supply (§7.2)."""

    VERB: ClassVar[str] = "supply"


@action
@value
class UseToken(Action):
    """Use Supply Token ``token`` for its own effect (§7.2); a Food token names the ``track``."""

    VERB: ClassVar[str] = "use"
    token: str
    track: str | None = None

    @staticmethod
    def rest(v: Any) -> str:
        return v.token if v.track is None else f"{v.token} {v.track}"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if len(words) not in (1, 2) or words[1:] and words[1] not in _TRACKS:
            raise ActionSyntaxError("'use' takes a token and maybe morale or destruction")
        return cls(words[0], words[1] if len(words) == 2 else None)


def _one_area(cls: type[Action], words: list[str]) -> str:
    if len(words) != 1:
        raise ActionSyntaxError(f"'{cls.VERB}' takes an area")
    return words[0]


@action
@value
class Dismantle(InArea):
    """Remove one's own fortifications in ``area``."""

    VERB: ClassVar[str] = "dismantle"


# ------------------------------------------------------------------- building a move (§6.2)


@action
@value
class From(Action):
    """The area a group moves from; with ``unit``, the one unit (a card's move "anywhere")."""

    VERB: ClassVar[str] = "from"
    area: str
    unit: str | None = None

    @staticmethod
    def rest(v: Any) -> str:
        return v.area if v.unit is None else f"{v.area} {v.unit}"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if len(words) not in (1, 2):
            raise ActionSyntaxError("'from' takes an area and maybe a unit code")
        return cls(words[0], _code(words[1]) if len(words) == 2 else None)


@action
@value
class Units(Action):
    """The units of the group that moves: (code, count) pairs, ``2v1s``."""

    VERB: ClassVar[str] = "units"
    units: UnitPairs

    @staticmethod
    def rest(v: Any) -> str:
        return group_text(v.units)

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if len(words) != 1:
            raise ActionSyntaxError("'units' takes a unit group like 2v1s")
        return cls(group_pairs(words[0]))


_HOWS = ("attack", "enter")


@action
@value
class To(Action):
    """Where the group goes: into ``dest``, or (``via`` an adjacent area) lined up on its border
    to ``attack`` it or to ``enter`` the middle of an enemy area without battle."""

    VERB: ClassVar[str] = "to"
    dest: str
    via: str | None = None
    how: str | None = None

    @staticmethod
    def rest(v: Any) -> str:
        return v.dest if v.via is None else f"{v.dest} via {v.via} {v.how}"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if len(words) == 1:
            return cls(words[0])
        if len(words) != 4 or words[1] != "via" or words[3] not in _HOWS:
            raise ActionSyntaxError("'to' takes an area, or an area 'via' an area and attack or enter")
        return cls(words[0], words[2], words[3])


# ------------------------------------------------------------------------- placing units


@action
@value
class Mobilize(AreaUnit):
    """Mobilize one unit (its code) into ``area``: the Mobilization order or a card's."""

    VERB: ClassVar[str] = "mobilize"


@action
@value
class Place(AreaUnit):
    """Deployment: place one unit (its code) in ``area`` (§2)."""

    VERB: ClassVar[str] = "place"


@action
@value
class Attrition(AreaUnit):
    """Attrition: the unit (its code) lost in ``area`` (§5.1 [5])."""

    VERB: ClassVar[str] = "attrition"


@action
@value
class Advance(Words):
    """After a won battle, one unit (its code) of the group from ``origin`` advances (§9.5)."""

    VERB: ClassVar[str] = "advance"
    origin: str
    unit: str
    TAKES: ClassVar[str] = "an area and a unit code"
    READ: ClassVar[Readers] = (str, _code)


@action
@value
class HQ(InArea):
    """Place the HQ in ``area``."""

    VERB: ClassVar[str] = "hq"


@action
@value
class Relief(Action):
    """Bring a group of the Relief into ``area`` (§10); ``relief done`` (area None) ends it."""

    VERB: ClassVar[str] = "relief"
    area: str | None = None
    units: UnitPairs = ()

    @staticmethod
    def rest(v: Any) -> str:
        return "done" if v.area is None else f"{v.area} {group_text(v.units)}"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if words == ["done"]:
            return cls()
        if len(words) != 2:
            raise ActionSyntaxError("'relief' takes an area and a unit group, or done")
        return cls(words[0], group_pairs(words[1]))


@action
@value
class Reinforce(Action):
    """End of Stage: a unit into Village ``area``, or (None) to the Mobilization Zone."""

    VERB: ClassVar[str] = "reinforce"
    area: str | None = None

    @staticmethod
    def rest(v: Any) -> str:
        return "mobilization" if v.area is None else v.area

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        area = _one_area(cls, words)
        return cls(None if area == "mobilization" else area)


@action
@value
class TakeCommander(Words):
    """Take the relief Commander ``commander``."""

    VERB: ClassVar[str] = "take"
    commander: str
    TAKES: ClassVar[str] = "a Commander, or an area and a token"
    READ: ClassVar[Readers] = (str,)


# ------------------------------------------------------------------------- Supply Tokens


def _area_token(cls: type[Action], words: list[str]) -> tuple[str, str]:
    if len(words) != 2:
        raise ActionSyntaxError(f"'{cls.VERB}' takes an area and a token")
    return words[0], words[1]


@action
@value
class TakeToken(AreaToken):
    """A card's choice: take ``token`` (a face-up label or ``hidden``) from ``area``."""

    VERB: ClassVar[str] = "take"


@action
@value
class ProvisionToken(AreaToken):
    """Provisioning: take ``token`` from ``area``."""

    VERB: ClassVar[str] = "provision"


@action
@value
class Collect(AreaToken):
    """Collect ``token`` (a face-up label or ``hidden``) from ``area`` (§5.1 [3])."""

    VERB: ClassVar[str] = "collect"


@action
@value
class Extra(Action):
    """Collect an extra ``token`` from ``area``; ``extra pass`` (area None) declines."""

    VERB: ClassVar[str] = "extra"
    area: str | None = None
    token: str = ""

    @staticmethod
    def rest(v: Any) -> str:
        return "pass" if v.area is None else f"{v.area} {v.token}"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        return cls() if words == ["pass"] else cls(*_area_token(cls, words))


@action
@value
class DiscardToken(Words):
    """A card's choice: discard Supply Token ``token``."""

    VERB: ClassVar[str] = "discard"
    token: str
    TAKES: ClassVar[str] = "a card number or a token"
    READ: ClassVar[Readers] = (_not_number,)


@action
@value
class CombatToken(TokenWord):
    """Play Combat token ``token`` in a battle."""

    VERB: ClassVar[str] = "token"


@action
@value
class Medicine(TokenWord):
    """Use Medicine token ``token`` against one Loss."""

    VERB: ClassVar[str] = "medicine"


# --------------------------------------------------------------------------------- cards


@action
@value
class Discard(Words):
    """Discard card ``card`` (Evasion's cost, the hand limit)."""

    VERB: ClassVar[str] = "discard"
    card: int
    TAKES: ClassVar[str] = "a card number or a token"
    READ: ClassVar[Readers] = (_number,)


@action
@value
class EventCard(Action):
    """Play card ``card`` as an Event; ``event pass`` (None) plays none."""

    VERB: ClassVar[str] = "event"
    card: int | None = None

    @staticmethod
    def rest(v: Any) -> str:
        return "pass" if v.card is None else str(v.card)

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if words == ["pass"]:
            return cls()
        if len(words) != 1:
            raise ActionSyntaxError("'event' takes a card number or pass")
        return cls(_number(words[0]))


@action
@value
class Special(CardNumber):
    """Play Special card ``card`` in a battle."""

    VERB: ClassVar[str] = "special"


@action
@value
class RemoveUnit(Words):
    """A card's choice: remove a unit (its code) in the Mobilization Zone from the game."""

    VERB: ClassVar[str] = "remove"
    unit: str
    TAKES: ClassVar[str] = "a unit code or an area"
    READ: ClassVar[Readers] = (_code,)


@action
@value
class RemoveFrom(InArea):
    """A card's choice: remove the units in ``area`` (the Austro-Hungarians)."""

    VERB: ClassVar[str] = "remove"


# --------------------------------------------------------------------------- fortifications


@action
@value
class Barricade(Words):
    """Build a Barricade in ``area`` facing the adjacent ``facing``."""

    VERB: ClassVar[str] = "barricade"
    area: str
    facing: str
    TAKES: ClassVar[str] = "an area and the neighbour it faces"
    READ: ClassVar[Readers] = (str, str)


@action
@value
class Redoubt(InArea):
    """Build a Redoubt in ``area``."""

    VERB: ClassVar[str] = "redoubt"


@action
@value
class Artillery(InArea):
    """Artillery fires on ``area`` (§7.2; a card's guns too)."""

    VERB: ClassVar[str] = "artillery"


# ------------------------------------------------------------------------------ battles (§9)


@action
@value
class BattleAt(InArea):
    """The attacker picks the next battle to fight, in ``area``."""

    VERB: ClassVar[str] = "battle"


@action
@value
class Evade(Action):
    """The defender evades: ``units`` withdraw to ``dest`` (§9.2)."""

    VERB: ClassVar[str] = "evade"
    dest: str
    units: UnitPairs

    @staticmethod
    def rest(v: Any) -> str:
        return f"{v.dest} {group_text(v.units)}"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if len(words) != 2:
            raise ActionSyntaxError("'evade' takes an area and a unit group")
        return cls(words[0], group_pairs(words[1]))


@action
@value
class Retreat(Action):
    """The loser retreats to ``area``; ``retreat none`` (None) has nowhere to go (§9.5)."""

    VERB: ClassVar[str] = "retreat"
    area: str | None = None

    @staticmethod
    def rest(v: Any) -> str:
        return "none" if v.area is None else v.area

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        area = _one_area(cls, words)
        return cls(None if area == "none" else area)


# ------------------------------------------------------------------------------ Losses (§9.4)


def _loss_unit(cls: type[Action], word: str) -> tuple[str, str]:
    match = _LOSS_UNIT.fullmatch(word)
    if not match:
        raise ActionSyntaxError(f"'{cls.VERB}' takes a unit and its group, like v@rynek")
    return match.group(1), match.group(2)


@value
class LossUnit(Action):
    """A Loss taken on one unit (its code) of group ``group``, written ``v@rynek``."""

    unit: str
    group: str

    @staticmethod
    def rest(v: Any) -> str:
        return f"{v.unit}@{v.group}"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if len(words) != 1:
            raise ActionSyntaxError(f"'{cls.VERB}' takes a unit and its group, like v@rynek")
        return cls(*_loss_unit(cls, words[0]))


@action
@value
class Disperse(LossUnit):
    """Take a Loss by dispersing a unit of a group."""

    VERB: ClassVar[str] = "disperse"


@action
@value
class Break(LossUnit):
    """Take Losses by breaking a unit of a group."""

    VERB: ClassVar[str] = "break"


@action
@value
class Withdraw(Action):
    """Take a Loss by withdrawing a unit (its code) of group ``group`` to ``dest``."""

    VERB: ClassVar[str] = "withdraw"
    unit: str
    group: str
    dest: str

    @staticmethod
    def rest(v: Any) -> str:
        return f"{v.unit}@{v.group} {v.dest}"

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if len(words) != 2:
            raise ActionSyntaxError("'withdraw' takes a unit and its group, like v@rynek, and an area")
        return cls(*_loss_unit(cls, words[0]), words[1])
