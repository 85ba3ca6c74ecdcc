"""The Textual application: screens from the main menu to the final score.

The app owns what outlives one game — the game data, the saves directory, the bots' pace —
and starts, loads and leaves games; everything about a game in progress is in
:class:`~semper_fidelis.tui.screens.game.GameScreen` and its :class:`Session`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.segment import Segment
from textual.app import App
from textual.color import Color
from textual.filter import LineFilter, Monochrome, monochrome_style
from textual.notifications import SeverityLevel
from textual.screen import ModalScreen, Screen

from ..data.text import printable
from ..i18n import N_, _, set_language
from ..store.locks import OpenElsewhere, in_play, lock_game
from ..store.saves import (
    adopt_legacy_autosave,
    clean_leftovers,
    default_saves_dir,
    is_autosave,
    new_autosave_path,
    read_players,
    set_aside,
    set_aside_damaged_autosaves,
)
from ..store.settings import starting_language
from .screens.menu import MainMenuScreen

if TYPE_CHECKING:  # the engine and the game data load after the menu is shown (start-up time)
    from ..data.loader import GameData
    from ..engine import Game, RecordError
    from .review import Review
    from .screens.game import GameScreen
    from .session import Session
    from .start import Start


class _Monochrome(Monochrome):
    """Textual's filter for ``NO_COLOR``, which fails on a segment without a style (the map's
    empty lines have some): such a segment has no colour to take away."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        return [Segment(text, None if style is None else monochrome_style(style)) for text, style, _ in segments]


MONOCHROME = _Monochrome()


NOT_OWN = N_("Only the games of this app's saves and records open here.")  # shown through _


class SemperFidelisApp(App[None]):
    CSS_PATH = "semper_fidelis.tcss"
    TITLE = "Semper Fidelis: Bitwa o Lwów 1918-1919"

    def __init__(
        self,
        *,
        saves_dir: Path | None = None,
        data: GameData | None = None,
        bot_pace: float = 0.3,
        seed: int | None = None,
        records_dir: Path | None = None,
        review: Review | None = None,
        start: Start | None = None,
        served: bool = False,
    ):
        """``data``: game data from ``--assets`` (None: the shipped data); ``seed``: the seed of
        new games (None: random); ``bot_pace``: seconds between bot actions; ``records_dir``:
        where kept simulated games are looked for (None: ``records`` next to the saves);
        ``review``: a record to open in the replay viewer at once; ``start``: a game or a
        rulebook example to open at once (``play --scenario`` / ``--example``); ``served``: a
        page of ``serve``, whose visitors open only the games of its saves and records."""
        super().__init__()
        self.saves_dir = Path(saves_dir) if saves_dir is not None else default_saves_dir()
        self.records_dir = Path(records_dir) if records_dir is not None else self.saves_dir.parent / "records"
        self.initial_review = review
        self.start = start
        self.data = data
        self.bot_pace = bot_pace
        self.seed = seed
        self.served = served

    def get_line_filters(self) -> Sequence[LineFilter]:
        return [MONOCHROME if type(f) is Monochrome else f for f in super().get_line_filters()]

    @cached_property
    def game_data(self) -> GameData:
        """The game data: ``--assets``' or the shipped data, loaded when first needed."""
        from ..engine import shipped_data

        return self.data if self.data is not None else shipped_data()

    def get_default_screen(self) -> Screen[None]:
        return MainMenuScreen()

    def notify(self, message: str, *, title: str = "", severity: SeverityLevel = "information",
               timeout: float | None = None, markup: bool = False) -> None:
        """Every notice of the app, its screens' too, is plain text: notices carry folder paths,
        record errors and names from data files (:mod:`~semper_fidelis.data.text`), so markup is
        never parsed (``markup`` is ignored) and control characters are shown as escapes."""
        super().notify(printable(message, lines=True), title=printable(title), severity=severity, timeout=timeout, markup=False)

    # ---------------------------------------------------------------------------- games

    def on_mount(self) -> None:
        """The menu is painted first; then the engine and the game data are loaded and the
        saves made safe (:meth:`check_saves`), before any key is handled."""
        self.screen_change_signal.subscribe(self, self._mind_the_size)
        self.call_after_refresh(self._open_first)

    def on_resize(self) -> None:
        self.call_after_refresh(self._mind_the_size)

    def _mind_the_size(self, _screen: object = None) -> None:
        """A terminal too small for the app gets :class:`TooSmallScreen` over the screen on top
        (one opened under it is covered again), but not over a dialog (a ModalScreen, this
        notice included): a question asked, to leave a game unsaved say, stays answerable."""
        from .screens.too_small import TooSmallScreen, too_small

        if too_small(*self.size) and not isinstance(self.screen, ModalScreen):
            self.push_screen(TooSmallScreen())

    def _open_first(self) -> None:
        _ = self.game_data  # loaded now, with the menu on screen, not at the first key
        self.check_saves()
        if self.initial_review is not None:
            self.show_review(self.initial_review)
        elif self.start is not None:
            self.start.open(self)

    def check_saves(self) -> None:
        """The saves are made safe before any game is opened: what a crash left is removed, the
        autosave of earlier versions gets its own slot, and an autosave that cannot be read is
        set aside with a notice."""
        try:
            clean_leftovers(self.saves_dir)
            adopt_legacy_autosave(self.saves_dir)
            moved = set_aside_damaged_autosaves(self.saves_dir)
        except OSError as exc:
            self.notify(_("The saves in {folder} cannot be checked: {why}", folder=self.saves_dir, why=exc.strerror), severity="error")
            return
        for aside, reason in moved:
            self.notify(_("An autosave could not be read ({reason}); kept as {path}.", reason=reason, path=f"{aside.parent.name}/{aside.name}"), severity="warning")
        if moved and isinstance(self.screen, MainMenuScreen):
            self.screen.refresh_items()

    def new_game(self, scenario: int, players: dict[str, str], privacy: bool, options: dict[str, Any] | None = None,
                 game: Game | None = None, data: GameData | None = None) -> Session:
        """A new game in its own autosave slot: no earlier game is touched. ``game``: one set up
        already (played on from a review, a rematch), else a fresh one of ``scenario``, on
        ``data`` (a variant chosen in the menu) or the app's."""
        from ..engine import Game
        from .session import Session

        if game is None:
            seed = self.seed if self.seed is not None else random.randrange(1, 2**31)
            game = Game(scenario=scenario, seed=seed, options=options or {}, data=data if data is not None else self.data)
        session = Session(game=game, players=players, privacy=privacy, saves_dir=self.saves_dir)
        self._give_slot(session)
        session.autosave()
        self.show_game(session)
        return session

    def open_save(self, path: Path) -> str | None:
        """Load and show a saved game; on failure return the one-line reason. A game open in
        another copy of the app is refused (its moves would be overwritten). A named save is
        left untouched and goes on in a new autosave slot; an autosave that cannot be replayed
        is set aside so it blocks nothing."""
        from ..engine import RecordError
        from .session import HUMAN, Session

        if not self.may_open(path):
            return _(NOT_OWN)
        autosaved = is_autosave(path, self.saves_dir)
        try:
            lock = lock_game(path)
        except OpenElsewhere as exc:
            return str(exc)
        except OSError:  # no lock where nothing can be written: the failed autosave tells the player
            lock = None
        try:
            seats = read_players(path) or ({"PL": HUMAN, "ZURL": HUMAN}, True)
            session = Session.load(path, self.data, self.saves_dir, players=seats[0], privacy=seats[1])
        except RecordError as exc:
            try:
                return self._refused(path, exc, autosaved)
            finally:
                if lock is not None:
                    lock.release()
        if lock is not None:
            session.locks[path] = lock
        if autosaved:  # the slot holds this game already: not rewritten, so its date stays the last move's
            session.autosave_path = path
        else:
            self._give_slot(session)
            session.autosave()
        self.show_game(session)
        return None

    def _refused(self, path: Path, exc: RecordError, autosaved: bool) -> str:
        if not autosaved:
            return str(exc)
        try:
            aside = set_aside(path, self.saves_dir)
        except OSError:
            return str(exc)
        return _("{why} — set aside as {folder}/{name}", why=exc, folder=aside.parent.name, name=aside.name)

    def _give_slot(self, session: Session) -> None:
        """A new autosave slot for the game, held by it; when the saves folder cannot be
        written the game is played unsaved (the screen tells, leaving asks first)."""
        try:
            session.autosave_path = new_autosave_path(self.saves_dir, f"s{session.game.scenario.number}")
            session.hold(session.autosave_path)
        except OSError as exc:
            from .session import cannot_write

            session.unsaved = cannot_write(exc, self.saves_dir)

    def open_review(self, path: Path) -> str | None:
        """Open a record in the replay viewer; on failure return the one-line reason (the file
        is never moved or written)."""
        from ..engine import RecordError
        from .review import Review

        if not self.may_open(path):
            return _(NOT_OWN)
        if in_play(path):  # a live game shown whole would show its players each other's hands
            return _("{name} is being played in another copy of Semper Fidelis: review it when that game has ended or been left.", name=path.stem)
        try:
            review = Review.open(path, data=self.data)
        except RecordError as exc:
            return str(exc)
        self.show_review(review)
        return None

    def may_open(self, path: Path) -> bool:
        """A served app opens only files of its saves and records folders (links followed):
        its visitors get no way to other files of the machine."""
        if not self.served:
            return True
        real = path.resolve()
        return any(real.is_relative_to(folder.resolve()) for folder in (self.saves_dir, self.records_dir))

    def show_review(self, review: Review) -> None:
        from .screens.review import ReviewScreen

        self.push_screen(ReviewScreen(review))

    def show_game(self, session: Session) -> None:
        from .screens.game import GameScreen

        self.back_to_menu()
        self.push_screen(GameScreen(session, bot_pace=self.bot_pace))

    def confirm_leave(self, session: Session, leave: Callable[[], object]) -> None:
        """Leave a game (``leave``), asking first when its last changes are not saved."""
        from .screens.dialogs import LeaveScreen

        if session.unsaved is None:
            leave()
        else:
            def answered(sure: bool | None) -> None:
                if sure:
                    leave()

            self.push_screen(LeaveScreen(session), answered)

    async def action_quit(self) -> None:
        """Ctrl+Q: quitting leaves the game on screen like ``q`` does."""
        screen = self.game_screen
        if screen is None:
            self.exit()
        else:
            self.confirm_leave(screen.session, self.exit)

    def back_to_menu(self) -> None:
        """Close every screen over the menu; the games among them are left (their bots stopped,
        their files freed)."""
        from .screens.game import GameScreen

        while len(self.screen_stack) > 1:
            if isinstance(self.screen, GameScreen):
                self.screen.leave()
            else:
                self.pop_screen()

    @property
    def game_screen(self) -> GameScreen | None:
        from .screens.game import GameScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None


def run(*, saves_dir: Path | None = None, data: GameData | None = None, bot_pace: float = 0.3, review: Review | None = None,
        start: Start | None = None, seed: int | None = None, served: bool = False, language: str | None = None) -> int:
    """Run the app; the exit status is Textual's return code (1 after a crash, 0 otherwise).
    ``language``: ``--lang`` (None: see :func:`starting_language`)."""
    app = SemperFidelisApp(saves_dir=saves_dir, data=data, bot_pace=bot_pace, review=review, start=start, seed=seed, served=served)
    set_language(starting_language(app.saves_dir, language))
    app.run()
    return app.return_code or 0
