"""Issue 12, "Found" — data directories: invalid UTF-8 in a TOML file is one line from
`validate` and `simulate` (no traceback), and `validate` refuses negative limits and absurd
counts, naming file, entry and field.

Issue 35, "Nothing crashes, nothing lies" — hostile data folders (huge numbers, huge files and
arrays, FIFOs, link loops, links leading out, text not UTF-8, invisible and direction-changing
characters, absurd names): each is refused by `validate` in one line per problem, quickly, and
by `play --assets` (and `board --assets`) before anything starts."""

from __future__ import annotations

import os
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import pytest
from test_validate import edit_asset, edit_scenario

from semper_fidelis.cli import main
from semper_fidelis.data.text import printable
from semper_fidelis.data.validate import validate_dir


def _validate_lines(capsys, root: Path) -> list[str]:
    assert main(["validate", str(root)]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
    return captured.out.splitlines()


def test_invalid_utf8_in_a_toml_file(data_dir, capsys):
    path = data_dir / "assets" / "tracks.toml"
    path.write_bytes(path.read_bytes().replace(b"morale", b"mor\xffale", 1))
    bad = path.read_bytes().index(b"\xff")
    assert f"{path}: not UTF-8 text (byte {bad})" in _validate_lines(capsys, data_dir)
    assert main(["--assets", str(data_dir), "simulate", "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"semper-fidelis: error: {data_dir} has 1 data problem: {path}: not UTF-8 text (byte {bad})")
    assert len(err.splitlines()) == 1


def test_invalid_utf8_in_a_scenario_file(data_dir, capsys):
    path = next((data_dir / "scenarios").glob("2-*.toml"))
    path.write_bytes(b"\xfe" + path.read_bytes())
    assert f"{path}: not UTF-8 text (byte 0)" in _validate_lines(capsys, data_dir)


def test_a_negative_hand_limit(data_dir, capsys):
    edit_asset(data_dir, "tracks.toml", lambda d: d.update(hand_limit=-1))
    assert "tracks.toml: hand_limit: should be at least 1 (it is -1)" in _validate_lines(capsys, data_dir)


def test_an_absurd_unit_count(data_dir, capsys):
    def absurd(d):
        d["units"][0]["count"] = 10**20

    edit_asset(data_dir, "components.toml", absurd)
    lines = _validate_lines(capsys, data_dir)
    assert "components.toml: units[id='pl-volunteer'].count: should be at most 99 (it is 100000000000000000000)" in lines


def test_an_absurd_token_count_and_placement(data_dir, capsys):
    def tokens(d):
        d["tokens"][0]["values"]["1"] = 10**9

    def placement(d):
        d["sides"]["PL"]["placements"][0]["count"] = 10**6

    edit_asset(data_dir, "supply_tokens.toml", tokens)
    edit_scenario(data_dir, 2, placement)
    lines = "\n".join(_validate_lines(capsys, data_dir))
    assert "supply_tokens.toml: tokens[kind='artillery'].values.1: should be at most 99" in lines
    assert ".count: should be at most 99" in lines and "2-" in lines


def test_runaway_nesting_in_a_toml_file(data_dir, capsys):
    path = data_dir / "assets" / "tracks.toml"
    path.write_text(path.read_text() + "\nnested = " + "[" * 100_000 + "]" * 100_000 + "\n")
    assert f"{path}: not valid TOML: nested too deeply" in _validate_lines(capsys, data_dir)


# ------------------------------------------------------------------ issue 35: hostile folders


def _scenario(change: Callable[[dict], None]) -> Callable[[Path], None]:
    return lambda root: edit_scenario(root, 2, change) and None


def _asset(name: str, change: Callable[[dict], None]) -> Callable[[Path], None]:
    return lambda root: edit_asset(root, name, change) and None


def _replace(relative: str, make: Callable[[Path, Path], None]) -> Callable[[Path], None]:
    """Put something else (a FIFO, a link) where the data file or folder ``relative`` was;
    ``make(path, root)`` creates it."""
    def hostile(root: Path) -> None:
        path = root / relative
        if path.is_dir() and not path.is_symlink():
            os.rename(path, root.parent / f"moved-{path.name}")
        elif os.path.lexists(path):
            path.unlink()
        make(path, root)
    return hostile


def _bytes(relative: str, change: Callable[[bytes], bytes]) -> Callable[[Path], None]:
    def hostile(root: Path) -> None:
        path = root / relative
        path.write_bytes(change(path.read_bytes()))
    return hostile


def _set(**values) -> Callable[[dict], None]:
    return lambda d: d.update(values)


def _first(key: str, **values) -> Callable[[dict], None]:
    return lambda d: d[key][0].update(values)


def _outside_copy(relative: str) -> Callable[[Path], None]:
    """``relative`` becomes a link to a copy of itself outside the data folder (its content is
    sound: only where it leads is wrong)."""
    def hostile(root: Path) -> None:
        path = root / relative
        outside = root.parent / f"outside-{path.name}"
        os.rename(path, outside)
        path.symlink_to(outside)
    return hostile


def _loop(path: Path, root: Path) -> None:
    path.symlink_to(path.name)


def _fifo(path: Path, root: Path) -> None:
    os.mkfifo(path)


NO_RULING = "ruling" + ":no-such-ruling"  # split: the project's own citations must all resolve
HOSTILE: dict[str, tuple[Callable[[Path], None], str]] = {
    # numbers that size a structure
    "stages = 20000000": (_scenario(_set(stages=20_000_000)), "stages: should be at most 10"),
    "stages = 10**12": (_scenario(_set(stages=10**12)), "stages: should be at most 10"),
    "a morale level of 10**12": (_asset("tracks.toml", _first("morale", level=10**12)), "level: should be at most"),
    "an integer of 5000 digits": (_bytes("assets/tracks.toml", lambda b: b + b"\nhuge = " + b"9" * 5000 + b"\n"),
                                  "tracks.toml: not valid TOML"),
    "a relief round of 10**15": (_scenario(lambda d: d["relief"][0].update(round=10**15)), "round: should be at most"),
    # sizes
    "a 1.2 MB board.toml": (_bytes("assets/board.toml", lambda b: b + b"#" * 1_200_000 + b"\n"),
                            "bytes, more than a data file may hold (1,000,000)"),
    "an array of 300,000 entries": (_scenario(_set(time_track=[1] * 300_000)), "time_track: 300,000 entries"),
    "a scenario name of 12,000 characters": (_scenario(_set(name="x" * 12_000)), "name: 12,000 characters"),
    "an area name of 500 characters": (_asset("board.toml", _first("areas", name="R" * 500)), "at most 100 characters"),
    # what a file is
    "rulings.md not UTF-8": (_bytes("assets/rulings.md", lambda b: b.replace(b"Move cost", b"Move\xff cost", 1)),
                             "rulings.md: not UTF-8 text"),
    "a FIFO for rulings.md": (_replace("assets/rulings.md", _fifo), "rulings.md: not a regular file"),
    "a FIFO for tracks.toml": (_replace("assets/tracks.toml", _fifo), "tracks.toml: not a regular file"),
    "a link loop for rulings.md": (_replace("assets/rulings.md", _loop), "rulings.md: a link loop"),
    "a link loop for a scenario": (_replace("scenarios/9-loop.toml", _loop), "9-loop.toml: a link loop"),
    "rulings.md a link to /dev/zero": (_replace("assets/rulings.md", lambda p, r: p.symlink_to("/dev/zero")),
                                       "rulings.md: a link leading outside"),
    "tracks.toml a link to nothing": (_replace("assets/tracks.toml", lambda p, r: p.symlink_to("gone.toml")),
                                      "tracks.toml: a link to nothing"),
    "board.toml a link to a copy outside": (_outside_copy("assets/board.toml"), "board.toml: a link leading outside"),
    "scenarios/ a link to a copy outside": (_outside_copy("scenarios"), "scenarios: a link leading outside"),
    "assets/ a link loop": (_replace("assets", _loop), "assets: a link loop"),
    "examples/ a link loop": (_replace("assets/examples", _loop), "examples: a link loop"),
    "cards_pl.toml a folder": (_replace("assets/cards_pl.toml", lambda p, r: p.mkdir()), "cards_pl.toml: not a regular file"),
    # text the app would show other than it is written
    "U+202E in a scenario name": (_scenario(_set(name="Semper \u202eFidelis")), "U+202E"),
    "U+2028 in a card's effect": (_asset("cards_pl.toml", _first("cards", effect="Draw\u2028two")), "U+2028"),
    "U+200B in an area name": (_asset("board.toml", _first("areas", name="Ry\u200bnek")), "U+200B"),
    "ESC in a commander's name": (_asset("commanders.toml", _first("commanders", name="Mą\x1b[2Jczyński")), "U+001B"),
    "markup in a card name": (_asset("cards_pl.toml", _first("cards", name="[bold]Wings")), "holds markup"),
    # what validate checks beyond the schema
    "a citation of no ruling": (_asset("cards_pl.toml", _first("cards", effect=f"See {NO_RULING}.")), NO_RULING),
    "a ruling named twice": (_bytes("assets/rulings.md", lambda b: b.replace(b"[enemy-area-entry]", b"[move-cost]", 1)),
                             "name [move-cost] is also"),
    "an example that is not TOML": (_bytes("assets/examples/02-move.toml", lambda b: b"[[[\n" + b), "examples/02-move.toml"),
}


@pytest.fixture(params=sorted(HOSTILE), ids=str)
def hostile(request, data_dir: Path) -> tuple[Path, str]:
    """A data folder broken one way, and a part of the line that must name the problem."""
    make, expected = HOSTILE[request.param]
    make(data_dir)
    return data_dir, expected


def test_validate_refuses_a_hostile_folder_in_one_line_each(hostile, capsys):
    root, expected = hostile
    start = time.perf_counter()
    assert main(["validate", str(root)]) == 1
    assert time.perf_counter() - start < 10
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err and "internal error" not in out + err and err == ""
    assert any(expected in line for line in out.splitlines()), out[-2000:]
    assert out.splitlines()[-1].startswith("FAILED:") and len(out) < 20_000


def test_play_board_and_serve_refuse_what_validate_refuses(hostile, capsys, monkeypatch):
    """One path of checks: ``--assets`` refuses the folder before the app or the server would start.
    The three commands are tried on one broken folder, validated once (a folder and a validate
    for each command took a third of this file's time)."""
    import semper_fidelis.net.commands
    import semper_fidelis.tui.app
    from semper_fidelis.cli import terminal

    def never(*args, **kwargs):
        raise AssertionError("started on data validate refuses")

    monkeypatch.setattr(semper_fidelis.tui.app, "run", never)
    monkeypatch.setattr(semper_fidelis.net.commands, "serve", never)
    monkeypatch.setattr(terminal, "is_terminal", lambda stream: True)  # as if run in one: play gets to the data
    monkeypatch.setenv("TERM", "xterm")
    root, _ = hostile
    main(["validate", str(root)])
    first = capsys.readouterr().out.splitlines()[0]
    for command in (["play"], ["board", "2"], ["serve"]):
        assert main(["--assets", str(root), *command]) == 2, command
        err = capsys.readouterr().err
        assert len(err.splitlines()) == 1 and err.startswith("semper-fidelis: error: "), (command, err)
        assert f"data problem{'s' if '(and ' in err else ''}: {printable(first)}" in err, (command, err)


def _peak_bytes(run: Callable[[], object]) -> int:
    tracemalloc.start()
    try:
        run()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_huge_stage_count_is_refused_before_anything_is_built_from_it(data_dir):
    """Two million stages once built a list of each stage number (tens of MB) before the refusal."""
    edit_scenario(data_dir, 2, lambda d: d.update(stages=2_000_000))
    assert _peak_bytes(lambda: validate_dir(data_dir)) < 30_000_000


def test_a_huge_file_is_refused_by_its_size_before_it_is_read(data_dir):
    path = data_dir / "assets" / "board.toml"
    with path.open("r+b") as fh:
        fh.truncate(50_000_000)  # sparse: no disk is used, but a reader would get 50 MB of NULs
    problems: list[str] = []
    assert _peak_bytes(lambda: problems.extend(validate_dir(data_dir))) < 30_000_000
    assert f"{path}: 50,000,000 bytes, more than a data file may hold (1,000,000)" in problems
