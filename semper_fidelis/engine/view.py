"""What one player may see (README, "How it is built"): the opponent's hand and every face-down token are
hidden, so hot-seat privacy and bot fairness are structural."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import Action
from .machine import current
from .phases import rulebook_phase
from .rules import Rules
from .situation import battle_view, losses_view
from .state import ATOM_FIELDS, FLAT_FIELDS, NESTED_FIELDS, SIDES, State, Token, to_jsonable

#: the state's fields both players may see as they are, field by field: a field not named here
#: is private until someone decides otherwise (tests/engine/test_view_fields.py holds every
#: field of State to a decision, here or in SHOWN_OTHERWISE)
PUBLIC = frozenset({
    "scenario", "seed", "options", "round", "stages", "rounds", "initiative", "active", "turn_index", "phase",
    "units", "attacks", "barricades", "redoubts", "strategic", "mob", "broken", "pool", "removed", "relief_waiting",
    "discard", "battle_used", "morale", "supply", "vp", "destruction", "commander", "commander_status", "fallen",
    "last_battle", "negotiation", "austrians_disarmed", "austrians_defend_for", "relief", "turn", "losses_this_round",
    "strategic_holder", "log", "revealed", "result", "card_effect_counts", "extra_reinforcement",
})
#: fields shown only in part (hands and face-down tokens per viewer, decks by their sizes) or
#: not at all (the generator, the decision stack: its decision is shown; events come from
#: Game.events, filtered for the player)
SHOWN_OTHERWISE = frozenset({
    "hand", "tokens", "my_tokens", "deck", "battle_deck", "token_pool", "commander_deck", "rng", "stack", "events",
})


def _token(token: Token, visible: bool) -> dict[str, Any]:
    if visible:
        return {"kind": token.kind, "value": token.value, "face_up": token.face_up, "only": token.only}
    return {"kind": None, "value": None, "face_up": False, "only": token.only}


def _copy(value: Any) -> Any:
    return value.copy()


def _nested(value: dict[str, Any]) -> dict[str, Any]:
    return {k: v.copy() for k, v in value.items()}


# How a view copies each field into plain JSON data of its own (to_jsonable would do, but it
# rebuilds every atom container the slow way): the same tables as State.clone.
_FIELDS: dict[str, Callable[[Any], Any]] = {
    **dict.fromkeys(ATOM_FIELDS, lambda value: value),
    **dict.fromkeys(FLAT_FIELDS, _copy),
    **dict.fromkeys(NESTED_FIELDS, _nested),
    "barricades": lambda value: {a: [list(b) for b in bs] for a, bs in value.items()},
    "attacks": lambda value: {a: [{**g.__dict__, "units": g.units.copy()} for g in gs] for a, gs in value.items()},
    "turn": lambda value: value.__dict__.copy(),
    "relief": lambda value: [r.copy() for r in value],  # each a scenario card's relief: atoms only
    "result": lambda value: None if value is None else value.to_dict(),  # an Outcome, as JSON
}


def view_state(rules: Rules, state: State, player: str | None, legal: list[Action] | None = None) -> dict[str, Any]:
    """``legal``: the pending decision's legal actions, if the caller has them listed."""
    data = {name: _FIELDS.get(name, to_jsonable)(value) for name, value in state.__dict__.items() if name in PUBLIC}
    data["deck_size"] = {s: len(state.deck[s]) for s in SIDES}
    data["battle_deck_size"] = len(state.battle_deck)
    data["token_pool_size"] = len(state.token_pool)
    data["commander_deck_size"] = {s: len(state.commander_deck[s]) for s in SIDES}
    data["tokens"] = {a: [_token(t, t.face_up) for t in ts] for a, ts in state.tokens.items()}
    data["my_tokens"] = {s: [_token(t, player in (None, s)) for t in state.my_tokens[s]] for s in SIDES}
    data["hand"] = {s: (list(state.hand[s]) if player in (None, s) else [None] * len(state.hand[s])) for s in SIDES}
    decision = current(rules, state, legal)
    data["decision"] = None if decision is None else {
        "player": decision.player,
        "kind": decision.kind,
        "prompt": decision.prompt,
        "actions": [str(a) for a in decision.actions] if player in (None, decision.player) else [],
        "section": decision.section,
        "phase": decision.phase,
    }
    data["phase"] = rulebook_phase(state, decision.kind if decision else None)
    data["stage"] = state.stage
    data["battle"] = battle_view(rules, state)
    data["losses"] = losses_view(rules, state)
    data["viewer"] = player
    return data
