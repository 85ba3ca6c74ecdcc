"""The main menu: new game, resume a recent game, load a save, rules, the rulebook's examples,
review a game, quit, and the language (it switches at once and is remembered)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...i18n import LANGUAGES, N_, _, current_language, set_language
from ...store.saves import autosave_paths
from ...store.settings import LANGUAGE_SETTING, remember, settings_path
from ..widgets.footer import Footer
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
""".strip("\n")  # no blank line inside the title: the menu's eight items fit 80x24


def subtitle() -> Text:
    """The lines under the title, in the current language: whole sentences, the sides' badges
    put where the translation names them."""
    return Text.assemble(
        ("Bitwa o Lwów 1918-1919", "bold"), _(" — the battle for Lwów / Lviv, November 1918"), "\n",
        *with_fields(_("{pl} Polish defenders  against  {zurl} the West Ukrainian People's Republic"),
                     pl=(" PL ", "bold #ffffff on #b3122e"), zurl=(" ZURL ", "bold #ffb347 on #1d4f86")),
    )


def with_fields(sentence: str, **fields: tuple[str, str]) -> list[str | tuple[str, str]]:
    """``sentence`` in pieces for ``Text.assemble``, each ``{name}`` replaced by its styled field."""
    return [fields.get(piece, piece) if i % 2 else piece for i, piece in enumerate(re.split(r"\{(\w+)\}", sentence))]


#: the items: an id, its key, its label (shown through _() when drawn)
ITEMS = (
    ("new", "1", N_("New game")),
    ("resume", "2", N_("Resume a recent game")),
    ("load", "3", N_("Load a saved game")),
    ("rules", "4", N_("Rules and keys")),
    ("learn", "5", N_("Learn from the rulebook")),
    ("review", "6", N_("Review a game")),
    ("quit", "7", N_("Quit")),
    ("language", "8", N_("Language: English")),
)


class MainMenuScreen(Screen[None]):
    app: SemperFidelisApp  # declared for the type checker: the screen runs in this app
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"choose('{item}')", label, show=False) for item, key, label in ITEMS),
        Binding("q", "choose('quit')", N_("Quit")),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-box"):
            with Center():
                yield Static(Text(TITLE, style="bold #ff5f6e"), id="menu-title")
            with Center():
                yield Static(subtitle(), id="menu-subtitle")
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
        """Draw the items (and the footer's Quit) in the current language."""
        has_autosave = bool(autosave_paths(self.app.saves_dir))
        ol = self.query_one("#menu-options", OptionList)
        highlighted = ol.highlighted
        ol.clear_options()
        for item, key, label in ITEMS:
            disabled = item == "resume" and not has_autosave
            text = Text.assemble((f" {key} ", "bold #111111 on #e0c060"), f"  {_(label)}")
            if disabled:
                text.append(_("  (none yet)"), style="dim")
            ol.add_option(Option(text, id=item, disabled=disabled))
        ol.highlighted = highlighted if highlighted is not None else 0
        self.query_one("#menu-subtitle", Static).update(subtitle())
        # a binding's label is fixed when it is made: the footer's Quit is made again in this language
        self._bindings.key_to_bindings["q"] = [Binding("q", "choose('quit')", _("Quit"))]
        self.refresh_bindings()

    def switch_language(self) -> None:
        """The next language, on every screen drawn from now on, and remembered for next time."""
        language = LANGUAGES[(LANGUAGES.index(current_language()) + 1) % len(LANGUAGES)]
        set_language(language)
        try:
            remember(settings_path(self.app.saves_dir), LANGUAGE_SETTING, language)
        except OSError as exc:
            self.show_message(_("The language is not remembered: {why}", why=exc.strerror or exc), error=True)
        self.refresh_items()

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
        elif item == "language":
            self.switch_language()
