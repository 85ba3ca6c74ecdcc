"""Review a game: pick a record — a named save, a recent game's autosave, or a kept simulated
game (``simulate --records``) — or type the path of another file or folder. Opening one only
reads it; a record that cannot be replayed is reported in one line and left as it is."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from ...data.text import plain
from ..saves import SaveInfo, list_saves, recent_games

#: a folder of simulated games may hold thousands: the newest are listed
MAX_LISTED = 200


class ReviewListScreen(Screen):
    BINDINGS = [Binding("escape", "back", "Back"), Binding("o", "focus_path", "Other file or folder")]

    def __init__(self):
        super().__init__()
        self.records_dir: Path | None = None
        self.files: list[SaveInfo] = []

    def compose(self):
        with Vertical(id="load-box") as box:
            box.border_title = "Review a game"
            yield Static(Text("Step through a game action by action, and play on from any moment. Nothing is changed.", style="dim"))
            yield OptionList(id="review-options")
            yield Input(placeholder="Another record or folder of records (o): type its path, Enter", id="review-path")
            yield Static("", id="review-message")
        yield Footer()

    def on_mount(self) -> None:
        self.records_dir = self.app.records_dir
        self.refresh_files()
        self.query_one("#review-options", OptionList).focus()

    def refresh_files(self) -> None:
        saves = self.app.saves_dir
        sections = (
            (f"Saved games ({saves})", list_saves(saves)),
            ("Recent games", recent_games(saves)),
            (f"Kept simulated games ({self.records_dir})", list_saves(self.records_dir)[:MAX_LISTED]),
        )
        ol = self.query_one("#review-options", OptionList)
        ol.clear_options()
        self.files = []
        for title, infos in sections:
            ol.add_option(Option(plain(title, "bold"), disabled=True))
            if not infos:
                ol.add_option(Option(Text("  none", style="dim"), disabled=True))
            for info in infos:
                ol.add_option(Option(plain("  " + info.summary, "" if info.ok else "red"), id=str(len(self.files))))
                self.files.append(info)
        first = next((i for i in range(ol.option_count) if not ol.get_option_at_index(i).disabled), None)
        ol.highlighted = first

    def say(self, text: str) -> None:
        self.query_one("#review-message", Static).update(plain(text, "bold red"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.open(self.files[int(event.option.id)].path)

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

    def action_focus_path(self) -> None:
        self.query_one("#review-path", Input).focus()

    def action_back(self) -> None:
        self.app.pop_screen()
