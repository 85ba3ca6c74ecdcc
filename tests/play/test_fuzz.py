"""Issue 12: `semper-fidelis fuzz` — a CI slice of random games with every check, and proof
that each kind of check can fail and is reported with its seed and action index."""

from __future__ import annotations

import json
import random
import re

from semper_fidelis.cli import main
from semper_fidelis.engine import flow
from semper_fidelis.engine import game as game_module
from semper_fidelis.engine.game import Game
from semper_fidelis.play.fuzz import fuzz_game, leak

#: the CI slice: a few dozen games over the five scenarios (docs/robustness.md records the long runs)
SLICE = 20


def test_a_slice_of_random_games_runs_clean(capsys):
    assert main(["fuzz", "--games", str(SLICE), "--seed", "1000", "--jobs", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == SLICE and result["failures"] == []
    assert result["scenarios"] == [1, 2, 3, 4, 5]
    assert result["actions"] > 100 * SLICE
    assert all(result["checks"][name] > 0 for name in ("state", "hand limit", "leak", "undo", "replay"))


def _old_take_token(rules, state, side, area, choice):
    """take_token as it was before issue 12: removes the first *equal* token."""
    candidates = [t for t in flow._takeable(state, side, area) if (t.label() if t.face_up else "hidden") == choice]
    token = candidates[0] if choice != "hidden" else state.rng.choice(candidates)
    state.tokens[area].remove(token)
    if not state.tokens[area]:
        del state.tokens[area]
    state.my_tokens[side].append(token)


def test_the_fuzz_finds_the_token_aliasing_bug(monkeypatch, capsys):
    monkeypatch.setattr(flow, "take_token", _old_take_token)
    report = fuzz_game(2, 5)
    assert report.failure is not None and report.failure.check == "state"
    assert "one Token is both in tokens[" in report.failure.message
    assert main(["fuzz", "--scenario", "2", "--seed", "5", "--games", "1", "--json"]) == 1
    failure = json.loads(capsys.readouterr().out)["failures"][0]
    assert (failure["scenario"], failure["seed"], failure["action"]) == (2, 5, report.failure.action)
    assert main(["fuzz", "--scenario", "2", "--seed", "5", "--games", "1"]) == 1
    assert f"FAILED scenario 2 seed 5 after {report.failure.action} actions [state]: after " in capsys.readouterr().out


def test_the_leak_check_sees_a_view_that_shows_the_opponents_hand(monkeypatch):
    game = Game(2, seed=5)
    assert leak(game, "PL", random.Random(1)) is None
    honest = game_module.view_state

    def leaky(rules, state, player, *rest):
        data = honest(rules, state, player, *rest)
        data["hand"] = {s: list(state.hand[s]) for s in state.hand}
        return data

    monkeypatch.setattr(game_module, "view_state", leaky)
    assert leak(game, "PL", random.Random(1)) == "view(PL) reveals hidden information through: hand"


def test_an_engine_exception_is_a_failure_with_its_action_index(monkeypatch):
    real = Game.apply

    def apply(self, text):
        if len(self.actions) == 7:
            raise KeyError("boom")
        return real(self, text)

    monkeypatch.setattr(Game, "apply", apply)
    failure = fuzz_game(2, 3).failure
    assert (failure.check, failure.action) == ("exception", 7) and "KeyError: 'boom'" in failure.message


def test_a_crash_inside_a_check_is_that_games_failure_and_the_run_goes_on(monkeypatch, capsys):
    """A dead end met while sampling for the leak check (it once killed the whole run, which
    then printed nothing and exited 0) is reported as the game's failure with its seed and
    action count; the other games still run and the results are printed."""
    honest = Game.sample
    calls = {"n": 0}

    def dies_once(self, player, rng):
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("no legal action in step battle-choice")
        return honest(self, player, rng)

    monkeypatch.setattr(Game, "sample", dies_once)
    assert main(["fuzz", "--scenario", "1", "--seed", "7", "--games", "3", "--json"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["games"] == 3 and len(result["failures"]) == 1
    failure = result["failures"][0]
    assert (failure["seed"], failure["check"]) == (7, "exception") and failure["action"] > 0
    assert "no legal action in step battle-choice" in failure["message"]


def test_a_failure_is_reported_in_polish_and_its_json_stays_english(monkeypatch, capsys):
    """Issue 39: the fuzz's failure lines are said in the command's language (the check's name,
    the invariant broken, what led to it); the JSON keeps the source language."""
    from test_cli_polish import english_in

    monkeypatch.setattr(flow, "take_token", _old_take_token)
    args = ["fuzz", "--scenario", "2", "--seed", "5", "--games", "1"]
    assert main([*args, "--json"]) == 1
    english = json.loads(capsys.readouterr().out)["failures"][0]["message"]
    assert english.startswith("after '") and "one Token is both in tokens[" in english
    assert main(["--lang", "pl", *args]) == 1
    out = capsys.readouterr().out
    assert "[stan]: po '" in out and "jeden obiekt Token jest naraz w tokens[" in out
    said = re.sub(r"'[^']*'|\w+\[[\w-]+\]|obiekt \w+", " ", out)  # actions, the state's places, a class: identifiers
    assert not english_in(said), sorted(english_in(said))
    assert main(["--lang", "pl", *args, "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["failures"][0]["message"] == english
