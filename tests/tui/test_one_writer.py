"""Two copies of the app on one data folder lose no game: a game open in one copy is refused to
the other in one line (its moves would be overwritten), two games started in the same second
get two slots, and a game that cannot be saved asks before it is left."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime

import pytest

from semper_fidelis.store import saves as saves_module
from semper_fidelis.store.locks import OpenElsewhere, lock_game
from semper_fidelis.store.saves import autosave_paths
from semper_fidelis.tui import session as session_module
from semper_fidelis.tui.screens.dialogs import LeaveScreen
from semper_fidelis.tui.screens.game import GameScreen
from semper_fidelis.tui.screens.load import LoadScreen
from semper_fidelis.tui.screens.menu import MainMenuScreen
from semper_fidelis.tui.screens.resume import ResumeScreen

from .conftest import SIZE
from .helpers import choose, game_screen, new_game, sync, text_of


def _refusal(slot) -> str:
    return f"{slot.stem} is open in another copy of Semper Fidelis: leave it there first."


@sync
async def test_a_game_open_in_one_copy_is_refused_to_another(make_app, saves):
    first, second = make_app(), make_app()
    async with first.run_test(size=SIZE) as one:
        await new_game(one, 2)
        await choose(one, "keep")
        slot = game_screen(first).session.autosave_path
        record = slot.read_bytes()
        async with second.run_test(size=SIZE) as two:
            await two.press("2")
            assert isinstance(second.screen, ResumeScreen)
            await two.press("enter")
            await two.pause()
            assert isinstance(second.screen, ResumeScreen)  # not given the game
            assert text_of(second.screen.query_one("#resume-message"), width=400).strip() == _refusal(slot)
            assert slot.read_bytes() == record and not (saves / "damaged").exists()
            await two.press("escape")

            await one.press("q")  # the first copy leaves the game: it is free at once
            assert isinstance(first.screen, MainMenuScreen)
            await two.press("2", "enter")
            assert isinstance(second.screen, GameScreen)
            await choose(two, "move")
            assert json.loads(slot.read_text())["actions"] == ["keep", "move"]

            await one.press("2", "enter")  # now the first copy is refused
            assert isinstance(first.screen, ResumeScreen)
            assert text_of(first.screen.query_one("#resume-message"), width=400).strip() == _refusal(slot)
    assert json.loads(slot.read_text())["actions"] == ["keep", "move"]


@sync
async def test_a_named_save_loaded_in_one_copy_is_refused_to_another(make_app, saves):
    first, second = make_app(), make_app()
    async with first.run_test(size=SIZE) as one:
        await new_game(one, 2)
        game_screen(first).session.save_to(saves / "mine.json")
        await one.press("q", "3", "enter")
        assert game_screen(first).session.locks.keys() == {saves / "mine.json", game_screen(first).session.autosave_path}
        async with second.run_test(size=SIZE) as two:
            await two.press("3")
            assert isinstance(second.screen, LoadScreen)
            await two.press(*["down"] * [i.path.name for i in second.screen.saves].index("mine.json"), "enter")
            await two.pause()
            assert isinstance(second.screen, LoadScreen)
            assert text_of(second.screen.query_one("#load-message"), width=400).strip() == _refusal(saves / "mine.json")


@sync
async def test_saving_over_a_save_open_in_another_copy_is_refused(make_app, saves):
    first, second = make_app(), make_app()
    async with first.run_test(size=SIZE) as one:
        await new_game(one, 2)
        game_screen(first).session.save_to(saves / "mine.json")
        before = (saves / "mine.json").read_bytes()
        await one.press("q", "3", "enter")  # the first copy has "mine" open
        async with second.run_test(size=SIZE) as two:
            await new_game(two, 1)
            await two.press("s")
            second.screen.query_one("#save-name").value = "mine"
            await two.press("enter", "enter")  # asked whether to save over it, and yes
            await two.pause()
            message = text_of(second.screen.query_one("#save-error"), width=400).strip()
            assert message == f"Not saved: {_refusal(saves / 'mine.json')}"
    assert (saves / "mine.json").read_bytes() == before


def test_another_process_holding_the_game_refuses_it_and_a_killed_one_frees_it(tmp_path):
    """The real contention, across processes; kill -9 leaves no stale lock."""
    slot = tmp_path / "autosave" / "game.json"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from semper_fidelis.store.locks import lock_game; "
         f"lock = lock_game(__import__('pathlib').Path({str(slot)!r})); print('held', flush=True); sys.stdin.read()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline() == "held\n"
        with pytest.raises(OpenElsewhere, match="^game is open in another copy of Semper Fidelis: leave it there first.$"):
            lock_game(slot)
    finally:
        holder.kill()
        holder.wait()
    lock_game(slot).release()


@sync
async def test_two_copies_starting_games_in_the_same_second_keep_both(make_app, saves, monkeypatch):
    class Frozen(datetime):
        @classmethod
        def now(cls, tz=None):
            return datetime(2026, 12, 1, 21, 0, 0, 500)

    monkeypatch.setattr(saves_module, "datetime", Frozen)
    first, second = make_app(), make_app(seed=7)
    async with first.run_test(size=SIZE) as one, second.run_test(size=SIZE) as two:
        await new_game(one, 2)
        await new_game(two, 2)
        await choose(one, "keep")
        await choose(two, "keep")
        await choose(two, "move")
        slots = [game_screen(app).session.autosave_path for app in (first, second)]
        assert [p.name for p in slots] == ["20261201-210000.000-s2.json", "20261201-210000.000.2-s2.json"]
        records = [json.loads(p.read_text()) for p in slots]
        assert [(r["seed"], r["actions"]) for r in records] == [(1, ["keep"]), (7, ["keep", "move"])]
        assert sorted(autosave_paths(saves)) == slots


# ------------------------------------------------------------------------ cannot save


def _notices(app) -> list[str]:
    return [n.message for n in app._notifications]


@sync
async def test_leaving_a_game_the_saves_folder_cannot_take_asks_first(make_app, saves):
    saves.parent.mkdir(parents=True, exist_ok=True)
    saves.write_text("a file where the saves folder should be")  # nothing can be made in it
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, 2)
        why = game_screen(app).session.unsaved
        assert why.startswith(f"cannot write {saves}") and "\n" not in why
        assert f"Not saved: {why}. Leaving the game will ask first." in _notices(app)
        await pilot.press("q")
        assert isinstance(app.screen, LeaveScreen)
        assert text_of(app.screen.query_one("#leave-why"), width=400).strip() == f"This game is not saved ({why})."
        await pilot.press("n")
        assert isinstance(app.screen, GameScreen)  # stays, the game as it was
        await pilot.press("q", "y")
        assert isinstance(app.screen, MainMenuScreen)
    assert saves.read_text() == "a file where the saves folder should be"


@sync
async def test_an_autosave_that_starts_failing_mid_game_is_told_and_leaving_asks(make_app, saves, monkeypatch):
    """A read-only folder (simulated: the tests run as root, where chmod stops no write)."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, 2)
        await choose(pilot, "keep")
        slot = game_screen(app).session.autosave_path
        assert game_screen(app).session.unsaved is None
        await pilot.press("q")
        assert isinstance(app.screen, MainMenuScreen)  # saved: no question
        await pilot.press("2", "enter")

        def read_only(game, path, *args, **kwargs):
            raise PermissionError(13, "Permission denied", str(path))

        monkeypatch.setattr(session_module, "save_game", read_only)
        await choose(pilot, "move")
        assert _notices(app)[-1] == f"Not saved: cannot write {slot}: Permission denied. Leaving the game will ask first."
        await pilot.press("ctrl+q")  # quitting asks too
        assert isinstance(app.screen, LeaveScreen)
        await pilot.press("escape")
        await pilot.press("q")
        assert isinstance(app.screen, LeaveScreen)
        await pilot.press("y")
        assert isinstance(app.screen, MainMenuScreen)
    assert json.loads(slot.read_text())["actions"] == ["keep"]  # the last good save, whole


def test_a_session_that_saves_again_is_no_longer_unsaved(tmp_path, monkeypatch):
    from semper_fidelis.engine import Game
    from semper_fidelis.tui.session import Session

    session = Session(game=Game(scenario=2, seed=1), autosave_path=tmp_path / "autosave" / "game.json")
    real = session_module.save_game
    monkeypatch.setattr(session_module, "save_game", lambda *a, **k: (_ for _ in ()).throw(OSError(28, "No space left on device")))
    session.apply("keep")
    assert session.unsaved == f"cannot write {tmp_path / 'autosave' / 'game.json'}: No space left on device"
    monkeypatch.setattr(session_module, "save_game", real)
    session.apply("move")
    assert session.unsaved is None


@sync
async def test_quitting_the_app_frees_its_game(make_app, saves):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, 2)
        slot = game_screen(app).session.autosave_path
    lock_game(slot).release()  # no OpenElsewhere: the next copy may open it
