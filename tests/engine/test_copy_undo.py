"""Safety net for the speed work of issue 9: a copy of the state (and a view) shares nothing
mutable with the original, undo returns to exactly the earlier position, listing the legal actions changes
nothing (they are listed only when asked for), and the fast digest is the one saved records
hold, at random points of random games of every scenario."""

from __future__ import annotations

import hashlib
import json
import os
import random
from dataclasses import fields, is_dataclass

import pytest

from semper_fidelis.engine.frames import digest_form
from semper_fidelis.engine.game import Game
from semper_fidelis.engine.machine import legal_actions
from semper_fidelis.engine.state import _KNOWN, State, to_jsonable

#: a game per scenario in the suite; ``SF_LONG=1`` plays three (the long run)
SEEDS = range(3) if os.environ.get("SF_LONG") == "1" else range(1)

def mutable_ids(obj, seen: dict[int, object] | None = None) -> dict[int, object]:
    """Every mutable object reachable from ``obj`` (containers, dataclasses, the generator)."""
    seen = {} if seen is None else seen
    if isinstance(obj, (dict, list, set)) or (is_dataclass(obj) and not obj.__dataclass_params__.frozen) or isinstance(obj, random.Random):
        if id(obj) in seen:
            return seen
        seen[id(obj)] = obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            mutable_ids(k, seen)
            mutable_ids(v, seen)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            mutable_ids(v, seen)
    elif is_dataclass(obj):
        for f in fields(obj):
            mutable_ids(getattr(obj, f.name), seen)
    return seen


def shared(obj, path=(), seen: dict[int, tuple] | None = None, out: set | None = None) -> set:
    """Pairs of paths that reach one mutable object (a border group's units are also its losses
    frame's): a copy must keep the same sharing, or the two would drift apart."""
    seen = {} if seen is None else seen
    out = set() if out is None else out
    if isinstance(obj, (dict, list, set)) or (is_dataclass(obj) and not obj.__dataclass_params__.frozen):
        if id(obj) in seen:
            out.add((seen[id(obj)], path))
            return out
        seen[id(obj)] = path
    if isinstance(obj, dict):
        for k, v in obj.items():
            shared(v, path + (k,), seen, out)
    elif isinstance(obj, (list, tuple)):
        for i, v in enumerate(obj):
            shared(v, path + (i,), seen, out)
    elif is_dataclass(obj):
        for f in fields(obj):
            shared(getattr(obj, f.name), path + (f.name,), seen, out)
    return out


def scribble(obj) -> None:
    """Change every mutable part of ``obj`` in place."""
    for thing in list(mutable_ids(obj).values()):
        if isinstance(thing, dict):
            thing["scribbled"] = 1
        elif isinstance(thing, list):
            thing.append("scribbled")
        elif isinstance(thing, set):
            thing.add("scribbled")
        elif isinstance(thing, random.Random):
            thing.random()
        elif is_dataclass(thing):
            setattr(thing, fields(thing)[0].name, "scribbled")


def check_clone(game: Game) -> None:
    state = game.state
    before = to_jsonable(state)
    copy = state.clone()
    assert copy.digest() == state.digest() == reference_digest(state)
    assert to_jsonable(copy) == before
    mine, theirs = mutable_ids(state), mutable_ids(copy)
    assert not mine.keys() & theirs.keys(), "the copy shares a mutable part with the original"
    assert shared(copy) == shared(state), "what the original holds in two places, the copy holds once"
    scribble(copy)
    assert to_jsonable(state) == before
    view = game.view(None)
    assert not mine.keys() & mutable_ids(view).keys(), "a view shares a mutable part with the state"
    scribble(view)
    assert to_jsonable(state) == before


def reference_digest(state) -> str:
    """The digest as saved records hold it: the sorted JSON of to_jsonable, without the log; a
    battle's question in the form records were saved with before the split (frames.digest_form)."""
    data = to_jsonable(state)
    del data["events"]
    data["stack"] = to_jsonable([digest_form(f) for f in state.stack])
    return hashlib.sha256(json.dumps(data, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


def check_undo(game: Game, rng: random.Random, digests: list[str]) -> None:
    """Undo a few actions (never past a reveal), compare with the digests seen then, maybe try
    another action and take it back, then redo them. ``digests``: of every position so far."""
    undone = []
    while game.can_undo and len(undone) < rng.randint(1, 6):
        undone.append(game.undo())
        assert game.state.digest() == digests[len(game.actions)]
    if undone and rng.random() < 0.5:  # a different way on, taken back again
        n = len(game.actions)
        game.apply(rng.choice(game.legal()))
        if not game.can_undo:  # that way revealed something: the game goes on from there
            del digests[n + 1:]
            digests.append(game.state.digest())
            return
        game.undo()
        assert game.state.digest() == digests[n]
    for action in reversed(undone):
        game.apply(action)
        assert game.state.digest() == digests[len(game.actions)]


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)  # one game per test, so xdist spreads them
@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5])
def test_copies_are_deep_undo_is_exact_and_listing_writes_nothing(scenario: int, seed: int) -> None:
    rng = random.Random(seed)
    game = Game(scenario, seed)
    digests = [game.state.digest()]
    while not game.over:
        before = to_jsonable(game.state) if rng.random() < 0.1 else None
        legal = legal_actions(game.rules, game.state)
        assert before is None or to_jsonable(game.state) == before, "listing changed the state"
        game.apply(rng.choice(legal))
        digests.append(game.state.digest())
        if rng.random() < 0.04 or game.state.stack and game.state.stack[-1]["kind"] == "losses":
            check_clone(game)
        if rng.random() < 0.04:
            check_undo(game, rng, digests)
    replay = Game.from_record(game.record())
    assert replay.state.digest() == game.state.digest()
    assert to_jsonable(replay.state) == to_jsonable(game.state)


def test_every_state_field_says_what_it_holds():
    """clone, digest and view copy a field named in state.py's tables without looking inside; a
    new field works without (the general deep copy), but slowly: name it there."""
    assert {f.name for f in fields(State)} <= _KNOWN
