"""The host: the one place a hosted game is played. It alone applies actions (the engine's
Game), writes the autosave after each one, before anyone is told of it or a bot answers it,
writes the record at the end, plays its own bot seats, and sends each joiner only what its seat
may see.

A joiner is admitted by a hello with the protocol version, an open seat that is free and that
seat's own secret; anything else gets one line and the door, and an address that keeps failing
is throttled (:class:`~.credentials.Throttle`). After that the joiner may only act on its own
decision; every refusal is one line and changes nothing. Every frame goes out through the
connection's :class:`~.outbox.Outbox`, never awaited under the game's lock: a peer that does not
keep up is dropped and the game goes on. The port serves the game's websocket at ``/`` (wss://
with an ``ssl`` context) and nothing else.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
import secrets
import ssl
from collections import Counter
from collections.abc import Callable, Mapping
from contextlib import AbstractContextManager
from http import HTTPStatus
from pathlib import Path

from pydantic import BaseModel
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from ..bots import Bot, Seat, make_bot
from ..data.models import Side
from ..engine import BattleOdds, Game, IllegalAction, VariantRecord, write_record
from ..i18n import N_, SOURCE_LANGUAGE, Said, _, ngettext, speaking
from ..play.quiet import Quiet, due, queued, restored
from ..render.odds import odds_text, option_odds
from ..store.saves import save_game
from .args import HUMAN, REMOTE
from .credentials import Throttle, same_secret
from .outbox import QUEUE_LIMIT, SEND_TIMEOUT, Outbox
from .protocol import (
    MAX_JOINER_MESSAGE,
    PROTOCOL,
    SIDES,
    Act,
    AskOdds,
    Attack,
    EventData,
    Hello,
    Odds,
    OddsAnswer,
    Refused,
    SeatState,
    Welcome,
    read_joiner,
    version_refusal,
)

#: seconds a new connection has to say hello before it is dropped
HELLO_WAIT = 10
#: connections from one address that may be waiting to be seated at once
MAX_UNSEATED = 4
#: seconds a host's bot waits before trying again when the autosave cannot be written
RETRY_SAVE = 5.0


def one_line(text: object, limit: int = 300) -> str:
    return " ".join(str(text).split())[:limit]


class _OddsTap:
    """Hands the app's own odds code the game and keeps every battle it weighed, so a joiner's
    screen gets exactly the odds it would show for a local game."""

    def __init__(self, game: Game, open_step: str | None = None):
        self.game = game
        self.open_step = open_step  # a quiet step presented: still open, as a step with a choice is
        self.asked: dict[tuple[str, str], Odds] = {}

    def battle_odds(self, area: str, attack: Attack | None = None, side: Side | None = None) -> BattleOdds:
        odds = self.game.battle_odds(area, attack=attack, side=side, open_step=self.open_step)
        plain = None if attack is None else [(origin, dict(units)) for origin, units in attack if not isinstance(units, str)]
        if plain is None or len(plain) == len(attack or ()):  # a group as notation (2v1s) is not sent: a joiner asks for it
            self.asked[(area, repr(plain))] = Odds.of(odds, plain)
        return odds


def seat_state(game: Game, side: str, mark: int, sent: int, quiet: Quiet | None = None, passed: int = 0) -> SeatState:
    """What ``side`` may know now: its view without the seed, its options if it decides, its
    events since ``mark`` (an index among all events; ``sent`` of its own were sent before).
    While a ``quiet`` step is presented, every seat is shown the position as it stood at that
    step, the step as the decision (play/quiet.py); ``passed`` such steps count as actions (a
    count that did not grow after a step would tell that it was passed unseen)."""
    shown = game if quiet is None else quiet[1]
    if quiet is None:
        view, d = game.view(side), game.decision()
        options = list(game.options()) if d is not None and d.player == side else []
    else:
        view = shown.quiet_view(side, quiet[0])
        d, option = shown.quiet_decision(quiet[0])
        options = [option] if d.player == side else []
    del view["seed"]  # with the seed and the record anyone could replay the hidden deals
    tap = _OddsTap(shown, None if quiet is None else quiet[0]["step"])
    if view["battle"] is not None:
        odds_text(tap, view["battle"]["area"])
    for option in options:  # none unless ``side`` decides now
        assert d is not None
        option_odds(tap, option, d.kind)
    return SeatState(actions=len(game.actions) + passed, over=game.over, view=view, options=options, first_event=sent,
                     events=[EventData.of(e) for e in shown.events(side, mark)], preview=shown.score_if_stage_ended(),
                     odds=list(tap.asked.values()), quiet=quiet is not None and bool(options),
                     orders_here=game.orders_by_area() if quiet is None and options else {})


def welcome(game: Game, side: Side) -> Welcome:
    """What a seated joiner is told of the game: its scenario, options and variant."""
    variant = game.data.variant
    return Welcome(protocol=PROTOCOL, side=side, scenario=game.scenario.number, options=dict(game.settings),
                   variant=None if variant is None else VariantRecord(**variant.record()))


class Host:
    """One hosted game. ``seats``: per side "remote" (a joiner plays it), "human" (the app on
    this machine joins it like a joiner, with a secret that never leaves the host's process) or
    a bot's name; ``seat_secrets``: the secret of each remote or human seat, one each; ``tls``:
    serve wss://.
    ``tap(side, frame)`` sees every frame sent to a seat (the traffic test)."""

    def __init__(self, game: Game, seats: Mapping[Side, str], seat_secrets: Mapping[str, str], *, autosave: Path | None = None,
                 say: Callable[[str], None] = print, tap: Callable[[str, str], None] | None = None, bot_seeds: dict[str, int] | None = None,
                 tls: ssl.SSLContext | None = None, throttle: Throttle | None = None, send_timeout: float = SEND_TIMEOUT,
                 queue_limit: int = QUEUE_LIMIT, retry_save: float = RETRY_SAVE):
        self.game = game
        self.seats: dict[str, str] = {side: kind for side, kind in seats.items()}  # as the save's sidecar takes them
        open_seats = sorted(side for side, kind in self.seats.items() if kind in (REMOTE, HUMAN))
        if sorted(seat_secrets) != open_seats or len(set(seat_secrets.values())) != len(open_seats) or not all(seat_secrets.values()):
            raise ValueError("each remote or human seat needs a secret of its own")
        self.secrets = dict(seat_secrets)
        self.autosave = autosave
        self.say = say
        self.tap = tap
        self.tls = tls
        self.throttle = throttle or Throttle()
        self.send_timeout = send_timeout
        self.queue_limit = queue_limit
        self.retry_save = retry_save
        seeds = bot_seeds or {}
        self.bots: dict[str, Bot] = {side: make_bot(kind, seeds.get(side, secrets.randbits(31)))
                                     for side, kind in seats.items() if kind not in (REMOTE, HUMAN)}
        self.conns: dict[str, Outbox] = {}
        self._unseated: Counter[str] = Counter()  # per address: connections not seated yet
        self.cursor: dict[str, tuple[int, int]] = {}  # per seat: (events mark, events sent)
        self.languages: dict[str, str] = {}  # per seat: the language its player reads (its hello's)
        self.lock = asyncio.Lock()
        self.done = asyncio.Event()
        self.port: int | None = None
        self.unsaved: str | None = None
        self._where: tuple[int, Side] | None = None
        self._waiting: str | None = None  # the empty seat the game last said it waits for
        #: secret steps the engine passed for a seat a person may play, still to present to it
        #: (play/quiet.py): the game waits for each as for a decision
        self.quiet: list[Quiet] = []
        self.passed = 0  # quiet steps answered: each counts as an action on the wire
        self._quiet_saved = 0  # the count of due steps the autosave's sidecar holds
        self.people = [side for side, kind in self.seats.items() if kind in (REMOTE, HUMAN)]

    # ------------------------------------------------------------------------------ running

    async def run(self, host: str = "127.0.0.1", port: int = 0, started: Callable[[int], None] | None = None) -> None:
        """Serve until the game is over (or :meth:`stop`); ``started(port)`` once listening."""
        async with serve(self._connection, host, port, max_size=MAX_JOINER_MESSAGE, process_request=self._only_the_game,
                         server_header=None, ssl=self.tls, close_timeout=self.send_timeout) as server:
            self.port = server.sockets[0].getsockname()[1] if server.sockets else port
            if started is not None:
                started(self.port)
            self.save(seats=True)
            if self.game.over:
                self.done.set()
            await self.play_bots()
            await self.done.wait()
            await asyncio.gather(*(outbox.finish() for outbox in list(self.conns.values())))

    def stop(self) -> None:
        self.done.set()

    def resume_quiet(self, due: int) -> None:
        """A game resumed from its autosave: the last ``due`` secret steps of its record (the
        sidecar's count) are presented again, as they would have been had the host not stopped."""
        self.quiet = restored(self.game, due, self.people)
        self._quiet_saved = len(self.quiet)

    @staticmethod
    def _only_the_game(connection: ServerConnection, request: Request) -> Response | None:
        """The game's websocket is at ``/``; any other path is answered 404 (no files, no shell)."""
        if request.path != "/":
            return connection.respond(HTTPStatus.NOT_FOUND, "Not found\n")
        return None

    # ---------------------------------------------------------------------------- joiners

    async def _connection(self, ws: ServerConnection) -> None:
        address = str(ws.remote_address[0]) if ws.remote_address else "somewhere"
        hello = await self._hello(ws, address)
        if hello is None:
            return
        side = hello.side
        outbox = Outbox(ws, self._dropped, limit=self.queue_limit, timeout=self.send_timeout)
        self.conns[side] = outbox
        self.cursor[side] = (0, 0)
        self.languages[side] = hello.language
        self.say(_("{side} joined from {address}", side=side, address=address))
        try:
            self._send(side, welcome(self.game, side))
            async with self.lock:
                self._send_state(side)
            async for raw in ws:
                if self.conns.get(side) is not outbox:
                    break  # dropped: what it sent after that is not played
                await self._message(side, raw)
        except ConnectionClosed:
            pass
        finally:
            outbox.stop()
            if self.conns.get(side) is outbox:
                del self.conns[side]
                if not self.done.is_set():
                    self.say(_("{side} left: the seat waits for them to join again", side=side))

    async def _hello(self, ws: ServerConnection, address: str) -> Hello | None:
        """The hello that seats this connection, or None once it is refused. An address that
        keeps failing waits (:class:`Throttle`), and may hold only a few connections unseated at
        once; a connection that says no hello in time counts as a failure too."""
        crowded = self._unseated[address] >= MAX_UNSEATED
        refusal = self._throttled(address) or (f"too many connections from {address} waiting to be seated" if crowded else None)
        if refusal is not None:
            await self._refuse(ws, refusal)
            return None
        self._unseated[address] += 1
        try:
            raw = await asyncio.wait_for(ws.recv(), HELLO_WAIT)
        except (TimeoutError, ConnectionClosed):
            self.throttle.failed(address)
            return None
        finally:
            self._unseated[address] -= 1
            if not self._unseated[address]:
                del self._unseated[address]
        hello = self._admit(raw, address)
        if isinstance(hello, str):
            await self._refuse(ws, hello)
            return None
        return hello

    def _throttled(self, address: str) -> str | None:
        wait = self.throttle.wait(address)
        return f"too many failed attempts from {address}: try again in {math.ceil(wait)} s" if wait else None

    def _dropped(self, outbox: Outbox, why: str) -> None:
        for side, seated in list(self.conns.items()):
            if seated is outbox:
                del self.conns[side]
                self.say(_("{side} dropped: {why}; the game goes on, the seat waits for them to join again", side=side, why=why))

    async def _refuse(self, ws: ServerConnection, reason: str) -> None:
        """The one line a connection that is not seated gets, and the door (never under the lock)."""
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            await asyncio.wait_for(ws.send(Refused(reason=one_line(reason), fatal=True).model_dump_json()), self.send_timeout)
            await asyncio.wait_for(ws.close(), self.send_timeout)

    def _admit(self, raw: str | bytes, address: str) -> str | Hello:
        """Why this first message does not seat its sender, or its hello when it does. A hello
        with a wrong secret counts against its address (:class:`Throttle`)."""
        try:
            loose = json.loads(raw)
        except ValueError:
            loose = None
        if isinstance(loose, dict) and isinstance(loose.get("protocol"), int) and loose["protocol"] != PROTOCOL:
            return version_refusal(loose["protocol"])
        try:
            hello = read_joiner(raw)
        except ValueError as exc:
            self.throttle.failed(address)
            return str(exc)
        if not isinstance(hello, Hello):
            self.throttle.failed(address)
            return "say hello first (protocol, side and the seat's secret)"
        with speaking(hello.language):  # the joiner reads why it is not seated in its own language
            return self._seat(hello, address) or hello

    def _seat(self, hello: Hello, address: str) -> str | None:
        """Why a hello that was read does not seat its sender, if it does not."""
        kind = self.seats.get(hello.side)
        if kind not in (REMOTE, HUMAN):
            return _("{side} is not open to a joiner: the host plays it ({kind})", side=hello.side, kind=kind)
        throttled = self._throttled(address)  # again: others from the address may have failed while this one waited
        if throttled is not None:
            return throttled
        if not same_secret(hello.secret, self.secrets[hello.side]):
            self.throttle.failed(address)
            if kind == HUMAN:
                return _("{side} is played on the host's own screen: it is not open to a joiner", side=hello.side)
            return _("wrong secret for {side}: each seat has its own, printed by the host with that seat's join command", side=hello.side)
        if hello.side in self.conns:
            return _("{side} is taken: a player is connected to it", side=hello.side)
        return None

    async def _message(self, side: Side, raw: str | bytes) -> None:
        try:
            message = read_joiner(raw)
        except ValueError as exc:
            self._refuse_seat(side, str(exc))
            return
        if isinstance(message, AskOdds):
            async with self.lock:
                self._send(side, self._odds(side, message))
            return
        if not isinstance(message, Act):
            self._refuse_seat(side, Said(N_("already seated as {side}"), side=side))
            return
        async with self.lock:
            if self._quiet_due() is not None:
                reason = self._pass_quiet(side, message)
                if reason is None:
                    await asyncio.to_thread(self.save)  # the sidecar's count of steps due
            else:
                before = self.game.copy()
                reason = self._act(side, message) or await self._commit(before)
            if reason is not None:
                self._refuse_seat(side, reason)
                return
            self._changed()
        await self.play_bots()

    def _not_now(self, side: str, act: Act, decider: str | None) -> str | None:
        """Why ``side`` may not act now, if it may not."""
        if self.game.over or decider is None:
            return Said(N_("the game is over"))
        if decider != side:
            return Said(N_("not your decision: {side} decides"), side=decider)
        if act.at != len(self.game.actions) + self.passed:
            return Said(N_("the game has moved on (action {number}, not {given}): wait for the new position"),
                        number=len(self.game.actions) + self.passed, given=act.at)
        return None

    def _quiet_due(self) -> Quiet | None:
        """The secret step presented now, if any (with its moment)."""
        d = self.game.decision()
        return self.quiet[0] if due(self.quiet, d.player if d else None) is not None else None

    def asking(self) -> str | None:
        """The side the game waits for: a quiet step's, else the decision's."""
        quiet = self._quiet_due()
        d = self.game.decision()
        return quiet[0]["side"] if quiet is not None else d.player if d is not None else None

    def _pass_quiet(self, side: str, act: Act) -> str | None:
        """A seat answers the secret step presented to it: its one option, the pass (nothing
        is applied: the engine passed it already); the reason it was refused, else None."""
        step, moment = self.quiet[0]
        with self._speaking(side):  # its prompt, for the refusal
            d, option = moment.quiet_decision(step)
        reason = self._not_now(side, act, d.player)
        if reason is None and act.action != option.notation:
            reason = Said(N_("'{action}' is not legal now ({prompt}); legal: {legal}"), action=act.action, prompt=d.prompt, legal=option.notation)
        if reason is None:
            self.quiet.pop(0)
            self.passed += 1
        return reason

    def _act(self, side: str, act: Act) -> str | None:
        """Apply a joiner's action; the reason it was not applied, else None."""
        game = self.game
        d = game.decision()
        reason = self._not_now(side, act, d.player if d is not None else None)
        if reason is not None:
            return reason
        try:
            game.apply(act.action)
        except IllegalAction as exc:
            return str(exc)
        except Exception as exc:  # noqa: BLE001 - an engine bug must not end the game: back to the record
            self.game = Game.from_record(game.record(), data=game.data)
            return Said(N_("the engine failed on '{action}' ({error}); the position is as before"), action=act.action, error=type(exc).__name__)
        return None

    def _odds(self, side: Side, ask: AskOdds) -> OddsAnswer:
        """The odds a seat's bot asks for, weighed for that seat (its own hand may count, the
        other side's never does), as a local bot's Seat would get them."""
        attack = None if ask.attack is None else [(origin, units) for origin, units in ask.attack]
        try:
            odds = self.game.battle_odds(ask.area, attack=attack, side=side if attack else None)
        except ValueError as exc:
            return OddsAnswer(id=ask.id, reason=one_line(exc))
        except Exception as exc:  # noqa: BLE001 - nonsense groups: an answer, never a crash
            return OddsAnswer(id=ask.id, reason=f"cannot weigh that battle ({type(exc).__name__})")
        return OddsAnswer(id=ask.id, odds=Odds.of(odds, None))

    # ------------------------------------------------------------------------------ bots

    async def play_bots(self) -> None:
        """The host's own bot seats play while the decision is theirs (thinking in a thread,
        so the joiners are still answered). A move the autosave cannot take is taken back and
        tried again after a while: the disk may have room again."""
        while not self.done.is_set():
            async with self.lock:
                d = self.game.decision()
                if self.game.over or d is None or d.player not in self.bots or self._quiet_due() is not None:
                    return
                action = await asyncio.to_thread(self.bots[d.player].choose, Seat(self.game, d.player))
                before = self.game.copy()
                self.game.apply(action)
                unsaved = await self._commit(before)
                if unsaved is None:
                    self._changed()
                    continue
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.done.wait(), self.retry_save)

    # ---------------------------------------------------------------------------- sending

    async def _commit(self, before: Game) -> str | None:
        """Make the action just applied durable before anyone is told of it (or a bot answers
        it): the secret steps it gave join the queue, and the autosave is written and fsynced
        (with the count of steps due, when it changed). If it cannot be, the action is taken back
        (nobody has seen it) and the reason is returned."""
        was = self.quiet
        self.quiet = queued(was, before, self.game, self.people)
        if await asyncio.to_thread(self.save):
            return None
        self.quiet = was
        record = self.game.record()
        self.game = Game.from_record({**record, "actions": record["actions"][:-1]}, data=self.game.data)
        return Said(N_("the host cannot save the game ({why}): nothing was played, try again"), why=self.unsaved)

    def _changed(self) -> None:
        """After an action, saved: tell every seat, print the progress; at the end, stop."""
        for side in list(self.conns):
            self._send_state(side)
        view = self.game.view(None)
        where = (view["round"], view["active"])
        if where != self._where and not self.game.over:
            self._where = where
            self.say(_("Round {round}: {side} to act (action {number})", round=view["round"], side=view["active"], number=len(self.game.actions)))
        self._say_if_waiting(self.asking())
        if self.game.over:
            result = view["result"]
            self.say(ngettext("Game over after {n} action: {reason}", "Game over after {n} actions: {reason}", len(self.game.actions),
                              reason=result["reason"] if result else ""))
            self.done.set()

    def _say_if_waiting(self, asking: str | None) -> None:
        """Tell the host's operator, once, that the game stands still until an empty seat joins."""
        waiting = None if self.game.over or asking is None or asking in self.bots or asking in self.conns else asking
        if waiting is not None and waiting != self._waiting:
            self.say(_("Waiting for {side}: the seat is empty until its player joins", side=waiting))
        self._waiting = waiting

    def save(self, *, seats: bool = False) -> bool:
        """Write the autosave (atomically, fsynced), with ``seats`` (at the start and the end)
        the seats and summary the app's Resume list shows too; False if it could not be."""
        if self.autosave is None:
            return True
        try:
            if seats or self.game.over or len(self.quiet) != self._quiet_saved:
                save_game(self.game, self.autosave, self.seats, True, quiet=len(self.quiet))
                self._quiet_saved = len(self.quiet)
            else:
                write_record(self.game, self.autosave)
        except OSError as exc:
            if self.unsaved is None:
                self.say(_("not saved: cannot write {path}: {why}", path=exc.filename or self.autosave, why=exc.strerror or exc))
            self.unsaved = str(exc.strerror or exc)
            return False
        self.unsaved = None
        return True

    def _send_state(self, side: str) -> None:
        if side not in self.conns:
            return
        mark, sent = self.cursor[side]
        quiet = self._quiet_due()
        with self._speaking(side):  # its prompt and option labels in its player's language
            state = seat_state(self.game, side, mark, sent, quiet, self.passed)
        self.cursor[side] = (len((self.game if quiet is None else quiet[1]).events(None)), sent + len(state.events))
        self._send(side, state)

    def _speaking(self, side: str) -> AbstractContextManager[None]:
        """Word what is made inside in the language of ``side``'s player (its hello's), in this
        task alone (i18n.speaking): the host's own lines and bots keep the host's."""
        return speaking(self.languages.get(side, SOURCE_LANGUAGE))  # a hello without one reads English

    def _refuse_seat(self, side: str, reason: str) -> None:
        """Tell a seated joiner, in its player's language, why what it sent changed nothing (a
        ``Said`` is worded in it; the engine's and pydantic's own lines are English)."""
        if isinstance(reason, Said):
            with self._speaking(side):
                reason = reason.shown()
        self._send(side, Refused(reason=one_line(reason)))

    def _send(self, side: str, message: BaseModel) -> None:
        """Queue a frame for a seat (never waits: see :class:`Outbox`)."""
        outbox = self.conns.get(side)
        if outbox is None:
            return
        frame = message.model_dump_json()
        if self.tap is not None:
            self.tap(side, frame)
        outbox.put(frame)


__all__ = ["Host", "HUMAN", "REMOTE", "SIDES", "seat_state"]
