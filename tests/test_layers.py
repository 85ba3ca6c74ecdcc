"""The package's layers hold (docs/architecture.md, "Layers"): every import — at module level or
inside a function, only ``if TYPE_CHECKING:`` blocks left out — goes down a layer or stays in its
own package, and no modules import each other round in a circle.

The layers, lowest first; a module imports only its own package and the layers below it (two
packages of one layer do not import each other)::

    leaves   semper_fidelis/__init__, bot_names, errors, i18n: import nothing of the package
    data     schemas, loaders, validation
    engine   the rules
    bots     argtypes   players; the command line's argument types (a seed's limit is the engine's)
    play     coverage   batches, the course of a game; the rulebook coverage report
    render   store      Rich renderables; saves, locks, the records folder
    net                 host, join, serve: headless
    tui                 the Textual app (its remote seat is a client of net's join)
    cli                 the command line
    __main__            ``python -m semper_fidelis``: runs the command line

The graph is read with ``ast`` from the source (nothing is imported), so the test also sees
imports that a run never reaches.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import semper_fidelis

PACKAGE = Path(semper_fidelis.__file__).parent
ROOT = "semper_fidelis"
#: the layers, lowest first: each a tuple of the packages (or modules) that share it
LAYERS: tuple[tuple[str, ...], ...] = (
    ("semper_fidelis", "semper_fidelis.bot_names", "semper_fidelis.errors", "semper_fidelis.i18n"),
    ("semper_fidelis.data",),
    ("semper_fidelis.engine",),
    ("semper_fidelis.bots", "semper_fidelis.argtypes"),
    ("semper_fidelis.play", "semper_fidelis.coverage"),
    ("semper_fidelis.render", "semper_fidelis.store"),
    ("semper_fidelis.net",),
    ("semper_fidelis.tui",),
    ("semper_fidelis.cli",),
    ("semper_fidelis.__main__",),
)


def module_name(path: Path, package: Path = PACKAGE) -> str:
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    return {module_name(path, package): path for path in sorted(package.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _import_nodes(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import in ``tree`` (in functions too), except the body of ``if TYPE_CHECKING:``."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            for other in node.orelse:
                yield from _import_nodes(ast.Module(body=[other], type_ignores=[]))
        else:
            yield from _import_nodes(node)


def _absolute(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(module: str, path: Path, known: set[str]) -> set[str]:
    """The package's modules that ``module`` imports (a name imported from a package that is a
    module of its own counts as that module)."""
    found: set[str] = set()
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
            continue
        source = _absolute(module, path.name == "__init__.py", node)
        for alias in node.names:
            found.add(f"{source}.{alias.name}" if f"{source}.{alias.name}" in known else source)
    return {name for name in found if name in known and name != module}


def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    found = modules(package)
    return {module: imports_of(module, path, set(found)) for module, path in found.items()}


def layer_of(module: str) -> tuple[int, str]:
    """(the layer's rank, the package or module of it that holds ``module``)."""
    best = (-1, "", "")
    for rank, members in enumerate(LAYERS):
        for member in members:
            inside = module == member or (member != ROOT and module.startswith(member + "."))
            if inside and len(member) > len(best[2]):
                best = (rank, member, member)
    assert best[0] >= 0, f"{module} is in no layer: add it to LAYERS (and to docs/architecture.md)"
    return best[0], best[1]


def upward(graph: dict[str, set[str]]) -> list[str]:
    """The imports that go up a layer, or across to another package of the same layer."""
    wrong = []
    for module, targets in sorted(graph.items()):
        rank, home = layer_of(module)
        for target in sorted(targets):
            their_rank, theirs = layer_of(target)
            if their_rank > rank or (their_rank == rank and theirs != home and theirs != ROOT):
                wrong.append(f"{module} -> {target}")
    return wrong


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(start: str) -> None:  # iterative: the graph is deep enough for recursion limits
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(groups)


def test_no_import_goes_up_a_layer():
    wrong = upward(import_graph())
    assert not wrong, "imports against the layers (docs/architecture.md):\n" + "\n".join(wrong)


def test_no_import_circles():
    found = circles(import_graph())
    assert not found, "modules importing each other round:\n" + "\n".join(" <-> ".join(group) for group in found)


def test_the_check_sees_what_it_must(tmp_path):
    """A tiny package with an upward import inside a function, a circle through a function-level
    import and a TYPE_CHECKING import back (allowed): the checks report the first two only."""
    root = tmp_path / "semper_fidelis"
    for folder in ("engine", "tui"):
        (root / folder).mkdir(parents=True)
        (root / folder / "__init__.py").write_text("")
    (root / "__init__.py").write_text("")
    (root / "engine" / "game.py").write_text("from . import records\n\ndef f():\n    from ..tui import app\n")
    (root / "engine" / "records.py").write_text("def g():\n    from .game import f\n")
    (root / "engine" / "view.py").write_text("import semper_fidelis.engine.records\n")
    (root / "tui" / "app.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .screen import S\n")
    (root / "tui" / "screen.py").write_text("from . import app\n")
    graph = import_graph(root)
    assert graph["semper_fidelis.engine.view"] == {"semper_fidelis.engine.records"}
    assert graph["semper_fidelis.tui.app"] == set()
    assert upward(graph) == ["semper_fidelis.engine.game -> semper_fidelis.tui.app"]
    assert circles(graph) == [["semper_fidelis.engine.game", "semper_fidelis.engine.records"]]
