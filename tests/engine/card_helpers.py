"""Positions for the card-effect tests (test_cards_pl.py, test_cards_zurl.py, test_supply_tokens.py).

Built on ``helpers``: a real game is run to a player's Orders Phase (or Initial Phase), then the
board, hands, tokens and tracks are set by editing ``game.state`` and the rest is driven with
``game.apply`` from ``game.legal()``.
"""

from __future__ import annotations

from helpers import (
    PL,
    ZURL,
    EditableGame,
    battle_frame,
    empty_board,
    finish_turn,
    force_battle_card,
    give_tokens,
    new_game,
    order,
    put,
    quiet_board,
    settle,
    to_decision,
    to_orders,
    units,
)

__all__ = [
    "PL", "ZURL", "EditableGame", "battle_frame", "empty_board", "force_battle_card", "give_tokens",
    "order", "put", "settle", "units", "orders_game", "initial_game", "clean",
    "start_move_battle", "pass_until", "last_log", "event_game", "card_battle",
]


def clean(g) -> None:
    """Empty board, no Strategic Areas, no tokens anywhere, empty hands."""
    quiet_board(g)
    g.state.hand[PL], g.state.hand[ZURL] = [], []


def orders_game(side: str, scenario: int = 2, seed: int = 5, ap: int = 0):
    """``side``'s Orders Phase in round 1 of ``scenario`` on a clean board with ``ap`` AP."""
    g = new_game(scenario, seed)
    if g.state.active != side:
        finish_turn(g)
        to_orders(g)
    assert g.state.active == side and g.decision().kind == "orders"
    clean(g)
    g.state.turn.ap = ap
    return g


def initial_game(side: str, scenario: int = 2, seed: int = 5):
    """A game whose ``side`` is in its Initial Phase (at the Commander decision)."""
    g = new_game(scenario, seed, orders=False)
    if g.state.active != side:
        to_orders(g)
        finish_turn(g)
    to_decision(g, "commander")
    assert g.state.active == side
    return g


def start_move_battle(g, attacks: list[tuple[str, str, str]], area: str) -> None:
    """Line up Move groups (origin, units, destination notation) on ``area``, end the Orders
    Phase and pick the battle in the Battle Phase."""
    for origin, group, dest in attacks:
        order(g, "move", origin, group, dest)
    g.apply("end")
    g.apply(f"battle {area}")


def card_battle(attacker: str, area: str, defenders: str, attacks, hand_pl=(), hand_zurl=(), scenario: int = 2, board=()):
    """``attacker`` attacks ``area`` (held by the other side with ``defenders``) from each
    ``(origin, units)`` of ``attacks``, with these hands and a 0:0 battle card; the battle is
    picked in the attacker's Battle Phase. ``board``: more ``(area, side, units)`` set first."""
    defender = ZURL if attacker == PL else PL
    g = orders_game(attacker, scenario=scenario, ap=10)
    s = g.state
    put(g, area, defender, defenders)
    for origin, group in attacks:
        put(g, origin, attacker, group)
    for where, side, group in board:
        put(g, where, side, group)
    s.hand[PL], s.hand[ZURL] = list(hand_pl), list(hand_zurl)
    force_battle_card(g, 0, 0)
    start_move_battle(g, [(o, grp, f"{area} via {o} attack") for o, grp in attacks], area)
    return g


def pass_until(g, side: str, kind: str = "battle", prompt_word: str | None = None) -> None:
    """Answer battle decisions with 'fight'/'pass' until ``side`` faces a ``kind`` decision (whose
    prompt contains ``prompt_word``, if given)."""
    for _ in range(20):
        d = g.decision()
        if d.player == side and d.kind == kind and (prompt_word is None or prompt_word in d.prompt):
            return
        if "fight" in d.actions:
            g.apply("fight")
        elif "pass" in d.actions:
            g.apply("pass")
        elif d.kind == "losses":  # the other side's Losses: the first choice
            g.apply(d.actions[0])
        else:
            raise AssertionError(f"stuck at {d.player} {d.kind}: {d.prompt} {d.actions[:6]}")
    raise AssertionError("decision not reached")


def last_log(g, word: str) -> str:
    return next(line for line in reversed(g.state.log) if word in line)


def event_game(side: str, hand: list[int], scenario: int = 2, seed: int = 5, rnd: int | None = None):
    """``side``'s Initial Phase at the Event step with ``hand`` (the board as the scenario set it).
    ``rnd``: move the game to that round first (Time Track tests)."""
    g = initial_game(side, scenario, seed)
    s = g.state
    if rnd is not None:
        s.round = rnd
    s.hand[side] = list(hand)
    if not any(f["kind"] == "event" for f in s.stack):
        s.stack.insert(0, {"kind": "event", "side": side})
    for _ in range(20):
        d = g.decision()
        if d.kind == "event":
            return g
        g.apply({"commander": "keep", "relief": "relief done"}.get(d.kind, d.actions[0]))
    raise AssertionError("no Event step")
