"""Positions (issue 9): a game can start anywhere; exports load back to the same state and play on
identically; records of games started from a position replay; bad positions get one line."""

from __future__ import annotations

import json
import random
from dataclasses import fields

import pytest

from semper_fidelis.engine import Game, Position, PositionError, RecordError
from semper_fidelis.engine.position import Turn
from semper_fidelis.engine.state import State, TurnState

#: State fields a position holds under another name or inside ``procedure``/``rng``
_ELSEWHERE = {"strategic_holder": "held", "phase": "procedure", "active": "to_act", "turn_index": "to_act", "stack": "procedure"}
#: State fields that follow from the scenario (or, for the log, are no part of a position)
_FROM_SCENARIO = {"stages", "rounds", "events", "result"}


def test_positions_hold_every_field_of_the_state() -> None:
    """A field added to the State or the TurnState must be added to positions too."""
    assert {f.name for f in fields(TurnState)} == set(Turn.model_fields)
    missing = {f.name for f in fields(State)} - set(Position.model_fields) - set(_ELSEWHERE) - _FROM_SCENARIO
    assert not missing


def _random_points(scenario: int, count: int, every: float = 0.03):
    """Random games of ``scenario``, stopped at ``count`` random decisions to look at."""
    seed = 0
    while count:
        game = Game(scenario, seed)
        rng = random.Random(seed)
        while not game.over and count:
            if rng.random() < every:
                count -= 1
                yield game
            game.apply(rng.choice(game.legal()))
        seed += 1


@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5])
def test_export_loads_to_the_same_digest_and_plays_on_identically(scenario: int) -> None:
    for checked, game in enumerate(_random_points(scenario, 8)):
        position = game.position()
        for copy in (Position.from_json(position.to_json()), Position.from_toml(position.to_toml())):
            loaded = Game.from_position(copy)
            assert loaded.state.digest() == game.state.digest()
            assert loaded.legal() == game.legal()
        replay = Game.from_record(game.record())
        rng = random.Random(checked)
        for _ in range(40):
            if loaded.over:
                break
            action = rng.choice(loaded.legal())
            loaded.apply(action)
            replay.apply(action)
        assert loaded.state.digest() == replay.state.digest()


@pytest.mark.parametrize("scenario", [1, 2, 3])
def test_an_empty_position_is_the_scenario_opening(scenario: int) -> None:
    """Whatever a position leaves out comes from the opening for the game's seed."""
    assert Game.from_position({}, scenario=scenario, seed=11).state.digest() == Game(scenario, 11).state.digest()


def test_a_record_started_from_a_position_replays_and_undoes() -> None:
    game = Game.from_position(
        {"scenario": 2, "to_act": {"side": "ZURL", "phase": "orders"}, "round": 3, "morale": {"PL": 2}, "turn": {"ap": 7}},
        seed=5,
    )
    assert (game.decision().player, game.decision().kind, game.state.turn.ap) == ("ZURL", "orders", 7)
    rng = random.Random(1)
    while len(game.actions) < 150 and not game.over:
        game.apply(rng.choice(game.legal()))
    record = json.loads(json.dumps(game.record()))
    assert record["format"] == 3 and record["position"]["round"] == 3
    replay = Game.from_record(record, check_digest=True)
    assert replay.state.digest() == game.state.digest()
    if game.can_undo:
        game.undo()
        assert game.state.digest() == Game.from_record({**record, "actions": record["actions"][:-1]}).state.digest()


def test_start_of_turn_and_battle_phase_positions() -> None:
    start = Game.from_position({"scenario": 1, "to_act": {"side": "ZURL", "phase": "initial"}, "round": 2})
    assert start.state.active == "ZURL" and start.state.round == 2
    assert start.decision().player == "ZURL" and start.decision().section.startswith(("§5.1", "§11"))
    battle = Game.from_position(
        {
            "scenario": 2,
            "to_act": {"side": "PL", "phase": "battle"},
            "units": {"dom-akademicki": {"pl-volunteer": 1}, "rynek": {"zurl-volunteer": 2}},
            "attacks": {"rynek": [{"side": "PL", "origin": "dom-akademicki", "units": {"pl-volunteer": 3}}]},
        }
    )
    assert battle.legal() == ["battle rynek"]


def test_format_1_records_still_load_and_newer_ones_are_refused() -> None:
    game = Game(1, 4)
    for _ in range(5):
        game.apply(game.legal()[0])
    old = {k: v for k, v in game.record().items() if k != "position"} | {"format": 1}
    assert Game.from_record(old, check_digest=True).state.digest() == game.state.digest()
    with pytest.raises(RecordError, match=r"^record format 5 \(written by semper-fidelis 9\.0\) is not one this version reads \(1 to 4\)$"):
        Game.from_record({**old, "format": 5, "version": "9.0"})
    with pytest.raises(RecordError, match="starting position cannot be set up: morale.PL"):
        Game.from_record({**old, "format": 2, "position": {"morale": {"PL": 99}}})


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ({"units": {"rynek": {"pl-volunteer": 7}}}, "units.rynek.pl-volunteer: area limit 5 exceeded (7)"),
        ({"units": {"nowhere": {"pl-volunteer": 1}}}, "units.nowhere: unknown area 'nowhere'"),
        ({"units": {"rynek": {"pl-tank": 1}}}, "units.rynek.pl-tank: unknown unit type 'pl-tank'"),
        ({"units": {a: {"pl-hq": 1} for a in ("rynek", "podzamcze")}}, "units.rynek.pl-hq: 2 pl-hq units placed, the game has 1"),
        ({"hand": {"PL": [99]}}, "hand.PL: PL has no card #99"),
        ({"hand": {"PL": [1]}, "discard": {"PL": [1]}}, "discard.PL: card #1 is also in the hand"),
        ({"hand": {"PL": [1, 2, 3, 4, 5, 6, 7, 8]}}, "hand.PL: 8 cards exceed the hand limit of 7"),
        ({"my_tokens": {"PL": ["grenades9"]}}, "my_tokens.PL: 'grenades9' is not a Supply Token"),
        ({"my_tokens": {"PL": ["grenades3", "grenades3"]}}, "my_tokens.PL: 3 grenades3 tokens in the game, the game has 1"),
        ({"battle_deck": ["9:9"]}, "battle_deck: '9:9' is not a battle card"),
        ({"commander": {"PL": "kossak"}}, "commander.PL: 'kossak' is not a PL Commander"),
        ({"morale": {"PL": "high"}}, "morale.PL: Input should be a valid integer"),
        ({"to_act": {"side": "PL", "phase": "lunch"}}, "to_act.phase: Input should be 'initial', 'orders' or 'battle'"),
        ({"colour": "red"}, "colour: Extra inputs are not permitted"),
        ({"turn": {"ap": 3}}, "turn: the Initial Phase starts a new turn"),
        ({"destruction": 2}, "destruction: scenario 1 has no Destruction track"),
    ],
)
def test_one_line_errors_name_the_field(position: dict, message: str) -> None:
    with pytest.raises(PositionError) as err:
        Game.from_position(position, scenario=1)
    assert str(err.value).startswith(message) and "\n" not in str(err.value)


def test_position_files_load(tmp_path) -> None:
    path = tmp_path / "p.toml"
    path.write_text('scenario = 3\nto_act = {side = "PL", phase = "orders"}\n[units]\nrynek = {pl-volunteer = 2}\n')
    game = Game.from_position(Position.load(path))
    assert game.state.units == {"rynek": {"pl-volunteer": 2}} and game.decision().kind == "orders"
    (tmp_path / "p.json").write_text(game.position().to_json())
    assert Game.from_position(Position.load(tmp_path / "p.json")).state.digest() == game.state.digest()
    with pytest.raises(PositionError, match="not TOML"):
        Position.from_toml("units = [")
