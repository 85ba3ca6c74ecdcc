"""The map of Lwów in the game screen: the shared :class:`BoardMap`, drawn as large as the box
allows, on a dark "board" whatever the terminal theme; it scrolls to keep the cursor in sight
when the box is too small (80×24), and shows the legend instead of the map on request."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text
from textual import events
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Static

from ...data.loader import GameData
from ...render.board_map import BoardMap, MapPosition
from ...render.legend import legend


class MapView(VerticalScroll, can_focus=False):
    """Call :meth:`show` with a position; :meth:`toggle_legend` swaps map and legend. A click
    on an area posts :class:`MapView.Clicked`."""

    class Clicked(Message):
        def __init__(self, area: str) -> None:
            super().__init__()
            self.area = area

    DEFAULT_CSS = """
    MapView { background: #16181a; scrollbar-size-vertical: 1; }
    MapView > Static { width: 100%; }
    MapView > #map-body { text-wrap: nowrap; text-overflow: clip; }
    MapView > #map-legend { display: none; padding: 0 1; }
    MapView.-legend > #map-legend { display: block; }
    MapView.-legend > #map-body { display: none; }
    """

    def __init__(self, data: GameData, **kwargs):
        super().__init__(**kwargs)
        self.data = data
        self.position: MapPosition | None = None
        self._board: BoardMap | None = None
        self._drawn: MapPosition | None = None  # the position the map shows

    def compose(self):
        yield Static(id="map-body")
        yield Static(Group(*legend(self.data)), id="map-legend")

    @property
    def legend_shown(self) -> bool:
        return self.has_class("-legend")

    def toggle_legend(self) -> None:
        self.toggle_class("-legend")
        self.scroll_home(animate=False)
        if not self.legend_shown:
            self.call_after_refresh(self.follow_cursor)

    def show(self, position: MapPosition) -> None:
        self.position = position
        if position != self._drawn:  # most steps of a turn change nothing on the map: no redraw
            self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if self.position is None or not self.is_mounted:
            return
        self._drawn = self.position
        board = BoardMap(self.data, self.position, legend=False, notes=False)
        width, height = max(self.size.width, 20), self.size.height
        lines = board.grid_lines(width, height)
        bar = self.styles.scrollbar_size_vertical
        if lines is not None and len(lines) > height and bar:  # it will scroll: leave room for the scrollbar
            lines = board.grid_lines(width - bar, height)
        self._board = board if lines is not None else None
        body = self.query_one("#map-body", Static)
        if lines is None:  # too narrow for the grid: the list of areas
            body.update(board)
            return
        body.update(Text("\n").join(lines))
        self.call_after_refresh(self.follow_cursor)

    def follow_cursor(self) -> None:
        """Scroll the cursor's area (or else the first highlighted one) into view."""
        board, pos = self._board, self.position
        if board is None or pos is None or self.legend_shown:
            return
        area = pos.cursor if pos.cursor in board.boxes else next((a for a in board.boxes if a in pos.highlighted), None)
        if area is None:
            return
        top, _, bottom, _ = board.boxes[area]
        view_top, height = round(self.scroll_y), self.scrollable_content_region.height
        if top < view_top or bottom > view_top + height:
            self.scroll_to(y=max(0, top - height // 3), animate=False)

    def on_click(self, event: events.Click) -> None:
        if self._board is None or self.legend_shown:
            return
        region = self.content_region  # on screen; the click may come from the map's Static
        x, y = event.screen_x - region.x, event.screen_y - region.y
        if not (0 <= x < region.width and 0 <= y < region.height):
            return
        area = self._board.area_at(y + round(self.scroll_y), x)
        if area:
            self.post_message(self.Clicked(area))
