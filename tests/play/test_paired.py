"""Paired comparison of a scenario and its variant (play/paired.py, ``balance --variant``) and the
exact statistics it rests on (play/stats.py)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from semper_fidelis.cli import main
from semper_fidelis.play.batch import Matchup, run_batches
from semper_fidelis.play.paired import Paired, pair_up
from semper_fidelis.play.stats import mcnemar_exact, mean_interval, paired_shift

SAME = 'name = "as printed"\nbase = 1\n'
ZURL_AHEAD = 'name = "ZURL ahead"\nbase = 1\n[sides.ZURL]\nvp = 6\n'  # the card says 2


def test_mcnemar_exact_is_the_binomial_tail_doubled():
    assert mcnemar_exact(0, 10) == pytest.approx(2 / 1024)
    assert mcnemar_exact(9, 2) == pytest.approx(2 * (1 + 11 + 55) / 2048)  # 0.0654
    assert mcnemar_exact(2, 9) == mcnemar_exact(9, 2)
    assert mcnemar_exact(3, 3) == 1.0 and mcnemar_exact(0, 0) == 1.0


def test_paired_shift_interval():
    shift, lo, hi = paired_shift(10, 0, 0, 10)  # nothing changed
    assert shift == 0 and lo < 0 < hi
    shift, lo, hi = paired_shift(0, 0, 20, 0)  # every pair went the variant's way
    assert shift == 1 and 0.5 < lo < 1 and hi == 1
    shift, lo, hi = paired_shift(12, 9, 2, 21)
    assert shift == pytest.approx(-7 / 44) and lo < shift < hi < 0
    # the pairs' correlation narrows the interval: the same rates from independent-looking pairs
    wide = paired_shift(5, 16, 9, 14)
    assert (wide[2] - wide[1]) > (hi - lo)


def test_mean_interval():
    assert mean_interval([]) == (0.0, 0.0, 0.0)
    mean, lo, hi = mean_interval([1.0, 2.0, 3.0])
    assert mean == 2.0 and lo < 2.0 < hi


def paired(text: str, games: int, jobs: int = 1) -> Paired:
    base = Matchup(1, "random", "random")
    (found,) = pair_up(run_batches([base, replace(base, variant=text)], games, seed=0, jobs=jobs))
    return found


def test_a_planted_change_is_significant():
    found = paired(ZURL_AHEAD, 30)
    pl = found.side("PL")
    assert found.significant() and pl.p_value < 0.001
    assert pl.variant_only < pl.base_only and pl.shift()[2] < 0  # the whole interval below zero
    assert found.margin_shift()[2] < 0
    assert found.summary().startswith("random v random: the variant hurts PL")


def test_a_neutral_change_is_not():
    found = paired(SAME, 20)
    assert found.changed == 0 and not found.significant() and found.side("PL").p_value == 1.0
    shift, lo, hi = found.side("PL").shift()
    assert shift == 0 and lo < 0 < hi
    assert found.margin_shift() == (0.0, 0.0, 0.0)


def test_jobs_give_the_same_pairs_seed_for_seed():
    assert paired(ZURL_AHEAD, 4, jobs=2).to_json() == paired(ZURL_AHEAD, 4).to_json()


def test_balance_variant_json_and_markdown(tmp_path: Path, capsys):
    path = tmp_path / "ahead.toml"
    path.write_text(ZURL_AHEAD)
    args = ["balance", "--variant", str(path), "--bots", "random", "--games", "6", "--jobs", "1"]
    assert main([*args, "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["variant"]["name"] == "ZURL ahead" and found["scenario"] == 1
    (pairing,) = found["pairings"]
    assert pairing["seeds"] == list(range(6)) and set(pairing["sides"]) == {"PL", "ZURL"}
    assert main([*args, "--markdown"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("| Pairing | Games | PL wins base → variant |") and "- random v random: " in out
    assert main([*args, "--scenario", "2"]) == 2
    assert "--variant changes scenario 1, not scenario 2" in capsys.readouterr().err


def test_balance_variant_plot(tmp_path: Path, capsys):
    path = tmp_path / "same.toml"
    path.write_text(SAME)
    plot = tmp_path / "pairs.svg"
    assert main(["balance", "--variant", str(path), "--pairings", "random-random,general-random", "--games", "2", "--jobs", "1",
                 "--markdown", "--plot", str(plot)]) == 0
    svg = plot.read_text()
    assert "random v random: McNemar p = 1" in svg and "general v random" in svg
