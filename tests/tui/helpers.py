"""Driving the app like a player: keys for options, arrows for the map, waiting for bots."""

from __future__ import annotations

import asyncio
import functools
import io
from collections import deque

from semper_fidelis.tui.mapnav import DIRECTIONS, step
from semper_fidelis.tui.screens.game import GameScreen
from semper_fidelis.tui.widgets.decision import DecisionPanel


def sync(fn):
    """Run an async test with asyncio (no pytest async plugin needed)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return asyncio.run(fn(*args, **kwargs))

    return wrapper


def game_screen(app) -> GameScreen:
    screen = app.game_screen
    assert screen is not None, f"no game screen (at {type(app.screen).__name__})"
    return screen


def text_of(widget, width: int = 120) -> str:
    """The plain text a Static shows (its content rendered by Rich)."""
    from rich.console import Console

    console = Console(width=width, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


def options(app) -> list[str]:
    """The legal actions a key reaches: the decision's list, then the Hand panel's (Orders)."""
    return [r.action for r in game_screen(app).query_one(DecisionPanel).offered]


def labels(app) -> list[str]:
    return [r.label.plain for r in game_screen(app).query_one(DecisionPanel).shown]


async def keys(pilot, *names: str) -> None:
    """Type keys as the terminal would send them, then wait once for the app to settle
    (``pilot.press`` waits after every key, which makes long games slow to test)."""
    from textual import events

    driver = pilot.app._driver
    for name in names:
        char = name if len(name) == 1 else {"space": " ", "enter": "\r", "escape": "\x1b", "tab": "\t"}.get(name)
        event = events.Key(name, char)
        event.set_sender(pilot.app)
        driver.send_message(event)
    await pilot.pause()


async def choose(pilot, action: str) -> None:
    """Pick ``action`` by its key (Tab for options past the last key), then Enter; check the
    engine applied exactly that action."""
    app = pilot.app
    game = game_screen(app).session.game
    shown = options(app)
    assert action in shown, f"{action!r} not offered; options: {shown}"
    i = shown.index(action)
    before = len(game.actions)
    session = game_screen(app).session
    quiet = len(session.passed) if session.quiet_step() is not None else None  # a secret step passed for its player
    offered = game_screen(app).query_one(DecisionPanel).offered
    key = offered[i].key
    if key == "esc":  # folded to an area (tui/area_choice.py), Esc shows the whole list first
        await keys(pilot, *["escape"] * (2 if game_screen(app).query_one(DecisionPanel).fold else 1))
    elif key:  # its stable key, typed again for the second row of that key (a card's effect)
        await keys(pilot, *key * (1 + [r.key for r in offered[:i]].count(key)))
        if len(game.actions) == before and (quiet is None or len(session.passed) == quiet):
            await keys(pilot, "enter")  # a whole key that names nothing else applies at once
    else:  # from nothing highlighted, Tab goes to the first option
        await keys(pilot, *["tab"] * (i + 1), "enter")
    game = game_screen(app).session.game
    if quiet is not None:
        assert len(session.passed) == quiet + 1, f"{action!r} was not taken"
        return
    if action == "end" and len(game.actions) == before:  # AP left: the screen asks for a second Enter
        await keys(pilot, "enter")
    assert len(game.actions) > before and action in game.actions[before:], f"{action!r} was not applied"


async def choose_label(pilot, text: str) -> str:
    """Pick the first option whose words (the engine's, in full under the list) contain ``text``;
    returns its action."""
    app = pilot.app
    rows = game_screen(app).query_one(DecisionPanel).shown
    row = next((r for r in rows if text in r.option.label), None)
    assert row is not None, f"no option labelled {text!r}: {[r.label.plain for r in rows]}"
    await choose(pilot, row.action)
    return row.action


def arrow_path(positions, start, goal, among=None) -> list[str]:
    """Arrow keys that take the map cursor from ``start`` to ``goal`` (breadth-first), stepping
    among the lit areas ``among`` when a step asks for an area."""
    seen = {start: []}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here == goal:
            return seen[here]
        for key in DIRECTIONS:
            there = step(positions, here, key, among)
            if there not in seen:
                seen[there] = seen[here] + [key]
                todo.append(there)
    raise AssertionError(f"cannot reach {goal} from {start}")


async def cursor_to(pilot, area: str) -> None:
    screen = game_screen(pilot.app)
    keys = arrow_path(screen.positions, screen.cursor, area, screen._highlight_areas())
    for key in keys:
        await pilot.press(key)
    assert screen.cursor == area


async def settle(pilot, rounds: int = 200) -> None:
    """Let bots play until a human decision (or the game's end) is on screen; the summary of
    the bot's turn that then opens is closed (tests of the summary look before settling)."""
    from semper_fidelis.tui.screens.info import InfoScreen

    app = pilot.app
    for _ in range(rounds):
        if isinstance(app.screen, InfoScreen):
            app.screen.dismiss()
            await pilot.pause()
        screen = app.game_screen
        if screen is not None and not screen.is_mounted:  # pushed but not yet composed (seen under load)
            await pilot.pause(0.02)
            continue
        if screen is None or not screen.session.bot_to_move or app.screen is not screen:
            await pilot.pause()
            return
        await pilot.pause(0.02)
    raise AssertionError("the bots did not stop")


async def until_screen(pilot, kind, polls: int = 1000) -> None:
    """Wait (by polls of the event loop, not a clock) until the screen on top is a ``kind``:
    a finished game opens on its game-over screen a moment after the save is read. It returns
    at the first poll that finds it; the bound is generous because a loaded CI machine is slow
    (an example took over 100 polls to open under a load of 9)."""
    for _ in range(polls):
        if isinstance(pilot.app.screen, kind):
            return
        await pilot.pause(0.01)
    raise AssertionError(f"no {kind.__name__} after {polls} polls: {type(pilot.app.screen).__name__} on top")


async def start_game(pilot, scenario: int, pl: str = "human", zurl: str = "human", privacy: bool = False) -> None:
    """Main menu -> scenario -> players -> the game, all by keys."""
    await pilot.press("1")
    await pilot.press(str(scenario), "enter")
    await pilot.pause()
    from semper_fidelis.tui.screens.players import PlayersScreen

    screen = pilot.app.screen
    assert isinstance(screen, PlayersScreen)
    for key, side, want in (("1", "PL", pl), ("2", "ZURL", zurl)):
        for _ in range(5):  # 1 / 2 step a side through human and each bot
            if screen.players[side] == want:
                break
            await pilot.press(key)
        assert screen.players[side] == want
    if screen.privacy != privacy:
        await pilot.press("3")
    await pilot.press("5")
    await pilot.pause()


async def new_game(pilot, scenario: int, pl: str = "human", zurl: str = "human", privacy: bool = False) -> None:
    """The game :func:`start_game` reaches, opened as its menus open it (``app.new_game``) for the
    tests whose subject is not the menus: by keys it costs about a second of CPU more
    (test_play's test_every_scenario_starts walks the menus)."""
    pilot.app.new_game(scenario, {"PL": pl, "ZURL": zurl}, privacy)
    await pilot.pause()
