"""What one player may see (DESIGN §3 View): the opponent's hand and every face-down token are
hidden, so hot-seat privacy and bot fairness are structural."""

from __future__ import annotations

from typing import Any

from .machine import current
from .phases import rulebook_phase
from .rules import Rules
from .situation import battle_view, losses_view
from .state import SIDES, State, to_jsonable


def _token(token, visible: bool) -> dict[str, Any]:
    if visible:
        return {"kind": token.kind, "value": token.value, "face_up": token.face_up, "only": token.only}
    return {"kind": None, "value": None, "face_up": False, "only": token.only}


def view_state(rules: Rules, state: State, player: str | None) -> dict[str, Any]:
    data = to_jsonable(state)
    data.pop("rng", None)
    data.pop("deck", None)
    data["deck_size"] = {s: len(state.deck[s]) for s in SIDES}
    data.pop("battle_deck", None)
    data["battle_deck_size"] = len(state.battle_deck)
    data.pop("token_pool", None)
    data["token_pool_size"] = len(state.token_pool)
    data.pop("commander_deck", None)
    data["commander_deck_size"] = {s: len(state.commander_deck[s]) for s in SIDES}
    data.pop("stack", None)
    data["tokens"] = {a: [_token(t, t.face_up) for t in ts] for a, ts in state.tokens.items()}
    data["my_tokens"] = {s: [_token(t, player in (None, s)) for t in state.my_tokens[s]] for s in SIDES}
    data["hand"] = {s: (list(state.hand[s]) if player in (None, s) else [None] * len(state.hand[s])) for s in SIDES}
    decision = current(rules, state)
    data["decision"] = None if decision is None else {
        "player": decision.player,
        "kind": decision.kind,
        "prompt": decision.prompt,
        "actions": list(decision.actions) if player in (None, decision.player) else [],
        "section": decision.section,
        "phase": decision.phase,
    }
    data["phase"] = rulebook_phase(state, decision.kind if decision else None)
    data["stage"] = state.stage
    data["battle"] = battle_view(rules, state)
    data["losses"] = losses_view(rules, state)
    data["viewer"] = player
    return data
