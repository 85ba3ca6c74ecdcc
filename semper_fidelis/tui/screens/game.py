"""The game screen: map, tracks, hand, log and the pending decision, driven by the engine.

Every change goes through :meth:`GameScreen.apply` (a human's action) or the bot worker, then
:meth:`after_change` decides what comes next: the hand-over screen when another human must
take the keyboard, the End of Stage report, the game-over screen, or the next bot move.
"""

from __future__ import annotations

import threading
import time
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Static

from ...engine import Action, DecisionKind, Game, IllegalAction, Option
from ...i18n import N_, _, current_language, ngettext, pgettext
from ...render.board_map import MapPosition
from ..area_choice import area_note, is_area_choice, say_here
from ..battle_panel import battle_start
from ..counter import Placing
from ..keys import area_codes
from ..last_move import last_turn_areas
from ..mapnav import DIRECTIONS, step, toward
from ..options import decision_rows, effect_blocked, option_detail, own_ability, prompt_text
from ..orders_here import OrdersHere
from ..panels import area_info, map_position, public_log
from ..score import stage_report
from ..session import TABLE, EngineFailure, Session
from ..widgets.decision import KEYS, DecisionPanel, Row
from ..widgets.footer import Footer
from ..widgets.map_view import MapView
from ..widgets.table_panels import BattlePanel, BattleShown, HandPanel, HandShown, LogPanel, PhaseBar, Shown, TracksBar
from .bot_turns import BotTurns
from .table_keys import TableKeys

if TYPE_CHECKING:
    from rich.text import Text

    from ..app import SemperFidelisApp

RENDER_EVERY = 0.25  # seconds between redraws while bots play without pause
#: below this width the map and the panels (decision, hand, log) take turns on screen
NARROW_BELOW = 100
#: from 50 lines the hand stays beside a battle; below, it is one key away (c)
TALL_FROM = 50
#: what the decision panel was last filled for: the actions taken, the decision's kind and
#: actions, the viewer and the quiet steps left
_DecisionKey = tuple[int, DecisionKind | None, tuple[Action, ...] | None, str | None, int, str]  # ..., the language


class GameScreen(BotTurns, TableKeys, Screen[None]):
    app: SemperFidelisApp  # declared for the type checker: the screen runs in this app
    #: the table at this moment: the phase bar, the tracks and the log are bound to it; the hand
    #: and the battle box get it with what they add (HandShown, BattleShown)
    shown: reactive[Shown | None] = reactive(None)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor('up')", N_("Map"), show=False, priority=True),
        Binding("down", "cursor('down')", N_("Map"), show=False, priority=True),
        Binding("left", "cursor('left')", N_("Map"), show=False, priority=True),
        Binding("right", "cursor('right')", N_("Map"), show=False, priority=True),
        Binding("k", "cursor('up')", N_("Map"), show=False, priority=True),
        Binding("j", "cursor('down')", N_("Map"), show=False, priority=True),
        Binding("h", "cursor('left', 'h')", N_("Map"), show=False, priority=True),
        Binding("l", "cursor('right')", N_("Map"), show=False, priority=True),
        *(Binding(f"shift+{d}", f"neighbour('{d}')", N_("Neighbour"), show=False, priority=True) for d in DIRECTIONS),
        Binding("enter", "activate", N_("Apply"), priority=True),
        Binding("escape", "escape", N_("Cancel"), priority=True),
        Binding("tab", "move_option(1)", N_("Next"), show=False, priority=True),
        Binding("shift+tab", "move_option(-1)", N_("Previous"), show=False, priority=True),
        Binding("pageup", "page(-1)", N_("Page up"), show=False, priority=True),
        Binding("pagedown", "page(1)", N_("Page down"), show=False, priority=True),
        Binding("plus", "count(1)", N_("More"), show=False, priority=True),  # the counter of units (tui/counter.py)
        Binding("minus", "count(-1)", N_("Fewer"), show=False, priority=True),
        Binding("u", "undo", N_("Undo"), priority=True),
        Binding("s", "save", N_("Save"), priority=True),
        Binding("question_mark", "help", N_("Help"), priority=True),
        Binding("H", "hint", N_("Hint"), key_display="H", show=False, priority=True),  # in the help screen's keys
        Binding("L", "log", N_("Log"), key_display="L", priority=True),
        Binding("c", "cards", N_("Cards"), priority=True),
        Binding("w", "summary", N_("What they did"), priority=True),
        Binding("n", "skip", N_("Skip bots"), priority=True),
        Binding("g", "legend", N_("Legend"), priority=True),
        Binding("space", "toggle_map", N_("Map/panels"), key_display="space", priority=True),
        Binding("q", "menu", N_("Menu"), priority=True),
        *(Binding(k, f"pick('{k}')", f"Option {k}", show=False, priority=True) for k in KEYS),
    ]
    # every key is a priority binding: they are then handled in the order typed
    #: an area's key places as many as the placing counter says (tui/counter.py); a joiner's, one
    places_at_once = True
    #: below 100 columns map and panels take turns on the screen (space); above, side by side
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (NARROW_BELOW, "-wide")]
    #: 50 lines and more (200×60): the log shares the height with the decision, the detail grows
    VERTICAL_BREAKPOINTS = [(0, "-short"), (TALL_FROM, "-tall")]

    def __init__(self, session: Session, *, bot_pace: float = 0.3):
        super().__init__()
        self.session = session
        self.bot_pace = bot_pace
        self.data = session.game.data
        self.positions = {a.id: a.pos for a in self.data.board.areas}
        self.cursor: str | None = None
        self.mode = "option"  # what Enter acts on: the picked option, or the map cursor's area
        self.skipping = False
        self.generation = 0
        self.bot_lock = threading.Lock()
        self.seen_events = len(session.game.events(TABLE))  # the public events shown so far
        self.last_battle: int | None = None  # index among the public events of the battle just fought
        self.over_shown = False
        self._decision_key: _DecisionKey | None = None
        self._here_for: _DecisionKey | None = None  # the Orders whose detail names the orders for the map cursor's area
        self._last_render = 0.0
        self._area_chosen: str | None = None
        self._then_area: str | None = None  # an order given for the cursor's area: its area step follows
        self._seen_orders: dict[str, Option] = {}  # the orders offered so far, whose words the dimmed rows borrow
        self._map_pos: MapPosition | None = None  # the map position last drawn (a cursor step changes only its marks)
        self.orders_here = OrdersHere()
        self.unsaved_told: str | None = None  # the save failure the player was told about

    # ------------------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        yield PhaseBar(id="phase-bar").data_bind(GameScreen.shown)
        yield TracksBar(id="tracks").data_bind(GameScreen.shown)
        with Horizontal(id="table"):
            with Vertical(id="board"):
                yield MapView(self.data, id="map")
                yield Static(id="area-info")
            with Vertical(id="side"):  # in a battle (class -battle) the battle box, not the log
                yield DecisionPanel(id="decision")
                with VerticalScroll(id="battle-box"):
                    yield BattlePanel(id="battle")
                with VerticalScroll(id="hand-box"):
                    yield HandPanel(id="hand")
                with VerticalScroll(id="log-box"):
                    yield LogPanel(id="log").data_bind(GameScreen.shown)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one(DecisionPanel).names = {a.name: a.label.rstrip(".") for a in self.data.board.areas}
        self.query_one(DecisionPanel).labels = {a.id: a.label.rstrip(".") for a in self.data.board.areas}
        self.query_one(DecisionPanel).describe = lambda area: area_note(self.session.view(), self.data, area)
        self._titles()
        self.query_one("#battle-box").border_title = pgettext("panel", "Battle")  # then its panel's, as it draws
        self.query_one(DecisionPanel).spare = self._battle_box_spare
        self.after_change()

    def _titles(self) -> None:
        """The boxes' titles, in the language of the moment (the menu may switch it mid-game; the
        hand's and the battle's are set by what they draw)."""
        self.query_one("#decision").border_title = _("Decision")
        self._subtitle()
        self.query_one("#log-box").border_title = _("Log")

    def on_screen_resume(self) -> None:
        if self.is_mounted:
            self._titles()
            self.render_all()
            self.schedule_bot()

    # ------------------------------------------------------------------------- rendering

    @property
    def game(self) -> Game:
        return self.session.game

    def shows_options(self) -> bool:
        side = self.session.asking_side()
        return side is not None and self.session.may_decide(side)

    def render_all(self) -> None:
        game, session = self.game, self.session
        d = game.decision()
        self.shown = Shown.of(session, self.generation)  # the phase bar, the tracks and the log redraw
        panel = self.query_one(DecisionPanel)
        key = (len(game.actions), d.kind if d else None, d.actions if d else None, session.viewer, len(session.quiet), current_language())
        if key != self._decision_key:
            keep = panel.highlighted_action if self._decision_key and self._decision_key[1:3] == key[1:3] else None
            same_step = self._decision_key is not None and self._decision_key[1] == key[1]
            self._decision_key = key
            title, rows = decision_rows(self.session, self._seen_orders)  # what every option shares, once
            placing = panel.placing if same_step else None  # a count lowered in this step is kept
            panel.placing = self._placing(rows, placing) if self.places_at_once else None
            panel.set_decision(prompt_text(self.session), rows, keep=keep, title=title)
            self._place_cursor()
            if is_area_choice(panel.rows) and self.cursor in self._highlight_areas():
                say_here(panel.rows, lambda a: self.data.areas[a].name if a in self.data.areas else a)
                panel.fold_to(self.cursor)
            # after choosing on the map, Enter keeps choosing on the map (deploy 10 units: Enter ×10)
            area, self._area_chosen = self._area_chosen, None
            self.mode = "area" if area and area in self._highlight_areas() else "option"
            if self.mode == "area":
                self.cursor = area
        self._render_map()
        self._render_context()
        self._render_detail()

    def _placing(self, rows: list[Row], kept: Placing | None) -> Placing | None:
        """The placing counter: asked of the game only where several go at once (a joined game's
        mirror has no ``most_in_a_row``: the host takes one action at a time)."""
        most = self.game.most_in_a_row
        return Placing.of(rows, lambda r: most(r.option), kept)

    def _highlight_areas(self) -> set[str]:
        panel = self.query_one(DecisionPanel)
        return {r.area for r in panel.shown if r.area}

    def _place_cursor(self) -> None:
        """A new decision: put the cursor on the first area it concerns (if any)."""
        areas = [r.area for r in self.query_one(DecisionPanel).rows if r.area]
        battle = self.session.view()["battle"]
        if areas and self.cursor not in areas:
            self.cursor = areas[0]
        elif not areas and battle is not None:
            self.cursor = battle["area"]
        elif self.cursor is None:
            self.cursor = "rynek" if "rynek" in self.positions else next(iter(self.positions), None)

    def _render_map(self) -> None:
        view = self.session.view()
        pos = map_position(view, self.data, self._highlight_areas(), self.cursor)
        pos.changed = self.last_move_areas()
        pos.keys = self._lit_keys(pos.highlighted)
        self._map_pos = pos
        self._show_cursor()

    def _lit_keys(self, lit: set[str]) -> dict[str, str]:
        """The key of each lit area a step asks for, as the list gives it (its code for the game)."""
        codes = area_codes(self.data.board)
        keys = {r.key for r in self.query_one(DecisionPanel).offered}
        # an area attacked from a side: its code, then the side's (3933)
        return {a: codes[a] for a in lit if a in codes and any(k.startswith(codes[a]) for k in keys)}

    def _show_cursor(self) -> None:
        """The cursor's marks on the map (itself and its neighbours) and the line about it: all
        a cursor step redraws."""
        pos = self._map_pos
        if pos is None:
            return
        pos.cursor = self.cursor
        pos.near = set(self.data.areas[self.cursor].neighbours) if self.cursor in self.data.areas else set()
        self.query_one(MapView).show(replace(pos, highlighted=set(pos.highlighted), near=set(pos.near)))
        self.query_one("#area-info", Static).update(area_info(self.session.view(), self.data, self.cursor))

    def last_move_areas(self) -> set[str]:
        """The areas the other side's last turn changed (the map's last-move marks): the other
        side of the one looking at the screen, or of the one deciding when both may look."""
        session = self.session
        d = self.game.decision()
        me = session.viewer or (d.player if d else session.view()["active"])
        return last_turn_areas(session.shown_game.events(session.viewer), "ZURL" if me == "PL" else "PL")

    def _render_context(self) -> None:
        session = self.session
        view = session.view()
        asked = session.asking()  # a quiet step's, while it is presented: not the engine's next
        offered = frozenset(o.kind for o in asked[1]) if asked and asked[0].kind == "losses" and self.shows_options() else None
        if view["battle"] is not None:
            self.last_battle = battle_start(session.shown_game.events(TABLE), view["battle"]["area"])
        self.set_class(view["losses"] is not None or view["battle"] is not None or self.last_battle is not None, "-battle")
        if self.shown is not None:
            self.query_one(BattlePanel).shown = BattleShown.at(self.shown, offered, self.last_battle, self.size.height < TALL_FROM)
        box = self.query_one("#battle-box")
        box.border_subtitle = _("c: your hand") if self.size.width < NARROW_BELOW or self.size.height < TALL_FROM else ""
        self._render_hand()
        first = session.looking_at()
        title = {None: _("{side} (privacy off: both open)", side=first), TABLE: _("both hidden (a decision that needs no hand)")}
        self.query_one("#hand-box").border_title = _("Hand — {whose}", whose=title.get(session.viewer, first))

    def _battle_box_spare(self) -> int:
        """The battle box's blank lines: a battle's list may wrap its rows onto them (less
        than none when the box overflows: the list gives lines back, a line a row); a battle
        over, its account gives way (it scrolls)."""
        box = self.query_one("#battle-box")
        if not box.display:
            return 0
        view = self.session.view()
        if view["battle"] is None and view["losses"] is None:
            return box.scrollable_content_region.height
        return box.scrollable_content_region.height - self.query_one(BattlePanel).outer_size.height

    def _render_hand(self) -> None:
        """The hand at this moment; in the Orders, with the keys of what it offers (it redraws
        when the moment or those keys change, and only then)."""
        panel = self.query_one(DecisionPanel)
        if self.shown is not None:
            self.query_one(HandPanel).shown = HandShown.at(self.shown, tuple(panel.in_hand), panel.picked)

    def _render_detail(self) -> None:
        panel = self.query_one(DecisionPanel)
        row = panel.highlighted_row
        if row is None and self._here_for == self._decision_key and self._orders_decision() and panel.has_room_for(3):
            # the orders concerning the map cursor's area, once the cursor has named them in
            # these Orders (drawn again after a re-fit of the list, not replaced by the
            # Commander's line); like that line, it gives way to a list that needs the lines
            panel.set_detail(self._orders_here_line())
            return
        if row is None:
            # the Commander's ability, unless a list of options needs the lines (in a battle the
            # list is short and the panel sized to it)
            # (under 50 lines a battle's box needs them: issue 36)
            battle = self.has_class("-battle")
            reminder = (panel.shown or panel.in_hand) and ((battle and self.size.height >= TALL_FROM) or (not battle and panel.has_room_for(3)))
            panel.set_detail(own_ability(self.session) if reminder else "")
            return
        asked = self.session.asking()
        panel.set_detail(option_detail(self.session.shown_game, asked[0].player, row, asked[0].kind) if asked else "")

    # ------------------------------------------------------------------------ state changes

    def apply(self, action: str) -> None:
        if self._placed_at_once(action):
            return
        if not self.bot_lock.acquire(blocking=False):
            self.notify(_("The bot is thinking; try again in a moment."), severity="warning")
            return
        try:
            if not self.shows_options():
                self.notify(_("It is not your decision."), severity="warning")
                return
            if self._unspent_ap(action):
                return
            if self.session.view()["battle"] is None:
                self.last_battle = None  # the finished battle has been seen: the player moves on
            then, self._then_area = self._then_area, None
            self.session.apply(action)
            if then and action in OrdersHere.ORDERS:
                self._area_step(then)
        except IllegalAction as exc:
            self.notify(str(exc), severity="error")
            return
        except EngineFailure as exc:
            self.notify(str(exc), severity="error", timeout=10)
            self._decision_key = None
        finally:
            self.bot_lock.release()
        self.after_change()

    def after_change(self) -> None:
        """Refresh, then push what the new position calls for."""
        self.generation += 1
        game, session = self.game, self.session
        if session.unsaved != self.unsaved_told:  # told once, not at every action
            self.unsaved_told = session.unsaved
            if session.unsaved:
                self.notify(_("Not saved: {why}. Leaving the game will ask first.", why=session.unsaved), severity="error", timeout=10)
        events = session.game.events(TABLE)
        report = stage_report(events, self.seen_events)
        started = [i for i in range(self.seen_events, len(events)) if events[i].kind == "battle-start"]
        if started:
            self.last_battle = started[-1]
        self.seen_events = len(events)
        handover = session.handover_to()
        if handover:
            self.app.clear_notifications()  # a toast for the player leaving the keyboard must not stay up
            session.hand_over(handover)
        elif session.open_table():
            self.notify(_("This decision needs no hidden cards or tokens: both hands are hidden, no need to pass the keyboard."),
                        title=_("Hot seat"), timeout=4)
        if not session.bot_to_move:
            self.skipping = False
        # bots playing without pause: redraw a few times a second, not after every action
        fast = session.bot_to_move and (self.skipping or self.bot_pace == 0)
        now = time.monotonic()
        if not fast or handover or report or game.over or now - self._last_render >= RENDER_EVERY:
            self.render_all()
            self._last_render = now
        from .handover import HandoverScreen
        from .stage import StageScreen

        news = None if session.bot_to_move else self._news_screen(bool(handover))
        if news is not None:
            self.app.push_screen(news)  # under the hand-over screen: read once the player is there
        if handover:
            self.app.push_screen(HandoverScreen(handover))
        if report and not game.over:  # the final stage's report is on the game-over screen
            self.app.push_screen(StageScreen(report, dict(session.view()["vp"]), game))
        if game.over:
            if not self.over_shown:
                self.over_shown = True
                self.app.push_screen(self.game_over_screen())
            return
        self.schedule_bot()

    def game_over_screen(self) -> Screen[None]:
        """The final score (a hosted game's screen offers no rematch: the host starts games)."""
        from .game_over import GameOverScreen

        return GameOverScreen(self.session)

    # ---------------------------------------------------------------------------- actions

    def action_pick(self, key: str) -> None:
        panel = self.query_one(DecisionPanel)
        if panel.counter is not None and panel.counter.accepts(key):
            self.action_count(0, key)
            return
        before = panel.picked
        i = panel.key_index(key)
        if i is None:
            self._fold_to_typed()
            return
        if not isinstance(i, int):
            if i.blocked:  # a dimmed row: say why it cannot be chosen
                self.notify(f"{i.option.label}: {i.blocked}.", timeout=4)
                return
            if i is before and i.option.kind == "card":
                self._effect_blocked(i)  # "22" for an effect not offered: say why, not play it for AP silently
            panel.pick(i)  # a card or token on the Hand panel
        else:
            panel.highlight(i)
        self.mode = "option"
        if not isinstance(i, int) or not panel.complete(panel.shown[i]):
            return
        self.apply(panel.shown[i].action)  # a whole key that names nothing else: no Enter needed

    def _fold_to_typed(self) -> None:
        """An area's code typed, its options' keys going on (3933: attacked from a side): the
        panel folded to it, the cursor on it."""
        panel = self.query_one(DecisionPanel)
        area = next((a for a, code in self._map_pos.keys.items() if code == panel.typed), None) if self._map_pos else None
        if panel.fold is not None and area is not None:
            panel.fold_to(area)
            self.cursor = area
            self._show_cursor()

    def _effect_blocked(self, row: Row) -> None:
        d = self.game.decision()
        n = row.option.card
        why = effect_blocked(self.game, d.player, n) if d is not None and n is not None else None
        if why:
            self.notify(_("#{number}: {why}. Enter plays it for its AP.", number=n, why=why), timeout=5)

    def action_play_key(self, key: str, kind: str) -> None:
        """A click on a key of the Hand panel: that card or token is played (for its AP or its
        effect: ``kind``), as a click on an option of the list (a dimmed one says why not)."""
        row = next((r for r in self.query_one(DecisionPanel).in_hand if r.key == key and r.option.kind == kind), None)
        if row is not None and row.blocked:
            self.notify(f"{row.option.label}: {row.blocked}.", timeout=4)
        elif row is not None:
            self.apply(row.action)

    def action_move_option(self, delta: int) -> None:
        if self.query_one(DecisionPanel).counter is not None:  # Tab: the counter's next unit type
            self.action_count(0)
            return
        self.query_one(DecisionPanel).move(delta)
        self.mode = "option"

    def action_count(self, delta: int, char: str = "") -> None:
        """A key of the counter of units: ``+``/``−``, a character of a group, Tab."""
        panel = self.query_one(DecisionPanel)
        if panel.counter is None and panel.placing is None:
            return
        said = panel.count(char, delta)
        self.mode = "option"
        if said:
            self.notify(said, timeout=3)

    def action_page(self, delta: int) -> None:
        self.query_one(DecisionPanel).page(delta)

    def action_cursor(self, direction: str, char: str = "") -> None:
        if char and self.query_one(DecisionPanel).continues(char):  # the h of a group's key (1v1h)
            self.action_pick(char)
            return
        self.query_one(DecisionPanel).typed = ""  # a key half typed is dropped
        self.add_class("-map-shown")  # on a narrow screen the arrows bring the map up
        self.cursor = step(self.positions, self.cursor, direction, self._highlight_areas())
        self.mode = "area"
        self._show_cursor()
        self._follow_map()

    def action_neighbour(self, direction: str) -> None:
        """Shift+arrow where a step asks where units go: the origin's neighbour that way, entered
        from the origin (issue 36: a Move in 5 keys); applied when that names one option (a
        plain move), else the list narrowed to those options (a move or an attack)."""
        panel = self.query_one(DecisionPanel)
        if self._facing(direction):
            return
        going = [r for r in panel.rows if r.option.to_area and r.option.from_area]
        origins = {r.option.from_area for r in going}
        if len(origins) != 1 or not self.shows_options():
            self.notify(_("Shift+arrow picks a neighbour where a step asks where units go."), timeout=3)
            return
        origin = origins.pop() or ""
        near = set(self.data.areas[origin].neighbours)
        about = [r for r in going if r.area in near and r.option.via in (None, origin)]
        target = toward(self.positions, origin, direction, {r.area for r in about if r.area})
        if target is None:
            self.notify(_("Nowhere to go that way from {area}.", area=self.data.areas[origin].name), timeout=3)
            return
        self.cursor = target
        chosen = [r.action for r in about if r.area == target]
        if len(chosen) == 1:
            self.apply(chosen[0])
            return
        panel.narrow(chosen, options_for(len(chosen), self.data.areas[target].name))
        self.mode = "option"
        self._render_map()
        self._render_detail()

    def _facing(self, direction: str) -> bool:
        """Shift+arrow where a Barricade is placed in the cursor's area: the Barricade facing its
        neighbour that way, applied (issue 36); False where no Barricade is placed there."""
        panel, area = self.query_one(DecisionPanel), self.cursor
        here = [r for r in panel.rows if r.option.kind == "barricade" and r.option.facing and r.area == area]
        if area is None or not here or not self.shows_options():
            return False
        target = toward(self.positions, area, direction, {r.option.facing for r in here if r.option.facing})
        if target is None:
            self.notify(_("No Barricade faces that way from {area}.", area=self.data.areas[area].name), timeout=3)
        else:
            self.apply(next(r.action for r in here if r.option.facing == target))
        return True

    def _follow_map(self) -> None:
        """The list follows the map: the option about the cursor's area is highlighted; in the
        Orders, the detail says which orders concern the area."""
        panel = self.query_one(DecisionPanel)
        about = [i for i, r in enumerate(panel.shown) if r.area == self.cursor]
        if about:
            if panel.highlighted_index not in about:
                panel.highlight(about[0])
            return
        if self._orders_decision():
            self._here_for = self._decision_key
            if panel.has_room_for(3):
                panel.set_detail(self._orders_here_line())
            else:
                self._render_detail()  # a list that needs the lines keeps them (80×24)

    def _orders_here_line(self) -> Text:
        """'Rynek: m move from here · …': the orders concerning the map cursor's area, by key."""
        return self.orders_here.text(self.game, self.cursor, {r.action: r.key for r in self.query_one(DecisionPanel).shown})

    def _orders_decision(self) -> bool:
        asked = self.session.asking()
        return asked is not None and asked[0].kind == "orders" and self.shows_options()

    def action_activate(self) -> None:
        panel = self.query_one(DecisionPanel)
        panel.typed = ""  # a key half typed is dropped
        if not self.shows_options():
            return
        if panel.counter is not None and panel.highlighted_index is None:  # Enter: the group counted
            row = panel.counter.row
            if row is None:
                self.notify(panel.counter.refusal(), timeout=5)
            else:
                self.apply(row.action)
            return
        if self.mode == "area" and self.cursor:
            self.choose_area(self.cursor)
            return
        action = panel.highlighted_action
        if action == "cancel":  # Enter confirms, never drops the order: Esc is back (issue 36)
            self.notify(_("Enter confirms an option; Esc cancels the order."), timeout=3)
            return
        if action is None:
            if len(panel.shown) == 1:
                action = panel.shown[0].action
            elif self.cursor and self.cursor in self._highlight_areas():
                self.choose_area(self.cursor)  # nothing picked: the lit area under the cursor
                return
            else:
                self.notify(_("Pick an option first: its key (1-9, letters), Tab, or a click."), timeout=3)
                return
        self.apply(action)

    def choose_area(self, area: str) -> None:
        """Enter on a map area: the one action about it, or the list narrowed to them; in the
        Orders, the orders that concern it (the order chosen then takes this area at its next step)."""
        panel = self.query_one(DecisionPanel)
        rows = panel.rows
        about = [r.action for r in rows if r.area == area]
        if not about:
            about = [r.action for r in rows if area in r.option.areas]
        name = self.data.areas[area].name
        if not about and self._orders_decision():
            orders = self.orders_here.orders(self.game, area)
            if orders:
                self._then_area = area
                panel.narrow(orders, _("Orders for {area}", area=name))
                self.mode = "option"
                self._render_map()
                self._render_detail()
                return
        if not about:
            self.notify(_("No option concerns {area}.", area=name), timeout=3)
            return
        if len(about) == 1:
            self._area_chosen = area
            self.apply(about[0])
            return
        panel.narrow(about, options_for(len(about), name))
        self.mode = "option"
        self._render_map()
        self._render_detail()

    def _area_step(self, area: str) -> None:
        """After an order given from the map: its step naming the area (``from rynek``), if
        exactly one option names it; else the step waits with the area lit under the cursor."""
        about = [o.notation for o in self.game.options() if o.area == area]
        if len(about) == 1:
            self._area_chosen = area
            self.session.apply(about[0])

    def action_escape(self) -> None:
        if self.game.over:  # back from "Look at the board" to the result and the rematch keys
            from .game_over import GameOverScreen

            self.app.push_screen(GameOverScreen(self.session))
            return
        panel = self.query_one(DecisionPanel)
        self._then_area = None
        if panel.clear_filter() or panel.unfold():  # the whole list again, then back
            self._render_map()
            return
        asked = self.session.asking()
        if self.shows_options() and asked is not None and "cancel" in asked[0].actions:
            self.apply("cancel")
        else:
            self.notify(_("Nothing to cancel here (an order is cancelled before its last step)."), timeout=3)

    def action_undo(self) -> None:
        if not self.bot_lock.acquire(blocking=False):
            self.notify(_("The bot is thinking; try again in a moment."), severity="warning")
            return
        try:
            undone = self.session.undo()
        except IllegalAction as exc:
            self.notify(str(exc), severity="error")
            return
        finally:
            self.bot_lock.release()
        self.last_battle = None
        self.notify(_("Undone: {actions}", actions=", ".join(reversed(undone))), timeout=3)
        self.after_change()

    def action_save(self) -> None:
        from .dialogs import SaveScreen

        if self.query_one(DecisionPanel).continues("s"):  # the s of a group's key (1s, 2v1s)
            self.action_pick("s")
            return
        self.app.push_screen(SaveScreen(self.session))

    def action_help(self) -> None:
        from .dialogs import HelpScreen

        self.app.push_screen(HelpScreen(self.game.decision() if self.shows_options() else None))

    def action_hint(self) -> None:
        """The marshal's hint for the player's own decision (tui/screens/hint.py)."""
        from .hint import HintScreen

        if not self.shows_options():
            self.notify(_("No decision of yours to hint at."), timeout=2)
            return
        self.app.push_screen(HintScreen(self.session))

    def action_log(self) -> None:
        from .dialogs import LogScreen

        self.app.push_screen(LogScreen(public_log(self.session.shown_game.events(None))))

    def action_legend(self) -> None:
        self.add_class("-map-shown")
        self.query_one(MapView).toggle_legend()

    def action_toggle_map(self) -> None:
        """Narrow screens: switch between the map and the panels (decision, hand, log)."""
        self.toggle_class("-map-shown")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``m`` is offered (and in the footer) only below 100 columns, where map and panels take
        turns; wider, both are on screen."""
        return self.size.width < NARROW_BELOW if action == "toggle_map" else True

    def on_resize(self) -> None:
        self.refresh_bindings()
        self._subtitle()

    def _subtitle(self) -> None:
        """How to reach the map, on the decision's border: below 100 columns the footer is cut
        before its space key."""
        narrow = self.size.width < NARROW_BELOW
        self.query_one("#decision").border_subtitle = _("⏎ apply · space: map") if narrow else _("key: pick · ⏎ apply · ←↑→↓ hjkl: map")

    def action_skip(self) -> None:
        self.skipping = True
        self.session.hurry()
        self.notify(_("Bots play on to your next decision."), timeout=2)

    def action_menu(self) -> None:
        self.app.confirm_leave(self.session, self.leave)

    def leave(self) -> None:
        """Back to the menu: the bots stop and the game's files are freed at once (another copy
        of the app, or this one, may open it now)."""
        self.generation += 1
        self.workers.cancel_group(self, "bot")
        self.session.close()
        self.app.pop_screen()

    def on_unmount(self) -> None:
        self.session.close()  # the app quits with the game on screen

    # ----------------------------------------------------------------------------- events

    def on_map_view_clicked(self, message: MapView.Clicked) -> None:
        """A click on the map: the cursor goes there, and the area is chosen as with Enter."""
        self.cursor = message.area
        self._render_map()
        if self.shows_options():
            self.choose_area(message.area)

    def on_decision_panel_picked(self, message: DecisionPanel.Picked) -> None:
        self.apply(message.action)

    def on_decision_panel_highlighted(self, message: DecisionPanel.Highlighted) -> None:
        panel = self.query_one(DecisionPanel)
        if message.action and not panel.filter_note:
            row = next((r for r in panel.shown if r.action == message.action), None)
            area = row.area if row else None
            if area and area != self.cursor:
                self.cursor = area
                self._render_map()
        if self.is_mounted:
            self._render_detail()
            self._render_hand()


def options_for(n: int, area: str) -> str:
    """'3 options for Rynek': the line over a list narrowed to one area."""
    return ngettext("{n} option for {area}", "{n} options for {area}", n, area=area)
