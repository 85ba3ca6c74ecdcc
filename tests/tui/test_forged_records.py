"""A record is believed only when it replays (issue 35): a forged record — illegal actions with a
digest computed for them, as anyone can — is refused by the viewer, `review` and `replay` in one
line naming its first illegal step; play on from a position the engine cannot start from is a
notice, never a crash."""

from __future__ import annotations

import json
import time

import pytest

from semper_fidelis.cli import main
from semper_fidelis.engine import Game, RecordError
from semper_fidelis.play.batch import Matchup, play_game
from semper_fidelis.tui.review import Review
from semper_fidelis.tui.screens.review import ReviewScreen

from .conftest import SIZE
from .helpers import keys, sync
from .test_review import shows_review, until

MOBILIZE_AGAIN = 30


@pytest.fixture(scope="module")
def real() -> dict:
    """A whole game of Scenario 2 as the engine records it."""
    return play_game(Matchup(2), 3).record()


def forge(record: dict) -> tuple[dict, int]:
    """The record with the same mobilization repeated until AP and the pool run dry and past,
    and its digest recomputed the way the engine computes it (the position's, after an
    unchecked replay); also the first step the engine must refuse."""
    first = next(i for i, a in enumerate(record["actions"]) if a.startswith("mobilize "))
    actions = record["actions"][: first + 1] + [record["actions"][first]] * MOBILIZE_AGAIN
    game = Game.from_record({**record, "actions": [], "digest": None})
    illegal = None
    for n, action in enumerate(actions, start=1):
        if illegal is None and not game.allows(action):
            illegal = n
        game.replay(action)  # no check: what a forger's tool does
    assert illegal is not None and game.state.turn.ap < 0  # the position a forger wants shown
    return {**record, "actions": actions, "digest": game.digest()}, illegal


@pytest.fixture
def forged(tmp_path, real) -> tuple:
    record, illegal = forge(real)
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(record))
    return path, illegal


def test_the_viewer_refuses_a_forged_record_naming_its_first_illegal_step(forged):
    path, illegal = forged
    with pytest.raises(RecordError) as refused:
        Review.open(path)
    assert f"action {illegal} cannot be replayed" in str(refused.value) and "\n" not in str(refused.value)


@pytest.mark.parametrize("command", ["review", "replay"])
def test_review_and_replay_refuse_a_forged_record_in_one_line(forged, command, capsys, monkeypatch):
    path, illegal = forged
    monkeypatch.setattr("semper_fidelis.tui.app.run", lambda **_: 0)  # were it let in, the app would not start here
    assert main([command, str(path)]) == 2
    err = capsys.readouterr().err
    assert f"action {illegal} cannot be replayed" in err and err.count("\n") == 1 and "internal error" not in err


def test_a_digest_that_differs_is_still_refused(tmp_path, real):
    with pytest.raises(RecordError, match="differs from the saved one"):
        Review({**real, "digest": "0" * 16})


def test_a_record_in_abbreviations_opens_and_moves(real):
    """Actions are kept as the engine's exact notation once checked, so moving replays them."""
    short = [a.replace("szkola-sienkiewicza", "szkola-s") for a in real["actions"]]
    assert short != real["actions"]
    review = Review({**real, "actions": short})
    assert review.actions == real["actions"]
    review.goto(review.end)
    assert review.game.digest() == real["digest"]


def test_checking_a_whole_scenario_4_game_is_quick():
    """Opening checks every action; a whole game of Scenario 4 stays well under a second."""
    record = play_game(Matchup(4), 1).record()
    started = time.perf_counter()
    review = Review(record)
    assert review.end == len(record["actions"]) > 300
    assert time.perf_counter() - started < 1.0


@sync
async def test_play_on_from_a_position_the_engine_refuses_is_a_notice(make_app, real):
    review = Review(real)
    review.goto(60)
    review.game.state.turn.ap = -16  # what a forged record showed: the engine cannot start from it
    app = make_app(review=review)
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: shows_review(app))
        await keys(pilot, "p")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and app.is_running
        (notice,) = [n.message for n in app._notifications]
        assert notice.startswith("Cannot play on from here: ") and "ap" in notice and "\n" not in notice
