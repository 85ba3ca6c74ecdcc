"""Events (docs/architecture.md): what an action did, as structured data the clients read — units moved, a
battle and its tally, Losses, track changes, cards played, tokens taken, alliances — each with
the players who may see it. The log is made of their text: :func:`event` writes both.

An event never changes once written; ``Event.to_dict()`` is its plain form::

    {"kind": "track", "text": "PL Morale +1 → 6 (truce).", "visible": "all",
     "round": 3, "turn": "PL", "side": "PL", "track": "morale", "delta": 1, "value": 6}

``visible`` is ``"all"`` or the one side that may see it (a face-down token taken, the cards a
player draws); such an event has no text in the public log, or a text that hides the secret.
Kinds: ``note`` (anything else in the log; ``side``: who did it, where one side did), ``turn``,
``move``, ``battle``, ``loss``, ``track``, ``card``, ``token``, ``alliance``, ``draw``,
``battle-start`` (a battle is picked or an Assault fought: ``area``, ``attacker``, ``assault``),
``stage`` (an End of Stage begins: ``stage``, ``categories``), ``game-over``, ``quiet-step`` (a
secret battle step passed for a side that could only pass: ``side``, ``step``, ``battle_area``,
``after``; visible to that side only, battle.quiet_step).

Every event that changes the map (units, tokens, fortifications, units on a border) names the
areas it changed in the facts listed in :data:`AREA_FACTS`, so a client can mark what a turn did.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import Any

from .kinds import EventKind
from .state import State

ALL = "all"
_NAME = re.compile(r"[\w-]+")
#: what a fact is frozen from (a tuple of types: ``dict | list`` would be built at every call)
_MUTABLE = (dict, list)
#: the key of an event's template in its plain form
MESSAGE = "message"
#: a text's template: (msgid, the fields beyond the facts as (name, value) pairs)
Message = tuple[str, tuple[tuple[str, Any], ...]]
NO_FIELDS: Mapping[str, Any] = MappingProxyType({})
#: The facts that name an area the event changed on the map.
AREA_FACTS = ("area", "from_area", "to_area")


@dataclass(frozen=True)
class Event:
    """One thing that happened. ``facts`` are (name, value) pairs of immutable values (units as
    (type, count) pairs); :meth:`to_dict` gives the plain JSON form.

    ``message`` is the text's template, for showing it in any language (engine/wording.py):
    (msgid, the fields beyond the facts); ``written`` is a text given as it is (an event written
    before templates). The English ``text`` is made from the template when first read, not when
    the event is written: bots never read it."""

    kind: EventKind
    visible: str
    round: int
    turn: str
    facts: tuple[tuple[str, Any], ...] = ()
    message: Message | None = None
    written: str | None = field(default=None, compare=False)  # a peer's English: what it sent, not what the event is

    @cached_property
    def text(self) -> str | None:  # a frozen dataclass lets cached_property write its __dict__
        if self.written is not None or self.message is None:
            return self.written
        from .wording import english_text  # wording reads the catalog: only when a text is read

        return english_text(self)

    def __getitem__(self, name: str) -> Any:
        return dict(self.facts)[name]

    def get(self, name: str, default: Any = None) -> Any:
        return dict(self.facts).get(name, default)

    def to_dict(self) -> dict[str, Any]:
        out = {"kind": self.kind, "text": self.text, "visible": self.visible, "round": self.round, "turn": self.turn,
               **{k: _plain(v) for k, v in self.facts}}
        if self.message is not None:
            msgid, fields = self.message
            out[MESSAGE] = {"id": msgid, "fields": {k: _plain(v) for k, v in fields}}
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        """The event back from its plain form (a client that received it over the network):
        ``Event.from_dict(e.to_dict()) == e``; the English ``text`` is the one the peer sent,
        the template shows it in another language."""
        head = ("kind", "text", "visible", "round", "turn", MESSAGE)
        facts = tuple((k, _frozen(v)) for k, v in data.items() if k not in head)
        message = _message(data.get(MESSAGE))
        return cls(data["kind"], data["visible"], data["round"], data["turn"], facts, message, data.get("text"))


def _message(data: Any) -> Message | None:
    """A template back from its plain form; anything else (an older peer's event) is none."""
    if not isinstance(data, dict) or not isinstance(data.get("id"), str):
        return None
    fields = data.get("fields")
    return data["id"], tuple((k, _frozen(v, True)) for k, v in fields.items()) if isinstance(fields, dict) else ()


def _frozen(value: Any, every: bool = False) -> Any:
    """A plain value as an event keeps it: dicts as sorted pairs (a count of nothing left out,
    as facts are written, unless ``every``: a template's fields, whose zeros are words)."""
    if isinstance(value, dict):
        return tuple(sorted((k, _frozen(v, every)) for k, v in value.items() if every or v))
    if isinstance(value, list):
        return tuple(_frozen(v, every) for v in value)
    return value


def _plain(value: Any) -> Any:
    """A kept value as JSON: (name, value) pairs as a dict (names are words: a template's pair
    of (text, fields), a log's reason, stays a list)."""
    if isinstance(value, tuple):
        if all(isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], str) and _NAME.fullmatch(v[0]) for v in value):
            return {k: _plain(v) for k, v in value}
        return [_plain(v) for v in value]
    return value


def event(state: State, kind: EventKind, msg: str | None = None, *, text: str | None = None, visible: str = ALL,
          say: Mapping[str, Any] = NO_FIELDS, **facts: Any) -> None:
    """Record an event. ``msg`` is its text's template (marked with ``N_``; a count's words are a
    field, wording.FIELD_WORDS), filled from the facts and ``say`` (the words that are no facts,
    atoms only) when the text is read, in English (``Event.text``) or the player's
    language (engine/wording.py): the game loop formats nothing. ``text``: a text with no
    template. An event with either and ``visible`` to all is a line of the log (State.log)."""
    e = object.__new__(Event)  # one dict, not seven frozen assignments: the game loop writes many
    object.__setattr__(e, "__dict__", {
        "kind": kind, "visible": visible, "round": state.round, "turn": state.active,
        "facts": tuple([(k, _frozen(v) if isinstance(v, _MUTABLE) else v) for k, v in facts.items()]),  # a list: no generator
        "message": None if msg is None else (msg, tuple(say.items()) if say else ()), "written": text,
    })
    state.events.append(e)


def visible_to(events: list[Event], player: str | None, since: int = 0) -> list[Event]:
    """The events from index ``since`` that ``player`` may see (None: all of them)."""
    return [e for e in events[since:] if player is None or e.visible in (ALL, player)]
