"""Learn from the rulebook: the rulebook's worked examples, each opened at the printed situation.

The examples are the position files of ``assets/examples`` (engine/examples.py). Choosing one
starts a game from it with both sides human and both hands open (an example has no secrets),
not autosaved: it is a lesson, left with ``q`` back to this list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...data.loader import DataError
from ...data.text import plain
from ...engine import Example, Game, PositionError, examples_dir, load_examples
from ...i18n import N_, _
from ..session import HUMAN, Session
from ..widgets.footer import Footer
from .example import ExampleScreen, prose

if TYPE_CHECKING:
    from ..app import SemperFidelisApp


def show_example(app: SemperFidelisApp, example: Example, game: Game) -> None:
    """The example's game, set up already, over the current screen (``q`` comes back to it):
    both sides human, both hands open, not autosaved."""
    session = Session(game=game, players={"PL": HUMAN, "ZURL": HUMAN}, privacy=False, saves_dir=app.saves_dir)
    app.push_screen(ExampleScreen(session, example))


class LearnScreen(Screen[None]):
    app: SemperFidelisApp  # declared for the type checker: the screen runs in this app
    DEFAULT_CSS = """
    #learn-layout { height: 1fr; }
    #learn-options { width: 56; height: 1fr; border: round $accent; }
    #learn-about { width: 1fr; border: round $secondary; padding: 0 1; }
    #learn-message { height: auto; margin: 0 1; }
    """
    BINDINGS = [Binding("escape", "back", N_("Back")), Binding("q", "back", N_("Back"), show=False)]

    def __init__(self) -> None:
        super().__init__()
        self.examples: list[Example] = []
        self.problems: list[str] = []

    def compose(self) -> ComposeResult:
        with Horizontal(id="learn-layout"):
            yield OptionList(id="learn-options")
            with VerticalScroll(id="learn-about"):
                yield Static(id="learn-text")
        yield Static("", id="learn-message")
        yield Footer()

    def on_mount(self) -> None:
        self.examples, self.problems = load_examples(examples_dir(self.app.game_data.assets_dir))
        ol = self.query_one("#learn-options", OptionList)
        ol.border_title = _("Learn from the rulebook")
        for i, example in enumerate(self.examples):
            ol.add_option(Option(Text.assemble(plain(example.shown("title"), "bold"), "\n", plain(example.shown("section"), "dim")), id=str(i)))
        if not self.examples:
            ol.add_option(Option(Text(_("No rulebook examples in this game data."), style="dim"), disabled=True))
        else:
            ol.highlighted = 0
        self.query_one("#learn-about").border_title = _("What it shows")
        if self.problems:
            self.say(_("Not listed: {problems}", problems=" | ".join(self.problems)))
        ol.focus()

    def say(self, text: str) -> None:
        self.query_one("#learn-message", Static).update(plain(text, "bold red"))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is None:
            return
        example = self.examples[int(event.option.id)]
        self.query_one("#learn-text", Static).update(Text.assemble(
            plain(example.shown("title"), "bold"), "\n", plain(example.shown("section"), "italic"), "\n\n",
            prose(example.shown("text")), "\n\n",
            (_("Enter opens it at the printed situation; the steps are on the card (F2 in the game)."), "dim"),
        ))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.open(self.examples[int(event.option.id)])

    def open(self, example: Example) -> None:
        """Start the example's game over this list (``q`` in the game comes back here)."""
        try:
            game = example.game(self.app.data)
        except (PositionError, DataError) as exc:
            self.say(f"{example.name}: {exc}")
            return
        show_example(self.app, example, game)

    def action_back(self) -> None:
        self.app.pop_screen()
