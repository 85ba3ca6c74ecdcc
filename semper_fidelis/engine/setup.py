"""Setup (§2): a new State from a scenario card, with all chance from the seeded generator."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..data.models import Side
from ..i18n import N_
from .events import event
from .occupancy import add_units, occupant
from .rules import Rules
from .state import NEUTRAL_TYPES, PL, SIDES, TYPE_SIDE, ZONES, ZURL, GameRandom, State, Token

HAND_SIZE = 5


def new_state(rules: Rules, seed: int, options: dict[str, Any] | None = None) -> State:
    options = dict(options or {})
    sc = rules.scenario
    state = State(scenario=sc.number, seed=seed, options=options, rng=GameRandom(seed))
    state.stages, state.rounds = sc.stages, len(sc.time_track)
    state.initiative = state.active = sc.initiative
    for key in ZONES:
        state.mob[key], state.broken[key], state.removed[key] = {}, {}, {}
    for side in SIDES:  # in this order: the generator shuffles each side's decks in turn
        _set_up_side(rules, state, side)
    for p in sc.neutrals:
        add_units(state, p.area, {p.unit: p.count})
    state.mob["neutral"] = {t: n for t, n in sc.neutral_mobilization.items() if n}
    _fill_pools(rules, state)
    _place_tokens(rules, state)
    state.strategic = dict(sc.strategic)
    for track in sc.negotiation:
        state.negotiation[track.neutral] = track.start
    state.destruction = 0 if sc.destruction_track else None
    state.relief = [r.model_dump() for r in sc.relief]
    deck = [i for i, c in enumerate(rules.data.battle_deck.cards) for _ in range(c.copies)]
    state.rng.shuffle(deck)
    state.battle_deck = deck
    _deal(rules, state)
    state.strategic_holder = {a: occupant(rules, state, a) for a in state.strategic}
    event(state, "note", N_("Scenario {number}: {scenario_name} ({dates}). {who} has the initiative."),
          say={"number": sc.number, "scenario_name": sc.name, "dates": sc.dates, "who": sc.initiative})
    return state


def _set_up_side(rules: Rules, state: State, side: Side) -> None:
    """A side's units, tracks, Commander and decks as its scenario card gives them (§2)."""
    setup = rules.scenario.sides[side]
    for p in setup.placements:
        add_units(state, p.area, {p.unit: p.count})
    state.mob[side] = {t: n for t, n in setup.mobilization.items() if n}
    state.morale[side], state.supply[side], state.vp[side] = setup.morale, setup.supply, setup.vp
    state.commander[side] = setup.commander
    state.commander_status[side] = "ok"
    state.commander_deck[side] = list(setup.commander_deck)
    state.rng.shuffle(state.commander_deck[side])
    state.fallen[side] = 0
    state.last_battle[side] = None
    cards = [c.number for c in rules.data.decks[side].cards if c.number not in setup.removed_cards]
    state.rng.shuffle(cards)
    state.deck[side], state.discard[side], state.hand[side] = cards, [], []
    state.my_tokens[side] = []
    state.relief_waiting[side] = {}


def _fill_pools(rules: Rules, state: State) -> None:
    """Every unit neither on the board nor in a Mobilization Zone is in its owner's pool."""
    components = {u.id: u.count for u in rules.data.components.units}
    on_board: dict[str, int] = {}
    for area_units in state.units.values():
        for t, n in area_units.items():
            on_board[t] = on_board.get(t, 0) + n
    for key in ZONES:
        types = [t for t in components if (TYPE_SIDE.get(t) == key) or (key == "neutral" and t in NEUTRAL_TYPES)]
        state.pool[key] = {t: components[t] - on_board.get(t, 0) - state.mob[key].get(t, 0) for t in types}


def _deal(rules: Rules, state: State) -> None:
    for side in SIDES:
        n = HAND_SIZE
        if state.options.get("handicap") and side == ZURL and rules.scenario.initiative == ZURL:
            n = 3  # FAQ handicap: ZURL with the initiative starts with 3 cards
        state.hand[side] = [state.deck[side].pop() for _ in range(n)]


def _place_tokens(rules: Rules, state: State) -> None:
    """Specific tokens face up first, then the rest mixed and dealt face down (§2.2–3)."""
    rng = state.rng
    pool = [Token(t.kind, value) for t in rules.data.supply_tokens.tokens for value, n in sorted(t.values.items()) for _ in range(n)]
    rng.shuffle(pool)
    sc = rules.scenario
    for spec in sc.specific_tokens:
        for _ in range(spec.count):
            token = next(t for t in pool if t.kind == spec.kind)
            pool.remove(token)
            state.tokens.setdefault(spec.area, []).append(replace(token, face_up=True))
    for drawn in sc.random_tokens:
        for _ in range(drawn.count):
            if not pool:
                break
            token = replace(pool.pop(), only=drawn.available_to)
            if drawn.to:
                state.my_tokens.setdefault(drawn.to, []).append(token)
            else:
                assert drawn.area is not None  # validate: random tokens go to an area or a hand
                state.tokens.setdefault(drawn.area, []).append(token)
    state.token_pool = pool
    for side in (PL, ZURL):
        state.my_tokens.setdefault(side, [])
