"""Issue "Every file is data": a crafted position — in a position file, a format-2 record, the
review viewer's "play on", a resumed save — is refused at the door in one line naming the
field, or it plays on. Never a KeyError, ZeroDivisionError or RecursionError later, on every
try. The cases the hostile tester found, then random mutations of real positions."""

from __future__ import annotations

import copy
import json
import random

import pytest

from semper_fidelis.engine import Game, PositionError
from semper_fidelis.engine.battle import is_question


def _midgame_position(scenario: int, seed: int, steps: int) -> dict:
    """The position of a random game after ``steps`` actions (or its last before the end)."""
    game = Game(scenario, seed)
    rng = random.Random(seed)
    position = game.position().dump()
    while not game.over and len(game.actions) < steps:
        position = game.position().dump()
        game.apply(rng.choice(game.legal()))
    return position if game.over else game.position().dump()


def _battle_position() -> dict:
    """A position in the middle of a battle (a battle frame under a battle question)."""
    for seed in range(40):
        game = Game(2, seed)
        rng = random.Random(seed)
        while not game.over and len(game.actions) < 600:
            if any(f["kind"] == "battle" for f in game.state.stack) and is_question(game.state.stack[-1]):
                return game.position().dump()
            game.apply(rng.choice(game.legal()))
    raise AssertionError("no battle found")


def _refused(position: dict, scenario: int = 2) -> str:
    with pytest.raises(PositionError) as err:
        Game.from_position(position, scenario=scenario)
    message = str(err.value)
    assert "\n" not in message and len(message) < 300
    return message


def _with_stack(position: dict, change) -> dict:
    out = copy.deepcopy(position)
    procedure = json.loads(out["procedure"])
    change(procedure["stack"])
    out["procedure"] = json.dumps(procedure)
    return out


def test_a_frame_missing_its_keys_is_refused():
    position = _battle_position()
    message = _refused(_with_stack(position, lambda stack: next(f for f in stack if f["kind"] == "battle").pop("attacker")))
    assert message.startswith("procedure: frame ") and "battle step: attacker" in message


def test_an_unknown_step_is_refused():
    position = _battle_position()
    message = _refused(_with_stack(position, lambda stack: next(f for f in stack if f["kind"] == "battle").update(step="lunch")))
    assert message.startswith("procedure: frame ") and "battle step: step" in message
    assert _refused(_with_stack(position, lambda stack: stack.append({"kind": "teleport", "side": "PL"}))).endswith("'teleport' is not a kind of engine step")


def test_nesting_100000_levels_deep_is_refused():
    position = _battle_position()
    position["procedure"] = '{"phase": "battle", "active": "PL", "turn_index": 0, "stack": ' + "[" * 100_000 + "]" * 100_000 + "}"
    assert _refused(position).startswith("procedure: ")


@pytest.mark.parametrize(
    ("change", "start"),
    [
        ({"battle_deck": [], "battle_used": []}, "battle_deck: the battle deck and its used cards hold 0 cards"),
        ({"rng": [2**40] * 624 + [1]}, "rng: not a generator state"),
        ({"rng": [0] * 624 + [1]}, "rng: not a generator state"),
        ({"mob": {"PL": {"pl-volunteer": -3}}}, "mob.PL.pl-volunteer: negative count (-3)"),
        ({"to_act": {"side": "PL", "phase": "orders"}, "turn": {"ap": 10**18}}, "turn.ap: 1000000000000000000 is more than one turn can reach"),
        ({"to_act": {"side": "PL", "phase": "orders"}, "turn": {"commander_changes": 99}}, "turn.commander_changes: 99 is more than one turn can reach"),
        ({"hand": {"PL": [1, 2]}, "deck": {"PL": []}, "discard": {"PL": []}}, "deck.PL: PL's hand, deck and discard hold 2 cards"),
        ({"token_pool": []}, "token_pool: "),
        ({"options": {"handicap": "yes"}}, "options.handicap: "),
        ({"strategic": {"rynek": -5}}, "strategic.rynek: "),
        ({"extra_reinforcement": {"PL": 10**9}}, "extra_reinforcement.PL: "),
        ({"seed": 10**30}, "seed: "),
        (
            {"to_act": {"side": "PL", "phase": "orders"},
             "attacks": {"rynek": [{"side": "PL", "origin": "dom-akademicki", "units": {}}]}},
            "attacks.rynek[0].units: an attack group with no units",
        ),
    ],
)
def test_impossible_states_are_refused_in_one_line(change, start):
    message = _refused(change)
    assert message.startswith(start), message


def test_four_changes_of_commander_in_a_turn_are_possible() -> None:
    """ZURL's three Commanders in the deck and the one a Relief brought (Bukszowany): a random
    Scenario 2 game changed four times in one turn, and its position must load."""
    game, rng = Game(2, 12), random.Random(12)
    while game.state.turn.commander_changes < 4:
        game.apply(rng.choice(game.legal()))
    assert Game.from_position(game.position()).state.digest() == game.state.digest()


def test_a_record_with_a_crafted_procedure_is_refused_in_one_line(tmp_path, capsys):
    """The same refusal reaches `replay` as one line and a non-zero exit."""
    from semper_fidelis.cli import main

    game = Game(2, 3)
    record = game.record()
    position = _with_stack(_battle_position(), lambda stack: next(f for f in stack if f["kind"] == "battle").pop("area"))
    record.update(format=2, position=position, actions=[])
    record.pop("digest", None)
    path = tmp_path / "crafted.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "procedure: frame" in err


# ------------------------------------------------------------------- mutations of real positions


def _mutate(value, rng: random.Random, depth: int = 0):
    """One random change somewhere in a JSON-like value (the procedure's JSON included)."""
    if isinstance(value, str) and value.startswith("{") and depth == 1:
        return json.dumps(_mutate(json.loads(value), rng, depth + 1))
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value, key=str))
        out = dict(value)
        roll = rng.random()
        if roll < 0.15:
            del out[key]
        else:
            out[key] = _mutate(value[key], rng, depth + 1)
        return out
    if isinstance(value, list) and value:
        i = rng.randrange(len(value))
        out = list(value)
        roll = rng.random()
        if roll < 0.2:
            del out[i]
        elif roll < 0.3:
            out.append(copy.deepcopy(value[i]))
        else:
            out[i] = _mutate(value[i], rng, depth + 1)
        return out
    return rng.choice([
        -1, 0, 1, 7, 10**9, -(10**9), "", "rynek", "PL", "ZURL", None, True, [], {}, "[/]", "a" * 50,
        value * 2 if isinstance(value, int) and not isinstance(value, bool) else 3,
    ])


@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5])
def test_mutated_positions_are_refused_or_play_on(scenario: int) -> None:
    """A property over random mutations of real positions (mid-turn, mid-battle): loading one
    either raises PositionError in one line, or the game plays 30 random actions without any
    exception — nothing in between."""
    bases = [_midgame_position(scenario, seed, 40 + 70 * seed) for seed in range(4)]
    loaded = refused = 0
    for k in range(160):
        rng = random.Random(1000 * scenario + k)
        mutated = _mutate(bases[k % len(bases)], rng)
        try:
            game = Game.from_position(mutated, scenario=scenario)
        except PositionError as exc:
            assert "\n" not in str(exc)
            refused += 1
            continue
        loaded += 1
        for _ in range(30):
            if game.over:
                break
            game.apply(rng.choice(game.legal()))
    assert loaded > 10 and refused > 10
