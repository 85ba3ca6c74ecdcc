"""Typed payloads (issue 37): a seat's view and its events are checked by their types when a
state arrives (net/protocol.py's SeatState: the engine's PlayerView, EventData), so a joiner
never reads a view or an event of the wrong shape, and what arrives is what the host sent."""

from __future__ import annotations

import json
import random

import pytest
from pydantic import ValidationError

from semper_fidelis.engine import Event, Game
from semper_fidelis.net.host import seat_state
from semper_fidelis.net.protocol import EventData, HostMessage, SeatState


def _played(actions: int = 80) -> Game:
    game, rng = Game(2, 3), random.Random(3)
    for _ in range(actions):
        game.apply(rng.choice(game.legal()))
    return game


def test_a_seat_state_arrives_with_its_view_and_events_as_sent():
    game = _played()
    sent = seat_state(game, "PL", 0, 0)
    arrived = HostMessage.validate_json(sent.model_dump_json())
    assert isinstance(arrived, SeatState) and arrived.view == sent.view and "seed" not in arrived.view
    assert all(isinstance(e, EventData) for e in arrived.events)
    assert [Event.from_dict(e.plain()) for e in arrived.events] == game.events("PL")  # the facts too


@pytest.mark.parametrize("where, bad", [
    ("view", lambda m: m["view"]["decision"].update(kind="atack")),
    ("view", lambda m: m["view"].update(round="three")),
    ("view", lambda m: m["view"].pop("vp")),
    ("events", lambda m: m["events"][0].update(kind="game_over")),
    ("events", lambda m: m["events"][0].pop("visible")),
])
def test_a_state_with_a_mistyped_view_or_event_is_refused(where, bad):
    message = json.loads(seat_state(_played(), "PL", 0, 0).model_dump_json())
    bad(message)
    with pytest.raises(ValidationError, match=where):
        HostMessage.validate_json(json.dumps(message))
