"""The public API's documented examples run as written (engine/__init__.py)."""

import doctest

import semper_fidelis.engine


def test_engine_docstring_examples() -> None:
    result = doctest.testmod(semper_fidelis.engine)
    assert result.attempted > 0 and result.failed == 0
