"""Arrow keys on the map: from one area to the nearest area in that direction (by the layout
positions ``Area.pos`` the map is drawn from), so the cursor goes where the eye expects."""

from __future__ import annotations

DIRECTIONS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


def step(positions: dict[str, tuple[int, int]], current: str | None, direction: str) -> str | None:
    """The area reached from ``current`` by one arrow press (``current`` itself at an edge)."""
    if not positions:
        return None
    if current not in positions:
        return min(positions, key=lambda a: (positions[a][1], positions[a][0]))
    dx, dy = DIRECTIONS[direction]
    cx, cy = positions[current]
    best, best_score = current, None
    for area, (x, y) in positions.items():
        ahead = (x - cx) * dx + (y - cy) * dy  # distance along the arrow
        if ahead <= 0:
            continue
        aside = abs((x - cx) * dy) + abs((y - cy) * dx)  # distance across it
        score = (ahead + 2 * aside, aside, x, y)
        if best_score is None or score < best_score:
            best, best_score = area, score
    return best
