"""An option's words fitted to one line of the decision list (issue 23: every option in view):
too long, the areas' full names give way to the map's short labels, then the explanation after
the first colon goes (when what precedes it says enough: 'Attack X from Y'); at last an attack
or entry from a side keeps that side whole ('Attack Cyta… ← Dom Techn'), for it is what tells
such rows apart (80 columns: three sides of one area). The detail under the list keeps the words
in full. Pure, for the tests."""

from __future__ import annotations

import re

from rich.text import Text

#: an attack or entry from a side, after the steps before (short names, no explanation)
_FROM_A_SIDE = re.compile(r"(Attack|Assault|Enter) (.+?) (?:from|←) (.+?)(?: without a battle)?")


def fit_label(label: Text, room: int, names: dict[str, str]) -> Text:
    """``label`` as it fits in ``room`` cells; ``names``: full area name -> short label."""
    if label.cell_len <= room or room <= 0:
        return label
    plain = label.plain
    warn = "⚠ " if plain.startswith("⚠ ") else ""
    words = plain[len(warn):]
    for full in sorted(names, key=len, reverse=True):  # "Koszary Ferdynanda" before a shorter name in it
        words = words.replace(full, names[full])
    head = words.split(": ", 1)[0]
    if len(warn) + len(words) > room and head != words and len(head.split()) >= 3:  # 'Negotiate: …' keeps its what
        words = head
    side = _FROM_A_SIDE.fullmatch(words)
    if len(warn) + len(words) > room and side:
        verb, target, origin = side.groups()
        tail = f" ← {origin}"
        keep = room - len(warn) - len(verb) - 1 - len(tail)
        words = f"{verb} {target if keep >= len(target) else target[:max(keep - 1, 1)] + '…'}{tail}"
    out = Text.assemble((warn, "bold yellow"), words)
    out.stylize(label.style)
    return out
