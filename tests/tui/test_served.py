"""The app as ``serve`` runs it for each page (``play --served``): its visitors open only the
games of its saves and records, by the lists (no path to type); and, served or not, a game
being played in another copy of the app (a hosted game's autosave) is not opened in Review,
which would show both hands."""

from __future__ import annotations

import shlex

from semper_fidelis.cli.parser import build_parser
from semper_fidelis.engine import Game, write_record
from semper_fidelis.net.commands import app_command
from semper_fidelis.store.locks import in_play, lock_game, lock_path
from semper_fidelis.store.saves import new_autosave_path
from semper_fidelis.tui.app import NOT_OWN
from semper_fidelis.tui.screens.review_list import ReviewListScreen

from .conftest import SIZE
from .helpers import keys, sync
from .test_review import shows_review, until


def a_record(path):
    game = Game(scenario=1, seed=1)
    game.apply(game.decision().actions[0])
    write_record(game, path)
    return path


def test_serve_starts_each_page_served():
    for serve in (["serve"], ["serve", "--join", "127.0.0.1:8765"]):
        child = shlex.split(app_command(build_parser().parse_args(serve)))[3:]  # after python -m semper_fidelis
        assert build_parser().parse_args(child).served, child


@sync
async def test_a_served_app_has_no_path_entry_and_opens_only_its_own_games(make_app, saves, tmp_path):
    own = a_record(saves.parent / "records" / "kept.json")
    foreign = a_record(tmp_path / "elsewhere" / "secret.json")
    saves.mkdir(parents=True)
    (saves / "planted.json").symlink_to(foreign)  # a link in the saves to a file outside them
    app = make_app(served=True)
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "6")
        await until(pilot, lambda: isinstance(app.screen, ReviewListScreen) and app.screen.files)
        screen = app.screen
        assert not screen.query("#review-path")
        await keys(pilot, "o")  # the key of the path entry does nothing
        assert app.screen is screen and not screen.active_bindings.get("o")
        for path in (foreign, saves / "planted.json", saves / ".." / ".." / "elsewhere" / "secret.json"):
            assert app.open_review(path) == NOT_OWN
            assert app.open_save(path) == NOT_OWN
        assert app.screen is screen
        screen.open(own)
        await until(pilot, lambda: shows_review(app))


@sync
async def test_the_path_entry_stays_in_the_terminal(make_app, tmp_path):
    foreign = a_record(tmp_path / "elsewhere" / "record.json")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "6")
        await until(pilot, lambda: isinstance(app.screen, ReviewListScreen))
        assert app.screen.query("#review-path")
        assert app.open_review(foreign) is None
        await until(pilot, lambda: shows_review(app))


@sync
async def test_a_game_being_played_elsewhere_is_not_opened_in_review(make_app, saves):
    live = a_record(new_autosave_path(saves, "s1-hosted"))
    finished = a_record(saves / "finished.json")
    held = lock_game(live)  # as `host` holds its autosave while the game is played
    try:
        assert in_play(live) and not in_play(finished)
        assert not lock_path(finished).exists()  # looking made no lock beside a file only read
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await keys(pilot, "6")
            await until(pilot, lambda: isinstance(app.screen, ReviewListScreen) and app.screen.files)
            screen = app.screen
            assert live in [info.path for info in screen.files]
            screen.open(live)
            await pilot.pause()
            assert "being played" in str(screen.query_one("#review-message").content)
            assert app.screen is screen
            held.release()
            screen.open(live)  # the game has been left: it may be reviewed
            await until(pilot, lambda: shows_review(app))
    finally:
        held.release()
