"""The terminal game (Textual): main menu, scenario briefing, players, the game screen with
map, tracks, hand and decisions, battles and losses, End of Stage and the final score.

Run it with ``semper-fidelis`` (or ``semper-fidelis play``); :func:`run` is the entry point.
"""

from .app import SemperFidelisApp, run

__all__ = ["SemperFidelisApp", "run"]
