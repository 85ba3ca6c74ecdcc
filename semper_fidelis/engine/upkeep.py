"""Bookkeeping run after every committed order, battle and arrival: Morale for Strategic Areas
gained, vacated or contested (§8, FAQ "Morale") and fortifications removed when their side
leaves (§6.2). An area whose units stand on a neighbour's border waiting for battle is not yet
left: if they return right after the battle, neither Morale nor fortifications are lost (FAQ
"Fortification")."""

from __future__ import annotations

from ..data.models import Side
from ..i18n import N_
from .events import event
from .occupancy import count, strategic_holders
from .rules import Rules
from .state import State, other
from .tracks import because, change_morale


def checkpoint(rules: Rules, state: State) -> None:
    holders = strategic_holders(rules, state)
    for area, new in holders.items():
        old = state.strategic_holder.get(area)
        if old == new or (new is None and old is not None and _away(rules, state, old, area)):
            continue
        name = rules.area_name(area)
        if old is not None:
            change_morale(rules, state, old, -1, because(N_("lost control of Strategic Area {area_name}"), area_name=name))
        if new is not None:
            change_morale(rules, state, new, +1, because(N_("gained control of Strategic Area {area_name}"), area_name=name))
        state.strategic_holder[area] = new
    _fortifications(rules, state)


def _away(rules: Rules, state: State, side: Side, area: str) -> bool:
    """``side`` left ``area`` empty only to attack from it, and no enemy has come in."""
    if count(rules, state, area, other(side)):
        return False
    return any(g.side == side and g.origin == area for groups in state.attacks.values() for g in groups)


def _fortifications(rules: Rules, state: State) -> None:
    """Civilians dismantle the fortifications of a side that has left the area (§6.2)."""
    for area in list(state.barricades):
        kept = [(s, f) for s, f in state.barricades[area] if count(rules, state, area, s) > 0 or _away(rules, state, s, area)]
        if len(kept) < len(state.barricades[area]):
            event(state, "note", None, area=area)  # no line of its own: the log tells why they left
        if kept:
            state.barricades[area] = kept
        else:
            del state.barricades[area]
    for area, side in list(state.redoubts.items()):
        if count(rules, state, area, side) == 0 and not _away(rules, state, side, area):
            del state.redoubts[area]
            event(state, "note", None, area=area)
