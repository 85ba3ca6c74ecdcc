"""What ``semper-fidelis play`` opens at once instead of the menu: a new game (``--scenario``)
or a rulebook example (``--example``). The command line checks them first, so a bad name is one
line before the app starts; the app opens them over the menu, where ``q`` goes back."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..engine import Example, Game
    from .app import SemperFidelisApp


class Start(Protocol):
    def open(self, app: SemperFidelisApp) -> None: ...


@dataclass(frozen=True)
class NewGame:
    """A new game of ``scenario`` (its seed is the app's), each side "human" or a bot's name;
    hands hidden from the other side unless ``privacy`` is off (``--open-hands``)."""

    scenario: int
    players: dict[str, str]
    privacy: bool = True

    def open(self, app: SemperFidelisApp) -> None:
        app.new_game(self.scenario, dict(self.players), self.privacy)


@dataclass(frozen=True)
class OpenExample:
    """A rulebook example, its game set up already."""

    example: Example
    game: Game

    def open(self, app: SemperFidelisApp) -> None:
        from .screens.learn import show_example

        show_example(app, self.example, self.game)
