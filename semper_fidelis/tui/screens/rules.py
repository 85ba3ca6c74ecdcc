"""Rules and keys from the main menu: our summary of the rules, the keys, and every ruling."""

from __future__ import annotations

from rich.markdown import Markdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...i18n import N_, _
from ..helptext import help_file, rulings_markdown
from ..widgets.footer import Footer


class RulesScreen(Screen[None]):
    BINDINGS = [Binding("escape", "back", N_("Back")), Binding("q", "back", N_("Back"))]

    def compose(self) -> ComposeResult:
        text = "\n\n".join(t for t in (help_file("rules.md"), help_file("keys.md"), rulings_markdown()) if t)
        with VerticalScroll(id="rules-box") as box:
            box.border_title = _("Rules — Esc to go back")
            yield Static(Markdown(text or _("The help files are missing from the data directory.")))
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-box").focus()

    def action_back(self) -> None:
        self.app.pop_screen()
