"""The footer in the player's language: Textual's Footer shows each binding's ``description``
as it was written, and the screens write theirs at class definition, before a language is
chosen; so they are marked with ``N_()`` there and translated here, each time the footer is
drawn (a language switch changes the next footer). The bindings' groups (their
labels) are not used by the game."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widgets import Footer as TextualFooter
from textual.widgets._footer import FooterKey

from ...i18n import _


class Footer(TextualFooter):
    def compose(self) -> ComposeResult:
        for widget in super().compose():
            if isinstance(widget, FooterKey) and widget.description:
                widget.description = _(widget.description)
            yield widget
