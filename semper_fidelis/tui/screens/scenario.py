"""Choose a scenario, with its briefing (screens/briefing.py), or a variant of one
(screens/variant.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...data.translations import scenario_name
from ...i18n import N_, _
from ..widgets.footer import Footer
from .briefing import briefing
from .chosen import chosen_id

if TYPE_CHECKING:
    from ..app import SemperFidelisApp


VARIANT = "variant"
VARIANT_ABOUT = N_("A variant is a small TOML file naming a scenario and only what it changes: starting units, "
                   "tracks, Relief, initiative, cards, the handicap, the number of rounds (docs/designers-guide.md). "
                   "Choose one from your variants folder or the guide's examples, or type its path.")


class ScenarioScreen(Screen[None]):
    app: SemperFidelisApp  # declared for the type checker: the screen runs in this app
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "back", N_("Back")),
        Binding("enter", "choose", N_("Choose"), priority=True),
        *(Binding(str(n), f"pick({n})", f"Scenario {n}", show=False) for n in range(1, 10)),
        Binding("v", "variant", N_("Variant…")),
    ]

    def compose(self) -> ComposeResult:
        with Horizontal(id="scenario-layout"):
            yield OptionList(id="scenario-options")
            with VerticalScroll(id="briefing-box") as box:
                box.border_title = _("Briefing")
                yield Static(id="briefing")
        yield Footer()

    def on_mount(self) -> None:
        self.scenarios = [self.app.game_data.scenarios[n] for n in sorted(self.app.game_data.scenarios)]
        ol = self.query_one("#scenario-options", OptionList)
        ol.border_title = _("Choose a scenario")
        for s in self.scenarios:
            ol.add_option(Option(Text.assemble((f" {s.number} ", "bold #111111 on #e0c060"), f" {scenario_name(s)}\n    {s.dates}"), id=str(s.number)))
        ol.add_option(Option(Text.assemble((" v ", "bold #111111 on #e0c060"), " " + _("Variant…\n    a scenario changed by a variant file")),
                             id=VARIANT))
        ol.highlighted = 0
        ol.focus()
        self.show(0)

    def show(self, index: int) -> None:
        about = briefing(self.scenarios[index], self.app.game_data) if index < len(self.scenarios) else Text(_(VARIANT_ABOUT))
        self.query_one("#briefing", Static).update(about)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index is not None:
            self.show(event.option_index)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        chosen = chosen_id(event)
        if chosen == VARIANT:
            self.action_variant()
        else:
            self.choose(int(chosen))

    def action_variant(self) -> None:
        from .variant import VariantScreen

        self.app.push_screen(VariantScreen())

    def action_pick(self, n: int) -> None:
        for i, s in enumerate(self.scenarios):
            if s.number == n:
                self.query_one("#scenario-options", OptionList).highlighted = i

    def action_choose(self) -> None:
        i = self.query_one("#scenario-options", OptionList).highlighted
        if i is not None and i >= len(self.scenarios):
            self.action_variant()
        elif i is not None:
            self.choose(self.scenarios[i].number)

    def choose(self, number: int) -> None:
        from .players import PlayersScreen

        self.app.push_screen(PlayersScreen(number))

    def action_back(self) -> None:
        self.app.pop_screen()
