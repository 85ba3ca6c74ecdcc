"""``balance``: every scenario, each pairing of bots both ways — who wins, by how much, with
intervals; ``--variant`` compares a variant with its base on the same seeds, ``--sweep`` plays one
variant key at each value."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from typing import TYPE_CHECKING

from ..data.scenarios import pick_scenario
from ..data.text import plain, printable
from ..errors import CliError
from ..i18n import N_, _, ngettext
from .batches import batch_args, bot_name, check_seeds, matchup, run_batches
from .charts import chart_args, charts, check_plot, write_plot
from .command import Command
from .gamedata import add_variant, load_data, variant_data, variant_scenario
from .terminal import console as new_console

if TYPE_CHECKING:
    from rich.console import Console

    from ..data.loader import GameData

Pairing = tuple[str, str]  # the PL bot and the ZURL bot


def _arguments(parser: argparse.ArgumentParser) -> None:
    who = parser.add_mutually_exclusive_group()
    who.add_argument("--bots", default=None, help=_("one bot, or two as A,B: every pairing both ways (default: random)"))
    who.add_argument("--pairings", default=None, metavar="PL-ZURL,…",
                     help=_("the pairings to play, each the PL bot and the ZURL bot, as general-general,marshal-marshal,general-marshal; "
                            "with two or more, each scenario's verdicts are compared and one that only one pairing supports is flagged"))
    parser.add_argument("--scenarios", "--scenario", default=None, help=_("which scenarios (default: all five; with --variant, its own)"))
    add_variant(parser)
    parser.add_argument("--sweep", default=None, metavar="KEY=A..B",
                        help=_("play the scenario (or the --variant) with the variant key KEY at each value A to B, as "
                               "sides.PL.supply=4..8: PL's win rate against the value, and the value closest to even"))
    parser.add_argument("--markdown", action="store_true", help=_("print the table as Markdown"))
    batch_args(parser)
    chart_args(parser)


def _run(args: argparse.Namespace) -> int:
    from ..play.report import (
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
    check_seeds(args)
    pairs = _pairings(args)
    if args.sweep is not None:
        return _balance_sweep(args, variant_data(args, data), pairs)
    if args.variant is not None:
        return _balance_variant(args, variant_data(args, data), pairs)
    scenarios = [pick_scenario(data, s.strip()) for s in (args.scenarios or "1,2,3,4,5").split(",") if s.strip()]
    console = new_console(stderr=args.json)
    matchups = [matchup(sc.number, pl, zurl, args) for sc in scenarios for pl, zurl in pairs]
    check_plot(args)
    batches = run_batches(matchups, args, console)
    verdicts = scenario_verdicts(batches)
    title = ngettext("Balance — {n} game per pairing, seeds {first}..{last}", "Balance — {n} games per pairing, seeds {first}..{last}",
                     args.games, first=args.seed, last=args.seed + args.games - 1)
    if args.json:
        print(json.dumps({"games_per_pairing": args.games, "results": [b.to_json() for b in batches],
                          "verdicts": [v.to_json() for v in verdicts]}))
        charts(batches, args, console, title)
        return 0
    from ..data.translations import scenario_name

    names = {sc.number: scenario_name(sc) for sc in scenarios}
    rows = balance_rows(batches, names)
    compared = verdict_rows(verdicts, names) if len(pairs) > 1 else []
    if args.markdown or not sys.stdout.isatty():  # piped: a Markdown table, never cut to 80 columns
        print(balance_markdown(rows) + (f"\n\n{markdown_table(tuple(map(_, VERDICT_COLUMNS)), compared)}" if compared else ""))
    else:
        console.print(balance_table(rows, title))
        console.print(verdicts_table(compared) if compared else
                      _("One pairing per scenario: '{option}' tells whether the verdicts hold with other bots.",
                        option="--pairings general-general,marshal-marshal,general-marshal"))
    charts(batches, args, console, title)
    return 0


def _balance_variant(args: argparse.Namespace, data: GameData, pairs: list[Pairing]) -> int:
    """``balance --variant FILE``: the base and the variant on the same seeds and bots (play/paired.py)."""
    from ..play.paired import COLUMNS, pair_up, rows, write_paired_plot

    assert data.variant is not None
    variant = data.variant
    scenario = variant_scenario(data, args.scenarios)
    console = new_console(stderr=args.json)
    check_plot(args)
    base = [matchup(scenario.number, pl, zurl, args) for pl, zurl in pairs]
    paired = pair_up(run_batches([x for m in base for x in (m, replace(m, variant=variant.text))], args, console))
    title = ngettext("Scenario {number} and its variant {name} — {n} game per pairing on the same seeds, {first}..{last}",
                     "Scenario {number} and its variant {name} — {n} games per pairing on the same seeds, {first}..{last}",
                     args.games, number=scenario.number, name=repr(variant.name), first=args.seed, last=args.seed + args.games - 1)
    if args.plot is not None:
        write_plot(args, lambda: write_paired_plot(paired, args.plot, title))
    if args.json:
        print(json.dumps({"scenario": scenario.number, "variant": variant.record(), "games_per_pairing": args.games,
                          "pairings": [p.to_json() for p in paired]}))
        return 0
    _print_table(console, args, title, COLUMNS, rows(paired), [p.summary() for p in paired])
    return 0


def _balance_sweep(args: argparse.Namespace, data: GameData, pairs: list[Pairing]) -> int:
    """``balance --sweep KEY=A..B``: each value as a variant, on the same seeds (play/sweep.py)."""
    from ..data.loader import DataError
    from ..data.variant import unvaried
    from ..play.sweep import COLUMNS, parse_sweep, sweep_texts, sweeps, write_sweep_plot

    scenario = variant_scenario(data, args.scenarios)
    if args.scenarios is None and data.variant is None:
        raise CliError(_("--sweep needs the scenario to sweep: --scenario N (or a --variant)"))
    try:
        key, values = parse_sweep(args.sweep)
        texts = sweep_texts(unvaried(data), scenario.number, key, values, data.variant.text if data.variant else None)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    except DataError as exc:
        more = len(exc.problems) - 1
        raise CliError(exc.problems[0] + (ngettext(" (and {n} more)", " (and {n} more)", more) if more else "")) from None
    console = new_console(stderr=args.json)
    check_plot(args)
    base = [matchup(scenario.number, pl, zurl, args) for pl, zurl in pairs]
    found = sweeps(key, values, run_batches([replace(m, variant=t) for m in base for t in texts], args, console))
    title = ngettext("Scenario {number}: {key} from {low} to {high} — {n} game per value, seeds {first}..{last}",
                     "Scenario {number}: {key} from {low} to {high} — {n} games per value, seeds {first}..{last}", args.games,
                     number=scenario.number, key=key, low=values[0], high=values[-1], first=args.seed, last=args.seed + args.games - 1)
    if args.plot is not None:
        write_plot(args, lambda: write_sweep_plot(found, args.plot, title))
    if args.json:
        print(json.dumps({"scenario": scenario.number, "games_per_value": args.games, "sweeps": [s.to_json() for s in found]}))
        return 0
    _print_table(console, args, title, COLUMNS, [r for s in found for r in s.rows()], [s.summary() for s in found])
    return 0


def _print_table(console: Console, args: argparse.Namespace, title: str, columns: tuple[str, ...], rows: list[list[str]],
                 notes: list[str]) -> None:
    """A designer's table with its sentences: Markdown when asked or piped, else a Rich table."""
    from rich.table import Table

    from ..play.report import markdown_table

    if args.markdown or not sys.stdout.isatty():
        for line in [*markdown_table(tuple(map(_, columns)), rows).splitlines(), "", *(f"- {n}" for n in notes)]:
            print(printable(line))
        return
    table = Table(title=plain(title))
    for col in columns:
        table.add_column(_(col))
    for row in rows:
        table.add_row(*map(plain, row))
    console.print(table)
    for note in notes:
        console.print(plain(note))


def _bot(name: str) -> str:
    try:
        return bot_name(name.strip())
    except argparse.ArgumentTypeError as exc:
        raise CliError(str(exc)) from None


def _pairings(args: argparse.Namespace) -> list[Pairing]:
    """The (PL bot, ZURL bot) pairings of ``--pairings``, or of ``--bots`` (one bot: itself;
    two: every pairing both ways), each once."""
    if args.pairings is not None:
        pairs = []
        for item in filter(None, (p.strip() for p in args.pairings.split(","))):
            pl, dash, zurl = item.partition("-")
            if not dash:
                raise CliError(_("--pairings: {item} is not a pairing PL-ZURL (as general-marshal)", item=repr(item)))
            pairs.append((_bot(pl), _bot(zurl)))
        if not pairs:
            raise CliError(_("--pairings names no pairing (as general-general,marshal-marshal)"))
        return list(dict.fromkeys(pairs))
    bots = [_bot(b) for b in (args.bots or "random").split(",") if b.strip()]
    if not 1 <= len(bots) <= 2:
        raise CliError(_("--bots takes one bot or two, as A,B"))
    bots = list(dict.fromkeys(bots))  # "general,general" is one pairing, not four alike
    return [(bots[0], bots[0])] if len(bots) == 1 else [(a, b) for a in bots for b in bots]


COMMAND = Command("balance", N_("every scenario, each pairing of bots both ways: who wins, by how much, with intervals"), _arguments, _run)
