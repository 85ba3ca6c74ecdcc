"""The engine's questions and options in Polish (issue 39, docs/i18n.md): over random games of
every scenario, no prompt or option label in Polish holds an English word of the catalog, and
in English they are word for word what they were before they were marked."""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from tui.test_polish import WORD, english_words

from semper_fidelis.engine import Game
from semper_fidelis.i18n import set_language, source_language
from semper_fidelis.tui.options import _order_reason, _token_reason, cost_tag

#: sha256 of every prompt and label of the games of :func:`walk` in English, computed on main
#: before this work (commit df385ed): the English must not change
ENGLISH_BEFORE = "b4618bba08cae308feaae62d852020e4f11d738394f83b42443faa80e752f655"


def walk() -> Iterator[Game]:
    """Random games of all five scenarios, five seeds each, at each decision (600 at most)."""
    for scenario in (1, 2, 3, 4, 5):
        for seed in (1, 2, 3, 4, 5):
            rng, game, steps = random.Random(seed), Game(scenario, seed), 0
            while not game.over and steps < 600:
                yield game
                game.apply(rng.choice(game.legal()))
                steps += 1


def texts(game: Game) -> list[str]:
    d = game.decision()
    assert d is not None
    return [str(d.prompt), *(o.label for o in game.options())]


@pytest.fixture
def polish():
    set_language("pl")
    yield
    set_language("en")


def test_in_english_the_prompts_and_labels_are_as_before():
    digest = hashlib.sha256()
    with source_language():
        for game in walk():
            digest.update(("\n".join(texts(game)) + "\n").encode())
    assert digest.hexdigest() == ENGLISH_BEFORE


def test_in_polish_no_prompt_or_label_holds_an_english_word(polish):
    english, found = english_words(), {}
    for game in walk():
        for text in texts(game):
            for word in {w.lower() for w in WORD.findall(text)} & english:
                found.setdefault(word, text)
    assert not found, found


def test_a_language_switch_words_the_decision_on_screen_again(polish):
    game = Game(2, 1)
    before = (game.decision().prompt, [o.label for o in game.options()])
    set_language("en")
    after = (game.decision().prompt, [o.label for o in game.options()])
    assert before != after and after[0].startswith(game.decision().player)
    assert [o.notation for o in game.options()] == game.legal_text()


def test_the_dimmed_reasons_and_cost_tags_are_in_polish(polish):
    english = english_words()
    game = Game(2, 1)
    option = next(o for o in game.options())
    turn = {"propaganda": True, "negotiation": False, "provisions": 1, "card_played": True,
            "generic_tokens": 1, "specific_token": True}
    said = [cost_tag(option)]
    for kind, notation in (("propaganda", "propaganda morale"), ("negotiate", "x"), ("order", "provision"), ("order", "move"),
                           ("order", "assault")):
        for ap in (0, 5):
            said.append(_order_reason(type(option)(notation=notation, kind=kind, label="", ap_cost=2), turn, ap))  # type: ignore[arg-type]
    for kind in ("grenades", "food", "plane"):
        for used in ({}, {"generic_tokens": 0}, {"specific_token": False}, {"generic_tokens": 0, "specific_token": False}):
            said.append(_token_reason(game, kind, {**turn, **used}))  # type: ignore[typeddict-item]
    assert not [s for s in said if {w.lower() for w in WORD.findall(s)} & english]


#: a position at each card question and stage (tests/engine/test_frames.py)
CARD_STEPS = json.loads((Path(__file__).parent / "data" / "card_step_positions.json").read_text())


@pytest.mark.parametrize("name", sorted(CARD_STEPS))
def test_every_card_question_is_asked_in_polish(polish, name):
    saved = CARD_STEPS[name]["position"]
    game = Game.from_position(saved, scenario=saved["scenario"])
    english = english_words()
    said = texts(game)
    assert said[0].startswith(game.decision().player)  # the side first, as the screens strip it
    assert not {t: {w.lower() for w in WORD.findall(t)} & english for t in said if {w.lower() for w in WORD.findall(t)} & english}
    set_language("en")
    assert str(game.decision().prompt) == game.state.stack[-1]["prompt"]  # the frame's own words in English
