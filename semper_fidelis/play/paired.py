"""Paired comparison of a scenario and a variant of it (``balance --variant FILE``).

Both are played by the same bots on the same seeds, so each seed gives a pair of games. Two
balance tables from different games would let a small effect drown in the noise; the pairs
show it: McNemar's exact test asks whether the games whose winner changed changed one way
more than chance allows, and Newcombe's paired interval bounds the shift of each side's win
rate. The shifts of the VP margin and of the game's length are the means of the per-seed
differences (docs/designers-guide.md).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine import write_atomic_bytes
from ..i18n import N_, _, decimal_mark, ngettext, number, percent, source_language
from .batch import PL, ZURL, BatchResult, GameSummary
from .stats import mcnemar_exact, mean_interval, paired_shift, wilson

#: a shift is called significant when McNemar's p-value is below this
ALPHA = 0.05


@dataclass(frozen=True)
class SideShift:
    """One side's wins in the base and in the variant, over the same seeds."""

    side: str
    both: int  # seeds won in both
    base_only: int  # won in the base, not in the variant
    variant_only: int
    neither: int

    @property
    def games(self) -> int:
        return self.both + self.base_only + self.variant_only + self.neither

    def rate(self, variant: bool) -> float:
        return (self.both + (self.variant_only if variant else self.base_only)) / self.games

    def interval(self, variant: bool) -> tuple[float, float]:
        return wilson(self.both + (self.variant_only if variant else self.base_only), self.games)

    def shift(self) -> tuple[float, float, float]:
        """The change of the win rate, variant minus base, and its 95% interval."""
        return paired_shift(self.both, self.base_only, self.variant_only, self.neither)

    @property
    def p_value(self) -> float:
        return mcnemar_exact(self.base_only, self.variant_only)


def side_shift(side: str, pairs: list[tuple[GameSummary, GameSummary]]) -> SideShift:
    won = [(b.winner == side, v.winner == side) for b, v in pairs]
    return SideShift(side, won.count((True, True)), won.count((True, False)), won.count((False, True)), won.count((False, False)))


@dataclass(frozen=True)
class Paired:
    """One pairing of bots: the base scenario's games and the variant's, seed by seed."""

    base: BatchResult
    variant: BatchResult

    def __post_init__(self) -> None:
        if [g.seed for g in self.base.games] != [g.seed for g in self.variant.games]:
            raise ValueError(_("the base and the variant were not played on the same seeds"))

    @property
    def label(self) -> str:
        return f"{self.base.matchup.pl} v {self.base.matchup.zurl}"

    @property
    def pairs(self) -> list[tuple[GameSummary, GameSummary]]:
        return list(zip(self.base.games, self.variant.games, strict=True))

    def side(self, side: str) -> SideShift:
        return side_shift(side, self.pairs)

    @property
    def changed(self) -> int:
        """Seeds whose winner (or draw) differs between the base and the variant."""
        return sum(1 for b, v in self.pairs if b.winner != v.winner)

    def margin_shift(self) -> tuple[float, float, float]:
        """Mean change of PL's VP lead at the end (variant minus base), with its interval."""
        return mean_interval([float((v.vp[PL] - v.vp[ZURL]) - (b.vp[PL] - b.vp[ZURL])) for b, v in self.pairs])

    def rounds_shift(self) -> tuple[float, float, float]:
        return mean_interval([float(v.rounds - b.rounds) for b, v in self.pairs])

    def significant(self) -> bool:
        return self.side(PL).p_value < ALPHA

    def summary(self) -> str:
        """One sentence: does the variant move PL's win rate, and which way."""
        pl = self.side(PL)
        shift, lo, hi = pl.shift()
        moved = _("PL's win rate {base} → {variant} ({shift}, 95% {low} to {high})", base=percent(pl.rate(False)),
                  variant=percent(pl.rate(True)), shift=_signed(shift), low=_signed(lo), high=_signed(hi))
        test = ngettext("McNemar p = {p} on {n} game whose PL result changed", "McNemar p = {p} on {n} games whose PL result changed",
                        pl.base_only + pl.variant_only, p=_p(pl.p_value))
        if not self.significant():
            return _("{pairing}: no shift beyond chance — {moved}; {test}.", pairing=self.label, moved=moved, test=test)
        if shift > 0:
            return _("{pairing}: the variant helps PL — {moved}; {test}.", pairing=self.label, moved=moved, test=test)
        return _("{pairing}: the variant hurts PL — {moved}; {test}.", pairing=self.label, moved=moved, test=test)

    def to_json(self) -> dict[str, Any]:
        with source_language():  # JSON says the same in every language
            summary = self.summary()
        sides = {}
        for name in (PL, ZURL):
            s = self.side(name)
            shift, lo, hi = s.shift()
            sides[name] = {"base": round(s.rate(False), 4), "variant": round(s.rate(True), 4),
                           "base_ci95": [round(x, 4) for x in s.interval(False)],
                           "variant_ci95": [round(x, 4) for x in s.interval(True)],
                           "shift": round(shift, 4), "shift_ci95": [round(lo, 4), round(hi, 4)],
                           "lost_in_variant": s.base_only, "won_in_variant": s.variant_only,
                           "mcnemar_p": round(s.p_value, 6)}
        return {
            "bots": {PL: self.base.matchup.pl, ZURL: self.base.matchup.zurl},
            "games": len(self.base.games),
            "seeds": [g.seed for g in self.base.games],
            "sides": sides,
            "winner_changed": self.changed,
            "vp_margin_shift": [round(x, 3) for x in self.margin_shift()],
            "rounds_shift": [round(x, 3) for x in self.rounds_shift()],
            "mean_rounds": {"base": round(self.base.mean_rounds(), 2), "variant": round(self.variant.mean_rounds(), 2)},
            "significant": self.significant(),
            "summary": summary,
        }


def pair_up(batches: list[BatchResult]) -> list[Paired]:
    """The batches of :func:`matchups` (base, variant, base, variant …) in pairs."""
    return [Paired(base, variant) for base, variant in zip(batches[::2], batches[1::2], strict=True)]


COLUMNS = (N_("Pairing"), N_("Games"), N_("PL wins base → variant"), N_("Shift (95%)"), N_("ZURL wins base → variant"),
           N_("ZURL shift (95%)"), N_("PL result changed (lost / won)"), N_("McNemar p"), N_("VP margin shift"),
           N_("Length shift (rounds)"))


def rows(paired: list[Paired]) -> list[list[str]]:
    out = []
    for p in paired:
        pl, zurl = p.side(PL), p.side(ZURL)
        out.append([p.label, str(len(p.base.games)), _rates(pl), _shift(pl), _rates(zurl), _shift(zurl),
                    f"{pl.base_only} / {pl.variant_only}", _p(pl.p_value), _mean(p.margin_shift()), _mean(p.rounds_shift())])
    return out


def _rates(s: SideShift) -> str:
    return f"{percent(s.rate(False))} → {percent(s.rate(True))}"


def _shift(s: SideShift) -> str:
    shift, lo, hi = s.shift()
    return _("{shift} ({low} to {high})", shift=_signed(shift), low=_signed(lo), high=_signed(hi))


def _signed(x: float) -> str:
    return _("{points} pts", points=number(100 * x, signed=True))


def _p(p: float) -> str:
    """A p-value to three significant digits, with the language's decimal mark."""
    return f"{p:.3g}".replace(".", decimal_mark())


def _mean(found: tuple[float, float, float]) -> str:
    mean, lo, hi = found
    return _("{shift} ({low} to {high})", shift=number(mean, 1, signed=True), low=number(lo, 1, signed=True), high=number(hi, 1, signed=True))


def write_paired_plot(paired: list[Paired], path: Path, title: str) -> None:
    """For each pairing, side by side: the VP margins of the base and the variant, and each
    side's win rate in both with its 95% interval (an SVG or PNG, as ``--plot`` writes)."""
    import matplotlib
    from matplotlib.figure import Figure

    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "semper-fidelis", "hatch.linewidth": 0.8}):
        fig = Figure(figsize=(12, 3.6 * len(paired)), layout="constrained")
        fig.suptitle(title)
        axes = fig.subplots(len(paired), 2, squeeze=False)
        for (left, right), p in zip(axes, paired, strict=True):
            margins = {name: [g.vp[PL] - g.vp[ZURL] for g in batch.games] for name, batch in (("base", p.base), ("variant", p.variant))}
            left.hist(list(margins.values()), bins=15, label=list(margins), color=["#bbbbbb", "#ff5f6e"], edgecolor="black")
            left.axvline(0, color="black", linewidth=0.8)
            left.set_title(_("{pairing}: PL's VP lead at the end", pairing=p.label), fontsize=9)
            left.set_xlabel(_("PL's VP minus ZURL's"))
            left.set_ylabel(_("games"))
            left.legend(fontsize=8)
            for k, (variant, name) in enumerate(((False, "base"), (True, "variant"))):
                shifts = [p.side(side) for side in (PL, ZURL)]
                rates = [100 * s.rate(variant) for s in shifts]
                errors = [[r - 100 * s.interval(variant)[0] for r, s in zip(rates, shifts, strict=True)],
                          [100 * s.interval(variant)[1] - r for r, s in zip(rates, shifts, strict=True)]]
                drawn = right.bar([i + (k - 0.5) * 0.4 for i in range(2)], rates, 0.4, yerr=errors, capsize=4, label=name,
                                  color="#ff5f6e" if variant else "#bbbbbb", hatch="//" if variant else "", edgecolor="black")
                right.bar_label(drawn, fmt="%.0f%%", fontsize=8, padding=8)
            right.set_xticks(range(2), [_("PL wins"), _("ZURL wins")])
            right.set_ylim(0, 115)
            right.set_ylabel(_("share of games, % ({confidence} interval)", confidence="95%"))
            right.set_title(_("{pairing}: McNemar p = {p}", pairing=p.label, p=_p(p.side(PL).p_value)), fontsize=9)
            right.legend(fontsize=8)
        picture = io.BytesIO()  # matplotlib would open the path itself: through a link, or a FIFO's wait
        fig.savefig(picture, format=path.suffix.lower().removeprefix("."))
    write_atomic_bytes(path, picture.getvalue())
