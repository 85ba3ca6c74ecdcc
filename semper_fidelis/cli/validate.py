"""``validate``: check a data directory, or a scenario variant, and print each problem on one line."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ..data.text import printable
from ..errors import CliError
from ..i18n import N_, _, ngettext
from .command import Command
from .gamedata import add_variant, checked_data, load_data

if TYPE_CHECKING:
    from ..data.loader import GameData


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("dir", nargs="?", type=Path, metavar="DIR",
                        help=_("data directory to check (default: --assets, else the shipped data)"))
    add_variant(parser)


def _failed(problems: list[str], where: str) -> int:
    """Each problem on its line, then the count: exit status 1."""
    for problem in problems:
        print(printable(problem))
    print(printable(ngettext("FAILED: {n} problem in {where}", "FAILED: {n} problems in {where}", len(problems), where=where)))
    return 1


def _run(args: argparse.Namespace) -> int:
    from ..data.loader import resolve_dirs

    data_dir = args.dir if args.dir is not None else args.assets
    if data_dir is not None and not data_dir.is_dir():
        raise CliError(_("{path}: no such data directory", path=data_dir))
    if args.variant is not None:
        return _validate_variant(load_data(data_dir), args.variant)
    data, examples, problems = checked_data(data_dir)
    assets_dir, scenarios_dir = resolve_dirs(data_dir)
    if problems:
        return _failed(problems, _("{assets} and {scenarios}", assets=assets_dir, scenarios=scenarios_dir))
    assert data is not None  # no problem: checked_data gave the data
    cards = "+".join(str(len(data.decks[s].cards)) for s in ("PL", "ZURL"))
    print(printable(_(
        "OK: {areas} areas, {districts} districts, {railways} railways, {scenarios} scenarios, {cards} action cards, "
        "{commanders} commanders, {examples} rulebook examples (assets: {assets}; scenarios: {scenarios_dir})",
        areas=len(data.board.areas), districts=len(data.board.districts), railways=len(data.board.railways),
        scenarios=len(data.scenarios), cards=cards, commanders=len(data.commanders.commanders), examples=examples,
        assets=assets_dir, scenarios_dir=scenarios_dir)), file=sys.stdout)
    return 0


def _validate_variant(data: GameData, path: Path) -> int:
    """``validate --variant FILE``: every problem of the variant on its line, or what it changes."""
    from ..data.loader import DataError
    from ..data.variant import load_variant, read_variant_file, setup_diff

    label = _("variant {name}", name=path.name)
    try:
        varied = load_variant(data, read_variant_file(path), label)
    except DataError as exc:
        return _failed(exc.problems, label)
    assert varied.variant is not None
    changes = setup_diff(data.scenarios[varied.variant.base], varied)
    print(printable(ngettext("OK: {label}, {name}, changes scenario {number} in {n} place (digest {digest})",
                             "OK: {label}, {name}, changes scenario {number} in {n} places (digest {digest})", len(changes),
                             label=label, name=repr(varied.variant.name), number=varied.variant.base, digest=varied.variant.digest)))
    return 0


COMMAND = Command("validate", N_("check a data directory and print each problem on one line"), _arguments, _run)
