"""Options carry their facts (engine/options.py): one per legal action, with the AP the action
really spends — checked by applying every action of random positions to a copy, which the
engine itself never does — and the right kinds, areas and units on worked examples."""

from __future__ import annotations

import random

import pytest
from helpers import PL, ZURL, empty_board, give_tokens, new_game, put, to_orders

from semper_fidelis.engine import Game, Option
from semper_fidelis.engine.flow import next_phase
from semper_fidelis.engine.machine import PROCEDURES, apply_action
from semper_fidelis.engine.options import DESCRIBERS

WAYS_OUT = {"end", "cancel", "done", "pass", "event pass", "relief done", "extra pass"}


def random_positions(scenario: int, seed: int, limit: int):
    """Positions of a random game that keeps its turns long (it rarely ends a step)."""
    game = Game(scenario=scenario, seed=seed)
    rng = random.Random(seed)
    while not game.over and len(game.actions) < limit:
        yield game
        legal = game.legal()
        busy = [a for a in legal if a not in WAYS_OUT]
        game.apply(rng.choice(busy if busy and rng.random() < 0.85 else legal))


def spent(game: Game, action: str) -> int | None:
    """AP the action spends when applied to a copy (None: a turn ended or began on the way)."""
    state = game.state
    copy = state.clone()
    apply_action(game.rules, copy, action, next_phase, game.legal())
    if copy.over or any(line.startswith("— Round ") for line in copy.log[len(state.log):]):
        return None
    return state.turn.ap - copy.turn.ap


@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5])
def test_every_option_costs_what_applying_it_spends(scenario):
    rng = random.Random(scenario)
    checked = set()
    games = [random_positions(scenario, seed=10 * seed + scenario, limit=300) for seed in (1, 2)]
    for game in (g for positions in games for g in positions):
        options = game.options()
        assert [o.notation for o in options] == game.legal()
        sample = options if len(options) <= 30 else rng.sample(options, 30)
        for option in sample:
            assert option.label.strip() and option.kind
            ap = spent(game, option.notation)
            if ap is None:
                continue
            if option.ap_cost is None:
                assert option.kind == "change-commander", option
                continue
            assert option.ap_cost == ap, f"{option.notation!r} ({option.kind}): said {option.ap_cost} AP, spent {ap}"
            if ap:
                checked.add(option.kind)
    assert {"move", "attack", "assault", "card", "mobilize", "barricade", "provision"} <= checked, checked


def test_every_decision_has_its_describer():
    decisions = {kind for kind, proc in PROCEDURES.items() if not proc.auto}
    assert decisions <= set(DESCRIBERS)


def test_options_are_cached_per_position_and_follow_the_game():
    game = Game(2, seed=3)  # a plain Game (the helpers' one lists its actions afresh each time)
    to_orders(game)
    first = game.options()
    assert game.options() is first
    game.apply("move")
    assert game.options() is not first and all(o.kind == "from" for o in game.options() if not o.closes)


def test_a_move_and_an_attack_name_their_areas_units_and_cost():
    game = new_game(2, seed=1)
    empty_board(game)
    put(game, "rynek", PL, "2v")
    put(game, "podzamcze", ZURL, "1v")
    game.state.turn.ap = 5
    menu = {o.notation: o for o in game.options()}
    assert menu["move"].kind == "order" and menu["move"].ap_cost == 0 and menu["end"].closes
    game.apply("move")
    origin = next(o for o in game.options() if o.notation == "from rynek")
    assert (origin.kind, origin.from_area, origin.area) == ("from", "rynek", "rynek")
    game.apply("from rynek")
    group = next(o for o in game.options() if o.notation == "units 2v")
    assert group.kind == "units" and group.unit_counts == {"pl-volunteer": 2}
    assert "2 Polish Volunteers" in group.label
    game.apply("units 2v")
    dests = {o.notation: o for o in game.options()}
    attack = next(o for o in dests.values() if o.kind == "attack" and o.to_area == "podzamcze")
    assert attack.from_area == "rynek" and attack.via in game.rules.neighbours["podzamcze"]
    assert attack.ap_cost >= 1 and attack.area == "podzamcze" and "Podzamcze" in attack.label
    plain = next(o for o in dests.values() if o.kind == "move")
    assert plain.ap_cost == 1 + 0 and plain.to_area == plain.area and plain.via is None
    assert dests["cancel"].closes and dests["cancel"].kind == "cancel"


def test_cards_say_ap_or_effect_plainly():
    game = new_game(2, seed=2)
    side = game.state.active
    options = [o for o in game.options() if o.kind in ("card", "card-effect")]
    assert options
    for o in options:
        card = game.rules.card(side, o.card)
        assert o.label.startswith(f"Play #{o.card} {card.name} for ")
        if o.kind == "card":
            assert o.label.endswith("(its effect is not used)") and f"for {card.ap} AP" in o.label and o.ap_cost == -card.ap
        else:
            assert o.label.endswith(f"for its effect: {card.effect}") and o.ap_cost == 0


def test_tokens_and_losses_carry_their_facts():
    game = new_game(2, seed=4)
    give_tokens(game, game.state.active, "plane2", "food1")
    game._legal = None
    menu = {o.notation: o for o in game.options()}
    assert menu["use plane2"].ap_cost == -2 and menu["use plane2"].token == "plane2"
    assert menu["supply food1"].kind == "supply-token" and menu["supply food1"].label == "Supply +1: use the Food (1) token"


def test_decision_and_view_name_the_rulebook_phase():
    game = Game(scenario=2, seed=1)
    assert game.decision().phase == "Initial Phase"
    view = game.view(None)
    assert view["phase"] == "Initial Phase" and view["battle"] is None and view["losses"] is None
    game = new_game(2, seed=1)
    assert game.decision().phase == game.view("PL")["decision"]["phase"] == "Orders Phase"


def test_the_battle_in_progress_is_in_the_view():
    game = new_game(2, seed=5)
    empty_board(game)
    put(game, "rynek", PL, "3v")
    put(game, "podzamcze", ZURL, "1v")
    game.state.turn.ap = 6
    game.apply("assault")
    game.apply("from rynek")
    game.apply("units 3v")
    game.apply(next(o.notation for o in game.options() if o.kind == "assault" and o.to_area == "podzamcze"))
    game.apply("fight")
    while game.view(None)["battle"] is not None and game.view(None)["battle"]["bp"] is None:
        battle = game.view(None)["battle"]
        assert (battle["area"], battle["attacker"], battle["defender"], battle["assault"]) == ("podzamcze", PL, ZURL, True)
        assert battle["groups"][0]["units"] == {"pl-volunteer": 3} and battle["groups"][0]["origin"]
        assert battle["strength"]["attacker"] > 0 and battle["defenders"] == {"zurl-volunteer": 1}
        assert battle["step"] in battle["steps"] and battle["sides_of_attack"] == 1
        d = game.decision()
        game.apply("fight" if "fight" in d.actions else "pass" if "pass" in d.actions else d.actions[0])
    after = game.view(None)
    if after["battle"] is not None:  # Losses are being taken: the result is known
        assert after["battle"]["bp"] and after["battle"]["winner"] in (PL, ZURL)
        if after["losses"] is not None:
            assert after["losses"]["remaining"] <= after["losses"]["total"]


def test_an_option_reads_as_its_notation():
    assert str(Option("end", "end", "End the Orders Phase", closes=True)) == "end"


def test_placing_options_say_how_much_room_their_area_has():
    """An option that places one unit (deployment, Reinforcements in Villages) tells how many
    more its area can take, so a client offering "place several" does not re-derive the limit."""
    game = Game(4, 2)
    rng = random.Random(2)
    for _ in range(12):
        options = [o for o in game.options() if o.kind == "deploy"]
        assert options
        for o in options:
            units = game.view(None)["units"].get(o.area, {})
            assert o.room == game.data.areas[o.area].limit - sum(units.values())
        game.apply(rng.choice(options).notation)
