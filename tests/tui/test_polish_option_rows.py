"""The decision list's own words in Polish (issue 39; tui/options.py): the prompt line, every
row's label (the engine's: the rows' shapes are tui/shapes.py's), cost tag and dimmed reason, the highlighted option's words (its notation and an attack's odds
aside: the notation is typed as it is in both languages, the odds are render/odds.py's) and the Commander's
ability hold no English word of the catalog over random games of every scenario; a dimmed row
borrowed from an earlier turn is worded in the language now."""

from __future__ import annotations

import random

import pytest

from semper_fidelis.engine import Game
from semper_fidelis.i18n import _, set_language
from semper_fidelis.tui.options import _option_words, option_rows, own_ability, prompt_text, unprefixed, warning
from semper_fidelis.tui.session import Session

from .test_polish import WORD, english_words


@pytest.fixture
def polish():
    set_language("pl")
    yield
    set_language("en")


def english_in(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)} & english_words()


@pytest.mark.parametrize("scenario", [1, 2, 3, 4, 5])
def test_the_rows_and_their_reasons_are_in_polish(polish, scenario):
    game, rng, seen, found = Game(scenario, scenario), random.Random(scenario), {}, {}
    while not game.over and len(game.actions) < 150:
        session = Session(game=game, privacy=False)
        said = [prompt_text(session).plain, own_ability(session).plain]
        for row in option_rows(session, seen):
            side = game.decision().player
            words = _option_words(game, side, row).plain.rsplit("   [", 1)[0]  # the notation typed after it is the same in both
            said += [row.option.label, row.tag, row.blocked, warning(game, row.option, side) or "", words]
        for text in said:
            for word in english_in(text):
                found.setdefault(word, text)
        game.apply(rng.choice(game.legal()))
    assert not found, found


def test_a_dimmed_row_seen_in_english_is_worded_in_polish_after_a_switch():
    game, seen = Game(2, 1), {}
    while not (game.decision().kind == "orders" and any(o.kind == "propaganda" for o in game.options())):
        game.apply(game.legal()[0] if game.decision().kind != "orders" else "end")
    option_rows(Session(game=game, privacy=False), seen)  # the Propaganda offered, in English
    game.apply(next(o.notation for o in game.options() if o.kind == "propaganda"))
    set_language("pl")
    try:
        rows = option_rows(Session(game=game, privacy=False), seen)
    finally:
        set_language("en")
    dimmed = next(r for r in rows if r.blocked and r.option.kind == "propaganda")
    assert dimmed.label.plain.startswith("Propaganda:") and not english_in(dimmed.label.plain + dimmed.blocked), dimmed


def test_the_side_is_stripped_from_a_prompt_in_both_languages(polish):
    game = Game(2, 1)
    d = game.decision()
    assert d.prompt.startswith(f"{d.player}: ") and not unprefixed(d.prompt, d.player).startswith(d.player)


def test_a_battle_step_reads_as_a_label_after_the_side_s_badge(polish):
    """Like 'Ruch: wybierz cel', never 'Się broni: …' (the sentence's verb capitalized)."""
    for message in ("{side} attacks: play a Special card, or pass", "{side} defends: play a Special card, or pass",
                    "{side} attacks: play a Grenades or Ammunition token, or pass",
                    "{side} defends: play a Machine Gun or Ammunition token, or pass"):
        shown = unprefixed(_(message, side="PL"), "PL")
        assert shown.split(":")[0] in ("Atak", "Obrona"), shown
