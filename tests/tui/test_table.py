"""The table at a glance (issue 11), played through the app: the turn summary after a bot's
turn, the card viewer, odds before an attack and in the battle panel, the warnings (AP left,
a neutral Militia), options that wrap, and notices of what you alone drew."""

from __future__ import annotations

from semper_fidelis.tui.screens.game import GameScreen
from semper_fidelis.tui.screens.info import InfoScreen
from semper_fidelis.tui.widgets.decision import DecisionPanel

from .conftest import SIZE
from .helpers import choose, game_screen, keys, new_game, settle, sync, text_of
from .test_whole_game import cut_options


def info_text(app) -> str:
    assert isinstance(app.screen, InfoScreen), type(app.screen).__name__
    return text_of(app.screen.query_one("#info-text"), width=96)


@sync
async def test_after_the_bots_turn_a_summary_tells_what_it_did_and_w_shows_it_again(make_app):
    app = make_app(seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, 1, pl="human", zurl="general", privacy=True)  # ZURL has the initiative
        for _ in range(400):
            if isinstance(app.screen, InfoScreen) and app.screen.query("#info-text"):  # pushed and composed (under load, a poll can fall between)
                break
            if isinstance(app.screen, InfoScreen):
                await pilot.pause(0.02)
                continue
            session = game_screen(app).session
            if not session.bot_to_move and session.view()["active"] == "ZURL":  # PL answering in ZURL's battles
                game_screen(app).apply(session.game.legal()[0])
            await pilot.pause(0.02)
        game = game_screen(app).session.game
        assert game.view(None)["active"] == "PL"  # the summary opens when PL's own turn begins
        text = info_text(app)
        zurl_lines = [e.text for e in game.events("PL") if e.turn == "ZURL" and e.kind in ("move", "card", "track") and e.text]
        assert zurl_lines and all(line in " ".join(text.split()) for line in zurl_lines[:3])
        assert "PL" not in text.split("\n")[0] or "move" in text.split("\n")[0]  # a headline that counts
        await pilot.press("escape")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("w")
        assert zurl_lines[0] in " ".join(info_text(app).split())
        await pilot.press("w")
        assert isinstance(app.screen, GameScreen)


@sync
async def test_the_card_viewer_shows_your_hand_in_full_and_never_the_other(make_app):
    from semper_fidelis.engine import Game
    from semper_fidelis.tui.session import Session

    # ZURL's first turn played headless by the app's session and bot (through the app, by the
    # menus: the summary test above); PL answers in ZURL's battles with its first option
    players = {"PL": "human", "ZURL": "general"}
    session = Session(game=Game(1, seed=2), players=players, privacy=True)
    while session.bot_to_move or session.view()["active"] == "ZURL":
        session.apply(session.bot_action() if session.bot_to_move else session.game.legal()[0])
    app = make_app(seed=2)
    async with app.run_test(size=SIZE) as pilot:
        game = app.new_game(1, players, privacy=True, game=session.game).game
        await settle(pilot)
        await pilot.press("c")
        text = " ".join(info_text(app).split())
        for n in game.state.hand["PL"]:
            card = game.rules.card("PL", n)
            assert card.name in text and " ".join(card.effect.split()) in text  # the whole effect
        assert not any(game.rules.card("ZURL", n).name in text for n in game.state.hand["ZURL"])
        assert f"yours: {game.data.commander_by_id[game.state.commander['PL']].name}" in text
        await pilot.press("c")
        assert isinstance(app.screen, GameScreen)
        # the cards ZURL played face up in its turn are shown in full too
        played = [e for e in game.events("PL") if e.kind == "card" and e.get("side") == "ZURL"]
        assert played and game.rules.card("ZURL", played[-1]["card"]).name in text


@sync
async def test_odds_show_before_an_attack_and_in_the_battle_panel(make_app):
    app = make_app(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, 2)
        for action in ("keep", "card 24", "assault", "from szkola-sienkiewicza", "units 2v"):
            await choose(pilot, action)
        panel = game_screen(app).query_one(DecisionPanel)
        target = "to koszary-ferdynanda via szkola-sienkiewicza attack"
        panel.highlight([r.action for r in panel.shown].index(target))
        await pilot.pause()
        detail = " ".join(text_of(panel.query_one("#detail"), width=46).split())
        assert "Odds: PL wins 71% (149/210). BP PL" in detail
        assert "Not counted: cards and tokens still to play" in detail
        await keys(pilot, "enter")
        await choose(pilot, "fight")
        battle = " ".join(text_of(game_screen(app).query_one("#battle")).split())
        # at 120×40 the short form, so the box never scrolls (issue 36); the full list from 50 lines
        assert "Odds: PL wins" in battle and "Not counted: cards and tokens still to play" in battle


@sync
async def test_ending_the_orders_with_ap_left_asks_again(make_app):
    app = make_app(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, 2)
        await choose(pilot, "keep")
        game = game_screen(app).session.game
        await keys(pilot, "e", "enter")  # End's own key
        assert game.decision().kind == "orders" and game.actions[-1] == "keep"  # not ended: warned
        assert any("You still have 4 AP" in n.message for n in app._notifications)
        await keys(pilot, "e", "enter")
        assert game.actions[-1] == "end"


@sync
async def test_ap_left_with_only_orders_to_give_also_asks_again(make_app):
    """Later in a turn the card is played and only orders are left, whose cost comes in their
    later steps: ending with 2 AP still asks (a play-tester lost a turn's AP to '1 Enter')."""
    from semper_fidelis.engine import Game

    game = Game.from_position({"scenario": 1, "to_act": {"side": "PL", "phase": "orders"},
                               "turn": {"ap": 2, "card_played": True},
                               "units": {"dworzec-glowny": {"pl-volunteer": 3}, "szkola-sienkiewicza": {"pl-hq": 1},
                                         "rynek": {"zurl-hq": 1}}}, seed=1)
    assert all(o.ap_cost == 0 for o in game.options() if o.kind == "order")
    app = make_app(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        app.new_game(1, {"PL": "human", "ZURL": "human"}, privacy=False, game=game)
        await pilot.pause()
        screen = game_screen(app)
        screen.apply("end")
        await pilot.pause()
        assert game.decision().kind == "orders" and not game.actions  # not ended: warned
        screen.apply("end")
        assert game.actions == ["end"]


@sync
async def test_options_in_view_and_whole_say_ap_or_effect_and_your_commander_shows(make_app):
    app = make_app(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, 2)
        panel = game_screen(app).query_one(DecisionPanel)
        ol = panel.query_one("#options")
        labels = [r.label.plain for r in panel.shown]
        long = max(labels, key=len)
        assert len(long) > ol.size.width  # too long for one line …
        assert ol.virtual_size.height <= ol.size.height  # … yet all in view (issue 23) …
        assert not cut_options(app)  # … wrapped, read whole without a key (issue 36) …
        panel.highlight(labels.index(long))
        await pilot.pause()
        detail = " ".join(text_of(panel.query_one("#detail"), width=200).split())
        assert long in detail  # … and read in full under the list while highlighted
        await choose(pilot, "keep")
        rows = game_screen(app).query_one(DecisionPanel).offered
        tags = {r.action: r.tag for r in rows}
        assert tags["card 9"] == "+2 AP" and tags["effect 9"] == "effect"
        # nothing highlighted: the detail shows your own Commander's ability, where you decide
        panel = game_screen(app).query_one(DecisionPanel)
        detail = " ".join(text_of(panel.query_one("#detail"), width=46).split())
        game = game_screen(app).session.game
        boss = game.data.commander_by_id[game.state.commander["PL"]]
        assert f"Your Commander {boss.name}: {' '.join(boss.ability.text.split())}" in detail


@sync
async def test_scenario_5_deployment_places_several_units_at_once_and_undoes_them_as_one(make_app):
    """The placing counter opens on the most an area takes; − lowers it, Enter places that many."""
    app = make_app(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, 5)
        game = game_screen(app).session.game
        panel = game_screen(app).query_one(DecisionPanel)
        panel.highlight([r.action for r in panel.shown].index("place cytadela v"))
        await pilot.pause()
        assert panel.placing.n == panel.placing.most >= 4
        await keys(pilot, *["minus"] * (panel.placing.n - 3))
        await keys(pilot, "enter")
        await pilot.pause()
        assert game.actions == ["place cytadela v"] * 3
        assert game.state.units["cytadela"].get("pl-volunteer", 0) >= 3
        await pilot.press("u")
        await pilot.pause()
        assert game.actions == []
