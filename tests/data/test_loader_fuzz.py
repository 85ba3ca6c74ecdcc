"""Issue 35, "Nothing crashes, nothing lies" — a fuzz of the data loader.

Random edits to every data file of a data folder (a TOML value replaced by another type, a huge
or negative number, a long or invisible text; a key deleted or renamed; a byte flipped, bytes
inserted, the file cut short) must end in a clean refusal (one line per problem) or a valid
load on which every scenario starts: never an exception, never a hang.

The suite runs a small, derandomized slice. The long run (docs/data.md records its size and
result)::

    SF_DATA_FUZZ_EXAMPLES=5000 pytest -n 0 tests/data/test_loader_fuzz.py
"""

from __future__ import annotations

import os
import pickle
import shutil
import signal
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_validate import dump_toml

from semper_fidelis.cli.gamedata import checked_data
from semper_fidelis.engine import Game

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = int(os.environ.get("SF_DATA_FUZZ_EXAMPLES", "100"))
#: one check of a folder takes a fifth of a second; this is a hang
HANG_SECONDS = 20

FILES = sorted(
    [f"assets/{p.name}" for p in (REPO / "assets").glob("*.toml")]
    + [f"scenarios/{p.name}" for p in (REPO / "scenarios").glob("*.toml")]
    + ["assets/rulings.md", "assets/examples/02-move.toml"]
)



class _Digits(int):
    """An integer written with more digits than Python converts (tomllib refuses it)."""

    def __repr__(self) -> str:
        return "9" * 5000


ODD_VALUES = st.one_of(
    st.integers(),
    st.sampled_from([0, -1, 10**6, 10**12, -(10**12), 2**63, _Digits(9)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.text(max_size=30),
    st.sampled_from(["", "x" * 5000, "Ry\u202enek", "a\u2028b", "\u200b", "[bold]x", "\x1b[2J",
                     "ruling" + ":nope", "ruling" + " 3", "rynek"]),  # split: the project's citations must resolve
    st.lists(st.integers(min_value=-5, max_value=50), max_size=5),
    st.sampled_from([[], {}, [0] * 5000, ["rynek"] * 300, {"x": 1}]),
    st.dictionaries(st.text(max_size=5), st.integers(min_value=-5, max_value=50), max_size=3),
)


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("fuzz") / "data"
    shutil.copytree(REPO / "assets", root / "assets")
    shutil.copytree(REPO / "scenarios", root / "scenarios")
    return root


@pytest.fixture(scope="module")
def unchanged_files_parsed_once() -> Iterator[None]:
    """``tomllib.loads`` answers a text it has parsed before from a copy of that parse: an example
    edits one file, and the check of the folder parsed the 40-odd others again each time (half of
    this test's time). The edited file, a text never seen, is parsed for real; a copy (by pickle)
    so that nothing the loader does to a parse reaches the next example."""
    parse, seen = tomllib.loads, {}

    def loads(text: str, **kwargs) -> dict:
        if kwargs:
            return parse(text, **kwargs)
        if text not in seen:
            seen[text] = pickle.dumps(parse(text))
        return pickle.loads(seen[text])

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(tomllib, "loads", loads)
        yield


def _locations(node: object, loc: tuple = ()) -> Iterator[tuple]:
    """Every place in a parsed document that holds a value, containers included."""
    if loc:
        yield loc
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _locations(value, (*loc, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _locations(value, (*loc, i))


def _edit_toml(draw, text: str) -> str:
    """``text`` with one value replaced, deleted or (a key) renamed."""
    document = tomllib.loads(text)
    loc = draw(st.sampled_from(list(_locations(document))))
    parent = document
    for key in loc[:-1]:
        parent = parent[key]
    last = loc[-1]
    how = draw(st.sampled_from(["replace", "replace", "delete", "rename"]))
    if how == "delete":
        del parent[last]
    elif how == "rename" and isinstance(parent, dict):
        parent[draw(st.sampled_from(["", "x", last + "s", last.upper(), "id"]))] = parent.pop(last)
    else:
        parent[last] = draw(ODD_VALUES)
    return dump_toml(document)


def _edit_bytes(draw, raw: bytes) -> bytes:
    """``raw`` with a byte flipped, bytes inserted or the end cut off."""
    at = draw(st.integers(min_value=0, max_value=len(raw)))
    how = draw(st.sampled_from(["flip", "insert", "truncate"]))
    if how == "flip" and at < len(raw):
        return raw[:at] + bytes([raw[at] ^ draw(st.integers(1, 255))]) + raw[at + 1:]
    if how == "insert":
        return raw[:at] + draw(st.binary(min_size=1, max_size=8)) + raw[at:]
    return raw[:at]


@contextmanager
def _no_hang() -> Iterator[None]:
    def hung(signum, frame):
        raise TimeoutError(f"the data check took more than {HANG_SECONDS} s")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(HANG_SECONDS)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=st.data())
def test_random_edits_to_the_data_are_refused_cleanly_or_load(folder, unchanged_files_parsed_once, data):
    name = data.draw(st.sampled_from(FILES), label="file")
    path = folder / name
    original = path.read_bytes()
    tomlish = name.endswith(".toml") and data.draw(st.booleans(), label="as TOML")
    edited = _edit_toml(data.draw, original.decode()).encode() if tomlish else _edit_bytes(data.draw, original)
    path.write_bytes(edited)
    try:
        with _no_hang():
            game_data, _, problems = checked_data(folder)
            assert all(p and "\n" not in p for p in problems)
            assert (game_data is None) == bool(problems)
            for number in sorted(game_data.scenarios) if game_data is not None else ():
                Game(scenario=number, seed=1, data=game_data)
    finally:
        path.write_bytes(original)
