"""Who holds what (§4.2, §13.2): units of a side in an area, occupation, contested areas,
district control, and the strategic-area bookkeeping that moves Morale immediately (§8, FAQ)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextvars import ContextVar
from typing import ParamSpec, TypeVar

from ..data.models import Side
from .rules import Rules
from .state import AUSTRIAN, MILITIA, NEUTRAL_TYPES, PL, TYPE_SIDE, ZURL, State, other

P = ParamSpec("P")
R = TypeVar("R")


def ally_of(rules: Rules, state: State, neutral: str) -> Side | None:
    """The side a neutral force fights for: its Negotiation Track's ally (§13), or PL for
    Austro-Hungarians defending themselves against a ZURL attack (see :func:`track_ally`)."""
    if neutral == AUSTRIAN and state.austrians_defend_for:
        return state.austrians_defend_for
    return track_ally(rules, state, neutral)


def track_ally(rules: Rules, state: State, neutral: str) -> Side | None:
    """The side a neutral force is allied with on its Negotiation Track (§13)."""
    sides = rules.allies.get(neutral)
    return None if sides is None else sides[state.negotiation[neutral]]


def owner(rules: Rules, state: State, utype: str) -> Side | None:
    side = TYPE_SIDE.get(utype)
    if side is None and utype in NEUTRAL_TYPES:
        return ally_of(rules, state, utype)
    return side


def side_units(rules: Rules, state: State, area: str, side: Side) -> dict[str, int]:
    """Units of ``side`` in the area (allied neutrals included), by type."""
    out = {}
    for t, n in state.units.get(area, {}).items():
        if n and owner(rules, state, t) == side:
            out[t] = n
    return out


def count(rules: Rules, state: State, area: str, side: Side) -> int:
    memo = _LISTING.get()
    if memo is not None and memo.state is state:
        tally = memo.areas.get(area) or memo.area(rules, area)
        return tally[0] if side == PL else tally[1]
    n = 0
    for t, k in state.units.get(area, {}).items():
        if k and (TYPE_SIDE.get(t) or (t in NEUTRAL_TYPES and ally_of(rules, state, t))) == side:
            n += k
    return n


def total(state: State, area: str) -> int:
    """All units in the area, both sides and neutrals (the unit limit counts them all)."""
    return sum(state.units.get(area, {}).values())


def neutral_units(rules: Rules, state: State, area: str) -> dict[str, int]:
    return {
        t: n for t, n in state.units.get(area, {}).items()
        if n and t in NEUTRAL_TYPES and owner(rules, state, t) is None
    }


def occupant(rules: Rules, state: State, area: str) -> Side | None:
    """The side occupying the area, or None when it is neutral or contested (§4.2).

    A neutral Jewish Militia keeps an area neutral; a neutral Austro-Hungarian unit neither
    controls nor contests (§13.2)."""
    memo = _LISTING.get()
    if memo is not None and memo.state is state:
        return (memo.areas.get(area) or memo.area(rules, area))[5]
    sides = set()
    for t, n in state.units.get(area, {}).items():
        if not n:
            continue
        side = owner(rules, state, t)
        if side is None:
            if t == MILITIA:
                return None
            continue
        sides.add(side)
    return sides.pop() if len(sides) == 1 else None


#: one area's units: PL's, ZURL's, all, a neutral Militia, neutral Austrians, the holder
Tally = tuple[int, int, int, bool, bool, Side | None]
EMPTY: Tally = (0, 0, 0, False, False, None)


def snapshot(rules: Rules, state: State) -> dict[str, Tally]:
    """Per area: (PL units, ZURL units, all units, neutral Militia present, neutral
    Austro-Hungarians present, occupant) in one pass — for the hot loops (movement search) that
    would otherwise recount every area many times. Areas without units are left out (EMPTY)."""
    memo = _LISTING.get()
    if memo is not None and memo.state is state:
        return memo.board(rules)
    allies = _allies(rules, state)
    return _tallies(state.units.items(), allies)


#: Area -> Tally lookups: a whole snapshot, or a listing's tallies made as they are asked
Tallies = Mapping[str, Tally]


class _Asked(Mapping[str, Tally]):
    """A listing's tallies as a mapping: an area is tallied only when asked (a search near one
    area never tallies the whole board); an area without units is EMPTY."""

    __slots__ = ("memo", "rules")

    def __init__(self, memo: _Listing, rules: Rules) -> None:
        self.memo, self.rules = memo, rules

    def __getitem__(self, area: str) -> Tally:
        return self.memo.area(self.rules, area)

    def get(self, area: str, default: object = None) -> Tally:
        """An area's tally, one call for an area already tallied (the movement search asks
        this for every neighbour it looks at)."""
        info = self.memo.areas.get(area)
        return info if info is not None else self.memo.area(self.rules, area)

    def __iter__(self) -> Iterator[str]:
        return iter(self.memo.board(self.rules))

    def __len__(self) -> int:
        return len(self.memo.board(self.rules))


def tallies(rules: Rules, state: State) -> Tallies:
    """:func:`snapshot` for lookups by area: inside a listing, each area tallied when first
    asked; outside one, the whole board at once."""
    memo = _LISTING.get()
    if memo is not None and memo.state is state:
        return memo.board(rules) if memo.whole else _Asked(memo, rules)
    return snapshot(rules, state)


def _allies(rules: Rules, state: State) -> dict[str, Side | None]:
    return {MILITIA: ally_of(rules, state, MILITIA), AUSTRIAN: ally_of(rules, state, AUSTRIAN)}


def _tallies(areas: Iterable[tuple[str, dict[str, int]]], allies: dict[str, Side | None]) -> dict[str, Tally]:
    """The snapshot's entries of these areas (one call for the whole board: a call per area
    cost more than its count)."""
    out = {}
    for area, units in areas:
        pl = zurl = tot = 0
        militia = austrians = False
        for t, n in units.items():
            if not n:
                continue
            tot += n
            side = TYPE_SIDE.get(t) or allies.get(t)
            if side == PL:
                pl += n
            elif side == ZURL:
                zurl += n
            elif t == MILITIA:
                militia = True
            elif t == AUSTRIAN:
                austrians = True
        out[area] = (pl, zurl, tot, militia, austrians, None if militia or (pl and zurl) else PL if pl else ZURL if zurl else None)
    return out


class _Listing:
    """While the legal actions of a position are listed the state cannot change, so each area
    is tallied once, when first asked about, and the listing's many occupancy questions (the
    movement searches, the area filters) are answered from the tallies. The machine brackets
    each listing with :func:`frozen`."""

    __slots__ = ("state", "areas", "allies", "whole")

    def __init__(self, state: State) -> None:
        self.state = state
        self.areas: dict[str, Tally] = {}
        self.allies: dict[str, Side | None] | None = None
        self.whole = False

    def area(self, rules: Rules, area: str) -> Tally:
        info = self.areas.get(area)
        if info is None:
            units = self.state.units.get(area)
            if not units:
                return EMPTY
            if self.allies is None:
                self.allies = _allies(rules, self.state)
            info = self.areas[area] = _tallies(((area, units),), self.allies)[area]
        return info

    def board(self, rules: Rules) -> dict[str, Tally]:
        if not self.whole:
            self.allies = self.allies or _allies(rules, self.state)
            self.areas, self.whole = _tallies(self.state.units.items(), self.allies), True
        return self.areas


_LISTING: ContextVar[_Listing | None] = ContextVar("occupancy_listing", default=None)


def frozen(state: State, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> R:
    """``fn(*args)`` with the board frozen, as a listing of legal actions is: each area is
    tallied once, when first asked (a plain call, not a ``with``: it runs at every step a bot
    asks about, and a generator-based context costs a percent of a playout)."""
    token = _LISTING.set(_Listing(state))
    try:
        return fn(*args, **kwargs)
    finally:
        _LISTING.reset(token)


def contested(rules: Rules, state: State, area: str) -> bool:
    memo = _LISTING.get()
    if memo is not None and memo.state is state:  # one look-up for both sides
        tally = memo.areas.get(area) or memo.area(rules, area)
        return tally[0] > 0 and tally[1] > 0
    return count(rules, state, area, PL) > 0 and count(rules, state, area, ZURL) > 0


def has_enemy(rules: Rules, state: State, area: str, side: Side) -> bool:
    return count(rules, state, area, other(side)) > 0


def neutral_militia(rules: Rules, state: State, area: str) -> bool:
    return state.units.get(area, {}).get(MILITIA, 0) > 0 and owner(rules, state, MILITIA) is None


def add_units(state: State, area: str, units: dict[str, int]) -> None:
    bucket = state.units.setdefault(area, {})
    for t, n in units.items():
        if n:
            bucket[t] = bucket.get(t, 0) + n


def remove_units(state: State, area: str, units: dict[str, int]) -> None:
    bucket = state.units[area]
    for t, n in units.items():
        if n:
            left = bucket.get(t, 0) - n
            if left < 0:
                raise ValueError(f"not enough {t} in {area}")
            if left:
                bucket[t] = left
            else:
                bucket.pop(t, None)


def occupied_areas(rules: Rules, state: State, side: Side) -> list[str]:
    return [a for a, info in snapshot(rules, state).items() if info[5] == side]


def district_status(rules: Rules, state: State, district: int) -> str | None:
    """'PL'/'ZURL' when that side controls the district (§4.2), 'contested' or 'neutral' otherwise.

    While the Jewish Militia is neutral, PL can never control districts III and VIII (§13.2)."""
    holders = {occupant(rules, state, a) for a in rules.district_areas.get(district, ())}
    holders.discard(None)
    if len(holders) == 1:
        side = holders.pop()
        if side == PL and district in (3, 8) and _militia_blocks(rules, state):
            return "contested"
        return side
    return "contested" if holders else "neutral"


def _militia_blocks(rules: Rules, state: State) -> bool:
    has_track = any(t.neutral == MILITIA for t in rules.scenario.negotiation)
    return has_track and owner(rules, state, MILITIA) is None


def austrians_neutral(rules: Rules, state: State) -> bool:
    return owner(rules, state, AUSTRIAN) is None


def strategic_holders(rules: Rules, state: State) -> dict[str, Side | None]:
    """Who occupies each Strategic Area (:func:`occupant`, the neutrals' allies read once)."""
    allies, units = _allies(rules, state), state.units
    held = _tallies([(a, units[a]) for a in state.strategic if units.get(a)], allies)
    return {a: held[a][5] if a in held else None for a in state.strategic}


def units_of_side_anywhere(rules: Rules, state: State, side: Side) -> int:
    return sum(count(rules, state, a, side) for a in state.units)

