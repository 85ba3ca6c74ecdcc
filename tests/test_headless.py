"""The host and every headless command run without Textual (issue 37): ``validate``, ``board``,
``simulate --records``, ``replay``, and a hosted game — a bot's seat and a remote one, joined by
``join --bot`` — all in one process, which then has not imported Textual. Their saves, records and
autosaves go where the app finds them (the user data folder), through ``semper_fidelis.store``."""

from __future__ import annotations

import os
import subprocess
import sys

PROBE = r"""
import asyncio, contextlib, io, os, re, sys, threading
from pathlib import Path
from semper_fidelis.cli import main
from semper_fidelis.net import host as host_module

def run(*argv):
    code = main(list(argv))
    assert code == 0, f"{argv}: exit {code}"

with contextlib.redirect_stdout(io.StringIO()):
    run("validate")
    run("board", "2")
    run("simulate", "--games", "1", "--jobs", "1", "--records")
records = Path(os.environ["XDG_DATA_HOME"], "semper-fidelis", "records")
with contextlib.redirect_stdout(io.StringIO()):
    run("replay", str(next(records.glob("*.json"))))

listening, serving = threading.Event(), host_module.Host.run
async def noted(self, bind, port, started=None):
    def told(port):
        started(port)
        listening.set()
    await serving(self, bind, port, started=told)
host_module.Host.run = noted
printed = io.StringIO()
with contextlib.redirect_stdout(printed):
    hosting = threading.Thread(target=run, args=("host", "--pl", "random", "--zurl", "remote", "--bind", "127.0.0.1", "--port", "0"))
    hosting.start()
    assert listening.wait(120), "the host never listened"
    os.environ["SEMPER_FIDELIS_SECRET"], where = re.search(r"SEMPER_FIDELIS_SECRET=(\S+) semper-fidelis join (\S+)", printed.getvalue()).groups()
    run("join", where, "--side", "ZURL", "--bot", "random", "--seed", "1")
    hosting.join(120)
assert not hosting.is_alive() and "Game over" in printed.getvalue(), printed.getvalue()
assert list(Path(os.environ["XDG_DATA_HOME"], "semper-fidelis", "saves", "autosave").glob("*hosted.json"))
print(" ".join(sorted(m for m in sys.modules if m == "textual" or m.startswith(("textual.", "semper_fidelis.tui")))))
"""


def test_headless_commands_and_the_host_never_import_textual(tmp_path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    env.pop("SEMPER_FIDELIS_SECRET", None)
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=600, env=env)
    assert out.returncode == 0, out.stderr[-3000:]
    assert out.stdout.split() == [], f"imported by headless commands: {out.stdout.strip()}"
