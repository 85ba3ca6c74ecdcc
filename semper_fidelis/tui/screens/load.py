"""Load a saved game: the saves in the user data directory, newest first, a page at a time. A
save that cannot be replayed is reported in one line and left as it is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...data.text import plain
from ...i18n import N_, _
from ...store.saves import list_saves
from ..widgets.footer import Footer
from .chosen import chosen_id
from .paging import PAGE, more_option

if TYPE_CHECKING:
    from ..app import SemperFidelisApp

MORE = "more"


class LoadScreen(Screen[None]):
    app: SemperFidelisApp  # declared for the type checker: the screen runs in this app
    BINDINGS = [Binding("escape", "back", N_("Back")), Binding("q", "back", N_("Back"), show=False)]

    def compose(self) -> ComposeResult:
        with Vertical(id="load-box") as box:
            box.border_title = _("Load a saved game")
            yield Static(id="load-where")
            yield OptionList(id="load-options")
            yield Static("", id="load-message")
        yield Footer()

    def on_mount(self) -> None:
        self.saves = list_saves(self.app.saves_dir)
        self.shown = PAGE
        self.query_one("#load-where", Static).update(plain(_("Saves in {folder}", folder=self.app.saves_dir), "dim"))
        self.show_saves()
        self.query_one("#load-options", OptionList).focus()

    def show_saves(self) -> None:
        """The first :attr:`shown` saves (only those are read), and a row for the rest."""
        ol = self.query_one("#load-options", OptionList)
        highlighted = ol.highlighted
        ol.clear_options()
        for i, info in enumerate(self.saves[: self.shown]):
            ol.add_option(Option(plain(info.summary, "" if info.ok else "red"), id=str(i)))
        if len(self.saves) > self.shown:
            ol.add_option(more_option(len(self.saves) - self.shown, MORE))
        if not self.saves:
            ol.add_option(Option(Text(_("No saved games yet (press s during a game to save)."), style="dim"), disabled=True))
        else:
            ol.highlighted = min(highlighted or 0, ol.option_count - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == MORE:
            self.shown += PAGE
            self.show_saves()
            return
        info = self.saves[int(chosen_id(event))]
        error = self.app.open_save(info.path)
        if error:
            self.query_one("#load-message", Static).update(plain(error, "bold red"))

    def action_back(self) -> None:
        self.app.pop_screen()
