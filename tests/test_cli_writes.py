"""The files the command line writes (issue 35): ``--plot``, ``simulate --records`` and its
``.players`` seats, ``host --record``. The destination is checked before any game is played — its
folder exists and may be written in, and nothing but a regular file is where the file goes (a
link would be written through, a FIFO blocks) — and a file is then written as saves are, never
through a link. Every refusal is one line, never an internal error."""

from __future__ import annotations

import errno
import os
import threading

import pytest

from semper_fidelis.cli import main
from semper_fidelis.play.batch import Matchup, record_name

RUN = ["simulate", "--scenario", "1", "--games", "2"]


@pytest.fixture
def outside(tmp_path):
    """A file a planted link points at: it must never change."""
    path = tmp_path / "precious.txt"
    path.write_text("mine")
    return path


@pytest.fixture
def no_games(monkeypatch):
    """Playing a game fails the test: each refusal must come before the batch."""
    def played(*_, **__):
        raise AssertionError("a game was played before the destination was checked")

    monkeypatch.setattr("semper_fidelis.play.batch.run_batches", played)


def refusal(capsys) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error" not in err and "Traceback" not in err, err
    return err


# ------------------------------------------------------------------------------- --plot


@pytest.mark.parametrize("command", [RUN, ["balance", "--scenarios", "1", "--games", "2"]])
def test_a_plot_through_a_link_is_refused_before_any_game(tmp_path, outside, no_games, capsys, command):
    link = tmp_path / "run.svg"
    link.symlink_to(outside)
    assert main([*command, "--plot", str(link)]) == 2
    assert "a link is there, not a file to write over" in refusal(capsys)
    assert outside.read_text() == "mine"


def test_a_plot_on_a_fifo_is_refused_not_waited_for(tmp_path, no_games, capsys):
    fifo = tmp_path / "run.svg"
    os.mkfifo(fifo)
    assert main([*RUN, "--plot", str(fifo)]) == 2
    assert "a FIFO is there" in refusal(capsys)


@pytest.mark.parametrize("where, says", [("missing/run.svg", "no such folder"), ("file.txt/run.svg", "not a folder"),
                                         ("run.svg/", "a folder is there")])
def test_a_plot_nowhere_to_write_is_refused_before_any_game(tmp_path, no_games, capsys, where, says):
    (tmp_path / "file.txt").write_text("")
    (tmp_path / "run.svg").mkdir()
    assert main([*RUN, "--plot", str(tmp_path / where)]) == 2
    assert says in refusal(capsys)


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write anywhere")
def test_a_plot_into_a_folder_not_writable_is_refused_before_any_game(tmp_path, no_games, capsys):
    folder = tmp_path / "locked"
    folder.mkdir(mode=0o500)
    assert main([*RUN, "--plot", str(folder / "run.svg")]) == 2
    assert "may not be written in" in refusal(capsys)


@pytest.mark.parametrize("planted", ["link", "fifo"])
def test_a_plot_planted_over_after_the_check_is_replaced_never_opened(tmp_path, outside, planted):
    """Between the check and the end of the batch a link or a FIFO appears: the plot replaces it
    (written beside it and renamed) — nothing is written through, nothing waits."""
    pytest.importorskip("matplotlib")
    from semper_fidelis.play.plots import figures, write_plot

    path = tmp_path / "run.png"
    path.symlink_to(outside) if planted == "link" else os.mkfifo(path)
    writer = threading.Thread(target=write_plot, args=(figures([]), path, "planted"), daemon=True)
    writer.start()
    writer.join(30)
    if writer.is_alive():  # let it go, so that the failure ends
        os.close(os.open(path, os.O_RDONLY | os.O_NONBLOCK))
    assert not writer.is_alive(), "the plot waited on a FIFO"
    assert outside.read_text() == "mine" and not path.is_symlink() and path.is_file()  # a FIFO is never read here either
    assert path.read_bytes().startswith(b"\x89PNG")


# ------------------------------------------------------------------------------ --records


@pytest.mark.parametrize("planted, says", [("link", "a link is there, not a folder"), ("file", "a file is there, not a folder")])
def test_a_link_or_a_file_for_the_seats_folder_is_refused_in_one_line(tmp_path, outside, no_games, capsys, planted, says):
    records = tmp_path / "records"
    records.mkdir()
    seats = records / ".players"
    seats.symlink_to(tmp_path) if planted == "link" else seats.write_text("")
    assert main([*RUN, "--records", str(records)]) == 2
    assert ".players" in (err := refusal(capsys)) and says in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["precious.txt", "records"]


@pytest.mark.parametrize("seats", [False, True])
def test_a_link_where_a_record_or_its_seats_will_go_is_refused_before_any_game(tmp_path, outside, no_games, capsys, seats):
    records = tmp_path / "records"
    name = record_name(Matchup(1), 1)  # the second game's
    target = records / ".players" / name if seats else records / name
    target.parent.mkdir(parents=True)
    target.symlink_to(outside)
    assert main([*RUN, "--records", str(records)]) == 2
    assert name in (err := refusal(capsys)) and "a link is there" in err
    assert outside.read_text() == "mine"


def test_a_record_that_cannot_be_written_after_all_is_one_line(tmp_path, monkeypatch, capsys):
    def full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr("semper_fidelis.play.batch.write_atomic", full)
    assert main([*RUN, "--records", str(tmp_path / "records")]) == 2
    assert "cannot keep records there (No space left on device)" in refusal(capsys)


# ------------------------------------------------------------------------------- host


def test_host_refuses_a_record_through_a_link_before_the_game(tmp_path, outside, monkeypatch, capsys):
    def hosted(*_):
        raise AssertionError("the game was hosted before --record was checked")

    monkeypatch.setattr("semper_fidelis.net.commands._serve_host", hosted)
    link = tmp_path / "game.json"
    link.symlink_to(outside)
    assert main(["host", "--pl", "random", "--zurl", "random", "--saves", str(tmp_path / "saves"), "--record", str(link)]) == 2
    assert "a link is there" in refusal(capsys) and outside.read_text() == "mine"
