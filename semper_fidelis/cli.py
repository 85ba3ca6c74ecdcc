"""The ``semper-fidelis`` console script.

Every subcommand is one ``_cmd_<name>`` function registered in :data:`COMMANDS` by
:func:`command`; adding one (``play``, ``simulate``, ``replay``, ``bench``) is one decorated
function with its arguments. Every command accepts ``--assets DIR`` before or after its name.
Errors (bad data, unknown scenario, bad arguments) print one line on stderr and exit with 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path

from .data.loader import DataError, GameData, load_game_data, resolve_dirs
from .engine.game import RecordError

PROG = "semper-fidelis"


class CliError(Exception):
    """A user-facing error: printed as one line on stderr, exit status 2."""


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


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG,
        description="Semper Fidelis: Bitwa o Lwów 1918-1919 — the battle for Lviv in the terminal.",
    )
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
    """Load the game data or raise a one-line :class:`CliError`."""
    if data_dir is not None and not data_dir.is_dir():
        raise CliError(f"{data_dir}: no such data directory")
    try:
        return load_game_data(data_dir)
    except DataError as exc:
        n = len(exc.problems)
        where = data_dir if data_dir is not None else "the shipped data"
        hint = f"{PROG} validate" + (f" {data_dir}" if data_dir is not None else "")
        first = " ".join(exc.problems[0].split()) if exc.problems else "unknown problem"
        more = f" (and {n - 1} more)" if n > 1 else ""
        raise CliError(f"{where} has {n} data problem{'s' * (n != 1)}: {first}{more}; run '{hint}'") from None


def pick_scenario(data: GameData, wanted: str):
    """A scenario by number (``2``) or by a prefix of its name (``semper``, ``siege``)."""
    wanted = wanted.strip()
    if wanted.isdigit() and int(wanted) in data.scenarios:
        return data.scenarios[int(wanted)]
    key = wanted.lower()
    matches = [s for s in data.scenarios.values() if key and (s.name.lower().startswith(key) or s.polish.lower().startswith(key))]
    if len(matches) == 1:
        return matches[0]
    known = ", ".join(f"{n} {s.name}" for n, s in sorted(data.scenarios.items())) or "none"
    raise CliError(f"no scenario {wanted!r} (known: {known})")


# ------------------------------------------------------------------------------- commands


def _validate_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("dir", nargs="?", type=Path, metavar="DIR",
                        help="data directory to check (default: --assets, else the shipped data)")


@command("validate", "check a data directory and print each problem on one line", _validate_args)
def _cmd_validate(args: argparse.Namespace) -> int:
    from .data.validate import validate_dir

    data_dir = args.dir if args.dir is not None else args.assets
    if data_dir is not None and not data_dir.is_dir():
        raise CliError(f"{data_dir}: no such data directory")
    problems = validate_dir(data_dir)
    out = sys.stdout
    for problem in problems:
        print(problem, file=out)
    assets_dir, scenarios_dir = resolve_dirs(data_dir)
    if problems:
        n = len(problems)
        print(f"FAILED: {n} problem{'s' * (n != 1)} in {assets_dir} and {scenarios_dir}", file=out)
        return 1
    data = load_game_data(data_dir)
    cards = "+".join(str(len(data.decks[s].cards)) for s in ("PL", "ZURL"))
    print(
        f"OK: {len(data.board.areas)} areas, {len(data.board.districts)} districts, "
        f"{len(data.board.railways)} railways, {len(data.scenarios)} scenarios, "
        f"{cards} action cards, {len(data.commanders.commanders)} commanders "
        f"(assets: {assets_dir}; scenarios: {scenarios_dir})",
        file=out,
    )
    return 0


def _board_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scenario", nargs="?", default="2", metavar="SCENARIO",
                        help="scenario number 1-5 or name (default: 2)")
    parser.add_argument("--width", type=int, default=None, help="output width in columns (default: the terminal's)")
    parser.add_argument("--no-color", action="store_true", help="plain text, no colours")


@command("board", "print the map of Lwów with a scenario's starting position", _board_args)
def _cmd_board(args: argparse.Namespace) -> int:
    from rich.console import Console

    from .render.board_map import BoardMap, position_from_scenario

    data = load_data(args.assets)
    scenario = pick_scenario(data, args.scenario)
    console = Console(width=args.width, no_color=args.no_color or None, highlight=False)
    console.print(BoardMap(data, position_from_scenario(data, scenario)))
    return 0


def _engine_data(args: argparse.Namespace) -> GameData | None:
    """The data for the engine: None (the shipped data, cached) unless --assets was given."""
    return load_data(args.assets) if args.assets is not None else None


def _simulate_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scenario", default="2", help="scenario number 1-5 or name (default: 2)")
    parser.add_argument("--games", type=int, default=100, help="number of games (default: 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (default: 0)")
    parser.add_argument("--handicap", action="store_true", help="FAQ handicap: ZURL with initiative starts with 3 cards")


@command("simulate", "play bots against each other headless and print the results", _simulate_args)
def _cmd_simulate(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from .bots import RandomBot
    from .engine.simulate import run_batch

    data = load_data(args.assets)
    scenario = pick_scenario(data, args.scenario)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    console = Console(highlight=False)
    options = {"handicap": True} if args.handicap else {}
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task(f"Scenario {scenario.number} {scenario.name}", total=args.games)
        batch = run_batch(
            scenario.number, args.games, args.seed, RandomBot,
            progress=lambda done: progress.update(task, completed=done), options=options,
            data=_engine_data(args),
        )
    table = Table(title=f"Scenario {scenario.number}: {scenario.name} — {args.games} games, random bots, seeds {args.seed}..{args.seed + args.games - 1}")
    for col in ("", "PL", "ZURL", "draw"):
        table.add_column(col, justify="right")
    n = len(batch.games)
    table.add_row("wins", *(f"{batch.wins(s)} ({100 * batch.wins(s) / n:.0f}%)" for s in ("PL", "ZURL", None)))
    table.add_row("mean VP", f"{batch.mean_vp('PL'):.1f}", f"{batch.mean_vp('ZURL'):.1f}", "")
    console.print(table)
    console.print(f"Mean length: {batch.mean_rounds():.1f} rounds, {sum(g.actions for g in batch.games) / n:.0f} actions.")
    reasons: dict[str, int] = {}
    for g in batch.games:
        key = g.reason.split(":")[0]
        reasons[key] = reasons.get(key, 0) + 1
    console.print("Endings: " + "; ".join(f"{k} ×{v}" for k, v in sorted(reasons.items())))
    if scenario.negotiation:
        console.print(f"Negotiation orders: {sum(g.negotiations for g in batch.games)} in all.")
    effects = batch.card_effects()
    cards = Table(title="Cards played for their effect (Events: played for AP, effect for the opponent)")
    cards.add_column("#", justify="right")
    for side in ("PL", "ZURL"):
        cards.add_column(f"{side} card")
        cards.add_column("×", justify="right")
    for number in range(1, max(len(data.decks["PL"].cards), len(data.decks["ZURL"].cards)) + 1):
        row = [str(number)]
        for side in ("PL", "ZURL"):
            card = next((c for c in data.decks[side].cards if c.number == number), None)
            row += [card.name if card else "", str(effects.get(f"{side} #{number}", 0)) if card else ""]
        cards.add_row(*row)
    console.print(cards)
    return 0


def _replay_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", type=Path, metavar="RECORD", help="a saved game record (JSON)")


@command("replay", "replay a game record and print the final position and score", _replay_args)
def _cmd_replay(args: argparse.Namespace) -> int:
    from rich.console import Console

    from .engine.records import read_record
    from .render.board_map import BoardMap
    from .render.position import position_from_game

    game = read_record(args.record, data=_engine_data(args))
    console = Console(highlight=False)
    console.print(BoardMap(game.rules.data, position_from_game(game)))
    state = game.state
    decision = game.decision()
    now = f"waiting for {decision.prompt}" if decision else "the game is over"
    console.print(f"After {len(game.actions)} actions — round {state.round}, {now}.")
    console.print(f"Victory Points: PL {state.vp['PL']}, ZURL {state.vp['ZURL']}.")
    if state.result:
        console.print(f"Result: {state.result['reason']}.")
    return 0


def _bench_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=int, default=10, help="random games per scenario (default: 10)")


@command("bench", "measure engine speed: apply, legal-action listing, full random games", _bench_args)
def _cmd_bench(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table

    from .engine.bench import bench_scenario

    table = Table(title=f"Engine speed ({args.games} random games per scenario)")
    for col in ("scenario", "apply (median)", "legal list (median)", "game (median)", "games/s", "actions/game"):
        table.add_column(col, justify="right")
    for number in range(1, 6):
        r = bench_scenario(number, max(1, args.games))
        table.add_row(str(number), f"{r['apply_us']:.0f} µs", f"{r['legal_us']:.0f} µs", f"{r['game_ms']:.0f} ms",
                      f"{r['games_per_s']:.1f}", f"{r['actions']:.0f}")
    Console(highlight=False).print(table)
    return 0


def _play_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--saves", type=Path, default=None, metavar="DIR",
                        help="where games are saved (default: $XDG_DATA_HOME/semper-fidelis/saves "
                        "or ~/.local/share/semper-fidelis/saves)")
    parser.add_argument("--pace", type=float, default=0.3, metavar="SECONDS",
                        help="pause between a bot's actions (default: 0.3)")


@command("play", "open the game in the terminal (the default when no command is given)", _play_args)
def _cmd_play(args: argparse.Namespace) -> int:
    from .tui import run

    return run(saves_dir=getattr(args, "saves", None), data=_engine_data(args), bot_pace=getattr(args, "pace", 0.3))


# ----------------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if getattr(args, "handler", None) is None:
            if not (sys.stdin.isatty() and sys.stdout.isatty()):  # piped or captured: no UI
                parser.print_help()
                return 0
            return _cmd_play(args)
        return args.handler(args)
    except CliError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return 2
    except DataError as exc:
        first = " ".join(exc.problems[0].split()) if exc.problems else str(exc)
        print(f"{PROG}: error: {first}", file=sys.stderr)
        return 2
    except RecordError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
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


if __name__ == "__main__":
    sys.exit(main())
