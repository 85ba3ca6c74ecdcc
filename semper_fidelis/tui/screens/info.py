"""A read-only box over the game — the turn summary, the card viewer, a warning — closed by
Esc, Enter, space or the key that opened it."""

from __future__ import annotations

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...data.text import plain
from ...i18n import N_, _


class InfoScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    InfoScreen { align: center middle; }
    InfoScreen #info-box {
        width: 100; max-width: 96%; height: auto; max-height: 90%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    """
    BINDINGS = [
        Binding("escape", "dismiss", N_("Close")),
        Binding("enter", "dismiss", N_("Close"), show=False),
        Binding("space", "dismiss", N_("Close"), show=False),
    ]

    def __init__(self, title: str, body: RenderableType, key: str | None = None):
        super().__init__()
        self.title_text = title
        self.body = body
        if key:
            self._bindings.bind(key, "dismiss", N_("Close"), show=False)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="info-box") as box:
            box.border_title = plain(self.title_text)
            box.border_subtitle = _("Esc, Enter or space to close")
            yield Static(self.body, id="info-text")
