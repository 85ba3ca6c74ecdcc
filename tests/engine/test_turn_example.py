"""The rulebook's Example of a Player Turn (ZURL), played from the shipped example file
(assets/examples/04-player-turn.toml): the file sets the printed situation in Scenario 1 (ZURL
has the initiative), lists the book's eleven steps, the Battle Phase and the End of Turn, and
checks after each what the book says follows."""

from __future__ import annotations

import pytest
from helpers import PL, ZURL, played_example


@pytest.mark.rule(
    "Example of a Player Turn",
    "§5.1",
    "§5.1 Initial Phase",
    "§6.2",
    "§7.2",
    "§8",
    "§11 Changing Commander",
    "ruling:commander-change-morale",
    "ruling:mobilization-rate",
)
def test_player_turn_as_printed():
    """Example of a Player Turn: a Commander change after a lost battle (+1 Morale, Mykyta's 5
    AP), an Event for 4 AP whose effect is PL's, Artillery for Supply, a Plane for 2 AP (11 in
    all), Mobilization, a Barricade, Provisioning, a Move to a border, a Move into an enemy area
    (2 AP, PL loses Morale for its contested Strategic Area at once), an Assault fought at once,
    'Searches and Arrests' for its effect, the border battle, the End of Turn draw. AP are spent
    as printed except Mobilization (1 AP for 2 units at High Morale, §6.2; the book says 3)."""
    g = played_example("04-player-turn")
    assert g.state.active == PL and g.state.turn_index == 1
    assert g.state.commander[ZURL] == "mykyta"
