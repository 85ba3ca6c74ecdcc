"""The one door to the engine: a Game holds the rules, the state and the record of actions.

Tests, bots, the terminal UI and outside scripts all use it. A record (scenario, seed, options,
actions) replays to the identical state; undo goes back one action, never past the last moment
new information was revealed, from copies of the state kept on the way (not by replaying the
whole record).
"""

from __future__ import annotations

import bisect
import json
import random
import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from .. import __version__
from ..data.loader import DataError, GameData
from ..data.models import Scenario, Side
from ..i18n import SOURCE_LANGUAGE, current_language
from . import (  # noqa: F401  (registers the procedures)
    battle,
    card_effects,  # noqa: F401  (registers every card effect)
    flow,
    losses,
    orders,
    scoring,
)
from .actions import Action, ActionSyntaxError
from .events import Event, visible_to
from .machine import Decision, IllegalAction, Pending, advance, apply_action, current, legal_actions, legal_of, pending, quick_allows
from .odds import BattleOdds, battle_odds, win_chance
from .options import Option, describe, most_in_a_row, quiet_option
from .outcome import Outcome, Termination
from .phases import rulebook_phase
from .position import Position, PositionError
from .records import MAX_ACTION_CHARS, SEED_LIMIT, GameOptions, GameRecord, RecordError, VariantRecord, field_error, load_record, short, write_atomic
from .rules import Rules, build_rules, shipped_data, shipped_rules
from .sample import sample_state
from .setup import new_state
from .situation import _battle_frame, battle_step_name
from .state import State
from .view import LazyView, PlayerView, view_state
from .wording import reason_words

#: the steps whose options may name a card or token of the hand (engine/options.py), whatever
#: this hand holds; and those that may use a face-down token (Medicine in the Losses)
HAND_STEPS = frozenset({"orders", "event", "draw", "provision", "collect", "card-step", "battle-evade", "battle-card", "battle-token"})
TOKEN_STEPS = frozenset({"losses"})
#: the orders whose next step asks for an area (:meth:`Game.orders_by_area`)
AREA_ORDERS = ("move", "assault", "fortify", "mobilize", "provision")
#: actions of a loaded position tried on a copy before the game starts (a long Deployment list
#: is mostly the same action on other areas)
TRIED_ACTIONS = 200

#: 1: scenario, seed, options, actions; 2: and the position the game started from, if any;
#: 3: and how it ended; 4 (only for a game of a variant): and the variant
RECORD_FORMAT = 3
VARIANT_FORMAT = 4
#: undo keeps a copy of the state every SNAPSHOT_EVERY actions and replays at most
#: SNAPSHOT_EVERY - 1 actions from the nearest (the replay may pass a reveal: it draws the same)
SNAPSHOT_EVERY = 8


class Game:
    #: keep copies for undo as actions are applied; off in the worlds bots deal themselves
    #: (:meth:`sample`), which are played forward and thrown away
    undoable = True
    _decision: Decision | None = None
    _decision_of: list[Action] | None = None  # the legal list the decision was made from
    _words_in = ""  # the language its prompt was made in (a switch words it again)
    _labels_in = ""  # the language the options' labels were made in
    _allowed: frozenset[Action] = frozenset()  # the actions :meth:`allows` found legal at this position
    _start: Position | None = None
    _start_state: State | None = None  # a sampled world's first state, made a Position when asked

    def __init__(self, scenario: int = 2, seed: int = 0, options: dict[str, Any] | None = None, data: GameData | None = None):
        """Raises TypeError/ValueError with one line for a mistyped scenario, seed or option,
        and DataError for a scenario the data does not have."""
        for name, value in (("scenario", scenario), ("seed", seed)):
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"{name} must be an integer, not {short(value)} ({type(value).__name__})")
        if not -SEED_LIMIT <= seed < SEED_LIMIT:
            raise ValueError(f"seed must be below 2**63 in size, not {short(seed)}")
        if data is not None and data.variant is not None:  # the variant's options, unless given
            options = {**dict(data.variant.options), **(options or {})}
        try:
            GameOptions.model_validate(options or {})
        except ValidationError as exc:
            raise ValueError(f"options: {field_error(exc)}") from None
        self.rules: Rules = build_rules(data, scenario) if data is not None else shipped_rules(scenario)
        self.seed = seed
        self.settings = dict(options or {})  # the record's play options (e.g. the FAQ handicap)
        self.state: State = new_state(self.rules, seed, self.settings)
        self.actions: list[str] = []
        self.reveal_at = 0  # actions before this index can no longer be undone
        self._snapshots: dict[int, State] = {}  # number of actions -> a copy of the state then
        self._marks: list[int] = []  # for each action, how many events there were before it
        self._legal: list[Action] | None = None  # the legal actions of this position, once listed
        self._options: tuple[Option, ...] | None = None
        self._options_of: list[Action] | None = None  # the legal list they describe
        advance(self.rules, self.state, flow.next_phase)
        if self.state.revealed:
            self.state.revealed = False

    @classmethod
    def from_position(
        cls,
        position: Position | dict[str, Any],
        scenario: int | None = None,
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        data: GameData | None = None,
    ) -> Game:
        """A game starting at ``position`` (a :class:`Position` or its JSON-like mapping); what it
        leaves out comes from the scenario's opening for ``seed``. Raises PositionError."""
        start = Position.parse(position)
        number = scenario if scenario is not None else start.scenario
        if number is None:
            raise PositionError("scenario: the position names no scenario; pass scenario=")
        if start.scenario is not None and start.scenario != number:
            raise PositionError(f"scenario: the position is for scenario {start.scenario}, not {number}")
        game = cls.__new__(cls)
        game.rules = build_rules(data, number) if data is not None else shipped_rules(number)
        game.seed = seed if seed is not None else start.seed or 0
        game.settings = dict(options if options is not None else start.options)
        game.start = start
        game.state = start.to_state(game.rules, game.seed, game.settings)
        game.actions, game.reveal_at, game._snapshots, game._marks = [], 0, {}, []
        game._legal, game._options, game._options_of, game._allowed = None, None, None, frozenset()
        try:
            advance(game.rules, game.state, flow.next_phase)
            game.state.revealed = start.revealed
            game._check_playable()
        except PositionError:
            raise
        except Exception as exc:  # noqa: BLE001 - whatever a crafted position breaks, it is refused here
            raise PositionError(f"procedure: the position cannot be played on ({type(exc).__name__}: {short(str(exc), 80)})") from None
        return game

    def _check_playable(self) -> None:
        """A position is refused at the door rather than failing later, somewhere else, on every
        try: its decision lists its actions and options, both players' views build, and every
        action offered (the first :data:`TRIED_ACTIONS`) applies to a copy and runs on to the
        next decision."""
        if self.over:
            return
        legal = self.legal()
        self.options()
        for player in (None, "PL", "ZURL"):
            self.view(player)
        for action in legal[:TRIED_ACTIONS]:
            apply_action(self.rules, self.state.clone(), action, flow.next_phase, legal)

    def position(self) -> Position:
        """The position now, to save or to start another game from (see engine/position.py)."""
        return Position.from_state(self.state, self.rules)

    # ------------------------------------------------------------------------ the components

    @property
    def data(self) -> GameData:
        """The game data this game is played with (board, cards, commanders, tracks, tokens)."""
        return self.rules.data

    @property
    def start(self) -> Position | None:
        """The position the game started from, if not the opening."""
        if self._start is None and self._start_state is not None:
            self._start, self._start_state = Position.from_state(self._start_state, self.rules), None
        return self._start

    @start.setter
    def start(self, position: Position | None) -> None:
        self._start, self._start_state = position, None

    @property
    def scenario(self) -> Scenario:
        return self.rules.scenario

    # ----------------------------------------------------------------------------- playing

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def round(self) -> int:
        """The round the game stands in, at any moment (a step the engine runs included, where
        there is no decision to view)."""
        return self.state.round

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended (None: not yet)."""
        return self.state.result

    @property
    def battle_area(self) -> str | None:
        """The area of the battle being fought (None: none); the view's ``battle`` tells more."""
        frame = _battle_frame(self.state)
        return None if frame is None else frame["area"]

    def decision(self) -> Decision | None:
        legal = self._listed()
        if self._decision_of is not legal or self._words_in != current_language():  # once per position and language
            self._decision, self._decision_of = current(self.rules, self.state, legal), legal
            self._words_in = current_language()
        return self._decision

    def legal(self) -> list[Action]:
        """The legal actions now as values (computed once per position); each equals its text."""
        return list(self._listed())

    def legal_text(self) -> list[str]:
        """The legal actions now as their notation (for JSON, logs and prompts)."""
        return [str(a) for a in self._listed()]

    def _listed(self) -> list[Action]:
        if self._legal is None:
            self._legal = legal_actions(self.rules, self.state)
        return self._legal

    def options(self) -> tuple[Option, ...]:
        """The legal actions now with their facts (kind, label, AP cost, areas, units, card,
        token), one Option per action in the order of :meth:`legal`; computed once per position."""
        legal = self._listed()
        if self._options is None or self._options_of is not legal or self._labels_in != current_language():
            self._options, self._options_of = describe(self.rules, self.state, legal), legal
            self._labels_in = current_language()
        return self._options

    def options_of(self, *kinds: type[Action]) -> tuple[Option, ...]:
        """The options of :meth:`options` whose actions are of these types, in its order; a step
        whose menu offers each type apart (the Orders Phase) lists and describes only those."""
        if self._legal is None:
            part = legal_of(self.rules, self.state, kinds)
            if part is not None:
                return describe(self.rules, self.state, part)
        return tuple(o for a, o in zip(self._listed(), self.options(), strict=True) if isinstance(a, kinds))

    def apply(self, action: Action | str) -> str:
        """Apply an action, a value from :meth:`legal` or notation (abbreviations of area names
        accepted); returns the exact notation applied. Raises IllegalAction with a clear message
        (for anything, even a value that is neither). An exact action whose step can check it
        alone (:meth:`allows`) is applied without listing the others."""
        chosen = action if isinstance(action, Action) else self._exact(action)
        legal = self._legal
        if chosen is not None and legal is None and (chosen in self._allowed or quick_allows(self.rules, self.state, chosen)):
            legal = [chosen]
        elif chosen is None or (not isinstance(action, Action) and chosen not in self._listed()):
            text = self.resolve(action)  # abbreviations, or a message naming what is wrong
            chosen = self._listed()[self.legal_text().index(text)]
        self._apply(chosen, legal if legal is not None else self._listed())
        return str(chosen)

    def allows(self, action: Action | str) -> bool:
        """Whether ``action`` (exact notation) is legal now; asked of the step itself where it
        can say without listing every legal action (the steps of a Move, an Assault or a
        Mobilization, and the Orders Phase's menu)."""
        if self._legal is None:
            value = action if isinstance(action, Action) else self._exact(action)
            if value is None:
                return action in self._listed()  # not exact notation: an abbreviation, or nothing
            if value in self._allowed:
                return True
            quick = quick_allows(self.rules, self.state, value)
            if quick is not None:
                if quick:
                    self._allowed |= {value}  # apply need not ask again
                return quick
        return action in self._listed()

    def _moved(self) -> None:
        """The position changed: what was listed or allowed for the last is dropped."""
        self._legal, self._allowed = None, frozenset()

    def pending(self) -> Pending | None:
        """Who decides now, in what kind of step and phase, without listing the legal actions
        (:meth:`decision` lists them)."""
        return pending(self.rules, self.state)

    def _exact(self, text: object) -> Action | None:
        """The action an exact notation writes (None: not one, or not written exactly)."""
        if not isinstance(text, str) or len(text) > MAX_ACTION_CHARS:
            return None
        try:
            value = Action.parse(text)
        except ActionSyntaxError:
            return None
        return value if value == text else None

    def replay(self, action: Action | str) -> None:
        """Apply the exact notation of an action known to be legal here (checked before: the
        replay viewer checks a whole record on opening) without listing the legal actions and
        without keeping copies for undo, for walking long records (a walker keeps copies of
        its own). Replayed actions cannot be undone; an action not legal here is not caught."""
        value = Action.parse(action) if isinstance(action, str) else action
        self._apply(value, [value], undoable=False)

    def _apply(self, action: Action, legal: list[Action] | None, undoable: bool = True) -> None:
        done = len(self.actions)
        if undoable and self.undoable and (done % SNAPSHOT_EVERY == 0 or not self._snapshots) and done not in self._snapshots:
            self._snapshots[done] = self.state.clone()  # none kept after a replay: undo starts here
        self._moved()
        self._marks.append(len(self.state.events))
        apply_action(self.rules, self.state, action, flow.next_phase, legal)
        self.actions.append(str(action))
        if not (undoable and self.undoable):
            self.reveal_at, self._snapshots = done + 1, {}
        elif self.state.revealed:
            self.reveal_at = done + 1
            # undo never goes back past a reveal: only the nearest copy before it is still needed
            floor = max(n for n in self._snapshots if n <= self.reveal_at)
            self._snapshots = {n: s for n, s in self._snapshots.items() if n >= floor}

    def digest(self) -> str:
        """The digest of the position now, as a record stores it (to vouch for a replay)."""
        return self.state.digest()

    def copy(self) -> Game:
        """An independent game at this position, undo included (a viewer keeps copies along a
        record): the state cloned, the undo copies shared (they are only ever cloned)."""
        game = Game.__new__(Game)
        game.__dict__ = self.__dict__.copy()
        game.state = self.state.clone()
        game.actions, game._marks, game._snapshots = list(self.actions), list(self._marks), dict(self._snapshots)
        return game

    def resolve(self, text: str) -> str:
        if not isinstance(text, str):
            raise IllegalAction(f"an action is notation text, not {short(text)} ({type(text).__name__})")
        if len(text) > MAX_ACTION_CHARS:
            raise IllegalAction(f"{short(text)} is not an action ({len(text):,} characters; notation is short)")
        legal = self.legal_text()
        if not legal:
            raise IllegalAction("the game is over" if self.over else "no decision is pending")
        text = " ".join(text.strip().lower().split())
        if text in legal:
            return text
        words = [_slug(w) for w in text.split()]
        matches = [a for a in legal if _matches(words, a.split())]
        if len(matches) == 1:
            return matches[0]
        if not matches:
            raise IllegalAction(f"{short(text, 60)} is not a legal action now; try one of: {', '.join(legal[:10])}" + (" …" if len(legal) > 10 else ""))
        raise IllegalAction(f"{short(text, 60)} is ambiguous: {', '.join(matches[:8])}")

    # ------------------------------------------------------------------------------- undo

    @property
    def can_undo(self) -> bool:
        return self.undoable and len(self.actions) > self.reveal_at

    def undo(self) -> str:
        """Take back the last action: restore the nearest copy of the state kept on the way and
        replay the few actions after it (they were checked when first applied)."""
        if not self.can_undo:
            raise IllegalAction("cannot undo: " + ("new information was revealed since (card, token or battle card)" if self.undoable
                                                   else "a world a bot dealt itself keeps no copies to go back to"))
        last = self.actions.pop()
        self._marks.pop()
        target = len(self.actions)
        base = max(n for n in self._snapshots if n <= target)
        for n in [n for n in self._snapshots if n > target]:
            del self._snapshots[n]
        self.state = self._snapshots[base].clone()
        for action in self.actions[base:target]:
            apply_action(self.rules, self.state, action, flow.next_phase, [action])
        self._moved()
        return last

    # ----------------------------------------------------------------------------- records

    def record(self) -> dict[str, Any]:
        record = {
            "format": RECORD_FORMAT,
            "version": __version__,
            "scenario": self.rules.number,
            "seed": self.seed,
            "options": self.settings,
            "actions": list(self.actions),
            "digest": self.state.digest(),
        }
        if self.start is not None:
            record["position"] = self.start.dump()
        if self.state.result is not None:
            record["termination"] = self.state.result.termination.value
        if self.data.variant is not None:
            record["format"], record["variant"] = VARIANT_FORMAT, self.data.variant.record()
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any] | GameRecord, data: GameData | None = None, check_digest: bool = False) -> Game:
        """Replay a record (validated by :class:`GameRecord` first); any failure, even an
        engine crash on the way, is a :class:`RecordError` with one line."""
        if not isinstance(record, GameRecord):
            record = GameRecord.parse(record)
        if record.variant is not None:
            data = record_variant_data(record.variant, record.scenario, data)
        try:
            if record.position is not None:
                game = cls.from_position(record.position, record.scenario, record.seed, record.options_dict(), data=data)
            else:
                game = cls(record.scenario, record.seed, record.options_dict(), data=data)
        except PositionError as exc:
            raise RecordError(f"the record's starting position cannot be set up: {exc}") from None
        except DataError as exc:
            raise RecordError(f"scenario: {exc.problems[0]}") from None
        for n, action in enumerate(record.actions, start=1):
            game.apply_recorded(n, action)
        if check_digest:
            game.confirm_digest(record.digest)
            game.confirm_ending(record.termination)
        return game

    def apply_recorded(self, n: int, action: str) -> str:
        """Apply a record's ``n``-th action checked, as :meth:`apply` checks any (a record is
        believed only when it replays: its digest can be computed for illegal actions too);
        returns the exact notation. Any failure, even an engine crash, is a :class:`RecordError`
        naming the step."""
        try:
            return self.apply(action)
        except IllegalAction as exc:
            raise RecordError(f"action {n} cannot be replayed: {exc}") from None
        except Exception as exc:  # noqa: BLE001 - an engine bug must not take a loader down
            raise RecordError(f"action {n} {short(action, 60)} made the engine fail ({type(exc).__name__}: {short(str(exc), 80)})") from exc

    def confirm_digest(self, digest: str | None) -> None:
        """A record's digest (None: it has none) is this position's, or RecordError."""
        if digest and digest != self.state.digest():
            raise RecordError("the replayed position differs from the saved one (different version or edited file)")

    def confirm_ending(self, termination: Termination | None) -> None:
        """A record's termination (format 3; None: it names none) is how this game ended, or
        RecordError."""
        if termination is not None and termination != _termination(self):
            raise RecordError(f"the record says the game ended by {termination.value}, its replay does not")

    def sample(self, player: Side, rng: random.Random) -> Game:
        """A full game consistent with everything ``player`` sees now: the unseen cards, tokens
        and deck orders dealt again from ``rng`` (see engine/sample.py). It starts from its own
        position, so its record replays."""
        state = sample_state(self.rules, self.state, player, rng)
        game = Game.__new__(Game)
        game.rules, game.seed, game.settings = self.rules, self.seed, dict(self.settings)
        game._start_state = state.clone()  # its Position only if its record is asked for: search never does
        game.state, game.actions, game.reveal_at, game._legal, game._allowed, game._snapshots = state, [], 0, None, frozenset(), {}
        game._marks = []
        game._options, game._options_of = None, None
        game.undoable = False
        return game

    def battle_odds(self, area: str, attack: list[tuple[str, dict[str, int] | str]] | None = None, side: Side | None = None,
                    open_step: str | None = None) -> BattleOdds:
        """Exact odds of the battle in ``area`` (pending, in progress, or with ``attack`` =
        ``[(origin, units), …]`` weighed before it is committed); ``open_step``: at a quiet
        step's moment (:meth:`quiet_moment`), that step, still open; see engine/odds.py."""
        return battle_odds(self.rules, self.state, area, attack, side, open_step)

    def win_chance(self, area: str, attack: list[tuple[str, dict[str, int] | str]] | None = None, side: Side | None = None) -> float:
        """The attacker's chance in that battle, as :meth:`battle_odds` counts it, without the
        rest of the odds (for bots, which weigh many battles)."""
        return win_chance(self.rules, self.state, area, attack, side)

    def orders_by_area(self) -> dict[str, list[str]]:
        """In the Orders, which orders (of :data:`AREA_ORDERS` offered now) concern each area:
        those whose next step offers it. Read from the engine's own options on a copy with the
        order opened, a step that spends nothing and reveals nothing; empty at any other step."""
        decision = self.decision()
        if decision is None or decision.kind != "orders":
            return {}
        offered = {o.notation for o in self.options()}
        out: dict[str, list[str]] = {}
        for order in AREA_ORDERS:
            if order in offered:
                ahead = self.copy()
                ahead.apply(order)
                for option in ahead.options():
                    if option.area and order not in out.setdefault(option.area, []):
                        out[option.area].append(order)
        return out

    def score_if_stage_ended(self) -> dict[str, list[tuple[str, int]]]:
        """What the End of Stage scoring (§5.2, the scenario's categories for this Stage) would
        give each side if the Stage ended now: (reason, VP) items, zeros included. Public facts
        only (occupation, Morale, alliances, broken units, Destruction), so any player may see it."""
        return {side: [(reason_words(r, SOURCE_LANGUAGE, ours=True), vp) for r, vp in items] for side, items in scoring.stage_points(self.rules, self.state).items()}

    def breakthrough_if_stage_ended(self) -> tuple[int, int] | None:
        """The Soldiers and Supply Tokens PL's Breakthrough (Scenario 4) would bring if the Stage
        ended now, from the corridor of Villages it holds; None in a scenario without one.
        Public facts only."""
        return scoring.breakthrough_now(self.rules, self.state)

    def events(self, player: str | None, since: int = 0) -> list[Event]:
        """What happened, as structured events (engine/events.py), from the ``since``-th event on,
        those ``player`` may see (None: all). ``len(game.events(None))`` is a mark to read from."""
        return visible_to(self.state.events, player, since)

    def last_events(self, player: str | None) -> list[Event]:
        """The events of the last action applied (the automatic steps after it included)."""
        return visible_to(self.state.events, player, self._marks[-1]) if self._marks else []

    def action_of(self, event: int) -> int:
        """The number (from 0) of the action whose steps told the ``event``-th event (an index
        into ``events(None)``); -1 for one told before the first action."""
        return bisect.bisect_right(self._marks, event) - 1

    def may_use_hand(self) -> bool:
        """Whether the pending decision may use its player's hand or face-down tokens, judged
        from what both players see — the kind of step, how many tokens the player holds — never
        from what they are: a client that hands the keyboard over by it tells nothing."""
        if self.state.over or not self.state.stack:
            return False
        step, decision = self.state.stack[-1]["kind"], self.pending()
        return step in HAND_STEPS or (step in TOKEN_STEPS and decision is not None and bool(self.state.my_tokens[decision.player]))

    def most_in_a_row(self, option: Option) -> int:
        """How many units ``option`` (placing one unit: a deployment, a reinforcement, a
        Mobilization) could place in its area in a row, as one repeated choice (engine/options.py)."""
        d = self.pending()
        return most_in_a_row(self.rules, self.state, option, d.player if d is not None else "PL")

    def quiet_decision(self, step: Event) -> tuple[Decision, Option]:
        """A secret battle step the engine passed for a side that could only pass (a
        ``quiet-step`` event), as the decision it would have been, with its one option."""
        prompt, option = quiet_option(self.rules, step["side"], step["step"], step["battle_area"])
        section = "§9.2" if step["step"] == "evade" else "§9.3"
        return Decision(step["side"], "battle", prompt, (option.action,), section, rulebook_phase(self.state, "battle")), option

    def quiet_moment(self, action: Action | str, steps: int) -> Game:
        """A copy of this game with ``action`` applied but its automatic steps halted right
        after the ``steps``-th quiet step they pass (0: before any): the position as it stood
        when that step came, to show while it is presented. For the eyes only: it is mid-way."""
        game = self.copy()
        mark = len(game.state.events)

        def passed(state: State) -> bool:
            came: int = sum(e.kind == "quiet-step" for e in state.events[mark:])
            return came >= steps

        apply_action(game.rules, game.state, action, flow.next_phase, stop=passed)
        game.actions.append(str(action))
        game._moved()
        return game

    def quiet_view(self, player: str | None, step: Event) -> PlayerView:
        """What ``player`` may see at a quiet step's moment (:meth:`quiet_moment`): the step
        shown as the pending decision and the battle at that step."""
        view = view_state(self.rules, self.state, player, decision=self.quiet_decision(step)[0])
        if view["battle"] is not None:
            view["battle"] = {**view["battle"], "step": battle_step_name(step["step"])}
        return view

    def view(self, player: str | None) -> PlayerView:
        """JSON-able data that ``player`` may see (None: an open view of everything; any other
        name, e.g. ``"table"``: only what both players may see, every hand and face-down token
        hidden)."""
        return view_state(self.rules, self.state, player, self.legal())

    def lazy_view(self, player: str | None) -> PlayerView:
        """The same view, each field copied when first read — for bots, which read a few
        fields of it at every decision; the legal actions are listed only if its decision is
        read. Reading it after the game has moved on raises; it is read-only."""
        state, done = self.state, len(self.actions)
        lazy = LazyView(self.rules, state, player, self._listed, lambda: self.state is state and len(self.actions) == done)
        # read by the view's keys, typed: a PlayerView to its readers, which only read; no
        # cast() here, a call at every bot decision
        return lazy  # type: ignore[return-value]


def _termination(game: Game) -> Termination | None:
    return None if game.outcome is None else game.outcome.termination


def record_variant_data(variant: VariantRecord, scenario: int, data: GameData | None) -> GameData:
    """The data a record's variant is played on: ``data`` (default: the shipped data) with the
    variant applied. RecordError when its text is not the one its digest names, or it is not a
    variant of the record's scenario, or it does not apply to this data."""
    from ..data.variant import load_variant, variant_digest

    if variant_digest(variant.text) != variant.digest:
        raise RecordError("variant: its text does not match its digest (an edited file)")
    try:
        varied = load_variant(data or shipped_data(), variant.text, "variant")
    except DataError as exc:
        raise RecordError(f"variant: {exc.problems[0]}") from None
    assert varied.variant is not None  # load_variant keeps it
    if varied.variant.base != scenario:
        raise RecordError(f"variant: it changes scenario {varied.variant.base}, but the record is of scenario {scenario}")
    return varied


def _slug(word: str) -> str:
    table = str.maketrans("ąćęłńóśźżĄĆĘŁŃÓŚŹŻ", "acelnoszzACELNOSZZ")
    return re.sub(r"[^a-z0-9@>-]+", "-", word.translate(table).lower()).strip("-")


def _matches(words: list[str], action: list[str]) -> bool:
    if len(words) != len(action):
        return False
    return all(a == w or (len(w) >= 2 and a.startswith(w)) for w, a in zip(words, action, strict=True))


def read_record(path: Path, data: GameData | None = None) -> Game:
    """Read, validate and replay a record, checking its digest (here, beside :class:`Game`: the
    game replays and writes itself; ``records`` is the file format and imports no rules)."""
    record = load_record(path)
    try:
        return Game.from_record(record, data=data, check_digest=True)
    except RecordError as exc:
        raise RecordError(f"{Path(path)}: {exc}") from None


def write_record(game: Game, path: Path) -> None:
    """Write the record so that a crash never leaves half a file (:func:`write_atomic`)."""
    write_atomic(Path(path), json.dumps(game.record(), ensure_ascii=False, indent=1))


__all__ = ["Game", "IllegalAction", "RecordError", "Decision", "read_record", "write_record"]
