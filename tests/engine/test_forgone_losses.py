"""The log's count of Losses forgone agrees with its number (issue 23: "1 further Losses")."""

from __future__ import annotations

import random

from semper_fidelis.engine import Game


def _forgone(scenario: int, seed: int, actions: int) -> list[str]:
    game, rng = Game(scenario=scenario, seed=seed), random.Random(seed)
    for _ in range(actions):
        game.apply(rng.choice(game.legal()))
    return [e.text for e in game.events(None) if "forgone" in (e.text or "")]


def test_one_loss_forgone_is_said_in_the_singular_and_more_in_the_plural():
    assert _forgone(1, 4, 61)[-1] == "ZURL: 1 further Loss is forgone (no units left)."  # random play, seed 4
    assert _forgone(1, 4, 43)[-1] == "PL: 2 further Losses are forgone (no units left)."
