"""The app in Polish (issue 39, "Done when": the examples, review and charts work in Polish):
every screen's footer keys, a rulebook example's table, and the review viewer's map, hand and log
beside each step show no English word of the catalog's source texts — but the game table's
panels still translated by other slices (test_polish_whole_game.STILL_ENGLISH)."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import pytest
from textual.screen import Screen

from semper_fidelis.i18n import _, set_language
from semper_fidelis.play.batch import Matchup, play_game
from semper_fidelis.tui import screens
from semper_fidelis.tui.screens.example import ExampleCard, ExampleScreen
from semper_fidelis.tui.screens.review import ReviewScreen
from semper_fidelis.tui.widgets.footer import Footer

from .helpers import keys, sync, text_of, until_screen
from .records import save
from .test_learn import EXAMPLES, _learn, _play
from .test_polish import WORD, english_words
from .test_polish_whole_game import STILL_ENGLISH, TABLE_PARTS, Reader, read_table


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


#: the review viewer's parts, by the widget that shows them
REVIEW_PARTS = {"bar": "#review-bar", "header": "#phase-bar", "tracks": "#tracks", "map": "#map", "step": "#review-step",
                "hand": "#hand-box", "log": "#log-box", "course": "#review-course"}
#: the review's parts still in English (none since the engine's log and prompts are translated)
REVIEW_STILL_ENGLISH: dict[str, str] = {}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@sync
async def test_the_review_of_a_record_in_polish(make_app, tmp_path, size):
    """A bots' game (as `simulate --records` writes it) in the review viewer, stepped through by
    its keys: action, turn, battle, one side's view, the course, the end."""
    path = save(play_game(Matchup(1, "general", "general"), 0), tmp_path / "records" / "partia.json")  # a name in neither language
    set_language("pl")
    app = make_app()
    reader = Reader()
    async with app.run_test(size=size) as pilot:
        assert app.open_review(path) is None
        await until_screen(pilot, ReviewScreen)
        for key in ("right", "right", "right", "right_square_bracket", "right_square_bracket", "b", "v", "right", "end", "c"):
            await keys(pilot, key)
            read_table(app, reader, REVIEW_PARTS, app.screen)
    english = {part for part, words in reader.found.items() if words}
    print(reader.report(english))
    assert reader.seen >= {"bar", "header", "tracks", "step", "course", "footer"} | ({"map"} if size[0] >= 100 else set())
    assert english <= REVIEW_STILL_ENGLISH.keys(), reader.report(english - REVIEW_STILL_ENGLISH.keys())


@pytest.mark.parametrize("name", ["01-area-limit", "03-assault", "10-relief-by-rail"])
@sync
async def test_a_rulebook_example_played_in_polish(make_app, name):
    """An example played by the book's choices at 80×24: its card, its table at every step and
    what it says of each step (the toasts) show no English but the table's parts still being
    translated."""
    example = next(e for e in EXAMPLES if e.name == name)
    set_language("pl")
    app = make_app()
    reader = Reader()
    async with app.run_test(size=(80, 24)) as pilot:
        await _learn(pilot)
        await keys(pilot, *["down"] * EXAMPLES.index(example), "enter")
        await until_screen(pilot, ExampleCard)
        reader.read("card", text_of(app.screen.query_one("#example-text"), 80))
        await keys(pilot, "enter")
        await until_screen(pilot, ExampleScreen)
        for action in example.choices:
            await pilot.pause()
            read_table(app, reader, TABLE_PARTS, app.screen)
            await _play(pilot, action)
            reader.read("toasts", " ".join(n.message for n in app._notifications))
        await until_screen(pilot, ExampleCard)
        reader.read("card", text_of(app.screen.query_one("#example-text"), 80))
    english = {part for part, words in reader.found.items() if words}
    assert reader.seen >= {"card", "toasts", "prompt", "options", "footer"}
    assert english <= STILL_ENGLISH.keys(), reader.report(english - STILL_ENGLISH.keys())
