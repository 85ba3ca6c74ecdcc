"""Who sits at a side, as a save keeps it: "human" or a bot's name (the names from
:mod:`..bot_names`, so reading a save's seats loads neither the bots nor the engine)."""

from __future__ import annotations

from ..bot_names import DESCRIPTIONS

HUMAN = "human"
#: the bot a new side is given, and what a save from before bots had names ("bot") means
BOT, LEGACY_BOT = "general", "random"


def seat_kind(value: str) -> str | None:
    """A player setting as saved: "human" or a bot's name; None if it is neither."""
    if value == "bot":
        return LEGACY_BOT
    return value if value == HUMAN or value in DESCRIPTIONS else None
