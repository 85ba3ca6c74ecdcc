"""A save's line in the Load/Resume/Review lists is said in the screen's language from the facts
kept beside its seats; an older sidecar (no facts) shows its line as written, and facts that are
not what they should be count as none; a refusal to open a game held elsewhere is said in the
screen's language too (docs/i18n.md)."""

from __future__ import annotations

import json

import pytest

from semper_fidelis.engine import Game, write_record
from semper_fidelis.i18n import set_language
from semper_fidelis.store.saves import describe, players_path, save_game


@pytest.fixture
def saved(tmp_path):
    game = Game(1, 1)
    path = tmp_path / "s.json"
    save_game(game, path, {"PL": "human", "ZURL": "general"}, privacy=False)
    return path


def test_the_line_is_said_in_the_language_of_the_list(saved):
    assert " — Scenario 1, round 1, ZURL to move (PL human, ZURL general) — " in describe(saved).summary
    set_language("pl")
    assert " — Scenariusz 1, runda 1, ruch: ZURL (PL człowiek, ZURL general) — " in describe(saved).summary


@pytest.mark.parametrize("facts", [None, "x", {"scenario": "1", "round": 1, "seats": ["human", "general"], "over": False},
                                   {"scenario": 1, "round": 1, "seats": ["human"], "over": False},
                                   {"scenario": 1, "round": 1, "seats": ["human", "general"], "over": "no"},
                                   {"scenario": 1, "round": 1, "seats": ["human", "general"], "over": False, "variant": 3}])
def test_an_older_or_hostile_sidecar_shows_its_line_as_written(saved, facts):
    sidecar = json.loads(players_path(saved).read_text())
    sidecar["summary"] = "as written"
    if facts is None:
        del sidecar["facts"]
    else:
        sidecar["facts"] = facts
    players_path(saved).write_text(json.dumps(sidecar))
    set_language("pl")
    assert describe(saved).summary.split(" — ")[1] == "as written"


def test_a_record_without_a_line_counts_its_actions_in_the_forms_polish_takes(tmp_path):
    set_language("pl")
    game = Game(1, 1)
    for n, form in ((0, "akcji"), (1, "akcja"), (2, "akcje")):
        path = tmp_path / f"{n}.json"
        write_record(game, path)
        assert f"Scenariusz 1, {n} {form}" in describe(path).summary
        game.apply(game.decision().actions[0])


def test_a_game_open_elsewhere_is_refused_in_polish(saved):
    from semper_fidelis.store.locks import OpenElsewhere, lock_game

    set_language("pl")
    lock = lock_game(saved)
    try:
        with pytest.raises(OpenElsewhere, match=r"^s jest otwarta w innej kopii Semper Fidelis: najpierw ją tam opuść\.$"):
            lock_game(saved)
    finally:
        lock.release()
