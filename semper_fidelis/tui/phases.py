"""Which part of the turn the game is in, in the rulebook's words (§5.1).

The engine's ``state.phase`` names the phase it will start *next* once the current procedures
are done, so the phase shown to players is read from that and the pending decision.
"""

from __future__ import annotations

from ..engine import Decision
from ..engine.state import State

#: engine's "next phase" -> the phase being played now
_RUNNING = {
    "setup": "Setup",
    "after-deploy": "Deployment",
    "begin-turn": "Initial Phase",
    "orders": "Initial Phase",
    "battle": "Orders Phase",
    "end-turn": "Battle Phase",
    "after-turn": "End of Turn Phase",
    "end-round": "End of Round",
    "after-round": "End of Round",
    "end-stage": "End of Stage",
    "next-round": "End of Stage",
    "over": "Game over",
}

_BY_KIND = {
    "deploy": "Deployment",
    "hq": "Initial Phase",
    "commander": "Initial Phase",
    "relief": "Initial Phase",
    "event": "Initial Phase",
    "battle-order": "Battle Phase",
    "collect": "End of Turn Phase",
    "draw": "End of Turn Phase",
    "attrition": "End of Round",
    "reinforce": "End of Stage",
}


def phase_name(state: State, decision: Decision | None) -> str:
    if state.result is not None:
        return "Game over"
    if decision is not None and decision.kind in _BY_KIND:
        return _BY_KIND[decision.kind]
    name = _RUNNING.get(state.phase, state.phase.replace("-", " ").title())
    if name == "Orders Phase" and in_battle(state):
        return "Orders Phase — Assault battle"
    return name


def battle_frame(state: State) -> dict | None:
    """The battle being fought, if any (the topmost battle frame on the engine's stack)."""
    for frame in reversed(state.stack):
        if frame.get("kind") == "battle":
            return frame
    return None


def in_battle(state: State) -> bool:
    return battle_frame(state) is not None


def losses_frame(state: State) -> dict | None:
    if state.stack and state.stack[-1].get("kind") == "losses":
        return state.stack[-1]
    return None
