"""The rule behind a decision: our help text for its kind, plus the rulings it names or that
cite the same rulebook sections (``assets/rulings.md``, in Polish its twin ``assets/pl/rulings.md``),
as Markdown for the help screen; and the rulings for the Rules screen, each under its own number.

Help files live in the game's data directory (``assets/help/``), so players can read and
correct them like the rest of the data; their Polish twins are in ``assets/help/pl/`` and are
shown in Polish (the English page where a twin is missing: ``validate`` names it).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from ..data.loader import DataError, default_assets_dir
from ..data.rulings import CITATION, RULINGS_FILE, TWIN_FILE, Ruling, shown_rulings
from ..data.text import printable
from ..data.translations import FOLDER
from ..engine import Decision
from ..i18n import LANGUAGES, _, current_language

_SECTION = re.compile(r"§\s?(\d+(?:\.\d+)?)")
_PROSE_CITATION = re.compile(r"(?<!`)" + CITATION.pattern)


def help_dir() -> Path:
    return default_assets_dir() / "help"


@lru_cache(maxsize=8)
def _read(path: Path) -> str:
    """A help file's Markdown, control characters shown as escapes; "" when it is missing or no
    regular file (a FIFO would block)."""
    try:
        return printable(path.read_text(encoding="utf-8"), lines=True) if path.is_file() else ""
    except OSError:
        return ""


def help_file(name: str) -> str:
    """The help page ``name`` in the current language."""
    if current_language() == FOLDER and (polish := _read(help_dir() / FOLDER / name)):
        return polish
    return _read(help_dir() / name)


def kind_help(kind: str) -> tuple[str, list[str] | None]:
    """The ``## kind`` section of ``decisions.md`` (without its heading), and the ruling names on
    its ``Rulings:`` line (None when it has none: then the rulings citing its section are shown)."""
    text = help_file("decisions.md")
    m = re.search(rf"^## {re.escape(kind)}\n(.*?)(?=^## |\Z)", text, flags=re.M | re.S)
    if not m:
        return "", None
    body = m.group(1).strip()
    r = re.search(r"^Rulings:(.*)$", body, flags=re.M)
    if not r:
        return body, None
    return body[: r.start()].strip(), CITATION.findall(r.group(1))


def rulings() -> dict[str, Ruling]:
    """The shipped rulings by name, in the current language; none when ``rulings.md`` is
    missing or malformed (the help then shows no rulings rather than failing: ``semper-fidelis
    validate`` names the problem)."""
    return _rulings(current_language())


@lru_cache(maxsize=len(LANGUAGES))
def _rulings(language: str) -> dict[str, Ruling]:
    """The shipped rulings in ``language``, the current one (read once per language)."""
    try:
        return shown_rulings()
    except DataError:
        return {}


def cite(text: str) -> str:
    """``ruling:<name>`` citations as players read them, by number (not inside `code`)."""
    known = rulings()
    return _PROSE_CITATION.sub(lambda m: _("ruling {number}", number=known[m.group(1)].number) if m.group(1) in known else m.group(0), text)


def ruling_markdown(ruling: Ruling) -> str:
    """One ruling as a paragraph that starts with its own number (a Markdown list would
    renumber it) and ends with its name, the one code and data cite."""
    return f"**{ruling.number}. {ruling.title}.** {cite(ruling.text)} `{ruling.slug}`"


def rulings_markdown() -> str:
    """``rulings.md`` for the Rules screen: headings and prose as written, each ruling with
    its own number."""
    known = rulings()
    by_number = {r.number: r for r in known.values()}
    out: list[str] = []
    for block in re.split(r"\n(?=\d+\. \[|#)|\n\s*\n", _rulings_page()):
        m = re.match(r"(\d+)\. \[", block)
        if m and int(m.group(1)) in by_number:
            out.append(ruling_markdown(by_number[int(m.group(1))]))
        elif block.strip():
            out.append(cite(block.strip()))
    return "\n\n".join(out)


def _rulings_page() -> str:
    """``rulings.md`` in the current language (the English where its twin is missing)."""
    english = default_assets_dir() / RULINGS_FILE
    return (current_language() == FOLDER and _read(english.parent / TWIN_FILE)) or _read(english)


def sections_of(section: str) -> list[str]:
    """'§6.2 Move / Assault, FAQ' -> ['6.2']."""
    return _SECTION.findall(section)


def matching_rulings(section: str) -> list[Ruling]:
    wanted = sections_of(section)
    if not wanted:
        return []
    return [
        ruling for ruling in rulings().values()
        if any(c == w or c.startswith(w + ".") or w.startswith(c + ".") for c in ruling.sections for w in wanted)
    ]


def decision_help(decision: Decision | None) -> str:
    """Markdown for the help screen."""
    if decision is None:
        return "\n\n".join((_("# Help"), _("No decision is pending."), help_file("keys.md")))
    parts = [f"# {decision.prompt}", _("*Rule: {section}* — decision `{kind}`",
                                       section=decision.section or _("see the rulebook"), kind=decision.kind)]
    body, names = kind_help(decision.kind)
    parts.append(body or _("Choose one of the options listed; each is a legal action."))
    known = rulings()
    found = [known[n] for n in names if n in known] if names is not None else matching_rulings(decision.section)
    if found:
        parts.append(_("## Rulings of this edition"))
        parts.extend(ruling_markdown(r) for r in found)
    parts.append(re.sub(r"^# ", "## ", help_file("keys.md"), count=1, flags=re.M))  # the keys under the decision
    return "\n\n".join(parts)
