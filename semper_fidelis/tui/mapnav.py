"""Arrow keys (and hjkl) on the map, by the layout positions ``Area.pos`` the map is drawn from,
one rule the player can predict (issue 23):

1. the nearest area within 45° of the arrow (distance along it plus across it);
2. else the nearest area ahead at all (across counts twice);
3. else, at the edge, round to the far side: the area farthest back, the nearest to the
   cursor's line (Down from Sokolniki, the bottom row, goes to the top row).

When a step asks for an area, only the lit areas (the candidates) are stepped through.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

DIRECTIONS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


def step(positions: dict[str, tuple[int, int]], current: str | None, direction: str,
         among: Iterable[str] | None = None) -> str | None:
    """The area reached from ``current`` by one arrow press, among ``among`` (None or empty:
    every area); ``current`` itself when it is the only one."""
    targets = [a for a in (among or positions) if a in positions]
    if not targets:
        return current
    if current not in positions:
        return min(targets, key=lambda a: (positions[a][1], positions[a][0]))
    ahead = toward(positions, current, direction, targets)
    if ahead is not None:
        return ahead
    along, across = _axes(positions, current, direction)
    others = [a for a in targets if a != current]
    if others:
        return min(others, key=lambda a: (along(a), across(a), positions[a]))
    return current


def toward(positions: dict[str, tuple[int, int]], current: str, direction: str, among: Iterable[str]) -> str | None:
    """Rules 1 and 2 only: the area of ``among`` that way from ``current`` (a neighbour picked
    by a direction key: a Move's destination), or None: nothing lies that way."""
    along, across = _axes(positions, current, direction)
    others = [a for a in among if a != current and a in positions]
    cone = [a for a in others if along(a) > 0 and across(a) <= along(a)]
    if cone:
        return min(cone, key=lambda a: (along(a) + across(a), across(a), positions[a]))
    ahead = [a for a in others if along(a) > 0]
    if ahead:
        return min(ahead, key=lambda a: (along(a) + 2 * across(a), across(a), positions[a]))
    return None


def _axes(positions: dict[str, tuple[int, int]], current: str, direction: str) -> tuple[Callable[[str], int], Callable[[str], int]]:
    """An area's distance along the arrow from ``current``, and across it."""
    dx, dy = DIRECTIONS[direction]
    cx, cy = positions[current]

    def along(a: str) -> int:
        return (positions[a][0] - cx) * dx + (positions[a][1] - cy) * dy

    def across(a: str) -> int:
        return abs((positions[a][0] - cx) * dy) + abs((positions[a][1] - cy) * dx)

    return along, across
