"""Words on screen, checked without a terminal: every option of random games has its words,
every decision kind has help, the map cursor moves where the arrow points, the panels render."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from semper_fidelis.bots import RandomBot
from semper_fidelis.engine import Game
from semper_fidelis.tui.battle_panel import battle_renderable, losses_renderable
from semper_fidelis.tui.helptext import decision_help, kind_help
from semper_fidelis.tui.mapnav import step
from semper_fidelis.tui.options import option_rows
from semper_fidelis.tui.panels import hand_renderable
from semper_fidelis.tui.session import Session
from semper_fidelis.tui.status import tracks_renderable


def random_positions(scenario: int, seed: int, limit: int = 400):
    game = Game(scenario=scenario, seed=seed)
    bot = RandomBot(seed)
    while not game.over and len(game.actions) < limit:
        yield game
        game.apply(bot.choose(game))


@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5])
def test_labels_help_and_panels_for_every_position(scenario):
    console = Console(width=70, file=io.StringIO())
    kinds = set()
    for i, game in enumerate(random_positions(scenario, seed=scenario)):
        d = game.decision()
        kinds.add(d.kind)
        session = Session(game=game, privacy=False)
        every = option_rows(session)
        rows = [r for r in every if not r.blocked]  # then what cannot be done now, dimmed (issue 23)
        assert sorted(r.action for r in rows) == sorted(d.actions)
        assert all(r.blocked.strip() and r.label.plain.strip() for r in every if r.blocked)
        assert {r.action for r in every if r.blocked}.isdisjoint(d.actions)
        labels = [f"{r.group}: {r.label.plain}" for r in rows]  # a row is read under its group's line (issue 36)
        assert len(set(labels)) == len(labels), f"options that look the same: {sorted(labels)}"  # issue 11
        for row in rows:
            label = row.label.plain
            assert label.strip() and label != row.action and "@" not in label, f"no words for {row.action!r} ({d.kind})"
            for area in row.option.areas:
                assert area in game.data.areas and ("-" not in area or area not in label), f"{area} in {label!r}"
        if d.kind not in ("battle", "losses") and i % 25:
            continue  # the panels: at every battle and loss decision, and now and then
        view = session.view()
        for renderable in (tracks_renderable(session), hand_renderable(session, d.player),
                           battle_renderable(view, game.data, game.events("table")), losses_renderable(view, game.data)):
            if renderable is not None:
                console.print(renderable)
    for kind in kinds:
        assert kind_help(kind)[0], f"no help for decisions of kind {kind!r}"


def test_help_names_the_rule_and_the_rulings():
    game = Game(scenario=2, seed=1)
    text = decision_help(game.decision())
    assert "§11" in text and "Commander deck" in text and "## Keys" in text


def test_arrows_go_to_the_nearest_area_that_way():
    pos = {"a": (0, 0), "b": (1, 0), "c": (3, 0), "d": (1, 1), "e": (0, 2)}
    assert step(pos, "a", "right") == "b"
    assert step(pos, "b", "right") == "c"
    assert step(pos, "c", "right") == "a"  # the edge: round to the far side (issue 23)
    assert step(pos, "a", "down") == "e"  # straight down beats diagonal at the same cost
    assert step(pos, "b", "down") == "d"
    assert step(pos, None, "left") == "a"
