"""The words the engine's questions and options are made of, in the player's language
(docs/i18n.md, "The engine's questions and options"). A decision's prompt and its options'
labels are made when a client asks for them (``Game.decision``, ``Game.options``, each made
again when the language changes), never while rules run: ``legal`` and ``apply`` never call
this module.

Units are counted with the catalog's three Polish forms (the same messages as the log's,
engine/wording.py on the i18n-engine branch: one translation for both); cards, Supply Tokens
and the Negotiation tracks take their Polish names from the data's twins. Areas are shown as
the data names them, never declined: a sentence puts an area where Polish need not decline it
(after a colon, or as the name of a place: "w: Cytadela" is avoided by "obszar Cytadela").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from ..data.files import ASSET_FILES
from ..data.models import Side
from ..data.translations import card_effect, card_name
from ..i18n import N_, _, ngettext
from .state import CODE

if TYPE_CHECKING:
    from .rules import Rules

_ORDER = "vshma"

#: a unit type's count in words (ngettext with the texts written out, so Babel finds them)
UNIT_COUNTS: dict[str, Callable[[int], str]] = {
    "pl-volunteer": lambda n: ngettext("{n} Polish Volunteer", "{n} Polish Volunteers", n),
    "pl-soldier": lambda n: ngettext("{n} Polish Soldier", "{n} Polish Soldiers", n),
    "pl-hq": lambda n: ngettext("{n} PL HQ", "{n} PL HQ", n),
    "zurl-volunteer": lambda n: ngettext("{n} Ukrainian Volunteer", "{n} Ukrainian Volunteers", n),
    "sich-rifleman": lambda n: ngettext("{n} Sich Rifleman", "{n} Sich Riflemen", n),
    "zurl-hq": lambda n: ngettext("{n} ZURL HQ", "{n} ZURL HQ", n),
    "jewish-militia": lambda n: ngettext("{n} Jewish Militia unit", "{n} Jewish Militia units", n),
    "austro-hungarian": lambda n: ngettext("{n} Austro-Hungarian unit", "{n} Austro-Hungarian units", n),
}

#: the Negotiation tracks' neutrals by their id (negotiation.TRACK_NAMES, marked)
NEUTRAL_NAMES: dict[str, str] = {"jewish-militia": N_("Jewish Militia"), "austro-hungarian": N_("Austro-Hungarian")}


def unit_count(utype: str, n: int) -> str:
    """'3 Polish Volunteers', '3 Polskich Ochotników': the noun in the form the count takes."""
    words = UNIT_COUNTS.get(utype)
    return f"{n} {utype}" if words is None else words(n)


def units_words(units: Mapping[str, int]) -> str:
    """A group: '2 Polish Volunteers and 1 Polish Soldier' (notation.describe's form)."""
    parts = [unit_count(t, n) for t, n in sorted(units.items(), key=lambda p: _ORDER.index(CODE[p[0]])) if n]
    if not parts:
        return _("no units")
    if len(parts) == 1:
        return parts[0]
    return _("{first} and {last}", first=", ".join(parts[:-1]), last=parts[-1])


def token_name(rules: Rules, kind: str) -> str:
    """A Supply Token kind's printed name in the current language ('Food', 'Żywność')."""
    token = next((t for t in rules.data.supply_tokens.tokens if t.kind == kind), None)
    if token is None:
        return kind.replace("-", " ").title()
    return rules.data.polish.text(ASSET_FILES["supply_tokens"], f"tokens.{kind}.name", token.name)


def token_words(rules: Rules, label: str) -> str:
    """``food2`` -> 'the Food (2) token'; ``hidden`` -> 'a face-down Supply Token'
    (notation.token_words in the current language)."""
    if label == "hidden":
        return _("a face-down Supply Token")
    kind = label.rstrip("0123456789")
    value = label[len(kind):]
    name = token_name(rules, kind)
    if value:
        return _("the {token} ({value}) token", token=name, value=value)
    return _("the {token} token", token=name)


def token_title(rules: Rules, label: str) -> str:
    """``food2`` -> 'Food (2)' (notation.token_title in the current language)."""
    kind = label.rstrip("0123456789")
    value = label[len(kind):]
    name = token_name(rules, kind)
    return f"{name} ({value})" if value else name


def card_title(rules: Rules, side: Side, number: int) -> str:
    """'#5 Lwów Eaglets': a card's number and its name in the current language."""
    return f"#{number} {card_name(rules.card(side, number))}"


def card_text(rules: Rules, side: Side, number: int) -> str:
    """A card's effect in the current language."""
    return card_effect(rules.data, side, rules.card(side, number))


def effect_card_name(rules: Rules, effect_id: str, english: str) -> str:
    """The name of the card whose effect is ``effect_id``, in the current language (``english``:
    the name the engine kept, shown when no card has the effect)."""
    for deck in rules.cards.values():
        for card in deck.values():
            if card.effect_id == effect_id:
                return card_name(card)
    return english


def neutral_name(neutral: str) -> str:
    return _(NEUTRAL_NAMES[neutral]) if neutral in NEUTRAL_NAMES else neutral
