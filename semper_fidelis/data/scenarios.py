"""Finding a scenario by what a player typed, shared by every command that starts a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import CliError
from ..i18n import _, pgettext
from .translations import scenario_name

if TYPE_CHECKING:
    from .loader import GameData
    from .models import Scenario


def pick_scenario(data: GameData, wanted: str) -> Scenario:
    """A scenario by number (``2``) or by a prefix of its name (``semper``, ``siege``); else a
    one-line :class:`CliError` naming the known ones (in the player's language)."""
    wanted = wanted.strip()
    if wanted.isdigit() and int(wanted) in data.scenarios:
        return data.scenarios[int(wanted)]
    key = wanted.lower()
    matches = [s for s in data.scenarios.values() if key and (s.name.lower().startswith(key) or s.polish.lower().startswith(key))]
    if len(matches) == 1:
        return matches[0]
    known = ", ".join(f"{n} {scenario_name(s)}" for n, s in sorted(data.scenarios.items())) or pgettext("scenarios", "none")
    raise CliError(_("no scenario {wanted} (known: {known})", wanted=repr(wanted), known=known))


def variant_scenario(data: GameData, wanted: str | None, default: str = "2") -> Scenario:
    """The scenario a command plays: the variant's (``wanted`` may only name its base), else
    ``wanted`` or ``default``."""
    if data.variant is None:
        return pick_scenario(data, wanted or default)
    scenario = data.scenarios[data.variant.base]
    if wanted is not None and pick_scenario(data, wanted).number != scenario.number:
        raise CliError(_("--variant changes scenario {number}, not scenario {wanted}", number=scenario.number, wanted=wanted))
    return scenario
