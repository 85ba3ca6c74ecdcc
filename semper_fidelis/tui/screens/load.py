"""Load a saved game: the saves in the user data directory, newest first. A save that cannot
be replayed is reported in one line and left as it is."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...data.text import plain
from ..saves import list_saves


class LoadScreen(Screen):
    BINDINGS = [Binding("escape", "back", "Back"), Binding("q", "back", "Back", show=False)]

    def compose(self):
        with Vertical(id="load-box") as box:
            box.border_title = "Load a saved game"
            yield Static(id="load-where")
            yield OptionList(id="load-options")
            yield Static("", id="load-message")
        yield Footer()

    def on_mount(self) -> None:
        saves = list_saves(self.app.saves_dir)
        self.saves = saves
        self.query_one("#load-where", Static).update(plain(f"Saves in {self.app.saves_dir}", "dim"))
        ol = self.query_one("#load-options", OptionList)
        for i, info in enumerate(saves):
            ol.add_option(Option(plain(info.summary, "" if info.ok else "red"), id=str(i)))
        if not saves:
            ol.add_option(Option(Text("No saved games yet (press s during a game to save).", style="dim"), disabled=True))
        else:
            ol.highlighted = 0
        ol.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        info = self.saves[int(event.option.id)]
        error = self.app.open_save(info.path)
        if error:
            self.query_one("#load-message", Static).update(plain(error, "bold red"))

    def action_back(self) -> None:
        self.app.pop_screen()
