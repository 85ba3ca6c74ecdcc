"""The app in Polish (issue 39, "Done when": the examples, review and charts work in Polish):
every screen's footer keys, a rulebook example's table, and the review viewer's map, hand and log
beside each step show no English word of the catalog's source texts — but the game table's
panels still translated by other slices (test_polish_whole_game.STILL_ENGLISH)."""

from __future__ import annotations

import importlib
import pkgutil
import sys

from textual.screen import Screen

from semper_fidelis.i18n import _, set_language
from semper_fidelis.tui import screens
from semper_fidelis.tui.widgets.footer import Footer

from .test_polish import WORD, english_words


def every_screen() -> list[type[Screen]]:
    for module in pkgutil.iter_modules(screens.__path__):
        importlib.import_module(f"{screens.__name__}.{module.name}")
    found, todo = [], [Screen]
    while todo:
        for cls in todo.pop().__subclasses__():
            todo.append(cls)
            if cls.__module__.startswith(screens.__name__):
                found.append(cls)
    return found


def test_every_screens_footer_keys_in_polish():
    """The game's footer translates what a binding says (tui/widgets/footer.py) if it is in the
    catalog: Textual's own footer, or a description not marked with N_(), stays English."""
    set_language("pl")
    textual = sorted(cls.__module__ for cls in every_screen() if getattr(sys.modules[cls.__module__], "Footer", Footer) is not Footer)
    assert not textual, textual
    english = english_words()
    shown = {(cls.__name__, b.description) for cls in every_screen() for b in cls.BINDINGS
             if getattr(b, "show", False) and b.description}
    assert len({name for name, _d in shown}) >= 15  # the check sees the screens
    left = sorted((name, d, _(d)) for name, d in shown if {w.lower() for w in WORD.findall(_(d))} & english)
    assert not left, left
