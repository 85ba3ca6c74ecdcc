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

    def __init__(self, course: Course | None = None, vp_only: bool = False, **kwargs):
        super().__init__(**kwargs)
        self.course = course
        self.cursor: float | None = None
        self.vp_only = vp_only

    def show(self, course: Course, cursor: float | None = None) -> None:
        self.course = course
        self.cursor = cursor
        self.refresh()

    def render(self) -> Text:
        if self.course is None:
            return Text("")
        width, height = self.content_size
        if self.vp_only:
            return inked(vp_chart(self.course, width, height))
        return inked(course_chart(self.course, width, height, self.cursor))
