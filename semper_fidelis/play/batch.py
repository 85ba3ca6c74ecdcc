"""Headless self-play: one game between two bots, and batches of them over several processes
or the machines of a Dask cluster (:mod:`.spread`).

A game is fully determined by (scenario, seed, bots, options): the PL bot is seeded ``2·seed``,
the ZURL bot ``2·seed + 1``, so a batch replays exactly, whatever the number of processes or
machines (for the marshal: with a budget in playouts, not seconds). With a
records directory every game's record is kept there (``record_name``), to review it later.

A ``think`` budget is counted in CPU seconds of the thread that plays the game
(:data:`THINK_CLOCK`), not in wall time: on a loaded machine, or a Dask worker sharing its
process with other threads, a batch then only takes longer; the marshal searches as much as it
would alone, so the win rates measure the bot at its budget and not the machine's load. (The
app keeps the wall clock: there a player waits by it.)
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..bots import Bot, Seat, make_bot
from ..data.loader import GameData, load_game_data
from ..data.models import SIDES, Side
from ..data.variant import load_variant, variant_digest
from ..engine import Game, Termination, shipped_data, write_atomic
from .spread import spread
from .stats import wilson

if TYPE_CHECKING:
    from .cluster import Cluster

PL, ZURL = SIDES
#: what a thinking bot's seconds are read from in a batch: the playing thread's CPU time
THINK_CLOCK = time.thread_time


@dataclass(frozen=True)
class Matchup:
    """What a batch plays: the scenario, each side's bot and its thinking budget (seconds, or a
    fixed number of playouts), the options, and the text of the scenario variant played, if
    any (text, not a file: a worker on another machine has no file of it)."""

    scenario: int
    pl: str = "random"
    zurl: str = "random"
    think: float | None = None
    options: tuple[tuple[str, Any], ...] = ()
    assets: Path | None = None
    iterations: int | None = None
    variant: str | None = None


@dataclass
class GameSummary:
    seed: int
    winner: str | None
    termination: Termination
    vp: dict[str, int]
    rounds: int
    actions: int
    card_effects: dict[str, int]
    negotiations: int = 0


def play_game(m: Matchup, seed: int, data: GameData | None = None, max_actions: int = 50_000) -> Game:
    game = Game(m.scenario, seed, dict(m.options), data=data)
    bots: dict[Side, Bot] = {side: make_bot(name, 2 * seed + i, m.think, m.iterations, THINK_CLOCK)
                             for i, (side, name) in enumerate(((PL, m.pl), (ZURL, m.zurl)))}
    seats: dict[Side, Seat] = {side: Seat(game, side) for side in bots}
    while not game.over:
        decision = game.decision()
        assert decision is not None  # a game that is not over waits for a decision
        player = decision.player
        game.apply(bots[player].choose(seats[player]))
        if len(game.actions) > max_actions:
            raise RuntimeError(f"scenario {m.scenario} seed {seed}: no end after {max_actions} actions")
    return game


def summarize(game: Game) -> GameSummary:
    """A finished game in a few numbers."""
    outcome = game.outcome
    assert outcome is not None, "only a finished game is summarized"
    view = game.view(None)
    return GameSummary(
        seed=game.seed,
        winner=outcome.winner,
        termination=outcome.termination,
        vp=dict(view["vp"]),
        rounds=view["round"],
        actions=len(game.actions),
        card_effects=dict(view["card_effect_counts"]),
        negotiations=sum(1 for a in game.actions if a.startswith("negotiate")),
    )


_DATA: dict[tuple[Path | None, str | None], GameData | None] = {}


def record_name(m: Matchup, seed: int) -> str:
    """The file a kept game is written to: ``s2-general-v-random-seed17.json`` (of a variant:
    ``s2-v1a2b3c4d-general-…``, the start of its digest)."""
    variant = f"-v{variant_digest(m.variant)[:8]}" if m.variant is not None else ""
    return f"s{m.scenario}{variant}-{m.pl}-v-{m.zurl}-seed{seed}.json"


def matchup_data(m: Matchup) -> GameData | None:
    """The data a matchup's games are played on, loaded once per process (None: the shipped
    data, which the engine caches)."""
    key = (m.assets, m.variant)
    if key not in _DATA:
        data = load_game_data(m.assets) if m.assets is not None else None
        if m.variant is not None:
            data = load_variant(data or shipped_data(), m.variant, "variant")
        _DATA[key] = data
    return _DATA[key]


def _play_one(m: Matchup, seed: int, keep: bool = False) -> tuple[GameSummary, dict[str, Any] | None]:
    """One game in a worker (a local process or a cluster's; the data is loaded once per
    process), with its record if ``keep``: the caller writes it, so a game played on another
    machine is kept on this one."""
    game = play_game(m, seed, matchup_data(m))
    return summarize(game), (game.record() if keep else None)


@dataclass
class BatchResult:
    matchup: Matchup
    games: list[GameSummary] = field(default_factory=list)

    def wins(self, side: str | None) -> int:
        return sum(1 for g in self.games if g.winner == side)

    def rate(self, side: str | None) -> float:
        return self.wins(side) / len(self.games) if self.games else 0.0

    def ci95(self, side: str) -> tuple[float, float]:
        return wilson(self.wins(side), len(self.games))

    def mean_vp(self, side: str) -> float:
        return sum(g.vp[side] for g in self.games) / len(self.games) if self.games else 0.0

    def mean_rounds(self) -> float:
        return sum(g.rounds for g in self.games) / len(self.games) if self.games else 0.0

    def mean_actions(self) -> float:
        return sum(g.actions for g in self.games) / len(self.games) if self.games else 0.0

    def endings(self) -> dict[Termination, int]:
        """How many games ended each way, in the order of :class:`Termination`."""
        counts = Counter(g.termination for g in self.games)
        return {t: counts[t] for t in Termination if counts[t]}

    def card_effects(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for g in self.games:
            for k, v in g.card_effects.items():
                out[k] = out.get(k, 0) + v

        def key(item: tuple[str, int]) -> tuple[str, int]:  # "PL #10" after "PL #2"
            side, _, number = item[0].partition(" #")
            return side, int(number)

        return dict(sorted(out.items(), key=key))

    def extremes(self) -> dict[str, GameSummary]:
        """The games worth a look: the largest win of each side (by VP margin, then the
        shorter game), the shortest and the longest (by actions); a side that never won has
        no entry."""
        out: dict[str, GameSummary] = {}
        for side in (PL, ZURL):
            won = [g for g in self.games if g.winner == side]
            if won:
                out[f"largest {side} win"] = max(won, key=lambda g: (margin(g), -g.actions, -g.seed))
        if self.games:
            out["shortest"] = min(self.games, key=lambda g: (g.actions, g.seed))
            out["longest"] = max(self.games, key=lambda g: (g.actions, -g.seed))
        return out

    def to_json(self) -> dict[str, Any]:
        m = self.matchup
        return {
            "scenario": m.scenario,
            "bots": {PL: m.pl, ZURL: m.zurl},
            "think": m.think,
            "iterations": m.iterations,
            "games": len(self.games),
            "wins": {PL: self.wins(PL), ZURL: self.wins(ZURL), "draw": self.wins(None)},
            "ci95": {PL: list(self.ci95(PL)), ZURL: list(self.ci95(ZURL))},
            "mean_vp": {PL: round(self.mean_vp(PL), 2), ZURL: round(self.mean_vp(ZURL), 2)},
            "mean_rounds": round(self.mean_rounds(), 2),
            "mean_actions": round(self.mean_actions(), 1),
            "endings": {t.value: n for t, n in self.endings().items()},
            "card_effects": self.card_effects(),
            "negotiations": sum(g.negotiations for g in self.games),
            "seeds": [g.seed for g in self.games],
            "extremes": {name: {"seed": g.seed, "winner": g.winner, "margin": margin(g), "actions": g.actions}
                         for name, g in self.extremes().items()},
        }


def margin(g: GameSummary) -> int:
    """The winner's lead in VP (0 for a draw)."""
    if g.winner is None:
        return 0
    return g.vp[g.winner] - g.vp[ZURL if g.winner == PL else PL]


def default_jobs() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def run_batches(
    matchups: Sequence[Matchup], games: int, seed: int = 0, jobs: int = 1, progress: Callable[[int, int], None] | None = None,
    records: Path | None = None, cluster: Cluster | None = None,
) -> list[BatchResult]:
    """Play ``games`` games of each matchup with seeds ``seed``, ``seed+1`` …, all spread at once
    (no process or worker idles between two matchups) over ``jobs`` local processes or the
    ``cluster``; the results come back in matchup and seed order wherever they were played, and
    ``progress(i, done)`` is told after each game of matchup ``i``. ``records``: a directory to
    keep every game's record in (written here, whichever machine played it)."""
    batches = [BatchResult(m) for m in matchups]
    tasks = [(m, s, records is not None) for m in matchups for s in range(seed, seed + games)]
    for n, (summary, record) in enumerate(spread(_play_one, tasks, jobs, cluster)):
        i, done = divmod(n, games)
        batches[i].games.append(summary)
        if record is not None and records is not None:  # a record comes back only when asked for
            write_atomic(records / record_name(batches[i].matchup, summary.seed), json.dumps(record, ensure_ascii=False, indent=1))
        if progress:
            progress(i, done + 1)
    return batches


def run_batch(
    m: Matchup, games: int, seed: int = 0, jobs: int = 1, progress: Callable[[int], None] | None = None,
    records: Path | None = None, cluster: Cluster | None = None,
) -> BatchResult:
    """One matchup's games (:func:`run_batches`); ``progress(done)`` after each."""
    (batch,) = run_batches([m], games, seed, jobs, None if progress is None else lambda _, done: progress(done), records, cluster)
    return batch
