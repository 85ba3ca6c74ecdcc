"""Decision frames as typed values, defined once: one ``TypedDict`` per kind of procedure.

The engine keeps its frames as plain dicts on ``state.stack`` (no cost to copy, hash or save),
and a position file carries them verbatim in its ``procedure``. The same class types them twice:
mypy checks every handler's reads and every frame it pushes (``machine.push``), and pydantic
validates a loaded position's frames against the discriminated union :data:`AnyFrame` (extra
keys forbidden, strict types), so a crafted or damaged file is refused in one line
(:func:`frame_problem`) rather than failing later, somewhere else, on every try. References to
the board and the rules (areas, unit types, card effects, steps) are checked too, against the
loaded :class:`Rules`. A position saved before ``battle-choice`` (a battle's questions) or
``card-step`` (a card's) was split into one kind per question is read through :func:`migrate`;
:func:`digest_form` gives a frame the form a record's digest was taken of then.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from typing import Annotated, Any, Literal, NotRequired, get_args, get_type_hints

from pydantic import ConfigDict, Field, TypeAdapter, ValidationError, with_config
from typing_extensions import TypedDict

from ..data.models import Side
from .rules import Rules

Count = Annotated[int, Field(ge=0, le=1000)]
Units = dict[str, Count]
Role = Literal["a", "d"]
Band = Literal["high", "low"]
#: deeper than any frame the engine builds (a loss group's units are 4 levels down)
MAX_DEPTH = 8
_STRICT = with_config(ConfigDict(extra="forbid", strict=True))

#: the battle procedure in the printed order of §9.3–§9.4; each step may skip itself
BattleStep = Literal[
    "evade", "a-card", "d-card", "a-token", "d-token", "ammo-card", "resolve", "post-card", "withdraw",
    "a-losses", "post-a-card", "d-losses", "post-d-card", "advance", "return", "finish",
]
#: the slots a Special card is played in (§9.3 steps 2–3; §7.2 Ammunition: now, or after the battle)
CardSlot = Literal["a-card", "d-card", "ammo-card", "post-card"]
TokenSlot = Literal["a-token", "d-token"]
BattleResult = Literal["attacker", "defender", "empty", "evaded"]


@_STRICT
class SideFrame(TypedDict):
    """The frames that only say whose they are."""

    kind: Literal["artillery", "battle-phase", "battle-pick", "collect-extra", "draw", "event", "hq", "orders", "provision"]
    side: Side


@_STRICT
class AssaultNextFrame(TypedDict):
    kind: Literal["assault-next"]
    side: Side
    target: str
    inner_paid: bool


@_STRICT
class AttritionFrame(TypedDict):
    kind: Literal["attrition"]
    queue: Annotated[list[tuple[Side, str]], Field(min_length=1)]


@_STRICT
class LossReport(TypedDict):
    broken: Count
    dispersed: Count


@_STRICT
class BattleFrame(TypedDict):
    kind: Literal["battle"]
    step: BattleStep
    area: str
    attacker: Side
    defender: Side
    assault: bool
    neutral_defence: bool
    inner: Units
    mods: dict[Role, int]
    loss_mods: dict[Role, int]
    loss_report: dict[Side, LossReport]
    tokens: dict[Role, str]
    ammo: list[Side]
    second_card: list[Side]
    result: BattleResult | None
    bp: NotRequired[dict[Role, Count]]
    bands: NotRequired[dict[Side, Band]]
    participants: NotRequired[dict[Side, Count]]
    sides: NotRequired[Count]
    extra_loss: NotRequired[Count]
    losses_done: NotRequired[list[Role]]
    placed: NotRequired[list[tuple[str, Units]]]
    stranded: NotRequired[list[str]]
    redoubt: NotRequired[bool]


@_STRICT
class EvadeFrame(TypedDict):
    """§9.2: the defender's Evasion — the cards ``picked`` towards its cost, then the moves."""

    kind: Literal["battle-evade"]
    side: Side
    picked: list[int]
    moving: NotRequired[bool]
    landed: NotRequired[bool]


@_STRICT
class BattleCardFrame(TypedDict):
    kind: Literal["battle-card"]
    side: Side
    slot: CardSlot


@_STRICT
class BattleTokenFrame(TypedDict):
    kind: Literal["battle-token"]
    side: Side
    slot: TokenSlot


@_STRICT
class RetreatFrame(TypedDict):
    kind: Literal["battle-retreat"]
    side: Side


@_STRICT
class AdvanceFrame(TypedDict):
    kind: Literal["battle-advance"]
    side: Side
    moved: dict[str, Count]


# A card's own questions (card_effects/), one kind per question: each holds whose it is, the card
# effect asking (for the log and the records), its prompt, and only the keys its question reads.


@_STRICT
class CardQuestion(TypedDict):
    side: Side
    effect: str
    prompt: str


@_STRICT
class CardChoiceFrame(CardQuestion):
    """A unique card's choice that needs nothing but whose it is (Pobudka, Winniki's guns, Huyn)."""

    kind: Literal["card-pobudka", "card-winniki-guns", "card-huyn"]


@_STRICT
class CardGreatWarFrame(CardQuestion):
    """End of the Great War: Austro-Hungarian units to send home, ``left`` at most."""

    kind: Literal["card-great-war"]
    left: Count


@_STRICT
class CardDiscardFrame(CardQuestion):
    kind: Literal["card-discard"]
    left: Count
    why: str


@_STRICT
class CardRemoveFrame(CardQuestion):
    kind: Literal["card-remove"]
    owner: Literal["PL", "ZURL", "neutral"]
    left: Count
    why: str


@_STRICT
class CardMobilizeFrame(CardQuestion):
    kind: Literal["card-mobilize"]
    codes: list[str]
    terrains: list[str] | None  # None: any terrain
    must: bool
    left: Count
    why: str


@_STRICT
class CardTakeFrame(CardQuestion):
    kind: Literal["card-take"]
    areas: list[str]
    area: str | None  # None: no area chosen yet
    left: Count
    why: str


@_STRICT
class CardFortifyFrame(CardQuestion):
    kind: Literal["card-fortify"]
    built: Count
    why: str


@_STRICT
class CardGroupFrame(CardQuestion):
    """A free Move or Assault of one group by the movement rules: from, units, to (``stage``)."""

    kind: Literal["card-group"]
    stage: Literal["from", "units", "to"]
    mode: Literal["move", "assault"]
    max: Count | None  # None: no limit
    kinds: list[str]
    target: str | None
    then: Literal["battle"] | None
    repeat: bool
    why: str
    origin: str | None  # None: a group not chosen yet
    units: str | None  # the group's notation; None: not chosen yet
    moved: Count  # groups moved before this one


@_STRICT
class CardAnywhereFrame(CardQuestion):
    kind: Literal["card-anywhere"]
    stage: Literal["from", "to"]
    why: str
    origin: str | None  # None: no unit chosen yet
    code: str | None


#: a card's own questions, one kind each
CardFrame = (
    CardChoiceFrame | CardGreatWarFrame | CardDiscardFrame | CardRemoveFrame | CardMobilizeFrame | CardTakeFrame | CardFortifyFrame
    | CardGroupFrame | CardAnywhereFrame
)


@_STRICT
class CollectFrame(TypedDict):
    kind: Literal["collect"]
    side: Side
    areas: list[str]


@_STRICT
class CommanderFrame(TypedDict):
    kind: Literal["commander"]
    side: Side
    offered: list[str]


@_STRICT
class DeployItem(TypedDict):
    unit: str
    count: Count
    zone: str
    areas: list[str]


@_STRICT
class DeployFrame(TypedDict):
    kind: Literal["deploy"]
    side: Side
    todo: Annotated[list[DeployItem], Field(min_length=1)]


@_STRICT
class FortifyFrame(TypedDict):
    kind: Literal["fortify"]
    side: Side
    count: NotRequired[Count]
    free: NotRequired[bool]


@_STRICT
class LossGroup(TypedDict):
    label: str
    where: Literal["board", "border"]
    area: str
    origin: str
    units: Units


@_STRICT
class LossesFrame(TypedDict):
    kind: Literal["losses"]
    side: Side
    role: Literal["attacker", "defender", "artillery"]
    remaining: Annotated[int, Field(ge=-1000, le=1000)]  # below 0 once a surplus is forgone
    area: str
    band: Band
    groups: list[LossGroup]
    protect: bool
    withdraw: bool
    forbidden: list[str]
    broken: Count
    dispersed: Count
    medicine: bool
    may_withdraw_more: NotRequired[bool]
    token_used: NotRequired[bool]
    then_checkpoint: NotRequired[bool]
    extra: NotRequired[bool]


@_STRICT
class MobilizeFrame(TypedDict):
    kind: Literal["mobilize"]
    side: Side
    free: NotRequired[Count]


@_STRICT
class OrderFrame(TypedDict):
    kind: Literal["order"]
    side: Side
    mode: Literal["move", "assault"]
    step: Literal["from", "units", "to"]
    origin: NotRequired[str]
    units: NotRequired[Units]
    target: NotRequired[str]
    forced: NotRequired[bool]
    inner_paid: NotRequired[bool]


@_STRICT
class ReinforceVillagesFrame(TypedDict):
    kind: Literal["reinforce-villages"]
    side: Side
    unit: str
    left: Annotated[int, Field(ge=1, le=1000)]
    why: str


@_STRICT
class ReliefFrame(TypedDict):
    kind: Literal["relief"]
    side: Side
    enemy_start: NotRequired[bool]


#: a battle's questions, one kind each (§9.2–§9.4)
BattleQuestion = EvadeFrame | BattleCardFrame | BattleTokenFrame | RetreatFrame | AdvanceFrame
#: every frame the engine pushes; ``kind`` tells which
Frame = (
    SideFrame | AssaultNextFrame | AttritionFrame | BattleFrame | EvadeFrame | BattleCardFrame | BattleTokenFrame | RetreatFrame
    | AdvanceFrame | CardFrame | CollectFrame | CommanderFrame | DeployFrame | FortifyFrame | LossesFrame | MobilizeFrame
    | OrderFrame | ReinforceVillagesFrame | ReliefFrame
)
AnyFrame = Annotated[Frame, Field(discriminator="kind")]
#: the kinds of a battle's questions
_QUESTIONS = frozenset(k for t in get_args(BattleQuestion) for k in get_args(get_type_hints(t)["kind"]))
#: the kinds of a card's questions
CARD_KINDS = frozenset(k for t in get_args(CardFrame) for k in get_args(get_type_hints(t)["kind"]))
#: every kind of frame
KINDS = frozenset(k for t in get_args(Frame) for k in get_args(get_type_hints(t)["kind"]))


@_STRICT
class Procedure(TypedDict):
    """Where the turn stands (``flow.PHASES``) and the decision stack above it."""

    phase: Literal[
        "setup", "after-deploy", "begin-turn", "orders", "battle", "end-turn", "after-turn", "end-round",
        "after-round", "end-stage", "next-round",
    ]
    active: Side
    turn_index: Literal[0, 1]
    stack: list[Any]


@cache
def _adapters() -> tuple[TypeAdapter[Procedure], TypeAdapter[Frame]]:
    """The validators of a loaded procedure and its frames, built when a position is first
    loaded: a game that never loads one (a bot's, a replay's) does not pay for them at import."""
    return TypeAdapter(Procedure), TypeAdapter(AnyFrame)


def procedure_problem(data: Any) -> str | None:
    """What is wrong with a position's procedure around its frames, in a few words."""
    try:
        _adapters()[0].validate_json(json.dumps(data))
    except ValidationError as exc:
        err = exc.errors()[0]
        return f"{'.'.join(str(x) for x in err['loc']) or 'procedure'}: {err['msg']}"
    return None


# ---------------------------------------------------------------- positions saved before the splits

#: the steps of the one ``battle-choice`` frame positions held before (kind + step -> kind)
_SPLIT = {
    "evade": "battle-evade", "a-card": "battle-card", "d-card": "battle-card", "ammo-card": "battle-card",
    "post-card": "battle-card", "a-token": "battle-token", "d-token": "battle-token", "retreat": "battle-retreat",
    "advance": "battle-advance",
}
#: the keys a ``card-step`` frame lacked until its question set them, with the value that stands
#: for "not yet" in the question's own kind now
_NOT_YET: dict[str, dict[str, Any]] = {
    "card-group": {"origin": None, "units": None, "moved": 0},
    "card-anywhere": {"origin": None, "code": None},
}


def migrate(frame: Any) -> Any:
    """A frame as this engine writes it: an old ``battle-choice`` or ``card-step`` becomes the
    kind of its step (anything else, and anything malformed, is left for :func:`frame_problem`
    to judge)."""
    if not isinstance(frame, dict):
        return frame
    kind = frame.get("kind")
    if kind == "battle-choice" and frame.get("step") in _SPLIT:
        return _battle_question(frame)
    if kind == "card-step" and isinstance(frame.get("step"), str) and f"card-{frame['step']}" in CARD_KINDS:
        new = f"card-{frame['step']}"
        return {**_NOT_YET.get(new, {}), **{k: v for k, v in frame.items() if k != "step"}, "kind": new}
    return frame


def _battle_question(frame: dict[str, Any]) -> dict[str, Any]:
    step = frame["step"]
    kind = _SPLIT[step]
    out = {k: v for k, v in frame.items() if k not in ("kind", "step", "picked")}
    out["kind"] = kind
    if kind == "battle-evade":
        out["picked"] = frame.get("picked")
    elif kind in ("battle-card", "battle-token"):
        out["slot"] = step
    return out


def digest_form(frame: Frame) -> Mapping[str, object]:
    """A frame as a record's digest saw it before the splits, so records saved then still vouch
    for their replay: a battle question as the one ``battle-choice`` frame with its ``step``
    (and ``picked``), a card's question as the one ``card-step`` frame."""
    kind = frame["kind"]
    if kind in _QUESTIONS:
        return _old_battle_choice(frame)
    if kind in CARD_KINDS:
        return _old_card_step(frame)
    return frame


def _old_battle_choice(frame: Frame) -> Mapping[str, object]:
    out: dict[str, Any] = {k: v for k, v in frame.items() if k != "slot"}
    out["kind"] = "battle-choice"
    out["step"] = frame.get("slot") or frame["kind"].removeprefix("battle-")
    out.setdefault("picked", [])
    return out


def _old_card_step(frame: Frame) -> Mapping[str, object]:
    """The keys not set yet were absent; a group's question asked again after a move held its
    origin and units as None, with ``moved``."""
    kind = frame["kind"]
    not_yet = _NOT_YET.get(kind, {})
    out: dict[str, Any] = {"kind": "card-step", "step": kind.removeprefix("card-")}
    for key, value in frame.items():
        if key != "kind" and (key not in not_yet or value != not_yet[key] or frame.get("moved")):
            out[key] = value
    return out


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
    if kind not in KINDS:
        return f"'{str(kind)[:40]}' is not a kind of engine step"
    if depth(frame) > MAX_DEPTH:
        return f"a {kind} step nested more than {MAX_DEPTH} levels deep"
    try:  # as JSON, the form positions carry it in: strict types, arrays for tuples
        valid = _adapters()[1].validate_json(json.dumps(frame))
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err["loc"][1:])  # after the kind the union chose
        return f"a {kind} step: {where}: {err['msg']}"
    return _reference_problem(rules, valid)


def _reference_problem(rules: Rules, frame: Frame) -> str | None:
    """What a valid frame names that the rules do not know: an area, a unit type, a card effect."""
    kind = frame["kind"]
    areas = rules.limit
    for key in _AREA_KEYS:
        value = frame.get(key)
        if isinstance(value, str) and value and value not in areas:
            return f"a {kind} step names the unknown area '{value[:40]}' ({key})"
    check = _REFERENCES.get(kind)
    return check(rules, frame) if check else None


def _unknown_unit(rules: Rules, kind: str, named: Iterable[str]) -> str | None:
    units = {u.id for u in rules.data.components.units}
    unknown = next((t for t in named if t not in units), None)
    return None if unknown is None else f"a {kind} step names the unknown unit type '{unknown[:40]}'"


def _battle_references(rules: Rules, f: BattleFrame) -> str | None:
    placed = f.get("placed", ())
    if any(a not in rules.limit for a, _ in placed) or any(a not in rules.limit for a in f.get("stranded", ())):
        return "a battle step names an unknown area"
    return _unknown_unit(rules, "battle", [*f["inner"], *(t for _, u in placed for t in u)])


def _losses_references(rules: Rules, f: LossesFrame) -> str | None:
    if any(a not in rules.limit for g in f["groups"] for a in (g["area"], g["origin"])):
        return "a losses step names an unknown area"
    return _unknown_unit(rules, "losses", [t for g in f["groups"] for t in g["units"]])


def _attrition_references(rules: Rules, f: AttritionFrame) -> str | None:
    return "an attrition step names an unknown area" if any(a not in rules.limit for _, a in f["queue"]) else None


def _deploy_references(rules: Rules, f: DeployFrame) -> str | None:
    units = {u.id for u in rules.data.components.units}
    if any(i["unit"] not in units or any(a not in rules.limit for a in i["areas"]) for i in f["todo"]):
        return "a deploy step names an unknown unit type or area"
    return None


def _card_references(rules: Rules, f: CardFrame) -> str | None:
    if all(f["effect"] != card.effect_id for deck in rules.cards.values() for card in deck.values()):
        return f"a {f['kind']} step names an unknown card effect ('{f['effect'][:40]}')"
    return None


#: the checks of what each kind of frame names beyond its areas
_REFERENCES: dict[str, Callable[[Rules, Any], str | None]] = {
    "battle": _battle_references,
    "losses": _losses_references,
    "order": lambda rules, f: _unknown_unit(rules, "order", f.get("units", {})),
    "reinforce-villages": lambda rules, f: _unknown_unit(rules, "reinforce-villages", [f["unit"]]),
    "attrition": _attrition_references,
    "deploy": _deploy_references,
    **dict.fromkeys(CARD_KINDS, _card_references),
}
