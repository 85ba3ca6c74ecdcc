"""Big inputs stay responsive: a list of thousands of saves reads only the rows it shows, and the
replay viewer checks a long record once on opening, then steps from kept copies, at the engine's
positions."""

from __future__ import annotations

import json
import os
import random

import pytest

from semper_fidelis.engine import Game, RecordError, write_record
from semper_fidelis.store import saves as saves_module
from semper_fidelis.store.saves import list_saves
from semper_fidelis.tui.review import Review
from semper_fidelis.tui.screens.load import LoadScreen
from semper_fidelis.tui.screens.paging import PAGE
from semper_fidelis.tui.screens.review_list import ReviewListScreen

from .conftest import SIZE
from .helpers import keys, sync
from .records import long_game
from .test_review import until

MANY = 2_000


def many_saves(folder, n: int = MANY) -> list:
    """``n`` small records written in one order and dated in another (one of the newest damaged);
    their paths newest first."""
    folder.mkdir(parents=True, exist_ok=True)
    dates = list(range(n))
    random.Random(1).shuffle(dates)
    for i, age in enumerate(dates):
        path = folder / f"game{i:04d}.json"
        path.write_text(json.dumps({"scenario": 2, "seed": i, "actions": []}) if age != 2 else "{ not json")
        os.utime(path, (1_700_000_000 + n - age, 1_700_000_000 + n - age))
    return [folder / f"game{dates.index(age):04d}.json" for age in range(n)]


@pytest.fixture
def described(monkeypatch) -> list:
    """The paths described (their records read), in order."""
    seen, describe = [], saves_module.describe
    monkeypatch.setattr(saves_module, "describe", lambda path: seen.append(path) or describe(path))
    return seen


def test_a_listing_reads_only_the_saves_asked_for_newest_first(tmp_path, described):
    newest = many_saves(tmp_path)
    listing = list_saves(tmp_path)
    assert len(listing) == MANY and described == []
    shown = listing[:PAGE]
    assert [info.path for info in shown] == newest[:PAGE] == described
    assert [info.ok for info in shown[:4]] == [True, True, False, True]
    assert "damaged: damaged record (not JSON" in shown[2].summary
    assert listing[1] is shown[1] and len(described) == PAGE  # described once
    newest[PAGE].unlink()  # gone since it was listed: reported when shown, no crash
    assert not listing[PAGE].ok and "damaged: no such file" in listing[PAGE].summary


@sync
async def test_load_shows_a_page_of_thousands_and_more_on_demand(make_app, saves, described):
    newest = many_saves(saves)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await keys(pilot, "3")
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        ol = screen.query_one("#load-options")
        assert described == newest[:PAGE] and ol.option_count == PAGE + 1
        assert str(newest[0].stem) in ol.get_option_at_index(0).prompt.plain
        assert f"{MANY - PAGE:,} more" in ol.get_option_at_index(PAGE).prompt.plain
        await keys(pilot, "end", "enter")  # the row of the rest: the next page
        assert described == newest[: 2 * PAGE] and ol.option_count == 2 * PAGE + 1
        assert ol.highlighted == PAGE and str(newest[PAGE].stem) in ol.get_option_at_index(PAGE).prompt.plain


@sync
async def test_review_list_reads_a_page_of_a_big_records_folder(make_app, tmp_path, described):
    newest = many_saves(tmp_path / "records")
    app = make_app(records_dir=tmp_path / "records")
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "6")
        await until(pilot, lambda: isinstance(app.screen, ReviewListScreen) and app.screen.files)
        assert [info.path for info in app.screen.files] == described == newest[:PAGE]


# ------------------------------------------------------------------------------ the viewer


@pytest.fixture(scope="module")
def long() -> Game:
    """A finished legal game padded to some 2,000 actions (see records.long_game)."""
    return long_game(2_000)


def count_calls(monkeypatch, name: str) -> list:
    calls, method = [], getattr(Game, name)
    monkeypatch.setattr(Game, name, lambda self, *args: calls.append(args) or method(self, *args))
    return calls


def test_a_long_record_is_checked_once_on_opening_and_steps_from_kept_copies(long, monkeypatch):
    checked, replayed = count_calls(monkeypatch, "apply_recorded"), count_calls(monkeypatch, "replay")
    review = Review(long.record())
    assert len(checked) == review.end == len(long.actions) and replayed == []  # one checked walk, nothing trusted
    assert len(review.battle_starts) > 2 and len(review.turn_starts) > 10
    for n in (review.end, review.end // 2, review.end // 2 - 1, 5, review.end - 3):
        replayed.clear()
        review.goto(n)
        assert review.at == n and len(replayed) < review.every  # a kept copy and a few replays on


def test_stepping_to_the_end_and_back_gives_the_positions_of_a_straight_replay(long):
    walk, expected = Game.from_record({**long.record(), "actions": [], "digest": None}), []
    events = [walk.last_events(None)]  # the events of the action that led to each position
    for action in long.actions:
        expected.append((walk.state.digest(), len(walk.state.log)))
        walk.apply(action)
        events.append(walk.last_events(None))
    expected.append((walk.state.digest(), len(walk.state.log)))
    review = Review(long.record())
    seen = [(review.game.state.digest(), len(review.game.state.log))]
    while review.at < review.end:
        review.step(1)
        seen.append((review.game.state.digest(), len(review.game.state.log)))
    assert seen == expected
    while review.at:
        n = review.step(-1)
        assert (review.game.state.digest(), len(review.game.state.log)) == expected[n], n
    for n in random.Random(2).sample(range(review.end + 1), 40):
        review.goto(n)
        assert review.game.state.digest() == expected[n][0] and review.game.last_events(None) == events[n]
    review.goto(review.end)
    assert review.last_step.action == long.actions[-1] and review.game.over


def test_a_bad_action_deep_in_a_long_record_is_still_named(long, tmp_path):
    record = long.record()
    actions = record["actions"]
    actions[1500] = "fly away"
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(record))
    with pytest.raises(RecordError, match=r"edited.json: action 1501 cannot be replayed: 'fly away' is not a legal action now"):
        Review.open(path)
    write_record(long, path)
    assert Review.open(path).end == len(long.actions)


def test_the_start_checks_only_the_newest_autosaves(tmp_path, monkeypatch):
    """With thousands of autosave slots the app's start reads only the newest (the Resume list's
    first page and then some): a damaged new one is set aside, an old one waits for its row."""
    import os

    from semper_fidelis.store import saves

    folder = tmp_path / saves.AUTOSAVES
    folder.mkdir()
    for i in range(saves.CHECKED_AT_START + 20):
        path = folder / f"slot-{i:04}.json"
        path.write_text("{ not json", encoding="utf-8")
        os.utime(path, (1_000_000 + i, 1_000_000 + i))  # slot-0000 is the oldest
    read = []
    honest = saves.describe
    monkeypatch.setattr(saves, "describe", lambda path: read.append(path) or honest(path))
    moved = saves.set_aside_damaged_autosaves(tmp_path)
    assert len(read) == len(moved) == saves.CHECKED_AT_START
    assert (folder / "slot-0000.json").exists() and not (folder / f"slot-{saves.CHECKED_AT_START + 19:04}.json").exists()
