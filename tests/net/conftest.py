"""Helpers for the hosted-game tests: a host on a free loopback port, in the test's own loop."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from semper_fidelis.engine import Game
from semper_fidelis.net.host import Host

TOKEN = "test-token"


@contextlib.asynccontextmanager
async def hosting(game: Game, seats: dict[str, str], **kwargs):
    """A running host; yields it with its port known. Leaves it stopped."""
    host = Host(game, seats, TOKEN, say=kwargs.pop("say", lambda line: None), **kwargs)
    listening = asyncio.Event()
    task = asyncio.create_task(host.run("127.0.0.1", 0, started=lambda port: listening.set()))
    await listening.wait()
    try:
        yield host
    finally:
        host.stop()
        await asyncio.wait_for(task, 10)


@pytest.fixture
def shipped():
    from semper_fidelis.engine import shipped_data

    return shipped_data()
