"""Flow of the game (§5): deployment, the Initial Phase (HQ, Commander, Relief, Event), Orders,
Battle, End of Turn (tokens, cards), End of Round (attrition, truce, time) and End of Stage
(scoring, reinforcements), and the automatic victories checked on the way (§3)."""

from __future__ import annotations

from dataclasses import replace

from ..data.models import Side
from ..i18n import N_
from . import prompts
from .actions import HQ as PlaceHQ
from .actions import Action, Attrition, Change, Collect, Discard, Draw, EventCard, Extra, Keep, Place, Relief, TakeCommander
from .cards import discard_card, draw_cards, effect_of
from .commanders import ability, commander_card
from .events import event
from .frames import AttritionFrame, CollectFrame, CommanderFrame, DeployFrame, DeployItem, ReliefFrame, SideFrame
from .losses import unit_leaves
from .machine import pop, procedure, push
from .negotiation import enter_area
from .notation import token_title, type_for
from .occupancy import (
    add_units,
    count,
    occupant,
    occupied_areas,
    remove_units,
    side_units,
    snapshot,
    total,
)
from .outcome import Termination
from .rules import Rules
from .scoring import check_lead, check_supply_cut, reinforce, score_stage
from .state import CODE, HQ, PL, SIDES, ZURL, State, Token, TurnState, other
from .tracks import because, change_morale, end_game, log
from .upkeep import checkpoint

# ------------------------------------------------------------------------------------ phases


def next_phase(rules: Rules, state: State) -> None:
    PHASES[state.phase](rules, state)


def _setup(rules: Rules, state: State) -> None:
    state.phase = "begin-turn"
    if rules.scenario.deployment == "free":
        first = rules.scenario.deploys_first or PL
        for side in (other(first), first):  # pushed in reverse: the first deploys first
            todo = [
                DeployItem(unit=d.unit, count=d.count, zone=d.zone, areas=list(d.areas))
                for d in rules.scenario.sides[side].free_deployment
            ]
            push(state, DeployFrame(kind="deploy", side=side, todo=todo))
        state.phase = "after-deploy"


def _after_deploy(rules: Rules, state: State) -> None:
    state.strategic_holder = {a: occupant(rules, state, a) for a in state.strategic}
    state.phase = "begin-turn"


def _begin_turn(rules: Rules, state: State) -> None:
    side = state.active
    state.turn = TurnState()
    date = rules.scenario.time_track[state.round - 1]
    event(state, "turn", N_("— Round {round_no} ({date}), {side} turn —"), side=side, say={"round_no": state.round, "date": date})
    _restore_commander(rules, state, side)
    commander = rules.commanders.get(state.commander[side] or "")
    state.turn.ap = commander.ap if commander and state.commander_status[side] == "ok" else 0
    arrivals = _relief_arrives(rules, state, side)
    state.phase = "orders"
    if _event_options(rules, state, side):
        push(state, SideFrame(kind="event", side=side))
    else:
        _say_no_event(rules, state, side)
    if any(state.relief_waiting.get(side, {}).values()):
        push(state, ReliefFrame(kind="relief", side=side))
    push(state, CommanderFrame(kind="commander", side=side, offered=arrivals))
    if state.mob[side].get(HQ[side]) and state.commander[side] and _hq_areas(rules, state, side):
        push(state, SideFrame(kind="hq", side=side))


def _orders(rules: Rules, state: State) -> None:
    state.phase = "battle"
    push(state, SideFrame(kind="orders", side=state.active))


def _battle(rules: Rules, state: State) -> None:
    state.phase = "end-turn"
    push(state, SideFrame(kind="battle-phase", side=state.active))


def _end_turn(rules: Rules, state: State) -> None:
    side = state.active
    state.phase = "after-turn"
    commander_ok = state.commander[side] and state.commander_status[side] == "ok"
    if commander_ok:
        push(state, SideFrame(kind="draw", side=side))
    if ability(rules, state, side) == "extra-provisioning":
        push(state, SideFrame(kind="collect-extra", side=side))
    choices = [] if state.turn.evacuated else collect_automatic(rules, state, side)  # Evacuation took them
    if choices:
        push(state, CollectFrame(kind="collect", side=side, areas=choices))


def _after_turn(rules: Rules, state: State) -> None:
    side = state.active
    if state.battle_used:
        state.battle_deck.extend(state.battle_used)
        state.battle_used.clear()
        state.rng.shuffle(state.battle_deck)
    check_lead(rules, state)
    if "supply-cut-winniki" in rules.scenario.automatic_victories:
        check_supply_cut(rules, state)
    if state.over:
        return
    if state.turn_index == 0:
        state.turn_index = 1
        state.active = other(side)
        state.phase = "begin-turn"
    else:
        state.phase = "end-round"


def _end_round(rules: Rules, state: State) -> None:
    """§5.1 End of the Round: Attrition first; the Truce (§8) is judged after it, since an
    Attrition Loss is an "action that cause Losses" in the Round."""
    state.phase = "after-round"
    held = snapshot(rules, state)  # contested: units of both sides
    both = [area for area in sorted(held) if held[area][0] and held[area][1]]
    queue = [(side, area) for side in (ZURL, PL) for area in both]
    if queue:
        push(state, AttritionFrame(kind="attrition", queue=queue))


def _after_round(rules: Rules, state: State) -> None:
    checkpoint(rules, state)
    if not state.losses_this_round:
        log(state, N_("Truce: no battle and no losses this round."))
        for side in SIDES:
            change_morale(rules, state, side, +1, N_("truce"))
    state.losses_this_round = False
    if state.round % 4 == 0:
        state.phase = "end-stage"
        return
    _next_round(rules, state)


def _next_round(rules: Rules, state: State) -> None:
    state.round += 1
    state.turn_index = 0
    state.active = state.initiative
    state.phase = "begin-turn"


def _end_stage(rules: Rules, state: State) -> None:
    score_stage(rules, state)
    if state.over:
        return
    if state.stage >= rules.scenario.stages:
        a, b = state.vp[PL], state.vp[ZURL]
        winner = PL if a > b else ZURL if b > a else None
        end_game(state, winner, Termination.END_OF_GAME, because(N_("end of the game: PL {pl} VP, ZURL {zurl} VP"), pl=a, zurl=b))
        return
    reinforce(rules, state)
    state.phase = "next-round"


PHASES = {
    "setup": _setup,
    "after-deploy": _after_deploy,
    "begin-turn": _begin_turn,
    "orders": _orders,
    "battle": _battle,
    "end-turn": _end_turn,
    "after-turn": _after_turn,
    "end-round": _end_round,
    "after-round": _after_round,
    "end-stage": _end_stage,
    "next-round": _next_round,
}

# ------------------------------------------------------------------------ free deployment (§2)



def _deploy_areas(rules: Rules, state: State, side: Side, item: DeployItem) -> list[str]:
    zone = item["zone"]
    if zone == "city":
        pool = [a for a, t in rules.terrain.items() if t == "city"]
    elif zone == "village":
        pool = list(rules.villages)
    elif zone == "listed":
        pool = item["areas"]
    else:  # other villages: those not in the side's listed areas
        listed = {a for d in rules.scenario.sides[side].free_deployment for a in d.areas}
        pool = [a for a in rules.villages if a not in listed]
    held = {a for a in state.strategic if count(rules, state, a, side)}
    out = []
    for a in sorted(pool):
        if total(state, a) >= rules.limit[a] or count(rules, state, a, other(side)):
            continue
        if a in state.strategic and a not in held and len(held) >= state.morale[side]:
            continue  # FAQ: no more Strategic Areas than the Morale level
        out.append(a)
    return out


def _deploy_legal(rules: Rules, state: State, f: DeployFrame) -> list[Place]:
    item = f["todo"][0]
    code = CODE[item["unit"]]
    return [Place.of(a, code) for a in _deploy_areas(rules, state, f["side"], item)]


def _deploy_apply(rules: Rules, state: State, f: DeployFrame, action: Place) -> None:
    area = action.area
    item = f["todo"][0]
    side = f["side"]
    add_units(state, area, {item["unit"]: 1})
    state.pool[side][item["unit"]] -= 1
    item["count"] -= 1
    log(state, N_("{side} deploys {one_unit} in {area_name}."), side=side, area=area, say={"one_unit": item["unit"], "area_name": rules.area_name(area)})
    if item["count"] == 0:
        f["todo"].pop(0)
    if not f["todo"]:
        pop(state, f)


procedure(
    "deploy",
    decision="deploy",
    prompt=prompts.deploy,
    legal=_deploy_legal,
    apply=_deploy_apply,
    section="§2",
)

# ------------------------------------------------------------------- Initial Phase: HQ (§5.1, §11)


def _restore_commander(rules: Rules, state: State, side: Side) -> None:
    status = state.commander_status[side]
    if status == "dispersed":
        state.commander_status[side] = "ok"
        name = commander_card(rules, state, side).name
        log(state, N_("{who}: {commander} returns to command."), say={"who": side, "commander": name})
    elif status == "killed":
        if state.commander_deck[side]:
            new = state.commander_deck[side].pop()
            state.commander[side] = new
            state.commander_status[side] = "ok"
            state.revealed = True
            name = rules.commanders[new].name
            log(state, N_("{who} draws a new Commander: {commander} (no Morale change, FAQ)."), say={"who": side, "commander": name})
        else:
            state.commander_status[side] = "none"
            log(state, N_("{who} has no Commander left: no base AP and no cards (§11 No Leader)."), say={"who": side})


def _hq_areas(rules: Rules, state: State, side: Side) -> list[str]:
    return [a for a in sorted(occupied_areas(rules, state, side)) if total(state, a) < rules.limit[a]]


procedure(
    "hq",
    decision="hq",
    prompt=prompts.hq,
    legal=lambda r, s, f: [PlaceHQ.of(a) for a in _hq_areas(r, s, f["side"])],
    apply=lambda r, s, f, a: _place_hq(r, s, f, a.area),
    section="§5.1 [1] 1, §11",
)


def _place_hq(rules: Rules, state: State, f: SideFrame, area: str) -> None:
    side = f["side"]
    state.mob[side][HQ[side]] -= 1
    add_units(state, area, {HQ[side]: 1})
    log(state, N_("{side} HQ placed in {area_name}."), side=side, area=area, say={"area_name": rules.area_name(area)})
    pop(state, f)
    checkpoint(rules, state)


# -------------------------------------------------------------- Initial Phase: Commander (§11)


def _commander_legal(rules: Rules, state: State, f: CommanderFrame) -> list[Action]:
    side = f["side"]
    out: list[Action] = [Keep.of()]
    if state.commander_deck[side] and state.commander[side]:
        out.append(Change.of())
    out += [TakeCommander.of(c) for c in f["offered"]]
    return out


def _commander_apply(rules: Rules, state: State, f: CommanderFrame, action: Action) -> None:
    side = f["side"]
    if isinstance(action, Keep):
        for c in f["offered"]:  # a relief Commander not taken joins the Commander deck
            state.commander_deck[side].append(c)
            state.rng.shuffle(state.commander_deck[side])
        pop(state, f)
        return
    if isinstance(action, TakeCommander):
        new = action.commander
        f["offered"].remove(new)
    else:  # Change
        new = state.commander_deck[side].pop()
        state.revealed = True
    change_commander(rules, state, side, new)


def change_commander(rules: Rules, state: State, side: Side, new: str) -> None:
    """Replace the Commander; the old one leaves the game (FAQ). Morale (§8): −1 after a won
    battle or before any battle, +1 after a lost one, −1 for a second change in the turn."""
    old = state.commander[side]
    state.commander[side] = new
    commander = rules.commanders[new]
    if state.commander_status[side] == "none":  # §11 No Leader: a relief Commander replaces nobody
        state.commander_status[side] = "ok"
        state.turn.ap = commander.ap
        log(state, N_("{who}: {commander} takes command (no Commander to replace: no Morale change)."), say={"who": side, "commander": commander.name})
        if state.mob[side].get(HQ[side]) and _hq_areas(rules, state, side):
            push(state, SideFrame(kind="hq", side=side))  # §5.1 [1] 1: the HQ comes back with him
        return
    state.turn.commander_changes += 1
    log(state, N_("{who} changes Commander: {old} → {commander}."), say={"who": side, "old": rules.commanders[old].name if old else "—", "commander": commander.name})
    if state.turn.commander_changes > 1:
        change_morale(rules, state, side, -1, because(N_("{nth} change of Commander this turn"), nth=state.turn.commander_changes))
    elif state.last_battle[side] == "lost":
        change_morale(rules, state, side, +1, N_("new Commander after a lost battle"))
    else:
        change_morale(rules, state, side, -1, N_("Commander changed after a victory or before any battle"))
    if state.commander_status[side] == "ok":
        state.turn.ap = commander.ap  # the change comes before any other source of AP


procedure(
    "commander",
    decision="commander",
    prompt=prompts.commander,
    legal=_commander_legal,
    apply=_commander_apply,
    section="§11",
)

# ------------------------------------------------------------------- Initial Phase: Relief (§10)


def _relief_arrives(rules: Rules, state: State, side: Side) -> list[str]:
    commanders = []
    for entry in [r for r in state.relief if r["side"] == side and r["round"] == state.round]:
        state.relief.remove(entry)
        available = state.pool[side].get(entry["unit"], 0)
        n = min(entry["count"], available)
        state.pool[side][entry["unit"]] = available - n
        waiting = state.relief_waiting.setdefault(side, {})
        waiting[entry["unit"]] = waiting.get(entry["unit"], 0) + n
        log(state, N_("{who} Relief arrives: {counted} (pool short by {short}).") if n < entry["count"] else N_("{who} Relief arrives: {counted}."),
            say={"who": side, "counted": (entry["unit"], n), "short": entry["count"] - n})
        if entry.get("commander"):
            commanders.append(entry["commander"])
            log(state, N_("{commander} arrives with the Relief."), say={"commander": rules.commanders[entry["commander"]].name})
    return commanders


def relief_targets(rules: Rules, state: State, side: Side, enemy_start: bool = False) -> dict[str, int]:
    """Areas a Relief may deploy to, with their AP cost (§10, FAQ). ``enemy_start``: the enemy
    held the Starting Area when this deployment began — the Villages 1 or 2 spaces away stay
    open after the first units have made the Starting Area contested (§10 "After that …")."""
    start = rules.data.board.relief_start[side]
    enemy = other(side)
    if enemy_start or occupant(rules, state, start) == enemy:
        out = {start: 0}
        frontier = {start}
        for cost in (1, 2):
            frontier = {n for a in frontier for n in rules.neighbours[a] if n in rules.villages} - set(out)
            for n in frontier:
                out[n] = cost
        return {a: c for a, c in out.items() if total(state, a) < rules.limit[a]}
    seen = {start}
    todo = [start]
    while todo:
        a = todo.pop()
        for n in rules.rail.get(a, ()):
            if n not in seen and occupant(rules, state, n) != enemy:
                seen.add(n)
                todo.append(n)
    return {a: 0 for a in seen if total(state, a) < rules.limit[a]}


def _enemy_start(rules: Rules, state: State, f: ReliefFrame) -> bool:
    start = rules.data.board.relief_start[f["side"]]
    return f.get("enemy_start", False) or occupant(rules, state, start) == other(f["side"])


def _relief_legal(rules: Rules, state: State, f: ReliefFrame) -> list[Relief]:
    side = f["side"]
    waiting = state.relief_waiting.get(side, {})
    out = []
    for utype, n in sorted(waiting.items()):
        for area, cost in sorted(relief_targets(rules, state, side, _enemy_start(rules, state, f)).items()):
            if cost > state.turn.ap:
                continue
            room = rules.limit[area] - total(state, area)
            for k in range(1, min(n, room) + 1):
                out.append(Relief.of(area, ((CODE[utype], k),)))
    out.append(Relief.of())
    return out


def _relief_apply(rules: Rules, state: State, f: ReliefFrame, action: Relief) -> None:
    side = f["side"]
    if action.area is None:
        pop(state, f)
        return
    area = action.area
    ((code, n),) = action.units
    utype = type_for(side, code)
    f["enemy_start"] = _enemy_start(rules, state, f)  # §10: still "after that" once contested
    cost = relief_targets(rules, state, side, f["enemy_start"])[area]
    state.turn.ap -= cost
    state.relief_waiting[side][utype] -= 1 * n
    add_units(state, area, {utype: n})
    log(state, N_("{side} Relief: {counted} to {area_name} ({cost} AP).") if cost else N_("{side} Relief: {counted} to {area_name}."), side=side, area=area,
        say={"counted": (utype, n), "area_name": rules.area_name(area), "cost": cost})
    enter_area(rules, state, side, area, N_("deploys Relief"))  # §13.2: a neutral Militia there turns
    checkpoint(rules, state)
    if not any(state.relief_waiting[side].values()):
        pop(state, f)


procedure(
    "relief",
    decision="relief",
    prompt=prompts.relief,
    legal=_relief_legal,
    apply=_relief_apply,
    section="§10",
)

# -------------------------------------------------------------------- Initial Phase: Event (§5.1)


def _event_options(rules: Rules, state: State, side: Side) -> list[int]:
    out = []
    for n in state.hand[side]:
        card = rules.card(side, n)
        if card.kind != "event":
            continue
        effect = effect_of(rules, side, n)
        if effect is None or effect.playable(rules, state, side):
            out.append(n)
    return sorted(set(out))


def _say_no_event(rules: Rules, state: State, side: Side) -> None:
    """Why the Event step is skipped though the side holds Event cards (§5.1): none of them can
    take effect now. Only that side is told: its hand is secret."""
    held = sorted({n for n in state.hand[side] if rules.card(side, n).kind == "event"})
    if held:
        cards = tuple((side, n, rules.card(side, n).name) for n in held)
        event(state, "note", N_("{side} plays no Event this turn: {card_titles} cannot take effect now."), visible=side, side=side, say={"card_titles": cards})


def _event_apply(rules: Rules, state: State, f: SideFrame, action: EventCard) -> None:
    side = f["side"]
    pop(state, f)
    number = action.card
    if number is None:  # event pass
        return
    card = rules.card(side, number)
    discard_card(state, side, number)
    state.turn.event_played = True
    log(state, N_("{who} plays the Event {card_titles} for {ap} AP; its effect benefits {other}."),
        say={"who": side, "card_titles": ((side, number, card.name),), "ap": card.ap, "other": other(side)})
    effect = effect_of(rules, side, number)
    if effect is not None and effect.apply is not None:
        state.card_effect_counts[f"{side} #{number}"] = state.card_effect_counts.get(f"{side} #{number}", 0) + 1
        effect.apply(rules, state, side)
    state.turn.ap += card.ap
    checkpoint(rules, state)


procedure(
    "event",
    decision="event",
    prompt=prompts.event,
    legal=lambda r, s, f: [EventCard.of(n) for n in _event_options(r, s, f["side"])] + [EventCard.of()],
    apply=_event_apply,
    section="§5.1 [1] 4",
)

# ----------------------------------------------------------------- End of Turn: tokens and cards


def _takeable(state: State, side: Side, area: str) -> list[Token]:
    return [t for t in state.tokens.get(area, []) if t.only in (None, side)]


def token_choices(state: State, side: Side, area: str) -> list[str]:
    labels = {t.label() if t.face_up else "hidden" for t in _takeable(state, side, area)}
    return sorted(labels)


def take_token(rules: Rules, state: State, side: Side, area: str, choice: str) -> None:
    """Take one token from an area into the hand: a face-up one by label, or a random face-down."""
    candidates = [t for t in _takeable(state, side, area) if (t.label() if t.face_up else "hidden") == choice]
    token = candidates[0] if choice != "hidden" else state.rng.choice(candidates)
    if choice == "hidden":
        state.revealed = True
    # by identity: list.remove would take the first *equal* token (Token is a dataclass), leaving
    # the chosen object on the board and in the hand at once
    tokens = state.tokens[area]
    del tokens[next(i for i, t in enumerate(tokens) if t is token)]
    if not tokens:
        del state.tokens[area]
    state.my_tokens[side].append(replace(token, face_up=False))
    event(state, "token", N_("{side} takes a Supply Token from {area_name}.") if choice == "hidden" else N_("{side} takes a Supply Token from {area_name} ({token_label} token)."),
          say={"area_name": rules.area_name(area), "token_label": (choice, token_title(rules.data, choice) if choice != "hidden" else "")},
          side=side, area=area, face_up=choice != "hidden")
    if choice == "hidden":  # what it was, for its owner's eyes only
        event(state, "token", N_("{side} took {token} from {area_name}."), visible=side, side=side, area=area, token=token.label(), say={"area_name": rules.area_name(area)})


def collect_automatic(rules: Rules, state: State, side: Side) -> list[str]:
    """Take the token of every occupied area where there is nothing to choose; return the
    areas where the player must choose."""
    choose = []
    for area in sorted(occupied_areas(rules, state, side)):
        options = token_choices(state, side, area)
        if len(options) == 1:
            take_token(rules, state, side, area, options[0])
        elif options:
            choose.append(area)
    return choose


def _collect_apply(rules: Rules, state: State, f: CollectFrame, action: Collect) -> None:
    area = action.area
    take_token(rules, state, f["side"], area, action.token)
    f["areas"].remove(area)
    if not f["areas"]:
        pop(state, f)


def _extra_legal(rules: Rules, state: State, f: SideFrame) -> list[Extra]:
    areas = sorted(a for a in occupied_areas(rules, state, f["side"]) if token_choices(state, f["side"], a))
    return [Extra.of(a, c) for a in areas for c in token_choices(state, f["side"], a)] + [Extra.of()]


def _extra_apply(rules: Rules, state: State, f: SideFrame, action: Extra) -> None:
    pop(state, f)
    if action.area is not None:  # not "extra pass"
        take_token(rules, state, f["side"], action.area, action.token)


procedure(
    "collect-extra",
    decision="collect",
    prompt=prompts.collect_extra,
    legal=_extra_legal,
    apply=_extra_apply,
    section="§11 (Commander ability)",
)

procedure(
    "collect",
    decision="collect",
    prompt=prompts.collect,
    legal=lambda r, s, f: [Collect.of(a, c) for a in f["areas"] for c in token_choices(s, f["side"], a)],
    apply=_collect_apply,
    section="§5.1 [4] 1",
)


def _draw_apply(rules: Rules, state: State, f: SideFrame, action: Discard | Draw) -> None:
    side = f["side"]
    if isinstance(action, Discard):
        discard_card(state, side, action.card)
        log(state, N_("{side} discards a card."), side)
        return
    commander = commander_card(rules, state, side)
    room = rules.data.tracks.hand_limit - len(state.hand[side])
    before = list(state.hand[side])
    n = draw_cards(rules, state, side, max(0, min(commander.cards, room)))
    event(state, "draw", N_("{side} draws {cards_drawn}."), side=side, count=n, say={"cards_drawn": n})
    drawn = list(state.hand[side])
    for card in before:
        drawn.remove(card)
    event(state, "draw", N_("{side} drew {card_numbers}."), visible=side, side=side, cards=drawn, say={"card_numbers": tuple(drawn)})
    pop(state, f)


procedure(
    "draw",
    decision="draw",
    prompt=prompts.draw,
    legal=lambda r, s, f: [*(Discard.of(n) for n in sorted(set(s.hand[f["side"]]))), Draw.of()],
    apply=_draw_apply,
    section="§5.1 [4] 2",
)

# ---------------------------------------------------------------------- End of Round: attrition


def _attrition_legal(rules: Rules, state: State, f: AttritionFrame) -> list[Attrition]:
    side, area = f["queue"][0]
    return [Attrition.of(area, CODE[t]) for t in sorted(side_units(rules, state, area, side))]


def _attrition_apply(rules: Rules, state: State, f: AttritionFrame, action: Attrition) -> None:
    side, area = f["queue"].pop(0)
    utype = type_for(side, action.unit)
    remove_units(state, area, {utype: 1})
    log(state, N_("Attrition: {who} disperses {one_unit} in {area_name}."), area=area, say={"who": side, "one_unit": utype, "area_name": rules.area_name(area)})
    unit_leaves(rules, state, side, utype, "disperse", in_battle=False)
    _drop_settled(rules, state, f)


def _drop_settled(rules: Rules, state: State, f: AttritionFrame) -> None:
    while f["queue"] and not count(rules, state, f["queue"][0][1], f["queue"][0][0]):
        f["queue"].pop(0)
    if not f["queue"]:
        pop(state, f)


procedure(
    "attrition",
    decision="attrition",
    who=lambda r, s, f: f["queue"][0][0],
    prompt=prompts.attrition,
    legal=_attrition_legal,
    apply=_attrition_apply,
    section="§4.2 Attrition",
)
