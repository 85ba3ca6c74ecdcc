"""Exact battle odds (issue 9): the chances of a battle from the public modifiers and the battle
cards still unseen, for the odds preview in the UI and the heuristic bot.

The Battle Points before the cards come from the battle's own pure functions
(``battle.battle_points``: Combat Table, Special cards already played, sides of attack,
Heroic Defense and Redoubts, tokens played, Commanders), so a rule fixed there is fixed here.
The battle cards are enumerated exactly as the engine draws them: one card from the deck still
unseen (the cards drawn since the last reshuffle are out), a second one without replacement
after an Escalation, never a third; an empty deck is reshuffled from the used cards first.

What no one can know is left out and named in ``excluded``: Special cards and combat tokens not
yet played, an Evasion not yet decided, Losses changed by cards or Medicine after the battle.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType

from ..data.models import Side
from .battle import answers, battle_data, battle_points, groups_of, is_question, quiet_slot, return_room
from .frames import BattleFrame
from .notation import parse_units
from .occupancy import count
from .rules import Rules
from .state import AttackGroup, State

#: battle-frame steps still to come at which each side could add something the odds leave out
_CARD_SLOTS = {"a-card": "attacker", "d-card": "defender"}
_TOKEN_SLOTS = {"a-token": ("attacker", "Grenades or Ammunition"), "d-token": ("defender", "Machine Gun or Ammunition")}
_STEPS = ("evade", "a-card", "d-card", "a-token", "d-token", "ammo-card", "resolve")


@dataclass(frozen=True)
class BattleOdds:
    """The odds of one battle, exact (fractions). ``joint`` maps (attacker BP, defender BP) to
    its probability; ties go to the defender (ruling:battle-ties). ``expected_losses`` are the Losses
    each side is dealt (the opponent's final BP, +1 per beaten group with no room to go back,
    after Loss cards already played; before Medicine and what its units can absorb)."""

    area: str
    attacker: Side
    defender: Side
    base: tuple[int, int]
    joint: dict[tuple[int, int], Fraction]
    p_attacker_wins: Fraction
    attacker_bp: dict[int, Fraction]
    defender_bp: dict[int, Fraction]
    expected_losses: dict[str, Fraction]
    excluded: tuple[str, ...]

    def p_win(self, attacker_extra: int = 0, defender_extra: int = 0) -> Fraction:
        """P(attacker wins) if a side adds BP the odds leave out (a Special card, a token)."""
        return sum((p for (a, d), p in self.joint.items() if a + attacker_extra > d + defender_extra), Fraction(0))


def card_draws(rules: Rules, state: State) -> Mapping[tuple[int, int], int]:
    """(attacker BP, defender BP) added by the battle cards → number of equally likely draws.
    Bots weigh many battles on the same deck, so the count is kept per deck make-up."""
    return _draws(rules.battle_cards, tuple(sorted(state.battle_deck)), tuple(sorted(state.battle_used)))


@lru_cache(maxsize=512)
def _draws(cards: tuple[tuple[int, int, bool], ...], deck_ids: tuple[int, ...], used_ids: tuple[int, ...]) -> Mapping[tuple[int, int], int]:
    deck, used = Counter(deck_ids), Counter(used_ids)
    if not deck:
        deck, used = used, Counter()
    size = sum(deck.values())
    out: Counter[tuple[int, int]] = Counter()
    for i, n in deck.items():
        a1, d1, escalation = cards[i]
        if not escalation:
            # weighted by the second draw's count so every branch shares one denominator
            second_size = size - 1 if size > 1 else sum(used.values()) + 1
            out[(a1, d1)] += n * second_size
            continue
        rest = deck - Counter({i: 1})
        if not rest:
            rest = used + Counter({i: 1})
        for j, m in rest.items():
            a2, d2, _ = cards[j]
            out[(a1 + a2, d1 + d2)] += n * m
    return MappingProxyType(dict(out))


def battle_odds(
    rules: Rules,
    state: State,
    area: str,
    attack: list[tuple[str, dict[str, int] | str]] | None = None,
    side: Side | None = None,
    open_step: str | None = None,
) -> BattleOdds:
    """The odds of the battle in ``area``: the one in progress there, the one its border groups
    wait for, or — with ``attack`` (``[(origin, units), …]``, units by type or as ``2v1s``) —
    the one those groups would start, added to any already lined up (``side``: the attacker,
    by default the active player). ``open_step``: a step the engine passed unseen (a quiet
    step) that is presented now, counted as still open, as a step with a choice would be."""
    state, frame, base, draws = _battle_before_cards(rules, state, area, attack, side)
    attacker, defender = frame["attacker"], frame["defender"]
    stranded = sum(1 for g in groups_of(state, frame) if sum(g.units.values()) > return_room(rules, state, frame, g))
    total = sum(draws.values())
    a_marg: Counter[int] = Counter()
    d_marg: Counter[int] = Counter()
    wins = a_loss = d_loss = 0
    joint_n: Counter[tuple[int, int]] = Counter()
    for (da, dd), n in sorted(draws.items()):
        a, d = base[0] + da, base[1] + dd
        joint_n[(a, d)] += n
        a_marg[a] += n
        d_marg[d] += n
        won = a > d
        wins += n if won else 0
        a_loss += n * max(0, d + (0 if won else stranded) - frame["loss_mods"]["a"])
        d_loss += n * max(0, a - frame["loss_mods"]["d"])
    return BattleOdds(
        area=area,
        attacker=attacker,
        defender=defender,
        base=base,
        joint={k: Fraction(n, total) for k, n in joint_n.items()},
        p_attacker_wins=Fraction(wins, total),
        attacker_bp={k: Fraction(v, total) for k, v in sorted(a_marg.items())},
        defender_bp={k: Fraction(v, total) for k, v in sorted(d_marg.items())},
        expected_losses={attacker: Fraction(a_loss, total), defender: Fraction(d_loss, total)},
        excluded=_excluded(state, frame, None if open_step is None else quiet_slot(open_step)),
    )


def win_chance(
    rules: Rules,
    state: State,
    area: str,
    attack: list[tuple[str, dict[str, int] | str]] | None = None,
    side: Side | None = None,
) -> float:
    """The attacker's chance of winning, as :func:`battle_odds` counts it, and nothing else: the
    bots weigh every target at every order, where the fractions, the marginals and the
    expected Losses of the full odds cost more than the chance they need."""
    _state, _frame, (a, d), draws = _battle_before_cards(rules, state, area, attack, side)
    return sum(n for (da, dd), n in draws.items() if a + da > d + dd) / sum(draws.values())


def _battle_before_cards(
    rules: Rules,
    state: State,
    area: str,
    attack: list[tuple[str, dict[str, int] | str]] | None,
    side: Side | None,
) -> tuple[State, BattleFrame, tuple[int, int], Mapping[tuple[int, int], int]]:
    """The battle weighed (see :func:`battle_odds`): the state it is fought in, its frame, the
    Battle Points before the battle cards, and the cards' draws (a resolved battle's BP are
    known: one draw of nothing)."""
    if area not in rules.limit:
        raise ValueError(f"unknown area '{area}'")
    frame = next((f for f in reversed(state.stack) if f["kind"] == "battle" and f["area"] == area), None)
    if attack:
        state, frame = _with_attack(rules, state, area, attack, side or state.active, frame)
    elif frame is None:
        pending = [g for g in state.attacks.get(area, []) if sum(g.units.values())]
        if not pending:
            raise ValueError(f"no battle pending in {rules.area_name(area)}; give the attack to weigh")
        frame = battle_data(rules, state, area, pending[0].side, assault=any(g.assault for g in pending))
    if frame["neutral_defence"] and state.austrians_defend_for != frame["defender"]:
        state = state.with_fields(austrians_defend_for=frame["defender"])  # as the battle will begin (§13.2)
    if frame.get("result") in ("empty", "evaded"):
        raise ValueError(f"no battle is fought in {rules.area_name(area)}: the defender is gone")
    if "bp" in frame:  # already resolved: the result is known
        return state, frame, (frame["bp"]["a"], frame["bp"]["d"]), {(0, 0): 1}
    if not count(rules, state, area, frame["defender"]):
        raise ValueError(f"no {frame['defender']} units in {rules.area_name(area)}: no battle")
    a_bp, d_bp, _notes = battle_points(rules, state, frame)
    return state, frame, (a_bp, d_bp), card_draws(rules, state)


def _with_attack(
    rules: Rules, state: State, area: str, attack: list[tuple[str, dict[str, int] | str]], attacker: Side, frame: BattleFrame | None,
) -> tuple[State, BattleFrame]:
    """A shallow copy of the state with the weighed groups on the border, taken out of the area
    they attack from where they stand there (the real state is not touched), and the battle
    frame they would fight in."""
    if frame is not None:
        raise ValueError(f"the battle in {rules.area_name(area)} is already being fought")
    groups = [AttackGroup(g.side, g.origin, dict(g.units), g.assault) for g in state.attacks.get(area, [])]
    board = dict(state.units)
    for origin, units in attack:
        if origin not in rules.neighbours[area]:
            raise ValueError(f"{origin} is not adjacent to {rules.area_name(area)}")
        units = parse_units(attacker, units) if isinstance(units, str) else dict(units)
        same = next((g for g in groups if g.side == attacker and g.origin == origin), None)
        if same is None:
            groups.append(AttackGroup(attacker, origin, units))
        else:
            for t, n in units.items():
                same.units[t] = same.units.get(t, 0) + n
        # units standing in the area they attack from leave it (room to come back, §9.4)
        here = dict(board.get(origin, {}))
        for t, n in units.items():
            here[t] = here.get(t, 0) - min(n, here.get(t, 0))
        board[origin] = here
    state = state.with_fields(units=board, attacks={**state.attacks, area: groups})
    return state, battle_data(rules, state, area, attacker, assault=False)


def _excluded(state: State, f: BattleFrame, open_slot: str | None = None) -> tuple[str, ...]:
    """What could still change the battle and is not counted: every slot not yet passed where a
    side holds cards or tokens (the counts are public; what they are is not); ``open_slot`` as
    if asked now."""
    if "bp" in f:
        return ()
    step = f["step"]
    ahead = _STEPS[_STEPS.index(step):] if step in _STEPS else ()
    choosing = next((answers(c) for c in reversed(state.stack) if is_question(c)), None)
    choosing = choosing or open_slot
    if choosing:  # the slot being decided now is still open
        ahead = (choosing, *ahead)
    sides = {"attacker": f["attacker"], "defender": f["defender"]}
    out = []
    if "evade" in ahead:
        out.append(f"an Evasion by {f['defender']} (the odds are for a battle fought)")
    for slot, role in _CARD_SLOTS.items():
        if slot in ahead and state.hand[sides[role]]:
            out.append(f"Special cards {sides[role]} may play as {role}")
    for slot, (role, kinds) in _TOKEN_SLOTS.items():
        if slot in ahead and state.my_tokens[sides[role]]:
            out.append(f"a {kinds} token {sides[role]} may play")
    if "ammo-card" in ahead and f["ammo"]:
        out.append("a second Special card after Ammunition")
    out.append("Losses changed after the battle (Medicine, Special cards)")
    return tuple(out)
