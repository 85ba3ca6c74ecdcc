"""Exact battle odds (issue 9) against the real engine: every battle is fought through
``Game.apply`` for every pair of top battle cards, and the frequencies of the final Battle Points
and of the Losses dealt must equal the odds exactly."""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction

import pytest
from helpers import battle_deck_topped, from_position, order

from semper_fidelis.engine import Game
from semper_fidelis.engine import battle as battle_module
from semper_fidelis.engine.odds import BattleOdds


def _fight(game: Game, area: str, monkeypatch) -> tuple[tuple[int, int], dict[str, int]]:
    """Play the battle in ``area`` to its end, passing on every card and token, and return its
    final Battle Points and the Losses dealt to each side."""
    dealt: dict[str, int] = {}
    real = battle_module.start_losses

    def spy(rules, state, side, role, losses, *args, **kwargs):
        dealt[side] = losses
        return real(rules, state, side, role, losses, *args, **kwargs)

    monkeypatch.setattr(battle_module, "start_losses", spy)
    bp = None
    for _ in range(200):
        frame = next((f for f in reversed(game.state.stack) if f["kind"] == "battle" and f["area"] == area), None)
        if frame is not None and "bp" in frame:
            bp = (frame["bp"]["a"], frame["bp"]["d"])
        if bp and (frame is None or len(dealt) == 2):
            break
        legal = game.legal()
        game.apply(next((a for a in ("fight", "pass", f"battle {area}") if a in legal), legal[0]))
    monkeypatch.setattr(battle_module, "start_losses", real)
    return bp, dealt


def _brute_force(game: Game, area: str, monkeypatch) -> tuple[dict, dict[str, Fraction]]:
    """Fight the battle from a copy of the game for every ordered pair of battle-deck positions
    on top (one engine run per pair of card kinds, counted as often as the pair occurs)."""
    deck = game.state.battle_deck
    assert len(deck) >= 2
    outcomes: Counter = Counter()
    losses: Counter = Counter()
    runs: dict[tuple[int, int], tuple] = {}
    for i in range(len(deck)):
        for j in range(len(deck)):
            if i == j:
                continue
            key = (deck[i], deck[j])
            if key not in runs:
                copy = Game.from_position(game.position())
                rest = [c for k, c in enumerate(deck) if k not in (i, j)]
                copy.state.battle_deck = rest + [deck[j], deck[i]]
                runs[key] = _fight(copy, area, monkeypatch)
            bp, dealt = runs[key]
            outcomes[bp] += 1
            for side, n in dealt.items():
                losses[side] += n
    total = sum(outcomes.values())
    return {k: Fraction(v, total) for k, v in outcomes.items()}, {s: Fraction(n, total) for s, n in losses.items()}


def _check(odds: BattleOdds, game: Game, area: str, monkeypatch) -> None:
    joint, losses = _brute_force(game, area, monkeypatch)
    assert odds.joint == joint
    assert odds.p_attacker_wins == sum(p for (a, d), p in joint.items() if a > d)
    assert odds.expected_losses == {odds.attacker: losses[odds.attacker], odds.defender: losses[odds.defender]}
    assert sum(odds.attacker_bp.values()) == 1 == sum(odds.defender_bp.values())


def _pending_battles(scenario: int, wanted: int):
    seed = 0
    while wanted:
        game = Game(scenario, seed)
        rng = random.Random(seed)
        while not game.over and wanted:
            d = game.decision()
            if d.kind == "battle-order":
                area = d.actions[-1].split()[1]
                try:
                    odds = game.battle_odds(area)
                except ValueError:  # its defenders have gone: no battle
                    odds = None
                if odds is not None:
                    wanted -= 1
                    yield game, area, odds
            game.apply(rng.choice(game.legal()))
        seed += 1


@pytest.mark.rule("§9.3", "ruling:battle-ties", "ruling:combat-table")
@pytest.mark.parametrize("scenario", [2, 3, 5])
def test_odds_of_pending_battles_match_the_engine_exactly(scenario: int, monkeypatch) -> None:
    for game, area, odds in _pending_battles(scenario, 2):
        _check(odds, game, area, monkeypatch)


def test_the_bots_win_chance_is_the_odds_chance() -> None:
    """``win_chance`` (what the bots ask, without fractions) is the exact odds' chance as a
    float, for pending battles and for attacks weighed before they are committed."""
    for game, area, odds in _pending_battles(2, 12):
        assert game.win_chance(area) == float(odds.p_attacker_wins)
    g = from_position(POSITION, seed=3)
    for k in range(1, len(ATTACK) + 1):
        assert g.win_chance(CERKIEW, list(ATTACK[:k])) == float(g.battle_odds(CERKIEW, list(ATTACK[:k])).p_attacker_wins)
    with pytest.raises(ValueError):
        g.win_chance(CERKIEW)  # nothing pending there yet


CERKIEW = "cerkiew-sw-jura"
POSITION = f"""
scenario = 2
to_act = {{side = "PL", phase = "orders"}}
turn = {{ap = 10}}
commander = {{PL = "abraham", ZURL = "habsburg"}}
supply = {{PL = 6, ZURL = 4}}
morale = {{PL = 4, ZURL = 6}}
hand = {{PL = [], ZURL = [4]}}
my_tokens = {{PL = ["grenades1"], ZURL = []}}
battle_used = ["0:1", "2:2 explosion"]

[units]
koszary-salvatora = {{pl-volunteer = 2}}
dom-akademicki = {{pl-volunteer = 2, pl-hq = 1}}
koszary-ferdynanda = {{pl-volunteer = 3}}
dom-technikow = {{pl-volunteer = 1, pl-soldier = 2}}
{CERKIEW} = {{zurl-volunteer = 1, sich-rifleman = 1, zurl-hq = 1}}

[barricades]
{CERKIEW} = [{{side = "ZURL", facing = "koszary-salvatora"}}]
"""
ATTACK = (("koszary-salvatora", "2v"), ("dom-akademicki", "2v1h"), ("koszary-ferdynanda", "2v"), ("dom-technikow", "2s"))


@pytest.mark.rule("Example of Battles", "§9.3")
def test_an_attack_weighed_before_it_is_committed(monkeypatch) -> None:
    """The Example of Battles (Cerkiew): the odds of the four groups before any order is given
    are the odds of the battle once they stand on the border, and the engine agrees."""
    g = from_position(POSITION, seed=3)
    before = g.state.digest()
    weighed = g.battle_odds(CERKIEW, attack=list(ATTACK))
    assert g.state.digest() == before  # weighing changes nothing
    assert weighed.base == (6 + 3 + 1, 3)  # table, +3 for 4 sides, +1 Abraham; ZURL 7 → 3
    for origin, group in ATTACK:
        order(g, "move", origin, group, f"{CERKIEW} via {origin} attack")
    pending = g.battle_odds(CERKIEW)
    assert pending == weighed
    g.apply("end")
    _check(pending, g, CERKIEW, monkeypatch)
    assert any("Special cards ZURL may play" in x for x in pending.excluded)


def test_odds_during_the_battle_count_what_was_played(monkeypatch) -> None:
    """After ZURL's Hutsul Sotnia (+1 BP), while PL decides on its Grenades: the card counts,
    the token is named as left out, and p_win(attacker_extra=1) is the odds after it (while ZURL
    decides on its Machine Gun)."""
    g = from_position(POSITION.replace('ZURL = []}', 'ZURL = ["machine-gun1"]}'), seed=3)
    for origin, group in ATTACK:
        order(g, "move", origin, group, f"{CERKIEW} via {origin} attack")
    g.apply("end")
    g.apply(f"battle {CERKIEW}")  # ZURL's one card cannot pay for an Evasion from 4 sides
    g.apply("special 4")
    assert g.decision().actions == ("token grenades1", "pass")
    now = g.battle_odds(CERKIEW)
    assert now.base == (10, 4)
    assert "a Grenades or Ammunition token PL may play" in now.excluded
    g.apply("token grenades1")
    after = g.battle_odds(CERKIEW)
    assert after.base == (11, 4)
    assert now.p_win(attacker_extra=1) == after.p_attacker_wins
    assert after.excluded == ("a Machine Gun or Ammunition token ZURL may play", "Losses changed after the battle (Medicine, Special cards)")
    g.apply("pass")
    assert g.battle_odds(CERKIEW).p_attacker_wins in (0, 1)  # fought: the result is known


@pytest.mark.rule("§9.3", "§1 Battle Cards", "ruling:battle-deck")
@pytest.mark.parametrize("top", [["1:0 escalation"], []])
def test_escalation_when_the_deck_runs_out(top, monkeypatch) -> None:
    """One card left (an Escalation): the second comes from the used cards reshuffled, the first
    among them; no card left: the first comes from the reshuffled used cards. The engine's
    frequencies over many generator seeds stay within 4 standard deviations of the odds."""
    deck = battle_deck_topped()
    for card in top:
        deck.remove(card)
    cards = f"battle_deck = {json.dumps(top)}\nbattle_used = {json.dumps(deck)}"
    g = from_position(POSITION.replace('battle_used = ["0:1", "2:2 explosion"]', cards), seed=3)
    for origin, group in ATTACK[1:2]:
        order(g, "move", origin, group, f"{CERKIEW} via {origin} attack")
    g.apply("end")
    odds = g.battle_odds(CERKIEW)
    runs, wins = 600, 0
    for seed in range(runs):
        copy = g.copy()
        copy.state.rng.seed(seed)
        (a, d), _ = _fight(copy, CERKIEW, monkeypatch)
        wins += a > d
    p = float(odds.p_attacker_wins)
    assert 0.05 < p < 0.95
    assert abs(wins / runs - p) < 4 * (p * (1 - p) / runs) ** 0.5


@pytest.mark.rule("§13.2", "§9.4 B")
def test_weighing_an_attack_on_neutral_austro_hungarians(monkeypatch) -> None:
    """Attacked by ZURL, neutral Austro-Hungarians defend as PL's units; the units that attack
    leave the area they attack from, so a beaten group finds room there (no extra Loss)."""
    g = from_position(
        """
        scenario = 2
        to_act = {side = "ZURL", phase = "orders"}
        turn = {ap = 5}
        units = {rynek = {austro-hungarian = 2}, dom-akademicki = {zurl-volunteer = 4}}
        """
    )
    weighed = g.battle_odds("rynek", attack=[("dom-akademicki", "3v")])
    assert (weighed.attacker, weighed.defender) == ("ZURL", "PL")
    order(g, "move", "dom-akademicki", "3v", "rynek via dom-akademicki attack")
    assert g.battle_odds("rynek") == weighed
    g.apply("end")
    _check(weighed, g, "rynek", monkeypatch)
