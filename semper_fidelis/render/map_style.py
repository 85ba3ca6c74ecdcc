"""How the map looks: colours, glyphs and marks shared by the map and its legend."""

from __future__ import annotations

from typing import get_args

from ..data.models import UnitTypeId

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

#: Who holds an area, as a mark that reads without colour (and in the side's colours).
HOLDER_MARK: dict[str | None, tuple[str, str | None]] = {
    "PL": ("▲", SIDE_STYLE["PL"]),
    "ZURL": ("▼", SIDE_STYLE["ZURL"]),
    "contested": ("×", "bold bright_white on red1"),
    "neutral": ("○", SIDE_STYLE["neutral"]),
    None: (" ", None),
}
FORT_STYLE = {"PL": "bold red1", "ZURL": "bold dark_orange"}
#: The last-move mark: the area changed in the other side's last turn.
CHANGED_MARK, CHANGED_STYLE = "*", "bold bright_magenta"
#: Barricade arrows: (dx, dy) on the map -> the arrow towards the side it faces.
ARROWS = {(1, 0): "→", (-1, 0): "←", (0, -1): "↑", (0, 1): "↓", (1, -1): "↗", (1, 1): "↘", (-1, 1): "↙", (-1, -1): "↖"}
#: Connections: roads grey single lines, railways double lines in the colour of rails.
ROAD_STYLE, RAIL_STYLE = "grey62", "bold #d7af5f"

#: The shade of a district's cells below the label bar (districts read as blocks).
DISTRICT_TINT = {1: "#2b1c08", 2: "#0c1d2e", 3: "#221030", 4: "#112912", 5: "#33101f", 6: "#28280a", 7: "#0a2a28", 8: "#1e1e1e"}
VILLAGE_TINT = "#181c14"

MIN_CELL, MAX_CELL = 7, 16  # cell width
TAG_CELL = 12  # cells this wide also show the district numeral and the terrain letter
MAX_LINES = 5  # cell height
