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

from ..i18n import N_, _, source_language
from .stats import lean

#: a pairing's lean → its words in a sentence
WORDS = {"PL": N_("PL favoured"), "ZURL": N_("ZURL favoured"), "even": N_("even"), "unclear": N_("cannot tell"),
         "none": N_("no decisive game")}
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
            if not self.pairings:
                return _("no games")
            return _("{verdict} (one pairing: nothing to compare with)", verdict=_(WORDS[self.pairings[0].lean]))
        if status == "undecided":
            return _("no pairing can tell yet: play more games")
        unclear = [o.label for o in self.pairings if o.lean not in CLEAR]
        rest = _("; cannot tell: {pairings}", pairings=", ".join(unclear)) if unclear else ""
        flagged = self.flagged()

        def said(side: str) -> str:
            return _("{flag}{verdict} by {pairings}", flag=FLAG + " " if side in flagged else "", verdict=_(WORDS[side]),
                     pairings=", ".join(found[side]))

        if status == "changes":
            return _("changes with the bots: {verdicts}{rest}", verdicts="; ".join(said(side) for side in found), rest=rest)
        (side,) = found
        if status == "single":
            return _("{flag} only {pairing} says {verdict}{rest}", flag=FLAG, pairing=found[side][0], verdict=_(WORDS[side]), rest=rest)
        if unclear:
            return _("holds: {verdict} by {pairings}{rest}", verdict=_(WORDS[side]), pairings=", ".join(found[side]), rest=rest)
        return _("holds: {verdict} by {pairings} (every pairing)", verdict=_(WORDS[side]), pairings=", ".join(found[side]))

    def to_json(self) -> dict[str, Any]:
        with source_language():  # JSON says the same in every language
            summary = self.summary()
        return {
            "scenario": self.scenario,
            "pairings": {o.label: o.lean for o in self.pairings},
            "status": self.status,
            "flagged": self.flagged(),
            "summary": summary,
        }


def compare(pairings: list[tuple[int, PairingTally]]) -> list[ScenarioVerdict]:
    """Group (scenario, pairing) pairs by scenario, in the order the scenarios first come."""
    by: dict[int, ScenarioVerdict] = {}
    for scenario, pairing in pairings:
        by.setdefault(scenario, ScenarioVerdict(scenario)).pairings.append(pairing)
    return list(by.values())
