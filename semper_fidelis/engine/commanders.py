"""Commander attributes (§11): organization abilities apply wherever the HQ is; combat
abilities only in a battle where the HQ fights (battle.py)."""

from __future__ import annotations

from .rules import Rules
from .state import State


def ability(rules: Rules, state: State, side: str) -> str | None:
    """The current Commander's organization ability, if he is in command."""
    cid = state.commander.get(side)
    if not cid or state.commander_status[side] != "ok":
        return None
    ab = rules.commanders[cid].ability
    return ab.effect if ab and ab.kind == "organization" else None
