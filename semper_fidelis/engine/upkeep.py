"""Bookkeeping run after every committed order, battle and arrival: Morale for Strategic Areas
gained, vacated or contested (§8, FAQ "Morale"), fortifications removed when their side leaves
(§6.2), and the Jewish Militia joining whoever's enemy ends a move in its area (§13.2)."""

from __future__ import annotations

from .occupancy import count, strategic_holders
from .rules import Rules
from .state import State
from .tracks import change_morale


def checkpoint(rules: Rules, state: State) -> None:
    holders = strategic_holders(rules, state)
    for area, new in holders.items():
        old = state.strategic_holder.get(area)
        if old == new:
            continue
        name = rules.area_name(area)
        if old is not None:
            change_morale(rules, state, old, -1, f"lost control of Strategic Area {name}")
        if new is not None:
            change_morale(rules, state, new, +1, f"gained control of Strategic Area {name}")
    state.strategic_holder = holders
    _fortifications(rules, state)


def _fortifications(rules: Rules, state: State) -> None:
    """Civilians dismantle the fortifications of a side that has left the area (§6.2)."""
    for area in list(state.barricades):
        kept = [(s, f) for s, f in state.barricades[area] if count(rules, state, area, s) > 0]
        if kept:
            state.barricades[area] = kept
        else:
            del state.barricades[area]
    for area, side in list(state.redoubts.items()):
        if count(rules, state, area, side) == 0:
            del state.redoubts[area]
