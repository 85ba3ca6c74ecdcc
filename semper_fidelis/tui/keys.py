"""Stable option keys (issue 23): each kind of order and answer keeps its own key whatever else
is affordable, so a key typed from habit never picks something else.

- the orders by their first letters: ``m`` Move, ``a`` Assault, ``f`` Fortify, ``b`` moBilize,
  ``p`` Provision, ``r`` pRopaganda, ``o`` negOtiate, ``d`` Dismantle;
- a card by its place in the hand (``1``–``9``, as the Hand panel numbers them), its effect by
  the same digit pressed twice; a token by ``t`` (``y`` to use it for its own effect);
- the way out of a step (end, done, pass, stay, hold, draw) by ``e``; ``cancel`` by Esc;
- everything else (areas, units, ways of taking Losses) by the free digits, then the free
  letters, in the engine's order.

Rows sharing a key are taken in turn by pressing it again (shown ``t``, ``tt``, ``ttt``).
Pure: the game screen and the tests read the same keys.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from ..engine import Option

#: the game screen's own commands and the map's hjkl, and ``e``, the way out of a step: never
#: the key of an area or a unit (issue 36: ``e`` was also "Redoubt in Św. Jur" when no way out was offered)
COMMANDS = set("cghjklnqsuwx")
WAY_OUT_KEY = "e"
ORDER_KEYS = {"move": "m", "assault": "a", "fortify": "f", "mobilize": "b", "provision": "p"}
KIND_KEYS = {"propaganda": "r", "negotiate": "o", "dismantle": "d", "supply-token": "t", "use-token": "y",
             "combat-token": "t", **dict.fromkeys(("end", "done", "pass", "stay", "hold", "draw"), WAY_OUT_KEY)}
CANCEL_KEY = "esc"
POOL = "1234567890" + "".join(c for c in "abcdefghijklmnopqrstuvwxyz" if c not in COMMANDS | {WAY_OUT_KEY})


def fixed_key(option: Option, hand: list[int]) -> str | None:
    """The key an option has whatever else is offered; None: a key from the pool."""
    if option.kind == "cancel":
        return CANCEL_KEY
    if option.card is not None and option.card in hand and hand.index(option.card) < 9:
        return str(hand.index(option.card) + 1)
    if option.kind == "order":
        return ORDER_KEYS.get(option.notation)
    return KIND_KEYS.get(option.kind)


def assign_keys(options: list[Option], hand: list[int], fixed: AbstractSet[str] = frozenset()) -> list[str]:
    """One key per option, in the same order: its fixed key, repeated for a second option of
    that key (``tt``); the rest from the pool, skipping keys fixed in this decision (and
    ``fixed``: keys the panel shows for what cannot be done now)."""
    wanted = [fixed_key(o, hand) for o in options]
    taken = {k for k in wanted if k} | set(fixed)
    free = (k for k in POOL if k not in taken)
    keys: list[str] = []
    seen: dict[str, int] = {}
    for want in wanted:
        if want is None:
            want = next(free, "")
        if want and want != CANCEL_KEY:
            seen[want] = seen.get(want, 0) + 1
            keys.append(want * seen[want])
        else:
            keys.append(want)
    return keys


def press(keys: list[str], key: str, current: int | None) -> int | None:
    """The row a key press highlights: the first row of that key, or, when one of them is
    highlighted already, the next (round again after the last)."""
    rows = [i for i, k in enumerate(keys) if k and k[0] == key and k == key * len(k)]
    if not rows:
        return None
    if current in rows:
        return rows[(rows.index(current) + 1) % len(rows)]
    return rows[0]
