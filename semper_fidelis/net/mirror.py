"""What a joiner knows of a hosted game: the client side of the engine's API, filled from the
host's messages, so the app's screens and the bots read it as they read a local Game.

It holds one seat's view, its events and, on its own decisions, its options; everything else
(the other hand, the decks, the generator, the seed) never reaches it. The odds and the End of
Stage preview are the host's: the odds of the battle in progress and of the battles the seat's
options start come with each position; others are asked of the host through ``ask`` (a bot
thinking in a thread), else unknown (``battle_odds`` raises ValueError, as for an area without
a battle).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, NoReturn, cast

from ..data.loader import GameData
from ..data.models import Side
from ..data.text import printable, printable_document
from ..engine import Action, BattleOdds, Decision, Event, IllegalAction, Option, Pending, PlayerView
from .protocol import Attack, SeatState

TABLE = "table"


#: the units of an attack's group as the host sends them (sorted (type, count) pairs) or as the
#: engine takes them
Units = Mapping[str, int] | Sequence[tuple[str, int]] | str
OddsKey = tuple[str, tuple[tuple[str, tuple[tuple[str, int], ...] | str], ...] | None]


def odds_key(area: str, attack: Sequence[tuple[str, Units]] | None) -> OddsKey:
    """The same key for the host's odds and an engine-style ``attack`` [(origin, units dict)]
    (units given as notation are kept as such: the host sends none so, they are asked of it)."""
    if attack is None:
        return (area, None)
    return (area, tuple((origin, units if isinstance(units, str) else tuple(sorted(dict(units).items())))
                        for origin, units in attack))


class Mirror:
    """A seat's copy of the game, as much of :class:`~semper_fidelis.engine.Game` as a client
    reads. ``actions`` has one entry per action taken, by either side, without saying which."""

    def __init__(self, data: GameData, scenario: int, side: Side, options: dict[str, Any] | None = None):
        self.data = data
        self.scenario = data.scenario(scenario)
        self.side = side
        self.settings = dict(options or {})
        self.seed = None  # the host's secret: with it and the record the whole game could be replayed
        self.actions: list[str] = []
        self.over = False
        self.can_undo = False
        self.quiet = False  # the decision is a secret step the seat can only pass (SeatState.quiet)
        self._view: PlayerView | None = None  # until the host's first state
        self._offered: tuple[Option, ...] = ()
        self._events: list[Event] = []
        self._last: list[Event] = []  # the events of the last update: the host sends one per action
        self._preview: dict[str, list[tuple[str, int]]] = {}
        self._orders_here: dict[str, list[str]] = {}
        self._odds: dict[OddsKey, BattleOdds] = {}
        #: ``ask(area, attack)``: the host's odds for a battle not among those sent (None: none)
        self.ask: Callable[[str, Attack | None], BattleOdds] | None = None

    def update(self, state: SeatState) -> None:
        """Take the host's position; its texts (events, view, option labels) come from the
        network, so they are made :func:`printable` here, once, for every screen that shows them."""
        self.actions = ["?"] * state.actions
        self.over = state.over
        self.quiet = state.quiet
        self._view = cast(PlayerView, printable_document(state.view))
        self._offered = tuple(replace(o, label=printable(o.label)) for o in state.options)
        self._last = [Event.from_dict(cast(dict[str, Any], printable_document(e.plain()))) for e in state.events]
        self._events = self._events[: state.first_event] + self._last
        self._preview = state.preview
        self._orders_here = {area: list(orders) for area, orders in state.orders_here.items()}
        self._odds = {odds_key(o.area, o.attack): o.battle_odds() for o in state.odds}

    @property
    def ready(self) -> bool:
        return self._view is not None

    # ---------------------------------------------------------------- the engine's client API

    def decision(self) -> Decision | None:
        d = self._view["decision"] if self._view is not None else None
        if d is None or self.over:
            return None
        # the actions as the host's notations (clients read them as text)
        return Decision(d["player"], d["kind"], d["prompt"], tuple(cast(list[Action], d["actions"])), d["section"], d["phase"])

    def legal(self) -> list[str]:
        d = self.decision()
        return list(d.actions) if d else []

    def allows(self, action: str) -> bool:
        return action in self.legal()

    def options(self) -> tuple[Option, ...]:
        return self._offered

    def options_of(self, *kinds: type[Action]) -> tuple[Option, ...]:
        return tuple(o for o in self._offered if isinstance(o.action, kinds))

    def pending(self) -> Pending | None:
        d = self.decision()
        return None if d is None else Pending(d.player, d.kind, d.phase)

    def view(self, player: str | None = None) -> PlayerView:
        """This seat's view, whoever asks: it is the only one there is here."""
        if self._view is None:
            raise RuntimeError("no position from the host yet (wait until ready)")
        return self._view

    def lazy_view(self, player: str | None = None) -> PlayerView:
        """The view: a seat's copy holds it whole already."""
        return self.view(player)

    def events(self, player: str | None, since: int = 0) -> list[Event]:
        """The seat's events from ``since``: all it was sent (None, or its own side), or only the
        public ones (any other viewer, like the app's table)."""
        chosen = self._events[since:]
        if player is None or player == self.side:
            return chosen
        return [e for e in chosen if e.visible == "all"]

    def last_events(self, player: str | None) -> list[Event]:
        """The last action's events (the host sends a state after every action)."""
        return [e for e in self._last if player is None or player == self.side or e.visible == "all"]

    def score_if_stage_ended(self) -> dict[str, list[tuple[str, int]]]:
        return {side: [(name, n) for name, n in items] for side, items in self._preview.items()}

    def orders_by_area(self) -> dict[str, list[str]]:
        """The host's word on which orders concern each area, in this seat's Orders."""
        return {area: list(orders) for area, orders in self._orders_here.items()}

    def battle_odds(self, area: str, attack: Attack | None = None, side: Side | None = None) -> BattleOdds:
        # sent with the position: weighed for anyone (side None), as the app asks; a bot weighing
        # its own attack (side given) asks the host, which counts that seat's own hand too
        known = self._odds.get(odds_key(area, attack)) if side is None else None
        if known is not None:
            return known
        if self.ask is None:
            raise ValueError(f"no odds from the host for a battle in {area}")
        return self.ask(area, attack)

    def win_chance(self, area: str, attack: Attack | None = None, side: Side | None = None) -> float:
        """The attacker's chance, from the odds the host sent or answers."""
        return float(self.battle_odds(area, attack, side).p_attacker_wins)

    def undo(self) -> str:
        raise IllegalAction("cannot undo in a hosted game: the host keeps the record")

    def sample(self, player: Side, rng: random.Random) -> NoReturn:
        raise ValueError("a hosted game cannot be sampled on a joiner's machine (the host alone knows what is hidden)")
