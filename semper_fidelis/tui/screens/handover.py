"""Hot-seat hand-over: an opaque screen that hides everything until the next player is at the
keyboard (a modal would let the hand show through)."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import _
from ..theme import with_badge


class HandoverScreen(Screen[None]):
    """Press any key (or click) to continue as ``side``."""

    def __init__(self, side: str):
        super().__init__()
        self.side = side

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            yield Static(self._text(), id="handover-text")

    def _text(self) -> Text:
        return Text.assemble(
            (_("Hot seat") + "\n\n", "bold"),
            *with_badge(_("Pass the keyboard to {side}"), self.side), "\n\n",
            (_("{side}: press any key when the other player is not looking.", side=self.side), "bold"), "\n\n",
            (_("Your hand and tokens will show on the next screen."), "dim"),
            justify="center",
        )

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self.dismiss()

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.dismiss()
