"""How a game ended, as a value (python-chess's ``Outcome``): who won (None: a draw), how
(a :class:`Termination`), why in the rulebook's words, and the Victory Points then.
``state.result`` holds one once the game is over; the view and the net protocol carry it as a
JSON table (:meth:`Outcome.to_dict`), and a state's digest hashes the table from before
terminations (:meth:`Outcome.digest_form`), so the digest of every record ever written still
holds: the reason already names the termination."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from typing_extensions import TypedDict  # pydantic validates it in a view that arrives (net/protocol.py)

from ..data.models import Side


class Termination(StrEnum):
    """How a game ended: at the end of the last Stage (the larger VP total wins, equal totals
    are a draw) or by one of the automatic victories. Its value is what records, views and
    batch summaries write."""

    END_OF_GAME = "end-of-game"  # §3: Victory Points compared after the last Stage
    LEAD = "lead"  # §3: a lead of 20 VP (the data's automatic_victory_lead) wins at once
    HUMANITARIAN_CRISIS = "humanitarian-crisis"  # §12: the Destruction marker reaches the skull
    SUPPLY_CUT = "supply-cut"  # Scenario 3: ZURL cut off from Winniki

    @property
    def label(self) -> str:
        """A few words for a report ("Humanitarian Crisis ×3")."""
        return _LABELS[self]


_LABELS = {
    Termination.END_OF_GAME: "end of the game",
    Termination.LEAD: "VP lead",
    Termination.HUMANITARIAN_CRISIS: "Humanitarian Crisis",
    Termination.SUPPLY_CUT: "Supply Cut",
}


class OutcomeDict(TypedDict):
    """An Outcome as JSON (a view's ``result``)."""

    winner: Side | None
    reason: str
    vp: dict[Side, int]
    termination: str  # a Termination's value


@dataclass(frozen=True)
class Outcome:
    winner: Side | None
    termination: Termination
    reason: str
    #: each side's VP when the game ended (a copy: never changed after)
    vp: dict[Side, int]

    @property
    def draw(self) -> bool:
        return self.winner is None

    def to_dict(self) -> OutcomeDict:
        """The JSON form a view or net message carries."""
        return {"winner": self.winner, "reason": self.reason, "vp": dict(self.vp), "termination": self.termination.value}

    def digest_form(self) -> dict[str, Any]:
        """What a state's digest hashes: the table of record formats 1 and 2, unchanged."""
        return {"winner": self.winner, "reason": self.reason, "vp": dict(self.vp)}
