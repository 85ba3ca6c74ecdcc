"""A seat at the table: everything one player may read of a game, and nothing more.

Bots are handed a Seat, never the Game, so "a bot sees only what its side may see" is a matter
of structure, not of good manners: the Seat exposes the pending decision with its legal actions
and the player's own view of the state.
"""

from __future__ import annotations

from typing import Any

from ..engine import Decision, Game, Option


class Seat:
    def __init__(self, game: Game, player: str):
        self._game = game
        self.player = player

    @property
    def scenario(self) -> int:
        return self._game.scenario.number

    def decision(self) -> Decision | None:
        """The pending decision; a bot is asked only when it is its own."""
        return self._game.decision()

    def legal(self) -> list[str]:
        return self._game.legal()

    def options(self) -> tuple[Option, ...]:
        """The legal actions with their facts (kind, AP cost, areas, units, card, label)."""
        return self._game.options()

    def view(self) -> dict[str, Any]:
        """The state as this player may see it (the opponent's hand and face-down tokens hidden)."""
        return self._game.view(self.player)
