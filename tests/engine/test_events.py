"""Events (issue 9): what an action did, as structured data with who may see it; the log is their
public text."""

from __future__ import annotations

import random

import pytest

from helpers import battle_frame, empty_board, force_battle_card, new_game, order, put
from semper_fidelis.engine import Event, Game


@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5])
def test_the_log_is_the_text_of_the_public_events_and_undo_takes_them_back(scenario):
    game, rng = Game(scenario, 4), random.Random(4)
    while not game.over and len(game.actions) < 250:
        before = len(game.events(None))
        game.apply(rng.choice(game.legal()))
        assert len(game.events(None)) - before == len(game.last_events(None))
        if rng.random() < 0.1 and game.can_undo:
            game.undo()
            assert len(game.events(None)) == before
    assert game.state.log == [e.text for e in game.events(None) if e.visible == "all" and e.text]
    for e in game.events(None):
        assert isinstance(e, Event) and e.to_dict()["kind"] == e.kind


def test_a_move_and_a_battle_as_events():
    g = new_game(2, seed=7)
    s = g.state
    empty_board(g)
    s.strategic = {}
    put(g, "rynek", "ZURL", "1v")
    put(g, "dom-akademicki", "PL", "3v")
    s.hand["PL"], s.hand["ZURL"], s.my_tokens["PL"], s.my_tokens["ZURL"] = [], [], [], []
    s.turn.ap = 5
    order(g, "assault", "dom-akademicki", "3v", "rynek via dom-akademicki attack")
    move = next(e for e in g.last_events("ZURL") if e.kind == "move")
    assert (move["from_area"], move["to_area"], move["via"], move["how"], move["ap"]) == ("dom-akademicki", "rynek", "dom-akademicki", "attack", 2)
    assert move.to_dict()["units"] == {"pl-volunteer": 3}
    force_battle_card(g, 2, 0)
    g.apply("fight")
    battle = next(e for e in g.last_events(None) if e.kind == "battle")
    assert battle["winner"] == "PL" and battle.to_dict()["bp"] == {"attacker": battle_frame(g)["bp"]["a"], "defender": battle_frame(g)["bp"]["d"]}


def test_a_face_down_token_is_told_only_to_its_taker():
    g = new_game(2, seed=7)
    s = g.state
    empty_board(g)
    put(g, "rynek", "PL", "1v")
    from semper_fidelis.engine.state import Token

    s.tokens = {"rynek": [Token("grenades", 1)]}
    s.turn.ap = 3
    g.apply("provision")
    g.apply("provision rynek hidden")
    mine = [e for e in g.last_events("PL") if e.kind == "token"]
    theirs = [e for e in g.last_events("ZURL") if e.kind == "token"]
    assert any(e.get("token") == "grenades1" for e in mine)
    assert theirs and all(e.get("token") is None for e in theirs)
    assert not any("grenades" in line for line in s.log)
