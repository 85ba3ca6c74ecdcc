"""Secret battle steps the engine passed for a side a person plays (``quiet-step`` events,
engine/battle.py), kept to be presented as if the side had had a choice — the hand-over and a
one-key pass — so the other player learns nothing from a step that was not asked. The hot-seat
session (tui/session.py) and the host of a networked game (net/host.py) queue them alike.

Each step is kept with its moment (``Game.quiet_moment``): the position as it stood when the step
came, shown while it is presented (the engine has run past it).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from ..engine import Event, Game

#: a step still to present, and the position to show meanwhile
Quiet = tuple[Event, Game]


def queued(steps: list[Quiet], before: Game, game: Game, sides: Collection[str]) -> list[Quiet]:
    """The queue after ``game``'s last action (``before``: the game just before it): a step that
    waited for this choice (``after``) is due now, at the moment it was made; the new steps of
    ``sides`` join, each at its own moment."""
    action = game.actions[-1]
    kept = [(_due(e), before.quiet_moment(action, 0)) if e.get("after") else (e, moment) for e, moment in steps]
    new = [e for e in game.last_events(None) if e.kind == "quiet-step" and e["side"] in sides]
    return kept + [(e, before.quiet_moment(action, n)) for n, e in enumerate(new, 1)]


def due(steps: list[Quiet], decider: str | None) -> Event | None:
    """The step to present now, if any: the first, unless it waits for ``decider``'s choice in
    the same step (it comes once that choice is made)."""
    waiting = steps[0][0] if steps else None
    if waiting is not None and waiting.get("after") == decider:
        return None
    return waiting


def restored(game: Game, count: int, sides: Collection[str]) -> list[Quiet]:
    """The last ``count`` steps of ``sides`` in ``game`` (one replayed from a save), queued again
    as :func:`queued` queued them when they came, each at its moment."""
    steps = [(n, e) for n, e in enumerate(game.events(None)) if e.kind == "quiet-step" and e["side"] in sides]
    out: list[Quiet] = []
    for n, event in steps[-count:] if count > 0 else []:
        at = game.action_of(n)
        if at < 0:  # told before the record's first action: none is
            continue
        ordinal = sum(1 for m, _ in steps if m <= n and game.action_of(m) == at)
        if event.get("after") and at + 1 < len(game.actions):  # the choice it waited for was made
            event, at, ordinal = _due(event), at + 1, 0
        out.append((event, _replayed(game, at).quiet_moment(game.actions[at], ordinal)))
    return out


def _replayed(game: Game, actions: int) -> Game:
    """``game`` replayed from its record up to its first ``actions`` actions."""
    record = game.record()
    return Game.from_record({**record, "actions": record["actions"][:actions]}, data=game.data)


def _due(step: Event) -> Event:
    """A step that waited for the other side's choice in the same step, now that it is made."""
    return replace(step, facts=tuple((k, v) for k, v in step.facts if k != "after"))
