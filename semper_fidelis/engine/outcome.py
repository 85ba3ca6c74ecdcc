"""How a game ended, as a value (python-chess's ``Outcome``): who won (None: a draw), why in
the rulebook's words, and the Victory Points then. ``state.result`` holds one once the game is
over; records, positions and the view carry it as the JSON table they always did
(:meth:`Outcome.to_dict`: ``winner``, ``reason``, ``vp``), so digests and the net protocol are
unchanged."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..data.models import Side


@dataclass(frozen=True)
class Outcome:
    winner: Side | None
    reason: str
    #: each side's VP when the game ended (a copy: never changed after)
    vp: dict[Side, int]

    @property
    def draw(self) -> bool:
        return self.winner is None

    def to_dict(self) -> dict[str, Any]:
        """The JSON form a view, record digest or net message carries."""
        return {"winner": self.winner, "reason": self.reason, "vp": dict(self.vp)}
