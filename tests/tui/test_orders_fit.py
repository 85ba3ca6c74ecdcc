"""The Orders list at 80×24, whole in both languages (issue 39: nothing cut in Polish that is
whole in English; issue 36: every option read without a key): Orders positions of seeded random
games whose lists were cut — four dimmed orders with their reasons, three Negotiations, Remove
rows — show every listed row's words and reason in full, in English and in Polish."""

from __future__ import annotations

import pytest

from semper_fidelis.bots import RandomBot
from semper_fidelis.engine import Game
from semper_fidelis.i18n import set_language

from .helpers import game_screen, sync
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
