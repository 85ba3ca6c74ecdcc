"""From a game's view (the engine's public, JSON-able account of a position) to the plain
:class:`MapPosition` the map draws (the map itself never imports the engine)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..data.loader import GameData
from ..data.translations import scenario_name
from ..i18n import _, ngettext
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
        title=_("Scenario {number}: {name}", number=scenario.number, name=scenario_name(scenario)),
        subtitle=_("Round {round} ({date}) — {side} turn", round=view["round"], date=track[min(view["round"], len(track)) - 1], side=view["active"]),
    )
    for area, walls in view["barricades"].items():
        for side, facing in walls:
            pos.fortifications.setdefault(area, {}).setdefault(side, Fortification()).facing.append(facing)
    for area, side in view["redoubts"].items():
        pos.fortifications.setdefault(area, {}).setdefault(side, Fortification()).redoubt = True
    for side in ("PL", "ZURL"):
        pos.notes.append(_("{side}: Morale {morale}, Supply {supply}, {vp} VP; Mobilization Zone {mobilized}, broken {broken}",
                           side=side, morale=view["morale"][side], supply=view["supply"][side], vp=view["vp"][side],
                           mobilized=sum(view["mob"][side].values()), broken=sum(view["broken"][side].values())))
    for area, groups in view["attacks"].items():
        per_side: dict[str, int] = {}
        for g in groups:
            per_side[g["side"]] = per_side.get(g["side"], 0) + sum(g["units"].values())
        marks = [(side, n) for side, n in sorted(per_side.items()) if n]
        if marks:
            pos.attacks[area] = marks
        for g in groups:
            pos.notes.append(ngettext("{side} attacks {area} from {origin} with {n} unit", "{side} attacks {area} from {origin} with {n} units",
                                      sum(g["units"].values()), side=g["side"], area=name(area), origin=name(g["origin"])))
    return pos
