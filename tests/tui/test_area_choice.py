"""Choosing an area: the map is the list (issue 36). A step whose options each choose an area
lights them on the map with their keys; the panel lists only the options about the area under
the cursor, under a line saying what that area is; the cursor, or an area's key, moves it; Esc
shows the whole list, and Esc again is back (the order cancelled)."""

from __future__ import annotations

import pytest

from semper_fidelis.engine import Game
from semper_fidelis.tui.keys import area_codes
from semper_fidelis.tui.widgets.decision import DecisionPanel

from .helpers import game_screen, keys, sync
from .records import save
from .test_in_view import screen_text
from .test_snapshots import app_for


def destinations() -> Game:
    """Scenario 2: one Volunteer of Dom Techników to move, 47 destinations (test_in_view's)."""
    game = Game(2, 7)
    for action in ("keep", "move", "from dom-technikow", "units 1v"):
        game.apply(action)
    return game


def listed(panel: DecisionPanel) -> list[str]:
    return [r.action for r in panel.shown if panel.listed(r)]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@sync
async def test_the_panel_tells_the_area_under_the_cursor(tmp_path, size):
    game = destinations()
    app = app_for(tmp_path)
    async with app.run_test(size=size) as pilot:
        assert app.open_save(save(game, tmp_path / "saves" / "g.json")) is None
        await pilot.pause()
        screen = game_screen(app)
        panel = screen.query_one(DecisionPanel)
        keys_before = {r.action: r.key for r in panel.shown}
        lit = {r.area for r in panel.shown if r.area}
        assert len(lit) >= 20 and panel.fold == screen.cursor in lit
        codes = area_codes(game.data.board)
        assert screen._map_pos is not None and screen._map_pos.keys == {a: codes[a] for a in lit}  # each lit area's key on the map

        def told(area: str) -> None:
            """The panel names the area and lists exactly its options and the way back."""
            assert panel.fold == area
            assert set(listed(panel)) == {r.action for r in panel.shown if r.area in (None, area)}
            assert game.data.areas[area].name in screen_text(app)

        told(screen.cursor)
        await keys(pilot, "right")  # the cursor to another lit area: the panel follows
        first = screen.cursor
        told(first)
        taken = set(keys_before.values())
        # a move and an attack from a side (39, 3933): its code highlights, waiting for more
        other = next(a for a in sorted(lit) if a != first and codes[a] in taken
                     and any(k != codes[a] and k.startswith(codes[a]) for k in taken))
        await keys(pilot, *codes[other])  # its key, fixed for the whole game
        told(other)
        assert panel.highlighted_row is not None and panel.highlighted_row.area == other
        sides = next(a for a in sorted(lit) if codes[a] not in taken)  # attacked from sides only (3933)
        await keys(pilot, *codes[sides])  # its code: the panel on it, its options' keys go on with a side's code
        told(sides)
        assert screen.cursor == sides
        assert {r.action: r.key for r in panel.shown} == keys_before  # keys never move
        await keys(pilot, "escape")  # the whole list again
        assert panel.fold is None and listed(panel) == [r.action for r in panel.shown]
        await keys(pilot, "escape")  # back: the Move cancelled
        assert screen.game.actions[-1] == "cancel"

