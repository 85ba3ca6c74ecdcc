"""Commander attributes (§11): organization abilities apply wherever the HQ is; combat
abilities only in a battle where the HQ fights (battle.py)."""

from __future__ import annotations

from ..data.models import Commander, Side
from .rules import Rules
from .state import State


def commander_card(rules: Rules, state: State, side: Side) -> Commander:
    """``side``'s Commander, asked only while it has one (dispersed or in command): a killed
    one leaves ``state.commander[side]`` empty until the next is drawn."""
    cid = state.commander[side]
    assert cid is not None, f"{side} has no Commander"
    return rules.commanders[cid]


def ability(rules: Rules, state: State, side: Side) -> str | None:
    """The current Commander's organization ability, if he is in command."""
    cid = state.commander.get(side)
    if not cid or state.commander_status[side] != "ok":
        return None
    ab = rules.commanders[cid].ability
    return ab.effect if ab and ab.kind == "organization" else None
