"""The view is built from an allow-list (issue "Typed core"): what each player may see is named
field by field, so a field added to the state stays out of every view until someone decides."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

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


def test_a_lazy_view_reads_as_the_view_and_refuses_a_later_position() -> None:
    """What bots read (``Game.lazy_view``, each field copied when first read) is the view, for
    every viewer; read after an action it raises rather than mix two positions."""
    game, rng = Game(2, 4), random.Random(4)
    for _ in range(120):
        for player in (None, "PL", "ZURL", "table"):
            assert dict(game.lazy_view(player)) == game.view(player)
        game.apply(rng.choice(game.legal()))
    lazy = game.lazy_view("PL")
    round_then = lazy["round"]
    game.apply(rng.choice(game.legal()))
    assert lazy["round"] == round_then  # read before the action: kept as it was
    with pytest.raises(RuntimeError, match="moved on"):
        lazy["units"]
    with pytest.raises(KeyError):
        game.lazy_view(None)["rng"]  # never in a view
