"""The Orders list at 80×24, whole in both languages (issue 39: nothing cut in Polish that is
whole in English; issue 36: every option read without a key): Orders positions of seeded random
games whose lists were cut — four dimmed orders with their reasons, three Negotiations, Remove
rows — show every listed row's words and reason in full, in English and in Polish."""

from __future__ import annotations

import pytest

from semper_fidelis.bots import RandomBot
from semper_fidelis.engine import Game
from semper_fidelis.i18n import set_language

from .helpers import game_screen, sync, text_of
from .records import save
from .test_snapshots import app_for
from .test_whole_game import cut_options

#: (scenario, seed, actions played by RandomBot(seed)): each an Orders decision
POSITIONS = [(1, 5, 116), (1, 1, 44), (2, 1, 77), (2, 3, 7), (3, 1, 8)]


def _at(scenario: int, seed: int, actions: int) -> Game:
    game, bot = Game(scenario=scenario, seed=seed), RandomBot(seed)
    while len(game.actions) < actions:
        game.apply(bot.choose(game))
    assert game.decision().kind == "orders"
    return game


@pytest.mark.parametrize("language", ["en", "pl"])
@sync
async def test_the_orders_list_is_whole_at_80x24(tmp_path, language):
    app = app_for(tmp_path)
    cut = {}
    set_language(language)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            for i, where in enumerate(POSITIONS):
                assert app.open_save(save(_at(*where), tmp_path / "saves" / f"o{i}.json")) is None
                await pilot.pause()
                await pilot.pause()  # the list is fitted again once laid out
                cut[where] = cut_options(app)
                game_screen(app).leave()
                await pilot.pause()
    finally:
        set_language("en")
    assert not any(cut.values()), {where: rows for where, rows in cut.items() if rows}


@sync
async def test_the_orders_for_the_map_cursors_area_give_way_to_a_list_that_needs_the_lines(tmp_path):
    """At 80×24 the line naming the orders for the cursor's area is the detail's only where the
    list leaves it room (the Commander's line likewise): it cut the last Negotiation before."""
    game = _at(2, 3, 7)
    area = next(area for area, orders in game.orders_by_area().items() if "move" in orders)
    for size, crowded in (((80, 24), True), ((200, 60), False)):
        app = app_for(tmp_path)
        async with app.run_test(size=size) as pilot:
            assert app.open_save(save(game, tmp_path / "saves" / f"o{size[0]}.json")) is None
            await pilot.pause()
            await pilot.pause()
            screen = game_screen(app)
            screen.cursor = area
            screen._follow_map()
            await pilot.pause()
            assert not cut_options(app), size
            named = "move from here" in text_of(screen.query_one("#detail"))
            assert named != crowded, size  # with room (200×60) the line is there
