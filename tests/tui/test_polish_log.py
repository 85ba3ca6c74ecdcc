"""The engine's log where a player reads it, in Polish (issue 39; docs/i18n.md "The engine's
log"): the log panel and the log screen (``panels.public_log``), a battle's lines, the End of
Stage report — each made from the events when drawn, so a game played in English reads in
Polish once the language is switched, and back."""

from __future__ import annotations

import random

import pytest

from semper_fidelis.engine import Event, Game, event_text
from semper_fidelis.i18n import set_language
from semper_fidelis.tui.battle_panel import finished_battle
from semper_fidelis.tui.panels import public_log
from semper_fidelis.tui.score import stage_report
from semper_fidelis.tui.screens.stage import StageScreen

from .test_polish import WORD, english_words


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    set_language("en")


@pytest.fixture(scope="module")
def games() -> list[Game]:
    """A random game of every scenario, played in English to its end (or 1,500 actions)."""
    out = []
    for scenario in (1, 2, 3, 4, 5):
        rng, game = random.Random(scenario), Game(scenario, scenario)
        while not game.over and len(game.actions) < 1500:
            game.apply(rng.choice(game.legal()))
        out.append(game)
    return out


def english_in(texts: list[str]) -> dict[str, str]:
    """The English words of the catalog in ``texts``, each with a line that has it."""
    english = english_words()
    return {w.lower(): t for t in texts for w in WORD.findall(t) if w.lower() in english}


def test_every_line_of_the_log_reads_in_polish_and_back_in_english(games: list[Game]) -> None:
    set_language("pl")
    for game in games:
        events = game.events(None)
        lines = public_log(events) + [event_text(e) or "" for e in events if e.visible != "all"]
        assert lines and not english_in(lines), (game.rules.number, english_in(lines))
    set_language("en")
    for game in games:
        assert public_log(game.events(None)) == game.state.log


def test_the_end_of_stage_report_and_a_battle_read_in_polish(games: list[Game]) -> None:
    set_language("pl")
    for game in games:
        events: list[Event] = game.events(None)
        stages = [i for i, e in enumerate(events) if e.kind == "stage"]
        assert stages, game.rules.number
        report = stage_report(events, stages[-1]) or []
        text = StageScreen(report, dict(game.view(None)["vp"]), None)._text().plain
        assert "Koniec Etapu" in text and not english_in([text]), english_in([text])
        battles = [i for i, e in enumerate(events) if e.kind == "battle-start"]
        if battles:
            told = finished_battle(events, battles[-1])
            lines = [str(t) for t in told.renderables]  # type: ignore[attr-defined]
            assert not english_in(lines), english_in(lines)


def test_a_joined_seat_reads_the_hosts_events_in_polish() -> None:
    """A remote seat's log (net/mirror.py): the host's events, their English as sent, their
    templates shown in Polish."""
    from semper_fidelis.engine import shipped_data
    from semper_fidelis.net.host import seat_state
    from semper_fidelis.net.mirror import Mirror

    game = Game(scenario=2, seed=5)
    rng = random.Random(5)
    while len(game.actions) < 120 and not game.over:
        game.apply(rng.choice(game.legal()))
    side = "PL"
    mirror = Mirror(shipped_data(), 2, side)
    mirror.update(seat_state(game, side, 0, 0))
    assert public_log(mirror.events(None)) == game.state.log
    set_language("pl")
    seen = public_log(mirror.events(None))
    assert seen == public_log(game.events(None)) and not english_in(seen), english_in(seen)
