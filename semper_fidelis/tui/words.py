"""The game table's words for the facts it shows, in the current language. Units with their
counts ('2 Polish Volunteers and 1 Polish Soldier') are the engine's words (engine/wording.py,
one table for the log and the table: Polish takes three forms, '1 Ochotnik PL', '5 Ochotników
PL'; in English, the engine's ``describe_units``).
Tokens' names and effects and the Commanders' abilities from the data's twins; terrain, Morale
bands, roles and a battle's steps from small tables translated when drawn."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rich.text import Text

from ..data.files import ASSET_FILES
from ..engine import describe_units, group_words, token_title, unit_count, unit_name
from ..i18n import N_, _, current_language

if TYPE_CHECKING:
    from ..data.loader import GameData

def units_words(units: dict[str, int]) -> str:
    """A group in words: '2 Ochotników PL i 1 Sztab PL' ('no units' when empty); the engine's
    words (``engine.wording``: the log says a group the same way)."""
    if current_language() == "en":
        return describe_units(units)
    return group_words(units)


def type_words(utype: str, n: int = 5) -> str:
    """A unit type's name as it stands after the count ``n`` ('Polish Volunteers', 'Ochotników PL')."""
    if current_language() == "en":
        return unit_name(utype, n)
    return unit_count(utype, n).split(" ", 1)[1]


def either(values: list[str]) -> str:
    """'0 or 1 or 2'."""
    out = values[0] if values else ""
    for value in values[1:]:
        out = _("{one} or {other}", one=out, other=value)
    return out



#: an area's terrain (lower case, as the data writes it; ``capitalize()`` for a title)
TERRAIN = {"city": N_("city"), "suburb": N_("suburb"), "village": N_("village")}
#: a Morale band
BANDS = {"high": N_("high"), "low": N_("low")}
#: a side's role in a battle, or under Artillery fire
ROLES = {"attacker": N_("attacker"), "defender": N_("defender"), "artillery": N_("under Artillery fire")}
#: the battle's steps as the engine's view names them (engine/situation.py BATTLE_STEPS)
STEPS = {"Evade": N_("Evade"), "Special cards": N_("Special cards"), "Combat tokens": N_("Combat tokens"),
         "Battle card": N_("Battle card"), "Losses": N_("Losses"), "Advance": N_("Advance")}


def said(table: dict[str, str], key: str) -> str:
    """``key``'s words from one of the tables above, in the current language (unknown: as it is)."""
    return _(table[key]) if key in table else key


def printed_token(data: GameData, label: str) -> str:
    """``food2`` -> 'Food (2)' / 'Żywność (2)': the engine's words for a token's label
    (``token_title``), its printed name in the current language (the data's Polish twin)."""
    english = token_title(data, label)
    kind = label.rstrip("0123456789")
    token = next((t for t in data.supply_tokens.tokens if t.kind == kind), None)
    if token is None:
        return english
    return english.replace(token.name, data.polish.text(ASSET_FILES["supply_tokens"], f"tokens.{kind}.name", token.name), 1)


def printed_effect(data: GameData, kind: str, english: str) -> str:
    """A Supply Token's effect in the current language."""
    return data.polish.text(ASSET_FILES["supply_tokens"], f"tokens.{kind}.effect", english)


def ability(data: GameData, commander: str, english: str) -> str:
    """A Commander's ability in the current language (its Polish twin)."""
    return data.polish.text(ASSET_FILES["commanders"], f"commanders.{commander}.ability.text", english)


def fill(sentence: str, **fields: Text | str) -> Text:
    """A translated ``sentence`` with styled pieces (a side's badge, a bold count) where its
    ``{fields}`` stand: each language puts them where its grammar wants them."""
    pieces = re.split(r"\{(\w+)\}", sentence)
    return Text.assemble(*(fields.get(p, "{" + p + "}") if i % 2 else p for i, p in enumerate(pieces)))
