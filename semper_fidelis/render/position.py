"""From a game's view (the engine's public, JSON-able account of a position) to the plain
:class:`MapPosition` the map draws (the map itself never imports the engine)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..data.loader import GameData
from .board_map import Fortification, MapPosition

if TYPE_CHECKING:
    from ..engine import PlayerView


def position_from_view(view: PlayerView, data: GameData) -> MapPosition:
    scenario = data.scenario(view["scenario"])
    track = scenario.time_track

    def name(area: str) -> str:
        return data.areas[area].name if area in data.areas else area

    pos = MapPosition(
        units={a: dict(u) for a, u in view["units"].items() if any(u.values())},
        strategic=dict(view["strategic"]),
        tokens={a: [t["kind"] for t in ts] for a, ts in view["tokens"].items()},
        title=f"Scenario {scenario.number}: {scenario.name}",
        subtitle=f"Round {view['round']} ({track[min(view['round'], len(track)) - 1]}) — {view['active']} turn",
    )
    for area, walls in view["barricades"].items():
        for side, facing in walls:
            pos.fortifications.setdefault(area, {}).setdefault(side, Fortification()).facing.append(facing)
    for area, side in view["redoubts"].items():
        pos.fortifications.setdefault(area, {}).setdefault(side, Fortification()).redoubt = True
    for side in ("PL", "ZURL"):
        pos.notes.append(
            f"{side}: Morale {view['morale'][side]}, Supply {view['supply'][side]}, {view['vp'][side]} VP; "
            f"Mobilization Zone {sum(view['mob'][side].values())}, broken {sum(view['broken'][side].values())}"
        )
    for area, groups in view["attacks"].items():
        per_side: dict[str, int] = {}
        for g in groups:
            per_side[g["side"]] = per_side.get(g["side"], 0) + sum(g["units"].values())
        marks = [(side, n) for side, n in sorted(per_side.items()) if n]
        if marks:
            pos.attacks[area] = marks
        for g in groups:
            pos.notes.append(f"{g['side']} attacks {name(area)} from {name(g['origin'])} with {sum(g['units'].values())} units")
    return pos
