"""The smaller defects of issue 36, each seen in play: the reason a card goes for AP only, the
warning before an area is left empty, no ability of a Commander whose HQ is dispersed, the real
range and plural of "how many", "1 token", no AP in the End of Turn header."""

from __future__ import annotations

import functools

import pytest

from semper_fidelis.bots import RandomBot
from semper_fidelis.engine import Game
from semper_fidelis.engine.occupancy import count
from semper_fidelis.tui.counter import Placing
from semper_fidelis.tui.options import option_detail, option_rows, own_ability
from semper_fidelis.tui.panels import hand_renderable
from semper_fidelis.tui.session import Session
from semper_fidelis.tui.status import phase_line


@functools.cache
def positions() -> tuple[Game, ...]:
    """Every position of a few seeded random games (copies, to keep)."""
    out = []
    for scenario, seed in ((1, 1), (2, 2), (2, 5), (4, 3)):
        game, bot = Game(scenario=scenario, seed=seed), RandomBot(seed)
        while not game.over and len(game.actions) < 500:
            out.append(game.copy())
            game.apply(bot.choose(game))
    return tuple(out)


def first(test) -> tuple[Game, object]:
    for game in positions():
        found = test(game)
        if found:
            return game, found
    raise AssertionError("no such position in the games")


def test_a_card_offered_for_its_ap_only_says_why():
    def ap_only(game):
        d = game.decision()
        if d.kind != "orders":
            return None
        effects = {o.card for o in game.options() if o.kind == "card-effect"}
        return next((r for r in option_rows(Session(game=game, privacy=False)) if r.option.kind == "card"
                     and not r.blocked and r.option.card not in effects), None)

    game, row = first(ap_only)
    text = option_detail(game, game.decision().player, row).plain
    assert "its effect unused (" in text and ("Special card" in text or "cannot be carried out" in text), text


@pytest.mark.parametrize("kind", ["move", "assault"])
def test_a_move_or_assault_that_leaves_a_strategic_area_empty_warns(kind):
    def emptying(game):
        d = game.decision()
        if d.kind != "order":
            return None
        for o in game.options():
            origin = o.from_area
            if (o.kind == kind and origin in game.state.strategic and game.state.strategic_holder.get(origin) == d.player
                    and sum(n for _, n in o.units) >= count(game.rules, game.state, origin, d.player)):
                return o
        return None

    game, option = first(emptying)
    row = next(r for r in option_rows(Session(game=game, privacy=False)) if r.option == option)
    assert row.label.plain.startswith("⚠ ")
    text = option_detail(game, game.decision().player, row).plain
    assert "leaves" in text and "−1 Morale" in text and game.data.areas[option.from_area].name in text, text


def test_no_ability_while_the_hq_is_dispersed():
    game, _ = first(lambda g: g.decision() and g.state.commander_status[g.decision().player] == "dispersed" and g.state.commander[g.decision().player])
    d = game.decision()
    commander = game.data.commander_by_id[game.state.commander[d.player]]
    text = own_ability(Session(game=game, privacy=False)).plain
    assert "dispersed" in text and (commander.ability is None or commander.ability.text not in text), text


def test_how_many_is_offered_in_the_real_range():
    """The placing counter goes up to what is left to place, not an area's room (it asked
    "(1–5)" with 4 left)."""
    def fewer_left(game):
        frame = game.state.stack[-1]
        if frame["kind"] != "deploy":
            return None
        return next((o for o in game.options() if o.room and o.room > frame["todo"][0]["count"]), None)

    game, option = first(fewer_left)
    left = game.state.stack[-1]["todo"][0]["count"]
    assert game.most_in_a_row(option) == left < option.room
    placing = Placing.of(option_rows(Session(game=game, privacy=False)), lambda r: game.most_in_a_row(r.option))
    assert (placing.n, placing.most) == (left, left) if left > 1 else placing is None


def test_one_token_is_a_token():
    game, side = first(lambda g: next((s for s in ("PL", "ZURL") if len(g.view(None)["my_tokens"][s]) == 1), None))
    other = "ZURL" if side == "PL" else "PL"
    session = Session(game=game, privacy=True)
    session.viewer = other
    text = text_of_renderable(hand_renderable(session, other))
    assert "1 token " in text and "1 tokens" not in text, text


def text_of_renderable(renderable) -> str:
    import io

    from rich.console import Console

    console = Console(width=120, file=io.StringIO(), record=True)
    console.print(renderable)
    return console.export_text()


def test_no_ap_in_the_end_of_turn_header():
    game, _ = first(lambda g: g.decision() and g.decision().kind == "draw")
    line = phase_line(Session(game=game, privacy=False)).plain
    assert "END OF TURN" in line.upper() and " AP" not in line, line
    orders, _ = first(lambda g: g.decision() and g.decision().kind == "orders")
    assert " AP left" in phase_line(Session(game=orders, privacy=False)).plain




def test_the_battle_box_says_what_changed_the_odds():
    """Issue 36: the odds jumped from 71 % to 89 % and only the log said why (a Special card)."""
    from semper_fidelis.render.odds import odds_text
    from semper_fidelis.tui.battle_panel import battle_renderable

    def special_played(game):
        view = game.view(None)
        b = view["battle"]
        if b is None or b["bp"] is not None or b["result"] is not None:
            return None
        start = max((i for i, e in enumerate(game.events("table")) if e.kind == "battle-start"), default=None)
        return start is not None and any(e.kind == "card" and e.get("use") == "special" for e in game.events("table")[start:])

    game, _ = first(special_played)
    view = game.view(None)
    odds = odds_text(game, view["battle"]["area"])
    text = text_of_renderable(battle_renderable(view, game.data, game.events("table"), odds))
    said = " ".join(text.split())
    assert "Odds changed by: " in said and "plays the Special card " in said and " BP)" in said, said
    assert said.index("Odds changed by") < said.index("Attacker"), said  # beside the odds, before the units


def test_how_many_to_mobilize_is_what_the_ap_pay_for():
    """Not the whole Mobilization Zone when the AP buy fewer (low Morale: 3 AP a unit)."""
    from semper_fidelis.engine.orders import mobilization_rate

    def short_of_ap(game):
        if game.state.stack[-1]["kind"] != "mobilize" or game.state.stack[-1].get("free"):
            return None
        side = game.decision().player
        cost, units = mobilization_rate(game.rules, game.state, side)
        can = game.state.turn.mobilize_credit + game.state.turn.ap // cost * units
        mob = game.view(None)["mob"][side]
        return next(((o, can) for o in game.options() if o.kind == "mobilize" and mob.get(o.units[0][0], 0) > can), None)

    game, (option, can) = first(short_of_ap)
    assert game.most_in_a_row(option) <= max(1, can)
