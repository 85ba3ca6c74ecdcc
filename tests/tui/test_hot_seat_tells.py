"""Hot seat without tells (issue 34): whether the keyboard is handed over, and what the other
player's screen shows, depend on public information only. Checked by perturbing the secrets:
the same position with another hand and other face-down tokens for one side (the same public
facts) must give the same hand-overs and the same screens to the other player."""

from __future__ import annotations

import random

from semper_fidelis.bots import RandomBot
from semper_fidelis.engine import Game
from semper_fidelis.engine.state import Token
from semper_fidelis.render.odds import odds_text
from semper_fidelis.tui.options import option_rows, prompt_text
from semper_fidelis.tui.session import Session
from semper_fidelis.tui.status import phase_line

from .helpers import sync


def perturbed(game: Game, side: str, rng: random.Random) -> Game:
    """The same position with ``side``'s hand dealt again from its hand and deck (as many
    cards), and its face-down tokens dealt again with the pool's: what the other player
    sees is unchanged; the random generator and every other deck are untouched."""
    copy = game.copy()
    s = copy.state
    cards = s.hand[side] + s.deck[side]
    rng.shuffle(cards)
    k = len(s.hand[side])
    s.hand[side], s.deck[side] = cards[:k], cards[k:]
    slots = s.my_tokens[side] + s.token_pool
    faces = [(t.kind, t.value) for t in slots]
    rng.shuffle(faces)
    s.my_tokens[side] = [Token(*faces[i], only=t.only) for i, t in enumerate(s.my_tokens[side])]
    s.token_pool = [Token(*faces[len(s.my_tokens[side]) + i]) for i in range(len(s.token_pool))]
    copy._moved()  # what was listed for the old deal is dropped
    return copy


def public_choice(rows):
    """The perturbed side's play, from what anyone may know: a way out of the step if there is
    one, else the first option that uses no card or token (so both deals play alike)."""
    plain = [r for r in rows if not r.blocked and r.option.card is None and r.option.token is None]
    return next((r for r in plain if r.option.closes), plain[0]).action


def trace(game: Game, secret: str, seed: int, seen: int) -> list:
    """What happens at a hot-seat table until the other player has seen ``seen`` screens: each
    hand-over, each table, and every screen not ``secret``'s own (who looks, the prompt, the
    options, the view). How many steps ``secret`` takes at its own screen is its own affair."""
    session = Session(game=game.copy(), privacy=True)
    session.viewer = game.decision().player  # the player at the keyboard now
    return table_trace(session, secret, seed, seen)


def table_trace(session: Session, secret: str, seed: int, seen: int) -> list:
    """:func:`trace` from a session as it stands (one just loaded: no one at the keyboard yet)."""
    rng, out = random.Random(seed), []
    for _ in range(600):
        if session.game.over or sum(len(step) == 4 for step in out) >= seen:
            break
        side = session.handover_to()
        if side:
            session.hand_over(side)
            out.append(("hand-over", side))
        elif session.open_table():
            out.append(("table",))
        rows = option_rows(session)
        if session.viewer == secret:
            if out[-1:] != [(secret, "own screen")]:
                out.append((secret, "own screen"))
            action = public_choice(rows)
        else:
            out.append((session.viewer, phase_line(session).plain + prompt_text(session).plain, [r.action for r in rows],
                        (session.view(), drawn(session))))
            action = rng.choice([r.action for r in rows if not r.blocked])
        session.apply(action)
    return out


def drawn(session: Session) -> tuple:
    """What the screen draws besides the view: the events it reads (the battle's lines, the
    last turn's marks, the cards played), the Stage-end preview, the odds of the battle."""
    game, view = session.shown_game, session.view()
    events = [(e.kind, e.text, e.facts) for e in game.events(session.viewer)]
    odds = odds_text(game, view["battle"]["area"]) if view["battle"] else None
    return events, game.score_if_stage_ended(), odds.plain if odds is not None else None


def positions(seed: int, every: int = 3):
    """Positions of a random game where the active player gives orders, no battle under way
    (so that no secret step is pending for the side whose secrets change)."""
    game, bot = Game(scenario=2, seed=seed), RandomBot(seed)
    seen = 0
    while not game.over and len(game.actions) < 1200:
        d = game.decision()
        if d.kind == "orders" and not any(f["kind"] == "battle" for f in game.state.stack):
            seen += 1
            if seen % every == 0:
                yield game.copy()
        game.apply(bot.choose(game))


def test_perturbing_one_sides_secrets_changes_no_hand_over_and_no_screen_of_the_other():
    """Two deals again per position and side (there were three): each deals the whole hand and
    every face-down token again, so a screen or hand-over that reads any of them differs under
    one deal in nearly every position; 32 positions and sides keep the slice broad."""
    handed = 0
    for seed in (1, 2):
        for n, game in enumerate(positions(seed)):
            if n >= 8:
                break
            for secret in ("PL", "ZURL"):
                base = trace(game, secret, seed + n, 40)
                handed += sum(1 for step in base if step[0] == "hand-over" and step[1] == secret)
                for k in range(2):
                    other = perturbed(game, secret, random.Random(100 * seed + 10 * n + k))
                    assert trace(other, secret, seed + n, 40) == base, (seed, n, secret, k)
    assert handed >= 50  # the secret side was handed the keyboard often enough to mean something


ASSAULT = ("keep", "card 24", "assault", "from szkola-sienkiewicza", "units 2v",
           "to koszary-ferdynanda via szkola-sienkiewicza attack", "fight")


def test_a_side_with_no_token_to_play_is_still_handed_the_keyboard_for_its_token_step():
    """Issue 34: ZURL defends holding tokens but no Machine Gun or Ammunition; PL holds no
    Grenades. Each is still handed the keyboard for its token step, with only 'pass' to take."""
    session = Session(game=Game(scenario=2, seed=1), privacy=True)
    session.hand_over("PL")
    for action in ASSAULT:
        session.apply(action)
    asked = []
    while session.game.decision().kind == "battle" or session.quiet_step() is not None:
        side = session.handover_to()
        if side:
            session.hand_over(side)
        d, options = session.asking()
        asked.append((side, d.prompt, [o.notation for o in options]))
        session.apply("fight" if "fight" in d.actions else "pass" if "pass" in d.actions else d.actions[0])
    assert ("PL", "PL attacks: play a Grenades or Ammunition token, or pass", ["pass"]) in asked
    assert ("ZURL", "ZURL defends: play a Machine Gun or Ammunition token, or pass", ["pass"]) in asked
    assert [side for side, _, _ in asked] == ["ZURL", "PL", "ZURL", "PL", "ZURL"]  # evade, cards, tokens: in turn


def test_a_passed_secret_step_is_undone_like_a_decision():
    """The quiet step ZURL passed is ZURL's last decision: PL may not take it back (a refusal
    that came only when ZURL had a token would tell); ZURL may, and is asked again."""
    import pytest

    from semper_fidelis.engine import IllegalAction

    session = Session(game=Game(scenario=2, seed=1), privacy=True)
    session.hand_over("PL")
    for action in (*ASSAULT, "fight", "pass"):  # ZURL fights; PL plays no Special card
        session.hand_over(session.handover_to() or session.viewer)
        session.apply(action)
    assert session.handover_to() == "ZURL" and session.quiet_step()["step"] == "d-card"
    session.hand_over("ZURL")
    session.apply("pass")
    assert session.handover_to() == "PL"
    session.hand_over("PL")
    with pytest.raises(IllegalAction, match="ZURL's"):
        session.undo()
    session.hand_over("ZURL")
    assert session.undo() == ["pass"] and session.quiet_step()["step"] == "d-card"


@sync
async def test_the_app_hands_over_for_a_token_step_with_only_pass_and_one_key_takes_it(make_app):
    from semper_fidelis.tui.screens.game import GameScreen
    from semper_fidelis.tui.screens.handover import HandoverScreen
    from semper_fidelis.tui.screens.info import InfoScreen

    from .conftest import SIZE
    from .helpers import choose, labels, options, text_of

    game = Game(scenario=2, seed=1)
    for action in ASSAULT:  # PL's assault, headless (by keys: test_privacy's hand-over test)
        game.apply(action)
    app = make_app(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        session = app.new_game(2, {"PL": "human", "ZURL": "human"}, privacy=True, game=game)
        await pilot.pause()
        handed = []

        async def take_keyboard():
            while not isinstance(app.screen, GameScreen):
                if isinstance(app.screen, HandoverScreen):
                    handed.append(text_of(app.screen.query_one("#handover-text")))
                await pilot.press("escape" if isinstance(app.screen, InfoScreen) else "space")
                await pilot.pause()

        for _ in range(8):  # the battle: ZURL fights, the cards, the tokens
            await take_keyboard()
            if session.quiet_step() is not None and session.quiet_step()["step"] == "d-token":
                break
            await choose(pilot, "fight" if "fight" in options(app) else "pass")
        assert session.viewer == "ZURL" and "ZURL" in handed[-1]  # handed over, as for a token to play
        assert options(app) == ["pass"] and labels(app) == ["Play no token"]
        assert "Machine Gun" in prompt_text(session).plain
        await choose(pilot, "pass")  # its one key and Enter, as for any option
        assert session.quiet_step() is None


def to_zurls_token_step(game: Game) -> Session:
    """A hot-seat session of ``game`` (scenario 2 at its start) played through ASSAULT, both
    sides taking the way out of every step, until ZURL's token step is asked."""
    session = Session(game=game, privacy=True)
    session.hand_over("PL")
    for action in ASSAULT:
        session.apply(action)
    while True:
        session.hand_over(session.handover_to() or session.viewer)
        d, options = session.asking()
        if d.player == "ZURL" and "token" in d.prompt:
            return session
        session.apply(public_choice(option_rows(session)))


def test_a_quiet_step_due_at_saving_is_presented_after_loading_as_a_step_with_a_choice_is(tmp_path):
    """Saved while ZURL's token step is due: loaded, it is presented once, to ZURL, behind a
    hand-over; PL's hand-overs and screens from the load on, and the Resume list's line, are
    those of the same game where ZURL had a token to play (the engine waiting at the step)."""
    from semper_fidelis.store.saves import describe

    def from_start(game: Game) -> Game:  # a game whose record starts at its position: it replays
        return Game.from_position(game.position(), scenario=2, seed=1)

    quiet = to_zurls_token_step(from_start(Game(scenario=2, seed=1)))
    assert quiet.quiet_step()["step"] == "d-token"
    for k in range(40):  # the same game with ZURL's tokens dealt again until one may be played
        chosen = to_zurls_token_step(from_start(perturbed(Game(scenario=2, seed=1), "ZURL", random.Random(k))))
        if chosen.quiet_step() is None:
            break
    assert chosen.quiet_step() is None and chosen.game.decision().player == "ZURL"
    traces, lines = [], []
    for name, session in (("quiet", quiet), ("chosen", chosen)):
        session.save_to(tmp_path / f"{name}.json")
        lines.append(describe(tmp_path / f"{name}.json").summary.split(" — ")[1])
        loaded = Session.load(tmp_path / f"{name}.json", None, tmp_path, players=session.players, privacy=True)
        assert loaded.handover_to() == "ZURL"
        assert [(e, m.digest()) for e, m in loaded.quiet] == [(e, m.digest()) for e, m in session.quiet]  # each at its moment
        traces.append(table_trace(loaded, "ZURL", 5, 12))
        if name == "quiet":
            assert loaded.quiet == [] and len(loaded.passed) == 1 and loaded.passed[0][1][0]["step"] == "d-token"
    assert traces[0] == traces[1] and lines[0] == lines[1]
    assert traces[0][0] == ("hand-over", "ZURL") and sum(step[0] == "PL" for step in traces[0]) >= 10


def test_the_autosave_keeps_the_quiet_steps_due_as_they_are_passed_and_undone(tmp_path):
    """Saved after every change of what is due, not only after the engine's actions: a step
    passed is not asked again after a load, one undone is."""
    from semper_fidelis.store.saves import read_quiet

    session = to_zurls_token_step(Game(scenario=2, seed=1))
    session.autosave_path = tmp_path / "slot.json"
    session.autosave()
    assert read_quiet(session.autosave_path) == len(session.quiet) >= 1
    session.hand_over("ZURL")
    session.apply("pass")
    assert read_quiet(session.autosave_path) == len(session.quiet) == 0
    assert session.undo() == ["pass"] and read_quiet(session.autosave_path) == 1


@sync
async def test_the_app_presents_a_quiet_step_due_in_a_loaded_save_behind_a_hand_over(make_app, saves):
    from semper_fidelis.tui.screens.handover import HandoverScreen

    from .conftest import SIZE
    from .helpers import choose, labels, options, text_of, until_screen

    to_zurls_token_step(Game(scenario=2, seed=1)).save_to(saves / "due.json")
    app = make_app(seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.open_save(saves / "due.json") is None
        await until_screen(pilot, HandoverScreen)
        assert "ZURL" in text_of(app.screen.query_one("#handover-text"))
        await pilot.press("space")
        await pilot.pause()
        assert options(app) == ["pass"] and labels(app) == ["Play no token"]
        await choose(pilot, "pass")
        session = app.game_screen.session
        assert session.quiet_step() is None and session.passed and isinstance(app.screen, HandoverScreen)
