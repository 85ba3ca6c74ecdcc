"""The map of Lwów in the game screen: the shared :class:`BoardMap`, drawn as large as the box
allows, on a dark "board" whatever the terminal theme; it scrolls to keep the cursor in sight
when the box is too small (80×24), and shows the legend instead of the map on request.

The map is a line-API widget holding its lines as strips: when only the marks change (the
cursor, the lit areas, the cursor's neighbours) the label bars of the areas whose marks
changed are redrawn and only their lines repainted, so a cursor step costs a few cells, not
the map (issue 23: a cursor step within 3× a bare Textual app's repaint)."""

from __future__ import annotations

from dataclasses import replace

from rich.console import Group
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Static

from ...data.loader import GameData
from ...render.board_map import BoardMap, MapPosition
from ...render.legend import legend

BOARD = "on #16181a"


def _marks(position: MapPosition) -> MapPosition:
    """The position without what a cursor step changes."""
    return replace(position, cursor=None, highlighted=set(), near=set())


def _marked(position: MapPosition, area: str) -> tuple[bool, bool, bool]:
    return (area == position.cursor, area in position.highlighted, area in position.near)


class MapCanvas(ScrollView, can_focus=False):
    """The map's lines (or, too narrow for the grid, the list of areas)."""

    DEFAULT_CSS = "MapCanvas { background: #16181a; scrollbar-size-vertical: 1; overflow-x: hidden; }"

    def __init__(self, data: GameData, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.data = data
        self.board: BoardMap | None = None
        self.position: MapPosition | None = None
        self._drawn: MapPosition | None = None
        self.strips: list[Strip] = []
        self.repainted: int = 0  # lines redrawn by the last :meth:`show` (tests read it)

    def show(self, position: MapPosition) -> None:
        self.position = position
        drawn = self._drawn
        if position == drawn:  # most steps of a turn change nothing on the map
            self.repainted = 0
            return
        if drawn is not None and self.board is not None and _marks(drawn) == _marks(position):
            self._redraw_marks(drawn, position)
        else:
            self.draw()

    def draw(self) -> None:
        if self.position is None or not self.is_mounted or not self.size.width:
            return
        self._drawn = self.position
        board = BoardMap(self.data, self.position, legend=False, notes=False)
        width, height = max(self.size.width, 20), self.size.height
        lines = board.grid_lines(width, height)
        bar = self.styles.scrollbar_size_vertical
        if lines is not None and len(lines) > height >= board.grid_height:
            lines = lines[:height]  # the links not drawn are named in the line about the cursor's area
        if lines is not None and len(lines) > height and bar:  # it will scroll: leave room for the scrollbar
            lines = board.grid_lines(width - bar, height)
        console = self.app.console
        if lines is None:  # too narrow for the grid: the list of areas
            self.board = None
            options = console.options.update_width(width)
            rendered = console.render_lines(board, options, style=console.get_style(BOARD), pad=True)
            self.strips = [Strip(line) for line in rendered]
        else:
            self.board = board
            self.strips = [self._strip(line, width) for line in lines]
        self.repainted = len(self.strips)
        self.virtual_size = Size(width, len(self.strips))
        self.refresh()
        self.call_after_refresh(self.follow_cursor)

    def _strip(self, text: Text, width: int) -> Strip:
        text = text.copy()
        text.stylize(BOARD)
        return Strip(text.render(self.app.console, end="")).extend_cell_length(width, self.app.console.get_style(BOARD))

    def _redraw_marks(self, old: MapPosition, new: MapPosition) -> None:
        """Redraw the label bars whose marks changed, and repaint their lines only."""
        board = self.board
        assert board is not None  # marks are redrawn only over a drawn board
        self._drawn = new
        changed = {old.cursor, new.cursor} | (old.highlighted ^ new.highlighted) | (old.near ^ new.near)
        lines = set()
        for area in changed:
            if area is None or area not in board.boxes or _marked(old, area) == _marked(new, area):
                continue
            y, x, bar = board.label_bar(area, new)
            bar.stylize(BOARD)
            segments = Strip(bar.render(self.app.console, end=""))
            strip = self.strips[y]
            self.strips[y] = Strip.join([strip.crop(0, x), segments, strip.crop(x + board.cell_width, strip.cell_length)])
            lines.add(y)
        self.repainted = len(lines)
        top = round(self.scroll_y)
        for y in lines:
            self.refresh(Region(0, y - top, self.size.width, 1))
        self.follow_cursor()

    def render_line(self, y: int) -> Strip:
        index = y + round(self.scroll_y)
        if 0 <= index < len(self.strips):
            return self.strips[index].crop_extend(0, self.size.width, self.app.console.get_style(BOARD))
        return Strip.blank(self.size.width, self.app.console.get_style(BOARD))

    def on_resize(self) -> None:
        self.draw()

    def follow_cursor(self) -> None:
        """Scroll the cursor's area (or else the first highlighted one) into view."""
        board, pos = self.board, self.position
        if board is None or pos is None:
            return
        area = pos.cursor if pos.cursor in board.boxes else next((a for a in board.boxes if a in pos.highlighted), None)
        if area is None:
            return
        top, _, bottom, _ = board.boxes[area]
        view_top, height = round(self.scroll_y), self.scrollable_content_region.height
        if top < view_top or bottom > view_top + height:
            self.scroll_to(y=max(0, top - height // 3), animate=False)

    def on_click(self, event: events.Click) -> None:
        if self.board is None:
            return
        region = self.content_region
        x, y = event.screen_x - region.x, event.screen_y - region.y
        if not (0 <= x < region.width and 0 <= y < region.height):
            return
        area = self.board.area_at(y + round(self.scroll_y), x)
        if area:
            self.post_message(MapView.Clicked(area))


class MapView(Vertical, can_focus=False):
    """Call :meth:`show` with a position; :meth:`toggle_legend` swaps map and legend. A click
    on an area posts :class:`MapView.Clicked`."""

    class Clicked(Message):
        def __init__(self, area: str) -> None:
            super().__init__()
            self.area = area

    DEFAULT_CSS = """
    MapView { background: #16181a; }
    MapView > MapCanvas { height: 1fr; }
    MapView > #map-legend { display: none; padding: 0 1; height: 1fr; overflow-y: auto; }
    MapView.-legend > #map-legend { display: block; }
    MapView.-legend > MapCanvas { display: none; }
    """

    def __init__(self, data: GameData, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.data = data

    def compose(self) -> ComposeResult:
        yield MapCanvas(self.data, id="map-canvas")
        yield Static(Group(*legend(self.data)), id="map-legend")

    @property
    def canvas(self) -> MapCanvas:
        return self.query_one(MapCanvas)

    @property
    def position(self) -> MapPosition | None:
        return self.canvas.position

    @property
    def board(self) -> BoardMap | None:
        return self.canvas.board

    @property
    def legend_shown(self) -> bool:
        return self.has_class("-legend")

    def toggle_legend(self) -> None:
        self.toggle_class("-legend")
        if not self.legend_shown:
            self.canvas.call_after_refresh(self.canvas.follow_cursor)

    def show(self, position: MapPosition) -> None:
        self.canvas.show(position)

    def text(self) -> str:
        """The map as plain text (tests)."""
        return "\n".join("".join(s.text for s in strip) for strip in self.canvas.strips)
