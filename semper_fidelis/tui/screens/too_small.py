"""Over any screen while the terminal is smaller than the app can be played in: what size it
needs, instead of cut panels whose options cannot be seen. It goes when the terminal grows."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Center
from textual.screen import ModalScreen
from textual.widgets import Static

from ...i18n import _

#: the smallest terminal every screen is laid out for (columns, lines)
MIN_SIZE = (80, 24)


def too_small(width: int, height: int) -> bool:
    return width < MIN_SIZE[0] or height < MIN_SIZE[1]


class TooSmallScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen Static { width: auto; max-width: 100%; }
    """

    def compose(self) -> ComposeResult:
        yield Center(Static(self._words(), id="too-small"))

    def _words(self) -> str:
        width, height = self.app.size
        return _("The terminal is {width}×{height}: too small. Semper Fidelis needs at least {least_width}×{least_height}. "
                 "Enlarge the window (or make the font smaller); Ctrl+Q quits.",
                 width=width, height=height, least_width=MIN_SIZE[0], least_height=MIN_SIZE[1])

    def _mind(self) -> None:
        """Go when the terminal is big enough (and this is on top), else say its new size."""
        if too_small(*self.app.size):
            self.query_one("#too-small", Static).update(self._words())
        elif self.app.screen is self:
            self.dismiss()

    def on_resize(self) -> None:
        self._mind()

    def on_screen_resume(self) -> None:
        self._mind()
