"""Batch play (issue 10): simulate and balance over processes, with intervals a designer can read."""

from __future__ import annotations

import json

import pytest

from semper_fidelis.cli import main
from semper_fidelis.engine import Termination
from semper_fidelis.play.batch import BatchResult, GameSummary, Matchup, run_batch
from semper_fidelis.play.stats import verdict, wilson
from semper_fidelis.store.saves import list_saves
from semper_fidelis.tui.review import Review


def test_wilson_interval_known_values():
    """The Wilson score interval: 8 wins in 10 games → about 49%–94%; no games → 0–100%."""
    lo, hi = wilson(8, 10)
    assert round(lo, 3) == 0.490 and round(hi, 3) == 0.943
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 20)[0] == 0.0 and wilson(20, 20)[1] == 1.0


@pytest.mark.parametrize("pl, zurl, word", [(90, 10, "PL favoured"), (10, 90, "ZURL favoured"), (500, 500, "even"), (3, 2, "too few games")])
def test_verdict_says_plainly_when_the_sample_is_too_small(pl, zurl, word):
    assert verdict(pl, zurl).startswith(word)


def test_a_batch_is_the_same_over_one_or_two_processes():
    m = Matchup(1)
    one = run_batch(m, 4, seed=7, jobs=1)
    two = run_batch(m, 4, seed=7, jobs=2)
    assert [(g.seed, g.winner, g.vp, g.actions) for g in one.games] == [(g.seed, g.winner, g.vp, g.actions) for g in two.games]


def test_simulate_prints_results_intervals_and_card_table(capsys):
    assert main(["simulate", "--scenario", "1", "--games", "3", "--seed", "5", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "wins" in out and "95% interval" in out and "mean VP" in out and "Mean length" in out
    assert "Verdict:" in out and "Cards played for their effect" in out and "Polish Wings" in out


def test_simulate_json_is_one_object(capsys):
    assert main(["simulate", "--scenario", "1", "--games", "3", "--jobs", "1", "--pl", "random", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 3 and sum(data["wins"].values()) == 3
    assert set(data["ci95"]) == {"PL", "ZURL"} and all(0 <= x <= 1 for x in data["ci95"]["PL"])
    assert {"mean_vp", "endings", "mean_rounds", "card_effects", "bots"} <= set(data)


def test_simulate_refuses_an_unknown_bot(capsys):
    assert main(["simulate", "--pl", "grandmaster"]) == 2
    assert "no bot 'grandmaster'" in capsys.readouterr().err


def test_balance_markdown_has_a_row_per_scenario_and_pairing(capsys):
    assert main(["balance", "--games", "2", "--jobs", "1", "--scenarios", "1,3", "--markdown"]) == 0
    lines = [row for row in capsys.readouterr().out.splitlines() if row.startswith("| ")]
    assert len(lines) == 1 + 2 and "Verdict" in lines[0]
    assert lines[1].startswith("| 1 Coup | random | random | 2 |")


def test_balance_with_the_same_bot_twice_plays_one_pairing(capsys):
    assert main(["balance", "--bots", "general,general", "--games", "2", "--jobs", "1", "--scenarios", "1", "--markdown"]) == 0
    lines = [row for row in capsys.readouterr().out.splitlines() if row.startswith("| ")]
    assert len(lines) == 1 + 1 and lines[1].startswith("| 1 Coup | general | general | 2 |")


def test_simulate_keeps_five_records_that_review_opens(tmp_path, capsys):
    assert main(["simulate", "--games", "5", "--jobs", "1", "--records", str(tmp_path / "kept")]) == 0
    out = capsys.readouterr().out
    files = sorted((tmp_path / "kept").glob("*.json"))
    assert [f.name for f in files] == [f"s2-random-v-random-seed{n}.json" for n in range(5)]
    for f in files:
        review = Review.open(f)
        assert review.end > 0 and review.record["seed"] == int(f.stem.rsplit("seed", 1)[1])
    assert "Games to review (seeds): largest PL win" in out and str(tmp_path / "kept") in out
    listed = list_saves(tmp_path / "kept")  # what the review list shows: the result, no replay
    assert len(listed) == 5 and all(", finished, " in s.summary and "(PL random, ZURL random), seed " in s.summary for s in listed)


def test_endings_are_counted_by_termination_not_by_the_reason_s_words():
    """How games ended is read from the Outcome's Termination (issue 37): a reason's words
    ("a lead of 20 VP or more (§3)" has no colon to split on) never decide it."""
    played = run_batch(Matchup(1), 3, seed=5, jobs=1)
    assert all(isinstance(g.termination, Termination) for g in played.games)
    assert sum(played.endings().values()) == 3 and all(isinstance(t, Termination) for t in played.endings())

    def ended(termination):
        return GameSummary(0, "PL", termination, {"PL": 20, "ZURL": 0}, 3, 100, {})

    batch = BatchResult(Matchup(3), [ended(Termination.SUPPLY_CUT), ended(Termination.LEAD), ended(Termination.SUPPLY_CUT)])
    assert batch.endings() == {Termination.LEAD: 1, Termination.SUPPLY_CUT: 2}
    assert batch.to_json()["endings"] == {"lead": 1, "supply-cut": 2}


def test_the_extreme_games_are_named_by_seed():
    def game(seed, winner, pl, zurl, actions):
        return GameSummary(seed, winner, Termination.END_OF_GAME, {"PL": pl, "ZURL": zurl}, 12, actions, {})

    batch = BatchResult(Matchup(2), [game(0, "PL", 20, 10, 300), game(1, "PL", 30, 12, 500), game(2, "ZURL", 5, 9, 200),
                                     game(3, None, 10, 10, 700), game(4, "PL", 28, 10, 250)])
    found = {name: g.seed for name, g in batch.extremes().items()}
    assert found == {"largest PL win": 4, "largest ZURL win": 2, "shortest": 2, "longest": 3}  # 18 VP both: the shorter
    assert batch.to_json()["extremes"]["largest PL win"] == {"seed": 4, "winner": "PL", "margin": 18, "actions": 250}
    assert "largest ZURL win" not in BatchResult(Matchup(2), [game(0, "PL", 20, 10, 300)]).extremes()



def test_a_batch_counts_thinking_time_on_the_cpu_clock_of_its_thread(monkeypatch):
    """A ``think`` budget in a batch is read from the playing thread's CPU clock, so a loaded
    machine slows a batch down instead of cutting the marshal's search short (a fake clock
    here: tests never read a real one)."""
    import time

    from semper_fidelis.play import batch

    assert batch.THINK_CLOCK is time.thread_time
    reads: list[float] = []

    def clock() -> float:
        reads.append(0.05 * len(reads))
        return reads[-1]

    monkeypatch.setattr(batch, "THINK_CLOCK", clock)
    game = batch.play_game(Matchup(1, pl="marshal", zurl="general", think=0.1), 3)
    assert game.over and len(reads) > 10
