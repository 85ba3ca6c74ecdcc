"""The index of the rulebook (``assets/rulebook.toml``): its sections, errata items and FAQ
questions with stable ids, so that a test can cite the passage it enforces and
``semper-fidelis coverage`` can show which passages have a test.

A citation is one of::

    §9.4           a section            §9.4 B, §6.2 Move    a section and one of its parts
    Scenario 4     a named section      Errata:<id>          an errata item
    FAQ:<id>       a FAQ question       ruling:<name>        a ruling (assets/rulings.md)
"""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, model_validator

from .loader import default_assets_dir, load_model
from .models import Entry, Sourced
from .rulings import SLUG, Ruling

INDEX_FILE = "rulebook.toml"


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
