"""One game being played in the UI: the engine's Game plus who sits at each side.

Kept free of Textual so the rules of the table — who is looking at the screen (hot-seat
privacy), whose turn is a bot's, autosave after every action, undo back to a human decision —
are plain code the tests can call directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from filelock import FileLock

from ..bots import Bot, Seat, make_bot
from ..data.loader import GameData
from ..data.models import Side
from ..engine import Decision, Event, Game, IllegalAction, Option, PlayerView, RecordError, read_record
from ..i18n import _
from ..play.quiet import Quiet, queued, restored
from ..play.quiet import due as quiet_due
from ..store.locks import lock_game
from ..store.saves import SummaryFacts, read_quiet, save_game
from ..store.seats import BOT, HUMAN, seat_kind

SIDES = ("PL", "ZURL")
#: the viewer when both hot-seat players share the screen: every hand and face-down token hidden
TABLE = "table"
#: decisions taken with the hand in view even when no option names a card or token
PLANNED_WITH_HAND = ("commander", "orders")


class EngineFailure(RuntimeError):
    """The engine raised something other than IllegalAction while applying an action."""



def cannot_write(exc: OSError, path: Path) -> str:
    """Why a save failed, in a few words: the save (not the temporary file or hidden folder the
    system names), what the system said."""
    return _("cannot write {path}: {why}", path=path, why=exc.strerror or exc)


#: what a view is made for: the game, its actions, the viewer and the quiet step shown
_ViewKey = tuple[int, tuple[str, ...], str | None, int | None]


@dataclass
class Session:
    game: Game
    players: dict[str, str] = field(default_factory=lambda: {"PL": HUMAN, "ZURL": HUMAN})
    privacy: bool = True
    saves_dir: Path | None = None
    #: this game's own autosave slot (None: no autosave)
    autosave_path: Path | None = None
    #: the locks on the files this game was opened from and saves to, held until :meth:`close`
    locks: dict[Path, FileLock] = field(default_factory=dict)
    #: why the game's last changes are not saved (a save that failed), else None
    unsaved: str | None = None
    #: the side whose private information the screen shows (None: both, privacy off or no human;
    #: TABLE: neither, for a hot-seat decision that needs nothing hidden)
    viewer: str | None = None
    bots: dict[str, Bot] = field(default_factory=dict)
    #: per side, the events already told to that player (the summary and notices start there)
    told: dict[str, int] = field(default_factory=dict)
    #: (first, last) action numbers applied as one step (``apply_many``): undone as one
    steps: list[tuple[int, int]] = field(default_factory=list)
    #: hot seat: the secret battle steps the engine passed for a human who could only pass
    #: (``quiet-step`` events), still to be presented, in order (see :meth:`asking`), each
    #: with the position as it stood when it came (``Game.quiet_moment``), which is shown then
    quiet: list[Quiet] = field(default_factory=list)
    #: the quiet steps presented and passed: (actions applied then, the step), for undo
    passed: list[tuple[int, Quiet]] = field(default_factory=list)
    #: the last view made and what it was made for (see :meth:`view`)
    _view: tuple[_ViewKey, PlayerView] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.players = {side: seat_kind(self.players.get(side, HUMAN)) or HUMAN for side in SIDES}
        for side in SIDES:
            if self.is_bot(side) and side not in self.bots:
                self.bots[side] = make_bot(self.players[side], self.game.seed * 2 + SIDES.index(side))
        for side in SIDES:
            self.told.setdefault(side, len(self.game.events(None)))
        humans = self.humans
        if not self.privacy or not humans:
            self.viewer = None
        elif len(humans) == 1:
            self.viewer = humans[0]

    # ------------------------------------------------------------------------ who is who

    @property
    def humans(self) -> list[str]:
        return [s for s in SIDES if self.players.get(s) == HUMAN]

    @property
    def hot_seat(self) -> bool:
        """Two humans sharing the screen with their hands hidden from each other."""
        return self.privacy and len(self.humans) == 2

    def decision(self) -> Decision | None:
        return self.game.decision()

    @property
    def decider(self) -> Side | None:
        d = self.game.decision()
        return d.player if d else None

    def is_bot(self, side: str | None) -> bool:
        return side is not None and self.players.get(side, HUMAN) != HUMAN

    def thinks(self, side: str | None) -> bool:
        """Does this side's bot take time to decide (a search)?"""
        return side is not None and self.is_bot(side) and getattr(self.bots.get(side), "thinks", False)

    def hurry(self) -> None:
        """Ask every thinking bot to decide now with what it has (the UI's ``n``)."""
        for bot in self.bots.values():
            if hasattr(bot, "hurry"):
                bot.hurry = True

    @property
    def bot_to_move(self) -> bool:
        return not self.game.over and self.is_bot(self.decider)

    def may_see(self, side: str) -> bool:
        """May the person at the screen see ``side``'s hand and tokens?"""
        return self.viewer is None or self.viewer == side

    def looking_at(self) -> Side:
        """The side the screen is about: the viewer's, else the one deciding, else the active one."""
        if self.viewer == "PL":
            return "PL"
        if self.viewer == "ZURL":
            return "ZURL"
        d = self.game.decision()
        return d.player if d else self.view()["active"]

    def may_decide(self, side: str | None) -> bool:
        """May the screen offer ``side``'s decision: a human's, seen by that side (or open), or
        taken at the shared table because it needs nothing hidden."""
        return side is not None and not self.is_bot(side) and (self.may_see(side) or self.viewer == TABLE)

    def needs_hand(self) -> bool:
        """Does the pending decision need its player's hidden information — judged from public
        facts only, never from what the hand holds: the Commander and the Orders (the turn is
        planned with the hand), a step whose options may name a card or token of the hand, a
        Loss when the side holds tokens (``Game.may_use_hand``), and a secret step passed for the
        player (``quiet``). A hand-over decided by the options would tell what the hand holds."""
        if self.quiet_step() is not None:
            return True
        d = self.game.decision()
        return d is not None and (d.kind in PLANNED_WITH_HAND or self.game.may_use_hand())

    def handover_to(self) -> str | None:
        """The side that must take the keyboard before the screen may show anything, if any:
        a hot-seat human whose decision needs the hand. Call :meth:`hand_over` once that player
        is there. (A decision that needs nothing hidden is taken at the table: :meth:`open_table`.)"""
        if not self.hot_seat or self.game.over:
            return None
        side = self.asking_side()
        if side is not None and self.players.get(side) == HUMAN and side != self.viewer and self.needs_hand():
            return side
        return None

    def open_table(self) -> bool:
        """Hot seat: the other player decides something that needs nothing hidden — show the
        table with both hands hidden instead of passing the keyboard. True if the screen changed."""
        if not self.hot_seat or self.game.over or self.viewer == TABLE:
            return False
        side = self.asking_side()
        if side is None or side == self.viewer or self.is_bot(side) or self.needs_hand():
            return False
        self.viewer = TABLE
        return True

    # --------------------------------------------------------------- secret steps passed

    def quiet_step(self) -> Event | None:
        """The secret step to present now that the engine passed for a hot-seat human (it had
        nothing to play): presented as if it had, so the other player learns nothing from a
        hand-over that did not come. One that waits for the other side's choice in the same
        step (``after``) comes once that choice is made."""
        return quiet_due(self.quiet, self.decider)

    def asking(self) -> tuple[Decision, tuple[Option, ...]] | None:
        """The decision the screen asks now and its options: a quiet step first, else the
        engine's pending decision."""
        quiet = self.quiet_step()
        if quiet is not None:
            step, option = self.shown_game.quiet_decision(quiet)
            return step, (option,)
        d = self.game.decision()
        return (d, self.game.options()) if d is not None else None

    @property
    def shown_game(self) -> Game:
        """The game whose position the screen shows: while a quiet step is presented, the
        position as it stood then (the engine has run past it), else the game itself. Read it
        for what is drawn (events, odds, the Stage-end preview); decide and save on ``game``."""
        return self.quiet[0][1] if self.quiet_step() is not None else self.game

    def asking_side(self) -> Side | None:
        quiet = self.quiet_step()
        return quiet["side"] if quiet is not None else self.decider

    def _note_quiet(self, before: Game | None, action: str) -> None:
        """After ``action``: the quiet steps it gave a hot-seat human join the queue, each with
        its moment; those that waited for this choice are due now, at the moment it was made."""
        if before is not None:
            self.quiet = queued(self.quiet, before, self.game, self.humans)

    def restore_quiet(self, due: int) -> None:
        """After a load: the last ``due`` quiet steps of the record (a hot-seat human's) are
        queued again as :meth:`_note_quiet` queued them when they came, each with its moment —
        so a game saved while one was due presents it, behind the same hand-over."""
        if self.hot_seat:
            self.quiet = restored(self.game, due, self.humans)

    def _pass_quiet(self, action: str) -> str:
        quiet = self.quiet_step()
        assert quiet is not None
        d, option = self.game.quiet_decision(quiet)
        if action != option.notation:
            raise IllegalAction(_("'{action}' is not legal now ({prompt}); legal: {legal}", action=action, prompt=d.prompt, legal=option.notation))
        self.passed.append((len(self.game.actions), self.quiet.pop(0)))
        return action

    def hand_over(self, side: str) -> None:
        self.viewer = side

    def news(self, side: str) -> list[Event]:
        """The events ``side`` may see that it has not been told yet; marks them told."""
        since, self.told[side] = self.told[side], len(self.game.events(None))
        return self.game.events(side, min(since, self.told[side]))

    def view(self) -> PlayerView:
        """What the screen may show: the engine's view for the viewer (None: everything),
        made once per position and viewer."""
        quiet = self.quiet_step()
        key: _ViewKey = (id(self.game), tuple(self.game.actions), self.viewer, id(self.quiet[0][1]) if quiet else None)
        if self._view is None or self._view[0] != key:
            view = self.quiet[0][1].quiet_view(self.viewer, quiet) if quiet else self.game.view(self.viewer)
            self._view = (key, view)
        return self._view[1]

    # ---------------------------------------------------------------------------- playing

    def apply(self, action: str) -> str:
        """Apply one action and autosave. An engine failure (a bug, not an illegal move) must
        not take the game down: the position is rebuilt from the record and the error raised
        as :class:`EngineFailure` with a one-line message."""
        if self.quiet_step() is not None:
            done = self._pass_quiet(action)
            self.autosave()  # the step no longer due: a load does not ask it again
            return done
        before = self.game.copy() if self.hot_seat else None  # a quiet step is shown as it stood
        try:
            done = self.game.apply(action)
        except IllegalAction:
            raise
        except Exception as exc:  # noqa: BLE001 - any engine bug
            self.game = Game.from_record(self.game.record(), data=self.game.data)
            raise EngineFailure(_("the engine failed on '{action}' ({error}); the position is as before", action=action, error=f"{type(exc).__name__}: {exc}")) from exc
        self._note_quiet(before, done)
        self.autosave()
        return done

    def apply_many(self, action: str, n: int) -> int:
        """Apply ``action`` up to ``n`` times while it stays legal (place 5 Volunteers in one
        area), as one step for undo; returns how many were applied."""
        first = len(self.game.actions)
        done = 0
        while done < n and action in self.game.legal():
            self.apply(action)
            done += 1
        if done > 1:
            self.steps.append((first, len(self.game.actions)))
        return done

    def bot_action(self) -> str:
        side = self.decider
        assert side is not None, "a bot is asked only for a decision of its own"
        return self.bots[side].choose(Seat(self.game, side))

    def undo(self) -> list[str]:
        """Undo the last action, and then every bot action before it, so the UI lands on a
        human's decision. Raises IllegalAction (with the engine's reason) if nothing can go.
        A quiet step passed last is undone like any decision: it is asked again."""
        quiet = self.passed[-1][1][0] if self.passed and self.passed[-1][0] == len(self.game.actions) else None
        if quiet is None and not self.game.can_undo:
            self.game.undo()  # raises with the engine's message
        if self.hot_seat:
            who = quiet["side"] if quiet is not None else self.decider_of_last()
            at_table = self.viewer == TABLE and who == self.asking_side()  # both are looking: nothing hidden
            if who is not None and who != self.viewer and not at_table:
                raise IllegalAction(_("cannot undo: the last decision was {side}'s (hot seat: each player undoes only their own)", side=who))
        if quiet is not None:
            self.quiet.insert(0, self.passed.pop()[1])
            self.autosave()
            return [self.game.quiet_decision(quiet)[1].notation]
        undone = [self.game.undo()]
        first, last = self.steps[-1] if self.steps else (0, -1)
        if last == len(self.game.actions) + 1:  # the end of a step applied at once: undo all of it
            self.steps.pop()
            while len(self.game.actions) > first and self.game.can_undo:
                undone.append(self.game.undo())
        while self.bot_to_move and self.game.can_undo:
            undone.append(self.game.undo())
        self.steps = [step for step in self.steps if step[1] <= len(self.game.actions)]
        self.quiet = []  # the undone action's quiet steps are asked again when it is taken again
        self.passed = [p for p in self.passed if p[0] <= len(self.game.actions)]
        self.autosave()
        return undone

    def decider_of_last(self) -> str | None:
        """Who took the last action (found by replaying the record without it)."""
        if not self.game.actions:
            return None
        record = self.game.record()
        before = Game.from_record({**record, "actions": record["actions"][:-1]}, data=self.game.data)
        d = before.decision()
        return d.player if d else None

    # ------------------------------------------------------------------------------ saving

    def hold(self, path: Path) -> None:
        """Lock ``path`` for this game (raises OpenElsewhere when another copy has it open)."""
        if path not in self.locks:
            self.locks[path] = lock_game(path)

    def close(self) -> None:
        """The game is left: its files are free for another copy of the app."""
        for lock in self.locks.values():
            lock.release()
        self.locks.clear()

    def autosave(self) -> None:
        """Save to the game's slot. A failure does not stop the game: it is kept in
        :attr:`unsaved`, which the screen tells and which makes leaving ask first."""
        if self.autosave_path is None:
            return
        try:
            self._write(self.autosave_path)
        except OSError as exc:
            self.unsaved = cannot_write(exc, self.autosave_path)
            return
        self.unsaved = None

    def save_to(self, path: Path) -> None:
        """Save under a name (raises OSError, or OpenElsewhere when another copy has that save
        open: saving over it would change the game under it)."""
        lock = None if path in self.locks else lock_game(path)
        try:
            self._write(path)
        finally:
            if lock is not None:
                lock.release()
        self.unsaved = None

    def _write(self, path: Path) -> None:
        """Save the game with the quiet steps still to present, and a summary naming the side
        the screen asks, at the position it shows: as it would read had the step had a choice."""
        facts = SummaryFacts.of(self.shown_game, self.players, self.asking_side()) if self.quiet else None
        save_game(self.game, path, self.players, self.privacy, quiet=len(self.quiet), facts=facts)

    @classmethod
    def load(cls, path: Path, data: GameData | None, saves_dir: Path | None,
             players: dict[str, str] | None = None, privacy: bool = True) -> Session:
        """Replay a saved record (raises RecordError with a one-line message), with the quiet
        steps that were due when it was saved."""
        game = read_record(path, data=data)
        session = cls(game=game, players=dict(players or {"PL": HUMAN, "ZURL": HUMAN}), privacy=privacy, saves_dir=saves_dir)
        session.restore_quiet(read_quiet(path))
        return session


__all__ = ["Session", "HUMAN", "BOT", "SIDES", "TABLE", "EngineFailure", "IllegalAction", "RecordError"]
