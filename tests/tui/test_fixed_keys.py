"""Keys that never move (issue 36): over random games, what an option acts on (an area, a group
of units, a card, a fixed choice) has the same key in every decision that offers it, and no key
stands for two things on one screen."""

from __future__ import annotations

from semper_fidelis.bots import RandomBot
from semper_fidelis.engine import Game, Option
from semper_fidelis.tui.keys import UNIT_KINDS, press
from semper_fidelis.tui.options import option_rows
from semper_fidelis.tui.session import Session

from .helpers import sync


def thing(option: Option) -> tuple:
    """What an option acts on, from its facts (not from the keys' code): the card, a way out of
    a step, an order, a group of one area's units, else the areas it names and the units it takes."""
    if option.card is not None:
        return ("card", option.card)
    if option.closes or option.kind == "cancel":
        return ("way out", option.kind == "cancel")
    if option.kind == "negotiate":
        return (option.kind, option.notation.split()[1])
    if option.kind in ("order", "propaganda", "use-token", "keep", "change-commander", "take-commander"):
        return (option.kind if option.kind != "order" else option.notation,)
    if option.kind in ("supply-token", "combat-token", "discard-token", "medicine"):
        return ("token",)
    if option.kind in UNIT_KINDS:
        return ("units", option.units)
    side = option.via if option.via != option.from_area else None  # an attack from another side than the origin
    facts = (option.area, option.facing) if option.kind == "barricade" else (option.area, side)
    if option.kind == "withdraw":  # where the units go, as an Evasion's
        facts = (option.to_area,)
    if option.kind in ("withdraw", "evade", "mobilize", "relief"):
        facts += (option.units,)
    return ("area", option.kind == "dismantle", *facts)


def test_a_thing_keeps_its_key_over_random_games():
    keys_of: dict[tuple, set[str]] = {}
    screens = 0
    for scenario, seed in ((1, 3), (2, 5), (4, 7)):
        game, bot = Game(scenario=scenario, seed=seed), RandomBot(seed)
        while not game.over and len(game.actions) < 500:
            rows = [r for r in option_rows(Session(game=game, privacy=False)) if not r.blocked]
            on_screen: dict[str, tuple] = {}
            for row in rows:
                t = thing(row.option)
                keys_of.setdefault(t, set()).add(row.key)
                assert on_screen.setdefault(row.key, t) == t, f"{row.key!r}: {on_screen[row.key]} and {t}"
            screens += 1
            game.apply(bot.choose(game))
    moved = {t: k for t, k in keys_of.items() if len(k) > 1}
    assert not moved, moved
    assert screens > 600 and sum(t[0] == "area" for t in keys_of) > 40


def test_a_key_of_several_characters_typed_in_turn():
    keys = ["34", "3435", "1v", "1v1h", "22", "22", "e"]
    assert press(keys, "3", None) == (None, "3")  # not yet
    assert press(keys, "34", None) == (0, "34")  # 34, and 3435 may follow
    assert press(keys, "343", 0, "34") == (None, "343")
    assert press(keys, "3435", 0, "34") == (1, "")
    assert press(keys, "1v1h", 2, "1v") == (3, "")
    assert press(keys, "22", None) == (4, "") and press(keys, "22", 4, "22") == (5, "")  # a card's AP, then its effect
    assert press(keys, "22", 4) == (4, "")  # highlighted already (Enter's default), not typed before: that row
    assert press(keys, "9e", None) == (6, "")  # nothing starts with 9e: e begins anew


@sync
async def test_a_groups_key_is_typed_whole_h_and_s_included(tmp_path):
    """``1v1h`` or ``1s``: the ``h`` and the ``s`` go on with the key being typed (not the map's
    left, not the Save screen); Enter then applies that group."""
    from semper_fidelis.tui.widgets.decision import DecisionPanel

    from .helpers import game_screen, keys
    from .records import save
    from .test_small_defects import first
    from .test_snapshots import app_for

    def with_h_or_s(game):
        rows = option_rows(Session(game=game, privacy=False))
        return next((r for r in rows if r.option.kind in UNIT_KINDS and set(r.key[1:]) & set("hs")
                     and sum(x.key == r.key for x in rows) == 1), None)

    game, row = first(with_h_or_s)
    path = save(game, tmp_path / "saves" / "game.json")
    app = app_for(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        assert app.open_save(path) is None
        await pilot.pause()
        screen = game_screen(app)
        cursor = screen.cursor
        await keys(pilot, *row.key)
        assert screen.query_one(DecisionPanel).highlighted_action == row.action and app.screen is screen
        assert screen.cursor == cursor
        await keys(pilot, "enter")
        assert screen.session.game.actions[-1] == row.action
