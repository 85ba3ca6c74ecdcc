"""Scenario variants: a small TOML naming a base scenario and only what it changes.

A variant is applied to the loaded :class:`GameData` as a new scenario derived from the base,
so the engine plays it as it plays any scenario. The whole result is validated — the variant's
own keys by pydantic, the derived scenario by the same cross-checks as the shipped scenarios —
and every problem is one line naming the key. Records carry the variant's text and digest
(:class:`VariantSource`), so a game of a variant replays anywhere (docs/designers-guide.md).
"""

from __future__ import annotations

import hashlib
import json
import re
import tomllib
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pydantic import Field, ValidationError

from ..i18n import N_, _, number, pgettext
from .checks import check_scenario
from .loader import DataError, GameData, read_toml, schema_problems
from .models import Amount, Entry, Relief, Scenario, Side, UnitTypeId
from .text import printable_document
from .translations import unit_names

#: a variant is a few dozen lines; this refuses a file that is not one before parsing it
MAX_VARIANT_CHARS = 20_000
ROUNDS_PER_STAGE = 4


class SideChanges(Entry):
    """What a variant changes for one side; what it leaves out stays as the base has it."""

    morale: int | None = None
    supply: int | None = None
    vp: int | None = None
    units: dict[str, dict[UnitTypeId, Amount]] = Field(
        default={}, description="area -> unit type -> how many start there (0: none)")
    mobilization: dict[UnitTypeId, Amount] = Field(default={}, description="unit type -> how many in the Mobilization Zone")
    remove_cards: tuple[int, ...] = Field(default=(), description="Action Cards taken out of the deck")
    add_cards: tuple[int, ...] = Field(default=(), description="cards the base removes, put back into the deck")


class Variant(Entry):
    """The schema of a variant file."""

    name: str = Field(min_length=1, max_length=60)
    base: int = Field(ge=1, le=5, description="the scenario it changes")
    description: str = Field(default="", max_length=2000)
    initiative: Side | None = None
    handicap: bool | None = Field(default=None, description="the FAQ handicap: ZURL with the initiative starts with 3 cards")
    rounds: int | None = Field(default=None, ge=ROUNDS_PER_STAGE, description="end after this many rounds (whole Stages)")
    strategic: dict[str, Amount] = Field(default={}, description="area -> Strategic value (0: not Strategic)")
    relief: tuple[Relief, ...] | None = Field(default=None, description="replaces the base's Relief entries")
    relief_delay: dict[Side, int] = Field(default={}, description="side -> rounds its Relief comes later (negative: earlier)")
    sides: dict[Side, SideChanges] = {}


@dataclass(frozen=True)
class VariantSource:
    """A variant as records and workers carry it: its text (the file's, or one written for a
    sweep) and what is read from it."""

    name: str
    base: int
    text: str
    options: tuple[tuple[str, Any], ...]  # game options it sets (the handicap)
    base_scenario: Scenario  # the scenario it was applied to, to apply another variant in its place

    @property
    def digest(self) -> str:
        return variant_digest(self.text)

    def record(self) -> dict[str, str]:
        """What a game record keeps of it."""
        return {"name": self.name, "text": self.text, "digest": self.digest}


def variant_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


# ----------------------------------------------------------------------------------- reading


def parse_variant(text: str, label: str) -> tuple[Variant, dict[str, Any]]:
    """The variant in ``text`` and its document; DataError with one line per problem, each
    starting ``label: key:``."""
    if len(text) > MAX_VARIANT_CHARS:
        raise DataError([_("{label}: {size} characters is too long for a variant (at most {most})", label=label, size=number(len(text)),
                           most=number(MAX_VARIANT_CHARS))])
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError([_("{label}: not valid TOML: {why}", label=label, why=exc)]) from None
    except RecursionError:
        raise DataError([_("{label}: not valid TOML: nested too deeply", label=label)]) from None
    return check_document(document, label), document


def check_document(document: dict[str, Any], label: str) -> Variant:
    """``document`` validated as a :class:`Variant`, or DataError naming each bad key."""
    try:
        return Variant.model_validate(printable_document(document))
    except ValidationError as exc:
        raise DataError(schema_problems(label, document, exc)) from None


def read_variant_file(path: Path) -> str:
    """The text of a variant file, or DataError with one line (as for any data file)."""
    if path.is_file() and path.stat().st_size > 4 * MAX_VARIANT_CHARS:  # before parsing it
        raise DataError([_("{path}: too large for a variant ({size} bytes)", path=path, size=number(path.stat().st_size))])
    read_toml(path)  # refuses what is not a regular UTF-8 TOML file, in the loader's words
    return path.read_text(encoding="utf-8")


def variant_files(folder: Path, limit: int = 100) -> list[Path]:
    """The variant files (``*.toml``) of ``folder``, by name, at most ``limit`` of them (a folder
    that is missing or cannot be read holds none)."""
    try:
        return sorted(p for p in folder.glob("*.toml") if p.is_file())[:limit]
    except OSError:
        return []


def load_variant(data: GameData, text: str, label: str) -> GameData:
    """``data`` with the variant in ``text`` applied: its base scenario replaced by the derived
    one, and the variant kept (``data.variant``). DataError lists every problem."""
    variant, _document = parse_variant(text, label)
    data = unvaried(data)
    if variant.base not in data.scenarios:
        known = ", ".join(map(str, sorted(data.scenarios))) or pgettext("scenarios", "none")
        raise DataError([_("{label}: base: no scenario {number} (known: {known})", label=label, number=variant.base, known=known)])
    base = data.scenarios[variant.base]
    problems = _own_problems(variant, base, label)
    if problems:
        raise DataError(problems)
    try:
        scenario = Scenario.model_validate(derive(variant, base))
    except ValidationError as exc:
        raise DataError(schema_problems(label, None, exc)) from None
    problems = check_scenario(data, label, scenario) + _shared_areas(variant, scenario, label)
    if problems:
        raise DataError(problems)
    options = (("handicap", variant.handicap),) if variant.handicap is not None else ()
    source = VariantSource(variant.name, variant.base, text, options, base)
    return replace(data, scenarios={**data.scenarios, variant.base: scenario}, variant=source)


def unvaried(data: GameData) -> GameData:
    """``data`` as it was before a variant was applied to it."""
    if data.variant is None:
        return data
    return replace(data, scenarios={**data.scenarios, data.variant.base: data.variant.base_scenario}, variant=None)


def _own_problems(variant: Variant, base: Scenario, label: str) -> list[str]:
    """What only the variant's own keys can tell (the derived scenario's check would name the
    scenario's keys instead)."""
    problems = []
    total = len(base.time_track)
    if variant.rounds is not None and (variant.rounds % ROUNDS_PER_STAGE or variant.rounds > total):
        problems.append(_("{label}: rounds: {rounds} is not a whole number of Stages of {per_stage} rounds up to the base's {total}",
                          label=label, rounds=variant.rounds, per_stage=ROUNDS_PER_STAGE, total=total))
    for side, changes in variant.sides.items():
        removed = base.sides[side].removed_cards
        for card in changes.add_cards:
            if card not in removed:
                problems.append(_("{label}: {key}: card {card} is not removed in scenario {number}", label=label, key=f"sides.{side}.add_cards",
                                  card=card, number=base.number))
        for card in changes.remove_cards:
            if card in removed:
                problems.append(_("{label}: {key}: card {card} is already removed in scenario {number}", label=label,
                                  key=f"sides.{side}.remove_cards", card=card, number=base.number))
    return problems


def _shared_areas(variant: Variant, scenario: Scenario, label: str) -> list[str]:
    """The areas where the variant starts units of both sides (a battle before the first turn)."""
    sides_at: dict[str, set[str]] = {}
    for side, setup in scenario.sides.items():
        for p in setup.placements:
            sides_at.setdefault(p.area, set()).add(side)
    return [_("{label}: {key}: the other side's units start there too", label=label, key=f"sides.{side}.units.{area}")
            for side, changes in variant.sides.items() for area, units in changes.units.items()
            if any(units.values()) and len(sides_at.get(area, ())) > 1]


def derive(variant: Variant, base: Scenario) -> dict[str, Any]:
    """The derived scenario's document: the base's with the variant's changes."""
    sc = base.model_dump()
    sc["name"] = f"{base.name} ({variant.name})"
    if variant.initiative is not None:
        sc["initiative"] = variant.initiative
    if variant.rounds is not None:
        stages = variant.rounds // ROUNDS_PER_STAGE
        last = sc["scoring"][-1]["categories"]  # the game's end is scored as the base's end is
        sc["stages"], sc["time_track"] = stages, sc["time_track"][: variant.rounds]
        sc["scoring"] = [s for s in sc["scoring"] if s["stage"] < stages] + [{"stage": stages, "categories": last}]
        sc["relief"] = [r for r in sc["relief"] if r["round"] <= variant.rounds]  # it would come after the end
    strategic = {**sc["strategic"], **variant.strategic}
    sc["strategic"] = {area: value for area, value in strategic.items() if value}
    if variant.relief is not None:
        sc["relief"] = [r.model_dump() for r in variant.relief]
    for entry in sc["relief"]:
        entry["round"] += variant.relief_delay.get(entry["side"], 0)
    for side, changes in variant.sides.items():
        _change_side(sc["sides"][side], changes)
    return sc


def _change_side(setup: dict[str, Any], changes: SideChanges) -> None:
    for track in ("morale", "supply", "vp"):
        if getattr(changes, track) is not None:
            setup[track] = getattr(changes, track)
    for area, units in changes.units.items():
        kept = [p for p in setup["placements"] if not (p["area"] == area and p["unit"] in units)]
        setup["placements"] = kept + [{"area": area, "unit": unit, "count": n} for unit, n in units.items() if n]
    setup["mobilization"] = {**setup["mobilization"], **changes.mobilization}
    removed = [n for n in setup["removed_cards"] if n not in changes.add_cards]
    setup["removed_cards"] = removed + list(changes.remove_cards)


# ------------------------------------------------------------------------------------ writing


_BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")


def to_toml(document: dict[str, Any]) -> str:
    """A variant document as TOML (for the variants a sweep writes): one ``key = value`` line per
    top-level key, nested tables inline. JSON's strings and numbers are TOML's too."""
    return "".join(f"{_key(k)} = {_value(v)}\n" for k, v in document.items())


def _key(key: str) -> str:
    return key if _BARE_KEY.match(key) else json.dumps(key)


def _value(value: Any) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return json.dumps(value)


def set_key(document: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    """A copy of ``document`` with the dotted ``key`` (``sides.PL.supply``) set to ``value``."""
    out: dict[str, Any] = json.loads(json.dumps(document))
    *path, last = key.split(".")
    node = out
    for part in path:
        child = node.setdefault(part, {})
        if not isinstance(child, dict):
            raise DataError([f"{key}: {part} is not a table of keys"])
        node = child
    node[last] = value
    return out


# -------------------------------------------------------------------------------- the changes

#: what a fact of a set-up is about, by kind and then side, area or place: ("morale", "PL"),
#: ("units", "PL", "rynek"), ("relief", 1); its value is data (a number, a tuple), never text
Fact = tuple[Any, ...]
#: the label of each kind of fact, filled with its side, area or number
LABELS: Mapping[str, str] = {
    "initiative": N_("initiative"), "rounds": N_("rounds"), "morale": N_("{side} Morale"), "supply": N_("{side} Supply"),
    "vp": N_("{side} VP"), "removed": N_("{side} cards removed"), "mobilization": N_("{side} Mobilization Zone"),
    "units": N_("{side} units at {area}"), "strategic": N_("Strategic value of {area}"), "relief": N_("Relief {number}"),
}


def setup_diff(base: Scenario, varied: GameData) -> list[str]:
    """What the variant in ``varied`` changes from ``base``'s set-up, one line each
    ("PL Morale: 5 → 8"), in the order of the scenario card. The set-ups are compared as facts;
    only the lines are said, in the current language, with the data's names."""
    before, after = _facts(base), _facts(varied.scenarios[base.number])
    lines = [f"{_label(fact, varied)}: {_said(fact, before.get(fact), varied)} → {_said(fact, after.get(fact), varied)}"
             for fact in dict.fromkeys([*before, *after]) if before.get(fact) != after.get(fact)]
    if varied.variant is not None and dict(varied.variant.options).get("handicap") is not None:
        lines.append(_("FAQ handicap: on") if dict(varied.variant.options)["handicap"] else _("FAQ handicap: off"))
    return lines


def _facts(sc: Scenario) -> dict[Fact, Any]:
    """A scenario's set-up as facts, to compare two of them."""
    facts: dict[Fact, Any] = {("initiative",): sc.initiative, ("rounds",): len(sc.time_track)}
    for side in sorted(sc.sides):
        setup = sc.sides[side]
        facts |= {("morale", side): setup.morale, ("supply", side): setup.supply, ("vp", side): setup.vp,
                  ("removed", side): tuple(sorted(setup.removed_cards)), ("mobilization", side): _counts(setup.mobilization)}
        at: dict[str, Counter[str]] = {}
        for p in setup.placements:
            at.setdefault(p.area, Counter())[p.unit] += p.count
        facts |= {("units", side, area): _counts(units) for area, units in sorted(at.items())}
    facts |= {("strategic", area): value for area, value in sorted(sc.strategic.items())}
    facts |= {("relief", i): (r.side, r.round, r.count, r.unit, r.commander) for i, r in enumerate(sc.relief, start=1)}
    return facts


def _counts(units: Mapping[Any, int]) -> tuple[tuple[str, int], ...]:
    return tuple((unit, n) for unit, n in sorted(units.items()) if n)


def _label(fact: Fact, data: GameData) -> str:
    kind, *about = fact
    fields = {"side": about[0] if about and kind not in ("strategic", "relief") else "", "number": about[0] if kind == "relief" else "",
              "area": _area(data, about[-1]) if kind in ("units", "strategic") else ""}
    return _(LABELS[kind], **fields)


def _said(fact: Fact, value: Any, data: GameData) -> str:
    """A fact's value in the current language ("—" where the set-up has none)."""
    kind = fact[0]
    if value is None:
        return "—"
    if kind == "removed":
        return ", ".join(map(str, value)) or pgettext("cards", "none")
    if kind in ("mobilization", "units"):
        return _units(value, data)
    if kind == "relief":
        side, round_, count, unit, commander = value
        unit = unit_names(data).get(unit, unit)
        if commander:
            name = data.commander_by_id[commander].name if commander in data.commander_by_id else commander
            return _("{side} round {round}: {count} {unit} with {commander}", side=side, round=round_, count=count, unit=unit, commander=name)
        return _("{side} round {round}: {count} {unit}", side=side, round=round_, count=count, unit=unit)
    return str(value)


def _area(data: GameData, area: str) -> str:
    return data.areas[area].name if area in data.areas else area


def _units(units: tuple[tuple[str, int], ...], data: GameData) -> str:
    names = unit_names(data)
    return ", ".join(_("{count} {unit}", count=n, unit=names.get(unit, unit)) for unit, n in units) or pgettext("units", "none")
