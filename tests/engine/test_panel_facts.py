"""What the battle and loss panels are told (issue 11's defects): Medicine only when it was
played, the Losses absorbed so far, the sides of attack as fought, the units still inside, and
an Assault decision that says why it has only one way on."""

from __future__ import annotations

import pytest
from helpers import force_battle_card, give_tokens, new_game, order, put, quiet_board


def two_sided_assault(inside: str = ""):
    """PL assaults Rynek (3 ZURL Volunteers) from Dom Akademicki and Podzamcze; ZURL holds a
    Machine Gun and a Medicine token."""
    g = new_game(2, seed=7)
    quiet_board(g)
    put(g, "rynek", "ZURL", "3v")
    if inside:
        put(g, "rynek", "PL", inside)
    put(g, "dom-akademicki", "PL", "3v")
    put(g, "podzamcze", "PL", "2v")
    g.state.hand["PL"], g.state.hand["ZURL"] = [], []
    give_tokens(g, "ZURL", "machine-gun1", "medicine1")
    g.state.turn.ap = 8
    order(g, "assault", "dom-akademicki", "3v", "rynek via dom-akademicki attack")
    for action in ("assault more", "from podzamcze", "units 2v", "to rynek via podzamcze attack", "fight"):
        g.apply(action)
    return g


@pytest.mark.rule("§7.2 Medicine")
def test_a_combat_token_is_not_medicine_and_absorbed_counts_every_loss_taken():
    g = two_sided_assault()
    force_battle_card(g, 2, 0)
    g.apply("token machine-gun1")  # ZURL's one combat token of the battle (§7.2)
    seen = []
    while g.decision().kind == "losses":
        losses = g.view(None)["losses"]
        seen.append((losses["side"], losses["total"], losses["absorbed"], losses["remaining"]))
        assert losses["medicine"] is False  # no Medicine was played, only a Machine Gun
        assert losses["absorbed"] == losses["total"] - losses["remaining"]
        assert not any(a.startswith("medicine") for a in g.legal())
        g.apply(g.legal()[0])
    assert {side for side, *_ in seen} == {"PL", "ZURL"}


def test_the_sides_of_attack_stay_as_fought_while_the_winner_advances():
    g = two_sided_assault()
    force_battle_card(g, 2, 0)
    g.apply("pass")
    while g.decision().kind != "battle" or not g.legal()[0].startswith("advance"):
        g.apply(g.legal()[0])
    assert g.view(None)["battle"]["winner"] == "PL"
    while g.legal()[0].startswith("advance"):
        assert g.view(None)["battle"]["sides_of_attack"] == 2
        g.apply(g.legal()[0])


def test_units_inside_that_were_lost_are_no_longer_shown_inside():
    g = two_sided_assault(inside="2v")
    assert g.view(None)["battle"]["inside"] == {"pl-volunteer": 2}
    force_battle_card(g, 0, 2)  # ZURL wins: PL takes Losses, among them the units inside
    g.apply("pass")
    while g.decision().kind != "losses" or g.decision().player != "PL":
        g.apply(g.legal()[0])
    g.apply("disperse v@rynek")
    assert g.view(None)["battle"]["inside"] == {"pl-volunteer": 1}


def test_an_assault_with_one_way_on_says_why():
    g = new_game(2, seed=7)
    quiet_board(g)
    put(g, "rynek", "ZURL", "1v")
    put(g, "dom-akademicki", "PL", "3v")
    g.state.turn.ap = 2
    order(g, "assault", "dom-akademicki", "3v", "rynek via dom-akademicki attack")
    d = g.decision()
    assert d.actions == ("fight",) and "no AP for another Assault group into Rynek" in d.prompt
    g.state.units["rynek"] = {k: v for k, v in g.state.units["rynek"].items() if not k.startswith("zurl")}
    g._legal = None
    assert "no one is left to fight in Rynek" in g.decision().prompt
    assert g.options()[0].label == "Go on: no battle in Rynek (no one left to fight)"


@pytest.mark.rule("§5.2")
def test_the_scoring_preview_is_what_the_end_of_stage_gives():
    """score_if_stage_ended() names the items End of Stage applies (§5.2), here and there in a game."""
    import random

    from semper_fidelis.engine import Game
    from semper_fidelis.engine.scoring import score_stage

    game, rng = Game(2, 6), random.Random(6)
    for _ in range(6):
        for _ in range(40):
            game.apply(rng.choice(game.legal()))
        preview = game.score_if_stage_ended()
        state = game.state.clone()
        score_stage(game.rules, state)
        for side in ("PL", "ZURL"):
            expected = max(game.data.tracks.victory_min, min(game.data.tracks.victory_max, game.state.vp[side] + sum(vp for _, vp in preview[side])))
            assert state.vp[side] == expected
    assert any(vp for items in preview.values() for _, vp in items)


@pytest.mark.rule("§9.2")
def test_the_log_says_why_the_defender_cannot_evade():
    g = two_sided_assault()  # ZURL holds no cards and has nowhere to go: the public reason is told
    assert "ZURL cannot evade: no adjacent area it holds (or neutral area with room) can take all its units." in g.state.log
    assert not any(a.startswith(("discard", "evade")) for a in g.legal())  # no Evasion asked


def test_a_view_for_the_table_hides_both_hands():
    from semper_fidelis.engine import Game

    view = Game(2, 1).view("table")
    assert all(card is None for side in ("PL", "ZURL") for card in view["hand"][side])
    assert all(t["kind"] is None for side in ("PL", "ZURL") for t in view["my_tokens"][side])
    assert view["decision"]["actions"] == []
