"""Decision frames as typed values (engine/frames.py): one TypedDict per kind types the handlers
and validates a loaded position; positions saved while ``battle-choice`` folded every battle
question into one frame still load, ask the same and keep their digest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from semper_fidelis.engine import Game, PositionError
from semper_fidelis.engine.battle import answers
from semper_fidelis.engine.frames import digest_form, migrate

#: positions saved by the engine before the split (commit c7634b4), one per question it asked,
#: with the legal actions and the digest that engine gave them
OLD = json.loads((Path(__file__).parent / "data" / "battle_choice_positions.json").read_text())


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
