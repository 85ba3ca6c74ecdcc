"""Saved games for the tests, made headless with the engine and the random bot."""

from __future__ import annotations

from pathlib import Path

from semper_fidelis.bots import RandomBot
from semper_fidelis.engine import Game, write_record
from semper_fidelis.store.saves import write_players

OPEN_TABLE = {"PL": "human", "ZURL": "human"}


def save(game: Game, path: Path, privacy: bool = False) -> Path:
    write_record(game, path)
    write_players(path, OPEN_TABLE, privacy)
    return path


def before_stage_end(scenario: int = 2, seed: int = 4) -> tuple[Game, str]:
    """A game one action before the End of Stage 1, and that action."""
    game = Game(scenario=scenario, seed=seed)
    bot = RandomBot(seed)
    while not any(line.startswith("End of Stage") for line in game.state.log):
        game.apply(bot.choose(game))
    record = game.record()
    return Game.from_record({**record, "actions": record["actions"][:-1]}), record["actions"][-1]


def at_a_battle(seed: int = 1) -> Game:
    """Scenario 2, PL's first turn: an Assault on Koszary Ferdynanda, ZURL to decide."""
    game = Game(scenario=2, seed=seed)
    for action in ("keep", "card 24", "move", "from sokolniki", "units 1v", "to szkola-sienkiewicza",
                   "assault", "from szkola-sienkiewicza", "units 3v",
                   "to koszary-ferdynanda via szkola-sienkiewicza attack", "fight"):
        game.apply(action)
    return game


def at_a_loss_distribution(seed: int = 1) -> Game:
    """The battle of :func:`at_a_battle` fought: PL, the beaten attacker, distributes its Losses."""
    game = at_a_battle(seed)
    for action in ("fight", "pass"):
        game.apply(action)
    assert game.decision().kind == "losses"
    return game


def long_game(length: int, seed: int = 3) -> Game:
    """A legal finished game of about ``length`` actions: a random game, played again with
    ``move`` + ``cancel`` pairs (legal, and they change nothing) at each orders decision, so
    its turns and battles are spread through the whole record."""

    def play(pairs: int) -> tuple[Game, int]:
        game, bot, padded = Game(scenario=2, seed=seed), RandomBot(seed), 0
        while not game.over:
            if game.decision().kind == "orders" and "move" in game.legal():
                padded += 1
                for _ in range(pairs):
                    game.apply("move")
                    game.apply("cancel")
            game.apply(bot.choose(game))
        return game, padded

    plain, decisions = play(0)
    return play(max(0, length - len(plain.actions)) // 2 // max(decisions, 1))[0]
