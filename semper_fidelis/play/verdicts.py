"""Does a scenario's verdict hold whoever plays it? The ``balance`` verdicts of several pairings
of bots (general v general, marshal v marshal, mixed) compared per scenario.

A balance table played by one pair of bots measures the bots as much as the scenario: weak
bots can make a scenario look one-sided. So each scenario's pairings are compared: the verdict
*holds* when every pairing that can tell agrees, *changes with the bots* when two pairings
disagree, and a verdict that only one pairing supports is flagged — a designer should not act
on it without more games or stronger bots.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .stats import lean

#: a pairing's lean → its words in a sentence
WORDS = {"PL": "PL favoured", "ZURL": "ZURL favoured", "even": "even", "unclear": "cannot tell", "none": "no decisive game"}
#: the leans that are verdicts (the others say the sample is too small)
CLEAR = ("PL", "ZURL", "even")
FLAG = "⚑"


@dataclass(frozen=True)
class PairingTally:
    """One pairing's decisive games in one scenario."""

    pl_bot: str
    zurl_bot: str
    pl_wins: int
    zurl_wins: int

    @property
    def label(self) -> str:
        return f"{self.pl_bot} v {self.zurl_bot}"

    @property
    def lean(self) -> str:
        return lean(self.pl_wins, self.zurl_wins)


@dataclass
class ScenarioVerdict:
    """The pairings of one scenario compared (:func:`compare`)."""

    scenario: int
    pairings: list[PairingTally] = field(default_factory=list)

    def supporters(self) -> dict[str, list[str]]:
        """Each verdict given (PL, ZURL, even) → the pairings that give it, in their order."""
        out: dict[str, list[str]] = {}
        for o in self.pairings:
            if o.lean in CLEAR:
                out.setdefault(o.lean, []).append(o.label)
        return out

    @property
    def status(self) -> str:
        """"holds" (every pairing that can tell agrees, and two or more do), "single" (one
        pairing alone gives a verdict), "changes" (pairings disagree), "undecided" (none can
        tell) or "one pairing" (nothing to compare with)."""
        if len(self.pairings) < 2:
            return "one pairing"
        found = self.supporters()
        if not found:
            return "undecided"
        if len(found) > 1:
            return "changes"
        (labels,) = found.values()
        return "holds" if len(labels) > 1 else "single"

    def flagged(self) -> list[str]:
        """The verdicts only one pairing supports (when there were others to support them)."""
        if len(self.pairings) < 2:
            return []
        return [side for side, labels in self.supporters().items() if len(labels) == 1]

    def summary(self) -> str:
        """One sentence: the verdict across the pairings, ⚑ before a verdict only one supports."""
        status = self.status
        found = self.supporters()
        if status == "one pairing":
            return f"{WORDS[self.pairings[0].lean]} (one pairing: nothing to compare with)" if self.pairings else "no games"
        if status == "undecided":
            return "no pairing can tell yet: play more games"
        unclear = [o.label for o in self.pairings if o.lean not in CLEAR]
        rest = f"; cannot tell: {', '.join(unclear)}" if unclear else ""
        flagged = self.flagged()

        def said(side: str) -> str:
            return f"{FLAG + ' ' if side in flagged else ''}{WORDS[side]} by {', '.join(found[side])}"

        if status == "changes":
            return "changes with the bots: " + "; ".join(said(side) for side in found) + rest
        (side,) = found
        if status == "single":
            return f"{FLAG} only {found[side][0]} says {WORDS[side]}{rest}"
        everyone = " (every pairing)" if not unclear else ""
        return f"holds: {WORDS[side]} by {', '.join(found[side])}{everyone}{rest}"

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "pairings": {o.label: o.lean for o in self.pairings},
            "status": self.status,
            "flagged": self.flagged(),
            "summary": self.summary(),
        }


def compare(pairings: list[tuple[int, PairingTally]]) -> list[ScenarioVerdict]:
    """Group (scenario, pairing) pairs by scenario, in the order the scenarios first come."""
    by: dict[int, ScenarioVerdict] = {}
    for scenario, pairing in pairings:
        by.setdefault(scenario, ScenarioVerdict(scenario)).pairings.append(pairing)
    return list(by.values())
