"""Actions as typed values (engine/actions.py): every action the engine offers round-trips
through its text, and making them values changed nothing a record or a player can see."""

from __future__ import annotations

import json
import random

import pytest
from action_golden import GAMES, GOLDEN, example_fingerprint, examples, fuzz_fingerprint
from hypothesis import given, settings
from hypothesis import strategies as st

from semper_fidelis.engine import Game
from semper_fidelis.engine.actions import (
    Action,
    ActionSyntaxError,
    Discard,
    DiscardToken,
    From,
    Mobilize,
    MobilizeOrder,
    TakeCommander,
    TakeToken,
    To,
    Units,
)

BEFORE = json.loads(GOLDEN.read_text())


def _round_trips(action: Action) -> None:
    assert isinstance(action, Action) and type(action) is not Action
    text = str(action)
    assert type(text) is str and text == action
    parsed = Action.parse(text)
    assert type(parsed) is type(action), (text, parsed, action)
    assert [getattr(parsed, name) for name in parsed.FIELDS] == [getattr(action, name) for name in action.FIELDS]
    assert parsed == action and str(parsed) == text


def _play_checking(game: Game, rng: random.Random, limit: int = 100_000) -> int:
    seen = 0
    while not game.over and len(game.actions) < limit:
        legal = game.legal()
        for action in legal:
            _round_trips(action)
        assert [o.notation for o in game.options()] == game.legal_text()
        seen += len(legal)
        game.apply(rng.choice(legal))
    return seen


@pytest.mark.parametrize(("scenario", "seed"), GAMES)
def test_fuzz_games_offer_the_same_legal_lists_and_replay_to_the_same_digests(scenario, seed):
    fingerprint, record = fuzz_fingerprint(scenario, seed)
    assert fingerprint == BEFORE["fuzz"][f"{scenario}/{seed}"]
    assert Game.from_record(record, check_digest=True).digest() == fingerprint["digest"]
    walker = Game(scenario, seed)
    for action in record["actions"]:
        walker.replay(action)
    assert walker.digest() == fingerprint["digest"]


def test_the_rulebook_examples_offer_the_same_legal_lists_and_digests():
    found = examples(Game(2, 0))
    assert {e.name for e in found} == set(BEFORE["examples"])
    for example in found:
        assert example_fingerprint(example) == BEFORE["examples"][example.name], example.name


def test_every_action_offered_along_the_rulebook_examples_round_trips():
    for example in examples(Game(2, 0)):
        game = example.game()
        for action in example.choices:
            for offered in game.legal():
                _round_trips(offered)
            game.apply(action)
        _play_checking(game, random.Random(1), limit=len(game.actions) + 60)


@settings(max_examples=10, deadline=None, derandomize=True)
@given(scenario=st.integers(1, 5), seed=st.integers(0, 10_000))
def test_every_action_offered_in_a_random_game_round_trips(scenario, seed):
    assert _play_checking(Game(scenario, seed), random.Random(seed)) > 0


def test_the_text_alone_decides_the_kind():
    assert Action.parse("take romer") == TakeCommander("romer")
    assert type(Action.parse("take rynek food2")) is TakeToken
    assert Action.parse("from rynek") == From("rynek") and Action.parse("from rynek v").unit == "v"
    assert type(Action.parse("discard 3")) is Discard and type(Action.parse("discard food3")) is DiscardToken
    assert type(Action.parse("mobilize")) is MobilizeOrder and Action.parse("mobilize rynek s") == Mobilize("rynek", "s")
    assert Action.parse("units 2v1s").units == (("v", 2), ("s", 1))
    assert Action.parse("to podzamcze via rynek enter") == To("podzamcze", "rynek", "enter")
    assert str(To("podzamcze", via="rynek", how="attack")) == "to podzamcze via rynek attack"
    assert str(Units((("v", 2), ("h", 1)))) == "units 2v1h"


@pytest.mark.parametrize("text", [
    "", "frobnicate", "card", "card 03", "card x", "to a via b", "to a via b run", "units 2x", "units v2",
    "from rynek q", "keep now", "assault less", "withdraw v@ rynek", "withdraw vrynek a", "negotiate x y",
    "propaganda vp", " end", "end ", "use food1 vp",
])
def test_text_that_is_not_an_action_is_refused_in_one_line(text):
    with pytest.raises(ActionSyntaxError) as info:
        Action.parse(text)
    assert "\n" not in str(info.value)


def test_legal_gives_values_that_are_their_text_and_apply_takes_either():
    game = Game(2, 42)
    legal = game.legal()
    assert legal == ["keep", "change"] and all(isinstance(a, Action) for a in legal)
    assert game.legal_text() == ["keep", "change"] and all(type(a) is str for a in game.legal_text())
    assert json.dumps(game.view(None)["decision"]["actions"]) == '["keep", "change"]'
    assert game.apply(legal[0]) == "keep" and game.actions == ["keep"] and type(game.actions[0]) is str
    twin = Game(2, 42)
    assert twin.apply("keep") == "keep" and twin.digest() == game.digest()
