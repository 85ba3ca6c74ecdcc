"""Snapshots of the main menu, the End of Stage report and the game screen at 80×24, 120×40 and
200×60 — Scenario 2's opening, a battle, a loss distribution — (update with
``pytest --snapshot-update`` after a deliberate change)."""

from __future__ import annotations

import pytest

from semper_fidelis.tui.app import SemperFidelisApp

from .conftest import SIZE
from .records import at_a_battle, at_a_loss_distribution, before_stage_end, save

SIZES = {"80x24": (80, 24), "120x40": (120, 40), "200x60": (200, 60)}
SITUATIONS = {"battle": at_a_battle, "losses": at_a_loss_distribution}


def app_for(tmp_path) -> SemperFidelisApp:
    return SemperFidelisApp(saves_dir=tmp_path / "saves", bot_pace=0, seed=1)


def test_main_menu(snap_compare, tmp_path):
    assert snap_compare(app_for(tmp_path), terminal_size=SIZE)


@pytest.mark.parametrize("size", SIZES)
def test_game_screen_scenario_2_start(snap_compare, tmp_path, size):
    app = app_for(tmp_path)

    async def start(pilot):
        app.new_game(2, {"PL": "human", "ZURL": "human"}, privacy=False)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZES[size], run_before=start)


def at_the_orders(seed: int = 1):
    """Scenario 2, PL's first Orders Phase: the stable keys, the whole hand, Morale numbers."""
    from semper_fidelis.engine import Game

    game = Game(scenario=2, seed=seed)
    while game.decision().kind != "orders":
        game.apply("event pass" if "event pass" in game.legal() else game.legal()[0])
    return game


@pytest.mark.parametrize("size", SIZES)
def test_game_screen_orders(snap_compare, tmp_path, size):
    app = app_for(tmp_path)
    path = save(at_the_orders(), tmp_path / "saves" / "orders.json")

    async def load(pilot):
        assert app.open_save(path) is None
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZES[size], run_before=load)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("situation", SITUATIONS)
def test_game_screen_in_a_battle(snap_compare, tmp_path, situation, size):
    app = app_for(tmp_path)
    path = save(SITUATIONS[situation](), tmp_path / "saves" / f"{situation}.json")

    async def load(pilot):
        assert app.open_save(path) is None
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZES[size], run_before=load)


@pytest.mark.parametrize("size", SIZES)
def test_game_screen_choosing_an_area(snap_compare, tmp_path, size):
    """A Move's destination: the lit areas with their keys, the panel on the cursor's area."""
    from .test_area_choice import destinations

    app = app_for(tmp_path)
    path = save(destinations(), tmp_path / "saves" / "area.json")

    async def load(pilot):
        assert app.open_save(path) is None
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZES[size], run_before=load)


def test_end_of_stage_screen(snap_compare, tmp_path):
    app = app_for(tmp_path)
    game, last = before_stage_end()
    path = save(game, tmp_path / "saves" / "stage.json")

    async def finish_stage(pilot):
        from semper_fidelis.tui.screens.stage import StageScreen

        assert app.open_save(path) is None
        await pilot.pause()
        app.game_screen.apply(last)  # the last action of the Stage, as the player's
        await pilot.pause()
        assert isinstance(app.screen, StageScreen)

    assert snap_compare(app, terminal_size=SIZE, run_before=finish_stage)
