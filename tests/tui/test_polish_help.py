"""The app in Polish (issue 39): the help, the rules, the rulebook examples, the too-small notice
and the footers show no English word of the catalog's source texts once the language is
switched in the menu; an example reaches its printed outcome in Polish; the game's footer keeps
at 80×24 every key it shows whole in English."""

from __future__ import annotations

import pytest

from semper_fidelis.data.rulings import load_rulings
from semper_fidelis.i18n import current_language, set_language
from semper_fidelis.tui.screens.dialogs import HelpScreen
from semper_fidelis.tui.screens.example import ExampleCard, ExampleScreen
from semper_fidelis.tui.screens.players import PlayersScreen
from semper_fidelis.tui.screens.rules import RulesScreen
from semper_fidelis.tui.screens.too_small import TooSmallScreen
from semper_fidelis.tui.widgets.footer import Footer

from .conftest import SIZE
from .helpers import keys, sync, text_of, until_screen
from .test_learn import EXAMPLES, _learn, _play
from .test_polish import WORD, english_words, screen_words

#: names printed on keys and typed commands, the same in both languages
KEY_NAMES = {"end", "home", "shift", "review"}


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)} - KEY_NAMES


def footer_words(screen) -> set[str]:
    return words(" ".join(key.description for key in screen.query_one(Footer).query("FooterKey")))


async def settled_footer(pilot, screen) -> set[str]:
    """The footer's words once it has its keys again: a screen brought back recomposes its footer
    a frame later (under load, an early read found none)."""
    for _ in range(200):
        if said := footer_words(screen):
            return said
        await pilot.pause(0.02)
    return set()


@sync
async def test_switched_to_polish_in_the_menu_the_rules_the_examples_and_the_help_are_polish(make_app):
    english = english_words()
    assert {"back", "close", "printed", "help", "rulebook"} <= english  # the check has something to find
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "8")  # the menu's language item: English -> polski
        assert current_language() == "pl"

        await keys(pilot, "4")
        await until_screen(pilot, RulesScreen)
        await pilot.pause()
        shown = screen_words(app)
        assert {"jak", "grać", "zwycięstwo", "wstecz"} <= shown
        assert not shown & english, sorted(shown & english)

        await keys(pilot, "escape", "5")
        await _learn(pilot)
        shown = screen_words(app)
        assert {"czego", "uczy", "instrukcji", "limit", "obszaru"} <= shown
        assert not shown & english, sorted(shown & english)

        await keys(pilot, "enter")
        assert isinstance(app.screen, ExampleCard)
        card = words(text_of(app.screen.query_one("#example-text"), 96))
        assert {"krok", "wybory", "sporny"} <= card
        assert not card & english, sorted(card & english)

        await keys(pilot, "enter")
        await pilot.press("question_mark")
        await until_screen(pilot, HelpScreen)
        helped = text_of(app.screen.query_one("#help-text"), 96)
        # not translated yet (docs/i18n.md): the engine's prompt heading it; a ruling's name (`move-cost`) is an identifier
        for name in load_rulings():
            helped = helped.replace(name, " ")
        decision = app.screen.decision
        shown = words(helped.replace(decision.prompt, "", 1).replace(decision.kind, ""))
        assert {"zasada", "decyzja", "bitew", "klawisz", "cofnij", "rozstrzygnięcia", "rozkazu"} <= shown
        assert not shown & english, sorted(shown & english)
        await keys(pilot, "escape")
        assert isinstance(app.screen, ExampleScreen)
        footer = await settled_footer(pilot, app.screen)
        assert footer >= {"anuluj", "cofnij", "pomoc"}
        assert not footer & english


@sync
async def test_an_example_reaches_its_printed_outcome_in_polish(make_app):
    example = next(e for e in EXAMPLES if e.name == "02-move")
    set_language("pl")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await _learn(pilot)
        await keys(pilot, *["down"] * EXAMPLES.index(example), "enter")
        await until_screen(pilot, ExampleCard)
        await keys(pilot, "enter")
        assert isinstance(app.screen, ExampleScreen)
        for action in example.choices:
            await _play(pilot, action)
        assert isinstance(app.screen, ExampleCard)
        card = text_of(app.screen.query_one("#example-text"), 96)
        assert "Wynik z instrukcji — osiągnięty" in card and card.count("✓") == len(example.about.steps)
        assert "Trzej Ochotnicy stoją na Dworcu Głównym" in card
        assert not words(card) & english_words()


@sync
async def test_the_too_small_notice_in_polish(make_app):
    set_language("pl")
    app = make_app()
    async with app.run_test(size=(60, 20)) as pilot:
        await until_screen(pilot, TooSmallScreen)
        await pilot.pause()
        shown = screen_words(app)
        assert {"terminal", "potrzebuje", "powiększ"} <= shown and "60×20" in text_of(app.screen.query_one("#too-small"))
        assert not shown & english_words(), sorted(shown & english_words())


def visible_keys(screen) -> set[str]:
    """The footer's keys drawn whole: left of the command palette's key, which is docked on top
    of them at the right end."""
    footer = screen.query_one(Footer)
    palette = footer.query_one(".-command-palette").region.x
    return {key.action for key in footer.query("FooterKey") if key.region.right <= palette}


@pytest.mark.parametrize("opened", ["rules", "learn", "example", "players"])
@sync
async def test_at_80x24_the_polish_footer_keeps_every_key_the_english_shows_whole(make_app, opened):
    shown = {}
    for language in ("en", "pl"):
        set_language(language)
        app = make_app()
        async with app.run_test(size=(80, 24)) as pilot:
            if opened == "rules":
                await keys(pilot, "4")
                await until_screen(pilot, RulesScreen)
            elif opened == "players":
                await keys(pilot, "1", "enter")
                await until_screen(pilot, PlayersScreen)
            else:
                await _learn(pilot)
            if opened == "example":
                await keys(pilot, "enter")
                await until_screen(pilot, ExampleCard)
                await keys(pilot, "enter")
                await until_screen(pilot, ExampleScreen)
            await pilot.pause()
            shown[language] = visible_keys(app.screen)
    assert shown["en"] and shown["en"] <= shown["pl"], shown
