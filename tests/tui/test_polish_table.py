"""The game table in Polish (issue 39), its own words: the options' words built from facts, the
battle panel with its odds and what changed them, the Losses, the unit counter, the line about
the area under the cursor, the hand and the card viewer, the orders concerning an area — at the
positions of random games of Scenarios 1 and 4 reached headless — show no English word of the
catalog's source texts; nothing is cut at 80×24 in Polish that is whole in English; and the
menu's language switch redraws the table.

The engine's texts are the engine's slice (i18n-engine, i18n-options): its log lines, a
decision's prompt, an option's label kept as the engine wrote it, a dimmed option's reason, the
cost tags, what the odds leave out; their words are set aside."""

from __future__ import annotations

import contextlib
import io
from collections.abc import Iterator

import pytest
from rich.console import Console, RenderableType

from semper_fidelis.bots import RandomBot
from semper_fidelis.engine import Game
from semper_fidelis.i18n import set_language
from semper_fidelis.render.odds import odds_text
from semper_fidelis.tui.area_choice import area_note, say_here
from semper_fidelis.tui.battle_panel import battle_renderable, losses_renderable
from semper_fidelis.tui.cards import cards_renderable
from semper_fidelis.tui.counter import UnitCounter
from semper_fidelis.tui.keys import ORDER_KEYS
from semper_fidelis.tui.options import decision_rows
from semper_fidelis.tui.orders_here import OrdersHere
from semper_fidelis.tui.panels import area_info, hand_renderable
from semper_fidelis.tui.session import Session
from semper_fidelis.tui.short_boxes import short_battle, short_losses
from semper_fidelis.tui.widgets.decision import Row

from .helpers import sync, until_screen
from .records import at_a_battle, at_a_loss_distribution, save
from .test_polish import WORD, english_words, screen_text

#: a position looked at: every battle and Losses decision, every Orders decision, and now and then
EVERY = 15


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


def rendered(renderable: RenderableType | None, width: int = 60) -> str:
    if renderable is None:
        return ""
    console = Console(width=width, file=io.StringIO(), record=True)
    console.print(renderable)
    return console.export_text()


def positions(scenario: int, seed: int, limit: int) -> Iterator[Game]:
    """The positions of a random game worth a look (its battles, Losses and Orders)."""
    game, bot = Game(scenario=scenario, seed=seed), RandomBot(seed)
    while not game.over and len(game.actions) < limit:
        d = game.decision()
        if d.kind in ("battle", "losses", "orders", "order") or len(game.actions) % EVERY == 0:
            yield game
        game.apply(bot.choose(game))


def engine_words(game: Game, rows: list[Row]) -> set[str]:
    """The engine's words the table may show at ``game``: the log, the prompt, the labels of the
    options it words itself (no shape, or a label the shape quotes), dimmed reasons, cost
    tags, and what the odds leave out."""
    texts = [e.text or "" for e in game.events(None)]
    d = game.decision()
    texts += [d.prompt] if d is not None else []
    texts += [o.label for o in game.options()]
    texts += [r.option.label + " " + r.blocked + " " + r.tag for r in rows]
    battle = game.view(None)["battle"]
    if battle is not None:
        with contextlib.suppress(ValueError):  # no battle left to weigh (the defender evaded): no odds shown
            texts += list(game.battle_odds(battle["area"]).excluded)
    return set().union(*(words(t) for t in texts))


def shaped(rows: list[Row], title: str) -> str:
    """The words the shapes gave the rows (tui/shapes.py), with the title and the groups' lines."""
    return " ".join([title] + [f"{r.group} {r.label.plain} {r.here}" for r in rows if r.label.plain != r.option.label])


def table_texts(game: Game) -> dict[str, str]:
    """Everything the table draws itself at ``game``, by panel."""
    session = Session(game=game, privacy=False)
    d = game.decision()
    view, data = session.view(), game.data
    title, rows = decision_rows(session)
    say_here(rows, lambda a: data.areas[a].name)
    areas = sorted({a for a, units in view["units"].items() if units} | set(view["barricades"]) | set(view["redoubts"]))[:6]
    texts = {
        "options": shaped(rows, title),
        "hand": rendered(hand_renderable(session, d.player)) + rendered(hand_renderable(session, d.player, rows or None)),
        "cards": rendered(cards_renderable(session, d.player)),
        "areas": " ".join(area_note(view, data, a).plain + " " + area_info(view, data, a).plain for a in areas),
    }
    counter = UnitCounter.of(rows)
    if counter is not None:
        texts["counter"] = " ".join([counter.words(), counter.refusal()] + [counter._range(c) for c in counter.types])
    if d.kind == "orders":
        keys = dict(ORDER_KEYS)
        texts["orders-here"] = " ".join(OrdersHere().text(game, a, keys).plain for a in areas)
    if view["battle"] is not None or view["losses"] is not None:
        events = game.events("table")
        odds = odds_text(game, view["battle"]["area"]) if view["battle"] else None
        short = odds_text(game, view["battle"]["area"], full=False) if view["battle"] else None
        texts["battle"] = rendered(battle_renderable(view, data, events, odds)) + rendered(short_battle(view, data, events, short), 76)
        texts["losses"] = rendered(losses_renderable(view, data)) + rendered(short_losses(view, data)) + rendered(short_losses(view, data, set()))
    return texts


@pytest.fixture(scope="module")
def english() -> set[str]:
    return english_words()


@pytest.mark.parametrize("scenario, seed", [(1, 3), (4, 5)])
def test_the_table_in_polish_shows_no_english(scenario, seed, english):
    set_language("pl")
    try:
        seen: dict[str, set[str]] = {}
        found: dict[str, set[str]] = {}
        for game in positions(scenario, seed, limit=260):
            _title, rows = decision_rows(Session(game=game, privacy=False))
            engine = engine_words(game, rows)
            for panel, text in table_texts(game).items():
                seen.setdefault(panel, set()).update(words(text))
                left = words(text) & english - engine
                if left:
                    found.setdefault(panel, set()).update(left)
    finally:
        set_language("en")
    assert not found, {k: sorted(v) for k, v in found.items()}
    assert {"options", "hand", "cards", "areas", "battle", "losses", "orders-here"} <= seen.keys()  # every panel looked at
    assert {"bitwa", "straty", "siła", "tabela", "obok", "ręka", "dowódcy"} <= set().union(*seen.values())


def test_counts_take_the_three_polish_forms():
    from semper_fidelis.tui.words import units_words

    set_language("pl")
    try:
        said = [units_words({"pl-volunteer": n}) for n in (1, 3, 5, 22, 12)]
        both = units_words({"pl-volunteer": 2, "pl-hq": 1})
    finally:
        set_language("en")
    assert said == ["1 Ochotnik PL", "3 Ochotników PL", "5 Ochotników PL", "22 Ochotników PL", "12 Ochotników PL"]
    assert both == "2 Ochotników PL i 1 Sztab PL"
    assert units_words({"pl-volunteer": 2, "pl-hq": 1}) == "2 Polish Volunteers and 1 PL HQ"  # English: the engine's words


async def table_text(make_app, tmp_path, game: Game, language: str, size) -> str:
    """The game table's panels (the decision, the battle box, the hand) at ``game`` in ``language``."""
    path = save(game, tmp_path / f"{language}-{size[0]}.json")
    set_language(language)
    app = make_app(saves_dir=tmp_path / f"saves-{language}")
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert app.open_save(path) is None
        from semper_fidelis.tui.screens.game import GameScreen

        await until_screen(pilot, GameScreen)
        await pilot.pause()
        return screen_text(app)


@sync
async def test_nothing_on_the_table_is_cut_at_80x24_in_polish_that_is_whole_in_english(make_app, tmp_path, saves):
    try:
        for game in (at_a_battle(), at_a_loss_distribution()):
            english = await table_text(make_app, tmp_path, game, "en", (80, 24))
            polish = await table_text(make_app, tmp_path, game, "pl", (80, 24))
            assert polish.count("…") <= english.count("…"), (english, polish)
            assert ("Straty" if game.decision().kind == "losses" else "BITWA") in polish
    finally:
        set_language("en")


@sync
async def test_the_table_redraws_in_the_language_switched_in_the_menu(make_app, saves):
    from semper_fidelis.tui.screens.game import GameScreen

    from .helpers import new_game

    set_language("en")
    app = make_app()
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await new_game(pilot, 1, pl="human", zurl="human")
            await pilot.pause()
            assert "Decision" in screen_text(app) and "Hand" in screen_text(app)
            await pilot.press("q", "8")  # the menu: Język -> polski
            await pilot.press("2", "enter")  # the game just left
            await until_screen(pilot, GameScreen)
            await pilot.pause()
            text = screen_text(app)
            assert "Decyzja" in text and "Ręka" in text and "Decision" not in text
    finally:
        set_language("en")
