"""Choose a scenario, with its briefing: dates, initiative, length, deployment, relief and the
special rules printed on its card."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.console import Group
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from ...data.models import Scenario
from ..helptext import cite
from ..theme import badge
from .chosen import chosen_id

if TYPE_CHECKING:
    from ..app import SemperFidelisApp


def briefing(scenario: Scenario, data) -> Group:
    rounds = len(scenario.time_track)
    stages = scenario.stages
    unit_names = {u.id: u.name.split(" (")[0] for u in data.components.units}
    lines: list = [
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
        who = data.commander_by_id.get(r.commander).name if r.commander in data.commander_by_id else ""
        lines.append(Text.assemble(("Relief ", "bold"), f"{when}: ", badge(r.side), f" {r.count} {unit_names.get(r.unit, r.unit)}" + (f" with {who}" if who else "")))
    lines += [Text(""), Text(scenario.briefing), Text("")]
    if scenario.special_rules:
        lines.append(Text("Special rules", style="bold underline"))
        lines += [Text(f"• {cite(rule)}") for rule in scenario.special_rules]
    return Group(*lines)


class ScenarioScreen(Screen):
    app: SemperFidelisApp  # declared for the type checker: the screen runs in this app
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", "Back"),
        Binding("enter", "choose", "Choose", priority=True),
        *(Binding(str(n), f"pick({n})", f"Scenario {n}", show=False) for n in range(1, 10)),
    ]

    def compose(self):
        with Horizontal(id="scenario-layout"):
            yield OptionList(id="scenario-options")
            with VerticalScroll(id="briefing-box") as box:
                box.border_title = "Briefing"
                yield Static(id="briefing")
        yield Footer()

    def on_mount(self) -> None:
        self.scenarios = [self.app.game_data.scenarios[n] for n in sorted(self.app.game_data.scenarios)]
        ol = self.query_one("#scenario-options", OptionList)
        ol.border_title = "Choose a scenario"
        for s in self.scenarios:
            ol.add_option(Option(Text.assemble((f" {s.number} ", "bold #111111 on #e0c060"), f" {s.name}\n    {s.dates}"), id=str(s.number)))
        ol.highlighted = 0
        ol.focus()
        self.show(0)

    def show(self, index: int) -> None:
        self.query_one("#briefing", Static).update(briefing(self.scenarios[index], self.app.game_data))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index is not None:
            self.show(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.choose(int(chosen_id(event)))

    def action_pick(self, n: int) -> None:
        for i, s in enumerate(self.scenarios):
            if s.number == n:
                self.query_one("#scenario-options", OptionList).highlighted = i

    def action_choose(self) -> None:
        i = self.query_one("#scenario-options", OptionList).highlighted
        if i is not None:
            self.choose(self.scenarios[i].number)

    def choose(self, number: int) -> None:
        from .players import PlayersScreen

        self.app.push_screen(PlayersScreen(number))

    def action_back(self) -> None:
        self.app.pop_screen()
