"""The main menu: new game, resume a recent game, load a save, rules, the rulebook's examples,
review a game, quit."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...store.saves import autosave_paths
from .chosen import chosen_id

if TYPE_CHECKING:
    from ..app import SemperFidelisApp

TITLE = r"""
  ____                                 _____ _     _      _ _
 / ___|  ___ _ __ ___  _ __   ___ _ __|  ___(_) __| | ___| (_)___
 \___ \ / _ \ '_ ` _ \| '_ \ / _ \ '__| |_  | |/ _` |/ _ \ | / __|
  ___) |  __/ | | | | | |_) |  __/ |  |  _| | | (_| |  __/ | \__ \
 |____/ \___|_| |_| |_| .__/ \___|_|  |_|   |_|\__,_|\___|_|_|___/
                      |_|
"""

SUBTITLE = Text.assemble(
    ("Bitwa o Lwów 1918-1919", "bold"), " — the battle for Lwów / Lviv, November 1918\n",
    (" PL ", "bold #ffffff on #b3122e"), " Polish defenders   against   ",
    (" ZURL ", "bold #ffb347 on #1d4f86"), " the West Ukrainian People's Republic",
)

ITEMS = (
    ("new", "1", "New game"),
    ("resume", "2", "Resume a recent game"),
    ("load", "3", "Load a saved game"),
    ("rules", "4", "Rules and keys"),
    ("learn", "5", "Learn from the rulebook"),
    ("review", "6", "Review a game"),
    ("quit", "7", "Quit"),
)


class MainMenuScreen(Screen):
    app: SemperFidelisApp  # declared for the type checker: the screen runs in this app
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"choose('{item}')", label, show=False) for item, key, label in ITEMS),
        Binding("q", "choose('quit')", "Quit"),
    ]

    def compose(self):
        with Vertical(id="menu-box"):
            with Center():
                yield Static(Text(TITLE, style="bold #ff5f6e"), id="menu-title")
            with Center():
                yield Static(SUBTITLE, id="menu-subtitle")
            with Center():
                yield OptionList(id="menu-options")
            with Center():
                yield Static("", id="menu-message")
        yield Footer()

    def on_mount(self) -> None:
        self.refresh_items()
        self.query_one("#menu-options", OptionList).focus()

    def on_screen_resume(self) -> None:
        self.refresh_items()

    def refresh_items(self) -> None:
        has_autosave = bool(autosave_paths(self.app.saves_dir))
        ol = self.query_one("#menu-options", OptionList)
        highlighted = ol.highlighted
        ol.clear_options()
        for item, key, label in ITEMS:
            disabled = item == "resume" and not has_autosave
            text = Text.assemble((f" {key} ", "bold #111111 on #e0c060"), f"  {label}")
            if disabled:
                text.append("  (none yet)", style="dim")
            ol.add_option(Option(text, id=item, disabled=disabled))
        ol.highlighted = highlighted if highlighted is not None else 0

    def show_message(self, text: str, error: bool = False) -> None:
        self.query_one("#menu-message", Static).update(Text(text, style="bold red" if error else "italic"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(chosen_id(event))

    def action_choose(self, item: str) -> None:
        app = self.app
        if item == "new":
            from .scenario import ScenarioScreen

            app.push_screen(ScenarioScreen())
        elif item == "resume":
            from .resume import ResumeScreen

            app.push_screen(ResumeScreen())
        elif item == "load":
            from .load import LoadScreen

            app.push_screen(LoadScreen())
        elif item == "learn":
            from .learn import LearnScreen

            app.push_screen(LearnScreen())
        elif item == "review":
            from .review_list import ReviewListScreen

            app.push_screen(ReviewListScreen())
        elif item == "rules":
            from .rules import RulesScreen

            app.push_screen(RulesScreen())
        elif item == "quit":
            app.exit()
