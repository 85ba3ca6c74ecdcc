"""Every bot's name and one-line description, importable without the bots and the engine (outside
the bots package, whose import loads them): the command line builds its help at every start."""

from __future__ import annotations


def N_(message: str) -> str:
    """Marks a text for the catalog (as ``i18n.N_``, which this leaf may not import); the
    players screen shows it through ``i18n._``."""
    return message


#: name -> one-line description, for the players screen and the command line
DESCRIPTIONS: dict[str, str] = {
    "random": N_("random — picks any legal action (a baseline, not an opponent)"),
    "general": N_("general — a scripted general: attacks on good odds, holds Strategic Areas, spends its AP"),
    "marshal": N_("marshal — searches: plays each choice out over many guesses of what it cannot see"),
}
