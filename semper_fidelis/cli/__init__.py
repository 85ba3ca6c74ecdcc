"""The ``semper-fidelis`` console script: :func:`main`.

One module a command (``validate``, ``board``, ``simulate``, ``balance``, ``replay``, ``review``,
``fuzz``, ``bench``, ``coverage``, ``play``, ``host``, ``join``, ``serve``), each defining its
options and the function that runs it as a :class:`~.command.Command`; ``parser.py`` lists them
and builds the parser. What commands share is in small modules: ``gamedata`` (the data, a
variant, the scenario), ``terminal`` (consoles, the app's need of a terminal), ``batches`` and
``charts`` (batches of bot games), ``hosted`` (host, join and serve). Commands import what they
use when they run: building the parser stays light, and headless commands never import Textual.

Every command accepts ``--assets DIR`` and ``--lang pl|en`` before or after its name (the language:
``--lang``, else the one last chosen in the menu, else the locale's; docs/i18n.md). Errors (bad data, unknown
scenario, bad arguments) print one line on stderr and exit with 2; an unexpected failure prints
one line and exits with 1 (``SEMPER_FIDELIS_DEBUG=1`` re-raises it); Ctrl+C exits with 130.
Text from files and paths is printed by the rule of :mod:`semper_fidelis.data.text`: never as
markup, no control characters.
"""

from __future__ import annotations

import os
import sys

from ..data.text import printable
from ..errors import CliError
from ..i18n import _, set_language
from ..store.saves import default_saves_dir
from ..store.settings import starting_language
from . import play, terminal
from .command import PROG
from .parser import build_parser, language_given

__all__ = ["main"]


def _user_error(exc: Exception) -> str | None:
    """The one line for a bad record or bad data, None for anything else. Their modules are
    looked up, not imported: a command that never loaded them cannot have raised their errors."""
    records, loader = sys.modules.get("semper_fidelis.engine.records"), sys.modules.get("semper_fidelis.data.loader")
    if records is not None and isinstance(exc, records.RecordError):
        return str(exc)
    if loader is not None and isinstance(exc, loader.DataError):
        return " ".join(exc.problems[0].split()) if exc.problems else str(exc)
    return None


def _internal_error(exc: Exception) -> int:
    """A bug: one line and a failing status, never a traceback (bad data or a bad record: 2)."""
    user_error = _user_error(exc)
    if user_error is not None:
        print(_("{prog}: error: {message}", prog=PROG, message=printable(user_error)), file=sys.stderr)
        return 2
    if os.environ.get("SEMPER_FIDELIS_DEBUG"):
        raise exc
    message = " ".join(str(exc).split())[:200]
    print(_("{prog}: internal error: {error}: {message} (SEMPER_FIDELIS_DEBUG=1 shows where)",
            prog=PROG, error=type(exc).__name__, message=printable(message)), file=sys.stderr)
    return 1


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        set_language(starting_language(default_saves_dir(), language_given(argv)))  # before the parser: its texts
        parser = build_parser()
        args = parser.parse_args(argv)
        set_language(starting_language(default_saves_dir(), args.lang))  # `--lan pl`, abbreviated: read by the parser only
        if getattr(args, "handler", None) is None:
            if not (terminal.is_terminal(sys.stdin) and terminal.is_terminal(sys.stdout)):  # piped or captured: no UI
                parser.print_help()
                return 0
            return play.run(args)
        status: int = args.handler(args)
        return status
    except CliError as exc:
        print(_("{prog}: error: {message}", prog=PROG, message=printable(exc)), file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help / --version
        return exc.code if isinstance(exc.code, int) else 0
    except KeyboardInterrupt:
        print(_("{prog}: interrupted", prog=PROG), file=sys.stderr)
        return 130
    except BrokenPipeError:  # `semper-fidelis board | head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0
    except Exception as exc:  # noqa: BLE001 - a bug: one line and a failing status, never a traceback
        return _internal_error(exc)
