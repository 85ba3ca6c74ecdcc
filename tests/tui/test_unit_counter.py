"""How many units of each type (issue 36): a group's step is a counter per unit type, not a list
of every subset; it only takes counts some legal group has, Enter applies the legal group it
shows or says why there is none; a placing step's counter says how many an area's key places."""

from __future__ import annotations

from semper_fidelis.bots import RandomBot
from semper_fidelis.engine import Game
from semper_fidelis.tui.counter import UnitCounter
from semper_fidelis.tui.options import option_rows
from semper_fidelis.tui.session import Session
from semper_fidelis.tui.widgets.decision import DecisionPanel

from .helpers import game_screen, keys, sync
from .records import save
from .test_in_view import screen_text
from .test_snapshots import app_for


def _units_step(origin: str = "dom-akademicki") -> Game:
    """Scenario 2, PL's first Orders: a Move from ``origin`` (Dom Akademicki: 1 Volunteer, the HQ)."""
    game = Game(scenario=2, seed=1)
    while game.decision().kind != "orders":
        game.apply(game.decision().actions[0])
    game.apply("move")
    game.apply(f"from {origin}")
    return game


def _counter(game: Game) -> UnitCounter:
    counter = UnitCounter.of(option_rows(Session(game=game, privacy=False)))
    assert counter is not None
    return counter


def test_one_row_per_type_opening_on_the_whole_stack():
    c = _counter(_units_step())
    assert list(c.types) == ["v", "h"] and c.allowed("v") == [0, 1] and c.allowed("h") == [0, 1]
    assert c.row is not None and c.row.action == "units 1v1h"  # the largest group


def test_counts_no_legal_group_has_are_refused_with_the_range():
    c = _counter(_units_step())
    assert c.type("2") == "" and c.type("v") == "Polish Volunteers here: 0 or 1."
    assert c.counts == {"v": 1, "h": 1}  # unchanged
    c.selected = "h"
    assert c.step(1) == "PL HQ here: 0 or 1." and c.step(-1) == "" and c.row.action == "units 1v"


def test_every_legal_group_is_reached_by_its_notation_over_random_games():
    """The counter is a client of the engine: over random games, each legal group typed as its
    notation (its key) gives exactly that action, and the counter never shows an illegal one
    as applicable."""
    steps = 0
    for scenario, seed in ((1, 2), (2, 4), (4, 6)):
        game, bot = Game(scenario=scenario, seed=seed), RandomBot(seed)
        while not game.over and len(game.actions) < 500:
            rows = option_rows(Session(game=game, privacy=False))
            counter = UnitCounter.of(rows)
            if counter is not None:
                steps += 1
                legal = set(game.legal_text())
                assert counter.row is not None and counter.row.action in legal
                for row in counter.groups.values():
                    fresh = UnitCounter.of(rows)
                    assert fresh is not None
                    for char in row.key:
                        assert fresh.type(char) == ""
                    assert fresh.row is not None and fresh.row.action == row.action
            game.apply(bot.choose(game))
    assert steps > 20


@sync
async def test_enter_refuses_a_group_the_rules_do_not_allow_and_says_why(tmp_path):
    path = save(_units_step(), tmp_path / "saves" / "game.json")
    app = app_for(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.open_save(path) is None
        await pilot.pause()
        screen = game_screen(app)
        panel = screen.query_one(DecisionPanel)
        shown = screen_text(app)
        assert "How many" in shown and "1 Polish Volunteer  0–1" in shown and "1 PL HQ  0–1" in shown, shown
        before = list(screen.session.game.actions)
        await keys(pilot, "0", "v", "0", "h")  # no units: per type allowed, as a group not
        assert panel.counter.counts == {"v": 0, "h": 0} and panel.highlighted_action is None
        await keys(pilot, "enter")
        said = " ".join(n.message for n in app._notifications)
        assert "Not a group the rules allow here: no units. They allow: 1 Polish Volunteer and 1 PL HQ" in said, said
        assert screen.session.game.actions == before
        assert panel.counter.selected == "h"  # the type typed last
        await keys(pilot, "tab", "tab", "plus", "enter")  # Tab: the next type, round to h; one more: the HQ alone
        assert screen.session.game.actions[-1] == "units 1h"
