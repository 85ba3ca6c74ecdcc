"""One seated connection's frames on their way out, so that no peer can hold the game up.

The host puts a frame and goes on (never waiting, and so never waiting under the game's lock);
the outbox's own task sends the frames in order, each within ``timeout`` seconds. A peer that
cannot keep up, with ``limit`` frames waiting or one frame not taken in time, is dropped: its
connection is cut (not closed politely: a peer that does not read would not read the goodbye
either), and it may join again with its secret.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

#: seconds a peer has to take one frame (the largest, a whole game's events after a rejoin, is ~40 KB)
SEND_TIMEOUT = 15.0
#: frames that may wait unsent for one peer (a bot's turn sends one per action)
QUEUE_LIMIT = 256


class Outbox:
    """``on_drop(outbox, why)`` is called once if the peer is dropped."""

    def __init__(self, ws: ServerConnection, on_drop: Callable[[Outbox, str], object], *,
                 limit: int = QUEUE_LIMIT, timeout: float = SEND_TIMEOUT):
        self.ws = ws
        self.on_drop = on_drop
        self.limit = limit
        self.timeout = timeout
        self.dropped = False
        self._frames: asyncio.Queue[str | None] = asyncio.Queue()  # None: close after the last frame
        self._writer = asyncio.create_task(self._write())

    def put(self, frame: str) -> None:
        """Queue a frame (never waits); a peer with ``limit`` frames unsent already is dropped."""
        if self.dropped:
            return
        if self._frames.qsize() >= self.limit:
            self.drop(f"{self.limit} updates waited unread")
            return
        self._frames.put_nowait(frame)

    async def finish(self) -> None:
        """Send what is queued (the game's last position), then close; a peer that does not take
        it in ``timeout`` seconds is cut off."""
        if self.dropped:
            return
        self._frames.put_nowait(None)
        done, _ = await asyncio.wait({self._writer}, timeout=self.timeout)
        if not done:
            self.drop("the last update was not taken")

    def stop(self) -> None:
        """The connection is gone: stop the writer (nothing more will be sent)."""
        self._writer.cancel()

    def drop(self, why: str) -> None:
        """Cut the connection off at once and say so (once)."""
        if self.dropped:
            return
        self.dropped = True
        if self._writer is not asyncio.current_task():
            self._writer.cancel()
        with contextlib.suppress(AttributeError, RuntimeError):  # no transport: it never opened or is gone
            self.ws.transport.abort()
        self.on_drop(self, why)

    async def _write(self) -> None:
        while (frame := await self._frames.get()) is not None:
            try:
                await asyncio.wait_for(self.ws.send(frame), self.timeout)
            except TimeoutError:
                self.drop(f"an update was not taken in {self.timeout:g} s")
                return
            except ConnectionClosed:
                return  # the connection's handler sees it go
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            await asyncio.wait_for(self.ws.close(), self.timeout)
