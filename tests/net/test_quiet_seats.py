"""A remote seat is asked the secret battle steps it can only pass, as a hot-seat player is
(issue 34's leftover): the host presents the step to that seat alone, at the position as it stood,
and waits for its one-key answer; the other seat's frames are those of a step with a choice."""

from __future__ import annotations

import asyncio
import json
import random

from tui.test_hot_seat_tells import ASSAULT, perturbed  # the same battle, the same way to deal a hand again

from semper_fidelis.engine import Game, read_record
from semper_fidelis.net.host import Host
from semper_fidelis.net.protocol import Act
from semper_fidelis.store.saves import read_quiet

from .conftest import SECRETS


class Frames:
    """An outbox that keeps what the host sends (the host never waits on it)."""

    def __init__(self):
        self.sent: list[dict] = []

    def put(self, frame: str) -> None:
        self.sent.append(json.loads(frame))

    def stop(self) -> None:
        pass


def from_start(game: Game) -> Game:
    return Game.from_position(game.position(), scenario=2, seed=1)


def hosted(game: Game, turns: int) -> tuple[Host, dict[str, list[dict]], list[tuple[str, str]]]:
    """Both seats remote, joined; PL plays ASSAULT, then each seat takes the way out of every
    step (fight, pass), until ``turns`` answers were given. Returns the host, each seat's
    states, and the (seat, prompt) of each decision answered."""
    host = Host(game, {"PL": "remote", "ZURL": "remote"}, SECRETS, say=lambda line: None)
    frames = {side: Frames() for side in ("PL", "ZURL")}
    asked = []

    async def main():
        for side, outbox in frames.items():
            host.conns[side], host.cursor[side] = outbox, (0, 0)
            host._send_state(side)
        script = list(ASSAULT)
        for _ in range(turns):
            side, state = next((s, f.sent[-1]) for s, f in frames.items() if f.sent[-1]["options"])
            legal = [o["notation"] for o in state["options"]]
            action = script.pop(0) if script else "fight" if "fight" in legal else "pass" if "pass" in legal else legal[0]
            asked.append((side, state["view"]["decision"]["prompt"]))
            await host._message(side, Act(action=action, at=state["actions"]).model_dump_json())

    asyncio.run(main())
    return host, {side: f.sent for side, f in frames.items()}, asked


def chosen_game() -> Game:
    """Scenario 2 with ZURL's tokens dealt again until ZURL holds one to play at its token step."""
    for k in range(40):
        game = from_start(perturbed(Game(scenario=2, seed=1), "ZURL", random.Random(k)))
        _, _, asked = hosted(game.copy(), 16)
        if ("ZURL", "ZURL defends: play a Machine Gun or Ammunition token, or pass") in asked:
            return game
    raise AssertionError("no deal gave ZURL a token to play")


def test_a_remote_seat_is_asked_its_quiet_token_step_and_the_other_seat_cannot_tell():
    host, quiet, asked = hosted(from_start(Game(scenario=2, seed=1)), 16)
    token_step = ("ZURL", "ZURL defends: play a Machine Gun or Ammunition token, or pass")
    assert token_step in asked and asked.count(token_step) == 1
    at_step = next(s for s in quiet["ZURL"] if s["view"]["decision"]["prompt"] == token_step[1])
    assert at_step["quiet"] and [(o["notation"], o["label"]) for o in at_step["options"]] == [("pass", "Play no token")]
    assert host.passed >= 2  # PL's token step too: it holds no Grenades
    assert all(s["options"] for frames in quiet.values() for s in frames if s["quiet"])  # said only to the seat asked
    _, chosen, chosen_asked = hosted(chosen_game(), 16)
    assert [side for side, _ in chosen_asked] == [side for side, _ in asked]
    assert quiet["PL"] == chosen["PL"]  # every frame PL got, odds, events and counts included


def test_the_host_waits_for_a_dropped_seats_quiet_step_and_asks_it_again_on_rejoining():
    lines: list[str] = []
    host = Host(from_start(Game(scenario=2, seed=1)), {"PL": "remote", "ZURL": "remote"}, SECRETS, say=lines.append)
    frames = {side: Frames() for side in ("PL", "ZURL")}

    async def main():
        for side, outbox in frames.items():
            host.conns[side], host.cursor[side] = outbox, (0, 0)
            host._send_state(side)
        script = [*ASSAULT, "fight", "pass", "pass", "pass"]  # to ZURL's token step, passed unseen
        while script:
            side = next(s for s, f in frames.items() if f.sent[-1]["options"])
            await host._message(side, Act(action=script.pop(0), at=frames[side].sent[-1]["actions"]).model_dump_json())
        assert host.asking() == "ZURL" and frames["ZURL"].sent[-1]["quiet"]
        del host.conns["ZURL"]  # ZURL drops
        actions = len(host.game.actions)
        await host._message("PL", Act(action="pass", at=frames["PL"].sent[-1]["actions"]).model_dump_json())
        assert len(host.game.actions) == actions and "not your decision: ZURL decides" in frames["PL"].sent[-1]["reason"]
        back = Frames()  # ZURL joins again: the same step, at the same moment
        host.conns["ZURL"], host.cursor["ZURL"] = back, (0, 0)
        host._send_state("ZURL")
        again = back.sent[-1]
        assert again["quiet"] and again["view"] == frames["ZURL"].sent[-1]["view"]
        await host._message("ZURL", Act(action="pass", at=again["actions"]).model_dump_json())
        assert host.asking() != "ZURL" and not back.sent[-1]["quiet"]

    asyncio.run(main())


def test_a_quiet_step_due_when_the_host_stops_is_asked_again_by_host_resume(tmp_path):
    """The sidecar keeps the count of steps due (written when it changes); ``host --resume``
    queues them again, so the seat is asked as it would have been (else the step's absence tells)."""
    autosave = tmp_path / "hosted.json"
    seats = {"PL": "remote", "ZURL": "remote"}
    host = Host(from_start(Game(scenario=2, seed=1)), seats, SECRETS, say=lambda line: None, autosave=autosave)
    frames = {side: Frames() for side in ("PL", "ZURL")}

    async def to_zurls_token_step():
        host.save(seats=True)
        for side, outbox in frames.items():
            host.conns[side], host.cursor[side] = outbox, (0, 0)
            host._send_state(side)
        script = [*ASSAULT, "fight", "pass", "pass", "pass"]
        while script:
            side = next(s for s, f in frames.items() if f.sent[-1]["options"])
            await host._message(side, Act(action=script.pop(0), at=frames[side].sent[-1]["actions"]).model_dump_json())

    asyncio.run(to_zurls_token_step())
    assert host.asking() == "ZURL" and frames["ZURL"].sent[-1]["quiet"]
    assert read_quiet(autosave) == len(host.quiet) >= 1
    resumed = Host(read_record(autosave), seats, SECRETS, say=lambda line: None, autosave=autosave)
    resumed.resume_quiet(read_quiet(autosave))
    assert resumed.asking() == "ZURL"
    again = Frames()
    resumed.conns["ZURL"], resumed.cursor["ZURL"] = again, (0, 0)
    resumed._send_state("ZURL")
    seen = frames["ZURL"].sent[-1]
    assert again.sent[-1]["quiet"] and again.sent[-1]["view"] == seen["view"] and again.sent[-1]["options"] == seen["options"]

    async def zurl_passes():
        await resumed._message("ZURL", Act(action="pass", at=again.sent[-1]["actions"]).model_dump_json())

    asyncio.run(zurl_passes())
    assert resumed.asking() != "ZURL" and read_quiet(autosave) == len(resumed.quiet)
