"""Which part of the turn the game is in, in the rulebook's words (§5): Deployment (§2), the
Initial, Orders and Battle Phases, the End of Turn Phase, the End of Round and the End of Stage.

``state.phase`` names the step the turn flow starts *next* once the procedures on the stack are
done (flow.py), so the phase being played is read from it and from the pending decision's kind.
"""

from __future__ import annotations

from .state import State

#: the phases, in the order of a turn (setup first, the end of the game last)
PHASES = (
    "Setup", "Deployment", "Initial Phase", "Orders Phase", "Battle Phase", "End of Turn Phase",
    "End of Round", "End of Stage", "Game over",
)

#: the turn flow's next step -> the phase being played while the stack is not empty
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

#: decisions that belong to one phase wherever the flow stands (a card can bring them earlier)
_BY_KIND = {
    "deploy": "Deployment",
    "hq": "Initial Phase",
    "commander": "Initial Phase",
    "relief": "Initial Phase",
    "event": "Initial Phase",
    "battle-order": "Battle Phase",
    "draw": "End of Turn Phase",
    "attrition": "End of Round",
    "reinforce": "End of Stage",
}


def rulebook_phase(state: State, kind: str | None) -> str:
    """The phase being played, given the kind of the pending decision (None: no decision)."""
    if state.result is not None:
        return "Game over"
    if kind in _BY_KIND:
        return _BY_KIND[kind]
    return _RUNNING.get(state.phase, "Setup")
