"""The map's legend: districts, railways and every mark a cell can show, printed below the map
by ``semper-fidelis board`` and shown in the game screen on a key."""

from __future__ import annotations

from collections.abc import Iterator

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ..data.files import ASSET_FILES
from ..data.loader import GameData
from ..data.models import Area
from ..i18n import N_, _, current_language, pgettext
from .map_style import (
    CHANGED_MARK,
    CHANGED_STYLE,
    CURSOR_STYLE,
    DISTRICT_STYLE,
    FORT_STYLE,
    HOLDER_MARK,
    HQ_GLYPH,
    HQ_UNITS,
    RAIL_STYLE,
    ROAD_STYLE,
    SIDE_ORDER,
    SIDE_STYLE,
    TOKEN_MARK,
    UNIT_SIDE,
    UNIT_STYLE,
    VILLAGE_STYLE,
)


def _area_list(areas: list[Area]) -> str:
    """Names, with the map label where the name does not begin with it."""
    return ", ".join(a.name if a.name.startswith(a.label.rstrip(".")) else f"{a.name} [{a.label}]" for a in areas)


def districts_table(data: GameData) -> Table:
    """One row per district (and the Villages): its colour chip, name and areas."""
    districts = {d.number: d for d in data.board.districts}
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True, justify="right")
    table.add_column(ratio=1)
    groups: list[tuple[int | None, list[Area]]] = [(d, sorted((a for a in data.board.areas if a.district == d), key=lambda a: (a.pos[1], a.pos[0]))) for d in sorted(districts)]
    groups.append((None, sorted((a for a in data.board.areas if a.district is None), key=lambda a: (a.pos[1], a.pos[0]))))
    for number, areas in groups:
        if not areas:
            continue
        if number is None:
            chip, title = Text(" vil ", style=VILLAGE_STYLE), _("Villages (no district)")
        else:
            d = districts[number]
            chip = Text(f" {d.roman} ", style=DISTRICT_STYLE.get(number, "reverse"))
            title = f"{d.name} ({d.english})" if d.english and d.english != d.name and current_language() == "en" else d.name
        table.add_row(chip, Text.assemble((title, "bold"), ": ", _area_list(areas)))
    return table


def key_table(data: GameData) -> Table:
    """What the marks in a cell and the lines between cells mean."""
    key = Table.grid(padding=(0, 1))
    key.add_column(no_wrap=True)
    key.add_column(ratio=1)
    for side in SIDE_ORDER:
        items = []
        for unit in data.components.units:
            if UNIT_SIDE.get(unit.id) != side:
                continue
            glyph = f"{HQ_GLYPH}{unit.letter}" if unit.id in HQ_UNITS else f"3{unit.letter}"
            name = data.polish.text(ASSET_FILES["components"], f"units.{unit.id}.name", unit.name)
            items.append(Text.assemble((glyph, UNIT_STYLE.get(unit.id, "bold")), f" {name.split(' (')[0]}"))
        if items:
            label = pgettext("units", "neutral") if side == "neutral" else side
            key.add_row(Text(f" {label} ", style=SIDE_STYLE[side]), Text("  ").join(items))

    def mark(glyph: str, style: str | None, text: str) -> Text:
        return Text.assemble((glyph, style or ""), f" {text}")

    tokens: dict[str, str] = {t.kind: data.polish.text(ASSET_FILES["supply_tokens"], f"tokens.{t.kind}.name", t.name) for t in data.supply_tokens.tokens}
    rows = {
        N_("Held"): [mark(HOLDER_MARK[k][0], HOLDER_MARK[k][1], what) for k, what in
                     (("PL", "PL"), ("ZURL", "ZURL"), ("contested", _("both sides (contested)")), ("neutral", _("neutrals only")))]
        + [mark(CHANGED_MARK, CHANGED_STYLE, _("changed in the other side's last turn")), mark("▶", CURSOR_STYLE, _("cursor"))],
        N_("Lines"): [mark("─│╲╱", ROAD_STYLE, _("adjacent")), mark("═║", RAIL_STYLE, _("railway")), mark("╳", ROAD_STYLE, _("two links crossing"))],
        N_("Marks"): [mark("★2", "bold yellow", _("strategic value")), mark("B↗", FORT_STYLE["PL"], _("Barricade facing that way")),
                      mark("R", FORT_STYLE["ZURL"], _("Redoubt (Cytadela: always)")), mark("»▼3", SIDE_STYLE["ZURL"], _("3 ZURL waiting on the border")),
                      mark("C S V", "dim", _("City (limit 5), Suburb, Village (6)"))],
        N_("Tokens"): [mark("?2", "green", _("face down"))] + [mark(m, "bold green", tokens.get(k, k.replace("-", " "))) for k, m in TOKEN_MARK.items()],
    }
    for title, items in rows.items():
        key.add_row(Text(f" {_(title)}"), Text("   ").join(items))
    return key


def legend(data: GameData) -> Iterator[RenderableType]:
    yield Text(_("Key"), style="bold underline")
    yield key_table(data)
    yield Text()
    yield Text(_("Districts"), style="bold underline")
    yield districts_table(data)
    if data.board.railways:
        names = {a.id: a.name for a in data.board.areas}
        yield Text()
        yield Text(_("Railways"), style="bold underline")
        rail = Table.grid(padding=(0, 1))
        rail.add_column(no_wrap=True, style="bold")
        rail.add_column(ratio=1)
        for line in data.board.railways:
            rail.add_row(Text(data.polish.text(ASSET_FILES["board"], f"railways.{line.id}.name", line.name) + ":"), Text(" ═ ".join(names.get(a, a) for a in line.areas)))
        yield rail


__all__ = ["legend", "key_table", "districts_table"]
