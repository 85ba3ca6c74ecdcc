"""The defects a new player met (issue 23), each with its fix: the final VP alone after game
over, Esc back to the rematch keys, the Log overlay inside 80×24, Enter on a two-option
decision, and a finished game viewed from Resume keeping its date."""

from __future__ import annotations

import os
import random

import pytest

from semper_fidelis.engine import Game
from semper_fidelis.play.batch import Matchup, play_game
from semper_fidelis.store.saves import new_autosave_path, save_game
from semper_fidelis.tui.screens.dialogs import LogScreen
from semper_fidelis.tui.screens.game import GameScreen
from semper_fidelis.tui.screens.game_over import GameOverScreen
from semper_fidelis.tui.status import compact_sides, sides_table
from semper_fidelis.tui.widgets.decision import DecisionPanel

from .conftest import SIZE
from .helpers import keys, sync, until_screen

HUMANS = {"PL": "human", "ZURL": "human"}


@pytest.fixture(scope="module")
def finished() -> Game:
    """A whole game of Scenario 1 between random bots."""
    return play_game(Matchup(1), 3)


def _rendered(renderable, width: int = 120) -> str:
    from rich.console import Console

    console = Console(width=width, record=True, file=open(os.devnull, "w"))  # noqa: SIM115 - closed with the console
    console.print(renderable)
    return console.export_text()


@sync
async def test_after_game_over_the_header_shows_the_final_vp_only_and_esc_toggles_the_result(make_app, saves, finished):
    path = new_autosave_path(saves, "s1")
    save_game(finished, path, HUMANS, privacy=False)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        assert app.open_save(path) is None
        await until_screen(pilot, GameOverScreen)
        session = app.screen.session
        wide, narrow = _rendered(sides_table(session)), _rendered(compact_sides(session), 80)
        vp = finished.state.vp
        assert "VP (final)" in wide and "Stage end" not in wide and "→" not in wide
        assert f"{vp['PL']} VP (final)" in narrow and f"{vp['ZURL']} VP (final)" in narrow and "Stage" not in narrow
        await keys(pilot, "escape")  # "Look at the board"
        assert isinstance(app.screen, GameScreen)
        await keys(pilot, "escape")  # …and back to the result and the rematch keys
        assert isinstance(app.screen, GameOverScreen)
        await keys(pilot, "escape")
        assert isinstance(app.screen, GameScreen)


@sync
async def test_a_finished_game_viewed_from_resume_keeps_its_date(make_app, saves, finished):
    path = new_autosave_path(saves, "s1")
    save_game(finished, path, HUMANS, privacy=False)
    os.utime(path, (1_000_000_000, 1_000_000_000))
    before = path.read_bytes()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await keys(pilot, "2")  # Resume a recent game
        await keys(pilot, "enter")
        await until_screen(pilot, GameOverScreen)
        await keys(pilot, "q")
    assert path.stat().st_mtime == 1_000_000_000 and path.read_bytes() == before


@sync
async def test_the_log_overlay_fits_80_by_24(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        app.new_game(2, HUMANS, privacy=False)
        await pilot.pause()
        await keys(pilot, "L")  # l is the map's cursor key (issue 23)
        assert isinstance(app.screen, LogScreen)
        box = app.screen.query_one("#log-full").region
        assert box.x >= 0 and box.right <= 80 and box.width > 40


def _two_option_game() -> Game:
    """Scenario 2 played at random until a decision offers exactly two options."""
    game, rng = Game(scenario=2, seed=4), random.Random(4)
    while len(game.legal()) != 2:
        game.apply(rng.choice(game.legal()))
    return game


@sync
async def test_a_two_option_decision_highlights_the_first_so_enter_works(make_app):
    game = _two_option_game()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.new_game(2, HUMANS, privacy=False, game=game)
        await pilot.pause()
        panel = app.screen.query_one(DecisionPanel)
        first = panel.shown[0].action
        assert len(panel.shown) == 2 and panel.highlighted_action == first
        before = len(game.actions)
        await keys(pilot, "enter")
        assert app.game_screen.game.actions[before:][:1] == [first]


# ------------------------------------------------------------------------------ the wording


def test_the_end_of_stage_line_names_the_categories_in_words(finished):
    lines = [e.text for e in finished.events(None) if e.kind == "stage"]
    assert lines and all("scoring " in line for line in lines)
    assert any("Strategic Areas" in line for line in lines)
    assert not any(word in line for line in lines for word in ("strategic,", "fallen-commander", "scoring strategic"))


def test_a_scenario_whose_polish_name_is_its_name_is_not_named_twice():
    from semper_fidelis.engine import shipped_data
    from semper_fidelis.tui.screens.scenario import briefing

    data = shipped_data()
    two = _rendered(briefing(data.scenarios[2], data))
    assert "Scenario 2: Semper Fidelis" in two and "(Semper Fidelis)" not in two
    other = next(s for s in data.scenarios.values() if s.polish and s.polish != s.name)
    assert f"({other.polish})" in _rendered(briefing(other, data))


def test_certain_odds_are_said_in_words_not_as_0_percent():
    from fractions import Fraction

    from semper_fidelis.render.odds import chance_words

    assert chance_words("PL", Fraction(0)) == ("PL cannot win", "whatever the battle card")
    assert chance_words("ZURL", Fraction(1)) == ("ZURL wins for certain", "whatever the battle card")
    assert chance_words("PL", Fraction(149, 210)) == ("PL wins 71%", "exactly 149/210")


def test_the_viewer_says_each_step_in_words(finished):
    from semper_fidelis.tui.review import Review

    review = Review(finished.record())
    said = []
    for at in range(1, 80):
        review.goto(at)
        step = review.last_step
        said.append((step.action, step.label))
    assert all(label for _, label in said)  # every action of the record was offered with a label
    assert any(label != action for action, label in said)


@sync
async def test_plus_mobilizes_several_units_at_once(make_app):
    """The placing counter opens on 1 for a Mobilization (it costs AP); + + and Enter mobilize
    three as one step."""
    game = Game(scenario=2, seed=1)
    while "mobilize" not in game.legal():
        game.apply(game.legal()[0])
    game.apply("mobilize")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.new_game(2, HUMANS, privacy=False, game=game)
        await pilot.pause()
        panel = app.screen.query_one(DecisionPanel)
        panel.highlight(next(i for i, r in enumerate(panel.shown) if r.action.startswith("mobilize ")))
        action = panel.highlighted_action
        assert action.startswith("mobilize ")
        before = len(game.actions)
        assert panel.placing.n == 1 and panel.placing.most >= 3 and "×1" in panel.title
        await keys(pilot, "plus", "plus")
        assert panel.placing.n == 3 and "×3" in panel.title and panel.highlighted_action == action
        await keys(pilot, "enter")
        assert app.game_screen.game.actions[before:] == [action] * 3
        await keys(pilot, "u")  # one undo takes the three back
        assert len(app.game_screen.game.actions) == before


def test_the_draw_notice_does_not_list_a_card_played_since_as_in_the_hand(finished):
    from semper_fidelis.tui.summary import private_notices

    game = finished
    played_since = 0
    for side in ("PL", "ZURL"):
        hand = set(game.view(side)["hand"][side])
        names = {c.number: c.name for c in game.data.decks[side].cards}
        text = " ".join(private_notices(game, game.events(side), side))
        for n in (n for e in game.events(side) if e.kind == "draw" and e.visible == side for n in e["cards"]):
            assert (f"#{n} {names[n]} (played since)" in text) == (n not in hand)
            played_since += n not in hand
    assert played_since  # the game played some of the cards drawn


@sync
async def test_the_thinking_notice_goes_when_the_bots_turn_is_over(make_app, monkeypatch):
    from semper_fidelis.tui.screens import bot_turns
    from semper_fidelis.tui.session import Session

    from .helpers import settle

    monkeypatch.setattr(Session, "thinks", lambda self, side: self.is_bot(side))  # the random bot "thinks"
    monkeypatch.setattr(bot_turns, "THINKING_NOTICE", 3600.0)  # its notice would outlive the turn
    app = make_app(seed=3)
    async with app.run_test(size=SIZE) as pilot:
        app.new_game(1, {"PL": "human", "ZURL": "random"}, privacy=False)
        await pilot.pause()
        while app.game_screen.game.decision().player == "PL":  # PL's first turn, to hand the keyboard to the bot
            app.game_screen.apply(app.game_screen.game.legal()[-1])
            await pilot.pause()
        await settle(pilot)
        assert app.game_screen.game.decision().player == "PL" and app.game_screen._thinking_until == 0.0
        assert not any("is thinking" in n.message for n in app._notifications)


@pytest.mark.parametrize(("units", "said"), [("1v", "1 Polish Volunteer from Szkoła Sienkiewicza attacks"),
                                             ("3v", "3 Polish Volunteers from Szkoła Sienkiewicza attack")])
def test_the_log_s_verb_agrees_with_the_units_that_attack(units, said):
    """'2 Polish Volunteers … attacks' was a slip: the verb agrees with the group."""
    from semper_fidelis.tui.panels import public_log

    game = Game(scenario=2, seed=1)
    for action in ("keep", "card 24", "move", "from sokolniki", "units 1v", "to szkola-sienkiewicza", "assault",
                   "from szkola-sienkiewicza", f"units {units}", "to koszary-ferdynanda via szkola-sienkiewicza attack"):
        game.apply(action)
    assert any(said + " Koszary Ferdynanda" in line for line in public_log(game.events(None)))
