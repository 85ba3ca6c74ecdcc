"""Win rates a designer can trust: Wilson score intervals and a plain verdict on balance."""

from __future__ import annotations

import math

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
        return "no decisive game"
    lo, hi = wilson(pl_wins, pl_wins + zurl_wins)
    if side == "PL":
        return f"PL favoured ({100 * lo:.0f}–{100 * hi:.0f}% of decisive games)"
    if side == "ZURL":
        return f"ZURL favoured ({100 * (1 - hi):.0f}–{100 * (1 - lo):.0f}% of decisive games)"
    if side == "even":
        return f"even (PL {100 * lo:.0f}–{100 * hi:.0f}% of decisive games)"
    return f"too few games to tell (PL {100 * lo:.0f}–{100 * hi:.0f}% of decisive games)"
