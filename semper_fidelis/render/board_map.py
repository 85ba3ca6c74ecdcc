"""The map of Lwów as a Rich renderable.

:class:`BoardMap` draws the areas in the slots of a grid (``Area.pos``), joined by their
connections (roads ``─ │ ╲ ╱``, railways ``═ ║``; render/connections.py), over a plain
:class:`MapPosition` (units, strategic values, tokens, fortifications, ...). It depends only on
the game data and that position, not on the engine, so the CLI (``board``) and the Textual UI
show the same map, with the same legend (render/legend.py). A cell reads without colour::

    ▲Rynek*      who holds it (▲ PL, ▼ ZURL, × contested, ○ neutral), the label on the
                 district's colour, * changed in the other side's last turn
    3V 2S ◆P     units: count + letter (components.toml ``letter``), a line per side if room
    ★2 ?1 B↗ »▼3 strategic value, tokens, a Barricade facing up-right, 3 ZURL on the border

The cells grow with the room given (a wide cell adds the district numeral and the terrain
letter). When the console is too narrow for the grid, the map falls back to a list of areas.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rich.console import Console, ConsoleOptions, RenderResult
from rich.style import Style
from rich.table import Table
from rich.text import Text

from ..data.board_graph import rail_links
from ..data.loader import GameData
from ..data.models import Area, FreeDeployment, Scenario, SideSetup, UnitTypeId
from ..data.translations import scenario_name, unit_names
from ..i18n import _
from .connections import Grid, Lines, route
from .legend import legend
from .map_style import (
    ARROWS,
    CHANGED_MARK,
    CHANGED_STYLE,
    CURSOR_STYLE,
    DISTRICT_STYLE,
    DISTRICT_TINT,
    FORT_STYLE,
    HIGHLIGHT_STYLE,
    HOLDER_MARK,
    HQ_GLYPH,
    HQ_UNITS,
    MAX_CELL,
    MAX_LINES,
    MIN_CELL,
    PERMANENT_REDOUBT,
    RAIL_STYLE,
    ROAD_STYLE,
    ROMAN,
    SIDE_ORDER,
    SIDE_STYLE,
    TAG_CELL,
    TERRAIN_MARK,
    TOKEN_MARK,
    UNIT_GLYPH,
    UNIT_SIDE,
    UNIT_STYLE,
    VILLAGE_STYLE,
    VILLAGE_TINT,
)

# ------------------------------------------------------------------------------------ position


@dataclass
class Fortification:
    """A side's fortifications in one area (§6.2): Barricades on its sides (``facing``: the
    neighbouring area each one faces), a Redoubt inside."""

    facing: list[str] = field(default_factory=list)
    redoubt: bool = False


@dataclass
class MapPosition:
    """Everything the map shows, as plain data (no engine objects).

    ``units``: area id -> unit type id -> count, for both sides and the neutrals.
    ``tokens``: area id -> one entry per Supply Token: its kind when face up, ``None`` face down.
    ``fortifications``: area id -> side ("PL"/"ZURL") -> :class:`Fortification`.
    ``attacks``: area id -> one ``(side, units)`` per attacking side lined up on its border.
    ``highlighted`` / ``cursor``: areas the UI wants to point at (legal targets, selection);
    ``near``: the cursor's neighbours (underlined). ``keys``: a lit area's key, shown on its
    label bar (the game screen's: an area keeps its key for the whole game).
    ``changed``: areas the other side's last turn changed (the last-move marks).
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
    near: set[str] = field(default_factory=set)
    keys: dict[str, str] = field(default_factory=dict)
    changed: set[str] = field(default_factory=set)
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


def _units_text(data: GameData, units: Mapping[UnitTypeId, int]) -> str:
    """'12 Polish Volunteers (V)' style summary, with the map letters."""
    names, letters = unit_names(data), {u.id: u.letter for u in data.components.units}
    return ", ".join(_("{count} {unit} ({letter})", count=n, unit=names.get(u, u), letter=letters.get(u, "?")) for u, n in units.items() if n)


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else _("{items} and {last}", items=", ".join(items[:-1]), last=items[-1])


def position_from_scenario(data: GameData, scenario: Scenario) -> MapPosition:
    """The starting position of ``scenario``: fixed placements, neutrals, strategic tokens, and
    the Supply Tokens (specific ones face up, random ones face down). Free-deployment scenarios
    start with no side units on the board; a note says what each side will deploy."""
    pos = MapPosition(strategic=dict(scenario.strategic))
    pos.title = _("Scenario {number}: {name} ({dates})", number=scenario.number, name=scenario_name(scenario), dates=scenario.dates)
    if scenario.polish and scenario.polish != scenario_name(scenario):
        pos.title += f" — {scenario.polish}"
    _place_pieces(pos, scenario)
    pos.subtitle = _("Initiative {side}.", side=scenario.initiative) + "  " + "   ".join(
        _("{side}: Morale {morale}, Supply {supply}, {vp} VP", side=side, morale=ROMAN.get(s.morale, s.morale),
          supply=ROMAN.get(s.supply, s.supply), vp=s.vp)
        for side, s in _sides(scenario)
    )
    # notes: deployment, off-board units and tokens, relief
    pos.notes += _deployment_notes(data, scenario) + _off_board_notes(data, scenario) + _relief_notes(data, scenario)
    return pos


def _sides(scenario: Scenario) -> list[tuple[str, SideSetup]]:
    """The scenario's side set-ups, PL first."""
    return [(side, scenario.sides[side]) for side in ("PL", "ZURL") if side in scenario.sides]


def _place_pieces(pos: MapPosition, scenario: Scenario) -> None:
    """The fixed placements, the neutrals and the Supply Tokens on the board."""
    for _side, setup in _sides(scenario):
        for p in setup.placements:
            pos.add_units(p.area, p.unit, p.count)
    for p in scenario.neutrals:
        pos.add_units(p.area, p.unit, p.count)
    for t in scenario.specific_tokens:
        pos.tokens.setdefault(t.area, []).extend([t.kind] * t.count)
    for drawn in scenario.random_tokens:
        if drawn.area is not None:
            pos.tokens.setdefault(drawn.area, []).extend([None] * drawn.count)


def _deployment_notes(data: GameData, scenario: Scenario) -> list[str]:
    """What each side deploys freely, the side that deploys first first."""
    if scenario.deployment != "free":
        return []
    order = sorted(scenario.sides, key=lambda s: s != scenario.deploys_first)
    notes = []
    for i, side in enumerate(order):
        parts = _deployment_parts(data, scenario.sides[side].free_deployment)
        if i == 0 and scenario.deploys_first:
            notes.append(_("Free deployment — {side} deploys first: {parts}.", side=side, parts="; ".join(parts)))
        else:
            notes.append(_("Free deployment — {side} then deploys: {parts}.", side=side, parts="; ".join(parts)))
    return notes


def _deployment_parts(data: GameData, deployments: Iterable[FreeDeployment]) -> list[str]:
    """'15 Ukrainian Volunteers in any City area' per zone."""
    names, unit_name = {a.id: a.name for a in data.board.areas}, unit_names(data)
    zones: dict[tuple[str, tuple[str, ...]], list[str]] = {}  # (zone, areas) -> "15 Ukrainian Volunteers", ...
    for fd in deployments:
        what = unit_name.get(fd.unit, fd.unit)
        zones.setdefault((fd.zone, fd.areas), []).append(what if fd.unit in HQ_UNITS else _("{count} {unit}", count=fd.count, unit=what))
    parts = []
    for (zone, areas), units in zones.items():
        where = {
            "city": _("any City area"),
            "village": _("any Village"),
            "other-villages": _("the other Villages"),
            "listed": ", ".join(names.get(a, a) for a in areas),
        }[zone]
        parts.append(_("{units} in {where}", units=_and(units), where=where))
    return parts


def _off_board_notes(data: GameData, scenario: Scenario) -> list[str]:
    """The Mobilization Zone, the tokens in hand and the tokens only one side may take."""
    names = {a.id: a.name for a in data.board.areas}
    notes = []
    mob = [f"{side} {_units_text(data, s.mobilization)}" for side, s in _sides(scenario) if s.mobilization]
    if scenario.neutral_mobilization:
        mob.append(_("neutral {units}", units=_units_text(data, scenario.neutral_mobilization)))
    if mob:
        notes.append(_("Mobilization Zone: {units}.", units="; ".join(mob)))
    hands = [f"{t.to} {t.count}" for t in sorted(scenario.random_tokens, key=lambda t: t.to != "PL") if t.to]
    if hands:
        notes.append(_("Face-down Supply Tokens in hand: {hands}.", hands=", ".join(hands)))
    reserved = [
        _("{area} ({count}, {side} only)", area=names.get(t.area, t.area), count=t.count, side=t.available_to)
        for t in scenario.random_tokens
        if t.area is not None and t.available_to is not None
    ]
    if reserved:
        notes.append(_("Tokens only one side may take: {tokens}.", tokens=", ".join(reserved)))
    return notes


def _relief_notes(data: GameData, scenario: Scenario) -> list[str]:
    names, unit_name = {a.id: a.name for a in data.board.areas}, unit_names(data)
    notes = []
    for r in scenario.relief:
        label = scenario.time_track[r.round - 1] if 0 < r.round <= len(scenario.time_track) else _("round {number}", number=r.round)
        who = data.commander_by_id[r.commander].name if r.commander in data.commander_by_id else r.commander
        start = data.board.relief_start.get(r.side)
        units = _("{count} {unit}", count=r.count, unit=unit_name.get(r.unit, r.unit))
        where = names.get(start, start) if start else None
        if who and where:
            notes.append(_("Relief {when}: {side} {units} with {commander} (from {area}).", when=label, side=r.side, units=units, commander=who, area=where))
        elif who:
            notes.append(_("Relief {when}: {side} {units} with {commander}.", when=label, side=r.side, units=units, commander=who))
        elif where:
            notes.append(_("Relief {when}: {side} {units} (from {area}).", when=label, side=r.side, units=units, area=where))
        else:
            notes.append(_("Relief {when}: {side} {units}.", when=label, side=r.side, units=units))
    return notes


# ------------------------------------------------------------------------------------ renderer


class BoardMap:
    """Rich renderable: the map of Lwów with ``position`` on it, plus a legend."""

    def __init__(self, data: GameData, position: MapPosition, *, legend: bool = True, notes: bool = True):
        self.data = data
        self.position = position
        self.legend = legend
        self.notes = notes
        self._contested: set[str] | None = None  # computed once per drawing, not once per cell
        self.letters: dict[str, str] = {u.id: u.letter for u in data.components.units}
        self.unit_order: dict[str, int] = {u.id: i for i, u in enumerate(data.components.units)}
        areas = data.board.areas
        left, top = min((a.pos[0] for a in areas), default=0), min((a.pos[1] for a in areas), default=0)
        self.slots = {a.id: (a.pos[0] - left, a.pos[1] - top) for a in areas}
        self.cols = max((c for c, _ in self.slots.values()), default=-1) + 1
        self.rows = max((r for _, r in self.slots.values()), default=-1) + 1
        self.boxes: dict[str, tuple[int, int, int, int]] = {}  # area -> top, left, bottom, right
        self.last_lines: list[Text] = []  # the grid as last drawn

    # -- cells

    @staticmethod
    def fit(label: str, width: int) -> str:
        """Shorten a map label to ``width``: drop a final '.', then spaces, then cut (as maps
        abbreviate: 'Kortumo', a letter more than 'Kortum…')."""
        for shorter in (label, label.rstrip("."), label.rstrip(".").replace(". ", "."), label.rstrip(".").replace(" ", "")):
            if len(shorter) <= width:
                return shorter
        return shorter[: max(width, 0)].rstrip(".")

    def holder(self, area: str) -> str | None:
        """Who holds ``area`` for the map's mark: "PL", "ZURL", "contested", "neutral" or None."""
        pos = self.position
        contested = self._contested if self._contested is not None else pos.contested
        if area in contested:
            return "contested"
        return pos.occupant(area) or ("neutral" if pos.side_units(area, "neutral") else None)

    def _header(self, area: Area, width: int, *, name: bool = False) -> Text:
        """The label bar in the colour of the area's district (a dark green-grey for Villages):
        the holder's mark, the label, the last-move mark; a wide bar ends with the district."""
        pos = self.position
        if area.district is not None:
            mark, style = ROMAN.get(area.district, str(area.district)), DISTRICT_STYLE.get(area.district, "bold reverse")
        else:
            mark, style = "vil", VILLAGE_STYLE
        prefix = ""
        if area.id == pos.cursor:
            style, prefix = CURSOR_STYLE, "▶"
        elif area.id in pos.highlighted:
            style, prefix = HIGHLIGHT_STYLE, "" if area.id in pos.keys else "•"
        if area.id in pos.highlighted and area.id in pos.keys:
            prefix += pos.keys[area.id]
        if area.id in pos.near:
            style += " underline"
        glyph, glyph_style = HOLDER_MARK[self.holder(area.id)]
        changed = area.id in pos.changed
        tag = width >= TAG_CELL or name
        room = width - 1 - len(prefix) - changed - (len(mark) + 1 if tag else 0)
        bar = Text(glyph, style=glyph_style or style)
        label = area.name if name or len(area.name) <= room else area.label
        bar.append(prefix + self.fit(label, room), style=style)
        if changed:
            bgcolor = Style.parse(style).bgcolor
            bar.append(CHANGED_MARK, style=f"{CHANGED_STYLE} on {bgcolor.name}" if bgcolor else CHANGED_STYLE)
        if tag:
            bar.append(" " * (width - bar.cell_len - len(mark)) + mark, style=style)
        bar.pad_right(width - bar.cell_len)
        bar.stylize(style, 1)  # the padding too, but not the holder's mark
        bar.stylize(glyph_style or style, 0, 1)
        return bar

    def arrow(self, area: str, facing: str) -> str:
        """The arrow from ``area`` towards ``facing`` on the map (a Barricade's side)."""
        (c0, r0), (c1, r1) = self.slots[area], self.slots.get(facing, self.slots[area])
        return ARROWS.get(((c1 > c0) - (c1 < c0), (r1 > r0) - (r1 < r0)), "·")

    def _markers(self, area: Area, *, terrain: bool = False) -> list[Text]:
        """Strategic value, tokens, fortifications (a Barricade as B + the arrow to the side it
        faces), attackers waiting on the border; with ``terrain`` the terrain letter first."""
        pos = self.position
        items = [Text(TERRAIN_MARK[area.terrain], style="dim")] if terrain else []
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
            style = FORT_STYLE[side]
            for facing in fort.facing:
                items.append(Text("B" + self.arrow(area.id, facing), style=style))
            if fort.redoubt:
                items.append(Text("R", style=style))
        if area.id == PERMANENT_REDOUBT and not any(f.redoubt for f in forts.values()):
            items.append(Text("R", style="dim"))
        for side, n in pos.attacks.get(area.id, []):
            items.append(Text(f"»{HOLDER_MARK[side][0]}{n}", style=SIDE_STYLE.get(side, "bold")))
        return items

    def _unit_items(self, units: dict[str, int], side: str, *, glyphs: bool = True) -> list[Text]:
        """One item per unit type of ``side``: count + letter ('3V'), the HQ as '◆P'; with
        ``glyphs`` each led by a coloured cube ('■3V')."""
        items = []
        for unit in sorted(units, key=lambda u: (u in HQ_UNITS, self.unit_order.get(u, 99))):  # the HQ last
            n = units[unit]
            if not n or UNIT_SIDE.get(unit) != side:
                continue
            style = UNIT_STYLE.get(unit, "bold")
            letter = self.letters.get(unit, "?")
            if unit in HQ_UNITS:
                items.append(Text(HQ_GLYPH + letter + (str(n) if n > 1 else ""), style=style))
            else:
                items.append(Text((UNIT_GLYPH if glyphs else "") + f"{n}{letter}", style=style))
        return items

    @staticmethod
    def _pack(items: list[Text], width: int) -> Text:
        """Join items with spaces, or without when that is what fits."""
        spaced = Text(" ").join(items)
        return spaced if spaced.cell_len <= width else Text("").join(items)

    def _unit_line(self, units: dict[str, int], sides: tuple[str, ...], width: int = 99) -> Text | None:
        """The units of ``sides`` on one line: with cubes if they fit, else letters alone."""
        for glyphs in (True, False):
            items = [i for side in sides for i in self._unit_items(units, side, glyphs=glyphs)]
            if not items:
                return None
            line = self._pack(items, width)
            if line.cell_len <= width:
                break
        return line

    #: lines for the units under a label bar: one side's a line, up to two sides (more share one)
    UNIT_LINES = 2

    def cell(self, area: Area, width: int, height: int = 3) -> list[Text]:
        """``height`` lines: the label bar, the units (a line per side when there is room, two at
        most), the markers under them, on the same line for the whole row, and the room left, on
        the district's shade (issue 36: markers on a tall cell's last line floated towards the
        next row's labels)."""
        units = self.position.units.get(area.id, {})
        present = tuple(s for s in SIDE_ORDER if any(n and UNIT_SIDE.get(u) == s for u, n in units.items()))
        room = min(height - 2, self.UNIT_LINES)  # lines between the label bar and the markers
        groups = [(s,) for s in present] if len(present) <= room else [present]
        body = [line for g in groups if (line := self._unit_line(units, g, width)) is not None]
        body += [Text()] * (room - len(body))
        body.append(self._pack(self._markers(area, terrain=width >= TAG_CELL), width))
        body += [Text()] * (height - 1 - len(body))
        tint = DISTRICT_TINT.get(area.district, VILLAGE_TINT) if area.district is not None else VILLAGE_TINT
        lines = [self._header(area, width)]
        for line in body[: height - 1]:
            line.truncate(width, overflow="ellipsis", pad=True)
            line.stylize(f"on {tint}")
            lines.append(line)
        return lines

    # -- layout

    def scale(self, width: int, height: int | None = None) -> tuple[int, int] | None:
        """Cell width and height for a map ``width`` columns (and ``height`` lines) wide; None
        when even the smallest cells do not fit across."""
        if not self.cols:
            return None
        cell_w = min(MAX_CELL, (width - (self.cols - 1)) // self.cols)
        if cell_w < MIN_CELL:
            return None
        if height is None:
            return cell_w, 3 if cell_w < TAG_CELL else 4
        return cell_w, max(3, min(MAX_LINES, (height - (self.rows - 1)) // self.rows))

    def connections(self, grid: Grid) -> Lines:
        rails = {frozenset((a, b)) for a, links in rail_links(self.data.board.railways).items() for b in links}
        edges = sorted({tuple(sorted((a.id, n))) for a in self.data.board.areas for n in a.neighbours if n in self.slots})
        return route(grid, [(a, b, frozenset((a, b)) in rails) for a, b in edges])

    def grid_lines(self, width: int, height: int | None = None) -> list[Text] | None:
        """The map grid alone (no title, notes or legend), one Text per line, drawn as large as
        ``width`` × ``height`` allow; None when ``width`` is too narrow for the grid (see
        :meth:`__rich_console__`'s list fallback). Afterwards :meth:`area_at` tells which area
        is drawn at a given line and column, and ``boxes`` where each area is."""
        self._contested = self.position.contested
        size = self.scale(width, height)
        if size is None:
            return None
        cell_w, cell_h = size
        self.cell_width = cell_w
        grid = Grid(self.slots, cell_w, cell_h)
        lines = self.connections(grid)
        starts: dict[tuple[int, int], Text] = {}
        self.boxes = {}
        for area in self.data.board.areas:
            x, y = grid.origin(*self.slots[area.id])
            self.boxes[area.id] = (y, x, y + cell_h, x + cell_w)
            for i, line in enumerate(self.cell(area, cell_w, cell_h)):
                starts[(x, y + i)] = line
        total_w = self.cols * (cell_w + 1) - 1
        out: list[Text] = []
        for y in range(self.rows * (cell_h + 1) - 1):
            line, x = Text(), 0
            while x < total_w:
                if (x, y) in starts:
                    line.append_text(starts[(x, y)])
                    x += cell_w
                    continue
                char = lines.chars.get((x, y), " ")
                line.append(char, style=RAIL_STYLE if (x, y) in lines.rail else ROAD_STYLE)
                x += 1
            line.rstrip()
            out.append(line)
        names = self.data.areas
        self.grid_height = len(out)
        if lines.missing:
            out.append(Text(_("Also adjacent: {pairs}", pairs=", ".join(f"{names[a].label}–{names[b].label}" for a, b in lines.missing)), style="dim"))
        self.last_lines = out
        return out

    def label_bar(self, area: str, position: MapPosition) -> tuple[int, int, Text]:
        """Line, column and text of ``area``'s label bar in the last :meth:`grid_lines`, drawn
        over ``position`` (the same but for its marks: cursor, highlights, neighbours), so
        that a moving cursor redraws two or three bars, not the map."""
        self.position = position
        top, left, _, _ = self.boxes[area]
        return top, left, self._header(self.data.areas[area], self.cell_width)

    def area_at(self, line: int, column: int) -> str | None:
        """The area whose cell covers (line, column) of the last :meth:`grid_lines` (mouse clicks)."""
        for area, (top, left, bottom, right) in self.boxes.items():
            if top <= line < bottom and left <= column < right:
                return area
        return None

    def _list(self, width: int) -> Table:
        """Narrow consoles: one row per area (full name), grouped by district."""
        self._contested = self.position.contested
        header_width = min(max(len(a.name) for a in self.data.board.areas) + 7, max(width // 2, 12))
        table = Table.grid(padding=(0, 1))
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True)
        table.add_column()
        for _number, areas in self._by_district():
            for area in areas:
                units = self.position.units.get(area.id, {})
                unit_text = self._unit_line(units, SIDE_ORDER) or Text()
                table.add_row(self._header(area, header_width, name=True), Text(" ").join(self._markers(area, terrain=True)), unit_text)
        return table

    def _by_district(self) -> list[tuple[int | None, list[Area]]]:
        groups: list[tuple[int | None, list[Area]]] = []
        for d in sorted(self.data.board.districts, key=lambda d: d.number):
            groups.append((d.number, [a for a in self.data.board.areas if a.district == d.number]))
        groups.append((None, [a for a in self.data.board.areas if a.district is None]))
        return [(n, sorted(a, key=lambda a: (a.pos[1], a.pos[0]))) for n, a in groups if a]

    # -- rich protocol

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        if self.position.title:
            yield Text(self.position.title, style="bold")
        if self.position.subtitle:
            yield Text(self.position.subtitle)
        if self.position.title or self.position.subtitle:
            yield Text()
        grid = self.grid_lines(width)
        if grid is None:
            yield self._list(width)
        else:
            yield from grid
        yield Text()
        if self.notes and self.position.notes:
            for note in self.position.notes:
                yield Text(note)
            yield Text()
        if self.legend:
            yield from legend(self.data)


__all__ = ["BoardMap", "Fortification", "MapPosition", "position_from_scenario", "UNIT_SIDE"]
