"""The engine's clients use its public API only (docs/architecture.md): the terminal UI, the store, the bots,
batch play, the map renderer and the command line import nothing from ``semper_fidelis.engine``
but the names it exports, and never reach into a game's state, rules or decision stack."""

from __future__ import annotations

import ast
from pathlib import Path

import semper_fidelis.engine as engine

PACKAGE = Path(engine.__file__).parent.parent
CLIENTS = [path for client in ("tui", "bots", "play", "render", "store", "net", "cli") for path in sorted((PACKAGE / client).rglob("*.py"))]
#: a Game's insides: the state (with its stack, phase counter and frames) and the rules tables
INTERNALS = {"state", "rules", "stack", "frame", "_legal", "_options"}


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path, node: ast.ImportFrom) -> str:
    """The absolute module an ``ImportFrom`` names."""
    if not node.level:
        return node.module or ""
    package = _module(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    base = package[: len(package) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def test_clients_import_only_what_the_engine_exports():
    problems = []
    for path in CLIENTS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names if a.name.startswith("semper_fidelis.engine.")]
                problems += [f"{path.name}:{node.lineno} imports {n}" for n in names]
            elif isinstance(node, ast.ImportFrom):
                module = _imported(path, node)
                if module.startswith("semper_fidelis.engine."):
                    problems.append(f"{path.name}:{node.lineno} imports from {module}")
                elif module == "semper_fidelis.engine":
                    problems += [f"{path.name}:{node.lineno} imports {a.name}" for a in node.names if a.name not in engine.__all__]
    assert not problems, "engine internals used outside the engine:\n" + "\n".join(problems)


def test_clients_never_read_a_games_insides():
    problems = []
    for path in CLIENTS:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in INTERNALS:
                problems.append(f"{path.relative_to(PACKAGE)}:{node.lineno} reads .{node.attr}")
    assert not problems, "use the view, the decision and its options instead:\n" + "\n".join(problems)


def test_the_check_sees_a_reach_in():
    """The checks above would catch what the UI used to do."""
    bad = ast.parse("from ..engine.machine import apply_action\nframe = game.state.stack[-1]\n")
    path = PACKAGE / "tui" / "example.py"
    assert _imported(path, next(n for n in ast.walk(bad) if isinstance(n, ast.ImportFrom))) == "semper_fidelis.engine.machine"
    assert {n.attr for n in ast.walk(bad) if isinstance(n, ast.Attribute)} >= {"state", "stack"}
