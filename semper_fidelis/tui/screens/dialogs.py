"""Small screens over the game: save under a name, leave an unsaved game, help for the decision,
the full log."""

from __future__ import annotations

import os
from pathlib import Path

from rich.markdown import Markdown
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ...data.text import plain
from ...engine import Decision, RecordError, read_record
from ...i18n import N_, _, ngettext
from ...store.locks import OpenElsewhere
from ...store.saves import describe, save_target
from ..helptext import decision_help
from ..session import Session, cannot_write


class SaveScreen(ModalScreen[bool]):
    """Type a name, Enter saves to ``<saves>/<name>.json``; or a folder or file path
    (``/media/usb/``, ``~/lwow``), Enter saves there (:func:`save_target`). Saving over an
    existing save asks first (Enter again on the same name); a file there that cannot be read is
    never overwritten. Dismissed with True once saved. ``elsewhere``: the saves folder cannot be
    written, so the name offered is a path in the home folder."""

    BINDINGS = [Binding("escape", "dismiss", N_("Cancel"))]

    def __init__(self, session: Session, elsewhere: bool = False):
        super().__init__()
        self.session = session
        self.elsewhere = elsewhere
        self.confirm: Path | None = None  # the existing save the player was asked about

    @property
    def default(self) -> str:
        view = self.session.view()
        return _("scenario{number}-round{now}-{side}", number=self.session.game.scenario.number, now=view["round"], side=view["active"].lower())

    def compose(self) -> ComposeResult:
        home = Path(os.path.expanduser("~"))
        offered = str(home / self.default) if self.elsewhere and home.is_absolute() else self.default
        with Vertical(id="save-box") as box:
            box.border_title = _("Save the game elsewhere") if self.elsewhere else _("Save the game")
            yield Static(_("Name of the save, or a folder to save it in (/media/usb/, ~/): Enter saves, Esc cancels."))
            yield Input(value=offered, id="save-name")
            yield Static("", id="save-error")

    def say(self, text: str, style: str = "bold red") -> None:
        self.query_one("#save-error", Static).update(plain(text, style))

    def on_input_changed(self, event: Input.Changed) -> None:
        self.confirm = None

    def on_input_submitted(self, event: Input.Submitted) -> None:
        path = save_target(event.value, self.session.saves_dir, self.default)
        if path is None:
            self.say(_("No saves directory: type a folder to save in."))
            return
        if os.path.exists(path) and path != self.confirm:  # False, not an error, where it cannot be looked at
            try:
                read_record(path, data=self.session.game.data)
            except RecordError as exc:
                self.say(_("Not overwritten: {why}", why=exc))
                return
            self.confirm = path
            self.say(_("There is a save {save}. Enter again to save over it, or type another name.", save=describe(path).summary), "bold yellow")
            return
        try:
            self.session.save_to(path)
        except OpenElsewhere as exc:
            self.say(_("Not saved: {why}", why=exc))
            return
        except OSError as exc:
            self.say(_("Not saved: {why}.", why=cannot_write(exc, path)))
            return
        self.app.notify(_("Saved to {path}", path=path), markup=False)
        self.dismiss(True)


class LeaveScreen(ModalScreen[bool]):
    """Leaving a game whose last changes could not be saved asks first: y leaves (True), n or
    Esc stays, s saves it in another folder (the saves folder may be on a full disk) and then
    leaves."""

    BINDINGS = [Binding("y", "answer(True)", N_("Leave")), Binding("n", "answer(False)", N_("Stay")),
                Binding("s", "save_elsewhere", N_("Save elsewhere")),
                Binding("escape", "answer(False)", N_("Stay"), show=False)]

    def __init__(self, session: Session):
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        with Vertical(id="save-box") as box:
            box.border_title = _("Leave an unsaved game?")
            yield Static(plain(_("This game is not saved ({why}).", why=self.session.unsaved), "bold red"), id="leave-why")
            yield Static(_("y: leave it anyway · n or Esc: stay · s: save it in another folder, then leave"))

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)

    def action_save_elsewhere(self) -> None:
        def saved(done: bool | None) -> None:
            if done:
                self.dismiss(True)

        self.app.push_screen(SaveScreen(self.session, elsewhere=True), saved)


class HelpScreen(ModalScreen[None]):
    """The rule behind the current decision, the rulings that bear on it, and the keys."""

    BINDINGS = [
        Binding("escape", "dismiss", N_("Close")),
        Binding("question_mark", "dismiss", N_("Close")),
        Binding("q", "dismiss", N_("Close"), show=False),
    ]

    def __init__(self, decision: Decision | None):
        super().__init__()
        self.decision = decision

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box") as box:
            box.border_title = _("Help — Esc to close")
            yield Static(Markdown(decision_help(self.decision)), id="help-text")


class LogScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape", "dismiss", N_("Close")),
        Binding("l", "dismiss", N_("Close")),
        Binding("q", "dismiss", N_("Close"), show=False),
    ]

    def __init__(self, lines: list[str]):
        super().__init__()
        self.lines = lines

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="log-full") as box:
            box.border_title = ngettext("Log — {n} line — Esc to close", "Log — {n} lines — Esc to close", len(self.lines))
            yield Static(Text("\n").join(Text(line) for line in self.lines))

    def on_mount(self) -> None:
        self.query_one("#log-full").scroll_end(animate=False)
