"""Compact text for groups of units in action notation: ``2v1s1h`` = 2 Volunteers, 1 Soldier
(or Sich Rifleman), 1 HQ of the acting side; ``m``/``a`` for allied Militia/Austro-Hungarians."""

from __future__ import annotations

import re
from itertools import product
from typing import TYPE_CHECKING

from ..data.models import Side
from .actions import UnitPairs, group_pairs, group_text
from .state import AUSTRIAN, CODE, ELITE, HQ, MILITIA, VOLUNTEER

if TYPE_CHECKING:
    from ..data.loader import GameData
    from .rules import Rules

_ORDER = "vshma"
_GROUP_RE = re.compile(r"(\d+)([vshma])")


def type_for(side: Side, code: str) -> str:
    return {"v": VOLUNTEER[side], "s": ELITE[side], "h": HQ[side], "m": MILITIA, "a": AUSTRIAN}[code]


def unit_pairs(units: dict[str, int]) -> UnitPairs:
    """A group as the (code, count) pairs its notation writes, in the order v s h m a."""
    return tuple(sorted(((CODE[t], n) for t, n in units.items() if n), key=lambda p: _ORDER.index(p[0])))


def units_text(units: dict[str, int]) -> str:
    """A group as notation: ``2v1s``."""
    return group_text(unit_pairs(units))


def group_of(side: Side, pairs: UnitPairs) -> dict[str, int]:
    """The unit types and counts of a group's (code, count) pairs for ``side``."""
    out: dict[str, int] = {}
    for code, n in pairs:
        t = type_for(side, code)
        out[t] = out.get(t, 0) + n
    return out


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


def plural(n: int, word: str, many: str | None = None) -> str:
    """'1 Loss', '2 Losses', '1 card': the count with the word in the right number."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def with_article(word: str) -> str:
    """'a Uniform token', 'an Ammunition token': the indefinite article the word takes (by
    its first sound: 'u' read 'you' takes 'a')."""
    vowel = word[:1].lower() in "aeiou" and not word.lower().startswith(("uni", "use", "eu"))
    return f"{'an' if vowel else 'a'} {word}"


def token_name(rules: Rules, kind: str) -> str:
    """The printed name of a Supply Token kind: ``machine-gun`` -> 'Machine Gun'."""
    return _printed_token(rules.data, kind)


def _printed_token(data: GameData, kind: str) -> str:
    return next((t.name for t in data.supply_tokens.tokens if t.kind == kind), kind.replace("-", " ").title())


def token_title(data: GameData, label: str) -> str:
    """``food2`` -> 'Food (2)', ``plane`` -> 'Plane': a token label in the printed words (the
    screens' form; :func:`token_words` puts it in a sentence)."""
    kind = label.rstrip("0123456789")
    value = label[len(kind):]
    name = _printed_token(data, kind)
    return f"{name} ({value})" if value else name


def token_words(rules: Rules, label: str) -> str:
    """``food2`` -> 'the Food (2) token'; ``hidden`` -> 'a face-down Supply Token'."""
    if label == "hidden":
        return "a face-down Supply Token"
    return f"the {token_title(rules.data, label)} token"


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def ordinal(n: int) -> str:
    """3 -> 'third' (past the table: '7th')."""
    return ORDINALS[n - 1] if 0 < n <= len(ORDINALS) else f"{n}th"


def describe(units: dict[str, int]) -> str:
    """Plain words for a group: '2 Polish Volunteers and 1 Polish Soldier'."""
    parts = [f"{n} {unit_name(t, n)}" for t, n in sorted(units.items(), key=lambda p: _ORDER.index(CODE[p[0]])) if n]
    if not parts:
        return "no units"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def parse_units(side: Side, text: str) -> dict[str, int]:
    """``2v1s`` as unit types and counts for ``side`` (ValueError for anything else)."""
    return group_of(side, group_pairs(text))


def subsets(units: dict[str, int], limit: int | None = None) -> list[dict[str, int]]:
    """Every non-empty sub-group of ``units`` (at most ``limit`` units), largest first."""
    types = [t for t, n in units.items() if n]
    out = []
    for counts in product(*(range(units[t] + 1) for t in types)):
        size = sum(counts)
        if size == 0 or (limit is not None and size > limit):
            continue
        out.append({t: c for t, c in zip(types, counts, strict=True) if c})
    out.sort(key=lambda u: -sum(u.values()))
    return out
