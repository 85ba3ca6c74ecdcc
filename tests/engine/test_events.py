"""Events (issue 9): what an action did, as structured data with who may see it; the log is their
public text."""

from __future__ import annotations

import random

import pytest
from helpers import battle_frame, empty_board, force_battle_card, new_game, order, put

from semper_fidelis.engine import AREA_FACTS, Event, Game


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


def _map_of(view: dict) -> dict[str, tuple]:
    """What the map shows of each area in a public view: units, tokens, fortifications, attackers."""
    areas = set(view["units"]) | set(view["tokens"]) | set(view["barricades"]) | set(view["redoubts"]) | set(view["attacks"])
    return {
        a: (
            sorted((u, n) for u, n in view["units"].get(a, {}).items() if n),
            sorted(str(t) for t in view["tokens"].get(a, [])),
            sorted(map(tuple, view["barricades"].get(a, []))),
            view["redoubts"].get(a),
            sorted((g["side"], g["origin"], sorted((u, n) for u, n in g["units"].items() if n)) for g in view["attacks"].get(a, []) if any(g["units"].values())),
        )
        for a in areas
    }


@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5])
def test_every_area_an_action_changes_is_named_by_its_public_events(scenario):
    """Clients mark the areas the last turn changed (issue 11) from the events' ``area``,
    ``from_area`` and ``to_area`` facts: an action changing an area on the map names it."""
    game, rng = Game(scenario, 5), random.Random(5)
    before = _map_of(game.view("PL"))
    while not game.over and len(game.actions) < 400:
        game.apply(rng.choice(game.legal()))
        after = _map_of(game.view("PL"))
        changed = {a for a in set(before) | set(after) if before.get(a) != after.get(a)}
        named = {e.get(k) for e in game.last_events("PL") for k in AREA_FACTS} - {None}
        assert changed <= named, (changed - named, [e.text for e in game.last_events("PL")])
        before = after
