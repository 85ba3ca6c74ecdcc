"""The rulings (``assets/rulings.md``) and the citations of them.

A ruling is a numbered list item with its stable name in brackets after the number::

    11. [combat-table] **Combat table beyond its rows (Player Aid).** Attacker 1 BP per ...

Numbers give the reading order and may change; names never do. Code, data, help and tests cite
a ruling as ``ruling:<name>``, never by number, so a renumbering cannot silently break a
citation: :func:`citation_problems` finds names that do not resolve and citations by number.

The rulings in Polish are a twin beside the data's (``assets/pl/rulings.md``): the same rulings
under the same names in the same order, each in the same form; :func:`polish_problems` says where
it differs, and the help shows it when the game speaks Polish.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..i18n import _, current_language
from .files import DataError, default_assets_dir, read_text
from .translations import FOLDER

RULINGS_FILE = "rulings.md"
#: the Polish twin, beside the English as the data's twins are
TWIN_FILE = f"{FOLDER}/{RULINGS_FILE}"
SLUG = r"[a-z0-9]+(?:-[a-z0-9]+)*"
CITATION = re.compile(rf"\bruling:({SLUG})")
# a citation by number ("ruling", maybe "#", then a number), the word alone in brackets, or a quoted title
BARE_CITATION = re.compile(r"\brulings?\s*#?\s*\d+|(?<!\w)\(rulings?\)|\brulings?\s+[\"“]", re.I)
_ITEM = re.compile(r"^(\d+)\.\s")
_RULING = re.compile(rf"^(\d+)\. \[({SLUG})\] \*\*(.+?)\*\*\s*(.*)$", re.S)
_SECTION = re.compile(r"§\s?(\d+(?:\.\d+)?)")


@dataclass(frozen=True)
class Ruling:
    number: int
    slug: str
    title: str  # without the trailing full stop
    text: str  # the body after the title, on one line
    sections: tuple[str, ...]  # rulebook sections it cites, e.g. ("6.2", "4.2")


def parse_rulings(text: str, file: str = RULINGS_FILE) -> tuple[dict[str, Ruling], list[str]]:
    """Rulings by name, in file order, and one line per problem (missing or repeated name,
    number out of reading order)."""
    rulings: dict[str, Ruling] = {}
    problems: list[str] = []
    for item in _items(text):
        start = _ITEM.match(item)
        assert start is not None  # _items starts every item at such a number
        number = int(start.group(1))
        m = _RULING.match(item)
        if not m:
            problems.append(_("{file}: ruling {number}: needs '[name] **Title.**' after its number", file=file, number=number))
            continue
        slug, title, body = m.groups()[1:]
        if slug in rulings:
            problems.append(_("{file}: ruling {number}: name [{name}] is also ruling {other}", file=file, number=number, name=slug,
                              other=rulings[slug].number))
            continue
        expected = len(rulings) + 1
        if number != expected:
            problems.append(_("{file}: ruling [{name}]: numbered {number}, its place in reading order is {expected}", file=file,
                              name=slug, number=number, expected=expected))
        title = " ".join(title.split()).rstrip(".")
        rulings[slug] = Ruling(expected, slug, title, " ".join(body.split()), tuple(_SECTION.findall(item)))
    return rulings, problems


def _items(text: str) -> list[str]:
    """Each numbered list item: its first line and the indented lines that continue it."""
    items: list[str] = []
    inside = False
    for line in text.splitlines():
        if _ITEM.match(line):
            items.append(line)
            inside = True
        elif inside and line.startswith(" ") and line.strip():
            items[-1] += "\n" + line
        else:
            inside = False
    return items


def load_rulings(assets_dir: Path | None = None) -> dict[str, Ruling]:
    """The rulings of ``assets_dir`` (default: the shipped data); :class:`DataError` if malformed."""
    rulings, problems = parse_rulings(read_text((assets_dir or default_assets_dir()) / RULINGS_FILE))
    if problems:
        raise DataError(problems)
    return rulings


def load_twin(assets_dir: Path | None = None) -> dict[str, Ruling]:
    """The Polish rulings of ``assets_dir`` (default: the shipped data); :class:`DataError` if
    missing or malformed."""
    rulings, problems = parse_rulings(read_text((assets_dir or default_assets_dir()) / TWIN_FILE), TWIN_FILE)
    if problems:
        raise DataError(problems)
    return rulings


def shown_rulings(assets_dir: Path | None = None) -> dict[str, Ruling]:
    """The rulings of ``assets_dir`` in the current language: in Polish each from the twin where
    it has it (the English where it is missing or malformed: ``validate`` says why);
    :class:`DataError` if the English are malformed."""
    english = load_rulings(assets_dir)
    if current_language() != FOLDER:
        return english
    try:
        polish = load_twin(assets_dir)
    except DataError:
        return english
    return {slug: polish.get(slug, ruling) for slug, ruling in english.items()}


def polish_problems(english: dict[str, Ruling], polish: dict[str, Ruling]) -> list[str]:
    """Where the Polish rulings are not the English ones in Polish: a ruling without its Polish
    form, a Polish ruling of no English one, one out of the English order, and a citation in
    the Polish of a name that is no ruling. One line each."""
    problems = [_("{file}: ruling [{name}]: no Polish form in {twin}", file=RULINGS_FILE, name=slug, twin=TWIN_FILE)
                for slug in english if slug not in polish]
    problems += [_("{file}: ruling [{name}]: no such ruling in {english}", file=TWIN_FILE, name=slug, english=RULINGS_FILE)
                 for slug in polish if slug not in english]
    problems += [_("{file}: ruling [{name}]: number {number}, in {english} {expected}", file=TWIN_FILE, name=slug,
                   number=ruling.number, english=RULINGS_FILE, expected=english[slug].number)
                 for slug, ruling in polish.items() if slug in english and english[slug].number != ruling.number]
    problems += [f"{TWIN_FILE}: [{slug}]: {p}" for slug, ruling in polish.items()
                 for p in citation_problems(ruling.text, english)]
    return problems


def citation_problems(text: str, known: set[str] | dict[str, Ruling]) -> list[str]:
    """What is wrong with the ruling citations in ``text``: names not in ``known``, and
    citations by number or without a name. One short phrase each, in text order."""
    found = [(m.start(), _("cites ruling:{name}, which is not a ruling", name=m.group(1)))
             for m in CITATION.finditer(text) if m.group(1) not in known]
    found += [(m.start(), _("cites a ruling without its name ({quoted}); write ruling:<name>", quoted=repr(" ".join(m.group(0).split()))))
              for m in BARE_CITATION.finditer(text)]
    return [problem for _, problem in sorted(found)]
