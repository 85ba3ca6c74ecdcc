"""Direct start from the command line (issue 23): ``play --scenario N --pl … --zurl …`` opens a
new game at its first decision and ``play --example NAME`` a rulebook example, without the
menu; a wrong name or a stray option is one line and exit 2, before the app starts."""

from __future__ import annotations

import pytest

import semper_fidelis.cli.play as play_command
from semper_fidelis.cli import main
from semper_fidelis.engine import Game
from semper_fidelis.tui import app as tui
from semper_fidelis.tui.screens.example import ExampleCard, ExampleScreen
from semper_fidelis.tui.screens.game import GameScreen
from semper_fidelis.tui.start import NewGame, OpenExample

from .conftest import SIZE
from .helpers import keys, settle, sync


@pytest.fixture
def started(monkeypatch):
    """What ``play`` would open on a terminal: the arguments it runs the app with, the app not run."""
    calls = []
    monkeypatch.setattr(tui, "run", lambda **kwargs: calls.append(kwargs) or 0)
    monkeypatch.setattr(play_command, "needs_terminal", lambda command, instead: None)
    return calls


def one_line(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("semper-fidelis: error: "), err
    return err


def test_play_scenario_with_seats_and_seed(started):
    assert main(["play", "--scenario", "1", "--pl", "marshal", "--zurl", "human", "--seed", "7"]) == 0
    (kwargs,) = started
    assert kwargs["start"] == NewGame(1, {"PL": "marshal", "ZURL": "human"}, privacy=True)
    assert kwargs["seed"] == 7


def test_play_scenario_by_name_defaults_to_human_against_the_general(started):
    assert main(["play", "--scenario", "siege"]) == 0
    assert started[0]["start"] == NewGame(4, {"PL": "human", "ZURL": "general"}, privacy=True)


@pytest.mark.parametrize(("argv", "privacy"), [
    (["--pl", "human", "--zurl", "marshal"], True),  # a bot's hand is hidden from its human opponent (issue 34)
    (["--pl", "human", "--zurl", "human"], True),  # two humans: the hot seat hides each hand from the other
    (["--pl", "human", "--zurl", "human", "--privacy"], True),  # as old scripts say it
    (["--pl", "human", "--zurl", "marshal", "--open-hands"], False),  # both hands open: solo testing
])
def test_play_hides_the_hands_unless_asked_to_open_them(started, argv, privacy):
    assert main(["play", "--scenario", "4", *argv]) == 0
    assert started[0]["start"].privacy is privacy


def test_play_without_options_opens_the_menu(started):
    assert main(["play"]) == 0
    assert started[0]["start"] is None and started[0]["seed"] is None


@pytest.mark.parametrize(("name", "stem"), [("07-cerkiew-sw-jura", "07-cerkiew-sw-jura"), ("07", "07-cerkiew-sw-jura"),
                                            ("cytadela", "09-cytadela"), ("10-RELIEF", "10-relief-by-rail")])
def test_play_example_by_stem_or_unique_prefix(started, name, stem):
    assert main(["play", "--example", name]) == 0
    start = started[0]["start"]
    assert isinstance(start, OpenExample) and start.example.name == stem
    assert start.game.position().dump() == start.example.game().position().dump()


@pytest.mark.parametrize(("argv", "says"), [
    (["--example", "0"], "example '0' is ambiguous: 01-area-limit, 02-move, 03-assault"),
    (["--example", "1"], "example '1' is ambiguous: 10-relief-by-rail, 11-relief-start-held"),
    (["--example", "nowhere"], "no example 'nowhere' (known: 01-area-limit,"),
    (["--example", "07", "--pl", "human"], "--pl cannot go with it"),
    (["--zurl", "marshal"], "--zurl: only for a new game, give --scenario N too"),
    (["--open-hands"], "--open-hands: only for a new game, give --scenario N too"),
    (["--scenario", "2", "--open-hands", "--privacy"], "not allowed with argument --open-hands"),
    (["--scenario", "9"], "no scenario '9'"),
    (["--scenario", "2", "--pl", "bob"], "'bob' is neither human nor a bot"),
])
def test_play_mistakes_are_one_line_and_exit_2(started, capsys, argv, says):
    assert main(["play", *argv]) == 2
    assert says in one_line(capsys)
    assert started == []


@sync
async def test_the_new_game_opens_at_its_first_decision(make_app):
    app = make_app(start=NewGame(2, {"PL": "human", "ZURL": "general"}), seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.session.players == {"PL": "human", "ZURL": "general"} and screen.session.viewer == "PL"
        game = screen.game
        bot_cards = [game.rules.card("ZURL", n).name for n in game.state.hand["ZURL"]]
        assert not any(name in app.export_screenshot() for name in bot_cards)  # the bot's hand is hidden
        assert "both open" not in screen.query_one("#hand-box").border_title
        assert screen.game.actions == Game(scenario=2, seed=5).actions == []  # nothing played yet
        assert screen.game.decision().player == "PL"
        await keys(pilot, "q")  # back to the menu
        assert app.game_screen is None


def test_the_readme_says_where_the_direct_start_opens():
    """Issue 36: the README's Quick start went from ``play --scenario`` to a capture of the
    Orders, where the game opens at "Keep the Commander": its line says the first decision."""
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    line = next(x for x in readme.splitlines() if x.startswith("semper-fidelis play --scenario 2 "))
    seed = int(line.split("--seed ")[1].split()[0])
    prompt = Game(scenario=2, seed=seed).decision().prompt.split(": ", 1)[1]
    assert prompt.lower() in line.split("#", 1)[1].lower(), (prompt, line)


@sync
async def test_the_example_opens_with_its_card(make_app):
    from semper_fidelis.cli.play import pick_example
    from semper_fidelis.engine import examples_dir, load_examples, shipped_data

    example = pick_example(load_examples(examples_dir(shipped_data().assets_dir))[0], "08")
    app = make_app(start=OpenExample(example, example.game()))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ExampleCard)
        await pilot.press("enter")
        assert isinstance(app.screen, ExampleScreen) and app.screen.game.actions == []
