"""Secret battle steps the engine passes for a side with nothing to play (issue 34): the
others learn nothing from it — the public log reads as if that side had chosen to pass — and
the side itself is told, by a ``quiet-step`` event only it sees (a hot seat presents it)."""

from __future__ import annotations

import random

from helpers import new_game, order, put, quiet_board

from semper_fidelis.engine import Game


def played(scenario: int, seed: int, limit: int = 1500) -> Game:
    game, rng = Game(scenario=scenario, seed=seed), random.Random(seed)
    while not game.over and len(game.actions) < limit:
        game.apply(rng.choice(game.legal()))
    return game


def test_an_evasion_barred_by_the_cards_worth_reads_as_standing_to_fight():
    """ZURL could evade to Namiestnictwo but holds one card of 1 AP against a cost of 2: the
    public log says it stands and fights (as if it chose to); only ZURL reads why."""
    g = new_game(2, seed=7)
    quiet_board(g)
    put(g, "rynek", "ZURL", "3v")
    put(g, "namiestnictwo", "ZURL", "1v")
    put(g, "dom-akademicki", "PL", "3v")
    put(g, "podzamcze", "PL", "2v")
    g.state.hand["PL"], g.state.hand["ZURL"] = [], [5]  # #5: an Action card worth 1 AP
    g.state.turn.ap = 8
    order(g, "assault", "dom-akademicki", "3v", "rynek via dom-akademicki attack")
    for action in ("assault more", "from podzamcze", "units 2v", "to rynek via podzamcze attack", "fight"):
        g.apply(action)
    assert not any("cannot evade" in line for line in g.state.log)
    assert "ZURL stands and fights." in g.state.log
    quiet = [e for e in g.events(None) if e.kind == "quiet-step"]
    assert [(e["side"], e["step"], e.visible) for e in quiet][:1] == [("ZURL", "evade", "ZURL")]
    assert any("cards worth 2 AP" in (e.text or "") for e in g.events("ZURL"))
    assert not any("cards worth" in (e.text or "") for e in g.events("PL"))


def test_quiet_steps_are_told_only_to_their_side_and_change_no_record():
    game = played(2, 1)
    steps = [e for e in game.events(None) if e.kind == "quiet-step"]
    assert {e["step"] for e in steps} >= {"a-card", "d-card", "a-token", "d-token"}
    for side, other in (("PL", "ZURL"), ("ZURL", "PL")):
        assert all(e.visible == side for e in game.events(side) if e.kind == "quiet-step" and e["side"] == side)
        assert not any(e.kind == "quiet-step" and e["side"] == other for e in game.events(side))
    assert Game.from_record(game.record()).digest() == game.digest()
