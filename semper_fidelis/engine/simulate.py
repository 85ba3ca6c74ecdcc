"""Headless self-play: bots against each other, and the results table of a batch."""

from __future__ import annotations

from dataclasses import dataclass, field
from statistics import mean
from typing import Callable

from ..data.loader import GameData
from .game import Game
from .state import PL, ZURL


@dataclass
class GameSummary:
    seed: int
    winner: str | None
    reason: str
    vp: dict[str, int]
    rounds: int
    actions: int
    card_effects: dict[str, int]
    negotiations: int = 0


@dataclass
class BatchResult:
    scenario: int
    games: list[GameSummary] = field(default_factory=list)

    def wins(self, side: str | None) -> int:
        return sum(1 for g in self.games if g.winner == side)

    def mean_vp(self, side: str) -> float:
        return mean(g.vp[side] for g in self.games) if self.games else 0.0

    def mean_rounds(self) -> float:
        return mean(g.rounds for g in self.games) if self.games else 0.0

    def card_effects(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for g in self.games:
            for k, v in g.card_effects.items():
                out[k] = out.get(k, 0) + v
        def key(item: tuple[str, int]) -> tuple[str, int]:  # "PL #10" after "PL #2"
            side, _, number = item[0].partition(" #")
            return side, int(number)

        return dict(sorted(out.items(), key=key))


def play_game(
    scenario: int, seed: int, bots: dict[str, object], options: dict | None = None,
    max_actions: int = 50_000, data: GameData | None = None,
) -> Game:
    game = Game(scenario, seed, options, data=data)
    while not game.over:
        decision = game.decision()
        game.apply(bots[decision.player].choose(game))
        if len(game.actions) > max_actions:
            raise RuntimeError(f"scenario {scenario} seed {seed}: no end after {max_actions} actions")
    return game


def summarize(game: Game) -> GameSummary:
    result = game.state.result or {}
    return GameSummary(
        seed=game.seed,
        winner=result.get("winner"),
        reason=result.get("reason", ""),
        vp=dict(game.state.vp),
        rounds=game.state.round,
        actions=len(game.actions),
        card_effects=dict(game.state.card_effect_counts),
        negotiations=sum(1 for a in game.actions if a.startswith("negotiate")),
    )


def run_batch(
    scenario: int,
    games: int,
    seed: int,
    make_bot: Callable[[int], object],
    progress: Callable[[int], None] | None = None,
    options: dict | None = None,
    data: GameData | None = None,
) -> BatchResult:
    batch = BatchResult(scenario)
    for i in range(games):
        s = seed + i
        game = play_game(scenario, s, {PL: make_bot(2 * s), ZURL: make_bot(2 * s + 1)}, options, data=data)
        batch.games.append(summarize(game))
        if progress:
            progress(i + 1)
    return batch
