"""``serve``'s web server: textual-serve's :class:`Server`, made safe to expose.

textual-serve starts a copy of the app for whoever opens its websocket. Here a visitor needs
the key (in the URL once, then a cookie), the websocket is taken only from a page of the served
origin (a page of another site open in the same browser cannot drive the app), at most
``max_sessions`` copies run at once, the page loads nothing from the internet, and with a
certificate it is served over https/wss. See docs/serve.md.
"""

from __future__ import annotations

import hmac
import os
import re
import ssl
from html import escape
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp_jinja2
import jinja2
import textual_serve
from aiohttp import web
from aiohttp.abc import AbstractAccessLogger
from aiohttp.typedefs import Handler
from textual_serve.server import Server

from .args import SECRET_ENV  # a seat's secret (host/join): a served page never inherits it

KEY_ENV = "SEMPER_FIDELIS_SERVE_KEY"  # the key a user sets (never on the command line)
COOKIE = "semper-fidelis-key-{port}"  # a browser sends a host's cookies to all its ports: one name per server
TEMPLATE = "app_index.html"
# the page's one load from the internet: the Google Fonts stylesheet of the font textual-serve
# ships in its static folder anyway, declared here from there instead
GOOGLE_FONT = re.compile(r"<link[^>]*fonts\.googleapis\.com[^>]*>")
LOCAL_FONT = ('<style>@font-face { font-family: "Roboto Mono"; '
              'src: url("{{ config.static.url }}fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }</style>')
PAGE = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>Semper Fidelis</title></head>
<body style="background:#0c181f;color:#eee;font-family:monospace;padding:2em"><h1>{title}</h1><p>{text}</p></body></html>"""


def origin_of(url: str) -> str:
    """``scheme://host[:port]`` of ``url``, as a browser sends it in the Origin header."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def short_page(status: int, title: str, text: str) -> web.Response:
    """A refusal a person reads in the browser: a title and one sentence, nothing loaded."""
    return web.Response(status=status, text=PAGE.format(title=escape(title), text=escape(text)), content_type="text/html")


def local_page() -> jinja2.DictLoader:
    """textual-serve's page with the web font taken from its own static folder."""
    page = (Path(textual_serve.__file__).parent / "templates" / TEMPLATE).read_text(encoding="utf-8")
    return jinja2.DictLoader({TEMPLATE: GOOGLE_FONT.sub(LOCAL_FONT, page)})


class KeyFreeAccessLog(AbstractAccessLogger):
    """The access log without query strings: aiohttp's own logs the first request line, and
    the printed URL's key with it."""

    def log(self, request: web.BaseRequest, response: web.StreamResponse, time: float) -> None:
        self.logger.info("%s %s %s %s", request.remote, request.method, request.path, response.status)


class GuardedServer(Server):
    """The app behind a key, an Origin check and a cap on the copies running."""

    access_log = KeyFreeAccessLog

    def __init__(self, command: str, *, key: str, public_url: str, host: str = "localhost", port: int = 8000,
                 max_sessions: int = 4, tls: ssl.SSLContext | None = None):
        super().__init__(command, host=host, port=port, title="Semper Fidelis", public_url=public_url)
        self.key = key
        self.origin = origin_of(public_url)
        self.max_sessions = max_sessions
        self.sessions = 0
        self.tls = tls
        self.cookie = COOKIE.format(port=port)

    @property
    def full(self) -> bool:
        return self.sessions >= self.max_sessions

    async def _make_app(self) -> web.Application:
        """textual-serve's web app with the guard; each page's copy of the app inherits this
        process's environment, so the secrets are dropped from it first."""
        for name in (KEY_ENV, SECRET_ENV):
            os.environ.pop(name, None)
        app = await super()._make_app()
        aiohttp_jinja2.setup(app, loader=local_page())
        app.middlewares.append(self._guard)
        app.on_startup.remove(self.on_startup)  # textual-serve's banner would print the command
        return app

    def refusal(self, request: web.Request) -> web.Response | None:
        """Why ``request`` is refused, as the page to answer it with; None if it may go on."""
        origin = request.headers.get("Origin")
        websocket = request.headers.get("Upgrade", "").lower() == "websocket"
        if (origin is not None or websocket or request.method not in ("GET", "HEAD")) and (origin or "").lower() != self.origin:
            return short_page(403, "Refused", f"Only pages of {self.origin} may play here.")
        if not self._holds_key(request):
            return short_page(403, "A key is needed", "Open the address 'semper-fidelis serve' printed, with its ?key=…")
        return None

    def _holds_key(self, request: web.Request) -> bool:
        given = request.query.get("key") or request.cookies.get(self.cookie) or ""
        return hmac.compare_digest(given.encode(), self.key.encode())

    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        refused = self.refusal(request)
        if refused is not None:
            return refused
        if "key" in request.query and request.path == "/":
            return self._key_taken(request)
        return await handler(request)

    def _key_taken(self, request: web.Request) -> web.Response:
        """The key of the printed URL becomes a cookie (reloads and the websocket carry it), and
        the address bar, history and screen shares lose it: the page is sent to without it."""
        rest = [(name, value) for name, value in request.query.items() if name != "key"]
        response = web.Response(status=303, headers={"Location": str(request.rel_url.with_query(rest))})
        response.set_cookie(self.cookie, self.key, httponly=True, samesite="Strict", secure=self.tls is not None, path="/")
        return response

    def full_page(self) -> web.Response:
        return short_page(503, "The game is full", f"{self.max_sessions} games are open here; try again when one is closed.")

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        if self.full:
            return self.full_page()
        return await super().handle_index(request)

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:  # type: ignore[override]
        """One copy of the app per websocket, at most :attr:`max_sessions` at once; a place is
        freed when its copy has ended."""
        if self.full:
            return self.full_page()
        self.sessions += 1
        try:
            return await super().handle_websocket(request)
        finally:
            self.sessions -= 1

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C, over TLS with a context."""
        self.debug = debug
        self.initialize_logging()
        web.run_app(self._make_app(), host=self.host, port=self.port, ssl_context=self.tls, print=None, access_log_class=self.access_log)
