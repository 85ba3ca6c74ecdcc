"""The kinds a client compares (engine/kinds.py, issue 37): every kind of Option, Decision and
Event the engine produces is in its Literal, so a client's comparison with a kind that is not
there is a mistake mypy reports (strict_equality) rather than a branch that never runs."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path
from typing import get_args

import pytest

from semper_fidelis.engine import DecisionKind, EventKind, Game, OptionKind, actions
from semper_fidelis.engine.machine import PROCEDURES

ROOT = Path(__file__).resolve().parents[2]


def _subclasses(cls: type) -> list[type]:
    return [c for s in cls.__subclasses__() for c in (s, *_subclasses(s))]


def test_every_kind_random_games_of_every_scenario_produce_is_in_its_literal():
    seen: dict[str, set[str]] = {"option": set(), "decision": set(), "event": set()}
    for scenario in (1, 2, 3, 4, 5):
        for seed in range(3):
            game, rng = Game(scenario, seed), random.Random(seed)
            while not game.over:
                seen["decision"].add(game.decision().kind)
                options = game.options()
                seen["option"].update(o.kind for o in options)
                game.apply(rng.choice(options).notation)
            seen["event"].update(e.kind for e in game.events(None))
    for name, literal in (("option", OptionKind), ("decision", DecisionKind), ("event", EventKind)):
        assert seen[name] <= set(get_args(literal)), f"{name} kinds missing from the Literal: {seen[name] - set(get_args(literal))}"
    assert len(seen["option"]) > 30 and len(seen["event"]) > 10  # the games went far enough to tell


def test_every_step_s_decision_and_every_action_s_verb_is_a_kind():
    """What random games may miss: each deciding step's kind, and each notation verb (an
    Option's kind for a way out or a plain step, options.py's _verb)."""
    deciding = {p.decision for p in PROCEDURES.values() if not p.auto}
    assert None not in deciding and deciding <= set(get_args(DecisionKind))
    verbs = {c.VERB for c in _subclasses(actions.Action) if c.VERB}
    assert verbs <= set(get_args(OptionKind)), verbs - set(get_args(OptionKind))


@pytest.mark.slow
def test_mypy_reports_a_client_comparing_a_misspelt_kind(tmp_path):
    """Outside the engine too (the package's mypy config): 'atack' is no Option kind."""
    api = pytest.importorskip("mypy.api")
    client = tmp_path / "client.py"
    client.write_text(textwrap.dedent("""
        from semper_fidelis.engine import Game

        def attacks(game: Game) -> int:
            return sum(o.kind == "atack" for o in game.options()) + sum(e.kind == "game_over" for e in game.events(None))
    """), encoding="utf-8")
    out, _, status = api.run([str(client), "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(ROOT / ".mypy_cache")])
    assert status == 1 and out.count("Non-overlapping equality check") == 2, out
