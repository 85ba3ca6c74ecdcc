"""Choosing an area: the map is the list (issue 36). When every option of a step names the area
it acts on (a Move's origin and destination, the area to fortify, mobilize into, assault, deploy
in) and they name three areas or more, the lit areas carry their keys on the map and the
decision panel lists only the options about the area under the cursor, under a line saying
what that area is; Esc shows the whole list again. Pure, for the tests."""

from __future__ import annotations

from rich.text import Text

from ..data.loader import GameData
from ..engine import PlayerView
from ..i18n import _
from .shapes import Name, parts_of
from .status import join_parts
from .widgets.decision import Row
from .words import TERRAIN, said

#: the kinds of option whose area is the thing chosen
AREA_KINDS = frozenset({
    "from", "move", "attack", "assault", "enter", "deploy", "mobilize", "place", "reinforce", "relief",
    "barricade", "redoubt", "hq", "artillery", "battle", "retreat", "evade", "withdraw", "dismantle",
})
#: fewer areas than this: a short list, kept whole
FEWEST = 3


def is_area_choice(rows: list[Row]) -> bool:
    """Whether the acting rows (not the ways out) all choose an area, three or more of them."""
    acting = [r for r in rows if not r.blocked and not r.in_hand and not r.option.closes]
    if not acting or any(r.option.kind not in AREA_KINDS or not r.area for r in acting):
        return False
    return len({r.area for r in acting}) >= FEWEST


def say_here(rows: list[Row], name: Name) -> None:
    """Each row's words when listed under its own area (``Row.here``): its parts less the one
    naming that area ("Attack ← Rynek", "Barricade facing Cytadela", "Place 1 Polish Volunteer")."""
    for row in rows:
        parts = parts_of(row.option, name) if row.area else None
        if parts:
            row.here = " ".join(words for fact, words, _ in parts if fact not in ("to", "area"))


def area_note(view: PlayerView, data: GameData, area: str) -> Text:
    """What the area under the cursor is: its name, terrain and limit, who holds what there,
    its Strategic value and fortifications (one or two lines; its neighbours are on the map)."""
    a = data.areas[area]
    letters: dict[str, str] = {u.id: u.letter for u in data.components.units}
    units = view["units"].get(area) or {}
    held = " ".join(f"{n}{letters.get(t, '?')}" for t, n in sorted(units.items()) if n) or _("empty")
    parts: list[Text | str] = [Text(a.name, style="bold"), f"{said(TERRAIN, a.terrain)} {a.limit}", _("units {units}", units=held)]
    if view["strategic"].get(area):
        parts.append(_("★{value} strategic", value=view["strategic"][area]))
    forts = _forts(view, data, area)
    if forts:
        parts.append(forts)
    return join_parts(parts)


def _forts(view: PlayerView, data: GameData, area: str) -> str:
    """The area's Redoubt and Barricades: whose, and the neighbour each Barricade faces."""
    out = [_("{side} Redoubt", side=view["redoubts"][area])] if area in view["redoubts"] else []
    out += [_("{side} Barricade facing {area}", side=side, area=data.areas[facing].name) for side, facing in view["barricades"].get(area, [])]
    return ", ".join(out)
