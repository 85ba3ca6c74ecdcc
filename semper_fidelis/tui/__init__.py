"""The terminal game (Textual): main menu, scenario briefing, players, the game screen with
map, tracks, hand and decisions, battles and losses, End of Stage and the final score.

Run it with ``semper-fidelis`` (or ``semper-fidelis play``); ``tui.app.run`` is the entry point.
Importing this package loads nothing: its Textual-free parts (``session``, ``review``) are
imported without Textual.
"""
