"""The ``semper-fidelis`` command line: validate, board, --assets, and one-line errors."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from semper_fidelis.cli import main
from semper_fidelis.data.loader import load_game_data

REPO = Path(__file__).resolve().parents[1]


def one_line_error(capsys) -> str:
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    assert "Traceback" not in captured.err + captured.out
    return lines[0]


def test_validate_shipped_data(capsys):
    assert main(["validate"]) == 0
    out = capsys.readouterr().out
    assert re.match(r"OK: \d+ areas, 8 districts, .*5 scenarios", out)


def test_validate_with_assets_option_before_and_after(capsys):
    assert main(["--assets", str(REPO), "validate"]) == 0
    assert main(["validate", "--assets", str(REPO)]) == 0
    assert main(["validate", "--assets", str(REPO / "assets")]) == 0  # a bare assets dir works too
    assert capsys.readouterr().out.count("OK: ") == 3


def label(area) -> str:
    """The start of the area's map label, as any cell prints it (the cells' tests are in
    test_board_map.py)."""
    return area.label[:3]


def test_board_scenario_2(capsys):
    assert main(["board", "2", "--width", "120", "--no-color"]) == 0
    out = capsys.readouterr().out
    data = load_game_data()
    scenario = data.scenario(2)
    letters = {u.id: u.letter for u in data.components.units}
    assert f"Scenario 2: {scenario.name}" in out
    for side in scenario.sides.values():
        for p in side.placements:
            assert label(data.areas[p.area]) in out
            assert letters[p.unit] in out
    for p in scenario.neutrals:
        assert label(data.areas[p.area]) in out
    # ZURL's 2 Volunteers in Wysoki Zamek and the HQ in Rynek show as count + letter
    assert f"2{letters['zurl-volunteer']}" in out
    assert f"{letters['zurl-hq']}" in out
    assert "★3" in out  # Dworzec Główny
    assert max(len(line) for line in out.splitlines()) <= 120


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5])
def test_board_every_scenario(capsys, number):
    assert main(["board", str(number), "--width", "120"]) == 0
    assert f"Scenario {number}:" in capsys.readouterr().out


def test_board_free_deployment_note(capsys):
    assert main(["board", "4", "--width", "120", "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "Free deployment" in out and "PL deploys first" in out


def test_board_by_name(capsys):
    name = load_game_data().scenario(3).name
    assert main(["board", name.lower()[:4]]) == 0
    assert "Scenario 3:" in capsys.readouterr().out


def test_board_narrow_console_falls_back_to_a_list(capsys):
    assert main(["board", "2", "--width", "60", "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "Rynek" in out
    assert max(len(line) for line in out.splitlines()) <= 60


def test_unknown_scenario(capsys):
    assert main(["board", "9"]) == 2
    line = one_line_error(capsys)
    assert "no scenario '9'" in line and "known: 1" in line


def test_bad_assets_dir(capsys, tmp_path):
    missing = tmp_path / "nowhere"
    assert main(["--assets", str(missing), "board"]) == 2
    assert "no such data directory" in one_line_error(capsys)
    assert main(["validate", str(missing)]) == 2
    assert "no such data directory" in one_line_error(capsys)


def test_assets_dir_with_broken_data(capsys, tmp_path):
    shutil.copytree(REPO / "assets", tmp_path / "assets")
    shutil.copytree(REPO / "scenarios", tmp_path / "scenarios")
    (tmp_path / "assets" / "board.toml").write_text("areas = [ oops", encoding="utf-8")
    assert main(["board", "--assets", str(tmp_path)]) == 2
    line = one_line_error(capsys)
    assert "board.toml" in line and "validate" in line
    assert main(["validate", str(tmp_path)]) == 1
    out = capsys.readouterr().out
    assert "board.toml" in out and out.strip().splitlines()[-1].startswith("FAILED: ")


def test_empty_dir_is_reported(capsys, tmp_path):
    assert main(["validate", str(tmp_path)]) == 1
    assert "missing" in capsys.readouterr().out


def test_unknown_command(capsys):
    assert main(["fly"]) == 2
    assert "invalid choice" in one_line_error(capsys)


def test_no_command_prints_help(capsys):
    assert main([]) == 0
    assert "validate" in capsys.readouterr().out


def test_help_exits_zero(capsys):
    assert main(["board", "--help"]) == 0
    assert "SCENARIO" in capsys.readouterr().out


def test_python_dash_m(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "semper_fidelis", "validate"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"},
        timeout=300,  # a safety net only: validate plays the examples, which takes long under load
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("OK: ")


def test_position_from_scenario_2():
    from semper_fidelis.render.board_map import position_from_scenario

    data = load_game_data()
    pos = position_from_scenario(data, data.scenario(2))
    assert pos.units["rynek"] == {"zurl-volunteer": 1, "zurl-hq": 1, "austro-hungarian": 1}
    assert pos.hq == {"PL": "dom-akademicki", "ZURL": "rynek"}
    assert pos.contested == set()
    assert pos.strategic["dworzec-glowny"] == 3
    assert pos.tokens["dworzec-glowny"] == [None] * 5  # random tokens lie face down
    assert pos.tokens["rzeznia-miejska"] == ["food"] * 3  # specific ones face up
    pos.add_units("rynek", "pl-soldier", 2)
    assert pos.contested == {"rynek"} and pos.side_units("rynek", "PL") == 2
    assert pos.occupant("rynek") is None and pos.occupant("dom-akademicki") == "PL"


def test_position_free_deployment_leaves_the_board_empty():
    from semper_fidelis.render.board_map import position_from_scenario

    data = load_game_data()
    pos = position_from_scenario(data, data.scenario(5))
    assert all(pos.side_units(a, side) == 0 for a in pos.units for side in ("PL", "ZURL"))
    assert any(note.startswith("Free deployment — PL deploys first") for note in pos.notes)


def test_replay_prints_final_position_and_score(tmp_path, capsys):
    import random

    from semper_fidelis.engine import Game, write_record

    game, rng = Game(1, 3), random.Random(3)
    for _ in range(40):
        game.apply(rng.choice(game.legal()))
    write_record(game, tmp_path / "game.json")
    assert main(["replay", str(tmp_path / "game.json")]) == 0
    out = capsys.readouterr().out
    assert "After 40 actions" in out and "Victory Points: PL" in out


@pytest.mark.parametrize("command", ["replay", "review"])
def test_replay_or_review_of_a_damaged_record_is_one_line(tmp_path, capsys, command):
    bad = tmp_path / "bad.json"
    bad.write_text('{"scenario": 1, "seed": 0, "actions": ["fly away"]}')
    assert main([command, str(bad)]) == 2
    assert "cannot be replayed" in one_line_error(capsys)
    bad.write_text("{not json")
    assert main([command, str(bad)]) == 2
    assert "damaged record" in one_line_error(capsys)


def test_bench_prints_the_speed_table(capsys):
    assert main(["bench", "--games", "1", "--scenario", "1"]) == 0
    out = capsys.readouterr().out
    for heading in ("apply", "list", "game", "copy", "view", "digest", "undo"):
        assert heading in out


def test_bench_json_has_every_figure_for_every_scenario(capsys):
    """Issue 9: ``bench --json`` prints one object, figures per scenario (timings not checked)."""
    assert main(["bench", "--games", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"scenarios"} and set(data["scenarios"]) == {"1", "2", "3", "4", "5"}
    for figures in data["scenarios"].values():
        for key in ("game_ms", "apply_us", "legal_us", "clone_us", "view_us", "digest_us"):
            assert isinstance(figures[key], float)
        assert figures["undo_ms"] is None or isinstance(figures["undo_ms"], float)  # None: nothing to undo



def test_bench_playout_measures_the_marshals_playouts(capsys):
    """Issue 21: ``bench --playout`` gives the marshal's playout cost per scenario (timings not
    checked), with the horizon it used."""
    assert main(["bench", "--playout", "--games", "1", "--scenario", "1", "--turns", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["turns"] == 2 and set(data["scenarios"]) == {"1"}
    assert data["scenarios"]["1"]["playout_ms"] > 0 and data["scenarios"]["1"]["first_round_ms"] > 0


#: markup that would crash, bind an action or style; an escape that would retitle the terminal
HOSTILE = "[/][@click=app.quit]x[/][link=http://x]y[/link][bold red on white]\x1b]0;pwned\x07"


@pytest.mark.parametrize("command", ["replay", "review"])
def test_replay_or_review_error_shows_the_file_s_text_literally(tmp_path, capsys, command):
    """Issue "Every file is data": a record's version and the file's name are quoted in the
    error line as written, control characters as escapes."""
    from semper_fidelis.data.text import printable

    bad = tmp_path / "[bold][@click=app.quit]x\x1b[2J.json"
    bad.write_text(json.dumps({"format": 99, "version": HOSTILE[:40], "scenario": 2, "seed": 1, "actions": []}))
    assert main([command, str(bad)]) == 2
    line = one_line_error(capsys)
    assert printable(bad) in line and printable(HOSTILE[:40]) in line and "\x1b" not in line


def test_names_from_a_data_folder_are_printed_literally(tmp_path, capsys, monkeypatch):
    """``board`` and ``simulate`` print a scenario name, area name and card name holding markup
    and escapes as written. validate refuses them, and so does --assets (one line, escaped); the
    printing is checked with the data loaded past those checks."""
    from semper_fidelis.cli import gamedata
    from semper_fidelis.data.text import printable

    shutil.copytree(REPO / "assets", tmp_path / "assets")
    shutil.copytree(REPO / "scenarios", tmp_path / "scenarios")
    for path, old in ((tmp_path / "scenarios" / "2-semper-fidelis.toml", 'name = "Semper Fidelis"'),
                      (tmp_path / "assets" / "board.toml", 'name = "Rynek"'),
                      (tmp_path / "assets" / "cards_pl.toml", 'name = "Polish Wings"')):
        text = path.read_text(encoding="utf-8")
        path.write_text(text.replace(old, f"name = {json.dumps(HOSTILE)}", 1), encoding="utf-8")
    assert main(["--assets", str(tmp_path), "board", "2", "--width", "100"]) == 2
    err = capsys.readouterr().err
    assert "data problems" in err and len(err.splitlines()) == 1 and "\x1b" not in err
    monkeypatch.setattr(gamedata, "checked_data", lambda data_dir: (load_game_data(data_dir), 0, []))
    assert main(["--assets", str(tmp_path), "board", "2", "--width", "100"]) == 0
    out = capsys.readouterr().out
    assert f"Scenario 2: {printable(HOSTILE)}" in out and "\x1b" not in out
    assert main(["--assets", str(tmp_path), "simulate", "--scenario", "2", "--games", "1", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "".join(printable(HOSTILE).split()) in "".join(out.split())  # the table's title wraps
    assert "\x1b" not in out


def test_an_unexpected_failure_is_one_line_and_a_failing_status(monkeypatch, capsys):
    """Every command exits non-zero after an error: a bug in a command prints one line."""
    from semper_fidelis.cli import parser

    def broken(args):
        raise ZeroDivisionError("division by zero\n\x1b]0;x\x07")

    monkeypatch.setitem(parser.COMMANDS, "bench", parser.COMMANDS["bench"]._replace(run=broken))
    assert main(["bench"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error: ZeroDivisionError: division by zero" in err and "\x1b" not in err


#: reorders, breaks a line, or shows nothing: right-to-left override, line separator, zero-width
#: space, left-to-right mark, Arabic letter mark, byte order mark
INVISIBLE = "\u202e\u2028\u200b\u200e\u061c\ufeff"
SHOWN = "\\u202e\\u2028\\u200b\\u200e\\u061c\\ufeff"


def test_invisible_characters_in_data_and_paths_are_printed_as_escapes(tmp_path, capsys, monkeypatch):
    """A scenario name from a data folder (``board``), a path on the command line (an error
    echoes it) and a record's version (``replay``): each invisible character written out.
    --assets refuses such a folder as validate does; ``board`` is run past those checks."""
    from semper_fidelis.cli import gamedata

    shutil.copytree(REPO / "assets", tmp_path / "assets")
    shutil.copytree(REPO / "scenarios", tmp_path / "scenarios")
    scenario = tmp_path / "scenarios" / "2-semper-fidelis.toml"
    scenario.write_text(scenario.read_text(encoding="utf-8").replace(
        'name = "Semper Fidelis"', f"name = {json.dumps(f'Semper {INVISIBLE}Fidelis')}", 1), encoding="utf-8")
    assert main(["--assets", str(tmp_path), "board", "2", "--width", "100"]) == 2
    assert "invisible or reordering character" in one_line_error(capsys)
    monkeypatch.setattr(gamedata, "checked_data", lambda data_dir: (load_game_data(data_dir), 0, []))
    assert main(["--assets", str(tmp_path), "board", "2", "--width", "100"]) == 0
    out = capsys.readouterr().out
    assert f"Scenario 2: Semper {SHOWN}Fidelis" in out and not any(char in out for char in INVISIBLE)

    missing = tmp_path / f"game{INVISIBLE}.json"
    for argv in (["review", str(missing)], ["--assets", str(missing), "board"], ["validate", str(missing)]):
        assert main(argv) == 2
        line = one_line_error(capsys)  # a raw U+2028 would have split it in two
        assert f"game{SHOWN}.json" in line and not any(char in line for char in INVISIBLE)

    record = tmp_path / "future.json"
    record.write_text(json.dumps({"format": 99, "version": f"v{INVISIBLE}", "scenario": 2, "seed": 1, "actions": []}))
    assert main(["replay", str(record)]) == 2
    line = one_line_error(capsys)
    assert f"v{SHOWN}" in line and not any(char in line for char in INVISIBLE)


def test_each_command_is_a_module_of_its_own():
    """The command line is a package, one module a command (issue 37): ``semper_fidelis.cli.NAME``
    defines command NAME, its options and what runs it."""
    import importlib

    from semper_fidelis.cli.parser import COMMANDS

    assert len(COMMANDS) == 13
    for name, command in COMMANDS.items():
        module = importlib.import_module(f"semper_fidelis.cli.{name}")
        assert module.COMMAND is command and command.name == name
        assert command.run.__module__ == module.__name__
