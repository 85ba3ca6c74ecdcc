"""What each option would cost in Action Points, shown next to it ("−2 AP").

The engine's legal actions do not carry their cost, so each one is tried on a copy of the
state and the AP before and after are compared (about 1 ms an option). Only steps that spend
AP within the same turn are previewed, and only for lists short enough to stay quick.
(Engine request: costs alongside the legal actions would make this unnecessary.)
"""

from __future__ import annotations

from ..engine import Game

PREVIEW_KINDS = {"orders", "order", "fortify", "mobilize", "provision", "relief", "assault"}
NO_PREVIEW = {"end", "cancel", "done", "relief done", "fight"}
MAX_OPTIONS = 60


def ap_changes(game: Game) -> dict[str, int]:
    """action -> change of the AP left this turn (only non-zero changes are listed)."""
    from ..engine import flow
    from ..engine.machine import apply_action

    d = game.decision()
    if d is None or d.kind not in PREVIEW_KINDS or len(d.actions) > MAX_OPTIONS:
        return {}
    state = game.state
    base, active, rnd = state.turn.ap, state.active, state.round
    legal = list(d.actions)
    out: dict[str, int] = {}
    for action in legal:
        if action in NO_PREVIEW:
            continue
        copy = state.clone()
        try:
            apply_action(game.rules, copy, action, flow.next_phase, legal)
        except Exception:  # a preview must never break the screen
            continue
        if copy.active == active and copy.round == rnd and copy.turn.ap != base:
            out[action] = copy.turn.ap - base
    return out
