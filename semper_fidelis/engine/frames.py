"""The shape of every decision frame, checked when a position loads.

The engine keeps its frames as plain dicts (``machine.Frame``); a position file carries them
verbatim in its ``procedure``. A crafted or damaged file could hand the engine a frame missing
a key, with a value of the wrong type or naming an unknown step, and the game would fail later,
somewhere else, on every try. Each kind of frame has a schema here (pydantic, extra keys
forbidden) and :func:`frame_problem` names the first thing wrong in one line, before the game
starts. References to the board and the rules (areas, unit types, card effects, steps) are
checked too, against the loaded :class:`Rules`.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .rules import Rules

Side = Literal["PL", "ZURL"]
Count = Annotated[int, Field(ge=0, le=1000)]
Units = dict[str, Count]
#: deeper than any frame the engine builds (a loss group's units are 4 levels down)
MAX_DEPTH = 8


class _Frame(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SideFrame(_Frame):
    """The frames that only say whose they are."""

    kind: Literal["artillery", "battle-phase", "battle-pick", "collect-extra", "draw", "event", "hq", "orders", "provision"]
    side: Side


class AssaultNext(_Frame):
    kind: Literal["assault-next"]
    side: Side
    target: str
    inner_paid: bool


class Attrition(_Frame):
    kind: Literal["attrition"]
    queue: list[tuple[Side, str]] = Field(min_length=1)


class Battle(_Frame):
    kind: Literal["battle"]
    step: Literal[
        "evade", "a-card", "d-card", "a-token", "d-token", "ammo-card", "resolve", "post-card", "withdraw",
        "a-losses", "post-a-card", "d-losses", "post-d-card", "advance", "return", "finish",
    ]
    area: str
    attacker: Side
    defender: Side
    assault: bool
    neutral_defence: bool
    inner: Units
    mods: dict[Literal["a", "d"], int]
    loss_mods: dict[Literal["a", "d"], int]
    loss_report: dict[Side, dict[Literal["broken", "dispersed"], Count]]
    tokens: dict[Literal["a", "d"], str]
    ammo: list[Side]
    second_card: list[Side]
    result: Literal["attacker", "defender", "empty", "evaded"] | None
    bp: dict[Literal["a", "d"], Count] | None = None
    bands: dict[Side, Literal["high", "low"]] | None = None
    participants: dict[Side, Count] | None = None
    sides: Count | None = None
    extra_loss: Count | None = None
    losses_done: list[Literal["a", "d"]] | None = None
    placed: list[tuple[str, Units]] | None = None
    stranded: list[str] | None = None
    redoubt: bool | None = None


class BattleChoice(_Frame):
    kind: Literal["battle-choice"]
    side: Side
    step: Literal["evade", "a-card", "d-card", "ammo-card", "post-card", "a-token", "d-token", "retreat", "advance"]
    picked: list[int]
    moving: bool | None = None
    landed: bool | None = None
    moved: dict[str, Count] | None = None


class CardStep(_Frame):
    """A card's own question (card_effects.primitives): which keys a step reads depends on it."""

    kind: Literal["card-step"]
    side: Side
    effect: str
    step: str
    prompt: str
    why: str | None = None
    area: str | None = None
    areas: list[str] | None = None
    built: Count | None = None
    code: str | None = None
    codes: list[str] | None = None
    kinds: list[str] | None = None
    left: Count | None = None
    max: Count | None = None
    mode: Literal["move", "assault"] | None = None
    moved: Count | None = None
    must: bool | None = None
    origin: str | None = None
    owner: str | None = None
    repeat: bool | None = None
    stage: Literal["from", "units", "to"] | None = None
    target: str | None = None
    terrains: list[str] | None = None
    then: Literal["battle"] | None = None
    units: str | None = None


class Collect(_Frame):
    kind: Literal["collect"]
    side: Side
    areas: list[str]


class Commander(_Frame):
    kind: Literal["commander"]
    side: Side
    offered: list[str]


class DeployItem(_Frame):
    unit: str
    count: Count
    zone: str
    areas: list[str]


class Deploy(_Frame):
    kind: Literal["deploy"]
    side: Side
    todo: list[DeployItem] = Field(min_length=1)


class Fortify(_Frame):
    kind: Literal["fortify"]
    side: Side
    count: Count | None = None
    free: bool | None = None


class LossGroup(_Frame):
    label: str
    where: Literal["board", "border"]
    area: str
    origin: str
    units: Units


class Losses(_Frame):
    kind: Literal["losses"]
    side: Side
    role: Literal["attacker", "defender", "artillery"]
    remaining: Annotated[int, Field(ge=-1000, le=1000)]  # below 0 once a surplus is forgone
    area: str
    band: Literal["high", "low"]
    groups: list[LossGroup]
    protect: bool
    withdraw: bool
    forbidden: list[str]
    broken: Count
    dispersed: Count
    medicine: bool
    may_withdraw_more: bool | None = None
    token_used: bool | None = None
    then_checkpoint: bool | None = None
    extra: bool | None = None


class Mobilize(_Frame):
    kind: Literal["mobilize"]
    side: Side
    free: Count | None = None


class Order(_Frame):
    kind: Literal["order"]
    side: Side
    mode: Literal["move", "assault"]
    step: Literal["from", "units", "to"]
    origin: str | None = None
    units: Units | None = None
    target: str | None = None
    forced: bool | None = None
    inner_paid: bool | None = None


class ReinforceVillages(_Frame):
    kind: Literal["reinforce-villages"]
    side: Side
    unit: str
    left: Annotated[int, Field(ge=1, le=1000)]
    why: str


class Relief(_Frame):
    kind: Literal["relief"]
    side: Side
    enemy_start: bool | None = None


SCHEMAS: dict[str, type[_Frame]] = {
    **{kind: SideFrame for kind in get_args(SideFrame.model_fields["kind"].annotation)},
    "assault-next": AssaultNext, "attrition": Attrition, "battle": Battle, "battle-choice": BattleChoice,
    "card-step": CardStep, "collect": Collect, "commander": Commander, "deploy": Deploy, "fortify": Fortify,
    "losses": Losses, "mobilize": Mobilize, "order": Order, "reinforce-villages": ReinforceVillages, "relief": Relief,
}

class Procedure(_Frame):
    """Where the turn stands (``flow.PHASES``) and the decision stack above it."""

    phase: Literal[
        "setup", "after-deploy", "begin-turn", "orders", "battle", "end-turn", "after-turn", "end-round",
        "after-round", "end-stage", "next-round",
    ]
    active: Side
    turn_index: Literal[0, 1]
    stack: list[Any]


def procedure_problem(data: Any) -> str | None:
    """What is wrong with a position's procedure around its frames, in a few words."""
    try:
        Procedure.model_validate_json(json.dumps(data))
    except ValidationError as exc:
        err = exc.errors()[0]
        return f"{'.'.join(str(x) for x in err['loc']) or 'procedure'}: {err['msg']}"
    return None


#: the keys that name an area, a unit type, a commander — checked against the rules
_AREA_KEYS = ("area", "target", "origin")


def depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deeply lists and dicts nest in ``value``, counting no further than ``limit`` + 1."""
    if limit < 0 or not isinstance(value, (list, dict)):
        return 0
    items = value.values() if isinstance(value, dict) else value
    return 1 + max((depth(v, limit - 1) for v in items), default=0)


def frame_problem(rules: Rules, frame: Any) -> str | None:
    """What is wrong with one frame, in a few words (None: nothing)."""
    if not isinstance(frame, dict):
        return f"a frame is a table, not {type(frame).__name__}"
    kind = frame.get("kind")
    schema = SCHEMAS.get(kind) if isinstance(kind, str) else None
    if schema is None:
        return f"'{str(kind)[:40]}' is not a kind of engine step"
    if depth(frame) > MAX_DEPTH:
        return f"a {kind} step nested more than {MAX_DEPTH} levels deep"
    try:  # as JSON, the form positions carry it in: strict types, arrays for tuples
        model = schema.model_validate_json(json.dumps(frame))
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"])
        return f"a {kind} step: {where}: {err['msg']}"
    return _reference_problem(rules, str(kind), model)  # a str: it named a schema


def _reference_problem(rules: Rules, kind: str, model: _Frame) -> str | None:
    from .card_effects.primitives import STEPS as CARD_STEPS
    from .cards import EFFECTS

    areas, units = rules.limit, {u.id for u in rules.data.components.units}
    for key in _AREA_KEYS:
        value = getattr(model, key, None)
        if isinstance(value, str) and value and value not in areas and not (kind == "card-step" and key == "units"):
            return f"a {kind} step names the unknown area '{value[:40]}' ({key})"
    named_units: list[str] = []
    if isinstance(model, Battle):
        named_units += list(model.inner)
        named_units += [t for _, u in model.placed or () for t in u]
        if any(a not in areas for a, _ in model.placed or ()) or any(a not in areas for a in model.stranded or ()):
            return "a battle step names an unknown area"
    elif isinstance(model, Losses):
        named_units += [t for g in model.groups for t in g.units]
        if any(a not in areas for g in model.groups for a in (g.area, g.origin)):
            return "a losses step names an unknown area"
    elif isinstance(model, (Order, ReinforceVillages)):
        named_units += list(model.units or {}) if isinstance(model, Order) else [model.unit]
    elif isinstance(model, Attrition) and any(a not in areas for _, a in model.queue):
        return "an attrition step names an unknown area"
    elif isinstance(model, CardStep):
        if model.effect not in EFFECTS or model.step not in CARD_STEPS:
            return f"a card-step names an unknown card effect or step ('{model.effect[:40]}', '{model.step[:40]}')"
    elif isinstance(model, Deploy) and any(i.unit not in units or any(a not in areas for a in i.areas) for i in model.todo):
        return "a deploy step names an unknown unit type or area"
    unknown = [t for t in named_units if t not in units]
    if unknown:
        return f"a {kind} step names the unknown unit type '{unknown[0][:40]}'"
    return None
