"""Hidden information for search (issue 9): a full state consistent with what one player sees.

A bot that does not cheat plans over samples: the opponent's hand is dealt from the cards it
could hold (its hand and deck together — not the discard pile, not the cards out of the game,
which are public), every face-down token (on the board, in the opponent's hand, in the pool) is
dealt again from the unseen ones, the decks (Action, battle, Commander) are reshuffled and the
random generator is reseeded. Everything is drawn from sorted lists of what the player cannot
tell apart, so two states the player sees alike give the same sample for the same ``rng``.

The sample is consistent with the current view, not with memory: a token the player saw the
opponent take face up, or saw go back to the pool, counts as unseen once the view hides it.
"""

from __future__ import annotations

import random

from ..data.models import Side
from .battle import answers, evasion_cost, is_question, special_options
from .rules import Rules
from .state import SIDES, State, Token, other

#: redeals tried for a deal consistent with the decision in progress (the true deal is one of
#: them, so a tight constraint, e.g. one Special card among 20 unseen, still passes at once)
TRIES = 1000


def sample_state(rules: Rules, state: State, player: Side, rng: random.Random) -> State:
    if player not in SIDES:
        raise ValueError(f"a sample is for a player, PL or ZURL, not {player!r}")
    s = state.clone()
    opponent = other(player)
    for deck in (s.deck[player], s.battle_deck, s.commander_deck[player], s.commander_deck[opponent]):
        deck.sort()
        rng.shuffle(deck)
    hand, deck, my_tokens = list(s.hand[opponent]), list(s.deck[opponent]), list(s.my_tokens[opponent])
    for _ in range(TRIES):
        _deal(s, opponent, hand + deck, len(hand), my_tokens, rng)
        if _asked_alike(rules, s, opponent):
            break
    else:  # never met in practice: keep the opponent's true hand and tokens rather than a dead end
        s.hand[opponent], s.deck[opponent] = list(state.hand[opponent]), list(state.deck[opponent])
        s.my_tokens[opponent] = [Token(t.kind, t.value, t.face_up, t.only) for t in state.my_tokens[opponent]]
    s.rng = random.Random(rng.getrandbits(64))
    return s


def _deal(s: State, opponent: Side, cards: list[int], hand_size: int, my_tokens: list[Token], rng: random.Random) -> None:
    """Deal the opponent's hand and every face-down token again, in place (``cards``: its hand
    and deck; ``my_tokens``: its tokens as they were)."""
    # cards it is already discarding for an Evasion stay in its hand (discarded when it evades)
    kept = [n for c in s.stack if c["kind"] == "battle-evade" and c["side"] == opponent for n in c["picked"]]
    unseen = sorted(cards)
    for n in kept:
        unseen.remove(n)
    rng.shuffle(unseen)
    k = hand_size - len(kept)
    s.hand[opponent], s.deck[opponent] = kept + unseen[:k], unseen[k:]

    # face-down tokens: each slot keeps what the player sees of it (where it is, whom it is
    # "available only" for); kinds and values are dealt again; the pool is seen not at all.
    # New Token objects: the engine may hold one token object in two places (equal tokens).
    hidden_board = {a: [i for i, t in enumerate(ts) if not t.face_up] for a, ts in s.tokens.items()}
    slots = [s.tokens[a][i] for a, idx in hidden_board.items() for i in idx] + my_tokens + s.token_pool
    faces = sorted((t.kind, t.value) for t in slots)
    rng.shuffle(faces)
    dealt = iter(faces)
    for a, idx in hidden_board.items():
        for i in idx:
            s.tokens[a][i] = Token(*next(dealt), only=s.tokens[a][i].only)
    s.my_tokens[opponent] = [Token(*next(dealt), only=t.only) for t in my_tokens]
    s.token_pool = [Token(*next(dealt)) for _ in s.token_pool]


def _asked_alike(rules: Rules, s: State, opponent: Side) -> bool:
    """Whether the engine would have asked the opponent what it is being asked now, with the
    dealt hand and tokens: a battle question is put only to a side that can answer it (§9.2
    an Evasion needs cards worth the sides attacked; a Special card or combat token slot needs
    one), so the question itself is something the sampling player has seen."""
    for i, c in enumerate(s.stack):
        if not is_question(c) or c["side"] != opponent:
            continue
        step = answers(c)
        f = next(b for b in reversed(s.stack[:i]) if b["kind"] == "battle")
        if step == "evade" and not c.get("moving"):
            paying = sum(rules.card(opponent, n).ap for n in s.hand[opponent] if rules.card(opponent, n).kind != "event")
            if paying < evasion_cost(rules, s, f):
                return False
        elif step in ("a-card", "d-card", "ammo-card", "post-card") and not special_options(rules, s, f, opponent, step):
            return False
        elif step in ("a-token", "d-token"):
            kinds = ("grenades", "ammunition") if step == "a-token" else ("machine-gun", "ammunition")
            if not any(t.kind in kinds for t in s.my_tokens[opponent]):
                return False
    return True


__all__ = ["sample_state"]
