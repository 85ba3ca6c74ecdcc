"""A step's own legality check (``Procedure.allows``, used by :meth:`Game.allows` and
:meth:`Game.apply` to follow a plan without listing every legal action) agrees with its legal
list: at every decision of played games, every listed action is allowed, and every action seen
at another decision of the same kind but not listed now is refused. A step's listing by type
(``Procedure.legal_of``, :meth:`Game.options_of`) gives exactly the listed actions of those
types, in the same order, described the same."""

from __future__ import annotations

import random

import pytest

from semper_fidelis.bots.general import GeneralBot
from semper_fidelis.bots.seat import Seat
from semper_fidelis.engine import Game, IllegalAction
from semper_fidelis.engine import actions as A
from semper_fidelis.engine.machine import PROCEDURES, legal_of, quick_allows

ORDERS_TYPES = (A.PlayCard, A.PlayEffect, A.MoveOrder, A.AssaultOrder, A.FortifyOrder, A.MobilizeOrder, A.ProvisionOrder,
                A.Propaganda, A.Negotiate, A.Supply, A.UseToken, A.Dismantle, A.End)


def _play_checking(scenario: int, seed: int, pool: dict[str, set]) -> int:
    """Plays a game (the general, with a random action one time in four) and checks every
    decision whose step has its own check; returns how many actions were compared."""
    game, rng = Game(scenario, seed), random.Random(seed)
    bots = {s: GeneralBot(seed + i) for i, s in enumerate(("PL", "ZURL"))}
    compared = 0
    for _ in range(400):
        if game.over:
            break
        frame = game.state.stack[-1]
        legal = game.legal()
        if PROCEDURES[frame["kind"]].allows is not None:
            seen = pool.setdefault(frame["kind"], set())
            seen.update(legal)
            candidates = set(legal) | set(rng.sample(sorted(seen), min(len(seen), 60)))
            if frame["kind"] == "order" and frame.get("step") == "units":  # too many, or none, of a type
                candidates |= {A.Units.of((("v", 9),)), A.Units.of(()), A.Units.of((("s", 1), ("s", 1)))}
            for action in candidates:
                fresh = game.copy()
                assert quick_allows(fresh.rules, fresh.state, action) == (action in legal), (frame, action)
                compared += 1
        if PROCEDURES[frame["kind"]].legal_of is not None:
            compared += _check_listing_by_type(game, legal)
        decision = game.decision()
        assert decision is not None
        action = rng.choice(legal) if rng.random() < 0.25 else bots[decision.player].choose(Seat(game, decision.player))
        game.apply(action)
    return compared


#: every type of action an Orders decision offers, alone and in pairs
TYPE_SETS = [(t,) for t in ORDERS_TYPES] + [(A.PlayCard, A.UseToken), (A.MoveOrder, A.End)]


def _check_listing_by_type(game: Game, legal: list) -> int:
    options = dict(zip(legal, game.options(), strict=True))
    for kinds in TYPE_SETS:
        fresh = game.copy()
        expected = [a for a in legal if isinstance(a, kinds)]
        assert legal_of(fresh.rules, fresh.state, kinds) == expected, kinds
        assert fresh.options_of(*kinds) == tuple(options[a] for a in expected), kinds
    return len(TYPE_SETS)


@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5])
def test_a_steps_own_check_agrees_with_its_legal_list(scenario: int) -> None:
    pool: dict[str, set] = {}
    compared = sum(_play_checking(scenario, seed, pool) for seed in (11, 12))
    assert compared > 200


def test_a_plan_step_applied_without_the_list_is_checked_all_the_same() -> None:
    """An exact step that is not legal is refused with the legal actions named, listed or not."""
    game = Game(2, 5)
    while not (game.state.stack and game.state.stack[-1]["kind"] == "order" and game.state.stack[-1]["step"] == "from"):
        game.apply("move" if "move" in game.legal_text() else game.legal()[0])
    with pytest.raises(IllegalAction, match="is not legal now"):
        game.apply(A.To.of("cytadela"))
    origin = next(a for a in game.legal() if isinstance(a, A.From))
    assert game.allows(origin) and game.allows(str(origin))
    game.apply(str(origin))
    assert game.state.stack[-1]["step"] == "units"
