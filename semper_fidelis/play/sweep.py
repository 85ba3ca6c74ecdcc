"""A sweep of one variant key (``balance --scenario N --sweep KEY=A..B``): each value played as a
variant of the scenario on the same seeds and bots, PL's win rate against the value with its
95% interval, and the value closest to even — or the plain statement that no value is within
the noise of 50% (docs/designers-guide.md)."""

from __future__ import annotations

import io
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..data.loader import DataError, GameData
from ..data.variant import load_variant, set_key, to_toml
from ..engine import write_atomic_bytes
from ..i18n import N_, _, number, percent, source_language
from .batch import PL, ZURL, BatchResult

#: more values than this is a typo (``1..100``), and would take hours
MAX_VALUES = 21
_SWEEP = re.compile(r"^([A-Za-z_][A-Za-z0-9_.-]*)=(-?\d+)\.\.(-?\d+)$")


def parse_sweep(text: str) -> tuple[str, list[int]]:
    """``KEY=A..B`` → the dotted variant key and the values A to B; ValueError in one line."""
    found = _SWEEP.match(text.strip())
    if not found:
        raise ValueError(_("--sweep {text} is not KEY=A..B (as sides.PL.supply=4..8 or relief_delay.ZURL=0..3)", text=repr(text)))
    key, first, last = found[1], int(found[2]), int(found[3])
    if not first < last or last - first + 1 > MAX_VALUES:
        raise ValueError(_("--sweep {text}: give a rising range of 2 to {most} values", text=repr(text), most=MAX_VALUES))
    return key, list(range(first, last + 1))


def sweep_texts(data: GameData, scenario: int, key: str, values: list[int], base: str | None = None) -> list[str]:
    """One variant text per value: ``base`` (a variant's text, or none: the scenario as it is)
    with ``key`` set to the value. Every value is checked against the data first, so a bad key
    or a value off a track is told before any game is played (DataError, one line each)."""
    document: dict[str, Any] = tomllib.loads(base) if base is not None else {"name": "", "base": scenario}
    stem = document.get("name") or f"scenario {scenario}"
    texts, problems = [], []
    for value in values:
        text = to_toml(set_key({**document, "name": f"{stem}, {key}={value}"[-60:]}, key, value))
        try:
            load_variant(data, text, f"--sweep {key}={value}")
        except DataError as exc:
            problems += exc.problems
        texts.append(text)
    if problems:
        raise DataError(problems)
    return texts


@dataclass(frozen=True)
class Sweep:
    """One pairing of bots over the swept values."""

    key: str
    values: tuple[int, ...]
    batches: tuple[BatchResult, ...]

    @property
    def label(self) -> str:
        m = self.batches[0].matchup
        return f"{m.pl} v {m.zurl}"

    def rate(self, i: int) -> float:
        return self.batches[i].rate(PL)

    def interval(self, i: int) -> tuple[float, float]:
        return self.batches[i].ci95(PL)

    def closest(self) -> int:
        """The index of the value whose PL win rate is closest to one half (the first of equals)."""
        return min(range(len(self.values)), key=lambda i: abs(self.rate(i) - 0.5))

    def within_noise(self) -> list[int]:
        """The values whose 95% interval holds one half."""
        return [v for i, v in enumerate(self.values) if self.interval(i)[0] <= 0.5 <= self.interval(i)[1]]

    def summary(self) -> str:
        i = self.closest()
        lo, hi = self.interval(i)
        best = _("{pairing}: closest to even at {setting} (PL wins {rate}, 95% {low}–{high}%)", pairing=self.label,
                 setting=f"{self.key}={self.values[i]}", rate=percent(self.rate(i)), low=number(100 * lo), high=number(100 * hi))
        within = self.within_noise()
        if within:
            return _("{best}; within the noise of 50%: {values}", best=best, values=", ".join(map(str, within)))
        if self.rate(i) > 0.5:
            return _("{best}; no value is within the noise of 50%: PL's win rate is above it at every value tried", best=best)
        return _("{best}; no value is within the noise of 50%: PL's win rate is below it at every value tried", best=best)

    def rows(self) -> list[list[str]]:
        out = []
        for i, value in enumerate(self.values):
            b = self.batches[i]
            lo, hi = self.interval(i)
            mark = " ◀" if i == self.closest() else ""
            out.append([self.label, f"{value}{mark}", str(len(b.games)), f"{percent(self.rate(i))} ({number(100 * lo)}–{number(100 * hi)}%)",
                        percent(b.rate(ZURL)), str(b.wins(None)), number(b.mean_vp(PL) - b.mean_vp(ZURL), 1, signed=True),
                        number(b.mean_rounds(), 1)])
        return out

    def to_json(self) -> dict[str, Any]:
        with source_language():  # JSON says the same in every language
            summary = self.summary()
        m = self.batches[0].matchup
        return {
            "key": self.key,
            "bots": {PL: m.pl, ZURL: m.zurl},
            "points": [{"value": v, "games": len(b.games), "pl_wins": b.wins(PL), "zurl_wins": b.wins(ZURL), "draws": b.wins(None),
                        "pl_rate": round(self.rate(i), 4), "pl_ci95": [round(x, 4) for x in self.interval(i)],
                        "mean_vp_margin": round(b.mean_vp(PL) - b.mean_vp(ZURL), 2), "mean_rounds": round(b.mean_rounds(), 2)}
                       for i, (v, b) in enumerate(zip(self.values, self.batches, strict=True))],
            "closest_to_even": self.values[self.closest()],
            "within_noise": self.within_noise(),
            "summary": summary,
        }


def sweeps(key: str, values: list[int], batches: list[BatchResult]) -> list[Sweep]:
    """The batches of a sweep (for each pairing, one per value in order) as one Sweep per pairing."""
    n = len(values)
    return [Sweep(key, tuple(values), tuple(batches[i:i + n])) for i in range(0, len(batches), n)]


COLUMNS = (N_("Pairing"), N_("Value"), N_("Games"), N_("PL wins (95%)"), N_("ZURL wins"), N_("Draws"), N_("Mean VP margin"), N_("Mean rounds"))


def write_sweep_plot(found: list[Sweep], path: Path, title: str) -> None:
    """PL's win rate against the swept value, with its 95% intervals, one line per pairing."""
    import matplotlib
    from matplotlib.figure import Figure

    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "semper-fidelis"}):
        fig = Figure(figsize=(8, 4.5), layout="constrained")
        ax = fig.subplots()
        for k, s in enumerate(found):
            rates = [100 * s.rate(i) for i in range(len(s.values))]
            errors = [[r - 100 * s.interval(i)[0] for i, r in enumerate(rates)], [100 * s.interval(i)[1] - r for i, r in enumerate(rates)]]
            xs = [v + 0.06 * (k - (len(found) - 1) / 2) for v in s.values]  # pairings side by side, not on top
            ax.errorbar(xs, rates, yerr=errors, marker="os^D"[k % 4], capsize=4, label=s.label)
        ax.axhline(50, color="black", linewidth=0.8, linestyle="--")
        ax.set_xticks(found[0].values)
        ax.set_ylim(0, 100)
        ax.set_xlabel(found[0].key)
        ax.set_ylabel(_("PL wins, % ({confidence} interval)", confidence="95%"))
        ax.set_title(title, fontsize=9)
        ax.legend(fontsize=8)
        picture = io.BytesIO()
        fig.savefig(picture, format=path.suffix.lower().removeprefix("."))
    write_atomic_bytes(path, picture.getvalue())
