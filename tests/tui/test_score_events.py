"""The score screens and the battle panel read events, not log text (issue "Typed core"): the End of Stage report,
the breakdown by category and the Victory track round by round are built from the ``stage`` and
VP ``track`` events, and add up to the Victory Points the game holds."""

from __future__ import annotations

import io
import random

import pytest

from semper_fidelis.engine import Game
from semper_fidelis.tui.score import breakdown, is_vp, stage_report


def _finished(scenario: int, seed: int) -> Game:
    game = Game(scenario, seed)
    rng = random.Random(seed)
    while not game.over:
        game.apply(rng.choice(game.legal()))
    return game


@pytest.mark.parametrize("scenario", [1, 2])
def test_the_score_is_built_from_events_and_adds_up(scenario: int):
    game = _finished(scenario, 11)
    events = game.events("table")
    vp = game.view(None)["vp"]
    totals = breakdown(game.scenario, events)
    assert {side: totals.total(side) for side in ("PL", "ZURL")} == vp
    stages = [i for i, e in enumerate(events) if e.kind == "stage"]
    assert [events[i]["stage"] for i in stages] == list(range(1, len(stages) + 1)) and stages
    report = stage_report(events, stages[0])
    assert report[0].kind == "stage" and any(is_vp(e) for e in report[1:])
    assert all(e.kind not in ("turn", "stage") for e in report[1:])


def test_the_battle_panel_reads_the_battle_from_events():
    """A battle opens with a ``battle-start`` event (area, attacker, Assault or not); the panel
    finds the battle in progress by it and tells a finished one from the events' text."""
    from rich.console import Console

    from semper_fidelis.tui.battle_panel import battle_log, battle_start, finished_battle

    game = Game(2, 4)
    rng = random.Random(4)
    while not game.over and game.battle_area is None:
        game.apply(rng.choice(game.legal()))
    area = game.battle_area
    events = game.events("table")
    start = battle_start(events, area)
    opened = events[start]
    assert (opened.kind, opened["area"]) == ("battle-start", area) and opened["attacker"] in ("PL", "ZURL")
    while not game.over and game.battle_area == area:
        game.apply(rng.choice(game.legal()))
    events = game.events("table")
    assert battle_log(events, area) == [e.text for e in events[start + 1:] if e.text][-6:]
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(finished_battle(events, start))
    told = console.export_text()
    assert told.startswith(f"⚔ {opened.text}")
    assert any(word in told for word in (" wins.", "evades", "no battle", "No ")), told
