"""The map (render/board_map.py, connections.py, legend.py; issue 11): every connection of the
board drawn, railways as double lines, who holds an area as a mark that reads without colour,
Barricades pointing at the side they face, the last-move mark, and a legend that explains it."""

from __future__ import annotations

import io

from rich.console import Console

from semper_fidelis.data.board_graph import rail_links
from semper_fidelis.data.loader import load_game_data
from semper_fidelis.render.board_map import BoardMap, Fortification, MapPosition, position_from_scenario
from semper_fidelis.render.connections import E, Grid, N, S, W, _box, plan, route

DATA = load_game_data()


def cell_text(board: BoardMap, area: str) -> list[str]:
    """The plain lines of ``area``'s cell in the last drawing."""
    top, left, bottom, right = board.boxes[area]
    return [board.last_lines[y].plain[left:right] for y in range(top, bottom)]


def test_every_connection_of_the_board_is_drawn_or_named():
    """Lines never run through another area's cell; the few links the 9×8 layout cannot draw
    (Hołosko's long ones, Skniłów–Zimna Woda) are named in words under the map."""
    slots = {a.id: a.pos for a in DATA.board.areas}
    edges = sorted({tuple(sorted((a.id, n))) for a in DATA.board.areas for n in a.neighbours})
    ways = plan(slots, edges)
    missing = [e for e, way in ways.items() if way is None]
    assert len(missing) <= 3, missing
    taken = set(slots.values())
    for (a, b), way in ways.items():
        if way is not None:
            assert {way[0], way[-1]} == {slots[a], slots[b]} and not set(way[1:-1]) & taken
    board = BoardMap(DATA, MapPosition())
    note = board.grid_lines(80)[-1].plain
    for a, b in missing:
        assert f"{DATA.areas[a].label}–{DATA.areas[b].label}" in note


def test_railways_are_double_lines_and_roads_single():
    assert _box(E | W, True, False) == "═" and _box(N | S, False, False) == "│"
    assert _box(N | E | S | W, True, False) == "╪" and _box(N | E | S | W, False, True) == "╫"
    assert _box(S | W, False, False) == "┐"
    grid = Grid({"a": (0, 0), "b": (1, 0), "c": (0, 1)}, 8, 3)
    lines = route(grid, [("a", "b", True), ("a", "c", False)])
    assert lines.chars[(8, 0)] == "═" and (8, 0) in lines.rail
    assert lines.chars[(4, 3)] == "│" and (4, 3) not in lines.rail
    assert lines.missing == []
    board = BoardMap(DATA, MapPosition())
    drawn = "\n".join(line.plain for line in board.grid_lines(120))
    assert "═" in drawn or "║" in drawn
    assert rail_links(DATA.board.railways)


def test_holder_marks_barricade_arrows_and_last_move_read_without_colour():
    pos = MapPosition()
    pos.add_units("rynek", "pl-volunteer", 2)
    pos.add_units("sejm-krajowy", "zurl-volunteer", 1)
    pos.add_units("cytadela", "pl-soldier", 1)
    pos.add_units("cytadela", "sich-rifleman", 2)
    pos.add_units("kleparow", "jewish-militia", 1)
    pos.fortifications["rynek"] = {"PL": Fortification(facing=["sejm-krajowy"])}
    pos.changed = {"sejm-krajowy"}
    board = BoardMap(DATA, pos)
    board.grid_lines(120)
    assert cell_text(board, "rynek")[0].startswith("▲")
    assert cell_text(board, "sejm-krajowy")[0].startswith("▼") and "*" in cell_text(board, "sejm-krajowy")[0]
    assert cell_text(board, "cytadela")[0].startswith("×")
    assert cell_text(board, "kleparow")[0].startswith("○")
    assert "*" not in cell_text(board, "rynek")[0]
    (rc, rr), (sc, sr) = DATA.areas["rynek"].pos, DATA.areas["sejm-krajowy"].pos
    arrow = {(1, 0): "→", (-1, 0): "←", (0, -1): "↑", (0, 1): "↓", (1, -1): "↗", (1, 1): "↘", (-1, 1): "↙", (-1, -1): "↖"}[
        ((sc > rc) - (sc < rc), (sr > rr) - (sr < rr))]
    assert any("B" + arrow in line for line in cell_text(board, "rynek"))
    assert any("2V" in line for line in cell_text(board, "rynek"))
    assert any("1S" in line for line in cell_text(board, "cytadela")) and any("2R" in line for line in cell_text(board, "cytadela"))


def test_units_waiting_on_a_border_show_in_the_attacked_area():
    pos = MapPosition(attacks={"rynek": [("ZURL", 3)]})
    board = BoardMap(DATA, pos)
    board.grid_lines(120)
    assert any("»▼3" in line for line in cell_text(board, "rynek"))


def test_the_cells_grow_with_the_room():
    board = BoardMap(DATA, MapPosition())
    small, large = board.scale(80, 32), board.scale(133, 52)
    assert small[0] >= 8 and small[1] == 3
    assert large[0] > small[0] and large[1] > small[1]
    assert board.scale(40) is None  # too narrow: the list of areas instead


def test_an_areas_facts_sit_under_its_label_however_tall_the_cell():
    """Issue 36: at 200×60 an area's markers (its kind, Strategic star, tokens) were drawn on the
    cell's last line, below blank ones, so they floated nearer the next row's labels than their
    own. The lines under a label: its units (two lines), its markers, then the blank room."""
    board = BoardMap(DATA, position_from_scenario(DATA, DATA.scenario(2)))
    board.grid_lines(133, 52)
    assert board.scale(133, 52)[1] >= 5  # room to spare under the units and markers
    markers = set()
    for area in DATA.board.areas:
        body = [line.strip() for line in cell_text(board, area.id)[1:]]
        assert not any(body[3:]), (area.id, body)
        markers.add(body[2])
    assert markers != {""}


def test_the_printed_board_has_the_map_and_its_legend():
    console = Console(width=120, record=True, no_color=True, file=io.StringIO())
    console.print(BoardMap(DATA, position_from_scenario(DATA, DATA.scenario(2))))
    out = console.export_text()
    assert "▲" in out and "▼" in out and "★3" in out
    for words in ("Barricade facing that way", "railway", "changed in the other side's last turn", "Districts", "Railways"):
        assert words in out
