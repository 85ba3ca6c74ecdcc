"""Win rates a designer can trust: Wilson score intervals and a plain verdict on balance."""

from __future__ import annotations

import math

from ..i18n import _, number

Z95 = 1.959963984540054


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (sound near 0 and 1, unlike the normal one)."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def lean(pl_wins: int, zurl_wins: int, margin: float = 0.1) -> str:
    """Who a scenario favours, from the decisive games: "PL" or "ZURL" when that side's share
    of the wins has its whole 95% interval above one half; "even" when the interval lies within
    ``margin`` of one half; "unclear" when the sample is too small to say; "none" without a
    decisive game."""
    decisive = pl_wins + zurl_wins
    if decisive == 0:
        return "none"
    lo, hi = wilson(pl_wins, decisive)
    if lo > 0.5:
        return "PL"
    if hi < 0.5:
        return "ZURL"
    if 0.5 - margin <= lo and hi <= 0.5 + margin:
        return "even"
    return "unclear"


def verdict(pl_wins: int, zurl_wins: int, margin: float = 0.1) -> str:
    """:func:`lean` in a sentence, with the interval of the decisive games."""
    side = lean(pl_wins, zurl_wins, margin)
    if side == "none":
        return _("no decisive game")
    lo, hi = wilson(pl_wins, pl_wins + zurl_wins)
    if side == "PL":
        return _("PL favoured ({share} of decisive games)", share=_share(lo, hi))
    if side == "ZURL":
        return _("ZURL favoured ({share} of decisive games)", share=_share(1 - hi, 1 - lo))
    if side == "even":
        return _("even (PL {share} of decisive games)", share=_share(lo, hi))
    return _("too few games to tell (PL {share} of decisive games)", share=_share(lo, hi))


def _share(lo: float, hi: float) -> str:
    """An interval of shares as percents: 53–72%."""
    return f"{number(100 * lo)}–{number(100 * hi)}%"


def mcnemar_exact(b: int, c: int) -> float:
    """McNemar's exact test: the two-sided p-value that the ``b`` pairs changed one way and
    the ``c`` changed the other way by chance alone (each way equally likely: a binomial of
    ``b + c`` trials at one half). 1.0 when no pair changed."""
    n = b + c
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(b, c) + 1))
    outcomes: int = 2**n  # every way the n pairs could have changed
    return min(1.0, 2 * tail / outcomes)


def paired_shift(both: int, first_only: int, second_only: int, neither: int, z: float = Z95) -> tuple[float, float, float]:
    """The shift of a rate between two paired samples (second minus first) with Newcombe's
    interval for paired proportions (his method 10: the Wilson intervals of both rates,
    combined with the pairs' correlation, continuity-corrected). Pairs: ``both`` had the event in both samples,
    ``first_only`` / ``second_only`` in one, ``neither`` in none."""
    n = both + first_only + second_only + neither
    if n == 0:
        return 0.0, -1.0, 1.0
    p1, p2 = (both + first_only) / n, (both + second_only) / n
    l1, u1 = wilson(both + first_only, n, z)
    l2, u2 = wilson(both + second_only, n, z)
    margins = (both + first_only) * (second_only + neither) * (both + second_only) * (first_only + neither)
    product = both * neither - first_only * second_only
    cross = product - n / 2 if product > n / 2 else float(min(product, 0))
    phi = cross / math.sqrt(margins) if margins else 0.0
    shift = p2 - p1
    lower = math.sqrt(max(0.0, (p2 - l2) ** 2 - 2 * phi * (p2 - l2) * (u1 - p1) + (u1 - p1) ** 2))
    upper = math.sqrt(max(0.0, (u2 - p2) ** 2 - 2 * phi * (u2 - p2) * (p1 - l1) + (p1 - l1) ** 2))
    return shift, max(-1.0, shift - lower), min(1.0, shift + upper)


def mean_interval(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal 95% interval (for the paired differences of VP
    margins and game lengths, whose counts are large enough for it)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return mean, mean - half, mean + half
