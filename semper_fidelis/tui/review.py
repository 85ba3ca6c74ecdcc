"""A game record stepped through action by action, for the replay viewer.

Kept free of Textual so the tests can walk it: the position at any step (a Game replayed from the
record, so it is exactly the engine's), where each turn and each battle starts, what a step did
(its events, for the side the viewer looks through), and the position to branch from. It only
reads the record; nothing here writes a file.

Opening walks the record once with every action checked by the engine, as a game applies it (a
record is believed only when it replays: anyone can compute a digest for illegal actions), so a
forged record is refused in one line naming its first illegal step; a whole game takes some
tens of milliseconds. A copy of the game is kept every :attr:`Review.every` actions; a position
is then a copy and at most that many quick replays (of actions checked on opening) away.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..data.loader import GameData
from ..data.models import Side
from ..engine import Event, Game, GameRecord, Position, RecordError, VariantRecord, load_record, record_variant_data
from ..play.course import Course, course_of
from .session import HUMAN, SIDES, Session

#: what the view toggle steps through: both hands open, then each side's own view
VIEWERS: tuple[Side | None, ...] = (None, "PL", "ZURL")
#: at most this many copies are kept along a record (a long one keeps them further apart)
CHECKPOINTS = 50
#: … and never closer than this many actions apart
MIN_EVERY = 64


@dataclass(frozen=True)
class Step:
    """One action of the record: who took it, at which decision, in which round and turn."""

    action: str
    player: str
    prompt: str
    round: int
    turn: str
    label: str = ""  # the action in words, as the option offering it said ("" if none did)


class Review:
    """Open with :meth:`open` (a file) or directly with a record; move with :meth:`goto` and the
    jumps; :attr:`game` is the position at :attr:`at` (0: before the first action)."""

    def __init__(self, record: GameRecord | dict[str, Any], data: GameData | None = None, name: str = "record"):
        record = record if isinstance(record, GameRecord) else GameRecord.parse(record)
        self.name = name
        self.data = data
        self.actions: list[str] = list(record.actions)
        self.every = max(MIN_EVERY, -(-len(self.actions) // CHECKPOINTS))
        #: positions where a turn starts, and where a battle starts (its attack just committed)
        self.turn_starts: list[int] = [0]
        self.battle_starts: list[int] = []
        self._kept: list[Game] = []  # the game after every ``every``-th action
        self._steps: dict[int, Step] = {}  # the steps shown so far
        final = self._walk(record)
        self.record = final.record()
        #: the whole game's course, for the chart whose cursor follows the step
        self.course: Course = course_of(final)
        self.game = self._kept[0].copy()

    @classmethod
    def open(cls, path: Path, data: GameData | None = None) -> Review:
        """Read and check a record file; raises RecordError with one line naming the file."""
        record = load_record(path)
        try:
            return cls(record, data=data, name=Path(path).name)
        except RecordError as exc:
            raise RecordError(f"{path}: {exc}") from None

    def _walk(self, record: GameRecord) -> Game:
        """The game at the record's end, every action checked as it is applied: the digest
        alone proves nothing (it can be computed for illegal actions), so the first illegal
        step is refused in one line, and then a digest that differs."""
        walk = Game.from_record(record.model_copy(update={"actions": [], "digest": None}), data=self.data)
        walk.undoable = False  # the viewer never undoes: no copies for it (a quarter of the time)
        self._note(walk)
        walk.confirm_digest(record.digest)
        walk.confirm_ending(record.termination)
        return walk

    def _note(self, walk: Game) -> None:
        """Apply every action on ``walk``, keeping copies and noting where turns and battles
        start; the record's actions are kept in exact notation (quick to replay when moving)."""
        self._kept.append(walk.copy())
        battle = walk.battle_area
        for n, action in enumerate(self.actions, start=1):
            self.actions[n - 1] = walk.apply_recorded(n, action)
            if any(e.kind == "turn" for e in walk.last_events(None)):
                self.turn_starts.append(n)
            battle, before = walk.battle_area, battle
            if battle not in (None, before):
                self.battle_starts.append(n)
            if n % self.every == 0:
                self._kept.append(walk.copy())

    # ------------------------------------------------------------------------------ moving

    @property
    def at(self) -> int:
        return len(self.game.actions)

    @property
    def end(self) -> int:
        return len(self.actions)

    def _game_at(self, n: int) -> Game:
        """A new game after the first ``n`` actions: the nearest kept copy, replayed on."""
        game = self._kept[n // self.every].copy()
        for action in self.actions[len(game.actions):n]:
            game.replay(action)
        return game

    def goto(self, n: int) -> int:
        """Show the position after ``n`` actions (clamped to the record): a little forward by
        replaying the record's actions, back or far forward from the nearest kept copy (at
        most :attr:`every` quick replays: a few ms)."""
        n = max(0, min(n, self.end))
        if not self.at <= n < self.at + self.every:
            self.game = self._game_at(n)
        for action in self.actions[self.at:n]:
            self.game.replay(action)
        return n

    def step(self, delta: int) -> int:
        return self.goto(self.at + delta)

    def next_turn(self) -> int:
        return self.goto(next((n for n in self.turn_starts if n > self.at), self.end))

    def previous_turn(self) -> int:
        return self.goto(max((n for n in self.turn_starts if n < self.at), default=0))

    def next_battle(self) -> int | None:
        """The next position where a battle starts, or None (and no move) if there is none."""
        n = next((n for n in self.battle_starts if n > self.at), None)
        return None if n is None else self.goto(n)

    def previous_battle(self) -> int | None:
        n = max((n for n in self.battle_starts if n < self.at), default=None)
        return None if n is None else self.goto(n)

    # ---------------------------------------------------------------------------- showing

    @property
    def last_step(self) -> Step | None:
        """The action that led to this position (None at the start): who took it at which
        decision, read from the position before it when first shown."""
        if not self.at:
            return None
        if self.at not in self._steps:
            before = self._game_at(self.at - 1)
            d, view = before.decision(), before.view(None)
            assert d is not None  # an action was taken there: it answered a decision
            action = self.actions[self.at - 1]
            label = next((o.label for o in before.options() if o.notation == action), "")
            self._steps[self.at] = Step(action, d.player, d.prompt, view["round"], view["active"], label)
        return self._steps[self.at]

    @property
    def course_x(self) -> float:
        """Where this step stands on the course's x axis."""
        return self.course.x_after(len(self.game.events(None)))

    def events(self, viewer: str | None) -> list[Event]:
        """What the last action did (the automatic steps after it included), as ``viewer`` may
        see it (None: everything, both hands open)."""
        return self.game.last_events(viewer)

    def session(self, viewer: str | None) -> Session:
        """The position as the game screen's panels take it: two human seats, no autosave, and
        the hands shown for ``viewer`` (None: both open)."""
        session = Session(game=self.game, players={side: HUMAN for side in SIDES}, privacy=viewer is not None)
        session.viewer = viewer
        return session

    # ---------------------------------------------------------------------------- branching

    def branch(self) -> Game:
        """A new game starting at this position, its record carrying the position (so it
        replays); the seed and options are the reviewed game's."""
        return branch_game(self.position(), self.record, self.data)

    def position(self) -> Position:
        return self.game.position()


def branch_game(position: Position | dict[str, Any] | None, record: dict[str, Any], data: GameData | None, seed: int | None = None) -> Game:
    """A game for ``record``'s scenario and options, from ``position`` (None: the scenario's
    opening), seeded ``seed`` (None: the record's)."""
    seed = record["seed"] if seed is None else seed
    if record.get("variant") is not None:  # a game of a variant goes on as that variant
        data = record_variant_data(VariantRecord.model_validate(record["variant"]), record["scenario"], data)
    if position is None:
        return Game(record["scenario"], seed, record["options"], data=data)
    return Game.from_position(position, record["scenario"], seed, record["options"], data=data)


#: how a rematch differs from the game just played
REMATCH = ("same", "swap", "seed")


def rematch(session: Session, how: str, data: GameData | None = None, rng: random.Random | None = None) -> tuple[Game, dict[str, str]]:
    """The game and seats of a rematch of ``session``'s game, from where it started (the
    scenario's opening, or its starting position): ``same`` — the same seats and seed (the
    same deals and draws, to try other choices); ``swap`` — the same seed with each seat on
    the other side; ``seed`` — the same seats and a new seed (a game from a starting position
    keeps its cards and decks as placed; its random generator is seeded anew)."""
    if how not in REMATCH:
        raise ValueError(f"a rematch is one of {', '.join(REMATCH)}, not {how!r}")
    record = session.game.record()
    position, seed = record.get("position"), None
    if how == "seed":
        seed = _new_seed(record["seed"], rng)
        position = {k: v for k, v in position.items() if k != "rng"} if position else None
    players = dict(session.players)
    if how == "swap":
        players = {"PL": players["ZURL"], "ZURL": players["PL"]}
    return branch_game(position, record, data, seed), players


def _new_seed(old: int, rng: random.Random | None) -> int:
    rng = rng or random.Random()
    seed = old
    while seed == old:
        seed = rng.randrange(1, 2**31)
    return seed
