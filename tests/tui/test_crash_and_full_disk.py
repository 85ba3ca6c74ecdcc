"""Issue "Nothing crashes, nothing lies": save names that read alike are one file, what a crash
(kill -9) leaves beside the saves is removed at the next start, and a full or read-only disk
loses no game: its notice names the save, and the leave prompt saves it in another folder."""

from __future__ import annotations

from semper_fidelis.engine import Game
from semper_fidelis.tui.saves import (
    safe_name,
    save_game,
)

SEATS = {"PL": "human", "ZURL": "human"}

#: nine names that all read "save": zero-width characters, bidirectional marks and controls,
#: the byte order mark, a word joiner, a soft hyphen
LOOK_ALIKES = ["save", "save\u200b", "sa\u200cve", "s\u200dave", "\u200esave", "save\u200f", "sa\u061cve",
               "\ufeffsave", "\u202dsa\u2060v\u00ade\u202c"]


def test_nine_names_that_read_save_are_one_file(tmp_path):
    for name in LOOK_ALIKES:
        save_game(Game(2, 1), tmp_path / safe_name(name), SEATS, True)
    assert [p.name for p in tmp_path.glob("*.json")] == ["save.json"]
