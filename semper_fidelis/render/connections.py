"""The lines between adjacent areas on the map grid, as box-drawing characters.

The map puts every area in a slot of a grid (``Area.pos``); a cell is ``width`` × ``height``
characters with one blank column and one blank line between slots. A connection is drawn

- straight along a row (on the label line) or a column (down the middle), through empty slots;
- diagonally between corner-touching slots, as ``╲``/``╱`` (``╳`` when both cross) in the gap;
- as an L through one empty corner slot when neither of those works.

Railways are double lines (``═ ║``), roads single. What cannot be drawn this way is returned
by :func:`route` as ``missing``, so the map can say it in words rather than draw it wrong.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from itertools import pairwise

N, E, S, W = 1, 2, 4, 8
_DIAGONAL = {"\\": "╲", "/": "╱"}


@dataclass(frozen=True)
class Grid:
    """Slot geometry: ``slots`` area id -> (column, row) index, cells ``width`` × ``height``."""

    slots: dict[str, tuple[int, int]]
    width: int
    height: int

    def origin(self, col: int, row: int) -> tuple[int, int]:
        """Top-left character of a slot."""
        return col * (self.width + 1), row * (self.height + 1)

    def anchor(self, col: int, row: int) -> tuple[int, int]:
        """Where lines meet a slot: the middle of its label line."""
        x, y = self.origin(col, row)
        return x + self.width // 2, y


@dataclass
class Lines:
    """The drawn connections: characters by (x, y), and which of them are railways."""

    chars: dict[tuple[int, int], str] = field(default_factory=dict)
    rail: set[tuple[int, int]] = field(default_factory=set)
    missing: list[tuple[str, str]] = field(default_factory=list)


def _box(mask: int, h_double: bool, v_double: bool) -> str:
    """The box-drawing character joining the directions in ``mask``."""
    horizontal, vertical = bool(mask & (E | W)), bool(mask & (N | S))
    if not vertical:
        return "═" if h_double else "─"
    if not horizontal:
        return "║" if v_double else "│"
    v = "VERTICAL" if mask & N and mask & S else "UP" if mask & N else "DOWN"
    h = "HORIZONTAL" if mask & E and mask & W else "RIGHT" if mask & E else "LEFT"
    if h_double == v_double:
        name = f"{'DOUBLE' if h_double else 'LIGHT'} {v} AND {h}"
    else:
        name = f"{v} {'DOUBLE' if v_double else 'SINGLE'} AND {h} {'DOUBLE' if h_double else 'SINGLE'}"
    return unicodedata.lookup(f"BOX DRAWINGS {name}")


class _Canvas:
    def __init__(self, grid: Grid):
        self.grid = grid
        self.masks: dict[tuple[int, int], int] = {}
        self.doubles: dict[tuple[int, int], set[str]] = {}
        self.diagonals: dict[tuple[int, int], set[str]] = {}
        self.rail: set[tuple[int, int]] = set()

    def mark(self, xy: tuple[int, int], bits: int, rail: bool) -> None:
        self.masks[xy] = self.masks.get(xy, 0) | bits
        if rail:
            self.doubles.setdefault(xy, set()).add("h" if bits & (E | W) else "v")
            self.rail.add(xy)

    def segment(self, a: tuple[int, int], b: tuple[int, int], vertical: bool, rail: bool, open_a: bool, open_b: bool) -> None:
        """A straight run of line from ``a`` to ``b`` (same x or same y), both included; an
        open end runs on into the cell it touches, a closed one turns (a corner)."""
        (x0, y0), (x1, y1) = a, b
        if not vertical:
            lo, hi = sorted((x0, x1))
            for x in range(lo, hi + 1):
                bits = (W if x > lo or (open_a if x0 == lo else open_b) else 0) | (E if x < hi or (open_b if x1 == hi else open_a) else 0)
                self.mark((x, y0), bits, rail)
        else:
            lo, hi = sorted((y0, y1))
            for y in range(lo, hi + 1):
                bits = (N if y > lo or (open_a if y0 == lo else open_b) else 0) | (S if y < hi or (open_b if y1 == hi else open_a) else 0)
                self.mark((x0, y), bits, rail)

    def lines(self) -> Lines:
        out = Lines(rail=set(self.rail))
        for xy, mask in self.masks.items():
            kinds = self.doubles.get(xy, set())
            out.chars[xy] = _box(mask, "h" in kinds, "v" in kinds)
        for xy, kinds in self.diagonals.items():
            out.chars[xy] = "╳" if len(kinds) > 1 else _DIAGONAL[next(iter(kinds))]
        return out


Slot = tuple[int, int]


def _between(a: Slot, b: Slot) -> list[Slot]:
    """The slots strictly between ``a`` and ``b`` (same row or column)."""
    n = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    dc, dr = (b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1])
    return [(a[0] + dc * i, a[1] + dr * i) for i in range(1, n)]


def _candidates(a: Slot, b: Slot, cols: int, rows: int) -> list[list[Slot]]:
    """Ways from slot ``a`` to slot ``b`` in straight legs: straight, one bend, two bends."""
    paths = [[a, b]] if a[0] == b[0] or a[1] == b[1] else [[a, (b[0], a[1]), b], [a, (a[0], b[1]), b]]
    paths += [[a, (k, a[1]), (k, b[1]), b] for k in range(cols) if k not in (a[0], b[0]) and a[1] != b[1]]
    paths += [[a, (a[0], k), (b[0], k), b] for k in range(rows) if k not in (a[1], b[1]) and a[0] != b[0]]
    return sorted(paths, key=lambda p: sum(abs(q[0] - r[0]) + abs(q[1] - r[1]) for q, r in pairwise(p)) + 2 * len(p))


def _runs(path: list[Slot]) -> list[tuple[Slot, str]]:
    """(slot, "h"/"v") for every empty slot a path's line crosses; a bend counts both ways."""
    runs = []
    for q, r in pairwise(path):
        way = "h" if q[1] == r[1] else "v"
        runs += [(s, way) for s in _between(q, r)]
    for bend in path[1:-1]:
        runs += [(bend, "h"), (bend, "v")]
    return runs


def plan(slots: dict[str, Slot], edges: list[tuple[str, str]]) -> dict[tuple[str, str], list[Slot] | None]:
    """The way each connection is drawn: ``[a, b]`` for neighbouring slots (side by side or
    corner to corner) and straight runs through empty slots, else one or two bends through empty
    slots, never along a run another connection already uses; None if there is no way."""
    taken = set(slots.values())
    cols = max((c for c, _ in slots.values()), default=-1) + 1
    rows = max((r for _, r in slots.values()), default=-1) + 1
    used: set[tuple[Slot, str]] = set()
    ways: dict[tuple[str, str], list[Slot] | None] = {}
    for a, b in edges:
        sa, sb = sorted((slots[a], slots[b]), key=lambda s: (s[1], s[0]))
        if max(abs(sa[0] - sb[0]), abs(sa[1] - sb[1])) == 1:
            ways[(a, b)] = [sa, sb]
            continue
        ways[(a, b)] = None
        for path in _candidates(sa, sb, cols, rows):
            runs = _runs(path)
            if all(s not in taken for s, _ in runs) and not any(run in used for run in runs):
                used.update(runs)
                ways[(a, b)] = path
                break
    return ways


def route(grid: Grid, edges: list[tuple[str, str, bool]]) -> Lines:
    """Draw every ``(area, area, is_railway)`` connection that the layout allows."""
    canvas = _Canvas(grid)
    ways = plan(grid.slots, [(a, b) for a, b, _ in edges])
    h, w = grid.height, grid.width
    missing = []
    for a, b, rail in edges:
        path = ways[(a, b)]
        if path is None:
            missing.append((a, b))
        elif len(path) == 2 and path[0][1] != path[1][1] and path[0][0] != path[1][0]:  # corner to corner
            (ca, ra), (cb, _) = path
            x, y = grid.origin(min(ca, cb), ra)
            canvas.diagonals.setdefault((x + w, y + h), set()).add("\\" if cb > ca else "/")
            if rail:
                canvas.rail.add((x + w, y + h))
        else:
            _draw_path(grid, canvas, path, rail)
    lines = canvas.lines()
    lines.missing = missing
    return lines


def _draw_path(grid: Grid, canvas: _Canvas, path: list[Slot], rail: bool) -> None:
    """Straight legs from the first slot's edge through the bends to the last slot's edge."""
    points = [grid.anchor(*s) for s in path]
    for i, (q, r) in enumerate(pairwise(path)):
        start, end = points[i], points[i + 1]
        if i == 0:
            start = _edge(grid, q, r)
        if i == len(path) - 2:
            end = _edge(grid, r, q)
        canvas.segment(start, end, q[0] == r[0], rail, i == 0, i == len(path) - 2)


def _edge(grid: Grid, slot: Slot, toward: Slot) -> tuple[int, int]:
    """The first character outside ``slot``'s cell on a line leaving it towards ``toward``."""
    x, y = grid.anchor(*slot)
    ox, _ = grid.origin(*slot)
    if toward[1] == slot[1]:
        return (ox + grid.width, y) if toward[0] > slot[0] else (ox - 1, y)
    return (x, y + grid.height) if toward[1] > slot[1] else (x, y - 1)


__all__ = ["Grid", "Lines", "plan", "route"]
