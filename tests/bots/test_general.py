"""The general without absurd moves (issue 21): each position here is one where the general of
before made the move a player would call absurd — exported from a seeded general-v-general
Scenario 1 game (``Game(1, 100)``, generals seeded 0 and 1) just before it."""

from __future__ import annotations

from pathlib import Path

from semper_fidelis.bots import GeneralBot, Seat
from semper_fidelis.engine import Game, Position

POSITIONS = Path(__file__).parent / "positions"


def _game(name: str) -> Game:
    return Game.from_position(Position.model_validate_json((POSITIONS / f"general-{name}.json").read_text()))


def _play_turn(game: Game, bot: GeneralBot, kinds: tuple[str, ...]) -> list[str]:
    """The general's actions while the decisions are its own and of ``kinds``."""
    side, played = game.decision().player, []
    while not game.over and game.decision().player == side and game.decision().kind in kinds:
        action = bot.choose(Seat(game, side))
        played.append(action)
        game.apply(action)
    return played


def test_relief_goes_in_full_stacks_not_one_unit_per_area():
    game = _game("relief")  # ZURL's 10 Sich Riflemen arrive (before: one to each of 10 areas)
    side = game.decision().player
    waiting = game.view(side)["relief_waiting"]
    played = _play_turn(game, GeneralBot(1), ("relief",))
    placed = [a for a in played if a != "relief done"]
    limit = Seat(game, side).board.limit
    assert sum(int(a.split()[2][:-1]) for a in placed) == 10, waiting
    assert len(placed) == 2  # 10 units in two stacks of 5
    # each group as large as the Relief left and the area's room allowed
    assert all(a.endswith(" 5s") and sum(game.view(None)["units"][a.split()[1]].values()) <= limit[a.split()[1]] for a in placed)


def test_relief_in_the_rulebook_example_fills_areas():
    from semper_fidelis.engine import examples_dir
    game = Game.from_position(Position.load(examples_dir(Game(2, 1).data.assets_dir) / "10-relief-by-rail.toml"))
    bot = GeneralBot(1)
    _play_turn(game, bot, ("commander",))
    played = [a for a in _play_turn(game, bot, ("relief",)) if a != "relief done"]
    assert 2 <= len(played) <= 3  # 10 Soldiers, limit 5, Dworzec Główny has room for 4


def test_a_free_deployment_goes_in_stacks_not_one_unit_per_area():
    """Siege: PL deploys 21 units in the city first (before: one Soldier to each of ten areas,
    every one of them lost to the first attack). Now a garrison in each Strategic Area and the
    rest in full stacks facing the villages; then ZURL deploys around them the same way."""
    game = Game(4, 7001)
    assert game.decision().kind == "deploy"
    _play_turn(game, GeneralBot(1), ("deploy", "hq"))
    units = game.view(None)["units"]
    pl = {a: sum(n for t, n in u.items() if t.startswith("pl-")) for a, u in units.items()}
    stacks = [n for n in pl.values() if n]
    assert sum(stacks) == 21 and len(stacks) <= 7 and min(stacks) >= 2, pl
    strategic = game.view(None)["strategic"]
    assert all(pl.get(a, 0) >= 2 for a in strategic if a in game.view(None)["units"] and pl.get(a)), "each Strategic Area garrisoned"
    _play_turn(game, GeneralBot(2), ("deploy", "hq"))
    zurl = [sum(n for t, n in u.items() if not t.startswith("pl-")) for u in game.view(None)["units"].values()]
    assert min(n for n in zurl if n) >= 2


def test_orders_spend_the_ap_and_build_no_barricade_where_a_redoubt_stands():
    game = _game("orders")  # ZURL's second turn: before, a Barricade in Cytadela and 5 AP left
    bot = GeneralBot(1)
    played = _play_turn(game, bot, ("orders", "order", "mobilize", "provision", "fortify", "assault", "move"))
    assert played[-1] == "end"
    assert game.view("ZURL")["turn"]["ap"] == 0 and bot.reason is None
    assert not [a for a in played if a.startswith("barricade cytadela")]


def test_no_barricade_in_cytadela_nor_behind_an_own_redoubt():
    game = _game("orders")
    seat = Seat(game, "ZURL")
    bot = GeneralBot(1)
    bot._look(seat)
    assert bot._has_redoubt(seat, "cytadela")  # always, for whoever defends it
    assert not bot._has_redoubt(seat, "rynek")
    game.state.redoubts["rynek"] = "ZURL"
    bot._look(seat)
    assert bot._has_redoubt(seat, "rynek")


def test_unspent_ap_come_with_a_reason():
    bot = GeneralBot(1)
    assert bot._saving_reason(0) is None
    assert "3 AP left" in bot._saving_reason(3)


def test_an_evasion_takes_every_unit_at_once_for_the_cheapest_card():
    game = _game("evade")  # before: 2 units to one area, then the HQ to another
    seat = Seat(game, "ZURL")
    ap = {n: seat.card_ap(n) for n in game.view("ZURL")["hand"]["ZURL"]}
    played = _play_turn(game, GeneralBot(1), ("battle",))
    discards = [int(a.split()[1]) for a in played if a.startswith("discard")]
    evades = [a for a in played if a.startswith("evade")]
    assert len(discards) == 1 and ap[discards[0]] == min(a for n, a in ap.items() if f"discard {n}" in ["discard 6", "discard 7", "discard 21", "discard 23"])
    assert len(evades) == 1 and evades[0].endswith("2v1h")


def test_near_the_humanitarian_crisis_pl_takes_destruction_back_first():
    """Two spaces from the end of the Destruction track (ZURL would win at once), PL's
    Propaganda moves the marker back before any attack; far from it, leftover AP raise Morale."""
    units = {"dom-akademicki": {"pl-volunteer": 5}, "rynek": {"zurl-volunteer": 1},
             "szkola-kadecka": {"pl-hq": 1}, "sejm-krajowy": {"zurl-hq": 1}}
    start = {"scenario": 2, "to_act": {"side": "PL", "phase": "orders"}, "turn": {"ap": 5},
             "hand": {"PL": [], "ZURL": []}, "my_tokens": {"PL": [], "ZURL": []}, "tokens": {}, "morale": {"PL": 5, "ZURL": 5}, "units": units}
    track = len(Game(2, 1).scenario.destruction_track)
    game = Game.from_position({**start, "destruction": track - 2}, seed=1)
    assert GeneralBot(1).choose(Seat(game, "PL")) == "propaganda destruction"
    calm = Game.from_position({**start, "destruction": 0}, seed=1)
    assert GeneralBot(1).choose(Seat(calm, "PL")) != "propaganda destruction"


def test_a_defender_that_won_keeps_a_unit_in_the_area_its_loss_would_lose_the_game():
    """Scenario 3 (``Game(3, 9000)``, generals seeded 18000 and 18001): ZURL won in Winniki but
    owes 9 Losses with 6 units there. Before, four cheap withdrawals and two dearer losses left
    Winniki empty and one PL Soldier walked in: a Supply Cut. Now the withdrawals stop where the
    rest could no longer absorb what is owed, and a unit stays."""
    game = _game("losses")
    assert game.view("ZURL")["losses"]["remaining"] == 9
    played = _play_turn(game, GeneralBot(1), ("losses",))
    assert any(a.startswith("withdraw") for a in played)  # the cheap way while it costs nothing
    assert sum(game.view(None)["units"]["winniki"].values()) >= 1
