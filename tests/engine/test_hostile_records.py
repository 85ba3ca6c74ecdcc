"""Issue 12, "Found": hostile records and engine input. Every case gives one line naming the
field — through `semper-fidelis replay` (never a traceback, never the whole bad input) and
through the Game API — and a record of the current format keeps loading."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from semper_fidelis.cli import main
from semper_fidelis.data.loader import DataError
from semper_fidelis.engine import load_record, read_record, write_record
from semper_fidelis.engine.game import Game, IllegalAction, RecordError

HEAD = '"format":1,"scenario":2,"seed":0'
DEEP = 100_000

CASES = {
    "action is a number": ('{%s,"actions":[5]}' % HEAD, "actions[0]: Input should be a valid string (got 5)"),
    "action is null": ('{%s,"actions":[null]}' % HEAD, "actions[0]: Input should be a valid string (got null)"),
    "action is a list": ('{%s,"actions":[["keep"]]}' % HEAD, "actions[0]: Input should be a valid string (got a JSON array of 1 item)"),
    "scenario 0": ('{"format":1,"scenario":0,"seed":0,"actions":[]}', "scenario: no scenario 0 (known: 1, 2, 3, 4, 5)"),
    "scenario 99": ('{"format":1,"scenario":99,"seed":0,"actions":[]}', "scenario: no scenario 99 (known: 1, 2, 3, 4, 5)"),
    "seed 1e400": ('{"format":1,"scenario":2,"seed":1e400,"actions":[]}', "seed: Input should be a valid integer (got inf)"),
    "seed Infinity": ('{"format":1,"scenario":2,"seed":Infinity,"actions":[]}', "damaged record (not JSON: Infinity is not a number JSON allows)"),
    "seed of 5000 digits": ('{"format":1,"scenario":2,"seed":%s,"actions":[]}' % ("7" * 5000),
                            "damaged record (not JSON: Exceeds the limit (4300 digits) for integer string conversion)"),
    "seed of 30 digits": ('{"format":1,"scenario":2,"seed":%s,"actions":[]}' % ("7" * 30),
                          "seed: Input should be less than 9223372036854775808 (got 777777777777777777777777777777)"),
    "seed 1.5": ('{"format":1,"scenario":2,"seed":1.5,"actions":[]}', "seed: Input should be a valid integer (got 1.5)"),
    "seed null": ('{"format":1,"scenario":2,"seed":null,"actions":[]}', "seed: Input should be a valid integer (got null)"),
    "seed text": ('{"format":1,"scenario":2,"seed":"abc","actions":[]}', "seed: Input should be a valid integer (got 'abc')"),
    "nested 100,000 deep": ('{%s,"actions":[],"options":%s}' % (HEAD, "[" * DEEP + "]" * DEEP), "damaged record (JSON nested too deeply)"),
    "format 5": ('{"format":5,"scenario":2,"seed":0,"actions":[]}', "record format 5 is not one this version reads (1 to 4)"),
    "a variant in format 3": ('{"format":3,"scenario":2,"seed":0,"actions":[],"variant":{"name":"v","text":"","digest":"0123456789abcdef"}}',
                              "record: Value error, variant: a format 3 record has none (format 4 and later) (got a JSON object of 5 items)"),
    "format as text": ('{"format":"1","scenario":2,"seed":0,"actions":[]}', "record format '1' is not one this version reads (1 to 4)"),
    "handicap 'no'": ('{%s,"options":{"handicap":"no"},"actions":[]}' % HEAD, "options.handicap: Input should be a valid boolean (got 'no')"),
    "unknown field": ('{%s,"sead":1,"actions":[]}' % HEAD, "sead: Extra inputs are not permitted (got 1)"),
    "no actions": ('{%s}' % HEAD, "actions: missing"),
    "not an object": ("[1, 2]", "not a game record (a JSON array, not an object)"),
    "not JSON": ("{ not json", "damaged record (not JSON: Expecting property name enclosed in double quotes at line 1)"),
    "overlong action": ('{%s,"actions":["%s"]}' % (HEAD, "x" * 300),
                        "actions[0]: String should have at most 200 characters (got 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…)"),
    "bad digest": ('{%s,"actions":[],"digest":"zz"}' % HEAD, "digest: String should match pattern '^[0-9a-f]{16}$' (got 'zz')"),
}


def _replay_error(capsys, path) -> str:
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err and captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


@pytest.mark.parametrize("case", list(CASES))
def test_replay_names_the_field_in_one_line(case, tmp_path, capsys):
    text, message = CASES[case]
    path = tmp_path / "save.json"
    path.write_text(text)
    assert _replay_error(capsys, path) == f"semper-fidelis: error: {path}: {message}"
    with pytest.raises(RecordError) as exc:  # the same line for Load, Resume and the app's start
        read_record(path)
    assert str(exc.value) == f"{path}: {message}"


def test_invalid_utf8_is_one_line(tmp_path, capsys):
    path = tmp_path / "save.json"
    path.write_bytes(b'{"format":1,"scenario":2,"seed":0,"actions":["\xff"]}')
    assert _replay_error(capsys, path) == f"semper-fidelis: error: {path}: damaged record (not UTF-8 text: byte 46)"


def test_a_bad_action_is_echoed_once_and_short(tmp_path, capsys):
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"format": 1, "scenario": 2, "seed": 0, "actions": ["keep", "fly " * 45]}))
    line = _replay_error(capsys, path)
    assert line.startswith(f"semper-fidelis: error: {path}: action 2 cannot be replayed: 'fly fly fly")
    assert "is not a legal action now" in line and line.count("fly") < 20


def test_a_huge_file_is_refused_before_it_is_read(tmp_path, capsys):
    path = tmp_path / "save.json"
    path.write_text('{%s,"actions":["%s"]}' % (HEAD, "x" * 5_000_000))
    line = _replay_error(capsys, path)
    size = path.stat().st_size
    assert line == f"semper-fidelis: error: {path}: too large for a game record ({size:,} bytes; at most 4,000,000)"


def test_dev_zero_is_not_read(capsys):
    assert _replay_error(capsys, "/dev/zero") == "semper-fidelis: error: /dev/zero: not a regular file"


def test_a_fifo_does_not_hang(tmp_path):
    """In a subprocess with a timeout: a regression would block on open() forever."""
    fifo = tmp_path / "save.json"
    os.mkfifo(fifo)
    done = subprocess.run([sys.executable, "-m", "semper_fidelis", "replay", str(fifo)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 2
    assert done.stderr == f"semper-fidelis: error: {fifo}: not a regular file\n"


def test_records_of_the_current_format_keep_loading(tmp_path):
    game = Game(2, seed=4, options={"handicap": True})
    for _ in range(20):
        game.apply(game.legal()[0])
    path = tmp_path / "save.json"
    write_record(game, path)
    assert read_record(path).state.digest() == game.state.digest()
    record = json.loads(path.read_text())
    del record["format"], record["version"], record["digest"]  # hand-written: format 1
    path.write_text(json.dumps(record))
    assert read_record(path).state.digest() == game.state.digest()
    record["format"] = 2  # format 2 (positions) without a position is a game from the setup
    path.write_text(json.dumps(record))
    assert load_record(path).format == 2
    assert read_record(path).state.digest() == game.state.digest()


def test_a_record_with_a_bad_position_is_refused_in_one_line(tmp_path):
    """The position's own validation is Game.from_position's; the record names it."""
    path = tmp_path / "save.json"
    path.write_text('{"format":2,"scenario":2,"seed":0,"actions":[],"position":{"morale":{"PL":99}}}')
    with pytest.raises(RecordError, match=r"^.*save\.json: the record's starting position cannot be set up: morale\.PL[^\n]*$"):
        read_record(path)
    path.write_text('{"format":2,"scenario":2,"seed":0,"actions":[],"position":[1]}')
    with pytest.raises(RecordError, match=r"save\.json: position: Input should be a valid dictionary \(got a JSON array of 1 item\)$"):
        read_record(path)


# --------------------------------------------------------------------------- the Game API


@pytest.mark.parametrize("value, shown", [(5, "5 (int)"), (None, "null (NoneType)"), (b"keep", "b'keep' (bytes)")])
def test_apply_refuses_what_is_not_text(value, shown):
    game = Game(2, seed=1)
    with pytest.raises(IllegalAction) as exc:
        game.apply(value)
    assert str(exc.value) == f"an action is notation text, not {shown}"
    assert game.actions == []


def test_apply_does_not_echo_unbounded_input():
    game = Game(2, seed=1)
    with pytest.raises(IllegalAction) as exc:
        game.apply("keep " * 1_000_000)
    assert str(exc.value) == "'keep keep keep keep keep keep keep kee… is not an action (5,000,000 characters; notation is short)"
    with pytest.raises(IllegalAction) as exc:
        game.apply("x" * 150)
    assert len(str(exc.value)) < 300


def test_game_refuses_a_scenario_given_as_text():
    with pytest.raises(TypeError) as exc:
        Game(scenario="2")
    assert str(exc.value) == "scenario must be an integer, not '2' (str)"
    with pytest.raises(TypeError, match=r"^seed must be an integer, not 1\.5 \(float\)$"):
        Game(2, seed=1.5)
    with pytest.raises(DataError, match=r"^no scenario 9 \(known: 1, 2, 3, 4, 5\)$"):
        Game(9)


def test_game_refuses_a_mistyped_option():
    with pytest.raises(ValueError) as exc:
        Game(2, options={"handicap": "no"})
    assert str(exc.value) == "options: handicap: Input should be a valid boolean (got 'no')"
    with pytest.raises(ValueError, match=r"^options: handycap: Extra inputs are not permitted \(got true\)$"):
        Game(2, options={"handycap": True})
    assert Game(4, options={"handicap": True}).record()["options"] == {"handicap": True}
