"""A bot that picks a uniformly random legal action — the baseline for balance runs and the
engine's fuzzer."""

from __future__ import annotations

import random

from .seat import Seat


class RandomBot:
    name = "random"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def choose(self, seat: Seat) -> str:
        return self.rng.choice(seat.legal())
