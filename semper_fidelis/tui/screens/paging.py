"""Lists of saves a page at a time: a folder may hold thousands, and describing a save reads its
file, so a list shows (and describes) its first rows and offers the rest a page at a time."""

from __future__ import annotations

from rich.text import Text
from textual.widgets.option_list import Option

#: rows a list shows at first, and adds each time more are asked for (a screenful and then some)
PAGE = 40


def more_option(left: int, option_id: str) -> Option:
    """The row after the last shown, when ``left`` saves are not shown yet."""
    return Option(Text(f"  … {left:,} more: Enter shows {min(left, PAGE)} more", style="dim italic"), id=option_id)
