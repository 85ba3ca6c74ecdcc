"""Everything a player needs is in view without scrolling (issue 23), in the situations the
snapshots show — the Orders, a battle, a loss distribution — at 80×24, 120×40 and 200×60:
the full header, the Morale numbers with their band, every option (the list never scrolls),
the battle's odds or result, and the whole hand (at 80×24 in a battle: one key away, that key
said on screen). The snapshots show it; this says what in them must not be lost."""

from __future__ import annotations

import io

import pytest

from semper_fidelis.tui.widgets.decision import DecisionPanel

from .helpers import game_screen, keys, sync
from .records import at_a_battle, at_a_loss_distribution, save
from .test_snapshots import SIZES, app_for, at_the_orders

SITUATIONS = {"orders": at_the_orders, "battle": at_a_battle, "losses": at_a_loss_distribution}


def screen_text(app) -> str:
    """The whole screen as plain text, as the terminal shows it."""
    from rich.console import Console

    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True, color_system=None)
    console.print(app.screen._compositor.render_update(full=True, screen_stack=app._background_screens))
    return console.export_text()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("situation", SITUATIONS)
@sync
async def test_all_a_player_needs_is_in_view(tmp_path, situation, size):
    game = SITUATIONS[situation]()
    path = save(game, tmp_path / "saves" / "game.json")
    app = app_for(tmp_path)
    async with app.run_test(size=SIZES[size]) as pilot:
        assert app.open_save(path) is None
        await pilot.pause()
        await pilot.pause()  # the list fitted again once laid out (a battle's rows wrapped onto the box's blank lines)
        screen = game_screen(app)
        text = screen_text(app)
        lines = text.splitlines()
        header = lines[0]
        assert "…" not in header and ("deciding" in header or "→" in header), header  # the full header
        for side in ("PL", "ZURL"):  # Morale as a number with its band
            level = game.state.morale[side]
            band = "high" if level >= 5 else "low"
            assert any(side in line and f"{level} {band}" in line for line in lines), (side, level)
        panel = screen.query_one(DecisionPanel)
        options = panel.query_one("#options")
        assert options.max_scroll_y == 0 and options.size.height >= options.virtual_size.height  # no option below the fold
        assert all(f" {r.key} " in text for r in panel.shown + panel.blocked if r.key != "esc")  # every key shown
        d = game.decision()
        hand = sorted(game.view(d.player)["hand"][d.player])
        x = screen.query_one("#side").region.x  # the side column's lines, read as one text
        side = " ".join(" ".join(line[x:].strip(" │┃").split()) for line in lines[1:])
        if situation == "orders":
            assert all(f" {r.key} " in text for r in panel.in_hand)  # the cards' and tokens' keys too
        if situation == "battle":
            assert "PL wins 71%" in side and "PL 2.1, ZURL 3.1" in side  # the odds, the Losses to expect of both sides
        if situation == "losses":
            assert "Losses 4 in all" in side and "PL 5 : 4 ZURL — PL wins" in side  # the battle's result
        if situation != "orders" and size != "80x24":  # the battle's reasons in full, nothing to scroll (issue 36)
            box = screen.query_one("#battle-box")
            assert box.max_scroll_y == 0 and box.size.height >= box.virtual_size.height
        if size != "200x60" and situation != "orders":
            assert "c: your hand" in text  # the hand one key away, and that key said
        else:
            assert all(f"#{n} " in text for n in hand), hand  # the whole hand


@sync
async def test_at_80x24_a_long_list_of_destinations_tells_the_sides_apart(tmp_path):
    """47 destinations of one Volunteer: the list scrolls, but each line says which side an
    attack or an entry comes from, and the Commander's reminder gives the list its lines."""
    from semper_fidelis.engine import Game

    game = Game(2, 7)
    for action in ("keep", "move", "from dom-technikow", "units 1v"):
        game.apply(action)
    path = save(game, tmp_path / "saves" / "game.json")
    app = app_for(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.open_save(path) is None
        await pilot.pause()
        panel = game_screen(app).query_one(DecisionPanel)
        await keys(pilot, "escape")  # the whole list (it opens on the cursor's area: tui/area_choice.py)
        text = screen_text(app)
        rows = [line.split("│")[1] for line in text.splitlines() if " AP " in line and "│" in line]
        sides = [row for row in rows if "← " in row]
        assert len(sides) >= 3 and len(set(rows)) == len(rows), rows  # groups take lines (issue 36)
        assert all("← " in row and "…  " not in row for row in sides), sides
        assert "Your Commander" not in text and panel.query_one("#detail").render().plain.strip() == ""
