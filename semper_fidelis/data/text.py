"""One rule for text that comes from outside the program — data files, saves and their sidecars,
records, example files, folder paths: it is shown as it is written, never obeyed.

Two dangers: markup (``[/]`` crashes a markup parser, ``[@click=app.quit]`` binds an action) and
terminal control codes (``ESC ]0;…BEL`` retitles the terminal, ``ESC [2J`` wipes the screen).
Markup is disarmed by never parsing outside text (:func:`plain` gives a Rich ``Text``; Textual
notices are sent with ``markup=False``; should outside text ever be put into markup, it goes through
``rich.markup.escape``); control characters are shown as their escape
(``\\x1b``) rather than dropped, so a damaged file still shows what it holds and can be found.

``validate`` uses :func:`text_problem` to refuse such text in game data, since the app shows it.
"""

from __future__ import annotations

import re

from rich.markup import RE_TAGS
from rich.text import Text

#: C0 (without tab and newline), DEL and C1 (ESC's 8-bit twins CSI, OSC, ...)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
#: tab and newline too: where one line is wanted
_CONTROL_ONE_LINE = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def printable(text: object, *, lines: bool = False) -> str:
    """``text`` with every control character written as its escape (ESC as ``\\x1b``); with
    ``lines`` newlines and tabs are kept (a briefing, a help page)."""
    pattern = _CONTROL if lines else _CONTROL_ONE_LINE
    return pattern.sub(lambda m: f"\\x{ord(m.group()):02x}", str(text))


def plain(text: object, style: str = "", *, lines: bool = False) -> Text:
    """Outside text as a Rich ``Text``: shown literally, markup characters and all."""
    return Text(printable(text, lines=lines), style=style)


def text_problem(text: str) -> str | None:
    """Why game data may not hold ``text`` (None: it may): markup Rich would interpret, or a
    control character (newlines and tabs are fine)."""
    control = _CONTROL.search(text)
    if control:
        return f"holds the control character U+{ord(control.group()):04X}"
    tag = RE_TAGS.search(text)
    if tag:
        return f"holds markup {tag.group(1)!r}, which the screen would interpret (write it without square brackets)"
    return None


def printable_document(node: object) -> object:
    """A parsed data file (TOML, JSON) with :func:`printable` applied to every string: the game
    data the app loads can then hold no control character, wherever its names are shown."""
    if isinstance(node, str):
        return printable(node, lines=True)
    if isinstance(node, dict):
        return {key: printable_document(value) for key, value in node.items()}
    if isinstance(node, list):
        return [printable_document(value) for value in node]
    return node
