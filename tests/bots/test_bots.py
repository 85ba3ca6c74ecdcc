"""Bots (issue 10): they choose only legal actions, the same seed plays the same game, they never
read what their seat may not see, and the general beats the random baseline."""

from __future__ import annotations

import random

import pytest
from helpers import hidden_reshuffled

from semper_fidelis.bots import BOTS, GeneralBot, MarshalBot, Seat, make_bot
from semper_fidelis.bots.marshal import SEARCHED
from semper_fidelis.engine import Game
from semper_fidelis.play.batch import Matchup, play_game


def _positions(scenario: int, seed: int, every: int = 7, limit: int = 260):
    """Positions of a random game, every ``every`` actions."""
    game, rng = Game(scenario, seed), random.Random(seed)
    while not game.over and len(game.actions) < limit:
        if len(game.actions) % every == 0:
            yield game
        game.apply(rng.choice(game.legal()))


def _bots(seed: int):
    return [GeneralBot(seed), MarshalBot(seed, iterations=3, depth=6)]


@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5])
def test_bots_choose_only_legal_actions(scenario):
    for game in _positions(scenario, seed=scenario):
        player = game.decision().player
        for bot in _bots(scenario):
            assert bot.choose(Seat(game, player)) in game.legal()


def test_same_seed_same_game():
    first = play_game(Matchup(1, "general", "general"), 3)
    again = play_game(Matchup(1, "general", "general"), 3)
    assert first.actions == again.actions
    m = Matchup(1, "marshal", "general")
    bot_a, bot_b = MarshalBot(5, iterations=4, depth=5), MarshalBot(5, iterations=4, depth=5)
    game = Game(1, 2)
    while game.decision().kind != "orders":
        game.apply(game.legal()[0])
    assert bot_a.choose(Seat(game, "ZURL")) == bot_b.choose(Seat(game, "ZURL"))
    assert m.pl == "marshal"


@pytest.mark.parametrize("scenario", [2, 4])
def test_bots_never_read_hidden_information(scenario):
    """Two games a player cannot tell apart — same view, the opponent's hand, face-down tokens and
    deck orders dealt differently — get the same choice from the same bot with the same seed.
    A bot that peeked at the opponent's cards or the battle deck would tell them apart."""
    checked = 0
    for game in _positions(scenario, seed=11, every=13, limit=300):
        player = game.decision().player
        twin = hidden_reshuffled(game, player, seed=checked + 1)
        assert twin.view(player) == game.view(player) and twin.state.digest() != game.state.digest()
        assert GeneralBot(4).choose(Seat(game, player)) == GeneralBot(4).choose(Seat(twin, player))
        assert _search(MarshalBot, game, player) == _search(MarshalBot, twin, player)
        checked += 1
    assert checked >= 10


def _search(cls, game: Game, player: str):
    """What a marshal makes of the position: at a decision it searches (the Orders, a battle)
    its whole search (the plan chosen and every playout's score — a peek shows in the scores
    long before it changes a choice), elsewhere its choice."""
    bot, seat = _searching_marshal(cls), Seat(game, player)
    if game.decision().kind not in SEARCHED:
        return bot.choose(seat)
    return bot.weigh(seat, bot.candidates(seat))


def _searching_marshal(cls=MarshalBot) -> MarshalBot:
    """A marshal with budget enough that its search does overrule the general now and then."""
    return cls(4, iterations=24, depth=60, turns=1)


class _PeekingMarshal(MarshalBot):
    """Plays its playouts on the real game, hidden cards and deck orders included."""

    def _playout(self, seat: Seat, plan, seed):
        real = seat._game
        peek = Seat(Game.from_position(real.position()), seat.player)
        peek.sample = lambda rng: Game.from_position(real.position())
        return super()._playout(peek, plan, seed)


def test_the_hidden_information_check_catches_a_peeking_marshal():
    """The marshal's half of the check has teeth: searching on the real game instead of samples
    of its view, it weighs its plans differently in games its player cannot tell apart."""
    for game in _positions(2, seed=11, every=13, limit=300):
        player = game.decision().player
        if game.decision().kind != "orders":
            continue
        twin = hidden_reshuffled(game, player, seed=1)
        if _search(_PeekingMarshal, game, player) != _search(_PeekingMarshal, twin, player):
            return  # one difference is the proof
    raise AssertionError("a marshal that peeks searched alike in every pair of games its player cannot tell apart")


def test_every_bot_has_a_description_and_is_made_by_name():
    for name, (_cls, text) in BOTS.items():
        assert text.startswith(name) and make_bot(name, 1).name == name
    with pytest.raises(ValueError, match="no bot 'oracle'"):
        make_bot("oracle", 1)


def test_the_general_beats_the_random_bot():
    """A small slice of the measured result (docs/bots-and-balance.md): as either side in Scenario 2."""
    for seed in range(3):
        assert play_game(Matchup(2, "general", "random"), seed).state.result.winner == "PL"
        assert play_game(Matchup(2, "random", "general"), seed).state.result.winner == "ZURL"


def test_the_hidden_information_check_catches_a_peeking_bot():
    """The check above has teeth: a bot that reads the opponent's hand through the seat's game
    chooses differently in games its player cannot tell apart."""

    class Peeker:
        def choose(self, seat: Seat) -> str:
            hand = seat._game.view(None)["hand"]
            legal = seat.legal()
            return legal[sum(sum(h) for h in hand.values()) % len(legal)]

    differ = 0
    for game in _positions(2, seed=11, every=13, limit=300):
        player = game.decision().player
        twin = hidden_reshuffled(game, player, seed=1)
        if len(game.legal()) > 1:
            differ += Peeker().choose(Seat(game, player)) != Peeker().choose(Seat(twin, player))
    assert differ > 0


def _play_pl_turn(game: Game, bot: GeneralBot) -> list[str]:
    """The general's actions as PL until ZURL is to act or the game is over."""
    done = []
    while not game.over and game.decision().player == "PL":
        done.append(bot.choose(Seat(game, "PL")))
        game.apply(done[-1])
    return done


def test_the_general_takes_and_keeps_winniki_in_relief():
    """Scenario 3's Supply Cut: next to an empty Winniki the general steps in and stays (it used
    to walk on to the next objective and give the win away), which wins at the end of the turn."""
    game = Game.from_position({"scenario": 3, "to_act": {"side": "PL", "phase": "orders"}, "turn": {"ap": 5},
                               "units": {"kozielniki": {"pl-soldier": 3}, "dworzec-glowny": {"pl-hq": 1},
                                         "stacja-lyczakow": {"sich-rifleman": 2}, "rynek": {"zurl-hq": 1}}}, seed=1)
    orders = _play_pl_turn(game, GeneralBot(1))
    assert "to winniki" in orders and "from winniki" not in orders
    assert game.over and game.view(None)["result"]["winner"] == "PL"


def test_the_general_marches_on_winniki_in_relief():
    """Far from the objective, the general closes in: its first order of movement (after the AP
    from a card and the tokens) takes its largest spare group one step nearer the areas around
    Winniki."""
    game = Game.from_position({"scenario": 3, "to_act": {"side": "PL", "phase": "orders"}, "turn": {"ap": 1},
                               "units": {"koszary-wuleckie": {"pl-soldier": 4}, "dworzec-glowny": {"pl-hq": 1},
                                         "winniki": {"zurl-volunteer": 2}, "rynek": {"zurl-hq": 1}}}, seed=1)
    orders = _play_pl_turn(game, GeneralBot(1))
    first = orders.index("move")
    assert orders[first:first + 4] == ["move", "from koszary-wuleckie", "units 4s", "to sokolniki"]


def test_the_general_garrisons_winniki_for_zurl_in_relief():
    """ZURL's side of the Supply Cut: with PL two steps away, the general fills Winniki from next
    door before anything else."""
    game = Game.from_position({"scenario": 3, "to_act": {"side": "ZURL", "phase": "orders"}, "turn": {"ap": 3},
                               "units": {"winniki": {"zurl-volunteer": 1}, "lesienice": {"sich-rifleman": 3},
                                         "rynek": {"zurl-hq": 1}, "sokolniki": {"pl-soldier": 3},
                                         "dworzec-glowny": {"pl-hq": 1}}}, seed=1)
    bot, first = GeneralBot(1), None
    while first != "move":  # past the card and tokens to its first order
        first = bot.choose(Seat(game, "ZURL"))
        game.apply(first)
    assert bot.plan == ["from lesienice", "units 3s", "to winniki"]


def test_marshal_playouts_stop_at_the_end_of_the_stage_or_a_cut_off(monkeypatch):
    """A playout stops at the End of Stage, where the VP are scored (Scenario 2 has three
    Stages: the evaluation sees the first decision of the next Stage), or, cut off sooner after
    ``turns`` turns, is scored with what the End of Stage would give then."""
    from semper_fidelis.bots import marshal

    seen = []
    monkeypatch.setattr(marshal, "evaluate", lambda view, side, preview=None, breakthrough=None: seen.append((view, preview)) or 0.0)
    game = Game(2, 3)
    while game.decision().kind != "orders":
        game.apply(GeneralBot(1).choose(Seat(game, game.decision().player)))
    start = game.view(None)
    MarshalBot(1, iterations=1, turns=8)._playout(Seat(game, start["active"]), ["end"], 7)
    ((end, preview),) = seen
    assert (start["stage"], end["stage"]) == (1, 2) and preview is None
    assert end["round"] == start["rounds"] // start["stages"] + 1 and end["vp"] != start["vp"]
    seen.clear()
    MarshalBot(1, iterations=1, turns=3)._playout(Seat(game, start["active"]), ["end"], 7)
    ((cut, preview),) = seen
    assert cut["stage"] == 1 and (cut["round"], cut["turn_index"]) == (start["round"] + 1, 1)  # three turns played
    assert set(preview) == {"PL", "ZURL"}
    seen.clear()
    MarshalBot(1, iterations=1, turns=1)._playout(Seat(game, start["active"]), ["end"], 7)  # its own turn only
    ((cut, preview),) = seen
    assert (cut["round"], cut["active"]) == (start["round"], "ZURL" if start["active"] == "PL" else "PL") and preview
    seen.clear()
    MarshalBot(1, iterations=1)._playout(Seat(game, start["active"]), ["end"], 7)  # the default: and the reply
    ((cut, preview),) = seen
    assert (cut["round"], cut["active"]) == (start["round"] + 1, start["active"]) and preview


def test_the_marshal_counts_siege_breakthrough_at_a_cut_off():
    """Scenario 4: a corridor of PL Villages brings Soldiers and Supply Tokens at the end of
    Stage 1 (CORRIDOR: two Villages, 5 and 2). The End of Stage preview has no VP for it, so a
    playout cut off before it adds them: worth having to PL, worth denying to ZURL."""
    from semper_fidelis.bots.marshal import evaluate

    assert Game(2, 1).breakthrough_if_stage_ended() is None  # no corridor in Semper Fidelis
    game = Game(4, 1)
    while game.decision().phase == "Deployment":
        game.apply(GeneralBot(1).choose(Seat(game, game.decision().player)))
    assert game.breakthrough_if_stage_ended() == (0, 0)  # ZURL holds the Villages
    rules = game.rules
    a = sorted(rules.villages)[0]
    b = sorted(n for n in rules.neighbours[a] if n in rules.villages)[0]
    for village in (a, b):
        game.state.units[village] = {"pl-soldier": 1}
    assert game.breakthrough_if_stage_ended() == (5, 2)
    view, preview = game.view(None), game.score_if_stage_ended()
    assert evaluate(view, "PL", preview, (5, 2)) > evaluate(view, "PL", preview)
    assert evaluate(view, "ZURL", preview, (5, 2)) < evaluate(view, "ZURL", preview)


def test_the_marshal_weighs_reinforcing_a_threatened_strategic_area():
    """Rynek held by one volunteer with four PL volunteers next door: among the plans a
    searching bot weighs is the spare group next door moving in, as many as the threat."""
    game = Game.from_position({"scenario": 1, "to_act": {"side": "ZURL", "phase": "orders"}, "turn": {"ap": 3},
                               "units": {"rynek": {"zurl-volunteer": 1}, "sejm-krajowy": {"zurl-volunteer": 3},
                                         "dom-akademicki": {"pl-volunteer": 4}, "szkola-sienkiewicza": {"pl-hq": 1},
                                         "namiestnictwo": {"zurl-hq": 1}}}, seed=1)
    seat = Seat(game, "ZURL")
    plans = GeneralBot(1).alternatives(seat, seat.options())
    assert ["move", "from sejm-krajowy", "units 3v", "to rynek"] in plans
    calm = Game.from_position({"scenario": 1, "to_act": {"side": "ZURL", "phase": "orders"}, "turn": {"ap": 3},
                               "units": {"rynek": {"zurl-volunteer": 1}, "sejm-krajowy": {"zurl-volunteer": 3},
                                         "dom-akademicki": {"pl-volunteer": 1}, "szkola-sienkiewicza": {"pl-hq": 1},
                                         "namiestnictwo": {"zurl-hq": 1}}}, seed=1)
    seat = Seat(calm, "ZURL")
    assert not any(p[-1] == "to rynek" for p in GeneralBot(1).alternatives(seat, seat.options()))


def test_the_marshal_weighs_bringing_a_group_up_and_a_redoubt():
    """Plans the general makes only with AP to spare are among those a searching bot weighs:
    the rear group of Cytadela a step towards the front, a Redoubt in threatened Rynek."""
    game = Game.from_position({"scenario": 1, "to_act": {"side": "ZURL", "phase": "orders"}, "turn": {"ap": 4},
                               "units": {"rynek": {"zurl-volunteer": 2}, "sejm-krajowy": {"zurl-volunteer": 3},
                                         "cytadela": {"zurl-volunteer": 4}, "dom-akademicki": {"pl-volunteer": 4},
                                         "szkola-sienkiewicza": {"pl-hq": 1}, "namiestnictwo": {"zurl-hq": 1}}}, seed=1)
    seat = Seat(game, "ZURL")
    plans = GeneralBot(1).alternatives(seat, seat.options())
    assert ["move", "from cytadela", "units 3v", "to dom-technikow"] in plans
    assert ["fortify", "redoubt rynek"] in plans
    assert plans[-1] == ["end"]


class _FakeClock:
    """A clock that advances a fixed step every time it is read (no wall clock in tests)."""

    def __init__(self, step: float):
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_a_marshal_turn_keeps_to_its_budget():
    """However many orders and battles a turn has, the searches of one turn take at most the
    turn's budget (each gets half of what is left), so an app player waits for a bounded time —
    in the bot's turn, and for its answers in the battles of the player's own."""
    clock = _FakeClock(0.05)
    marshal = MarshalBot(2, think=1.0, turn_budget=3.0, clock=clock, depth=40, turns=1)
    game = Game(2, 5)
    general = GeneralBot(1)
    spent: dict[tuple, float] = {}
    searches = 0
    while not game.over and game.view(None)["round"] <= 2:
        decision = game.decision()
        seat = Seat(game, decision.player)
        if decision.player == "ZURL":
            before, key = clock.now, (game.view(None)["round"], game.view(None)["active"])  # its battles in PL's turn too
            searches += decision.kind == "orders"
            game.apply(marshal.choose(seat))
            spent[key] = spent.get(key, 0.0) + clock.now - before
        else:
            game.apply(general.choose(seat))
    assert searches >= 4 and spent and max(spent.values()) <= 3.0 + 0.5  # each search may end one playout late


class _ScriptedMarshal(MarshalBot):
    """Plays no playouts: the general's plan scores 0 on every deal, the other plan the next of
    ``other``'s scores."""

    def __init__(self, other: list[float]):
        super().__init__(1, iterations=2 * len(other))
        self.other = iter(other)

    def _playout(self, seat: Seat, plan, seed):
        return 0.0 if plan == ["own"] else next(self.other)


@pytest.mark.parametrize(("other", "overrules"), [
    ([2, -1, 2, -1], True),   # ahead by 0.5 on 4 deals, 0.58 standard errors
    ([3, -2, 3, -2], False),  # ahead by 0.5 too, but 0.35 standard errors
    ([1, 0, 1, 0], True),
    ([-1, 0, -1, 0], False),
])
def test_a_plan_overrules_the_general_when_it_is_ahead_by_half_a_standard_error(other, overrules):
    game = Game(2, 1)
    seat = Seat(game, game.decision().player)
    chosen, scores, _alive = _ScriptedMarshal(other).weigh(seat, [["own"], ["other"]])
    assert scores == [[0.0] * 4, other]
    assert chosen == (1 if overrules else 0)


class _FavouringMarshal(MarshalBot):
    """Plays no playouts: every plan scores 0 on every deal but ``favoured``, which scores 1."""

    def __init__(self, favoured: str):
        super().__init__(1, iterations=64)
        self.favoured = favoured
        self.weighed: list[list[list[str]]] = []

    def weigh(self, seat, plans):
        self.weighed.append(plans)
        return super().weigh(seat, plans)

    def _playout(self, seat: Seat, plan, seed):
        return 1.0 if plan == [self.favoured] else 0.0


def _first_decision(kind: str, scenario: int = 4, seed: int = 3) -> Game:
    """A general-v-general game stopped at its first decision of ``kind`` with a choice in it."""
    game = Game(scenario, seed)
    bots = {side: GeneralBot(i) for i, side in enumerate(("PL", "ZURL"))}
    while not game.over:
        decision = game.decision()
        if decision.kind == kind and len(decision.actions) > 1:
            return game
        game.apply(bots[decision.player].choose(Seat(game, decision.player)))
    raise AssertionError(f"no {kind} decision with a choice")


@pytest.mark.parametrize("kind", ["battle", "losses"])
def test_the_marshal_searches_the_battles_too(kind):
    """A battle decision (a card, a token, an Evasion, fighting on, the Losses) is searched like
    the Orders: every legal answer is weighed, and one the playouts favour is played over the
    general's. A decision that is not searched (here the cards drawn at the end of a turn) is
    the general's, with no playout."""
    game = _first_decision(kind)
    decision = game.decision()
    seat = Seat(game, decision.player)
    general = GeneralBot(0).choose(seat)
    other = next(a for a in decision.actions if a != general)
    bot = _FavouringMarshal(other)
    assert bot.choose(seat) == other
    assert sorted(p[0] for p in bot.weighed[0]) == sorted(decision.actions)
    assert "draw" not in SEARCHED
    game = _first_decision("draw")
    bot = _FavouringMarshal(game.decision().actions[-1])
    assert bot.choose(Seat(game, game.decision().player)) in game.decision().actions
    assert bot.weighed == [] and bot.playouts == 0


def test_the_general_widens_the_siege_corridor_before_the_breakthrough():
    """Scenario 4, Stage 1: PL holding the Village of Hołosko steps a spare unit into empty
    Rzęsna Polska next door — two Villages side by side bring five Soldiers and two Supply
    Tokens at the Breakthrough, one brings two and one. It never empties Hołosko to do it, and
    in Stage 2, with no Breakthrough to come, it does not go."""
    units = {"holosko": {"pl-soldier": 2}, "kleparow": {"pl-volunteer": 1}, "dworzec-glowny": {"pl-volunteer": 4, "pl-hq": 1},
             "gora-stracenia": {"pl-volunteer": 1}, "szkola-sienkiewicza": {"pl-volunteer": 1},
             "winniki": {"zurl-volunteer": 3}, "zboiska": {"zurl-hq": 1}}
    position = {"scenario": 4, "to_act": {"side": "PL", "phase": "orders"}, "turn": {"ap": 1}, "units": units}
    orders = _play_pl_turn(Game.from_position(position, seed=1), GeneralBot(1))
    assert "to rzesna-polska" in orders
    alone = {**units, "holosko": {"pl-soldier": 1}}
    assert "to rzesna-polska" not in _play_pl_turn(Game.from_position({**position, "units": alone}, seed=1), GeneralBot(1))
    late = Game.from_position({**position, "round": 5}, seed=1)
    assert late.view(None)["stage"] == 2
    assert "to rzesna-polska" not in _play_pl_turn(late, GeneralBot(1))
