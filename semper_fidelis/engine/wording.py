"""The engine's words in the player's language, made when they are drawn (docs/i18n.md, "The
engine's log"). An event keeps its English ``text`` and, once converted, the template it was
made from with its fields (events.py); :func:`event_text` fills the template in the language
asked for, the fields that name things (units, cards, reasons) in that language too. Nothing
here runs while a game is played: bots never pay for it.

Also the building blocks a client words options from: :func:`unit_count`, :func:`units_words`,
:func:`order_name`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache
from gettext import NullTranslations
from string import Formatter
from typing import TYPE_CHECKING, Any

from ..i18n import N_, SOURCE_LANGUAGE, catalog, current_language
from .notation import _ORDER, ordinal, token_title
from .state import CODE

if TYPE_CHECKING:  # events.py makes its English text here, when first read
    from .events import Event

#: a unit type's count in words (``tr.ngettext`` with the texts written out, so Babel finds them)
UNIT_COUNTS: dict[str, Callable[[NullTranslations, int], str]] = {
    "pl-volunteer": lambda tr, n: tr.ngettext("{n} Polish Volunteer", "{n} Polish Volunteers", n),
    "pl-soldier": lambda tr, n: tr.ngettext("{n} Polish Soldier", "{n} Polish Soldiers", n),
    "pl-hq": lambda tr, n: tr.ngettext("{n} PL HQ", "{n} PL HQ", n),
    "zurl-volunteer": lambda tr, n: tr.ngettext("{n} Ukrainian Volunteer", "{n} Ukrainian Volunteers", n),
    "sich-rifleman": lambda tr, n: tr.ngettext("{n} Sich Rifleman", "{n} Sich Riflemen", n),
    "zurl-hq": lambda tr, n: tr.ngettext("{n} ZURL HQ", "{n} ZURL HQ", n),
    "jewish-militia": lambda tr, n: tr.ngettext("{n} Jewish Militia unit", "{n} Jewish Militia units", n),
    "austro-hungarian": lambda tr, n: tr.ngettext("{n} Austro-Hungarian unit", "{n} Austro-Hungarian units", n),
}

#: the Orders by their notation word
ORDER_NAMES: dict[str, str] = {
    "move": N_("Move"), "assault": N_("Assault"), "propaganda": N_("Propaganda"), "negotiation": N_("Negotiation"),
}


def _language(language: str | None) -> str:
    return current_language() if language is None else language


def unit_count(utype: str, n: int, language: str | None = None) -> str:
    """'3 Polish Volunteers', '3 Ochotników PL': a count of one unit type, its noun in the form
    the count takes (Polish: 1, 2-4 and 22-24, the rest)."""
    words = UNIT_COUNTS.get(utype)
    return f"{n} {utype}" if words is None else words(catalog(_language(language)), n).format(n=n)


def units_words(units: Mapping[str, int] | tuple[tuple[str, int], ...], language: str | None = None) -> str:
    """A group in words: '2 Polish Volunteers and 1 Polish Soldier' (notation.describe's form,
    in ``language``)."""
    tr = catalog(_language(language))
    pairs = dict(units)
    parts = [unit_count(t, n, language) for t, n in sorted(pairs.items(), key=lambda p: _ORDER.index(CODE[p[0]])) if n]
    if not parts:
        return tr.gettext("no units")
    if len(parts) == 1:
        return parts[0]
    return tr.gettext("{first} and {last}").format(first=", ".join(parts[:-1]), last=parts[-1])


def order_name(order: str, language: str | None = None) -> str:
    """An Order's name ('move' -> 'Move', 'Ruch')."""
    return catalog(_language(language)).gettext(ORDER_NAMES.get(order, order))


def _card_name(value: Any, fields: Mapping[str, Any], language: str) -> str:
    """A card's name in ``language``: its own ``polish`` field (data/translations.py)."""
    from .rules import shipped_data  # the data is read only when a Polish card name is drawn

    deck = shipped_data().decks.get(fields.get("side"))  # type: ignore[arg-type]
    card = next((c for c in deck.cards if c.number == fields.get("card")), None) if deck else None
    return card.polish if card is not None and card.polish and language != SOURCE_LANGUAGE else str(value)


def _translated(value: Any, fields: Mapping[str, Any], language: str) -> str:
    """A field that is itself a marked English phrase: its translation; a card's name: its
    Polish name; else as it is."""
    if not isinstance(value, str):
        return str(value)
    said = catalog(language).gettext(value)
    return _polish_card_names().get(value, said) if said == value and language != SOURCE_LANGUAGE else said


@cache
def _polish_card_names() -> dict[str, str]:
    """Every card's English name to its Polish one (a card named as a reason or an effect's why)."""
    from .rules import shipped_data  # the data is read only when a Polish text is drawn

    return {c.name: c.polish for deck in shipped_data().decks.values() for c in deck.cards if c.polish}


def reason_words(reason: Any, language: str | None = None, *, ours: bool = False) -> str:
    """A reason (tracks.Reason) in ``language``: a marked text translated, or a template
    (``because``) filled, its fields in words by name as an event's are; ``ours``: a template of
    this engine's (not a peer's), filled by ``str.format`` (the English fact, in the game loop)."""
    language = _language(language)
    if isinstance(reason, tuple) and len(reason) == 2 and isinstance(reason[0], str):
        template, fields = reason[0], dict(reason[1])
        said = template if language == SOURCE_LANGUAGE else catalog(language).gettext(template)
        words = {k: FIELD_WORDS[k](v, fields, language) if k in FIELD_WORDS else v for k, v in fields.items()}
        return said.format_map(words) if ours else _FILL.vformat(said, (), words)
    return _translated(reason, {}, language)


def _reason(value: Any, fields: Mapping[str, Any], language: str) -> str:
    """An event's ``reason``: the template kept beside it (``why``) filled, else the phrase."""
    why = fields.get("why")
    if why is not None:
        try:
            return reason_words(why, language)
        except (KeyError, IndexError, ValueError, TypeError):  # a peer's reason, not whole
            return str(value)
    return reason_words(value, language)


def _token_kind(value: Any, fields: Mapping[str, Any], language: str) -> str:
    """A Supply Token's printed name by (kind, English name): 'Food', 'Żywność' (the data's
    Polish, read only when a Polish text is drawn)."""
    kind, english = value
    if language == SOURCE_LANGUAGE:
        return str(english)
    from ..data.files import ASSET_FILES
    from .rules import shipped_data

    polish = shipped_data().polish.by_file.get(ASSET_FILES["supply_tokens"], {}).get(f"tokens.{kind}.name")
    return polish or str(english)


def _nth(value: Any, fields: Mapping[str, Any], language: str) -> str:
    """'second' (English), '2.' (Polish, an ordinal numeral)."""
    return ordinal(value) if language == SOURCE_LANGUAGE else f"{value}."


def event_reason(event: Event, language: str | None = None) -> str:
    """The event's ``reason`` fact (a track's move, the game's end) in ``language``."""
    return _reason(event.get("reason", ""), {**dict(event.facts), **dict(event.message[1] if event.message else ())}, _language(language))


def _cards_drawn(value: Any, fields: Mapping[str, Any], language: str) -> str:
    return catalog(language).ngettext("{n} Action card", "{n} Action cards", value).format(n=value)


def _attack_verb(value: Any, fields: Mapping[str, Any], language: str) -> str:
    """The verb of a group of ``value`` units ('1 … attacks', '2 … attack'; Polish: 'atakuje', 'atakują')."""
    return catalog(language).ngettext("attacks", "attack", value)


def _losses(value: Any, fields: Mapping[str, Any], language: str) -> str:
    return catalog(language).ngettext("{n} Loss", "{n} Losses", value).format(n=value)


#: counts whose words agree with the number, by the field's name (``tr.ngettext`` with the texts
#: written out, so Babel finds them)
COUNTED: dict[str, Callable[[NullTranslations, int], str]] = {
    "n_units": lambda tr, n: tr.ngettext("{n} unit", "{n} units", n),
    "n_cards": lambda tr, n: tr.ngettext("{n} card", "{n} cards", n),
    "n_volunteers": lambda tr, n: tr.ngettext("{n} Volunteer", "{n} Volunteers", n),
    "n_villages": lambda tr, n: tr.ngettext("{n} Village", "{n} Villages", n),
    "n_soldiers": lambda tr, n: tr.ngettext("{n} Soldier", "{n} Soldiers", n),
    "n_tokens": lambda tr, n: tr.ngettext("{n} Supply Token", "{n} Supply Tokens", n),
    "n_bp": lambda tr, n: tr.ngettext("+{n} Battle Point", "+{n} Battle Points", n),
    "further": lambda tr, n: tr.ngettext("{n} further Loss is", "{n} further Losses are", n),
}


def _counted(name: str) -> Callable[[Any, Mapping[str, Any], str], str]:
    return lambda value, fields, language: COUNTED[name](catalog(language), value).format(n=value)


def _scenario_name(value: Any, fields: Mapping[str, Any], language: str) -> str:
    """A scenario's name by its English one: its own ``polish`` field in Polish."""
    from .rules import shipped_data

    scenario = next((s for s in shipped_data().scenarios.values() if s.name == value), None)
    return scenario.polish if scenario is not None and scenario.polish and language != SOURCE_LANGUAGE else str(value)


def _card_titles(value: Any, fields: Mapping[str, Any], language: str) -> str:
    """'PL #12 Name, PL #30 Name': cards by (side, number, English name), named in ``language``."""
    if language == SOURCE_LANGUAGE:
        return ", ".join(f"{side} #{number} {name}" for side, number, name in value)
    names = _polish_card_names()
    return ", ".join(f"{side} #{number} {names.get(name, name)}" for side, number, name in value)


def _a_token(value: Any, fields: Mapping[str, Any], language: str) -> str:
    """A token by (kind, English name) with its article in English ('a Uniform token' is said
    'a {a_token} token'), its name alone in Polish."""
    name = _token_kind(value, fields, language)
    if language != SOURCE_LANGUAGE:
        return name
    vowel = name[:1].lower() in "aeiou" and not name.lower().startswith(("uni", "use", "eu"))
    return f"{'an' if vowel else 'a'} {name}"


def _token_label(value: Any, fields: Mapping[str, Any], language: str) -> str:
    """A token by (label, English title): 'Food (2)', 'Żywność (2)'."""
    label, english = value
    kind = label.rstrip("0123456789")
    rest = label[len(kind):]
    name = _token_kind((kind, english), fields, language)
    return english if language == SOURCE_LANGUAGE else (f"{name} ({rest})" if rest else name)


def _unit_name(value: Any, fields: Mapping[str, Any], language: str) -> str:
    """A unit type's noun, counted one, without the count."""
    return unit_count(value, 1, language).removeprefix("1 ")


def _round_label(value: Any, fields: Mapping[str, Any], language: str) -> str:
    """A round by (number, Time Track date): 'round 3 (3 XI)' (the dates are written as Polish
    writes them, a Roman month: the same in both languages)."""
    rnd, date = value
    tr = catalog(language)
    return (tr.gettext("round {n} ({date})") if date else tr.gettext("round {n}")).format(n=rnd, date=date)


def _space(value: Any, fields: Mapping[str, Any], language: str) -> str:
    """A Negotiation Track's space by (scenario, neutral, stance, English name): its name in the
    scenario's Polish twin."""
    from .rules import shipped_data

    number, neutral, stance, english = value
    if language == SOURCE_LANGUAGE:
        return str(english)
    data = shipped_data()
    polish = data.polish.by_file.get(data.scenario_files.get(number, ""), {}).get(f"negotiation.{neutral}.spaces.{stance}.name")
    return polish if polish and language != SOURCE_LANGUAGE else english


def _card_numbers(value: Any, fields: Mapping[str, Any], language: str) -> str:
    return ", ".join(f"#{n}" for n in value)


def token_label(label: str, language: str | None = None) -> str:
    """A Supply Token by its label in ``language``: ``food2`` -> 'Food (2)', 'Żywność (2)'."""
    from .rules import shipped_data

    return _token_label((label, token_title(shipped_data(), label)), {}, _language(language))


def _scored(value: Any, fields: Mapping[str, Any], language: str) -> str:
    """The End of Stage's scoring categories (marked words) joined, or 'nothing'."""
    tr = catalog(language)
    return ", ".join(tr.gettext(w) for w in value) or tr.gettext("nothing")


#: how the fields that name things are put in words, by the field's name; other fields show as they are
FIELD_WORDS: dict[str, Callable[[Any, Mapping[str, Any], str], str]] = {
    "units": lambda value, fields, language: units_words(value, language),
    "card_name": _card_name,
    "reason": _reason,
    "forces": _translated,
    "token_kind": _token_kind,
    "nth": _nth,
    "counted": lambda value, fields, language: unit_count(value[0], value[1], language),
    "scenario_name": _scenario_name,
    "card_titles": _card_titles,
    "a_token": _a_token,
    "token_label": _token_label,
    "unit_name": _unit_name,
    "scored": _scored,
    "token": lambda value, fields, language: str(value) if language == SOURCE_LANGUAGE else _token_label((value, value), fields, language),
    "notes": lambda value, fields, language: "; ".join(reason_words(n, language) for n in value),
    "how": _translated,
    "track_name": _translated,
    "card_numbers": _card_numbers,
    **dict.fromkeys(("old_space", "new_space"), _space),
    "where": _translated,
    **dict.fromkeys(("from_round", "to_round", "due_round"), _round_label),
    "why": _reason,
    **{name: _counted(name) for name in COUNTED},
    "order_word": _translated,
    "commander": _translated,  # a name, or 'the HQ' where there is none
    "cards_drawn": _cards_drawn,
    "attack_verb": _attack_verb,
    "losses": _losses,
    "one_unit": lambda value, fields, language: unit_count(value, 1, language),
}


class _Fields(Formatter):
    """Fills a template with its fields by name only: no attribute, index or width (a peer's
    template comes from the network: it may name a field, never reach into one or pad it out)."""

    SPECS = frozenset({"", "+d"})

    def get_field(self, field_name: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        if not field_name.isidentifier():
            raise KeyError(field_name)
        return kwargs[field_name], field_name

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec not in self.SPECS:
            raise ValueError(format_spec)
        return format(value, format_spec)


_FILL = _Fields()


def _filled(template: str, event: Event, language: str) -> str:
    msgid, extra = event.message or ("", ())
    fields = {**dict(event.facts), **dict(extra)}
    words = {k: FIELD_WORDS[k](v, fields, language) if k in FIELD_WORDS else v for k, v in fields.items()}
    return _FILL.vformat(template, (), words)


def event_text(event: Event, language: str | None = None) -> str | None:
    """The event's text in ``language`` (the current one by default): its template filled in
    that language; an event with no template (older, or not converted yet) shows its ``text``."""
    language = _language(language)
    if event.message is None or language == SOURCE_LANGUAGE or event.text is None:
        return event.text
    try:
        return _filled(catalog(language).gettext(event.message[0]), event, language)
    except (KeyError, IndexError, ValueError, TypeError):  # a translation naming a field the event lacks
        return event.text


def english_text(event: Event) -> str | None:
    """The template filled in English: what ``Event.text`` is for an event with a template; a
    template that cannot be filled (a peer's, naming a field it lacks) is shown as it is."""
    if event.message is None:
        return event.written
    try:
        return _filled(event.message[0], event, SOURCE_LANGUAGE)
    except (KeyError, IndexError, ValueError, TypeError):
        return event.message[0]


__all__ = ["event_text", "event_reason", "english_text", "order_name", "reason_words", "token_label", "unit_count", "units_words"]
