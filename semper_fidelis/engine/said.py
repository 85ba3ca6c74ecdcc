"""The words the engine's questions and options are made of, in the player's language
(docs/i18n.md, "The engine's questions and options"). A decision's prompt and its options'
labels are made when a client asks for them (``Game.decision``, ``Game.options``, each made
again when the language changes), never while rules run: ``legal`` and ``apply`` never call
this module.

Units are counted by engine/wording.py's ``unit_count`` and ``units_words``, as the log counts
them (one table, one translation); cards, Supply Tokens
and the Negotiation tracks take their Polish names from the data's twins. Areas are shown as
the data names them, never declined: a sentence puts an area where Polish need not decline it
(after a colon, or as the name of a place: "w: Cytadela" is avoided by "obszar Cytadela").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..data.files import ASSET_FILES
from ..data.models import Side
from ..data.translations import card_effect, card_name
from ..i18n import N_, _

if TYPE_CHECKING:
    from .rules import Rules

#: the Negotiation tracks' neutrals by their id (negotiation.TRACK_NAMES, marked)
NEUTRAL_NAMES: dict[str, str] = {"jewish-militia": N_("Jewish Militia"), "austro-hungarian": N_("Austro-Hungarian")}


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
