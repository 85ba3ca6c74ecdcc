"""The command line's conventions and the environments it runs in (issue 35, "Nothing crashes,
nothing lies"): ``--version``; every numeric option refuses a value that makes no sense in one
line with exit status 2; the app starts only on a terminal it can use, else says so (exit 2);
Ctrl+C is exit status 130 without a traceback; a user data folder that is a file is one line."""

from __future__ import annotations

import argparse
import contextlib
import os
import pty
import signal
import subprocess
import sys
import time
from importlib.metadata import version
from pathlib import Path

import pytest

from semper_fidelis import argtypes
from semper_fidelis.cli import main
from semper_fidelis.cli.parser import EXIT_STATUSES, build_parser
from semper_fidelis.tui import app as tui

REPO = Path(__file__).resolve().parents[1]
APP = [sys.executable, "-m", "semper_fidelis"]


def one_line_error(capsys) -> str:
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("semper-fidelis: error: "), captured.err
    assert "Traceback" not in captured.err + captured.out
    return lines[0]


# ------------------------------------------------------------------------------ conventions


def test_version_is_the_installed_package_s(capsys):
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"semper-fidelis {version('semper-fidelis')}"


def test_help_and_the_docs_give_the_exit_statuses(capsys):
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert EXIT_STATUSES in out
    docs = (REPO / "docs" / "cli.md").read_text(encoding="utf-8")
    for status in ("0", "1", "2", "130"):
        assert f"| {status} |" in docs, status


#: values each kind of numeric option refuses, and one it takes (with the number it gives)
BAD = {
    argtypes.positive: ["0", "-5", "abc", "1.5", ""],
    argtypes.pace: ["-0.1", "abc", "nan", "inf"],
    argtypes.seconds: ["0", "-1", "abc", "nan", "inf"],
    argtypes.seed: ["abc", "1.5", str(2**63), str(-(2**63) - 1)],
    argtypes.port: ["0", "65536", "-1", "http"],
    argtypes.port_or_any: ["-1", "65536", "http"],
}
GOOD = {argtypes.positive: ("3", 3), argtypes.pace: ("0", 0), argtypes.seconds: ("0.5", 0.5),
        argtypes.seed: ("-7", -7), argtypes.port: ("8000", 8000), argtypes.port_or_any: ("0", 0)}


def options() -> list[tuple[str, list[str], argparse.Action]]:
    """Every command's options: (command, the arguments it needs first, the option)."""
    parser = build_parser()
    (commands,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    found = []
    for name, sub in commands.choices.items():
        needed = [name] + ["x" for a in sub._actions if not a.option_strings and a.nargs is None]
        found += [(name, needed, action) for action in sub._actions if action.option_strings]
    return found


def numeric_options() -> list[tuple[str, list[str], argparse.Action]]:
    return [(name, needed, action) for name, needed, action in options() if action.type in BAD]


def test_no_numeric_option_takes_any_number():
    """A bare int or float takes -5 for a width, 0 for a port: each has a type of argtypes (or
    its choices)."""
    unchecked = [f"{name} {action.option_strings[0]}" for name, _, action in options()
                 if action.type in (int, float) and action.choices is None]
    assert unchecked == []


def test_the_walk_finds_the_numeric_options_of_every_kind():
    found = {(name, action.option_strings[0]) for name, _, action in numeric_options()}
    assert {("board", "--width"), ("simulate", "--think"), ("balance", "--jobs"), ("fuzz", "--games"),
            ("bench", "--turns"), ("play", "--pace"), ("play", "--seed"), ("host", "--port"),
            ("join", "--seed"), ("serve", "--port"), ("simulate", "--iterations")} <= found
    assert {action.type for _, _, action in numeric_options()} == set(BAD)


@pytest.mark.parametrize(("command", "needed", "action"), numeric_options(),
                         ids=[f"{c} {a.option_strings[0]}" for c, _, a in numeric_options()])
def test_every_numeric_option_refuses_nonsense_in_one_line(capsys, command, needed, action):
    option = action.option_strings[0]
    for bad in BAD[action.type]:
        assert main([*needed, f"{option}={bad}"]) == 2, f"{command} {option} {bad!r}"
        line = one_line_error(capsys)
        assert f"argument {option}" in line and "try 'semper-fidelis" in line, line
    text, value = GOOD[action.type]
    assert getattr(build_parser().parse_args([*needed, option, text]), action.dest) == value


def test_board_with_a_negative_width_says_so(capsys):
    assert main(["board", "--width", "-5"]) == 2
    assert "argument --width: must be at least 1, not -5" in one_line_error(capsys)


@pytest.mark.parametrize("command", ["simulate", "balance", "fuzz"])
def test_a_batch_whose_last_seed_a_record_cannot_keep_is_one_line(capsys, command):
    """--seed takes the largest seed; the batch's next games would go past it (an internal error)."""
    assert main([command, "--seed", str(2**63 - 1), "--games", "2", "--jobs", "1"]) == 2
    assert f"the last game's seed, {2**63}, is above the largest" in one_line_error(capsys)


# ------------------------------------------------------------------------------ a terminal


def run(argv: list[str], *, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, env: dict | None = None):
    """The command in a process of its own, stderr read; killed after a minute (an app waiting
    for keys that never come)."""
    return subprocess.run([*APP, *argv], stdin=stdin, stdout=stdout, stderr=subprocess.PIPE, timeout=60,
                          env={**os.environ, **(env or {})})


@pytest.fixture(scope="module")
def record(tmp_path_factory) -> Path:
    from semper_fidelis.engine import Game, write_record

    path = tmp_path_factory.mktemp("record") / "game.json"
    write_record(Game(1, 3), path)
    return path


def app_commands(record: Path) -> list[list[str]]:
    return [["play"], ["play", "--scenario", "1"], ["review", str(record)],
            ["join", "127.0.0.1:9"], ["host", "--pl", "human", "--port", "0", "--bind", "127.0.0.1"]]


def test_the_app_piped_refuses_in_one_line_and_writes_nothing(record):
    """No escape codes into the pipe (play wrote 488 KB of them), no wait for keys: one line."""
    for argv in app_commands(record):
        out = run(argv)
        assert (out.returncode, out.stdout) == (2, b""), (argv, out.returncode, len(out.stdout))
        err = out.stderr.decode()
        assert err.count("\n") == 1 and "needs a terminal, and its input and output are not one" in err, (argv, err)


def test_the_app_with_a_terminal_for_output_only_or_a_dumb_one_refuses(record):
    leader, follower = pty.openpty()
    try:
        out = run(["play"], stdout=follower, env={"TERM": "xterm-256color"})  # keys from nowhere
        assert out.returncode == 2 and "its input is not one" in out.stderr.decode(), out.stderr
        out = run(["play"], stdin=follower, stdout=follower, env={"TERM": "dumb"})
        assert out.returncode == 2 and "TERM=dumb" in out.stderr.decode(), out.stderr
    finally:
        os.close(leader)
        os.close(follower)


def test_bare_command_without_a_terminal_still_prints_its_help():
    """README's set-up ends with a bare 'semper-fidelis' run by CI, with no terminal."""
    out = run([])
    assert out.returncode == 0 and out.stdout.startswith(b"usage: semper-fidelis")


def test_join_with_a_bot_needs_no_terminal(capsys, monkeypatch):
    """Headless: a bad address is its one line, not a want of a terminal."""
    monkeypatch.setenv("SEMPER_FIDELIS_SECRET", "s")
    assert main(["join", "nowhere", "--bot", "random"]) == 2
    assert "terminal" not in one_line_error(capsys)


def test_textual_serve_runs_the_app_over_pipes(monkeypatch):
    """textual-serve starts 'play' with pipes and its web driver: the browser is the terminal."""
    started = []
    monkeypatch.setattr(tui, "run", lambda **kwargs: started.append(kwargs) or 0)
    monkeypatch.setenv("TEXTUAL_DRIVER", "textual.drivers.web_driver:WebDriver")
    assert main(["play"]) == 0 and len(started) == 1


# ------------------------------------------------------------------------------ Ctrl+C


def workers_ignoring_ctrl_c(leader: int) -> int:
    """How many processes of ``leader``'s session, other than itself, ignore SIGINT: the workers
    whose pool initializer has run (from then on they take games)."""
    count = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, StopIteration):  # a process that ended meanwhile
            session = int(stat.read_text().rsplit(")", 1)[1].split()[3])
            status = (stat.parent / "status").read_text().splitlines()
            ignored = int(next(line.split()[1] for line in status if line.startswith("SigIgn:")), 16)
            count += session == leader and stat.parent.name != str(leader) and bool(ignored >> (signal.SIGINT - 1) & 1)
    return count


def _hear_ctrl_c() -> None:
    """The command as a terminal starts it: with Ctrl+C heard. A test run started in the
    background (``pytest &``) ignores SIGINT, and a child would inherit that and never stop."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize("jobs", [1, 2])
def test_ctrl_c_stops_a_simulate_at_once_with_130_and_no_traceback(jobs, tmp_path):
    """Ctrl+C signals the terminal's whole process group: with worker processes it waited for
    every game handed out (minutes) and each worker printed a traceback."""
    records = tmp_path / "records"
    # a minute of games a process; in one process the first records come in a second
    process = subprocess.Popen([*APP, "simulate", "--games", "2000", "--jobs", str(jobs), "--records", str(records)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                               preexec_fn=_hear_ctrl_c)
    try:
        for _ in range(1200):  # the games under way (a loaded machine starts slowly): in one process the
            # first record kept; the workers' first records come only with their first chunk of
            # 125 games (half a minute), so there both workers ready to play, all games handed out
            if jobs == 1 and records.is_dir() and any(records.glob("*.json")) or jobs > 1 and workers_ignoring_ctrl_c(process.pid) == jobs:
                break
            time.sleep(0.1)
        assert process.poll() is None
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=20)
        assert (process.returncode, out, err) == (130, "", "semper-fidelis: interrupted\n")
        time.sleep(0.5)
        with pytest.raises(ProcessLookupError):  # no worker left behind
            os.killpg(process.pid, 0)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


# ------------------------------------------------------------------------------ folders


def test_host_with_a_file_for_the_user_data_folder_is_one_line(tmp_path, monkeypatch, capsys):
    not_a_folder = tmp_path / "data"
    not_a_folder.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(not_a_folder))
    assert main(["host", "--pl", "remote", "--zurl", "remote", "--bind", "127.0.0.1", "--port", "0"]) == 2
    assert "cannot keep the autosave there (Not a directory); give --autosave FILE or --saves DIR" in one_line_error(capsys)


def test_without_home_the_saves_go_to_the_account_s_home(monkeypatch):
    """HOME unset (a service, a cron job): the account's home from the password database."""
    import pwd

    from semper_fidelis.store.saves import default_saves_dir

    monkeypatch.delenv("HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)

    assert default_saves_dir().is_relative_to(pwd.getpwuid(os.getuid()).pw_dir)
