"""``serve`` safe to expose: a key, an Origin check on the websocket, a cap on the copies of the
app, a page that loads nothing from the internet, TLS, and no seat secret on any command line.

The server is the real one (semper_fidelis.net.web) on a loopback port in the test's own loop;
each page's app is a stand-in shell command (ready at once, ended by the first byte textual-serve
writes to it, its quit), so no test waits for the app to start.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import shlex
import socket
import ssl
from pathlib import Path

import aiohttp
import pytest
from aiohttp import web

from semper_fidelis.cli.parser import build_parser
from semper_fidelis.errors import CliError
from semper_fidelis.net.commands import app_command, guarded_server, serve
from semper_fidelis.net.web import KEY_ENV, SECRET_ENV, GuardedServer

KEY = "a-key-of-the-test-0123456789"
STAND_IN = "echo __GANGLION__; head -c 1 >/dev/null"
POLLS = 500


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def guarded(command: str = STAND_IN, *, scheme: str = "http", **kwargs) -> GuardedServer:
    port = free_port()
    return GuardedServer(command, key=KEY, public_url=f"{scheme}://127.0.0.1:{port}", host="127.0.0.1", port=port, **kwargs)


@contextlib.asynccontextmanager
async def running(server: GuardedServer):
    """The server listening (as ``serve`` runs it, TLS included) until the block ends."""
    runner = web.AppRunner(await server._make_app(), access_log_class=server.access_log)
    await runner.setup()
    await web.TCPSite(runner, server.host, server.port, ssl_context=server.tls).start()
    try:
        yield server.public_url
        await freed(server)  # each page's app has ended (its process reaped in this loop)
    finally:
        await runner.cleanup()


def browsing(**kwargs) -> aiohttp.ClientSession:
    """A client that keeps cookies as a browser does, for an IP address too."""
    return aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True), **kwargs)


def run(test) -> None:
    asyncio.run(asyncio.wait_for(test(), 60))


async def freed(server: GuardedServer) -> None:
    for _ in range(POLLS):
        if server.sessions == 0:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the session was never freed")


def serve_args(*argv: str):
    return build_parser().parse_args(["serve", *argv])


def test_a_visitor_without_the_key_is_refused():
    async def test():
        server = guarded()
        async with running(server) as url, browsing() as browser:
            for path in ("/", "/?key=not-the-key", "/static/js/textual.js"):
                async with browser.get(url + path) as response:
                    assert response.status == 403, path
                    assert "key" in await response.text()
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await browser.ws_connect(url + "/ws", origin=url)
            assert refused.value.status == 403
            async with browser.get(f"{url}/?key={KEY}&fontsize=20", allow_redirects=False) as response:
                assert response.status == 303 and response.headers["Location"] == "/?fontsize=20"  # the key leaves the address bar
                cookie = response.cookies[server.cookie]
                assert cookie.value == KEY and cookie["httponly"] and cookie["samesite"] == "Strict" and not cookie["secure"]
            async with browser.get(url + "/") as response:
                assert response.status == 200
            async with browser.get(url + "/static/js/textual.js") as response:  # the cookie carries the key
                assert response.status == 200
            async with browser.ws_connect(url + "/ws", origin=url) as ws:
                assert server.sessions == 1
                await ws.close()

    run(test)


def test_the_access_log_does_not_keep_the_key(caplog):
    async def test():
        server = guarded()
        async with running(server) as url, browsing() as browser, browser.get(f"{url}/?key={KEY}") as response:
            assert response.status == 200

    with caplog.at_level(logging.INFO, logger="aiohttp.access"):
        run(test)
    logged = [record.getMessage() for record in caplog.records if record.name == "aiohttp.access"]
    assert any(" GET / 303" in line for line in logged) and not any(KEY in line for line in logged)


def test_a_page_of_another_origin_cannot_drive_the_app():
    async def test():
        server = guarded()
        async with running(server) as url, browsing() as browser:
            async with browser.get(f"{url}/?key={KEY}") as response:
                assert response.status == 200
            for origin in ("http://evil.example", f"http://localhost:{server.port}", None):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await browser.ws_connect(url + "/ws", origin=origin)
                assert refused.value.status == 403, origin
            assert server.sessions == 0  # no app was started for them
            async with browser.get(f"{url}/?key={KEY}", headers={"Origin": "http://evil.example"}) as response:
                assert response.status == 403

    run(test)


def test_over_the_cap_the_page_says_the_game_is_full_until_a_session_closes():
    async def test():
        server = guarded(max_sessions=1)
        async with running(server) as url, browsing() as browser:
            page = f"{url}/?key={KEY}"
            first = await browser.ws_connect(url + "/ws", origin=url, params={"key": KEY})
            async with browser.get(page) as response:
                assert response.status == 503
                assert "full" in await response.text()
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await browser.ws_connect(url + "/ws", origin=url)
            assert refused.value.status == 503 and server.sessions == 1
            await first.close()
            await freed(server)
            async with browser.get(page) as response:
                assert response.status == 200

    run(test)


def external_hosts(text: str, served: str) -> set[str]:
    """The hosts other than ``served`` that ``text`` (a page, a stylesheet, a script) names in
    an http(s) URL; comments and the SVG namespace load nothing and are left out."""
    text = re.sub(r"/\*.*?\*/|<!--.*?-->", "", text, flags=re.S)
    text = text.replace('xmlns="http://www.w3.org/2000/svg"', "")
    return {host for host in re.findall(r"https?://([^/\"'\s)]+)", text) if host != served}


def test_the_page_and_its_assets_load_nothing_from_the_internet():
    async def test():
        server = guarded()
        served = f"127.0.0.1:{server.port}"
        async with running(server) as url, browsing() as browser:
            async with browser.get(f"{url}/?key={KEY}") as response:
                page = await response.text()
            assert external_hosts(page, served) == set()
            assets = re.findall(r"(?:href|src)=\"([^\"]+)\"|url\(\"?([^\")]+)\"?\)", page)
            loaded = {a or b for a, b in assets}
            assert any(name.endswith(".ttf") for name in loaded), "the font comes from the server"
            for asset in loaded:
                assert asset.startswith(url + "/static/"), asset
                async with browser.get(asset) as response:
                    assert response.status == 200, asset
                    if not asset.endswith((".ttf", ".png")):
                        assert external_hosts(await response.text(), served) == set(), asset

    run(test)


def test_tls_serves_https_and_wss(tmp_path):
    trustme = pytest.importorskip("trustme")
    authority = trustme.CA()
    certificate = authority.issue_cert("127.0.0.1")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    certificate.cert_chain_pems[0].write_to_path(cert)
    certificate.private_key_pem.write_to_path(key)
    server, _, _ = guarded_server(serve_args("--host", "127.0.0.1", "--port", str(free_port()),
                                             "--key-file", str(write(tmp_path / "key", KEY)), "--tls-cert", str(cert), "--tls-key", str(key)))
    assert server.public_url.startswith("https://") and server.tls is not None
    server.command = STAND_IN
    trusting = ssl.create_default_context()
    authority.configure_trust(trusting)

    async def test():
        async with running(server) as url, browsing(connector=aiohttp.TCPConnector(ssl=trusting)) as browser:
            async with browser.get(f"{url}/?key={KEY}", allow_redirects=False) as response:
                assert response.cookies[server.cookie]["secure"]
            async with browser.get(url) as response:
                assert response.status == 200 and "wss://127.0.0.1" in await response.text()
            async with browser.ws_connect(url.replace("https", "wss") + "/ws", origin=url) as ws:
                assert server.sessions == 1
                await ws.close()

    run(test)
    with pytest.raises(CliError, match="tls"):
        guarded_server(serve_args("--tls-cert", str(key), "--tls-key", str(cert)))
    with pytest.raises(CliError, match="together"):
        guarded_server(serve_args("--tls-cert", str(cert)))


def write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def test_a_seat_secret_is_on_no_command_line_nor_in_the_pages_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(SECRET_ENV, "the-seat-secret")
    monkeypatch.setenv(KEY_ENV, KEY)
    with pytest.raises(CliError):
        serve_args("--join", "127.0.0.1:8765", "--token", "the-seat-secret")  # no such option any more
    command = app_command(serve_args("--join", "127.0.0.1:8765", "--side", "PL"))
    assert shlex.split(command)[-5:] == ["join", "127.0.0.1:8765", "--side", "PL", "--served"]
    assert "secret" not in command and "token" not in command
    seen = tmp_path / "environment"
    server = guarded(f"env > {shlex.quote(str(seen))}; {STAND_IN}")

    async def test():
        async with running(server) as url, browsing() as browser, browser.ws_connect(url + "/ws", origin=url, params={"key": KEY}) as ws:
            for _ in range(POLLS):
                if seen.exists() and seen.read_text():
                    break
                await asyncio.sleep(0.01)
            await ws.close()

    run(test)
    environment = seen.read_text()
    assert "TEXTUAL_DRIVER" in environment  # the page's app did start
    assert SECRET_ENV not in environment and KEY not in environment


def test_a_served_seat_of_a_tls_host_trusts_the_authority_given(tmp_path):
    trustme = pytest.importorskip("trustme")
    ca = tmp_path / "ca.pem"
    trustme.CA().cert_pem.write_to_path(ca)
    command = shlex.split(app_command(serve_args("--join", "wss://127.0.0.1:8765", "--ca", str(ca))))
    assert command[-7:] == ["join", "wss://127.0.0.1:8765", "--side", "ZURL", "--served", "--ca", str(ca)]
    with pytest.raises(CliError, match="--ca is for a host that serves TLS"):
        app_command(serve_args("--join", "127.0.0.1:8765", "--ca", str(ca)))
    with pytest.raises(CliError, match="HOST:PORT"):
        app_command(serve_args("--join", "nowhere"))


def test_a_port_in_use_is_one_line(monkeypatch):
    monkeypatch.setenv(KEY_ENV, KEY)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(CliError, match=f"cannot listen on 127.0.0.1:{port}"):
            serve(serve_args("--host", "127.0.0.1", "--port", str(port)))


def test_the_key_comes_from_a_file_or_the_environment_never_the_command_line(tmp_path, monkeypatch):
    monkeypatch.delenv(KEY_ENV, raising=False)
    _, made_key, made = guarded_server(serve_args())
    assert made and len(made_key) >= 16
    _, key, made = guarded_server(serve_args("--key-file", str(write(tmp_path / "key", KEY + "\n"))))
    assert (key, made) == (KEY, False)
    monkeypatch.setenv(KEY_ENV, KEY)
    assert guarded_server(serve_args())[1:] == (KEY, False)
    with pytest.raises(CliError, match="at least"):
        guarded_server(serve_args("--key-file", str(write(tmp_path / "short", "abc"))))
    with pytest.raises(CliError, match="no-such"):
        guarded_server(serve_args("--key-file", str(tmp_path / "no-such")))
    with pytest.raises(CliError, match="max-sessions"):
        guarded_server(serve_args("--max-sessions", "0"))
    server = guarded_server(serve_args("--public-url", "https://games.example.org"))[0]
    assert server.origin == "https://games.example.org"
    with pytest.raises(CliError, match="public-url"):
        guarded_server(serve_args("--public-url", "games.example.org/play"))
