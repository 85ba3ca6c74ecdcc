"""The rulebook's worked examples, playable (issue 13).

Each example is a position file shipped under ``assets/examples`` whose ``example`` table
(:class:`~.position.WorkedExample`) says what it shows and lists the book's choices as steps:
the engine actions that make each choice, then what the book says follows. The same file is
the test of the example (:func:`check_example` plays every step and compares) and a lesson in
the app (:func:`example_progress` tells how far a game is along the book's line).

A step's ``expect`` is compared with the game's exported position (:meth:`Game.position`),
field by field: a mapping is checked for the keys it gives (``morale = {ZURL = 2}`` says nothing
about PL), except the units of one area or zone, which are compared whole
(``units.cytadela = {zurl-volunteer = 1}``: nothing else is there); a list is compared whole;
what the export leaves out counts as empty, zero or ``"none"`` (as in ``last_battle = {PL =
"none"}``: no battle yet).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..data.files import folder_problem, read_text
from ..data.loader import DataError, GameData, read_toml
from ..data.translations import EXAMPLE, FOLDER, PolishTexts, read_twin, twin_problems
from ..data.validate import text_problems
from ..i18n import _, current_language, pgettext
from .game import Game
from .machine import IllegalAction
from .position import ExampleStep, Position, PositionError, WorkedExample

#: where the examples live, under an assets directory
EXAMPLES_DIR = "examples"
#: position fields holding, per area or zone, a table of unit counts (compared whole)
_UNIT_TABLES = {"units", "mob", "broken", "pool", "removed", "relief_waiting"}


@dataclass(frozen=True)
class Example:
    """One example file: its name (the file's stem), the position it sets up, and the Polish
    forms of its texts by key (``example.title``, ``example.steps.0.say``; from its twin in
    ``pl/`` beside it, docs/i18n.md)."""

    name: str
    position: Position
    polish: Mapping[str, str] = field(default_factory=dict)

    @property
    def about(self) -> WorkedExample:
        assert self.position.example is not None  # load_examples keeps only positions that have one
        return self.position.example

    def shown(self, name: str) -> str:
        """The example's ``title``, ``section``, ``text`` or ``outcome`` in the current language."""
        return self._in_language(f"example.{name}", getattr(self.about, name))

    def step_says(self, number: int) -> str:
        """What step ``number`` (1-based) says, in the current language."""
        return self._in_language(f"example.steps.{number - 1}.say", self.about.steps[number - 1].say)

    def _in_language(self, key: str, english: str) -> str:
        return (self.polish.get(key) or english) if current_language() == FOLDER else english

    @property
    def choices(self) -> list[str]:
        """The book's choices as engine actions, in order."""
        return [action for step in self.about.steps for action in step.play]

    def game(self, data: GameData | None = None) -> Game:
        """A new game at the printed situation (raises PositionError, DataError)."""
        return Game.from_position(self.position, data=data)


def examples_dir(assets_dir: Path) -> Path:
    return Path(assets_dir) / EXAMPLES_DIR


def load_examples(directory: Path) -> tuple[list[Example], list[str]]:
    """The examples of ``directory`` (``*.toml`` and ``*.json``, by file name), and one line
    for each file that cannot be read as one. A missing directory holds no examples."""
    examples: list[Example] = []
    problems: list[str] = []
    directory = Path(directory)
    refused = folder_problem(directory, directory.parent)
    if refused or not directory.is_dir():
        return examples, [refused] if refused else problems
    for path in sorted(p for p in directory.iterdir() if p.suffix in (".toml", ".json")):
        try:
            text = read_text(path)
            position = Position.from_toml(text) if path.suffix == ".toml" else Position.from_json(text)
        except DataError as exc:
            problems.append(f"{path.name}: {exc.problems[0].removeprefix(f'{path}: ')}")
            continue
        except PositionError as exc:
            problems.append(f"{path.name}: {exc}")
            continue
        except RecursionError:
            problems.append(_("{file}: cannot be read (nested too deeply)", file=path.name))
            continue
        except (UnicodeDecodeError, ValueError) as exc:
            problems.append(_("{file}: cannot be read ({error})", file=path.name, error=type(exc).__name__))
            continue
        if position.example is None:
            problems.append(_("{file}: example: missing (a position file in the examples directory needs its [example] table)", file=path.name))
            continue
        examples.append(Example(path.stem, position, PolishTexts.of_file(path, read_toml)))
    return examples, problems


def validate_examples(assets_dir: Path, data: GameData | None = None) -> tuple[int, list[str]]:
    """For ``semper-fidelis validate``: how many examples ``assets_dir`` ships, and one line for
    each that cannot be read or does not play as printed."""
    examples, problems = load_examples(examples_dir(assets_dir))
    for example in examples:
        problems += [f"{example.name}: {p}" for p in text_problems(example.position.dump())]
        problems += twin_problems_of(examples_dir(assets_dir) / f"{example.name}.toml")
        found = check_example(example, data)
        if found:
            problems.append("; ".join(found[:1] + [p.removeprefix(f"{example.name}: ") for p in found[1:]]))
    return len(examples), [f"{EXAMPLES_DIR}/{p}" for p in problems]


def twin_problems_of(path: Path) -> list[str]:
    """The problems of the Polish twin of the example file ``path`` (a JSON example has none)."""
    if not path.is_file():
        return []
    try:
        return twin_problems(path.name, read_toml(path), read_twin(path, read_toml), EXAMPLE)
    except DataError as exc:
        return exc.problems


def check_example(example: Example, data: GameData | None = None) -> list[str]:
    """Play the book's choices from the printed situation and compare each step with what the
    book says; one line per difference (empty: the example plays as printed)."""
    return play_example(example, data)[1]


def play_example(example: Example, data: GameData | None = None) -> tuple[Game | None, list[str]]:
    """The game after the book's choices, and the differences from the book (it stops at the
    first step that differs; no game when the position cannot be set up)."""
    try:
        game = example.game(data)
    except (PositionError, DataError) as exc:
        return None, [_("{example}: the position cannot be set up: {why}", example=example.name, why=_first_line(exc))]
    except Exception as exc:  # noqa: BLE001 - a hostile file must not crash validate
        return None, [_("{example}: the position made the engine fail ({error})", example=example.name, error=type(exc).__name__)]
    for number, step in enumerate(example.about.steps, 1):
        start = len(game.actions)
        for action in step.play:
            try:
                game.apply(action)
            except IllegalAction as exc:
                return game, [_("{example}: step {number}: {problem}", example=example.name, number=number, problem=exc)]
            except Exception as exc:  # noqa: BLE001 - a hostile file must not crash validate
                return game, [_("{example}: step {number}: '{action}' made the engine fail ({error})", example=example.name, number=number,
                                action=action, error=type(exc).__name__)]
        problems = step_problems(game, step, start)
        if problems:
            return game, [_("{example}: step {number}: {problem}", example=example.name, number=number, problem=p) for p in problems]
    return game, []


def step_problems(game: Game, step: ExampleStep, start: int) -> list[str]:
    """How ``game`` differs from what the book says after ``step``, whose actions began at
    action number ``start``."""
    problems = []
    legal = game.legal()
    problems += [_("'{action}' is not offered", action=a) for a in step.offers if a not in legal]
    problems += [_("'{action}' is offered", action=a) for a in step.refuses if any(x == a or x.startswith(a + " ") for x in legal)]
    since = 0 if not step.play else game._marks[start]
    written = [e.text for e in game.events(None, since) if e.text]
    problems += [_("the log does not say '{text}'", text=text) for text in step.log if not any(text in line for line in written)]
    if step.expect:
        if game.over:
            return problems + [_("the game is over")]
        problems += _differences(step.expect, game.position().dump(), ())
    return problems


def _differences(expected: Any, actual: Any, where: tuple[str, ...]) -> list[str]:
    name = ".".join(where)
    if isinstance(expected, dict):
        actual = actual if isinstance(actual, dict) else {}
        if len(where) == 2 and where[0] in _UNIT_TABLES:
            want = {k: v for k, v in expected.items() if v}
            have = {k: v for k, v in actual.items() if v}
            return [] if want == have else [_("{name} is {have}, the book says {want}", name=name, have=_text(have), want=_text(want))]
        return [p for key, value in expected.items() for p in _differences(value, actual.get(key), where + (key,))]
    if actual is None:
        actual = [] if isinstance(expected, list) else 0 if isinstance(expected, int) and not isinstance(expected, bool) else "none"
    return [] if expected == actual else [_("{name} is {have}, the book says {want}", name=name, have=_text(actual), want=_text(expected))]


def _text(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} {v}" for k, v in value.items()) + "}" if value else pgettext("value", "empty")
    return pgettext("value", "none") if value is None or value == "none" else str(value)


def _first_line(exc: Exception) -> str:
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


@dataclass(frozen=True)
class ExampleProgress:
    """How far a game started from an example is along the book's line."""

    example: WorkedExample
    #: the steps played as the book plays them
    done: int
    #: the game's actions are the book's choices so far
    on_line: bool
    #: the step whose end the game is at (1-based), if any, and how the game differs there
    at_step: int | None
    problems: tuple[str, ...]

    @property
    def total(self) -> int:
        return len(self.example.steps)

    @property
    def reached(self) -> bool:
        """The book's last step is played and everything came out as printed."""
        return self.on_line and self.at_step == self.total and not self.problems

    @property
    def next_step(self) -> ExampleStep | None:
        return self.example.steps[self.done] if self.on_line and self.done < self.total else None


def example_progress(game: Game) -> ExampleProgress | None:
    """Where ``game`` stands on its example's line (None: it did not start from an example)."""
    start = game.start
    if start is None or start.example is None:
        return None
    about = start.example
    played, ends = 0, []
    for step in about.steps:
        played += len(step.play)
        ends.append(played)
    book = [a for step in about.steps for a in step.play]
    actions = game.actions
    on_line = actions == book[: len(actions)]
    if not on_line:
        return ExampleProgress(about, 0, False, None, ())
    done = sum(1 for end in ends if end <= len(actions))
    here = [i for i, end in enumerate(ends) if end == len(actions)]
    problems: list[str] = []
    for i in here:
        problems += step_problems(game, about.steps[i], ends[i] - len(about.steps[i].play))
    return ExampleProgress(about, done, True, here[-1] + 1 if here else None, tuple(problems))


__all__ = ["Example", "ExampleProgress", "EXAMPLES_DIR", "examples_dir", "load_examples", "validate_examples", "check_example", "play_example", "example_progress", "step_problems"]
