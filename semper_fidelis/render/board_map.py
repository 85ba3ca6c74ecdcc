"""The map of Lwów as a Rich renderable.

:class:`BoardMap` draws a schematic grid of the areas, laid out by ``Area.pos``, over a plain
:class:`MapPosition` (unit counts, strategic values, supply tokens, fortifications, ...). It
depends only on the game data and that position, not on the engine, so the CLI (``board``) and
the Textual UI show the same map. A cell, legible without colour::

    Rynek           label bar, in the colour of the area's district (legend: districts I-VIII)
    C ★1 ?2 #1 ×    terrain C/S/V, strategic value, tokens (face up "Fo3", face down "?2"),
                    fortifications (#n Barricades, R Redoubt), contested mark
    ■2V ■1S         PL units: coloured glyph + count + letter (components.toml ``letter``)
    ■1U ◆Z          ZURL units (◆ the HQ)
    ■1A             neutral units

When the console is too narrow for the grid, the map falls back to a list of areas by district.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import get_args

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from ..data.loader import GameData
from ..data.models import Area, Scenario, UnitTypeId

# ------------------------------------------------------------------------------------ constants

ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V", 6: "VI", 7: "VII", 8: "VIII"}
SIDE_ORDER = ("PL", "ZURL", "neutral")

#: Side of each unit type. The ids are fixed by the schema (``models.UnitTypeId``).
UNIT_SIDE: dict[str, str] = {
    unit: "PL" if unit.startswith("pl-") else "ZURL" if unit in ("zurl-volunteer", "sich-rifleman", "zurl-hq") else "neutral"
    for unit in get_args(UnitTypeId)
}
HQ_UNITS = {"pl-hq": "PL", "zurl-hq": "ZURL"}

#: Colours of the cubes (§1): PL white and red, ZURL orange and light blue, neutrals black and
#: grey (shown grey, dim grey for the black Militia cubes, so they read on dark terminals).
UNIT_STYLE: dict[str, str] = {
    "pl-volunteer": "bold bright_white",
    "pl-soldier": "bold red1",
    "pl-hq": "bold bright_white",
    "zurl-volunteer": "bold dark_orange",
    "sich-rifleman": "bold sky_blue1",
    "zurl-hq": "bold dark_orange",
    "jewish-militia": "grey50",
    "austro-hungarian": "grey78",
}
SIDE_STYLE = {"PL": "bold bright_white on red3", "ZURL": "bold yellow1 on dodger_blue3", "neutral": "bold black on grey62"}
UNIT_GLYPH = "■"
HQ_GLYPH = "◆"

#: Token marks: two letters per kind, ``?n`` for n face-down tokens.
TOKEN_MARK = {
    "artillery": "Ar",
    "barricade": "Ba",
    "uniform": "Un",
    "food": "Fo",
    "plane": "Pl",
    "grenades": "Gr",
    "machine-gun": "MG",
    "ammunition": "Am",
    "medicine": "Me",
}
TERRAIN_MARK = {"city": "C", "suburb": "S", "village": "V"}

#: Background of each district's label bar; Villages belong to no district (§4.1).
DISTRICT_STYLE = {
    1: "bold bright_white on #7a4b12",
    2: "bold bright_white on #1f4e79",
    3: "bold bright_white on #5b2c83",
    4: "bold bright_white on #2e6b30",
    5: "bold bright_white on #8b2252",
    6: "bold bright_white on #6b6b10",
    7: "bold bright_white on #16706b",
    8: "bold bright_white on #4a4a4a",
}
VILLAGE_STYLE = "bold #dddddd on #333a2c"
CURSOR_STYLE = "bold black on yellow1"
HIGHLIGHT_STYLE = "bold black on gold3"

#: §6.2: the Cytadela is always considered to have a Redoubt.
PERMANENT_REDOUBT = "cytadela"

GAP = 1  # columns between cells
MIN_CELL, MAX_CELL = 9, 14


# ------------------------------------------------------------------------------------ position


@dataclass
class Fortification:
    """A side's fortifications in one area (§6.2): Barricades on its sides, a Redoubt inside."""

    barricades: int = 0
    redoubt: bool = False


@dataclass
class MapPosition:
    """Everything the map shows, as plain data (no engine objects).

    ``units``: area id -> unit type id -> count, for both sides and the neutrals.
    ``tokens``: area id -> one entry per Supply Token: its kind when face up, ``None`` face down.
    ``fortifications``: area id -> side ("PL"/"ZURL") -> :class:`Fortification`.
    ``attacks``: area id -> one ``(side, units)`` per attacking side lined up on its border.
    ``highlighted`` / ``cursor``: areas the UI wants to point at (legal targets, selection).
    ``title``, ``subtitle`` and ``notes``: lines shown above and below the map (scenario, tracks,
    off-board units, ...).
    """

    units: dict[str, dict[str, int]] = field(default_factory=dict)
    strategic: dict[str, int] = field(default_factory=dict)
    tokens: dict[str, list[str | None]] = field(default_factory=dict)
    fortifications: dict[str, dict[str, Fortification]] = field(default_factory=dict)
    attacks: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    highlighted: set[str] = field(default_factory=set)
    cursor: str | None = None
    title: str = ""
    subtitle: str = ""
    notes: list[str] = field(default_factory=list)

    def side_units(self, area: str, side: str) -> int:
        """Units of ``side`` ("PL", "ZURL" or "neutral") in ``area``."""
        return sum(n for unit, n in self.units.get(area, {}).items() if UNIT_SIDE.get(unit) == side)

    def occupant(self, area: str) -> str | None:
        """The side ("PL" or "ZURL") that alone has units in ``area``; None if neither or both."""
        sides = {side for side in ("PL", "ZURL") if self.side_units(area, side)}
        return sides.pop() if len(sides) == 1 else None

    @property
    def contested(self) -> set[str]:
        """Areas holding units of both sides (§4.2)."""
        return {a for a in self.units if self.side_units(a, "PL") and self.side_units(a, "ZURL")}

    @property
    def hq(self) -> dict[str, str]:
        """Side -> area of its HQ (the commander's large cube), for the sides that have one."""
        return {HQ_UNITS[u]: area for area, units in self.units.items() for u, n in units.items() if u in HQ_UNITS and n}

    def add_units(self, area: str, unit: str, count: int) -> None:
        per_area = self.units.setdefault(area, {})
        per_area[unit] = per_area.get(unit, 0) + count


def _units_text(data: GameData, units: dict[str, int]) -> str:
    """'12 Polish Volunteers (V)' style summary, with the map letters."""
    names = {u.id: (u.name.split(" (")[0], u.letter) for u in data.components.units}
    return ", ".join(f"{n} {names.get(u, (u, '?'))[0]} ({names.get(u, (u, '?'))[1]})" for u, n in units.items() if n)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def position_from_scenario(data: GameData, scenario: Scenario) -> MapPosition:
    """The starting position of ``scenario``: fixed placements, neutrals, strategic tokens, and
    the Supply Tokens (specific ones face up, random ones face down). Free-deployment scenarios
    start with no side units on the board; a note says what each side will deploy."""
    pos = MapPosition(strategic=dict(scenario.strategic))
    pos.title = f"Scenario {scenario.number}: {scenario.name} ({scenario.dates})"
    if scenario.polish and scenario.polish != scenario.name:
        pos.title += f" — {scenario.polish}"
    names = {a.id: a.name for a in data.board.areas}
    unit_name = {u.id: u.name.split(" (")[0] for u in data.components.units}  # without "(white cubes)"

    for side in ("PL", "ZURL"):
        setup = scenario.sides.get(side)
        if setup is None:
            continue
        for p in setup.placements:
            pos.add_units(p.area, p.unit, p.count)
    for p in scenario.neutrals:
        pos.add_units(p.area, p.unit, p.count)

    for t in scenario.specific_tokens:
        pos.tokens.setdefault(t.area, []).extend([t.kind] * t.count)
    for t in scenario.random_tokens:
        if t.area is not None:
            pos.tokens.setdefault(t.area, []).extend([None] * t.count)

    # notes: who moves first, tracks, off-board units and tokens, deployment, relief
    notes = pos.notes
    sides = [(side, scenario.sides[side]) for side in ("PL", "ZURL") if side in scenario.sides]
    pos.subtitle = f"Initiative {scenario.initiative}.  " + "   ".join(
        f"{side}: Morale {ROMAN.get(s.morale, s.morale)}, Supply {ROMAN.get(s.supply, s.supply)}, {s.vp} VP"
        for side, s in sides
    )
    if scenario.deployment == "free":
        order = sorted(scenario.sides, key=lambda s: s != scenario.deploys_first)
        for i, side in enumerate(order):
            zones: dict[tuple, list[str]] = {}  # (zone, areas) -> "15 Ukrainian Volunteers", ...
            for fd in scenario.sides[side].free_deployment:
                what = unit_name.get(fd.unit, fd.unit)
                zones.setdefault((fd.zone, fd.areas), []).append(what if fd.unit in HQ_UNITS else f"{fd.count} {what}")
            parts = []
            for (zone, areas), units in zones.items():
                where = {
                    "city": "any City area",
                    "village": "any Village",
                    "other-villages": "the other Villages",
                    "listed": ", ".join(names.get(a, a) for a in areas),
                }[zone]
                parts.append(f"{_and(units)} in {where}")
            when = "deploys first" if i == 0 and scenario.deploys_first else "then deploys"
            notes.append(f"Free deployment — {side} {when}: " + "; ".join(parts) + ".")
    mob = [f"{side} {_units_text(data, s.mobilization)}" for side, s in sides if s.mobilization]
    if scenario.neutral_mobilization:
        mob.append(f"neutral {_units_text(data, scenario.neutral_mobilization)}")
    if mob:
        notes.append("Mobilization Zone: " + "; ".join(mob) + ".")
    hands = [f"{t.to} {t.count}" for t in sorted(scenario.random_tokens, key=lambda t: t.to != "PL") if t.to]
    if hands:
        notes.append("Face-down Supply Tokens in hand: " + ", ".join(hands) + ".")
    reserved = [
        f"{names.get(t.area, t.area)} ({t.count}, {t.available_to} only)"
        for t in scenario.random_tokens
        if t.area is not None and t.available_to is not None
    ]
    if reserved:
        notes.append("Tokens only one side may take: " + ", ".join(reserved) + ".")
    for r in scenario.relief:
        label = scenario.time_track[r.round - 1] if 0 < r.round <= len(scenario.time_track) else f"round {r.round}"
        who = data.commander_by_id.get(r.commander).name if r.commander in data.commander_by_id else r.commander
        start = data.board.relief_start.get(r.side)
        notes.append(
            f"Relief {label}: {r.side} {r.count} {unit_name.get(r.unit, r.unit)}"
            + (f" with {who}" if who else "")
            + (f" (from {names.get(start, start)})" if start else "")
            + "."
        )
    return pos


# ------------------------------------------------------------------------------------ renderer


class BoardMap:
    """Rich renderable: the map of Lwów with ``position`` on it, plus a legend."""

    def __init__(
        self, data: GameData, position: MapPosition, *, legend: bool = True, notes: bool = True, compact: bool = False
    ):
        self.data = data
        self.position = position
        self.legend = legend
        self.notes = notes
        self.compact = compact  # no blank line between rows: the label bars keep them apart
        self._contested: set[str] | None = None  # computed once per drawing, not once per cell
        self.letters = {u.id: u.letter for u in data.components.units}
        self.unit_order = [u.id for u in data.components.units]

    # -- cells

    @staticmethod
    def fit(label: str, width: int) -> str:
        """Shorten a map label to ``width``: drop a final '.', then spaces, then cut with '…'."""
        for shorter in (label, label.rstrip("."), label.rstrip(".").replace(". ", "."), label.rstrip(".").replace(" ", "")):
            if len(shorter) <= width:
                return shorter
        return shorter[: max(width - 1, 0)] + "…"

    def _header(self, area: Area, width: int, *, tag: bool = False, name: bool = False) -> Text:
        """The label bar, in the colour of the area's district (a dark green-grey for Villages).
        With ``tag`` the district's roman numeral (or 'vil') is printed at the right."""
        pos = self.position
        if area.district is not None:
            mark, style = ROMAN.get(area.district, str(area.district)), DISTRICT_STYLE.get(area.district, "bold reverse")
        else:
            mark, style = "vil", VILLAGE_STYLE
        prefix = ""
        if area.id == pos.cursor:
            style, prefix = CURSOR_STYLE, "▶"
        elif area.id in pos.highlighted:
            style, prefix = HIGHLIGHT_STYLE, "•"
        room = width - len(prefix) - (len(mark) + 1 if tag else 0)
        text = prefix + self.fit(area.name if name else area.label, room)
        if tag:
            text = text.ljust(width - len(mark)) + mark
        return Text(text.ljust(width), style=style)

    def _markers(self, area: Area) -> list[Text]:
        """Terrain letter, strategic value, tokens, fortifications, contested mark."""
        pos = self.position
        items = [Text(TERRAIN_MARK[area.terrain], style="dim")]
        value = pos.strategic.get(area.id)
        if value:
            items.append(Text(f"★{value}", style="bold yellow"))
        tokens = pos.tokens.get(area.id, [])
        for kind, n in Counter(t for t in tokens if t is not None).items():
            items.append(Text(f"{TOKEN_MARK.get(kind, kind[:2])}{n if n > 1 else ''}", style="bold green"))
        face_down = sum(1 for t in tokens if t is None)
        if face_down:
            items.append(Text(f"?{face_down}", style="green"))
        forts = pos.fortifications.get(area.id, {})
        for side in ("PL", "ZURL"):
            fort = forts.get(side)
            if fort is None:
                continue
            style = "bold red1" if side == "PL" else "bold dark_orange"
            if fort.barricades:
                items.append(Text(f"#{fort.barricades}", style=style))
            if fort.redoubt:
                items.append(Text("R", style=style))
        if area.id == PERMANENT_REDOUBT and not any(f.redoubt for f in forts.values()):
            items.append(Text("R", style="dim"))
        contested = self._contested if self._contested is not None else pos.contested
        if area.id in contested:
            items.append(Text("×", style="bold bright_red"))
        return items

    def _unit_items(self, units: dict[str, int], side: str, *, glyphs: bool = True) -> list[Text]:
        """One item per unit type of ``side``: coloured glyph + count + letter ('■3V', '◆P')."""
        items = []
        order = {u: i for i, u in enumerate(self.unit_order)}
        for unit in sorted(units, key=lambda u: (u in HQ_UNITS, order.get(u, 99))):  # the HQ last
            n = units[unit]
            if not n or UNIT_SIDE.get(unit) != side:
                continue
            style = UNIT_STYLE.get(unit, "bold")
            letter = self.letters.get(unit, "?")
            if unit in HQ_UNITS:
                body = letter + (str(n) if n > 1 else "")
                items.append(Text((HQ_GLYPH if glyphs else "") + body, style=style))
            else:
                items.append(Text((UNIT_GLYPH if glyphs else "") + f"{n}{letter}", style=style))
        return items

    @staticmethod
    def _pack(items: list[Text], width: int) -> Text:
        """Join items with spaces, or without when that is what fits."""
        spaced = Text(" ").join(items)
        return spaced if spaced.cell_len <= width else Text("").join(items)

    def _unit_line(self, units: dict[str, int], side: str, width: int = 99) -> Text | None:
        items = self._unit_items(units, side)
        if not items:
            return None
        line = self._pack(items, width)
        if line.cell_len > width:  # very crowded: letters and counts only
            line = self._pack(self._unit_items(units, side, glyphs=False), width)
        return line

    def cell(self, area: Area, width: int) -> list[Text]:
        # wide cells also print the district's numeral (narrow ones rely on colour and the legend)
        lines = [self._header(area, width, tag=width >= MAX_CELL), self._pack(self._markers(area), width)]
        units = self.position.units.get(area.id, {})
        for side in SIDE_ORDER:
            line = self._unit_line(units, side, width)
            if line is not None:
                lines.append(line)
        attacks = self.position.attacks.get(area.id, [])
        if attacks:
            marks = [Text(f"»{side} {n}", style=SIDE_STYLE.get(side, "bold")) for side, n in attacks]
            lines.append(self._pack(marks, width))
        for line in lines:
            line.truncate(width, overflow="ellipsis", pad=True)
        return lines

    # -- layout

    def _grid(self, width: int) -> list[Text] | None:
        self._contested = self.position.contested
        areas = self.data.board.areas
        if not areas:
            return []
        cols = sorted({a.pos[0] for a in areas})
        rows = sorted({a.pos[1] for a in areas})
        col_index = {c: i for i, c in enumerate(cols)}
        cell_w = min(MAX_CELL, (width - GAP * (len(cols) - 1)) // len(cols))
        if cell_w < MIN_CELL:
            return None
        by_cell = {(col_index[a.pos[0]], a.pos[1]): a for a in areas}
        out: list[Text] = []
        self.hits = []
        for r in rows:
            cells = [self.cell(by_cell[(c, r)], cell_w) if (c, r) in by_cell else [] for c in range(len(cols))]
            height = max(2, *(len(c) for c in cells))
            for c in range(len(cols)):
                if (c, r) in by_cell:
                    x0 = c * (cell_w + GAP)
                    self.hits.append((len(out), len(out) + height, x0, x0 + cell_w, by_cell[(c, r)].id))
            for i in range(height):
                line = Text()
                for c, cell in enumerate(cells):
                    if c:
                        line.append(" " * GAP)
                    line.append_text(cell[i] if i < len(cell) else Text(" " * cell_w))
                line.rstrip()
                out.append(line)
            if not self.compact:
                out.append(Text())
        return out

    def grid_lines(self, width: int) -> list[Text] | None:
        """The map grid alone (no title, notes or legend), one Text per line; None when
        ``width`` is too narrow for the grid (see :meth:`__rich_console__`'s list fallback).
        Afterwards :meth:`area_at` tells which area is drawn at a given line and column."""
        return self._grid(width)

    def area_at(self, line: int, column: int) -> str | None:
        """The area whose cell covers (line, column) of the last :meth:`grid_lines` (mouse clicks)."""
        for top, bottom, left, right, area in getattr(self, "hits", ()):
            if top <= line < bottom and left <= column < right:
                return area
        return None

    def _list(self, width: int) -> Table:
        """Narrow consoles: one row per area (full name), grouped by district."""
        self._contested = self.position.contested
        header_width = min(max(len(a.name) for a in self.data.board.areas) + 6, max(width // 2, 12))
        table = Table.grid(padding=(0, 1))
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column()
        for number, areas in self._by_district():
            for area in areas:
                units = self.position.units.get(area.id, {})
                unit_text = Text("  ").join(
                    t for t in (self._unit_line(units, s) for s in SIDE_ORDER) if t is not None
                )
                table.add_row(
                    self._header(area, header_width, tag=True, name=True), Text(" ").join(self._markers(area)), unit_text
                )
        return table

    def _by_district(self) -> list[tuple[int | None, list[Area]]]:
        groups: list[tuple[int | None, list[Area]]] = []
        for d in sorted(self.data.board.districts, key=lambda d: d.number):
            groups.append((d.number, [a for a in self.data.board.areas if a.district == d.number]))
        groups.append((None, [a for a in self.data.board.areas if a.district is None]))
        return [(n, sorted(a, key=lambda a: (a.pos[1], a.pos[0]))) for n, a in groups if a]

    # -- legend

    def _legend(self) -> RenderResult:
        names = {a.id: a.name for a in self.data.board.areas}
        districts = {d.number: d for d in self.data.board.districts}

        def area_list(areas: list[Area]) -> str:
            """Names, with the map label where the name does not begin with it."""
            return ", ".join(
                a.name if a.name.startswith(a.label.rstrip(".")) else f"{a.name} [{a.label}]" for a in areas
            )

        table = Table.grid(padding=(0, 1))
        table.add_column(no_wrap=True, justify="right")
        table.add_column(ratio=1)
        for number, areas in self._by_district():
            if number is None:
                chip = Text(" vil ", style=VILLAGE_STYLE)
                title = "Villages (no district)"
            else:
                d = districts[number]
                chip = Text(f" {d.roman} ", style=DISTRICT_STYLE.get(number, "reverse"))
                title = f"{d.name} ({d.english})" if d.english and d.english != d.name else d.name
            table.add_row(chip, Text.assemble((title, "bold"), ": ", area_list(areas)))
        yield Text("Districts", style="bold underline")
        yield table

        if self.data.board.railways:
            yield Text()
            yield Text("Railways", style="bold underline")
            rail = Table.grid(padding=(0, 1))
            rail.add_column(no_wrap=True, style="bold")
            rail.add_column(ratio=1)
            for line in self.data.board.railways:
                rail.add_row(line.name + ":", " ═ ".join(names.get(a, a) for a in line.areas))
            yield rail

        yield Text()
        yield Text("Key", style="bold underline")
        key = Table.grid(padding=(0, 1))
        key.add_column(no_wrap=True)
        key.add_column(ratio=1)
        for side in SIDE_ORDER:
            items = []
            for unit in self.data.components.units:
                if UNIT_SIDE.get(unit.id) != side:
                    continue
                glyph = HQ_GLYPH if unit.id in HQ_UNITS else UNIT_GLYPH
                name = unit.name.split(" (")[0]  # "(white cubes)": the colour shows it
                items.append(Text.assemble((f"{glyph}{unit.letter}", UNIT_STYLE.get(unit.id, "bold")), f" {name}"))
            if items:
                key.add_row(Text(f" {side} ", style=SIDE_STYLE[side]), Text("   ").join(items))
        rows = [
            [
                Text.assemble(("C S V", "dim"), " City (limit 5), Suburb (6), Village (6)"),
                Text.assemble(("★n", "bold yellow"), " strategic value"),
                Text.assemble(("×", "bold bright_red"), " contested"),
                Text.assemble(("»PL n", "bold"), " n attackers on the border"),
            ],
            [
                Text.assemble(("3V", "bold"), " 3 units lettered V"),
                Text.assemble((HQ_GLYPH, "bold"), " HQ (a Volunteer)"),
                Text.assemble(("#n", "bold"), " Barricades"),
                Text.assemble(("R", "bold"), " Redoubt (Cytadela: always)"),
            ],
            [Text.assemble(("?n", "green"), " face-down")]
            + [Text.assemble((mark, "bold green"), f" {kind.replace('-', ' ')}") for kind, mark in TOKEN_MARK.items()],
        ]
        for title, items in zip(("Marks", "", "Tokens"), rows):
            key.add_row(Text(f" {title}" if title else ""), Text("   ").join(items))
        yield key

    # -- rich protocol

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        if self.position.title:
            yield Text(self.position.title, style="bold")
        if self.position.subtitle:
            yield Text(self.position.subtitle)
        if self.position.title or self.position.subtitle:
            yield Text()
        grid = self._grid(width)
        if grid is None:
            yield self._list(width)
        else:
            yield from grid
        if self.notes and self.position.notes:
            for note in self.position.notes:
                yield Text(note)
            yield Text()
        if self.legend:
            yield from self._legend()


__all__ = ["BoardMap", "Fortification", "MapPosition", "position_from_scenario", "UNIT_SIDE"]
