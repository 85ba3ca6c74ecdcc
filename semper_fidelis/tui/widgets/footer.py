"""The footer in the player's language: Textual's Footer shows each binding's ``description``
as it was written, and the screens write theirs at class definition, before a language is
chosen; so they are marked with ``N_()`` there and translated here, each time the footer is
drawn (a language switch changes the next footer). The bindings' groups (their
labels) are not used by the game.

Each binding's key is given the footer's ``compact`` before it is mounted: Textual's keys start
compact and are then bound to the footer's (not compact), so each key was drawn compact at first
and its styles worked out twice more on every redraw of the footer (each change of the
bindings): 7 % of the CPU time of the decision-shapes test. The command palette's key is not
bound to the footer's and stays compact, as Textual draws it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from ...i18n import N_, _

#: Textual's own word for its command palette's key (App.BINDINGS): marked so the catalog has it,
#: translated below as every key's is
PALETTE = N_("palette")


class Footer(TextualFooter):
    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey) and widget.description:
                widget.description = _(widget.description)
            if isinstance(widget, FooterKey) and not widget.has_class("-command-palette"):
                widget.set_reactive(FooterKey.compact, self.compact)
                widget.set_class(self.compact, "-compact", update=False)
            yield widget
