"""The app in a web browser, end to end: ``semper-fidelis serve`` (textual-serve) opened in
headless Chromium (Debian's ``chromium``, driven by Playwright), a new game started and a move
made by keys, checked in the game's autosave; a seat of a hosted game taken with its secret
typed in the page; a screenshot is kept as an artefact.

Skipped where Chromium or Playwright is missing, unless SEMPER_FIDELIS_BROWSER_TEST=required
(as .ci/run sets it): then their absence fails the test. Artefacts go to
SEMPER_FIDELIS_ARTIFACTS (else the test's tmp folder).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

from semper_fidelis.engine import Game, read_record
from semper_fidelis.net.host import Host

CHROMIUM = Path("/usr/bin/chromium")
POLLS = 1200  # polls a wait may take before the test gives up (a bound against a hang on a loaded machine)
POLL_MS = 150
KEY = "the-key-of-the-browser-test"


def _browser_or_skip():
    required = os.environ.get("SEMPER_FIDELIS_BROWSER_TEST") == "required"
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        sync_playwright = None
    missing = "Playwright (pip install playwright)" if sync_playwright is None else None
    if not CHROMIUM.exists():
        missing = f"{CHROMIUM} (apt-get install chromium)"
    if missing:
        if required:
            pytest.fail(f"the browser test is required here but {missing} is missing")
        pytest.skip(f"no {missing}")
    return sync_playwright


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def artefacts(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("SEMPER_FIDELIS_ARTIFACTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def serving(*args: str) -> tuple[subprocess.Popen, str]:
    """``serve`` with a key it is given; the URL a visitor opens, the key in it (then a cookie)."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": os.getcwd(), "SEMPER_FIDELIS_SERVE_KEY": KEY}
    process = subprocess.Popen([sys.executable, "-m", "semper_fidelis", "serve", "--host", "127.0.0.1", "--port", str(port), *args],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    url = f"http://127.0.0.1:{port}/?key={KEY}"
    visitor = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())  # the key becomes a cookie
    for _ in range(POLLS):
        try:
            with visitor.open(url, timeout=5) as response:
                if response.status == 200:
                    return process, url
        except OSError:
            if process.poll() is not None:
                raise AssertionError("semper-fidelis serve exited") from None
            threading.Event().wait(POLL_MS / 1000)
    process.kill()
    raise AssertionError("semper-fidelis serve never answered")


class Page:
    """A page of the served app, waited on by what the app sends it: after each key the app's
    screen updates must arrive, then stop (the app has drawn its answer)."""

    def __init__(self, page, frames: list):
        self.page = page
        self.frames = frames
        self.seen = 0

    def settle(self, at_least: int = 1) -> None:
        """Wait for ``at_least`` new screen updates, then for two polls without one."""
        quiet = 0
        for _ in range(POLLS):
            self.page.wait_for_timeout(POLL_MS)
            count = len(self.frames)
            if count >= self.seen + at_least and quiet >= 2:
                self.seen = count
                return
            quiet = quiet + 1 if count == getattr(self, "_count", None) else 0
            self._count = count
        raise AssertionError("the app never answered")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.page.keyboard.press(key)
        self.settle()

    def until(self, condition, polls: int = POLLS) -> None:
        for _ in range(polls):
            if condition():
                return
            self.page.wait_for_timeout(POLL_MS)
        raise AssertionError("the app never got there")


def in_browser(tmp_path: Path, serve_args: list[str], play) -> None:
    """Serve the app (``serve`` with ``serve_args``), open it in headless Chromium and ``play``
    on the page; a screenshot of a failure is kept too."""
    sync_playwright = _browser_or_skip()
    process, url = serving(*serve_args)
    frames: list = []
    try:
        with sync_playwright() as playwright:
            context = playwright.chromium.launch_persistent_context(
                str(tmp_path / "chromium-profile"), executable_path=str(CHROMIUM), headless=True,
                args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
                viewport={"width": 1400, "height": 900})
            try:
                page = context.new_page()
                page.on("websocket", lambda ws: ws.on("framereceived", lambda frame: frames.append(1)))
                page.goto(url)
                page.locator("textarea").first.focus()  # the terminal's keyboard
                try:
                    play(Page(page, frames))
                except AssertionError:
                    page.screenshot(path=str(artefacts(tmp_path) / "browser-failure.png"))  # what the page showed
                    raise
            finally:
                context.close()
    finally:
        process.kill()
        process.wait()


def kept(shot: Path) -> None:
    assert shot.stat().st_size > 10_000
    print(f"screenshot: {shot}")


def autosaved_actions(saves: Path) -> int:
    files = sorted(saves.glob("autosave/*.json"))
    if not files:
        return -1
    try:
        return len(read_record(files[-1]).actions)
    except Exception:  # noqa: BLE001 - caught mid-write by a reader: not there yet
        return -1


def test_the_app_in_a_browser_starts_a_game_and_makes_a_move(tmp_path):
    saves = tmp_path / "saves"
    shot = artefacts(tmp_path) / "browser-game.png"

    def play(page: Page) -> None:
        page.settle(at_least=2)  # the main menu (after textual-serve's own first message)
        page.keys("1")  # New game: the scenarios
        page.keys("1", "Enter")  # Scenario 1: who plays
        page.keys("3")  # hot-seat privacy off: both hands open, no hand-over screen
        page.page.keyboard.press("5")  # start
        page.until(lambda: autosaved_actions(saves) == 0)
        page.settle()
        # the first option of the first decision; the bot's turn follows and keeps the page
        # updating, so the move is waited for in the autosave, not in a quiet page (one CI run
        # never went quiet in 180 s there; why is not known)
        for key in ("1", "Enter"):
            page.page.keyboard.press(key)
        page.until(lambda: autosaved_actions(saves) >= 1)
        page.page.screenshot(path=str(shot))

    in_browser(tmp_path, ["--saves", str(saves)], play)
    assert autosaved_actions(saves) >= 1
    kept(shot)


def test_a_browser_player_takes_a_seat_of_a_hosted_game(tmp_path):
    _browser_or_skip()  # before the host starts
    game = Game(scenario=1, seed=3)  # ZURL decides first
    host = Host(game, {"PL": "random", "ZURL": "remote"}, {"ZURL": "browser-secret"}, say=lambda line: None, bot_seeds={"PL": 1})
    loop = asyncio.new_event_loop()
    listening = threading.Event()
    thread = threading.Thread(target=lambda: loop.run_until_complete(host.run("127.0.0.1", 0, started=lambda port: listening.set())))
    thread.start()
    listening.wait()
    shot = artefacts(tmp_path) / "browser-hosted-game.png"

    def play(page: Page) -> None:
        page.settle(at_least=2)  # the seat asks for its secret: on no command line, typed in the page
        for _ in range(3):  # keys typed while a loaded machine still starts the app can be lost: a refusal asks again
            page.page.keyboard.type("browser-secret")
            page.page.keyboard.press("Enter")
            with contextlib.suppress(AssertionError):
                page.until(lambda: "ZURL" in host.conns, polls=100)
                break
        page.until(lambda: "ZURL" in host.conns and len(game.actions) == 0)
        page.settle(at_least=2)
        # ZURL's first decision, sent to the host: its answer is the host's game moving on (the
        # seat's screen keeps sending updates while it waits on the host, so no quiet to wait for)
        for key in ("1", "Enter"):
            page.page.keyboard.press(key)
        page.until(lambda: len(game.actions) >= 1)
        page.until(lambda: len(page.frames) > page.seen + 1)  # the seat's screen has redrawn since
        page.page.screenshot(path=str(shot))

    try:
        in_browser(tmp_path, ["--join", f"127.0.0.1:{host.port}", "--side", "ZURL"], play)
    finally:
        loop.call_soon_threadsafe(host.stop)
        thread.join(timeout=30)
    assert game.actions[0] in ("keep", "change")
    kept(shot)

