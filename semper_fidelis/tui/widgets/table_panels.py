"""The panels both table screens show (the game and the review): the phase bar, the tracks, the
log, the hand and the battle box, as widgets that draw themselves from one reactive value, :class:`Shown`
(issue 20).

A screen sets its ``shown`` to the session and the moment on the table; each panel is bound
to it (``data_bind``) and redraws when the moment changes, and only then: a screen does not
reach into its panels, and a refresh that changes nothing asks Textual for no new layout. The
game's hand also shows the keys of what the Orders play from it, and its battle box the battle
just fought until the next action, so the game screen gives those two a value of their own
(:class:`HandShown`, :class:`BattleShown`: the moment and what they add).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from ...i18n import _, current_language, pgettext
from ...render.odds import odds_text
from ..battle_panel import battle_renderable, finished_battle, losses_renderable
from ..panels import hand_renderable, public_log
from ..session import TABLE
from ..short_boxes import short_battle, short_losses
from ..status import PhaseLine, tracks_renderable

if TYPE_CHECKING:
    from ..session import Session
    from .decision import Row


@dataclass(frozen=True)
class Shown:
    """The table at one moment: the session (the game, its seats and who looks) and what tells
    this moment from another. Values with equal moments draw alike."""

    session: Session = field(compare=False)
    moment: tuple[object, ...]

    @classmethod
    def of(cls, session: Session, *extra: object) -> Shown:
        """The moment of a session's position as it is drawn: the game, its actions, who looks and
        who plays each side (the bar marks a bot), the language it is drawn in, and what the screen adds (``extra``)."""
        game = session.game
        moment = (id(game), len(game.actions), session.viewer, tuple(sorted(session.players.items())), current_language())
        return cls(session, (*moment, *extra))


@dataclass(frozen=True)
class HandShown(Shown):
    """The hand at a moment of the Orders: the rows played from it (cards for AP or effect,
    tokens), each drawn as its key on its line, and the one picked; their keys are in ``moment``."""

    offers: tuple[Row, ...] = field(default=(), compare=False)
    picked: Row | None = field(default=None, compare=False)

    @classmethod
    def at(cls, shown: Shown, offers: tuple[Row, ...], picked: Row | None) -> HandShown:
        keys = (tuple(r.key for r in offers), picked.key if picked else None)
        return cls(shown.session, (*shown.moment, *keys), offers, picked)


@dataclass(frozen=True)
class BattleShown(Shown):
    """The battle box at a moment: the Losses being distributed (``offered``: the kinds of loss
    the deciding player may choose, when they may see them), else the battle in progress, else
    the battle just fought (``last``: where it starts among the public events)."""

    offered: frozenset[str] | None = field(default=None, compare=False)
    last: int | None = field(default=None, compare=False)
    compact: bool = field(default=False, compare=False)  # under 50 lines: all in view, the prose shorter

    @classmethod
    def at(cls, shown: Shown, offered: frozenset[str] | None, last: int | None, compact: bool = False) -> BattleShown:
        return cls(shown.session, (*shown.moment, offered, last, compact), offered, last, compact)


class TablePanel(Static):
    """A panel drawn from its ``shown``: bound to the screen's (``.data_bind(Screen.shown)``), or
    set by the screen when the panel adds to the moment (the game's hand and battle box)."""

    shown: reactive[Shown | None] = reactive(None)

    def watch_shown(self, shown: Shown | None) -> None:
        if shown is not None:
            self.update(self.draw(shown))

    def draw(self, shown: Shown) -> RenderableType:
        raise NotImplementedError


class PhaseBar(TablePanel):
    """The header: scenario, round, whose turn, the phase, AP, who decides (fitted to the width
    when it is painted)."""

    def draw(self, shown: Shown) -> RenderableType:
        return PhaseLine(shown.session)


class TracksBar(TablePanel):
    """Morale, Supply, VP and the other tracks of both sides."""

    def draw(self, shown: Shown) -> RenderableType:
        return tracks_renderable(shown.session)


class LogPanel(TablePanel):
    """The last lines of the public log, scrolled to the newest (its box scrolls)."""

    LINES = 40

    def draw(self, shown: Shown) -> RenderableType:
        return Text("\n").join(Text(line) for line in public_log(shown.session.shown_game.events(None))[-self.LINES:])

    def watch_shown(self, shown: Shown | None) -> None:
        super().watch_shown(shown)
        if isinstance(self.parent, Widget) and shown is not None:
            self.parent.scroll_end(animate=False)


class HandPanel(TablePanel):
    """The side in front's cards and tokens, then the other side's, each in full only where the
    viewer may see them; in the Orders with the keys of what they offer."""

    def draw(self, shown: Shown) -> RenderableType:
        session = shown.session
        if isinstance(shown, HandShown):
            return hand_renderable(session, session.looking_at(), list(shown.offers) or None, shown.picked)
        return hand_renderable(session, session.looking_at())


class BattlePanel(TablePanel):
    """The Losses to distribute (the Loss Table's row), the battle in progress with its odds, or
    the battle just fought; its box's title says which."""

    def draw(self, shown: Shown) -> RenderableType:
        session = shown.session
        game, view = session.shown_game, session.view()
        data = game.data
        offered = shown.offered if isinstance(shown, BattleShown) else None
        last = shown.last if isinstance(shown, BattleShown) else None
        compact = isinstance(shown, BattleShown) and shown.compact
        events = game.events(TABLE)
        odds = odds_text(game, view["battle"]["area"], full=not compact) if view["battle"] else None
        wanted = set(offered) if offered is not None else None
        if compact:  # under 50 lines: said short, all in view (tui/short_boxes.py)
            losses, battle = short_losses(view, data, wanted), short_battle(view, data, events, odds)
        else:
            losses, battle = losses_renderable(view, data, wanted), battle_renderable(view, data, events, odds)
        content: RenderableType
        if losses is not None:  # compact: the Losses alone (their box says the battle's result)
            title, content = _("Losses"), Group(losses, *([Text(""), battle] if battle is not None and not compact else []))
        elif battle is not None:
            title, content = pgettext("panel", "Battle"), battle
        elif last is not None:
            note = Text(_("The battle is over (this panel closes at your next action):"), style="italic dim")
            title, content = _("Battle — finished"), Group(note, finished_battle(events, last))
        else:
            return Text("")
        if isinstance(self.parent, Widget):
            self.parent.border_title = title
        return content
