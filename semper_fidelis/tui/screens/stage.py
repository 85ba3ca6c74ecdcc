"""End of Stage: the scoring report (§5.2) before play goes on."""

from __future__ import annotations

from rich.text import Text
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from ..score import VP_LINE
from ..theme import badge


class StageScreen(ModalScreen):
    BINDINGS = [("escape", "dismiss", "Close"), ("enter", "dismiss", "Close")]

    def __init__(self, report: list[str], vp: dict[str, int]):
        super().__init__()
        self.report = report
        self.vp = vp

    def compose(self):
        with Vertical(id="stage-box") as box:
            box.border_title = "End of Stage"
            yield Static(self._text(), id="stage-text")

    def _text(self) -> Text:
        out = Text()
        out.append(self.report[0] + "\n\n", style="bold")
        for line in self.report[1:]:
            m = VP_LINE.match(line)
            if m:
                out.append_text(badge(m.group(1)))
                style = "bold green" if m.group(2).startswith("+") else "bold red"
                out.append(f" {m.group(2)} VP", style=style)
                out.append(f"  {m.group(4)} (now {m.group(3)})\n")
            else:
                out.append(line + "\n", style="dim")
        out.append("\nVictory Points now: ")
        out.append_text(badge("PL"))
        out.append(f" {self.vp.get('PL', 0)}   ")
        out.append_text(badge("ZURL"))
        out.append(f" {self.vp.get('ZURL', 0)}\n\n")
        out.append("Press any key to go on.", style="dim")
        return out

    def on_key(self, event) -> None:
        event.stop()
        event.prevent_default()
        self.dismiss()
