"""What one player may see (docs/architecture.md): the opponent's hand and every face-down token are
hidden, so hot-seat privacy and bot fairness are structural."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, NotRequired, cast

# pydantic validates a view that arrives (net/protocol.py): on 3.11 it needs this TypedDict
from typing_extensions import TypedDict

from ..data.models import Side
from .actions import Action
from .kinds import DecisionKind
from .machine import Decision, current
from .outcome import OutcomeDict
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
    "strategic_holder", "revealed", "result", "card_effect_counts", "extra_reinforcement",
})
#: fields shown only in part (hands and face-down tokens per viewer, decks by their sizes) or
#: not at all (the generator, the decision stack: its decision is shown; events come from
#: Game.events, filtered for the player)
SHOWN_OTHERWISE = frozenset({
    "hand", "tokens", "my_tokens", "deck", "battle_deck", "token_pool", "commander_deck", "rng", "stack", "events",
})


class TokenView(TypedDict):
    """A Supply Token as a player sees it: a face-down token of the other side's is ``None``s."""

    kind: str | None
    value: int | None
    face_up: bool
    only: str | None


class DecisionView(TypedDict):
    """The pending decision; ``actions`` empty for a viewer who is not the one deciding."""

    player: Side
    kind: DecisionKind
    prompt: str
    actions: list[str]
    section: str
    phase: str


class TurnView(TypedDict):
    """What the active player has done this turn (the state's ``TurnState``)."""

    ap: int
    card_played: bool
    event_played: bool
    generic_tokens: int
    specific_token: bool
    propaganda: bool
    destruction_eased: bool
    negotiation: bool
    provisions: int
    mobilize_credit: int
    commander_changes: int
    free_barricade_used: bool
    evacuated: bool


class PlayerView(TypedDict):
    """What :meth:`Game.view` returns: JSON data, so a side-keyed table is keyed by ``str``
    (a view that came over the network is no different). Clients read it by these keys and
    mypy checks them; net/protocol.py validates a view that arrives by them;
    tests/engine/test_view_fields.py holds the keys to the view's."""

    scenario: int
    #: left out of a seat's view sent over the network (net/host.py: with the seed and the
    #: record anyone could replay the hidden deals)
    seed: NotRequired[int]
    options: dict[str, Any]
    round: int
    stages: int
    rounds: int
    initiative: Side
    active: Side
    turn_index: int
    #: the Rulebook's phase name (rulebook_phase), not the engine's
    phase: str
    units: dict[str, dict[str, int]]
    attacks: dict[str, list[dict[str, Any]]]
    tokens: dict[str, list[TokenView]]
    barricades: dict[str, list[list[str]]]
    redoubts: dict[str, str]
    strategic: dict[str, int]
    mob: dict[str, dict[str, int]]
    broken: dict[str, dict[str, int]]
    pool: dict[str, dict[str, int]]
    removed: dict[str, dict[str, int]]
    relief_waiting: dict[str, dict[str, int]]
    #: each side's card numbers; the other side's are ``None`` unless the view is open
    hand: dict[str, list[int | None]]
    discard: dict[str, list[int]]
    my_tokens: dict[str, list[TokenView]]
    battle_used: list[int]
    morale: dict[str, int]
    supply: dict[str, int]
    vp: dict[str, int]
    destruction: int | None
    commander: dict[str, str | None]
    commander_status: dict[str, str]
    fallen: dict[str, int]
    last_battle: dict[str, str | None]
    negotiation: dict[str, int]
    austrians_disarmed: bool
    austrians_defend_for: str | None
    relief: list[dict[str, Any]]
    turn: TurnView
    losses_this_round: bool
    strategic_holder: dict[str, str | None]
    log: list[str]
    revealed: bool
    result: OutcomeDict | None
    card_effect_counts: dict[str, int]
    extra_reinforcement: dict[str, int]
    deck_size: dict[str, int]
    battle_deck_size: int
    token_pool_size: int
    commander_deck_size: dict[str, int]
    decision: DecisionView | None
    stage: int
    #: the battle in progress (situation.battle_view) and the Losses being taken (losses_view)
    battle: dict[str, Any] | None
    losses: dict[str, Any] | None
    viewer: str | None


def _token(token: Token, visible: bool) -> TokenView:
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


Decide = Callable[[], Decision | None]


def _decision(rules: Rules, state: State, player: str | None, decide: Decide) -> DecisionView | None:
    decision = decide()
    return None if decision is None else {
        "player": decision.player,
        "kind": decision.kind,
        "prompt": decision.prompt,
        "actions": [str(a) for a in decision.actions] if player in (None, decision.player) else [],
        "section": decision.section,
        "phase": decision.phase,
    }


def _phase(rules: Rules, state: State, player: str | None, decide: Decide) -> str:
    decision = decide()
    return rulebook_phase(state, decision.kind if decision else None)


#: the view's fields that are not the state's own, each drawn from (rules, state, viewer, the
#: pending decision when asked for)
_DERIVED: dict[str, Callable[[Rules, State, str | None, Decide], Any]] = {
    "deck_size": lambda r, s, p, _: {side: len(s.deck[side]) for side in SIDES},
    "battle_deck_size": lambda r, s, p, _: len(s.battle_deck),
    "token_pool_size": lambda r, s, p, _: len(s.token_pool),
    "commander_deck_size": lambda r, s, p, _: {side: len(s.commander_deck[side]) for side in SIDES},
    "tokens": lambda r, s, p, _: {a: [_token(t, t.face_up) for t in ts] for a, ts in s.tokens.items()},
    "my_tokens": lambda r, s, p, _: {side: [_token(t, p in (None, side)) for t in s.my_tokens[side]] for side in SIDES},
    "hand": lambda r, s, p, _: {side: (list(s.hand[side]) if p in (None, side) else [None] * len(s.hand[side])) for side in SIDES},
    "decision": _decision,
    "phase": _phase,
    "stage": lambda r, s, p, _: s.stage,
    "battle": lambda r, s, p, _: battle_view(r, s),
    "losses": lambda r, s, p, _: losses_view(r, s),
    "viewer": lambda r, s, p, _: p,
    "log": lambda r, s, p, _: s.log,
}


def _decider(rules: Rules, state: State, listed: Callable[[], list[Action] | None]) -> Decide:
    """The pending decision, made at the first field that asks and kept for the next (the
    decision and the phase both read it); its legal actions listed only then (``listed``)."""
    made: list[Decision | None] = []

    def decide() -> Decision | None:
        if not made:
            made.append(current(rules, state, listed()))
        return made[0]

    return decide


def _field(rules: Rules, state: State, player: str | None, decide: Decide, name: str) -> Any:
    if name in _DERIVED:
        return _DERIVED[name](rules, state, player, decide)
    return _FIELDS.get(name, to_jsonable)(getattr(state, name))


def _names(state: State) -> list[str]:
    """The view's fields in the order a view has always listed them: the state's own (the
    Rulebook's phase name in place of the engine's), then the derived ones."""
    return [name for name in state.__dict__ if name in PUBLIC] + [name for name in _DERIVED if name not in PUBLIC]


def view_state(rules: Rules, state: State, player: str | None, legal: list[Action] | None = None,
               decision: Decision | None = None) -> PlayerView:
    """``legal``: the pending decision's legal actions, if the caller has them listed;
    ``decision``: the decision to show instead of the pending one (a step passed mid-way)."""
    decide = _decider(rules, state, lambda: legal) if decision is None else (lambda: decision)
    return cast(PlayerView, {name: _field(rules, state, player, decide, name) for name in _names(state)})


class LazyView(Mapping[str, Any]):
    """The same view, each field copied when it is first read: a bot reads a handful of the
    fifty fields at a decision, and a whole view was an eighth of a playout. It is a view of
    one position: read after the game has moved on, it raises instead of mixing two.
    ``Game.lazy_view`` gives it the view's type (PlayerView) for its readers: they only read."""

    def __init__(self, rules: Rules, state: State, player: str | None, listed: Callable[[], list[Action]], still: Callable[[], bool]):
        self._args = (rules, state, player, _decider(rules, state, listed))
        self._still = still
        self._read: dict[str, Any] = {}
        self._names = _names(state)

    def __getitem__(self, name: str) -> Any:
        if name not in self._read:
            if name not in _DERIVED and name not in PUBLIC:
                raise KeyError(name)
            if not self._still():
                raise RuntimeError(f"view field {name!r} read after the game moved on from the position viewed")
            self._read[name] = _field(*self._args, name)
        return self._read[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)
