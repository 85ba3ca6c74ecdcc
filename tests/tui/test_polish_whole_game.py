"""A whole Scenario 1 against the general, played in Polish by keys at 80×24 (issue 39, "Done
when"): at every decision every part of the table a player reads (the header, the tracks, the
decision's prompt, options and detail, the battle box, the hand, the footer; now and then the
map, its legend, the log and the card viewer) and every screen over it (what the bot did, the
game over) is read, and none shows an English word of the catalog's source
texts — but the parts still named in STILL_ENGLISH, whose words the failure message lists too.
At every decision the options are whole, as the English whole-game test reads them
(test_whole_game.STILL_CUT says which decisions may still be cut), or as whole as the same
decision drawn in English: nothing is cut in Polish that is whole in English (the path of a game
by keys is not always the English test's: which area a choice is folded to can differ). One
size: about 20 s of CPU."""

from __future__ import annotations

from collections import Counter, defaultdict

from semper_fidelis.bots import RandomBot
from semper_fidelis.i18n import set_language
from semper_fidelis.tui.screens.dialogs import LogScreen
from semper_fidelis.tui.screens.game_over import GameOverScreen
from semper_fidelis.tui.screens.info import InfoScreen
from semper_fidelis.tui.widgets.decision import DecisionPanel
from semper_fidelis.tui.widgets.footer import Footer

from .helpers import choose, game_screen, keys, start_game, sync, text_of
from .test_in_view import screen_text
from .test_polish import WORD, english_words
from .test_whole_game import STILL_CUT, column, unread

SIZE = (80, 24)

#: the game table's parts, by the widget that shows them
TABLE_PARTS = {"header": "#phase-bar", "tracks": "#tracks", "prompt": "#prompt", "options": "#options",
               "detail": "#detail", "battle": "#battle-box", "hand": "#hand-box", "log": "#log-box"}
#: shown a key away at 80×24 (the map and panels take turns): read at every OFTEN-th decision
AWAY_PARTS = {"map": "#map", "area": "#area-info"}
OFTEN = 20

#: the parts still in English today, and the branch translating them (issue 39's other slices):
#: the lead takes a part out of this set once its branch has landed and the part reads clean
STILL_ENGLISH: dict[str, str] = {}

#: the parts a walk must have read, so that a clean result means something
#: (Scenario 1 has one Stage: its End of Stage is the game-over screen's, test_polish_screens reads
#: the End of Stage screen of a longer game)
MUST_SEE = {"header", "tracks", "prompt", "options", "detail", "battle", "hand", "footer", "map", "area",
            "legend", "summary", "log-screen", "cards", "game-over"}


class Reader:
    """What each part showed, and the catalog's English words among it (or ``words``: another
    language's), with a line to show."""

    def __init__(self, words: set[str] | None = None) -> None:
        self.english = english_words() if words is None else words
        self.seen: set[str] = set()
        self.found: dict[str, Counter[str]] = defaultdict(Counter)
        self.example: dict[str, str] = {}

    def read(self, part: str, text: str) -> None:
        if not text.strip():
            return
        self.seen.add(part)
        flat = " ".join(text.split())
        for found in WORD.finditer(flat):
            word = found.group()
            if word.lower() in self.english:
                self.found[part][word.lower()] += 1
                self.example.setdefault(part, flat[max(0, found.start() - 80):found.end() + 80])

    def report(self, parts) -> str:
        return "\n".join(f"{part}: {sorted(self.found[part])}\n    e.g. {self.example[part]!r}" for part in sorted(parts))


def region_text(app, widget) -> str:
    """The cells of the screen a widget covers, as they show."""
    region = widget.region
    footers = widget.screen.query(Footer)  # a box reaching under the footer (a column that scrolls) shows no line there
    bottom = min(region.bottom, footers.first().region.y) if footers else region.bottom
    lines = screen_text(app).splitlines()[region.y:bottom]
    return "\n".join(column(line, region.x, region.right) for line in lines)


def read_footer(screen, reader: Reader) -> None:
    """The keys' words (a key's name, such as 'space', is not a word of either language)."""
    for footer in screen.query(Footer):
        reader.read("footer", " ".join(key.description for key in footer.query("FooterKey")))


def read_table(app, reader: Reader, parts: dict[str, str], screen=None) -> None:
    """The ``parts`` of the game's screen (or ``screen``) a player sees, and its footer."""
    screen = screen or game_screen(app)
    for part, selector in parts.items():
        widget = screen.query_one(selector)
        if widget.display and widget.region.area:
            reader.read(part, region_text(app, widget))
    read_footer(screen, reader)


def read_over(app, reader: Reader, part: str) -> None:
    """A screen over the table: its own box (its first child but the footer), and its footer."""
    screen = app.screen
    box = next(w for w in screen.children if not isinstance(w, Footer))
    reader.read(part, region_text(app, box))
    read_footer(screen, reader)


async def read_away(pilot, reader: Reader) -> None:
    """The map with the area under the cursor, its legend, the whole log and the card viewer:
    each a key away, each closed again."""
    app = pilot.app
    await keys(pilot, "space")
    read_table(app, reader, AWAY_PARTS)
    await keys(pilot, "g")
    reader.read("legend", region_text(app, game_screen(app).query_one("#map")))
    await keys(pilot, "g")
    await keys(pilot, "space")
    await keys(pilot, "L")
    assert isinstance(app.screen, LogScreen)
    reader.read("log-screen", " ".join(text_of(w, SIZE[0]) for w in app.screen.query("Static")))
    await keys(pilot, "escape")
    await keys(pilot, "c")
    assert isinstance(app.screen, InfoScreen)
    read_over(app, reader, "cards")
    await keys(pilot, "escape")
    assert app.screen is game_screen(app)


async def redrawn_in(pilot, language: str) -> None:
    """The decision drawn again in ``language``, its area fold, the map's cursor and mode kept."""
    screen = game_screen(pilot.app)
    panel = screen.query_one(DecisionPanel)
    fold, cursor, mode = panel.fold, screen.cursor, screen.mode
    set_language(language)
    screen._decision_key = None  # the list is drawn again only for a new decision
    screen.render_all()
    if fold is not None:
        panel.fold_to(fold)
    screen.cursor, screen.mode = cursor, mode
    await pilot.pause()
    await pilot.pause()


async def cut_in_polish(pilot, whole: bool) -> list[str]:
    """What a player cannot read at this decision in Polish (test_whole_game.unread), unless as
    much is cut at the same decision drawn in English: Polish must cut nothing English shows."""
    missing = unread(pilot.app, whole)
    if not missing:
        return []
    await redrawn_in(pilot, "en")
    english = unread(pilot.app, whole)
    await redrawn_in(pilot, "pl")
    return missing if len(missing) > len(english) else []


async def until_human(pilot, reader: Reader) -> None:
    """Let the general play; what it did (the summary that then opens) is read, then closed."""
    app = pilot.app
    for _ in range(400):
        if isinstance(app.screen, InfoScreen):
            read_over(app, reader, "summary")
            app.screen.dismiss()
            await pilot.pause()
            continue
        screen = app.game_screen
        if screen is None or not screen.session.bot_to_move or app.screen is not screen:
            await pilot.pause()
            return
        await pilot.pause(0.02)
    raise AssertionError("the bots did not stop")


@sync
async def test_a_whole_scenario_1_in_polish_shows_no_english_and_cuts_no_option(make_app):
    set_language("pl")
    app = make_app(seed=1)
    bot = RandomBot(1)
    reader = Reader()
    cut_at: list[tuple[str, list[str]]] = []
    decisions = 0
    async with app.run_test(size=SIZE) as pilot:
        await start_game(pilot, 1, pl="human", zurl="general")
        while True:
            await until_human(pilot, reader)
            if isinstance(app.screen, GameOverScreen) or game_screen(app).game.over:
                await pilot.pause()
                read_over(app, reader, "game-over")
                break
            if app.screen is not game_screen(app):  # the End of Stage over the table: read, then on
                read_over(app, reader, "stage")
                await pilot.press("enter")
                continue
            await pilot.pause()  # the list is fitted again once laid out
            screen = game_screen(app)
            read_table(app, reader, TABLE_PARTS)
            if decisions % OFTEN == 0:
                await read_away(pilot, reader)
            kind = screen.game.state.stack[-1]["kind"]
            missing = await cut_in_polish(pilot, kind not in STILL_CUT[SIZE])
            if missing:
                cut_at.append((kind, missing))
            decisions += 1
            offered = [r.action for r in screen.query_one(DecisionPanel).offered]
            action = bot.choose(screen.game)
            await choose(pilot, action if action in offered else offered[0])
    print(f"{decisions} decisions; still in English:\n{reader.report(reader.found)}")
    assert reader.seen >= MUST_SEE, sorted(MUST_SEE - reader.seen)
    english = {part for part, words in reader.found.items() if words}
    assert english <= STILL_ENGLISH.keys(), reader.report(english - STILL_ENGLISH.keys())
    assert not cut_at, "\n".join(map(str, cut_at))
