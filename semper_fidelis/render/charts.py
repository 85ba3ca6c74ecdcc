"""Charts as plain text, drawn by plotext at a given size: the course of a game (VP, Morale and
Supply of both sides round by round) and what a batch of games found. The markers say what is
what without colour — ▲ PL, ▼ ZURL, x a battle fought, │ a Stage end, ┃ the moment shown — and
a client may colour them (:data:`INKS`).

Each chart is drawn on a figure of its own (plotext's module-level figure is shared state): plotext
5's figure class, which its own functions wrap; plotext 6 rewrote the API, hence the pin below 6."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from plotext._figure import _figure_class

from ..i18n import _
from ..play.batch import PL, ZURL
from ..play.course import SIDES, TRACK_NAMES, Course
from ..play.plots import Figures, margin_bins, margin_title, rates_title, rounds_title

MARKERS = {"PL": "▲", "ZURL": "▼"}
BATTLE, STAGE, NOW = "x", "│", "┃"


class Figure(Protocol):
    """What these charts call of plotext 5's figure class (plotext ships no types)."""

    def _limit_size(self, width: bool, height: bool) -> None: ...
    def theme(self, theme: str) -> None: ...
    def plotsize(self, width: int, height: int) -> None: ...
    def subplots(self, rows: int, cols: int) -> None: ...
    def subplot(self, row: int, col: int) -> Figure: ...
    def xlim(self, left: float, right: float) -> None: ...
    def ylim(self, lower: float, upper: float) -> None: ...
    def xticks(self, ticks: Sequence[float], labels: Sequence[str] | None = None) -> None: ...
    def yticks(self, ticks: Sequence[float]) -> None: ...
    def vline(self, x: float) -> None: ...
    def scatter(self, xs: Sequence[float], ys: Sequence[float], *, marker: str) -> None: ...
    def plot(self, xs: Sequence[float], ys: Sequence[float], *, marker: str) -> None: ...
    def bar(self, xs: Sequence[float], ys: Sequence[float], *, width: float) -> None: ...
    def text(self, label: str, x: float, y: float, *, alignment: str) -> None: ...
    def title(self, label: str) -> None: ...
    def build(self) -> str: ...


def figure(width: int, height: int) -> Figure:
    """A fresh plotext figure of ``width`` × ``height`` cells, without colour."""
    fig: Figure = _figure_class()
    fig._limit_size(False, False)  # our size, not the terminal's (what plotext.limitsize does)
    fig.theme("clear")
    fig.plotsize(max(20, width), max(8, height))
    return fig


def text(fig: Figure) -> str:
    """The figure as plain text (plotext ends lines with a colour reset even without colour)."""
    return "\n".join(line.rstrip() for line in fig.build().replace("\x1b[0m", "").splitlines())


#: the columns of a plot that its y labels and frame take, at most (so not the x axis's)
FRAME = 6


def room_for(labels: int, label_width: int, width: int) -> int:
    """How many of ``labels`` labels ``label_width`` wide fit side by side on an x axis in a plot
    ``width`` columns wide, a space apart. Labels must never overlap: plotext draws the ticks in
    the order of a set, so which of two overlapping labels showed changed with the hash seed."""
    return max(2, min(labels, (width - FRAME) // (label_width + 1)))


def int_ticks(lo: float, hi: float, room: int) -> list[int]:
    """At most ``room`` whole-number ticks from ``lo`` to ``hi``, evenly spaced."""
    lo, hi = math.floor(lo), math.ceil(hi)
    least = (hi - lo) / max(1, room - 1)
    step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 10**9) if s >= least)
    return list(range(lo, hi + 1, step))


#: the lines of a plot that are not rows of values: its title, the frame's two, the x labels
PLOT_FRAME_LINES = 4


def _span(course: Course, track: str) -> tuple[int, int]:
    series = course.values[track]
    lo = min(min(series[s]) for s in SIDES)
    hi = max(max(series[s]) for s in SIDES)
    return (lo - 1, hi + 1) if hi - lo < 2 else (lo, hi)


def rows_needed(course: Course, track: str, legend: bool) -> int:
    """The height a plot of ``track`` needs for a row to each whole value (and the battles')."""
    lo, hi = _span(course, track)
    return hi - lo + 1 + (1 if legend and course.battles else 0) + PLOT_FRAME_LINES


def _track(plot: Figure, course: Course, track: str, cursor: float | None, legend: bool, width: int, height: int) -> None:
    series = course.values[track]
    lo, hi = _span(course, track)
    x_lo, x_hi = course.xs[0], max(course.xs[-1], course.xs[0] + 1)
    # a whole number of values to a row, so a value is drawn on its own gridline (issue 36: 5 VP
    # was drawn on the 6): the top raised to the last row's value; the battles get a row of their
    # own below the lowest value, where no line hides them
    battles = legend and bool(course.battles)
    rows = max(2, height - PLOT_FRAME_LINES - (1 if battles else 0))
    per_row = max(1, math.ceil((hi - lo) / (rows - 1)))
    while hi - (lo - lo % per_row) > per_row * (rows - 1):  # the gridlines on round values: 0, 4, 8 …
        per_row += 1
    lo -= lo % per_row
    hi = lo + per_row * (rows - 1)
    below = per_row if battles else 0
    plot.xlim(x_lo, x_hi)
    plot.ylim(lo - below, hi)
    for mark in course.stage_ends:
        plot.vline(mark.x)
    if cursor is not None:
        plot.scatter([cursor] * (hi - lo + 1), list(range(lo, hi + 1)), marker=NOW)
    if below:
        plot.scatter([b.x for b in course.battles], [lo - below] * len(course.battles), marker=BATTLE)
    for side in SIDES:
        plot.plot(list(course.xs), list(series[side]), marker=MARKERS[side])
    step = per_row * math.ceil(len(range(lo, hi + 1, per_row)) / max(2, height // 2))
    plot.yticks(list(range(lo, hi + 1, step)))
    plot.xticks(int_ticks(x_lo, x_hi, room_for(13, len(str(math.ceil(x_hi))), width)))
    keys = _("{pl} PL  {zurl} ZURL  {battle} battle  {stage} Stage end", pl=MARKERS["PL"], zurl=MARKERS["ZURL"], battle=BATTLE, stage=STAGE)
    now = _("{now} now", now=NOW) if cursor is not None else ""
    plot.title("  ".join(filter(None, (_(TRACK_NAMES[track]), keys if legend else "", now if legend else ""))))


def course_chart(course: Course, width: int, height: int, cursor: float | None = None) -> str:
    """VP over the full width, Morale and Supply side by side below it; ``cursor``: the place
    on the x axis to mark as now."""
    fig = figure(width, height)
    top = min(max(6, height * 11 // 20, rows_needed(course, "vp", True)), max(6, height - 8))  # Morale, Supply: 8
    fig.subplots(2, 1)
    fig.subplot(1, 1).plotsize(width, top)
    _track(fig.subplot(1, 1), course, "vp", cursor, True, width, top)
    below = fig.subplot(2, 1)
    below.subplots(1, 2)
    for col, track in enumerate(("morale", "supply"), start=1):
        _track(below.subplot(1, col), course, track, cursor, False, width // 2, height - top)
    return text(fig)


def vp_chart(course: Course, width: int, height: int) -> str:
    """The VP of both sides so far, alone (the Stage report's small chart)."""
    fig = figure(width, height)
    _track(fig, course, "vp", None, False, width, height)
    fig.title(_("VP") + f"  {MARKERS['PL']} PL  {MARKERS['ZURL']} ZURL")
    return text(fig)


def bars(labels: Sequence[str], values: Sequence[int], width: int, height: int, title: str, unit: str = "", top: int | None = None) -> str:
    """Vertical bars, one per label, each with its value written above it (so the chart reads
    without the axis or colour); ``top``: the value at the top of the axis (default: the largest)."""
    fig = figure(width, height)
    xs = list(range(1, len(labels) + 1))
    fig.bar(xs, list(values), width=0.6)
    step = -(-len(xs) // room_for(len(xs), max(map(len, labels), default=1), width))
    fig.xticks(xs[::step], list(labels)[::step])
    fig.xlim(0.2, len(xs) + 0.8)
    top = top or max([1, *values])
    fig.ylim(0, top * 1.3)
    fig.yticks(int_ticks(0, top, max(2, height // 3)))
    for x, v in zip(xs, values, strict=True):
        fig.text(f"{v}{unit}", x, v + top * 0.12, alignment="center")
    fig.title(title)
    return text(fig)


def terminal_charts(f: Figures, width: int, height: int) -> list[str]:
    """The charts as text for a terminal ``width`` columns wide (each about ``height`` rows)."""
    bins = margin_bins(f.margins, max(3, (width - 8) // 9))
    out = [bars([label for label, _ in bins], [n for _, n in bins], width, height, margin_title(f))] if f.margins else []
    rounds = range(min(f.end_rounds, default=0), max(f.end_rounds, default=-1) + 1)
    if rounds:
        out.append(bars([str(r) for r in rounds], [f.end_rounds.get(r, 0) for r in rounds], width, height, rounds_title(f)))
    for w in f.win_rates:
        labels = [f"{s} {side}" for s in w.scenarios for side in (PL, ZURL)]
        values = [round(100 * w.rates[side][i]) for i in range(len(w.scenarios)) for side in (PL, ZURL)]
        out.append(bars(labels, values, width, height, _("{title} (the rest drawn)", title=rates_title(w)), unit="%", top=100))
    return out
