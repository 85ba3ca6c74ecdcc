"""What each decision asks, in the player's language (docs/i18n.md, "The engine's questions
and options"). One function a step, ``(rules, state, frame) -> str``, which its procedure names
as its ``prompt``: it is called only when a client asks for the decision (``machine.current``),
never by ``legal`` or ``apply``, so the rules never pay for the words.

Every prompt starts with the deciding side and ": " (or a space before a phase's name), in
both languages: a screen that shows the side's badge strips it (``tui.options.unprefixed``).
A card's own question keeps its English prompt in its frame (the state, which records and
digests hash, holds no other language); in Polish it is worded again from the frame's facts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..i18n import N_, SOURCE_LANGUAGE, _, current_language, ngettext
from .said import effect_card_name
from .wording import unit_count

if TYPE_CHECKING:
    from .frames import AssaultNextFrame, LossesFrame
    from .rules import Rules
    from .state import State

#: where a deployment's units go, by its zone (marked: shown through ``_``)
ZONE_WORDS = {
    "city": N_("in any City area"),
    "village": N_("in any Village"),
    "listed": N_("in the listed areas"),
    "other-villages": N_("in the other Villages"),
}
#: why villages are reinforced (``ReinforceVillagesFrame.why``, kept in English in the state)
REINFORCE_WHY = {"Reinforcements": N_("Reinforcements"), "Breakthrough": N_("Breakthrough")}



def _side_only(message: str) -> Callable[[Rules, State, Any], str]:
    """The prompt of a step whose question names only the deciding side (looked up when asked,
    so a language switch words it again)."""
    def prompt(rules: Rules, state: State, f: Any) -> str:
        return _(message, side=f["side"])
    return prompt


# ------------------------------------------------------------------ setup, Initial Phase, End of Turn


def deploy(rules: Rules, state: State, f: Any) -> str:
    todo = f["todo"][0]
    return _("{side}: deploy {units} ({zone})", side=f["side"], units=unit_count(todo["unit"], todo["count"]),
             zone=_(ZONE_WORDS[todo["zone"]]))


hq = _side_only(N_("{side}: place the HQ on one of your occupied areas"))


commander = _side_only(N_("{side}: keep the Commander or change him"))


def relief(rules: Rules, state: State, f: Any) -> str:
    return _("{side}: deploy your Relief (by rail from {area})", side=f["side"],
             area=rules.area_name(rules.data.board.relief_start[f["side"]]))


event = _side_only(N_("{side}: play one Event card for its AP (its effect helps the opponent), or pass"))


collect_extra = _side_only(N_("{side}: your Commander's ability — take 1 extra Supply Token from an occupied area"))


collect = _side_only(N_("{side}: take one Supply Token from each occupied area"))


draw = _side_only(N_("{side}: discard cards you do not want, then draw"))


def attrition(rules: Rules, state: State, f: Any) -> str:
    side, area = f["queue"][0]
    return _("{side}: Attrition — disperse 1 unit in {area}", side=side, area=rules.area_name(area))


def reinforce_villages(rules: Rules, state: State, f: Any) -> str:
    why, n = f["why"], f["left"]
    noun = unit_count(f["unit"], n).split(" ", 1)[1]  # the unit's name in the form the count takes
    return _("{side}: place {n} {why} {unit} in occupied Villages", side=f["side"], n=n, why=_(REINFORCE_WHY.get(why, why)), unit=noun)


# --------------------------------------------------------------------------------- Orders Phase


def orders(rules: Rules, state: State, f: Any) -> str:
    return _("{side} Orders Phase: {ap} AP — give an order, play a card or a token, or end", side=f["side"], ap=state.turn.ap)


def order(rules: Rules, state: State, f: Any) -> str:
    """Move or Assault, step by step: from where, which units, where to."""
    side, step, moving = f["side"], f["step"], f["mode"] == "move"
    if step == "from":
        return _("{side} move: choose the area to move from", side=side) if moving else \
            _("{side} assault: choose the area to assault from", side=side)
    if step == "units":
        area = rules.area_name(f.get("origin", ""))
        return _("{side} move: choose the units in {area}", side=side, area=area) if moving else \
            _("{side} assault: choose the units in {area}", side=side, area=area)
    return _("{side} move: choose the destination", side=side) if moving else _("{side} assault: choose the destination", side=side)


def assault_next(rules: Rules, state: State, f: AssaultNextFrame, defended: bool, only_fight: bool) -> str:
    """Says why when there is only one way on (no AP or no group left, or no one to fight)."""
    side, area = f["side"], rules.area_name(f["target"])
    if not defended:
        return _("{side}: no one is left to fight in {area} — go on (no battle)", side=side, area=area)
    if only_fight and state.turn.ap < 2:
        return _("{side}: no AP for another Assault group into {area} — fight the battle now", side=side, area=area)
    if only_fight:
        return _("{side}: no group for another Assault group into {area} — fight the battle now", side=side, area=area)
    return _("{side}: another Assault group into {area}, or fight now", side=side, area=area)


fortify = _side_only(N_("{side}: build a Barricade (facing a neighbour) or a Redoubt"))


mobilize = _side_only(N_("{side}: mobilize units into areas you occupy (rate by Morale), then done"))


provision = _side_only(N_("{side}: take a Supply Token from an area you occupy (1st 1 AP, 2nd 2 AP, 3rd 3 AP)"))


artillery = _side_only(N_("{side}: choose the area your Artillery fires on"))


# --------------------------------------------------------------------------------------- Battle


def evade(side: str) -> str:
    return _("{side}: evade (discard cards worth the number of sides attacked) or fight", side=side)


def battle_card(side: str, slot: str) -> str:
    if slot == "a-card":
        return _("{side} attacks: play a Special card, or pass", side=side)
    if slot == "d-card":
        return _("{side} defends: play a Special card, or pass", side=side)
    if slot == "ammo-card":
        return _("{side}: play a second Special card now (Ammunition), or pass", side=side)
    return _("{side}: play a second Special card after the battle (Ammunition), or pass", side=side)


def battle_token(side: str, slot: str) -> str:
    if slot == "a-token":
        return _("{side} attacks: play a Grenades or Ammunition token, or pass", side=side)
    return _("{side} defends: play a Machine Gun or Ammunition token, or pass", side=side)


retreat = _side_only(N_("{side}: the attackers who cannot go back to their area — choose where they go"))


advance = _side_only(N_("{side}: move units into the won area (at least one from each side of attack)"))


battle_pick = _side_only(N_("{side} Battle Phase: choose the next battle to resolve"))


#: a side's role and Morale band in a battle, as the Losses prompt names them
ROLES = {"attacker": N_("attacker"), "defender": N_("defender"), "artillery": N_("artillery")}
BANDS = {"high": N_("high Morale"), "low": N_("low Morale")}


def losses(rules: Rules, state: State, f: LossesFrame) -> str:
    side, area = f["side"], rules.area_name(f["area"])
    if f.get("extra"):
        return _("{side}: Losses taken — withdraw more units from {area} by choice (§9.4), or hold", side=side, area=area)
    role, band = f["role"], f["band"]
    return ngettext("{side}: distribute {n} Loss ({role}, {band}) at {area}", "{side}: distribute {n} Losses ({role}, {band}) at {area}",
                    f["remaining"], side=side, role=_(ROLES[role]) if role in ROLES else role,
                    band=_(BANDS[band]) if band in BANDS else f"{band} Morale", area=area)


# ------------------------------------------------------------------------ a card's own questions


def card(rules: Rules, state: State, f: Any) -> str:
    """A card's question: its frame's English prompt, or in another language worded again from
    the frame's facts (the card named in that language)."""
    if current_language() != SOURCE_LANGUAGE and f["kind"] in _CARD_QUESTIONS:
        return _CARD_QUESTIONS[f["kind"]](rules, f, effect_card_name(rules, f["effect"], f.get("why", "")))
    return f["prompt"] or _("{side}: choose for the card", side=f["side"])


def _card_mobilize(rules: Rules, f: Any, card: str) -> str:
    return ngettext("{side}: mobilize up to {n} unit at no AP cost ({card})", "{side}: mobilize up to {n} units at no AP cost ({card})",
                    f["left"], side=f["side"], card=card)


def _card_remove(rules: Rules, f: Any, card: str) -> str:
    if f["owner"] == "neutral":
        return _("{side}: choose a neutral unit in the Mobilization Zone to remove from the game", side=f["side"])
    return _("{side}: choose a {owner} unit in the Mobilization Zone to remove from the game", side=f["side"], owner=f["owner"])


#: a card's question by its frame's kind: (rules, frame, the card's name) -> the question
_CARD_QUESTIONS: dict[str, Callable[[Rules, Any, str], str]] = {
    "card-pobudka": lambda rules, f, card: _("{side}: raise Morale or move Destruction up ({card})", side=f["side"], card=card),
    "card-great-war": lambda rules, f, card: _("{side}: choose an Austro-Hungarian unit to go home ({card})", side=f["side"],
                                               card=card),
    "card-winniki-guns": lambda rules, f, card: _("{side}: choose an area PL occupies for the guns to fire on ({card})",
                                                  side=f["side"], card=card),
    "card-huyn": lambda rules, f, card: _("{side}: disarm the Austro-Hungarians, or ally with them at once ({card})",
                                          side=f["side"], card=card),
    "card-remove": _card_remove,
    "card-mobilize": _card_mobilize,
    "card-group": lambda rules, f, card: _("{side}: {card} — choose the area, the units and where they go", side=f["side"], card=card),
    "card-anywhere": lambda rules, f, card: _("{side}: {card} — choose a unit, then any area", side=f["side"], card=card),
    "card-take": lambda rules, f, card: ngettext("{side}: take up to {n} Supply Token from one area ({card})",
                                                 "{side}: take up to {n} Supply Tokens from one area ({card})", f["left"],
                                                 side=f["side"], card=card),
    "card-discard": lambda rules, f, card: ngettext("{side}: discard {n} Supply Token of your choice ({card})",
                                                    "{side}: discard {n} Supply Tokens of your choice ({card})", f["left"],
                                                    side=f["side"], card=card),
    "card-fortify": lambda rules, f, card: _("{side}: build up to 2 Barricades or 1 Redoubt at no AP cost ({card})",
                                             side=f["side"], card=card),
}
