"""How a game ended as a value (engine/outcome.py): an Outcome in the engine, the same JSON table
as before wherever it leaves it (the view, the digest a record holds)."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from semper_fidelis.engine import Game, Outcome


def _finished(scenario: int = 1, seed: int = 3) -> Game:
    game, rng = Game(scenario, seed), random.Random(seed)
    while not game.over:
        game.apply(rng.choice(game.legal()))
    return game


def test_a_finished_game_has_an_outcome_its_view_carries_as_json():
    game = _finished()
    outcome = game.outcome
    assert isinstance(outcome, Outcome) and outcome is game.state.result
    assert outcome.reason and outcome.winner in ("PL", "ZURL", None) and outcome.draw == (outcome.winner is None)
    assert outcome.vp == game.state.vp
    for player in (None, "PL", "ZURL"):
        result = game.view(player)["result"]
        assert result == {"winner": outcome.winner, "reason": outcome.reason, "vp": outcome.vp}
        assert json.loads(json.dumps(result)) == result
    with pytest.raises(dataclasses.FrozenInstanceError):
        outcome.winner = None  # type: ignore[misc]


def test_a_game_in_progress_has_none():
    game = Game(2, 0)
    assert game.outcome is None and game.view(None)["result"] is None


def test_the_record_of_a_finished_game_replays_to_the_same_outcome_and_digest():
    game = _finished(2, 5)
    again = Game.from_record(json.loads(json.dumps(game.record())), check_digest=True)
    assert again.outcome == game.outcome and again.digest() == game.digest()
    assert game.copy().outcome == game.outcome
