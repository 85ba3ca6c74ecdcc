"""Building positions on the real board for the engine tests.

A test starts from a position (:func:`from_position`: a TOML text in the test, the
engine/position.py format), or starts a real Game for a scenario, lets the engine run up to a
decision (usually the active player's Orders Phase), then edits ``game.state`` directly — units, tracks, hands, tokens,
the order of the battle deck — and drives the rest with ``game.apply`` notations taken from
``game.legal()``. After editing units, call :func:`settle` so the engine's record of who holds
each Strategic Area matches the new board (otherwise the next checkpoint would move Morale for
changes the test made by hand).

The Game caches the legal actions of the current position; tests edit the state between
actions, so they use :class:`EditableGame`, which lists the legal actions afresh every time.
"""

from __future__ import annotations

import random
from dataclasses import replace

from semper_fidelis.engine.examples import Example, examples_dir, load_examples, play_example
from semper_fidelis.engine.game import Game
from semper_fidelis.engine.notation import parse_units
from semper_fidelis.engine.occupancy import strategic_holders
from semper_fidelis.engine.position import Position, battle_card_text
from semper_fidelis.engine.rules import shipped_rules
from semper_fidelis.engine.state import PL, ZURL, Token, other

__all__ = [
    "EditableGame",
    "PL",
    "ZURL",
    "Token",
    "new_game",
    "from_position",
    "battle_deck_topped",
    "to_decision",
    "to_orders",
    "empty_board",
    "put",
    "units",
    "settle",
    "force_battle_card",
    "battle_card_index",
    "give_tokens",
    "order",
    "battle_frame",
    "deploy_all",
    "finish_turn",
    "hidden_reshuffled",
    "rulebook_example",
    "played_example",
]


class EditableGame(Game):
    """A Game whose legal actions are recomputed on every call, so a test may edit ``state``
    between actions (the plain Game caches them per position)."""

    def _listed(self):
        self._legal = None
        return super()._listed()

    def apply(self, action):
        self._moved()  # the position may have been edited since it was listed
        return super().apply(action)


def new_game(scenario: int = 2, seed: int = 0, options: dict | None = None, *, orders: bool = True) -> Game:
    """A new game, run (with default answers) up to the first player's Orders Phase."""
    game = EditableGame(scenario, seed, options)
    deploy_all(game)
    if orders:
        to_orders(game)
    return game


def from_position(toml: str, seed: int = 0) -> Game:
    """A game from a position written in TOML; what it leaves out is the opening for ``seed``."""
    return EditableGame.from_position(Position.from_toml(toml), seed=seed)


def battle_deck_topped(*cards: str, scenario: int = 2) -> list[str]:
    """The whole battle deck with ``cards`` (``"0:1"``…) on top, the first drawn first."""
    deck = [battle_card_text(c) for c in shipped_rules(scenario).data.battle_deck.cards for _ in range(c.copies)]
    for card in cards:
        deck.remove(card)
    return deck + list(reversed(cards))


def deploy_all(game: Game) -> None:
    """Free deployment (Scenarios 4, 5): place every unit in the first legal area."""
    while game.decision() is not None and game.decision().kind == "deploy":
        game.apply(game.legal()[0])


def to_decision(game: Game, kind: str) -> None:
    """Answer the Initial Phase with default choices (keep the Commander, no Event, Relief
    later, HQ to the first area offered) until a decision of ``kind`` is pending."""
    defaults = {"commander": "keep", "event": "event pass", "relief": "relief done", "draw": "draw"}
    for _ in range(200):
        d = game.decision()
        assert d is not None, "the game ended"
        if d.kind == kind:
            return
        if d.kind in defaults:
            game.apply(defaults[d.kind])
        elif d.kind in ("hq", "collect", "attrition", "deploy", "reinforce"):
            game.apply(d.actions[0])
        elif d.kind == "orders":
            game.apply("end")
        else:
            raise AssertionError(f"unexpected decision {d.kind}: {d.actions[:5]}")
    raise AssertionError(f"no {kind} decision reached")


def to_orders(game: Game) -> None:
    to_decision(game, "orders")


def empty_board(game: Game) -> None:
    """Remove every unit, border group and fortification from the board."""
    s = game.state
    s.units = {}
    s.attacks = {}
    s.barricades = {}
    s.redoubts = {}
    settle(game)


def quiet_board(game: Game) -> None:
    """An empty board with no Strategic Areas and no Supply Tokens anywhere."""
    s = game.state
    empty_board(game)
    s.strategic, s.tokens = {}, {}
    s.my_tokens[PL], s.my_tokens[ZURL] = [], []
    settle(game)


def put(game: Game, area: str, side: str, text: str) -> None:
    """Add units of ``side`` to ``area`` in notation (``2v1s1h``; ``m``/``a`` for neutrals)."""
    bucket = game.state.units.setdefault(area, {})
    for t, n in parse_units(side, text).items():
        bucket[t] = bucket.get(t, 0) + n
    settle(game)


def units(game: Game, area: str) -> dict[str, int]:
    return {t: n for t, n in game.state.units.get(area, {}).items() if n}


def settle(game: Game) -> None:
    """Make the engine's Strategic Area bookkeeping agree with the board as edited."""
    game.state.strategic_holder = strategic_holders(game.rules, game.state)


def battle_card_index(game: Game, attacker: int, defender: int, *, escalation: bool = False, explosion: bool = False) -> int:
    for i, card in enumerate(game.rules.data.battle_deck.cards):
        if (card.attacker, card.defender, card.escalation, card.explosion) == (attacker, defender, escalation, explosion):
            return i
    raise AssertionError(f"no battle card {attacker}:{defender}")


def force_battle_card(game: Game, attacker: int, defender: int, **kw) -> None:
    """Put a battle card of these values on top of the battle deck (the engine draws from the end)."""
    i = battle_card_index(game, attacker, defender, **kw)
    deck = game.state.battle_deck
    if i in deck:
        deck.remove(i)
    deck.append(i)


def give_tokens(game: Game, side: str, *labels: str) -> None:
    """Put Supply Tokens (``grenades1``, ``plane2`` …) into a player's hand of tokens."""
    for label in labels:
        kind = label.rstrip("0123456789")
        game.state.my_tokens[side].append(Token(kind, int(label[len(kind):])))


def order(game: Game, mode: str, origin: str, group: str, dest: str) -> int:
    """Give a Move or Assault order through the engine's steps; return the AP it cost."""
    before = game.state.turn.ap
    game.apply(mode)
    game.apply(f"from {origin}")
    game.apply(f"units {group}")
    game.apply(f"to {dest}")
    return before - game.state.turn.ap


def battle_frame(game: Game) -> dict:
    return next(f for f in reversed(game.state.stack) if f["kind"] == "battle")


def finish_turn(game: Game) -> None:
    """End the active player's Orders Phase and answer the rest of the turn with defaults; stop
    at the next player's turn, or at an End of Round / End of Stage decision (attrition,
    reinforcements) or the end of the game."""
    side = game.state.active
    if game.decision().kind == "orders":
        game.apply("end")
    for _ in range(200):
        d = game.decision()
        if d is None or (game.state.active != side):
            return
        if d.kind == "draw":
            game.apply("draw")
        elif d.kind == "battle-order":
            game.apply(d.actions[0])
        elif d.kind in ("collect", "losses", "battle"):
            game.apply("fight" if "fight" in d.actions else "pass" if "pass" in d.actions else d.actions[0])
        else:
            return
    raise AssertionError("the turn did not end")


def hidden_reshuffled(game: Game, player: str, seed: int) -> Game:
    """The same game as ``player`` sees it, with everything hidden from him dealt differently."""
    twin = Game.from_position(game.position())
    s, rng = twin.state, random.Random(seed)
    opponent = other(player)
    cards = s.hand[opponent] + s.deck[opponent]
    rng.shuffle(cards)
    k = len(s.hand[opponent])
    s.hand[opponent], s.deck[opponent] = cards[:k], cards[k:]
    for deck in (s.deck[player], s.battle_deck, s.commander_deck[player], s.commander_deck[opponent]):
        rng.shuffle(deck)
    slots = [t for ts in s.tokens.values() for t in ts if not t.face_up] + s.my_tokens[opponent] + s.token_pool
    faces = [(t.kind, t.value) for t in slots]
    rng.shuffle(faces)
    dealt = iter(faces)  # tokens are values: each face-down slot gets a new one

    def deal(t: Token) -> Token:
        kind, value = next(dealt)
        return replace(t, kind=kind, value=value)

    s.tokens = {a: [t if t.face_up else deal(t) for t in ts] for a, ts in s.tokens.items()}
    s.my_tokens[opponent] = [deal(t) for t in s.my_tokens[opponent]]
    s.token_pool = [deal(t) for t in s.token_pool]
    s.rng = random.Random(seed)
    s.events = [e for e in game.state.events if e.visible == "all"]  # the log: the public events' texts
    twin._legal = None
    return twin


def rulebook_example(name: str) -> Example:
    """A shipped rulebook example (assets/examples) by its file name without the suffix."""
    examples, problems = load_examples(examples_dir(shipped_rules(2).data.assets_dir))
    assert not problems, problems
    return next(e for e in examples if e.name == name)


def played_example(name: str) -> Game:
    """The shipped example played through the book's choices; every step must come out as the
    book prints it (the file's own checks)."""
    game, problems = play_example(rulebook_example(name))
    assert not problems, "\n".join(problems)
    return game
