"""``play`` (and the bare ``semper-fidelis``): open the game in the terminal, at the menu or
straight at a new game or a rulebook example. The app is imported only when this command runs."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from .. import argtypes
from ..errors import CliError
from ..i18n import N_, _, pgettext
from .command import PROG, Command
from .gamedata import add_variant, engine_data, load_data, variant_data, variant_scenario
from .terminal import needs_terminal

if TYPE_CHECKING:
    from ..engine import Example
    from ..tui.start import NewGame, OpenExample


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--saves", type=Path, default=None, metavar="DIR",
                        help=_("where games are saved (default: the user data directory, on Linux $XDG_DATA_HOME/semper-fidelis/saves "
                               "or ~/.local/share/semper-fidelis/saves)"))
    parser.add_argument("--pace", type=argtypes.pace, default=0.3, metavar="SECONDS",
                        help=_("pause between a bot's actions (default: 0.3)"))
    parser.add_argument("--served", action="store_true", help=argparse.SUPPRESS)  # a page of `serve`: only the lists' games open
    start = parser.add_argument_group(_("direct start"), _("open a game or an example at once, not the menu"))
    start.add_argument("--scenario", default=None, metavar="N", help=_("a new game of scenario N (1-5 or a name) at its first decision"))
    add_variant(start)
    start.add_argument("--pl", type=_seat, default=None, metavar="SEAT", help=_("who plays PL: human or a bot (default: human)"))
    start.add_argument("--zurl", type=_seat, default=None, metavar="SEAT", help=_("who plays ZURL: human or a bot (default: general)"))
    start.add_argument("--seed", type=argtypes.seed, default=None, help=_("the new game's seed (default: random)"))
    hands = start.add_mutually_exclusive_group()
    hands.add_argument("--open-hands", action="store_true",
                       help=_("show both sides' hands and tokens (solo testing); by default a bot's hand is hidden "
                              "from its human opponent, and two humans share the keyboard with a hand-over screen"))
    hands.add_argument("--privacy", action="store_true", help=_("hands hidden (the default; kept for old scripts)"))
    start.add_argument("--example", default=None, metavar="NAME",
                       help=_("a rulebook example by its file's stem (07-cerkiew-sw-jura) or a unique prefix (07, cerkiew)"))


def _seat(text: str) -> str:
    from ..bots import BOTS
    from ..store.seats import HUMAN

    if text != HUMAN and text not in BOTS:
        raise argparse.ArgumentTypeError(_("{text} is neither {human} nor a bot ({bots})", text=repr(text), human=HUMAN, bots=", ".join(BOTS)))
    return text


def pick_example(examples: list[Example], wanted: str) -> Example:
    """The example named ``wanted``: its file's stem, or a unique prefix of the stem or of the
    stem without its number (``07``, ``cerkiew``)."""
    key = wanted.strip().lower()
    exact = [e for e in examples if e.name.lower() == key]
    matches = exact or [e for e in examples if key and (e.name.lower().startswith(key)
                                                         or e.name.lower().partition("-")[2].startswith(key))]
    if len(matches) == 1:
        return matches[0]
    names = ", ".join(e.name for e in (matches or examples)) or pgettext("examples", "none")
    if matches:
        raise CliError(_("example {wanted} is ambiguous: {names}", wanted=repr(wanted), names=names))
    raise CliError(_("no example {wanted} (known: {names})", wanted=repr(wanted), names=names))


def _open_example(args: argparse.Namespace, given: list[str]) -> OpenExample:
    """``--example NAME``: the example as printed (no seat or scenario option may change it)."""
    from ..engine import PositionError, examples_dir, load_examples
    from ..tui.start import OpenExample

    given = given + ["--scenario"] * (args.scenario is not None) + ["--variant"] * (args.variant is not None)
    if given:
        raise CliError(_("--example opens a rulebook example as printed: {options} cannot go with it", options=", ".join(given)))
    data = load_data(args.assets)
    example = pick_example(load_examples(examples_dir(data.assets_dir))[0], args.example)
    try:
        return OpenExample(example, example.game(data if args.assets is not None else None))
    except PositionError as exc:
        raise CliError(f"{example.name}: {exc}") from None


def _direct_start(args: argparse.Namespace) -> NewGame | OpenExample | None:
    """The game or example ``play`` opens at once (checked here, so a mistake is one line), or None."""
    from ..store.seats import BOT, HUMAN
    from ..tui.start import NewGame

    seats = {"--pl": args.pl, "--zurl": args.zurl, "--seed": args.seed, "--privacy": args.privacy or None,
             "--open-hands": args.open_hands or None}
    given = [name for name, value in seats.items() if value is not None]
    if args.example is not None:
        return _open_example(args, given)
    if args.scenario is None and args.variant is None:
        if given:
            raise CliError(_("{options}: only for a new game, give --scenario N too", options=", ".join(given)))
        return None
    scenario = variant_scenario(variant_data(args), args.scenario)
    return NewGame(scenario.number, {"PL": args.pl or HUMAN, "ZURL": args.zurl or BOT}, privacy=not args.open_hands)


def run(args: argparse.Namespace) -> int:
    """Open the app; ``args`` may come from the bare command, without ``play``'s options."""
    from ..tui.app import run as run_app

    start = _direct_start(args) if hasattr(args, "example") else None
    needs_terminal("play", _("without one, '{command}' plays bots against each other", command=f"{PROG} simulate"))
    data = variant_data(args) if getattr(args, "variant", None) is not None else engine_data(args)
    return run_app(saves_dir=getattr(args, "saves", None), data=data, bot_pace=getattr(args, "pace", 0.3),
                   start=start, seed=getattr(args, "seed", None), served=getattr(args, "served", False), language=args.lang)


COMMAND = Command("play", N_("open the game in the terminal (the default when no command is given)"), _arguments, run)
