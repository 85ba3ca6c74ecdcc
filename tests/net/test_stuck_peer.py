"""No peer can hold the game up: a seated client that never reads its socket fills its own
outbox, is dropped, and the other seat's moves go on; it may join again with its secret."""

from __future__ import annotations

import asyncio
import json
import socket

from websockets.asyncio.client import connect

from semper_fidelis.bots import Seat, make_bot
from semper_fidelis.engine import Game
from semper_fidelis.net.join import play_with_bot
from semper_fidelis.net.protocol import PROTOCOL

from .conftest import SECRETS, hosting


async def never_reading(host, side: str):
    """A seat whose client reads nothing: a tiny receive buffer, no compression (the frames
    fill the buffers at their full size) and websockets stops reading the socket once one
    message waits unread. The host's end of the connection gets a small send buffer, as over a
    slow link (on loopback the system would buffer megabytes, a whole game)."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", host.port))
    ws = await connect(f"ws://127.0.0.1:{host.port}/", sock=sock, max_queue=1, compression=None)
    await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "side": side, "secret": SECRETS[side]}))
    while side not in host.conns:
        await asyncio.sleep(0.005)
    seated = host.conns[side]
    getattr(seated, "ws", seated).transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    return ws


def test_a_client_that_never_reads_is_dropped_and_the_game_goes_on(shipped):
    lines: list[str] = []
    game = Game(scenario=1, seed=3)

    async def main():
        async with hosting(game, {"PL": "remote", "ZURL": "remote"}, say=lines.append, send_timeout=1.0, queue_limit=4) as host:
            address = f"127.0.0.1:{host.port}"
            stuck = await never_reading(host, "PL")
            zurl = asyncio.create_task(play_with_bot(address, "ZURL", SECRETS["ZURL"], "random", shipped, seed=2))
            # PL's client still sends its moves (chosen here, from the host's game): only its reading is stuck
            bot, sent = make_bot("random", 1), -1
            for _ in range(2000):
                if any(line.startswith("PL dropped") for line in lines) or game.over:
                    break
                d = game.decision()
                if d is not None and d.player == "PL" and "PL" in host.conns and sent != len(game.actions):
                    sent = len(game.actions)
                    await stuck.send(json.dumps({"type": "act", "action": bot.choose(Seat(game, "PL")), "at": sent}))
                await asyncio.sleep(0.005)
            at_drop = len(game.actions)
            stuck.transport.abort()
            pl = await play_with_bot(address, "PL", SECRETS["PL"], "random", shipped, seed=3)  # back, with its secret
            return at_drop, pl, await zurl, host.passed

    at_drop, pl, zurl, passed = asyncio.run(asyncio.wait_for(main(), 60))
    dropped = [line for line in lines if line.startswith("PL dropped")]
    assert len(dropped) == 1 and ("waited unread" in dropped[0] or "not taken in 1 s" in dropped[0])
    assert at_drop > 0 and not any(line.startswith("ZURL dropped") for line in lines)
    assert game.over and pl.over and zurl.over and len(pl.actions) == len(game.actions) + passed  # quiet steps count as actions


class Unread:
    """A connection whose sends never complete (its peer's window stays shut)."""

    def __init__(self) -> None:
        self.aborted = False
        self.transport = self

    async def send(self, frame: str) -> None:
        await asyncio.Event().wait()

    def abort(self) -> None:
        self.aborted = True


def test_a_frame_not_taken_in_time_drops_the_peer_and_a_full_queue_does_too():
    from semper_fidelis.net.outbox import Outbox

    async def main():
        drops: list[str] = []
        slow = Outbox(Unread(), lambda outbox, why: drops.append(why), limit=100, timeout=0.05)
        slow.put("frame")
        await asyncio.sleep(0.2)
        full = Outbox(Unread(), lambda outbox, why: drops.append(why), limit=2, timeout=60)
        for n in range(4):
            full.put(f"frame {n}")  # never waits, whatever the peer does
        return drops, slow, full

    drops, slow, full = asyncio.run(main())
    assert drops == ["an update was not taken in 0.05 s", "2 updates waited unread"]
    assert slow.dropped and slow.ws.aborted and full.dropped and full.ws.aborted
