"""Review a game: pick a record — a named save, a recent game's autosave, or a kept simulated
game (``simulate --records``), a page at a time — or type the path of another file or folder
(not in a served app). A game being played in another copy of the app is not opened.
Opening one only reads it; a record that cannot be replayed is reported in one line and left as it is."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ...data.text import plain
from ...i18n import N_, _, pgettext
from ...store.saves import Listing, SaveInfo, list_saves, recent_games
from ..widgets.footer import Footer
from .chosen import chosen_id
from .paging import PAGE, more_option

if TYPE_CHECKING:
    from ..app import SemperFidelisApp

MORE = "more-"  # + the section's number


class ReviewListScreen(Screen[None]):
    app: SemperFidelisApp  # declared for the type checker: the screen runs in this app
    BINDINGS = [Binding("escape", "back", N_("Back")), Binding("o", "focus_path", N_("Other file or folder"))]

    def __init__(self) -> None:
        super().__init__()
        self.records_dir: Path | None = None
        self.sections: list[tuple[str, Listing]] = []
        self.shown: list[int] = []  # how many of each section's saves are shown (and read)
        self.files: list[SaveInfo] = []  # the saves shown, by option id

    def compose(self) -> ComposeResult:
        with Vertical(id="load-box") as box:
            box.border_title = _("Review a game")
            yield Static(Text(_("Step through a game action by action, and play on from any moment. Nothing is changed."), style="dim"))
            yield OptionList(id="review-options")
            if not self.app.served:  # a served page's visitors open only the lists' games
                yield Input(placeholder=_("Another record or folder of records (o): type its path, Enter"), id="review-path")
            yield Static("", id="review-message")
        yield Footer()

    def on_mount(self) -> None:
        self.records_dir = self.app.records_dir
        self.refresh_files()
        self.query_one("#review-options", OptionList).focus()

    def refresh_files(self) -> None:
        saves = self.app.saves_dir
        assert self.records_dir is not None  # set when the screen mounted
        self.sections = [
            (_("Saved games ({folder})", folder=saves), list_saves(saves)),
            (_("Recent games"), recent_games(saves)),
            (_("Kept simulated games ({folder})", folder=self.records_dir), list_saves(self.records_dir)),
        ]
        self.shown = [PAGE] * len(self.sections)
        self.show_files()
        ol = self.query_one("#review-options", OptionList)
        ol.highlighted = next((i for i in range(ol.option_count) if not ol.get_option_at_index(i).disabled), None)

    def show_files(self) -> None:
        """Each section's first saves (only those are read), and a row for the rest."""
        ol = self.query_one("#review-options", OptionList)
        ol.clear_options()
        self.files = []
        for k, ((title, listing), shown) in enumerate(zip(self.sections, self.shown, strict=True)):
            ol.add_option(Option(plain(title, "bold"), disabled=True))
            if not listing:
                ol.add_option(Option(Text("  " + pgettext("saves", "none"), style="dim"), disabled=True))
            for info in listing[:shown]:
                ol.add_option(Option(plain("  " + info.summary, "" if info.ok else "red"), id=str(len(self.files))))
                self.files.append(info)
            if len(listing) > shown:
                ol.add_option(more_option(len(listing) - shown, f"{MORE}{k}"))

    def say(self, text: str) -> None:
        self.query_one("#review-message", Static).update(plain(text, "bold red"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        chosen = chosen_id(event)
        if chosen.startswith(MORE):
            ol = self.query_one("#review-options", OptionList)
            highlighted = ol.highlighted
            self.shown[int(chosen.removeprefix(MORE))] += PAGE
            self.show_files()
            ol.highlighted = highlighted  # the first of the rows just shown
            return
        self.open(self.files[int(chosen)].path)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        path = Path(event.value.strip()).expanduser()
        if path.is_dir():
            self.records_dir = path
            self.refresh_files()
            self.query_one("#review-options", OptionList).focus()
        else:
            self.open(path)

    def open(self, path: Path) -> None:
        error = self.app.open_review(path)
        if error:
            self.say(error)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action == "focus_path" and self.app.served)

    def action_focus_path(self) -> None:
        self.query_one("#review-path", Input).focus()

    def action_back(self) -> None:
        self.app.pop_screen()
