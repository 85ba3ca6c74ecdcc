"""A whole Scenario 1 against the general, by keyboard only (issue 36, "Done when"): every
option is picked by its key and Enter. At every decision taken while a battle or its Losses are
on, the list and the battle box are read without scrolling and every option's words are on its
line in full; at every choice of an area, the line about the area under the cursor and its
options are read in full. One size a test (about 20 s of CPU and a minute and a half on this
machine each)."""

from __future__ import annotations

import pytest

from semper_fidelis.bots import RandomBot
from semper_fidelis.tui.screens.game_over import GameOverScreen
from semper_fidelis.tui.widgets.decision import DecisionPanel

from .helpers import choose, game_screen, settle, start_game, sync
from .test_in_view import screen_text
from .test_small_boxes import cut_options


def unread(app, words: bool = True) -> list[str]:
    """What a player could not read at this decision without a key: a list or battle box that
    scrolls, the line about the folded area cut, and (``words``) an option whose words are not
    on its line in full."""
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


#: at 120×40 the decision is a column of 38: an option's words may still be shortened there
#: (the map's short labels, a cut line); at 80×24 a battle's decision is 76 wide
@pytest.mark.parametrize("size, words", [((80, 24), True), ((120, 40), False)], ids=["80x24", "120x40"])
@sync
async def test_a_whole_scenario_1_by_keys_reads_battles_and_areas(make_app, size, words):
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
            screen = game_screen(app)
            view = screen.session.view()
            what = "battle" if view["battle"] is not None or view["losses"] is not None else (
                "area" if screen.query_one(DecisionPanel).fold is not None else None)
            if what is not None:
                checked[what] += 1
                if unread(app, words):
                    unread_at.append((screen.game.state.stack[-1]["kind"], unread(app, words)))
            offered = [r.action for r in screen.query_one(DecisionPanel).offered]
            action = bot.choose(screen.game)
            await choose(pilot, action if action in offered else offered[0])
        assert checked["battle"] >= 5 and checked["area"] >= 5, checked
        assert not unread_at, "\n".join(map(str, unread_at))
