"""A Scenario 1 game between a host and a joiner on loopback, played to the end with a drop and
a reconnect in the middle, is the very game the same players make at one table."""

from __future__ import annotations

import asyncio

from semper_fidelis.bots import Seat, make_bot
from semper_fidelis.engine import Game, read_record
from semper_fidelis.net.join import play_with_bot

from .conftest import SECRETS, hosting

SEED = 11
SEEDS = {"PL": 5, "ZURL": 9}


def played_at_one_table() -> Game:
    game = Game(scenario=1, seed=SEED)
    bots = {side: make_bot("general", SEEDS[side]) for side in ("PL", "ZURL")}
    while not game.over:
        side = game.decision().player
        game.apply(bots[side].choose(Seat(game, side)))
    return game


def test_a_hosted_game_with_a_drop_plays_to_the_end_as_at_one_table(tmp_path, shipped):
    autosave = tmp_path / "hosted.json"
    lines: list[str] = []

    async def main():
        game = Game(scenario=1, seed=SEED)
        async with hosting(game, {"PL": "general", "ZURL": "remote"}, autosave=autosave, bot_seeds=SEEDS, say=lines.append) as host:
            address = f"127.0.0.1:{host.port}"
            bot = make_bot("general", SEEDS["ZURL"])  # the player comes back with the same mind
            before = await play_with_bot(address, "ZURL", SECRETS["ZURL"], bot, shipped, stop_after=6)
            at_drop = (len(before.actions), before.decision())
            assert len(host.game.actions) == at_drop[0]  # nothing moved while the seat was empty
            assert read_record(autosave).actions == host.game.actions  # the autosave has every action
            rejoined: list = []
            mirror = await play_with_bot(address, "ZURL", SECRETS["ZURL"], bot, shipped, say=rejoined.append)
            await asyncio.wait_for(host.done.wait(), 10)
            return host.game, mirror, at_drop

    game, mirror, at_drop = asyncio.run(main())
    assert game.over and mirror.over
    assert at_drop[1] is not None and at_drop[1].player == "ZURL"
    assert game.actions == played_at_one_table().actions
    assert read_record(autosave).actions == game.actions
    assert mirror.view()["result"] == game.view("ZURL")["result"]
    assert any(line.startswith("ZURL left") for line in lines) and lines[-1].startswith("Game over")
