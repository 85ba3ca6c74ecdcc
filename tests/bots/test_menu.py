"""The general weighs its Orders without the whole menu being listed (issue 21's cheaper
playouts): its plans ask the Orders Phase one kind at a time, and choose exactly what they chose
with every option in hand."""

from __future__ import annotations

import copy

import pytest

import semper_fidelis.engine.game as game_module
from semper_fidelis.bots import GeneralBot, Seat
from semper_fidelis.bots.general import Menu
from semper_fidelis.engine import Game


@pytest.mark.parametrize("scenario", [2, 3])
def test_the_generals_orders_are_the_same_without_the_whole_menu(scenario: int, monkeypatch) -> None:
    game = Game(scenario, 21)
    bots = {s: GeneralBot(i) for i, s in enumerate(("PL", "ZURL"))}
    listed: list[str] = []
    real = game_module.legal_actions

    def listing(rules, state):
        listed.append(state.stack[-1]["kind"])
        return real(rules, state)

    monkeypatch.setattr(game_module, "legal_actions", listing)
    compared = 0
    while not game.over and compared < 40:
        pending = game.pending()
        bot, seat = bots[pending.player], Seat(game, pending.player)
        if pending.kind == "orders" and not (bot.plan and seat.allows(bot.plan[0])):
            twin = copy.deepcopy(bot)
            twin._look(seat)
            listed.clear()
            action = bot.choose(seat)
            assert "orders" not in listed  # the plans asked for parts, never the whole list
            assert twin._orders(seat, Menu(seat, seat.options())) == action
            assert twin.plan == bot.plan
            compared += 1
        else:
            action = bot.choose(seat)
        game.apply(action)
    assert compared == 40
