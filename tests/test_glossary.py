"""One vocabulary (issue 39, docs/glossary.md): wherever an English text of the catalog or of the
data uses a game term, its Polish text uses the glossary's form of it, and no Polish text uses a
form the glossary rules out — so a term never has two translations."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.pofile import read_po

from semper_fidelis.data.loader import read_toml
from semper_fidelis.data.translations import EXAMPLE, TWINNED_ASSETS, english_texts, flatten, texts_of, twin_path

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "glossary.md"
PO = ROOT / "semper_fidelis" / "locale" / "pl" / "LC_MESSAGES" / "messages.po"


@dataclass(frozen=True)
class Term:
    english: str
    checked: tuple[re.Pattern[str], ...]  # English forms
    polish: tuple[re.Pattern[str], ...]  # the glossary's Polish forms
    never: tuple[re.Pattern[str], ...]  # Polish forms ruled out


def _pattern(form: str, flags: int = 0) -> re.Pattern[str]:
    """A form of the glossary as a regular expression: whole words, ``*`` any letters."""
    return re.compile(r"(?<!\w)" + r"\w*".join(map(re.escape, form.split("*"))) + r"(?!\w)", flags)


def terms() -> list[Term]:
    rows = [line.strip().strip("|").split("|") for line in GLOSSARY.read_text(encoding="utf-8").splitlines()
            if line.startswith("| ") and "→" in line]
    found = []
    for english, _polish, _whose, checked, never in rows:
        before, after = checked.split("→")
        found.append(Term(english.strip(), tuple(_pattern(f) for f in re.findall(r"`([^`]+)`", before)),
                          tuple(_pattern(f, re.IGNORECASE) for f in re.findall(r"`([^`]+)`", after)),
                          tuple(_pattern(f, re.IGNORECASE) for f in re.findall(r"`([^`]+)`", never))))
    return found


def pairs() -> Iterator[tuple[str, str, str]]:
    """(where, English, Polish) for every text of the catalog and of the shipped data (the
    rulebook examples too)."""
    with PO.open("rb") as fh:
        for message in read_po(fh):
            if message.id:
                ids = message.id if isinstance(message.id, tuple) else (message.id,)
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                yield from ((f"messages.po: {ids[0]!r}", ids[min(i, len(ids) - 1)], s) for i, s in enumerate(strings))
    data_files = [ROOT / "assets" / name for name in TWINNED_ASSETS] + sorted((ROOT / "scenarios").glob("*.toml"))
    for path in data_files:
        texts = texts_of(path.name)
        if texts is None:
            continue
        document = read_toml(path)
        polish = dict(flatten(read_toml(twin_path(path))))
        for key, english in english_texts(document, texts).items():
            yield f"{path.name}: {key}", english, str(polish.get(key, ""))
        for entry in [document, *document.get("cards", [])]:
            if "polish" in entry:
                yield f"{path.name}: {entry.get('number', '')} name", entry["name"], entry["polish"]
    for path in sorted((ROOT / "assets" / "examples").glob("*.toml")):
        polish = dict(flatten(read_toml(twin_path(path))))
        for key, english in english_texts(read_toml(path), EXAMPLE).items():
            yield f"examples/{path.name}: {key}", english, str(polish.get(key, ""))


def problems(terms: list[Term], pairs: list[tuple[str, str, str]]) -> list[str]:
    found = []
    for where, english, polish in pairs:
        for term in terms:
            if any(p.search(english) for p in term.checked) and not any(p.search(polish) for p in term.polish):
                found.append(f"{where}: '{term.english}' without its Polish form: {polish!r}")
            found += [f"{where}: '{term.english}' as {m.group()!r}, which the glossary rules out"
                      for p in term.never if (m := p.search(polish))]
    return found


def test_the_glossary_has_the_terms_of_the_issue():
    polish = {line.split("|")[2].strip() for line in GLOSSARY.read_text(encoding="utf-8").splitlines() if line.startswith("| ")}
    for word in ("Punkty Akcji (PA)", "Morale", "Punkty Zwycięstwa (PZ)", "Ochotnicy", "Reduta", "Barykada", "Odsiecz", "Inicjatywa"):
        assert word in polish
    assert len(terms()) >= 60


def test_every_polish_text_uses_the_glossarys_forms():
    found = problems(terms(), list(pairs()))
    assert not found, "\n".join(found)


def test_a_second_translation_of_a_term_is_found():
    glossary = terms()
    english = "Orders Phase: add 2 Action Points this turn."
    assert problems(glossary, [("x", english, "Faza Rozkazów: dodaj 2 Punkty Akcji w tej turze.")]) == []
    assert problems(glossary, [("x", english, "Faza Rozkazów: dodaj 2 Punkty Działania w tej turze.")]) == [
        "x: 'Action Points (AP)' without its Polish form: 'Faza Rozkazów: dodaj 2 Punkty Działania w tej turze.'",
        "x: 'Action Points (AP)' as 'Punkty Działania', which the glossary rules out",
    ]
    assert problems(glossary, [("x", "Quit", "Wyjdź, zanim dostawy dojdą")]) == [
        "x: 'Supply, Supply Level' as 'dostawy', which the glossary rules out"]
