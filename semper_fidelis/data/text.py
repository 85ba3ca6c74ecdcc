"""One rule for text that comes from outside the program — data files, saves and their sidecars,
records, example files, folder paths: it is shown as it is written, never obeyed.

Two dangers: markup (``[/]`` crashes a markup parser, ``[@click=app.quit]`` binds an action) and
terminal control codes (``ESC ]0;…BEL`` retitles the terminal, ``ESC [2J`` wipes the screen).
A third, quieter one: characters that show nothing or lie about what is shown — bidirectional
controls (U+202E turns ``save.json`` into ``nosj.evas``), zero-width ones (U+200B), the line and
paragraph separators U+2028/U+2029 — so two names that read alike are not alike.
Markup is disarmed by never parsing outside text (:func:`plain` gives a Rich ``Text``; Textual
notices are sent with ``markup=False``; should outside text ever be put into markup, it goes through
``rich.markup.escape``); every character that is not printable is shown as its escape (``\\x1b``,
``\\u202e``) rather than dropped, so a damaged file still shows what it holds and can be found.

``validate`` uses :func:`text_problem` to refuse such text in game data, since the app shows it.
"""

from __future__ import annotations

import re
import unicodedata

from rich.markup import RE_TAGS
from rich.text import Text

from ..i18n import _

#: C0 (without tab and newline), DEL and C1 (ESC's 8-bit twins CSI, OSC, ...)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
#: anything but printable ASCII: the candidates :func:`printable` looks at one by one
_NOT_ASCII = re.compile(r"[^\x20-\x7e]")


def hidden(char: str) -> bool:
    """Whether ``char`` would act on the terminal or hide rather than show: controls (Cc), format
    characters (Cf: bidirectional controls, zero-width ones, U+FEFF), line and paragraph
    separators (Zl, Zp), surrogates, private-use and unassigned code points. Spaces (Zs) show as
    spaces and are kept."""
    return not char.isprintable() and unicodedata.category(char) != "Zs"


def _escape(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def printable(text: object, *, lines: bool = False) -> str:
    """``text`` with every :func:`hidden` character written as its escape (ESC as ``\\x1b``,
    U+202E as ``\\u202e``); with ``lines`` newlines and tabs are kept (a briefing, a help page)."""
    text = str(text)
    if text.isprintable():  # the common case, at C speed
        return text
    kept = "\n\t" if lines else ""

    def shown(match: re.Match[str]) -> str:
        char = match.group()
        return _escape(char) if hidden(char) and char not in kept else char

    return _NOT_ASCII.sub(shown, text)


def plain(text: object, style: str = "", *, lines: bool = False) -> Text:
    """Outside text as a Rich ``Text``: shown literally, markup characters and all."""
    return Text(printable(text, lines=lines), style=style)


def text_problem(text: str) -> str | None:
    """Why game data may not hold ``text`` (None: it may): markup Rich would interpret, or a
    :func:`hidden` character (newlines and tabs are fine)."""
    control = next((char for char in text if char not in "\n\t" and hidden(char)), None)
    if control is not None:
        code = f"U+{ord(control):04X}"
        if _CONTROL.match(control):
            return _("holds the control character {code}", code=code)
        return _("holds the invisible or reordering character {code}", code=code)
    tag = RE_TAGS.search(text)
    if tag:
        return _("holds markup {tag}, which the screen would interpret (write it without square brackets)", tag=repr(tag.group(1)))
    return None


def printable_document(node: object) -> object:
    """A parsed data file (TOML, JSON) with :func:`printable` applied to every string: the game
    data the app loads can then hold no hidden character, wherever its names are shown."""
    if isinstance(node, str):
        return printable(node, lines=True)
    if isinstance(node, dict):
        return {key: printable_document(value) for key, value in node.items()}
    if isinstance(node, list):
        return [printable_document(value) for value in node]
    return node
