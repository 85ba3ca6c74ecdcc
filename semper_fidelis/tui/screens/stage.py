"""End of Stage: the scoring report (§5.2) before play goes on, with the VP so far as a small
chart beside its items."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ...engine import Event, Game, event_reason, event_text
from ...i18n import _
from ...play.course import course_of
from ..score import is_vp
from ..theme import badge
from ..widgets.course_chart import CourseChart


class StageScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    #stage-items { height: auto; }
    #stage-text { width: 1fr; }
    #stage-vp { width: 33; height: 12; min-height: 8; margin-left: 1; }
    """
    BINDINGS = [("escape", "dismiss", "Close"), ("enter", "dismiss", "Close")]

    def __init__(self, report: list[Event], vp: dict[str, int], game: Game | None = None):
        super().__init__()
        self.report = report
        self.vp = vp
        self.game = game  # for the chart of the VP so far

    def compose(self) -> ComposeResult:
        with Vertical(id="stage-box") as box:
            box.border_title = _("End of Stage")
            with Horizontal(id="stage-items"):
                yield Static(self._text(), id="stage-text")
                if self.game is not None:
                    yield CourseChart(course_of(self.game), vp_only=True, id="stage-vp")

    def _text(self) -> Text:
        out = Text()
        out.append((event_text(self.report[0]) or "") + "\n\n", style="bold")
        for e in self.report[1:]:
            if is_vp(e):
                out.append_text(badge(e["side"]))
                out.append(" " + _("{delta} VP", delta=f"{e['delta']:+d}"), style="bold green" if e["delta"] > 0 else "bold red")
                out.append("  " + _("{reason} (now {value})", reason=event_reason(e), value=e["value"]) + "\n")
            else:
                out.append((event_text(e) or "") + "\n", style="dim")
        out.append("\n" + _("Victory Points now: "))
        out.append_text(badge("PL"))
        out.append(f" {self.vp.get('PL', 0)}   ")
        out.append_text(badge("ZURL"))
        out.append(f" {self.vp.get('ZURL', 0)}\n\n")
        out.append(_("Press any key to go on."), style="dim")
        return out

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self.dismiss()
