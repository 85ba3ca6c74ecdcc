"""A whole Scenario 1 against the general, by keyboard only (issue 36, "Done when"): every
option is picked by its key and Enter. At every decision taken while a battle or its Losses are
on, the list and the battle box are read without scrolling; at every choice of an area, the
line about the area under the cursor and its options are read in full; at every decision
(but those still cut: STILL_CUT), every option's whole words are on the list, wrapped or not. One size a test (about 20 s of CPU and a minute and a half on this
machine each)."""

from __future__ import annotations

import pytest
from rich.cells import cell_len

from semper_fidelis.bots import RandomBot
from semper_fidelis.tui.screens.game_over import GameOverScreen
from semper_fidelis.tui.widgets.decision import DecisionPanel

from .helpers import choose, game_screen, settle, start_game, sync
from .records import at_a_battle, save
from .test_in_view import screen_text
from .test_snapshots import at_the_orders


def column(line: str, x: int, right: int) -> str:
    """The cells ``x`` to ``right`` of a screen line (a wide character takes two)."""
    out, at = [], 0
    for char in line:
        if x <= at < right:
            out.append(char)
        at += cell_len(char)
    return "".join(out)


def cut_options(app) -> list[str]:
    """The listed options whose whole words (cost, words, why a dimmed one cannot be chosen;
    a card's effect too) are not on the list's lines, read as they wrap."""
    panel = game_screen(app).query_one(DecisionPanel)
    region = panel.query_one("#options").region
    lines = screen_text(app).splitlines()[region.y:region.bottom]
    listed = " ".join(" ".join(column(line, region.x, region.right) for line in lines).split())
    missing = []
    for row in [r for r in panel.shown + panel.blocked if panel.listed(r)]:  # an area choice: its area's rows
        words = " ".join(f"{row.tag} {panel.words(row).plain} {'— ' + row.blocked if row.blocked else ''}".split())
        if words not in listed:
            missing.append(words)
    return missing


def unread(app, words: bool = True) -> list[str]:
    """What a player could not read at this decision without a key: a list or battle box that
    scrolls, the line about the folded area cut, and (``words``) an option whose words are not
    on the list in full."""
    screen = game_screen(app)
    panel = screen.query_one(DecisionPanel)
    view = screen.session.view()
    on = view["battle"] is not None or view["losses"] is not None  # (a battle just fought: its account, no option)
    boxes = ["#options", "#battle-box"] if on else ["#options"]
    out = [f"{box} scrolls" for box in boxes if screen.query_one(box).max_scroll_y > 0]
    if panel.fold is not None:
        words = panel.describe(panel.fold).plain.split()
        region = panel.query_one("#options").region
        listed = " ".join(screen_text(app).splitlines()[region.y:region.bottom])
        out += [f"{word!r} of the area's line" for word in words if word not in listed]
    return out + (cut_options(app) if words else [])


#: the decisions whose options may still be cut, by size: none (a battle's Special cards are
#: said in a few words, their ``brief``, since issue 36's last step)
STILL_CUT: dict[tuple[int, int], set[str]] = {(80, 24): set(), (120, 40): set()}


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@sync
async def test_a_whole_scenario_1_by_keys_reads_every_option(make_app, size):
    app = make_app(seed=1)
    bot = RandomBot(1)
    checked: dict[str, int] = {"battle": 0, "area": 0}
    unread_at = []
    async with app.run_test(size=size) as pilot:
        await start_game(pilot, 1, pl="human", zurl="general")
        while True:
            await settle(pilot)
            if isinstance(app.screen, GameOverScreen) or game_screen(app).game.over:
                break
            if app.screen is not game_screen(app):  # a report over the table (End of Stage): read, then on
                await pilot.press("enter")
                continue
            await pilot.pause()  # the list is fitted again once laid out (DecisionPanel.set_decision)
            screen = game_screen(app)
            view = screen.session.view()
            what = "battle" if view["battle"] is not None or view["losses"] is not None else (
                "area" if screen.query_one(DecisionPanel).fold is not None else None)
            if what is not None:
                checked[what] += 1
            kind = screen.game.state.stack[-1]["kind"]
            whole = kind not in STILL_CUT[size]
            missing = unread(app, whole) if what is not None else cut_options(app) if whole else []
            if missing:
                unread_at.append((kind, missing))
            offered = [r.action for r in screen.query_one(DecisionPanel).offered]
            action = bot.choose(screen.game)
            await choose(pilot, action if action in offered else offered[0])
        assert checked["battle"] >= 5 and checked["area"] >= 5, checked
        assert not unread_at, "\n".join(map(str, unread_at))


@pytest.mark.parametrize(("size", "situation"), [((80, 24), at_the_orders), ((120, 40), at_a_battle)],
                         ids=["orders-80x24", "evasion-120x40"])
@sync
async def test_the_orders_beside_the_hand_and_an_evasion_are_read_whole(make_app, tmp_path, size, situation):
    """Scenario 2's Orders beside the hand at 80×24 (short words for the orders and their
    reasons, a cost wrapped with its row) and the cards to discard for an Evasion over the
    battle box at 120×40 (a wider column, the rows wrapped onto the box's blank lines): every
    row whole, the battle box not scrolled, quickly."""
    app = make_app()
    path = save(situation(), tmp_path / "at.json")
    async with app.run_test(size=size) as pilot:
        assert app.open_save(path) is None
        for _ in range(3):  # laid out, then the list fitted to its height
            await pilot.pause()
        assert game_screen(app).query_one(DecisionPanel).shown
        assert not unread(app), screen_text(app)
