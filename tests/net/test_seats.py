"""One credential per seat: a seat is taken with its own secret only (the other seat's is as
wrong as a guess), a dropped seat waits for its own player, the host's own human seat is never
open to the network, guesses are throttled per address, and no secret is ever on a command line."""

from __future__ import annotations

import asyncio
import io
import json
import re
import threading

import pytest
from websockets.asyncio.client import connect

from semper_fidelis.cli import main
from semper_fidelis.engine import Game
from semper_fidelis.net.credentials import Throttle, given_secret, kept_secrets, secrets_path
from semper_fidelis.net.protocol import PROTOCOL
from semper_fidelis.tui import remote

from .conftest import SECRETS, hosting

BOTH_REMOTE = {"PL": "remote", "ZURL": "remote"}


async def knock(port: int, side: str, secret: str, scheme: str = "ws", tls=None) -> dict:
    """A hello for ``side`` with ``secret``: the host's first answer (welcome or refused)."""
    async with connect(f"{scheme}://127.0.0.1:{port}/", ssl=tls) as ws:
        await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "side": side, "secret": secret}))
        return json.loads(await ws.recv())


def test_each_seat_is_taken_with_its_own_secret_only():
    async def main_():
        async with hosting(Game(scenario=1, seed=3), BOTH_REMOTE) as host:
            return [await knock(host.port, "PL", SECRETS["ZURL"]), await knock(host.port, "ZURL", SECRETS["PL"]),
                    await knock(host.port, "PL", SECRETS["PL"]), await knock(host.port, "ZURL", SECRETS["ZURL"])]

    other_pl, other_zurl, own_pl, own_zurl = asyncio.run(main_())
    assert other_pl["type"] == "refused" and other_pl["fatal"] and "wrong secret for PL" in other_pl["reason"]
    assert other_zurl["type"] == "refused" and "wrong secret for ZURL" in other_zurl["reason"]
    assert own_pl["type"] == own_zurl["type"] == "welcome"


def test_a_dropped_seat_waits_for_its_own_player_and_the_other_cannot_take_it():
    async def main_():
        async with hosting(Game(scenario=1, seed=3), BOTH_REMOTE) as host:
            async with connect(f"ws://127.0.0.1:{host.port}/") as zurl:  # ZURL plays on
                await zurl.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "side": "ZURL", "secret": SECRETS["ZURL"]}))
                assert json.loads(await zurl.recv())["type"] == "welcome"
                pl = await knock(host.port, "PL", SECRETS["PL"])  # PL joins, and its connection drops
                for _ in range(100):
                    if "PL" not in host.conns:
                        break
                    await asyncio.sleep(0.01)
                taken = await knock(host.port, "PL", SECRETS["ZURL"])  # ZURL's player tries the empty seat
                back = await knock(host.port, "PL", SECRETS["PL"])
            return pl, taken, back

    pl, taken, back = asyncio.run(main_())
    assert pl["type"] == "welcome"
    assert taken["type"] == "refused" and "wrong secret for PL" in taken["reason"]
    assert back["type"] == "welcome" and back["side"] == "PL"


def test_guesses_are_throttled_per_address_and_the_address_may_try_again_later():
    now = [1000.0]
    throttle = Throttle(limit=3, window=60, clock=lambda: now[0])

    async def main_():
        async with hosting(Game(scenario=1, seed=3), BOTH_REMOTE, throttle=throttle) as host:
            guesses = [await knock(host.port, "PL", f"guess-{n}") for n in range(3)]
            right_too_soon = await knock(host.port, "PL", SECRETS["PL"])
            now[0] += 61
            right_later = await knock(host.port, "PL", SECRETS["PL"])
            return guesses, right_too_soon, right_later

    guesses, too_soon, later = asyncio.run(main_())
    assert all(g["type"] == "refused" and "wrong secret for PL" in g["reason"] for g in guesses)
    # the fourth try is not even compared: the address waits, whatever secret it brings
    assert too_soon["type"] == "refused" and too_soon["reason"] == "too many failed attempts from 127.0.0.1: try again in 60 s"
    assert later["type"] == "welcome"


def test_the_throttle_forgets_old_failures_and_keeps_few_addresses():
    now = [0.0]
    throttle = Throttle(limit=2, window=10, clock=lambda: now[0])
    throttle.failed("a")
    now[0] = 5
    throttle.failed("a")
    assert throttle.wait("a") == 5 and throttle.wait("b") == 0
    now[0] = 10.5
    assert throttle.wait("a") == 0  # the first failure is older than the window


@pytest.mark.parametrize("with_tls", [False, True], ids=["plain", "tls"])
def test_with_a_human_seat_no_network_client_gets_it(tmp_path, monkeypatch, capsys, with_tls):
    """``host --pl human``: the app reaches its seat with a secret only the host process knows
    (over TLS it trusts exactly the host's certificate); a joiner with ZURL's secret, a guess,
    or anyone first on the port, is refused PL."""
    seen: dict = {}
    options = []
    if with_tls:
        options = ["--tls-cert", str(tmp_path / "host.pem"), "--tls-key", str(tmp_path / "host.pem")]
        certificate(tmp_path / "host.pem")

    def the_app(address, side, secret, data=None, tls=None):
        printed = capsys.readouterr().out
        seen["printed"] = printed
        line = next(line for line in printed.splitlines() if line.startswith("ZURL joins with:"))
        zurl = re.search(r"SEMPER_FIDELIS_SECRET=(\S+)", line)[1]
        port = seen["port"] = int(address.rsplit(":", 1)[1])
        scheme = "wss" if tls is not None else "ws"
        loose = None if tls is None else insecure()

        async def knocks():
            return [await knock(port, "PL", zurl, scheme, loose), await knock(port, "PL", "guess", scheme, loose),
                    await knock(port, "PL", secret, scheme, tls)]

        seen.update(side=side, secret=secret, zurl=zurl, answers=asyncio.run(knocks()), line=line)
        return 0

    monkeypatch.setattr(remote, "run_joined", the_app)
    monkeypatch.setattr("semper_fidelis.cli.host.needs_terminal", lambda command, instead: None)  # the app's terminal
    autosave = tmp_path / "hosted.json"
    code = main(["host", "--pl", "human", "--zurl", "remote", "--bind", "127.0.0.1", "--port", "0", "--autosave", str(autosave), *options])
    assert code == 0
    by_zurl, guess, app = seen["answers"]
    assert by_zurl["type"] == guess["type"] == "refused" and "played on the host's own screen" in by_zurl["reason"]
    assert app["type"] == "welcome" and seen["side"] == "PL"
    assert "PL joins with" not in seen["printed"] and seen["secret"] not in seen["printed"]
    assert seen["line"].endswith(f"semper-fidelis join {'wss://' if with_tls else ''}127.0.0.1:{seen['port']} --side ZURL")
    assert kept_secrets(autosave) == {"ZURL": seen["zurl"]}  # the app's secret is not kept either


def certificate(path):
    trustme = pytest.importorskip("trustme")
    ca = trustme.CA()
    ca.issue_cert("localhost").private_key_and_cert_chain_pem.write_to_path(str(path))
    return ca


def insecure():
    import ssl

    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def test_the_secrets_are_kept_for_the_user_alone_and_forgotten_at_game_over(tmp_path):
    from semper_fidelis.net.credentials import forget_secrets, keep_secrets

    autosave = tmp_path / "saves" / "hosted.json"
    kept = keep_secrets(autosave, {"ZURL": "z" * 32})
    assert kept == secrets_path(autosave) and kept.stat().st_mode & 0o777 == 0o600 and kept.parent.stat().st_mode & 0o777 == 0o700
    assert kept_secrets(autosave) == {"ZURL": "z" * 32}
    kept.write_text(json.dumps({"PL": "p" * 32, "ZURL": "p" * 32}))  # not what the host writes: new ones then
    assert kept_secrets(autosave) == {}
    forget_secrets(autosave)
    assert not kept.exists()


def test_a_secret_comes_from_a_file_the_environment_or_a_prompt_never_the_command_line(tmp_path):
    path = tmp_path / "secret"
    path.write_text("from-the-file\n")
    assert given_secret(path, environ={"SEMPER_FIDELIS_SECRET": "from-env"}) == "from-the-file"
    assert given_secret(None, environ={"SEMPER_FIDELIS_SECRET": "from-env"}) == "from-env"
    assert given_secret(None, environ={}, ask=lambda prompt: " typed ") == "typed"
    for bad, message in [(tmp_path / "missing", "No such file"), (tmp_path, "Is a directory")]:
        with pytest.raises(ValueError, match=message):
            given_secret(bad, environ={})
    path.write_text("two\nlines")
    with pytest.raises(ValueError, match="not a seat secret"):
        given_secret(path, environ={})
    with pytest.raises(ValueError, match="no secret typed"):
        given_secret(None, environ={}, ask=lambda prompt: (_ for _ in ()).throw(EOFError))


@pytest.mark.parametrize("argv", [
    ["join", "127.0.0.1:9", "--bot", "random", "--token", "T"],
    ["host", "--zurl", "remote", "--token", "T"],
    ["serve", "--join", "127.0.0.1:9", "--token", "T"],
])
def test_a_secret_on_the_command_line_is_refused_in_one_line(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "shown to every user (ps)" in err and "SEMPER_FIDELIS_SECRET" in err


def test_a_joiner_without_a_secret_is_told_where_to_give_it(capsys, monkeypatch):
    monkeypatch.delenv("SEMPER_FIDELIS_SECRET", raising=False)
    monkeypatch.setattr("sys.stdin", io.StringIO())  # no terminal: no prompt
    assert main(["join", "127.0.0.1:9", "--bot", "random"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "SEMPER_FIDELIS_SECRET=SECRET" in err and "--secret-file FILE" in err


def test_join_reads_the_seat_secret_from_a_file(tmp_path, shipped):
    """The whole way from ``join``'s sources to the host: the file's secret seats ZURL."""
    secret_file = tmp_path / "zurl.secret"
    secret_file.write_text(SECRETS["ZURL"] + "\n")
    answers: list[int] = []

    async def main_():
        async with hosting(Game(scenario=1, seed=3), {"PL": "random", "ZURL": "remote"}, bot_seeds={"PL": 1}) as host:
            argv = ["join", f"127.0.0.1:{host.port}", "--side", "ZURL", "--bot", "random", "--secret-file", str(secret_file)]
            joiner = threading.Thread(target=lambda: answers.append(main(argv)))
            joiner.start()
            await asyncio.wait_for(host.done.wait(), 60)
            await asyncio.to_thread(joiner.join, 30)

    asyncio.run(main_())
    assert answers == [0]


def test_an_address_holds_only_a_few_connections_waiting_to_be_seated():
    async def main_():
        async with hosting(Game(scenario=1, seed=3), BOTH_REMOTE) as host:
            silent = [await connect(f"ws://127.0.0.1:{host.port}/") for _ in range(4)]  # no hello yet
            for _ in range(100):
                if sum(host._unseated.values()) == 4:
                    break
                await asyncio.sleep(0.01)
            one_more = await knock(host.port, "PL", SECRETS["PL"])
            for ws in silent:
                await ws.close()
            for _ in range(100):
                if not host._unseated:
                    break
                await asyncio.sleep(0.01)
            then = await knock(host.port, "PL", SECRETS["PL"])
            return one_more, then

    one_more, then = asyncio.run(main_())
    assert one_more["type"] == "refused" and one_more["reason"] == "too many connections from 127.0.0.1 waiting to be seated"
    assert then["type"] == "welcome"  # four silent closes are four failures: within the five a minute


def test_connections_opened_before_the_throttle_closed_are_throttled_at_their_hello():
    """Guesses sent together on connections opened at once are not compared past the limit."""

    async def main_():
        async with hosting(Game(scenario=1, seed=3), BOTH_REMOTE, throttle=Throttle(limit=2, window=60)) as host:
            opened = [await connect(f"ws://127.0.0.1:{host.port}/") for _ in range(3)]
            for _ in range(100):
                if sum(host._unseated.values()) == 3:
                    break
                await asyncio.sleep(0.01)
            answers = []
            for ws, secret in zip(opened, ["guess-1", "guess-2", SECRETS["PL"]], strict=True):
                await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "side": "PL", "secret": secret}))
                answers.append(json.loads(await ws.recv()))
                await ws.close()
            return answers

    first, second, third = asyncio.run(main_())
    assert "wrong secret for PL" in first["reason"] and "wrong secret for PL" in second["reason"]
    assert third["type"] == "refused" and third["reason"].startswith("too many failed attempts from 127.0.0.1")
