"""The replay viewer: a record's positions one action at a time, with the game screen's map,
tracks, hand and log (the same renderables, fed by the reviewed position) and, in place of the
decision panel, what the last action did. Read-only: the record is never written; "play from
here" starts a new game in its own autosave slot.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from ...data.models import Side
from ...data.text import printable
from ...engine import Event, PlayerView, event_text
from ...i18n import N_, _
from ..battle_panel import battle_renderable
from ..options import unprefixed
from ..panels import map_position, public_log
from ..review import VIEWERS, Review
from ..score import outcome_reason
from ..theme import badge, with_badge
from ..widgets.course_chart import CourseChart
from ..widgets.footer import Footer
from ..widgets.map_view import MapView
from ..widgets.table_panels import HandPanel, LogPanel, PhaseBar, Shown, TracksBar

EVENT_AREAS = ("area", "from_area", "to_area")


def one_line(exc: Exception) -> str:
    """An exception as one short line: a pydantic error's first field, else its first line."""
    from pydantic import ValidationError

    from ...engine import field_error

    text = field_error(exc) if isinstance(exc, ValidationError) else (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    return text if len(text) <= 160 else text[:159] + "…"


def _key(key: str, action: str, label: str, show: bool = True) -> Binding:
    return Binding(key, action, label, show=show, priority=True)


class ReviewScreen(Screen[None]):
    #: the table at this step: the phase bar, the tracks and the log are bound to it
    shown: reactive[Shown | None] = reactive(None)
    BINDINGS = [
        _key("right", "step(1)", N_("Next")),
        _key("left", "step(-1)", N_("Back")),
        _key("right_square_bracket", "turn(1)", N_("Turn")),
        _key("left_square_bracket", "turn(-1)", N_("Turn back"), show=False),
        _key("pagedown", "turn(1)", N_("Next turn"), show=False),
        _key("pageup", "turn(-1)", N_("Turn back"), show=False),
        _key("home", "start", N_("Start")),
        _key("end", "end", N_("End")),
        _key("b", "battle(1)", N_("Battle")),
        _key("B", "battle(-1)", N_("Battle back"), show=False),
        _key("v", "toggle_view", N_("View")),
        _key("c", "toggle_course", N_("Course")),
        _key("p", "branch", N_("Play on")),
        _key("l", "log", N_("Log"), show=False),
        _key("q", "back", N_("Back")),
        _key("escape", "back", N_("Back"), show=False),
    ]

    def __init__(self, review: Review):
        super().__init__()
        self.review = review
        self.viewer: Side | None = None  # None: both hands open
        self.data = review.game.data

    def compose(self) -> ComposeResult:
        yield Static(id="review-bar")
        yield PhaseBar(id="phase-bar").data_bind(ReviewScreen.shown)
        yield TracksBar(id="tracks").data_bind(ReviewScreen.shown)
        with Horizontal(id="table"):  # the game screen's table: the map, and beside it the step
            yield MapView(self.data, id="map", classes="review-map")
            with Vertical(id="side"):
                with VerticalScroll(id="review-step"):
                    yield Static(id="review-events")
                with Vertical(id="context"):
                    with VerticalScroll(id="hand-box"):
                        yield HandPanel(id="hand").data_bind(ReviewScreen.shown)
                    with VerticalScroll(id="log-box"):
                        yield LogPanel(id="log").data_bind(ReviewScreen.shown)
        yield CourseChart(id="review-course")  # in place of the table on 'c'
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#review-step").border_subtitle = _("←→ action · PgUp/PgDn turn · b/B battle · v view")
        self.query_one("#log-box").border_title = _("Log")
        self.query_one(CourseChart).display = False
        self.render_all()

    # ------------------------------------------------------------------------- rendering

    def render_all(self) -> None:
        review = self.review
        session = review.session(self.viewer)
        view = session.view()
        events = review.events(self.viewer)
        self.query_one("#review-bar", Static).update(self._bar())
        self.shown = Shown.of(session, review.at)  # the phase bar, the tracks and the log redraw
        areas = {e.get(k) for e in events for k in EVENT_AREAS} & set(self.data.areas)
        battle = view["battle"]
        cursor = battle["area"] if battle else None
        self.query_one(MapView).show(map_position(view, self.data, areas, cursor))
        box = self.query_one("#review-step")
        box.border_title = _("Step {at}/{end}", at=review.at, end=review.end)
        self.query_one("#review-events", Static).update(self._step_text(events, view))
        self.query_one("#hand-box").border_title = _("Hand — {side} only", side=self.viewer) if self.viewer else _("Hands — both open")
        self.query_one(CourseChart).show(review.course, review.course_x)

    def _bar(self) -> Text:
        review = self.review
        seen = _("{side}'s view", side=self.viewer) if self.viewer else _("both hands open")
        text = Text.assemble((" " + _("REVIEW") + " ", "bold reverse"),
                             " " + _("{name} · step {at}/{end}", name=printable(review.name), at=review.at, end=review.end) + " · ", (seen, "bold"),
                             " · " + _("read-only"), style="")
        text.no_wrap = True
        text.overflow = "ellipsis"
        return text

    def _step_text(self, events: list[Event], view: PlayerView) -> Group:
        """The action that led here and what it did; then who decides now."""
        review = self.review
        lines: list[RenderableType] = []
        step = review.last_step
        if step is None:
            lines.append(Text(_("The start of the record."), style="italic"))
        elif self.viewer not in (None, step.player):  # the choice itself may be private: what it did is below
            lines.append(Text.assemble(badge(step.player), (" " + _("decided: {prompt}", prompt=unprefixed(step.prompt, step.player)), "dim")))
        else:
            lines.append(Text.assemble(badge(step.player), " ", (step.label or step.action, "bold"),
                                       (f"  ({unprefixed(step.prompt, step.player)})", "dim")))
            for e in events:
                if text := event_text(e):
                    private = "" if e.visible == "all" else " " + _("[{side} only]", side=e.visible)
                    lines.append(Text(f"• {text}{private}"))
        d = review.game.decision()
        lines.append(Text(""))
        if d is None:
            result = view["result"]
            lines.append(Text(_("Game over: {reason}", reason=outcome_reason(result, self.data.tracks.automatic_victory_lead)), style="bold"))
        elif review.at == review.end:
            lines.append(Text.assemble(*with_badge(_("The record ends here; {side} to decide: {prompt}", prompt=unprefixed(d.prompt, d.player), side="{side}"), d.player),
                                       style="italic"))
        else:
            lines.append(Text.assemble(*with_badge(_("Next: {side} {prompt}", prompt=unprefixed(d.prompt, d.player), side="{side}"), d.player), style="dim"))
        battle = battle_renderable(view, self.data, review.game.events("table"))
        if battle is not None:
            lines += [Text(""), battle]
        return Group(*lines)

    # --------------------------------------------------------------------------- moving

    def action_step(self, delta: int) -> None:
        self.review.step(delta)
        self.render_all()

    def action_turn(self, delta: int) -> None:
        (self.review.next_turn if delta > 0 else self.review.previous_turn)()
        self.render_all()

    def action_start(self) -> None:
        self.review.goto(0)
        self.render_all()

    def action_end(self) -> None:
        self.review.goto(self.review.end)
        self.render_all()

    def action_battle(self, delta: int) -> None:
        moved = (self.review.next_battle if delta > 0 else self.review.previous_battle)()
        if moved is None:
            self.notify(_("No battle after this step.") if delta > 0 else _("No battle before this step."), timeout=3)
            return
        self.render_all()

    def action_toggle_view(self) -> None:
        self.viewer = VIEWERS[(VIEWERS.index(self.viewer) + 1) % len(VIEWERS)]
        self.render_all()

    def action_toggle_course(self) -> None:
        """The course of the game (VP, Morale, Supply round by round) in place of the table and
        the tracks (whose values it shows)."""
        chart = self.query_one(CourseChart)
        chart.display = not chart.display
        for other in ("#table", "#tracks"):
            self.query_one(other).display = not chart.display

    # ------------------------------------------------------------------------- leaving

    def action_branch(self) -> None:
        """Play on from this position: the players screen, then a new game from here."""
        from .players import PlayersScreen

        if self.review.game.over:
            self.notify(_("The game is over here: step back to play from an earlier moment."), timeout=4)
            return
        try:
            start = self.review.branch()
        except Exception as exc:  # noqa: BLE001 - a position the engine cannot start from is a notice, never a crash
            self.notify(_("Cannot play on from here: {why}", why=one_line(exc)), severity="error", timeout=6, markup=False)
            return
        self.app.push_screen(PlayersScreen(self.review.record["scenario"], start=start))

    def action_log(self) -> None:
        from .dialogs import LogScreen

        self.app.push_screen(LogScreen(public_log(self.review.game.events(None))))

    def action_back(self) -> None:
        self.app.pop_screen()
