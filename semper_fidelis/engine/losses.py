"""Taking Losses (§9.4 B, Loss Table): the owner spends each Loss on Withdrawal, Dispersion or
Break, as many Losses absorbed per unit as the table gives for their Morale band and role.
Also the fate of a dispersed or broken unit, the HQ/Commander included (§11)."""

from __future__ import annotations

from typing import Literal

from ..data.models import Side
from ..i18n import N_
from . import prompts
from .actions import Action, Break, Disperse, Hold, Medicine, Withdraw
from .commanders import commander_card
from .events import event
from .frames import LossesFrame, LossGroup, LossReport
from .machine import pop, procedure, push
from .notation import type_for
from .occupancy import add_units, neutral_militia, occupant, owner, remove_units, total, track_ally
from .rules import Rules
from .state import CODE, HQ, NEUTRAL_TYPES, State
from .tracks import because, change_morale, log, morale_band

#: Losses absorbed by one unit, by (Morale band, role) — the Player Aid's Loss Table.
LOSS_TABLE = {
    ("high", "attacker"): {"disperse": 2, "break": 3},
    ("low", "attacker"): {"disperse": 1, "break": 2},
    ("high", "defender"): {"withdraw": 1, "disperse": 2, "break": 3},
    ("low", "defender"): {"disperse": 2, "break": 3},
}


def _bucket(state: State, key: str, zone: str) -> dict[str, int]:
    """``state.<zone>[key]``: zones are keyed by side, or "neutral" for the neutral forces."""
    bucket: dict[str, int] = getattr(state, zone).setdefault(key, {})
    return bucket


def send_to(state: State, side: Side, zone: str, utype: str, n: int = 1, *, allied: bool = True) -> None:
    # §13: a dispersed allied neutral unit goes back to the neutral Mobilization Zone, from which
    # only its ally of the moment may mobilize it; broken ones count for the ally (§3), unless
    # ``allied`` is false — neutral units that only defended themselves count for nobody
    neutral = utype in NEUTRAL_TYPES and (zone == "mob" or not allied)
    key = "neutral" if neutral else side
    bucket = _bucket(state, key, zone)
    bucket[utype] = bucket.get(utype, 0) + n


def unit_leaves(rules: Rules, state: State, side: Side, utype: str, fate: str, in_battle: bool) -> None:
    """A unit already taken off the board is dispersed (to the Mobilization Zone) or broken.

    The HQ is the Commander: dispersed, his card is face down until the next Initial Phase;
    broken, he is killed (−1 VP at the end, §3). In a battle either costs 1 Morale (§8 "losing
    your Commander during Battle", §11); lost to Artillery or Attrition, none (ruling:hq-lost-outside-battle)."""
    state.losses_this_round = True
    if utype == HQ[side]:
        send_to(state, side, "mob", utype)
        name = commander_card(rules, state, side).name if state.commander.get(side) else N_("the HQ")
        if fate == "disperse":
            state.commander_status[side] = "dispersed"
            log(state, N_("{who} HQ dispersed: {commander} is out of action until the next Initial Phase."), say={"who": side, "commander": name})
            if in_battle:
                change_morale(rules, state, side, -1, N_("HQ dispersed in battle"))
        else:
            commander = rules.commanders.get(state.commander[side] or "")
            state.commander_status[side] = "killed"
            state.fallen[side] += 1
            log(state, N_("{who} HQ broken: {commander} is killed."), say={"who": side, "commander": name})
            if in_battle:
                change_morale(rules, state, side, -1, N_("Commander killed in battle"))
            if in_battle and commander and commander.ability and commander.ability.effect == "extra-morale-loss-when-killed":
                change_morale(rules, state, side, -1, because(N_("{commander} killed (his attribute)"), commander=commander.name))
            state.commander[side] = None
        return
    zone = "mob" if fate == "disperse" else "broken"
    send_to(state, side, zone, utype, allied=utype not in NEUTRAL_TYPES or track_ally(rules, state, utype) == side)


# ----------------------------------------------------------------------------- the loss frame


def start_losses(
    rules: Rules,
    state: State,
    side: Side,
    role: Literal["attacker", "defender", "artillery"],
    losses: int,
    area: str,
    groups: list[LossGroup],
    *,
    protect: bool = False,
    withdraw: bool = True,
    forbidden: tuple[str, ...] = (),
) -> LossesFrame:
    """Push a loss-distribution decision for ``side``."""
    return push(state, LossesFrame(
        kind="losses",
        side=side,
        role=role,
        remaining=losses,
        area=area,
        band=morale_band(rules, state, side),
        groups=groups,
        protect=protect,
        withdraw=withdraw and role == "defender",
        forbidden=list(forbidden),
        broken=0,
        dispersed=0,
        medicine=False,
    ))


def _alive(frame: LossesFrame) -> int:
    return sum(sum(g["units"].values()) for g in frame["groups"])


def withdraw_targets(rules: Rules, state: State, side: Side, area: str, forbidden: list[str]) -> list[str]:
    """Where a defender may withdraw (§9.4): an adjacent area its side occupies with room; only
    when there is none, an adjacent neutral area — never the attacker's origin nor a neutral
    Jewish Militia area."""
    near = [b for b in sorted(rules.neighbours[area]) if not state.attacks.get(b)]  # not awaiting a battle
    own = [b for b in near if occupant(rules, state, b) == side and total(state, b) < rules.limit[b]]
    if own:
        return own
    return [
        b for b in near
        if b not in forbidden
        and occupant(rules, state, b) is None
        and not any(owner(rules, state, t) for t, n in state.units.get(b, {}).items() if n)
        and not neutral_militia(rules, state, b)
        and total(state, b) < rules.limit[b]
    ]


def _extra_withdrawals(rules: Rules, state: State, f: LossesFrame) -> list[Action]:
    """§9.4: once the Losses are taken, a beaten defender may withdraw more units, whatever its
    Morale, when that serves it better (e.g. rather than stay on in a contested area)."""
    out: list[Action] = []
    for g in f["groups"]:
        if g["where"] != "board":
            continue
        targets = withdraw_targets(rules, state, f["side"], g["area"], f["forbidden"])
        for utype, n in sorted(g["units"].items()):
            if n:
                out += [Withdraw.of(CODE[utype], g["label"], dest) for dest in targets]
    return out


def _table(f: LossesFrame) -> dict[str, int]:
    return LOSS_TABLE[(f["band"], "attacker" if f["role"] == "attacker" else "defender")]


def least_to_absorb(f: LossesFrame) -> int:
    """§9.4 B "Players must distribute all Losses": the fewest Losses the next effect must absorb
    so that the units left can still absorb the rest (each at most a Break). When they cannot
    absorb them all, every unit must be broken and only the excess is forgone."""
    most = _table(f)["break"]
    remaining: int = f["remaining"]
    return min(most, remaining - (_alive(f) - 1) * most)


def _options(rules: Rules, state: State, f: LossesFrame) -> list[Action]:
    side = f["side"]
    if f.get("extra"):
        return [*_extra_withdrawals(rules, state, f), Hold.of()]
    table = _table(f)
    least = least_to_absorb(f)
    spare = sum(max(0, sum(g["units"].values()) - 1) for g in f["groups"])
    out: list[Action] = []
    if not f["medicine"] and not f.get("token_used") and f["role"] in ("attacker", "defender"):
        if any(t.kind == "medicine" for t in state.my_tokens[side]):
            out.extend(Medicine.of(label) for label in sorted({t.label() for t in state.my_tokens[side] if t.kind == "medicine"}))
    for g in f["groups"]:
        size = sum(g["units"].values())
        if f["protect"] and size <= 1 and spare > 0:
            continue
        for utype, n in sorted(g["units"].items()):
            if not n:
                continue
            code = CODE[utype]
            if f["withdraw"] and table.get("withdraw", 0) >= least and g["where"] == "board":
                for dest in withdraw_targets(rules, state, side, g["area"], f["forbidden"]):
                    out.append(Withdraw.of(code, g["label"], dest))
            out += [cls.of(code, g["label"]) for cls in (Disperse, Break) if table[cls.VERB] >= least]  # their verbs name the Loss table's columns
    return out


def _losses_legal(rules: Rules, state: State, f: LossesFrame) -> list[Action]:
    return _options(rules, state, f)


def _losses_apply(rules: Rules, state: State, f: LossesFrame, action: Hold | Medicine | Withdraw | Disperse | Break) -> None:
    side = f["side"]
    if isinstance(action, Hold):
        log(state, N_("{who} holds on in {area_name}."),
            say={"who": side, "area_name": rules.area_name(f["area"])})
        _finish(state, f)
        return
    if f.get("extra"):  # a withdrawal by choice, after the Losses (§9.4)
        assert isinstance(action, Withdraw), "only withdrawals are offered after the Losses"
        dest = action.dest
        group = next(g for g in f["groups"] if g["label"] == action.group)
        utype = type_for(side, action.unit)
        group["units"][utype] -= 1
        remove_units(state, group["area"], {utype: 1})
        add_units(state, dest, {utype: 1})
        log(state, N_("{side} withdraws 1 more {unit_name} from {src} to {dest_name} (by choice, §9.4)."), side=side, area=group["area"], to_area=dest,
            say={"unit_name": utype, "src": rules.area_name(group["area"]), "dest_name": rules.area_name(dest)})
        if not _extra_withdrawals(rules, state, f):
            _finish(state, f)
        return
    if isinstance(action, Medicine):
        token = next(t for t in state.my_tokens[side] if t.label() == action.token and t.kind == "medicine")
        state.my_tokens[side].remove(token)
        state.token_pool.append(token)
        f["medicine"] = True
        f["remaining"] -= 1
        log(state, N_("{who} uses Medicine: one Loss fewer ({remaining} left)."), say={"who": side, "remaining": f["remaining"]})
    else:
        verb = action.VERB
        group = next(g for g in f["groups"] if g["label"] == action.group)
        utype = type_for(side, action.unit)
        group["units"][utype] -= 1
        if group["where"] == "board":
            remove_units(state, group["area"], {utype: 1})
        table = _table(f)
        f["remaining"] -= table[verb]
        name = rules.area_name(group["area"])
        if isinstance(action, Withdraw):
            dest = action.dest
            add_units(state, dest, {utype: 1})
            event(state, "loss", N_("{side} withdraws {one_unit} from {area_name} to {dest_name} (1 Loss)."),
                  side=side, unit=utype, fate="withdraw", area=group["area"], to_area=dest, absorbed=1,
                  say={"one_unit": utype, "area_name": name, "dest_name": rules.area_name(dest)})
        else:
            unit_leaves(rules, state, side, utype, verb, in_battle=f["role"] in ("attacker", "defender"))
            f["dispersed" if verb == "disperse" else "broken"] += 1
            event(state, "loss", N_("{side} disperses {one_unit} at {area_name} ({losses}).") if verb == "disperse" else N_("{side} breaks {one_unit} at {area_name} ({losses})."),
                  side=side, unit=utype, fate=verb, area=group["area"], absorbed=table[verb], say={"one_unit": utype, "area_name": name, "losses": table[verb]})
    if f["remaining"] <= 0 or _alive(f) == 0:
        if f["remaining"] > 0:
            log(state, N_("{who}: {further} forgone (no units left)."), say={"who": side, "further": f["remaining"]})
        if f.get("may_withdraw_more") and _alive(f) and _extra_withdrawals(rules, state, f):
            f["extra"] = True
            return
        _finish(state, f)


def _finish(state: State, f: LossesFrame) -> None:
    pop(state, f)
    below = state.stack[-1] if state.stack else None
    if below and below["kind"] == "battle":  # a battle's Losses add to its tally (§8)
        report = below["loss_report"].setdefault(f["side"], LossReport(broken=0, dispersed=0))
        report["broken"] += f["broken"]
        report["dispersed"] += f["dispersed"]


procedure(
    "losses",
    decision="losses",
    prompt=prompts.losses,
    legal=_losses_legal,
    apply=_losses_apply,
    section="§9.4 B",
)


def skip_if_empty(state: State, frame: LossesFrame) -> bool:
    """Loss frames with nothing to lose end at once (e.g. every unit already gone)."""
    if frame["remaining"] <= 0 or _alive(frame) == 0:
        _finish(state, frame)
        return True
    return False

