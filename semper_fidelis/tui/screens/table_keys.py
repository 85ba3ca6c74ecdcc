"""The table's own keys and checks on the game screen (issue 11): the card viewer (``c``), the
turn summary after the other side's turn (``w`` shows it again) with the notices only you may
read, placing several units at once (an area's key, as many as the placing counter says), and a second Enter before ending the Orders with
AP left. A mixin, like :class:`BotTurns`: the game screen provides ``session``, ``game``,
``bot_lock``, ``shows_options`` and ``after_change``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType

from ...engine import IllegalAction
from ...i18n import _, ngettext
from ..cards import cards_renderable
from ..counter import PLACED_KINDS
from ..session import EngineFailure
from ..summary import private_notices, summary_renderable
from ..widgets.decision import DecisionPanel
from .info import InfoScreen

if TYPE_CHECKING:
    from .host import GameHost
else:
    GameHost = object


class TableKeys(GameHost):
    #: the last turn summary shown (title, body), for ``w``
    last_summary: tuple[str, RenderableType] | None = None
    #: the number of actions at which ending the Orders with AP left was warned about
    _confirm_end: int | None = None

    def _unspent_ap(self, action: str) -> bool:
        """Ending the Orders Phase with AP left and something to spend them on asks once more."""
        game = self.game
        d = game.decision()
        ap = self.session.view()["turn"]["ap"]
        if action != "end" or d is None or d.kind != "orders" or ap <= 0 or self._confirm_end == len(game.actions):
            return False
        # an order's cost comes in its later steps (its first step costs 0); a card gives AP
        if not any(not o.closes and (o.ap_cost is None or o.ap_cost <= ap) for o in game.options()):
            return False
        self._confirm_end = len(game.actions)
        self.notify(_("You still have {ap} AP to spend. Apply 'End' again to end your Orders Phase anyway.", ap=ap),
                    title=_("AP left"), severity="warning", timeout=6)
        return True

    def _news_screen(self, handing_over: bool) -> InfoScreen | None:
        """The turn summary for the human about to decide, at the start of their turn or when
        they take the keyboard, if the other side (a bot, or the other hot-seat player) did
        something since; and notices of what only that player may
        know (cards drawn, a token taken face down) — as toasts, or when the keyboard is being
        handed over inside the summary box, which opens under the hand-over screen (a toast
        would show to whoever is at the screen; toasts are cleared at every hand-over)."""
        session, game = self.session, self.game
        me = session.asking_side()  # a quiet step's player too: as if it had a choice
        if me is None or session.is_bot(me) or not session.may_see(me):
            return None
        if not handing_over and session.view()["active"] != me:
            return None  # answering in the other side's battle: the news waits for the own turn
        events = session.news(me)
        notices = private_notices(game, events, me)
        if not handing_over:
            for line in notices:
                self.notify(line, title=_("{side} only", side=me), timeout=8)
            notices = []
        other = "ZURL" if me == "PL" else "PL"
        if not (session.is_bot(other) or session.hot_seat):
            return None
        body = summary_renderable(events, me, notices)  # notices only when handing over
        if body is None:
            return None
        self.last_summary = (_("What happened since {side} last acted — press w to see it again", side=me), body)
        return InfoScreen(self.last_summary[0], body, key="w")

    def action_cards(self) -> None:
        me = self.session.looking_at()
        self.app.push_screen(InfoScreen(_("Cards — {side} — c or Esc to close", side=me), cards_renderable(self.session, me), key="c"))

    def _placed_at_once(self, action: str) -> bool:
        """An area's key (or Enter, or a click) in a placing step whose counter says more than
        one: that many placed there at once, or as many as fit (tui/counter.py)."""
        panel = self.query_one(DecisionPanel)
        row = next((r for r in panel.shown if r.action == action), None)
        if panel.placing is None or panel.placing.n < 2 or row is None or row.option.kind not in PLACED_KINDS:
            return False
        if not self.shows_options():
            return False
        self._apply_many(action, min(panel.placing.n, self.game.most_in_a_row(row.option)))
        return True

    def _apply_many(self, action: str, n: int) -> None:
        if not self.bot_lock.acquire(blocking=False):
            return
        try:
            done = self.session.apply_many(action, n)
        except (IllegalAction, EngineFailure, OSError) as exc:
            self.notify(str(exc), severity="error")
            done = 0
        finally:
            self.bot_lock.release()
        if done:
            self.notify(ngettext("Placed {n} at once (u takes it back).", "Placed {n} at once (u takes them all back).", done),
                        timeout=3)
        self.after_change()

    def action_summary(self) -> None:
        if self.last_summary is None:
            self.notify(_("No turn summary yet: it comes after the other side's turn."), timeout=3)
            return
        self.app.push_screen(InfoScreen(*self.last_summary, key="w"))
