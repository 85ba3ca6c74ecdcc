"""Positions (issue 9): start a game anywhere, not only from a scenario's opening.

A :class:`Position` is a pydantic model, read and written as JSON or TOML, that sets the
board, the tracks, the cards, the tokens and who is to act. Every field is optional: what a
position leaves out is taken from the scenario's opening for the game's seed, and the zones
that must add up (the unit pool, the Action deck, the token pool, the battle deck, the
Commander deck) are completed from what the position places elsewhere.

Who is to act is either ``to_act`` — the start of a side's turn (Initial Phase), its Orders
Phase (with ``turn.ap`` AP, the Commander's AP by default) or its Battle Phase (the battles on
its borders pending) — or, in positions exported in the middle of a procedure (a battle, an
order being built), ``procedure``: the engine's frames verbatim as JSON, not meant to be
written by hand.

Two fields are for positions written by hand: ``battle_top`` puts chosen battle cards on top
of the deck, and ``example`` makes the position one of the rulebook's worked examples (a
title, the section, a short text, the printed outcome and the book's choices step by step;
see engine/examples.py). Neither is part of a game's state: exports leave them out.

Errors are :class:`PositionError`, one line naming the field, e.g.
``units.rynek.pl-volunteer: area limit 5 exceeded (7)``.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections import Counter
from pathlib import Path
from typing import Annotated, Any, Literal, NoReturn

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from ..data.models import BattleCard, Side
from ..i18n import N_
from .events import event
from .frames import LossesFrame, frame_problem, migrate, procedure_problem
from .occupancy import occupant
from .records import SEED_LIMIT, GameOptions, short
from .rules import Rules, shipped_rules
from .setup import new_state
from .state import PL, SIDES, TYPE_SIDE, ZURL, AttackGroup, State, Token, TurnState, Zone

#: a position's decision stack: the engine's own never holds a dozen frames
MAX_FRAMES = 40
#: AP one turn can reach: the best Commander and card, the Plane token, a card's extras
MAX_AP = 30

UnitCounts = dict[str, int]


class PositionError(ValueError):
    """A position that cannot be set up; the message is one line naming the field."""


class _Model(BaseModel):
    """A position's part; its validator is built when a position is first read, not at import
    (a game that loads no position never needs it)."""

    model_config = ConfigDict(extra="forbid", defer_build=True)


class ToAct(_Model):
    """The decision point the position starts at: a phase of ``side``'s turn."""

    side: Side
    phase: Literal["initial", "orders", "battle"]


class Turn(_Model):
    """What the active player has done this turn (engine ``TurnState``); ``ap`` left to spend."""

    ap: int | None = Field(default=None, ge=0)
    card_played: bool = False
    event_played: bool = False
    generic_tokens: int = Field(default=0, ge=0)
    specific_token: bool = False
    propaganda: bool = False
    destruction_eased: bool = False
    negotiation: bool = False
    provisions: int = Field(default=0, ge=0)
    mobilize_credit: int = Field(default=0, ge=0)
    commander_changes: int = Field(default=0, ge=0)
    free_barricade_used: bool = False
    evacuated: bool = False


class Group(_Model):
    """Units lined up on a border: ``origin`` is the area they attack from (the last one passed)."""

    side: Side
    origin: str
    units: UnitCounts
    assault: bool = False


class Barricade(_Model):
    side: Side
    facing: str


class ReliefEntry(_Model):
    side: Side
    round: int = Field(ge=1, le=99)
    unit: str
    count: int = Field(ge=1, le=99)
    commander: str | None = None


#: the fields of a position a worked example may check after a step (the rest are not the book's)
_CHECKABLE = (
    "round", "initiative", "turn", "units", "attacks", "barricades", "redoubts", "strategic", "tokens", "my_tokens",
    "hand", "discard", "morale", "supply", "vp", "destruction", "negotiation", "commander", "commander_status",
    "fallen", "last_battle", "losses_this_round", "mob", "broken", "pool", "removed", "relief_waiting",
)


class ExampleStep(_Model):
    """One choice a worked example makes: ``say`` tells it in the project's words, ``play`` is
    the engine actions that make it. What the book says follows: ``expect`` (fields of the
    position, checked as the game exports them: see engine/examples.py), ``log`` (text these
    actions write to the log), ``offers`` (actions then legal) and ``refuses`` (beginnings of
    actions then not legal)."""

    say: str = Field(min_length=1, max_length=400)
    play: list[str] = Field(default=[], max_length=200)
    expect: dict[str, Any] = {}
    log: list[str] = Field(default=[], max_length=40)
    offers: list[str] = Field(default=[], max_length=40)
    refuses: list[str] = Field(default=[], max_length=40)

    @field_validator("expect")
    @classmethod
    def _known_fields(cls, expect: dict[str, Any]) -> dict[str, Any]:
        unknown = [k for k in expect if k not in _CHECKABLE]
        if unknown:
            raise ValueError(f"'{unknown[0]}' is not a field an example checks (one of: {', '.join(_CHECKABLE)})")
        return expect


class WorkedExample(_Model):
    """A rulebook example that a position sets up (assets/examples): its title, the rulebook
    section it illustrates, a short text and the printed outcome in the project's own words (not
    the rulebook's), and the book's choices step by step."""

    title: str = Field(min_length=1, max_length=80)
    section: str = Field(min_length=1, max_length=80)
    text: str = Field(min_length=1, max_length=2000)
    outcome: str = Field(min_length=1, max_length=1000)
    steps: list[ExampleStep] = Field(min_length=1, max_length=60)


class Position(_Model):
    """Everything a game position holds. ``None`` (or a side left out of a per-side table) means
    "as in the scenario's opening". Tokens are written ``food1``, ``plane2 up`` (face up),
    ``food1 only PL`` (available only to PL); battle cards ``1:0``, ``1:0 escalation``,
    ``1:1 explosion``; decks list their bottom card first (cards are drawn from the end)."""

    scenario: int | None = Field(default=None, ge=1, le=99)
    seed: int | None = Field(default=None, ge=-SEED_LIMIT, lt=SEED_LIMIT)
    options: dict[str, Any] = {}
    round: int | None = Field(default=None, ge=1, le=99)
    initiative: Side | None = None
    to_act: ToAct | None = None
    turn: Turn | None = None
    units: dict[str, UnitCounts] | None = None
    attacks: dict[str, list[Group]] | None = None
    barricades: dict[str, list[Barricade]] | None = None
    redoubts: dict[str, Side] | None = None
    strategic: dict[str, Annotated[int, Field(ge=1, le=9)]] | None = None
    held: dict[str, Literal["PL", "ZURL", "none"]] | None = Field(
        default=None, description="who holds a Strategic Area for Morale, where the board alone does not say (left empty to attack from it)"
    )
    tokens: dict[str, list[str]] | None = None
    my_tokens: dict[Side, list[str]] | None = None
    token_pool: list[str] | None = None
    hand: dict[Side, list[int]] | None = None
    deck: dict[Side, list[int]] | None = None
    discard: dict[Side, list[int]] | None = None
    battle_deck: list[str] | None = None
    battle_used: list[str] | None = None
    battle_top: list[str] | None = Field(
        default=None, description="battle cards put on top of the deck, the first drawn first (the rest as the deck would be)"
    )
    morale: dict[Side, int] | None = None
    supply: dict[Side, int] | None = None
    vp: dict[Side, int] | None = None
    destruction: int | None = Field(default=None, ge=0)
    negotiation: dict[str, int] | None = None
    austrians_disarmed: bool | None = None
    austrians_defend_for: Side | None = Field(default=None, description="the side neutral Austro-Hungarians fight for in the battle under way")
    commander: dict[Side, str] | None = None
    commander_status: dict[Side, Literal["ok", "dispersed", "killed", "none"]] | None = None
    commander_deck: dict[Side, list[str]] | None = None
    fallen: dict[Side, int] | None = None
    last_battle: dict[Side, Literal["won", "lost"]] | None = None
    losses_this_round: bool | None = None
    mob: dict[Zone, UnitCounts] | None = None
    broken: dict[Zone, UnitCounts] | None = None
    pool: dict[Zone, UnitCounts] | None = None
    removed: dict[Zone, UnitCounts] | None = None
    relief_waiting: dict[Side, UnitCounts] | None = None
    relief: list[ReliefEntry] | None = None
    card_effect_counts: dict[str, Annotated[int, Field(ge=0, le=99)]] | None = None
    extra_reinforcement: dict[Side, Annotated[int, Field(ge=0, le=99)]] | None = None
    rng: list[int] | None = Field(default=None, description="the random generator's state; without it the game's seed seeds it")
    revealed: bool = False
    procedure: str | None = Field(default=None, description="engine frames (JSON), for positions taken in the middle of a procedure")
    example: WorkedExample | None = Field(default=None, description="the rulebook example this position sets up (not part of the game)")

    @field_validator("options")
    @classmethod
    def _known_options(cls, value: dict[str, Any]) -> dict[str, Any]:
        GameOptions.model_validate(value)  # an unknown or mistyped option is refused
        return value

    # ------------------------------------------------------------------------ reading, writing

    @classmethod
    def parse(cls, data: Any) -> Position:
        """Validate a mapping; structural errors become one :class:`PositionError` line."""
        if isinstance(data, Position):
            return data
        try:
            return cls.model_validate(data)
        except ValidationError as exc:
            errors = exc.errors()
            first = errors[0]
            where = ".".join(str(p) for p in first["loc"]) or "position"
            more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
            raise PositionError(f"{where}: {first['msg']}{more}") from None

    @classmethod
    def from_json(cls, text: str) -> Position:
        try:
            return cls.parse(json.loads(text))
        except json.JSONDecodeError as exc:
            raise PositionError(f"position: not JSON ({exc.msg} at line {exc.lineno})") from None

    @classmethod
    def from_toml(cls, text: str) -> Position:
        try:
            return cls.parse(tomllib.loads(text))
        except tomllib.TOMLDecodeError as exc:
            raise PositionError(f"position: not TOML ({exc})") from None

    @classmethod
    def load(cls, path: str | Path) -> Position:
        """A ``.toml`` or ``.json`` position file."""
        path = Path(path)
        if path.exists() and not path.is_file():  # a FIFO would block the reader
            raise PositionError(f"{path}: not a regular file")
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise PositionError(f"{path}: cannot be read ({exc.strerror})") from None
        return cls.from_toml(text) if path.suffix == ".toml" else cls.from_json(text)

    def dump(self) -> dict[str, Any]:
        return self.model_dump(mode="json", exclude_none=True)

    def to_json(self) -> str:
        return json.dumps(self.dump(), ensure_ascii=False, indent=1)

    def to_toml(self) -> str:
        return _toml(self.dump())

    # ------------------------------------------------------------------------------ exporting

    @classmethod
    def from_state(cls, state: State, rules: Rules | None = None) -> Position:
        """The position of a game at its pending decision, every field written out (so it does
        not depend on any seed's opening) and the random generator's state included."""
        rules = rules or shipped_rules(state.scenario)
        if state.over:
            raise PositionError("position: the game is over")
        to_act, procedure = _decision_point(state)
        version, internal, _gauss = state.rng.getstate()
        return cls(
            scenario=state.scenario,
            seed=state.seed,
            options=dict(state.options),
            round=state.round,
            initiative=state.initiative,
            to_act=to_act,
            turn=Turn(**vars(state.turn)),
            **_board_fields(rules, state),
            **_card_fields(rules, state),
            **_track_fields(state),
            **_zone_fields(state),
            rng=list(internal) if version == 3 else None,
            revealed=state.revealed,
            procedure=procedure,
        )

    # ------------------------------------------------------------------------------- loading

    def to_state(self, rules: Rules, seed: int, options: dict[str, Any]) -> State:
        """The State this position describes, ready for the engine to run to its decision."""
        return _Builder(self, rules, seed, options).build()


# ----------------------------------------------------------------------------- exporting


def _decision_point(state: State) -> tuple[ToAct | None, str | None]:
    """Who acts, where a turn's start or Battle Phase says it all; otherwise the whole procedure."""
    kinds = [f["kind"] for f in state.stack]
    if state.phase == "battle" and kinds == ["orders"]:
        return ToAct(side=state.active, phase="orders"), None
    if state.phase == "end-turn" and kinds == ["battle-phase", "battle-pick"]:
        return ToAct(side=state.active, phase="battle"), None
    stack = {"phase": state.phase, "active": state.active, "turn_index": state.turn_index, "stack": state.stack}
    return None, json.dumps(stack, separators=(",", ":"))


def _board_fields(rules: Rules, state: State) -> dict[str, Any]:
    """Units, attacks, fortifications, strategic areas and tokens on the board."""
    holders = {a: occupant(rules, state, a) for a in state.strategic}
    return {
        "units": {a: dict(u) for a, u in state.units.items()},
        "attacks": {a: [Group(side=g.side, origin=g.origin, units=dict(g.units), assault=g.assault) for g in gs] for a, gs in state.attacks.items()},
        "barricades": {a: [Barricade(side=s, facing=x) for s, x in bs] for a, bs in state.barricades.items()},
        "redoubts": dict(state.redoubts),
        "strategic": dict(state.strategic),
        "held": {a: h or "none" for a, h in state.strategic_holder.items() if h != holders.get(a)},
        "tokens": {a: [token_text(t) for t in ts] for a, ts in state.tokens.items()},
        "my_tokens": {s: [token_text(t) for t in state.my_tokens[s]] for s in SIDES},
        "token_pool": [token_text(t) for t in state.token_pool],
    }


def _card_fields(rules: Rules, state: State) -> dict[str, Any]:
    """Action and battle cards, where each one is, and the Commanders' decks."""
    cards = rules.data.battle_deck.cards
    return {
        "hand": {s: list(state.hand[s]) for s in SIDES},
        "deck": {s: list(state.deck[s]) for s in SIDES},
        "discard": {s: list(state.discard[s]) for s in SIDES},
        "battle_deck": [battle_card_text(cards[i]) for i in state.battle_deck],
        "battle_used": [battle_card_text(cards[i]) for i in state.battle_used],
        "commander": {s: c for s, c in state.commander.items() if c},
        "commander_status": dict(state.commander_status),
        "commander_deck": {s: list(d) for s, d in state.commander_deck.items()},
        "card_effect_counts": dict(state.card_effect_counts),
    }


def _track_fields(state: State) -> dict[str, Any]:
    """The tracks, the neutrals' stances and what the rounds remember."""
    return {
        "morale": dict(state.morale),
        "supply": dict(state.supply),
        "vp": dict(state.vp),
        "destruction": state.destruction,
        "negotiation": dict(state.negotiation),
        "austrians_disarmed": state.austrians_disarmed,
        "austrians_defend_for": state.austrians_defend_for,
        "fallen": dict(state.fallen),
        "last_battle": {s: r for s, r in state.last_battle.items() if r},
        "losses_this_round": state.losses_this_round,
        "extra_reinforcement": dict(state.extra_reinforcement),
    }


def _zone_fields(state: State) -> dict[str, Any]:
    """Units off the board: Mobilization Zones, broken, pool, out of the game, Reliefs to come."""
    return {
        "mob": {k: dict(v) for k, v in state.mob.items()},
        "broken": {k: dict(v) for k, v in state.broken.items()},
        "pool": {k: dict(v) for k, v in state.pool.items()},
        "removed": {k: dict(v) for k, v in state.removed.items()},
        "relief_waiting": {k: dict(v) for k, v in state.relief_waiting.items()},
        "relief": [ReliefEntry(**r) for r in state.relief],
    }


# ----------------------------------------------------------------------------- notations


_SIDE_NAMED: dict[str, Side] = {"PL": PL, "ZURL": ZURL}
_TOKEN_RE = re.compile(r"^([a-z-]+?)(\d+)((?: up)?)((?: only (?:PL|ZURL))?)$")


def token_text(token: Token) -> str:
    return token.label() + (" up" if token.face_up else "") + (f" only {token.only}" if token.only else "")


def battle_card_text(card: BattleCard) -> str:
    return f"{card.attacker}:{card.defender}" + (" escalation" if card.escalation else "") + (" explosion" if card.explosion else "")


def _take(left: Counter[tuple[str, int]], token: Token) -> bool:
    """Count ``token`` off ``left`` if it is still wanted there."""
    key = (token.kind, token.value)
    if left[key]:
        left[key] -= 1
        return True
    return False


def _counts(units: dict[str, int]) -> dict[str, int]:
    return {t: n for t, n in units.items() if n}


# ------------------------------------------------------------------------------ the builder


class _Builder:
    """Sets the opening of the scenario, then each field the position gives, checking it."""

    def __init__(self, pos: Position, rules: Rules, seed: int, options: dict[str, Any]):
        self.pos, self.rules = pos, rules
        self.state = new_state(rules, seed, options)
        self.components = {u.id: u.count for u in rules.data.components.units}
        self.token_mix: Counter[tuple[str, int]] = Counter(
            (t.kind, v) for t in rules.data.supply_tokens.tokens for v, n in t.values.items() for _ in range(n)
        )
        self.card_set = {side: sorted(self.state.hand[side] + self.state.deck[side] + self.state.discard[side]) for side in SIDES}

    def fail(self, where: str, message: str) -> NoReturn:
        raise PositionError(f"{where}: {message}")

    # ................................................................... checks of one value

    def area(self, where: str, area: str) -> str:
        if area not in self.rules.limit:
            self.fail(where, f"unknown area '{area}'")
        return area

    def unit_type(self, where: str, utype: str, zone: str | None = None) -> str:
        if utype not in self.components:
            self.fail(where, f"unknown unit type '{utype}' (known: {', '.join(self.components)})")
        if zone is not None and TYPE_SIDE.get(utype, zone if zone != "neutral" else None) != (None if zone == "neutral" else zone):
            self.fail(where, f"a {utype} unit cannot be in {zone}'s zone")
        return utype

    def units(self, where: str, units: dict[str, int], zone: str | None = None) -> dict[str, int]:
        out = {}
        for t, n in units.items():
            self.unit_type(f"{where}.{t}", t, zone)
            if n < 0:
                self.fail(f"{where}.{t}", f"negative count ({n})")
            out[t] = n
        return out

    def token(self, where: str, text: str) -> Token:
        m = _TOKEN_RE.match(text.strip())
        if not m or (m.group(1), int(m.group(2))) not in self.token_mix:
            self.fail(where, f"'{text}' is not a Supply Token (like food1, plane2 up, food1 only PL)")
        only = _SIDE_NAMED[m.group(4).split()[-1]] if m.group(4) else None
        return Token(m.group(1), int(m.group(2)), face_up=bool(m.group(3)), only=only)

    def battle_card(self, where: str, text: str) -> int:
        for i, card in enumerate(self.rules.data.battle_deck.cards):
            if battle_card_text(card) == " ".join(text.split()):
                return i
        self.fail(where, f"'{text}' is not a battle card (like 1:0, 1:0 escalation, 1:1 explosion)")

    def card(self, where: str, side: Side, number: int) -> int:
        if number not in self.rules.cards[side]:
            self.fail(where, f"{side} has no card #{number}")
        return number

    def commander(self, where: str, side: Side, cid: str) -> str:
        c = self.rules.commanders.get(cid)
        if c is None or c.side != side:
            self.fail(where, f"'{cid}' is not a {side} Commander")
        return cid

    def in_range(self, where: str, value: int, lo: int, hi: int) -> int:
        if not lo <= value <= hi:
            self.fail(where, f"{value} is outside {lo}..{hi}")
        return value

    # ...................................................................... the whole state

    def build(self) -> State:
        p, s, rules = self.pos, self.state, self.rules
        self.time()
        self.board()
        self.unit_zones()
        self.tracks()
        self.holders()
        self.commanders()
        self.cards()
        self.tokens()
        self.battle_deck()
        for name in ("card_effect_counts", "extra_reinforcement"):
            if getattr(p, name) is not None:
                setattr(s, name, dict(getattr(p, name)))
        if p.losses_this_round is not None:
            s.losses_this_round = p.losses_this_round
        if p.last_battle is not None:
            s.last_battle = {side: p.last_battle.get(side) for side in SIDES}
        if p.rng is not None:
            self.rng(p.rng)
        self.decision_point()
        self.whole()
        s.events = []
        event(s, "note", N_("Scenario {number}: {scenario_name} — from a position, round {round_no}, {who} to act."),
              say={"number": rules.number, "scenario_name": rules.scenario.name, "round_no": s.round, "who": s.active})
        return s

    def time(self) -> None:
        p, s = self.pos, self.state
        if p.round is not None:
            s.round = self.in_range("round", p.round, 1, len(self.rules.scenario.time_track))
        if p.initiative is not None:
            s.initiative = p.initiative

    def board(self) -> None:
        p, s, rules = self.pos, self.state, self.rules
        if p.units is not None:
            s.units = {}
            for area, units in p.units.items():
                self.area(f"units.{area}", area)
                s.units[area] = self.units(f"units.{area}", units)
                total = 0
                for t, n in s.units[area].items():
                    total += n
                    if total > rules.limit[area]:
                        self.fail(f"units.{area}.{t}", f"area limit {rules.limit[area]} exceeded ({sum(s.units[area].values())})")
        if p.attacks is not None:
            s.attacks = {}
            for area, groups in p.attacks.items():
                s.attacks[self.area(f"attacks.{area}", area)] = []
                for i, g in enumerate(groups):
                    where = f"attacks.{area}[{i}]"
                    if g.origin and g.origin not in rules.neighbours[area]:
                        self.fail(f"{where}.origin", f"'{g.origin}' is not adjacent to {area}")
                    units = self.units(f"{where}.units", g.units)
                    if any(TYPE_SIDE.get(t, g.side) != g.side for t in units):
                        self.fail(f"{where}.units", f"holds units that are not {g.side}'s")
                    s.attacks[area].append(AttackGroup(g.side, g.origin, units, g.assault))
        if p.barricades is not None:
            s.barricades = {}
            for area, walls in p.barricades.items():
                s.barricades[self.area(f"barricades.{area}", area)] = []
                for w in walls:
                    if w.facing not in rules.neighbours[area]:
                        self.fail(f"barricades.{area}", f"'{w.facing}' is not adjacent to {area}")
                    s.barricades[area].append((w.side, w.facing))
        if p.redoubts is not None:
            s.redoubts = {self.area(f"redoubts.{a}", a): side for a, side in p.redoubts.items()}
        if p.strategic is not None:
            s.strategic = {self.area(f"strategic.{a}", a): v for a, v in p.strategic.items()}

    def holders(self) -> None:
        """Who holds each Strategic Area: the occupant (alliances of neutrals count, so after the
        tracks), unless ``held`` says otherwise."""
        p, s = self.pos, self.state
        s.strategic_holder = {a: occupant(self.rules, s, a) for a in s.strategic}
        for area, held in (p.held or {}).items():
            if area not in s.strategic:
                self.fail(f"held.{area}", "not a Strategic Area of this position")
            s.strategic_holder[area] = None if held == "none" else held

    def unit_zones(self) -> None:
        """Mobilization Zones, broken units, removed units, relief waiting; the pool holds the
        rest of the components unless the position says what it holds."""
        p, s = self.pos, self.state
        for name in ("mob", "broken", "removed"):
            given = getattr(p, name)
            for zone, units in (given or {}).items():
                getattr(s, name)[zone] = self.units(f"{name}.{zone}", units, zone)
        for side, units in (p.relief_waiting or {}).items():
            s.relief_waiting[side] = self.units(f"relief_waiting.{side}", units, side)
        if p.relief is not None:
            s.relief = []
            for i, r in enumerate(p.relief):
                self.unit_type(f"relief[{i}].unit", r.unit, r.side)
                if r.commander:
                    self.commander(f"relief[{i}].commander", r.side, r.commander)
                s.relief.append(r.model_dump())
        placed: Counter[str] = Counter()
        for units in s.units.values():
            placed.update(units)
        for groups in s.attacks.values():
            for g in groups:
                placed.update(g.units)
        for pile in (s.mob, s.broken, s.removed, s.relief_waiting):
            for units in pile.values():
                placed.update(units)
        zones: tuple[Zone, ...] = ("PL", "ZURL", "neutral")
        for zone in zones:
            given = (p.pool or {}).get(zone)
            if given is not None:
                s.pool[zone] = self.units(f"pool.{zone}", given, zone)
        for t, n in self.components.items():
            zone = TYPE_SIDE.get(t) or "neutral"
            if (p.pool or {}).get(zone) is None:
                s.pool[zone][t] = n - placed[t]
                if placed[t] > n:
                    self.fail(self.placed_field(t), f"{placed[t]} {t} units placed, the game has {n}")
            elif placed[t] + s.pool[zone].get(t, 0) != n:
                self.fail(f"pool.{zone}.{t}", f"{placed[t] + s.pool[zone].get(t, 0)} {t} units in the game, the game has {n}")

    def placed_field(self, utype: str) -> str:
        """The first field of the position that places units of ``utype`` (to name in an error)."""
        p = self.pos
        for name in ("units", "attacks", "mob", "broken", "removed", "relief_waiting"):
            given = getattr(p, name)
            if name == "units" and given and any(utype in u for u in given.values()):
                return f"units.{next(a for a, u in given.items() if utype in u)}.{utype}"
            if name == "attacks" and given and any(utype in g.units for gs in given.values() for g in gs):
                return "attacks"
            if name not in ("units", "attacks") and given and any(utype in u for u in given.values()):
                return f"{name}.{next(k for k, u in given.items() if utype in u)}.{utype}"
        return f"units.{utype}"

    def tracks(self) -> None:
        p, s, rules = self.pos, self.state, self.rules
        tracks = rules.data.tracks
        for name, (lo, hi) in (("morale", rules.morale_range), ("supply", rules.supply_range), ("vp", (tracks.victory_min, tracks.victory_max))):
            for side, v in (getattr(p, name) or {}).items():
                getattr(s, name)[side] = self.in_range(f"{name}.{side}", v, lo, hi)
        if p.destruction is not None:
            if s.destruction is None:
                self.fail("destruction", f"scenario {rules.number} has no Destruction track")
            s.destruction = self.in_range("destruction", p.destruction, 0, len(rules.scenario.destruction_track) - 1)
        tracks_by = {t.neutral: t for t in rules.scenario.negotiation}
        for neutral, index in (p.negotiation or {}).items():
            if neutral not in tracks_by:
                self.fail(f"negotiation.{neutral}", f"scenario {rules.number} has no Negotiation track for it")
            s.negotiation[neutral] = self.in_range(f"negotiation.{neutral}", index, 0, len(tracks_by[neutral].spaces) - 1)
        if p.austrians_disarmed is not None:
            s.austrians_disarmed = p.austrians_disarmed
        if p.austrians_defend_for is not None:
            s.austrians_defend_for = p.austrians_defend_for
        for side, n in (p.fallen or {}).items():
            s.fallen[side] = self.in_range(f"fallen.{side}", n, 0, 99)

    def commanders(self) -> None:
        p, s = self.pos, self.state
        for side in SIDES:
            status = (p.commander_status or {}).get(side)
            if status is not None:
                s.commander_status[side] = status
            given = (p.commander or {}).get(side)
            if s.commander_status[side] in ("killed", "none"):
                if given:
                    self.fail(f"commander.{side}", f"a {s.commander_status[side]} Commander status leaves no Commander in command")
                s.commander[side] = None
            elif given:
                s.commander[side] = self.commander(f"commander.{side}", side, given)
            elif s.commander[side] is None:
                self.fail(f"commander.{side}", f"status '{s.commander_status[side]}' needs a Commander")
            deck = (p.commander_deck or {}).get(side)
            if deck is not None:
                s.commander_deck[side] = [self.commander(f"commander_deck.{side}", side, c) for c in deck]
            else:
                s.commander_deck[side] = [c for c in s.commander_deck[side] if c != s.commander[side]]
            seen = Counter(s.commander_deck[side] + [s.commander[side]] * bool(s.commander[side]))
            for cid, n in seen.items():
                if n > 1:
                    self.fail(f"commander_deck.{side}", f"'{cid}' is there twice (or also in command)")

    def cards(self) -> None:
        p, s, rules = self.pos, self.state, self.rules
        zones = ("hand", "discard", "deck")
        for side in SIDES:
            given: dict[str, list[int] | None] = {z: (getattr(p, z) or {}).get(side) for z in zones}
            if not any(v is not None for v in given.values()):
                continue
            placed: dict[int, str] = {}
            for z in zones:
                for n in given[z] or ():
                    self.card(f"{z}.{side}", side, n)
                    if n in placed:
                        self.fail(f"{z}.{side}", f"card #{n} is also in the {placed[n]}")
                    placed[n] = z
            opening = {"hand": s.hand[side], "discard": s.discard[side], "deck": s.deck[side]}
            for z in ("hand", "discard"):
                if given[z] is None:
                    cards = given[z] = [n for n in opening[z] if n not in placed]
                    placed.update((n, z) for n in cards)
            if given["deck"] is None:
                freed = [n for n in opening["hand"] + opening["discard"] if n not in placed]
                given["deck"] = freed + [n for n in opening["deck"] if n not in placed]
            for z in zones:
                getattr(s, z)[side] = list(given[z] or ())
            if len(s.hand[side]) > rules.data.tracks.hand_limit:
                self.fail(f"hand.{side}", f"{len(s.hand[side])} cards exceed the hand limit of {rules.data.tracks.hand_limit}")

    def tokens(self) -> None:
        """Board and hand tokens as given; the pool keeps the opening's order, less the tokens
        the position places, plus the opening's board and hand tokens it does not place."""
        p, s = self.pos, self.state
        was_out = [t for ts in s.tokens.values() for t in ts] + [t for ts in s.my_tokens.values() for t in ts]
        if p.tokens is not None:
            s.tokens = {}
            for area, texts in p.tokens.items():
                self.area(f"tokens.{area}", area)
                s.tokens[area] = [self.token(f"tokens.{area}", x) for x in texts]
        for side, texts in (p.my_tokens or {}).items():
            s.my_tokens[side] = [self.token(f"my_tokens.{side}", x) for x in texts]
        placed = [t for ts in s.tokens.values() for t in ts] + [t for ts in s.my_tokens.values() for t in ts]
        if p.token_pool is not None:
            s.token_pool = [self.token("token_pool", x) for x in p.token_pool]
        else:
            left = Counter((t.kind, t.value) for t in placed)
            returned = [Token(t.kind, t.value) for t in was_out if not _take(left, t)]
            s.token_pool = [t for t in s.token_pool if not _take(left, t)] + returned
        self.token_counts(placed + s.token_pool)

    def token_counts(self, tokens: list[Token]) -> None:
        """No more tokens of a kind and value than the game has, the first field holding one named."""
        p = self.pos
        for (kind, value), n in Counter((t.kind, t.value) for t in tokens).items():
            if n <= self.token_mix[(kind, value)]:
                continue
            label = f"{kind}{value}"
            fields = [f"tokens.{a}" for a, ts in (p.tokens or {}).items() if any(x.startswith(label) for x in ts)]
            fields += [f"my_tokens.{side}" for side, ts in (p.my_tokens or {}).items() if any(x.startswith(label) for x in ts)]
            fields += ["token_pool"] if p.token_pool is not None else []
            self.fail(fields[0] if fields else "tokens", f"{n} {label} tokens in the game, the game has {self.token_mix[(kind, value)]}")

    def battle_deck(self) -> None:
        p, s = self.pos, self.state
        copies = Counter({i: c.copies for i, c in enumerate(self.rules.data.battle_deck.cards)})
        if p.battle_used is not None:
            s.battle_used = [self.battle_card("battle_used", x) for x in p.battle_used]
        if p.battle_deck is not None:
            s.battle_deck = [self.battle_card("battle_deck", x) for x in p.battle_deck]
        else:
            left = copies - Counter(s.battle_used)
            deck = []
            for i in s.battle_deck:
                if left[i]:
                    left[i] -= 1
                    deck.append(i)
            s.battle_deck = deck
        if p.battle_top is not None:
            top = [self.battle_card("battle_top", x) for x in p.battle_top]
            rest = list(s.battle_deck)
            for text, i in zip(p.battle_top, top, strict=True):
                if i not in rest:
                    self.fail("battle_top", f"no '{text}' card left in the battle deck to put on top")
                rest.remove(i)
            s.battle_deck = rest + top[::-1]  # the deck is drawn from its end
        have = Counter(s.battle_deck + s.battle_used)
        for i, n in have.items():
            if n > copies[i]:
                self.fail("battle_deck", f"{n} '{battle_card_text(self.rules.data.battle_deck.cards[i])}' cards, the deck has {copies[i]}")

    def decision_point(self) -> None:
        """Put the engine where the position starts: an empty stack at the start of a turn (the
        engine then runs the Initial Phase), or the frame of the Orders or Battle Phase."""
        p, s = self.pos, self.state
        if p.procedure is not None:
            if p.to_act is not None:
                self.fail("to_act", "a position gives either to_act or procedure, not both")
            self.procedure(p.procedure)
        else:
            act = p.to_act or ToAct(side=s.initiative, phase="initial")
            s.active = act.side
            s.turn_index = 0 if act.side == s.initiative else 1
            if act.phase == "initial":
                if p.turn is not None:
                    self.fail("turn", "the Initial Phase starts a new turn: give turn only for the Orders or Battle Phase")
                s.phase, s.stack = "begin-turn", []
            else:
                s.phase = "battle" if act.phase == "orders" else "end-turn"
                s.stack = [{"kind": "orders" if act.phase == "orders" else "battle-phase", "side": act.side}]
            for area, groups in s.attacks.items():
                for g in groups:
                    if act.phase == "initial" or g.side != act.side:
                        self.fail(f"attacks.{area}", f"units wait on a border only in the Orders and Battle Phases of their side ({act.side} is to act)")
        if p.turn is not None:
            turn = p.turn.model_dump()
            if turn["ap"] is None:
                turn["ap"] = self.base_ap(s.active)
            s.turn = TurnState(**turn)
        elif p.procedure is None and s.phase != "begin-turn":
            s.turn = TurnState(ap=self.base_ap(s.active))
        s.revealed = p.revealed

    def rng(self, numbers: list[int]) -> None:
        """Mersenne Twister state: 624 words below 2**32 and a position 1..624."""
        if len(numbers) != 625:
            self.fail("rng", f"a generator state has 625 numbers, not {len(numbers)}")
        if any(not 0 <= n < 2**32 for n in numbers[:624]) or not 1 <= numbers[624] <= 624 or not any(numbers[:624]):
            self.fail("rng", "not a generator state (624 words below 2**32, not all zero, then a position 1..624)")
        self.state.rng.setstate((3, tuple(numbers), None))

    def whole(self) -> None:
        """The position as a whole: every card, token and battle card in exactly one place, the
        turn's counts within what one turn can reach, no empty attack group."""
        s, rules = self.state, self.rules
        for side in SIDES:
            cards = sorted(s.hand[side] + s.deck[side] + s.discard[side])
            if cards != self.card_set[side]:
                missing = len(self.card_set[side]) - len(cards)
                self.fail(f"deck.{side}", f"{side}'s hand, deck and discard hold {len(cards)} cards, the scenario's deck {len(self.card_set[side])}"
                          + (f" ({missing} missing)" if missing > 0 else " (a card twice)"))
        have = Counter((t.kind, t.value) for t in [t for ts in s.tokens.values() for t in ts] + [t for ts in s.my_tokens.values() for t in ts] + s.token_pool)
        if have != self.token_mix:
            lacking = sum((self.token_mix - have).values())
            self.fail("token_pool", f"{sum(have.values())} Supply Tokens in the game, it has {sum(self.token_mix.values())}" + (f" ({lacking} missing)" if lacking else ""))
        copies = Counter({i: c.copies for i, c in enumerate(rules.data.battle_deck.cards)})
        if Counter(s.battle_deck + s.battle_used) != copies:
            self.fail("battle_deck", f"the battle deck and its used cards hold {len(s.battle_deck) + len(s.battle_used)} cards, the game has {sum(copies.values())}")
        for area, groups in s.attacks.items():
            for i, g in enumerate(groups):
                if not sum(g.units.values()):
                    self.fail(f"attacks.{area}[{i}].units", "an attack group with no units")
        t = s.turn
        # every change brings a Commander the side has not had this game (the old one leaves it;
        # a Relief may bring one from outside the deck), so a turn makes one fewer than it has
        changes = sum(1 for c in rules.commanders.values() if c.side == s.active) - 1
        for name, value, top in (("ap", t.ap, MAX_AP), ("generic_tokens", t.generic_tokens, 3), ("provisions", t.provisions, 3),
                                 ("mobilize_credit", t.mobilize_credit, 1), ("commander_changes", t.commander_changes, changes)):
            if not 0 <= value <= top:
                self.fail(f"turn.{name}", f"{value} is more than one turn can reach ({top})")

    def base_ap(self, side: Side) -> int:
        s = self.state
        cid = s.commander[side]
        return self.rules.commanders[cid].ap if cid and s.commander_status[side] == "ok" else 0

    def procedure(self, text: str) -> None:
        s = self.state
        try:
            data = json.loads(text)
            problem = procedure_problem(data)
        except RecursionError:
            self.fail("procedure", "nested too deeply")
        except ValueError as exc:
            self.fail("procedure", f"not the engine's frames ({short(str(exc), 80)})")
        if problem:
            self.fail("procedure", problem)
        s.phase, s.active, s.turn_index = data["phase"], data["active"], data["turn_index"]
        s.stack = [migrate(f) for f in data["stack"]]  # a position saved before battle-choice was split
        if len(s.stack) > MAX_FRAMES:
            self.fail("procedure", f"the stack holds at most {MAX_FRAMES} frames")
        for i, frame in enumerate(s.stack):
            problem = frame_problem(self.rules, frame)
            if problem:
                self.fail("procedure", f"frame {i + 1}: {problem}")
            if frame["kind"] == "losses":
                self.relink(frame)

    def relink(self, frame: LossesFrame) -> None:
        """A winning attacker's Losses are taken from its groups on the border: the loss frame
        and the group share one table of units, as when the engine built the frame."""
        for group in frame["groups"]:
            if group["where"] != "border":
                continue
            match = [g for g in self.state.attacks.get(group["area"], []) if g.side == frame["side"] and g.origin == group["origin"]]
            if not match or _counts(match[0].units) != _counts(group["units"]):
                self.fail("procedure", f"a loss step names a group at {group['area']} that is not on its border")
            group["units"] = match[0].units


def _toml(data: dict[str, Any]) -> str:
    """TOML for a position dump: scalars and arrays first, then one table per mapping."""
    lines: list[str] = []

    def key(k: str) -> str:
        return k if re.fullmatch(r"[A-Za-z0-9_-]+", k) else json.dumps(k, ensure_ascii=False)

    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return repr(v)
        if isinstance(v, str):
            return json.dumps(v, ensure_ascii=False)
        if isinstance(v, list):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{" + ", ".join(f"{key(k)} = {value(x)}" for k, x in v.items()) + "}"
        raise TypeError(f"no TOML for {type(v).__name__}")

    def table(node: dict[str, Any], prefix: str) -> None:
        subtables = {k: v for k, v in node.items() if isinstance(v, dict)}
        for k, v in node.items():
            if k not in subtables:
                lines.append(f"{key(k)} = {value(v)}")
        for k, v in subtables.items():
            name = f"{prefix}.{key(k)}" if prefix else key(k)
            lines.append("")
            lines.append(f"[{name}]")
            table(v, name)

    table(data, "")
    return "\n".join(lines).lstrip("\n") + "\n"


__all__ = ["Position", "PositionError", "WorkedExample", "ExampleStep", "ToAct", "Turn", "Group", "Barricade", "ReliefEntry", "token_text", "battle_card_text"]
