"""Action, Special and Event cards (§5.1, §6.1): drawing, discarding, and the registry of card
effects. A card's effect is found by its ``effect_id`` (from the deck data); a card whose effect
is registered can be played for it, every card can be played for its AP value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .rules import Rules
from .state import State
from .tracks import log


@dataclass(frozen=True)
class CardEffect:
    """``playable`` says whether the effect can be carried out now (FAQ: an event whose effect
    cannot be carried out cannot be played); ``apply`` carries it out."""

    playable: Callable[[Rules, State, str], bool]
    apply: Callable[[Rules, State, str], None]


#: effect_id -> effect. Filled by the card-effects module (issue: every card effect).
EFFECTS: dict[str, CardEffect] = {}


def effect_of(rules: Rules, side: str, number: int) -> CardEffect | None:
    return EFFECTS.get(rules.card(side, number).effect_id)


def draw_cards(rules: Rules, state: State, side: str, n: int) -> int:
    """Draw up to ``n`` cards; an empty deck is rebuilt from the shuffled discard pile."""
    drawn = 0
    for _ in range(n):
        if not state.deck[side]:
            if not state.discard[side]:
                break
            state.deck[side] = state.discard[side]
            state.discard[side] = []
            state.rng.shuffle(state.deck[side])
            log(state, f"{side} reshuffles its discard pile into a new Action deck.")
        state.hand[side].append(state.deck[side].pop())
        drawn += 1
    if drawn:
        state.revealed = True
    return drawn


def discard_card(state: State, side: str, number: int) -> None:
    state.hand[side].remove(number)
    state.discard[side].append(number)


def card_title(rules: Rules, side: str, number: int) -> str:
    card = rules.card(side, number)
    return f"{side} #{number} {card.name}"
