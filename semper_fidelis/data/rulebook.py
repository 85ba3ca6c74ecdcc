"""The index of the rulebook (``assets/rulebook.toml``): its sections, errata items and FAQ
questions with stable ids, so that a test can cite the passage it enforces and
``semper-fidelis coverage`` can show which passages have a test.

A citation is one of::

    §9.4           a section            §9.4 B, §6.2 Move    a section and one of its parts
    Scenario 4     a named section      Errata:<id>          an errata item
    FAQ:<id>       a FAQ question       ruling:<name>        a ruling (assets/rulings.md)
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from pydantic import Field, model_validator

from ..i18n import current_language
from .files import INDEX_FILE
from .loader import default_assets_dir, load_model, read_toml
from .models import Entry, Sourced
from .rulings import SLUG, Ruling
from .translations import FOLDER, TRANSLATED, PolishTexts


class IndexSection(Entry):
    id: str = Field(description="'§9.4', or a name such as 'Example of Battles', 'Scenario 4'")
    title: str
    parts: tuple[str, ...] = Field(default=(), description="what may follow the id in a citation")


class Erratum(Entry):
    id: str = Field(pattern=rf"^{SLUG}$")
    text: str


class FaqQuestion(Entry):
    id: str = Field(pattern=rf"^{SLUG}$")
    group: str = Field(description="the FAQ heading it stands under")
    question: str
    untestable: str | None = Field(default=None, description="why no test can check the answer")


class RulebookIndex(Sourced):
    sections: tuple[IndexSection, ...]
    errata: tuple[Erratum, ...]
    faq: tuple[FaqQuestion, ...]

    @model_validator(mode="after")
    def _unique_ids(self) -> RulebookIndex:
        for name, entries in (("sections", self.sections), ("errata", self.errata), ("faq", self.faq)):
            seen: set[str] = set()
            for entry in entries:
                if entry.id in seen:
                    raise ValueError(f"{name}: id {entry.id!r} is used twice")
                seen.add(entry.id)
        return self

    def resolve(self, citation: str, rulings: dict[str, Ruling]) -> str | None:
        """The key of the entry ``citation`` names ('§9.4', 'FAQ:<id>', 'Errata:<id>',
        'ruling:<name>'), or None when it names nothing in the rulebook or the rulings."""
        kind, _, name = citation.partition(":")
        if kind == "FAQ":
            return citation if any(q.id == name for q in self.faq) else None
        if kind == "Errata":
            return citation if any(e.id == name for e in self.errata) else None
        if kind == "ruling":
            return citation if name in rulings else None
        for section in self.sections:
            if citation == section.id or any(citation == f"{section.id} {part}" for part in section.parts):
                return section.id
        return None


def load_rulebook_index(assets_dir: Path | None = None) -> RulebookIndex:
    """The index of ``assets_dir`` (default: the shipped data); :class:`DataError` if malformed."""
    return load_model((assets_dir or default_assets_dir()) / INDEX_FILE, RulebookIndex)


def shown_rulebook_index(assets_dir: Path | None = None) -> RulebookIndex:
    """The index of ``assets_dir`` with its texts in the current language: in Polish each from
    the twin (``pl/rulebook.toml``) where it has it, the English where not (``validate`` says
    why); the ids stay, since tests cite them."""
    path = (assets_dir or default_assets_dir()) / INDEX_FILE
    index = load_model(path, RulebookIndex)
    if current_language() != FOLDER:
        return index
    polish = PolishTexts.of_file(path, read_toml)
    fields: dict[str, list[str]] = {}
    for translated in TRANSLATED[INDEX_FILE].translated:  # "faq.*.question": the kind, then the field
        kind, _each, name = translated.split(".")
        fields.setdefault(kind, []).append(name)
    return index.model_copy(update={kind: tuple(_said(entry, f"{kind}.{entry.id}", names, polish) for entry in getattr(index, kind))
                                    for kind, names in fields.items()})


def _said(entry: Entry, key: str, names: list[str], polish: Mapping[str, str]) -> Entry:
    """``entry`` with each of its texts ``names`` that it has replaced by its Polish form at ``key``."""
    return entry.model_copy(update={name: said for name in names
                                    if getattr(entry, name) is not None and (said := polish.get(f"{key}.{name}"))})
