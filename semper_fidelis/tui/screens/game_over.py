"""Game over: who won and why, the score by category (§3) and the course of the game (VP, Morale
and Supply round by round, as a chart); and a rematch — the same players, sides swapped, or a
new seed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from ...data.text import plain
from ...engine import Event
from ...i18n import N_, _
from ...play.course import course_of
from ..panels import public_log
from ..review import rematch
from ..score import CATEGORIES, breakdown, outcome_reason, stage_report
from ..session import TABLE, Session
from ..theme import badge
from ..widgets.course_chart import CourseChart
from ..widgets.footer import Footer

if TYPE_CHECKING:
    from ..app import SemperFidelisApp


def _last_stage(events: list[Event]) -> list[Text]:
    """The last End of Stage report, if the game ended with one."""
    starts = [i for i, e in enumerate(events) if e.kind == "stage"]
    if not starts:
        return []
    report = stage_report(events, starts[-1]) or []
    lines = [plain(report[0].text or "", "bold")] + [plain("  " + (e.text or "")) for e in report[1:] if e.kind != "game-over"]
    return lines + [Text("")]


class GameOverScreen(Screen[None]):
    DEFAULT_CSS = "#over-course { height: 28; }"  # VP: a row to each value in most games (render/charts.py)
    app: SemperFidelisApp  # declared for the type checker: the screen runs in this app
    #: the rematches on capitals: a key pressed on the game screen as the game ends (``n`` to
    #: hurry the bots, ``w``, ``r``) never throws this result away (issue 36)
    BINDINGS = [
        Binding("enter", "menu", N_("Main menu")),
        Binding("q", "menu", N_("Main menu")),
        Binding("l", "log", N_("Log")),
        Binding("escape", "back", N_("Look at the board")),
        Binding("R", "rematch('same')", N_("Rematch"), key_display="R"),
        Binding("W", "rematch('swap')", N_("Rematch, sides swapped"), key_display="W"),
        Binding("N", "rematch('seed')", N_("Rematch, new seed"), key_display="N"),
    ]

    def __init__(self, session: Session):
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="over-box") as box:
            box.border_title = _("Game over")
            yield Static(self._body(), id="over-text")
            yield CourseChart(course_of(self.session.game), id="over-course")
        yield Footer()

    def _body(self) -> Group:
        game, view = self.session.game, self.session.view()
        result = view["result"]
        winner = result["winner"] if result else None
        head = Text.assemble(
            (_("GAME OVER — "), "bold"),
            badge(winner, _("{side} WINS", side=winner)) if winner else Text(" " + _("A DRAW") + " ", style="bold reverse"),
            "\n", (outcome_reason(result, game.data.tracks.automatic_victory_lead), "italic"), "\n",
        )
        events = game.events(TABLE)
        bd = breakdown(game.scenario, events)
        table = Table(title=_("Score by category"), title_justify="left", header_style="bold", expand=False)
        table.add_column(_("Category"))
        table.add_column("PL", justify="right")
        table.add_column("ZURL", justify="right")
        table.add_row(_("Start (scenario card)"), str(bd.start["PL"]), str(bd.start["ZURL"]))
        for name, _keys in CATEGORIES[1:]:
            row = bd.rows.get(name)
            if row:
                table.add_row(_(name), f"{row['PL']:+d}", f"{row['ZURL']:+d}")
        table.add_row(Text(_("Final"), style="bold"), Text(str(view["vp"]["PL"]), style="bold"), Text(str(view["vp"]["ZURL"]), style="bold"))
        last_stage = _last_stage(events)
        return Group(head, table, Text(""), *last_stage, Text(_("The course of the game"), style="bold underline"))

    def action_menu(self) -> None:
        self.app.confirm_leave(self.session, self.app.back_to_menu)

    def action_rematch(self, how: str) -> None:
        game, players = rematch(self.session, how, data=self.app.data)
        self.app.confirm_leave(self.session, lambda: self.app.new_game(game.scenario.number, players, self.session.privacy, game=game))

    def action_back(self) -> None:
        self.app.pop_screen()

    def action_log(self) -> None:
        from .dialogs import LogScreen

        self.app.push_screen(LogScreen(public_log(self.session.view())))
