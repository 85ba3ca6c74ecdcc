"""The turn summary and the private notices, from the engine's events (issue 11): what the
other side did, never what it alone may know."""

from __future__ import annotations

import io
import random

from rich.console import Console

from semper_fidelis.engine import Game
from semper_fidelis.tui.session import Session
from semper_fidelis.tui.summary import headline, others_events, private_notices, summary_renderable


def plain(renderable) -> str:
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def a_played_round(seed: int = 3) -> Game:
    game, rng = Game(2, seed), random.Random(seed)
    while game.state.round < 2 and not game.over:
        game.apply(rng.choice(game.legal()))
    return game


def test_the_summary_tells_the_other_sides_turn_and_nothing_it_alone_knows():
    game = a_played_round()
    for me, other in (("PL", "ZURL"), ("ZURL", "PL")):
        events = game.events(me)
        told = others_events(events, me)
        assert told and all(e.turn != me and e.visible in ("all", me) for e in told)
        text = plain(summary_renderable(events, me))
        assert f"{other} drew #" not in text  # the other side's drawn cards stay hidden
        secret = [e.text for e in game.events(other) if e.visible == other and e.text]
        assert secret and not any(line in text for line in secret)
        assert text.startswith(headline(told))


def test_nothing_to_tell_gives_no_summary():
    game = Game(2, 1)
    assert summary_renderable(game.events("PL"), "PL") is None


def test_notices_name_the_cards_drawn_and_the_token_taken_face_down():
    game = a_played_round()
    for side in ("PL", "ZURL"):
        notices = private_notices(game, game.events(side), side)
        drawn = [n for e in game.events(side) if e.kind == "draw" and e.visible == side for n in e["cards"]]
        names = [next(c.name for c in game.data.decks[side].cards if c.number == n) for n in drawn]
        assert drawn and all(name in " ".join(notices) for name in names)
        taken = [e for e in game.events(side) if e.kind == "token" and e.visible == side]
        assert taken and sum("face down: only you know it" in n for n in notices) == len(taken)
        other = "ZURL" if side == "PL" else "PL"
        assert not private_notices(game, game.events(other), side)  # the other side's view holds none of them


def test_session_news_is_told_once():
    session = Session(game=Game(2, 3), privacy=False)
    rng = random.Random(3)
    for _ in range(30):
        session.game.apply(rng.choice(session.game.legal()))
    first = session.news("ZURL")
    assert first and session.news("ZURL") == []


def test_the_headline_counts_in_words():
    game = a_played_round()
    told = others_events(game.events("PL"), "PL")
    line = headline(told)
    assert "takens" not in line and "Loss taken" not in line
    assert all(part.split(" ", 1)[0].isdigit() for part in line.split(", "))


def test_the_summary_tells_map_changes_and_leaves_out_what_you_did_in_their_turn():
    """Mobilizing, placing a Relief, building a Barricade are told as changes on the map; your
    own card, Losses and evasions while answering in their battles are not news to you."""
    from semper_fidelis.tui.summary import ACTED, kind_told

    game = a_played_round(seed=5)
    for me, other in (("PL", "ZURL"), ("ZURL", "PL")):
        told = others_events(game.events(me), me)
        assert not [e.text for e in told if kind_told(e) in ACTED and e.get("side") == me]
        theirs = [e.text for e in game.events(me) if e.kind == "note" and e.get("side") == other and e.turn == other
                  and any(e.get(f) for f in ("area", "from_area", "to_area"))]
        assert theirs and all(text in [e.text for e in told] for text in theirs)
        assert "other change" in headline(told)
    mine_in_theirs = [e for e in game.events("PL") if e.turn == "ZURL" and e.get("side") == "PL" and e.kind in ("card", "loss", "note")]
    assert mine_in_theirs  # the check above had something to leave out


def test_a_token_used_for_its_effect_is_told():
    """Issue 36: the first summary left out a Plane token (its use was a bare log line): every
    token the other side uses is told, over random games."""
    from semper_fidelis.engine.actions import UseToken

    told_uses = []
    for seed in range(8):
        game, rng = Game(2, seed), random.Random(seed)
        while game.state.round < 3 and not game.over:
            action = rng.choice(game.legal())
            side, before = game.decision().player, len(game.events(None))
            game.apply(action)
            if isinstance(action, UseToken):
                other = "ZURL" if side == "PL" else "PL"
                used = [e for e in game.events(None)[before:] if e.text and " uses " in e.text]
                told = [e.text for e in others_events(game.events(other), other)]
                assert used and all(e.text in told for e in used), used
                told_uses.append(used[0].text)
    assert any("Plane" in text for text in told_uses), told_uses
