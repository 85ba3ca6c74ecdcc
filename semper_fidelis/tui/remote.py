"""A hosted game's seat in the app: the game screen over a :class:`Mirror`, its actions sent to
the host instead of applied here.

The screens read the mirror as they read a Game; the session is the app's own with the rules
of a remote seat: one human here, the other seat played at the host (not a bot of this app),
no undo and no autosave (the host keeps the record), and one action on its way at a time.
"""

from __future__ import annotations

import ssl
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Input, Static

from ..data.loader import GameData
from ..data.models import Side
from ..data.text import plain, printable
from ..engine import Game, IllegalAction, PlayerView
from ..i18n import _
from ..net.credentials import checked_secret
from ..net.join import JoinError, Link
from ..net.mirror import Mirror
from . import app as tui_app
from .app import SemperFidelisApp
from .screens.game import GameScreen
from .screens.game_over import GameOverScreen
from .session import HUMAN, SIDES, Session

REMOTE = "remote"


@dataclass
class RemoteSession(Session):
    """``send(action)`` hands an action to the connection; ``waiting``: one is on its way."""

    seat: str = "PL"
    send: Callable[[str], object] | None = None
    waiting: bool = False

    def __post_init__(self) -> None:
        self.players = {side: HUMAN if side == self.seat else REMOTE for side in SIDES}
        self.viewer = self.seat
        for side in SIDES:
            self.told.setdefault(side, 0)

    def is_bot(self, side: str | None) -> bool:
        return False  # the other seat is played at the host: nothing here decides for it

    def view(self) -> PlayerView:
        return self.game.view(self.seat)

    def apply(self, action: str) -> str:
        if self.waiting:
            raise IllegalAction(_("your last action is on its way to the host: wait for its answer"))
        if self.send is None:
            raise IllegalAction(_("not connected to the host"))
        self.waiting = True
        self.send(action)
        return action

    def apply_many(self, action: str, n: int) -> int:
        """Over the network one action goes at a time: the host answers each before the next."""
        self.apply(action)
        return 1

    def undo(self) -> list[str]:
        raise IllegalAction(_("cannot undo in a hosted game: the host keeps the record"))

    def autosave(self) -> None:
        """The host autosaves; nothing is written here."""


class RemoteGameOverScreen(GameOverScreen):
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action != "rematch"  # a hosted game is restarted by its host


class RemoteGameScreen(GameScreen):
    session: RemoteSession
    places_at_once = False  # one action goes to the host at a time: no placing counter
    def game_over_screen(self) -> Screen[None]:
        return RemoteGameOverScreen(self.session)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No undo, save or skipping bots here: the host keeps the game."""
        if action in ("undo", "save", "skip"):
            return False
        return super().check_action(action, parameters)

    def leave(self) -> None:
        """Leaving a hosted game closes the app; the seat waits at the host for a rejoin."""
        self.app.exit()

    def position_arrived(self) -> None:
        self.session.waiting = False
        self.after_change()


class JoiningScreen(Screen[None]):
    """"Joining…" until the host's first position. When the app asks for the seat's secret (a
    served page: it is on no command line) a hidden field for it comes first, on this same
    first screen, so no key typed at the page's first paint is lost; a refusal asks again."""

    class Given(Message):
        def __init__(self, secret: str):
            super().__init__()
            self.secret = secret

    BINDINGS = [Binding("escape", "app.quit", "Leave")]

    def __init__(self, text: str, ask: str | None = None):
        super().__init__()
        self.text = text
        self.asked = ask

    def compose(self) -> ComposeResult:
        yield Static(plain(self.text), id="joining")
        yield Input(password=True, id="secret")

    def on_mount(self) -> None:
        self.ask(self.asked)

    def ask(self, prompt: str | None) -> None:
        """Show ``prompt`` and the field for the secret (None: only "joining…")."""
        self.asked = prompt
        field = self.query_one("#secret", Input)
        field.display = prompt is not None
        self.query_one("#joining", Static).update(plain(self.text if prompt is None else prompt))
        if prompt is not None:
            field.clear()
            field.focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            secret = checked_secret(event.value, "the secret typed")
        except ValueError as exc:
            self.query_one("#joining", Static).update(plain(f"{exc} — {self.asked}"))
            return
        self.ask(None)
        self.post_message(self.Given(secret))


class JoinApp(SemperFidelisApp):
    """The app playing one seat of a hosted game: it shows "joining…" until the host's first
    position, then the game screen; a refusal or a lost connection ends it with one line.
    Without a secret (a served page) it asks for it, and asks again when the host refuses it."""

    CSS_PATH = str(Path(tui_app.__file__).parent / SemperFidelisApp.CSS_PATH)  # Textual reads it beside the class's module

    def __init__(self, address: str, side: Side, secret: str | None, *, data: GameData | None = None, saves_dir: Path | None = None,
                 tls: ssl.SSLContext | None = None):
        super().__init__(data=data, saves_dir=saves_dir, bot_pace=0)
        self.side = side
        self.address = address
        self.host_tls = tls  # the trust for a wss:// host
        self.asks = secret is None
        self.link = self._link(secret) if secret is not None else None
        self.session: RemoteSession | None = None
        self.joining: JoiningScreen | None = None  # the first screen, made by get_default_screen
        self.ended: str | None = None  # why the app ended before the game did (one line)
        self.left = False  # the app is closing: what the link still brings is dropped
        self.sub_title = printable(f"{side} at {address}")

    def _link(self, secret: str) -> Link:
        return Link(self.address, self.side, secret, self.game_data, on_state=self._position, on_refused=self._host_refused, tls=self.host_tls)

    def get_default_screen(self) -> JoiningScreen:
        self.joining = JoiningScreen(_("Joining the game at {address} as {side}…", address=self.address, side=self.side), self._prompt() if self.asks else None)
        return self.joining

    def _prompt(self, refused: str = "") -> str:
        prompt = _("The seat {side} of the game at {address}: type its secret (the host gave it), Enter.", side=self.side, address=self.address)
        return f"{refused} — {prompt}" if refused else prompt

    def on_mount(self) -> None:
        if self.link is not None:
            self.run_worker(self._play(), exclusive=True, group="link")

    def on_joining_screen_given(self, message: JoiningScreen.Given) -> None:
        self.link = self._link(message.secret)
        self.run_worker(self._play(), exclusive=True, group="link")

    async def _play(self) -> None:
        assert self.link is not None  # made before the worker starts
        try:
            await self.link.run()
        except JoinError as exc:
            self._link_ended(exc)

    def _link_ended(self, exc: JoinError) -> None:
        """A refusal asks a served seat's secret again; anything else ends the app with one line.
        Once the player has left, the screens are being taken down: nothing is shown."""
        if self.closing:
            return
        if self.asks and self.session is None:  # a wrong secret: the player types it again
            assert self.joining is not None  # shown since the app started
            self.joining.ask(self._prompt(str(exc)))
            return
        self.ended = str(exc)
        self.exit(return_code=2, message=plain(self.ended))  # printed on exit: never markup, never raw

    @property
    def closing(self) -> bool:
        """Left, or being taken down: no screen may be drawn or pushed (a screen's widgets go
        before the screen itself, which still reads as mounted)."""
        return self.left or not self.is_running

    def exit(self, result: None = None, return_code: int = 0, message: RenderableType | None = None) -> None:
        """Leave: a position or refusal that arrives after this is dropped (the link's worker
        runs until the app's teardown cancels it, while the screens go one by one)."""
        self.left = True
        super().exit(result, return_code, message)

    def _position(self, mirror: Mirror) -> None:
        if self.closing:
            return
        if self.session is None:
            # the mirror reads as a Game: what it cannot do (apply, undo, record, save) RemoteSession
            # overrides, so Session's Game-typed field takes it (a Protocol for all the screens read is not written yet)
            self.session = RemoteSession(game=cast(Game, mirror), seat=self.side, send=self._send)
            self.push_screen(RemoteGameScreen(self.session, bot_pace=0))
            return
        screen = self.game_screen
        if isinstance(screen, RemoteGameScreen) and screen.is_mounted:
            screen.position_arrived()
        else:
            self.session.waiting = False

    def _send(self, action: str) -> None:
        assert self.link is not None  # an action is sent only after the host's position came over it
        self.run_worker(self.link.act(action), group="link-send")

    def _host_refused(self, reason: str) -> None:  # not _refused: the app's own is about a save that cannot be opened
        if self.closing:
            return
        if self.session is not None:
            self.session.waiting = False
        self.notify(_("The host refused: {reason}", reason=reason), severity="error")

    def back_to_menu(self) -> None:
        self.exit()


def run_joined(address: str, side: Side, secret: str | None, data: GameData | None = None, tls: ssl.SSLContext | None = None) -> int:
    """Play a seat in the terminal (``secret`` None: the app asks for it); the one-line reason it
    ended, if not the game's end, is printed by the app on exit."""
    app = JoinApp(address, side, secret, data=data, tls=tls)
    app.run()
    return app.return_code or 0
