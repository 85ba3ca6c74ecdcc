"""The Textual application: screens from the main menu to the final score.

The app owns what outlives one game — the game data, the saves directory, the bots' pace —
and starts, loads and leaves games; everything about a game in progress is in
:class:`~semper_fidelis.tui.screens.game.GameScreen` and its :class:`Session`.
"""

from __future__ import annotations

import random
from pathlib import Path

from textual.app import App

from ..data.loader import GameData
from ..engine import Game, RecordError, shipped_data
from .saves import default_saves_dir, keep_damaged_autosave, read_players
from .screens.menu import MainMenuScreen
from .session import HUMAN, Session


class SemperFidelisApp(App):
    CSS_PATH = "semper_fidelis.tcss"
    TITLE = "Semper Fidelis: Bitwa o Lwów 1918-1919"

    def __init__(
        self,
        *,
        saves_dir: Path | None = None,
        data: GameData | None = None,
        bot_pace: float = 0.3,
        seed: int | None = None,
    ):
        """``data``: game data from ``--assets`` (None: the shipped data); ``seed``: the seed of
        new games (None: random); ``bot_pace``: seconds between bot actions."""
        super().__init__()
        self.saves_dir = Path(saves_dir) if saves_dir is not None else default_saves_dir()
        self.data = data
        self.game_data: GameData = data if data is not None else shipped_data()
        self.bot_pace = bot_pace
        self.seed = seed

    def get_default_screen(self):
        return MainMenuScreen()

    # ---------------------------------------------------------------------------- games

    def new_game(self, scenario: int, players: dict[str, str], privacy: bool, options: dict | None = None) -> Session:
        seed = self.seed if self.seed is not None else random.randrange(1, 2**31)
        game = Game(scenario=scenario, seed=seed, options=options or {}, data=self.data)
        self._protect_autosave()
        session = Session(game=game, players=players, privacy=privacy, saves_dir=self.saves_dir)
        session.autosave()
        self.show_game(session)
        return session

    def open_save(self, path: Path) -> str | None:
        """Load and show a saved game; on failure return the one-line reason (the file is
        left untouched)."""
        try:
            seats = read_players(path) or ({"PL": HUMAN, "ZURL": HUMAN}, True)
            session = Session.load(path, self.data, self.saves_dir, players=seats[0], privacy=seats[1])
        except RecordError as exc:
            return str(exc)
        if path.name != "autosave.json":
            self._protect_autosave()
        session.autosave()
        self.show_game(session)
        return None

    def _protect_autosave(self) -> None:
        try:
            aside = keep_damaged_autosave(self.saves_dir, data=self.data)
        except OSError:
            aside = None
        if aside is not None:
            self.notify(f"The old autosave could not be replayed; kept as {aside.name}.", severity="warning")

    def show_game(self, session: Session) -> None:
        from .screens.game import GameScreen

        self.back_to_menu()
        self.push_screen(GameScreen(session, bot_pace=self.bot_pace))

    def back_to_menu(self) -> None:
        while len(self.screen_stack) > 1:
            self.pop_screen()

    @property
    def game_screen(self):
        from .screens.game import GameScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, GameScreen):
                return screen
        return None


def run(*, saves_dir: Path | None = None, data: GameData | None = None, bot_pace: float = 0.3) -> int:
    SemperFidelisApp(saves_dir=saves_dir, data=data, bot_pace=bot_pace).run()
    return 0
