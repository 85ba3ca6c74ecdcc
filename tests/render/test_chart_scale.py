"""A value is drawn on its own gridline (issue 36: the game-over chart drew 5 VP on the 6)."""

from __future__ import annotations

import re

from semper_fidelis.play.course import Course
from semper_fidelis.render.charts import course_chart


def _course(pl: tuple[int, ...], zurl: tuple[int, ...]) -> Course:
    flat = (5,) * len(pl)
    return Course(tuple(float(x) for x in range(len(pl))), {"vp": {"PL": pl, "ZURL": zurl}, "morale": {"PL": flat, "ZURL": flat},
                  "supply": {"PL": flat, "ZURL": flat}}, (), (), (), 1)


def _value_of_row(chart: str, marker: str) -> float:
    """The value the VP plot's rows give the row of ``marker`` (from its labelled rows)."""
    lines = chart.splitlines()
    end = next(i for i, line in enumerate(lines) if line.lstrip().startswith("└"))
    labelled = [(i, int(m.group(1))) for i, line in enumerate(lines[:end]) if (m := re.match(r"\s*(-?\d+)┤", line))]
    (row_a, a), (row_b, b) = labelled[0], labelled[1]
    per_row = (a - b) / (row_b - row_a)
    top = next(i for i, line in enumerate(lines) if line.lstrip().startswith("┌"))  # under the title and its key
    row = next(i for i, line in enumerate(lines[:end]) if marker in line and i > top)
    return a - (row - row_a) * per_row


def test_a_flat_5_is_drawn_on_the_row_of_5():
    for zurl in ((0, 3, 6, 8), (0, 2, 4, 6), (1, 4, 9, 12)):
        chart = course_chart(_course((5, 5, 5, 5), zurl), 100, 28)
        assert _value_of_row(chart, "▲") == 5, chart
