"""CI type-checks the package in ONE mypy run (`mypy semper_fidelis`): the engine and the data
modules it imports get every flag `--strict` sets through `[tool.mypy]`'s override, the rest of
the package the plain flags. This holds that claim against the installed mypy's own list, so a
mypy that adds a flag to `--strict` fails here instead of loosening the engine's check unseen."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"
#: the modules held to --strict: the engine, the data, and the command line with its argument types (issue 37)
STRICT_MODULES = {"semper_fidelis.engine", "semper_fidelis.engine.*", "semper_fidelis.data", "semper_fidelis.data.*",
                  "semper_fidelis.cli", "semper_fidelis.cli.*", "semper_fidelis.argtypes"}


def strict_flags() -> set[str]:
    """The config names of the flags the installed mypy's `--strict` enables (from its --help)."""
    help_text = subprocess.run([sys.executable, "-m", "mypy", "--help"], capture_output=True, text=True, timeout=120).stdout
    words = " ".join(help_text.split())
    listed = re.search(r"--strict Strict mode; enables the following flags: ((?:--[a-z]+(?:- ?[a-z]+)*, )*--[a-z]+(?:- ?[a-z]+)*)", words)
    assert listed, "mypy --help no longer lists what --strict enables"
    names = {flag.strip().lstrip("-").replace(" ", "").replace("-", "_") for flag in listed[1].split(", ")}
    return {("implicit_reexport" if name == "no_implicit_reexport" else name) for name in names}


def test_the_engine_and_data_override_sets_every_flag_of_strict():
    pytest.importorskip("mypy")
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["mypy"]
    override = next(o for o in config["overrides"] if set(o["module"]) >= STRICT_MODULES)
    settings = {**{k: v for k, v in config.items() if k != "overrides"}, **override}
    expected = {name: name != "implicit_reexport" for name in strict_flags()}
    settings.setdefault("implicit_reexport", not settings.pop("no_implicit_reexport", False))
    missing = {name: want for name, want in expected.items() if settings.get(name) != want}
    assert not missing, f"[tool.mypy] does not set these --strict flags for the engine and data: {missing}"
