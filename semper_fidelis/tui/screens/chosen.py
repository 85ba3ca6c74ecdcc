"""The id of the option a player chose. Every option a list lets a player choose carries an id
(rows without one are headings, added disabled), so a missing id is a bug, not a player's input."""

from __future__ import annotations

from textual.widgets import OptionList


def chosen_id(event: OptionList.OptionSelected) -> str:
    option_id = event.option.id
    assert option_id is not None, f"a selectable option without an id: {event.option.prompt!r}"
    return option_id
