"""What a batch found, as pictures (issue 24): the terminal charts of ``simulate`` and ``balance``
(a snapshot of a ``simulate`` run at 80×24 and 120×40: update with ``pytest --snapshot-update``),
the ``--plot`` file holding the run's numbers, and the one line when matplotlib is missing."""

from __future__ import annotations

import json
import sys

import pytest

from semper_fidelis.cli import main
from semper_fidelis.engine import Termination
from semper_fidelis.play.batch import PL, ZURL, BatchResult, GameSummary, Matchup
from semper_fidelis.play.plots import figures, margin_bins
from semper_fidelis.render.charts import terminal_charts

RUN = ["simulate", "--scenario", "1", "--games", "6", "--seed", "3", "--jobs", "1"]


def _game(seed: int, pl: int, zurl: int, rounds: int) -> GameSummary:
    winner = PL if pl > zurl else ZURL if zurl > pl else None
    return GameSummary(seed, winner, Termination.END_OF_GAME, {PL: pl, ZURL: zurl}, rounds, 100, {})


def test_the_figures_are_the_games_margins_rounds_and_win_rates():
    b1 = BatchResult(Matchup(1, "general", "random"), [_game(0, 9, 7, 4), _game(1, 5, 5, 4), _game(2, 3, 8, 2)])
    b2 = BatchResult(Matchup(2, "general", "random"), [_game(0, 30, 20, 12)])
    found = figures([b1, b2])
    assert found.margins == (2, 0, -5, 10)
    assert found.end_rounds == {4: 2, 2: 1, 12: 1}
    (rates,) = found.win_rates
    assert rates.scenarios == (1, 2) and rates.games == (3, 1)
    assert rates.rates[PL] == (1 / 3, 1.0) and rates.rates[ZURL] == (1 / 3, 0.0) and rates.rates[None] == (1 / 3, 0.0)
    charts = terminal_charts(found, 80, 12)
    assert len(charts) == 3 and "PL ahead 2, ZURL 1, level 1" in charts[0] and "33%" in charts[2] and "100%" in charts[2]
    assert all(len(line) <= 80 for chart in charts for line in chart.splitlines())


def test_margins_fall_in_whole_vp_bins_with_a_tie_on_its_own():
    assert margin_bins((-2, 0, 1, 1, 3), 10) == [("-2", 1), ("-1", 0), ("0", 1), ("+1", 2), ("+2", 0), ("+3", 1)]
    assert margin_bins((-12, 0, 4, 25), 10) == [("-15…-11", 1), ("-10…-6", 0), ("-5…-1", 0), ("0", 1), ("+1…+5", 1),
                                                ("+6…+10", 0), ("+11…+15", 0), ("+16…+20", 0), ("+21…+25", 1)]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_snapshot_a_simulate_run_with_its_charts(capsys, monkeypatch, snapshot, size):
    monkeypatch.setenv("COLUMNS", str(size[0]))
    monkeypatch.setenv("LINES", str(size[1]))
    assert main([*RUN, "--charts"]) == 0
    out = capsys.readouterr().out
    assert "Final VP margin" in out and "Win rate by scenario" in out
    charts = out[out.rindex("\n", 0, out.index("Final VP margin")) + 1:]  # the tables above are report.py's (piped: as wide as they are)
    assert all(len(line) <= size[0] for line in charts.splitlines())
    assert charts == snapshot


def test_no_charts_in_a_pipe_unless_asked_and_json_stays_json(capsys):
    assert main(RUN) == 0
    assert "Final VP margin" not in capsys.readouterr().out  # not a terminal: the tables only
    assert main([*RUN, "--json", "--charts"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 6


@pytest.mark.parametrize("kind", ["svg", "png"])
def test_the_plot_file_holds_the_runs_numbers(capsys, tmp_path, kind):
    pytest.importorskip("matplotlib")
    path = tmp_path / f"run.{kind}"
    assert main([*RUN, "--json", "--plot", str(path)]) == 0
    result = json.loads(capsys.readouterr().out)
    data = path.read_bytes()
    if kind == "png":
        assert data.startswith(b"\x89PNG")
        return
    svg = data.decode()
    wins = result["wins"]
    for side in (PL, ZURL):
        assert f"{100 * wins[side] / 6:.0f}%" in svg
    assert f"mean {result['mean_rounds']:.1f}" in svg and "Scenario 1" in svg
    assert "Win rate by scenario, PL random v ZURL random" in svg and "Final VP margin PL−ZURL" in svg


def test_without_matplotlib_one_line_says_what_to_install(capsys, monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now fails
    assert main([*RUN, "--plot", str(tmp_path / "run.svg")]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "pip install 'semper-fidelis[plots]'" in err and "Traceback" not in err
    assert not (tmp_path / "run.svg").exists()


def test_a_plot_file_of_another_kind_is_refused_in_one_line(capsys, tmp_path):
    assert main(["balance", "--scenarios", "1", "--games", "2", "--plot", str(tmp_path / "run.pdf")]) == 2
    assert "--plot writes .svg or .png files" in capsys.readouterr().err
