"""``validate``: check a data directory, or a scenario variant, and print each problem on one line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..data.text import printable
from ..errors import CliError
from .command import Command
from .gamedata import add_variant, checked_data, load_data

if TYPE_CHECKING:
    from ..data.loader import GameData


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("dir", nargs="?", type=Path, metavar="DIR",
                        help="data directory to check (default: --assets, else the shipped data)")
    add_variant(parser)


def _failed(problems: list[str], where: str) -> int:
    """Each problem on its line, then the count: exit status 1."""
    for problem in problems:
        print(printable(problem))
    n = len(problems)
    print(printable(f"FAILED: {n} problem{'s' * (n != 1)} in {where}"))
    return 1


def _run(args: argparse.Namespace) -> int:
    from ..data.loader import resolve_dirs

    data_dir = args.dir if args.dir is not None else args.assets
    if data_dir is not None and not data_dir.is_dir():
        raise CliError(f"{data_dir}: no such data directory")
    if args.variant is not None:
        return _validate_variant(load_data(data_dir), args.variant)
    data, examples, problems = checked_data(data_dir)
    assets_dir, scenarios_dir = resolve_dirs(data_dir)
    if problems:
        return _failed(problems, f"{assets_dir} and {scenarios_dir}")
    assert data is not None  # no problem: checked_data gave the data
    cards = "+".join(str(len(data.decks[s].cards)) for s in ("PL", "ZURL"))
    print(printable(
        f"OK: {len(data.board.areas)} areas, {len(data.board.districts)} districts, "
        f"{len(data.board.railways)} railways, {len(data.scenarios)} scenarios, "
        f"{cards} action cards, {len(data.commanders.commanders)} commanders, {examples} rulebook examples "
        f"(assets: {assets_dir}; scenarios: {scenarios_dir})"),
        file=sys.stdout,
    )
    return 0


def _validate_variant(data: GameData, path: Path) -> int:
    """``validate --variant FILE``: every problem of the variant on its line, or what it changes."""
    from ..data.loader import DataError
    from ..data.variant import load_variant, read_variant_file, setup_diff

    label = f"variant {path.name}"
    try:
        varied = load_variant(data, read_variant_file(path), label)
    except DataError as exc:
        return _failed(exc.problems, label)
    assert varied.variant is not None
    changes = setup_diff(data.scenarios[varied.variant.base], varied)
    print(printable(f"OK: {label}, {varied.variant.name!r}, changes scenario {varied.variant.base} in "
                    f"{len(changes)} place{'s' * (len(changes) != 1)} (digest {varied.variant.digest})"))
    return 0


COMMAND = Command("validate", "check a data directory and print each problem on one line", _arguments, _run)
