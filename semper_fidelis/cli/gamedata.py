"""The game data a command works on: the shipped data or a checked ``--assets`` folder, with a
``--variant`` applied, and the scenario it plays. A bad folder or variant is one line (CliError)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..data.scenarios import variant_scenario as variant_scenario  # the commands' (and the host's) one place for it
from ..errors import CliError
from ..i18n import _, ngettext
from .command import PROG

if TYPE_CHECKING:  # the data is imported by the commands that use it (start-up time)
    from ..data.loader import GameData


def load_data(data_dir: Path | None) -> GameData:
    """Load the game data or raise a one-line :class:`CliError`. A data folder given with
    ``--assets`` passes every check of ``validate`` first (the shipped data is checked by the tests)."""
    from ..data.loader import DataError, load_game_data

    if data_dir is not None and not data_dir.is_dir():
        raise CliError(_("{path}: no such data directory", path=data_dir))
    try:
        if data_dir is None:
            return load_game_data()
        data, _examples, problems = checked_data(data_dir)
        if data is None:
            raise DataError(problems)
        return data
    except DataError as exc:
        n = len(exc.problems)
        where = data_dir if data_dir is not None else _("the shipped data")
        hint = f"{PROG} validate" + (f" {data_dir}" if data_dir is not None else "")
        first = " ".join(exc.problems[0].split()) if exc.problems else _("unknown problem")
        more = ngettext(" (and {n} more)", " (and {n} more)", n - 1) if n > 1 else ""
        raise CliError(ngettext("{where} has {n} data problem: {first}{more}; run '{hint}'",
                                "{where} has {n} data problems: {first}{more}; run '{hint}'", n,
                                where=where, first=first, more=more, hint=hint)) from None


def checked_data(data_dir: Path | None) -> tuple[GameData | None, int, list[str]]:
    """Every check ``validate`` makes, for ``validate`` and for every command given ``--assets``
    alike: the data (None when a problem was found), how many rulebook examples it holds, and
    each problem on one line. The examples are played only on otherwise sound data."""
    from ..data.loader import load_game_data, resolve_dirs
    from ..data.validate import validate_dir
    from ..engine import validate_examples

    problems = validate_dir(data_dir)
    if problems:
        return None, 0, problems
    data = load_game_data(data_dir)
    examples, problems = validate_examples(resolve_dirs(data_dir)[0], data if data_dir is not None else None)
    return (None if problems else data), examples, problems


def engine_data(args: argparse.Namespace) -> GameData | None:
    """The data for the engine: None (the shipped data, cached) unless --assets was given."""
    return load_data(args.assets) if args.assets is not None else None


def add_variant(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    parser.add_argument("--variant", type=Path, default=None, metavar="FILE",
                        help=_("a scenario variant: a TOML naming its base scenario and what it changes (docs/designers-guide.md)"))


def variant_data(args: argparse.Namespace, data: GameData | None = None) -> GameData:
    """The data of ``--assets`` with the ``--variant`` applied (without one, just the data), or a
    one-line CliError naming the first problem."""
    from ..data.loader import DataError
    from ..data.variant import load_variant, read_variant_file

    data = data or load_data(args.assets)
    if getattr(args, "variant", None) is None:
        return data
    try:
        return load_variant(data, read_variant_file(args.variant), _("variant {name}", name=args.variant.name))
    except DataError as exc:
        n = len(exc.problems)
        more = ngettext(" (and {n} more: run '{hint}')", " (and {n} more: run '{hint}')", n - 1,
                        hint=f"{PROG} validate --variant {args.variant}") if n > 1 else ""
        raise CliError(f"{exc.problems[0]}{more}") from None
