"""The PL Action deck (assets/cards_pl.toml): one registration per card, in card order. The card
text in the data file is the specification; each entry is preceded by ``# PL #N Name``."""

from __future__ import annotations

from typing import Any

from ...data.models import Side
from ...i18n import N_
from ..actions import Action, Destruction, Done, Morale, RemoveFrom
from ..cards import CardEffect, card_question, register
from ..frames import BattleFrame, CardChoiceFrame, CardGreatWarFrame
from ..machine import push
from ..occupancy import add_units, austrians_neutral, count, occupant, total
from ..rules import Rules
from ..state import AUSTRIAN, MILITIA, PL, ZURL, State
from ..tracks import log
from ..upkeep import checkpoint
from .primitives import (
    before_resolve,
    bp_card,
    can_change,
    can_move_group,
    can_place_anywhere,
    card_name,
    change_track,
    discard_tokens,
    evacuate,
    evade_free,
    fortification_card,
    free_evasion_room,
    into_battle_card,
    loss_card,
    mobilize_free,
    mobilize_room,
    move_group,
    negotiation_free,
    next_relief,
    place_anywhere,
    pool_to_mob_card,
    relief_event,
    remove_from_game,
    round_of,
    shift_stance,
    stance_of,
    take_tokens,
    token_areas,
    track_card,
)

# PL #1 Polish Wings — the defender's card slot, after the attacker's card; an Evasion (FAQ).


def _wings_playable(rules: Rules, state: State, f: BattleFrame, side: Side) -> bool:
    return side == f["defender"] and before_resolve(f) and free_evasion_room(rules, state, f)


def _wings_apply(rules: Rules, state: State, f: BattleFrame, side: Side) -> None:
    evade_free(rules, state, f, side, card_name(rules, "polish-wings"))


register("polish-wings", CardEffect(battle_playable=_wings_playable, battle_apply=_wings_apply))

# PL #2 Batiar Class
register("batiar-class", CardEffect(
    playable=lambda r, s, side: bool(s.mob[side].get("pl-volunteer")) and mobilize_room(r, s, side) > 0,
    apply=lambda r, s, side: mobilize_free(r, s, side, 3, "batiar-class", codes=("v",)),
))

# PL #3 Scout


def _scout_areas(rules: Rules, state: State, side: Side) -> list[str]:
    mine = {a for a in state.units if occupant(rules, state, a) == side}
    return token_areas(state, side, lambda a: occupant(rules, state, a) != ZURL and bool(rules.neighbours[a] & mine))


register("scout", CardEffect(
    playable=lambda r, s, side: bool(_scout_areas(r, s, side)),
    apply=lambda r, s, side: take_tokens(r, s, side, "scout", _scout_areas(r, s, side), 2),
))

# PL #4 Nurses
register("nurses", loss_card("nurses", own=2))

# PL #5 Appeal "to the People of Lviv"
register("appeal-to-the-people", pool_to_mob_card("appeal-to-the-people", "v", 3))

# PL #6 Lwów Eaglets
register("lwow-eaglets", bp_card(
    "lwow-eaglets", 1,
    bonus=lambda r, s, f, side: 2 if side == f["defender"] and r.terrain[f["area"]] == "city" else 1,
))

# PL #7 Kmicic's Lamb
register("kmicics-lamb", loss_card("kmicics-lamb", own=1, enemy=1))

# PL #8 Combat Emergency Service — units within 3 spaces join the defenders (FAQ: normal movement).
register("combat-emergency-service", into_battle_card("combat-emergency-service"))

# PL #9 The "Pobudka" Newspaper — Morale +1, or (Scenarios 2, 4, 5) Destruction up 1 step.


def _pobudka_choices(rules: Rules, state: State, side: Side) -> list[Morale | Destruction]:
    out: list[Morale | Destruction] = []
    if can_change(rules, state, side, "morale", +1):
        out.append(Morale.of())
    if side == PL and can_change(rules, state, side, "destruction", -1):
        out.append(Destruction.of())
    return out


def _pobudka_apply(rules: Rules, state: State, side: Side) -> None:
    choices = _pobudka_choices(rules, state, side)
    if len(choices) == 1:
        _pobudka_do(rules, state, side, choices[0])
    else:
        prompt = f"{side}: raise Morale or move Destruction up ({card_name(rules, 'pobudka-newspaper')})"
        push(state, CardChoiceFrame(kind="card-pobudka", side=side, effect="pobudka-newspaper", prompt=prompt))


def _pobudka_do(rules: Rules, state: State, side: Side, which: Morale | Destruction) -> None:
    why = card_name(rules, "pobudka-newspaper")
    if isinstance(which, Morale):
        change_track(rules, state, side, "morale", +1, why)
    else:
        change_track(rules, state, side, "destruction", -1, why)


card_question("card-pobudka", lambda r, s, f: _pobudka_choices(r, s, f["side"]), lambda r, s, f, a: _pobudka_do(r, s, f["side"], a))
register("pobudka-newspaper", CardEffect(playable=lambda r, s, side: bool(_pobudka_choices(r, s, side)), apply=_pobudka_apply))

# PL #10 The Relief Hurries — the next PL Relief 1 round earlier, never before the next round.


def _hurry_target(state: State, side: Side) -> tuple[dict[str, Any], int] | None:
    entry = next_relief(state, side)
    if entry is None:
        return None
    new = max(entry["round"] - 1, state.round + 1)
    return (entry, new) if new < entry["round"] else None


def _hurry_apply(rules: Rules, state: State, side: Side) -> None:
    target = _hurry_target(state, side)
    assert target is not None  # playable only when a Relief can come sooner
    entry, new = target
    old = entry["round"]
    entry["round"] = new
    log(state, N_("The next {who} Relief ({units}) moves from {from_round} to {to_round} ({why})."),
        say={"who": side, "units": ((entry["unit"], entry["count"]),), "from_round": round_of(rules, old), "to_round": round_of(rules, new), "why": card_name(rules, "relief-hurries")})


register("relief-hurries", CardEffect(playable=lambda r, s, side: _hurry_target(s, side) is not None, apply=_hurry_apply))

# PL #11 Workers
register("workers", fortification_card("workers"))

# PL #12 Sokolniki Peasants
SOKOLNIKI = "sokolniki"


def _peasants_playable(rules: Rules, state: State, side: Side) -> bool:
    return (
        not count(rules, state, SOKOLNIKI, ZURL) and state.pool[side].get("pl-volunteer", 0) > 0
        and total(state, SOKOLNIKI) < rules.limit[SOKOLNIKI] and not state.units.get(SOKOLNIKI, {}).get(MILITIA)
    )


def _peasants_apply(rules: Rules, state: State, side: Side) -> None:
    n = min(2, state.pool[side]["pl-volunteer"], rules.limit[SOKOLNIKI] - total(state, SOKOLNIKI))
    state.pool[side]["pl-volunteer"] -= n
    add_units(state, SOKOLNIKI, {"pl-volunteer": n})
    log(state, N_("{who} places {units} from the pool in {area_name} ({why})."), area=SOKOLNIKI,
        say={"who": side, "units": (("pl-volunteer", n),), "area_name": rules.area_name(SOKOLNIKI), "why": card_name(rules, "sokolniki-peasants")})
    checkpoint(rules, state)


register("sokolniki-peasants", CardEffect(playable=_peasants_playable, apply=_peasants_apply))

# PL #13 Demobilization — while neutral (any space but Ally ZURL, ruling:austro-hungarian-track) → 'Disarmament by
# PL', free; it is the turn's Negotiation.


def _demob_apply(rules: Rules, state: State, side: Side) -> None:
    state.turn.negotiation = True
    shift_stance(rules, state, AUSTRIAN, f"disarmed-{side}", side, card_name(rules, "demobilization"))


register("demobilization", CardEffect(
    playable=lambda r, s, side: negotiation_free(s) and stance_of(r, s, AUSTRIAN) in ("neutral", "disarmed-ZURL"),
    apply=_demob_apply,
))

# PL #14 Agreement — the Militia 1 step toward 'Ally PL', free; it is the turn's Negotiation.
_MILITIA_TOWARD_PL = {"ally-ZURL": "neutral", "neutral": "ally-PL"}


def _agreement_apply(rules: Rules, state: State, side: Side) -> None:
    state.turn.negotiation = True
    here = stance_of(rules, state, MILITIA)
    assert here is not None  # playable only where the Militia has a track
    shift_stance(rules, state, MILITIA, _MILITIA_TOWARD_PL[here], side, card_name(rules, "agreement"))


register("agreement", CardEffect(
    playable=lambda r, s, side: negotiation_free(s) and stance_of(r, s, MILITIA) in _MILITIA_TOWARD_PL,
    apply=_agreement_apply,
))

# PL #15 Wolves
register("wolves", CardEffect(playable=can_place_anywhere, apply=lambda r, s, side: place_anywhere(r, s, side, "wolves")))

# PL #16 Evacuation
register("evacuation", CardEffect(
    playable=lambda r, s, side: not s.turn.evacuated and bool(token_areas(s, side, lambda a: occupant(r, s, a) == side)),
    apply=lambda r, s, side: evacuate(r, s, side, "evacuation"),
))

# PL #17 Bayonet Charge
register("bayonet-charge", bp_card("bayonet-charge", 2, as_role="attacker", extra_loss_to="self"))

# PL #18 Requisition
register("requisition", track_card("requisition", "supply", +1))

# PL #19 Jewish Pogrom (Event, benefits ZURL) — the Militia 1 step toward 'Ally ZURL'.
_MILITIA_TOWARD_ZURL = {"ally-PL": "neutral", "neutral": "ally-ZURL"}


def _pogrom_apply(rules: Rules, state: State, side: Side) -> None:
    here = stance_of(rules, state, MILITIA)
    assert here is not None  # playable only where the Militia has a track
    shift_stance(rules, state, MILITIA, _MILITIA_TOWARD_ZURL[here], ZURL, card_name(rules, "jewish-pogrom"))


register("jewish-pogrom", CardEffect(
    playable=lambda r, s, side: stance_of(r, s, MILITIA) in _MILITIA_TOWARD_ZURL,
    apply=_pogrom_apply,
))

# PL #20 Mobilization in the Ukrainian Villages (Event, benefits ZURL) — +3 at the next End of Stage.


def _villages_apply(rules: Rules, state: State, side: Side) -> None:
    state.extra_reinforcement[ZURL] = state.extra_reinforcement.get(ZURL, 0) + 3
    log(state, N_("At the End of Stage {stage} ZURL will add 3 Units more than its Morale space shows to its Mobilization Zone ({why})."),
        say={"stage": state.stage, "why": card_name(rules, "ukrainian-village-mobilization")})


register("ukrainian-village-mobilization", CardEffect(
    playable=lambda r, s, side: s.stage < r.scenario.stages,
    apply=_villages_apply,
))

# PL #21 Night Raid — up to 3 Units make a free Assault; the battle is fought at once.
register("night-raid", CardEffect(
    playable=lambda r, s, side: can_move_group(r, s, side, "assault", ("attack",), then="battle"),
    apply=lambda r, s, side: move_group(r, s, side, "night-raid", mode="assault", max_units=3, kinds=("attack",), then="battle"),
))

# PL #22 End of the Great War — up to 2 Austro-Hungarian Units leave the game (while not allied).


def _austrian_areas(state: State) -> list[str]:
    return sorted(a for a, u in state.units.items() if u.get(AUSTRIAN))


def _great_war_apply(rules: Rules, state: State, side: Side) -> None:
    why = card_name(rules, "end-of-the-great-war")
    areas = _austrian_areas(state)
    if sum(state.units[a][AUSTRIAN] for a in areas) <= 2:
        for a in areas:
            remove_from_game(rules, state, "neutral", AUSTRIAN, state.units[a][AUSTRIAN], "board", why, area=a)
        _after_units_left(rules, state)
    else:
        prompt = f"{side}: choose an Austro-Hungarian unit to go home ({why})"
        push(state, CardGreatWarFrame(kind="card-great-war", side=side, effect="end-of-the-great-war", prompt=prompt, left=2))


def _after_units_left(rules: Rules, state: State) -> None:
    checkpoint(rules, state)


def _great_war_options(rules: Rules, state: State, f: CardGreatWarFrame) -> list[Action]:
    out: list[Action] = [RemoveFrom.of(a) for a in _austrian_areas(state)]
    return out + ([Done.of()] if f["left"] < 2 else [])


def _great_war_choose(rules: Rules, state: State, f: CardGreatWarFrame, action: RemoveFrom | Done) -> None:
    if isinstance(action, Done):
        return
    remove_from_game(rules, state, "neutral", AUSTRIAN, 1, "board", card_name(rules, "end-of-the-great-war"), area=action.area)
    _after_units_left(rules, state)
    if f["left"] > 1 and _austrian_areas(state):
        f["left"] -= 1
        push(state, f)  # asked again (answered, the frame was popped)


card_question("card-great-war", _great_war_options, _great_war_choose)
register("end-of-the-great-war", CardEffect(
    playable=lambda r, s, side: stance_of(r, s, AUSTRIAN) is not None and austrians_neutral(r, s) and bool(_austrian_areas(s)),
    apply=_great_war_apply,
))

# PL #23 Veterans of the Italian Front (Event, benefits ZURL) — 3 Sich Riflemen, next round.
register("veterans-of-the-italian-front", relief_event("veterans-of-the-italian-front", "s", 3, 1))

# PL #24 Armoured Train "Pierwszy Marszałek"
register("armoured-train", bp_card("armoured-train", 2, condition=lambda r, s, f, side: bool(r.rail.get(f["area"]))))

# PL #25 Fire at the Chernivetsk Station (Event, benefits ZURL) — PL discards 2 tokens (FAQ).
register("fire-at-chernivetsk-station", CardEffect(
    playable=lambda r, s, side: len(s.my_tokens[side]) >= 2,
    apply=lambda r, s, side: discard_tokens(r, s, side, "fire-at-chernivetsk-station", 2),
))

# PL #26 Reinforcements from Eastern Galicia (Event, benefits ZURL) — 4 Sich Riflemen, 4 rounds on.
register("reinforcements-from-eastern-galicia", relief_event("reinforcements-from-eastern-galicia", "s", 4, 4))
