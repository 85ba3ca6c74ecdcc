"""Find and load the game data: assets (board, components, tracks, tokens, decks, commanders) and
scenarios, validated by the pydantic schemas with errors that name file, entry and field."""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from itertools import pairwise
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from ..i18n import _, ngettext, number, pgettext
from .checks import check_game_data
from .files import ASSET_FILES, DataError, default_assets_dir, default_scenarios_dir, read_text
from .models import (
    MAX_ENTRIES,
    MAX_NAME,
    MAX_TEXT,
    SIDES,
    ActionDeck,
    Area,
    BattleDeck,
    Board,
    Commander,
    Commanders,
    Components,
    Scenario,
    Side,
    SupplyTokens,
    Tracks,
)
from .schema_errors import schema_problem
from .text import printable_document
from .translations import PolishTexts

if TYPE_CHECKING:
    from .variant import VariantSource

M = TypeVar("M", bound=BaseModel)

#: lines shown for one file: a file wrong everywhere is wrong, a thousand lines do not say more
MAX_PROBLEMS = 30

def _entry_label(data: object, loc: tuple[int | str, ...]) -> str:
    """Turn a pydantic error location into 'entry field' words: areas[id='rynek'].neighbours.

    Union members' tags (``literal['PL','ZURL']``, ``function-after[...]``) are not fields of the
    file and are left out."""
    parts: list[str] = []
    node = data
    for key in loc:
        if isinstance(key, int) and isinstance(node, list) and key < len(node):
            node = node[key]
            ident = None
            if isinstance(node, dict):
                for name in ("id", "number", "kind", "area", "name"):
                    if name in node:
                        ident = f"{name}={_short(node[name])}"
                        break
            parts.append(f"[{ident or key}]")
        elif isinstance(key, str) and (
            (node is not None and not isinstance(node, dict))  # below a value: a union member's tag
            or (isinstance(node, dict) and key not in node and "[" in key)
        ):
            continue
        else:
            parts.append(f".{key}" if parts else str(key))
            node = node.get(key) if isinstance(node, dict) else None
    return "".join(parts) or _("(top)")


def _short(value: object) -> str:
    """``repr(value)``, cut to a length that fits a line."""
    text = repr(value)
    return text if len(text) <= MAX_NAME else text[: MAX_NAME - 1] + "…"


def schema_problems(name: str, data: object, exc: ValidationError) -> list[str]:
    """One line per field of ``data`` (read from the file ``name``) that breaks its schema:
    'file: entry.field: what is wrong', in our words (see :mod:`.schema_errors`)."""
    by_field: dict[str, list[ErrorDetails]] = {}
    for err in exc.errors():
        by_field.setdefault(_entry_label(data, tuple(err["loc"])), []).append(err)
    return [f"{name}: {label}: {schema_problem(errors)}" for label, errors in by_field.items()]


def read_toml(path: Path) -> dict[str, Any]:
    """The parsed file, or one line saying why not (see :func:`.files.read_text` for what is
    refused before parsing)."""
    text = read_text(path)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError([_("{label}: not valid TOML: {why}", label=path, why=exc)]) from None
    except RecursionError:
        raise DataError([_("{label}: not valid TOML: nested too deeply", label=path)]) from None
    except ValueError as exc:  # an integer of more digits than Python converts
        raise DataError([_("{label}: not valid TOML: {why}", label=path, why=" ".join(str(exc).split()[:8]))]) from None


def bulk_problems(node: object, loc: tuple[int | str, ...] = ()) -> Iterator[tuple[tuple[int | str, ...], str]]:
    """Tables, arrays and strings of a parsed file longer than any data may be, found before the
    schema builds anything from them (a schema checks each of 300,000 items before their count).
    Only tables, arrays and over-long strings are looked into (a generator a value made loading
    the game's data a few thousand calls dearer)."""
    if isinstance(node, str) and len(node) > MAX_TEXT:
        yield loc, _("{size} characters, more than any text may hold ({most})", size=number(len(node)), most=number(MAX_TEXT))
    elif isinstance(node, dict | list):
        if len(node) > MAX_ENTRIES:
            yield loc, _("{size} entries, more than any list may hold ({most})", size=number(len(node)), most=number(MAX_ENTRIES))
            return
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            if isinstance(key, str) and len(key) > MAX_NAME:
                yield loc, _("a key of {size} characters, more than a name may hold ({most})", size=number(len(key)), most=number(MAX_NAME))
            elif isinstance(value, dict | list) or (isinstance(value, str) and len(value) > MAX_TEXT):
                yield from bulk_problems(value, (*loc, key))


def load_model(path: Path, model: type[M]) -> M:
    """Load one TOML file into ``model``; every schema problem becomes one line, at most
    :data:`MAX_PROBLEMS` of them. Control characters in its text are shown as escapes
    (``validate`` refuses them)."""
    data = read_toml(path)
    bulky = [f"{path.name}: {_entry_label(data, loc)}: {why}" for loc, why in bulk_problems(data)]
    if bulky:
        raise DataError(_at_most(bulky))
    try:
        return model.model_validate(printable_document(data))
    except ValidationError as exc:
        raise DataError(_at_most(schema_problems(path.name, data, exc))) from None


def _at_most(problems: list[str]) -> list[str]:
    """The first :data:`MAX_PROBLEMS` lines of one file's problems, and how many more."""
    if len(problems) <= MAX_PROBLEMS:
        return problems
    more = len(problems) - MAX_PROBLEMS
    return problems[:MAX_PROBLEMS] + [ngettext("(and {n} more problem in this file)", "(and {n} more problems in this file)", more)]


@dataclass(frozen=True)
class GameData:
    """All assets of one data directory, with the lookups the engine and renderers need."""

    assets_dir: Path
    board: Board
    components: Components
    tracks: Tracks
    supply_tokens: SupplyTokens
    battle_deck: BattleDeck
    commanders: Commanders
    decks: dict[Side, ActionDeck]
    scenarios: dict[int, Scenario] = field(default_factory=dict)
    scenario_files: dict[int, str] = field(default_factory=dict)
    variant: VariantSource | None = None  # the variant applied to its base scenario (data/variant.py)
    scenarios_dir: Path | None = None  # where scenario_files are (their Polish twins are in its pl/)

    @cached_property
    def polish(self) -> PolishTexts:
        """The Polish forms of the data's texts (data/translations.py), read when first shown."""
        scenarios = [self.scenarios_dir / name for name in self.scenario_files.values()] if self.scenarios_dir else []
        return PolishTexts.read([self.assets_dir / name for name in ASSET_FILES.values()] + scenarios, read_toml)

    @cached_property
    def areas(self) -> dict[str, Area]:
        return {a.id: a for a in self.board.areas}

    @cached_property
    def commander_by_id(self) -> dict[str, Commander]:
        return {c.id: c for c in self.commanders.commanders}

    @cached_property
    def rail_neighbours(self) -> dict[str, frozenset[str]]:
        links: dict[str, set[str]] = {a: set() for a in self.areas}
        for line in self.board.railways:
            for a, b in pairwise(line.areas):
                links.setdefault(a, set()).add(b)
                links.setdefault(b, set()).add(a)
        return {k: frozenset(v) for k, v in links.items()}

    def scenario(self, number: int) -> Scenario:
        try:
            return self.scenarios[number]
        except KeyError:
            known = ", ".join(str(n) for n in sorted(self.scenarios)) or pgettext("scenarios", "none")
            raise DataError([_("no scenario {wanted} (known: {known})", wanted=number, known=known)]) from None


def load_assets(assets_dir: Path | None = None) -> dict[str, BaseModel]:
    """Load every asset file, gathering all problems before raising."""
    assets_dir = Path(assets_dir) if assets_dir else default_assets_dir()
    models: dict[str, type[BaseModel]] = {
        "board": Board,
        "components": Components,
        "tracks": Tracks,
        "supply_tokens": SupplyTokens,
        "battle_deck": BattleDeck,
        "commanders": Commanders,
        "cards_pl": ActionDeck,
        "cards_zurl": ActionDeck,
    }
    loaded: dict[str, BaseModel] = {}
    problems: list[str] = []
    for key, model in models.items():
        try:
            loaded[key] = load_model(assets_dir / ASSET_FILES[key], model)
        except DataError as exc:
            problems.extend(exc.problems)
    if problems:
        raise DataError(problems)
    return loaded


def _asset(assets: dict[str, BaseModel], key: str, model: type[M]) -> M:
    """``assets[key]``, which load_assets loaded as ``model``."""
    value = assets[key]
    assert isinstance(value, model), f"{key} is not a {model.__name__}"
    return value


def load_scenarios(scenarios_dir: Path) -> tuple[dict[int, Scenario], dict[int, str], list[str]]:
    """Load every ``*.toml`` in ``scenarios_dir``; returns scenarios, their file names, problems."""
    scenarios: dict[int, Scenario] = {}
    files: dict[int, str] = {}
    problems: list[str] = []
    if not scenarios_dir.is_dir():
        return scenarios, files, [_("{path}: scenarios directory is missing", path=scenarios_dir)]
    for path in sorted(scenarios_dir.glob("*.toml")):
        try:
            scenario = load_model(path, Scenario)
        except DataError as exc:
            problems.extend(exc.problems)
            continue
        if scenario.number in scenarios:
            problems.append(_("{file}: number: scenario {number} is also in {other}", file=path.name, number=scenario.number, other=files[scenario.number]))
            continue
        scenarios[scenario.number] = scenario
        files[scenario.number] = path.name
    return scenarios, files, problems


def resolve_dirs(data_dir: Path | None) -> tuple[Path, Path]:
    """A data directory holds ``assets/`` and ``scenarios/``; a bare assets dir also works, its
    scenarios then come from the shipped data unless a sibling ``scenarios/`` exists."""
    if data_dir is None:
        return default_assets_dir(), default_scenarios_dir()
    data_dir = Path(data_dir)
    if (data_dir / "assets").is_dir():
        return data_dir / "assets", data_dir / "scenarios"
    sibling = data_dir.parent / "scenarios"
    return data_dir, sibling if sibling.is_dir() else default_scenarios_dir()


def load_game_data(data_dir: Path | None = None, *, strict: bool = True) -> GameData:
    """Load and cross-check all data. With ``strict`` any problem raises :class:`DataError`."""
    assets_dir, scenarios_dir = resolve_dirs(data_dir)
    assets = load_assets(assets_dir)
    scenarios, files, problems = load_scenarios(scenarios_dir)
    data = GameData(
        assets_dir=assets_dir,
        board=_asset(assets, "board", Board),
        components=_asset(assets, "components", Components),
        tracks=_asset(assets, "tracks", Tracks),
        supply_tokens=_asset(assets, "supply_tokens", SupplyTokens),
        battle_deck=_asset(assets, "battle_deck", BattleDeck),
        commanders=_asset(assets, "commanders", Commanders),
        decks={"PL": _asset(assets, "cards_pl", ActionDeck), "ZURL": _asset(assets, "cards_zurl", ActionDeck)},
        scenarios=scenarios,
        scenario_files=files,
        scenarios_dir=scenarios_dir,
    )
    problems += check_game_data(data)
    if strict and problems:
        raise DataError(problems)
    return data


__all__ = [
    "SIDES",
    "DataError",
    "GameData",
    "default_assets_dir",
    "default_scenarios_dir",
    "load_game_data",
    "load_model",
]
