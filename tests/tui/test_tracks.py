"""The tracks area (issue 11): every track with its scale, readable at 120 columns, nothing cut."""

from __future__ import annotations

import io

from rich.console import Console

from semper_fidelis.engine import Game
from semper_fidelis.tui.session import Session
from semper_fidelis.tui.status import tracks_renderable


def lines_at(session: Session, width: int) -> list[str]:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(tracks_renderable(session))
    return console.export_text().rstrip("\n").split("\n")


def test_scenario_2_tracks_fit_five_lines_at_120_columns_with_every_track():
    session = Session(game=Game(2, 1), privacy=False)
    lines = lines_at(session, 118)  # the panel's padding takes two of the 120 columns
    assert len(lines) == 5, "\n".join(lines)
    text = "\n".join(lines)
    preview = session.game.score_if_stage_ended()
    for fact in (
        "5 high 1234│5678",  # Morale with its band
        "5: V3 S3 (4:V2 S3 6:V3 S4)", "5: U3 R3",  # Supply and the Strength of the levels around
        f"12 (+{sum(v for _, v in preview['PL'])} → ", "Mączyński 4 AP 2 cards",
        "Time 1 2▾ 3 4║5 6 7▾ 8▾║9 10 11▾ 12",  # rounds, Stage ends, Relief marks
        "▾2 ZURL 10R+Bukszowany", "▾8 PL 10S+Karaszewicz", "▾11 ZURL 4R",
        "Destruction 0/9☠ (ZURL +0 VP)",
        "Militia Ally PL·Neutral·Ally ZURL", "Austrians Disarm PL·Neutral·Disarm ZURL·Ally ZURL",
    ):
        assert fact in text, f"{fact!r} not in\n{text}"


def test_narrow_terminals_wrap_the_tracks_and_lose_no_track():
    session = Session(game=Game(2, 1), privacy=False)
    text = " ".join(" ".join(lines_at(session, 60)).split())
    for fact in ("Destruction", "Disarm ZURL·Ally ZURL", "▾11 ZURL 4R", "2 VP (Stage +9)"):
        assert fact in text.replace(" ·", "·").replace("· ", "·")


def test_at_80_columns_each_side_keeps_to_one_line():
    session = Session(game=Game(2, 1), privacy=False)
    lines = lines_at(session, 78)
    assert lines[0].lstrip().startswith("PL") and "12 VP (Stage +" in lines[0] and "MobZ 12/0" in lines[0]
    assert lines[1].lstrip().startswith("ZURL") and lines[2].startswith("Time")


def test_at_80_columns_each_side_keeps_to_one_line_in_polish_too():
    """Polish runs longer ('Zaopatrzenie 10: U5 R5', 'PZ (Etap +6)'): a side's line too wide
    with spaced bars closes them up rather than wrap, so the decision below keeps its lines."""
    from semper_fidelis.bots import RandomBot
    from semper_fidelis.i18n import set_language

    game, bot = Game(2, 5), RandomBot(5)
    while len(game.actions) < 320:  # Round 9: both Supplies at 10, a two-digit Mobilization Zone
        game.apply(bot.choose(game))
    set_language("pl")
    try:
        lines = lines_at(Session(game=game, privacy=False), 78)
    finally:
        set_language("en")
    assert lines[0].lstrip().startswith("PL") and "Zaopatrzenie 10" in lines[0] and "SMob 22/2" in lines[0]
    assert lines[1].lstrip().startswith("ZURL") and "SMob 0/4" in lines[1] and lines[2].startswith("Czas")
    english = lines_at(Session(game=game, privacy=False), 78)
    assert " │ Supply 10" in english[0]  # English keeps its spaced bars: it fits
