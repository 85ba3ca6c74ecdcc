"""The charts of ``simulate`` and ``balance``: ``--charts`` and ``--plot FILE``, the plot file
checked before any game is played."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from ..data.text import printable
from ..errors import CliError
from ..i18n import _
from .command import PROG

if TYPE_CHECKING:
    from rich.console import Console

    from ..play.batch import BatchResult


def chart_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--charts", action="store_true",
                        help=_("print the charts (VP margin, ending round, win rates) also when the output is not a terminal"))
    parser.add_argument("--plot", type=Path, default=None, metavar="FILE",
                        help=_("write the same charts to FILE.svg or FILE.png (needs matplotlib: pip install '{package}')", package=f"{PROG}[plots]"))


def check_plot(args: argparse.Namespace) -> None:
    """Refuse a ``--plot`` that cannot be written before any game is played."""
    if args.plot is None:
        return
    from ..play.plots import PlotsMissing, check_plot_file

    try:
        check_plot_file(args.plot)
    except OSError as exc:
        raise CliError(_("{path}: cannot write the plot there ({why})", path=exc.filename, why=exc.strerror)) from None
    except (ValueError, PlotsMissing) as exc:
        raise CliError(str(exc)) from None


def write_plot(args: argparse.Namespace, write: Callable[[], None]) -> None:
    """Write the ``--plot`` file with ``write`` and say so (on stderr beside ``--json``), or one line."""
    try:
        write()
    except OSError as exc:
        raise CliError(_("{path}: cannot write the plot ({why})", path=args.plot, why=exc.strerror or exc)) from None
    print(printable(_("Charts written to {path}.", path=args.plot)), file=sys.stderr if args.json else sys.stdout)


def charts(batches: list[BatchResult], args: argparse.Namespace, console: Console, title: str) -> None:
    """The batch's charts: to the ``--plot`` file, and on the terminal — only when the output is
    a terminal or ``--charts`` asks, never with ``--json`` or ``--markdown``, so what a script
    reads from a pipe stays the tables it always was."""
    from ..play import plots
    from ..render.charts import terminal_charts

    found = plots.figures(batches)
    if args.plot is not None:
        write_plot(args, lambda: plots.write_plot(found, args.plot, title))
    if args.json or getattr(args, "markdown", False) or not (args.charts or console.is_terminal):
        return
    import shutil

    size = shutil.get_terminal_size()  # piped tables run wide, but charts keep to the terminal (or $COLUMNS)
    for chart in terminal_charts(found, size.columns, max(10, min(20, size.lines // 2))):
        console.print(chart, markup=False, highlight=False, crop=False, soft_wrap=True)
