"""Save, quit, load and go on; resume a recent game from its own autosave slot; a damaged save is
reported in one line and never overwritten."""

from __future__ import annotations

import json

from semper_fidelis.store.saves import autosave_paths
from semper_fidelis.tui.screens.game import GameScreen
from semper_fidelis.tui.screens.load import LoadScreen
from semper_fidelis.tui.screens.menu import MainMenuScreen

from .conftest import SIZE
from .helpers import choose, game_screen, new_game, start_game, sync


async def play_a_little(pilot):
    for action in ("keep", "move", "from sokolniki"):
        await choose(pilot, action)


@sync
async def test_save_quit_load_and_continue(make_app, saves):
    app = make_app(seed=2)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, 2)
        await play_a_little(pilot)
        game = game_screen(app).session.game
        digest, n = game.state.digest(), len(game.actions)
        await pilot.press("s")
        await pilot.pause()
        name = app.screen.query_one("#save-name")
        name.value = "my game"
        await pilot.press("enter")
        await pilot.pause()
        assert (saves / "my-game.json").exists()
        await pilot.press("q")  # back to the main menu
        await pilot.pause()
        assert isinstance(app.screen, MainMenuScreen)

        await pilot.press("3")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        names = [info.path.name for info in app.screen.saves]
        await pilot.press(*["down"] * names.index("my-game.json"), "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        loaded = game_screen(app).session.game
        assert loaded is not game
        assert loaded.state.digest() == digest and len(loaded.actions) == n
        await choose(pilot, "units 1v")  # and play on
        assert len(loaded.actions) == n + 1
        digest = loaded.state.digest()
        slot = game_screen(app).session.autosave_path
        assert json.loads(slot.read_text())["digest"] == digest  # after every action, in its own slot
        assert len(autosave_paths(saves)) == 2  # the first game's slot is still there
        assert json.loads((saves / "my-game.json").read_text())["actions"] == loaded.actions[:-1]

        await pilot.press("q", "2", "enter")  # resume the most recent game from the main menu
        assert game_screen(app).session.game.state.digest() == digest


@sync
async def test_a_damaged_save_is_reported_and_kept(make_app, saves):
    saves.mkdir(parents=True)
    broken = saves / "broken.json"
    broken.write_text('{"scenario": 2, "seed": 1, "actions": ["keep", "fly away"]}')
    before = broken.read_bytes()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)  # not loaded
        message = app.screen.query_one("#load-message").content.plain
        assert "broken.json" in message and "cannot be replayed" in message
        assert "\n" not in message.strip()  # one line
    assert broken.read_bytes() == before


@sync
async def test_a_damaged_autosave_is_reported_and_never_overwritten(make_app, saves):
    saves.mkdir(parents=True)
    (saves / "autosave.json").write_text("{ not json")  # the single slot of earlier versions
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        kept = list((saves / "damaged").glob("*.json"))  # set aside at the start, with a notice
        assert len(kept) == 1 and kept[0].read_text() == "{ not json"
        notices = [n.message for n in app._notifications]
        assert notices == [f"An autosave could not be read (damaged record (not JSON: Expecting property name "
                           f"enclosed in double quotes at line 1)); kept as damaged/{kept[0].name}."]
        await start_game(pilot, 1)  # nothing blocks a new game
        assert json.loads(autosave_paths(saves)[0].read_text())["scenario"] == 1


@sync
async def test_a_save_name_keeps_its_letters(make_app, saves):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, 2)
        await pilot.press("s")
        app.screen.query_one("#save-name").value = "Obrona Lwowa — ąęł"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert [p.name for p in saves.glob("*.json")] == ["Obrona-Lwowa-—-ąęł.json"]
        await pilot.press("q", "3")
        assert [info.summary.split(" — ")[0] for info in app.screen.saves] == ["Obrona-Lwowa-—-ąęł"]
