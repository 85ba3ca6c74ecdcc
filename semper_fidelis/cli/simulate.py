"""``simulate``: play bots against each other headless and print the results; ``--records``
keeps every game's record where the app's review list finds it."""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from ..data.text import plain
from ..errors import CliError
from ..i18n import N_, _, ngettext
from .batches import batch_args, bot_name, check_seeds, matchup, run_batches
from .charts import chart_args, charts, check_plot
from .command import PROG, Command
from .gamedata import add_variant, variant_data, variant_scenario
from .terminal import console as new_console

if TYPE_CHECKING:
    from ..play.batch import BatchResult, Matchup


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scenario", default=None, help=_("scenario number 1-5 or name (default: 2, or the variant's)"))
    add_variant(parser)
    parser.add_argument("--pl", type=bot_name, default="random", help=_("the PL bot (default: random)"))
    parser.add_argument("--zurl", type=bot_name, default="random", help=_("the ZURL bot (default: random)"))
    parser.add_argument("--records", type=Path, nargs="?", const=True, default=None, metavar="DIR",
                        help=_("keep every game's record in DIR, to open with 'review' (DIR left out: the records "
                               "folder next to the saves, which the app's 'Review a game' lists)"))
    batch_args(parser)
    chart_args(parser)


def _run(args: argparse.Namespace) -> int:
    from ..data.translations import scenario_name
    from ..play.report import simulate_report

    data = variant_data(args)
    check_seeds(args)
    scenario = variant_scenario(data, args.scenario)
    console = new_console(stderr=args.json)
    played = matchup(scenario.number, args.pl, args.zurl, args, data.variant.text if data.variant else None)
    records = _records_dir(args, played)
    check_plot(args)
    with _writing_records(records):
        (batch,) = run_batches([played], args, console, records)
    title = ngettext("Scenario {number}: {name} — {n} game, {pl} (PL) v {zurl} (ZURL), seeds {first}..{last}",
                     "Scenario {number}: {name} — {n} games, {pl} (PL) v {zurl} (ZURL), seeds {first}..{last}", args.games,
                     number=scenario.number, name=scenario_name(scenario), pl=args.pl, zurl=args.zurl,
                     first=args.seed, last=args.seed + args.games - 1)
    if args.json:
        print(json.dumps(batch.to_json()))
        charts([batch], args, console, title)
        return 0
    console.print(simulate_report(batch, data, title))
    charts([batch], args, console, title)
    if records is not None:
        with _writing_records(records):
            _label_records(batch, records)
        console.print(plain(ngettext("The record of the {n} game in {folder} (open it with '{command}').",
                                     "Records of the {n} games in {folder} (open one with '{command}').", args.games,
                                     folder=records, command=f"{PROG} review FILE")))
    return 0


def _records_dir(args: argparse.Namespace, played: Matchup) -> Path | None:
    """Where ``simulate --records`` keeps the games: the folder created, and checked before any
    game is played — it and its ``.players`` folder real folders that may be written in, and
    nothing but a regular file where a game's record or seats will go — or a one-line error."""
    from ..engine import check_folder, check_target
    from ..play.batch import record_name
    from ..store.saves import default_records_dir, players_path

    if args.records is None:
        return None
    records: Path = default_records_dir() if args.records is True else args.records
    with _writing_records(records):
        records.mkdir(parents=True, exist_ok=True)
        check_folder(records)
        seats = players_path(records / "x").parent
        kept = os.path.lexists(seats)  # it is made when the first seats are written
        if kept:
            check_folder(seats, own=True)
        for name in (record_name(played, seed) for seed in range(args.seed, args.seed + args.games)):
            check_target(records / name)
            if kept:
                check_target(seats / name)
    return records


@contextmanager
def _writing_records(records: Path | None) -> Iterator[None]:
    """A record or its seats that cannot be written after all (the disk full, a link planted
    since the check): one line, not a traceback."""
    try:
        yield
    except OSError as exc:
        raise CliError(_("{path}: cannot keep records there ({why})", path=exc.filename or records, why=exc.strerror or exc)) from None


def _label_records(batch: BatchResult, records: Path) -> None:
    """Beside each kept record, the seats and a one-line result, as for a saved game, so the
    review list says who won each game without replaying it."""
    from ..play.batch import record_name
    from ..store.saves import write_players

    m = batch.matchup
    for g in batch.games:
        result = f"{g.winner} won" if g.winner else "a draw"
        summary = (f"Scenario {m.scenario}, round {g.rounds}, finished, {result} {g.vp['PL']}–{g.vp['ZURL']} VP "
                   f"(PL {m.pl}, ZURL {m.zurl}), seed {g.seed}")
        write_players(records / record_name(m, g.seed), {"PL": m.pl, "ZURL": m.zurl}, privacy=False, summary=summary, over=True)


COMMAND = Command("simulate", N_("play bots against each other headless and print the results"), _arguments, _run)
