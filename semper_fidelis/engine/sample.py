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

from .rules import Rules
from .state import SIDES, State, Token, other


def sample_state(rules: Rules, state: State, player: str, rng: random.Random) -> State:
    if player not in SIDES:
        raise ValueError(f"a sample is for a player, PL or ZURL, not {player!r}")
    s = state.clone()
    opponent = other(player)

    # the opponent's hand, from its hand and deck together; cards it is already discarding for
    # an Evasion stay in it (they are discarded at once when it evades)
    kept = [n for c in s.stack if c["kind"] == "battle-choice" and c["side"] == opponent for n in c.get("picked", ())]
    unseen = sorted(s.hand[opponent] + s.deck[opponent])
    for n in kept:
        unseen.remove(n)
    rng.shuffle(unseen)
    k = len(s.hand[opponent]) - len(kept)
    s.hand[opponent], s.deck[opponent] = kept + unseen[:k], unseen[k:]
    for deck in (s.deck[player], s.battle_deck, s.commander_deck[player], s.commander_deck[opponent]):
        deck.sort()
        rng.shuffle(deck)

    # face-down tokens: each slot keeps what the player sees of it (where it is, whom it is
    # "available only" for); kinds and values are dealt again; the pool is seen not at all.
    # New Token objects: the engine may hold one token object in two places (equal tokens).
    hidden_board = {a: [i for i, t in enumerate(ts) if not t.face_up] for a, ts in s.tokens.items()}
    slots = [s.tokens[a][i] for a, idx in hidden_board.items() for i in idx] + s.my_tokens[opponent] + s.token_pool
    faces = sorted((t.kind, t.value) for t in slots)
    rng.shuffle(faces)
    dealt = iter(faces)
    for a, idx in hidden_board.items():
        for i in idx:
            s.tokens[a][i] = Token(*next(dealt), only=s.tokens[a][i].only)
    s.my_tokens[opponent] = [Token(*next(dealt), only=t.only) for t in s.my_tokens[opponent]]
    s.token_pool = [Token(*next(dealt)) for _ in s.token_pool]

    s.rng = random.Random(rng.getrandbits(64))
    return s


__all__ = ["sample_state"]
