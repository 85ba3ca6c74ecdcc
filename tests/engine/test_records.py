"""Game records, undo, illegal actions and abbreviated notation (issue 3, items 1–2 and 10: the
public Game API)."""

from __future__ import annotations

import json
import random

import pytest
from helpers import to_orders

from semper_fidelis.engine.game import Game, IllegalAction, RecordError


def _play(game: Game, n: int, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(n):
        if game.over:
            break
        game.apply(rng.choice(game.legal()))


@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5])
def test_record_replays_to_the_identical_state(scenario):
    """Issue 3 item 2: a record (scenario, seed, options, actions) replays to the identical state
    (the same digest), also after a trip through JSON."""
    game = Game(scenario, seed=11, options={"handicap": True})
    _play(game, 150, seed=scenario)
    record = json.loads(json.dumps(game.record()))
    assert record["scenario"] == scenario and record["seed"] == 11 and record["options"] == {"handicap": True}
    replay = Game.from_record(record, check_digest=True)
    assert replay.state.digest() == game.state.digest()
    assert replay.actions == game.actions
    assert replay.legal() == game.legal()


def test_record_with_a_wrong_digest_is_refused():
    """Issue 3 item 2: a record whose saved digest differs from the replay is reported."""
    game = Game(2, seed=3)
    _play(game, 30, seed=3)
    record = game.record()
    record["digest"] = "0" * 16
    with pytest.raises(RecordError):
        Game.from_record(record, check_digest=True)
    record["actions"] = record["actions"] + ["not an action"]
    with pytest.raises(RecordError, match="not an action"):
        Game.from_record(record)


def test_undo_goes_back_one_action():
    """Issue 3 item 2: undo takes back the last action, to the identical earlier position — also
    inside a multi-step order (order → area → units → destination)."""
    game = Game(2, seed=3)
    to_orders(game)
    digests = [game.state.digest()]
    game.apply("move")
    digests.append(game.state.digest())
    origin = next(a for a in game.legal() if a.startswith("from "))
    game.apply(origin)
    assert game.can_undo
    assert game.undo() == origin
    assert game.state.digest() == digests[-1]
    assert game.undo() == "move"
    assert game.state.digest() == digests[0]
    assert game.decision().kind == "orders"


def test_undo_does_not_cross_a_reveal():
    """Issue 3 item 2: undo never goes back past the last moment new information was revealed
    (here: a Commander card drawn at random)."""
    game = Game(2, seed=3)
    start = game.state.digest()
    game.apply("keep")
    game.undo()
    assert game.state.digest() == start
    game.apply("change")  # a new Commander is turned face up
    assert not game.can_undo
    with pytest.raises(IllegalAction, match="revealed"):
        game.undo()
    game.apply("keep")
    assert game.can_undo
    game.undo()
    assert not game.can_undo


def test_illegal_action_names_the_action():
    """Issue 3 item 1: an illegal action is rejected with a clear message naming it, and the
    state does not change."""
    game = Game(2, seed=3)
    before = game.state.digest()
    with pytest.raises(IllegalAction, match="fly to the moon"):
        game.apply("fly to the moon")
    with pytest.raises(IllegalAction, match="battle rynek"):
        game.apply("battle rynek")
    assert game.state.digest() == before and game.actions == []


def test_abbreviations_resolve():
    """Issue 3 item 10: area names may be abbreviated (and typed with or without Polish letters)
    when the abbreviation is unambiguous; apply returns the full notation."""
    game = Game(2, seed=3)
    to_orders(game)
    game.apply("move")
    assert game.resolve("from dom-ak") == "from dom-akademicki"
    assert game.resolve("FROM  Dom-Akademicki") == "from dom-akademicki"
    with pytest.raises(IllegalAction, match="ambiguous"):
        game.resolve("from szkola")  # Szkoła Kadecka or Szkoła Sienkiewicza
    assert game.resolve("from szkoła-k") == "from szkola-kadecka"
    assert game.apply("from szkola-s") == "from szkola-sienkiewicza"
    assert game.actions[-1] == "from szkola-sienkiewicza"


def test_view_hides_the_opponents_hand_and_face_down_tokens():
    """Issue 3 item 1: a player's view hides the opponent's hand and face-down tokens."""
    game = Game(2, seed=3)
    view = game.view("PL")
    assert view["hand"]["PL"] == game.state.hand["PL"]
    assert view["hand"]["ZURL"] == [None] * len(game.state.hand["ZURL"])
    assert all(t["kind"] is None for t in view["my_tokens"]["ZURL"])
    hidden = [t for ts in view["tokens"].values() for t in ts if not t["face_up"]]
    assert hidden and all(t["kind"] is None for t in hidden)
    json.dumps(view)
