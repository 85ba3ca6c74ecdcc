"""The app in the environments players have (issue 35, "Nothing crashes, nothing lies"):
``NO_COLOR`` set, a 20×10 terminal. A whole game is played with NO_COLOR (it crashed at the
first paint of the map), and every main screen is opened in each environment. ``TERM=dumb`` is
not among them: Textual's test driver ignores TERM, so the app is refused there before it
starts, which tests/test_cli_env.py checks through a pseudo-terminal."""

from __future__ import annotations

import functools

import pytest
from textual.screen import ModalScreen

from semper_fidelis.bots import RandomBot
from semper_fidelis.engine import Game, write_record
from semper_fidelis.tui.screens.dialogs import HelpScreen, LogScreen
from semper_fidelis.tui.screens.game import GameScreen
from semper_fidelis.tui.screens.game_over import GameOverScreen
from semper_fidelis.tui.screens.menu import MainMenuScreen
from semper_fidelis.tui.screens.review import ReviewScreen
from semper_fidelis.tui.screens.too_small import TooSmallScreen, too_small

from .helpers import choose, options, settle, sync, text_of, until_screen
from .test_screens import _into_the_last_turn

ENVIRONMENTS = {
    "NO_COLOR": ({"NO_COLOR": "1"}, (120, 40)),
    "20x10": ({}, (20, 10)),
    "20x10 NO_COLOR": ({"NO_COLOR": "1"}, (20, 10)),
}


@functools.cache
def _one_action_from_the_end() -> Game:
    """Scenario 1 played headless by random bots to one action before its end, made once: in each
    environment the app's bots play that action and the final score opens (the bots' whole last
    turn through the app is played in colour by test_screens' test; with NO_COLOR the general's
    turns of the first test here paint the bots' moves)."""
    game, bot = _into_the_last_turn(1, 5), RandomBot(5)
    while not game.over:
        game.apply(bot.choose(game))
    before = Game(1, 5)
    for action in game.actions[:-1]:
        before.apply(action)
    return before


@pytest.fixture(params=list(ENVIRONMENTS))
def environment(request, monkeypatch):
    """The environment's variables set (the app reads NO_COLOR when it is made); its size."""
    variables, size = ENVIRONMENTS[request.param]
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    return size


@sync
async def test_a_human_plays_turns_against_the_general_with_no_color(make_app, monkeypatch):
    """Turns of a human seat against the general, by keys: every paint passes NO_COLOR's filter
    (the map's empty lines have unstyled segments). The bots' last action and the final score
    with NO_COLOR are test_every_main_screen_opens[NO_COLOR]'s."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.no_color
        app.new_game(2, {"PL": "human", "ZURL": "general"}, privacy=False)
        await settle(pilot)
        game = app.game_screen.session.game
        start = len(game.actions)
        for _ in range(12):  # the first option each time, the bot's replies in between
            await choose(pilot, options(app)[0])
            await settle(pilot)
        assert len(game.actions) > start + 12  # the general answered too


def under(app):
    """The screen on top, or under the notice of a terminal too small."""
    return [s for s in app.screen_stack if not isinstance(s, TooSmallScreen)][-1]


async def _opened(pilot, open_it) -> type:
    """The kind of screen ``open_it()`` opens (covered by the notice when the terminal is too
    small for it)."""
    app = pilot.app
    open_it()
    await pilot.pause()
    opened = type(under(app))
    if too_small(*app.size):  # covered, unless a dialog, which stays answerable
        assert isinstance(app.screen, TooSmallScreen) or isinstance(under(app), ModalScreen)
    else:
        assert not isinstance(app.screen, TooSmallScreen)
    return opened


async def _opens(pilot, open_it) -> type:
    """:func:`_opened`, then back to the menu."""
    opened = await _opened(pilot, open_it)
    pilot.app.back_to_menu()
    await pilot.pause()
    return opened


@sync
async def test_every_main_screen_opens(make_app, environment, tmp_path):
    """The menu and what each item opens, the game screen with its help and log, a review and a
    game's final score: none crashes, in colour or not, on a dumb terminal or a tiny one."""
    finished = _one_action_from_the_end().copy()
    record = tmp_path / "game.json"
    write_record(finished, record)
    app = make_app()
    async with app.run_test(size=environment) as pilot:
        await pilot.pause()
        menu = under(app)
        assert isinstance(menu, MainMenuScreen)
        items = ("new", "resume", "load", "rules", "learn", "review")
        opened = [await _opens(pilot, lambda item=item: menu.action_choose(item)) for item in items]
        assert MainMenuScreen not in opened and len(set(opened)) == len(items)

        assert await _opened(pilot, lambda: app.new_game(2, {"PL": "human", "ZURL": "human"}, privacy=False)) is GameScreen

        def dialog(action: str):  # over the one game screen, the other dialog closed first
            if isinstance(app.screen, HelpScreen):
                app.pop_screen()
            getattr(app.game_screen, f"action_{action}")()

        assert [await _opened(pilot, lambda a=a: dialog(a)) for a in ("help", "log")] == [HelpScreen, LogScreen]
        app.back_to_menu()
        await pilot.pause()
        assert await _opens(pilot, lambda: app.open_review(record)) is ReviewScreen
        app.new_game(1, {"PL": "bot", "ZURL": "bot"}, privacy=True, game=finished)
        await pilot.resize_terminal(120, 40)  # covered by the notice, bots wait for the player to see
        await until_screen(pilot, GameOverScreen, polls=3000)
        assert app.screen.session.game.over
        await pilot.resize_terminal(*environment)
        await pilot.pause()
        assert isinstance(under(app), GameOverScreen)


@sync
async def test_a_terminal_too_small_says_what_it_needs_until_it_grows(make_app):
    """20×10 cut the menu to its title and the game to its tracks, without a word: the notice
    says the size needed, covers a screen opened under it, and goes when the terminal grows."""
    app = make_app()
    async with app.run_test(size=(20, 10)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        words = " ".join(text_of(app.screen.query_one("#too-small")).split())
        assert "The terminal is 20×10: too small." in words and "needs at least 80×24" in words
        app.new_game(2, {"PL": "human", "ZURL": "human"}, privacy=False)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and isinstance(under(app), GameScreen)
        app.game_screen.action_help()  # a dialog is not covered: it may ask what must be answered
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen) and isinstance(under(app), GameScreen)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.resize_terminal(79, 24)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "79×24" in text_of(app.screen.query_one("#too-small"))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q")  # the notice the game was opened over, at 20×10, goes when uncovered
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)


@sync
async def test_user_folders_that_are_files_give_a_notice_not_a_crash(monkeypatch, tmp_path):
    """Every XDG folder a file (HOME unset too): the menu and its lists open, and the first save
    says in one notice why the game is not saved; the game goes on."""
    from semper_fidelis.tui.app import SemperFidelisApp

    in_the_way = tmp_path / "a-file"
    in_the_way.write_text("")
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        monkeypatch.setenv(name, str(in_the_way))
    monkeypatch.delenv("HOME", raising=False)
    app = SemperFidelisApp(bot_pace=0, seed=1)  # the default saves folder, under XDG_DATA_HOME
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        menu = app.screen
        assert [await _opens(pilot, lambda item=item: menu.action_choose(item)) for item in ("resume", "load", "review")]
        app.new_game(2, {"PL": "human", "ZURL": "human"}, privacy=False)
        await pilot.pause()
        await choose(pilot, options(app)[0])
        assert isinstance(app.screen, GameScreen)
        notices = [n.message for n in app._notifications]
        assert any(n.startswith(f"Not saved: cannot write {in_the_way}") for n in notices), notices
