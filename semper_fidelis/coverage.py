"""Which rulebook passages the tests enforce, for ``semper-fidelis coverage``.

Each test that enforces a rule cites it with a marker, ``@pytest.mark.rule("§9.4 B",
"FAQ:orders-assault-multiple-sides", "ruling:battle-ties")`` (a class decorator or a module's
``pytestmark`` applies to all its tests). The markers are read from the test sources with
``ast``, without importing or running them, and matched against the rulebook index
(``assets/rulebook.toml``) and the rulings. The tests ship with the source checkout only, not
with a wheel.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeGuard

from .data.rulebook import RulebookIndex
from .data.rulings import Ruling


@dataclass(frozen=True)
class Citation:
    test: str  # "tests/engine/test_losses.py::test_name"
    ref: str  # as written in the marker: "§9.4 B"


@dataclass
class Entry:
    """One passage and the tests citing it."""

    kind: str  # "section", "errata", "faq" or "ruling"
    key: str  # what resolve() returns: "§9.4", "FAQ:<id>", "Errata:<id>", "ruling:<name>"
    title: str
    untestable: str | None = None
    tests: list[str] = field(default_factory=list)


@dataclass
class Report:
    entries: list[Entry]
    unknown: list[Citation]  # markers naming no passage
    problems: list[str]  # markers that cannot be read (not plain strings)

    def of(self, kind: str) -> list[Entry]:
        return [e for e in self.entries if e.kind == kind]

    def faq_missing(self) -> list[Entry]:
        """FAQ questions neither covered by a test nor marked untestable."""
        return [e for e in self.of("faq") if not e.tests and not e.untestable]

    def faq_untestable_but_tested(self) -> list[Entry]:
        """FAQ questions marked untestable that a test cites after all: the reason is stale."""
        return [e for e in self.of("faq") if e.tests and e.untestable]


def find_tests_dir() -> Path | None:
    """``tests/`` of the source checkout this package runs from; None in a wheel install."""
    root = Path(__file__).resolve().parent.parent
    tests = root / "tests"
    return tests if (root / "pyproject.toml").is_file() and tests.is_dir() else None


def scan_tests(tests_dir: Path) -> tuple[list[Citation], list[str]]:
    """Every ``rule`` marker on the tests under ``tests_dir``, and one line per marker that
    cannot be read statically (or per file that does not parse)."""
    citations: list[Citation] = []
    problems: list[str] = []
    base = tests_dir.parent
    for path in sorted(tests_dir.rglob("test_*.py")):
        name = path.relative_to(base).as_posix()
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=name)
        except SyntaxError as exc:
            problems.append(f"{name}:{exc.lineno}: does not parse: {exc.msg}")
            continue
        module_refs = _pytestmark_refs(tree, name, problems)
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
                class_refs = module_refs + _marker_refs(node.decorator_list, name, problems)
                for item in node.body:
                    if _is_test(item):
                        refs = class_refs + _marker_refs(item.decorator_list, name, problems)
                        citations += [Citation(f"{name}::{node.name}::{item.name}", r) for r in refs]
            elif _is_test(node):
                refs = module_refs + _marker_refs(node.decorator_list, name, problems)
                citations += [Citation(f"{name}::{node.name}", r) for r in refs]
    return citations, problems


def _is_test(node: ast.stmt) -> TypeGuard[ast.FunctionDef | ast.AsyncFunctionDef]:
    return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test")


def _is_rule_marker(node: ast.expr) -> TypeGuard[ast.Call]:
    """``pytest.mark.rule(...)`` or ``mark.rule(...)``."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "rule"
            and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "mark")


def _marker_refs(decorators: list[ast.expr], file: str, problems: list[str]) -> list[str]:
    refs: list[str] = []
    for node in decorators:
        if not _is_rule_marker(node):
            continue
        for arg in node.args:
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                refs.append(arg.value)
            else:
                problems.append(f"{file}:{arg.lineno}: a rule marker's arguments must be plain strings")
    return refs


def _pytestmark_refs(tree: ast.Module, file: str, problems: list[str]) -> list[str]:
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            marks = node.value.elts if isinstance(node.value, (ast.List, ast.Tuple)) else [node.value]
            return _marker_refs(marks, file, problems)
    return []


def build_report(index: RulebookIndex, rulings: dict[str, Ruling], citations: list[Citation],
                 problems: Sequence[str] = ()) -> Report:
    """Match the citations to the index and the rulings."""
    entries = (
        [Entry("section", s.id, s.title) for s in index.sections]
        + [Entry("errata", f"Errata:{e.id}", e.text) for e in index.errata]
        + [Entry("faq", f"FAQ:{q.id}", q.question, q.untestable) for q in index.faq]
        + [Entry("ruling", f"ruling:{r.slug}", f"{r.number}. {r.title}") for r in rulings.values()]
    )
    by_key = {e.key: e for e in entries}
    unknown: list[Citation] = []
    for c in citations:
        key = index.resolve(c.ref, rulings)
        if key is None:
            unknown.append(c)
        elif c.test not in by_key[key].tests:
            by_key[key].tests.append(c.test)
    return Report(entries, unknown, list(problems))
