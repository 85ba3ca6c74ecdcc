"""``replay``: replay a game record and print the final position and score (headless)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..data.text import plain
from ..i18n import N_, _, ngettext
from .command import Command
from .gamedata import engine_data

if TYPE_CHECKING:
    from ..data.loader import GameData
    from ..engine import OutcomeDict


def record_argument(parser: argparse.ArgumentParser) -> None:
    """The record ``replay`` and ``review`` open."""
    parser.add_argument("record", type=Path, metavar="RECORD", help=_("a saved game record (JSON)"))


def _run(args: argparse.Namespace) -> int:
    from rich.console import Console

    from ..engine import read_record
    from ..render.board_map import BoardMap
    from ..render.position import position_from_view

    game = read_record(args.record, data=engine_data(args))
    view = game.view(None)
    console = Console(highlight=False)
    console.print(BoardMap(game.data, position_from_view(view, game.data)))
    decision = game.decision()
    if decision:
        now = ngettext("After {n} action — round {round}, waiting for {prompt}.", "After {n} actions — round {round}, waiting for {prompt}.",
                       len(game.actions), round=view["round"], prompt=decision.prompt)
    else:
        now = ngettext("After {n} action — round {round}, the game is over.", "After {n} actions — round {round}, the game is over.",
                       len(game.actions), round=view["round"])
    console.print(plain(now))
    console.print(_("Victory Points: PL {pl}, ZURL {zurl}.", pl=view["vp"]["PL"], zurl=view["vp"]["ZURL"]))
    if view["result"]:
        console.print(plain(_("Result: {reason}.", reason=_reason(view["result"], game.data))))
    return 0


def _reason(result: OutcomeDict, data: GameData) -> str:
    """Why the game ended, in the current language (the engine's ``reason`` is English: a record's words)."""
    vp, termination = result["vp"], result["termination"]
    if termination == "end-of-game":
        return _("end of the game: PL {pl} VP, ZURL {zurl} VP", pl=vp["PL"], zurl=vp["ZURL"])
    if termination == "lead":
        return _("a lead of {lead} VP or more (§3)", lead=data.tracks.automatic_victory_lead)
    if termination == "supply-cut":
        return _("Supply Cut: ZURL is cut off from Winniki (Scenario 3)")
    if termination == "humanitarian-crisis":
        return _("Humanitarian Crisis: the Destruction marker reached the skull (§12)")
    return result["reason"]


COMMAND = Command("replay", N_("replay a game record and print the final position and score"), record_argument, _run)
