"""Fewer keys, measured (issue 36): every key a player types is counted, Enter and the cursor's
included. The goals: a Move on the map in 5 keys or fewer (``m``, the origin's code, Enter on the
counter's whole stack, Shift+arrow to a neighbour); an Assault and its battle in 10 or fewer for
the attacker; a side's whole deployment in Scenario 4 in 15 or fewer; the figures the README
gives (its Keys section) are the ones measured."""

from __future__ import annotations

import re
from pathlib import Path

from semper_fidelis.tui.widgets.decision import DecisionPanel

from .helpers import choose, game_screen, keys, sync

MOVE, ASSAULT, DEPLOYMENT = 5, 10, 15
README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")


def said(pattern: str) -> tuple[int, ...]:
    """The figures the README gives (its Keys section), to be the ones measured here."""
    found = re.search(pattern, " ".join(README.split()))
    assert found, pattern
    return tuple(int(n) for n in found.groups())


class Typist:
    """Types keys for one side, and counts them."""

    def __init__(self, pilot):
        self.pilot = pilot
        self.typed: list[str] = []

    @property
    def count(self) -> int:
        return len(self.typed)

    @property
    def game(self):
        return game_screen(self.pilot.app).session.game

    async def type(self, *names: str) -> None:
        await keys(self.pilot, *names)
        self.typed += names

    async def pick(self, action: str) -> None:
        """The fewest keys that apply ``action``: Enter if it is highlighted; its key (and Enter
        unless the whole key applies it); or Tab to its row and Enter."""
        panel = game_screen(self.pilot.app).query_one(DecisionPanel)
        row = next(r for r in panel.offered if r.action == action)
        ways = [[*row.key] + ([] if panel.complete(row) else ["enter"]) if row.key != "esc" else ["escape"]]
        if panel.highlighted_action == action:
            ways.append(["enter"])
        if row in panel.shown and panel.counter is None:
            at = panel.highlighted_index
            tabs = panel.shown.index(row) + 1 if at is None else (panel.shown.index(row) - at) % len(panel.shown)
            ways.append(["tab"] * tabs + ["enter"])
        before = len(self.game.actions)
        await self.type(*min(ways, key=len))
        assert action in self.game.actions[before:], (action, self.game.actions[before:])


async def _orders(pilot) -> Typist:
    """Scenario 2, both sides at this screen, at PL's first Orders (test_map_play's way)."""
    from .test_map_play import _to_orders

    await _to_orders(pilot, pilot.app)
    return Typist(pilot)


@sync
async def test_a_move_on_the_map(make_app):
    """m, Sokolniki's code, Enter on the counter (its whole stack), Shift+↑: into Elektrownia,
    its neighbour up the map."""
    async with make_app().run_test(size=(120, 40)) as pilot:
        t = await _orders(pilot)
        await t.pick("move")
        await t.pick("from sokolniki")
        whole = max((o for o in t.game.options() if o.kind == "units"), key=lambda o: sum(n for _, n in o.units))
        await t.type("enter")
        assert t.game.actions[-1] == whole.notation  # the counter opens on the whole stack
        await t.type("shift+up")
        assert t.game.actions[-1] == "to elektrownia" and t.game.decision().kind == "orders"
        assert t.count <= MOVE, t.typed
        assert said(r"a Move (\d+) \(") == (t.count,)


@sync
async def test_an_assault_and_its_battle_for_the_attacker(make_app):
    """a, Dom Akademicki's code, Enter (the whole stack), Shift+↑ into Dzielnica Żydowska, then
    the battle: the attacker fights at once, passes with his Special cards and takes each Loss
    as the list offers it first; the defender's keys are not counted."""
    async with make_app().run_test(size=(120, 40)) as pilot:
        t = await _orders(pilot)
        await t.pick("assault")
        await t.pick("from dom-akademicki")
        await t.type("enter")
        await t.type("shift+up")
        assert t.game.actions[-1] == "to dzielnica-zydowska via dom-akademicki attack"
        for _ in range(40):
            d = t.game.decision()
            if d.kind == "orders" and d.player == "PL":
                break
            options = t.game.options()
            way_out = next((o.notation for o in options if o.closes and o.kind != "cancel"), None)
            if d.player == "PL":
                await t.pick(way_out or options[0].notation)
            else:
                await choose(pilot, way_out or options[0].notation)
        assert t.game.view(None)["battle"] is None and "battle-start" in {e.kind for e in t.game.events(None)}
        assert t.count <= ASSAULT, t.typed
        assert said(r"an Assault and its battle (\d+) for the attacker") == (t.count,)


async def _deploy(pilot, t: Typist, side: str) -> None:
    """The side's whole deployment: each area's code places as many as the counter says (it
    opens on the most an area takes), into the first lit areas with the room for them."""
    game = t.game
    while game.decision().kind == "deploy" and game.decision().player == side:
        panel = game_screen(pilot.app).query_one(DecisionPanel)
        n = panel.placing.n if panel.placing else 1
        row = next(r for r in panel.shown if r.option.kind == "deploy" and game.most_in_a_row(r.option) >= n)
        before = len(game.actions)
        await t.type(*row.key)
        assert game.actions[before:] == [row.action] * n


@sync
async def test_scenario_4_deployment_for_each_side(make_app):
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        app.new_game(4, {"PL": "human", "ZURL": "human"}, privacy=False)
        await pilot.pause()
        pl, zurl = Typist(pilot), Typist(pilot)
        await _deploy(pilot, pl, "PL")
        await _deploy(pilot, zurl, "ZURL")
        assert pl.game.decision().kind != "deploy"
        assert pl.count <= DEPLOYMENT and zurl.count <= DEPLOYMENT, (pl.typed, zurl.typed)
        assert said(r"deployment (\d+) for PL's \d+ units and (\d+) for ZURL's") == (pl.count, zurl.count)


@sync
async def test_shift_arrow_to_a_neighbour_with_two_ways_in_narrows_the_list(make_app):
    """Up from Dom Akademicki is Dzielnica Żydowska: a move into it or an attack on it, so
    Shift+↑ lists the two (nothing applied); a plain arrow still only moves the cursor."""
    async with make_app().run_test(size=(120, 40)) as pilot:
        t = await _orders(pilot)
        await t.pick("move")
        await t.pick("from dom-akademicki")
        await t.type("enter")
        before = list(t.game.actions)
        await t.type("shift+up")
        panel = game_screen(pilot.app).query_one(DecisionPanel)
        assert t.game.actions == before and game_screen(pilot.app).cursor == "dzielnica-zydowska"
        assert {r.action for r in panel.shown} == {"to dzielnica-zydowska", "to dzielnica-zydowska via dom-akademicki attack"}


@sync
async def test_a_cards_key_waits_for_enter_where_an_orders_letter_does_not(tmp_path):
    """A card discarded to evade is a choice to confirm: its number highlights it, Enter applies
    it (the whole key alone applied it once, and a random key played a card)."""
    from .records import save
    from .test_monkey import _battle_game
    from .test_snapshots import app_for

    game = _battle_game()  # ZURL evades by discarding a card, or fights
    card = next(o for o in game.options() if o.kind == "discard-card")
    path = save(game, tmp_path / "saves" / "game.json")
    app = app_for(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.open_save(path) is None
        await pilot.pause()
        screen = game_screen(app)
        before = list(screen.session.game.actions)
        await keys(pilot, *f"{card.card:02d}")
        assert screen.session.game.actions == before
        assert screen.query_one(DecisionPanel).highlighted_action == card.notation
        await keys(pilot, "enter")
        assert screen.session.game.actions[-1] == card.notation


@sync
async def test_shift_arrow_faces_a_barricade_toward_the_neighbour_that_way(make_app):
    """Fortify, the cursor on Dom Akademicki, Shift+↑: its Barricade faces Dzielnica Żydowska,
    its neighbour up the map (the Move's way of picking a neighbour), placed at once."""
    from .test_map_play import _cursor_to

    async with make_app().run_test(size=(120, 40)) as pilot:
        t = await _orders(pilot)
        await t.pick("fortify")
        screen = game_screen(pilot.app)
        await _cursor_to(pilot, screen, "dom-akademicki")
        await t.type("shift+up")
        assert t.game.actions[-1] == "barricade dom-akademicki dzielnica-zydowska"
