"""The commands as players type them: a headless host and a bot joiner in their own processes
on loopback; the host stopped mid-game and continued with ``host --resume`` from its autosave,
the joiner rejoining with the same command; the record written at the end."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from semper_fidelis.engine import Game, read_record
from semper_fidelis.net.credentials import secrets_path


def _interruptible() -> None:
    """Ctrl+C reaches the command even when the tests were started in the background, where the
    shell ignores SIGINT and the children would inherit that (Python then never sees it)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def start(*args: str, secret: str | None = None) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": os.getcwd()}
    env.pop("SEMPER_FIDELIS_SECRET", None)
    if secret is not None:
        env["SEMPER_FIDELIS_SECRET"] = secret
    return subprocess.Popen([sys.executable, "-m", "semper_fidelis", *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, env=env, preexec_fn=_interruptible)


def read_until(process: subprocess.Popen, start_of_line: str, seen: list[str]) -> str:
    for line in process.stdout:
        seen.append(line.rstrip("\n"))
        if line.startswith(start_of_line):
            return line
    raise AssertionError(f"no line starting {start_of_line!r}:\n" + "\n".join(seen))


def joiner_address(line: str) -> str:
    return line.split("semper-fidelis join ")[1].split()[0]


def joiner_secret(line: str) -> str:
    """The seat's secret in the printed command (``SEMPER_FIDELIS_SECRET=… semper-fidelis join``)."""
    return line.split("SEMPER_FIDELIS_SECRET=")[1].split()[0]


def test_host_stopped_and_resumed_and_a_joiner_rejoining_with_the_same_command(tmp_path):
    autosave, record = tmp_path / "hosted.json", tmp_path / "final.json"
    common = ["--zurl", "remote", "--bind", "127.0.0.1", "--port", "0", "--record", str(record)]
    seen: list[str] = []
    # PL's seat is left empty at first, so the game stands still at PL's first decision whatever
    # the machine's load: the host is stopped there, never racing a game that might end first
    host = start("host", "--scenario", "1", "--seed", "21", "--autosave", str(autosave), "--pl", "remote", *common)
    join = ["join", "", "--side", "ZURL", "--bot", "random", "--seed", "4"]
    try:
        line = read_until(host, "ZURL joins with:", seen)
        join[1], secret = joiner_address(line), joiner_secret(line)
        joiner = start(*join, secret=secret)
        read_until(host, "Waiting for PL:", seen)
        assert secret.encode() not in Path(f"/proc/{joiner.pid}/cmdline").read_bytes()  # what ps shows
        kept = secrets_path(autosave)
        assert kept.stat().st_mode & 0o777 == 0o600 and secret in kept.read_text()
        host.send_signal(signal.SIGINT)  # the host machine goes down mid-game
        code = host.wait(timeout=300)
        assert code == 130, "\n".join([*seen, host.stdout.read()])
        out, _ = joiner.communicate(timeout=300)
        assert joiner.returncode == 2 and "run the same command again to continue" in out
    finally:
        host.kill()
    saved = read_record(autosave)
    assert not saved.over and len(saved.actions) >= 5 and saved.decision().player == "PL"  # mid-game, at PL's empty seat

    host = start("host", "--resume", str(autosave), "--pl", "general", *common)
    try:
        line = read_until(host, "ZURL joins with:", seen)
        assert joiner_secret(line) == secret  # the joiner's command works again: the same secret
        join[1] = joiner_address(line)
        joiner = start(*join, secret=secret)
        out, _ = joiner.communicate(timeout=600)
        assert joiner.returncode == 0, out
        assert out.splitlines()[-1].startswith("Game over:")
        host_out, _ = host.communicate(timeout=300)
    finally:
        host.kill()
    assert host.returncode == 0, host_out
    assert "Record written to" in host_out
    assert not kept.exists()  # the game is over: its secrets open nothing
    final = read_record(record)
    assert final.over and final.actions[: len(saved.actions)] == saved.actions
    assert Game.from_record(final.record()).state.digest() == final.state.digest()


def test_a_joiner_is_told_in_one_line_when_no_host_answers(tmp_path):
    out = subprocess.run([sys.executable, "-m", "semper_fidelis", "join", "127.0.0.1:9", "--bot", "random"],
                         capture_output=True, text=True, env={**os.environ, "PYTHONPATH": os.getcwd(), "SEMPER_FIDELIS_SECRET": "t"}, timeout=300)
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "cannot reach a host at 127.0.0.1:9" in out.stderr
