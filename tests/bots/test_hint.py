"""The hint (issue 21): the marshal's plans with their estimates, from the deciding player's seat
only — never the other side's hidden cards — and without touching the game."""

from __future__ import annotations

import random

from helpers import hidden_reshuffled

from semper_fidelis.bots import GeneralBot, Seat
from semper_fidelis.bots.hint import make_hint
from semper_fidelis.engine import Game


def _at(scenario: int, seed: int, kind: str) -> Game:
    """A general-v-general game at its first decision of ``kind`` past the opening."""
    game = Game(scenario, seed)
    bots = {s: GeneralBot(i) for i, s in enumerate(("PL", "ZURL"))}
    while game.decision().kind != kind or len(game.actions) < 3:
        game.apply(bots[game.decision().player].choose(Seat(game, game.decision().player)))
    return game


def test_the_hint_is_the_same_whatever_the_opponent_holds():
    for kind in ("orders", "battle"):
        game = _at(1, 5, kind)
        player = game.decision().player
        twin = hidden_reshuffled(game, player, seed=9)
        opponent = "ZURL" if player == "PL" else "PL"
        assert twin.state.hand[opponent] != game.state.hand[opponent] or twin.state.deck[opponent] != game.state.deck[opponent]
        assert twin.view(player) == game.view(player)
        first, second = make_hint(game, seed=3, iterations=12), make_hint(twin, seed=3, iterations=12)
        assert first == second and first.playouts == 12 and first.player == player


def test_the_hint_shows_the_top_plans_with_the_marshals_choice_and_leaves_the_game_alone():
    game = _at(2, 7, "orders")
    digest, actions = game.state.digest(), list(game.actions)
    hint = make_hint(game, seed=1, iterations=30, top=3)
    assert game.state.digest() == digest and game.actions == actions
    assert 1 <= len(hint.plans) <= 3 and sum(p.chosen for p in hint.plans) == 1
    assert all(0.0 <= p.win <= 1.0 and p.playouts >= 1 and p.label for p in hint.plans)
    assert hint.plans[0].steps[0] in game.legal() and hint.choice.steps[0] in game.legal()


def test_a_forced_decision_needs_no_search():
    game = _at(1, 2, "orders")
    while len(game.legal()) != 1:
        game.apply(random.Random(len(game.actions)).choice(game.legal()))
    hint = make_hint(game, seed=1, iterations=12)
    assert hint.playouts == 0 and hint.choice.steps == (game.legal()[0],)


def test_the_privacy_check_catches_a_hint_that_peeks():
    """The check has teeth: a hint searched on the real game (its hidden cards included)
    differs between the two games."""
    from test_bots import _PeekingMarshal

    game = _at(1, 5, "orders")
    player = game.decision().player
    twin = hidden_reshuffled(game, player, seed=9)
    first = make_hint(game, seed=3, marshal=_PeekingMarshal(3, iterations=12))
    second = make_hint(twin, seed=3, marshal=_PeekingMarshal(3, iterations=12))
    assert first != second
