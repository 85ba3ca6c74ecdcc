"""Playing on the map with stable keys (issue 23): a whole turn with the arrows and Enter, and
with the mouse; keys that keep their meaning when an order cannot be afforded; the cursor's
predictable steps among the lit areas; a cursor step that repaints a few lines, not the map."""

from __future__ import annotations

from semper_fidelis.engine import Game
from semper_fidelis.tui.keys import assign_keys, press
from semper_fidelis.tui.mapnav import step
from semper_fidelis.tui.widgets.decision import DecisionPanel
from semper_fidelis.tui.widgets.map_view import MapView

from .conftest import SIZE
from .helpers import choose, game_screen, keys, settle, sync, text_of


def _panel(app) -> DecisionPanel:
    return game_screen(app).query_one(DecisionPanel)


def _keyed(app) -> dict[str, str]:
    """Action -> its key, for the legal rows shown."""
    return {r.action: r.key for r in _panel(app).shown}


async def _to_orders(pilot, app) -> Game:
    app.new_game(2, {"PL": "human", "ZURL": "human"}, privacy=False)
    await pilot.pause()
    game = game_screen(app).session.game
    while game.decision().kind != "orders":
        d = game.decision()
        await (keys(pilot, "e", "enter") if d.kind == "event" else choose(pilot, d.actions[0]))
    return game


async def _cursor_to(pilot, screen, area: str) -> None:
    """Arrow keys until the cursor is on ``area`` (the rule of mapnav, among what is lit)."""
    for _ in range(40):
        if screen.cursor == area:
            return
        (x, y), (cx, cy) = screen.positions[area], screen.positions[screen.cursor]
        await keys(pilot, "right" if x > cx else "left" if x < cx else "down" if y > cy else "up")
    assert screen.cursor == area


def test_the_arrow_rule_is_geometric_and_wraps_at_the_edge():
    pos = {"a": (0, 0), "b": (3, 0), "c": (1, 1), "d": (1, 3), "e": (4, 2)}
    assert step(pos, "a", "right") == "c"  # within 45°: nearer than b
    assert step(pos, "c", "down") == "d"
    assert step(pos, "d", "down") == "a"  # the bottom: round to the top, nearest the column
    assert step(pos, "c", "down", among={"a", "e"}) == "e"  # only the lit areas
    assert step(pos, "a", "up", among={"a"}) == "a"


def test_down_from_sokolniki_goes_somewhere():
    data = Game(scenario=2, seed=1).data
    positions = {a.id: a.pos for a in data.board.areas}
    bottom = max(y for _, y in positions.values())
    assert positions["sokolniki"][1] == bottom
    there = step(positions, "sokolniki", "down")
    assert there != "sokolniki" and positions[there][1] == min(y for _, y in positions.values())


def test_keys_are_fixed_by_kind_and_repeat_for_a_second_row():
    from semper_fidelis.engine import Option

    opts = [Option("end", "end", "End", closes=True), Option("move", "order", "Move"),
            Option("card 8", "card", "Play #8", card=8), Option("effect 8", "card-effect", "#8 effect", card=8),
            Option("supply food1", "supply-token", "Supply"), Option("supply plane3", "supply-token", "Supply"),
            Option("from rynek", "from", "Rynek", area="rynek")]
    keys_ = assign_keys(opts, {"rynek": "30"})
    assert keys_ == ["e", "m", "08", "08", "t", "t", "30"]
    assert press(keys_, "t", None) == (4, "") and press(keys_, "t", 4, "t") == (5, "") and press(keys_, "t", 5, "t") == (4, "")
    assert press(keys_, "08", None) == (2, "") and press(keys_, "08", 2, "08") == (3, "")


@sync
async def test_stable_keys_and_dimmed_orders_with_the_reason(make_app):
    """Every order keeps its letter; with 1 AP left Assault stays in the list, dimmed, with why,
    and its key says so instead of picking something else."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        game = await _to_orders(pilot, app)
        keyed = _keyed(app)
        assert {keyed[o] for o in ("move", "assault", "fortify", "mobilize", "provision", "end")} == set("mafbpe")
        while game.view("PL")["turn"]["ap"] > 1:  # spend AP on Propaganda / Barricades until 1 is left
            await keys(pilot, "f")  # a whole key: no Enter
            fortify = next(o for o in game.options() if o.kind == "barricade" or o.kind == "redoubt")
            await choose(pilot, fortify.notation)
            while game.decision().kind != "orders":
                await keys(pilot, "e", "enter")
        assert "assault" not in game.legal()
        panel = _panel(app)
        assault = next(r for r in panel.blocked if r.option.notation == "assault")
        assert assault.key == "a" and assault.blocked == "needs 2 AP"
        before = len(game.actions)
        await keys(pilot, "a", "enter")
        assert any("needs 2 AP" in n.message for n in app._notifications)
        assert len(game.actions) == before or game.actions[before] != "assault"
        assert _keyed(app)["move"] == "m" and _keyed(app)["end"] == "e"


@sync
async def test_a_whole_turn_on_the_map_with_arrows_and_enter(make_app):
    """Orders on the map: the cursor on an area, Enter lists the orders for it, a letter gives
    the order from there; the destinations are lit, the arrows step among them, the
    list follows, Enter moves; then End."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        game = await _to_orders(pilot, app)
        screen = game_screen(app)
        await _cursor_to(pilot, screen, "dom-akademicki")
        assert "move from here" in text_of(_panel(app).query_one("#detail"))
        screen._render_detail()  # the list fitted again once laid out draws the detail again: the line stays
        assert "move from here" in text_of(_panel(app).query_one("#detail"))
        await keys(pilot, "enter")
        assert "move" in [r.action for r in _panel(app).shown] and _panel(app).filter_note.startswith("Orders for")
        await keys(pilot, "m")
        assert game.actions[-2:] == ["move", "from dom-akademicki"]
        units = next(r for r in _panel(app).offered if r.action.startswith("units"))  # by its key
        await keys(pilot, *units.key, "enter")
        lit = screen._highlight_areas()
        assert lit == {o.area for o in game.options() if o.area}
        start = screen.cursor
        await keys(pilot, "down")
        assert screen.cursor in lit and screen.cursor != start  # a step goes to a lit area
        highlighted = _panel(app).highlighted_action
        assert highlighted is not None and screen.cursor in highlighted  # the list follows the map
        await _cursor_to(pilot, screen, "holosko")  # one way there: Enter moves
        await keys(pilot, "enter")
        assert game.actions[-1] == "to holosko"
        while game.decision().kind != "orders":
            await keys(pilot, "e", "enter")
        await keys(pilot, "e", "enter", "enter")
        assert game.actions[-1] == "end" and game.decision().kind != "orders"


@sync
async def test_a_turn_step_by_mouse_click_on_a_lit_area(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        game = await _to_orders(pilot, app)
        await keys(pilot, "m")
        view = game_screen(app).query_one(MapView)
        top, left, _, _ = view.board.boxes["szkola-kadecka"]
        await pilot.click(MapView, offset=(left + 2, top - round(view.canvas.scroll_y)))
        await settle(pilot)
        assert game.actions[-1] == "from szkola-kadecka"


@sync
async def test_a_cursor_step_repaints_a_few_lines_and_marks_the_neighbours(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await _to_orders(pilot, app)
        screen = game_screen(app)
        canvas = screen.query_one(MapView).canvas
        full = len(canvas.strips)
        await keys(pilot, "left")
        assert 0 < canvas.repainted <= 6 < full
        near = screen.data.areas[screen.cursor].neighbours
        assert canvas.position.near == set(near)
        top, left, _, _ = canvas.board.boxes[next(iter(near))]
        assert any(seg.style and seg.style.underline for seg in canvas.strips[top].crop(left, left + 4))
        info = " ".join(text_of(screen.query_one("#area-info"), 80).split())
        assert screen.data.areas[screen.cursor].name in info
        assert all(screen.data.areas[n].name in info for n in near)


@sync
async def test_cards_and_tokens_are_played_from_the_hand_panel_by_key_and_by_click(make_app):
    """In the Orders the cards and tokens are not repeated in the list: each line of the Hand
    panel carries its keys (07 for AP, 07 again for the effect; t Supply, y its effect). A key picks
    (the detail says which of the two), Enter plays; a click on a key plays at once; once a card
    is played the others stay on their lines, dimmed, and their keys say why."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        game = await _to_orders(pilot, app)
        panel, screen = _panel(app), game_screen(app)
        assert not any(r.option.card or r.option.token for r in panel.shown)  # not in the list …
        hand = sorted(game.view("PL")["hand"]["PL"])
        hand_text = text_of(screen.query_one("#hand"), 36)
        assert all(f"#{n}" in hand_text for n in hand)  # … but on the hand's lines, all 5
        card = next(r for r in panel.in_hand if r.option.kind == "card-effect")
        assert card.key == f"{card.option.card:02d}"  # the card's number, wherever it sits in the hand
        await keys(pilot, *card.key)
        assert panel.picked is not None and panel.picked.action == f"card {card.option.card}"
        await keys(pilot, *card.key)  # typed again: the effect
        assert panel.picked is card and f"{card.key}: for its effect" in text_of(panel.query_one("#detail"), 200)
        await keys(pilot, *card.key)  # and round again: for its AP
        ap = game.view("PL")["turn"]["ap"]
        await keys(pilot, "enter")
        assert game.actions[-1] == f"card {card.option.card}" and game.view("PL")["turn"]["ap"] > ap
        dimmed = [r for r in panel.in_hand if r.option.kind == "card"]
        assert dimmed and all(r.blocked == "one card a turn, played already" for r in dimmed)
        assert "one card a turn" in text_of(screen.query_one("#hand"), 80)  # said on the panel
        supply = next(r for r in panel.in_hand if r.option.kind == "supply-token")
        hand_box = screen.query_one("#hand")
        line = next(i for i, t in enumerate(text_of(hand_box, 36).splitlines()) if f" {supply.key} " in t)
        await pilot.click("#hand", offset=(2, line))  # the token's Supply key, by the mouse
        await settle(pilot)
        assert game.actions[-1] == supply.action


def test_a_token_that_cannot_be_used_now_is_dimmed_with_the_reason():
    """A Combat token in the Orders, and a second token for Supply in a turn: shown, dimmed,
    with why (the stable-keys rule: what cannot be done now is not removed)."""
    from semper_fidelis.tui.options import option_rows
    from semper_fidelis.tui.session import Session

    game = Game(scenario=2, seed=1)
    while game.decision().kind != "orders" or game.decision().player != "ZURL":
        game.apply("end" if game.decision().kind == "orders" else "event pass" if "event pass" in game.legal() else game.legal()[0])
    rows = option_rows(Session(game=game, privacy=False))
    tokens = game.view("ZURL")["my_tokens"]["ZURL"]
    combat = [t for t in tokens if t["kind"] in ("grenades", "machine-gun", "ammunition")]
    assert combat, tokens
    label = f"{combat[0]['kind']}{combat[0]['value']}"
    row = next(r for r in rows if r.option.token == label)
    assert row.blocked == "a Combat token: played in a battle" and row.in_hand and row.key.startswith("t")
