"""The phase bar, the tracks, the log, the hand and the battle box draw themselves from the
screen's reactive ``shown`` (issue 20): a cursor step or a redraw of the same moment redraws
none of them; an action redraws each once, with what the engine now says."""

from __future__ import annotations

from textual.widgets import Static

from semper_fidelis.tui.widgets.table_panels import HandPanel, LogPanel, PhaseBar, TablePanel, TracksBar

from .conftest import SIZE
from .helpers import game_screen, sync, text_of
from .test_snapshots import app_for


@sync
async def test_the_panels_redraw_when_the_table_changes_and_only_then(tmp_path, monkeypatch):
    drawn: list[str] = []

    def update(self, content="", *, layout=True):
        drawn.append(type(self).__name__)
        Static.update(self, content, layout=layout)

    monkeypatch.setattr(TablePanel, "update", update)
    app = app_for(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.new_game(2, {"PL": "human", "ZURL": "human"}, privacy=False)
        await pilot.pause()
        screen = game_screen(app)
        game = screen.session.game
        assert "INITIAL" in text_of(screen.query_one(PhaseBar))
        drawn.clear()
        for key in ("right", "down", "left"):  # the map's cursor: nothing on the table changes
            await pilot.press(key)
        screen.render_all()  # as when the screen comes back from the help: the same moment
        await pilot.pause()
        assert drawn == []
        game_before = len(game.actions)
        await pilot.press("i", "enter")  # keep the Commander: the Orders begin
        await pilot.pause()
        assert len(game.actions) == game_before + 1
        assert sorted(drawn) == ["BattlePanel", "HandPanel", "LogPanel", "PhaseBar", "TracksBar"]
        assert "ORDERS" in text_of(screen.query_one(PhaseBar))
        assert "Morale" in text_of(screen.query_one(TracksBar))
        assert screen.query_one(LogPanel).shown is screen.shown
        hand = sorted(game.view("PL")["hand"]["PL"])
        assert all(f" {n:02d} " in text_of(screen.query_one(HandPanel)) for n in hand)  # the Orders: a card's key, on its line
