"""The log in the player's language (engine/wording.py, docs/i18n.md "The engine's log"): an
event keeps its template, and its text is made in Polish when drawn; records and digests do not
depend on the language."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from semper_fidelis import i18n
from semper_fidelis.engine import Game
from semper_fidelis.engine.events import Event
from semper_fidelis.engine.wording import english_text, event_text, unit_count, units_words

ENGINE = Path(__file__).resolve().parents[2] / "semper_fidelis" / "engine"
#: engine log texts written without a template; may only go down as events are converted
UNCONVERTED = 0


def _random_game(scenario: int, seed: int, moves: int = 400) -> Game:
    rng, game = random.Random(seed), Game(scenario, seed)
    while not game.over and len(game.actions) < moves:
        game.apply(rng.choice(game.legal()))
    return game


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("scenario", "seed"), [(1, 3), (2, 5), (4, 7)])
def test_every_template_is_filled_whole_in_both_languages(scenario: int, seed: int) -> None:
    events = _random_game(scenario, seed).state.events
    converted = [e for e in events if e.message is not None]
    assert converted, "no converted event in a random game"
    for e in converted:
        assert e.text == english_text(e) and "{" not in e.text, e.message
        polish = event_text(e, "pl")
        assert polish and "{" not in polish, e.message


def test_a_move_reads_in_polish_with_its_units_counted() -> None:
    game = _random_game(1, 3)
    moves = [e for e in game.state.events if e.kind == "move" and e.message is not None]
    assert moves
    move = moves[0]
    polish = event_text(move, "pl")
    assert polish and polish != move.text and "PA)" in polish
    assert units_words(move["units"], "pl") in polish
    assert event_text(move, "en") == move.text


def test_tracks_draws_and_cards_read_in_polish() -> None:
    events = _random_game(2, 5).state.events
    for kind, word in (("draw", "Kart"), ("card", "zagrywa")):
        shown = [e for e in events if e.kind == kind and e.visible == "all" and e.message is not None]
        assert shown, kind
        for e in shown:
            text = event_text(e, "pl")
            assert text and text != e.text and word in text, (kind, text)
    supply = [e for e in events if e.get("track") == "supply"]
    assert supply and all("Zaopatrzenie" in (event_text(e, "pl") or "") for e in supply)
    morale = [event_text(e, "pl") for e in events if e.get("track") == "morale"]
    assert any("rozejm" in (t or "") or "Dowódc" in (t or "") for t in morale), morale  # a marked reason, translated


def test_polish_counts_take_three_forms() -> None:
    assert [unit_count("pl-hq", n, "pl") for n in (1, 3, 5, 22, 12)] == [
        "1 Sztab PL", "3 Sztaby PL", "5 Sztabów PL", "22 Sztaby PL", "12 Sztabów PL"]
    assert [unit_count("pl-volunteer", n, "pl") for n in (1, 3, 5)] == ["1 Ochotnik PL", "3 Ochotników PL", "5 Ochotników PL"]
    assert units_words({"pl-volunteer": 2, "pl-soldier": 1}, "en") == "2 Polish Volunteers and 1 Polish Soldier"
    assert units_words({"pl-volunteer": 2, "pl-soldier": 1}, "pl") == "2 Ochotników PL i 1 Żołnierz PL"


def test_the_current_language_is_the_default() -> None:
    e = next(e for e in _random_game(1, 3).state.events if e.kind == "move" and e.message is not None)
    i18n.set_language("pl")
    assert event_text(e) == event_text(e, "pl") != e.text


def test_a_game_played_in_polish_has_the_same_record_digest_and_english_text() -> None:
    english = _random_game(3, 9, 300)
    i18n.set_language("pl")
    polish = _random_game(3, 9, 300)
    assert polish.record() == english.record() and polish.digest() == english.digest()
    assert [e.text for e in polish.state.events] == [e.text for e in english.state.events]


def test_a_record_made_in_one_language_shows_its_log_in_the_other() -> None:
    record = _random_game(2, 5, 200).record()
    i18n.set_language("pl")
    replayed = Game.from_record(record)
    shown = [event_text(e) for e in replayed.state.events if e.message is not None and e.text]
    assert shown and all(s for s in shown)
    assert any(s != e.text for s, e in zip(shown, [e for e in replayed.state.events if e.message is not None and e.text], strict=True))
    i18n.set_language("en")
    assert [event_text(e) for e in replayed.state.events] == [e.text for e in replayed.state.events]


def test_an_event_without_a_template_shows_its_text_and_its_plain_form_round_trips() -> None:
    old = Event.from_dict({"kind": "note", "text": "PL does something.", "visible": "all", "round": 1, "turn": "PL"})
    assert old.message is None and event_text(old, "pl") == "PL does something."
    game = _random_game(1, 3)
    for e in game.state.events:
        back = Event.from_dict(e.to_dict())
        assert back == e and event_text(back, "pl") == event_text(e, "pl")
    untemplated = next(e for e in game.state.events if e.message is None)
    assert "message" not in untemplated.to_dict()


def _texts_without_template() -> tuple[int, list[str]]:
    """Calls of ``event``/``log`` in the engine that write a ``text=`` rather than a template,
    and templates written as f-strings (formatted twice: a mistake)."""
    n, fstrings = 0, []
    for path in [*ENGINE.glob("*.py"), *ENGINE.glob("card_effects/*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("event", "log"):
                n += any(k.arg == "text" for k in node.keywords)
                template = node.args[2:3] if node.func.id == "event" else node.args[1:2]
                if template and isinstance(template[0], ast.JoinedStr):
                    fstrings.append(f"{path.name}:{node.lineno}")
    return n, fstrings


def test_the_count_of_log_texts_without_a_template_only_goes_down() -> None:
    n, fstrings = _texts_without_template()
    assert not fstrings, f"a template is marked text (N_), not an f-string: {fstrings}"
    assert n <= UNCONVERTED, "a new log text needs its template (msg=N_(...))"
    assert n == UNCONVERTED, f"converted more: lower UNCONVERTED to {n}"


def test_the_game_loop_makes_no_english_text_until_one_is_read() -> None:
    game = _random_game(2, 5, 150)
    templated = [e for e in game.state.events if e.message is not None]
    assert templated and not any("text" in vars(e) for e in templated)  # cached_property keeps it there once read
    lines = game.state.log
    assert lines and all("text" in vars(e) for e in templated if e.visible == "all")
    assert lines == [e.text for e in game.state.events if e.visible == "all" and e.text]
