"""Learn from the rulebook (issue 13): each rulebook example opens from the main menu at the
printed situation with its card, and reaches the printed outcome when the player makes the
book's choices with the keys; leaving the book's line is allowed and said; a broken example
file is reported on the list, not a crash."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from semper_fidelis.engine import example_progress, examples_dir, load_examples, shipped_data
from semper_fidelis.tui.screens.example import ExampleCard, ExampleScreen
from semper_fidelis.tui.screens.learn import LearnScreen, show_example
from semper_fidelis.tui.screens.menu import MainMenuScreen
from semper_fidelis.tui.widgets.decision import DecisionPanel

from .conftest import SIZE
from .helpers import choose, keys, options, sync, text_of, until_screen

EXAMPLES, _ = load_examples(examples_dir(shipped_data().assets_dir))
REPO = Path(__file__).resolve().parents[2]


async def _learn(pilot) -> LearnScreen:
    """Main menu → Learn from the rulebook, once its list is read (its mount reads every
    example: on a loaded machine that takes more than one pause)."""
    await keys(pilot, "5")
    await until_screen(pilot, LearnScreen)
    screen = pilot.app.screen
    for _ in range(200):
        if screen.examples or screen.problems:
            break
        await pilot.pause(0.01)
    return screen


async def _open(pilot, index: int, by_menu: bool = True) -> ExampleScreen:
    """Main menu → Learn from the rulebook → the example at ``index``; the card shows first.
    Not ``by_menu``: opened as the list opens it, for the tests whose subject is not the list
    (test_enter_follows_the_book_and_another_choice_leaves_it walks it)."""
    if by_menu:
        await _learn(pilot)
        await keys(pilot, *["down"] * index, "enter")
    else:
        await pilot.pause()
        show_example(pilot.app, EXAMPLES[index], EXAMPLES[index].game(pilot.app.data))
    await until_screen(pilot, ExampleCard)
    await keys(pilot, "enter")
    await until_screen(pilot, ExampleScreen)  # the example's game is set up first: slow on a loaded machine
    screen = pilot.app.screen
    assert isinstance(screen, ExampleScreen)
    return screen


async def _play(pilot, action: str) -> None:
    """Make the book's choice as a player would: it is the highlighted option, so Enter."""
    panel = pilot.app.screen.query_one(DecisionPanel)
    assert panel.highlighted_action == action, (action, panel.highlighted_action)
    before = len(pilot.app.screen.game.actions)
    await keys(pilot, "enter")
    if action == "end" and len(pilot.app.screen.game.actions) == before:  # AP left: a second Enter
        await keys(pilot, "enter")
    assert pilot.app.game_screen.game.actions[before:][:1] == [action]


async def _to_the_printed_outcome(pilot, screen: ExampleScreen, example) -> None:
    """The book's choices from where ``screen``'s game stands, by Enter: the outcome is reached
    and its card says so, every step ticked."""
    for action in example.choices[len(screen.game.actions):]:
        await _play(pilot, action)
    progress = example_progress(screen.game)
    assert progress.reached, progress.problems
    assert isinstance(pilot.app.screen, ExampleCard)
    card = text_of(pilot.app.screen.query_one("#example-text"))
    assert "The printed outcome — reached" in card and card.count("✓") == progress.total


#: the examples played through the app in the suite (the engine plays every one to its printed
#: outcome in tests/engine/test_examples.py): one of each kind of decision the book walks through,
#: so the longest (the whole player turn, the Losses, two battles) wait for ``SF_LONG=1``; 02-move
#: is played by test_enter_follows_the_book_and_another_choice_leaves_it
SHORT = ("01-area-limit", "03-assault", "05-evasion", "08-gora-stracenia", "10-relief-by-rail", "11-relief-start-held")
PLAYED = [i for i, e in enumerate(EXAMPLES) if os.environ.get("SF_LONG") == "1" and e.name != "02-move" or e.name in SHORT]


@pytest.mark.parametrize("index", PLAYED, ids=[EXAMPLES[i].name for i in PLAYED])
@sync
async def test_each_example_opens_and_reaches_the_printed_outcome(make_app, index):
    """Each opened as the list opens it, but the first, through the menu."""
    example = EXAMPLES[index]
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot, index, by_menu=index == PLAYED[0])
        assert screen.session.privacy is False and set(screen.session.players.values()) == {"human"}
        assert screen.game.position().dump() == example.game().position().dump()  # the printed situation
        await _to_the_printed_outcome(pilot, screen, example)


@sync
async def test_enter_follows_the_book_and_another_choice_leaves_it(make_app):
    """The book's next choice is the highlighted option, so Enter plays it; another choice is
    played too, said, and undone with u; F2 shows the card again; back on the line, the book's
    choices reach the printed outcome; q goes back to the list."""
    example = next(e for e in EXAMPLES if e.name == "02-move")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await _open(pilot, EXAMPLES.index(example))
        await keys(pilot, "enter", "enter", "enter")
        assert screen.game.actions == example.choices[:3]
        other = next(a for a in options(app) if a != example.choices[3])
        await choose(pilot, other)
        assert not example_progress(screen.game).on_line
        await keys(pilot, "f2")
        assert "left the book's line" in text_of(app.screen.query_one("#example-text"))
        await keys(pilot, "escape")
        assert app.screen is screen
        await keys(pilot, "u")
        assert screen.game.actions == example.choices[:3] and example_progress(screen.game).on_line
        await _to_the_printed_outcome(pilot, screen, example)
        await keys(pilot, "escape")
        assert app.screen is screen
        await keys(pilot, "q")
        assert isinstance(app.screen, LearnScreen)
        await keys(pilot, "escape")
        assert isinstance(app.screen, MainMenuScreen)


@sync
async def test_a_broken_example_is_reported_on_the_list(make_app, tmp_path):
    data = tmp_path / "data"
    shutil.copytree(REPO / "assets", data / "assets")
    shutil.copytree(REPO / "scenarios", data / "scenarios")
    (data / "assets" / "examples" / "00-broken.toml").write_text("scenario = [", encoding="utf-8")
    from semper_fidelis.data.loader import load_game_data

    app = make_app(data=load_game_data(data))
    async with app.run_test(size=SIZE) as pilot:
        screen = await _learn(pilot)
        assert len(screen.examples) == len(EXAMPLES)
        assert "00-broken.toml: position: not TOML" in text_of(app.screen.query_one("#learn-message"))


def test_the_card_docs_playing_shows_is_the_card_the_game_draws():
    """Issue 36: the card quoted for the Góra Stracenia example named the wrong discard (the
    example file had changed since). Its words, line breaks aside, are those the game draws once
    the book's last step is played."""
    from semper_fidelis.tui.screens.example import card_text

    example = next(e for e in EXAMPLES if e.name == "08-gora-stracenia")
    game = example.game()
    for action in example.choices:
        game.apply(action)
    progress = example_progress(game)
    assert progress is not None and progress.reached
    doc = (REPO / "docs" / "playing.md").read_text(encoding="utf-8")
    card = doc[doc.index("╔═ Rulebook example"):]
    inside = [line.strip().strip("║") for line in card.splitlines()[1:] if line.startswith("║")]
    assert " ".join(" ".join(inside).split()) == " ".join(card_text(example, progress).plain.split())
