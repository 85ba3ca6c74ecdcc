"""Playing through the app with keys: every scenario starts, a whole turn of Scenario 2 with a
move, an assault and its battle, losses and the end of the turn; Esc, the map filter, undo;
a bot's turn."""

from __future__ import annotations

from semper_fidelis.tui.screens.game import GameScreen
from semper_fidelis.tui.screens.menu import MainMenuScreen
from semper_fidelis.tui.widgets.decision import DecisionPanel

from .conftest import SIZE
from .helpers import choose, choose_label, cursor_to, game_screen, labels, new_game, options, settle, start_game, sync, text_of


@sync
async def test_every_scenario_starts(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        for scenario in (1, 2, 3, 4, 5):
            if scenario == 1:  # through the menus by keys once; then straight from the app
                await start_game(pilot, scenario, pl="human", zurl="random")
            else:
                app.new_game(scenario, {"PL": "human", "ZURL": "bot"}, privacy=True)
                await pilot.pause()
            await settle(pilot)
            screen = game_screen(app)
            assert isinstance(app.screen, GameScreen)
            game = screen.session.game
            assert game.rules.number == scenario
            d = game.decision()
            assert d.player == "PL"
            if scenario == 1:  # ZURL, a bot with the initiative, has played its turn already
                assert any(line.startswith("ZURL") for line in game.state.log[2:])
            assert sorted(options(app)) == sorted(d.actions)  # exactly the legal actions
            if scenario in (4, 5):  # deployment: the engine's deploy decisions, areas lit on the map
                assert d.kind == "deploy"
                assert screen.query_one("#map").position.highlighted == {a.split()[1] for a in d.actions}
                await choose(pilot, d.actions[0])
            await pilot.press("q")
            assert isinstance(app.screen, MainMenuScreen)


@sync
async def test_a_whole_turn_of_scenario_2(make_app):
    app = make_app(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, 2)
        game = game_screen(app).session.game
        assert "Keep Czesław Mączyński as Commander" in labels(app)
        hand = text_of(game_screen(app).query_one("#hand"))  # privacy off: both hands open
        assert all(game.rules.card("PL", n).name[:12] in hand for n in game.state.hand["PL"])  # a line a card
        assert all(f"#{n}" in hand for n in game.state.hand["ZURL"])  # the other hand by number (c: in full)
        await choose(pilot, "keep")
        assert game.state.turn.ap == 4

        # a Move order, step by step; the origin is picked on the map with the arrow keys
        await choose(pilot, "move")
        await cursor_to(pilot, "sokolniki")
        await pilot.press("enter")
        assert game.decision().prompt.startswith("PL move: choose the units")
        await choose(pilot, "units 1v")
        row = next(r for r in game_screen(app).query_one(DecisionPanel).shown if r.action == "to szkola-sienkiewicza")
        # the engine's cost and words, under the line of the moves (issue 36: what differs on the row)
        assert (row.tag, row.group, row.label.plain) == ("−1 AP", "Move into", "Szkoła Sienkiewicza")
        await choose(pilot, "to szkola-sienkiewicza")
        assert game.state.turn.ap == 3

        # an Assault: the battle comes at once, with its own panel
        await choose(pilot, "assault")
        await choose(pilot, "from szkola-sienkiewicza")
        await choose(pilot, "units 3v")
        await choose_label(pilot, "Assault Koszary Ferdynanda from Szkoła Sienkiewicza")
        await choose(pilot, "fight")
        screen = game_screen(app)
        assert screen.has_class("-battle") and screen.query_one("#battle-box").display
        assert "BATTLE IN KOSZARY FERDYNANDA" in text_of(screen.query_one("#battle"))
        # the defender decides, then the battle runs through its steps: losses, advance
        seen_losses = False
        for _ in range(20):
            d = game.decision()
            if d.kind == "orders":
                break
            if d.kind == "losses":
                seen_losses = True
                assert screen.query_one("#battle-box").border_title == "Losses"
                # under 50 lines the options say each way's Losses, the box how many are left (issue 36)
                assert "still to take" in text_of(screen.query_one("#battle"))
                await choose(pilot, d.actions[-1])
                continue
            preferred = [a for a in ("fight", "pass", "stay") if a in d.actions]
            await choose(pilot, preferred[0] if preferred else d.actions[0])
        else:
            raise AssertionError("the battle did not end")
        assert seen_losses
        assert any(line.startswith("Battle in Koszary Ferdynanda: Strength") for line in game.state.log)
        assert screen.query_one("#battle-box").border_title == "Battle — finished"

        # the end of the turn: Battle Phase, tokens, cards, then ZURL's turn
        await choose(pilot, "end")
        for _ in range(20):
            if game.state.active == "ZURL":
                break
            d = game.decision()
            await choose(pilot, "draw" if "draw" in d.actions else d.actions[0])
        assert game.state.active == "ZURL"
        assert any(line.startswith("PL draws") for line in game.state.log)


@sync
async def test_escape_map_filter_and_undo(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, 2)
        game = game_screen(app).session.game
        await choose(pilot, "keep")
        before = game.state.digest()
        # Esc cancels an order not yet committed (its step choosing an area: after the whole list)
        await choose(pilot, "move")
        assert game.decision().kind == "order"
        await pilot.press("escape")
        assert game.decision().kind == "order" and game_screen(app).query_one(DecisionPanel).fold is None
        await pilot.press("escape")
        assert game.decision().kind == "orders"
        # Enter on an area named by several options narrows the list; Esc shows all again
        await choose(pilot, "fortify")
        await cursor_to(pilot, "szkola-sienkiewicza")
        await pilot.press("enter")
        narrowed = options(app)
        assert narrowed and all(a.split()[1] == "szkola-sienkiewicza" for a in narrowed)
        await pilot.press("escape")
        assert len(options(app)) > len(narrowed)
        # undo goes back step by step (fortify, cancel, move)
        await pilot.press("u", "u", "u")
        assert game.state.digest() == before and game.decision().kind == "orders"
        # never past new information: a new Commander was drawn
        await pilot.press("u")
        assert game.decision().kind == "commander"
        await choose(pilot, "change")
        assert not game.can_undo
        digest = game.state.digest()
        await pilot.press("u")
        assert game.state.digest() == digest
        assert any("cannot undo" in n.message for n in app._notifications)


@sync
async def test_a_click_on_the_map_chooses_the_area(make_app):
    """Mouse clicks work on the map too: clicking an area picks the option naming it."""
    from semper_fidelis.tui.widgets.map_view import MapView

    app = make_app(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, 2)
        game = game_screen(app).session.game
        await choose(pilot, "keep")
        await choose(pilot, "move")
        view = game_screen(app).query_one(MapView)
        top, left, _bottom, _right = view.board.boxes["sokolniki"]
        view.canvas.scroll_to(y=top, animate=False)
        await settle(pilot)
        await pilot.click(MapView, offset=(left + 2, top - round(view.canvas.scroll_y)))
        await settle(pilot)
        assert game.actions[-1] == "from sokolniki"
        assert game.decision().prompt.startswith("PL move: choose the units")
