"""A variant from the menu (tui/screens/variant.py): New game → Variant… lists the player's
variants folder and the guide's examples, or takes a typed path; each is checked as
``validate --variant`` checks it (problems one a line, as text); the game it starts, its autosave
and a rematch are of the variant."""

from __future__ import annotations

from pathlib import Path

from semper_fidelis.data.variant import variant_digest
from semper_fidelis.engine import read_record
from semper_fidelis.store.saves import describe
from semper_fidelis.tui.screens.game import GameScreen
from semper_fidelis.tui.screens.players import PlayersScreen
from semper_fidelis.tui.screens.variant import VariantScreen, user_variants_dir

from .conftest import SIZE
from .helpers import sync, text_of, until_screen

#: Siege (ZURL has the initiative, PL Morale 6) with PL steadier and the FAQ's handicap on
STEADY = """\
name = "Siege, PL steadier"
base = 4
handicap = true
[sides.PL]
morale = 8
"""
#: two problems, one of them naming a key that would be markup if it were parsed as such
BAD = """\
name = "loud"
base = 4
"[b]spies[/b]" = true
[sides.PL]
supply = "lots"
"""


def write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


async def open_variants(pilot) -> VariantScreen:
    await pilot.press("1", "v")
    await until_screen(pilot, VariantScreen)
    return pilot.app.screen


@sync
async def test_a_variant_from_the_menu_starts_its_game_and_its_autosave_resumes_it(make_app, saves):
    write(user_variants_dir(saves), "a-steady.toml", STEADY)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_variants(pilot)
        names = [path.name for path in screen.files]
        assert names[0] == "a-steady.toml" and "siege-late-relief.toml" in names  # the player's, then the guide's
        about = text_of(screen.query_one("#variant-about"))
        assert "Siege, PL steadier — changes scenario 4 in 2 places" in about and "PL Morale: 6 → 8" in about
        await pilot.press("enter")
        await until_screen(pilot, PlayersScreen)
        players = app.screen
        assert players.handicap and "Siege (Siege, PL steadier)" in players.query_one("#players-box").border_title
        while players.players["ZURL"] != "human":  # no bot moves on while the position is checked
            await pilot.press("2")
        await pilot.press("5")
        await until_screen(pilot, GameScreen)
        await pilot.pause()
        game = app.game_screen.session.game
        assert game.state.morale["PL"] == 8 and game.settings == {"handicap": True}
        autosave = app.game_screen.session.autosave_path
    saved = read_record(autosave)  # the shipped data only: the autosave brings the variant
    assert saved.data.variant.digest == variant_digest(STEADY) and saved.state.morale["PL"] == 8
    assert " — Scenario 4 (Siege, PL steadier), round 1, " in describe(autosave).summary  # the Resume list's line

    again = make_app()
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert again.open_save(autosave) is None
        await until_screen(pilot, GameScreen)
        await pilot.pause()
        resumed = again.game_screen.session.game
        assert resumed.data.variant.text == STEADY and resumed.scenario.name == "Siege (Siege, PL steadier)"


@sync
async def test_a_bad_variant_shows_each_problem_as_text_and_starts_nothing(make_app, saves, tmp_path):
    write(user_variants_dir(saves), "bad.toml", BAD)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_variants(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, VariantScreen)
        lines = text_of(screen.query_one("#variant-about")).splitlines()
        assert lines[0].endswith("bad.toml: 2 problems")
        assert [line.split(": ")[1] for line in lines[1:3]] == ["sides.PL.supply", "[b]spies[/b]"]
        # a typed path: checked the same way, and a good one goes on to the players
        field = screen.query_one("#variant-path")
        field.focus()
        field.value = str(tmp_path / "nowhere.toml")
        await pilot.press("enter")
        assert "nowhere.toml" in text_of(screen.query_one("#variant-about")) and isinstance(app.screen, VariantScreen)
        field.value = str(write(tmp_path, "typed.toml", STEADY))
        await pilot.press("enter")
        await until_screen(pilot, PlayersScreen)
        assert app.screen.data.variant.name == "Siege, PL steadier"


@sync
async def test_a_served_page_lists_the_folders_only(make_app, saves):
    app = make_app(served=True)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_variants(pilot)
        assert not screen.query_one("#variant-path").display and screen.files


def test_a_rematch_and_a_branch_from_a_review_stay_the_variant(tmp_path):
    from semper_fidelis.data.variant import load_variant
    from semper_fidelis.engine import Game, shipped_data
    from semper_fidelis.tui.review import Review, rematch
    from semper_fidelis.tui.session import Session

    game = Game(4, 3, data=load_variant(shipped_data(), STEADY, "variant steady.toml"))
    for _ in range(5):
        game.apply(game.legal()[0])
    session = Session(game=game, players={"PL": "human", "ZURL": "human"}, privacy=False, saves_dir=tmp_path)
    for how in ("same", "seed"):
        again, _ = rematch(session, how)  # the app hands in its own data: no variant
        assert again.data.variant.text == STEADY and again.state.morale["PL"] == 8
    review = Review(game.record())
    review.goto(2)
    branch = review.branch()
    assert branch.data.variant.text == STEADY and branch.record()["variant"]["digest"] == variant_digest(STEADY)
