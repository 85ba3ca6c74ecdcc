"""Every bot's name and one-line description, importable without the bots and the engine (outside
the bots package, whose import loads them): the command line builds its help at every start."""

from __future__ import annotations

#: name -> one-line description, for the players screen and the command line
DESCRIPTIONS: dict[str, str] = {
    "random": "random — picks any legal action (a baseline, not an opponent)",
    "general": "general — a scripted general: attacks on good odds, holds Strategic Areas, spends its AP",
    "marshal": "marshal — searches: plays each choice out over many guesses of what it cannot see",
}
