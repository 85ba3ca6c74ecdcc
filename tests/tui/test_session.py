"""The session under the screen: autosave after every action, and an engine failure that
leaves the position as it was instead of crashing the game."""

from __future__ import annotations

import json

import pytest

from semper_fidelis.engine import Game
from semper_fidelis.store.saves import read_players
from semper_fidelis.tui.session import EngineFailure, Session


def test_autosave_after_every_action_with_the_seats(tmp_path):
    slot = tmp_path / "autosave" / "game.json"
    session = Session(game=Game(scenario=1, seed=2), players={"PL": "human", "ZURL": "bot"}, autosave_path=slot)
    d = session.decision()
    session.apply(d.actions[0])
    saved = json.loads(slot.read_text())
    assert saved["actions"] == session.game.actions and saved["digest"] == session.game.state.digest()
    assert read_players(slot) == ({"PL": "human", "ZURL": "random"}, True)  # "bot": the random bot of old saves


def test_an_engine_failure_keeps_the_position(tmp_path, monkeypatch):
    session = Session(game=Game(scenario=2, seed=1), saves_dir=tmp_path)
    session.apply("keep")
    digest = session.game.state.digest()
    real = Game.apply

    def broken(self, text):
        if text == "move":
            self.state.turn.ap = -99  # half-done work, then a crash
            raise KeyError("a bug")
        return real(self, text)

    monkeypatch.setattr(Game, "apply", broken)
    with pytest.raises(EngineFailure, match="KeyError"):
        session.apply("move")
    assert session.game.state.digest() == digest
    session.apply("end")  # and the game goes on
