"""`semper-fidelis fuzz`: random legal games with the game's invariants checked after every
action — no exception, no dead end, conservation, no piece in two places, bounds, the hand
limit at a turn's end, undo, replay, and no hidden information in a player's view.

The engine stays pure: this layer owns the clock, the processes and the progress bar. Each
game is fully determined by (scenario, seed), so a failure is reproduced by
``semper-fidelis fuzz --scenario N --seed S --games 1``.
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..data.loader import GameData, load_game_data
from ..data.models import Side
from ..engine import Game, Invariants
from ..i18n import N_, Said
from .spread import spread

if TYPE_CHECKING:
    from .cluster import Cluster

SIDES: tuple[Side, Side] = ("PL", "ZURL")
#: one leak check (a random side's view against a world dealt again) per this many actions
LEAK_EVERY = 10
#: undo checks per game, at random actions (each replays the record: the dearest check)
UNDOS_PER_GAME = 2
MAX_ACTIONS = 20_000

#: one game: scenario, seed, data directory (None: the shipped data)
Job = tuple[int, int, Path | None]


@dataclass(frozen=True)
class Failure:
    scenario: int
    seed: int
    action: int  # how many actions had been applied when the check failed (0: at the setup)
    check: str
    message: str  # a Said where it is ours (shown in the player's language), else an exception's own words

    def shown(self) -> str:
        """The message on one line, in the current language where it is ours."""
        return one_line(self.message.shown() if isinstance(self.message, Said) else self.message)

    def to_json(self) -> dict[str, Any]:
        """As ``--json`` prints it: the message in the source language, whatever the player's."""
        return {**asdict(self), "message": one_line(self.message)}


@dataclass
class GameReport:
    scenario: int
    seed: int
    actions: int = 0
    checks: Counter[str] = field(default_factory=Counter)
    failure: Failure | None = None


def fuzz_game(scenario: int, seed: int, data_dir: Path | None = None) -> GameReport:
    """Play one random game, checking everything; stop at the first failure (the state after
    it proves nothing more). ``data_dir``: data from ``--assets`` (None: the shipped data).
    Whatever goes wrong, even in a check itself (a dead end while listing, a sample that
    cannot go on), is this game's failure with its seed and action count: never the run's."""
    report = GameReport(scenario, seed)
    try:
        return _play(report, data_dir)
    except Exception as exc:  # noqa: BLE001 - the fuzz reports every kind of crash
        report.failure = Failure(scenario, seed, report.actions, "exception", f"{type(exc).__name__}: {exc}")
        return report


def _play(report: GameReport, data_dir: Path | None) -> GameReport:
    scenario, seed = report.scenario, report.seed

    def fail(check: str, message: str) -> GameReport:
        report.failure = Failure(scenario, seed, report.actions, check, message)
        return report

    try:
        game = Game(scenario, seed, data=_data(data_dir))
    except Exception as exc:  # noqa: BLE001 - the fuzz reports every kind of crash
        return fail("setup", f"{type(exc).__name__}: {exc}")
    rng = random.Random(seed)
    invariants = Invariants(game)
    undo_at = {rng.randrange(1, 300) for _ in range(UNDOS_PER_GAME)}  # games run ~100-600 actions
    problems = invariants.check(game)
    if problems:
        return fail(*problems[0])
    while not game.over:
        if report.actions >= MAX_ACTIONS:
            return fail("no end", Said(N_("still not over after {count} actions"), count=MAX_ACTIONS))
        legal = game.legal()
        action = rng.choice(legal)
        undo_here = report.actions + 1 in undo_at
        digest = game.record()["digest"] if undo_here else None
        try:
            game.apply(action)
        except Exception as exc:  # noqa: BLE001
            return fail("exception", Said(N_("'{action}': {error}"), action=action, error=f"{type(exc).__name__}: {exc}"))
        report.actions += 1
        problems = invariants.check(game)
        if problems:
            check, problem = problems[0]
            return fail(check, Said(N_("after '{action}': {problem}"), action=action, problem=problem))
        if report.actions % LEAK_EVERY == 0 and not game.over:  # a finished game has no position to sample
            report.checks["leak"] += 1
            leaked = leak(game, rng.choice(SIDES), rng)
            if leaked:
                return fail("leak", leaked)
            problems = invariants.frames(game)
            if problems:
                return fail(*problems[0])
        if undo_here and game.can_undo:
            report.checks["undo"] += 1
            after = game.record()["digest"]
            try:
                game.undo()
                if game.record()["digest"] != digest or game.legal() != legal:
                    return fail("undo", Said(N_("undoing '{action}' does not restore the position before it"), action=action))
                game.apply(action)
            except Exception as exc:  # noqa: BLE001
                return fail("undo", Said(N_("undoing '{action}': {error}"), action=action, error=f"{type(exc).__name__}: {exc}"))
            if game.record()["digest"] != after:
                return fail("undo", Said(N_("'{action}' applied again after its undo gives another position"), action=action))
    report.checks.update(invariants.counts)
    report.checks["replay"] += 1
    try:
        Game.from_record(game.record(), data=game.data, check_digest=True)
    except Exception as exc:  # noqa: BLE001 - RecordError or an engine crash during the replay
        return fail("replay", f"{type(exc).__name__}: {exc}")
    return report


def leak(game: Game, player: Side, rng: random.Random) -> str | None:
    """``view(player)`` must not change when everything ``player`` cannot see is dealt again
    (the opponent's hand, face-down tokens, every deck's order: :meth:`Game.sample`)."""
    seen = game.view(player)
    other_world = game.sample(player, rng).view(player)
    if seen == other_world:
        return None
    keys = sorted(k for k in seen.keys() | other_world.keys() if seen.get(k) != other_world.get(k))
    return Said(N_("view({player}) reveals hidden information through: {keys}"), player=player, keys=", ".join(keys))


@functools.cache
def _data(data_dir: Path | None) -> GameData | None:
    """Loaded once per process (worker processes cannot share the parent's)."""
    return load_game_data(data_dir) if data_dir is not None else None


def plan(scenarios: Sequence[int], games: int, seed: int, data_dir: Path | None = None) -> list[Job]:
    """Game i plays scenario ``scenarios[i % len]`` with seed ``seed + i``."""
    return [(scenarios[i % len(scenarios)], seed + i, data_dir) for i in range(games)]


def run_fuzz(jobs_list: list[Job], jobs: int = 1, cluster: Cluster | None = None) -> Iterator[GameReport]:
    """Reports in the order of ``jobs_list``, the games spread over ``jobs`` processes or the
    ``cluster``."""
    yield from spread(fuzz_game, jobs_list, jobs, cluster, chunk=max(1, min(20, len(jobs_list) // (jobs * 8))))


@dataclass
class FuzzSummary:
    games: int = 0
    actions: int = 0
    checks: Counter[str] = field(default_factory=Counter)
    failures: list[Failure] = field(default_factory=list)

    def add(self, report: GameReport) -> None:
        self.games += 1
        self.actions += report.actions
        self.checks.update(report.checks)
        if report.failure:
            self.failures.append(report.failure)

    def to_json(self, **extra: object) -> dict[str, Any]:
        return {"games": self.games, "actions": self.actions, "checks": dict(sorted(self.checks.items())),
                "failures": [f.to_json() for f in self.failures], **extra}


def fuzz(jobs_list: list[Job], jobs: int = 1, progress: Callable[[int], None] | None = None,
         cluster: Cluster | None = None) -> FuzzSummary:
    summary = FuzzSummary()
    for report in run_fuzz(jobs_list, jobs, cluster):
        summary.add(report)
        if progress:
            progress(summary.games)
    return summary


def one_line(text: str, limit: int = 300) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"
