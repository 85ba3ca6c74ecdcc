"""Choose a scenario variant for a new game: the files of the player's variants folder and the
guide's examples, or a file's path typed in. Each is checked as ``validate --variant`` checks it;
its problems are shown one a line, as text, and a sound one shows what it changes and the
briefing of the scenario it makes. Chosen, the game starts as ``play --variant FILE`` would."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from ...data.files import shipped_variants_dir
from ...data.loader import DataError
from ...data.text import plain
from ...data.variant import load_variant, read_variant_file, setup_diff, unvaried, variant_files
from ...i18n import N_, _, ngettext
from ..widgets.footer import Footer
from .briefing import briefing
from .chosen import chosen_id

if TYPE_CHECKING:
    from ...data.loader import GameData
    from ..app import SemperFidelisApp


def user_variants_dir(saves_dir: Path) -> Path:
    """The player's own variants: beside the saves (``…/semper-fidelis/variants``)."""
    return saves_dir.parent / "variants"


class VariantScreen(Screen[None]):
    app: SemperFidelisApp  # declared for the type checker: the screen runs in this app
    BINDINGS = [Binding("escape", "back", N_("Back"))]

    def compose(self) -> ComposeResult:
        with Horizontal(id="scenario-layout"):
            with Vertical(id="variant-side"):
                yield OptionList(id="variant-options")
                yield Input(placeholder=_("or a variant file's path, Enter"), id="variant-path")
            with VerticalScroll(id="briefing-box") as box:
                box.border_title = _("Variant")
                yield Static(id="variant-about")
        yield Footer()

    def on_mount(self) -> None:
        folders = (user_variants_dir(self.app.saves_dir), shipped_variants_dir())
        self.files = [path for folder in folders for path in variant_files(folder)]
        ol = self.query_one("#variant-options", OptionList)
        ol.border_title = _("Choose a variant")
        for i, path in enumerate(self.files):
            ol.add_option(Option(Text.assemble(plain(path.name), "\n  ", plain(str(path.parent))), id=str(i)))  # two lines: each its own text
        if not self.files:
            ol.add_option(Option(plain(_("No variants yet: put .toml files in {folder}", folder=folders[0]), "dim"), disabled=True))
        self.query_one("#variant-path", Input).display = not self.app.served  # a page's visitor opens no file of the server
        if self.files:
            ol.highlighted = 0
            ol.focus()
        else:
            self.query_one("#variant-path", Input).focus()

    def check(self, path: Path) -> GameData | list[str]:
        """The data with the variant at ``path`` applied, or its problems, one line each."""
        try:
            return load_variant(self.app.game_data, read_variant_file(path), _("variant {name}", name=path.name))
        except DataError as exc:
            return exc.problems

    def show(self, path: Path) -> GameData | None:
        """Show what the variant at ``path`` changes, or its problems; its data if it is sound."""
        found = self.check(path)
        about = self.query_one("#variant-about", Static)
        if isinstance(found, list):
            n = len(found)
            about.update(Group(plain(ngettext("{path}: {n} problem", "{path}: {n} problems", n, path=path), "bold red"), *(plain(p) for p in found)))
            return None
        assert found.variant is not None  # load_variant keeps it
        variant, scenario = found.variant, found.scenarios[found.variant.base]
        changes = setup_diff(unvaried(found).scenarios[variant.base], found)
        about.update(Group(plain(ngettext("{name} — changes scenario {base} in {n} place", "{name} — changes scenario {base} in {n} places",
                                          len(changes), name=variant.name, base=variant.base), "bold"), *(plain(f"  {line}") for line in changes), Text(""), briefing(scenario, found)))
        return found

    def choose(self, path: Path) -> None:
        from .players import PlayersScreen

        varied = self.show(path)
        if varied is not None:
            assert varied.variant is not None  # load_variant keeps it
            self.app.push_screen(PlayersScreen(varied.variant.base, data=varied))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option.id is not None:
            self.show(self.files[int(event.option.id)])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.choose(self.files[int(chosen_id(event))])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.value.strip() and not self.app.served:
            self.choose(Path(os.path.expanduser(event.value.strip())))

    def action_back(self) -> None:
        self.app.pop_screen()
