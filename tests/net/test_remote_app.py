"""A human plays a hosted game's seat in the app: the game screen over the seat's mirror, each
action sent to the host and shown once the host has applied it (Pilot, against a host in the
same event loop)."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import Input

from semper_fidelis.engine import Game
from semper_fidelis.net.join import JoinError, play_with_bot
from semper_fidelis.tui.remote import JoinApp, JoiningScreen, RemoteGameOverScreen, RemoteGameScreen
from semper_fidelis.tui.widgets.decision import DecisionPanel

from .conftest import SECRETS, hosting

STEPS = 6000  # turns of the event loop a wait may take (a bound against a hang, not a timing)


async def until(pilot, condition) -> None:
    """Let the app and the host run until ``condition`` holds (the host's bots think in threads,
    so each turn also yields a moment to them)."""
    for _ in range(STEPS):
        if condition():
            return
        await pilot.pause()
        await asyncio.sleep(0.01)
    raise AssertionError("the app never got there")


def test_a_human_plays_moves_of_a_hosted_game_in_the_app(tmp_path):
    async def main():
        game = Game(scenario=1, seed=3)
        async with hosting(game, {"PL": "remote", "ZURL": "random"}, bot_seeds={"ZURL": 1}) as host:
            app = JoinApp(f"127.0.0.1:{host.port}", "PL", SECRETS["PL"], saves_dir=tmp_path)
            async with app.run_test(size=(140, 45)) as pilot:
                await until(pilot, lambda: isinstance(app.screen, RemoteGameScreen)
                            and game.decision().player == "PL" and app.session.game.decision().player == "PL")
                played = []
                for _ in range(4):
                    await until(pilot, lambda: game.decision().player == "PL" and not app.session.waiting
                                and len(app.session.game.actions) == len(game.actions))
                    before = len(game.actions)
                    row = next(r for r in app.screen.query_one(DecisionPanel).shown if r.key and r.key != "esc")
                    chosen = row.action
                    await pilot.press(*row.key)  # the first option's stable key (issue 23)
                    if not app.session.waiting:  # a key that waits for Enter (a whole key applies at once: issue 36)
                        await pilot.press("enter")
                    if not app.session.waiting:  # ending the Orders with AP left asks for Enter again
                        await pilot.press("enter")
                    await until(pilot, lambda b=before: len(game.actions) > b and len(app.session.game.actions) == len(game.actions))
                    played.append((chosen, game.actions[before]))
                notices = [n.message for n in app._notifications]
                await pilot.press("u")
                await pilot.pause()
                undo_refused = len(app.session.game.actions) == len(game.actions)
                view = app.session.view()
                return played, view, undo_refused, notices, list(game.actions)

    played, view, undo_refused, notices, actions = asyncio.run(main())
    assert [mine for mine, _ in played] == [applied for _, applied in played]
    assert undo_refused
    assert view["viewer"] == "PL" and all(card is None for card in view["hand"]["ZURL"])
    assert len(actions) >= 5
    assert any(n.startswith("PL drew #") for n in notices)  # the seat's own private events reach its screen


def test_a_refused_seat_ends_the_app_with_one_line(tmp_path):
    async def main():
        async with hosting(Game(scenario=1, seed=3), {"PL": "remote", "ZURL": "random"}) as host:
            app = JoinApp(f"127.0.0.1:{host.port}", "PL", "not-the-secret", saves_dir=tmp_path)
            async with app.run_test() as pilot:
                await until(pilot, lambda: not app.is_running)
            return app

    app = asyncio.run(main())
    assert app.return_code == 2 and app.ended.startswith("refused: wrong secret for PL")


def test_a_served_seat_asks_for_its_secret_and_asks_again_when_refused(tmp_path):
    async def main():
        game = Game(scenario=1, seed=3)
        async with hosting(game, {"PL": "remote", "ZURL": "random"}, bot_seeds={"ZURL": 1}) as host:
            app = JoinApp(f"127.0.0.1:{host.port}", "PL", None, saves_dir=tmp_path)  # as `join --served` runs it
            async with app.run_test() as pilot:
                await pilot.pause()
                field = app.screen.query_one("#secret", Input)
                assert field.display and field.has_focus and field.password and "PL" not in host.conns
                await pilot.press(*"not-the-secret", "enter")
                await until(pilot, lambda: field.display and "wrong secret for PL" in str(app.screen.query_one("#joining").render()))
                assert field.value == ""
                await pilot.press(*SECRETS["PL"], "enter")
                await until(pilot, lambda: isinstance(app.screen, RemoteGameScreen))
                return "PL" in host.conns, app.is_running

    assert asyncio.run(main()) == (True, True)


def test_the_final_score_of_a_hosted_game_offers_no_rematch():
    screen = RemoteGameOverScreen.__new__(RemoteGameOverScreen)
    assert not screen.check_action("rematch", ("same",)) and screen.check_action("log", ())


@pytest.mark.parametrize("when", ["after leaving", "while the screen is taken down"])
def test_a_position_that_arrives_once_the_player_has_left_is_dropped(tmp_path, monkeypatch, when):
    """The link's worker runs until the app's teardown cancels it, and the game screen loses its
    widgets before it stops reading as mounted: a position then crashed the app (NoMatches)."""
    drawn = []

    def arrives(screen):  # the host's next position, as the link hands it over
        drawn.append(screen.generation)
        screen.app.link.on_state(screen.app.link.mirror)
        drawn.append(screen.generation)

    if when != "after leaving":
        monkeypatch.setattr(RemoteGameScreen, "on_unmount", lambda screen: (arrives(screen), screen.session.close()))

    async def main():
        async with hosting(Game(scenario=1, seed=3), {"PL": "remote", "ZURL": "random"}, bot_seeds={"ZURL": 1}) as host:
            app = JoinApp(f"127.0.0.1:{host.port}", "PL", SECRETS["PL"], saves_dir=tmp_path)
            async with app.run_test(size=(140, 45)) as pilot:
                await until(pilot, lambda: isinstance(app.screen, RemoteGameScreen))
                screen = app.screen
                await pilot.press("q")  # the leave key: the app closes, the seat waits at the host
                if when == "after leaving":
                    arrives(screen)
                await until(pilot, lambda: not app.is_running)
            return app

    app = asyncio.run(main())
    assert app.return_code == 0 and app.ended is None
    assert len(drawn) == 2 and drawn[0] == drawn[1]  # nothing drawn for it


def test_a_refusal_that_arrives_while_the_joining_screen_is_taken_down_is_dropped(tmp_path, monkeypatch):
    """A served seat left (Escape) while its secret was on its way: the refusal asked again on
    a screen whose field was gone."""
    monkeypatch.setattr(JoiningScreen, "on_unmount", lambda screen: screen.app._link_ended(JoinError("refused: wrong secret for PL")),
                        raising=False)

    async def main():
        app = JoinApp("127.0.0.1:9", "PL", None, saves_dir=tmp_path)
        async with app.run_test() as pilot:
            await pilot.pause()
            await pilot.press("escape")
            await until(pilot, lambda: not app.is_running)
        return app

    app = asyncio.run(main())
    assert app.return_code == 0 and app.ended is None


class Scripted:
    """A joiner's bot that plays ``actions``, then the way out of every step."""

    name = "scripted"

    def __init__(self, actions):
        self.actions = list(actions)

    def choose(self, seat) -> str:
        legal = seat.legal()
        return self.actions.pop(0) if self.actions else "fight" if "fight" in legal else "pass" if "pass" in legal else legal[0]


def test_a_joiner_is_asked_its_quiet_steps_with_one_key_as_at_a_hot_seat(tmp_path, shipped):
    """ZURL, joined in the app, defends holding cards and tokens of which none may be played:
    it is asked its Special card and token steps all the same, one option each."""
    from tui.test_hot_seat_tells import ASSAULT

    async def main():
        game = Game.from_position(Game(scenario=2, seed=1).position(), scenario=2, seed=1)
        async with hosting(game, {"PL": "remote", "ZURL": "remote"}) as host:
            address = f"127.0.0.1:{host.port}"
            pl = asyncio.create_task(play_with_bot(address, "PL", SECRETS["PL"], Scripted(ASSAULT), shipped))
            app = JoinApp(address, "ZURL", SECRETS["ZURL"], saves_dir=tmp_path)
            asked = []
            async with app.run_test(size=(140, 45)) as pilot:
                for _ in range(3):  # the Evasion, the Special card step, the token step
                    await until(pilot, lambda: isinstance(app.screen, RemoteGameScreen) and not app.session.waiting
                                and app.session.game.decision() is not None and app.session.game.decision().player == "ZURL")
                    mirror, rows = app.session.game, app.screen.query_one(DecisionPanel).shown
                    asked.append((mirror.decision().prompt, [r.label.plain for r in rows], mirror.quiet))
                    row = next(r for r in rows if r.action in ("fight", "pass"))
                    before = len(mirror.actions)
                    await pilot.press(*(["escape"] if row.key == "esc" else [*row.key, "enter"]))
                    await until(pilot, lambda b=before: len(app.session.game.actions) > b)
            pl.cancel()
            return asked

    asked = asyncio.run(main())
    assert asked[1] == ("ZURL defends: play a Special card, or pass", ["Play no Special card"], True)
    assert asked[2] == ("ZURL defends: play a Machine Gun or Ammunition token, or pass", ["Play no token"], True)
