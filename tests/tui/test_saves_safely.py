"""Every file is data: saves are written without following links a hostile folder plants, and a
kill -9 in the middle of a save leaves the old file or the new one, never half of one."""

from __future__ import annotations

import json
import os
import random
import signal
import tempfile
import time

import pytest

from semper_fidelis.engine import Game, load_record, write_atomic
from semper_fidelis.tui.saves import players_path, read_players, save_game

SEATS = {"PL": "human", "ZURL": "random"}


@pytest.fixture
def outside(tmp_path):
    """A file outside the saves that a planted link points at."""
    path = tmp_path / "precious.txt"
    path.write_text("mine")
    return path


@pytest.fixture
def planted_temp_names(monkeypatch):
    """The temporary names the writer will try, in order: the first is where the link is."""
    names = ["planted", "fresh"]
    monkeypatch.setattr(tempfile, "_get_candidate_names", lambda: iter(list(names)))
    return names


def test_a_link_at_the_old_fixed_temporary_name_is_not_followed(tmp_path, outside):
    """The hostile tester's reproduction: ``.players/NAME.tmp`` linked to a file elsewhere."""
    save = tmp_path / "saves" / "mine.json"
    players_path(save).parent.mkdir(parents=True)
    players_path(save).with_suffix(".tmp").symlink_to(outside)
    save_game(Game(2, 1), save, SEATS, True)
    assert outside.read_text() == "mine"
    assert read_players(save) == (SEATS, True)


@pytest.mark.parametrize("which", ["record", "seats"])
def test_a_link_at_any_temporary_name_is_not_followed(tmp_path, outside, planted_temp_names, which):
    save = tmp_path / "saves" / "mine.json"
    target = save if which == "record" else players_path(save)
    target.parent.mkdir(parents=True)
    (target.parent / f".{target.name}.{planted_temp_names[0]}.tmp").symlink_to(outside)
    save_game(Game(2, 1), save, SEATS, True)
    assert outside.read_text() == "mine"
    assert load_record(save).scenario == 2 and read_players(save) == (SEATS, True)


@pytest.mark.parametrize("which", ["record", "seats"])
def test_a_link_at_the_destination_is_replaced_not_written_through(tmp_path, outside, which):
    save = tmp_path / "saves" / "mine.json"
    target = save if which == "record" else players_path(save)
    target.parent.mkdir(parents=True)
    target.symlink_to(outside)
    save_game(Game(2, 1), save, SEATS, True)
    assert outside.read_text() == "mine"
    assert not target.is_symlink() and target.is_file()


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path):
    path = tmp_path / "game.json"
    write_atomic(path, "old")
    with pytest.raises(TypeError):
        write_atomic(path, b"not text")  # fails after the temporary file was made
    assert path.read_text() == "old" and os.listdir(tmp_path) == ["game.json"]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="kills a forked writer")
def test_kill_9_during_a_save_never_damages_the_file(tmp_path):
    """A writer killed at random moments, over and over: the file always holds one whole
    version (a 2 MB text, so that many kills land inside a write)."""
    path = tmp_path / "game.json"
    versions = [json.dumps({"v": v, "pad": str(v) * 2_000_000}) for v in range(2)]
    write_atomic(path, versions[0])
    rng = random.Random(9)
    for _ in range(12):
        pid = os.fork()
        if pid == 0:  # the child writes until it is killed
            try:
                for n in range(10**6):
                    write_atomic(path, versions[n % 2])
            finally:
                os._exit(0)
        time.sleep(rng.uniform(0.0, 0.08))
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
        assert path.read_text() in versions
