"""A scenario's briefing as its card prints it: dates, initiative, length, deployment, the
sides' tracks, Relief and special rules (the scenario screen's, and a variant's)."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from ...data.loader import GameData
from ...data.models import Scenario
from ...data.translations import scenario_name, scenario_text, unit_names
from ...i18n import _, ngettext
from ..helptext import cite
from ..theme import badge, with_badge


def briefing(scenario: Scenario, data: GameData) -> Group:
    rounds = len(scenario.time_track)
    stages = scenario.stages
    names = unit_names(data)
    name = scenario_name(scenario)
    other = scenario.name if name != scenario.name else scenario.polish
    first = scenario.deploys_first or "PL"
    lines: list[Text] = [
        Text.assemble((_("Scenario {number}: {name}", number=scenario.number, name=name), "bold underline"),
                      f"  ({other})" if other and other != name else ""),
        Text(scenario.dates, style="italic"),
        Text(""),
        Text.assemble((_("Initiative: "), "bold"), *with_badge(_("{side} moves first every round"), scenario.initiative)),
        Text.assemble((_("Length: "), "bold"),
                      ngettext("{n} round {stages} ({first} … {last})", "{n} rounds {stages} ({first} … {last})", rounds,
                               stages=ngettext("in {n} stage", "in {n} stages", stages), first=scenario.time_track[0], last=scenario.time_track[-1])),
        Text.assemble((_("Deployment: "), "bold"), _("fixed by the scenario card") if scenario.deployment == "fixed"
                      else _("free — the players place their units ({side} first)", side=first)),
    ]
    for side in ("PL", "ZURL"):
        s = scenario.sides.get(side)
        if s:
            commander = data.commander_by_id.get(s.commander)
            lines.append(Text.assemble(badge(side), " ", _("Morale {morale}, Supply {supply}, {vp} VP; Commander {commander}", morale=s.morale,
                                                           supply=s.supply, vp=s.vp, commander=commander.name if commander else s.commander)))
    for r in scenario.relief:
        when = scenario.time_track[r.round - 1] if 0 < r.round <= rounds else _("round {n}", n=r.round)
        who = data.commander_by_id[r.commander].name if r.commander in data.commander_by_id else ""
        units = names.get(r.unit, r.unit)
        what = _("{count} {units} with {commander}", count=r.count, units=units, commander=who) if who else _("{count} {units}", count=r.count, units=units)
        lines.append(Text.assemble((_("Relief "), "bold"), f"{when}: ", badge(r.side), f" {what}"))
    lines += [Text(""), Text(scenario_text(data, scenario, "briefing", scenario.briefing)), Text("")]
    if scenario.special_rules:
        lines.append(Text(_("Special rules"), style="bold underline"))
        lines += [Text(f"• {cite(scenario_text(data, scenario, f'special_rules.{i}', rule))}") for i, rule in enumerate(scenario.special_rules)]
    return Group(*lines)

