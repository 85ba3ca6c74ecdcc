"""A joined seat's map names the orders concerning the cursor's area in its Orders, as the
table does (issue 23): the host says which (the seat has no engine to open an order on a copy;
asking its mirror for a copy crashed the joined app), and says nothing of it to the other seat
or at another step."""

from __future__ import annotations

import asyncio

from semper_fidelis.bots import RandomBot
from semper_fidelis.engine import Game
from semper_fidelis.engine.game import AREA_ORDERS
from semper_fidelis.net.host import seat_state
from semper_fidelis.net.mirror import Mirror
from semper_fidelis.tui.orders_here import WORDS, OrdersHere
from semper_fidelis.tui.remote import JoinApp, RemoteGameScreen
from semper_fidelis.tui.widgets.decision import DecisionPanel

from .conftest import SECRETS, hosting
from .test_remote_app import until


def _detail(screen) -> str:
    content = screen.query_one(DecisionPanel).query_one("#detail").content
    return getattr(content, "plain", str(content))


def _at_orders(scenario: int, seed: int) -> Game:
    game, bot = Game(scenario=scenario, seed=seed), RandomBot(seed)
    while game.decision().kind != "orders":
        game.apply(bot.choose(game))
    return game


def test_the_host_tells_the_seat_in_its_orders_which_orders_concern_each_area():
    game = _at_orders(2, 3)
    side = game.decision().player
    here = game.orders_by_area()
    assert here and {order for orders in here.values() for order in orders} <= set(WORDS)
    assert set(WORDS) == set(AREA_ORDERS)  # the table words every order the engine names
    mirror = Mirror(game.data, 2, side)
    mirror.update(seat_state(game, side, 0, 0))
    assert mirror.orders_by_area() == here
    area = next(iter(here))
    assert OrdersHere().orders(mirror, area) == OrdersHere().orders(game, area) == here[area]
    other = "ZURL" if side == "PL" else "PL"
    assert seat_state(game, other, 0, 0).orders_here == {}  # not its decision: nothing
    game.apply("move")
    assert seat_state(game, side, 0, 0).orders_here == {} == game.orders_by_area()  # not the Orders


def test_an_order_from_a_host_this_seat_cannot_word_is_not_named():
    game = _at_orders(2, 3)
    side = game.decision().player
    state = seat_state(game, side, 0, 0)
    area = next(iter(state.orders_here))
    mirror = Mirror(game.data, 2, side)
    mirror.update(state.model_copy(update={"orders_here": {area: ["move", "launch-rockets"]}}))
    assert OrdersHere().orders(mirror, area) == ["move"]


def test_a_joined_seat_moves_its_map_cursor_in_its_orders(tmp_path):
    async def main():
        game = Game(scenario=1, seed=3)
        async with hosting(game, {"PL": "remote", "ZURL": "random"}, bot_seeds={"ZURL": 1}) as host:
            app = JoinApp(f"127.0.0.1:{host.port}", "PL", SECRETS["PL"], saves_dir=tmp_path)
            async with app.run_test(size=(140, 45)) as pilot:
                def mine(kind: str | None = None) -> bool:
                    d = game.decision()
                    return (isinstance(app.screen, RemoteGameScreen) and d is not None and d.player == "PL"
                            and (kind is None or d.kind == kind) and not app.session.waiting
                            and len(app.session.game.actions) == len(game.actions))
                bot = RandomBot(5)
                for _ in range(40):
                    await until(pilot, mine)
                    if game.decision().kind == "orders":
                        break
                    before = len(game.actions)
                    app.session.apply(bot.choose(game))  # sent to the host as the screen sends it
                    await until(pilot, lambda b=before: len(game.actions) > b)
                screen = app.screen
                here = game.orders_by_area()
                area = next(a for a, orders in here.items() if "move" in orders)
                screen.cursor = area
                screen._follow_map()
                await pilot.pause()
                detail = _detail(screen)
                screen._render_detail()
                again = _detail(screen)
                return game.data.areas[area].name, detail, again, app.is_running

    name, detail, again, running = asyncio.run(main())
    assert running
    assert name in detail and "move from here" in detail
    assert again == detail
