"""Compact text for groups of units in action notation: ``2v1s1h`` = 2 Volunteers, 1 Soldier
(or Sich Rifleman), 1 HQ of the acting side; ``m``/``a`` for allied Militia/Austro-Hungarians."""

from __future__ import annotations

import re
from itertools import product

from .state import AUSTRIAN, CODE, ELITE, HQ, MILITIA, VOLUNTEER

_ORDER = "vshma"
_GROUP_RE = re.compile(r"(\d+)([vshma])")


def type_for(side: str, code: str) -> str:
    return {"v": VOLUNTEER[side], "s": ELITE[side], "h": HQ[side], "m": MILITIA, "a": AUSTRIAN}[code]


def units_text(units: dict[str, int]) -> str:
    parts = sorted(((CODE[t], n) for t, n in units.items() if n), key=lambda p: _ORDER.index(p[0]))
    return "".join(f"{n}{c}" for c, n in parts)


#: plain names for the log and prompts (singular, plural)
UNIT_NAMES = {
    "pl-volunteer": ("Polish Volunteer", "Polish Volunteers"),
    "pl-soldier": ("Polish Soldier", "Polish Soldiers"),
    "pl-hq": ("PL HQ", "PL HQ"),
    "zurl-volunteer": ("Ukrainian Volunteer", "Ukrainian Volunteers"),
    "sich-rifleman": ("Sich Rifleman", "Sich Riflemen"),
    "zurl-hq": ("ZURL HQ", "ZURL HQ"),
    "jewish-militia": ("Jewish Militia unit", "Jewish Militia units"),
    "austro-hungarian": ("Austro-Hungarian unit", "Austro-Hungarian units"),
}


def unit_name(utype: str, n: int = 1) -> str:
    return UNIT_NAMES.get(utype, (utype, utype))[0 if n == 1 else 1]


def describe(units: dict[str, int]) -> str:
    """Plain words for a group: '2 Polish Volunteers and 1 Polish Soldier'."""
    parts = [f"{n} {unit_name(t, n)}" for t, n in sorted(units.items(), key=lambda p: _ORDER.index(CODE[p[0]])) if n]
    if not parts:
        return "no units"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def parse_units(side: str, text: str) -> dict[str, int]:
    if not re.fullmatch(r"(\d+[vshma])+", text):
        raise ValueError(f"'{text}' is not a unit group like 2v1s")
    out: dict[str, int] = {}
    for n, c in _GROUP_RE.findall(text):
        t = type_for(side, c)
        out[t] = out.get(t, 0) + int(n)
    return out


def subsets(units: dict[str, int], limit: int | None = None) -> list[dict[str, int]]:
    """Every non-empty sub-group of ``units`` (at most ``limit`` units), largest first."""
    types = [t for t, n in units.items() if n]
    out = []
    for counts in product(*(range(units[t] + 1) for t in types)):
        size = sum(counts)
        if size == 0 or (limit is not None and size > limit):
            continue
        out.append({t: c for t, c in zip(types, counts) if c})
    out.sort(key=lambda u: -sum(u.values()))
    return out
