"""An Event step skipped though the side holds Event cards says why, to that side only
(issue 23: "An Event is skipped without a word")."""

from __future__ import annotations

import random

import pytest

from semper_fidelis.engine import Game


@pytest.mark.rule("§5.1")
def test_a_skipped_event_step_says_why_to_its_side_only():
    game, rng = Game(scenario=2, seed=0), random.Random(0)
    for _ in range(75):  # random play, seed 0: PL's turn starts holding only an Event with nothing to act on
        game.apply(rng.choice(game.legal()))
    said = [e.text for e in game.last_events("PL") if "plays no Event" in (e.text or "")]
    assert said == ["PL plays no Event this turn: PL #19 Jewish Pogrom cannot take effect now."]
    assert not any("Jewish Pogrom" in (e.text or "") for e in game.events("ZURL"))
