"""Decision frames as typed values (engine/frames.py): one TypedDict per kind types the handlers
and validates a loaded position; positions saved while ``battle-choice`` folded every battle
question into one frame, or ``card-step`` every card's question, still load, ask the same and
keep their digest, and records saved then replay and vouch for themselves."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from semper_fidelis.engine import Game, PositionError
from semper_fidelis.engine.battle import _STEP_RUNS, STEPS, answers
from semper_fidelis.engine.frames import CARD_KINDS, KINDS, digest_form, migrate
from semper_fidelis.engine.machine import PROCEDURES

#: positions saved by the engine before the split (commit c7634b4), one per question it asked,
#: with the legal actions and the digest that engine gave them
OLD = json.loads((Path(__file__).parent / "data" / "battle_choice_positions.json").read_text())
#: positions saved by the engine before ``card-step`` was split (commit 7861ec5), one per card
#: question and stage, with the legal actions, their labels and the digest that engine gave them
#: loaded, and the record of the game that reached each
OLD_CARDS = json.loads((Path(__file__).parent / "data" / "card_step_positions.json").read_text())


@pytest.mark.parametrize("name", sorted(OLD))
def test_a_position_saved_with_a_battle_choice_loads_asks_the_same_and_keeps_its_digest(name):
    saved = OLD[name]
    old_top = json.loads(saved["position"]["procedure"])["stack"][-1]
    assert old_top["kind"] == "battle-choice"
    game = Game.from_position(saved["position"], scenario=saved["position"]["scenario"])
    top = game.state.stack[-1]
    assert top["kind"] != "battle-choice" and answers(top) == old_top["step"]
    assert game.legal_text() == saved["legal"]
    assert game.digest() == saved["digest"]
    assert digest_form(top) == old_top
    game.apply(game.legal()[-1])  # and it plays on


def test_every_old_step_becomes_its_own_kind():
    kinds = {migrate(json.loads(s["position"]["procedure"])["stack"][-1])["kind"] for s in OLD.values()}
    assert kinds == {"battle-evade", "battle-card", "battle-token", "battle-retreat", "battle-advance"}


def test_a_battle_choice_with_an_unknown_step_is_refused_in_one_line():
    saved = next(iter(OLD.values()))["position"]
    procedure = json.loads(saved["procedure"])
    procedure["stack"][-1]["step"] = "lunch"
    with pytest.raises(PositionError, match="'battle-choice' is not a kind of engine step"):
        Game.from_position({**saved, "procedure": json.dumps(procedure)}, scenario=saved["scenario"])


@pytest.mark.parametrize("name", sorted(OLD_CARDS))
def test_a_position_saved_with_a_card_step_loads_asks_the_same_and_keeps_its_digest(name):
    saved = OLD_CARDS[name]
    old_top = json.loads(saved["position"]["procedure"])["stack"][-1]
    assert old_top["kind"] == "card-step"
    game = Game.from_position(saved["position"], scenario=saved["position"]["scenario"])
    top = game.state.stack[-1]
    assert top["kind"] == f"card-{old_top['step']}"
    assert game.legal_text() == saved["legal"]
    assert [o.label for o in game.options()] == saved["options"]
    assert game.digest() == saved["digest"]
    assert digest_form(top) == old_top
    game.apply(game.legal()[-1])  # and it plays on


@pytest.mark.parametrize("name", sorted(OLD_CARDS))
def test_a_record_saved_at_a_card_step_replays_and_vouches_for_itself(name):
    saved = OLD_CARDS[name]
    game = Game.from_record(saved["record"], check_digest=True)
    assert game.state.stack[-1]["kind"] in CARD_KINDS
    assert game.digest() == saved["record"]["digest"] == saved["digest"]


def test_every_card_question_is_its_own_kind_with_its_own_procedure():
    kinds = {migrate(json.loads(s["position"]["procedure"])["stack"][-1])["kind"] for s in OLD_CARDS.values()}
    assert kinds == CARD_KINDS == {
        "card-anywhere", "card-discard", "card-fortify", "card-great-war", "card-group", "card-huyn", "card-mobilize",
        "card-pobudka", "card-remove", "card-take", "card-winniki-guns",
    }
    assert "card-step" not in KINDS and set(PROCEDURES) >= CARD_KINDS
    assert all(PROCEDURES[k].decision == "card" for k in CARD_KINDS)  # clients still see a card's decision


def test_a_card_step_with_an_unknown_step_or_effect_is_refused_in_one_line():
    saved = OLD_CARDS["take"]["position"]
    procedure = json.loads(saved["procedure"])
    for change, message in (({"step": "lunch"}, "'card-step' is not a kind of engine step"),
                            ({"effect": "teleport"}, "card-take step names an unknown card effect \\('teleport'\\)"),
                            ({"left": "two"}, "card-take step: left: Input should be a valid integer")):
        procedure["stack"][-1] = {**json.loads(saved["procedure"])["stack"][-1], **change}
        with pytest.raises(PositionError, match=message):
            Game.from_position({**saved, "procedure": json.dumps(procedure)}, scenario=saved["scenario"])


def test_a_card_question_holds_only_its_own_keys():
    """A crafted frame with another question's key is refused (each kind's TypedDict is total and closed)."""
    saved = OLD_CARDS["fortify"]["position"]
    procedure = json.loads(saved["procedure"])
    procedure["stack"][-1]["areas"] = ["rynek"]  # a key of card-take, not of card-fortify
    with pytest.raises(PositionError, match="card-fortify step: areas: Extra inputs are not permitted"):
        Game.from_position({**saved, "procedure": json.dumps(procedure)}, scenario=saved["scenario"])


def test_every_battle_step_has_its_function():
    assert set(_STEP_RUNS) == set(STEPS)


def test_the_frame_validators_are_built_only_when_a_position_is_loaded():
    """A game that loads no position (a bot's, a replay's) does not pay for the pydantic
    validators of the frames' union at import."""
    script = (
        "import json, random; from semper_fidelis.engine import Game; from semper_fidelis.engine import frames\n"
        "g = Game(2, 1); rng = random.Random(1)\n"
        "for _ in range(60): g.apply(rng.choice(g.legal()))\n"
        "built = frames._adapters.cache_info().currsize\n"
        "Game.from_position(g.position().dump(), scenario=2)\n"
        "print(json.dumps([built, frames._adapters.cache_info().currsize]))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == [0, 1]
