"""Hot-seat privacy: an opaque hand-over screen whenever the other human must decide — also
mid-turn for the defender — and the screen shows only the viewer's hand."""

from __future__ import annotations

from semper_fidelis.engine import Game
from semper_fidelis.tui.panels import public_log
from semper_fidelis.tui.screens.game import GameScreen
from semper_fidelis.tui.screens.handover import HandoverScreen

from .conftest import SIZE
from .helpers import choose, game_screen, new_game, sync, text_of

#: PL's first decisions: an Assault on Koszary Ferdynanda, the defender (ZURL) to decide
ASSAULT = ("keep", "card 24", "assault", "from szkola-sienkiewicza", "units 2v",
           "to koszary-ferdynanda via szkola-sienkiewicza attack", "fight")


def card_names(game, side):
    return [game.rules.card(side, n).name for n in game.state.hand[side]]


@sync
async def test_handover_screen_hides_the_hands(make_app):
    app = make_app(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, 2, privacy=True)  # the menus by keys: test_play's test_every_scenario_starts
        assert isinstance(app.screen, HandoverScreen)  # PL must take the keyboard first
        assert "PL" in text_of(app.screen.query_one("#handover-text"))
        game = app.game_screen.session.game
        pl_cards, zurl_cards = card_names(game, "PL"), card_names(game, "ZURL")
        shown = app.export_screenshot()
        assert not any(name in shown for name in pl_cards + zurl_cards)  # opaque: nothing shows

        await pilot.press("space")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        hand = text_of(game_screen(app).query_one("#hand"))
        assert all(name in hand for name in pl_cards)
        assert not any(name in hand for name in zurl_cards)

        # PL assaults: ZURL decides whether to evade — mid-turn, the keyboard goes to ZURL
        for action in ASSAULT:
            await choose(pilot, action)
        assert game.decision().player == "ZURL"
        assert isinstance(app.screen, HandoverScreen)
        assert "ZURL" in text_of(app.screen.query_one("#handover-text"))
        await pilot.press("x")
        await pilot.pause()
        hand = text_of(game_screen(app).query_one("#hand"))
        assert all(name in hand for name in card_names(game, "ZURL"))
        assert not any(name in hand for name in card_names(game, "PL"))


def test_log_never_names_a_card_not_played():
    """Card titles appear in the log only for cards played face up (for AP, effect, event,
    special); drawn and discarded cards stay unnamed."""
    from semper_fidelis.bots import RandomBot

    for scenario in (1, 2, 3):
        game = Game(scenario=scenario, seed=11)
        bot = RandomBot(5)
        played: set[tuple[str, int]] = set()
        while not game.over and len(game.actions) < 400:
            d = game.decision()
            action = bot.choose(game)
            words = action.split()
            if words[0] in ("card", "effect", "event", "special") and words[1].isdigit():
                played.add((d.player, int(words[1])))
            game.apply(action)
        log = "\n".join(public_log(game.events("PL")))
        for side in ("PL", "ZURL"):
            for card in game.rules.cards[side].values():
                title = f"#{card.number} {card.name}"  # "ZURL plays #6 Trucks", "ZURL #6 Trucks"
                if title in log:
                    assert (side, card.number) in played, title


def test_hot_seat_session_hands_over_and_undoes_only_your_own():
    import pytest

    from semper_fidelis.engine import IllegalAction
    from semper_fidelis.tui.session import Session

    session = Session(game=Game(scenario=2, seed=1), privacy=True)
    assert session.hot_seat and session.handover_to() == "PL"
    session.hand_over("PL")
    assert session.may_see("PL") and not session.may_see("ZURL")
    view = session.view()
    assert view["hand"]["ZURL"] == [None] * len(game_hand(session, "ZURL"))
    for action in ASSAULT:
        session.apply(action)
    assert session.handover_to() == "ZURL"  # the defender decides mid-turn
    session.hand_over("ZURL")
    with pytest.raises(IllegalAction, match="PL's"):
        session.undo()  # ZURL may not take back PL's decision
    # one human against a bot: the screen is always that human's, no hand-over
    solo = Session(game=Game(scenario=2, seed=1), players={"PL": "human", "ZURL": "bot"}, privacy=True)
    assert solo.viewer == "PL" and solo.handover_to() is None


def game_hand(session, side):
    return session.game.state.hand[side]


def battle_choice(actions) -> str:
    return "fight" if "fight" in actions else "pass" if "pass" in actions else actions[0]


def one_decision_before_the_table() -> Game:
    """Scenario 2 at the hot seat played headless as the app plays it (hand over, else open the
    table) with the choices of the test below — PL's assault, the battle, the rest of PL's turn
    (about 40 decisions) — up to the decision before the first one taken at the table."""
    from semper_fidelis.tui.session import TABLE, Session

    session = Session(game=Game(scenario=2, seed=1), privacy=True)
    before = session.game.copy()
    for n in range(200):
        side = session.handover_to()
        if side is not None:
            session.hand_over(side)
        session.open_table()
        if session.viewer == TABLE:
            return before
        before = session.game.copy()
        d = session.asking()[0]
        session.apply(ASSAULT[n] if n < len(ASSAULT) else battle_choice(d.actions))
    raise AssertionError("no decision without the hand came up")


@sync
async def test_a_decision_that_needs_no_hand_is_taken_at_the_table_with_both_hands_hidden(make_app):
    from semper_fidelis.tui.screens.info import InfoScreen
    from semper_fidelis.tui.session import TABLE
    from semper_fidelis.tui.widgets.decision import DecisionPanel

    app = make_app(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        # started one decision before the table: playing there by keys took ~45 decisions
        # (the same path, by keys, up to the defender's hand-over: test_handover_screen_hides_the_hands)
        session = app.new_game(2, {"PL": "human", "ZURL": "human"}, privacy=True, game=one_decision_before_the_table())
        await pilot.pause()
        game = session.game

        async def take_keyboard():
            """Past the hand-over screen and the summary of the other player's actions."""
            while not isinstance(app.screen, GameScreen):
                await pilot.press("escape" if isinstance(app.screen, InfoScreen) else "space")
                await pilot.pause()

        for _ in range(120):  # pass, fight, take the first Loss offered … (a side holding tokens
            # takes its Losses with its hand in view: a Medicine token may be among them)
            await take_keyboard()
            d = session.asking()[0]  # a secret step passed for its player is asked too
            if session.viewer == TABLE:  # the other player's decision that needs no hand
                break
            await choose(pilot, battle_choice(d.actions))
        else:
            raise AssertionError("no decision without the hand came up")
        assert isinstance(app.screen, GameScreen) and session.viewer == TABLE
        shown = app.export_screenshot()
        names = card_names(game, "PL") + card_names(game, "ZURL")
        assert not any(name in shown for name in names)  # neither hand at the table
        assert "both hidden" in app.game_screen.query_one("#hand-box").border_title
        rows = app.game_screen.query_one(DecisionPanel).shown
        assert sorted(r.action for r in rows) == sorted(game.legal())  # and it can be decided here
        await pilot.press("c")
        assert not any(name in text_of(app.screen.query_one("#info-text")) for name in names)  # the viewer too
        await pilot.press("escape")
        # on to a decision that needs a hand: the keyboard is passed again
        for _ in range(30):
            if session.needs_hand() or isinstance(app.screen, HandoverScreen):
                break
            await choose(pilot, session.asking()[0].actions[0])
        assert isinstance(app.screen, HandoverScreen)


def test_which_decisions_need_the_hand():
    from semper_fidelis.tui.session import Session

    from .records import at_a_battle

    session = Session(game=Game(scenario=2, seed=1), privacy=True)
    assert session.needs_hand()  # the Commander: the turn is planned with the hand
    session = Session(game=at_a_battle(), privacy=True)
    assert session.game.decision().player == "ZURL" and session.needs_hand()  # evade: discard cards


@sync
async def test_what_pl_drew_is_never_shown_to_zurl(make_app):
    from semper_fidelis.tui.screens.info import InfoScreen

    app = make_app(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, 2, privacy=True)  # the menus by keys: test_play's test_every_scenario_starts
        await pilot.press("space")
        await pilot.pause()
        game = app.game_screen.session.game
        await choose(pilot, "keep")
        from .helpers import keys

        await keys(pilot, "e", "enter")  # End's own key; AP left: asked once more …
        await choose(pilot, "end")  # … and ended
        while game.decision().kind != "draw":
            await choose(pilot, game.legal()[0])
        await choose(pilot, "draw")
        drawn = [e for e in game.events("PL") if e.kind == "draw" and e.visible == "PL"][-1]["cards"]
        names = [game.rules.card("PL", n).name for n in drawn]
        assert isinstance(app.screen, HandoverScreen)
        toasts = " ".join(n.message for n in app._notifications)
        assert not any(name in toasts for name in names)
        assert not any(name in app.export_screenshot() for name in names)
        await pilot.press("space")
        await pilot.pause()
        if isinstance(app.screen, InfoScreen):  # ZURL's summary of PL's turn
            text = text_of(app.screen.query_one("#info-text"))
            assert not any(name in text for name in names) and "PL drew" not in text


def test_at_the_table_a_player_may_take_back_their_own_last_decision():
    import random

    from semper_fidelis.tui.session import TABLE, Session

    session = Session(game=Game(scenario=2, seed=4), privacy=True)
    rng = random.Random(4)
    for _ in range(3000):
        side = session.handover_to()
        if side:
            session.hand_over(side)
        session.open_table()
        d = session.asking()[0]
        if session.viewer == TABLE and len(d.actions) > 1:
            before = len(session.game.actions)
            session.apply(d.actions[0])
            if session.game.decision() is not None and session.game.decision().player == d.player and session.viewer == TABLE:
                session.undo()
                assert len(session.game.actions) == before and session.game.decision().player == d.player
                return
        else:
            session.apply(rng.choice(d.actions))
    raise AssertionError("no two decisions in a row by one player at the table")
