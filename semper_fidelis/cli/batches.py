"""What the commands that play batches of bot games share (``simulate``, ``balance``, ``fuzz``):
their options, the seeds' limit, the matchups, and the games played on local processes or a
Dask cluster behind a progress bar."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import TYPE_CHECKING

from .. import argtypes
from ..errors import CliError
from ..i18n import _

if TYPE_CHECKING:
    from rich.console import Console

    from ..play.batch import BatchResult, Matchup
    from ..play.cluster import Cluster


def bot_name(text: str) -> str:
    from ..bots import BOTS

    if text not in BOTS:
        raise argparse.ArgumentTypeError(_("no bot {name} (known: {known})", name=repr(text), known=", ".join(BOTS)))
    return text


def batch_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=argtypes.positive, default=100, help=_("number of games (default: 100)"))
    parser.add_argument("--seed", type=argtypes.seed, default=0, help=_("seed of the first game (default: 0)"))
    parser.add_argument("--think", type=argtypes.seconds, default=None, metavar="SECONDS", help=_("thinking time per decision for searching bots"))
    parser.add_argument("--iterations", type=argtypes.positive, default=None, metavar="N",
                        help=_("searching bots play N playouts per decision instead of thinking for a time (reproducible)"))
    parser.add_argument("--jobs", type=argtypes.positive, default=None, help=_("processes to spread the games over (default: all cores)"))
    parser.add_argument("--json", action="store_true", help=_("print the results as one JSON object"))
    parser.add_argument("--handicap", action="store_true", help=_("FAQ handicap: ZURL with initiative starts with 3 cards"))
    add_cluster(parser)


def add_cluster(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cluster", metavar="ADDRESS", default=None,
                        help=_("play the games on the workers of a Dask scheduler (tcp://host:8786) instead of local processes; "
                               "the same results as a local run (needs the 'cluster' extra)"))


def cluster(args: argparse.Namespace) -> AbstractContextManager[Cluster | None]:
    """The Dask cluster of ``--cluster`` as a context (None without it: nothing of Dask is
    imported); a missing extra or an unusable scheduler is a one-line error."""
    if args.cluster is None:
        return nullcontext()
    from ..play.cluster import ClusterError, connect

    @contextmanager
    def connected() -> Iterator[Cluster | None]:
        try:
            with connect(args.cluster) as found:
                yield found
        except ClusterError as exc:
            raise CliError(str(exc)) from None

    return connected()


def check_seeds(args: argparse.Namespace) -> None:
    """A batch's games take the seeds --seed, --seed + 1, …: the last one must fit a record too."""
    from ..engine import SEED_LIMIT

    if args.seed + args.games > SEED_LIMIT:
        raise CliError(_("--seed {seed} with --games {games}: the last game's seed, {last}, is above the largest, {largest}",
                         seed=args.seed, games=args.games, last=args.seed + args.games - 1, largest=SEED_LIMIT - 1))


def matchup(scenario: int, pl: str, zurl: str, args: argparse.Namespace, variant: str | None = None) -> Matchup:
    from ..play.batch import Matchup

    options = (("handicap", True),) if args.handicap else ()
    return Matchup(scenario, pl, zurl, args.think, options, args.assets, args.iterations, variant)


def run_batches(matchups: list[Matchup], args: argparse.Namespace, console: Console, records: Path | None = None) -> list[BatchResult]:
    """Play every matchup's games, with a Rich progress bar when the output is a terminal."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from ..play import batch

    with cluster(args) as found, Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                                          console=console, transient=True, disable=args.json or not console.is_terminal) as progress:
        tasks = [progress.add_task(_("Scenario {number}: {pl} (PL) v {zurl} (ZURL)", number=m.scenario, pl=m.pl, zurl=m.zurl),
                                   total=args.games) for m in matchups]
        return batch.run_batches(matchups, args.games, args.seed, args.jobs or batch.default_jobs(), progress=lambda i, done: progress.update(tasks[i], completed=done),
                                 records=records, cluster=found)
