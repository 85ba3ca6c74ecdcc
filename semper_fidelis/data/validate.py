"""Cross-file checks of a loaded data directory (filled in by the validate work)."""

from __future__ import annotations


def check_game_data(data) -> list[str]:
    return []
