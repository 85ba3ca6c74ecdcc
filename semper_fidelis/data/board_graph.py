"""Small pure graph helpers over the board.

They work on plain mappings so that they serve the loaded data, the engine and the tests alike:

- ``neighbours``: area id -> ids of the adjacent areas, e.g. ``{a.id: a.neighbours for a in
  board.areas}`` or ``neighbour_map(game_data.areas)``;
- ``rail_neighbours``: area id -> ids linked to it by a railway (consecutive stations of a line),
  e.g. ``GameData.rail_neighbours`` or ``rail_links(board.railways)``.

Nothing here knows the rules about who occupies what: callers pass predicates or sets.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from itertools import pairwise

from .models import Area, Railway

Neighbours = Mapping[str, Iterable[str]]


def neighbour_map(areas: Mapping[str, Area] | Iterable[Area]) -> dict[str, tuple[str, ...]]:
    """Adjacency as area id -> neighbour ids, from ``{id: Area}`` or a sequence of areas."""
    values = areas.values() if isinstance(areas, Mapping) else areas
    return {a.id: tuple(a.neighbours) for a in values}


def rail_links(railways: Iterable[Railway]) -> dict[str, frozenset[str]]:
    """Railway adjacency: consecutive stations of every line are linked both ways.

    Only areas on some railway appear as keys (``GameData.rail_neighbours`` also lists the other
    areas, with no links)."""
    links: dict[str, set[str]] = {}
    for line in railways:
        for a, b in pairwise(line.areas):
            links.setdefault(a, set()).add(b)
            links.setdefault(b, set()).add(a)
    return {k: frozenset(v) for k, v in links.items()}


def distances(
    neighbours: Neighbours,
    start: str,
    passable: Callable[[str], bool] | None = None,
    limit: int | None = None,
) -> dict[str, int]:
    """Breadth-first distances in spaces from ``start`` (which is at 0).

    ``passable(area)`` says whether a path may go on THROUGH ``area``: an impassable area can
    still be reached (it gets its distance) but nothing beyond it is reached through it. The
    start is always left, whatever ``passable`` says. With ``limit``, areas further than ``limit``
    spaces are left out (a Move order reaches ``limit=3``, §6.2)."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here != start and passable is not None and not passable(here):
            continue
        step = dist[here] + 1
        if limit is not None and step > limit:
            continue
        for there in neighbours.get(here, ()):
            if there not in dist:
                dist[there] = step
                todo.append(there)
    return dist


def rail_reachable(rail_neighbours: Neighbours, start: str, blocked: set[str] | frozenset[str]) -> set[str]:
    """Areas reachable from ``start`` along railway links without entering a ``blocked`` area.

    ``start`` is included unless it is blocked itself (then nothing is reachable). Used for Relief
    (§10): ``blocked`` holds the areas occupied by the opponent."""
    if start in blocked:
        return set()
    seen = {start}
    todo = [start]
    while todo:
        here = todo.pop()
        for there in rail_neighbours.get(here, ()):
            if there not in seen and there not in blocked:
                seen.add(there)
                todo.append(there)
    return seen


def is_connected(neighbours: Neighbours, areas: Iterable[str] | None = None) -> bool:
    """Whether ``areas`` (default: every key of ``neighbours``) form one connected group, moving
    only through those areas."""
    group = set(neighbours if areas is None else areas)
    if not group:
        return True
    first = next(iter(group))
    reached = distances({a: [n for n in neighbours.get(a, ()) if n in group] for a in group}, first)
    return set(reached) == group


__all__ = ["distances", "is_connected", "neighbour_map", "rail_links", "rail_reachable"]
