"""From an engine game to the plain :class:`MapPosition` the map draws (the map itself never
imports the engine)."""

from __future__ import annotations

from ..engine.game import Game
from .board_map import Fortification, MapPosition


def position_from_game(game: Game) -> MapPosition:
    state, rules = game.state, game.rules
    pos = MapPosition(
        units={a: dict(u) for a, u in state.units.items() if any(u.values())},
        strategic=dict(state.strategic),
        tokens={a: [t.kind if t.face_up else None for t in ts] for a, ts in state.tokens.items()},
        title=f"Scenario {rules.number}: {rules.scenario.name}",
        subtitle=f"Round {state.round} ({rules.scenario.time_track[min(state.round, len(rules.scenario.time_track)) - 1]}) — {state.active} turn",
    )
    for area, walls in state.barricades.items():
        for side, _facing in walls:
            pos.fortifications.setdefault(area, {}).setdefault(side, Fortification()).barricades += 1
    for area, side in state.redoubts.items():
        pos.fortifications.setdefault(area, {}).setdefault(side, Fortification()).redoubt = True
    for side in ("PL", "ZURL"):
        pos.notes.append(
            f"{side}: Morale {state.morale[side]}, Supply {state.supply[side]}, {state.vp[side]} VP; "
            f"Mobilization Zone {sum(state.mob[side].values())}, broken {sum(state.broken[side].values())}"
        )
    for area, groups in state.attacks.items():
        per_side: dict[str, int] = {}
        for g in groups:
            per_side[g.side] = per_side.get(g.side, 0) + sum(g.units.values())
        marks = [(side, n) for side, n in sorted(per_side.items()) if n]
        if marks:
            pos.attacks[area] = marks
        for g in groups:
            pos.notes.append(f"{g.side} attacks {rules.area_name(area)} from {rules.area_name(g.origin)} with {sum(g.units.values())} units")
    return pos
