"""A joiner's end of a hosted game: the connection to the host (:class:`Link`) and a seat
played headless by a bot (:func:`play_with_bot`). The app's end is in :mod:`.remote`.

Joining again with the same command (the seat's own secret) after a drop continues at the same
decision: the host keeps the game, and sends the whole of what the seat may know to whoever
takes it. ``wss://`` addresses are TLS, checked against the system's store or a given context.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections.abc import Callable
from typing import cast

from pydantic import ValidationError
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidMessage, InvalidURI

from ..bots import Bot, Seat, make_bot
from ..data.loader import DataError, GameData
from ..data.models import Side
from ..engine import BattleOdds, RecordError, record_variant_data
from ..i18n import _, current_language
from .mirror import Mirror
from .protocol import (
    MAX_HOST_MESSAGE,
    PROTOCOL,
    Act,
    AskOdds,
    Attack,
    Hello,
    HostMessage,
    Language,
    OddsAnswer,
    Refused,
    SeatState,
    Welcome,
    problem,
)


class JoinError(Exception):
    """Why the seat could not be played on (refused, unreachable, dropped): one line."""


def address_url(address: str) -> str:
    """``HOST:PORT`` (or ``[::1]:PORT``, or either after ``ws://``, or ``wss://`` for TLS) as
    the websocket URL of the game; ValueError if not."""
    scheme, sep, rest = address.partition("://")
    if not sep:
        scheme, rest = "ws", address
    host, sep, port = rest.removesuffix("/").rpartition(":")
    if scheme not in ("ws", "wss") or not sep or not host or not port.isdigit() or not 0 < int(port) < 65536 or not _names_a_host(host):
        raise ValueError(_("{address} is not HOST:PORT (or wss://HOST:PORT)", address=repr(address)))
    return f"{scheme}://{host}:{port}/"


def _unreachable(address: str, exc: Exception) -> str:
    """Why no game was found at ``address``, in one line that says what to try."""
    plain = address.partition("://")[2] or address
    why = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    if isinstance(exc, ssl.SSLCertVerificationError):
        if exc.verify_code in (62, 64):  # X509_V_ERR_HOSTNAME_MISMATCH, X509_V_ERR_IP_ADDRESS_MISMATCH
            return f"cannot trust the host at {address}: {exc.verify_message.rstrip('.')}: join at a name or address the certificate is for"
        return (f"cannot trust the host at {address}: {exc.verify_message}: join with --ca FILE "
                "(the certificate that signed the host's, or the host's own if it signed itself)")
    if address.startswith("wss://") and isinstance(exc, ssl.SSLError | ConnectionResetError | EOFError):
        return f"no TLS at {address} ({why}): is the host serving plain ws://? join {plain}"
    if not address.startswith("wss://") and isinstance(exc, InvalidMessage | EOFError):
        return f"the host at {address} did not answer as a websocket: if it serves TLS, join wss://{plain}"
    return f"cannot reach a host at {address}: {why}"


def _names_a_host(host: str) -> bool:
    """Whether a host name can be looked up: a name with other letters than ASCII's must encode
    as IDNA, as the websocket client will encode it (a U+202E in it crashed the client)."""
    if host.isascii():
        return True
    try:
        host.encode("idna")
    except UnicodeError:
        return False
    return True


class Link:
    """One seat's connection. ``on_state(mirror)`` is called after each new position,
    ``on_refused(reason)`` for a refusal the game goes on after. ``language``: the one the host
    words this seat's texts in (prompts, option labels, refusals); the current one by default."""

    def __init__(self, address: str, side: Side, secret: str, data: GameData,
                 on_state: Callable[[Mirror], object] = lambda m: None, on_refused: Callable[[str], object] = lambda r: None,
                 tls: ssl.SSLContext | None = None, language: str | None = None):
        self.url = address_url(address)
        self.language = language
        self.address = address
        self.side = side
        self.secret = secret
        self.tls = (tls or ssl.create_default_context()) if self.url.startswith("wss:") else None  # wss:// without one: the system's store
        self.data = data
        self.on_state = on_state
        self.on_refused = on_refused
        self.mirror: Mirror | None = None
        self.ws: ClientConnection | None = None
        self._asked: dict[int, asyncio.Future[OddsAnswer]] = {}

    def _language(self) -> Language:
        """The language the hello asks for: the one given, else the one spoken as it is said."""
        return cast(Language, self.language or current_language())  # i18n speaks only the protocol's languages

    async def run(self) -> Mirror:
        """Play until the game is over (returns the final mirror); JoinError otherwise."""
        try:
            async with connect(self.url, max_size=MAX_HOST_MESSAGE, open_timeout=10, ssl=self.tls) as ws:
                self.ws = ws
                await ws.send(Hello(protocol=PROTOCOL, side=self.side, secret=self.secret, language=self._language()).model_dump_json())
                async for raw in ws:
                    if self._receive(raw):
                        assert self.mirror is not None  # the game is over: a position was mirrored
                        return self.mirror
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError, EOFError) as exc:
            raise JoinError(_unreachable(self.address, exc)) from None
        except ConnectionClosed:
            pass
        finally:
            self.ws = None
        if self.mirror is not None and self.mirror.over:
            return self.mirror
        raise JoinError(_("the connection to {address} was lost: run the same command again to continue", address=self.address))

    def _receive(self, raw: str | bytes) -> bool:
        """Handle one message; True once the game is over."""
        try:
            message = HostMessage.validate_json(raw)
        except ValueError as exc:
            raise JoinError(_("the host sent a malformed message ({why})", why=problem(exc) if isinstance(exc, ValidationError) else exc)) from None
        if isinstance(message, OddsAnswer):
            future = self._asked.pop(message.id, None)
            if future is not None and not future.done():
                future.set_result(message)
        elif isinstance(message, Refused):
            if message.fatal:
                raise JoinError(_("refused: {reason}", reason=message.reason))
            self.on_refused(message.reason)
        elif isinstance(message, Welcome):
            self.mirror = self._mirror(message)
        elif isinstance(message, SeatState) and self.mirror is not None:
            self.mirror.update(message)
            self.on_state(self.mirror)
            return message.over
        return False

    def _mirror(self, welcome: Welcome) -> Mirror:
        """The seat's copy of the host's game: on this machine's data, with the host's variant
        applied — checked as a record's variant is (its digest, its size, every key), since a
        host may send anything; what cannot be played here is one line."""
        try:
            data = self.data if welcome.variant is None else record_variant_data(welcome.variant, welcome.scenario, self.data)
            return Mirror(data, welcome.scenario, welcome.side, welcome.options)
        except RecordError as exc:
            raise JoinError(_("the host's game cannot be played here: {why}", why=exc)) from None
        except DataError as exc:
            raise JoinError(_("the host's game cannot be played here: {why}", why=exc.problems[0])) from None

    async def act(self, action: str) -> None:
        """Send an action for the seat's decision at the position last received."""
        if self.ws is None or self.mirror is None:
            raise JoinError("not connected")
        with contextlib.suppress(ConnectionClosed):  # run() tells the player
            await self.ws.send(Act(action=action, at=len(self.mirror.actions)).model_dump_json())

    async def odds(self, area: str, attack: Attack | None) -> BattleOdds:
        """Ask the host for odds it did not send (ValueError with its reason if none)."""
        if self.ws is None:
            raise ValueError("not connected to the host")
        ask = AskOdds(id=len(self._asked) + 1 + max(self._asked, default=0), area=area, attack=attack)
        future: asyncio.Future[OddsAnswer] = asyncio.get_running_loop().create_future()
        self._asked[ask.id] = future
        try:
            await self.ws.send(ask.model_dump_json())
            answer = await future
        except ConnectionClosed:
            raise ValueError("the connection to the host was lost") from None
        finally:
            self._asked.pop(ask.id, None)
        if answer.odds is None:
            raise ValueError(answer.reason or "no odds")
        return answer.odds.battle_odds()

    def asking(self, loop: asyncio.AbstractEventLoop, timeout: float = 60) -> Callable[[str, Attack | None], BattleOdds]:
        """``ask(area, attack)`` for a bot thinking in another thread: blocks on :meth:`odds`."""
        def ask(area: str, attack: Attack | None) -> BattleOdds:
            return asyncio.run_coroutine_threadsafe(self.odds(area, attack), loop).result(timeout)

        return ask

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


async def play_with_bot(address: str, side: Side, secret: str, bot: Bot | str, data: GameData, *, seed: int = 0,
                        say: Callable[[str], None] = print, stop_after: int | None = None, tls: ssl.SSLContext | None = None) -> Mirror:
    """Play ``side`` with a bot (one made by name and ``seed``, or one already playing), headless,
    to the end of the game (or, for tests of a drop, until ``stop_after`` of its own actions,
    then leave). Raises JoinError with one line."""
    if isinstance(bot, str):
        bot = make_bot(bot, seed)
    if getattr(bot, "thinks", False):
        raise JoinError(_("{bot} searches over guesses only the host could deal: join with another bot (general, random)", bot=bot.name))
    queue: asyncio.Queue[Mirror] = asyncio.Queue()
    link = Link(address, side, secret, data, on_state=queue.put_nowait, on_refused=lambda r: say(_("refused: {reason}", reason=r)), tls=tls)
    runner = asyncio.create_task(link.run())
    played = 0
    try:
        while True:
            getter = asyncio.create_task(queue.get())
            done, _pending = await asyncio.wait({getter, runner}, return_when=asyncio.FIRST_COMPLETED)
            if runner in done:
                getter.cancel()
                return runner.result()
            mirror = getter.result()
            if not queue.empty():
                continue  # a newer position is waiting
            d = mirror.decision()
            if d is None or d.player != side:
                continue
            if mirror.quiet:  # a step the engine passed for the seat: the bot is not asked, as at one table
                await link.act(d.actions[0])
                continue
            if stop_after is not None and played >= stop_after:
                await link.close()
                await asyncio.gather(runner, return_exceptions=True)
                return mirror
            mirror.ask = link.asking(asyncio.get_running_loop())  # odds its options do not name
            action = await asyncio.to_thread(bot.choose, Seat(mirror, side))
            await link.act(action)
            played += 1
    finally:
        if not runner.done():
            runner.cancel()
