"""Hot-seat privacy: an opaque hand-over screen whenever the other human must decide — also
mid-turn for the defender — and the screen shows only the viewer's hand."""

from __future__ import annotations

from semper_fidelis.engine import Game
from semper_fidelis.tui.panels import public_log
from semper_fidelis.tui.screens.game import GameScreen
from semper_fidelis.tui.screens.handover import HandoverScreen

from .conftest import SIZE
from .helpers import choose, game_screen, start_game, sync, text_of


def card_names(game, side):
    return [game.rules.card(side, n).name for n in game.state.hand[side]]


@sync
async def test_handover_screen_hides_the_hands(make_app):
    app = make_app(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await start_game(pilot, 2, privacy=True)
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
        for action in ("keep", "card 24", "assault", "from szkola-sienkiewicza", "units 2v",
                       "to koszary-ferdynanda via szkola-sienkiewicza attack", "fight"):
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
        log = "\n".join(public_log(game.view("PL")))
        for side in ("PL", "ZURL"):
            for card in game.rules.cards[side].values():
                title = f"{side} #{card.number} {card.name}"
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
    for action in ("keep", "card 24", "assault", "from szkola-sienkiewicza", "units 2v",
                   "to koszary-ferdynanda via szkola-sienkiewicza attack", "fight"):
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
