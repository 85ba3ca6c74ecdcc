"""CI type-checks the package in ONE mypy run (`mypy semper_fidelis`): `[tool.mypy]` sets
`strict = true` for the whole package and no override gives a module any --strict flag back
(issue 37: every package is clean). This holds that against the installed mypy's own list of
what --strict enables: no override may set one of those flags to its loose value."""

from __future__ import annotations

import functools
import re
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


@functools.cache
def strict_flags() -> frozenset[str]:
    """The config names of the flags the installed mypy's `--strict` enables (from its --help)."""
    help_text = subprocess.run([sys.executable, "-m", "mypy", "--help"], capture_output=True, text=True, timeout=120).stdout
    words = " ".join(help_text.split())
    listed = re.search(r"--strict Strict mode; enables the following flags: ((?:--[a-z]+(?:- ?[a-z]+)*, )*--[a-z]+(?:- ?[a-z]+)*)", words)
    assert listed, "mypy --help no longer lists what --strict enables"
    names = {flag.strip().lstrip("-").replace(" ", "").replace("-", "_") for flag in listed[1].split(", ")}
    return frozenset(("implicit_reexport" if name == "no_implicit_reexport" else name) for name in names)


def mypy_config() -> dict[str, Any]:
    config: dict[str, Any] = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["mypy"]
    return config


def loosening(override: dict[str, Any]) -> dict[str, object]:
    """The --strict flags an override sets to their non-strict value."""
    return {k: v for k, v in override.items() if k in strict_flags() and v != (k != "implicit_reexport")}


def test_the_whole_package_is_strict():
    pytest.importorskip("mypy")
    config = mypy_config()
    assert config.get("strict") is True, "[tool.mypy] must set strict = true: every package is strict"
    assert config["packages"] == ["semper_fidelis"]


def test_no_module_is_loosened():
    pytest.importorskip("mypy")
    loosened = {", ".join(o["module"]): loosening(o) for o in mypy_config().get("overrides", []) if loosening(o)}
    assert not loosened, f"an override gives --strict flags back: {loosened}"
