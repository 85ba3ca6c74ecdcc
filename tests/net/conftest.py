"""Helpers for the hosted-game tests: a host on a free loopback port, in the test's own loop."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from semper_fidelis.engine import Game
from semper_fidelis.net.host import Host

#: each seat's own secret in the tests (a real host makes them with credentials.new_secret)
SECRETS = {"PL": "pl-secret-for-the-tests", "ZURL": "zurl-secret-for-the-tests"}


def open_secrets(seats: dict[str, str]) -> dict[str, str]:
    """The secrets of the seats a joiner may take."""
    return {side: SECRETS[side] for side, kind in seats.items() if kind in ("remote", "human")}


@contextlib.asynccontextmanager
async def hosting(game: Game, seats: dict[str, str], **kwargs):
    """A running host; yields it with its port known. Leaves it stopped."""
    host = Host(game, seats, open_secrets(seats), say=kwargs.pop("say", lambda line: None), **kwargs)
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
