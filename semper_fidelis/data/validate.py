"""Every problem of a data directory, for ``semper-fidelis validate`` and ``--assets``:
``validate_dir`` loads it (its folders, TOML and schema errors, the cross-file checks of
:mod:`.checks` that every load runs) and adds what only a look at the files' text finds —
markup or control characters the app could not show, citations of rulings that do not exist,
texts without their Polish form (:mod:`.translations`).
Every problem is one line naming file, entry and field.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..i18n import _
from .checks import one_line
from .files import ASSET_FILES, INDEX_FILE, DataError, default_assets_dir, folder_problem, read_text
from .loader import _entry_label, load_assets, load_game_data, load_scenarios, read_toml, resolve_dirs
from .rulings import RULINGS_FILE, TWIN_FILE, Ruling, citation_problems, parse_rulings, polish_problems
from .text import text_problem
from .translations import FOLDER, read_twin, twin_problems

#: the help pages, under an assets directory (shown by the app: tui/helptext.py)
HELP_DIR = "help"


def validate_dir(data_dir: Path | str | None = None) -> list[str]:
    """Load ``data_dir`` (default: the shipped data) and return ALL its problems, TOML and schema
    errors included, one line each."""
    assets_dir, scenarios_dir = resolve_dirs(Path(data_dir) if data_dir is not None else None)
    if bad_folders := _folder_problems(data_dir, assets_dir, scenarios_dir):
        return bad_folders
    if not assets_dir.is_dir():
        return [_("{path}: the assets directory is missing", path=assets_dir)]
    try:
        load_assets(assets_dir)
    except DataError as exc:  # report the scenarios' own schema problems too
        return [one_line(p) for p in exc.problems + load_scenarios(scenarios_dir)[2]]
    try:
        load_game_data(Path(data_dir) if data_dir is not None else None, strict=True)
    except DataError as exc:
        return [one_line(p) for p in exc.problems]
    shown = [assets_dir / name for name in ASSET_FILES.values()] + sorted(scenarios_dir.glob("*.toml"))
    twinned = shown + [index for index in [assets_dir / INDEX_FILE] if os.path.lexists(index)]  # a data folder may have no index
    return ruling_problems(assets_dir, scenarios_dir) + help_problems(assets_dir) + [
        f"{toml.name}: {p}" for toml in shown for p in text_problems(read_toml(toml))] + list(dict.fromkeys(
        p for toml in twinned for p in translation_problems(toml)))  # a refused pl/ folder is one line, not one per file


def translation_problems(path: Path) -> list[str]:
    """The problems of the Polish twin of the data file ``path`` (see :mod:`.translations`)."""
    try:
        return twin_problems(path.name, read_toml(path), read_twin(path, read_toml))
    except DataError as exc:
        return exc.problems


def help_problems(assets_dir: Path) -> list[str]:
    """A help page (``help/*.md``) without its Polish twin in ``help/pl/``, a twin of no page, and a
    decision of ``decisions.md`` without its section in the twin: one line each."""
    folder = assets_dir / HELP_DIR
    twins = folder / FOLDER
    if not folder.is_dir():
        return []
    if refused := folder_problem(twins, folder):
        return [refused]
    english = {p.name for p in folder.glob("*.md")}
    polish = {p.name for p in twins.glob("*.md")}
    problems = [_("{file}: no Polish form in {twin}", file=f"{HELP_DIR}/{name}", twin=f"{HELP_DIR}/{FOLDER}/{name}") for name in sorted(english - polish)]
    problems += [_("{file}: no such page in {folder}", file=f"{HELP_DIR}/{FOLDER}/{name}", folder=f"{HELP_DIR}/") for name in sorted(polish - english)]
    if "decisions.md" in english & polish:
        try:
            missing = _decisions(folder / "decisions.md") - _decisions(twins / "decisions.md")
        except DataError as exc:
            return problems + exc.problems
        problems += [_("{file}: {heading}: no Polish form in {twin}", file=f"{HELP_DIR}/decisions.md", heading=f"## {kind}",
                       twin=f"{HELP_DIR}/{FOLDER}/decisions.md") for kind in sorted(missing)]
    return problems


def _decisions(path: Path) -> set[str]:
    """The decision kinds a help page of decisions has a section for (its ``## kind`` headings)."""
    return set(re.findall(r"^## (\S+)\s*$", read_text(path), flags=re.M))


def _folder_problems(data_dir: Path | str | None, assets_dir: Path, scenarios_dir: Path) -> list[str]:
    """The folders of ``data_dir`` that lead where it may not: loops, places outside it,
    non-folders. (A bare assets folder's sibling ``scenarios/`` lies outside it by design.)"""
    if data_dir is None:
        return []
    root = Path(data_dir)
    folders = dict.fromkeys([root / "assets", assets_dir, scenarios_dir])
    return [p for f in folders if f.parent == root and (p := folder_problem(f, root))]


def text_problems(document: dict[str, Any]) -> list[str]:
    """Text of a data document the app could not show as written (markup, control
    characters: see :mod:`.text`), one 'entry field: why' each. Checked in the files the app
    shows: not in ``rulebook.toml``, whose errata quote the book's '[p.6, Battle Card]' and are
    only printed plainly by ``coverage``."""
    return [f"{_entry_label(document, loc)}: {why}" for loc, value in _strings(document, ())
            if (why := text_problem(value))]


def ruling_problems(assets_dir: Path, scenarios_dir: Path) -> list[str]:
    """A malformed ``rulings.md`` and every ruling citation in the data files that does not
    resolve (names, not numbers: see :mod:`.rulings`). A data directory without its own
    ``rulings.md`` is checked against the shipped rulings (which are what the app shows); one
    that has something else by that name (a folder, a FIFO, a link loop) is refused."""
    path = assets_dir / RULINGS_FILE
    if not os.path.lexists(path):
        path = default_assets_dir() / RULINGS_FILE
    try:
        rulings, problems = parse_rulings(read_text(path))
    except DataError as exc:
        return exc.problems
    problems += _twin_problems(path.parent, rulings)
    for toml in sorted(assets_dir.glob("*.toml")) + sorted(scenarios_dir.glob("*.toml")):
        try:  # rulebook.toml (and any other) is read here first
            data, text = read_toml(toml), read_text(toml)
        except DataError as exc:
            problems += exc.problems
            continue
        for loc, value in _strings(data, ()):
            problems += [f"{toml.name}: {_entry_label(data, loc)}: {p}" for p in citation_problems(value, rulings)]
        for number, comment in _comments(text):
            problems += [_("{file}: comment on line {number}: {problem}", file=toml.name, number=number, problem=p)
                         for p in citation_problems(comment, rulings)]
    return problems


def _twin_problems(assets_dir: Path, english: dict[str, Ruling]) -> list[str]:
    """What is wrong with the Polish twin of the rulings of ``assets_dir``: missing, unreadable,
    malformed, or not the same rulings (see :func:`.rulings.polish_problems`)."""
    twin = assets_dir / TWIN_FILE
    if refused := folder_problem(twin.parent, assets_dir):
        return [refused]
    if not os.path.lexists(twin):
        return [_("{file}: no Polish form in {twin}", file=RULINGS_FILE, twin=TWIN_FILE)]
    try:
        polish, problems = parse_rulings(read_text(twin), TWIN_FILE)
    except DataError as exc:
        return exc.problems
    return problems + polish_problems(english, polish)


def _strings(node: object, loc: tuple[str | int, ...]) -> Iterator[tuple[tuple[str | int, ...], str]]:
    """Every string value of a parsed TOML document with its location."""
    if isinstance(node, str):
        yield loc, node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from _strings(value, loc + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _strings(value, loc + (i,))


def _comments(text: str) -> Iterator[tuple[int, str]]:
    """(line number, comment text) of each TOML comment, skipping quoted and multi-line strings."""
    in_multiline = False
    for number, line in enumerate(text.splitlines(), 1):
        if line.count('"""') % 2:
            in_multiline = not in_multiline
            continue
        if in_multiline:
            continue
        code = re.sub(r'"(?:[^"\\]|\\.)*"|\'[^\']*\'', "", line)
        if "#" in code:
            yield number, code.split("#", 1)[1]
