"""The battle and loss panels say what is so (issue 11's defects)."""

from __future__ import annotations

import sys
from pathlib import Path

from rich.console import Console

sys.path.insert(0, str(Path(__file__).parent.parent / "engine"))
from helpers import give_tokens, new_game, put, quiet_board  # noqa: E402

from semper_fidelis.tui.battle_panel import losses_renderable  # noqa: E402


def plain(renderable, width: int = 110) -> str:
    console = Console(width=width, record=True, file=open("/dev/null", "w"))
    console.print(renderable)
    return console.export_text()


def under_artillery_fire():
    """PL fires an Artillery token at Rynek (3 ZURL Volunteers): ZURL is to take 2 Losses."""
    g = new_game(2, seed=7)
    quiet_board(g)
    put(g, "rynek", "ZURL", "3v")
    put(g, "dom-akademicki", "PL", "2v")
    give_tokens(g, "PL", "artillery1")
    g.apply("use artillery1")
    g.apply("artillery rynek")
    return g


def test_artillery_losses_say_artillery_and_offer_no_withdrawal():
    g = under_artillery_fire()
    view = g.view(None)
    text = plain(losses_renderable(view, g.data))
    assert "under Artillery fire at Rynek" in text and " as artillery" not in text
    table_row = next(line for line in text.splitlines() if "▶" in line)
    assert table_row.split()[4:] == ["—", "2", "Losses", "3", "Losses"], table_row  # withdraw is not offered
    assert not any(a.startswith("withdraw") for a in g.legal())
    assert "Medicine used" not in text


def test_only_the_ways_offered_now_are_lit():
    """A defender who must break its last unit is not shown 'Withdraw 1 Loss' as if it could."""
    g = under_artillery_fire()
    text = plain(losses_renderable(g.view(None), g.data, offered={"break"}))
    row = next(line for line in text.splitlines() if "▶" in line)
    assert row.split()[4:] == ["—", "—", "3", "Losses"], row
