"""No function in the engine at radon grade E or F (cyclomatic complexity over 30, issue 37): a
step that needs more branches is split by what it does (a battle step, a kind of move, a
frame kind's check), so each part can be read on its own."""

from __future__ import annotations

from pathlib import Path

from radon.complexity import cc_visit

import semper_fidelis.engine

ENGINE = Path(semper_fidelis.engine.__file__).parent
LIMIT = 30


def _blocks():
    """Every function, method (radon lists methods on their own too), class and nested function
    of the engine: a function's own branches are counted without those of the functions it holds."""
    for path in sorted(ENGINE.rglob("*.py")):
        yield from _with_closures(cc_visit(path.read_text()))


def _with_closures(blocks):
    for block in blocks:
        yield block
        yield from _with_closures(getattr(block, "closures", ()))


def test_no_engine_function_is_more_complex_than_grade_d():
    blocks = list(_blocks())
    assert len(blocks) > 500  # every module was read
    worst = sorted((b.complexity, b.fullname) for b in blocks if b.complexity > LIMIT)
    assert not worst, f"over {LIMIT}: {worst}"
