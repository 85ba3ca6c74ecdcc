"""A sweep of one variant key (play/sweep.py, ``balance --sweep``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from semper_fidelis.cli import main
from semper_fidelis.data.loader import DataError
from semper_fidelis.engine import shipped_data
from semper_fidelis.play.batch import BatchResult, GameSummary, Matchup
from semper_fidelis.play.sweep import Sweep, parse_sweep, sweep_texts


def test_parse_sweep():
    assert parse_sweep("relief_delay.ZURL=0..3") == ("relief_delay.ZURL", [0, 1, 2, 3])
    assert parse_sweep("sides.PL.supply=-1..1")[1] == [-1, 0, 1]
    for bad in ("supply", "x=3..1", "x=1..99", "x=a..b"):
        with pytest.raises(ValueError, match="--sweep"):
            parse_sweep(bad)


def test_every_value_is_checked_before_a_game_is_played():
    with pytest.raises(DataError) as caught:
        sweep_texts(shipped_data(), 4, "sides.PL.supply", [9, 10, 11, 12])
    assert [p.split(": ")[0] for p in caught.value.problems] == ["--sweep sides.PL.supply=11", "--sweep sides.PL.supply=12"]
    with pytest.raises(DataError, match="colour: not a field of this table"):
        sweep_texts(shipped_data(), 4, "colour", [1, 2])


def sweep_of(rates: list[tuple[int, int]]) -> Sweep:
    """A sweep whose values 1, 2 … have these (PL wins, games)."""
    batches = []
    for wins, games in rates:
        batch = BatchResult(Matchup(4, "general", "general"))
        batch.games = [GameSummary(s, "PL" if s < wins else "ZURL", "", {"PL": 0, "ZURL": 0}, 8, 100, {}) for s in range(games)]
        batches.append(batch)
    return Sweep("k", tuple(range(1, len(rates) + 1)), tuple(batches))


def test_closest_to_even_and_within_the_noise():
    found = sweep_of([(90, 100), (60, 100), (45, 100), (20, 100)])
    assert found.values[found.closest()] == 3 and found.within_noise() == [3]
    assert "closest to even at k=3 (PL wins 45%" in found.summary()


def test_no_value_within_the_noise_is_said():
    found = sweep_of([(95, 100), (80, 100), (70, 100)])
    assert found.within_noise() == []
    assert found.summary().endswith("no value is within the noise of 50%: PL's win rate is above it at every value tried")


def test_a_sweep_over_a_real_key_in_ci(tmp_path: Path, capsys):
    """The small slice of the guide's sweep of PL's starting VP in Siege (docs/designers-guide.md,
    "Bringing Siege closer to even"): the same command on its first seeds and three values."""
    plot = tmp_path / "sweep.svg"
    args = ["balance", "--scenario", "4", "--sweep", "sides.PL.vp=8..10", "--pairings", "general-general", "--games", "3", "--jobs", "1"]
    assert main([*args, "--json", "--plot", str(plot)]) == 0
    (sweep,) = json.loads(capsys.readouterr().out)["sweeps"]
    points = sweep["points"]
    assert [p["value"] for p in points] == [8, 9, 10] and all(p["games"] == 3 for p in points)
    # as in the full run: the generals play the same games whatever PL's starting VP, so the
    # mean margin moves by exactly one VP a step
    assert [round(b["mean_vp_margin"] - a["mean_vp_margin"], 9) for a, b in zip(points, points[1:], strict=False)] == [1.0, 1.0]
    assert sweep["closest_to_even"] in (8, 9, 10) and sweep["summary"].startswith("general v general: closest to even at")
    assert "sides.PL.vp" in plot.read_text()
    assert main(["balance", "--sweep", "sides.PL.supply=4..5", "--games", "1"]) == 2
    assert "--sweep needs the scenario" in capsys.readouterr().err
