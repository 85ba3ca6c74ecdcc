"""The app in Polish (issue 39), first slice: the start menu shows no English word of the
catalog's source texts, its language item switches every text of it at once and is remembered
beside the saves; its snapshots in Polish."""

from __future__ import annotations

import functools
import html
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from semper_fidelis import i18n
from semper_fidelis.i18n import current_language, set_language
from semper_fidelis.tui.screens.menu import MainMenuScreen

from .conftest import SIZE
from .helpers import sync

PO = Path(i18n.__file__).parent / "locale" / "pl" / "LC_MESSAGES" / "messages.po"
WORD = re.compile(r"[^\W\d_]{3,}")
FIELD = re.compile(r"\{\w*\}")  # a message's {field}: a name in the code, not a word of either language
#: what a command line names (``--scenario``, ``scenarios/``, ``semper-fidelis review``, ``'review'``): the same
#: in both languages, so neither's word
COMMAND = re.compile(r"--[\w-]+|\b[\w-]+/|semper-fidelis \w+|'[a-z]+'")


def screen_prose(text: str) -> list[str]:
    """A text's words as a screen shows them: fields and what a command line names left out."""
    return WORD.findall(COMMAND.sub(" ", FIELD.sub(" ", text)))


@functools.cache
def catalog_words(prose: Callable[[str], list[str]] = screen_prose) -> tuple[frozenset[str], frozenset[str]]:
    """The words (by ``prose``) of the catalog's English texts and of its Polish texts (read once
    a process: a test asking for every row of random games read the catalog 745 times, 80 s)."""
    with PO.open("rb") as fh:
        catalog = read_po(fh)
    english, polish = set(), set()
    for message in catalog:
        if message.id:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            english.update(w.lower() for text in ids for w in prose(text))
            polish.update(w.lower() for text in strings for w in prose(text))
    return frozenset(english), frozenset(polish)


@functools.cache
def english_words(prose: Callable[[str], list[str]] = screen_prose) -> frozenset[str]:
    """The words of the catalog's English texts that no Polish text of it uses too (names such
    as 'Lwów' or 'ZURL' are both); the fields' names are neither."""
    english, polish = catalog_words(prose)
    return english - polish


def polish_words() -> frozenset[str]:
    """The words of the catalog's Polish texts that no English text of it uses too."""
    english, polish = catalog_words()
    return polish - english


def screen_text(app) -> str:
    """The screen's text, as the terminal shows it (the screenshot's text pieces)."""
    svg = app.export_screenshot()
    return " ".join(html.unescape(t) for t in re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)).replace("\xa0", " ")


def screen_words(app) -> set[str]:
    """Every word on the screen."""
    return {w.lower() for w in WORD.findall(screen_text(app))}


@sync
async def test_the_menu_in_polish_shows_no_english_and_its_item_switches_and_is_remembered(make_app, saves):
    english = english_words()
    assert {"game", "quit", "rules", "language"} <= english  # the check has something to find
    set_language("pl")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)
        shown = screen_words(app)
        assert {"nowa", "wyjdź", "język", "polscy"} <= shown
        assert not shown & english, sorted(shown & english)

        await pilot.press("8")  # Język: polski -> English
        await pilot.pause()
        assert current_language() == "en"
        assert {"new", "game", "quit", "english"} <= screen_words(app)
        assert json.loads((saves.parent / "settings.json").read_text()) == {"language": "en"}

        await pilot.press("8")  # and back
        await pilot.pause()
        assert current_language() == "pl" and not screen_words(app) & english
        assert json.loads((saves.parent / "settings.json").read_text()) == {"language": "pl"}


@pytest.mark.parametrize("size", [(80, 24), SIZE], ids=["80x24", "120x40"])
def test_main_menu_in_polish(snap_compare, tmp_path, size):
    from .test_snapshots import app_for

    set_language("pl")
    assert snap_compare(app_for(tmp_path), terminal_size=size)


#: the game table's main decisions in Polish: the Orders and a battle (test_snapshots' positions)
POLISH_TABLES = {"orders": "at_the_orders", "battle": "at_a_battle"}


@pytest.mark.parametrize("size", [(80, 24), SIZE], ids=["80x24", "120x40"])
@pytest.mark.parametrize("situation", POLISH_TABLES)
def test_game_table_in_polish(snap_compare, tmp_path, situation, size):
    from . import records, test_snapshots

    made = getattr(test_snapshots, POLISH_TABLES[situation], None) or getattr(records, POLISH_TABLES[situation])
    app = test_snapshots.app_for(tmp_path)
    path = records.save(made(), tmp_path / "saves" / f"{situation}.json")
    set_language("pl")

    async def load(pilot):
        assert app.open_save(path) is None
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=load)
