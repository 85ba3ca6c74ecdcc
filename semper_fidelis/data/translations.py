"""The data's texts in Polish, beside the data (docs/i18n.md).

Each data file that holds English text a player reads has a Polish twin in the ``pl/`` folder
beside it (``assets/pl/cards_pl.toml``, ``scenarios/pl/1-coup.toml``) that mirrors its tables,
an entry of a list named by its id (``id``, ``number``, ``kind``, ``stance`` or ``neutral``, else
its place in the list), and carries a ``source`` like every data file::

    [cards.5]
    effect = "..."

:data:`TRANSLATED` says which texts of which file need a Polish form. Card and scenario names
are the exception: their Polish names were in the data before the translations (the ``polish``
field beside ``name``) and stay there, one place for each. ``validate`` reports, one line each,
a text without its Polish form, a Polish form of a text that does not exist, and a twin file
that cannot be read; the game falls back to the English text where a Polish one is missing.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from ..i18n import N_, _, current_language, ngettext
from .files import ASSET_FILES, INDEX_FILE, DataError, folder_problem
from .text import printable_document, text_problem

if TYPE_CHECKING:  # the schemas (pydantic) load after the menu is shown: data/scenarios.py is read at start-up
    from .loader import GameData
    from .models import ActionCard, Scenario, Side

#: the folder of the Polish twins, in the assets and in the scenarios folder
FOLDER: Final = "pl"
#: the key of a scenario's texts in :data:`TRANSLATED` (every file of ``scenarios/``)
SCENARIO: Final = "scenario"
#: the fields that name an entry of a list, first found first
ID_FIELDS: Final = ("id", "number", "kind", "stance", "neutral")
_SOURCE = re.compile(r"^(rulebook([ ,].+)?|reconstructed: .+)$")
#: what a ``source`` must say, here and in the schemas (models.py)
SOURCE_RULE: Final = N_("must start with 'rulebook' or 'reconstructed: <reason>'")


@dataclass(frozen=True)
class Texts:
    """The texts of one kind of data file: ``translated`` are the paths (``*`` for every entry of
    a list) whose Polish form is in the twin; ``named_in_place`` the entries (``""``: the file
    itself) whose ``name`` has its Polish form in their own ``polish`` field."""

    translated: tuple[str, ...]
    named_in_place: tuple[str, ...] = ()


TRANSLATED: Final[Mapping[str, Texts]] = {
    ASSET_FILES["board"]: Texts(("railways.*.name",)),  # areas and districts are named in Polish already
    ASSET_FILES["components"]: Texts(("units.*.name",)),
    ASSET_FILES["supply_tokens"]: Texts(("tokens.*.name", "tokens.*.effect")),
    ASSET_FILES["commanders"]: Texts(("commanders.*.ability.text",)),  # the commanders' names are Polish
    ASSET_FILES["cards_pl"]: Texts(("cards.*.effect", "cards.*.brief"), ("cards.*",)),
    ASSET_FILES["cards_zurl"]: Texts(("cards.*.effect", "cards.*.brief"), ("cards.*",)),
    SCENARIO: Texts(("briefing", "special_rules.*", "negotiation.*.spaces.*.name"), ("",)),
    INDEX_FILE: Texts(("sections.*.title", "errata.*.text", "faq.*.question", "faq.*.untestable")),  # shown by ``coverage``
}
#: the asset files that may have a Polish twin: the game's and the rulebook's index
TWINNED_ASSETS: Final = (*ASSET_FILES.values(), INDEX_FILE)
#: the texts of a rulebook example (``assets/examples/*.toml``; engine/examples.py)
EXAMPLE: Final = Texts(("example.title", "example.section", "example.text", "example.outcome", "example.steps.*.say"))


def _entry_id(entry: object, index: int) -> str:
    if isinstance(entry, dict):
        for name in ID_FIELDS:
            if name in entry:
                return str(entry[name])
    return str(index)


def _at(node: object, parts: list[str], key: str) -> Iterator[tuple[str, object]]:
    """(key, value) of every value of ``node`` that the path ``parts`` reaches."""
    if not parts:
        yield key, node
        return
    head, rest = parts[0], parts[1:]
    if head == "*" and isinstance(node, list):
        for index, entry in enumerate(node):
            yield from _at(entry, rest, f"{key}.{_entry_id(entry, index)}".lstrip("."))
    elif isinstance(node, dict) and head in node:
        yield from _at(node[head], rest, f"{key}.{head}".lstrip("."))


def english_texts(document: Mapping[str, Any], texts: Texts) -> dict[str, str]:
    """The texts of a data document that need a Polish form: key -> the English text."""
    return {key: value for path in texts.translated for key, value in _at(dict(document), path.split("."), "")
            if isinstance(value, str)}


def flatten(node: object, key: str = "") -> Iterator[tuple[str, object]]:
    """(key, value) of every text of a twin document, its tables and lists unfolded."""
    if isinstance(node, dict):
        for name, value in node.items():
            yield from flatten(value, f"{key}.{name}".lstrip("."))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from flatten(value, f"{key}.{index}")
    else:
        yield key, node


def texts_of(name: str) -> Texts | None:
    """What of the data file ``name`` needs Polish (None: nothing)."""
    return TRANSLATED.get(name) if name in TWINNED_ASSETS else TRANSLATED[SCENARIO]


def twin_path(path: Path) -> Path:
    return path.parent / FOLDER / path.name


def read_twin(path: Path, read_toml: Callable[[Path], dict[str, Any]]) -> dict[str, Any] | None:
    """The Polish twin of the data file ``path`` (None: it has none). A ``pl/`` that is not a
    folder inside the data file's own, or a twin that cannot be read, is a :class:`DataError`."""
    twin = twin_path(path)
    if refused := folder_problem(twin.parent, path.parent):
        raise DataError([refused])
    return read_toml(twin) if os.path.lexists(twin) else None


def twin_problems(name: str, document: Mapping[str, Any], twin: Mapping[str, Any] | None,
                  texts: Texts | None = None) -> list[str]:
    """Every problem of the Polish twin ``twin`` (None: there is none) of the data file ``name``
    holding ``document``, one line each; ``texts`` are what needs Polish (default: by ``name``)."""
    texts = texts or texts_of(name)
    if texts is None:
        return []
    where = f"{FOLDER}/{name}"
    problems = [_("{file}: {key}: no Polish name", file=name, key=f"{key}.polish" if key else "polish") for path in texts.named_in_place
                for key, entry in _at(dict(document), path.split(".") if path else [], "")
                if isinstance(entry, dict) and not str(entry.get("polish", "")).strip()]
    english = english_texts(document, texts)
    if twin is None:
        return problems + ([ngettext("{twin}: missing: {n} text of {file} has no Polish form", "{twin}: missing: {n} texts of {file} have no Polish form",
                                     len(english), twin=where, file=name)] if english else [])
    source = twin.get("source")
    if not isinstance(source, str) or not _SOURCE.match(source.strip()):
        problems.append(f"{where}: source: {_(SOURCE_RULE)}")
    polish = dict(flatten({k: v for k, v in twin.items() if k != "source"}))
    problems += [_("{file}: {key}: no Polish form in {twin}", file=name, key=key, twin=where) for key in english
                 if not (isinstance(polish.get(key), str) and str(polish[key]).strip())]
    problems += [_("{twin}: {key}: no such text in {file}", twin=where, key=key, file=name) for key in polish if key not in english]
    problems += [f"{where}: {key}: {why}" for key, value in polish.items()
                 if isinstance(value, str) and (why := text_problem(value))]
    return problems


@dataclass(frozen=True)
class PolishTexts:
    """The Polish twins of one data folder, read when first needed: file name -> key -> text."""

    by_file: Mapping[str, Mapping[str, str]]

    @classmethod
    def read(cls, paths: list[Path], read_toml: Callable[[Path], dict[str, Any]]) -> PolishTexts:
        """The twins of the data files ``paths``; a twin that is missing or cannot be read gives
        none (the English shows; ``validate`` says why)."""
        by_file: dict[str, dict[str, str]] = {}
        for path in paths:
            try:
                twin = read_twin(path, read_toml)
            except DataError:
                continue
            shown = printable_document(twin or {})  # hidden characters as escapes, as the loader shows the English
            by_file[path.name] = {key: value for key, value in flatten(shown) if isinstance(value, str)}
        return cls(by_file)

    @classmethod
    def of_file(cls, path: Path, read_toml: Callable[[Path], dict[str, Any]]) -> Mapping[str, str]:
        """The Polish texts of the one data file ``path``, by key (none when its twin is missing
        or cannot be read)."""
        return cls.read([path], read_toml).by_file.get(path.name, {})

    def text(self, name: str, key: str, english: str) -> str:
        """The text at ``key`` of the data file ``name`` in the current language."""
        if current_language() != FOLDER:
            return english
        return self.by_file.get(name, {}).get(key) or english


def card_name(card: ActionCard) -> str:
    """A card's name in the current language (its Polish name is its own ``polish`` field)."""
    return card.polish if current_language() == FOLDER and card.polish else card.name


def card_effect(data: GameData, side: Side, card: ActionCard) -> str:
    return data.polish.text(ASSET_FILES[f"cards_{side.lower()}"], f"cards.{card.number}.effect", card.effect)


def card_brief(data: GameData, side: Side, card: ActionCard) -> str:
    """A card's effect in a few words (its ``brief``), else its whole text, in the current language."""
    if not card.brief:
        return card_effect(data, side, card)
    return data.polish.text(ASSET_FILES[f"cards_{side.lower()}"], f"cards.{card.number}.brief", card.brief)


def unit_names(data: GameData) -> dict[str, str]:
    """Unit type -> its name in the current language, without "(white cubes)"."""
    return {u.id: data.polish.text(ASSET_FILES["components"], f"units.{u.id}.name", u.name).split(" (")[0] for u in data.components.units}


def scenario_name(scenario: Scenario) -> str:
    return scenario.polish if current_language() == FOLDER and scenario.polish else scenario.name


def scenario_text(data: GameData, scenario: Scenario, key: str, english: str) -> str:
    """A text of ``scenario`` (``briefing``, ``special_rules.0``, ...) in the current language."""
    return data.polish.text(data.scenario_files.get(scenario.number, ""), key, english)
