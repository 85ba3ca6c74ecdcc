"""The decision machine (docs/architecture.md): a stack of procedure frames on the state.

The frame on top either needs a player's decision (it lists the legal actions as
:class:`~.actions.Action` values, whose text is the notation) or is automatic (it runs and
pushes/pops frames). When the stack is empty the
turn flow (``flow.py``) pushes the next phase. ``apply`` checks legality, applies, then runs
the machine forward to the next decision.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple

from typing_extensions import TypeVar

from ..data.models import Side
from .actions import Action, as_action
from .frames import Frame
from .kinds import DecisionKind
from .occupancy import frozen
from .phases import rulebook_phase
from .rules import Rules
from .state import State

#: the frame a procedure handles (one of frames.Frame: its handlers take their own kind's type)
F = TypeVar("F", bound=Frame, default=Any)


class IllegalAction(ValueError):
    """An action that is not among the legal ones; the message says what is wrong."""


class EngineError(RuntimeError):
    """The engine reached a state it should never reach (a bug, not a player error)."""


@dataclass(frozen=True)
class Procedure(Generic[F]):
    """How one kind of frame behaves. ``auto`` frames have ``run`` and no decision.

    ``legal`` lists Action values (built with ``Cls.of``); ``apply`` gets the chosen Action and
    reads its fields. ``allows``, where a step has one, says whether one action is legal without
    listing them all (a bot following its plan asks that at every step); ``legal_of`` lists
    only the actions of some types (a menu whose entries each offer their own). Both must agree
    with ``legal`` (tests/engine/test_allows.py plays random games to check it)."""

    kind: str
    decision: DecisionKind | None = None
    who: Callable[[Rules, State, F], Side] | None = None
    prompt: Callable[[Rules, State, F], str] | None = None
    legal: Callable[[Rules, State, F], Sequence[Action]] | None = None
    apply: Callable[[Rules, State, F, Any], None] | None = None
    run: Callable[[Rules, State, F], None] | None = None
    section: str = ""
    allows: Callable[[Rules, State, F, Action], bool] | None = None
    legal_of: Callable[[Rules, State, F, tuple[type[Action], ...]], list[Action]] | None = None

    @property
    def auto(self) -> bool:
        return self.run is not None


#: kind -> its procedure; the frame on top of the stack picks one by its ``kind``
PROCEDURES: dict[str, Procedure] = {}


def _frame_side(rules: Rules, state: State, frame: Any) -> Side:
    side: Side = frame["side"]
    return side


def procedure(
    kind: str, *, decision: DecisionKind | None = None, who: Callable[[Rules, State, F], Side] | None = None,
    prompt: Callable[[Rules, State, F], str] | None = None, legal: Callable[[Rules, State, F], Sequence[Action]] | None = None,
    apply: Callable[[Rules, State, F, Any], None] | None = None, run: Callable[[Rules, State, F], None] | None = None,
    section: str = "", allows: Callable[[Rules, State, F, Action], bool] | None = None,
    legal_of: Callable[[Rules, State, F, tuple[type[Action], ...]], list[Action]] | None = None,
) -> Procedure[F]:
    """Register a frame kind, its handlers typed by its frame. Decisions are the frame's
    ``side``'s unless ``who`` says otherwise."""
    if run is None and who is None:
        who = _frame_side
    proc = Procedure(kind, decision, who, prompt, legal, apply, run, section, allows, legal_of)
    PROCEDURES[kind] = proc
    return proc


def push(state: State, frame: F) -> F:
    """Put a decision or procedure on the stack (built as its kind's TypedDict: mypy checks
    its fields)."""
    state.stack.append(frame)
    return frame


def pop(state: State, frame: Frame) -> None:
    if state.stack and state.stack[-1] is frame:
        state.stack.pop()
    elif frame in state.stack:
        state.stack.remove(frame)


@dataclass(frozen=True)
class Decision:
    """What the engine waits for: who decides, what kind, a prompt, the legal actions; the
    rulebook section of the step and the phase of the turn (``phases.PHASES``) it belongs to."""

    player: Side
    kind: DecisionKind
    prompt: str
    actions: tuple[Action, ...]
    section: str = ""
    phase: str = ""


def list_legal(rules: Rules, state: State, proc: Procedure, frame: Frame) -> list[Action]:
    """The procedure's legal actions, with the board frozen for the listing (occupancy.py).
    A decision without a legal action is a dead end the rules must never reach."""
    assert proc.legal is not None, f"{proc.kind} is automatic: it has no legal actions"
    legal = list(frozen(state, proc.legal, rules, state, frame))
    if not legal:
        raise EngineError(f"no legal action in step {frame['kind']}")
    return legal


class Pending(NamedTuple):
    """Who decides now and in what kind of step and phase: a decision without its legal actions
    (for a loop that only asks whose turn it is)."""

    player: Side
    kind: DecisionKind
    phase: str


def pending(rules: Rules, state: State) -> Pending | None:
    if state.over or not state.stack:
        return None
    frame = state.stack[-1]
    proc = PROCEDURES[frame["kind"]]
    kind = proc.decision
    assert proc.who is not None and kind is not None, f"{proc.kind} decides nothing"
    return Pending(proc.who(rules, state, frame), kind, rulebook_phase(state, kind))


def quick_allows(rules: Rules, state: State, action: Action) -> bool | None:
    """Whether ``action`` is legal now, by the step's own check (None: the step has none, ask
    the legal list)."""
    if state.over or not state.stack:
        return False
    frame = state.stack[-1]
    check = PROCEDURES[frame["kind"]].allows
    if check is None:
        return None
    return frozen(state, check, rules, state, frame, action)


def legal_of(rules: Rules, state: State, kinds: tuple[type[Action], ...]) -> list[Action] | None:
    """The legal actions of these types now, in the legal list's order, listed by the step's
    own menu (None: the step has none, ask the legal list)."""
    if state.over or not state.stack:
        return []
    frame = state.stack[-1]
    menu = PROCEDURES[frame["kind"]].legal_of
    if menu is None:
        return None
    return frozen(state, menu, rules, state, frame, kinds)


def current(rules: Rules, state: State, legal: list[Action] | None = None) -> Decision | None:
    """The pending decision (``legal``: its legal actions, if the caller has them listed)."""
    who = pending(rules, state)
    if who is None:
        return None
    frame = state.stack[-1]
    proc = PROCEDURES[frame["kind"]]
    assert proc.prompt is not None
    return Decision(
        player=who.player,
        kind=who.kind,
        prompt=proc.prompt(rules, state, frame),
        actions=tuple(list_legal(rules, state, proc, frame) if legal is None else legal),
        section=proc.section,
        phase=who.phase,
    )


def legal_actions(rules: Rules, state: State) -> list[Action]:
    if state.over or not state.stack:
        return []
    frame = state.stack[-1]
    return list_legal(rules, state, PROCEDURES[frame["kind"]], frame)


def advance(rules: Rules, state: State, next_phase: Callable[[Rules, State], None], stop: Callable[[State], bool] | None = None) -> None:
    """Run automatic frames and phase changes until a decision is pending or the game ends.
    The decision's legal actions are listed only when asked for: a client that knows what it
    will play (a replay, an undo) never pays for the listing. ``stop``: halt earlier, between
    two automatic steps, when it says so (a position shown mid-way, never played on)."""
    guard = 0
    while not state.over and not (stop is not None and stop(state)):
        guard += 1
        if guard > 100_000:
            raise EngineError("the engine made no progress")
        if not state.stack:
            next_phase(rules, state)
            continue
        frame = state.stack[-1]
        proc = PROCEDURES[frame["kind"]]
        if proc.run is None:
            return
        proc.run(rules, state, frame)


def apply_action(
    rules: Rules, state: State, action: Action | str, next_phase: Callable[[Rules, State], None],
    legal: Sequence[Action | str] | None = None, stop: Callable[[State], bool] | None = None,
) -> None:
    """Apply one action, a value or its exact text (``legal``: the current legal list, if the
    caller has it) and run on to the next decision."""
    if state.over:
        raise IllegalAction("the game is over")
    frame = state.stack[-1]
    proc = PROCEDURES[frame["kind"]]
    assert proc.prompt is not None and proc.apply is not None, f"{proc.kind} is automatic: it takes no action"
    if legal is None:
        legal = list_legal(rules, state, proc, frame)
    if action not in legal:
        shown = ", ".join(map(str, legal[:12])) + (" …" if len(legal) > 12 else "")
        raise IllegalAction(f"'{action}' is not legal now ({proc.prompt(rules, state, frame)}); legal: {shown}")
    state.revealed = False
    proc.apply(rules, state, frame, as_action(action))
    advance(rules, state, next_phase, stop)
