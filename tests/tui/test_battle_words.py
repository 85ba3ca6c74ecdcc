"""The battle and loss panels say what is so (issue 11's defects)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

from rich.console import Console

sys.path.insert(0, str(Path(__file__).parent.parent / "engine"))
from helpers import give_tokens, new_game, put, quiet_board  # noqa: E402

from semper_fidelis.tui.battle_panel import losses_renderable  # noqa: E402


def plain(renderable, width: int = 110) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
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
    assert table_row.split()[2:] == ["—", "2", "3"], table_row  # withdraw is not offered
    assert not any(a.startswith("withdraw") for a in g.legal())
    assert "Medicine used" not in text


def test_only_the_ways_offered_now_are_lit():
    """A defender who must break its last unit is not shown 'Withdraw 1 Loss' as if it could."""
    g = under_artillery_fire()
    text = plain(losses_renderable(g.view(None), g.data, offered={"break"}))
    row = next(line for line in text.splitlines() if "▶" in line)
    assert row.split()[2:] == ["—", "—", "3"], row


def test_the_loss_table_fits_the_decision_panel_beside_the_map():
    """At 120 columns the panel is about 34 wide: the table's headers and Losses are whole."""
    g = under_artillery_fire()
    text = plain(losses_renderable(g.view(None), g.data), width=32)
    assert "…" not in text and all(word in text for word in ("Withdraw", "Disperse", "Break"))
    assert "Loss Table, defender" in text


def test_a_move_into_a_neutral_militia_area_is_flagged_before_it_is_made():
    from semper_fidelis.tui.options import option_detail, option_rows
    from semper_fidelis.tui.session import Session

    g = new_game(2, seed=7)
    quiet_board(g)
    g.state.units["kleparow"] = {"jewish-militia": 1}
    put(g, "stacja-kleparow", "PL", "2v")
    g.state.turn.ap = 5
    for action in ("move", "from stacja-kleparow", "units 1v"):
        g.apply(action)
    rows = {r.action: r for r in option_rows(Session(game=g, privacy=False))}
    assert rows["to kleparow"].label.plain.startswith("⚠ ")
    assert "makes it ally with ZURL (§13.2)" in option_detail(g, "PL", rows["to kleparow"]).plain
    assert not any(r.label.plain.startswith("⚠") for a, r in rows.items() if a != "to kleparow")


def test_choosing_which_battle_to_fight_shows_each_ones_odds():
    import random

    from semper_fidelis.engine import Game
    from semper_fidelis.render.odds import option_odds

    game, rng = Game(2, 0), random.Random(0)
    while game.decision().kind != "battle-order":
        game.apply(rng.choice(game.legal()))
    texts = [option_odds(game, o, "battle-order") for o in game.options()]
    assert all(t is not None and t.plain.startswith("Odds: ") for t in texts)
