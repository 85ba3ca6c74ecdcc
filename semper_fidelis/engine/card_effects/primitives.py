"""The building blocks every card effect is made of (issue 4, item 1).

A card's entry in ``pl.py`` / ``zurl.py`` is one ``register(effect_id, ...)`` built from these:

- tracks: :func:`track_card` — move Morale, Supply, VP or Destruction (own or the opponent's);
- units: :func:`pool_to_mob` (pool → Mobilization Zone), :func:`mobilize_free` (free
  Mobilization into occupied areas), :func:`move_group` (a free Move or Assault by the normal
  movement rules — also into a battle as defenders), :func:`place_anywhere` (Wolves),
  :func:`remove_from_game` (to ``state.removed``, for good) and :func:`remove_step`;
- Supply Tokens: :func:`take_tokens` (from the board, outside Provisioning) and
  :func:`discard_tokens`;
- Relief on the Time Track: :func:`relief_event` (a Relief for a side on a later round, playable
  only if that round exists — FAQ) and :func:`next_relief`;
- battle: :func:`bp_card` (+BP), :func:`loss_card` (fewer/more Losses; never changes who won —
  FAQ), :func:`evade_free` (counts as an Evasion: no battle, Truce unbroken — FAQ), and
  ``f["redoubt"]`` (fought as if the area had a Redoubt);
- the Negotiation Track: :func:`shift_stance` (with disarmament of the Austro-Hungarians).

A choice a card asks of its player is a frame kind of its own (``frames.CardFrame``: ``card-group``,
``card-take``, …), registered with ``cards.card_question`` next to the block that pushes it: its legal
actions and their effect together. The generic questions live here; a unique card adds its own.

Conventions. ``side`` in ``playable``/``apply`` is the player who plays the card; an Event's
effect benefits ``other(side)``. Destruction deltas follow ``tracks.change_destruction``: +1
moves the marker down the track (worse), −1 up (better). Every effect is logged in plain words;
a log line never names a face-down token (the log is shown to both players).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

from ...data.models import Side
from ...i18n import N_
from .. import negotiation
from ..actions import Action, Barricade, DiscardToken, Done, From, Mobilize, Redoubt, RemoveUnit, TakeToken, To, Units, group_text
from ..battle import evade_firsts, groups_of, start_battle
from ..cards import CardEffect, card_question
from ..flow import collect_automatic, take_token, token_choices
from ..frames import (
    BattleFrame,
    CardAnywhereFrame,
    CardDiscardFrame,
    CardFortifyFrame,
    CardGroupFrame,
    CardMobilizeFrame,
    CardRemoveFrame,
    CardTakeFrame,
    CollectFrame,
    EvadeFrame,
    Role,
)
from ..machine import push
from ..notation import parse_units, plural, subsets, type_for, unit_pairs
from ..occupancy import add_units, count, occupant, remove_units, side_units, snapshot, total
from ..orders import land_group, reach
from ..rules import Rules
from ..state import CODE, HQ, PL, TYPE_SIDE, State, Zone, other
from ..tracks import change_destruction, change_morale, change_supply, change_vp, log
from ..upkeep import checkpoint

Check = Callable[[Rules, State, str], bool]

# ------------------------------------------------------------------------------- naming and logs



def card_name(rules: Rules, effect_id: str) -> str:
    for deck in rules.cards.values():
        for card in deck.values():
            if card.effect_id == effect_id:
                return card.name
    return effect_id


# ------------------------------------------------------------------------------------- tracks


def can_change(rules: Rules, state: State, side: Side, track: str, delta: int) -> bool:
    """Whether moving ``track`` by ``delta`` would change anything (FAQ: an effect that cannot
    be carried out cannot be played)."""
    if track == "morale":
        lo, hi = rules.morale_range
        if delta > 0:
            return state.morale[side] < hi
        return state.morale[side] > lo or (side == PL and rules.has_destruction)  # §8: into Destruction
    if track == "supply":
        lo, hi = rules.supply_range
        return state.supply[side] < hi if delta > 0 else state.supply[side] > lo
    if track == "destruction":
        if state.destruction is None:
            return False
        return state.destruction > 0 if delta < 0 else True
    return True  # vp


def change_track(rules: Rules, state: State, side: Side, track: str, delta: int, reason: str) -> None:
    if track == "morale":
        change_morale(rules, state, side, delta, reason)
    elif track == "supply":
        change_supply(rules, state, side, delta, reason)
    elif track == "vp":
        change_vp(rules, state, side, delta, reason)
    else:
        change_destruction(rules, state, delta, reason)


def track_card(effect_id: str, track: str, delta: int, whom: str = "own", requires: Check | None = None) -> CardEffect:
    """Move one track of the player (``whom="own"``) or of his opponent by ``delta``."""

    def target(side: Side) -> Side:
        return side if whom == "own" else other(side)

    def playable(rules: Rules, state: State, side: Side) -> bool:
        return (requires is None or requires(rules, state, side)) and can_change(rules, state, target(side), track, delta)

    def apply(rules: Rules, state: State, side: Side) -> None:
        change_track(rules, state, target(side), track, delta, card_name(rules, effect_id))

    return CardEffect(playable=playable, apply=apply)


# ------------------------------------------------------------------------ units: pool and zones


def pool_to_mob(rules: Rules, state: State, side: Side, utype: str, n: int, why: str) -> int:
    """Move up to ``n`` units from the pool to the side's Mobilization Zone (§6.2)."""
    have = state.pool[side].get(utype, 0)
    k = min(n, have)
    state.pool[side][utype] = have - k
    state.mob[side][utype] = state.mob[side].get(utype, 0) + k
    log(state, N_("{who} adds {units} from the pool to its Mobilization Zone ({why}) (the pool held only {k}).") if k < n
        else N_("{who} adds {units} from the pool to its Mobilization Zone ({why})."), say={"who": side, "units": ((utype, k),), "why": why, "k": k})
    return k


def pool_to_mob_card(effect_id: str, code: str, n: int) -> CardEffect:
    def playable(rules: Rules, state: State, side: Side) -> bool:
        return state.pool[side].get(type_for(side, code), 0) > 0

    def apply(rules: Rules, state: State, side: Side) -> None:
        pool_to_mob(rules, state, side, type_for(side, code), n, card_name(rules, effect_id))

    return CardEffect(playable=playable, apply=apply)


def remove_from_game(rules: Rules, state: State, owner_key: Zone, utype: str, n: int, source: str, why: str, area: str | None = None) -> None:
    """Take ``n`` units out of the game for good (§6.2: back to the box, never to the pool).
    ``source`` is ``"pool"``, ``"mob"`` or ``"board"`` (then ``area``). ``owner_key`` is the
    side, or ``"neutral"`` for the Jewish Militia and the Austro-Hungarians."""
    if not n:
        return
    if source == "board":
        assert area is not None, "units removed from the board are removed from an area"
        remove_units(state, area, {utype: n})
        where = f"from {rules.area_name(area)}"
    else:
        zone = getattr(state, source)[owner_key]
        zone[utype] = zone.get(utype, 0) - n
        where = N_("from the pool") if source == "pool" else N_("from the Mobilization Zone")
    removed = state.removed.setdefault(owner_key, {})
    removed[utype] = removed.get(utype, 0) + n
    log(state, N_("{units} {where} removed from the game for good ({why}).") if owner_key == "neutral"
        else N_("{who} {units} {where} removed from the game for good ({why})."), area=area, say={"who": owner_key, "units": ((utype, n),), "where": where, "why": why})


def mob_types(state: State, owner_key: Zone) -> list[str]:
    """Unit types in a Mobilization Zone that a card may take (never the HQ: it is the
    Commander, who returns by the Initial Phase rule)."""
    return sorted(t for t, n in state.mob[owner_key].items() if n and t not in HQ.values())


def _remove_options(rules: Rules, state: State, f: CardRemoveFrame) -> list[RemoveUnit]:
    return [RemoveUnit.of(CODE[t]) for t in mob_types(state, f["owner"])]


def _remove_choose(rules: Rules, state: State, f: CardRemoveFrame, action: RemoveUnit) -> None:
    owner = f["owner"]
    assert owner != "neutral"  # cards remove their own side's or the opponent's units
    utype = type_for(owner, action.unit)
    remove_from_game(rules, state, f["owner"], utype, 1, "mob", f["why"])
    if f["left"] > 1 and mob_types(state, f["owner"]):
        f["left"] -= 1
        push(state, f)  # asked again (answered, the frame was popped)


card_question("card-remove", _remove_options, _remove_choose)


def remove_step(rules: Rules, state: State, side: Side, effect_id: str, owner_key: Zone, n: int) -> None:
    """``side`` removes up to ``n`` units of ``owner_key`` in its Mobilization Zone from the game,
    choosing the type when there is a choice."""
    why = card_name(rules, effect_id)
    left = n
    while left and len(mob_types(state, owner_key)) == 1:
        remove_from_game(rules, state, owner_key, mob_types(state, owner_key)[0], 1, "mob", why)
        left -= 1
    if left and mob_types(state, owner_key):
        push(state, CardRemoveFrame(
            kind="card-remove", side=side, effect=effect_id, prompt=f"{side}: choose a {owner_key} unit in the Mobilization Zone to remove from the game",
            owner=owner_key, left=left, why=why,
        ))


# ------------------------------------------------------------------ units: free Mobilization


def mobilize_areas(rules: Rules, state: State, side: Side, terrains: Sequence[str] | None = None) -> list[str]:
    return [
        a for a in sorted(state.units)
        if occupant(rules, state, a) == side and total(state, a) < rules.limit[a]
        and (terrains is None or rules.terrain[a] in terrains)
    ]


def _mobilize_choices(rules: Rules, state: State, side: Side, codes: Sequence[str], terrains: Sequence[str] | None) -> list[Action]:
    have = [c for c in codes if state.mob[side].get(type_for(side, c), 0)]
    return [Mobilize.of(a, c) for a in mobilize_areas(rules, state, side, terrains) for c in have]


def _mobilize_options(rules: Rules, state: State, f: CardMobilizeFrame) -> list[Action]:
    out = _mobilize_choices(rules, state, f["side"], f["codes"], f["terrains"])
    return out if (f["must"] and out) else [*out, Done.of()]


def _mobilize_choose(rules: Rules, state: State, f: CardMobilizeFrame, action: Mobilize | Done) -> None:
    side = f["side"]
    if isinstance(action, Done):
        log(state, N_("{who} stops mobilizing ({reason})."), say={"who": side, "reason": f["why"]})
        return
    area = action.area
    utype = type_for(side, action.unit)
    state.mob[side][utype] -= 1
    add_units(state, area, {utype: 1})
    log(state, N_("{who} mobilizes {one_unit} into {area_name} at no AP cost ({reason})."), area=area, say={"who": side, "one_unit": utype, "area_name": rules.area_name(area), "reason": f["why"]})
    checkpoint(rules, state)
    if f["left"] > 1 and _mobilize_choices(rules, state, side, f["codes"], f["terrains"]):
        f["left"] -= 1
        push(state, f)


card_question("card-mobilize", _mobilize_options, _mobilize_choose)


def mobilize_room(rules: Rules, state: State, side: Side, terrains: tuple[str, ...] | None = None) -> int:
    return sum(rules.limit[a] - total(state, a) for a in mobilize_areas(rules, state, side, terrains))


def mobilize_free(
    rules: Rules, state: State, side: Side, n: int, effect_id: str, *, codes: tuple[str, ...] = ("v",),
    terrains: tuple[str, ...] | None = None, must: bool = False,
) -> None:
    """``side`` mobilizes up to ``n`` units (of the unit ``codes``) from its Mobilization Zone into
    areas it occupies (of ``terrains``), at no AP cost, within the Area Unit Limits (§6.2).
    ``must``: every unit that can be placed must be (no stopping early)."""
    if not _mobilize_choices(rules, state, side, codes, terrains):
        log(state, N_("{who} has nothing to mobilize or no room ({why})."), say={"who": side, "why": card_name(rules, effect_id)})
        return
    why = card_name(rules, effect_id)
    push(state, CardMobilizeFrame(
        kind="card-mobilize", side=side, effect=effect_id, prompt=f"{side}: mobilize up to {plural(n, 'unit')} at no AP cost ({why})",
        codes=list(codes), terrains=list(terrains) if terrains else None, must=must, left=n, why=why,
    ))


# ------------------------------------------------------------ units: a free Move or Assault


def free_reach(
    rules: Rules, state: State, side: Side, origin: str, units: dict[str, int], mode: str,
    kinds: tuple[str, ...] = ("plain", "enter", "attack"), target: str | None = None, alone: bool = False,
    snap: dict[str, Any] | None = None,
) -> dict[To, str]:
    """Destinations of one Move (``mode="move"``) or Assault (``"assault"``) order by the normal
    movement rules (§6.2: up to 3 spaces, only through neutral or own areas, stopping at the
    first enemy area, Area Unit Limits) but paid by a card: the AP cost is ignored, so the
    Village-to-Village extension beyond 3 spaces is not offered. Keys are the ``to`` actions
    (``to dest``, ``to dest via X attack``, ``to dest via X enter``), values the kind. With ``alone``
    (a card's Assault of "up to N Units") no area where other units of the side would have to
    fight along — units inside, a group on its border — is offered (FAQ "Orders – Assault").
    ``snap``: the occupancy snapshot, when the caller searches from many areas of one position."""
    base = 1 if mode == "move" else 2
    leave = 1 if count(rules, state, origin, other(side)) else 0
    out: dict[To, str] = {}
    # AP enough for every destination within 3 spaces (an "enter" costs 1 more), no further
    for key, cost in reach(rules, state, side, origin, units, mode, base + leave + 1, snap).items():
        if target is not None and key.dest != target:
            continue
        if alone and (count(rules, state, key.dest, side) or any(g.side == side for g in state.attacks.get(key.dest, ()))):
            continue
        kind = key.how or "plain"
        if kind in kinds and cost - (kind == "enter") == base + leave:
            out[key] = kind
    return out


def _group_origins(rules: Rules, state: State, side: Side, mode: str, kinds: Sequence[str], target: str | None, then: str | None) -> list[str]:
    snap = snapshot(rules, state)
    out = []
    for a in sorted(state.units):
        if a == target or not count(rules, state, a, side):
            continue
        have = side_units(rules, state, a, side)
        if any(free_reach(rules, state, side, a, {t: 1}, mode, tuple(kinds), target, then == "battle", snap) for t in have):
            out.append(a)
    return out


def _group_options(rules: Rules, state: State, f: CardGroupFrame) -> list[Action]:
    side = f["side"]
    if f["stage"] == "from":
        out: list[Action] = [From.of(a) for a in _group_origins(rules, state, side, f["mode"], f["kinds"], f["target"], f["then"])]
        return out + ([Done.of()] if f["moved"] or not out else [])
    origin = f["origin"]
    assert origin is not None  # chosen at the "from" stage
    if f["stage"] == "units":
        have = side_units(rules, state, origin, side)
        return [
            Units.of(unit_pairs(u)) for u in subsets(have, f["max"])
            if free_reach(rules, state, side, origin, u, f["mode"], tuple(f["kinds"]), f["target"], f["then"] == "battle")
        ]
    assert f["units"] is not None  # chosen at the "units" stage
    units = parse_units(side, f["units"])
    return sorted(free_reach(rules, state, side, origin, units, f["mode"], tuple(f["kinds"]), f["target"], f["then"] == "battle"))


def _group_choose(rules: Rules, state: State, f: CardGroupFrame, action: Done | From | Units | To) -> None:
    side = f["side"]
    if isinstance(action, Done):
        log(state, N_("{who} moves no more units ({reason})."), say={"who": side, "reason": f["why"]})
        return
    if isinstance(action, From):
        f["stage"], f["origin"] = "units", action.area
        push(state, f)
        return
    if isinstance(action, Units):
        f["stage"], f["units"] = "to", group_text(action.units)  # the frame keeps the group's notation
        push(state, f)
        return
    assert f["units"] is not None and f["origin"] is not None  # chosen at the earlier stages
    units = parse_units(side, f["units"])
    dest = commit_group(rules, state, side, f["origin"], units, action, f["why"])
    if f["then"] == "battle":
        log(state, N_("{who} fights at once, as after an Assault ({reason})."), say={"who": side, "reason": f["why"]})
        start_battle(rules, state, dest, side, assault=True)
    elif f["repeat"] and _group_origins(rules, state, side, f["mode"], f["kinds"], f["target"], f["then"]):
        f["stage"], f["moved"], f["origin"], f["units"] = "from", f["moved"] + 1, None, None
        push(state, f)


card_question("card-group", _group_options, _group_choose)


def commit_group(rules: Rules, state: State, side: Side, origin: str, units: dict[str, int], to: To, why: str) -> str:
    """Carry out one free move (see :func:`free_reach`); returns the destination area."""
    remove_units(state, origin, units)
    dest = to.dest
    say = {"who": side, "units": tuple(units.items()), "src": rules.area_name(origin), "into": rules.area_name(dest), "why": why}
    land_group(rules, state, side, units, to, assault=False)  # lined up like a Move: an Assault pays for it
    if to.via is None:
        log(state, N_("{who} moves {units} from {src} to {into} at no AP cost ({why})."), from_area=origin, to_area=dest, say=say)
    elif to.how == "enter":
        log(state, N_("{who} moves {units} from {src} into {into}, which holds enemy units, without a battle, at no AP cost ({why})."),
            from_area=origin, to_area=dest, say=say)
    else:
        log(state, N_("{who} moves {units} from {src} to attack {into} from {via} at no AP cost ({why})."), from_area=origin, to_area=dest,
            say={**say, "via": rules.area_name(to.via)})
    checkpoint(rules, state)
    return dest


def can_move_group(
    rules: Rules, state: State, side: Side, mode: str, kinds: tuple[str, ...], target: str | None = None, then: str | None = None,
) -> bool:
    return bool(_group_origins(rules, state, side, mode, kinds, target, then))


def move_group(
    rules: Rules, state: State, side: Side, effect_id: str, *, mode: Literal["move", "assault"] = "move", max_units: int | None = None,
    kinds: tuple[str, ...] = ("plain", "enter", "attack"), target: str | None = None, then: Literal["battle"] | None = None,
    repeat: bool = False,
) -> None:
    """``side`` gives a free Move (or Assault) order to one group by the normal movement rules:
    pick an area, the units (at most ``max_units``), a destination of ``kinds`` (``target``: only
    that area). ``then="battle"`` resolves the battle at once (as after an Assault);
    ``repeat`` lets further groups follow (until ``done``)."""
    why = card_name(rules, effect_id)
    if not can_move_group(rules, state, side, mode, kinds, target, then):
        log(state, N_("{who} has no units that can move ({reason})."), say={"who": side, "reason": why})
        return
    push(state, CardGroupFrame(
        kind="card-group", side=side, effect=effect_id, prompt=f"{side}: {why} — choose the area, the units and where they go",
        stage="from", mode=mode, max=max_units, kinds=list(kinds), target=target, then=then, repeat=repeat, why=why,
        origin=None, units=None, moved=0,
    ))


# ---------------------------------------------------------------------- units: place anywhere


def _own_unit_sources(rules: Rules, state: State, side: Side) -> list[tuple[str, str]]:
    return [
        (a, t) for a in sorted(state.units) for t, n in sorted(state.units[a].items())
        if n and TYPE_SIDE.get(t) == side
    ]


def _anywhere_targets(rules: Rules, state: State, origin: str) -> list[str]:
    return [a for a in sorted(rules.terrain) if a != origin and total(state, a) < rules.limit[a]]


def _anywhere_options(rules: Rules, state: State, f: CardAnywhereFrame) -> list[From] | list[To]:
    if f["stage"] == "from":
        return [From.of(a, CODE[t]) for a, t in _own_unit_sources(rules, state, f["side"]) if _anywhere_targets(rules, state, a)]
    assert f["origin"] is not None  # chosen at the "from" stage
    return [To.of(a) for a in _anywhere_targets(rules, state, f["origin"])]


def _anywhere_choose(rules: Rules, state: State, f: CardAnywhereFrame, action: From | To) -> None:
    side = f["side"]
    if isinstance(action, From):
        assert action.unit is not None  # this step offers single units
        f["stage"], f["origin"], f["code"] = "to", action.area, action.unit
        push(state, f)
        return
    origin, code, dest = f["origin"], f["code"], action.dest
    assert origin is not None and code is not None  # chosen at the "from" stage
    utype = type_for(side, code)
    remove_units(state, origin, {utype: 1})
    add_units(state, dest, {utype: 1})
    negotiation.enter_area(rules, state, side, dest, N_("places a unit"))  # §13.2: a neutral Militia turns
    enemy = count(rules, state, dest, other(side))
    log(state, N_("{who} places {one_unit} from {src} in {into}, ignoring movement rules ({why}); {into} is now contested, without a battle.") if enemy
        else N_("{who} places {one_unit} from {src} in {into}, ignoring movement rules ({why})."), from_area=origin, to_area=dest,
        say={"who": side, "one_unit": utype, "src": rules.area_name(origin), "into": rules.area_name(dest), "why": f["why"]})
    checkpoint(rules, state)


card_question("card-anywhere", _anywhere_options, _anywhere_choose)


def can_place_anywhere(rules: Rules, state: State, side: Side) -> bool:
    return any(_anywhere_targets(rules, state, a) for a, _ in _own_unit_sources(rules, state, side))


def place_anywhere(rules: Rules, state: State, side: Side, effect_id: str) -> None:
    """Take 1 of ``side``'s units from any area and place it in any other area (limit applies)."""
    why = card_name(rules, effect_id)
    push(state, CardAnywhereFrame(
        kind="card-anywhere", side=side, effect=effect_id, prompt=f"{side}: {why} — choose a unit, then any area", stage="from", why=why,
        origin=None, code=None,
    ))


# -------------------------------------------------------------------------------- Supply Tokens


def token_areas(state: State, side: Side, allowed: Callable[[str], bool]) -> list[str]:
    return sorted(a for a in state.tokens if allowed(a) and token_choices(state, side, a))


def _take_options(rules: Rules, state: State, f: CardTakeFrame) -> list[Action]:
    side, area = f["side"], f["area"]
    areas = [area] if area else f["areas"]
    out: list[Action] = [TakeToken.of(a, c) for a in areas if a in state.tokens for c in token_choices(state, side, a)]
    return out + ([Done.of()] if area or not out else [])


def _take_choose(rules: Rules, state: State, f: CardTakeFrame, action: TakeToken | Done) -> None:
    side = f["side"]
    if isinstance(action, Done):
        log(state, N_("{who} takes no more tokens ({reason})."), say={"who": side, "reason": f["why"]})
        return
    area = action.area
    take_token(rules, state, side, area, action.token)
    log(state, N_("({who} took it with {why}, outside Provisioning.)"), say={"who": side, "why": f["why"]})
    if f["left"] > 1 and area in state.tokens and token_choices(state, side, area):
        f["area"], f["left"] = area, f["left"] - 1
        push(state, f)


card_question("card-take", _take_options, _take_choose)


def take_tokens(rules: Rules, state: State, side: Side, effect_id: str, areas: list[str], n: int) -> None:
    """``side`` takes up to ``n`` Supply Tokens from one of ``areas`` into its hand; they may be
    used this turn within the normal limits (FAQ "Supply Token")."""
    why = card_name(rules, effect_id)
    push(state, CardTakeFrame(
        kind="card-take", side=side, effect=effect_id, prompt=f"{side}: take up to {n} Supply Tokens from one area ({why})",
        areas=list(areas), area=None, left=n, why=why,
    ))


def evacuate(rules: Rules, state: State, side: Side, effect_id: str) -> None:
    """Take 1 token from each occupied area now instead of in the End of Turn Phase (which then
    takes none); it does not lift the limits on using tokens (FAQ)."""
    state.turn.evacuated = True
    log(state, N_("{who} collects its Supply Tokens now, in the Orders Phase; it will take none at the End of Turn ({why})."), say={"who": side, "why": card_name(rules, effect_id)})
    choices = collect_automatic(rules, state, side)
    if choices:
        push(state, CollectFrame(kind="collect", side=side, areas=choices))


def _discard_options(rules: Rules, state: State, f: CardDiscardFrame) -> list[DiscardToken]:
    return [DiscardToken.of(label) for label in sorted({t.label() for t in state.my_tokens[f["side"]]})]


def _discard_choose(rules: Rules, state: State, f: CardDiscardFrame, action: DiscardToken) -> None:
    side = f["side"]
    label = action.token
    token = next(t for t in state.my_tokens[side] if t.label() == label)
    state.my_tokens[side].remove(token)
    state.token_pool.append(token)
    log(state, N_("{who} discards a Supply Token ({reason})."), say={"who": side, "reason": f["why"]})
    if f["left"] > 1 and state.my_tokens[side]:
        f["left"] -= 1
        push(state, f)


card_question("card-discard", _discard_options, _discard_choose)


def discard_tokens(rules: Rules, state: State, side: Side, effect_id: str, n: int) -> None:
    """``side`` discards ``n`` Supply Tokens of its choice from its hand (back to the pool)."""
    why = card_name(rules, effect_id)
    push(state, CardDiscardFrame(
        kind="card-discard", side=side, effect=effect_id, prompt=f"{side}: discard {n} Supply Tokens of your choice ({why})", left=n, why=why,
    ))


# ------------------------------------------------------------------------------------ Relief


def round_of(rules: Rules, rnd: int) -> tuple[int, str]:
    """A round as a log's field (wording's ``round_label``): its number and its Time Track date
    ('' past the track)."""
    track = rules.scenario.time_track
    return rnd, track[rnd - 1] if 1 <= rnd <= len(track) else ""


def schedule_relief(rules: Rules, state: State, side: Side, unit: str, n: int, rnd: int, why: str) -> None:
    state.relief.append({"side": side, "round": rnd, "unit": unit, "count": n, "commander": None})
    log(state, N_("A {who} Relief of {units} is placed on the Time Track for {due_round}; it arrives at {area_name} (§10) ({why})."),
        say={"who": side, "units": ((unit, n),), "due_round": round_of(rules, rnd), "area_name": rules.area_name(rules.data.board.relief_start[side]), "why": why})


def relief_event(effect_id: str, unit_code: str, n: int, rounds_ahead: int, whom: str = "opponent") -> CardEffect:
    """Place a Relief of ``n`` units for the opponent (an Event) ``rounds_ahead`` rounds after
    the current one; not playable if that round is past the end of the game (FAQ)."""

    def target(side: Side) -> Side:
        return other(side) if whom == "opponent" else side

    def playable(rules: Rules, state: State, side: Side) -> bool:
        return state.round + rounds_ahead <= len(rules.scenario.time_track)

    def apply(rules: Rules, state: State, side: Side) -> None:
        t = target(side)
        schedule_relief(rules, state, t, type_for(t, unit_code), n, state.round + rounds_ahead, card_name(rules, effect_id))

    return CardEffect(playable=playable, apply=apply)


def next_relief(state: State, side: Side) -> dict[str, Any] | None:
    """The side's next Relief still on the Time Track (earliest round)."""
    entries = [r for r in state.relief if r["side"] == side]
    return min(entries, key=lambda r: r["round"]) if entries else None


# -------------------------------------------------------------------------------------- battle


def role(f: BattleFrame, side: Side) -> Role:
    return "a" if side == f["attacker"] else "d"


def before_resolve(f: BattleFrame) -> bool:
    """Still before §9.3 step 6 (Battle Points not yet counted)."""
    return "bp" not in f


def add_bp(rules: Rules, state: State, f: BattleFrame, side: Side, n: int, why: str) -> None:
    f["mods"][role(f, side)] += n
    log(state, N_("{who} gets {n_bp} in {area_name} ({why})."), say={"who": side, "n_bp": n, "area_name": rules.area_name(f["area"]), "why": why})


def change_losses(rules: Rules, state: State, f: BattleFrame, side: Side, delta: int, why: str) -> None:
    """``delta`` < 0: ``side`` takes that many Losses fewer; > 0: more. The winner stays the
    winner (FAQ "Battle": reducing or increasing Loss does not change the outcome)."""
    f["loss_mods"][role(f, side)] -= delta
    n = abs(delta)
    log(state, N_("{who} will take {losses} fewer after the battle ({why}).") if delta < 0 else N_("{who} will take {losses} more after the battle ({why})."),
        say={"who": side, "losses": n, "why": why})


def bp_card(
    effect_id: str, n: int, *, as_role: str | None = None,
    condition: Callable[[Rules, State, BattleFrame, Side], bool] | None = None,
    bonus: Callable[[Rules, State, BattleFrame, Side], int] | None = None, extra_loss_to: str | None = None,
) -> CardEffect:
    """A Special card worth ``n`` Battle Points (``bonus`` computes it instead), playable before the
    Battle Points are counted, as ``as_role`` (``"attacker"``/``"defender"``) or in any battle
    the player fights, if ``condition`` holds. ``extra_loss_to`` (``"self"``/``"enemy"``): that
    side takes 1 more Loss after the battle."""

    def playable(rules: Rules, state: State, f: BattleFrame, side: Side) -> bool:
        if not before_resolve(f):
            return False
        if as_role and side != (f["attacker"] if as_role == "attacker" else f["defender"]):
            return False
        return condition is None or condition(rules, state, f, side)

    def apply(rules: Rules, state: State, f: BattleFrame, side: Side) -> None:
        why = card_name(rules, effect_id)
        add_bp(rules, state, f, side, bonus(rules, state, f, side) if bonus else n, why)
        if extra_loss_to:
            change_losses(rules, state, f, side if extra_loss_to == "self" else other(side), +1, why)

    return CardEffect(battle_playable=playable, battle_apply=apply)


def losses_to_come(f: BattleFrame, side: Side) -> bool:
    """Whether ``side``'s Losses in this battle are still to be taken (§9.4 B: the Attacker's
    first, then the Defender's), so a card changing them still does something."""
    return role(f, side) not in f.get("losses_done", [])


def loss_card(effect_id: str, own: int, enemy: int = 0) -> CardEffect:
    """A Special card that changes Losses after the battle: the player takes ``own`` fewer, his
    opponent ``enemy`` more. Playable in the battle or after it (with Ammunition), while a side
    it changes has not yet taken its Losses; only the part still to come applies."""

    def playable(rules: Rules, state: State, f: BattleFrame, side: Side) -> bool:
        return (own > 0 and losses_to_come(f, side)) or (enemy > 0 and losses_to_come(f, other(side)))

    def apply(rules: Rules, state: State, f: BattleFrame, side: Side) -> None:
        why = card_name(rules, effect_id)
        if own and losses_to_come(f, side):
            change_losses(rules, state, f, side, -own, why)
        if enemy and losses_to_come(f, other(side)):
            change_losses(rules, state, f, other(side), +enemy, why)

    return CardEffect(battle_playable=playable, battle_apply=apply, after_battle=True)


def free_evasion_room(rules: Rules, state: State, f: BattleFrame) -> bool:
    return bool(evade_firsts(rules, state, f))


def evade_free(rules: Rules, state: State, f: BattleFrame, side: Side, why: str) -> None:
    """The defender evades (§9.2) without discarding cards: every unit withdraws to adjacent
    areas as in an Evasion. It counts as an Evasion: no battle, the Truce unbroken (FAQ)."""
    log(state, N_("{who} evades at once, discarding no other card ({reason}); the battle does not take place."), say={"who": side, "reason": why})
    push(state, EvadeFrame(kind="battle-evade", side=side, picked=[], moving=True))


def attacking_units(rules: Rules, state: State, f: BattleFrame) -> dict[str, int]:
    out: dict[str, int] = dict(f["inner"])
    for g in groups_of(state, f):
        for t, n in g.units.items():
            out[t] = out.get(t, 0) + n
    return {t: n for t, n in out.items() if n}


# ------------------------------------------------------------------------- Negotiation Track


def stance_of(rules: Rules, state: State, neutral: str) -> str | None:
    """The space a neutral's marker stands on (None where the scenario has no such track)."""
    return negotiation.stance(rules, state, neutral)


def shift_stance(rules: Rules, state: State, neutral: str, stance: str, side: Side, why: str) -> None:
    """Put a neutral's marker on the space ``stance`` (§13), through negotiation.py so a card and
    the Negotiation order move markers alike. Landing on 'Disarmament by <side>' disarms the
    Austro-Hungarians for ``side`` (§13.2: Supply +1 per unit on the board for the first to
    disarm them, Strength 2 for good)."""
    track = negotiation.track_of(rules, neutral)
    assert track is not None  # a card moves a marker only where the scenario has its track
    index = next(i for i, sp in enumerate(track.spaces) if sp.stance == stance)
    negotiation.move_marker(rules, state, neutral, index, why, disarmed_by=side if stance == f"disarmed-{side}" else None)


# ----------------------------------------------------------------------------- fortifications


def _free_forts(rules: Rules, state: State, side: Side, redoubts: bool) -> list[Action]:
    from ..orders import CYTADELA, fortify_options

    out: list[Action] = sorted(fortify_options(rules, state, side, free=True))
    if redoubts:
        out += [
            Redoubt.of(a) for a in sorted(state.units)
            if occupant(rules, state, a) == side and rules.terrain[a] == "city" and a != CYTADELA and state.redoubts.get(a) != side
        ]
    return out


def _fort_options(rules: Rules, state: State, f: CardFortifyFrame) -> list[Action]:
    out = _free_forts(rules, state, f["side"], redoubts=not f["built"])
    return out + ([Done.of()] if f["built"] or not out else [])


def _fort_choose(rules: Rules, state: State, f: CardFortifyFrame, action: Barricade | Redoubt | Done) -> None:
    side = f["side"]
    if isinstance(action, Done):
        log(state, N_("{who} builds nothing more ({reason})."), say={"who": side, "reason": f["why"]})
        return
    area = action.area
    if isinstance(action, Barricade):
        state.barricades.setdefault(area, []).append((side, action.facing))
        log(state, N_("{who} builds a Barricade in {area_name} facing {facing} at no AP cost ({reason})."), area=area, say={"who": side, "area_name": rules.area_name(area), "facing": rules.area_name(action.facing), "reason": f["why"]})
        if not f["built"] and _free_forts(rules, state, side, redoubts=False):
            f["built"] = 1
            push(state, f)
    else:
        state.redoubts[area] = side
        state.barricades[area] = [(s, x) for s, x in state.barricades.get(area, []) if s != side]
        if not state.barricades[area]:
            del state.barricades[area]
        log(state, N_("{who} builds a Redoubt in {area_name} at no AP cost ({reason})."), area=area, say={"who": side, "area_name": rules.area_name(area), "reason": f["why"]})


card_question("card-fortify", _fort_options, _fort_choose)


def fortification_card(effect_id: str) -> CardEffect:
    """Up to 2 Barricades or 1 Redoubt at no AP cost, by the normal rules (FAQ): Barricades in
    City or Suburb areas the side occupies, one per edge; a Redoubt only in a City area, where it
    replaces the side's Barricades; none in Cytadela, which always has one."""

    def playable(rules: Rules, state: State, side: Side) -> bool:
        return bool(_free_forts(rules, state, side, redoubts=True))

    def apply(rules: Rules, state: State, side: Side) -> None:
        why = card_name(rules, effect_id)
        push(state, CardFortifyFrame(
            kind="card-fortify", side=side, effect=effect_id, prompt=f"{side}: build up to 2 Barricades or 1 Redoubt at no AP cost ({why})",
            built=0, why=why,
        ))

    return CardEffect(playable=playable, apply=apply)


def negotiation_free(state: State) -> bool:
    """A card that is "your Negotiation Order this turn" needs the turn's Negotiation unused (§13.1)."""
    return not state.turn.negotiation


def into_battle_card(effect_id: str) -> CardEffect:
    """Combat Emergency Service / Trucks (FAQ): the Defender moves units within 3 spaces into the
    battle area by the normal movement rules (through neutral or own areas, Area Unit Limit);
    they then defend like the others (Losses, Withdrawal). Before the Battle Points are counted."""

    def playable(rules: Rules, state: State, f: BattleFrame, side: Side) -> bool:
        return side == f["defender"] and before_resolve(f) and can_move_group(rules, state, side, "move", ("plain", "enter"), f["area"])

    def apply(rules: Rules, state: State, f: BattleFrame, side: Side) -> None:
        move_group(rules, state, side, effect_id, mode="move", kinds=("plain", "enter"), target=f["area"], repeat=True)

    return CardEffect(battle_playable=playable, battle_apply=apply)
