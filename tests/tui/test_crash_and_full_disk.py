"""Issue "Nothing crashes, nothing lies": save names that read alike are one file, what a crash
(kill -9) leaves beside the saves is removed at the next start, and a full or read-only disk
loses no game: its notice names the save, and the leave prompt saves it in another folder."""

from __future__ import annotations

import os
import signal
import tempfile
import time
from pathlib import Path

import pytest

from semper_fidelis.engine import Game
from semper_fidelis.tui.locks import lock_game, lock_path
from semper_fidelis.tui.saves import (
    AUTOSAVES,
    DAMAGED,
    STALE_AFTER,
    clean_leftovers,
    new_autosave_path,
    players_path,
    safe_name,
    save_game,
)

from .conftest import SIZE
from .helpers import sync

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
