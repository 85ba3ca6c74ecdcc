"""Issue "Every file is data": text from saves, sidecars, records, data folders, example files and
folder paths is shown literally wherever the app shows it — markup characters visible, no action
bound, no terminal escape code reaching the screen — and never crashes the app."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

from rich.console import Console

from semper_fidelis.data.loader import load_game_data
from semper_fidelis.data.text import printable
from semper_fidelis.engine import Game
from semper_fidelis.store.saves import AUTOSAVES, write_players
from semper_fidelis.tui.screens.example import ExampleCard
from semper_fidelis.tui.screens.learn import LearnScreen
from semper_fidelis.tui.screens.load import LoadScreen
from semper_fidelis.tui.screens.menu import MainMenuScreen
from semper_fidelis.tui.screens.players import PlayersScreen
from semper_fidelis.tui.screens.resume import ResumeScreen
from semper_fidelis.tui.screens.review_list import ReviewListScreen
from semper_fidelis.tui.screens.scenario import ScenarioScreen

from .conftest import SIZE
from .helpers import new_game, sync
from .records import save

REPO = Path(__file__).resolve().parents[2]
#: every kind of trap at once: closing tags, an action, a link, a style, a retitle, a screen wipe
HOSTILE = "[/][@click=app.quit]x[/][link=http://x]y[/link] [bold red on white]z\x1b]0;pwn\x07\x1b[2J"  # fits a title
#: a record's version holds at most 40 characters
SHORT = "[/][@click=app.quit]x[/]\x1b]0;pwned\x07"


def rendered(renderable) -> str:
    console = Console(width=400, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def assert_literal(shown: str, hostile: str) -> None:
    """The text appears as written (markup parsed away would be missing), its control
    characters as escapes; no raw ESC or BEL."""
    assert printable(hostile) in " ".join(shown.split("\n")) or printable(hostile) in shown, shown
    assert "\x1b" not in shown and "\x07" not in shown


def assert_screen_clean(app) -> None:
    assert "\x1b" not in app.export_screenshot()


def options_text(screen, selector: str) -> str:
    ol = screen.query_one(selector)
    return "\n".join(rendered(ol.get_option_at_index(i).prompt) for i in range(ol.option_count))


def write_future_record(path: Path) -> None:
    """A record of a format this version does not read: its version is quoted in the error."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 99, "version": SHORT, "scenario": 2, "seed": 1, "actions": []}))


def save_with_summary(path: Path, summary: str) -> None:
    save(Game(scenario=2, seed=1), path)
    write_players(path, {"PL": "human", "ZURL": "human"}, False, summary=summary)


@sync
async def test_a_damaged_autosave_notice_at_start(make_app, saves):
    write_future_record(saves / AUTOSAVES / "20260101-120000-s2.json")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        (notice,) = app._notifications
        assert_literal(notice.message, SHORT)
        assert notice.markup is False
        assert isinstance(app.screen, MainMenuScreen) and app.is_running  # no crash, no quit
        assert_screen_clean(app)


@sync
async def test_the_load_resume_and_review_lists(make_app, saves):
    save_with_summary(saves / "named.json", HOSTILE)
    write_future_record(saves / "future.json")
    save_with_summary(saves / AUTOSAVES / "20260101-120000-s2.json", HOSTILE)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3")
        assert isinstance(app.screen, LoadScreen)
        listed = options_text(app.screen, "#load-options")
        assert_literal(listed, HOSTILE)
        assert_literal(listed, SHORT)
        future = [info.path.name for info in app.screen.saves].index("future.json")
        await pilot.press(*["down"] * future, "enter")
        assert isinstance(app.screen, LoadScreen)
        assert_literal(app.screen.query_one("#load-message").content.plain, SHORT)
        assert_screen_clean(app)

        await pilot.press("escape", "2")
        assert isinstance(app.screen, ResumeScreen)
        assert_literal(options_text(app.screen, "#resume-options"), HOSTILE)
        assert_screen_clean(app)

        await pilot.press("escape", "6")
        assert isinstance(app.screen, ReviewListScreen)
        listed = options_text(app.screen, "#review-options")
        assert_literal(listed, HOSTILE)
        assert_literal(listed, SHORT)
        app.screen.open(saves / "future.json")
        await pilot.pause()
        assert_literal(app.screen.query_one("#review-message").content.plain, SHORT)
        assert_screen_clean(app)
        assert app.is_running


@sync
async def test_a_saves_folder_with_brackets_and_escapes(make_app, tmp_path):
    saves = tmp_path / "[/][@click=app.quit]saves\x1b[2J"
    app = make_app(saves_dir=saves)
    async with app.run_test(size=SIZE) as pilot:
        await new_game(pilot, 2)
        await pilot.press("s")
        await pilot.pause()
        app.screen.query_one("#save-name").value = "mine"
        await pilot.press("enter")
        await pilot.pause()
        (notice,) = app._notifications
        assert notice.message == f"Saved to {printable(saves / 'mine.json')}"
        assert_screen_clean(app)
        await pilot.press("q", "3")  # the Load list names the folder
        assert_literal(app.screen.query_one("#load-where").content.plain, str(saves))


def hostile_data(root: Path) -> Path:
    """A copy of the shipped data whose texts hold HOSTILE: a scenario's name and briefing, an
    area's name, a card's name, an example's title, text and step."""
    shutil.copytree(REPO / "assets", root / "assets")
    shutil.copytree(REPO / "scenarios", root / "scenarios")
    quoted = json.dumps(HOSTILE)  # a JSON string is a TOML basic string

    def replace(path: Path, *pairs: tuple[str, str]) -> None:
        text = path.read_text(encoding="utf-8")
        for pattern, new in pairs:
            text, n = re.subn(pattern, lambda m, new=new: new, text, count=1, flags=re.S)
            assert n == 1, pattern
        path.write_text(text, encoding="utf-8")

    replace(root / "scenarios" / "2-semper-fidelis.toml", ('name = "Semper Fidelis"', f"name = {quoted}"),
            ('briefing = """.*?"""', f"briefing = {quoted}"))
    replace(root / "assets" / "board.toml", ('name = "Rynek"', f"name = {quoted}"))
    replace(root / "assets" / "cards_pl.toml", ('name = "Polish Wings"', f"name = {quoted}"))
    replace(root / "assets" / "examples" / "02-move.toml", ('title = "Winniki[^"]*"', f"title = {quoted}"),
            ('text = """.*?"""', f"text = {quoted}"), ('say = "PL starts a Move order', f"say = {quoted[:-1]} PL starts a Move order"))
    return root


@sync
async def test_names_from_a_data_folder(make_app, tmp_path):
    data = load_game_data(hostile_data(tmp_path / "data"))
    app = make_app(data=data)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1")
        assert isinstance(app.screen, ScenarioScreen)
        await pilot.press("2")
        await pilot.pause()
        assert_literal(options_text(app.screen, "#scenario-options"), HOSTILE)
        briefing = rendered(app.screen.query_one("#briefing").content)
        assert briefing.count(printable(HOSTILE)) == 2  # the title line and the briefing
        await pilot.press("enter")
        assert isinstance(app.screen, PlayersScreen)
        assert_literal(rendered(app.screen.query_one("#players-box").border_title), HOSTILE)
        assert_screen_clean(app)
        await pilot.press("5")
        await pilot.pause()
        assert app.game_screen is not None and app.is_running
        assert_screen_clean(app)


@sync
async def test_an_example_from_a_data_folder(make_app, tmp_path):
    data = load_game_data(hostile_data(tmp_path / "data"))
    app = make_app(data=data)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("5")
        assert isinstance(app.screen, LearnScreen)
        index = [e.name for e in app.screen.examples].index("02-move")
        await pilot.press(*["down"] * index)
        assert_literal(options_text(app.screen, "#learn-options"), HOSTILE)
        about = rendered(app.screen.query_one("#learn-text").content)
        assert about.count(printable(HOSTILE)) == 2  # the title and the text
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ExampleCard)
        card = rendered(app.screen.query_one("#example-text").content)
        assert card.count(printable(HOSTILE)) == 3  # title, text, the first step
        assert_screen_clean(app)
        await pilot.press("escape", "enter")  # the book's first choice: a notice names the next step
        await pilot.pause()
        assert app.is_running
        assert_screen_clean(app)


#: reorders, breaks a line or shows nothing: right-to-left override, line separator, zero-width
#: space, left-to-right mark, Arabic letter mark, byte order mark
INVISIBLE = "\u202e\u2028\u200b\u200e\u061c\ufeff"


def assert_visible(shown: str) -> None:
    """Each INVISIBLE character is shown as its escape (``\\u202e``), none of them raw."""
    assert printable(INVISIBLE) in shown, shown
    assert not any(char in shown for char in INVISIBLE), shown


@sync
async def test_invisible_characters_in_save_names_a_saves_folder_and_data(make_app, tmp_path):
    """Issue "Nothing crashes, nothing lies": a save made by hand whose name and summary hold
    them, a saves folder named with them, a scenario name from a data folder."""
    saves = tmp_path / f"saves{INVISIBLE}"
    save_with_summary(saves / f"s{INVISIBLE}ave.json", f"by hand {INVISIBLE}")
    save_with_summary(saves / AUTOSAVES / "20260101-120000-s2.json", f"resumed {INVISIBLE}")
    root = tmp_path / "data"
    shutil.copytree(REPO / "assets", root / "assets")
    shutil.copytree(REPO / "scenarios", root / "scenarios")
    scenario = root / "scenarios" / "2-semper-fidelis.toml"
    scenario.write_text(scenario.read_text(encoding="utf-8").replace(
        'name = "Semper Fidelis"', f"name = {json.dumps(f'Semper {INVISIBLE}Fidelis')}", 1), encoding="utf-8")
    app = make_app(saves_dir=saves, data=load_game_data(root))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("3")
        assert isinstance(app.screen, LoadScreen)
        listed = options_text(app.screen, "#load-options")
        assert_visible(listed.split(" — by hand")[0])  # the file's name
        assert_visible(listed.split(" — by hand")[1])  # its summary
        assert_visible(app.screen.query_one("#load-where").content.plain)
        await pilot.press("escape", "2")
        assert isinstance(app.screen, ResumeScreen)
        assert_visible(options_text(app.screen, "#resume-options"))
        await pilot.press("escape", "1", "2")
        await pilot.pause()
        assert isinstance(app.screen, ScenarioScreen)
        assert_visible(options_text(app.screen, "#scenario-options"))
        await pilot.press("enter")
        assert isinstance(app.screen, PlayersScreen)
        assert_visible(rendered(app.screen.query_one("#players-box").border_title))
        assert app.is_running
