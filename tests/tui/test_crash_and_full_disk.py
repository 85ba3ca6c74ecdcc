"""Issue "Nothing crashes, nothing lies": save names that read alike are one file, what a crash
(kill -9) leaves beside the saves is removed at the next start, and a full or read-only disk
loses no game: its notice names the save, and the leave prompt saves it in another folder."""

from __future__ import annotations

import errno
import json
import os
import signal
import tempfile
import time
from pathlib import Path

import pytest

from semper_fidelis.data.text import printable
from semper_fidelis.engine import Game, load_record
from semper_fidelis.store.locks import lock_game, lock_path
from semper_fidelis.store.saves import (
    AUTOSAVES,
    DAMAGED,
    STALE_AFTER,
    clean_leftovers,
    new_autosave_path,
    players_path,
    safe_name,
    save_game,
    save_target,
)
from semper_fidelis.tui.screens.dialogs import LeaveScreen, SaveScreen
from semper_fidelis.tui.screens.menu import MainMenuScreen
from semper_fidelis.tui.session import Session

from .conftest import SIZE
from .helpers import choose, game_screen, new_game, sync, text_of

SEATS = {"PL": "human", "ZURL": "human"}

#: nine names that all read "save": zero-width characters, bidirectional marks and controls,
#: the byte order mark, a word joiner, a soft hyphen
LOOK_ALIKES = ["save", "save\u200b", "sa\u200cve", "s\u200dave", "\u200esave", "save\u200f", "sa\u061cve",
               "\ufeffsave", "\u202dsa\u2060v\u00ade\u202c"]


def test_nine_names_that_read_save_are_one_file(tmp_path):
    for name in LOOK_ALIKES:
        save_game(Game(2, 1), tmp_path / safe_name(name), SEATS, True)
    assert [p.name for p in tmp_path.glob("*.json")] == ["save.json"]


# ------------------------------------------------------------------------------ leftovers


def _files(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*") if p.is_file()}


def _interrupted_write(folder: Path, name: str, age: float) -> Path:
    """A temporary file as ``write_atomic`` names it, as a kill -9 in mid-write leaves it."""
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    os.write(fd, b'{"format": 1, "scen')
    os.close(fd)
    then = time.time() - age
    os.utime(tmp, (then, then))
    return Path(tmp)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="kills a forked copy")
def test_what_a_killed_copy_leaves_is_removed_and_a_live_copys_files_kept(tmp_path):
    saves = tmp_path / "saves"
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # a copy of the app: a new game's slot, held, killed before its first save
        try:
            lock_game(new_autosave_path(saves, "s2"))
            os.write(write, b"1")
            time.sleep(60)
        finally:
            os._exit(0)
    assert os.read(read, 1) == b"1"
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    (dead,) = (saves / AUTOSAVES).glob("*.json")
    assert dead.stat().st_size == 0 and lock_path(dead).exists()

    live = new_autosave_path(saves, "s3")  # this copy's new game: empty too, but held
    held = lock_game(live)
    stale = [_interrupted_write(saves / AUTOSAVES, live.name, STALE_AFTER + 60),
             _interrupted_write(saves, "mine.json", STALE_AFTER + 60),
             _interrupted_write(players_path(live).parent, live.name, STALE_AFTER + 60)]
    young = _interrupted_write(saves, "mine.json", 5)  # a write under way now
    save_game(Game(2, 1), saves / "gone.json", SEATS, True)
    lock_game(saves / "gone.json").release()
    (saves / "gone.json").unlink()  # its lock is an orphan now
    mine = saves / "notes.tmp"
    mine.write_text("not ours")
    try:
        removed = clean_leftovers(saves)
        gone = saves / "gone.json"
        assert set(removed) == {*stale, dead, lock_path(dead), lock_path(gone), players_path(gone)}
        assert _files(saves) == {f"{AUTOSAVES}/{live.name}", f"{AUTOSAVES}/.locks/{live.name}.lock", young.name, "notes.tmp"}
    finally:
        held.release()
    assert set(clean_leftovers(saves)) == {live, lock_path(live)}  # no longer held: a leftover too


def test_a_planted_link_for_a_hidden_folder_is_not_cleaned_through(tmp_path):
    elsewhere = tmp_path / "elsewhere"
    theirs = _interrupted_write(elsewhere, "theirs.json", STALE_AFTER + 60)
    (tmp_path / "saves").mkdir()
    (tmp_path / "saves" / ".players").symlink_to(elsewhere)
    assert clean_leftovers(tmp_path / "saves") == [] and theirs.exists()


@sync
async def test_the_app_start_removes_what_a_crash_left_without_a_word(make_app, saves):
    slot = new_autosave_path(saves, "s2")  # a game killed before its first save
    lock_game(slot).release()
    tmp = _interrupted_write(saves / AUTOSAVES, slot.name, STALE_AFTER + 1)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not app._notifications  # nothing of the player's was lost: nothing to tell
        assert not slot.exists() and not lock_path(slot).exists() and not tmp.exists()
        assert not (saves / DAMAGED).exists()


# ------------------------------------------------------------------------------ full disk


@pytest.fixture
def full_disk(monkeypatch):
    """Writes under the given folders fail as on a full disk: the temporary file cannot be
    made, and the system's error names it (``mkstemp``'s, as ``write_atomic`` sees it)."""
    real = tempfile.mkstemp
    full: list[Path] = []

    def mkstemp(suffix=None, prefix=None, dir=None, text=False):
        if any(Path(dir).is_relative_to(folder) for folder in full):
            raise OSError(errno.ENOSPC, "No space left on device", str(Path(dir) / f"{prefix}x7h2k9q1{suffix}"))
        return real(suffix, prefix, dir, text)

    monkeypatch.setattr(tempfile, "mkstemp", mkstemp)
    return full


def test_a_full_disk_notice_names_the_save_and_the_game_is_kept(tmp_path, full_disk):
    slot = tmp_path / AUTOSAVES / "game.json"
    session = Session(game=Game(scenario=2, seed=1), autosave_path=slot)
    full_disk.append(tmp_path)
    session.apply("keep")
    assert session.unsaved == f"cannot write {slot}: No space left on device"
    full_disk.clear()  # space again
    session.apply("move")
    assert session.unsaved is None and load_record(slot).actions == ["keep", "move"]


def test_a_typed_path_saves_in_another_folder(tmp_path, monkeypatch):
    saves = tmp_path / "saves"
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "usb").mkdir()
    assert save_target("my game", saves, "s2") == saves / "my-game.json"
    assert save_target("a/b", saves, "s2") == saves / "a-b.json"  # no absolute path: a name, as before
    assert save_target(f"{tmp_path}/usb", saves, "s2") == tmp_path / "usb" / "s2.json"
    assert save_target(f"{tmp_path}/new/", saves, "s2") == tmp_path / "new" / "s2.json"
    assert save_target(f"{tmp_path}/usb/lwów\u200b 1918.json", saves, "s2") == tmp_path / "usb" / "lwów-1918.json"
    assert save_target("~/games/x", None, "s2") == tmp_path / "home" / "games" / "x.json"
    assert save_target("x", None, "s2") is None


@sync
async def test_the_leave_prompt_saves_the_game_in_another_folder(make_app, tmp_path, full_disk):
    saves = tmp_path / "saves\u202e"  # shown as its escape wherever the folder is named
    app = make_app(saves_dir=saves)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, 2)
        await choose(pilot, "keep")
        slot = game_screen(app).session.autosave_path
        full_disk.append(saves)
        await choose(pilot, "move")
        why = f"cannot write {printable(slot)}: No space left on device"
        assert [n.message for n in app._notifications][-1] == f"Not saved: {why}. Leaving the game will ask first."
        await pilot.press("q")
        assert isinstance(app.screen, LeaveScreen)
        assert text_of(app.screen.query_one("#leave-why"), width=400).strip() == f"This game is not saved ({why})."
        await pilot.press("s")
        assert isinstance(app.screen, SaveScreen)
        name = app.screen.query_one("#save-name")
        name.value = str(saves / "again")  # the full folder: told, nothing lost
        await pilot.press("enter")
        assert isinstance(app.screen, SaveScreen)
        assert text_of(app.screen.query_one("#save-error"), width=400).strip() == (
            f"Not saved: cannot write {printable(saves / 'again.json')}: No space left on device.")
        name.value = f"{tmp_path / 'usb'}/"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)  # saved, then left
    (saved,) = (tmp_path / "usb").glob("*.json")
    assert json.loads(saved.read_text())["actions"] == ["keep", "move"]
    assert json.loads(slot.read_text())["actions"] == ["keep"]  # the last good autosave, whole
