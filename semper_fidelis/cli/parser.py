"""The parser of the ``semper-fidelis`` command line: ``--version``, ``--assets`` and ``--lang``
(before or after a command's name) and every command of :data:`COMMANDS`, in the order ``--help`` lists them. A
mistake on the command line is a one-line :class:`CliError` (exit status 2), not argparse's exit."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import NoReturn

from ..errors import CliError
from ..i18n import LANGUAGES, N_, _
from . import balance, bench, board, coverage, fuzz, host, join, play, replay, review, serve, simulate, validate
from .argparse_words import speak_argparse
from .command import PROG, Command

#: every command, in the order of ``--help``
COMMANDS: dict[str, Command] = {c.name: c for c in (
    validate.COMMAND, board.COMMAND, simulate.COMMAND, balance.COMMAND, replay.COMMAND, review.COMMAND, fuzz.COMMAND,
    bench.COMMAND, coverage.COMMAND, play.COMMAND, host.COMMAND, join.COMMAND, serve.COMMAND,
)}

EXIT_STATUSES = N_("""exit status:
  0    done
  1    failed: a game or check that failed, or an internal error
  2    bad usage: a wrong option or value, bad data or record, no terminal for the app
  130  interrupted (Ctrl+C)""")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse would print usage and sys.exit(2)
        raise CliError(_("{message} (try '{prog} --help')", message=message, prog=self.prog))


def _add_assets(parser: argparse.ArgumentParser, *, default: object) -> None:
    parser.add_argument(
        "--assets",
        metavar="DIR",
        type=Path,
        default=default,
        help=_("data directory holding assets/ and scenarios/ (or an assets directory); default: the data shipped with the game"),
    )


def _add_lang(parser: argparse.ArgumentParser, *, default: object) -> None:
    parser.add_argument("--lang", choices=LANGUAGES, default=default,
                        help=_("the language of the game and its messages (default: the one last chosen in the menu, else the locale's)"))


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("semper-fidelis")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def language_given(argv: list[str]) -> str | None:
    """The ``--lang`` of ``argv``, read before the parser is built so that its help and argparse's
    own words are in that language; None without one. A wrong value is left to the parser to refuse."""
    early = argparse.ArgumentParser(add_help=False, allow_abbrev=False, exit_on_error=False)
    early.add_argument("--lang")
    try:
        known, _rest = early.parse_known_args(argv)
    except argparse.ArgumentError:  # `--lang` without a value: the parser says so
        return None
    value: str | None = known.lang
    return value


def build_parser() -> argparse.ArgumentParser:
    """The parser, its texts in the current language (build it after choosing the language)."""
    speak_argparse()
    parser = _Parser(
        prog=PROG,
        description=_("Semper Fidelis: Bitwa o Lwów 1918-1919 — the battle for Lviv in the terminal."),
        epilog=_(EXIT_STATUSES),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"{PROG} {_version()}", help=_("show program's version number and exit"))
    _add_assets(parser, default=None)
    _add_lang(parser, default=None)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for command in COMMANDS.values():
        sub = subparsers.add_parser(command.name, help=_(command.help), description=_(command.help))
        # SUPPRESS: an --assets given before the command is not overwritten by this default
        _add_assets(sub, default=argparse.SUPPRESS)
        _add_lang(sub, default=argparse.SUPPRESS)
        command.arguments(sub)
        sub.set_defaults(handler=command.run)
    return parser
