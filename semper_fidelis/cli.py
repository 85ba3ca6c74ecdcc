"""The ``semper-fidelis`` console script.

Every subcommand is one ``_cmd_<name>`` function registered in :data:`COMMANDS` by
:func:`command`; adding one (``play``, ``simulate``, ``replay``, ``review``, ``fuzz``, ``bench``) is one decorated
function with its arguments. Every command accepts ``--assets DIR`` before or after its name.
Errors (bad data, unknown scenario, bad arguments) print one line on stderr and exit with 2; an
unexpected failure prints one line and exits with 1 (``SEMPER_FIDELIS_DEBUG=1`` re-raises it).
Text from files and paths is printed by the rule of :mod:`.data.text`: never as markup, no
control characters.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from . import argtypes
from .data.scenarios import pick_scenario
from .data.text import plain, printable
from .errors import CliError

if TYPE_CHECKING:  # the data and the engine are imported by the commands that use them (start-up time)
    import ssl

    from .data.loader import GameData
    from .data.models import Side

PROG = "semper-fidelis"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse would print usage and sys.exit(2)
        raise CliError(f"{message} (try '{self.prog} --help')")


# ------------------------------------------------------------------------------- registration

Handler = Callable[[argparse.Namespace], int]
COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None], Handler]] = {}


def command(name: str, help: str, arguments: Callable[[argparse.ArgumentParser], None] = lambda p: None):
    """Register ``fn(args) -> exit code`` as subcommand ``name``; ``arguments`` adds its options."""

    def register(fn: Handler) -> Handler:
        COMMANDS[name] = (help, arguments, fn)
        return fn

    return register


def _add_assets(parser: argparse.ArgumentParser, *, default) -> None:
    parser.add_argument(
        "--assets",
        metavar="DIR",
        type=Path,
        default=default,
        help="data directory holding assets/ and scenarios/ (or an assets directory); "
        "default: the data shipped with the game",
    )


EXIT_STATUSES = """exit status:
  0    done
  1    failed: a game or check that failed, or an internal error
  2    bad usage: a wrong option or value, bad data or record, no terminal for the app
  130  interrupted (Ctrl+C)"""


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("semper-fidelis")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="Semper Fidelis: Bitwa o Lwów 1918-1919 — the battle for Lviv in the terminal.",
        epilog=EXIT_STATUSES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {_version()}")
    _add_assets(parser, default=None)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, (help_text, arguments, handler) in COMMANDS.items():
        sub = subparsers.add_parser(name, help=help_text, description=help_text)
        # SUPPRESS: an --assets given before the command is not overwritten by this default
        _add_assets(sub, default=argparse.SUPPRESS)
        arguments(sub)
        sub.set_defaults(handler=handler)
    return parser


# -------------------------------------------------------------------------------- helpers


def load_data(data_dir: Path | None) -> GameData:
    """Load the game data or raise a one-line :class:`CliError`. A data folder given with
    ``--assets`` passes every check of ``validate`` first (the shipped data is checked by the tests)."""
    from .data.loader import DataError, load_game_data

    if data_dir is not None and not data_dir.is_dir():
        raise CliError(f"{data_dir}: no such data directory")
    try:
        if data_dir is None:
            return load_game_data()
        data, _, problems = checked_data(data_dir)
        if data is None:
            raise DataError(problems)
        return data
    except DataError as exc:
        n = len(exc.problems)
        where = data_dir if data_dir is not None else "the shipped data"
        hint = f"{PROG} validate" + (f" {data_dir}" if data_dir is not None else "")
        first = " ".join(exc.problems[0].split()) if exc.problems else "unknown problem"
        more = f" (and {n - 1} more)" if n > 1 else ""
        raise CliError(f"{where} has {n} data problem{'s' * (n != 1)}: {first}{more}; run '{hint}'") from None


def checked_data(data_dir: Path | None) -> tuple[GameData | None, int, list[str]]:
    """Every check ``validate`` makes, for ``validate`` and for every command given ``--assets``
    alike: the data (None when a problem was found), how many rulebook examples it holds, and
    each problem on one line. The examples are played only on otherwise sound data."""
    from .data.loader import load_game_data, resolve_dirs
    from .data.validate import validate_dir
    from .engine import validate_examples

    problems = validate_dir(data_dir)
    if problems:
        return None, 0, problems
    data = load_game_data(data_dir)
    examples, problems = validate_examples(resolve_dirs(data_dir)[0], data if data_dir is not None else None)
    return (None if problems else data), examples, problems


def _add_variant(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    parser.add_argument("--variant", type=Path, default=None, metavar="FILE",
                        help="a scenario variant: a TOML naming its base scenario and what it changes (docs/designers-guide.md)")


def variant_data(args: argparse.Namespace, data: GameData | None = None) -> GameData:
    """The data of ``--assets`` with the ``--variant`` applied (without one, just the data), or a
    one-line CliError naming the first problem."""
    from .data.loader import DataError
    from .data.variant import load_variant, read_variant_file

    data = data or load_data(args.assets)
    if getattr(args, "variant", None) is None:
        return data
    try:
        return load_variant(data, read_variant_file(args.variant), f"variant {args.variant.name}")
    except DataError as exc:
        n = len(exc.problems)
        more = f" (and {n - 1} more: run '{PROG} validate --variant {args.variant}')" if n > 1 else ""
        raise CliError(f"{exc.problems[0]}{more}") from None


def variant_scenario(data: GameData, wanted: str | None, default: str = "2"):
    """The scenario a command plays: the variant's (``wanted`` may only name its base), else
    ``wanted`` or ``default``."""
    if data.variant is None:
        return pick_scenario(data, wanted or default)
    scenario = data.scenarios[data.variant.base]
    if wanted is not None and pick_scenario(data, wanted).number != scenario.number:
        raise CliError(f"--variant changes scenario {scenario.number}, not scenario {wanted}")
    return scenario


# ------------------------------------------------------------------------------- commands


def _validate_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("dir", nargs="?", type=Path, metavar="DIR",
                        help="data directory to check (default: --assets, else the shipped data)")
    _add_variant(parser)


@command("validate", "check a data directory and print each problem on one line", _validate_args)
def _cmd_validate(args: argparse.Namespace) -> int:
    from .data.loader import resolve_dirs

    data_dir = args.dir if args.dir is not None else args.assets
    if data_dir is not None and not data_dir.is_dir():
        raise CliError(f"{data_dir}: no such data directory")
    if args.variant is not None:
        return _validate_variant(load_data(data_dir), args.variant)
    data, examples, problems = checked_data(data_dir)
    assets_dir, scenarios_dir = resolve_dirs(data_dir)
    out = sys.stdout
    for problem in problems:
        print(printable(problem), file=out)
    if problems:
        n = len(problems)
        print(printable(f"FAILED: {n} problem{'s' * (n != 1)} in {assets_dir} and {scenarios_dir}"), file=out)
        return 1
    assert data is not None  # no problem: checked_data gave the data
    cards = "+".join(str(len(data.decks[s].cards)) for s in ("PL", "ZURL"))
    print(printable(
        f"OK: {len(data.board.areas)} areas, {len(data.board.districts)} districts, "
        f"{len(data.board.railways)} railways, {len(data.scenarios)} scenarios, "
        f"{cards} action cards, {len(data.commanders.commanders)} commanders, {examples} rulebook examples "
        f"(assets: {assets_dir}; scenarios: {scenarios_dir})"),
        file=out,
    )
    return 0


def _validate_variant(data: GameData, path: Path) -> int:
    """``validate --variant FILE``: every problem of the variant on its line, or what it changes."""
    from .data.loader import DataError
    from .data.variant import load_variant, read_variant_file, setup_diff

    label = f"variant {path.name}"
    try:
        varied = load_variant(data, read_variant_file(path), label)
    except DataError as exc:
        for problem in exc.problems:
            print(printable(problem))
        n = len(exc.problems)
        print(printable(f"FAILED: {n} problem{'s' * (n != 1)} in {label}"))
        return 1
    assert varied.variant is not None
    changes = setup_diff(data.scenarios[varied.variant.base], varied)
    print(printable(f"OK: {label}, {varied.variant.name!r}, changes scenario {varied.variant.base} in "
                    f"{len(changes)} place{'s' * (len(changes) != 1)} (digest {varied.variant.digest})"))
    return 0


def _board_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", nargs="?", default=None, metavar="SCENARIO",
                        help="scenario number 1-5 or name (default: 2, or the variant's)")
    _add_variant(parser)
    parser.add_argument("--width", type=argtypes.positive, default=None, help="output width in columns (default: the terminal's)")
    parser.add_argument("--no-color", action="store_true", help="plain text, no colours")


@command("board", "print the map of Lwów with a scenario's starting position", _board_args)
def _cmd_board(args: argparse.Namespace) -> int:
    from rich.console import Console

    from .render.board_map import BoardMap, position_from_scenario

    data = variant_data(args)
    scenario = variant_scenario(data, args.scenario)
    console = Console(width=args.width, no_color=args.no_color or None, highlight=False)
    console.print(BoardMap(data, position_from_scenario(data, scenario)))
    if data.variant is not None:
        from .data.variant import setup_diff, unvaried

        console.print(plain(f"Variant {data.variant.name!r} changes from scenario {scenario.number}'s set-up:"))
        for line in setup_diff(unvaried(data).scenarios[scenario.number], data):
            console.print(plain(f"  {line}"))
    return 0


#: the width of Rich output piped to a file or another program: wide enough for every table
#: (Rich would assume 80 columns and cut them)
PIPED_WIDTH = 500


def _console(stderr: bool = False):
    """A Rich console on stdout (or stderr): on a terminal, the terminal's width; piped, plain
    text as wide as its tables."""
    from rich.console import Console

    console = Console(highlight=False, stderr=stderr)
    return console if console.is_terminal else Console(highlight=False, stderr=stderr, width=PIPED_WIDTH)


def _is_terminal(stream) -> bool:
    try:
        return stream is not None and stream.isatty()
    except ValueError:  # closed
        return False


def _needs_terminal(command: str, instead: str) -> None:
    """Refuse in one line to start the app where it cannot be used: piped or redirected it would
    write its screen's escape codes into the file and wait for keys that never come; a dumb
    terminal cannot move its cursor. textual-serve runs the app over pipes with its own driver
    (``TEXTUAL_DRIVER``): the browser is its terminal. ``instead``: what works without one."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return
    missing = [name for name, stream in (("input", sys.stdin), ("output", sys.stdout)) if not _is_terminal(stream)]
    if missing:
        raise CliError(f"{command} needs a terminal, and its {' and '.join(missing)} {'is' if len(missing) == 1 else 'are'} not one "
                       f"({instead})")
    if os.environ.get("TERM") == "dumb":
        raise CliError(f"{command} needs a terminal that moves its cursor, and TERM=dumb does not ({instead})")


def _engine_data(args: argparse.Namespace) -> GameData | None:
    """The data for the engine: None (the shipped data, cached) unless --assets was given."""
    return load_data(args.assets) if args.assets is not None else None


def _bot_name(text: str) -> str:
    from .bots import BOTS

    if text not in BOTS:
        raise argparse.ArgumentTypeError(f"no bot {text!r} (known: {', '.join(BOTS)})")
    return text


def _batch_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=argtypes.positive, default=100, help="number of games (default: 100)")
    parser.add_argument("--seed", type=argtypes.seed, default=0, help="seed of the first game (default: 0)")
    parser.add_argument("--think", type=argtypes.seconds, default=None, metavar="SECONDS", help="thinking time per decision for searching bots")
    parser.add_argument("--iterations", type=argtypes.positive, default=None, metavar="N",
                        help="searching bots play N playouts per decision instead of thinking for a time (reproducible)")
    parser.add_argument("--jobs", type=argtypes.positive, default=None, help="processes to spread the games over (default: all cores)")
    parser.add_argument("--json", action="store_true", help="print the results as one JSON object")
    parser.add_argument("--handicap", action="store_true", help="FAQ handicap: ZURL with initiative starts with 3 cards")
    _add_cluster(parser)


def _add_cluster(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--cluster", metavar="ADDRESS", default=None,
                        help="play the games on the workers of a Dask scheduler (tcp://host:8786) instead of local processes; "
                        "the same results as a local run (needs the 'cluster' extra)")


def _cluster(args: argparse.Namespace):
    """The Dask cluster of ``--cluster`` as a context (None without it: nothing of Dask is
    imported); a missing extra or an unusable scheduler is a one-line error."""
    from contextlib import nullcontext

    if args.cluster is None:
        return nullcontext()
    from .play.cluster import ClusterError, connect

    @contextmanager
    def connected():
        try:
            with connect(args.cluster) as cluster:
                yield cluster
        except ClusterError as exc:
            raise CliError(str(exc)) from None

    return connected()


def _simulate_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scenario", default=None, help="scenario number 1-5 or name (default: 2, or the variant's)")
    _add_variant(parser)
    parser.add_argument("--pl", type=_bot_name, default="random", help="the PL bot (default: random)")
    parser.add_argument("--zurl", type=_bot_name, default="random", help="the ZURL bot (default: random)")
    parser.add_argument("--records", type=Path, nargs="?", const=True, default=None, metavar="DIR",
                        help="keep every game's record in DIR, to open with 'review' (DIR left out: the records "
                        "folder next to the saves, which the app's 'Review a game' lists)")
    _batch_args(parser)
    _chart_args(parser)


def _chart_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--charts", action="store_true",
                        help="print the charts (VP margin, ending round, win rates) also when the output is not a terminal")
    parser.add_argument("--plot", type=Path, default=None, metavar="FILE",
                        help=f"write the same charts to FILE.svg or FILE.png (needs matplotlib: pip install '{PROG}[plots]')")


def _check_plot(args: argparse.Namespace) -> None:
    """Refuse a ``--plot`` that cannot be written before any game is played."""
    if args.plot is None:
        return
    from .play.plots import PlotsMissing, check_plot_file

    try:
        check_plot_file(args.plot)
    except OSError as exc:
        raise CliError(f"{exc.filename}: cannot write the plot there ({exc.strerror})") from None
    except (ValueError, PlotsMissing) as exc:
        raise CliError(str(exc)) from None


def _charts(batches: list, args: argparse.Namespace, console, title: str) -> None:
    """The batch's charts: to the ``--plot`` file, and on the terminal — only when the output is
    a terminal or ``--charts`` asks, never with ``--json`` or ``--markdown``, so what a script
    reads from a pipe stays the tables it always was."""
    from .play.plots import figures, write_plot
    from .render.charts import terminal_charts

    found = figures(batches)
    if args.plot is not None:
        try:
            write_plot(found, args.plot, title)
        except OSError as exc:
            raise CliError(f"{args.plot}: cannot write the plot ({exc.strerror or exc})") from None
        print(printable(f"Charts written to {args.plot}."), file=sys.stderr if args.json else sys.stdout)
    if args.json or getattr(args, "markdown", False) or not (args.charts or console.is_terminal):
        return
    import shutil

    size = shutil.get_terminal_size()  # piped tables run wide, but charts keep to the terminal (or $COLUMNS)
    for chart in terminal_charts(found, size.columns, max(10, min(20, size.lines // 2))):
        console.print(chart, markup=False, highlight=False, crop=False, soft_wrap=True)


def _records_dir(args: argparse.Namespace, matchup) -> Path | None:
    """Where ``simulate --records`` keeps the games: the folder created, and checked before any
    game is played — it and its ``.players`` folder real folders that may be written in, and
    nothing but a regular file where a game's record or seats will go — or a one-line error."""
    from .engine import check_folder, check_target
    from .play.batch import record_name
    from .store.saves import default_records_dir, players_path

    records = args.records
    if records is None:
        return None
    if records is True:
        records = default_records_dir()
    with _writing_records(records):
        records.mkdir(parents=True, exist_ok=True)
        check_folder(records)
        seats = players_path(records / "x").parent
        kept = os.path.lexists(seats)  # it is made when the first seats are written
        if kept:
            check_folder(seats, own=True)
        for name in (record_name(matchup, seed) for seed in range(args.seed, args.seed + args.games)):
            check_target(records / name)
            if kept:
                check_target(seats / name)
    return records


def _run_batches(matchups: list, args: argparse.Namespace, console, records: Path | None = None) -> list:
    """Play every matchup's games, with a Rich progress bar when the output is a terminal."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    from .play.batch import default_jobs, run_batches

    with _cluster(args) as cluster, Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                                             console=console, transient=True, disable=args.json or not console.is_terminal) as progress:
        tasks = [progress.add_task(f"Scenario {m.scenario}: {m.pl} (PL) v {m.zurl} (ZURL)", total=args.games) for m in matchups]
        return run_batches(matchups, args.games, args.seed, args.jobs or default_jobs(), progress=lambda i, done: progress.update(tasks[i], completed=done),
                           records=records, cluster=cluster)


def _check_seeds(args: argparse.Namespace) -> None:
    """A batch's games take the seeds --seed, --seed + 1, …: the last one must fit a record too."""
    from .engine import SEED_LIMIT

    if args.seed + args.games > SEED_LIMIT:
        raise CliError(f"--seed {args.seed} with --games {args.games}: the last game's seed, "
                       f"{args.seed + args.games - 1}, is above the largest, {SEED_LIMIT - 1}")


def _matchup(scenario: int, pl: str, zurl: str, args: argparse.Namespace, variant: str | None = None):
    from .play.batch import Matchup

    options = (("handicap", True),) if args.handicap else ()
    return Matchup(scenario, pl, zurl, args.think, options, args.assets, args.iterations, variant)


@command("simulate", "play bots against each other headless and print the results", _simulate_args)
def _cmd_simulate(args: argparse.Namespace) -> int:
    import json

    from .play.report import simulate_report

    data = variant_data(args)
    _check_seeds(args)
    scenario = variant_scenario(data, args.scenario)
    console = _console(stderr=args.json)
    matchup = _matchup(scenario.number, args.pl, args.zurl, args, data.variant.text if data.variant else None)
    records = _records_dir(args, matchup)
    _check_plot(args)
    with _writing_records(records):
        (batch,) = _run_batches([matchup], args, console, records)
    title = (f"Scenario {scenario.number}: {scenario.name} — {args.games} games, {args.pl} (PL) v {args.zurl} (ZURL), "
             f"seeds {args.seed}..{args.seed + args.games - 1}")
    if args.json:
        print(json.dumps(batch.to_json()))
        _charts([batch], args, console, title)
        return 0
    console.print(simulate_report(batch, data, title))
    _charts([batch], args, console, title)
    if records is not None:
        with _writing_records(records):
            _label_records(batch, records)
        console.print(plain(f"Records of the {args.games} games in {records} (open one with '{PROG} review FILE')."))
    return 0


@contextmanager
def _writing_records(records: Path | None):
    """A record or its seats that cannot be written after all (the disk full, a link planted
    since the check): one line, not a traceback."""
    try:
        yield
    except OSError as exc:
        raise CliError(f"{exc.filename or records}: cannot keep records there ({exc.strerror or exc})") from None


def _label_records(batch, records: Path) -> None:
    """Beside each kept record, the seats and a one-line result, as for a saved game, so the
    review list says who won each game without replaying it."""
    from .play.batch import record_name
    from .store.saves import write_players

    m = batch.matchup
    for g in batch.games:
        result = f"{g.winner} won" if g.winner else "a draw"
        summary = (f"Scenario {m.scenario}, round {g.rounds}, finished, {result} {g.vp['PL']}–{g.vp['ZURL']} VP "
                   f"(PL {m.pl}, ZURL {m.zurl}), seed {g.seed}")
        write_players(records / record_name(m, g.seed), {"PL": m.pl, "ZURL": m.zurl}, privacy=False, summary=summary, over=True)


def _balance_args(parser: argparse.ArgumentParser) -> None:
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--bots", default=None, help="one bot, or two as A,B: every pairing both ways (default: random)")
    who.add_argument("--pairings", default=None, metavar="PL-ZURL,…",
                     help="the pairings to play, each the PL bot and the ZURL bot, as general-general,marshal-marshal,general-marshal; "
                     "with two or more, each scenario's verdicts are compared and one that only one pairing supports is flagged")
    parser.add_argument("--scenarios", "--scenario", default=None, help="which scenarios (default: all five; with --variant, its own)")
    _add_variant(parser)
    parser.add_argument("--sweep", default=None, metavar="KEY=A..B",
                        help="play the scenario (or the --variant) with the variant key KEY at each value A to B, as "
                        "sides.PL.supply=4..8: PL's win rate against the value, and the value closest to even")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    _batch_args(parser)
    _chart_args(parser)


@command("balance", "every scenario, each pairing of bots both ways: who wins, by how much, with intervals", _balance_args)
def _cmd_balance(args: argparse.Namespace) -> int:
    import json

    from .play.report import (
        VERDICT_COLUMNS,
        balance_markdown,
        balance_rows,
        balance_table,
        markdown_table,
        scenario_verdicts,
        verdict_rows,
        verdicts_table,
    )

    data = load_data(args.assets)
    _check_seeds(args)
    pairs = _pairings(args)
    if args.sweep is not None:
        return _balance_sweep(args, variant_data(args, data), pairs)
    if args.variant is not None:
        return _balance_variant(args, variant_data(args, data), pairs)
    scenarios = [pick_scenario(data, s.strip()) for s in (args.scenarios or "1,2,3,4,5").split(",") if s.strip()]
    console = _console(stderr=args.json)
    matchups = [_matchup(sc.number, pl, zurl, args) for sc in scenarios for pl, zurl in pairs]
    _check_plot(args)
    batches = _run_batches(matchups, args, console)
    verdicts = scenario_verdicts(batches)
    title = f"Balance — {args.games} games per pairing, seeds {args.seed}..{args.seed + args.games - 1}"
    if args.json:
        print(json.dumps({"games_per_pairing": args.games, "results": [b.to_json() for b in batches],
                          "verdicts": [v.to_json() for v in verdicts]}))
        _charts(batches, args, console, title)
        return 0
    names = {sc.number: sc.name for sc in scenarios}
    rows = balance_rows(batches, names)
    compared = verdict_rows(verdicts, names) if len(pairs) > 1 else []
    if args.markdown or not sys.stdout.isatty():  # piped: a Markdown table, never cut to 80 columns
        print(balance_markdown(rows) + (f"\n\n{markdown_table(VERDICT_COLUMNS, compared)}" if compared else ""))
    else:
        console.print(balance_table(rows, title))
        console.print(verdicts_table(compared) if compared else
                      "One pairing per scenario: '--pairings general-general,marshal-marshal,general-marshal' tells whether the verdicts hold with other bots.")
    _charts(batches, args, console, title)
    return 0


def _balance_variant(args: argparse.Namespace, data: GameData, pairs: list[tuple[str, str]]) -> int:
    """``balance --variant FILE``: the base and the variant on the same seeds and bots (play/paired.py)."""
    import json
    from dataclasses import replace

    from .play.paired import COLUMNS, pair_up, rows, write_paired_plot

    assert data.variant is not None
    scenario = variant_scenario(data, args.scenarios)
    console = _console(stderr=args.json)
    _check_plot(args)
    base = [_matchup(scenario.number, pl, zurl, args) for pl, zurl in pairs]
    paired = pair_up(_run_batches([x for m in base for x in (m, replace(m, variant=data.variant.text))], args, console))
    title = (f"Scenario {scenario.number} and its variant {data.variant.name!r} — {args.games} games per pairing on the same seeds, "
             f"{args.seed}..{args.seed + args.games - 1}")
    if args.plot is not None:
        _writing_plot(args, lambda: write_paired_plot(paired, args.plot, title))
    if args.json:
        print(json.dumps({"scenario": scenario.number, "variant": data.variant.record(), "games_per_pairing": args.games,
                          "pairings": [p.to_json() for p in paired]}))
        return 0
    _print_table(console, args, title, COLUMNS, rows(paired), [p.summary() for p in paired])
    return 0


def _balance_sweep(args: argparse.Namespace, data: GameData, pairs: list[tuple[str, str]]) -> int:
    """``balance --sweep KEY=A..B``: each value as a variant, on the same seeds (play/sweep.py)."""
    import json
    from dataclasses import replace

    from .data.loader import DataError
    from .data.variant import unvaried
    from .play.sweep import COLUMNS, parse_sweep, sweep_texts, sweeps, write_sweep_plot

    scenario = variant_scenario(data, args.scenarios)
    if args.scenarios is None and data.variant is None:
        raise CliError("--sweep needs the scenario to sweep: --scenario N (or a --variant)")
    try:
        key, values = parse_sweep(args.sweep)
        texts = sweep_texts(unvaried(data), scenario.number, key, values, data.variant.text if data.variant else None)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    except DataError as exc:
        raise CliError(exc.problems[0] + (f" (and {len(exc.problems) - 1} more)" if len(exc.problems) > 1 else "")) from None
    console = _console(stderr=args.json)
    _check_plot(args)
    base = [_matchup(scenario.number, pl, zurl, args) for pl, zurl in pairs]
    found = sweeps(key, values, _run_batches([replace(m, variant=t) for m in base for t in texts], args, console))
    title = f"Scenario {scenario.number}: {key} from {values[0]} to {values[-1]} — {args.games} games per value, seeds {args.seed}..{args.seed + args.games - 1}"
    if args.plot is not None:
        _writing_plot(args, lambda: write_sweep_plot(found, args.plot, title))
    if args.json:
        print(json.dumps({"scenario": scenario.number, "games_per_value": args.games, "sweeps": [s.to_json() for s in found]}))
        return 0
    _print_table(console, args, title, COLUMNS, [r for s in found for r in s.rows()], [s.summary() for s in found])
    return 0


def _writing_plot(args: argparse.Namespace, write: Callable[[], None]) -> None:
    try:
        write()
    except OSError as exc:
        raise CliError(f"{args.plot}: cannot write the plot ({exc.strerror or exc})") from None
    print(printable(f"Charts written to {args.plot}."), file=sys.stderr if args.json else sys.stdout)


def _print_table(console, args: argparse.Namespace, title: str, columns: tuple[str, ...], rows: list[list[str]], notes: list[str]) -> None:
    """A designer's table with its sentences: Markdown when asked or piped, else a Rich table."""
    from rich.table import Table

    from .play.report import markdown_table

    if args.markdown or not sys.stdout.isatty():
        for line in [*markdown_table(columns, rows).splitlines(), "", *(f"- {n}" for n in notes)]:
            print(printable(line))
        return
    table = Table(title=plain(title))
    for col in columns:
        table.add_column(col)
    for row in rows:
        table.add_row(*map(plain, row))
    console.print(table)
    for note in notes:
        console.print(plain(note))


def _pairings(args: argparse.Namespace) -> list[tuple[str, str]]:
    """The (PL bot, ZURL bot) pairings of ``--pairings``, or of ``--bots`` (one bot: itself;
    two: every pairing both ways), each once."""
    def bot(name: str) -> str:
        try:
            return _bot_name(name.strip())
        except argparse.ArgumentTypeError as exc:
            raise CliError(str(exc)) from None

    if args.pairings is not None:
        pairs = []
        for item in filter(None, (p.strip() for p in args.pairings.split(","))):
            pl, dash, zurl = item.partition("-")
            if not dash:
                raise CliError(f"--pairings: {item!r} is not a pairing PL-ZURL (as general-marshal)")
            pairs.append((bot(pl), bot(zurl)))
        if not pairs:
            raise CliError("--pairings names no pairing (as general-general,marshal-marshal)")
        return list(dict.fromkeys(pairs))
    bots = [bot(b) for b in (args.bots or "random").split(",") if b.strip()]
    if not 1 <= len(bots) <= 2:
        raise CliError("--bots takes one bot or two, as A,B")
    bots = list(dict.fromkeys(bots))  # "general,general" is one pairing, not four alike
    return [(bots[0], bots[0])] if len(bots) == 1 else [(a, b) for a in bots for b in bots]


def _replay_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", type=Path, metavar="RECORD", help="a saved game record (JSON)")


@command("replay", "replay a game record and print the final position and score", _replay_args)
def _cmd_replay(args: argparse.Namespace) -> int:
    from rich.console import Console

    from .engine import read_record
    from .render.board_map import BoardMap
    from .render.position import position_from_view

    game = read_record(args.record, data=_engine_data(args))
    view = game.view(None)
    console = Console(highlight=False)
    console.print(BoardMap(game.data, position_from_view(view, game.data)))
    decision = game.decision()
    now = f"waiting for {decision.prompt}" if decision else "the game is over"
    console.print(plain(f"After {len(game.actions)} actions — round {view['round']}, {now}."))
    console.print(f"Victory Points: PL {view['vp']['PL']}, ZURL {view['vp']['ZURL']}.")
    if view["result"]:
        console.print(plain(f"Result: {view['result']['reason']}."))
    return 0


@command("review", "step through a game record in the app, and play on from any moment (the file is only read)", _replay_args)
def _cmd_review(args: argparse.Namespace) -> int:
    from .tui.app import run
    from .tui.review import Review

    data = _engine_data(args)
    review = Review.open(args.record, data=data)  # a bad record: one line, before the app starts
    _needs_terminal("review", f"without one, '{PROG} replay RECORD' prints where the game ended")
    return run(data=data, review=review)


def _fuzz_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scenario", default=None, help="scenario number 1-5 or name (default: all five in turn)")
    parser.add_argument("--games", type=argtypes.positive, default=100, help="number of games (default: 100)")
    parser.add_argument("--seed", type=argtypes.seed, default=0, help="seed of the first game (default: 0)")
    parser.add_argument("--jobs", type=argtypes.positive, default=1, help="processes to spread the games over (default: 1)")
    parser.add_argument("--json", action="store_true", help="print the result as JSON (failures with seed and action)")
    _add_cluster(parser)


@command("fuzz", "play random games checking the rules' invariants after every action", _fuzz_args)
def _cmd_fuzz(args: argparse.Namespace) -> int:
    import json
    import time

    from rich.console import Console
    from rich.progress import Progress

    from .play.fuzz import fuzz, plan

    data = load_data(args.assets)
    _check_seeds(args)
    scenarios = [pick_scenario(data, args.scenario).number] if args.scenario else sorted(data.scenarios)
    jobs = plan(scenarios, args.games, args.seed, args.assets)
    console = Console(highlight=False, soft_wrap=True, stderr=args.json)
    start = time.perf_counter()
    with _cluster(args) as cluster, Progress(console=console, transient=True, disable=not console.is_terminal) as progress:
        task = progress.add_task(f"Fuzzing scenario{'s' * (len(scenarios) > 1)} {', '.join(map(str, scenarios))}", total=args.games)
        summary = fuzz(jobs, args.jobs, progress=lambda done: progress.update(task, completed=done), cluster=cluster)
    seconds = round(time.perf_counter() - start, 1)
    if args.json:
        print(json.dumps(summary.to_json(scenarios=scenarios, seed=args.seed, jobs=args.jobs, seconds=seconds)))
        return 1 if summary.failures else 0
    checks = ", ".join(f"{n:,} {name}" for name, n in sorted(summary.checks.items()))
    console.print(f"{summary.games:,} games (scenarios {', '.join(map(str, scenarios))}; seeds {args.seed}..{args.seed + args.games - 1}), "
                  f"{summary.actions:,} actions in {seconds:g} s; checks: {checks}.", markup=False)
    for f in summary.failures:
        console.print(f"FAILED scenario {f.scenario} seed {f.seed} after {f.action} actions [{f.check}]: {f.message}", markup=False)
    console.print(f"{len(summary.failures)} failing game{'s' * (len(summary.failures) != 1)}." if summary.failures else "No failures.")
    return 1 if summary.failures else 0


def _bench_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=argtypes.positive, default=10, help="random games per scenario (default: 10)")
    parser.add_argument("--scenario", type=int, action="append", choices=range(1, 6), metavar="N",
                        help="only this scenario (repeatable; default: all five)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.add_argument("--playout", action="store_true",
                        help="measure the marshal's playouts instead (CPU ms a playout, from Orders decisions of "
                             "--games general-v-general games per scenario)")
    parser.add_argument("--turns", type=argtypes.positive, default=None, metavar="N",
                        help="with --playout: cut playouts off after N turns (default: the marshal's own)")


def _bench_playouts(args: argparse.Namespace) -> int:
    """`bench --playout`: the marshal's playout cost per scenario (bots/bench.py)."""
    import json
    from statistics import median

    from .bots.bench import playout_bench
    from .bots.marshal import TURNS

    numbers = sorted(set(args.scenario or range(1, 6)))
    turns = args.turns or TURNS
    figures = {}
    for n in numbers:
        runs = [playout_bench(n, seed=seed, turns=turns) for seed in range(args.games)]
        figures[str(n)] = {key: median(r[key] for r in runs) for key in ("playout_ms", "first_round_ms")}
    if args.json:
        print(json.dumps({"turns": turns, "scenarios": figures}))
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"Marshal playouts (turns: {turns}; games per scenario: {args.games})",
                  caption="medians in CPU ms a playout; first round: decisions of a Stage's first round")
    for heading in ("#", "playout", "first round"):
        table.add_column(heading, justify="right")
    for number, r in figures.items():
        table.add_row(number, f"{r['playout_ms']:.1f}", f"{r['first_round_ms']:.1f}")
    Console(highlight=False).print(table)
    return 0


BENCH_COLUMNS = (  # (heading, key, format); the units go in the caption to keep 80 columns
    ("apply", "apply_us", "{:.0f}"), ("list", "legal_us", "{:.0f}"), ("game", "game_ms", "{:.1f}"),
    ("copy", "clone_us", "{:.0f}"), ("view", "view_us", "{:.0f}"), ("digest", "digest_us", "{:.0f}"),
    ("undo", "undo_ms", "{:.2f}"), ("worst", "undo_max_ms", "{:.2f}"), ("actions", "actions", "{:.0f}"),
)
BENCH_CAPTION = "medians in µs; game and undo in ms; worst: the slowest undo"


@command("bench", "measure engine speed: apply, legal listing, full game, copy, view, digest, undo", _bench_args)
def _cmd_bench(args: argparse.Namespace) -> int:
    import json

    from .engine import bench_scenario

    if args.playout:
        return _bench_playouts(args)
    numbers = sorted(set(args.scenario or range(1, 6)))
    figures = {"scenarios": {str(n): bench_scenario(n, args.games) for n in numbers}}
    if args.json:
        print(json.dumps(figures))
        return 0
    from rich.table import Table

    table = Table(title=f"Engine speed (random games per scenario: {args.games})", caption=BENCH_CAPTION)
    for heading in ("#", *(c[0] for c in BENCH_COLUMNS)):
        table.add_column(heading, justify="right")
    for number, r in figures["scenarios"].items():
        table.add_row(number, *("—" if r[key] is None else fmt.format(r[key]) for _, key, fmt in BENCH_COLUMNS))
    _console().print(table)
    return 0


def _coverage_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--missing", action="store_true",
                        help="list only what no test cites (FAQ questions: neither covered nor untestable)")
    parser.add_argument("--tests", type=Path, default=None, metavar="DIR",
                        help="the tests directory (default: tests/ of the source checkout)")


@command("coverage", "which rulebook sections, errata, FAQ questions and rulings the tests enforce", _coverage_args)
def _cmd_coverage(args: argparse.Namespace) -> int:
    """Exit 1 when a marker names no passage or a FAQ question is silently missing."""
    import json

    from .coverage import build_report, find_tests_dir, scan_tests
    from .data.loader import resolve_dirs
    from .data.rulebook import load_rulebook_index
    from .data.rulings import load_rulings

    tests_dir = args.tests or find_tests_dir()
    if tests_dir is None:
        raise CliError("no tests/ directory: the tests come with the source checkout, not with an "
                       "installed wheel (run from a checkout, or pass --tests DIR)")
    if not tests_dir.is_dir():
        raise CliError(f"{tests_dir}: no such tests directory")
    assets_dir = resolve_dirs(args.assets)[0]
    report = build_report(load_rulebook_index(assets_dir), load_rulings(assets_dir), *scan_tests(tests_dir))
    kinds = (("section", "Rulebook sections"), ("errata", "Errata"), ("faq", "FAQ questions"), ("ruling", "Rulings"))

    def shown(kind: str):
        entries = report.of(kind)
        return [e for e in entries if not e.tests and not e.untestable] if args.missing else entries

    faq = report.of("faq")
    untestable = sum(1 for e in faq if e.untestable and not e.tests)
    summary = {kind: {"total": len(report.of(kind)), "cited": sum(1 for e in report.of(kind) if e.tests)}
               for kind, _ in kinds}
    summary["faq"].update(untestable=untestable, missing=len(report.faq_missing()))
    failed = bool(report.unknown or report.problems or report.faq_missing() or report.faq_untestable_but_tested())
    if args.json:
        print(json.dumps({
            "tests": str(tests_dir),
            **{kind: [{"id": e.key, "title": e.title, "tests": e.tests}
                      | ({"untestable": e.untestable} if e.untestable else {}) for e in shown(kind)]
               for kind, _ in kinds},
            "unknown": [{"test": c.test, "cites": c.ref} for c in report.unknown],
            "problems": report.problems,
            "stale_untestable": [e.key for e in report.faq_untestable_but_tested()],
            "summary": summary,
        }, ensure_ascii=False, indent=2))
        return 1 if failed else 0
    for kind, heading in kinds:
        print(f"{heading}: {summary[kind]['cited']} of {summary[kind]['total']} cited by a test")
        for e in shown(kind):
            title = " ".join(printable(e.title, lines=True).split())
            title = title if len(title) <= 70 else title[:69] + "…"
            if e.tests:
                status = f"{len(e.tests)} test{'s' * (len(e.tests) != 1)}"
            else:
                status = f"untestable: {e.untestable}" if e.untestable else "NO TEST"
            print(f"  {e.key}  {title} — {status}")
            if not args.missing:
                print("".join(f"      {t}\n" for t in e.tests), end="")
    for c in report.unknown:
        print(f"{c.test}: cites {c.ref!r}, which names no section, errata item, FAQ question or ruling")
    for problem in report.problems:
        print(problem)
    for e in report.faq_untestable_but_tested():
        print(f"{e.key}: marked untestable but cited by {e.tests[0]}: drop the reason")
    s = summary
    print(f"Covered: sections {s['section']['cited']}/{s['section']['total']}, "
          f"errata {s['errata']['cited']}/{s['errata']['total']}, "
          f"FAQ {s['faq']['cited']}/{s['faq']['total']} ({untestable} untestable, {s['faq']['missing']} missing), "
          f"rulings {s['ruling']['cited']}/{s['ruling']['total']} — tests in {tests_dir}")
    return 1 if failed else 0


def _play_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--saves", type=Path, default=None, metavar="DIR",
                        help="where games are saved (default: the user data directory, on Linux $XDG_DATA_HOME/semper-fidelis/saves "
                        "or ~/.local/share/semper-fidelis/saves)")
    parser.add_argument("--pace", type=argtypes.pace, default=0.3, metavar="SECONDS",
                        help="pause between a bot's actions (default: 0.3)")
    parser.add_argument("--served", action="store_true", help=argparse.SUPPRESS)  # a page of `serve`: only the lists' games open
    start = parser.add_argument_group("direct start", "open a game or an example at once, not the menu")
    start.add_argument("--scenario", default=None, metavar="N", help="a new game of scenario N (1-5 or a name) at its first decision")
    _add_variant(start)
    start.add_argument("--pl", type=_seat, default=None, metavar="SEAT", help="who plays PL: human or a bot (default: human)")
    start.add_argument("--zurl", type=_seat, default=None, metavar="SEAT", help="who plays ZURL: human or a bot (default: general)")
    start.add_argument("--seed", type=argtypes.seed, default=None, help="the new game's seed (default: random)")
    hands = start.add_mutually_exclusive_group()
    hands.add_argument("--open-hands", action="store_true",
                       help="show both sides' hands and tokens (solo testing); by default a bot's hand is hidden "
                       "from its human opponent, and two humans share the keyboard with a hand-over screen")
    hands.add_argument("--privacy", action="store_true", help="hands hidden (the default; kept for old scripts)")
    start.add_argument("--example", default=None, metavar="NAME",
                       help="a rulebook example by its file's stem (07-cerkiew-sw-jura) or a unique prefix (07, cerkiew)")


def _seat(text: str) -> str:
    from .bots import BOTS
    from .store.seats import HUMAN

    if text != HUMAN and text not in BOTS:
        raise argparse.ArgumentTypeError(f"{text!r} is neither {HUMAN} nor a bot ({', '.join(BOTS)})")
    return text


def pick_example(examples: list, wanted: str):
    """The example named ``wanted``: its file's stem, or a unique prefix of the stem or of the
    stem without its number (``07``, ``cerkiew``)."""
    key = wanted.strip().lower()
    exact = [e for e in examples if e.name.lower() == key]
    matches = exact or [e for e in examples if key and (e.name.lower().startswith(key)
                                                         or e.name.lower().partition("-")[2].startswith(key))]
    if len(matches) == 1:
        return matches[0]
    names = ", ".join(e.name for e in (matches or examples)) or "none"
    if matches:
        raise CliError(f"example {wanted!r} is ambiguous: {names}")
    raise CliError(f"no example {wanted!r} (known: {names})")


def _direct_start(args: argparse.Namespace):
    """The game or example ``play`` opens at once (checked here, so a mistake is one line), or None."""
    from .store.seats import BOT, HUMAN
    from .tui.start import NewGame, OpenExample

    seats = {"--pl": args.pl, "--zurl": args.zurl, "--seed": args.seed, "--privacy": args.privacy or None,
             "--open-hands": args.open_hands or None}
    if args.example is not None:
        given = [name for name, value in seats.items() if value is not None] + ["--scenario"] * (args.scenario is not None)
        given += ["--variant"] * (args.variant is not None)
        if given:
            raise CliError(f"--example opens a rulebook example as printed: {', '.join(given)} cannot go with it")
        from .engine import PositionError, examples_dir, load_examples

        data = load_data(args.assets)
        example = pick_example(load_examples(examples_dir(data.assets_dir))[0], args.example)
        try:
            return OpenExample(example, example.game(data if args.assets is not None else None))
        except PositionError as exc:
            raise CliError(f"{example.name}: {exc}") from None
    if args.scenario is None and args.variant is None:
        given = [name for name, value in seats.items() if value is not None]
        if given:
            raise CliError(f"{', '.join(given)}: only for a new game, give --scenario N too")
        return None
    scenario = variant_scenario(variant_data(args), args.scenario)
    return NewGame(scenario.number, {"PL": args.pl or HUMAN, "ZURL": args.zurl or BOT}, privacy=not args.open_hands)


@command("play", "open the game in the terminal (the default when no command is given)", _play_args)
def _cmd_play(args: argparse.Namespace) -> int:
    from .tui.app import run

    start = _direct_start(args) if hasattr(args, "example") else None
    _needs_terminal("play", f"without one, '{PROG} simulate' plays bots against each other")
    data = variant_data(args) if getattr(args, "variant", None) is not None else _engine_data(args)
    return run(saves_dir=getattr(args, "saves", None), data=data, bot_pace=getattr(args, "pace", 0.3),
               start=start, seed=getattr(args, "seed", None), served=getattr(args, "served", False))


# ------------------------------------------------------------ hosted games (semper_fidelis/net)


def _app_seat(address: str, side: Side, secret: str | None, data: GameData | None, tls: ssl.SSLContext | None = None) -> int:
    """A hosted game's seat played in this terminal's app, handed to the headless ``net``
    commands (which never import the app)."""
    from .tui import remote

    return remote.run_joined(address, side, secret, data, tls=tls)


def _net_args(name: str) -> Callable[[argparse.ArgumentParser], None]:
    def arguments(parser: argparse.ArgumentParser) -> None:
        from .net import args  # light: the arguments only, not the commands (start-up time)

        getattr(args, f"{name}_args")(parser)

    return arguments


@command("host", "hold a game for two machines: its seats human, remote or a bot; prints the seat token", _net_args("host"))
def _cmd_host(args: argparse.Namespace) -> int:
    from .net import commands
    from .net.args import HUMAN

    if HUMAN in (args.pl, args.zurl):  # the human seat is played in the app, in this terminal
        _needs_terminal("host with a human seat", "without one, give the seats to bots or to remote players")

    return commands.host(args, _engine_data(args), _app_seat)


@command("join", "play a seat of a hosted game in the app, or with a bot (--bot), headless", _net_args("join"))
def _cmd_join(args: argparse.Namespace) -> int:
    from .net import commands

    if args.bot is None:  # the seat is played in the app
        _needs_terminal("join without --bot", "without one, --bot BOT plays the seat")
    return commands.join(args, _engine_data(args), _app_seat)


@command("serve", "serve the app to web browsers through textual-serve (or a seat of a hosted game: --join)", _net_args("serve"))
def _cmd_serve(args: argparse.Namespace) -> int:
    from .net import commands

    if args.assets is not None:  # refused here in one line, not in every page the server opens
        load_data(args.assets)
    return commands.serve(args)


# ----------------------------------------------------------------------------------- main


def _user_error(exc: Exception) -> str | None:
    """The one line for a bad record or bad data, None for anything else. Their modules are
    looked up, not imported: a command that never loaded them cannot have raised their errors."""
    records, loader = sys.modules.get("semper_fidelis.engine.records"), sys.modules.get("semper_fidelis.data.loader")
    if records is not None and isinstance(exc, records.RecordError):
        return str(exc)
    if loader is not None and isinstance(exc, loader.DataError):
        return " ".join(exc.problems[0].split()) if exc.problems else str(exc)
    return None



def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if getattr(args, "handler", None) is None:
            if not (_is_terminal(sys.stdin) and _is_terminal(sys.stdout)):  # piped or captured: no UI
                parser.print_help()
                return 0
            return _cmd_play(args)
        return args.handler(args)
    except CliError as exc:
        print(f"{PROG}: error: {printable(exc)}", file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help / --version
        return exc.code if isinstance(exc.code, int) else 0
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `semper-fidelis board | head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception as exc:  # noqa: BLE001 - a bug: one line and a failing status, never a traceback
        user_error = _user_error(exc)
        if user_error is not None:
            print(f"{PROG}: error: {printable(user_error)}", file=sys.stderr)
            return 2
        if os.environ.get("SEMPER_FIDELIS_DEBUG"):
            raise
        message = " ".join(str(exc).split())[:200]
        print(f"{PROG}: internal error: {type(exc).__name__}: {printable(message)} (SEMPER_FIDELIS_DEBUG=1 shows where)", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
