"""The course of a game as a chart that fits the widget: VP, Morale and Supply of both sides
round by round, the battles and Stage ends marked, and a cursor at the moment shown (the review
viewer's step). The chart is plain text with markers (render/charts.py); here the sides'
markers get the sides' colours, a help for those who see them."""

from __future__ import annotations

from rich.text import Text
from textual.widget import Widget

from ...play.course import Course
from ...render.charts import MARKERS, NOW, course_chart, vp_chart
from ..theme import SIDE_INK


def inked(chart: str) -> Text:
    text = Text(chart, no_wrap=True, overflow="crop")
    for side, marker in MARKERS.items():
        text.highlight_words([marker], SIDE_INK[side])
    text.highlight_words([NOW], "bold")
    return text


class CourseChart(Widget):
    """``show(course, cursor)``; ``vp_only``: the small chart of the VP alone."""

    DEFAULT_CSS = """
    CourseChart { height: 1fr; min-height: 12; }
    """

    def __init__(self, course: Course | None = None, vp_only: bool = False, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.course = course
        self.cursor: float | None = None
        self._drawn: dict[tuple[int, int, float | None], Text] = {}
        self.vp_only = vp_only

    def show(self, course: Course, cursor: float | None = None) -> None:
        if course is not self.course:
            self._drawn.clear()
        self.course = course
        self.cursor = cursor
        self.refresh()

    def render(self) -> Text:
        if self.course is None:
            return Text("")
        width, height = self.content_size
        if self.vp_only:
            return inked(vp_chart(self.course, width, height))
        # plotext takes tens of ms a chart: steps whose cursor falls in the same column of the
        # chart (a round is a few columns, and some fifty actions) share one drawing
        cursor = self.cursor
        if cursor is not None:
            span = max(1.0, self.course.xs[-1] - self.course.xs[0])
            per_column = span / max(1, width - 6)
            cursor = round(cursor / per_column) * per_column
        key = (width, height, cursor)
        if key not in self._drawn:
            self._drawn[key] = inked(course_chart(self.course, width, height, cursor))
        return self._drawn[key]
