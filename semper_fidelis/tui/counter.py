"""How many units of each type (issue 36): a step choosing a group of one area's units (a Move's,
an Assault's, a Night Raid's) is a counter per unit type, not a list of every subset. The
counter is a client of the engine: each type's count only takes values some legal group has,
and Enter applies the legal action whose group the counter shows, or says why none does.

Keys, as the group's notation (tui/keys.py: ``2v1h``): counts and unit letters typed in a run
set the counter to that group (the types not named to 0); ``+``/``−`` change the selected type
(a unit letter alone selects it, Tab the next). It opens on the largest legal group: a Move or
an Assault takes the whole stack unless told otherwise (the strongest attack, the HQ with its
troops), so Enter alone confirms the usual choice. Pure, for the tests.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine import unit_pairs
from ..i18n import _
from .words import either, type_words, units_words

if TYPE_CHECKING:
    from .widgets.decision import Row

#: the option kinds a counter stands for: a group of one area's units
COUNTED_KINDS = ("units",)
Group = tuple[tuple[str, int], ...]  # a group as its notation's (code, count) pairs: (("v", 2), ("h", 1))


@dataclass
class UnitCounter:
    groups: dict[Group, Row]  # the legal groups, each with its row (its action, its key)
    types: dict[str, str]  # unit code -> its unit type ("v" -> "pl-volunteer"), in the notation's order
    counts: dict[str, int] = field(default_factory=dict)
    selected: str = ""
    typed: str = ""  # a group being typed (``2v1``)

    @classmethod
    def of(cls, rows: list[Row]) -> UnitCounter | None:
        """The counter for a decision's rows, or None: its options are not groups of one area's units."""
        acting = [r for r in rows if not r.blocked and not r.in_hand and not r.option.closes]
        if not acting or any(r.option.kind not in COUNTED_KINDS for r in acting):
            return None
        if len({r.option.area for r in acting}) != 1:
            return None
        groups = {unit_pairs(r.option.unit_counts): r for r in acting}
        codes = {unit_pairs({t: n})[0][0]: t for r in acting for t, n in r.option.units if n}
        types = {c: codes[c] for c in "vshma" if c in codes}  # the notation's order
        counter = cls(groups, types)
        counter.set(max(groups, key=lambda g: sum(n for _, n in g)))  # the largest: the whole stack
        return counter

    @property
    def groups_by_action(self) -> dict[str, Group]:
        return {r.action: g for g, r in self.groups.items()}

    # ------------------------------------------------------------------------- the counts

    def allowed(self, code: str) -> list[int]:
        """The counts of ``code`` some legal group has (0: a group without it)."""
        return sorted({dict(g).get(code, 0) for g in self.groups})

    def set(self, group: Group) -> None:
        self.counts = {c: 0 for c in self.types} | dict(group)
        self.selected = self.selected or next(iter(self.types))

    @property
    def group(self) -> Group:
        return tuple((c, n) for c, n in self.counts.items() if n)

    @property
    def row(self) -> Row | None:
        """The legal row the counter shows (None: no legal group is this one)."""
        return self.groups.get(self.group)

    def words(self, group: Group | None = None) -> str:
        pairs = self.group if group is None else group
        return units_words({self.types[c]: n for c, n in pairs}) if pairs else _("no units")

    def refusal(self) -> str:
        """Why Enter applies nothing: the legal groups, in words."""
        legal = "; ".join(self.words(g) for g in self.groups)
        return _("Not a group the rules allow here: {group}. They allow: {legal}.", group=self.words(), legal=legal)

    # ------------------------------------------------------------------------------ keys

    def accepts(self, char: str) -> bool:
        """Whether ``char`` is the counter's: a digit, or a unit letter of this step."""
        return char.isdigit() or char in self.types

    def type(self, char: str) -> str:
        """A character of a group typed (``2``, ``v``): the counter set when a count and its
        letter are in; returns what went wrong, in words ('' if nothing)."""
        if char.isdigit():
            self.typed += char
            return ""
        if not self.typed or not self.typed[-1].isdigit():  # a letter alone: that type selected
            self.typed, self.selected = "", char
            return ""
        pairs = _pairs(self.typed + char)
        if len({c for c, _ in pairs}) < len(pairs):  # a type named again: a new group begins
            pairs = pairs[-1:]
        self.typed = "".join(f"{n}{c}" for c, n in pairs)
        self.selected = char
        for code, n in pairs:
            if n not in self.allowed(code):
                self.typed = ""
                return self._range(code)
        self.set(tuple((c, n) for c, n in pairs if n))
        return ""

    def step(self, delta: int) -> str:
        """``+``/``−`` on the selected type: its next count some legal group has."""
        self.typed = ""
        allowed, now = self.allowed(self.selected), self.counts.get(self.selected, 0)
        nxt = [n for n in allowed if (n > now if delta > 0 else n < now)]
        if not nxt:
            return self._range(self.selected)
        self.counts[self.selected] = min(nxt) if delta > 0 else max(nxt)
        return ""

    def next_type(self) -> None:
        codes = list(self.types)
        self.typed = ""
        self.selected = codes[(codes.index(self.selected) + 1) % len(codes)]

    def _range(self, code: str) -> str:
        if code not in self.types:
            return _("No units '{code}' here.", code=code)
        return _("{units} here: {counts}.", units=type_words(self.types[code]), counts=either([str(n) for n in self.allowed(code)]))


def _pairs(typed: str) -> list[tuple[str, int]]:
    """``2v1h`` -> [("v", 2), ("h", 1)]."""
    out, digits = [], ""
    for ch in typed:
        if ch.isdigit():
            digits += ch
        else:
            out.append((ch, int(digits or 0)))
            digits = ""
    return out


#: the option kinds placing one unit in an area, repeated: a placing counter says how many at once
PLACED_KINDS = ("deploy", "reinforce", "mobilize")


@dataclass
class Placing:
    """How many units an area's key places at once in a deployment, a reinforcement or a
    Mobilization (each placement one legal action, applied in a row while legal). It opens on
    the most one area can take now (the step's units left, the largest room among the areas):
    a deployment fills areas; ``−`` places fewer. A Mobilization costs AP: it opens on 1, ``+``
    for more. An area with less room takes what fits."""

    n: int
    most: int

    @classmethod
    def of(cls, rows: list[Row], most: Callable[[Row], int], before: Placing | None = None) -> Placing | None:
        """``most``: how many a row's option could place in a row (the engine's count); a count
        lowered earlier in the same step is kept while it fits."""
        acting = [r for r in rows if not r.blocked and not r.option.closes]
        if not acting or any(r.option.kind not in PLACED_KINDS for r in acting):
            return None
        top = max(most(r) for r in acting)
        if top < 2:
            return None
        start = 1 if any(r.option.kind == "mobilize" for r in acting) else top
        return cls(min(before.n, top) if before is not None else start, top)

    def step(self, delta: int) -> str:
        n = self.n + delta
        if not 1 <= n <= self.most:
            return _("From 1 to {most} at once here.", most=self.most)
        self.n = n
        return ""
