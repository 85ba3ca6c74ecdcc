"""An option's words fitted to one line of the decision list (issue 23: every option in view):
too long, the areas' full names give way to the map's short labels, then the explanation after
the first colon goes (when what precedes it says enough: 'Attack X from Y'); at last an attack
or entry from a side keeps that side whole ('Attack Cyta… ← Dom Techn'), for it is what tells
such rows apart (80 columns: three sides of one area); which area and which side are the
Option's own ``to_area`` and ``via``, never read back from its words. The detail under the list
keeps the words in full. Pure, for the tests."""

from __future__ import annotations

from rich.text import Text

from ..engine import Option

#: the kinds of option that come from a side of their area (§6.2), with their verb
_FROM_A_SIDE = {"attack": "Attack", "assault": "Assault", "enter": "Enter"}


def fit_label(label: Text, room: int, names: dict[str, str], option: Option | None = None,
              labels: dict[str, str] | None = None) -> Text:
    """``label`` (``option``'s) as it fits in ``room`` cells; ``names``: full area name -> short
    label; ``labels``: area id -> short label."""
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
    side = _from_a_side(option, labels or {})
    if len(warn) + len(words) > room and side:
        verb, target, origin = side
        tail = f" ← {origin}"
        keep = room - len(warn) - len(verb) - 1 - len(tail)
        words = f"{verb} {target if keep >= len(target) else target[:max(keep - 1, 1)] + '…'}{tail}"
    out = Text.assemble((warn, "bold yellow"), words)
    out.stylize(label.style)
    return out


def _from_a_side(option: Option | None, labels: dict[str, str]) -> tuple[str, str, str] | None:
    """An attack, Assault or entry from a side: its verb, its area and the side, by their short
    labels."""
    if option is None or option.kind not in _FROM_A_SIDE or not option.to_area or not option.via:
        return None
    return _FROM_A_SIDE[option.kind], labels.get(option.to_area, option.to_area), labels.get(option.via, option.via)
