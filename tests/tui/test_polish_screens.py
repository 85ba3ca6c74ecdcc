"""The game's screens in Polish (issue 39), second slice: a game walked through in Polish —
new game, scenario, variant, players, a turn, the hand-over, save, leave, load, resume, game over,
the End of Stage, the hint, the review list and the viewer — shows no English word of the
catalog's source texts; nothing is cut at 80×24 in Polish that is whole in English; and a
language switched in the menu mid-game shows the game in that language from the same position.

What is checked is the text these screens own: the footer (the keys' descriptions) and the game
table's decision, hand, log, battle and map panels are other slices', and the engine's texts (the
log's lines, an option's label, a prompt) are the engine's, so their words are set aside."""

from __future__ import annotations

import json
import re

import pytest
from textual.widgets import Footer

from semper_fidelis.bots import RandomBot
from semper_fidelis.bots.hint import Hint, PlanEstimate
from semper_fidelis.data.files import shipped_variants_dir as docs_variants
from semper_fidelis.data.variant import variant_files
from semper_fidelis.engine import Game
from semper_fidelis.i18n import current_language, set_language
from semper_fidelis.play.batch import Matchup, play_game
from semper_fidelis.tui.score import stage_report
from semper_fidelis.tui.screens.dialogs import LeaveScreen, SaveScreen
from semper_fidelis.tui.screens.game import GameScreen
from semper_fidelis.tui.screens.game_over import GameOverScreen
from semper_fidelis.tui.screens.handover import HandoverScreen
from semper_fidelis.tui.screens.hint import hint_text
from semper_fidelis.tui.screens.info import InfoScreen
from semper_fidelis.tui.screens.load import LoadScreen
from semper_fidelis.tui.screens.players import PlayersScreen
from semper_fidelis.tui.screens.resume import ResumeScreen
from semper_fidelis.tui.screens.review import ReviewScreen
from semper_fidelis.tui.screens.review_list import ReviewListScreen
from semper_fidelis.tui.screens.scenario import ScenarioScreen
from semper_fidelis.tui.screens.stage import StageScreen
from semper_fidelis.tui.screens.variant import VariantScreen
from semper_fidelis.tui.widgets.decision import DecisionPanel

from .helpers import choose, game_screen, start_game, sync, until_screen
from .records import save
from .test_polish import WORD, english_words, polish_words, screen_text
from .test_polish_whole_game import STILL_ENGLISH, TABLE_PARTS, Reader, read_table, until_human

#: the game table's panels that are not these screens' (the header and the tracks are)
TABLE = ("#table",)
#: the review viewer's: the map, the hand and the log beside the step
REVIEW_PANELS = ("#map", "#context")


@pytest.fixture(scope="module")
def finished() -> Game:
    """Scenario 1 played to its end by two generals."""
    return play_game(Matchup(1, "general", "general"), 0)


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


def engine_words(game: Game) -> set[str]:
    """The words of the engine's texts a screen may show that are another slice's: the
    decision's prompt and its options' labels (the log is shown in Polish: not set aside)."""
    texts: list[str] = []
    d = game.decision()
    if d is not None:
        texts += [d.prompt] + [o.label for o in game.options()]
    return set().union(*(words(t) for t in texts))


def review_words(screen: ReviewScreen) -> set[str]:
    """The engine's words a review step shows: the step's label and prompt, the next decision's."""
    review, step = screen.review, screen.review.last_step
    d = review.game.decision()
    texts = [step.label, step.prompt] if step is not None else []
    texts += [d.prompt] if d is not None else []
    return engine_words(review.game).union(*(words(t) for t in texts))


async def shown(pilot, hide: tuple[str, ...] = ()) -> str:
    """The screen's text with the footer and the ``hide`` widgets out of it."""
    app = pilot.app
    hidden = [w for screen in app.screen_stack for selector in (Footer, *hide) for w in screen.query(selector)]  # a modal's too
    for widget in hidden:
        widget.display = False
    await pilot.pause()
    try:
        return screen_text(app)
    finally:
        for widget in hidden:
            widget.display = True


async def walk(app, pilot, over: Game, over_path, tmp_path) -> dict[str, tuple[str, set[str]]]:
    """Every screen of a game from the menu to the review: its text, and the engine's words it
    may hold."""
    seen: dict[str, tuple[str, set[str]]] = {}

    # folder and file names are text from outside
    files = words(f"{app.saves_dir} {over_path} {docs_variants()}") | {w for path in variant_files(docs_variants()) for w in words(path.name)}

    async def note(name: str, kind, hide: tuple[str, ...] = (), engine: set[str] = frozenset()) -> None:
        await until_screen(pilot, kind)
        await pilot.pause()
        if isinstance(app.screen, ReviewScreen):
            engine = review_words(app.screen)
        seen[name] = (await shown(pilot, hide), set(engine) | files)

    await pilot.press("1")
    await note("scenario", ScenarioScreen)
    await pilot.press("v")
    await note("variant", VariantScreen)
    await pilot.press("escape", "1", "enter")
    await note("players", PlayersScreen)
    await pilot.press("5")
    for _ in range(1000):  # the game's screen made (a bot moving first may cover it with its summary at once)
        if app.game_screen is not None:
            break
        await pilot.pause(0.01)
    screen = game_screen(app)
    while screen.session.bot_to_move:
        await pilot.pause(0.01)
    await pilot.pause()
    if isinstance(app.screen, InfoScreen):  # the bot's first turn told: closed, the summary is noted below
        await pilot.press("escape")
    await until_screen(pilot, GameScreen)
    game = screen.game
    await note("game", GameScreen, TABLE, engine_words(game))
    screen.session.apply(game.decision().actions[0])  # a turn goes on
    screen.after_change()
    while screen.session.bot_to_move:
        await pilot.pause(0.01)
    await pilot.pause()
    if isinstance(app.screen, InfoScreen):  # what the bot did since: the summary (its title is the keys' slice's)
        title = words(str(app.screen.query_one("#info-box").border_title))
        await note("summary", InfoScreen, TABLE, engine_words(game) | title)
        await pilot.press("escape")
    await note("game-on", GameScreen, TABLE, engine_words(game))

    app.push_screen(HandoverScreen("PL"))
    await note("handover", HandoverScreen)
    await pilot.press("x")
    await pilot.press("s")
    await note("save", SaveScreen, TABLE)
    app.screen.query_one("#save-name").value = "mine"
    await pilot.press("enter")
    await note("saved", GameScreen, TABLE, engine_words(game))
    seen["notices"] = (" ".join(n.message for n in app._notifications), files)
    actions = list(game.actions)

    screen.session.unsaved = "ENOSPC"
    app.push_screen(LeaveScreen(screen.session))
    await note("leave", LeaveScreen, TABLE)
    await pilot.press("n")
    screen.session.unsaved = None

    await pilot.press("q")
    await pilot.press("3")
    await note("load", LoadScreen)
    await pilot.press("escape", "2")
    await note("resume", ResumeScreen)
    await pilot.press("enter")
    await until_screen(pilot, GameScreen)
    assert list(game_screen(app).game.actions) == actions  # resumed where it was left
    await pilot.press("q")

    assert app.open_save(over_path) is None
    await note("game-over", GameOverScreen, engine=engine_words(over))
    events = over.events(None)
    start = max(i for i, e in enumerate(events) if e.kind == "stage")
    app.push_screen(StageScreen(stage_report(events, start) or [], over.view(None)["vp"], over))
    await note("stage", StageScreen, engine=engine_words(over))
    await pilot.press("x")
    await pilot.press("enter")  # the game-over screen's main menu
    await pilot.press("6")
    await note("review-list", ReviewListScreen)
    assert app.open_review(over_path) is None
    await pilot.press("right", "right", "right")
    await note("review", ReviewScreen, REVIEW_PANELS)
    await pilot.press("end")
    await note("review-end", ReviewScreen, REVIEW_PANELS)
    return seen


def hint_words() -> str:
    plans = (PlanEstimate(("pass",), "Pas", 0.26, 1.5, 2, True), PlanEstimate(("x",), "X", 0.2, -1.0, 1, False))
    return hint_text(Hint("PL", plans, 3, close=True, battle=True)).plain


async def walked(make_app, tmp_path, saves, over: Game, language: str, size) -> dict[str, tuple[str, set[str]]]:
    over_path = save(over, tmp_path / "records" / "over.json")
    set_language(language)
    app = make_app(saves_dir=tmp_path / "saves")  # a walk of its own: its saves are new
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        return await walk(app, pilot, over, over_path, tmp_path)


@sync
async def test_a_game_walked_through_in_polish_shows_no_english(make_app, tmp_path, saves, finished):
    english = english_words()
    assert {"round", "scenario", "save", "briefing", "players", "review", "stage"} <= english  # something to find
    seen = await walked(make_app, tmp_path, saves, finished, "pl", (120, 40))
    found = {name: sorted(words(text) & english - engine) for name, (text, engine) in seen.items()}
    found["hint"] = sorted(words(hint_words()) & english)
    assert not any(found.values()), {k: (v, seen[k][0] if k in seen else "") for k, v in found.items() if v}
    text = {name: t for name, (t, _) in seen.items()}
    assert "Odprawa" in text["scenario"] and "Rozpocznij grę" in text["players"] and "Runda 1/4" in text["game"]
    assert "Zapisano w" in text["notices"] and "Opuścić niezapisaną grę?" in text["leave"]
    assert "Scenariusz 1, runda" in text["load"] and "Scenariusz 1, runda" in text["resume"]
    assert "KONIEC GRY" in text["game-over"] and "Przebieg gry" in text["game-over"] and "PZ" in text["game-over"]
    assert "PRZEGLĄD" in text["review"] and "Koniec gry" in text["review-end"]


def ellipses(text: str) -> int:
    """Texts cut short end in an ellipsis ('…'); the three dots of '...' are not one."""
    return text.count("…")


@sync
async def test_nothing_is_cut_at_80x24_in_polish_that_is_whole_in_english(make_app, tmp_path, saves, finished):
    english = await walked(make_app, tmp_path / "en", saves, finished, "en", (80, 24))
    polish = await walked(make_app, tmp_path / "pl", saves, finished, "pl", (80, 24))
    assert english.keys() == polish.keys()
    cut = {name: (ellipses(english[name][0]), ellipses(polish[name][0])) for name in english}
    assert all(pl <= en for en, pl in cut.values()), {k: v for k, v in cut.items() if v[1] > v[0]}
    assert any(en for en, _ in cut.values())  # the check sees a cut where there is one (the header at 80 columns)


def position(app) -> dict[str, object]:
    """What a language switch must not change: the position, the hands, the log, what undo
    can take back, the game's autosave."""
    screen = game_screen(app)
    game, session = screen.game, screen.session
    return {"digest": game.digest(), "actions": list(game.actions), "hand": game.view(None)["hand"],
            "log": len(game.events(None)), "undo": (game.can_undo, game.reveal_at, list(session.steps)),
            "offered": [r.action for r in screen.query_one(DecisionPanel).offered], "autosave": json.loads(session.autosave_path.read_text())}


async def play_until(pilot, battle: bool) -> None:
    """PL plays by keys (a random bot's choices) until a decision of PL's in a battle or (not
    ``battle``) with none on: the table shows the hand and the log."""
    app, bot = pilot.app, RandomBot(1)
    for _ in range(100):
        await until_human(pilot, Reader())
        screen = game_screen(app)
        view = screen.session.view()
        if (view["battle"] is not None) == battle and view["losses"] is None:
            return
        offered = [r.action for r in screen.query_one(DecisionPanel).offered]
        action = bot.choose(screen.game)
        await choose(pilot, action if action in offered else offered[0])
    raise AssertionError(f"no such decision (battle: {battle})")


async def switch(pilot) -> None:
    """The menu (the game autosaved and left), its language item, the game resumed."""
    await pilot.press("q", "8", "2", "enter")
    await until_screen(pilot, GameScreen)
    await pilot.pause()
    await pilot.pause()


@sync
async def test_a_language_switched_in_the_menu_mid_game_shows_every_part_in_it_and_loses_nothing(make_app, saves):
    """At PL's first decision (the hand and the log on the table) switched to Polish, no part of
    the table shows the catalog's English but those still being translated (STILL_ENGLISH); in a
    battle (its box on the table) switched back, none shows its Polish; each time the game is
    where it was, undo and autosave included."""
    set_language("en")
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await start_game(pilot, 1, pl="human", zurl="general")
        await play_until(pilot, battle=False)
        before = position(app)
        await switch(pilot)
        assert current_language() == "pl" and position(app) == before
        polish = Reader()
        read_table(app, polish, TABLE_PARTS)
        assert {"header", "tracks", "prompt", "options", "hand", "log", "footer"} <= polish.seen
        assert polish.found.keys() <= STILL_ENGLISH.keys(), polish.report(polish.found.keys() - STILL_ENGLISH.keys())
        assert "Runda 1/4" in screen_text(app)

        await play_until(pilot, battle=True)
        before = position(app)
        await switch(pilot)
        assert current_language() == "en" and position(app) == before
        english = Reader(polish_words())
        read_table(app, english, TABLE_PARTS)
        assert {"header", "tracks", "prompt", "options", "battle", "footer"} <= english.seen
        assert not english.found, english.report(english.found)
        assert "Round " in screen_text(app)


def test_what_the_other_side_did_is_told_in_polish(finished):
    """The summary after a bot's turn or a hand-over (tui/summary.py): its headline counts and
    its private notices in Polish, the forms the counts take."""
    import io

    from rich.console import Console

    from semper_fidelis.tui.summary import private_notices, summary_renderable

    set_language("pl")
    events = finished.events("PL")
    console = Console(width=100, file=io.StringIO(), record=True)
    console.print(summary_renderable(events, "PL", private_notices(finished, events, "PL")))
    text = console.export_text()
    assert not words(text) & english_words() - engine_words(finished), sorted(words(text) & english_words() - engine_words(finished))
    assert "Tylko dla PL: PL dobiera: #" in text and re.search(r"\d+ (ruchów|ruchy|ruch)\b", text) and re.search(r"\d+ bitw(a|y)?\b|\d+ bitew\b", text)
