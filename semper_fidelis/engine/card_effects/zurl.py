"""The ZURL Action deck (assets/cards_zurl.toml): one registration per card, in card order. The
card text in the data file is the specification; each entry is preceded by ``# ZURL #N Name``."""

from __future__ import annotations

from ...data.models import Side
from ...i18n import N_
from ..actions import Ally, Artillery, Disarm
from ..cards import CardEffect, card_question, register
from ..frames import BattleFrame, CardChoiceFrame, SideFrame
from ..machine import push
from ..occupancy import occupant
from ..rules import Rules
from ..state import AUSTRIAN, PL, State
from ..tracks import because, change_morale, change_vp, log
from .primitives import (
    attacking_units,
    before_resolve,
    bp_card,
    can_move_group,
    card_name,
    fortification_card,
    into_battle_card,
    loss_card,
    mob_types,
    mobilize_areas,
    mobilize_free,
    mobilize_room,
    move_group,
    negotiation_free,
    next_relief,
    pool_to_mob_card,
    relief_event,
    remove_from_game,
    remove_step,
    round_of,
    shift_stance,
    stance_of,
    track_card,
)

# ZURL #1 Proclamation of the Ukrainian National Rada
register("rada-proclamation", track_card("rada-proclamation", "morale", +1))

# ZURL #2 Assault Platoon — up to 4 Units, a free Move; may contest or join a pending battle (FAQ).
register("assault-platoon", CardEffect(
    playable=lambda r, s, side: can_move_group(r, s, side, "move", ("plain", "enter", "attack")),
    apply=lambda r, s, side: move_group(r, s, side, "assault-platoon", mode="move", max_units=4),
))

# ZURL #3 Heroic Defense — as if the area had a Redoubt, Villages included (FAQ).


def _heroic_playable(rules: Rules, state: State, f: BattleFrame, side: Side) -> bool:
    has_redoubt = state.redoubts.get(f["area"]) == side or f["area"] == "cytadela" or f.get("redoubt")
    return side == f["defender"] and before_resolve(f) and not has_redoubt


def _heroic_apply(rules: Rules, state: State, f: BattleFrame, side: Side) -> None:
    f["redoubt"] = True
    log(state, N_("{who} fights in {area_name} as if it had a Redoubt: each attacking unit −1 Strength, no bonus for several sides ({why})."),
        say={"who": side, "area_name": rules.area_name(f["area"]), "why": card_name(rules, "heroic-defense")})


register("heroic-defense", CardEffect(battle_playable=_heroic_playable, battle_apply=_heroic_apply))

# ZURL #4 Hutsul Sotnia
register("hutsul-sotnia", bp_card("hutsul-sotnia", 1))

# ZURL #5 Searches and Arrests — PL Morale −1 (at its bottom, Destruction instead, §8).
register("searches-and-arrests", track_card("searches-and-arrests", "morale", -1, whom="opponent"))

# ZURL #6 Accurate Fire — any battle, while ZURL occupies one of the heights (FAQ).
HEIGHTS = ("wysoki-zamek", "gora-sw-jacka", "zniesienie")
register("accurate-fire", bp_card(
    "accurate-fire", 2, condition=lambda r, s, f, side: any(occupant(r, s, a) == side for a in HEIGHTS),
))

# ZURL #7 Iwan Gonta's Plot
register("iwan-gontas-plot", loss_card("iwan-gontas-plot", own=2))

# ZURL #8 Mobilization in Eastern Galicia
register("east-galician-mobilization", pool_to_mob_card("east-galician-mobilization", "v", 3))

# ZURL #9 Collective Responsibility — 2 PL Units in the Mobilization Zone leave the game (Example
# of Battles: played after the battle thanks to Ammunition).


def _collective_apply(rules: Rules, state: State, f: BattleFrame, side: Side) -> None:
    remove_step(rules, state, side, "collective-responsibility", PL, 2)


register("collective-responsibility", CardEffect(
    battle_playable=lambda r, s, f, side: bool(mob_types(s, PL)),
    battle_apply=_collective_apply,
    after_battle=True,
))

# ZURL #10 Trucks — as PL #8 (FAQ).
register("trucks", into_battle_card("trucks"))

# ZURL #11 Railway Sabotage — the next PL Relief 1 round later, within the game.


def _sabotage_playable(rules: Rules, state: State, side: Side) -> bool:
    entry = next_relief(state, PL)
    return entry is not None and entry["round"] + 1 <= len(rules.scenario.time_track)


def _sabotage_apply(rules: Rules, state: State, side: Side) -> None:
    entry = next_relief(state, PL)
    assert entry is not None  # playable only while PL has a Relief to come
    old = entry["round"]
    entry["round"] = old + 1
    log(state, N_("The next PL Relief ({units}) is delayed from {from_round} to {to_round} ({why})."),
        say={"units": ((entry["unit"], entry["count"]),), "from_round": round_of(rules, old), "to_round": round_of(rules, old + 1), "why": card_name(rules, "railway-sabotage")})


register("railway-sabotage", CardEffect(playable=_sabotage_playable, apply=_sabotage_apply))

# ZURL #12 Positional Fights
register("positional-fights", fortification_card("positional-fights"))

# ZURL #13 Blockade of the City
register("blockade-of-the-city", track_card("blockade-of-the-city", "supply", -1, whom="opponent"))

# ZURL #14 Ukrainian Youth of Lwów — up to 2 Volunteers into City or Suburb areas, free.
CITY_SUBURB = ("city", "suburb")
register("ukrainian-youth", CardEffect(
    playable=lambda r, s, side: bool(s.mob[side].get("zurl-volunteer")) and bool(mobilize_areas(r, s, side, CITY_SUBURB)),
    apply=lambda r, s, side: mobilize_free(r, s, side, 2, "ukrainian-youth", codes=("v",), terrains=CITY_SUBURB),
))

# ZURL #15 Artillery from Winniki — 2 Losses as with an Artillery token (Destruction, Truce).


def _pl_areas(rules: Rules, state: State) -> list[str]:
    return sorted(a for a in state.units if occupant(rules, state, a) == PL)


def _artillery_playable(rules: Rules, state: State, side: Side) -> bool:
    return any(occupant(rules, state, a) == side for a in ("winniki", "lesienice")) and bool(_pl_areas(rules, state))


def _artillery_apply(rules: Rules, state: State, side: Side) -> None:
    why = card_name(rules, "artillery-from-winniki")
    prompt = f"{side}: choose an area PL occupies for the guns to fire on ({why})"
    push(state, CardChoiceFrame(kind="card-winniki-guns", side=side, effect="artillery-from-winniki", prompt=prompt))


def _artillery_fire(rules: Rules, state: State, f: CardChoiceFrame, action: Artillery) -> None:
    """Fired as an Artillery token is (orders.py): 2 Losses, Destruction in a City area, the
    Truce broken (FAQ)."""
    from ..orders import _artillery_apply as fire

    log(state, N_("{who} guns at Winniki and Lesienice fire as an Artillery token ({why})."), say={"who": f["side"], "why": card_name(rules, "artillery-from-winniki")})
    fire(rules, state, SideFrame(kind="artillery", side=f["side"]), action)


card_question("card-winniki-guns", lambda r, s, f: [Artillery.of(a) for a in _pl_areas(r, s)], _artillery_fire)
register("artillery-from-winniki", CardEffect(playable=_artillery_playable, apply=_artillery_apply))

# ZURL #16 Komańcza Republic (Event, benefits PL) — 2 ZURL Volunteers leave the game.


def _komancza_playable(rules: Rules, state: State, side: Side) -> bool:
    return state.pool[side].get("zurl-volunteer", 0) + state.mob[side].get("zurl-volunteer", 0) >= 2


def _komancza_apply(rules: Rules, state: State, side: Side) -> None:
    why = card_name(rules, "komancza-republic")
    from_pool = min(2, state.pool[side].get("zurl-volunteer", 0))
    remove_from_game(rules, state, side, "zurl-volunteer", from_pool, "pool", why)
    remove_from_game(rules, state, side, "zurl-volunteer", 2 - from_pool, "mob", why)


register("komancza-republic", CardEffect(playable=_komancza_playable, apply=_komancza_apply))

# ZURL #17 Fights for Przemyśl — the next PL Relief loses 2 Units, keeping at least 1.


def _przemysl_apply(rules: Rules, state: State, side: Side) -> None:
    entry = next_relief(state, PL)
    assert entry is not None  # playable only while PL has a Relief to come
    cut = min(2, entry["count"] - 1)
    entry["count"] -= cut
    log(state, N_("The next PL Relief, due in {due_round}, loses {units}: {count} will come ({why})."),
        say={"due_round": round_of(rules, entry["round"]), "units": ((entry["unit"], cut),), "count": entry["count"], "why": card_name(rules, "fights-for-przemysl")})


register("fights-for-przemysl", CardEffect(
    playable=lambda r, s, side: (e := next_relief(s, PL)) is not None and e["count"] > 1,
    apply=_przemysl_apply,
))

# ZURL #18 Women Volunteer Legion (Event, benefits PL) — PL places 2 of its Volunteers (FAQ).
register("women-volunteer-legion", CardEffect(
    playable=lambda r, s, side: s.mob[PL].get("pl-volunteer", 0) >= 2 and mobilize_room(r, s, PL) >= 2,
    apply=lambda r, s, side: mobilize_free(r, s, PL, 2, "women-volunteer-legion", codes=("v",), must=True),
))

# ZURL #19 Ambush
register("ambush", bp_card("ambush", 1, as_role="defender", extra_loss_to="enemy"))

# ZURL #20 Entente Mission (Event, benefits PL) — 2 Soldiers, next round.
register("entente-mission", relief_event("entente-mission", "s", 2, 1))

# ZURL #21 Sich Riflemen Storm
register("sich-riflemen-storm", bp_card(
    "sich-riflemen-storm", 2, as_role="attacker",
    condition=lambda r, s, f, side: attacking_units(r, s, f).get("sich-rifleman", 0) > 0,
))

# ZURL #22 Krakow to the Relief of Lviv (Event, benefits PL) — 4 Soldiers, 2 rounds on.
register("krakow-to-the-relief", relief_event("krakow-to-the-relief", "s", 4, 2))

# ZURL #23 Requisitions in the Villages
register("village-requisitions", track_card(
    "village-requisitions", "supply", +1,
    requires=lambda r, s, side: any(occupant(r, s, a) == side for a in r.villages),
))

# ZURL #24 Captured Depots — ZURL Supply +1 (§7.2 gives token-taking cards to PL only,
# ruling:token-cards).
register("captured-depots", track_card("captured-depots", "supply", +1))

# ZURL #25 Viceroy Huyn — the Austro-Hungarian marker 1 step toward ZURL; from Neutral ZURL may
# skip Disarmament (FAQ); it is the turn's Negotiation.
_AUSTRIANS_TOWARD_ZURL = {"disarmed-PL": "neutral", "neutral": "disarmed-ZURL", "disarmed-ZURL": "ally-ZURL"}


def _huyn_apply(rules: Rules, state: State, side: Side) -> None:
    state.turn.negotiation = True
    here = stance_of(rules, state, AUSTRIAN)
    assert here is not None  # playable only where the Austro-Hungarians have a track
    if here == "neutral":
        prompt = f"{side}: disarm the Austro-Hungarians, or ally with them at once ({card_name(rules, 'viceroy-huyn')})"
        push(state, CardChoiceFrame(kind="card-huyn", side=side, effect="viceroy-huyn", prompt=prompt))
    else:
        shift_stance(rules, state, AUSTRIAN, _AUSTRIANS_TOWARD_ZURL[here], side, card_name(rules, "viceroy-huyn"))


def _huyn_choose(rules: Rules, state: State, f: CardChoiceFrame, action: Disarm | Ally) -> None:
    stance = "disarmed-ZURL" if isinstance(action, Disarm) else "ally-ZURL"
    shift_stance(rules, state, AUSTRIAN, stance, f["side"], card_name(rules, "viceroy-huyn"))


card_question("card-huyn", lambda r, s, f: [Disarm.of(), Ally.of()], _huyn_choose)
register("viceroy-huyn", CardEffect(
    playable=lambda r, s, side: negotiation_free(s) and stance_of(r, s, AUSTRIAN) in _AUSTRIANS_TOWARD_ZURL,
    apply=_huyn_apply,
))

# ZURL #26 Stefan Stec Flies to Warsaw (Event, benefits PL) — PL Morale +1; 1 VP if PL Morale
# was on the second-to-last or last space before the shift (FAQ).


def _stec_apply(rules: Rules, state: State, side: Side) -> None:
    hi = rules.morale_range[1]
    near_top = state.morale[PL] >= hi - 1
    change_morale(rules, state, PL, +1, card_name(rules, "stefan-stec-flies-to-warsaw"))
    if near_top:
        change_vp(rules, state, PL, 1, because(N_("{reason}: PL Morale at the top of its track"), reason=card_name(rules, "stefan-stec-flies-to-warsaw")))


register("stefan-stec-flies-to-warsaw", CardEffect(apply=_stec_apply))
