"""The log and the prompts are read by players: plain words, no notation, right grammar (issue 11)."""

from __future__ import annotations

import random
import re

import pytest
from helpers import new_game

from semper_fidelis.engine import Game, RecordError, read_record
from semper_fidelis.engine.flow import change_commander
from semper_fidelis.engine.notation import ordinal, plural, with_article

#: what must never be in the log: a count with the wrong number, "a" before a vowel, a
#: "(s)", a token label (food2) or a unit group (2v1s) in notation
WRONG = {
    "singular with a plural": re.compile(r"\b1 (Losses|tokens|cards|units|Soldiers|Villages)\b"),
    "a before a vowel": re.compile(r"\ba (?!Uni|uni)[AEIOUaeiou]"),
    "(s)": re.compile(r"\w\(s\)"),
    "verb agreement": re.compile(r"^\w+: 1 (\S+ ){1,3}(return|withdraw) to\b|^\w+: ([2-9]|\d\d) [^.]*? (returns|withdraws) to\b"),
    "token notation": re.compile(r"\([a-z-]+\d\)"),
    "unit notation": re.compile(r"\b\d+[vshma]+\b"),
    "token kind in notation": re.compile(r"\b(machine-gun|ammunition|grenades|food|plane|artillery|medicine|uniform|barricade) token"),
}


@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5])
def test_no_notation_and_no_bad_grammar_in_the_log(scenario):
    game, rng = Game(scenario, 5), random.Random(5)
    prompts = set()
    while not game.over and len(game.actions) < 500:
        prompts.add(game.decision().prompt)
        game.apply(rng.choice(game.legal()))
    for line in game.state.log + sorted(prompts):
        for what, pattern in WRONG.items():
            assert not pattern.search(line), f"{what}: {line}"


def test_word_helpers():
    assert (plural(1, "Loss", "Losses"), plural(2, "Loss", "Losses"), plural(1, "card"), plural(0, "card")) == ("1 Loss", "2 Losses", "1 card", "0 cards")
    assert (with_article("Ammunition"), with_article("Uniform"), with_article("Plane")) == ("an Ammunition", "a Uniform", "a Plane")
    assert [ordinal(n) for n in (2, 3, 4)] == ["second", "third", "fourth"]


def test_third_and_fourth_commander_changes_are_counted_as_such():
    g = new_game(2, seed=3)
    others = [c for c in g.rules.commanders if c not in g.state.commander.values()]
    for new in others[:4]:
        change_commander(g.rules, g.state, "PL", new)
    changes = [line for line in g.state.log if "change of Commander this turn" in line]
    assert ["second" in changes[0], "third" in changes[1], "fourth" in changes[2]] == [True, True, True]


def test_a_damaged_record_names_its_line_once(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text('{"format": 1, "scenario": 2,\n"actions": ["keep\n"]}')
    with pytest.raises(RecordError) as err:
        read_record(path)
    assert "at line 2" in str(err.value) and "at at" not in str(err.value)
