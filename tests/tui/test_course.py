"""The course of a game (issue 24): VP, Morale and Supply round by round from the events, with
battles and Stage ends; charted in the review viewer (the cursor follows the step), at game over
and beside the End of Stage report. Snapshots at 80×24 and 120×40 (update with
``pytest --snapshot-update`` after a deliberate change)."""

from __future__ import annotations

import pytest

from semper_fidelis.engine import Event, Game, write_record
from semper_fidelis.play.batch import Matchup, play_game
from semper_fidelis.play.course import build, course_of
from semper_fidelis.render.charts import course_chart
from semper_fidelis.tui.app import SemperFidelisApp
from semper_fidelis.tui.review import Review
from semper_fidelis.tui.screens.game_over import GameOverScreen
from semper_fidelis.tui.screens.review import ReviewScreen
from semper_fidelis.tui.widgets.course_chart import CourseChart

from .helpers import until_screen
from .records import save

SIZES = {"80x24": (80, 24), "120x40": (120, 40)}


@pytest.fixture(scope="module")
def played() -> Game:
    """Scenario 2 played to the end by two generals (three Stages, battles, VP both ways)."""
    return play_game(Matchup(2, "general", "general"), 0)


def _track(rnd: int, side: str, track: str, value: int) -> Event:
    return Event("track", "all", rnd, side, (("side", side), ("track", track), ("delta", 1), ("value", value)), written=f"{side} {track} → {value}")


def test_the_course_is_the_track_events_round_by_round():
    start = {"vp": {"PL": 12, "ZURL": 2}, "morale": {"PL": 5, "ZURL": 6}, "supply": {"PL": 5, "ZURL": 5}}
    events = [
        Event("turn", "all", 1, "PL", written="— Round 1 —"),
        _track(1, "PL", "morale", 6),
        Event("battle", "all", 1, "PL", (("area", "rynek"), ("winner", "ZURL")), written="Battle in Rynek"),
        Event("turn", "all", 2, "PL", written="— Round 2 —"),
        _track(2, "ZURL", "vp", 9),
        Event("draw", "ZURL", 2, "ZURL"),  # a hidden event takes a place, changes nothing
        Event("stage", "all", 2, "ZURL", (("stage", 1),), written="End of Stage 1"),
        Event("game-over", "all", 2, "ZURL", written="Game over"),
    ]
    course = build(start, 1, events)
    assert course.xs == (0, 1, 2)
    assert course.values["morale"]["PL"] == (5, 6, 6)
    assert course.values["vp"]["ZURL"] == (2, 2, 9)
    assert course.values["supply"] == {"PL": (5, 5, 5), "ZURL": (5, 5, 5)}
    assert [(b.round, b.what, b.side) for b in course.battles] == [(1, "rynek", "ZURL")]
    assert [(s.round, s.what) for s in course.stage_ends] == [(2, "1")]
    assert course.event_x == pytest.approx((0.25, 0.5, 0.75) + tuple(1 + i / 6 for i in range(1, 6)))  # 3 events in round 1, 5 in round 2
    assert course.x_after(0) == 0 and course.x_after(3) == 0.75 and course.x_after(99) == pytest.approx(1 + 5 / 6)


def test_a_whole_game_ends_at_its_score_with_every_battle_and_stage(played):
    course = course_of(played)
    view = played.view(None)
    for track in ("vp", "morale", "supply"):
        assert {s: course.values[track][s][-1] for s in ("PL", "ZURL")} == view[track]
        assert {s: course.values[track][s][0] for s in ("PL", "ZURL")} == {s: getattr(played.scenario.sides[s], track) for s in ("PL", "ZURL")}
    assert course.xs == tuple(range(view["round"] + 1))
    events = played.events(None)
    assert len(course.battles) == sum(e.kind == "battle" for e in events) > 0
    assert [m.what for m in course.stage_ends] == ["1", "2", "3"]
    assert list(course.event_x) == sorted(course.event_x)


def test_a_game_from_a_position_starts_at_its_round_and_values(played):
    review = Review(played.record())
    review.goto(review.turn_starts[len(review.turn_starts) // 2])
    branch = review.branch()
    start = branch.view(None)
    course = course_of(branch)
    assert course.xs[0] == start["round"] - 1  # the round it starts in, not round 1
    assert {s: course.values["vp"][s][0] for s in ("PL", "ZURL")} == start["vp"]


def test_a_position_that_leaves_out_the_round_and_tracks_starts_at_the_openings():
    game = Game.from_position({"scenario": 1, "morale": {"PL": 5}})
    course = course_of(game)
    sides = game.scenario.sides
    assert course.xs[0] == 0  # no round given: round 1, as the position's state has it
    assert course.values["morale"]["PL"][0] == 5
    assert course.values["morale"]["ZURL"][0] == sides["ZURL"].morale
    assert course.values["vp"]["PL"][0] == sides["PL"].vp


def test_the_viewer_cursor_follows_the_step(played):
    review = Review(played.record())
    assert review.course.xs[0] <= review.course_x < review.course.event_x[-1] / 10  # the opening: early in round 1
    places = []
    for n in sorted((review.turn_starts[3], review.battle_starts[0], review.end)):
        review.goto(n)
        places.append(review.course_x)
        assert review.course.xs[0] < review.course_x <= review.game.view(None)["round"]
    assert places == sorted(places) and places[-1] == review.course.event_x[-1]


def test_the_chart_marks_sides_battles_stages_and_now_without_colour(played):
    chart = course_chart(course_of(played), 80, 20, cursor=5.5)
    assert "\x1b" not in chart and all(len(line) <= 80 for line in chart.splitlines())
    for marker in ("▲", "▼", "x battle", "│ Stage end", "┃ now", "Morale", "Supply"):
        assert marker in chart


# ------------------------------------------------------------------------------ snapshots


def _app(tmp_path) -> SemperFidelisApp:
    return SemperFidelisApp(saves_dir=tmp_path / "saves", bot_pace=0, seed=1)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_the_course_in_the_viewer_at_a_battle(snap_compare, tmp_path, played, size):
    path = tmp_path / "records" / "s2-general-v-general-seed0.json"
    write_record(played, path)
    app = _app(tmp_path)

    async def open_at_a_battle(pilot):
        assert app.open_review(path) is None
        await pilot.pause()
        for key in ("b", "b", "b", "c"):
            await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen) and app.screen.query_one(CourseChart).display

    assert snap_compare(app, terminal_size=SIZES[size], run_before=open_at_a_battle)


@pytest.mark.parametrize("size", SIZES)
def test_snapshot_the_course_at_game_over(snap_compare, tmp_path, played, size):
    path = save(played, tmp_path / "saves" / "over.json")
    app = _app(tmp_path)

    async def open_finished(pilot):
        assert app.open_save(path) is None
        await until_screen(pilot, GameOverScreen)
        await app.workers.wait_for_complete()  # the start-up check of the saves, which may notify
        await pilot.pause()
        box = app.screen.query_one("#over-box")
        for _ in range(100):  # laid out (its chart below the score), then scrolled to the chart
            await pilot.pause()
            if box.max_scroll_y > 0 and box.scroll_y == box.max_scroll_y:
                break
            box.scroll_end(animate=False, immediate=True)
        assert box.scroll_y == box.max_scroll_y > 0

    assert snap_compare(app, terminal_size=SIZES[size], run_before=open_finished)


def test_c_swaps_the_table_for_the_course_and_its_cursor_follows_the_step(tmp_path, played):
    import asyncio

    path = tmp_path / "s2.json"
    write_record(played, path)
    app = _app(tmp_path)

    async def run():
        async with app.run_test(size=(80, 24)) as pilot:
            assert app.open_review(path) is None
            await pilot.pause()
            screen = app.screen
            chart, table = screen.query_one(CourseChart), screen.query_one("#table")
            assert table.display and not chart.display
            await pilot.press("c")
            assert chart.display and not table.display and not screen.query_one("#tracks").display
            before = chart.cursor
            await pilot.press("right_square_bracket", "right_square_bracket", "right")
            await pilot.pause()
            assert chart.cursor == screen.review.course_x > before
            await pilot.press("c")
            assert table.display and not chart.display

    asyncio.run(run())
