"""Nothing seen is undone: every accepted action is in the autosave on disk before any seat is
told of it and before a host's bot answers it, so a host that goes down at any moment is
resumed exactly where both players last saw the game; an action the autosave cannot take is
refused, never shown."""

from __future__ import annotations

import asyncio
import json
import threading

from websockets.asyncio.client import connect

from semper_fidelis.bots import Seat, make_bot
from semper_fidelis.engine import Game, read_record
from semper_fidelis.net.join import play_with_bot
from semper_fidelis.net.protocol import PROTOCOL

from .conftest import SECRETS, hosting

BOT_ZURL = {"PL": "remote", "ZURL": "random"}


def saved_actions(path) -> int:
    return len(json.loads(path.read_text())["actions"])


def test_the_autosave_holds_each_move_before_anyone_is_told_or_a_bot_answers(tmp_path, shipped):
    autosave = tmp_path / "hosted.json"
    late: list[str] = []

    def tap(side: str, frame: str) -> None:
        message = json.loads(frame)
        if message["type"] == "state" and saved_actions(autosave) < message["actions"]:
            late.append(f"{side} told of action {message['actions']} with {saved_actions(autosave)} saved")

    async def main():
        game = Game(scenario=1, seed=3)
        async with hosting(game, BOT_ZURL, autosave=autosave, tap=tap, bot_seeds={"ZURL": 1}) as host:
            bot = host.bots["ZURL"]
            plain = bot.choose

            def choose(seat):
                if saved_actions(autosave) < len(host.game.actions):
                    late.append(f"the bot answered action {len(host.game.actions)} with {saved_actions(autosave)} saved")
                return plain(seat)

            bot.choose = choose
            mirror = await play_with_bot(f"127.0.0.1:{host.port}", "PL", SECRETS["PL"], "random", shipped, seed=2, stop_after=15)
            return len(mirror.actions)

    played = asyncio.run(main())
    assert played > 15 and late == []


class Thinking:
    """The host's ZURL bot; once ``armed``, its next choice hangs: the host machine goes down
    while it thinks (the test takes the disk as it is then)."""

    name, thinks = "thinking", False

    def __init__(self) -> None:
        self.bot = make_bot("random", 1)
        self.armed = False
        self.thinking = threading.Event()
        self.release = threading.Event()

    def choose(self, seat: Seat) -> str:
        if self.armed:
            self.thinking.set()
            self.release.wait(30)
        return self.bot.choose(seat)


async def next_state(ws) -> dict:
    while (message := json.loads(await ws.recv()))["type"] != "state":
        pass
    return message


async def seat_pl(port: int):
    ws = await connect(f"ws://127.0.0.1:{port}/")
    await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "side": "PL", "secret": SECRETS["PL"]}))
    return ws


def test_a_host_that_goes_down_is_resumed_where_both_players_last_saw(tmp_path):
    """PL moves until the host's bot must answer; the host goes down while the bot thinks. The
    disk then must hold PL's last move, and the resumed host shows PL exactly what PL last saw
    (else PL would decide again, knowing what came of the move)."""
    autosave = tmp_path / "hosted.json"
    bot = Thinking()

    async def until_down():
        async with hosting(Game(scenario=1, seed=3), BOT_ZURL, autosave=autosave) as host:
            host.bots["ZURL"] = bot
            ws = await seat_pl(host.port)
            state = await next_state(ws)
            while state["view"]["decision"]["player"] != "PL":  # ZURL opens the game
                state = await next_state(ws)
            bot.armed = True
            moves = 0
            while state["view"]["decision"]["player"] == "PL":
                action = state["view"]["decision"]["actions"][0]
                await ws.send(json.dumps({"type": "act", "action": action, "at": state["actions"]}))
                state = await next_state(ws)
                moves += 1
            assert await asyncio.to_thread(bot.thinking.wait, 10)
            disk = autosave.read_bytes()  # the power goes here
            bot.release.set()
            await ws.close()
            return state, disk, moves

    seen, disk, moves = asyncio.run(until_down())
    assert moves >= 1
    kept = tmp_path / "kept.json"
    kept.write_bytes(disk)

    async def resumed():
        # ZURL's seat left empty: nothing moves before PL looks
        async with hosting(read_record(kept), {"PL": "remote", "ZURL": "remote"}, autosave=kept) as host:
            ws = await seat_pl(host.port)
            state = await next_state(ws)
            await ws.close()
            return state

    again = asyncio.run(resumed())
    assert again["actions"] == seen["actions"]
    assert again["view"] == seen["view"]


def test_an_action_the_autosave_cannot_take_is_refused_and_never_shown(tmp_path):
    autosave = tmp_path / "hosted.json"
    lines: list[str] = []

    async def main():
        game = Game(scenario=1, seed=3)  # ZURL decides first
        async with hosting(game, {"PL": "remote", "ZURL": "remote"}, autosave=autosave, say=lines.append) as host:
            ws = await connect(f"ws://127.0.0.1:{host.port}/")
            await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "side": "ZURL", "secret": SECRETS["ZURL"]}))
            state = await next_state(ws)
            action = state["view"]["decision"]["actions"][0]
            (tmp_path / "full").write_text("")
            host.autosave = tmp_path / "full" / "hosted.json"  # a disk that takes nothing more
            await ws.send(json.dumps({"type": "act", "action": action, "at": 0}))
            refused = json.loads(await ws.recv())
            not_played = len(host.game.actions)
            host.autosave = autosave  # room again
            await ws.send(json.dumps({"type": "act", "action": action, "at": 0}))
            played = await next_state(ws)
            await ws.close()
            return refused, not_played, played

    refused, not_played, played = asyncio.run(main())
    assert refused["type"] == "refused" and refused["reason"].startswith("the host cannot save the game") and not refused["fatal"]
    assert not_played == 0 and played["actions"] == 1 and saved_actions(autosave) == 1
    assert sum(line.startswith("not saved: cannot write") for line in lines) == 1
