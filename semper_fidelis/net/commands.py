"""What ``host``, ``join`` and ``serve`` do, headless (their options are built in ``cli/host.py``,
``cli/join.py`` and ``cli/serve.py``).

Headless: a seat played in this terminal's app is played by the ``app`` the command line hands
in (``tui.remote.run_joined``), so nothing here imports the app or Textual.
Everything a player mistypes or the network refuses is one line (CliError); the host prints,
for each remote seat, the command its joiner types, with that seat's own secret in the
environment (never on a command line, where ``ps`` shows it).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import secrets
import shlex
import socket
import ssl
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from ..bots import BOTS
from ..data.loader import GameData
from ..data.models import Side
from ..data.scenarios import variant_scenario
from ..data.text import printable
from ..data.translations import scenario_name
from ..engine import Game, check_target, read_record, write_record
from ..errors import CliError
from ..i18n import _, ngettext
from .args import HUMAN, REMOTE, SEAT_KINDS, SECRET_ENV
from .credentials import forget_secrets, given_secret, keep_secrets, kept_secrets, new_secret, seat_secrets
from .host import Host
from .join import JoinError, address_url, play_with_bot
from .tls import client_context, own_context, server_context

if TYPE_CHECKING:  # the web server (aiohttp, textual-serve) is imported by `serve` alone
    from .web import GuardedServer

#: plays a seat of a hosted game in this terminal's app: (address, side, secret — None: the app
#: asks for it —, data, tls=) -> exit status
AppSeat = Callable[..., int]


def _error(message: str) -> Exception:
    return CliError(message)


def _say(line: str) -> None:
    print(printable(line), flush=True)


def this_machine() -> str:
    """The address other machines most likely reach this one at (no packet is sent)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET: picks the outgoing interface only
        address: str = probe.getsockname()[0]
        return address
    return "THIS-MACHINE"


def host_port(host: str, port: int, tls: bool = False) -> str:
    """The address a joiner types: ``HOST:PORT`` (an IPv6 address in brackets), wss:// for TLS."""
    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return f"wss://{where}" if tls else where


# ------------------------------------------------------------------------------------ host


def _writable(path: Path) -> None:
    """A file named on the command line can be written there (:func:`check_target`), or one line."""
    try:
        check_target(path)
    except OSError as exc:
        raise _error(_("{path}: cannot write the record there ({why})", path=exc.filename, why=exc.strerror)) from None


def _seat(side: str, kind: str) -> str:
    if kind in (HUMAN, REMOTE) or kind in BOTS:
        return kind
    raise _error(_("{option} {kind}: choose {kinds}", option=f"--{side.lower()}", kind=repr(kind), kinds=SEAT_KINDS))


def _tls(args: argparse.Namespace) -> ssl.SSLContext | None:
    if (args.tls_cert is None) != (args.tls_key is None):
        raise _error(_("--tls-cert FILE and --tls-key FILE go together"))
    if args.tls_cert is None:
        return None
    try:
        return server_context(args.tls_cert, args.tls_key)
    except ValueError as exc:
        raise _error(str(exc)) from None


def _kept(autosave: Path, remote: dict[str, str]) -> str:
    """Keep the remote seats' secrets for ``--resume``; what the host's operator is told of it."""
    if not remote:
        return ""
    try:
        kept = keep_secrets(autosave, remote)
    except OSError as exc:
        raise _error(_("cannot keep the seats' secrets beside {path}: {why}", path=autosave, why=exc.strerror or exc)) from None
    return _("; the seats' secrets stay the same, kept for you alone in {path}", path=kept)


def host(args: argparse.Namespace, data: GameData | None, app: AppSeat) -> int:
    """Hold a game; a human seat is played in ``app``."""
    from ..engine import shipped_data
    from ..store.locks import OpenElsewhere, lock_game
    from ..store.saves import default_saves_dir, read_quiet

    seats: dict[Side, str] = {"PL": _seat("PL", args.pl), "ZURL": _seat("ZURL", args.zurl)}
    humans = [side for side, kind in seats.items() if kind == HUMAN]
    if len(humans) == 2:
        raise _error(_("two human seats share one screen: that is '{command}' (hot seat); make one seat remote", command="semper-fidelis play"))
    if args.record is not None:
        _writable(args.record)  # before the game, not at its end
    tls = _tls(args)
    if args.resume is not None:
        if args.variant is not None:
            raise _error(_("--resume continues the game as it was started (of its variant, if any): --variant is for a new game"))
        game = read_record(args.resume, data=data)
        autosave = args.resume
    else:
        scenario = variant_scenario(data or shipped_data(), args.scenario, default="1")
        game = Game(scenario=scenario.number, seed=args.seed if args.seed is not None else secrets.randbits(62), data=data)
        autosave = args.autosave or _new_autosave(args.saves or default_saves_dir(), f"s{scenario.number}-hosted")
    try:
        lock = lock_game(autosave)
    except (OpenElsewhere, OSError) as exc:
        raise _error(f"{autosave}: {exc}") from None
    try:
        remote = seat_secrets([side for side, kind in seats.items() if kind == REMOTE], kept_secrets(autosave) if args.resume else None)
        own: dict[Side, str] = {side: new_secret() for side in humans}  # the host's own seat: never printed, never written
        say = _say if not humans else (lambda line: None)  # the app has the terminal
        host = Host(game, seats, remote | dict(own), autosave=autosave, say=say, tls=tls)
        if args.resume is not None:
            host.resume_quiet(read_quiet(autosave))
        _say(_("Hosting Scenario {number}, {name}{variant} — PL: {pl}, ZURL: {zurl}", number=game.scenario.number,
               name=scenario_name(game.scenario), variant=_variant_note(game), pl=seats["PL"], zurl=seats["ZURL"]))
        _say(_("Autosave: {path} (continue it with: {command}{kept})", path=autosave,
               command=f"semper-fidelis host --resume {shlex.quote(str(autosave))}", kept=_kept(autosave, remote)))
        port = _serve_host(host, args, remote, own, data, app)
    finally:
        lock.release()
    if game.over or host.game.over:
        forget_secrets(autosave)  # they open nothing any more
        if args.record is not None:
            try:
                write_record(host.game, args.record)
            except OSError as exc:
                raise _error(_("{path}: cannot write the record ({why}); the game is in {autosave}", path=args.record,
                                 why=exc.strerror or exc, autosave=autosave)) from None
            _say(_("Record written to {path}", path=args.record))
        return 0
    _say(_("The game waits in {path}: {command}", path=autosave, command=f"semper-fidelis host --resume {shlex.quote(str(autosave))} --port {port}"))
    return 0


def _variant_note(game: Game) -> str:
    """What the host's operator is told of the variant hosted (its joiners are sent it whole)."""
    variant = game.data.variant
    return "" if variant is None else _(" (a variant, digest {digest}: the joiners are sent it)", digest=variant.digest)


def _new_autosave(saves: Path, label: str) -> Path:
    """A new slot among the app's saves, or one line saying why there is none (the user data
    folder a file, say: ``XDG_DATA_HOME`` set wrong)."""
    from ..store.saves import new_autosave_path

    try:
        return new_autosave_path(saves, label)
    except OSError as exc:
        raise _error(_("{path}: cannot keep the autosave there ({why}); give --autosave FILE or --saves DIR", path=saves, why=exc.strerror or exc)) from None


def _serve_host(host: Host, args: argparse.Namespace, remote: dict[str, str], own: dict[Side, str], data: GameData | None, app: AppSeat) -> int:
    """Run the host, headless or behind this terminal's app (``own``: its seat and the secret only
    this process knows); returns the port it listened on."""
    tls = host.tls is not None

    def started(port: int) -> None:
        where = host_port(this_machine() if args.bind in ("0.0.0.0", "::") else args.bind, port, tls)
        for side, secret in remote.items():
            _say(_("{side} joins with: {command}", side=side, command=f"{SECRET_ENV}={secret} semper-fidelis join {where} --side {side}"))
        if tls:
            _say(_("A joiner checks the certificate against the names in it: if no authority the joiner trusts signed it, "
                   "give them {path} and add --ca FILE", path=args.tls_cert))
        if not own:
            _say(_("Waiting for the joiners; the game is played here, Ctrl+C stops it (the autosave keeps it)."))

    if not own:
        try:
            asyncio.run(host.run(args.bind, args.port, started=started))
        except OSError as exc:
            raise _error(_("cannot listen on {address}: {why}", address=f"{args.bind}:{args.port}", why=exc.strerror or exc)) from None
        return host.port or args.port
    loop = asyncio.new_event_loop()
    listening = threading.Event()
    failed: list[OSError] = []

    def on_listening(port: int) -> None:
        started(port)
        listening.set()

    def serve() -> None:
        try:
            loop.run_until_complete(host.run(args.bind, args.port, started=on_listening))
        except OSError as exc:
            failed.append(exc)
            listening.set()

    thread = threading.Thread(target=serve, name="host", daemon=True)
    thread.start()
    listening.wait()
    if failed:
        raise _error(_("cannot listen on {address}: {why}", address=f"{args.bind}:{args.port}", why=failed[0].strerror or failed[0]))
    [(side, secret)] = own.items()
    here = {"0.0.0.0": "127.0.0.1", "::": "::1"}.get(args.bind, args.bind)  # the address it listens on, from this machine
    try:
        app(host_port(here, host.port or args.port, tls), side, secret, data, tls=own_context(args.tls_cert) if tls else None)
    finally:
        loop.call_soon_threadsafe(host.stop)
        thread.join(timeout=10)
    return host.port or args.port


# ------------------------------------------------------------------------------------ join


def _trust(address: str, ca: Path | None) -> ssl.SSLContext | None:
    """The TLS to trust for ``address`` (None: plain ws://); else one line."""
    try:
        tls = address_url(address).startswith("wss:")
        if ca is not None and not tls:
            raise ValueError(_("--ca is for a host that serves TLS: join {address}", address=f"wss://{address.partition('://')[2] or address}"))
        return client_context(ca) if tls else None
    except ValueError as exc:
        raise _error(str(exc)) from None


def _seat_of(address: str, secret_file: Path | None, ca: Path | None) -> tuple[str, ssl.SSLContext | None]:
    """The secret to join with and the TLS to trust (None: plain ws://); else one line."""
    tls = _trust(address, ca)
    try:
        return given_secret(secret_file), tls
    except ValueError as exc:
        raise _error(str(exc)) from None


def join(args: argparse.Namespace, data: GameData | None, app: AppSeat) -> int:
    """Play a seat of a hosted game: in ``app``, or with a bot (``--bot``)."""
    if args.served:  # a page of `serve --join`: the visitor types the seat's secret in the app
        return app(args.address, args.side, None, data, tls=_trust(args.address, args.ca))
    secret, tls = _seat_of(args.address, args.secret_file, args.ca)
    return play_seat(args.address, args.side, secret, data, app=app, bot=args.bot, seed=args.seed, tls=tls)


def play_seat(address: str, side: Side, secret: str, data: GameData | None, *, app: AppSeat, bot: str | None = None, seed: int | None = None,
              tls: ssl.SSLContext | None = None) -> int:
    """Play the seat ``side`` of the game hosted at ``address`` with its ``secret``: in ``app``,
    or headless with ``bot``; every failure is one line (CliError). ``tls``: the trust for a
    wss:// address (None: the system's store)."""
    from ..engine import shipped_data

    if bot is None:
        return app(address, side, secret, data, tls=tls)
    if bot not in BOTS:
        raise _error(_("no bot {name} (known: {known})", name=repr(bot), known=", ".join(BOTS)))
    seed = seed if seed is not None else secrets.randbits(31)
    _say(_("Joining {address} as {side}, played by {bot}", address=address, side=side, bot=bot))
    try:
        mirror = asyncio.run(play_with_bot(address, side, secret, bot, data or shipped_data(), seed=seed, say=_say, tls=tls))
    except JoinError as exc:
        raise _error(str(exc)) from None
    result = mirror.view()["result"]
    _say(_("Game over: {reason}", reason=result["reason"]) if result else _("Game over."))
    return 0


# ----------------------------------------------------------------------------------- serve


def app_command(args: argparse.Namespace) -> str:
    """The command textual-serve runs for each page: the app, or a seat of a hosted game, each
    ``--served`` (only its own saves; the seat's secret typed by the visitor in the page, never
    on this line nor in the page's environment)."""
    base = [sys.executable, "-m", "semper_fidelis"]
    if getattr(args, "assets", None) is not None:
        base += ["--assets", str(args.assets)]
    if getattr(args, "lang", None) is not None:  # every page in the language serve was given
        base += ["--lang", args.lang]
    if args.join is not None:
        _trust(args.join, args.ca)
        base += ["join", args.join, "--side", args.side, "--served"] + (["--ca", str(args.ca)] if args.ca is not None else [])
    else:
        base += ["play", "--served"] + (["--saves", str(args.saves)] if args.saves is not None else [])
    return shlex.join(base)


MIN_KEY = 16


def serve_key(args: argparse.Namespace) -> tuple[str, bool]:
    """The visitors' key — from --key-file, else SEMPER_FIDELIS_SERVE_KEY, else a random one —
    and whether it was made here (then the printed URL carries it)."""
    from .web import KEY_ENV

    if args.key_file is not None:
        try:
            key, made = args.key_file.read_text(encoding="utf-8").strip(), False
        except (OSError, UnicodeDecodeError) as exc:
            raise _error(_("--key-file {path}: {why}", path=args.key_file, why=getattr(exc, "strerror", None) or exc)) from None
    elif os.environ.get(KEY_ENV):
        key, made = os.environ[KEY_ENV].strip(), False
    else:
        key, made = secrets.token_urlsafe(24), True
    if len(key) < MIN_KEY or not key.isascii() or not key.isprintable() or " " in key:
        raise _error(ngettext("the serve key must be at least {n} printable ASCII character without spaces",
                              "the serve key must be at least {n} printable ASCII characters without spaces", MIN_KEY))
    return key, made


def public_url(args: argparse.Namespace, tls: bool) -> str:
    """The address browsers open: --public-url, else this server's own (every interface is not
    an address a browser can go to, this machine's is)."""
    if args.public_url is not None:
        parts = urlsplit(args.public_url)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.path.strip("/") or parts.query:
            raise _error(_("--public-url {url}: give scheme://host[:port], e.g. https://games.example.org", url=repr(args.public_url)))
        return f"{parts.scheme}://{parts.netloc}"
    shown = this_machine() if args.host in ("0.0.0.0", "::") else args.host
    return f"{'https' if tls else 'http'}://{host_port(shown, args.port)}"


def guarded_server(args: argparse.Namespace) -> tuple[GuardedServer, str, bool]:
    """The web server of ``serve``, its key and whether the key was made here."""
    from .web import GuardedServer

    command = app_command(args)
    tls = _tls(args)
    key, made = serve_key(args)
    server = GuardedServer(command, key=key, public_url=public_url(args, tls is not None), host=args.host, port=args.port,
                           max_sessions=args.max_sessions, tls=tls)
    return server, key, made


def serve(args: argparse.Namespace) -> int:
    server, key, made = guarded_server(args)
    if made:
        _say(_("Serving the game at {url}", url=f"{server.public_url}/?key={key}"))
    else:
        _say(_("Serving the game at {url} (with ?key= and the key you set)", url=f"{server.public_url}/"))
    _say(ngettext("At most {n} game at once; only pages of {origin} may play. Ctrl+C stops it.",
                  "At most {n} games at once; only pages of {origin} may play. Ctrl+C stops it.", server.max_sessions, origin=server.origin))
    try:
        server.serve()
    except OSError as exc:
        raise _error(_("cannot listen on {address}: {why}", address=f"{args.host}:{args.port}", why=exc.strerror or exc)) from None
    return 0
