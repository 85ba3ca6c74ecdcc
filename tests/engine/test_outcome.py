"""How a game ended as a value (engine/outcome.py): an Outcome in the engine with its
Termination; the view carries it as JSON, a record of format 3 names the termination, and the
digest hashes the table from before terminations, so records of formats 1 and 2 still verify."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from semper_fidelis.engine import Game, Outcome, RecordError, Termination, read_record

RECORDS = Path(__file__).parent / "data" / "records"


def _finished(scenario: int = 1, seed: int = 3) -> Game:
    game, rng = Game(scenario, seed), random.Random(seed)
    while not game.over:
        game.apply(rng.choice(game.legal()))
    return game


def test_a_finished_game_has_an_outcome_its_view_carries_as_json():
    game = _finished()
    outcome = game.outcome
    assert isinstance(outcome, Outcome) and outcome is game.state.result
    assert outcome.termination is Termination.END_OF_GAME and outcome.reason.startswith("end of the game")
    assert outcome.reason and outcome.winner in ("PL", "ZURL", None) and outcome.draw == (outcome.winner is None)
    assert outcome.vp == game.state.vp
    for player in (None, "PL", "ZURL"):
        result = game.view(player)["result"]
        assert result == {"winner": outcome.winner, "reason": outcome.reason, "vp": outcome.vp, "termination": "end-of-game"}
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


def test_a_finished_game_s_record_is_format_3_and_names_its_termination():
    game = _finished(1, 3)
    record = game.record()
    assert record["format"] == 3 and record["termination"] == game.outcome.termination.value == "end-of-game"
    assert "termination" not in Game(1, 3).record()  # not over: nothing to name


@pytest.mark.parametrize("name", ["format1-finished.json", "format2-finished.json"])
def test_records_written_before_terminations_load_replay_and_verify(name):
    """Format 1 and 2 records of finished games (written by the version before this one) keep
    their digests, and their replays learn how they ended."""
    path = RECORDS / name
    old = json.loads(path.read_text(encoding="utf-8"))
    assert "termination" not in old and old["digest"]
    game = read_record(path)  # checks the digest
    assert game.over and game.outcome.termination is Termination.END_OF_GAME and game.outcome.reason == game.view(None)["result"]["reason"]
    again = game.record()
    assert again["format"] == 3 and again["digest"] == old["digest"] and again["termination"] == "end-of-game"


def test_a_record_whose_termination_its_replay_does_not_reach_is_refused():
    record = _finished(1, 3).record()
    with pytest.raises(RecordError, match="^the record says the game ended by supply-cut, its replay does not$"):
        Game.from_record({**record, "termination": "supply-cut"}, check_digest=True)
    unfinished = Game(1, 3).record()
    with pytest.raises(RecordError, match="ended by lead"):
        Game.from_record({**unfinished, "termination": "lead"}, check_digest=True)


@pytest.mark.parametrize("change, message", [
    ({"termination": "resigned"}, "^termination: Input should be 'end-of-game', 'lead', 'humanitarian-crisis' or 'supply-cut'"),
    ({"termination": "lead", "format": 2}, "termination: a format 2 record has none"),
])
def test_a_bad_termination_is_one_line(change, message):
    with pytest.raises(RecordError, match=message):
        Game.from_record({**Game(1, 3).record(), **change})
