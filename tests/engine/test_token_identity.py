"""Issue 12: a face-down token taken at random leaves the board as that very object, never as
an equal twin (Token is a dataclass, so ``list.remove`` would pick the first equal one)."""

from __future__ import annotations

from semper_fidelis.engine.flow import take_token
from semper_fidelis.engine.game import Game
from semper_fidelis.engine.invariants import shared_objects
from semper_fidelis.engine.state import PL, Token


def test_the_chosen_hidden_token_is_the_one_that_moves():
    game = Game(2, seed=1)
    s = game.state
    first, second = Token("food", 1), Token("food", 1)
    s.tokens["rynek"] = [first, second]
    s.rng.choice = lambda candidates: candidates[-1]  # the draw falls on the second twin
    take_token(game.rules, s, PL, "rynek", "hidden")
    assert s.tokens["rynek"] == [first] and s.tokens["rynek"][0] is first
    assert s.my_tokens[PL][-1] == second and s.my_tokens[PL][-1] is not first
    assert shared_objects(s) == []


def test_shared_objects_names_a_piece_in_two_places():
    game = Game(2, seed=1)
    s = game.state
    token = Token("food", 1)
    s.tokens["rynek"] = [token]
    s.my_tokens[PL].append(token)
    assert shared_objects(s) == ["one Token is both in tokens[rynek] and in my_tokens[PL]"]
