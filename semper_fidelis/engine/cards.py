"""Action, Special and Event cards (§5.1, §6.1): drawing, discarding, and the registry of card
effects. A card's effect is found by its ``effect_id`` (from the deck data); a card whose effect
is registered can be played for it, every card can be played for its AP value.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from ..data.models import Side
from ..i18n import N_
from . import prompts
from .actions import Action
from .frames import BattleFrame, CardFrame
from .machine import pop, procedure
from .rules import Rules
from .state import State
from .tracks import log


def _always(*_args: object) -> bool:
    return True


@dataclass(frozen=True)
class CardEffect:
    """How one card works. Action and Event cards: ``playable`` says whether the effect can be
    carried out now (FAQ: an event whose effect cannot be carried out cannot be played) and
    ``apply(rules, state, side)`` carries it out, pushing one of the card questions
    (:func:`card_question`) when the player must choose. Special cards: ``battle_playable`` and
    ``battle_apply(rules, state, battle_frame, side)``; ``after_battle`` marks a card about the
    battle's aftermath, which may also be the second card played after it (Ammunition)."""

    playable: Callable[[Rules, State, Side], bool] = _always
    apply: Callable[[Rules, State, Side], None] | None = None
    battle_playable: Callable[[Rules, State, BattleFrame, Side], bool] = _always
    battle_apply: Callable[[Rules, State, BattleFrame, Side], None] | None = None
    after_battle: bool = False


#: effect_id -> effect. Filled by the card-effects module (issue: every card effect).
EFFECTS: dict[str, CardEffect] = {}


def effect_of(rules: Rules, side: Side, number: int) -> CardEffect | None:
    return EFFECTS.get(rules.card(side, number).effect_id)


def register(effect_id: str, effect: CardEffect) -> CardEffect:
    EFFECTS[effect_id] = effect
    return effect


#: the kind of card question a handler takes
Q = TypeVar("Q", bound=CardFrame)


def card_question(kind: str, legal: Callable[[Rules, State, Q], Sequence[Action]], choose: Callable[[Rules, State, Q, Any], None]) -> None:
    """Register one kind of a card's own question (``frames.CardFrame``): its legal actions and
    their effect. The frame is popped before ``choose``, which pushes a copy to ask again."""

    def apply(rules: Rules, state: State, f: Q, action: Action) -> None:
        pop(state, f)
        choose(rules, state, f, action)

    procedure(kind, decision="card", prompt=prompts.card, legal=legal, apply=apply, section="Action cards")


def draw_cards(rules: Rules, state: State, side: Side, n: int) -> int:
    """Draw up to ``n`` cards; an empty deck is rebuilt from the shuffled discard pile."""
    drawn = 0
    for _ in range(n):
        if not state.deck[side]:
            if not state.discard[side]:
                break
            state.deck[side] = state.discard[side]
            state.discard[side] = []
            state.rng.shuffle(state.deck[side])
            log(state, N_("{who} reshuffles its discard pile into a new Action deck."), say={"who": side})
        state.hand[side].append(state.deck[side].pop())
        drawn += 1
    if drawn:
        state.revealed = True
    return drawn


def discard_card(state: State, side: Side, number: int) -> None:
    state.hand[side].remove(number)
    state.discard[side].append(number)


def card_title(rules: Rules, side: Side, number: int) -> str:
    card = rules.card(side, number)
    return f"{side} #{number} {card.name}"
