"""The map of Lwów in the game screen: the shared :class:`BoardMap` drawn compactly in a
scrolling box that follows the cursor, on a dark "board" whatever the terminal theme."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.containers import VerticalScroll
from textual.message import Message
from textual.widgets import Static

from ...data.loader import GameData
from ...render.board_map import BoardMap, MapPosition


class MapView(VerticalScroll, can_focus=False):
    """Call :meth:`show` with a position; the box scrolls so the cursor stays in sight. A click
    on an area posts :class:`MapView.Clicked`."""

    class Clicked(Message):
        def __init__(self, area: str) -> None:
            super().__init__()
            self.area = area

    DEFAULT_CSS = """
    MapView { background: #16181a; scrollbar-size-vertical: 1; }
    MapView > Static { width: 100%; }
    """

    def __init__(self, data: GameData, **kwargs):
        super().__init__(**kwargs)
        self.data = data
        self.position: MapPosition | None = None
        self._lines: list[Text] = []
        self._board: BoardMap | None = None

    def compose(self):
        yield Static(id="map-body")

    def show(self, position: MapPosition) -> None:
        self.position = position
        self._draw()

    def on_resize(self) -> None:
        self._draw()

    def _draw(self) -> None:
        if self.position is None or not self.is_mounted:
            return
        width = max(self.scrollable_content_region.width, 20)
        board = BoardMap(self.data, self.position, legend=False, notes=False, compact=True)
        lines = board.grid_lines(width)
        self._board = board if lines is not None else None
        body = self.query_one("#map-body", Static)
        if lines is None:  # too narrow for the grid: the list of areas
            self._lines = []
            body.update(board)
            return
        self._lines = lines
        body.update(Text("\n").join(lines))
        self.call_after_refresh(self.follow_cursor)

    def line_of(self, marker: str) -> int | None:
        return next((i for i, line in enumerate(self._lines) if marker in line.plain), None)

    def follow_cursor(self) -> None:
        """Scroll the cursor's area (or else the first highlighted one) into view."""
        y = self.line_of("▶")
        if y is None:
            y = self.line_of("•")
        if y is None:
            return
        top, height = round(self.scroll_y), self.scrollable_content_region.height
        if y < top or y + 3 > top + height:
            self.scroll_to(y=max(0, y - height // 3), animate=False)

    def on_click(self, event: events.Click) -> None:
        if self._board is None:
            return
        region = self.content_region  # on screen; the click may come from the map's Static
        x, y = event.screen_x - region.x, event.screen_y - region.y
        if not (0 <= x < region.width and 0 <= y < region.height):
            return
        area = self._board.area_at(y + round(self.scroll_y), x)
        if area:
            self.post_message(self.Clicked(area))
