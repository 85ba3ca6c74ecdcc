"""Which orders concern a map area (issue 23: select an area, see what you can do from or to it).

An order's first step names no area (``move``, ``fortify``, …); the areas come at its next step.
The engine says which (``Game.orders_by_area``: its own options with the order opened on a copy),
once per Orders decision, when the cursor first asks; nothing here re-derives a rule."""

from __future__ import annotations

from rich.text import Text

from ..engine import Game
from ..i18n import N_, _
from .theme import KEY_STYLE

#: the orders whose next step asks for an area, and how that area is related to it
WORDS = {"move": N_("move from here"), "assault": N_("assault from here"), "fortify": N_("fortify here"),
         "mobilize": N_("mobilize into here"), "provision": N_("provision here")}


class OrdersHere:
    """The orders concerning each area, asked of the game once per Orders decision."""

    ORDERS = tuple(WORDS)

    def __init__(self) -> None:
        self._key: tuple[int, int] | None = None  # the game and how many actions it had when asked
        self._areas: dict[str, list[str]] = {}

    def orders(self, game: Game, area: str | None) -> list[str]:
        """The orders (notations) whose next step offers ``area`` (those this screen can word:
        a hosted seat's come from the host)."""
        key = (id(game), len(game.actions))
        if key != self._key:
            self._key, self._areas = key, game.orders_by_area()
        return [order for order in self._areas.get(area, []) if order in WORDS] if area else []

    def text(self, game: Game, area: str | None, keys: dict[str, str]) -> Text:
        """'Rynek: m move from here · b mobilize into here — Enter to choose'."""
        if not area:
            return Text("")
        name = game.data.areas[area].name
        orders = self.orders(game, area)
        if not orders:
            return Text.assemble((name, "bold"), ": " + _("no order concerns this area now"), style="dim")
        out = Text.assemble((name, "bold"), ": ")
        for i, order in enumerate(orders):
            if i:
                out.append(" · ", style="dim")
            out.append(f" {keys.get(order, '?')} ", style=KEY_STYLE)
            out.append(" " + _(WORDS[order]))
        out.append(" — " + _("Enter: these orders only"), style="dim")
        return out
