"""Colours of the two sides, as the rulebook's cubes: PL white and red, ZURL orange and light
blue, neutrals grey. Every coloured mark also carries a word or letter (no colour-only
information), and badges carry their own background so they read on light and dark themes."""

from __future__ import annotations

from rich.text import Text

from ..i18n import pgettext

SIDE_BADGE = {
    "PL": "bold #ffffff on #b3122e",
    "ZURL": "bold #ffb347 on #1d4f86",
    None: "bold #111111 on #9a9a9a",
}
#: text colour of a side on the panels' own background
SIDE_INK = {"PL": "bold #ff5f6e", "ZURL": "bold #ffa94d", None: "bold"}
ELITE_INK = {"PL": "bold #ff5f6e", "ZURL": "bold #7cc7ff"}
KEY_STYLE = "bold #111111 on #e0c060"
#: a key picked on the Hand panel (Enter plays it)
PICKED_STYLE = "bold #ffffff on #c0392b"


def badge(side: str | None, text: str | None = None) -> Text:
    """' PL ' on red, ' ZURL ' on blue (the name is always written)."""
    label = text if text is not None else (side or pgettext("side", "neutral"))
    return Text(f" {label} ", style=SIDE_BADGE.get(side, SIDE_BADGE[None]))


def with_badge(sentence: str, side: str, field: str = "side") -> list[Text | str]:
    """A translated ``sentence`` split where its ``{side}`` stands, the side's badge there (each
    language puts the field where its grammar wants it)."""
    before, _sep, after = sentence.partition("{" + field + "}")
    return [before, badge(side), after] if _sep else [sentence]


def side_text(side: str | None) -> Text:
    return Text(side or pgettext("side", "neutral"), style=SIDE_INK.get(side, "bold"))
