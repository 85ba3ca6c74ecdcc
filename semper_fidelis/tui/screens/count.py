"""How many? A one-line prompt for placing several units of a type at once (the game screen's
``x``): Enter applies, Esc cancels."""

from __future__ import annotations

from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static


class CountScreen(ModalScreen[int | None]):
    DEFAULT_CSS = """
    CountScreen { align: center middle; }
    CountScreen #count-box { width: 64; height: auto; border: round $accent; background: $surface; padding: 0 1; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, question: str, most: int):
        super().__init__()
        self.question = question
        self.most = most

    def compose(self):
        with Vertical(id="count-box") as box:
            box.border_title = "How many?"
            yield Static(f"{self.question} (1–{self.most}, Enter; Esc cancels)")
            yield Input(value=str(self.most), type="integer", id="count")
            yield Static("", id="count-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        value = int(event.value) if event.value.strip().lstrip("-").isdigit() else 0
        if not 1 <= value <= self.most:
            self.query_one("#count-error", Static).update(f"A number from 1 to {self.most}, please.")
            return
        self.dismiss(value)

    def action_cancel(self) -> None:
        self.dismiss(None)
