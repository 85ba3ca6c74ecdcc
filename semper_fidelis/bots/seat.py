"""A seat at the table: everything one player may read of a game, and nothing more.

Bots are handed a Seat, never the Game, so "a bot sees only what its side may see" is a matter
of structure, not of good manners: the Seat exposes the pending decision with its legal actions
and the player's own view of the state.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..data.loader import GameData
from ..data.models import Scenario, Side
from ..engine import PERMANENT_REDOUBT, Action, BattleOdds, Decision, Game, Option, Pending, PlayerView


class Table(Protocol):
    """What a Seat reads of a game: a local Game, or a joiner's Mirror of the host's (net/)."""

    @property
    def data(self) -> GameData: ...
    @property
    def scenario(self) -> Scenario: ...
    def decision(self) -> Decision | None: ...
    def pending(self) -> Pending | None: ...
    def legal(self) -> Sequence[str]: ...
    def allows(self, action: str) -> bool: ...
    def options(self) -> tuple[Option, ...]: ...
    def options_of(self, *kinds: type[Action]) -> tuple[Option, ...]: ...
    def view(self, player: str | None) -> PlayerView: ...
    def lazy_view(self, player: str | None) -> PlayerView: ...
    def sample(self, player: Side, rng: random.Random) -> Game: ...
    def battle_odds(self, area: str, attack: list[tuple[str, dict[str, int] | str]] | None = None,
                    side: Side | None = None) -> BattleOdds: ...
    def win_chance(self, area: str, attack: list[tuple[str, dict[str, int] | str]] | None = None,
                   side: Side | None = None) -> float: ...


@dataclass(frozen=True)
class BoardMap:
    neighbours: dict[str, frozenset[str]]
    terrain: dict[str, str]
    limit: dict[str, int]
    relief_start: dict[Side, str]
    #: areas that always count as holding a Redoubt for their defender (Cytadela, §6.2)
    redoubt_always: frozenset[str] = frozenset()


#: the printed board per set of components (keyed by identity, the components kept alive with
#: it): a search makes a Seat for every decision of every playout, and the board never changes
_BOARDS: dict[int, tuple[GameData, BoardMap]] = {}


def _board_of(data: GameData) -> BoardMap:
    known = _BOARDS.get(id(data))
    if known is None or known[0] is not data:
        areas = data.board.areas
        known = _BOARDS[id(data)] = (data, BoardMap(
            neighbours={a.id: frozenset(a.neighbours) for a in areas},
            terrain={a.id: a.terrain for a in areas},
            limit={a.id: a.limit for a in areas},
            relief_start=dict(data.board.relief_start),
            redoubt_always=frozenset(a.id for a in areas if a.id == PERMANENT_REDOUBT),
        ))
    return known[1]


class Seat:
    def __init__(self, game: Table, player: Side):
        self._game = game
        self.player = player
        self._board: BoardMap | None = None

    def decision(self) -> Decision | None:
        """The pending decision; a bot is asked only when it is its own."""
        return self._game.decision()

    def pending(self) -> Pending | None:
        """Who decides now and in what kind of step, without the legal actions listed."""
        return self._game.pending()

    def legal(self) -> list[str]:
        return list(self._game.legal())

    def allows(self, action: str) -> bool:
        """Whether ``action`` is legal now: the next step of a plan, checked without listing
        every legal action where the engine can."""
        return self._game.allows(action)

    def options(self) -> tuple[Option, ...]:
        """The legal actions with their facts (kind, AP cost, areas, units, card, token)."""
        return self._game.options()

    def options_of(self, *kinds: type[Action]) -> tuple[Option, ...]:
        """The options whose actions are of these types (at an Orders decision, only those are
        listed: a plan asks for the cards without every order being worked out)."""
        return self._game.options_of(*kinds)

    @property
    def scenario(self) -> Scenario:
        """The scenario card being played (its special rules and automatic victories)."""
        return self._game.scenario

    @property
    def board(self) -> BoardMap:
        """The printed board: adjacency, terrain, unit limits and where Relief arrives (nothing of
        the position)."""
        if self._board is None:
            self._board = _board_of(self._game.data)
        return self._board

    def card_ap(self, number: int) -> int:
        """The AP printed on one of this player's own cards (what discarding it pays for)."""
        return next(c.ap for c in self._game.data.decks[self.player].cards if c.number == number)

    def battle_odds(self, area: str, attack: Sequence[tuple[str, dict[str, int] | str]] | None = None) -> BattleOdds:
        """Exact odds from public facts only (the unseen battle deck's make-up; the opponent's
        cards and tokens are left out and named in the result)."""
        return self._game.battle_odds(area, list(attack) if attack else None, side=self.player if attack else None)

    def win_chance(self, area: str, attack: Sequence[tuple[str, dict[str, int] | str]] | None = None) -> float:
        """The attacker's chance of winning that battle, from the same public facts as
        :meth:`battle_odds`."""
        return self._game.win_chance(area, list(attack) if attack else None, side=self.player if attack else None)

    def sample(self, rng: random.Random) -> Game:
        """A full game consistent with this player's view: the unseen dealt again from ``rng``.
        Search bots plan on samples, never on the game itself."""
        return self._game.sample(self.player, rng)

    def view(self) -> PlayerView:
        """The state as this player may see it (the opponent's hand and face-down tokens hidden),
        each field copied when first read: valid while the game stays at this position."""
        return self._game.lazy_view(self.player)
