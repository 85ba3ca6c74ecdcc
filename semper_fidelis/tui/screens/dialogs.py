"""Small screens over the game: save under a name, leave an unsaved game, help for the decision,
the full log."""

from __future__ import annotations

from pathlib import Path

from rich.markdown import Markdown
from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from ...data.text import plain
from ...engine import Decision, RecordError, read_record
from ..helptext import decision_help
from ..locks import OpenElsewhere
from ..saves import describe, safe_name
from ..session import Session


class SaveScreen(ModalScreen):
    """Type a name, Enter saves to ``<saves>/<name>.json``. Saving over an existing save asks
    first (Enter again on the same name); a file there that cannot be read is never
    overwritten."""

    BINDINGS = [Binding("escape", "dismiss", "Cancel")]

    def __init__(self, session: Session):
        super().__init__()
        self.session = session
        self.confirm: Path | None = None  # the existing save the player was asked about

    def compose(self):
        view = self.session.view()
        default = f"scenario{self.session.game.scenario.number}-round{view['round']}-{view['active'].lower()}"
        with Vertical(id="save-box") as box:
            box.border_title = "Save the game"
            yield Static("Name of the save (Enter to save, Esc to cancel):")
            yield Input(value=default, id="save-name")
            yield Static("", id="save-error")

    def say(self, text: str, style: str = "bold red") -> None:
        self.query_one("#save-error", Static).update(plain(text, style))

    def on_input_changed(self, event: Input.Changed) -> None:
        self.confirm = None

    def on_input_submitted(self, event: Input.Submitted) -> None:
        saves_dir = self.session.saves_dir
        if saves_dir is None:
            self.say("No saves directory.")
            return
        path = saves_dir / safe_name(event.value)
        if path.exists() and path != self.confirm:
            try:
                read_record(path, data=self.session.game.data)
            except RecordError as exc:
                self.say(f"Not overwritten: {exc}")
                return
            self.confirm = path
            self.say(f"There is a save {describe(path).summary}. Enter again to save over it, or type another name.", "bold yellow")
            return
        try:
            self.session.save_to(path)
        except OpenElsewhere as exc:
            self.say(f"Not saved: {exc}")
            return
        except OSError as exc:
            self.say(f"Cannot save: {exc}")
            return
        self.app.notify(f"Saved to {path}")
        self.dismiss()


class LeaveScreen(ModalScreen[bool]):
    """Leaving a game whose last changes could not be saved asks first: y leaves (True), n or
    Esc stays (then ``s`` may save it somewhere else)."""

    BINDINGS = [Binding("y", "answer(True)", "Leave"), Binding("n", "answer(False)", "Stay"),
                Binding("escape", "answer(False)", "Stay", show=False)]

    def __init__(self, why: str):
        super().__init__()
        self.why = why

    def compose(self):
        with Vertical(id="save-box") as box:
            box.border_title = "Leave an unsaved game?"
            yield Static(Text(f"This game is not saved ({self.why}).", style="bold red"), id="leave-why")
            yield Static("y: leave it anyway · n or Esc: stay (s saves it under a name)")

    def action_answer(self, leave: bool) -> None:
        self.dismiss(leave)


class HelpScreen(ModalScreen):
    """The rule behind the current decision, the rulings that bear on it, and the keys."""

    BINDINGS = [
        Binding("escape", "dismiss", "Close"),
        Binding("question_mark", "dismiss", "Close"),
        Binding("q", "dismiss", "Close", show=False),
    ]

    def __init__(self, decision: Decision | None):
        super().__init__()
        self.decision = decision

    def compose(self):
        with VerticalScroll(id="help-box") as box:
            box.border_title = "Help — Esc to close"
            yield Static(Markdown(decision_help(self.decision)), id="help-text")


class LogScreen(ModalScreen):
    BINDINGS = [
        Binding("escape", "dismiss", "Close"),
        Binding("l", "dismiss", "Close"),
        Binding("q", "dismiss", "Close", show=False),
    ]

    def __init__(self, lines: list[str]):
        super().__init__()
        self.lines = lines

    def compose(self):
        with VerticalScroll(id="log-full") as box:
            box.border_title = f"Log — {len(self.lines)} lines — Esc to close"
            yield Static(Text("\n").join(Text(line) for line in self.lines))

    def on_mount(self) -> None:
        self.query_one("#log-full").scroll_end(animate=False)
