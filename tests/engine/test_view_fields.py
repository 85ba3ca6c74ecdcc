"""The view is built from an allow-list (issue "Typed core"): what each player may see is named
field by field, so a field added to the state stays out of every view until someone decides."""

from __future__ import annotations

from dataclasses import fields

from semper_fidelis.engine import Game
from semper_fidelis.engine.state import State
from semper_fidelis.engine.view import PUBLIC, SHOWN_OTHERWISE


def test_every_state_field_is_decided_public_or_shown_otherwise():
    names = {f.name for f in fields(State)}
    assert not PUBLIC & SHOWN_OTHERWISE
    assert names == PUBLIC | SHOWN_OTHERWISE, f"decide what the view shows of: {sorted(names - PUBLIC - SHOWN_OTHERWISE)}"


def test_a_new_state_field_is_private_until_decided():
    game = Game(2, 1)
    game.state.secret_plan = ["attack Rynek"]  # a field nobody has decided on yet
    for player in (None, "PL", "ZURL", "table"):
        view = game.view(player)
        assert "secret_plan" not in view
        assert "attack Rynek" not in repr(view)
