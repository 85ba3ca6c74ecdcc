"""The Loss Table's "—" has a legend (issue 23)."""

from __future__ import annotations

from semper_fidelis.tui.battle_panel import losses_renderable

from .test_battle_words import plain, under_artillery_fire


def test_a_dash_in_the_loss_table_is_explained():
    g = under_artillery_fire()
    text = plain(losses_renderable(g.view(None), g.data))
    assert "—" in next(line for line in text.splitlines() if "▶" in line)
    assert "—: cannot be chosen now" in text
