"""The map in the game screen (issue 11): the whole board with its connections at 120×40, the
map and the panels taking turns at 80×24, the legend on a key, the space used at 200×60, and
the areas the other side's last turn changed marked."""

from __future__ import annotations

from contextlib import asynccontextmanager

from semper_fidelis.render.map_style import CHANGED_MARK
from semper_fidelis.tui.last_move import last_turn_areas
from semper_fidelis.tui.widgets.decision import DecisionPanel
from semper_fidelis.tui.widgets.map_view import MapView

from .helpers import choose, game_screen, settle, sync, text_of


@asynccontextmanager
async def opening(make_app, size: tuple[int, int]):
    """Scenario 2's first screen at ``size``, both sides human, hands open: (pilot, screen)."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        app.new_game(2, {"PL": "human", "ZURL": "human"}, privacy=False)
        await pilot.pause()
        yield pilot, game_screen(app)


def _label_bar(board, area: str) -> str:
    """The plain text of ``area``'s label bar as last drawn."""
    top, left, _, right = board.boxes[area]
    return board.last_lines[top].plain[left:right]


async def _footer(pilot, screen) -> list[str]:
    """The footer's key descriptions, once the footer has composed them (it does so after the
    screen's bindings settle: under load, some polls later)."""
    for _ in range(100):
        keys = [key.description for key in screen.query("FooterKey")]
        if keys:
            return keys
        await pilot.pause(0.01)
    raise AssertionError("the footer shows no keys")


@sync
async def test_at_120x40_the_whole_board_shows_without_scrolling(make_app):
    async with opening(make_app, (120, 40)) as (pilot, screen):
        view = screen.query_one(MapView)
        board = view.board
        assert board is not None and view.canvas.max_scroll_y == 0
        assert set(board.boxes) == set(screen.positions)  # every area has its cell …
        assert all(bottom <= view.size.height and right <= view.size.width for _, _, bottom, right in board.boxes.values())
        # the links not drawn are named in the line about the cursor's area (all its neighbours)
        assert view.size.height >= len(view.canvas.strips) == board.grid_height
        info = text_of(screen.query_one("#area-info"), 80)
        assert "next to" in info and all(screen.data.areas[n].name in " ".join(info.split())
                                         for n in screen.data.areas[screen.cursor].neighbours)
        decision = screen.query_one(DecisionPanel)
        assert decision.region.width >= 40 and decision.region.bottom <= 40
        assert "Map/panels" not in await _footer(pilot, screen)  # both are on screen: no space
        await pilot.press("space")
        assert decision.region.width >= 40 and view.region.width


@sync
async def test_at_80x24_map_and_panels_take_turns(make_app):
    async with opening(make_app, (80, 24)) as (pilot, screen):
        decision, view = screen.query_one(DecisionPanel), screen.query_one(MapView)
        hand = screen.query_one("#hand-box")
        # the decision beside the hand, half the screen each (issue 23: all in view at once)
        assert decision.display and decision.region.width == 40 == hand.region.width and not view.region.width
        assert hand.region.x == 40 and hand.region.height == decision.region.height
        assert "Map/panels" in await _footer(pilot, screen)
        await pilot.press("space")
        assert view.region.width == 80 and not decision.region.width
        await pilot.press("space")
        assert decision.region.width == 40
        for _ in range(12):  # the arrows bring the map up, and it scrolls to follow the cursor
            await pilot.press("down")
        canvas = view.canvas
        assert view.region.width == 80 and canvas.scroll_y > 0
        top, _, bottom, _ = view.board.boxes[screen.cursor]
        assert canvas.scroll_y <= top and bottom <= canvas.scroll_y + canvas.size.height


@sync
async def test_the_legend_on_a_key(make_app):
    async with opening(make_app, (120, 40)) as (pilot, screen):
        view = screen.query_one(MapView)
        legend = view.query_one("#map-legend")
        assert not legend.display
        await pilot.press("g")
        assert legend.display and "Barricade facing" in text_of(legend) and "Railways" in text_of(legend)
        await pilot.press("g")
        assert not legend.display and view.canvas.display


@sync
async def test_at_200x60_the_space_is_used(make_app):
    async with opening(make_app, (200, 60)) as (pilot, screen):
        view = screen.query_one(MapView)
        assert len(view.board.last_lines) >= view.size.height - 8  # not 15 blank rows under the map
        assert screen.query_one(DecisionPanel).region.width > 60


def _pl_turn(seed: int) -> list[str]:
    """PL's first turn of Scenario 2, over as soon as it may be: its Commander kept, the orders
    ended at once, the cards drawn."""
    from semper_fidelis.engine import Game

    game = Game(2, seed=seed)
    game.apply("keep")
    while game.decision().player == "PL":
        d = game.decision()
        game.apply("end" if "end" in d.actions else "draw" if "draw" in d.actions else d.actions[0])
    return game.actions


@sync
async def test_the_bots_last_turn_is_marked_on_the_map(make_app):
    from semper_fidelis.engine import Game

    *before, last = _pl_turn(3)
    game = Game(2, seed=3)
    for action in before:  # by keys only PL's last decision: the app's turns by keys are test_play's
        game.apply(action)
    app = make_app(seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        app.new_game(2, {"PL": "human", "ZURL": "general"}, privacy=True, game=game)
        await pilot.pause()
        screen = game_screen(app)
        await choose(pilot, last)
        for _ in range(30):  # then ZURL, the bot, plays its turn
            if any(e.kind == "turn" and e.get("side") == "ZURL" for e in game.events("PL")):
                break
            d = game.decision()
            await choose(pilot, "end" if "end" in d.actions else "draw" if "draw" in d.actions else d.actions[0])
        await settle(pilot)
        assert game.decision().player == "PL"
        changed = last_turn_areas(game.events("PL"), "ZURL")
        assert changed, "the bot changed nothing on the map"
        view = screen.query_one(MapView)
        assert view.position.changed == changed
        board = view.board
        for area in screen.positions:
            assert (CHANGED_MARK in _label_bar(board, area)) == (area in changed), area
