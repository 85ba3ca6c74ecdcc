"""Review and what-if: the replay viewer steps through a record showing exactly the engine's
position, never writes the file, plays on from any step; rematch at game over."""

from __future__ import annotations

import random

import pytest

from semper_fidelis.engine import Game, write_record
from semper_fidelis.play.batch import Matchup, play_game
from semper_fidelis.store.saves import write_players
from semper_fidelis.tui.review import Review, rematch
from semper_fidelis.tui.screens.game_over import GameOverScreen
from semper_fidelis.tui.screens.players import PlayersScreen
from semper_fidelis.tui.screens.review import ReviewScreen
from semper_fidelis.tui.screens.review_list import ReviewListScreen
from semper_fidelis.tui.session import Session

from .conftest import SIZE
from .helpers import game_screen, keys, sync, text_of


@pytest.fixture(scope="module")
def finished() -> Game:
    """A whole simulated game of Scenario 2 (random bots, some 500 actions, a few battles)."""
    return play_game(Matchup(2), 3)


@pytest.fixture
def record_file(tmp_path, finished):
    path = tmp_path / "records" / "s2-seed3.json"
    write_record(finished, path)
    return path


async def until(pilot, check, tries: int = 500) -> None:
    """Let the app run until ``check()`` holds (a screen is pushed after the one being mounted)."""
    for _ in range(tries):
        if check():
            return
        await pilot.pause(0.01)
    assert check()


def shows_review(app) -> bool:
    """The viewer is on screen and has drawn its first step."""
    bar = app.screen.query("#review-bar") if isinstance(app.screen, ReviewScreen) else []
    return bool(bar) and "REVIEW" in text_of(bar.first())


def engine_at(game: Game, n: int) -> Game:
    """The engine's own position after the first ``n`` actions of ``game``."""
    record = game.record()
    return Game.from_record({**record, "actions": record["actions"][:n], "digest": None})


def same_position(shown: Game, expected: Game) -> None:
    assert len(shown.actions) == len(expected.actions)
    assert shown.record()["digest"] == expected.record()["digest"]
    for side in (None, "PL", "ZURL"):
        assert shown.view(side) == expected.view(side)


# ------------------------------------------------------------------------------ the model


def test_jumps_land_where_turns_and_battles_start(finished):
    review = Review(finished.record())
    assert review.end == len(finished.actions)
    assert review.next_turn() == review.turn_starts[1]
    assert any(e.kind == "turn" for e in review.events(None))
    battle = review.next_battle()
    assert battle is not None and review.game.view(None)["battle"] is not None
    assert engine_at(finished, battle - 1).view(None)["battle"] is None  # it starts here
    review.previous_turn()
    assert review.at in review.turn_starts and review.at < battle
    review.goto(review.end)
    assert review.next_battle() is None and review.at == review.end
    assert review.previous_battle() == review.battle_starts[-1]


def test_every_step_back_is_the_engines_position(finished):
    """Back by undo within a few steps and by replay past a draw: each step, the same digest and
    log as the game played forward."""
    walk, expected = engine_at(finished, 0), []
    for action in finished.actions:
        expected.append((walk.record()["digest"], len(walk.view(None)["log"])))
        walk.apply(action)
    review = Review(finished.record())
    review.goto(review.end)
    for n in reversed(range(review.end)):
        assert review.step(-1) == n
        assert (review.game.record()["digest"], len(review.game.view(None)["log"])) == expected[n], n


def test_a_format_1_record_opens_at_the_same_positions(finished):
    record = {k: v for k, v in finished.record().items() if k not in ("format", "version", "termination")}  # what format 1 had
    review = Review(record)
    review.goto(50)
    same_position(review.game, engine_at(finished, 50))


def test_a_step_shows_each_side_only_what_it_may_see(finished):
    review = Review(finished.record())
    draw = review.actions.index("draw") + 1
    review.goto(draw)
    mine = review.last_step.player
    other = "ZURL" if mine == "PL" else "PL"
    assert any(e.visible == mine for e in review.events(None))
    assert all(e.visible in ("all", other) for e in review.events(other))


def test_rematch_swaps_the_seats_keeps_the_seed_or_draws_a_new_one(finished):
    session = Session(game=finished, players={"PL": "human", "ZURL": "random"}, privacy=False)
    game, players = rematch(session, "swap")
    assert players == {"PL": "random", "ZURL": "human"}
    assert game.seed == finished.seed and game.actions == [] and game.view(None) == Game(2, finished.seed).view(None)
    game, players = rematch(session, "seed", rng=random.Random(1))
    assert players == session.players and game.seed != finished.seed
    with pytest.raises(ValueError, match="rematch is one of"):
        rematch(session, "again")


# ------------------------------------------------------------------------------ the viewer


@sync
async def test_review_steps_forward_and_back_showing_the_engines_position(make_app, record_file, finished):
    before = (record_file.read_bytes(), record_file.stat().st_mtime_ns)
    app = make_app(review=Review.open(record_file))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: shows_review(app))
        screen = app.screen
        shown = lambda: screen.review.game  # noqa: E731
        same_position(shown(), engine_at(finished, 0))
        await keys(pilot, *["right"] * 12)
        same_position(shown(), engine_at(finished, 12))
        assert f"step 12/{len(finished.actions)}" in text_of(screen.query_one("#review-bar"))
        step_text = text_of(screen.query_one("#review-events"))
        assert finished.actions[11] in step_text
        await keys(pilot, "left", "left", "left")
        same_position(shown(), engine_at(finished, 9))
        await keys(pilot, "b")  # the first battle: its panel is shown
        n = screen.review.battle_starts[0]
        same_position(shown(), engine_at(finished, n))
        assert "Battle" in text_of(screen.query_one("#review-events"))
        await keys(pilot, "left")
        same_position(shown(), engine_at(finished, n - 1))
        await keys(pilot, "right_square_bracket")
        same_position(shown(), engine_at(finished, next(t for t in screen.review.turn_starts if t > n - 1)))
        await keys(pilot, "end")
        same_position(shown(), finished)
        assert "Game over" in text_of(screen.query_one("#review-events"))
        await keys(pilot, "left", "home")
        same_position(shown(), engine_at(finished, 0))
        # one side's view: the other hand is hidden
        await keys(pilot, "v")
        hand = text_of(screen.query_one("#hand"))
        assert "ZURL" in hand and "(hidden)" in hand and "PL  hand" in hand
    assert (record_file.read_bytes(), record_file.stat().st_mtime_ns) == before


@sync
async def test_play_from_here_starts_a_game_at_the_reviewed_position(make_app, record_file, saves):
    before = record_file.read_bytes()
    app = make_app(review=Review.open(record_file))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: shows_review(app))
        review = app.screen.review
        await keys(pilot, "b", "right")  # inside the first battle
        reviewed = review.game
        await keys(pilot, "p")
        players = app.screen
        assert isinstance(players, PlayersScreen)
        await keys(pilot, "2", "2", "2", "3")  # ZURL: general -> marshal -> random -> human; hands open
        assert players.players == {"PL": "human", "ZURL": "human"} and not players.privacy
        await keys(pilot, "5")
        game = game_screen(app).session.game
        assert game.actions == [] and game.record()["position"] is not None
        assert game.record()["digest"] == reviewed.record()["digest"]
        assert game.view(None) | {"log": []} == reviewed.view(None) | {"log": []}
        # the new game is recorded so that it replays, in its own autosave slot
        game_screen(app).apply(game.legal()[0])
        await pilot.pause()
        (slot,) = (saves / "autosave").glob("*.json")
        replayed = Review.open(slot).game
        assert replayed.record()["position"] == game.record()["position"]
    assert record_file.read_bytes() == before


@sync
async def test_rematch_with_sides_swapped_at_game_over(make_app, saves, finished):
    path = saves / "finished.json"
    write_record(finished, path)
    write_players(path, {"PL": "human", "ZURL": "random"}, privacy=True)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        assert app.open_save(path) is None
        await until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await keys(pilot, "W")
        await until(pilot, lambda: app.game_screen is not None and not app.game_screen.session.game.over)
        session = game_screen(app).session
        assert session.players == {"PL": "random", "ZURL": "human"}
        assert session.game.seed == finished.seed and session.game.scenario.number == 2
        assert session.viewer == "ZURL"
        await until(pilot, lambda: not session.bot_to_move)  # a bot thread must not outlive the app


@sync
async def test_review_a_game_lists_kept_games_and_reports_a_bad_one_in_one_line(make_app, record_file, finished, tmp_path):
    bad = record_file.parent / "broken.json"
    bad.write_text('{"scenario": 2, "seed": 1, "actions": ["fly away"]}')
    app = make_app(records_dir=record_file.parent)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "6")
        await until(pilot, lambda: isinstance(app.screen, ReviewListScreen) and app.screen.files)
        screen = app.screen
        names = [info.path.name for info in screen.files]
        assert {"s2-seed3.json", "broken.json"} <= set(names)
        screen.open(bad)
        await pilot.pause()
        message = screen.query_one("#review-message").content.plain
        assert "action 1 cannot be replayed" in message and "\n" not in message
        assert app.screen is screen and bad.exists()
        other = tmp_path / "other"
        other.mkdir()
        (other / "copy.json").write_bytes(record_file.read_bytes())
        await keys(pilot, "o")
        screen.query_one("#review-path").value = str(other)  # another folder: its records are listed
        await keys(pilot, "enter")
        assert [info.path for info in screen.files] == [other / "copy.json"]
        screen.open(record_file)
        await until(pilot, lambda: shows_review(app))
        assert f"step 0/{len(finished.actions)}" in text_of(app.screen.query_one("#review-bar"))
