"""Encrypted when asked: a host with ``--tls-cert``/``--tls-key`` serves wss://, a joiner trusts
it through ``--ca FILE`` (or the system's store); a plain join to it, an untrusted certificate
and every bad or missing file end in one line. The certificates are made here (trustme)."""

from __future__ import annotations

import asyncio
import ssl

import pytest

from semper_fidelis.cli import main
from semper_fidelis.engine import Game
from semper_fidelis.net.join import JoinError, Link, play_with_bot
from semper_fidelis.net.tls import client_context, server_context

from .conftest import SECRETS, hosting

trustme = pytest.importorskip("trustme")

BOT_PL = {"PL": "random", "ZURL": "remote"}


@pytest.fixture
def pki(tmp_path):
    """A certificate authority's file and a host's certificate and key for 127.0.0.1."""
    ca = trustme.CA()
    issued = ca.issue_cert("127.0.0.1", "localhost")
    files = {"ca": tmp_path / "ca.pem", "cert": tmp_path / "host.pem", "key": tmp_path / "host.key"}
    ca.cert_pem.write_to_path(str(files["ca"]))
    issued.cert_chain_pems[0].write_to_path(str(files["cert"]))
    issued.private_key_pem.write_to_path(str(files["key"]))
    return files


def test_a_joiner_plays_a_seat_over_tls(pki, shipped):
    async def main_():
        async with hosting(Game(scenario=1, seed=3), BOT_PL, bot_seeds={"PL": 1}, tls=server_context(pki["cert"], pki["key"])) as host:
            mirror = await play_with_bot(f"wss://127.0.0.1:{host.port}", "ZURL", SECRETS["ZURL"], "random", shipped,
                                         seed=2, stop_after=3, tls=client_context(pki["ca"]))
            return mirror, len(host.game.actions)

    mirror, played = asyncio.run(main_())
    assert len(mirror.actions) >= 3 and played >= 3


@pytest.mark.parametrize(("address", "trust", "expected"), [
    ("127.0.0.1:{port}", None, "did not answer as a websocket: if it serves TLS, join wss://127.0.0.1:"),
    ("wss://127.0.0.1:{port}", None, "cannot trust the host at wss://127.0.0.1:"),
])
def test_a_plain_or_untrusting_join_to_a_tls_host_fails_in_one_line(pki, shipped, address, trust, expected):
    async def main_():
        async with hosting(Game(scenario=1, seed=3), BOT_PL, tls=server_context(pki["cert"], pki["key"])) as host:
            link = Link(address.format(port=host.port), "ZURL", SECRETS["ZURL"], shipped, tls=trust)
            with pytest.raises(JoinError) as refused:
                await link.run()
            return str(refused.value), host.conns

    reason, conns = asyncio.run(main_())
    assert expected in reason and "\n" not in reason and not conns


def test_a_tls_join_to_a_plain_host_fails_in_one_line(pki, shipped):
    async def main_():
        async with hosting(Game(scenario=1, seed=3), BOT_PL) as host:
            with pytest.raises(JoinError) as refused:
                await Link(f"wss://127.0.0.1:{host.port}", "ZURL", SECRETS["ZURL"], shipped, tls=client_context(pki["ca"])).run()
            return str(refused.value)

    reason = asyncio.run(main_())
    assert reason.startswith("no TLS at wss://127.0.0.1:") and "join 127.0.0.1:" in reason and "\n" not in reason


def test_bad_or_missing_tls_files_are_one_line(pki, tmp_path, capsys):
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate\n")
    other_key = tmp_path / "other.key"
    trustme.CA().issue_cert("127.0.0.1").private_key_pem.write_to_path(str(other_key))
    locked = tmp_path / "locked.key"
    locked.write_bytes(encrypted(pki["key"]))
    host = ["host", "--zurl", "remote", "--pl", "random", "--bind", "127.0.0.1", "--port", "0", "--autosave", str(tmp_path / "h.json")]
    cases = [
        (host + ["--tls-cert", str(pki["cert"])], "--tls-cert FILE and --tls-key FILE go together"),
        (host + ["--tls-cert", str(tmp_path / "missing.pem"), "--tls-key", str(pki["key"])], "No such file"),
        (host + ["--tls-cert", str(junk), "--tls-key", str(pki["key"])], "not a usable certificate and key in PEM"),
        (host + ["--tls-cert", str(pki["cert"]), "--tls-key", str(other_key)], "not a usable certificate and key in PEM"),
        (host + ["--tls-cert", str(pki["cert"]), "--tls-key", str(locked)], "protected by a passphrase"),
        (["join", "wss://127.0.0.1:9", "--bot", "random", "--ca", str(tmp_path / "missing.pem")], "--ca"),
        (["join", "wss://127.0.0.1:9", "--bot", "random", "--ca", str(junk)], "--ca"),
        (["join", "127.0.0.1:9", "--bot", "random", "--ca", str(pki["ca"])], "--ca is for a host that serves TLS: join wss://127.0.0.1:9"),
    ]
    for argv, expected in cases:
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and expected in err, (argv, err)


def encrypted(key_path) -> bytes:
    from cryptography.hazmat.primitives import serialization

    key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.BestAvailableEncryption(b"passphrase"))


def test_the_system_store_is_the_default_trust():
    assert client_context(None).verify_mode == ssl.CERT_REQUIRED and client_context(None).check_hostname
