"""Who plays: each side human or bot, hot-seat privacy, the FAQ handicap. Then start — a new
game, or one already set up (played on from a review: its position and options are fixed)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from ...bots import BOTS
from ...data.text import plain
from ...data.translations import scenario_name
from ...engine import Game
from ...i18n import N_, _
from ..session import BOT, HUMAN
from ..theme import badge
from ..widgets.footer import Footer
from .chosen import chosen_id

if TYPE_CHECKING:
    from ...data.loader import GameData
    from ..app import SemperFidelisApp

#: what 1 / 2 step through for a side: a human, then each bot (the strongest first)
SEATS = (HUMAN, "general", "marshal", "random")


class PlayersScreen(Screen[None]):
    app: SemperFidelisApp  # declared for the type checker: the screen runs in this app
    BINDINGS = [
        Binding("escape", "back", N_("Back")),
        Binding("1", "change('PL')", N_("PL: human or bot")),
        Binding("2", "change('ZURL')", N_("ZURL: human or bot")),
        Binding("3", "change('privacy')", N_("Privacy")),
        Binding("4", "change('handicap')", N_("Handicap")),
        Binding("5", "start", N_("Start")),
    ]

    def __init__(self, scenario: int, start: Game | None = None, data: GameData | None = None):
        """``data``: a variant chosen in the menu (None: the app's data)."""
        super().__init__()
        self.scenario = scenario
        self.start = start
        self.data = data
        self.players = {"PL": HUMAN, "ZURL": BOT}
        self.privacy = True
        #: the variant's own handicap, if it sets one (the player may still change it)
        self.variant_handicap = dict(data.variant.options).get("handicap") if data is not None and data.variant is not None else None
        self.handicap = bool(start.record()["options"].get("handicap") if start is not None else self.variant_handicap)

    @property
    def game_data(self) -> GameData:
        return self.data if self.data is not None else self.app.game_data

    def compose(self) -> ComposeResult:
        with Vertical(id="players-box") as box:
            sc = self.game_data.scenarios[self.scenario]
            box.border_title = plain(_("Players — Scenario {number}: {name}", number=sc.number, name=scenario_name(sc)))
            yield OptionList(id="players-options")
            yield Static(id="players-note")
        yield Footer()

    @property
    def handicap_allowed(self) -> bool:
        return self.start is None and self.game_data.scenarios[self.scenario].initiative == "ZURL"

    def on_mount(self) -> None:
        self.refresh_options()
        self.query_one("#players-options", OptionList).focus()

    def refresh_options(self) -> None:
        ol = self.query_one("#players-options", OptionList)
        keep = ol.highlighted
        ol.clear_options()

        def key(k: str) -> Text:
            return Text(f" {k} ", style="bold #111111 on #e0c060")

        for i, side in enumerate(("PL", "ZURL"), start=1):
            who = _("Human") if self.players[side] == HUMAN else _("Bot: {name}", name=_(BOTS[self.players[side]][1]))
            ol.add_option(Option(Text.assemble(key(str(i)), "  ", badge(side), f"  {who}"), id=side))
        privacy = (_("Hot-seat privacy: ON — hands hidden, hand-over screen between players") if self.privacy
                   else _("Hot-seat privacy: off — both hands open (solo testing)"))
        ol.add_option(Option(Text.assemble(key("3"), f"  {privacy}"), id="privacy"))
        note = _("ZURL with the initiative starts with 3 cards (FAQ)") if self.handicap_allowed else _("only where ZURL has the initiative (Scenario 1)")
        if self.start is not None:
            note = _("as in the reviewed game (the cards are dealt already)")
        handicap = _("Handicap: ON — {note}", note=note) if self.handicap else _("Handicap: off — {note}", note=note)
        ol.add_option(Option(Text.assemble(key("4"), f"  {handicap}"), id="handicap", disabled=not self.handicap_allowed))
        ol.add_option(Option(Text.assemble(key("5"), ("  " + _("Start the game"), "bold")), id="start"))
        ol.highlighted = keep if keep is not None else 4
        humans = sum(1 for p in self.players.values() if p == HUMAN)
        hint = {
            0: _("Two bots: watch them play (press n in the game to skip the pauses)."),
            1: _("One human against a bot."),
            2: _("Two humans at one keyboard. A hand-over screen hides each hand from the other player.") if self.privacy
            else _("Two humans at one keyboard."),
        }[humans]
        keys = _("1-4 change the settings (or Enter on a line); 5 or Enter on 'Start' starts the game.")
        self.query_one("#players-note", Static).update(Text(f"{hint}\n{keys}", style="italic"))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_change(chosen_id(event))

    def action_change(self, what: str) -> None:
        """Change one setting (not ``action_toggle``: Textual's own toggles an attribute)."""
        if what in ("PL", "ZURL"):
            self.players[what] = SEATS[(SEATS.index(self.players[what]) + 1) % len(SEATS)]
        elif what == "privacy":
            self.privacy = not self.privacy
        elif what == "handicap" and self.handicap_allowed:
            self.handicap = not self.handicap
        elif what == "start":
            self.action_start()
            return
        self.refresh_options()

    def action_start(self) -> None:
        # said either way when a variant sets it (its own setting applies unless overruled here)
        said = self.handicap_allowed and (self.handicap or self.variant_handicap is not None)
        options = {"handicap": self.handicap} if said else {}
        self.app.new_game(self.scenario, dict(self.players), self.privacy, options, game=self.start, data=self.data)

    def action_back(self) -> None:
        self.app.pop_screen()
