"""The rule behind a decision: our help text for its kind, plus the rulings that cite the
same rulebook sections (``assets/rulings.md``), as Markdown for the help screen.

Help files live in the game's data directory (``assets/help/``), so players can read and
correct them like the rest of the data.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from ..data.loader import default_assets_dir
from ..engine import Decision

_SECTION = re.compile(r"§\s?(\d+(?:\.\d+)?)")


def help_dir() -> Path:
    return default_assets_dir() / "help"


@lru_cache(maxsize=8)
def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return ""


def help_file(name: str) -> str:
    return _read(help_dir() / name)


def kind_help(kind: str) -> tuple[str, list[str] | None]:
    """The ``## kind`` section of ``decisions.md`` (without its heading), and the titles on its
    ``Rulings:`` line (None when it has none: then the rulings citing its section are shown)."""
    text = help_file("decisions.md")
    m = re.search(rf"^## {re.escape(kind)}\n(.*?)(?=^## |\Z)", text, flags=re.M | re.S)
    if not m:
        return "", None
    body = m.group(1).strip()
    r = re.search(r"^Rulings:(.*)$", body, flags=re.M)
    if not r:
        return body, None
    titles = [t.strip() for t in r.group(1).split(";") if t.strip() and t.strip().lower() != "none"]
    return body[: r.start()].strip(), titles


def rulings_titled(titles: list[str]) -> list[str]:
    """Rulings whose bold title starts with one of ``titles`` (case-insensitive)."""
    out = []
    for ruling in rulings():
        m = re.match(r"\d+\. \*\*(.+?)\*\*", ruling)
        title = m.group(1).lower() if m else ""
        if any(title.startswith(t.lower()) for t in titles):
            out.append(ruling)
    return out


def rulings() -> list[str]:
    """Each numbered ruling of ``rulings.md`` as one paragraph."""
    text = _read(default_assets_dir() / "rulings.md")
    items = re.split(r"\n(?=\d+\. \*\*)", text)
    return [" ".join(item.split()) for item in items if re.match(r"\d+\. \*\*", item.strip())]


def sections_of(section: str) -> list[str]:
    """'§6.2 Move / Assault, FAQ' -> ['6.2']."""
    return _SECTION.findall(section)


def matching_rulings(section: str) -> list[str]:
    wanted = sections_of(section)
    if not wanted:
        return []
    out = []
    for ruling in rulings():
        cited = _SECTION.findall(ruling)
        if any(c == w or c.startswith(w + ".") or w.startswith(c + ".") for c in cited for w in wanted):
            out.append(ruling)
    return out


def decision_help(decision: Decision | None) -> str:
    """Markdown for the help screen."""
    if decision is None:
        return "# Help\n\nNo decision is pending.\n\n" + help_file("keys.md")
    parts = [f"# {decision.prompt}", f"*Rule: {decision.section or 'see the rulebook'}* — decision `{decision.kind}`"]
    body, titles = kind_help(decision.kind)
    parts.append(body or "Choose one of the options listed; each is a legal action.")
    found = rulings_titled(titles) if titles is not None else matching_rulings(decision.section)
    if found:
        parts.append("## Rulings of this edition")
        parts.extend(f"- {r}" for r in found)
    parts.append(help_file("keys.md").replace("# Keys", "## Keys", 1))
    return "\n\n".join(parts)
