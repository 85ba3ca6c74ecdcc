"""Start-up to the menu imports what the menu needs (issue 23: the menu in <= 0.35 s): the
command line's parser (every command's arguments) and the app's menu load neither the engine,
the bots, the network code nor pydantic and websockets; they load after the menu is painted."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("semper_fidelis.engine", "semper_fidelis.bots", "semper_fidelis.net.host", "semper_fidelis.net.commands",
         "semper_fidelis.data.models", "pydantic", "websockets")

PROBE = """
import sys
from semper_fidelis.cli.parser import build_parser
build_parser().parse_args(["play"])
import semper_fidelis.tui.app
print(" ".join(m for m in {heavy!r} if m in sys.modules))
"""


def test_the_parser_and_the_menu_load_nothing_heavy():
    out = subprocess.run([sys.executable, "-c", PROBE.format(heavy=HEAVY)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [], f"loaded before the menu: {out.stdout.strip()}"
