"""Hidden information for search (issue 9): ``Game.sample(player, rng)`` deals what ``player``
cannot see, agrees with that player's view, plays on legally, and depends on nothing hidden."""

from __future__ import annotations

import random

import pytest

from semper_fidelis.engine import Game
from semper_fidelis.engine.state import other

from helpers import hidden_reshuffled


def _midgame(scenario: int, seed: int, steps: int) -> Game:
    game = Game(scenario, seed)
    rng = random.Random(seed)
    while not game.over and len(game.actions) < steps:
        game.apply(rng.choice(game.legal()))
    return game


@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5])
def test_samples_agree_with_the_view_and_play_on_to_the_end(scenario: int) -> None:
    for seed in range(3):
        game = _midgame(scenario, seed, steps=60 + 90 * seed)
        if game.over:
            continue
        for player in ("PL", "ZURL"):
            sample = game.sample(player, random.Random(seed))
            assert sample.view(player) == game.view(player)
            opponent = other(player)
            assert sorted(sample.state.hand[opponent] + sample.state.deck[opponent]) == sorted(game.state.hand[opponent] + game.state.deck[opponent])
            rng = random.Random(seed)
            while not sample.over:
                sample.apply(rng.choice(sample.legal()))
            assert Game.from_record(sample.record(), check_digest=True).state.digest() == sample.state.digest()


@pytest.mark.parametrize("scenario", [2, 4])
def test_a_sample_depends_on_nothing_hidden(scenario: int) -> None:
    game = _midgame(scenario, 5, steps=120)
    for player in ("PL", "ZURL"):
        twin = hidden_reshuffled(game, player, seed=99)
        assert twin.view(player) == game.view(player)
        assert twin.state.digest() != game.state.digest()
        for seed in range(3):
            assert game.sample(player, random.Random(seed)).state.digest() == twin.sample(player, random.Random(seed)).state.digest()
        hands = {tuple(sorted(game.sample(player, random.Random(seed)).state.hand[other(player)])) for seed in range(8)}
        assert len(hands) > 1  # the opponent's hand really is dealt again
