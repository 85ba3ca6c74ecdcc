"""The command line of hosted games: ``host``, ``join`` and ``serve`` (registered in cli.py).

Everything a player mistypes or the network refuses is one line (CliError); the host prints
the seat token and the command a joiner types.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import secrets
import shlex
import socket
import sys
import threading

from ..bots import BOTS
from ..data.models import Side
from ..data.text import printable
from ..engine import Game, read_record, write_record
from .args import HUMAN, REMOTE, SEAT_KINDS
from .host import Host, new_token
from .join import JoinError, address_url, play_with_bot


def _error(message: str) -> Exception:
    from ..cli import CliError

    return CliError(message)


def _say(line: str) -> None:
    print(printable(line), flush=True)


def this_machine() -> str:
    """The address other machines most likely reach this one at (no packet is sent)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET: picks the outgoing interface only
        return probe.getsockname()[0]
    return "THIS-MACHINE"


# ------------------------------------------------------------------------------------ host


def _seat(side: str, kind: str) -> str:
    if kind in (HUMAN, REMOTE) or kind in BOTS:
        return kind
    raise _error(f"--{side.lower()} {kind!r}: choose {SEAT_KINDS}")


def host(args: argparse.Namespace, data) -> int:
    from ..cli import pick_scenario
    from ..engine import shipped_data
    from ..tui.locks import OpenElsewhere, lock_game
    from ..tui.saves import default_saves_dir, new_autosave_path

    seats: dict[Side, str] = {"PL": _seat("PL", args.pl), "ZURL": _seat("ZURL", args.zurl)}
    humans = [side for side, kind in seats.items() if kind == HUMAN]
    if len(humans) == 2:
        raise _error("two human seats share one screen: that is 'semper-fidelis play' (hot seat); make one seat remote")
    if args.resume is not None:
        game = read_record(args.resume, data=data)
        autosave = args.resume
    else:
        scenario = pick_scenario(data or shipped_data(), args.scenario)
        game = Game(scenario=scenario.number, seed=args.seed if args.seed is not None else secrets.randbits(62), data=data)
        autosave = args.autosave or new_autosave_path(args.saves or default_saves_dir(), f"s{scenario.number}-hosted")
    try:
        lock = lock_game(autosave)
    except (OpenElsewhere, OSError) as exc:
        raise _error(f"{autosave}: {exc}") from None
    token = args.token or new_token()
    say = _say if not humans else (lambda line: None)  # the app has the terminal
    host = Host(game, seats, token, autosave=autosave, say=say)
    try:
        _say(f"Hosting Scenario {game.scenario.number}, {game.scenario.name} — PL: {seats['PL']}, ZURL: {seats['ZURL']}")
        _say(f"Seat token: {token}")
        _say(f"Autosave: {autosave} (continue it with: semper-fidelis host --resume {shlex.quote(str(autosave))} --token {token})")
        port = _serve_host(host, args, humans, data)
    finally:
        lock.release()
    if game.over or host.game.over:
        if args.record is not None:
            write_record(host.game, args.record)
            _say(f"Record written to {args.record}")
        return 0
    _say(f"The game waits in {autosave}: semper-fidelis host --resume {shlex.quote(str(autosave))} --token {token} --port {port}")
    return 0


def _serve_host(host: Host, args: argparse.Namespace, humans: list[Side], data) -> int:
    """Run the host, headless or behind this terminal's app; returns the port it listened on."""
    def started(port: int) -> None:
        where = f"{this_machine() if args.bind in ('0.0.0.0', '::') else args.bind}:{port}"
        for side, kind in host.seats.items():
            if kind == REMOTE:
                _say(f"{side} joins with: semper-fidelis join {where} --side {side} --token {host.token}")
        if not humans:
            _say("Waiting for the joiners; the game is played here, Ctrl+C stops it (the autosave keeps it).")

    if not humans:
        try:
            asyncio.run(host.run(args.bind, args.port, started=started))
        except OSError as exc:
            raise _error(f"cannot listen on {args.bind}:{args.port}: {exc.strerror or exc}") from None
        return host.port or args.port
    from .remote import run_joined

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
        raise _error(f"cannot listen on {args.bind}:{args.port}: {failed[0].strerror or failed[0]}")
    try:
        run_joined(f"127.0.0.1:{host.port}", humans[0], host.token, data)
    finally:
        loop.call_soon_threadsafe(host.stop)
        thread.join(timeout=10)
    return host.port or args.port


# ------------------------------------------------------------------------------------ join


def _check_seat(address: str, token: str | None) -> None:
    """A seat is joined at HOST:PORT with the token the host printed; else one line."""
    try:
        address_url(address)
    except ValueError as exc:
        raise _error(str(exc)) from None
    if token is None:
        raise _error("a seat token is needed: the host printed it (--token T)")


def join(args: argparse.Namespace, data) -> int:
    from ..engine import shipped_data

    _check_seat(args.address, args.token)
    if args.bot is None:
        from .remote import run_joined

        return run_joined(args.address, args.side, args.token, data)
    if args.bot not in BOTS:
        raise _error(f"no bot {args.bot!r} (known: {', '.join(BOTS)})")
    seed = args.seed if args.seed is not None else secrets.randbits(31)
    _say(f"Joining {args.address} as {args.side}, played by {args.bot}")
    try:
        mirror = asyncio.run(play_with_bot(args.address, args.side, args.token, args.bot, data or shipped_data(), seed=seed, say=_say))
    except JoinError as exc:
        raise _error(str(exc)) from None
    result = mirror.view()["result"] or {}
    _say(f"Game over: {result.get('reason', 'finished')}")
    return 0


# ----------------------------------------------------------------------------------- serve


def app_command(args: argparse.Namespace) -> str:
    """The command textual-serve runs for each page: the app, or a seat of a hosted game."""
    base = [sys.executable, "-m", "semper_fidelis"]
    if getattr(args, "assets", None) is not None:
        base += ["--assets", str(args.assets)]
    if args.join is not None:
        _check_seat(args.join, args.token)
        base += ["join", args.join, "--side", args.side, "--token", args.token]
    else:
        base += ["play"] + (["--saves", str(args.saves)] if args.saves is not None else [])
    return shlex.join(base)


def serve(args: argparse.Namespace) -> int:
    from textual_serve.server import Server

    command = app_command(args)
    # the page loads its scripts and opens its websocket at this address: every interface is
    # not an address a browser can go to, this machine's is
    shown = this_machine() if args.host in ("0.0.0.0", "::") else args.host
    url = f"http://{shown}:{args.port}"
    _say(f"Serving the game at {url}/ (Ctrl+C stops it)")
    Server(command, host=args.host, port=args.port, title="Semper Fidelis", public_url=url).serve()
    return 0
