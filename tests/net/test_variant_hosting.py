"""A hosted game of a scenario variant (``host --variant``): the welcome carries the variant's text
and digest, so a joiner without the file plays the variant's game, and a variant a hostile host
sends is checked as a record's variant is, refused in one line."""

from __future__ import annotations

import asyncio
import json
import signal
from pathlib import Path

import pytest

from semper_fidelis.bots import Seat, make_bot
from semper_fidelis.cli import main
from semper_fidelis.data.variant import load_variant, variant_digest
from semper_fidelis.engine import Game, read_record, shipped_data
from semper_fidelis.net.join import JoinError, Link, play_with_bot
from semper_fidelis.net.protocol import PROTOCOL

from .conftest import SECRETS, hosting
from .test_commands import read_until, start

#: Coup (PL Morale V, 8 rounds) with PL at Morale VIII, one Stage long
STEADY = """\
name = "PL steadier, one Stage"
base = 1
rounds = 4
[sides.PL]
morale = 8
"""
SEED, SEEDS = 5, {"PL": 2, "ZURL": 7}


def varied():
    return load_variant(shipped_data(), STEADY, "variant steady.toml")


def played_at_one_table() -> Game:
    game = Game(scenario=1, seed=SEED, data=varied())
    bots = {side: make_bot("general", SEEDS[side]) for side in ("PL", "ZURL")}
    while not game.over:
        side = game.decision().player
        game.apply(bots[side].choose(Seat(game, side)))
    return game


def test_a_joiner_without_the_file_plays_the_hosts_variant(tmp_path: Path, shipped):
    autosave = tmp_path / "hosted.json"

    async def play():
        game = Game(scenario=1, seed=SEED, data=varied())
        async with hosting(game, {"PL": "general", "ZURL": "remote"}, autosave=autosave, bot_seeds=SEEDS) as host:
            address = f"127.0.0.1:{host.port}"
            bot = make_bot("general", SEEDS["ZURL"])
            first = await play_with_bot(address, "ZURL", SECRETS["ZURL"], bot, shipped, stop_after=0)
            start = (first.scenario.name, len(first.scenario.time_track), first.view()["morale"]["PL"])
            mirror = await play_with_bot(address, "ZURL", SECRETS["ZURL"], bot, shipped)
            await asyncio.wait_for(host.done.wait(), 10)
            return host.game, mirror, start

    game, mirror, start = asyncio.run(play())
    assert start == ("Coup (PL steadier, one Stage)", 4, 8)  # the base has 8 rounds and Morale V
    assert mirror.data.variant is not None and mirror.data.variant.digest == variant_digest(STEADY)
    assert shipped.variant is None and shipped.scenarios[1].sides["PL"].morale == 5  # the joiner's own data untouched
    assert game.over and mirror.over and game.actions == played_at_one_table().actions
    assert mirror.view()["result"] == game.view("ZURL")["result"]
    saved = read_record(autosave)  # the autosave keeps the variant: `host --resume` hosts it again
    assert saved.data.variant is not None and saved.data.variant.text == STEADY and saved.actions == game.actions


def welcome(variant: dict | None, scenario: int = 1) -> str:
    return json.dumps({"type": "welcome", "protocol": PROTOCOL, "side": "ZURL", "scenario": scenario, "variant": variant})


def sent(text: str, **changes) -> dict:
    return {"name": "v", "text": text, "digest": variant_digest(text), **changes}


@pytest.mark.parametrize(("raw", "says"), [
    (welcome(sent(STEADY, digest="0" * 16)), "the host's game cannot be played here: variant: its text does not match its digest"),
    (welcome(sent("name = 'x'\nbase = [")), "the host's game cannot be played here: variant: variant: not valid TOML"),
    (welcome(sent("name = 'x'\nbase = 1\n[sides.PL]\nmorale = 99\n")), "variant: sides.PL.morale"),
    (welcome(sent("name = 'x'\nbase = 1\nspies = true\n")), "variant: spies"),
    (welcome(sent(STEADY), scenario=2), "it changes scenario 1, but the record is of scenario 2"),
    (welcome(sent("#" * 30_000)), "the host sent a malformed message (welcome.variant.text: String should have at most 20000 characters)"),
    (welcome(None, scenario=9), "the host's game cannot be played here: no scenario 9"),
], ids=["edited", "not-toml", "off-track", "unknown-key", "other-base", "too-long", "no-such-scenario"])
def test_a_variant_a_hostile_host_sends_is_one_line(raw: str, says: str, shipped):
    link = Link("127.0.0.1:1", "ZURL", "s", shipped)
    with pytest.raises(JoinError) as caught:
        link._receive(raw)
    assert says in str(caught.value) and "\n" not in str(caught.value) and link.mirror is None


def test_host_variant_mistakes_are_one_line(tmp_path: Path, capsys):
    variant = tmp_path / "steady.toml"
    variant.write_text(STEADY, encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text("name = 'x'\nbase = 1\n[sides.PL]\nmorale = 99\nvp = -4\n", encoding="utf-8")
    seats = ["--pl", "general", "--zurl", "remote", "--port", "0", "--bind", "127.0.0.1"]
    for args, says in [
        (["--variant", str(bad)], "variant bad.toml: sides.PL.morale"),
        (["--variant", str(variant), "--scenario", "2"], "--variant changes scenario 1, not scenario 2"),
        (["--variant", str(variant), "--resume", str(tmp_path / "g.json")], "--variant is for a new game"),
    ]:
        assert main(["host", *args, *seats]) == 2
        err = capsys.readouterr().err
        assert says in err and err.count("\n") == 1


def test_host_variant_and_its_resume_host_the_variant(tmp_path: Path):
    """The commands as typed: ``host --variant FILE`` hosts the variant, its autosave carries it,
    and ``host --resume`` of that autosave hosts it again without the file."""
    variant, autosave = tmp_path / "steady.toml", tmp_path / "hosted.json"
    variant.write_text(STEADY, encoding="utf-8")
    seats = ["--pl", "remote", "--zurl", "remote", "--bind", "127.0.0.1", "--port", "0"]
    hosted = []
    for args in (["--variant", str(variant), "--autosave", str(autosave)], ["--resume", str(autosave)]):
        seen: list[str] = []
        host = start("host", *args, *seats)
        try:
            hosted.append(read_until(host, "Hosting Scenario", seen).strip())
            read_until(host, "ZURL joins with:", seen)
            variant.unlink(missing_ok=True)  # the autosave needs no file
            host.send_signal(signal.SIGINT)
            assert host.wait(timeout=300) == 130
        finally:
            host.kill()
        assert read_record(autosave).data.variant.text == STEADY
    assert hosted == [f"Hosting Scenario 1, Coup (PL steadier, one Stage) (a variant, digest {variant_digest(STEADY)}: the joiners are sent it)"
                      " — PL: remote, ZURL: remote"] * 2


def test_the_joiners_screen_shows_the_variants_game(tmp_path: Path):
    from semper_fidelis.tui.remote import JoinApp, RemoteGameScreen
    from semper_fidelis.tui.status import phase_line

    from .test_remote_app import until

    async def play():
        # ZURL's seat stays empty: no position arrives while the app is taken down
        async with hosting(Game(scenario=1, seed=SEED, data=varied()), {"PL": "remote", "ZURL": "remote"}) as host:
            app = JoinApp(f"127.0.0.1:{host.port}", "PL", SECRETS["PL"], saves_dir=tmp_path)
            async with app.run_test(size=(160, 45)) as pilot:
                await until(pilot, lambda: isinstance(app.screen, RemoteGameScreen))
                await pilot.pause()
                return phase_line(app.session).plain, app.session.view()["morale"]["PL"]

    header, morale = asyncio.run(play())
    assert header.startswith("Scenario 1: Coup (PL steadier, one Stage) │ Round 1/4") and morale == 8
