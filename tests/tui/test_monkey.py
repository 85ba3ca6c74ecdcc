"""Issue 12: a monkey at the keyboard. Seeded random keys (bindings, digits, letters, Esc,
Enter, arrows) over the menu, a hot-seat game in a battle (with its hand-over screens), the
Load screen with a damaged save, at two terminal sizes: the app never dies, a damaged save is
never rewritten, and every save written during the run reloads to its digest.

CI presses 90 keys per size (30 on each screen; at 60 the resumed game never autosaves, which the test checks); ``SF_MONKEY_KEYS=2000`` gives the long run."""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from semper_fidelis.engine import Game, read_record
from semper_fidelis.store.saves import autosave_paths, save_game
from semper_fidelis.tui.app import SemperFidelisApp
from semper_fidelis.tui.screens.game import GameScreen
from semper_fidelis.tui.screens.handover import HandoverScreen
from semper_fidelis.tui.screens.load import LoadScreen

from .helpers import sync

KEYS_PER_SIZE = int(os.environ.get("SF_MONKEY_KEYS", "90"))
SIZES = [(80, 24), (200, 60)]
KEYS = (
    list("1234567890") * 4 + list("abcdefghijklmnopqrstuvwxyz")
    + ["enter"] * 12 + ["escape"] * 3 + ["up", "down", "left", "right"] * 2
    + ["tab", "shift+tab", "space", "question_mark", "pageup", "pagedown", "backspace"]
)
BROKEN = '{"format":1,"scenario":2,"seed":0,"actions":[5]}'


def _battle_game() -> Game:
    """A seeded game stopped at a decision inside a battle."""
    game = Game(2, seed=11)
    rng = random.Random(11)
    while game.view(None)["battle"] is None:
        game.apply(rng.choice(game.legal()))
    return game


async def _reach(app, pilot, screen: type, tries: int = 500) -> None:
    """Let the app settle until ``screen`` is on top (a resumed game mounts its game screen,
    then pushes the hand-over on it): bounded by turns of the event loop, not by a clock."""
    for _ in range(tries):
        if isinstance(app.screen, screen):
            return
        await pilot.pause()
    assert isinstance(app.screen, screen), type(app.screen).__name__


async def _monkey(app, pilot, rng: random.Random, n: int, seen: Counter) -> None:
    for _ in range(n):
        await pilot.press(rng.choice(KEYS))
        seen[type(app.screen).__name__] += 1
        assert app._exception is None, app._exception


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@sync
async def test_random_keys_never_crash_and_saves_reload(tmp_path, size):
    saves = tmp_path / "saves"
    hot_seat = {"PL": "human", "ZURL": "human"}
    game = _battle_game()
    save_game(game, saves / "autosave" / "20250101-000000-s2.json", hot_seat, True)
    save_game(game, saves / "battle.json", hot_seat, True)
    (saves / "broken.json").write_text(BROKEN)
    app = SemperFidelisApp(saves_dir=saves, bot_pace=0, seed=3)
    quits = []
    app.exit = lambda *args, **kwargs: quits.append(args)  # the monkey may choose Quit: stay
    rng = random.Random(f"monkey {size}")
    seen: Counter = Counter()
    before = {p: p.read_bytes() for p in saves.rglob("*.json")}
    third = KEYS_PER_SIZE // 3
    async with app.run_test(size=size) as pilot:
        await pilot.press("2", "enter")  # resume the hot-seat game in its battle
        await _reach(app, pilot, HandoverScreen)
        await _monkey(app, pilot, rng, third, seen)
        app.back_to_menu()
        await pilot.press("3")  # the Load screen, with a damaged save on it
        await _reach(app, pilot, LoadScreen)
        await _monkey(app, pilot, rng, third, seen)
        app.back_to_menu()
        await pilot.pause()
        await _monkey(app, pilot, rng, KEYS_PER_SIZE - 2 * third, seen)
        assert app._exception is None
    assert {"HandoverScreen", "LoadScreen", "MainMenuScreen"} <= set(seen)
    assert seen["GameScreen"] > 0 or isinstance(app.game_screen, GameScreen)
    assert (saves / "broken.json").read_text() == BROKEN
    written = [p for p in [*saves.glob("*.json"), *autosave_paths(saves)] if before.get(p) != p.read_bytes()]
    assert written, "the resumed game autosaves at least once"
    for path in written:
        read_record(path)  # replays to the saved digest, or raises
