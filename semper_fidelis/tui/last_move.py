"""The last-move marks: the areas the other side's last turn changed on the map, read from the
engine's public events (each names the areas it changed, ``AREA_FACTS``)."""

from __future__ import annotations

from ..engine import AREA_FACTS, Event


def last_turn_areas(events: list[Event], side: str) -> set[str]:
    """Areas changed from ``side``'s latest turn marker to the next one (or to now, while that
    turn goes on): moves, battles, losses, mobilization, fortifications, tokens taken."""
    starts = [i for i, e in enumerate(events) if e.kind == "turn" and e.get("side") == side]
    if not starts:
        return set()
    end = next((i for i in range(starts[-1] + 1, len(events)) if events[i].kind == "turn"), len(events))
    return {e.get(name) for e in events[starts[-1]:end] for name in AREA_FACTS} - {None}


__all__ = ["last_turn_areas"]
