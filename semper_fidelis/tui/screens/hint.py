"""The hint (``H`` in the game): what the marshal would do at the player's decision, and its
estimate for its top plans. The search runs in a worker thread on a copy of the game from the
deciding player's seat (bots/hint.py), so the screen stays live, the game is untouched, and
the other side's hidden cards play no part; Esc closes it and stops the search."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static
from textual.worker import get_current_worker

from ...bots import MarshalBot
from ...bots.hint import Hint, make_hint, position_seed
from ...i18n import N_, _, current_language, ngettext
from ..session import Session

#: the marshal's budget for a hint: playouts, not seconds, so a position always gets the same
#: hint (issue 36: two presses gave 26 % and 25 %); some 3 s on one core
BUDGET: dict[str, Any] = {"iterations": 60}
TOP = 3


def _playouts(n: int) -> str:
    return ngettext("{n} playout", "{n} playouts", n)


def decimal(text: str) -> str:
    """A number as the current language writes it in prose: Polish takes a decimal comma."""
    return text.replace(".", ",") if current_language() == "pl" else text


def hint_text(hint: Hint | None) -> Text:
    if hint is None:
        return Text(_("The game is over: nothing to hint at."))
    out = Text()
    out.append(_("The marshal, from {side}'s seat", side=hint.player) + " ", style="bold")
    out.append(_("({playouts} over deals of what {side} cannot see):", playouts=_playouts(hint.playouts), side=hint.player) + "\n")
    if hint.battle:
        out.append(_("Its chances are of winning the game, not this battle (the battle's odds are in the Battle panel).") + "\n",
                   style="italic")
    if hint.close and hint.playouts:
        out.append(_("Too close to call: no plan below did clearly better than the marshal's own.") + "\n", style="bold yellow")
    out.append("\n")
    for n, plan in enumerate(hint.plans, 1):
        out.append(f"{n}. ", style="bold")
        out.append(plan.label)
        if plan.playouts:
            out.append("\n   " + _("game win chance {win}%, estimate {value} VP ({playouts})", win=round(plan.win * 100),
                                      value=decimal(f"{plan.value:+.1f}"), playouts=_playouts(plan.playouts)), style="cyan")
        else:
            out.append("\n   " + _("the only legal action"), style="cyan")
        if plan.chosen:
            out.append("  " + _("← what it would do"), style="bold green")
        out.append("\n")
    out.append("\n" + _("Game win chance: the share of its playouts won, or ahead where cut off before the end. "
                         "An estimate, not a promise."), style="dim italic")
    return out


class HintScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape", "dismiss", N_("Close")),
        Binding("H", "dismiss", N_("Close")),
        Binding("q", "dismiss", N_("Close"), show=False),
    ]

    def __init__(self, session: Session):
        super().__init__()
        game = session.game
        self.game = game.copy()  # taken now, on the UI thread: the search never sees later moves
        d = game.decision()
        self.seed = position_seed(game, d.player) if d is not None else game.seed  # the same position, the same hint
        self.marshal = MarshalBot(self.seed, **BUDGET)
        self.hint: Hint | None = None
        self.done = False

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="hint-box") as box:
            box.border_title = _("Hint — Esc to close")
            yield Static(Text(_("The marshal is thinking…"), style="italic"), id="hint-text")

    def on_mount(self) -> None:
        self.search()

    @work(thread=True, exclusive=True, group="hint")
    def search(self) -> None:
        worker = get_current_worker()
        hint = make_hint(self.game, self.seed, top=TOP, marshal=self.marshal)
        if not worker.is_cancelled:
            self.app.call_from_thread(self.show, hint)

    def show(self, hint: Hint | None) -> None:
        if not self.is_attached:
            return
        self.hint, self.done = hint, True
        self.query_one("#hint-text", Static).update(hint_text(hint))

    async def action_dismiss(self, result: object = None) -> None:
        self.marshal.hurry = True  # the search stops at its next playout
        self.workers.cancel_group(self, "hint")
        self.dismiss()
