"""Issue 12, "Found" — data directories: invalid UTF-8 in a TOML file is one line from
`validate` and `simulate` (no traceback), and `validate` refuses negative limits and absurd
counts, naming file, entry and field."""

from __future__ import annotations

from pathlib import Path

from test_validate import edit_asset, edit_scenario

from semper_fidelis.cli import main


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
    assert "tracks.toml: hand_limit: Input should be greater than or equal to 1" in _validate_lines(capsys, data_dir)


def test_an_absurd_unit_count(data_dir, capsys):
    def absurd(d):
        d["units"][0]["count"] = 10**20

    edit_asset(data_dir, "components.toml", absurd)
    lines = _validate_lines(capsys, data_dir)
    assert "components.toml: units[id='pl-volunteer'].count: Input should be less than or equal to 99" in lines


def test_an_absurd_token_count_and_placement(data_dir, capsys):
    def tokens(d):
        d["tokens"][0]["values"]["1"] = 10**9

    def placement(d):
        d["sides"]["PL"]["placements"][0]["count"] = 10**6

    edit_asset(data_dir, "supply_tokens.toml", tokens)
    edit_scenario(data_dir, 2, placement)
    lines = "\n".join(_validate_lines(capsys, data_dir))
    assert "supply_tokens.toml: tokens[kind='artillery'].values.1: Input should be less than or equal to 99" in lines
    assert ".count: Input should be less than or equal to 99" in lines and "2-" in lines


def test_runaway_nesting_in_a_toml_file(data_dir, capsys):
    path = data_dir / "assets" / "tracks.toml"
    path.write_text(path.read_text() + "\nnested = " + "[" * 100_000 + "]" * 100_000 + "\n")
    assert f"{path}: not valid TOML: nested too deeply" in _validate_lines(capsys, data_dir)
