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
  identity: every Action *is* a ``str`` (a frozen, slotted dataclass over ``str``) holding
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
from dataclasses import MISSING, dataclass, fields
from types import SimpleNamespace
from typing import Any, ClassVar, Self

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


@dataclass(frozen=True, eq=False, slots=True)
class Action(str):
    """Base of every action: a ``str`` (its notation) whose fields are typed. Subclasses set
    ``VERB`` (the first word) and implement ``rest`` (the text after it, from the fields) and
    ``from_words`` (the inverse, raising ActionSyntaxError)."""

    VERB: ClassVar[str] = ""

    def __new__(cls, *args: Any, **kwargs: Any) -> Action:
        names, defaults = _signature(cls)
        values = dict(defaults)
        values.update(zip(names, args, strict=False))
        values.update(kwargs)
        rest = cls.rest(SimpleNamespace(**values))
        return str.__new__(cls, f"{cls.VERB} {rest}" if rest else cls.VERB)

    @staticmethod
    def rest(v: Any) -> str:
        return ""

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if words:
            raise ActionSyntaxError(f"'{cls.VERB}' takes nothing after it")
        return cls()

    @classmethod
    def of(cls, *args: Any) -> Self:
        """The action with these fields (in order), built once and kept: the rules list their
        actions with it, as cheap as writing the text."""
        key = (cls, *args)
        made = _MADE.get(key)
        if made is None:
            if len(_MADE) >= _CACHE_LIMIT:
                _MADE.clear()
            made = _MADE[key] = cls(*args)
        return made  # type: ignore[return-value]  # keyed by its class

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


_MADE: dict[tuple[Any, ...], Action] = {}
_SIGNATURES: dict[type[Action], tuple[tuple[str, ...], dict[str, Any]]] = {}


def _signature(cls: type[Action]) -> tuple[tuple[str, ...], dict[str, Any]]:
    """The field names of an action class, in order, and their defaults."""
    known = _SIGNATURES.get(cls)
    if known is None:
        parts = fields(cls)
        known = tuple(f.name for f in parts), {f.name: f.default for f in parts if f.default is not MISSING}
        _SIGNATURES[cls] = known
    return known


_PARSED: dict[str, Action] = {}
_CACHE_LIMIT = 1 << 16
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


@dataclass(frozen=True, eq=False, slots=True)
class Words(Action):
    """An action whose text is its fields, one word each, in order (``mobilize rynek v``):
    ``READ`` reads each word into its field (``str``, a number, a unit code) and ``TAKES`` says
    what the verb takes when the words don't fit."""

    TAKES: ClassVar[str] = ""
    READ: ClassVar[Readers] = ()

    @classmethod
    def rest(cls, v: Any) -> str:
        return " ".join(str(getattr(v, name)) for name in _signature(cls)[0])

    @classmethod
    def from_words(cls, words: list[str]) -> Action:
        if len(words) != len(cls.READ):
            raise ActionSyntaxError(f"'{cls.VERB}' takes {cls.TAKES}")
        return cls(*(read(word) for read, word in zip(cls.READ, words, strict=True)))


# ------------------------------------------------------------------------ plain words


@dataclass(frozen=True, eq=False, slots=True)
class InArea(Words):
    """One area, ``area``: where the action happens."""

    area: str
    TAKES: ClassVar[str] = "an area"
    READ: ClassVar[Readers] = (str,)


@dataclass(frozen=True, eq=False, slots=True)
class CardNumber(Words):
    """One card, by its number ``card``."""

    card: int
    TAKES: ClassVar[str] = "a card number"
    READ: ClassVar[Readers] = (_number,)


@dataclass(frozen=True, eq=False, slots=True)
class TokenWord(Words):
    """One Supply Token, by its label ``token`` (``food2``)."""

    token: str
    TAKES: ClassVar[str] = "a token"
    READ: ClassVar[Readers] = (str,)


@dataclass(frozen=True, eq=False, slots=True)
class AreaUnit(Words):
    """One unit (its code) in ``area``."""

    area: str
    unit: str
    TAKES: ClassVar[str] = "an area and a unit code"
    READ: ClassVar[Readers] = (str, _code)


@dataclass(frozen=True, eq=False, slots=True)
class AreaToken(Words):
    """A token (a face-up label or ``hidden``) in ``area``."""

    area: str
    token: str
    TAKES: ClassVar[str] = "an area and a token"
    READ: ClassVar[Readers] = (str, str)


@action
@dataclass(frozen=True, eq=False, slots=True)
class Keep(Action):
    """Keep the Commander (§5.1 [1])."""

    VERB: ClassVar[str] = "keep"


@action
@dataclass(frozen=True, eq=False, slots=True)
class Change(Action):
    """Change the Commander: a new one is drawn (§5.1 [1])."""

    VERB: ClassVar[str] = "change"


@action
@dataclass(frozen=True, eq=False, slots=True)
class Draw(Action):
    """Draw the Action cards (§5.1 [4])."""

    VERB: ClassVar[str] = "draw"


@action
@dataclass(frozen=True, eq=False, slots=True)
class End(Action):
    """End the Orders Phase."""

    VERB: ClassVar[str] = "end"


@action
@dataclass(frozen=True, eq=False, slots=True)
class Cancel(Action):
    """Leave an order being built, nothing spent."""

    VERB: ClassVar[str] = "cancel"


@action
@dataclass(frozen=True, eq=False, slots=True)
class Done(Action):
    """Stop a repeated step (mobilizing, a card's choices)."""

    VERB: ClassVar[str] = "done"


@action
@dataclass(frozen=True, eq=False, slots=True)
class Fight(Action):
    """Fight the battle now (the Assault) or without evading (the defender)."""

    VERB: ClassVar[str] = "fight"


@action
@dataclass(frozen=True, eq=False, slots=True)
class Pass(Action):
    """Play no special card or token in this battle step."""

    VERB: ClassVar[str] = "pass"


@action
@dataclass(frozen=True, eq=False, slots=True)
class Stay(Action):
    """The winner does not advance after the battle (§9.5)."""

    VERB: ClassVar[str] = "stay"


@action
@dataclass(frozen=True, eq=False, slots=True)
class Hold(Action):
    """Take no extra withdrawal after the Losses."""

    VERB: ClassVar[str] = "hold"


@action
@dataclass(frozen=True, eq=False, slots=True)
class Disarm(Action):
    """Viceroy Huyn: the Austro-Hungarians are disarmed."""

    VERB: ClassVar[str] = "disarm"


@action
@dataclass(frozen=True, eq=False, slots=True)
class Ally(Action):
    """Viceroy Huyn: the Austro-Hungarians become an ally."""

    VERB: ClassVar[str] = "ally"


@action
@dataclass(frozen=True, eq=False, slots=True)
class Morale(Action):
    """A card's choice: raise Morale."""

    VERB: ClassVar[str] = "morale"


@action
@dataclass(frozen=True, eq=False, slots=True)
class Destruction(Action):
    """A card's choice: move the Destruction marker up."""

    VERB: ClassVar[str] = "destruction"


# ------------------------------------------------------------------- the Orders menu (§5.1, §6)


@action
@dataclass(frozen=True, eq=False, slots=True)
class MoveOrder(Action):
    """Begin a Move order (built in steps: from, units, to)."""

    VERB: ClassVar[str] = "move"


@action
@dataclass(frozen=True, eq=False, slots=True)
class AssaultOrder(Action):
    """Begin an Assault order."""

    VERB: ClassVar[str] = "assault"


@action
@dataclass(frozen=True, eq=False, slots=True)
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
@dataclass(frozen=True, eq=False, slots=True)
class FortifyOrder(Action):
    """Begin a Fortification order."""

    VERB: ClassVar[str] = "fortify"


@action
@dataclass(frozen=True, eq=False, slots=True)
class MobilizeOrder(Action):
    """Begin a Mobilization order."""

    VERB: ClassVar[str] = "mobilize"


@action
@dataclass(frozen=True, eq=False, slots=True)
class ProvisionOrder(Action):
    """Begin a Provisioning order."""

    VERB: ClassVar[str] = "provision"


@action
@dataclass(frozen=True, eq=False, slots=True)
class PlayCard(CardNumber):
    """Play Action card ``card`` for its AP."""

    VERB: ClassVar[str] = "card"


@action
@dataclass(frozen=True, eq=False, slots=True)
class PlayEffect(CardNumber):
    """Play Action card ``card`` for its effect."""

    VERB: ClassVar[str] = "effect"


_TRACKS = ("morale", "destruction")


@action
@dataclass(frozen=True, eq=False, slots=True)
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
@dataclass(frozen=True, eq=False, slots=True)
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
@dataclass(frozen=True, eq=False, slots=True)
class Supply(TokenWord):
    """Use Supply Token ``token`` (its label: ``food2``) to raise Supply (§7.2)."""

    VERB: ClassVar[str] = "supply"


@action
@dataclass(frozen=True, eq=False, slots=True)
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
@dataclass(frozen=True, eq=False, slots=True)
class Dismantle(InArea):
    """Remove one's own fortifications in ``area``."""

    VERB: ClassVar[str] = "dismantle"


# ------------------------------------------------------------------- building a move (§6.2)


@action
@dataclass(frozen=True, eq=False, slots=True)
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
@dataclass(frozen=True, eq=False, slots=True)
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
@dataclass(frozen=True, eq=False, slots=True)
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
@dataclass(frozen=True, eq=False, slots=True)
class Mobilize(AreaUnit):
    """Mobilize one unit (its code) into ``area``: the Mobilization order or a card's."""

    VERB: ClassVar[str] = "mobilize"


@action
@dataclass(frozen=True, eq=False, slots=True)
class Place(AreaUnit):
    """Deployment: place one unit (its code) in ``area`` (§2)."""

    VERB: ClassVar[str] = "place"


@action
@dataclass(frozen=True, eq=False, slots=True)
class Attrition(AreaUnit):
    """Attrition: the unit (its code) lost in ``area`` (§5.1 [5])."""

    VERB: ClassVar[str] = "attrition"


@action
@dataclass(frozen=True, eq=False, slots=True)
class Advance(Words):
    """After a won battle, one unit (its code) of the group from ``origin`` advances (§9.5)."""

    VERB: ClassVar[str] = "advance"
    origin: str
    unit: str
    TAKES: ClassVar[str] = "an area and a unit code"
    READ: ClassVar[Readers] = (str, _code)


@action
@dataclass(frozen=True, eq=False, slots=True)
class HQ(InArea):
    """Place the HQ in ``area``."""

    VERB: ClassVar[str] = "hq"


@action
@dataclass(frozen=True, eq=False, slots=True)
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
@dataclass(frozen=True, eq=False, slots=True)
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
@dataclass(frozen=True, eq=False, slots=True)
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
@dataclass(frozen=True, eq=False, slots=True)
class TakeToken(AreaToken):
    """A card's choice: take ``token`` (a face-up label or ``hidden``) from ``area``."""

    VERB: ClassVar[str] = "take"


@action
@dataclass(frozen=True, eq=False, slots=True)
class ProvisionToken(AreaToken):
    """Provisioning: take ``token`` from ``area``."""

    VERB: ClassVar[str] = "provision"


@action
@dataclass(frozen=True, eq=False, slots=True)
class Collect(AreaToken):
    """Collect ``token`` (a face-up label or ``hidden``) from ``area`` (§5.1 [3])."""

    VERB: ClassVar[str] = "collect"


@action
@dataclass(frozen=True, eq=False, slots=True)
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
@dataclass(frozen=True, eq=False, slots=True)
class DiscardToken(Words):
    """A card's choice: discard Supply Token ``token``."""

    VERB: ClassVar[str] = "discard"
    token: str
    TAKES: ClassVar[str] = "a card number or a token"
    READ: ClassVar[Readers] = (_not_number,)


@action
@dataclass(frozen=True, eq=False, slots=True)
class CombatToken(TokenWord):
    """Play Combat token ``token`` in a battle."""

    VERB: ClassVar[str] = "token"


@action
@dataclass(frozen=True, eq=False, slots=True)
class Medicine(TokenWord):
    """Use Medicine token ``token`` against one Loss."""

    VERB: ClassVar[str] = "medicine"


# --------------------------------------------------------------------------------- cards


@action
@dataclass(frozen=True, eq=False, slots=True)
class Discard(Words):
    """Discard card ``card`` (Evasion's cost, the hand limit)."""

    VERB: ClassVar[str] = "discard"
    card: int
    TAKES: ClassVar[str] = "a card number or a token"
    READ: ClassVar[Readers] = (_number,)


@action
@dataclass(frozen=True, eq=False, slots=True)
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
@dataclass(frozen=True, eq=False, slots=True)
class Special(CardNumber):
    """Play Special card ``card`` in a battle."""

    VERB: ClassVar[str] = "special"


@action
@dataclass(frozen=True, eq=False, slots=True)
class RemoveUnit(Words):
    """A card's choice: remove a unit (its code) in the Mobilization Zone from the game."""

    VERB: ClassVar[str] = "remove"
    unit: str
    TAKES: ClassVar[str] = "a unit code or an area"
    READ: ClassVar[Readers] = (_code,)


@action
@dataclass(frozen=True, eq=False, slots=True)
class RemoveFrom(InArea):
    """A card's choice: remove the units in ``area`` (the Austro-Hungarians)."""

    VERB: ClassVar[str] = "remove"


# --------------------------------------------------------------------------- fortifications


@action
@dataclass(frozen=True, eq=False, slots=True)
class Barricade(Words):
    """Build a Barricade in ``area`` facing the adjacent ``facing``."""

    VERB: ClassVar[str] = "barricade"
    area: str
    facing: str
    TAKES: ClassVar[str] = "an area and the neighbour it faces"
    READ: ClassVar[Readers] = (str, str)


@action
@dataclass(frozen=True, eq=False, slots=True)
class Redoubt(InArea):
    """Build a Redoubt in ``area``."""

    VERB: ClassVar[str] = "redoubt"


@action
@dataclass(frozen=True, eq=False, slots=True)
class Artillery(InArea):
    """Artillery fires on ``area`` (§7.2; a card's guns too)."""

    VERB: ClassVar[str] = "artillery"


# ------------------------------------------------------------------------------ battles (§9)


@action
@dataclass(frozen=True, eq=False, slots=True)
class BattleAt(InArea):
    """The attacker picks the next battle to fight, in ``area``."""

    VERB: ClassVar[str] = "battle"


@action
@dataclass(frozen=True, eq=False, slots=True)
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
@dataclass(frozen=True, eq=False, slots=True)
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


@dataclass(frozen=True, eq=False, slots=True)
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
@dataclass(frozen=True, eq=False, slots=True)
class Disperse(LossUnit):
    """Take a Loss by dispersing a unit of a group."""

    VERB: ClassVar[str] = "disperse"


@action
@dataclass(frozen=True, eq=False, slots=True)
class Break(LossUnit):
    """Take Losses by breaking a unit of a group."""

    VERB: ClassVar[str] = "break"


@action
@dataclass(frozen=True, eq=False, slots=True)
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
