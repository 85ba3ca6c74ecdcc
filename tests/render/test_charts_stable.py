"""The charts are the same text in every process. plotext keeps an axis's ticks in a set, so
where two tick labels overlapped, which one showed changed with Python's hash seed (the 80×24
game-over snapshot flaked on it, issue 24); the charts now space their labels so none overlap."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from semper_fidelis.render.charts import FRAME, room_for

DRAW = """
from semper_fidelis.engine import Event
from semper_fidelis.play.course import build
from semper_fidelis.render.charts import bars, course_chart, vp_chart

events = []
for rnd in range(1, 13):
    events.append(Event("turn", "all", rnd, "PL"))
    for side, track in (("PL", "vp"), ("ZURL", "morale"), ("PL", "supply")):
        value = 3 + (rnd * (7 if side == "PL" else 5)) % 9
        events.append(Event("track", "all", rnd, side, (("side", side), ("track", track), ("delta", 1), ("value", value))))
    if rnd % 4 == 0:
        events.append(Event("stage", "all", rnd, "PL", (("stage", rnd // 4),)))
start = {t: {"PL": 5, "ZURL": 5} for t in ("vp", "morale", "supply")}
course = build(start, 1, events)
labels = [f"{m:+d}" for m in range(-15, 16)]
for width, height in ((72, 22), (80, 24), (118, 30)):
    print(course_chart(course, width, height, cursor=6.5))
    print(vp_chart(course, width // 2, height // 2))
    print(bars(labels, [abs(m) % 7 for m in range(-15, 16)], width, height // 2, "margins"))
"""


def _charts(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    return subprocess.run([sys.executable, "-c", DRAW], env=env, capture_output=True, text=True, check=True).stdout


def test_every_chart_is_the_same_whatever_the_hash_seed():
    first = _charts("0")
    assert "+15" in first and " 10 " in first
    assert all(_charts(seed) == first for seed in ("1", "2", "3"))


@pytest.mark.parametrize("width", [30, 36, 60, 80, 200])
def test_the_labels_that_fit_leave_a_space_between_them(width):
    room = room_for(31, 3, width)
    assert room == 31 or room * 4 <= width - FRAME
