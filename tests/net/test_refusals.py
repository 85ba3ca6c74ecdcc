"""A bad or unwanted peer changes nothing: every refusal is one line, the game goes on, a taken
seat stays taken, a stranger without the seat's secret stays out, and the port serves nothing else."""

from __future__ import annotations

import asyncio
import json
import urllib.error
import urllib.request

import pytest
from websockets.asyncio.client import connect

from semper_fidelis.engine import Game
from semper_fidelis.net.commands import host_port
from semper_fidelis.net.join import JoinError, Link, address_url
from semper_fidelis.net.protocol import PROTOCOL

from .conftest import SECRETS, hosting


async def say(ws, message: dict) -> dict:
    await ws.send(json.dumps(message))
    return json.loads(await ws.recv())


def hello(side="PL", secret=None, protocol=PROTOCOL) -> dict:
    return {"type": "hello", "protocol": protocol, "side": side, "secret": SECRETS[side] if secret is None else secret}


async def seated(port: int, side="PL", *, turn=False):
    """A raw connection seated at ``side``, past its welcome and first state (with ``turn``:
    at its decision, once the host's bot has played)."""
    ws = await connect(f"ws://127.0.0.1:{port}/")
    welcome = await say(ws, hello(side))
    assert welcome["type"] == "welcome"
    state = json.loads(await ws.recv())
    while turn and (state["view"]["decision"] or {}).get("player") != "PL":
        state = json.loads(await ws.recv())
    return ws, state


def run(coro):
    return asyncio.run(coro)


@pytest.mark.parametrize(("message", "expected"), [
    (hello(secret="guess"), "wrong secret for PL"),
    (hello(protocol=0), "update semper-fidelis to join"),
    (hello(protocol=PROTOCOL + 1), "the host must update"),
    (hello(side="ZURL"), "ZURL is not open to a joiner: the host plays it (random)"),
    ({"type": "act", "action": "keep", "at": 0}, "say hello first"),
    ({"type": "shell", "command": "ls /"}, "malformed message"),
])
def test_a_joiner_the_host_will_not_seat_gets_one_line_and_the_door(message, expected):
    async def main():
        async with hosting(Game(scenario=1, seed=3), {"PL": "remote", "ZURL": "random"}) as host:
            async with connect(f"ws://127.0.0.1:{host.port}/") as ws:
                answer = await say(ws, message)
                await ws.wait_closed()
            return answer, host.conns

    answer, conns = run(main())
    assert answer["type"] == "refused" and answer["fatal"] and expected in answer["reason"]
    assert "\n" not in answer["reason"] and not conns


def test_a_second_joiner_for_a_taken_seat_is_refused_and_the_first_plays_on(shipped):
    async def main():
        game = Game(scenario=1, seed=3)
        async with hosting(game, {"PL": "remote", "ZURL": "random"}, bot_seeds={"ZURL": 1}) as host:
            ws, state = await seated(host.port, turn=True)
            second = Link(f"127.0.0.1:{host.port}", "PL", SECRETS["PL"], shipped)
            with pytest.raises(JoinError, match="refused: PL is taken"):
                await second.run()
            action = state["view"]["decision"]["actions"][0]
            after = await say(ws, {"type": "act", "action": action, "at": state["actions"]})
            await ws.close()
            return state, after, action, list(game.actions)

    state, after, action, actions = run(main())
    # the first joiner's action was applied (the host's ZURL bot may have answered it already)
    assert after["type"] == "state" and after["actions"] > state["actions"]
    assert actions[state["actions"]] == action


def test_a_seated_joiners_bad_messages_are_refused_in_one_line_and_change_nothing():
    async def main():
        game = Game(scenario=1, seed=3)
        async with hosting(game, {"PL": "remote", "ZURL": "remote"}) as host:
            ws, state = await seated(host.port, "PL")
            d = game.decision()
            assert d.player == "ZURL"
            answers = [await say(ws, {"type": "act", "action": d.actions[0], "at": 0}),
                       await say(ws, hello("PL")),
                       await say(ws, {"type": "act", "action": "x" * 300, "at": 0})]
            pl, pl_state = await seated(host.port, "ZURL")
            answers += [await say(pl, {"type": "act", "action": "fly to the moon", "at": 0}),
                        await say(pl, {"type": "act", "action": "keep", "at": 7}),
                        await say(pl, {"type": "act", "action": "keep"}),
                        await say(pl, {"action": "keep"})]
            moved = await say(pl, {"type": "act", "action": pl_state["view"]["decision"]["actions"][0], "at": 0})
            await ws.close()
            await pl.close()
            return answers, moved, list(game.actions)

    answers, moved, actions = run(main())
    reasons = [a.get("reason", "") for a in answers]
    assert [a["type"] for a in answers] == ["refused"] * 7 and not any(a["fatal"] for a in answers)
    assert "not your decision: ZURL decides" in reasons[0]
    assert "already seated as PL" in reasons[1]
    assert "malformed message (act.action: String should have at most 200 characters)" in reasons[2]
    assert "fly to the moon" in reasons[3]
    assert "the game has moved on" in reasons[4]
    assert "malformed message (act.at:" in reasons[5] and "malformed message" in reasons[6]
    assert all("\n" not in r and len(r) <= 300 for r in reasons)
    assert moved["type"] == "state" and moved["actions"] == 1 and len(actions) == 1


def test_the_port_serves_the_game_and_nothing_else():
    async def main():
        async with hosting(Game(scenario=1, seed=3), {"PL": "remote", "ZURL": "random"}) as host:
            answers = []
            for path in ("/", "/etc/passwd", "/../../etc/passwd", "/?cmd=ls"):
                answers.append(await asyncio.to_thread(http_get, f"http://127.0.0.1:{host.port}{path}"))
            reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
            writer.write(b"\x00\x01 ls -la /\r\n\r\n")
            await writer.drain()
            raw = await reader.read(1000)
            writer.close()
            return answers, raw

    answers, raw = run(main())
    assert [status for status, _ in answers] == [426, 404, 404, 404]
    assert not any(b"root:" in body for _, body in answers)
    assert b"root:" not in raw and not raw.startswith(b"HTTP/1.1 200")


def http_get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def test_an_address_is_host_and_port():
    assert address_url("192.168.1.7:8765") == "ws://192.168.1.7:8765/"
    assert address_url("[::1]:8765") == "ws://[::1]:8765/"
    assert address_url("wss://game.example:8765") == "wss://game.example:8765/"
    assert host_port("::1", 8765) == "[::1]:8765" and host_port("10.0.0.1", 8765, tls=True) == "wss://10.0.0.1:8765"
    assert address_url(host_port("::1", 8765, tls=True)) == "wss://[::1]:8765/"
    for bad in ("8765", "host:", "host:port", "host:70000", "http://host:8765"):
        with pytest.raises(ValueError, match="is not HOST:PORT"):
            address_url(bad)


def test_odds_asked_for_nonsense_are_an_answer_with_a_reason_and_the_game_goes_on():
    async def main():
        game = Game(scenario=1, seed=3)
        async with hosting(game, {"PL": "remote", "ZURL": "random"}, bot_seeds={"ZURL": 1}) as host:
            ws, _ = await seated(host.port, turn=True)  # nothing moves until PL does
            answers = [await say(ws, {"type": "odds", "id": 1, "area": "no-such-area"}),
                       await say(ws, {"type": "odds", "id": 2, "area": "rynek", "attack": [["dom-akademicki", "99q"]]}),
                       await say(ws, {"type": "odds", "id": 3, "area": "rynek", "attack": [["dom-akademicki", {"pl-volunteer": 1}]]})]
            await ws.close()
            return answers

    nowhere, nonsense, weighed = run(main())
    assert nowhere["id"] == 1 and nowhere["odds"] is None and nowhere["reason"]
    assert nonsense["id"] == 2 and nonsense["odds"] is None and "\n" not in nonsense["reason"]
    assert weighed["id"] == 3 and weighed["odds"]["area"] == "rynek" and weighed["odds"]["attacker"] == "PL"
