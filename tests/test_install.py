"""The package finds its data (scenarios/ and assets/) from a checkout, from the editable install
the tests run in and from a plain ``pip install .`` into a fresh venv (the wheel carries the data under
``semper_fidelis/_data``).

The venvs use ``--system-site-packages`` and ``--without-pip`` (pip, hatchling and the
dependencies come from the running interpreter), so nothing is downloaded; the repository is
copied first so that nothing is written into the checkout. Slow-ish: a few seconds each.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from semper_fidelis.data import loader

REPO = Path(__file__).resolve().parents[1]

slow = pytest.mark.slow

IGNORE = shutil.ignore_patterns(".git", ".venv*", "__pycache__", "*.egg-info", "build", "dist", ".pytest_cache", ".hypothesis")


def run(cmd: list[str], cwd: Path, *, offline: bool = True) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PIP_REQUIRE_VIRTUALENV")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    if offline:
        env["PIP_NO_INDEX"] = "1"  # never download anything
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env, timeout=300)


@pytest.fixture
def repo_copy(tmp_path: Path) -> Path:
    assert (REPO / "README.md").exists(), "pyproject.toml's readme, README.md, is missing: the package cannot be built"
    dest = tmp_path / "repo"
    shutil.copytree(REPO, dest, ignore=IGNORE)
    return dest


def make_venv(tmp_path: Path) -> Path:
    """A fresh venv that sees the packages of the base Python (--system-site-packages) and of
    the interpreter running the tests (a .pth file), so pip, the build backend and the
    dependencies need no download."""
    venv = tmp_path / "venv"
    result = run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    outer = [p for p in sys.path if p.endswith("-packages") and Path(p).is_dir()]
    (site_packages(venv) / "_outer_env.pth").write_text("\n".join(outer) + "\n", encoding="utf-8")
    return venv


def pip_install(venv: Path, *args: str, cwd: Path, needs: tuple[str, ...] = ("hatchling",)) -> None:
    """``pip install`` into ``venv`` without build isolation when the build backend (``needs``)
    is at hand; otherwise let pip fetch it (a machine without hatchling installed)."""
    offline = all(importlib.util.find_spec(name) for name in needs)
    flags = ["--no-deps", "--no-build-isolation"] if offline else []
    result = run(
        [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", *flags, *args], cwd=cwd, offline=offline
    )
    assert result.returncode == 0, result.stdout + result.stderr


def validate_with(venv: Path, cwd: Path) -> tuple[Path, Path]:
    """Run the installed console script from ``cwd``; return the assets and scenarios it used."""
    script = venv / "bin" / "semper-fidelis"
    assert script.exists(), "the console script was not installed"
    result = run([str(script), "validate"], cwd=cwd)
    assert result.returncode == 0, result.stdout + result.stderr
    match = re.search(r"\(assets: (.+); scenarios: (.+)\)", result.stdout)
    assert match, result.stdout
    return Path(match[1]), Path(match[2])


def site_packages(venv: Path) -> Path:
    purelib = sysconfig.get_path("purelib", vars={"base": str(venv), "platbase": str(venv)})
    return Path(purelib).resolve()


def test_checkout_finds_its_data():
    assert loader.default_assets_dir().resolve() == (REPO / "assets").resolve()
    assert loader.default_scenarios_dir().resolve() == (REPO / "scenarios").resolve()
    data = loader.load_game_data()
    assert len(data.scenarios) == 5 and data.board.areas


def test_the_installed_command_finds_the_checkout_data_from_anywhere(tmp_path):
    """The Quick start's editable install (the venv the tests run in): its console script, run
    from another folder, reads this checkout's data. (CI makes that venv from scratch, so a fresh
    editable install is what is checked there.)"""
    script = Path(sys.executable).parent / "semper-fidelis"
    module = importlib.util.find_spec("semper_fidelis")
    if not script.exists() or module is None or Path(module.origin).resolve().parents[1] != REPO:
        pytest.skip("the tests do not run from an editable install of this checkout")
    assets, scenarios = validate_with(script.parents[1], tmp_path)
    assert assets.resolve() == (REPO / "assets").resolve()
    assert scenarios.resolve() == (REPO / "scenarios").resolve()


@slow
def test_plain_install_ships_the_data_in_the_wheel(tmp_path, repo_copy):
    venv = make_venv(tmp_path)
    pip_install(venv, str(repo_copy), cwd=tmp_path)
    shutil.rmtree(repo_copy)  # the installed package must not need the source tree
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assets, scenarios = validate_with(venv, elsewhere)
    packages = site_packages(venv)
    assert assets.resolve().is_relative_to(packages), (assets, packages)
    assert scenarios.resolve().is_relative_to(packages), (scenarios, packages)
    assert (packages / "semper_fidelis" / "_data" / "scenarios" / "2-semper-fidelis.toml").exists()
    assert (packages / "semper_fidelis" / "_data" / "assets" / "examples" / "07-cerkiew-sw-jura.toml").exists()  # Learn from the rulebook
    assert (packages / "semper_fidelis" / "_data" / "variants" / "siege-late-relief.toml").exists()  # the menu's example variants
    assert (packages / "semper_fidelis" / "locale" / "pl" / "LC_MESSAGES" / "messages.mo").exists()  # the game in Polish
    board = run([str(venv / "bin" / "semper-fidelis"), "board", "2", "--width", "120"], cwd=elsewhere)
    assert board.returncode == 0 and "Scenario 2:" in board.stdout, board.stderr
    coverage = run([str(venv / "bin" / "semper-fidelis"), "coverage"], cwd=elsewhere)
    assert coverage.returncode == 2 and "no tests/ directory" in coverage.stderr, coverage.stderr
    assert len(coverage.stderr.strip().splitlines()) == 1
