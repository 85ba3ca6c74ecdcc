"""What a batch of games found, as pictures: how the final VP margin is spread, in which round
the games end, and each side's win rate by scenario — in the terminal (plotext:
``render.charts.terminal_charts`` draws them) and, for a report, as an SVG or PNG file
(matplotlib, the optional ``plots`` extra: ``pip install 'semper-fidelis[plots]'``).

The numbers come from the batch's game summaries only; :func:`figures` gathers them once for
both kinds of output."""

from __future__ import annotations

import io
import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..engine import check_target, write_atomic_bytes
from ..i18n import _, number
from .batch import PL, ZURL, BatchResult

#: the file kinds ``--plot`` writes
PLOT_SUFFIXES = (".svg", ".png")
INSTALL = "pip install 'semper-fidelis[plots]'"


@dataclass(frozen=True)
class WinRates:
    """One pairing of bots: per scenario the games, and the share won by PL, by ZURL, drawn."""

    pl_bot: str
    zurl_bot: str
    scenarios: tuple[int, ...]
    games: tuple[int, ...]
    rates: dict[str | None, tuple[float, ...]]  # side (None: draws) -> one rate per scenario


@dataclass(frozen=True)
class Figures:
    games: int
    margins: tuple[int, ...]  # PL's final VP minus ZURL's, one per game
    end_rounds: Counter[int]
    win_rates: tuple[WinRates, ...]


def figures(batches: list[BatchResult]) -> Figures:
    games = [g for b in batches for g in b.games]
    pairings: dict[tuple[str, str], list[BatchResult]] = {}
    for b in batches:
        pairings.setdefault((b.matchup.pl, b.matchup.zurl), []).append(b)
    rates = tuple(
        WinRates(pl, zurl, tuple(b.matchup.scenario for b in bs), tuple(len(b.games) for b in bs),
                 {side: tuple(b.rate(side) for b in bs) for side in (PL, ZURL, None)})
        for (pl, zurl), bs in pairings.items()
    )
    return Figures(len(games), tuple(g.vp[PL] - g.vp[ZURL] for g in games), Counter(g.rounds for g in games), rates)


def margin_bins(margins: tuple[int, ...], most: int) -> list[tuple[str, int]]:
    """(label, games) for the margins in at most ``most`` bins of whole VP: a tie on its own,
    PL ahead (positive) and ZURL ahead (negative) in bins of equal width (1, 2, 5, 10 … VP)."""
    if not margins:
        return []
    lo, hi = min(margins + (0,)), max(margins + (0,))

    def bin_of(m: int, w: int) -> int:  # 0 alone; 1..w is bin 1, -w..-1 bin -1, and so on
        return 0 if m == 0 else (1 if m > 0 else -1) * math.ceil(abs(m) / w)

    width = next(w for w in (1, 2, 3, 5, 10, 20, 50, 100, 10**6) if bin_of(hi, w) - bin_of(lo, w) + 1 <= most)
    counts = Counter(bin_of(m, width) for m in margins)
    out = []
    for k in range(bin_of(lo, width), bin_of(hi, width) + 1):
        if k == 0:
            label = "0"
        else:
            a, b = (k - 1) * width + 1, k * width if k > 0 else None
            if k < 0:
                a, b = k * width, (k + 1) * width - 1
            label = f"{a:+d}" if a == b else f"{a:+d}…{b:+d}"
        out.append((label, counts.get(k, 0)))
    return out


def _mean(values: Iterable[float]) -> float:
    values = list(values)
    return sum(values) / len(values) if values else 0.0


def margin_title(f: Figures) -> str:
    ahead = sum(m > 0 for m in f.margins)
    behind = sum(m < 0 for m in f.margins)
    return _("Final VP margin PL−ZURL: mean {mean}; PL ahead {ahead}, ZURL {behind}, level {level}",
             mean=number(_mean(f.margins), 1, signed=True), ahead=ahead, behind=behind, level=f.games - ahead - behind)


def rounds_title(f: Figures) -> str:
    return _("Games by the round they ended in: mean {mean}", mean=number(_mean(f.end_rounds.elements()), 1))


def rates_title(w: WinRates) -> str:
    return _("Win rate by scenario, PL {pl} v ZURL {zurl}", pl=w.pl_bot, zurl=w.zurl_bot)


class PlotsMissing(RuntimeError):
    """matplotlib is not installed: the one line says what to install."""


def check_plot_file(path: Path) -> None:
    """Before a batch is played: a file kind ``--plot`` can write, a place it can be written
    (OSError: no such folder, a link or a FIFO there; :func:`check_target`), and matplotlib."""
    if path.suffix.lower() not in PLOT_SUFFIXES:
        svg, png = PLOT_SUFFIXES
        raise ValueError(_("--plot writes {svg} or {png} files, not {name}", svg=svg, png=png, name=repr(path.name)))
    check_target(path)
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise PlotsMissing(_("--plot needs matplotlib: {command}", command=INSTALL)) from None


#: how the sides' bars are told apart without colour
HATCH = {PL: "//", ZURL: "..", None: ""}


def write_plot(f: Figures, path: Path, title: str) -> None:
    """The same figures as ``render.charts.terminal_charts``, stacked in one SVG or PNG file; an SVG keeps
    its text as text (numbers and labels can be searched and copied)."""
    import matplotlib
    from matplotlib.figure import Figure

    rows = 2 + len(f.win_rates)
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "semper-fidelis", "hatch.linewidth": 0.8}):
        fig = Figure(figsize=(9, 3.2 * rows), layout="constrained")
        fig.suptitle(title)
        axes = fig.subplots(rows, 1)
        bins = margin_bins(f.margins, 25)
        ax = axes[0]
        drawn = ax.bar([b[0] for b in bins], [b[1] for b in bins], color="#888888", edgecolor="black")
        ax.bar_label(drawn)
        ax.set_title(margin_title(f), fontsize=9)
        ax.set_xlabel(_("PL's VP minus ZURL's at the end"))
        ax.set_ylabel(_("games"))
        ax = axes[1]
        rounds = sorted(f.end_rounds)
        drawn = ax.bar([str(r) for r in rounds], [f.end_rounds[r] for r in rounds], color="#888888", edgecolor="black")
        ax.bar_label(drawn)
        ax.set_title(rounds_title(f), fontsize=9)
        ax.set_xlabel(_("round"))
        ax.set_ylabel(_("games"))
        for ax, w in zip(axes[2:], f.win_rates, strict=True):
            step = 0.27
            for k, (side, name) in enumerate(((PL, "PL"), (ZURL, "ZURL"), (None, _("draw")))):
                xs = [i + (k - 1) * step for i in range(len(w.scenarios))]
                drawn = ax.bar(xs, [100 * r for r in w.rates[side]], step, label=name, hatch=HATCH[side],
                               color={PL: "#ff5f6e", ZURL: "#ffa94d", None: "#dddddd"}[side], edgecolor="black")
                ax.bar_label(drawn, fmt="%.0f%%", fontsize=8)
            ax.set_xticks(range(len(w.scenarios)), [_("Scenario {number}", number=s) for s in w.scenarios])
            ax.set_ylim(0, 115)
            ax.set_ylabel(_("share of games, %"))
            ax.set_title(rates_title(w), fontsize=9)
            ax.legend(loc="upper right", fontsize=8)
        picture = io.BytesIO()  # matplotlib would open the path itself: through a link, or a FIFO's wait
        fig.savefig(picture, format=path.suffix.lower().removeprefix("."))
    write_atomic_bytes(path, picture.getvalue())
