"""Keys that never move (issues 23, 36): an option's key depends only on what it acts on, never
on its place in a list, so a key typed from habit never picks something else.

- the orders by their first letters: ``m`` Move, ``a`` Assault, ``f`` Fortify, ``b`` moBilize,
  ``p`` Provision, ``r`` pRopaganda, ``o`` negOtiate and the neutral's initial (``oj``, ``oa``),
  ``d`` Dismantle and the area's code; a token by ``t`` (``y`` to use it for its own effect);
- a card by its number, two digits (``07``, ``22``), for its AP and, pressed again, for its
  effect;
- an area by its code for the whole game: two digits from ``30`` in the board's order (what the
  map shows beside a lit area); a Barricade's facing is the neighbour's code after it, and so is
  the side an attack or an entry comes from;
- a group of units by its notation (``1v``, ``2v1h``: count and unit letter);
- the way out of a step (end, done, pass, stay, fight, draw) by ``e``; ``cancel`` by Esc;
- a Commander kept ``i``, changed ``v``, taken ``z``.

A key of several characters is typed character by character (:func:`press`); rows about the same
thing share its key and are taken in turn by typing it again. Pure: the game screen and the
tests read the same keys.
"""

from __future__ import annotations

from ..data.models import Board
from ..engine import Option, unit_pairs

#: the game screen's own commands and the map's hjkl, and ``e``, the way out of a step: never
#: the first key of an option's (issue 36: ``e`` was also "Redoubt in Św. Jur")
COMMANDS = set("cghjklnqsuwx")
WAY_OUT_KEY = "e"
ORDER_KEYS = {"move": "m", "assault": "a", "fortify": "f", "mobilize": "b", "provision": "p"}
TOKEN_KINDS = ("supply-token", "combat-token", "discard-token", "medicine")
KIND_KEYS = {"propaganda": "r", "negotiate": "o", "use-token": "y", **dict.fromkeys(TOKEN_KINDS, "t"),
             "keep": "i", "change-commander": "v", "take-commander": "z"}  # the Commander: keep, change, take
CANCEL_KEY = "esc"
#: the first area's code; the codes run on in two digits (cards keep 01–29)
FIRST_AREA = 30
#: steps choosing units of one area: the group is the thing chosen
UNIT_KINDS = ("units", "advance", "attrition", "break", "disperse")
#: steps choosing units and an area: the area's code, then the group
AREA_UNIT_KINDS = ("evade", "mobilize", "relief", "withdraw")
#: every character a key can hold (the game screen binds them)
KEY_CHARS = "0123456789" + "".join(c for c in "abcdefghijklmnopqrstuvwxyz" if c not in COMMANDS)


def area_codes(board: Board) -> dict[str, str]:
    """Each area's key for the whole game, in the board's order."""
    return {a.id: str(FIRST_AREA + i) for i, a in enumerate(board.areas)}


def fixed_key(option: Option, codes: dict[str, str]) -> str | None:
    """The key of what an option acts on; None: it has none."""
    if option.kind == "cancel":
        return CANCEL_KEY
    if option.card is not None:
        return f"{option.card:02d}"
    if option.closes:
        return WAY_OUT_KEY
    if option.kind == "order":
        return ORDER_KEYS.get(option.notation)
    if option.kind == "dismantle":
        return "d" + codes.get(option.area or "", "")
    if option.kind == "negotiate":  # a track each: o and the neutral's initial (oj, oa)
        return "o" + option.notation.split()[1][:1]
    if option.kind in KIND_KEYS:
        return KIND_KEYS[option.kind]
    return _area_key(option, codes)


def _area_key(option: Option, codes: dict[str, str]) -> str | None:
    group = "".join(f"{n}{code}" for code, n in unit_pairs(option.unit_counts))  # the notation: 2v1h
    if option.kind in UNIT_KINDS:
        return group or None
    area = codes.get((option.to_area if option.kind == "withdraw" else option.area) or "")
    if area is None:
        return None
    if option.kind == "barricade" and option.facing:
        return area + codes.get(option.facing, "")
    if option.kind in AREA_UNIT_KINDS:
        return area + group
    if option.via and option.via != option.from_area:  # an attack or entry from a side: the side's code after
        return area + codes.get(option.via, "")
    return area


def assign_keys(options: list[Option], codes: dict[str, str]) -> list[str]:
    """One key per option, in the same order: the key of what it acts on ('': none, reached
    by Tab or a click)."""
    return [fixed_key(o, codes) or "" for o in options]


def press(keys: list[str], typed: str, current: int | None, last: str = "") -> tuple[int | None, str]:
    """What typing a key's characters does: ``typed`` is what was typed so far, the last
    character at its end; ``last`` the whole key typed before. Returns the row highlighted
    (None: not yet, or no key starts so) and what stays typed. A whole key highlights its first
    row, or, typed again with one of its rows highlighted, the next one; a key no other key goes
    on from is done (typed from anew)."""
    if not any(k.startswith(typed) for k in keys):
        typed = typed[-1:]  # a new key begins
    rows = [i for i, k in enumerate(keys) if k == typed]
    longer = any(k.startswith(typed) and k != typed for k in keys)
    if not rows:
        return None, typed if longer else ""
    row = rows[0]
    if typed == last and current is not None and current in rows:  # typed again: the next of that key
        row = rows[(rows.index(current) + 1) % len(rows)]
    return row, typed if longer else ""
