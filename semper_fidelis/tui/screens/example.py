"""A rulebook example being played: the game screen, plus the example's card and a guide.

The card (opened at the start, again with F2) says what the example shows, lists the book's
choices step by step with the ones played ticked, and, once the last one is played as printed,
the printed outcome. While the game follows the book, the book's next choice is the highlighted
option (Enter plays it) and each step that comes out as printed is acknowledged; any other
choice is allowed, and the screen says the game has left the book's line (``u`` goes back).
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from ...data.text import plain, printable
from ...engine import Example, ExampleProgress, example_progress
from ...i18n import N_, _
from ..session import Session
from ..widgets.decision import DecisionPanel
from .game import GameScreen


def prose(text: str) -> str:
    """A text from an example file as paragraphs: the file's line breaks inside a paragraph go."""
    return "\n\n".join(" ".join(printable(paragraph, lines=True).split()) for paragraph in text.strip().split("\n\n"))


def back_to_book(can_undo: bool) -> str:
    """How to get back to the book's line after leaving it."""
    if can_undo:
        return _("play on freely, or undo (u) to go back to the example")
    return _("play on freely; undo cannot go back past what was revealed since, but q and the list open the example afresh")


def card_text(example: Example, progress: ExampleProgress, can_undo: bool = True) -> Text:
    """The example's card: title and section, the printed outcome once reached (first, so it is
    seen without scrolling), the text, the steps (✓ played as printed, ▶ next)."""
    shown = example.shown
    text = Text.assemble(plain(shown("title"), "bold"), "\n", plain(shown("section"), "italic"), "\n\n")
    if progress.reached:
        text.append(_("The printed outcome — reached") + "\n", style="bold green")
        text.append(prose(shown("outcome")) + "\n\n")
    text.append(prose(shown("text")) + "\n\n")
    text.append(_("Step by step") + "\n", style="bold underline")
    for i, step in enumerate(progress.example.steps, 1):
        done = progress.on_line and i <= progress.done
        mark = "✓" if done else "▶" if progress.next_step is step else "·"
        text.append(f" {mark} {i}. ", style="bold green" if done else "bold yellow" if mark == "▶" else "dim")
        text.append(printable(example.step_says(i)) + "\n", style="dim" if done else "")
    if not progress.on_line:
        text.append("\n" + _("The game has left the book's line: {how}.", how=back_to_book(can_undo)) + "\n", style="italic yellow")
    elif progress.problems:
        text.append("\n" + _("Not as the book prints it: {problems}", problems=printable("; ".join(progress.problems))) + "\n",
                    style="bold red")
    return text


class ExampleCard(ModalScreen[None]):
    DEFAULT_CSS = """
    ExampleCard { align: center middle; }
    #example-card { width: 100; max-height: 90%; height: auto; border: double #e0c060; background: $surface; padding: 0 2; }
    """
    BINDINGS = [
        Binding("escape", "dismiss", N_("Close")),
        Binding("enter", "dismiss", N_("Close")),
        Binding("f2", "dismiss", N_("Close")),
    ]

    def __init__(self, example: Example, progress: ExampleProgress, can_undo: bool = True):
        super().__init__()
        self.example, self.progress, self.can_undo = example, progress, can_undo

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="example-card") as box:
            box.border_title = _("Rulebook example")
            box.border_subtitle = _("Enter or Esc: to the board · F2 shows this card again")
            yield Static(card_text(self.example, self.progress, self.can_undo), id="example-text")


class ExampleScreen(GameScreen):
    BINDINGS = [Binding("f2", "example", N_("Example"), priority=True)]

    def __init__(self, session: Session, example: Example, *, bot_pace: float = 0.3) -> None:
        super().__init__(session, bot_pace=bot_pace)
        self.example = example
        self.progress: ExampleProgress | None = None
        self.outcome_shown = False

    def on_mount(self) -> None:
        super().on_mount()
        self.action_example()

    def action_example(self) -> None:
        self.app.push_screen(ExampleCard(self.example, self._progress(), self.game.can_undo))

    def _progress(self) -> ExampleProgress:
        """Where the game stands on the book's line (an example screen plays an example)."""
        progress = example_progress(self.game)
        assert progress is not None
        return progress

    def after_change(self) -> None:
        super().after_change()
        before, progress = self.progress, self._progress()
        self.progress = progress
        if before is not None:
            self.announce(before, progress)
        if progress.reached and not self.outcome_shown:
            self.outcome_shown = True
            self.app.push_screen(ExampleCard(self.example, progress))
        self.point_at_book(progress)

    def announce(self, before: ExampleProgress, now: ExampleProgress) -> None:
        """Say how the last action stands to the book."""
        if before.on_line and not now.on_line:
            self.notify(_("That is not the book's choice: {how}.", how=back_to_book(self.game.can_undo)), severity="warning", timeout=6)
        elif now.at_step is not None and now.problems:
            self.notify(_("Step {step}: not as the book prints it: {problems}", step=now.at_step, problems="; ".join(now.problems)),
                        severity="error", timeout=10)
        elif now.at_step is not None and (before.at_step != now.at_step or before.done != now.done):
            done = _("Step {step} of {total} as printed ✓.", step=now.at_step, total=now.total)
            if now.next_step is not None:
                done += " " + _("Next: {step}", step=self.example.step_says(now.done + 1))
            self.notify(done, timeout=5)

    def point_at_book(self, progress: ExampleProgress) -> None:
        """Highlight the book's next choice among the options, so Enter plays it."""
        book, played = self.example.choices, len(self.game.actions)
        if progress.next_step is None or played >= len(book) or not self.shows_options():
            return
        if self.query_one(DecisionPanel).point_at(book[played]):
            self.mode = "option"
