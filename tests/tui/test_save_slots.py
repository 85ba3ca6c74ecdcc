"""Issue 12: saves that lose nothing and a damaged save that traps nobody — one autosave slot
per game, Resume lists recent games, saving over a name asks first, hostile saves and
autosaves give one line (and an autosave that cannot be replayed is set aside)."""

from __future__ import annotations

import json
import os
import random

import pytest

from semper_fidelis.engine import Game
from semper_fidelis.store import saves as saves_module
from semper_fidelis.store.saves import (
    KEEP_FINISHED,
    autosave_paths,
    default_saves_dir,
    describe,
    read_players,
    recent_games,
    save_game,
)
from semper_fidelis.tui.screens.game import GameScreen
from semper_fidelis.tui.screens.load import LoadScreen
from semper_fidelis.tui.screens.menu import MainMenuScreen
from semper_fidelis.tui.screens.resume import ResumeScreen

from .conftest import SIZE
from .helpers import choose, game_screen, new_game, start_game, sync, text_of

DEEP = '{"format":1,"scenario":2,"seed":0,"actions":[],"options":%s}' % ("[" * 100_000 + "]" * 100_000)


def _slot(saves, name="20250101-120000-s2.json"):
    path = saves / "autosave" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


@pytest.mark.parametrize("text, reason", [
    ('{"format":1,"scenario":2,"seed":0,"actions":[5]}', "actions[0]: Input should be a valid string (got 5)"),
    ('{"format":1,"scenario":2,"seed":1e400,"actions":[]}', "seed: Input should be a valid integer (got inf)"),
    (DEEP, "damaged record (JSON nested too deeply)"),
])
@sync
async def test_an_unreadable_autosave_is_set_aside_at_the_start(make_app, saves, text, reason):
    """The issue's reproduction: it used to raise out of the app and block New game."""
    _slot(saves).write_text(text)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        (aside,) = (saves / "damaged").glob("*.json")
        assert aside.read_text() == text
        assert [n.message for n in app._notifications] == [
            f"An autosave could not be read ({reason}); kept as damaged/{aside.name}."]
        await start_game(pilot, 2)
        assert isinstance(app.screen, GameScreen)


@sync
async def test_an_autosave_that_cannot_be_replayed_is_reported_on_resume_and_set_aside(make_app, saves):
    path = _slot(saves)
    path.write_text('{"format":1,"scenario":99,"seed":0,"actions":[]}')  # DataError, not RecordError, before
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("2")
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        (aside,) = (saves / "damaged").glob("*.json")
        message = text_of(app.screen.query_one("#resume-message"), width=400).strip()
        assert message == f"{path}: scenario: no scenario 99 (known: 1, 2, 3, 4, 5) — set aside as damaged/{aside.name}"
        assert len(app.screen.games) == 0
        await pilot.press("escape")
        await start_game(pilot, 2)
        assert isinstance(app.screen, GameScreen)


@sync
async def test_the_load_list_survives_hostile_saves(make_app, saves):
    saves.mkdir(parents=True)
    (saves / "deep.json").write_text(DEEP)
    (saves / "number.json").write_text('{"format":1,"scenario":2,"seed":0,"actions":[5]}')
    before = (saves / "deep.json").read_bytes()
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3")
        assert isinstance(app.screen, LoadScreen)
        summaries = {info.path.name: info.summary for info in app.screen.saves}
        assert summaries["deep.json"].startswith("deep — damaged: damaged record (JSON nested too deeply) — ")
        assert summaries["number.json"].startswith("number — damaged: actions[0]: Input should be a valid string (got 5) — ")
        names = [info.path.name for info in app.screen.saves]
        await pilot.press(*["down"] * names.index("deep.json"), "enter")
        await pilot.pause()
        message = text_of(app.screen.query_one("#load-message"), width=400).strip()
        assert message == f"{saves / 'deep.json'}: damaged record (JSON nested too deeply)"
    assert (saves / "deep.json").read_bytes() == before  # a named save is never moved or rewritten


@sync
async def test_a_new_game_keeps_the_previous_game(make_app, saves):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, 1)
        await choose(pilot, game_screen(app).session.decision().actions[0])
        first = game_screen(app).session
        record = json.loads(first.autosave_path.read_text())
        await pilot.press("q")
        await new_game(pilot, 2)
        assert game_screen(app).session.autosave_path != first.autosave_path
        assert json.loads(first.autosave_path.read_text()) == record  # untouched
        await pilot.press("q", "2")
        assert [info.summary.split(" — ")[1] for info in app.screen.games] == [
            "Scenario 2, round 1, PL to move (PL human, ZURL human)",
            f"Scenario 1, round 1, {first.decider} to move (PL human, ZURL human)",
        ]
        await pilot.press("down", "enter")
        assert game_screen(app).session.game.state.digest() == record["digest"]


@sync
async def test_saving_over_a_name_asks_first(make_app, saves):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, 1)
        await pilot.press("s")
        app.screen.query_one("#save-name").value = "mine"
        await pilot.press("enter")
        await pilot.pause()
        await choose(pilot, game_screen(app).session.decision().actions[0])
        await pilot.press("s")
        app.screen.query_one("#save-name").value = "mine"
        await pilot.press("enter")
        await pilot.pause()
        assert len(json.loads((saves / "mine.json").read_text())["actions"]) == 0  # not yet
        question = text_of(app.screen.query_one("#save-error"), width=400).strip()
        assert question.startswith("There is a save mine — Scenario 1, round 1, ")
        assert question.endswith(". Enter again to save over it, or type another name.")
        await pilot.press("enter")
        await pilot.pause()
        assert len(json.loads((saves / "mine.json").read_text())["actions"]) == 1
        assert isinstance(app.screen, GameScreen)


def _finished_game(seed: int) -> Game:
    game = Game(2, seed)
    rng = random.Random(seed)
    while not game.over:
        game.apply(rng.choice(game.legal()))
    return game


def test_finished_games_are_kept_for_the_last_n_and_unfinished_ones_always(tmp_path):
    players = {"PL": "human", "ZURL": "random"}
    unfinished = [tmp_path / "autosave" / f"2024010{i}-000000-s2.json" for i in range(2)]
    for path in unfinished:
        save_game(Game(2, 1), path, players, True)
    game = _finished_game(3)
    finished = [tmp_path / "autosave" / f"20250101-{i:06d}-s2.json" for i in range(KEEP_FINISHED + 3)]
    for i, path in enumerate(finished):
        save_game(game, path, players, True)
        os.utime(path, (1_700_000_000 + i, 1_700_000_000 + i))  # the order they finished in
    save_game(game, finished[-1], players, True)
    kept = set(autosave_paths(tmp_path))
    assert kept == set(unfinished) | set(finished[-KEEP_FINISHED:])
    assert not any((tmp_path / "autosave" / ".players" / p.name).exists() for p in finished[:3])
    assert describe(finished[-1]).over and "finished" in describe(finished[-1]).summary


def test_the_earlier_single_autosave_is_adopted_as_a_slot(tmp_path):
    game = Game(2, 5)
    game.apply("keep")
    legacy = tmp_path / "autosave.json"
    save_game(game, legacy, {"PL": "bot", "ZURL": "human"}, False)
    slot = saves_module.adopt_legacy_autosave(tmp_path)
    assert not legacy.exists() and slot.parent == tmp_path / "autosave" and slot.name.endswith("-earlier.json")
    assert read_players(slot) == ({"PL": "random", "ZURL": "human"}, False)  # an old save's "bot"
    assert [info.path for info in recent_games(tmp_path)] == [slot]


def test_a_hostile_seats_file_means_default_seats(tmp_path):
    save = tmp_path / "game.json"
    (tmp_path / ".players").mkdir()
    (tmp_path / ".players" / "game.json").symlink_to("/dev/zero")
    assert read_players(save) is None
    (tmp_path / ".players" / "game.json").unlink()
    (tmp_path / ".players" / "game.json").write_text('{"players": {"PL": ["human"], "ZURL": "human"}}')
    assert read_players(save) is None


@pytest.mark.skipif(not os.sys.platform.startswith("linux"), reason="the Linux location")
def test_the_linux_saves_directory_is_where_it_was(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert default_saves_dir() == tmp_path / "xdg" / "semper-fidelis" / "saves"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_saves_dir() == tmp_path / "home" / ".local" / "share" / "semper-fidelis" / "saves"


def test_the_menu_offers_resume_only_when_there_is_a_game(make_app, saves):
    @sync
    async def run():
        app = make_app()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, MainMenuScreen)
            options = app.screen.query_one("#menu-options")
            assert options.get_option("resume").disabled
            await new_game(pilot, 2)
            await pilot.press("q")
            assert not app.screen.query_one("#menu-options").get_option("resume").disabled

    run()
