"""A scenario's briefing as its card prints it: dates, initiative, length, deployment, the
sides' tracks, Relief and special rules (the scenario screen's, and a variant's)."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from ...data.loader import GameData
from ...data.models import Scenario
from ..helptext import cite
from ..theme import badge


def briefing(scenario: Scenario, data: GameData) -> Group:
    rounds = len(scenario.time_track)
    stages = scenario.stages
    unit_names = {u.id: u.name.split(" (")[0] for u in data.components.units}
    lines: list[Text] = [
        Text.assemble((f"Scenario {scenario.number}: {scenario.name}", "bold underline"),
                      f"  ({scenario.polish})" if scenario.polish and scenario.polish != scenario.name else ""),
        Text(scenario.dates, style="italic"),
        Text(""),
        Text.assemble(("Initiative: ", "bold"), badge(scenario.initiative), " moves first every round"),
        Text.assemble(("Length: ", "bold"), f"{rounds} rounds in {stages} stage{'s' * (stages != 1)} ({scenario.time_track[0]} … {scenario.time_track[-1]})"),
        Text.assemble(("Deployment: ", "bold"), "fixed by the scenario card" if scenario.deployment == "fixed" else f"free — the players place their units ({scenario.deploys_first or 'PL'} first)"),
    ]
    for side in ("PL", "ZURL"):
        s = scenario.sides.get(side)
        if s:
            commander = data.commander_by_id.get(s.commander)
            lines.append(Text.assemble(badge(side), f" Morale {s.morale}, Supply {s.supply}, {s.vp} VP; Commander {commander.name if commander else s.commander}"))
    for r in scenario.relief:
        when = scenario.time_track[r.round - 1] if 0 < r.round <= rounds else f"round {r.round}"
        who = data.commander_by_id[r.commander].name if r.commander in data.commander_by_id else ""
        lines.append(Text.assemble(("Relief ", "bold"), f"{when}: ", badge(r.side), f" {r.count} {unit_names.get(r.unit, r.unit)}" + (f" with {who}" if who else "")))
    lines += [Text(""), Text(scenario.briefing), Text("")]
    if scenario.special_rules:
        lines.append(Text("Special rules", style="bold underline"))
        lines += [Text(f"• {cite(rule)}") for rule in scenario.special_rules]
    return Group(*lines)
