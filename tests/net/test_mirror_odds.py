"""An attack weighed with a group given as notation (``1v``, as ``Game.battle_odds`` takes it,
net/protocol.py's ``Attack``): the host's odds tap returns its odds without sending them, and a
joiner's Mirror asks the host for them. Both failed in ``dict("1v")`` before (issue 37 typed the
attack)."""

from __future__ import annotations

from semper_fidelis.engine import BattleOdds, Game
from semper_fidelis.net.host import _OddsTap, seat_state
from semper_fidelis.net.mirror import Mirror
from semper_fidelis.net.protocol import Attack

#: Scenario 2, seed 3, at the start: one PL Volunteer in Dom Techników next to ZURL's Cytadela
AREA, ORIGIN = "cytadela", "dom-technikow"


def test_the_host_sends_the_odds_of_groups_by_type_only():
    game = Game(scenario=2, seed=3)
    tap = _OddsTap(game)
    by_type = tap.battle_odds(AREA, [(ORIGIN, {"pl-volunteer": 1})], side="PL")
    assert [o.attack for o in tap.asked.values()] == [[(ORIGIN, [("pl-volunteer", 1)])]]
    assert tap.battle_odds(AREA, [(ORIGIN, "1v")], side="PL") == by_type
    assert len(tap.asked) == 1  # the odds of the group as notation were not kept to send


def test_a_joiner_asks_the_host_for_a_group_given_as_notation():
    game = Game(scenario=2, seed=3)
    side = game.decision().player
    mirror = Mirror(game.data, 2, side)
    mirror.update(seat_state(game, side, 0, 0))
    asked: list[tuple[str, Attack | None]] = []

    def ask(area: str, attack: Attack | None) -> BattleOdds:
        asked.append((area, attack))
        return game.battle_odds(area, attack)

    mirror.ask = ask
    odds = mirror.battle_odds(AREA, [(ORIGIN, "1v")])
    assert asked == [(AREA, [(ORIGIN, "1v")])]
    assert odds == game.battle_odds(AREA, [(ORIGIN, {"pl-volunteer": 1})])
