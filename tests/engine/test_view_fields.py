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


def test_the_view_is_a_player_view_by_key_and_by_type():
    """The PlayerView TypedDict (issue 37) names every key a view has, no more, and the values
    have its types: pydantic validates views of random games of every scenario, for every
    viewer and for the lazy view, against it."""
    from dataclasses import fields as dataclass_fields

    from pydantic import TypeAdapter

    from semper_fidelis.engine import PlayerView, TurnView
    from semper_fidelis.engine.state import TurnState

    checker = TypeAdapter(PlayerView)
    assert set(PlayerView.__annotations__) == set(Game(1, 0).view(None))
    assert set(TurnView.__annotations__) == {f.name for f in dataclass_fields(TurnState)}
    for scenario in (1, 2, 3, 4, 5):
        game, rng = Game(scenario, scenario), random.Random(scenario)
        while not game.over:
            if len(game.actions) % 40 == 0:
                for player in (None, "PL", "ZURL", "table"):
                    view = game.view(player)
                    assert checker.validate_python(view) == view
                assert checker.validate_python(dict(game.lazy_view("PL"))) == game.view("PL")
            game.apply(rng.choice(game.legal()))
        assert checker.validate_python(game.view(None))["result"]["termination"] == game.outcome.termination.value


def test_a_view_with_a_value_of_the_wrong_type_is_refused():
    from pydantic import TypeAdapter, ValidationError

    from semper_fidelis.engine import PlayerView

    view = Game(2, 1).view("PL")
    for key, bad in (("round", "three"), ("decision", {**view["decision"], "kind": "atack"}), ("active", "UKR")):
        with pytest.raises(ValidationError, match=key):
            TypeAdapter(PlayerView).validate_python({**view, key: bad})
