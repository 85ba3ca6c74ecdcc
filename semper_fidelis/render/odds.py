"""Odds before you commit (issue 11): the engine's exact battle odds in words — the chance to
win, the Battle Point spread and the Losses to expect — and what they leave out (the cards and
tokens either side may still play, which nobody else can see)."""

from __future__ import annotations

from fractions import Fraction
from typing import Protocol

from rich.text import Text

from ..data.models import Side
from ..engine import BattleOdds, Option
from ..i18n import _, number


class Weighs(Protocol):
    """What the odds are read from: a Game, a joiner's Mirror or the host's tap of a Game."""

    def battle_odds(self, area: str, attack: list[tuple[str, dict[str, int] | str]] | None = None,
                    side: Side | None = None) -> BattleOdds: ...


def percent(p: Fraction) -> str:
    """Fraction(149, 210) -> '71%'; never '0%' or '100%' for what may still happen."""
    value = float(p) * 100
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{value:.0f}%"


def spread(bp: dict[int, Fraction]) -> str:
    """{3: 1/10, 4: 3/5, 5: 3/10} -> '3–5 (mostly 4)'."""
    low, high = min(bp), max(bp)
    likely = max(bp, key=lambda k: (bp[k], -k))
    return f"{low}" if low == high else _("{low}–{high} (mostly {likely})", low=low, high=high, likely=likely)


def chance_words(attacker: str, p: Fraction) -> tuple[str, str]:
    """The attacker's chance in words and its exact value: never "wins 0% (0/1)"."""
    if p == 0:
        return _("{side} cannot win", side=attacker), _("whatever the battle card")
    if p == 1:
        return _("{side} wins for certain", side=attacker), _("whatever the battle card")
    return _("{side} wins {chance}", side=attacker, chance=percent(p)), _("exactly {fraction}", fraction=f"{p.numerator}/{p.denominator}")


def odds_text(game: Weighs, area: str, attack: list[tuple[str, dict[str, int] | str]] | None = None, side: Side | None = None,
              *, full: bool = True) -> Text | None:
    """The odds of the battle in ``area`` (in progress, pending, or with ``attack`` weighed), or
    None when there is no battle to weigh there. ``full``: every item the odds leave out, else
    one short line about them (for the narrow decision panel)."""
    try:
        odds = game.battle_odds(area, attack=attack, side=side)
    except ValueError:
        return None
    a, d = odds.attacker, odds.defender
    says, exact = chance_words(a, odds.p_attacker_wins)
    chance = Text.assemble((_("Odds:") + " ", "bold"), (says, "bold"))
    losses = f"{a} {number(float(odds.expected_losses[a]), 1)}, {d} {number(float(odds.expected_losses[d]), 1)}"
    sides = dict(attacker=a, defender=d, a_bp=spread(odds.attacker_bp), d_bp=spread(odds.defender_bp), losses=losses)
    if full:
        out = Text.assemble(chance, " " + _("({exact}; ties go to {defender}). Battle Points {attacker} {a_bp} vs {defender} {d_bp}. "
                                            "Losses to expect: {losses}.", exact=exact, **sides))
        if odds.excluded:
            out.append("\n" + _("Not counted (hidden or not yet decided): {items}.", items="; ".join(odds.excluded)), style="dim")
        return out
    exact = f"{p.numerator}/{p.denominator}" if 0 < (p := odds.p_attacker_wins) < 1 else exact
    out = Text.assemble(chance, " " + _("({exact}). BP {attacker} {a_bp} vs {defender} {d_bp}; Losses ≈ {losses}.", exact=exact, **sides))
    if odds.excluded:
        evasion = any("Evasion" in e for e in odds.excluded)
        # a line saved (80×24: issue 36)
        out.append(" " + (_("Not counted: cards and tokens still to play, an Evasion.") if evasion else
                          _("Not counted: cards and tokens still to play.")), style="dim")
    return out


def option_odds(game: Weighs, option: Option, decision_kind: str) -> Text | None:
    """Odds for an option that starts or picks a battle: an attack (``… attack``, weighed with
    the group it sends) or a battle chosen in the Battle Phase."""
    if option.notation.endswith(" attack") and option.to_area:
        origin = option.via or option.from_area
        if origin and option.units:
            return odds_text(game, option.to_area, attack=[(origin, dict(option.units))], full=False)
    if decision_kind == "battle-order" and option.area:
        return odds_text(game, option.area, full=False)
    return None
