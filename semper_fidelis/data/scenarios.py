"""Finding a scenario by what a player typed, shared by every command that starts a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import CliError

if TYPE_CHECKING:
    from .loader import GameData
    from .models import Scenario


def pick_scenario(data: GameData, wanted: str) -> Scenario:
    """A scenario by number (``2``) or by a prefix of its name (``semper``, ``siege``); else a
    one-line :class:`CliError` naming the known ones."""
    wanted = wanted.strip()
    if wanted.isdigit() and int(wanted) in data.scenarios:
        return data.scenarios[int(wanted)]
    key = wanted.lower()
    matches = [s for s in data.scenarios.values() if key and (s.name.lower().startswith(key) or s.polish.lower().startswith(key))]
    if len(matches) == 1:
        return matches[0]
    known = ", ".join(f"{n} {s.name}" for n, s in sorted(data.scenarios.items())) or "none"
    raise CliError(f"no scenario {wanted!r} (known: {known})")
