"""Lists of saves a page at a time: a folder may hold thousands, and describing a save reads its
file, so a list shows (and describes) its first rows and offers the rest a page at a time."""

from __future__ import annotations

from rich.text import Text
from textual.widgets.option_list import Option

from ...i18n import _

#: rows a list shows at first, and adds each time more are asked for (a screenful and then some)
PAGE = 40


def more_option(left: int, option_id: str) -> Option:
    """The row after the last shown, when ``left`` saves are not shown yet."""
    more = _("  … {left:,} more: Enter shows {shown} more", left=left, shown=min(left, PAGE))
    return Option(Text(more, style="dim italic"), id=option_id)
