"""Fixtures shared by the data tests."""

import shutil
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A private copy of the shipped data directory, to break on purpose."""
    root = tmp_path / "data"
    shutil.copytree(REPO / "assets", root / "assets")
    shutil.copytree(REPO / "scenarios", root / "scenarios")
    return root
