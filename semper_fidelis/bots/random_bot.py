"""A bot that picks a uniformly random legal action — the baseline for balance runs and the
engine's fuzzer."""

from __future__ import annotations

import random

from ..engine.game import Game


class RandomBot:
    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> str:
        return self.rng.choice(game.legal())
