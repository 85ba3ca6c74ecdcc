"""Hidden information for search (issue 9): ``Game.sample(player, rng)`` deals what ``player``
cannot see, agrees with that player's view, plays on legally, and depends on nothing hidden."""

from __future__ import annotations

import random

import pytest
from helpers import hidden_reshuffled

from semper_fidelis.engine import Game
from semper_fidelis.engine.state import other


def _midgame(scenario: int, seed: int, steps: int) -> Game:
    game = Game(scenario, seed)
    rng = random.Random(seed)
    while not game.over and len(game.actions) < steps:
        game.apply(rng.choice(game.legal()))
    return game


@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5])
def test_samples_agree_with_the_view_and_play_on_to_the_end(scenario: int) -> None:
    for seed in range(3):
        game = _midgame(scenario, seed, steps=60 + 90 * seed)
        if game.over:
            continue
        for player in ("PL", "ZURL"):
            sample = game.sample(player, random.Random(seed))
            assert sample.view(player) == game.view(player)
            opponent = other(player)
            assert sorted(sample.state.hand[opponent] + sample.state.deck[opponent]) == sorted(game.state.hand[opponent] + game.state.deck[opponent])
            rng = random.Random(seed)
            while not sample.over:
                sample.apply(rng.choice(sample.legal()))
            assert Game.from_record(sample.record(), check_digest=True).state.digest() == sample.state.digest()


@pytest.mark.parametrize("scenario", [2, 4])
def test_a_sample_depends_on_nothing_hidden(scenario: int) -> None:
    game = _midgame(scenario, 5, steps=120)
    for player in ("PL", "ZURL"):
        twin = hidden_reshuffled(game, player, seed=99)
        assert twin.view(player) == game.view(player)
        assert twin.state.digest() != game.state.digest()
        for seed in range(3):
            assert game.sample(player, random.Random(seed)).state.digest() == twin.sample(player, random.Random(seed)).state.digest()
        hands = {tuple(sorted(game.sample(player, random.Random(seed)).state.hand[other(player)])) for seed in range(8)}
        assert len(hands) > 1  # the opponent's hand really is dealt again


def _mid_decision_positions(scenario: int, seeds: range, every: int = 1):
    """Positions of random games at decisions, favouring the battle questions a sample must
    answer alike: every decision inside a battle, every ``every``-th one elsewhere."""
    for seed in seeds:
        game = Game(scenario, seed)
        rng = random.Random(seed)
        n = 0
        while not game.over and len(game.actions) < 400:
            n += 1
            if game.decision().kind == "battle" or n % every == 0:
                yield game
            game.apply(rng.choice(game.legal()))


@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5])
def test_samples_mid_decision_deal_hands_that_can_answer_it(scenario: int) -> None:
    """A sample is consistent with the decision in progress too: in the middle of an Evasion
    the opponent keeps cards enough to pay for it, and a battle question (Special card, combat
    token) is put to a sample only if it can answer it — so the sample always has a legal
    action and plays on (the fuzz once died with "no legal action in step battle-choice")."""
    checked = 0
    for game in _mid_decision_positions(scenario, range(6), every=25):
        decider = game.decision().player
        for player in ("PL", "ZURL"):
            if player == decider and game.decision().kind != "battle":
                continue
            for k in range(2):
                sample = game.sample(player, random.Random(k))
                assert sample.view(player) == game.view(player)
                rng = random.Random(k)
                for _ in range(6):
                    if sample.over:
                        break
                    sample.apply(rng.choice(sample.legal()))
                checked += 1
    assert checked > 200


@pytest.mark.rule("§9.2")
def test_a_sample_in_the_middle_of_an_evasion_keeps_what_pays_for_it() -> None:
    """§9.2: the Defender evades by discarding cards worth the sides attacked. ZURL, attacked
    from 3 sides, has put down one 1-AP card: every sample PL draws of ZURL's hand keeps cards
    enough to finish paying, so the Evasion can be completed (it once dealt a dead end)."""
    from card_helpers import PL, ZURL, card_battle

    attacks = (("sejm-krajowy", "2v"), ("dom-akademicki", "2v"), ("podzamcze", "2v"))
    game = card_battle(PL, "rynek", "2v", attacks, hand_zurl=[9, 15, 1], board=(("namiestnictwo", ZURL, "1v"),))
    assert game.decision().player == ZURL and "discard 9" in game.legal()
    game.apply("discard 9")
    for k in range(300):
        sample = game.sample(PL, random.Random(k))
        hand = sample.state.hand[ZURL]
        assert 9 in hand
        assert sum(sample.rules.card(ZURL, n).ap for n in hand if sample.rules.card(ZURL, n).kind != "event") >= 3
        assert sample.legal()
