"""Every file is data: saves are written without following links a hostile folder plants, and a
kill -9 in the middle of a save leaves the old file or the new one, never half of one."""

from __future__ import annotations

import json
import os
import random
import signal
import tempfile
import time
from datetime import datetime

import pytest

from semper_fidelis.engine import Game, load_record, write_atomic
from semper_fidelis.store.locks import lock_game
from semper_fidelis.store.saves import MAX_NAME, new_autosave_path, players_path, read_players, read_quiet, safe_name, save_game

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


@pytest.mark.parametrize("folder", [".players", ".locks"])
def test_a_link_planted_for_a_hidden_folder_is_refused(tmp_path, folder):
    """``.players`` linked to a project folder would put the seats of a save named "package"
    over its package.json."""
    elsewhere = tmp_path / "project"
    elsewhere.mkdir()
    (elsewhere / "package.json").write_text("mine")
    (elsewhere / "package.json.lock").write_text("mine")
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / folder).symlink_to(elsewhere)
    with pytest.raises(OSError, match="a link where a folder of the saves should be"):
        if folder == ".players":
            save_game(Game(2, 1), saves / "package.json", SEATS, True)
        else:
            lock_game(saves / "package.json")
    assert [p.read_text() for p in sorted(elsewhere.iterdir())] == ["mine", "mine"]


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


# ------------------------------------------------------------------------------ names


@pytest.mark.parametrize("typed, name", [
    ("ąęł", "ąęł.json"),  # the hostile tester's: it was game.json
    ("Lwów 1918", "Lwów-1918.json"),
    ("e\u0301cole", "\u00e9cole.json"),  # NFC: one é, as every system spells it
    ("日本語のゲーム", "日本語のゲーム.json"),
    ("my game", "my-game.json"),
    ("../../etc/passwd", "etc-passwd.json"),
    ("..\\..\\windows\\win.ini", "windows-win.ini.json"),
    ("C:\\saves", "C-saves.json"),
    (".hidden", "hidden.json"),
    ("...", "game.json"),
    ("-rf", "rf.json"),
    ("", "game.json"),
    ("   ", "game.json"),
    ("a\x00b\nc\x1bd\x9be", "a-b-c-d-e.json"),
    ('a<b>c:d"e|f?g*h', "a-b-c-d-e-f-g-h.json"),
    ("evil\u202egnp.exe", "evilgnp.exe.json"),  # a right-to-left override would disguise the name: dropped
    ("line\u2028break", "line-break.json"),
    ("\ud800lone", "lone.json"),  # a lone surrogate cannot even be written as UTF-8
    ("CON", "_CON.json"),
    ("nul.txt", "_nul.txt.json"),
    ("com1", "_com1.json"),
    ("LPT9", "_LPT9.json"),
    ("console", "console.json"),
    ("trailing.", "trailing.json"),
])
def test_save_names_keep_their_letters_and_lose_only_what_is_unsafe(typed, name):
    assert safe_name(typed) == name


@pytest.mark.parametrize("letter", ["x", "ł", "語", "👍"])
def test_a_long_name_is_capped_in_characters_and_fits_every_file_system(tmp_path, letter):
    name = safe_name(letter * 500)
    assert name == letter * MAX_NAME + ".json" and len(name.encode()) <= 255
    save_game(Game(2, 1), tmp_path / name, SEATS, True)  # the temporary file's name fits as well
    assert load_record(tmp_path / name).scenario == 2


def test_every_safe_name_stays_in_the_saves_folder(tmp_path):
    rng = random.Random(5)
    alphabet = "./\\:*?\"<>| \x00\x01\t\nąęłé語👍aZ09-_.\u202e\u2028\ud800"
    for _ in range(500):
        name = safe_name("".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 80))))
        path = tmp_path / name
        assert path.parent == tmp_path and not name.startswith((".", "-")) and name.endswith(".json")
        assert not any(c in name for c in '/\\<>:"|?*\x00\n') and len(name) <= MAX_NAME + 5
        name.encode()  # no lone surrogate


# ------------------------------------------------------------------------------ slots


def test_two_games_started_in_the_same_millisecond_get_two_slots(tmp_path):
    now = datetime(2026, 12, 1, 21, 0, 0, 123456)
    first = new_autosave_path(tmp_path, "s2", now)
    second = new_autosave_path(tmp_path, "s2", now)
    assert (first.name, second.name) == ("20261201-210000.123-s2.json", "20261201-210000.123.2-s2.json")
    assert sorted([second.name, new_autosave_path(tmp_path, "s2", now.replace(microsecond=124000)).name, first.name]) == [
        first.name, second.name, "20261201-210000.124-s2.json"]  # sorted as started
    assert first.exists() and second.exists()  # each made at once: no second copy can take it


def test_a_slot_is_never_a_planted_link(tmp_path, outside):
    now = datetime(2026, 12, 1, 21, 0, 0)
    (tmp_path / "autosave").mkdir()
    (tmp_path / "autosave" / "20261201-210000.000-s2.json").symlink_to(outside)
    slot = new_autosave_path(tmp_path, "s2", now)
    assert slot.name == "20261201-210000.000.2-s2.json" and not slot.is_symlink()
    save_game(Game(2, 1), slot, SEATS, True)
    assert outside.read_text() == "mine"


@pytest.mark.parametrize("written", [3, -1, 10**9, True, "2", None, [1]])
def test_the_quiet_steps_due_are_read_back_only_as_a_small_count(tmp_path, written):
    """A sidecar holds how many secret steps were due (hot seat): a hostile or older one gives 0."""
    save = tmp_path / "mine.json"
    save_game(Game(2, 1), save, SEATS, True, quiet=3)
    data = json.loads(players_path(save).read_text())
    assert data["quiet"] == 3
    data["quiet"] = written
    players_path(save).write_text(json.dumps(data))
    assert read_quiet(save) == (3 if written == 3 else 0)
