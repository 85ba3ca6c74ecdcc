"""Resume a recent game: every game's autosave slot, newest first (a page at a time), with its
scenario, round, side to move and players. An autosave that cannot be replayed is reported in
one line and set aside, so the list never holds a trap."""

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
from ...i18n import N_, _, ngettext
from ...store.saves import KEEP_FINISHED, recent_games
from ..widgets.footer import Footer
from .chosen import chosen_id
from .paging import PAGE, more_option

if TYPE_CHECKING:
    from ..app import SemperFidelisApp

MORE = "more"


class ResumeScreen(Screen[None]):
    app: SemperFidelisApp  # declared for the type checker: the screen runs in this app
    BINDINGS = [Binding("escape", "back", N_("Back")), Binding("q", "back", N_("Back"), show=False)]

    def compose(self) -> ComposeResult:
        with Vertical(id="load-box") as box:
            box.border_title = _("Resume a recent game")
            yield Static(Text(ngettext("Unfinished games, and the last {n} finished one", "Unfinished games, and the last {n} finished ones", KEEP_FINISHED), style="dim"))
            yield OptionList(id="resume-options")
            yield Static("", id="resume-message")
        yield Footer()

    def on_mount(self) -> None:
        self.shown = PAGE
        self.refresh_games()
        self.query_one("#resume-options", OptionList).focus()

    def refresh_games(self) -> None:
        self.games = recent_games(self.app.saves_dir)
        self.show_games()

    def show_games(self) -> None:
        """The first :attr:`shown` games (only those are read), and a row for the rest."""
        ol = self.query_one("#resume-options", OptionList)
        highlighted = ol.highlighted
        ol.clear_options()
        for i, info in enumerate(self.games[: self.shown]):
            style = "dim" if info.over else ("" if info.ok else "red")
            ol.add_option(Option(plain(info.summary, style), id=str(i)))
        if len(self.games) > self.shown:
            ol.add_option(more_option(len(self.games) - self.shown, MORE))
        if not self.games:
            ol.add_option(Option(Text(_("No games yet."), style="dim"), disabled=True))
        else:
            ol.highlighted = min(highlighted or 0, ol.option_count - 1)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id == MORE:
            self.shown += PAGE
            self.show_games()
            return
        info = self.games[int(chosen_id(event))]
        error = self.app.open_save(info.path)
        if error:
            self.refresh_games()
            self.query_one("#resume-message", Static).update(plain(error, "bold red"))

    def action_back(self) -> None:
        self.app.pop_screen()
