"""The fingerprints of actions as the engine offered them before actions became values (commit
3a17fa0): for fuzz-played games and the rulebook examples, a hash chained over every legal list
(as text) and every action applied, and the final digest. ``test_actions.py`` plays the same
games now and must find the same fingerprints: same legal lists, same records, same positions.

Run ``python tests/engine/action_golden.py`` (with the engine to fingerprint importable) to
write ``data/action_golden.json`` again; only ever from an engine known to be right.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from semper_fidelis.engine import Game, examples_dir, load_examples

GOLDEN = Path(__file__).parent / "data" / "action_golden.json"
#: (scenario, seed) of the fuzz-played games
GAMES = [(scenario, seed) for scenario in range(1, 6) for seed in (11, 12)]


def _fold(chain: hashlib._Hash, legal: list, action: str) -> None:
    chain.update("\x1f".join(str(a) for a in legal).encode())
    chain.update(b"\x1e" + str(action).encode() + b"\x1d")


def fuzz_fingerprint(scenario: int, seed: int) -> tuple[dict, dict]:
    """A random legal game's fingerprint, and its record."""
    rng, game, chain = random.Random(seed), Game(scenario, seed), hashlib.sha256()
    while not game.over:
        legal = game.legal()
        action = rng.choice(legal)
        _fold(chain, legal, action)
        game.apply(action)
    return {"actions": len(game.actions), "legal": chain.hexdigest(), "digest": game.digest()}, game.record()


def example_fingerprint(example) -> dict:
    """The book's choices played from the printed situation."""
    game, chain = example.game(), hashlib.sha256()
    for action in example.choices:
        _fold(chain, game.legal(), action)
        game.apply(action)
    return {"actions": len(game.actions), "legal": chain.hexdigest(), "digest": game.digest()}


def examples(game: Game):
    found, problems = load_examples(examples_dir(game.data.assets_dir))
    assert not problems, problems
    return found


def fingerprints() -> dict:
    out = {"fuzz": {f"{sc}/{seed}": fuzz_fingerprint(sc, seed)[0] for sc, seed in GAMES}}
    out["examples"] = {e.name: example_fingerprint(e) for e in examples(Game(2, 0))}
    return out


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(fingerprints(), indent=1, sort_keys=True) + "\n")
