"""validate's one-line problems in Polish (issue 39): the cross-file checks (data/checks.py), the
loader's schema lines and the Polish twins' lines are said in the language of the command, with
the file, entry and field named as in English; a schema error is our own sentence, not pydantic's
English, in both languages."""

from __future__ import annotations

import re

from test_cli_polish import english_in
from test_validate import board, edit_asset, edit_scenario

from semper_fidelis.data.validate import validate_dir
from semper_fidelis.i18n import set_language


def english_said(lines: list[str]) -> list[str]:
    """The catalog's English words in ``lines``, the data's keys (``hand_limit``) left out."""
    return sorted(english_in(re.sub(r"\w+_\w+", " ", "\n".join(lines))))


def _break_the_schemas(root):
    def units(d):
        d["units"][0].update(side="Poland", count=0, colour="red")
        del d["units"][1]["letter"]
    edit_asset(root, "components.toml", units)
    edit_asset(root, "tracks.toml", lambda d: d.update(hand_limit="seven"))
    edit_asset(root, "board.toml", lambda d: d["areas"][0].update(id="Rynek Główny", neighbours="rynek"))


def _break_across_files(root):
    first = board(root)["areas"][0]["id"]

    def areas(d):
        d["areas"][0]["neighbours"] = [*d["areas"][0]["neighbours"], "no-such-area"]
        d["districts"][0]["roman"] = "X"
    edit_asset(root, "board.toml", areas)

    def siege(d):
        d["sides"]["PL"]["commander"] = "napoleon"
        d["sides"]["PL"]["removed_cards"] = [99]
        d["relief"][0]["round"] = 40
    edit_scenario(root, 4, siege)
    edit_scenario(root, 1, lambda d: d["sides"]["PL"]["placements"].append({"area": first, "unit": "pl-volunteer", "count": 9}))


def test_schema_problems_are_our_sentences_in_both_languages(data_dir):
    _break_the_schemas(data_dir)
    english = validate_dir(data_dir)
    assert "components.toml: units[id='pl-volunteer'].side: should be one of 'PL', 'ZURL', 'neutral' (it is 'Poland')" in english
    assert "components.toml: units[id='pl-volunteer'].count: should be at least 1 (it is 0)" in english
    assert "components.toml: units[id='pl-volunteer'].colour: not a field of this table (a misspelt or left-over key?)" in english
    assert "tracks.toml: hand_limit: should be a whole number (it is 'seven')" in english
    assert not [p for p in english if re.search(r"Input should|Field required|Extra inputs", p)]
    set_language("pl")
    polish = validate_dir(data_dir)
    assert len(polish) == len(english)
    assert "components.toml: units[id='pl-volunteer'].side: powinno być jednym z: 'PL', 'ZURL', 'neutral' (a jest 'Poland')" in polish
    assert "components.toml: units[id='pl-volunteer'].count: powinno wynosić co najmniej 1 (a jest 0)" in polish
    assert "tracks.toml: hand_limit: powinna być liczba całkowita (a jest 'seven')" in polish
    assert any(p.endswith(".letter: brak: to pole jest wymagane") for p in polish)
    assert any("powinien być identyfikator: małe litery i cyfry" in p for p in polish)
    assert any(p.endswith(".neighbours: powinna być lista (a jest 'rynek')") for p in polish)
    assert not english_said(polish), english_said(polish)


def test_cross_file_problems_in_polish_name_the_same_file_entry_and_field(data_dir):
    _break_across_files(data_dir)
    english = validate_dir(data_dir)
    assert any(p.endswith("neighbours: 'no-such-area' is not an area") for p in english)
    assert "4-siege.toml: sides.PL.commander: 'napoleon' is not a commander in commanders.toml" in english
    set_language("pl")
    polish = validate_dir(data_dir)
    assert [p.split(": ")[0] for p in polish] == [p.split(": ")[0] for p in english]
    assert any(p.startswith("board.toml: obszar '") and p.endswith("neighbours: 'no-such-area' to nie obszar") for p in polish)
    assert "board.toml: dzielnica 1: roman: 'X' powinno być 'I'" in polish
    assert "4-siege.toml: sides.PL.commander: 'napoleon' to nie dowódca z commanders.toml" in polish
    assert "4-siege.toml: sides.PL.removed_cards: karty 99 nie ma w talii PL (cards_pl.toml)" in polish
    assert any(p.startswith("4-siege.toml: relief[0].round: runda 40 leży poza Torem Czasu (") for p in polish)
    assert any("jednostki: " in p and "ponad limit Obszaru" in p for p in polish)
    assert not english_said(polish), english_said(polish)


def test_the_twins_lines_in_polish(data_dir):
    (data_dir / "assets" / "pl" / "components.toml").unlink()
    (data_dir / "assets" / "help" / "pl" / "keys.md").unlink()
    set_language("pl")
    polish = validate_dir(data_dir)
    assert "help/keys.md: brak polskiej wersji w help/pl/keys.md" in polish
    assert any(p.startswith("pl/components.toml: brak: ") and "z components.toml nie ma polskiej wersji" in p for p in polish)
    assert not english_said(polish), english_said(polish)


#: a rulebook example whose book disagrees with the game: it offers Assault and expects 2 units
LEFT_THE_BOOK = """
scenario = 2
seed = 3
to_act = {side = "PL", phase = "orders"}
turn = {ap = 5}
strategic = {}
hand = {PL = [], ZURL = []}

[units]
winniki = {pl-volunteer = 3}

[example]
title = "A small example"
section = "§6.2"
text = "PL moves."
outcome = "Two Volunteers in Sokolniki."

[[example.steps]]
say = "PL moves to Sokolniki."
play = ["move", "from winniki", "units 3v", "to sokolniki"]
offers = ["assault"]
expect = {units = {sokolniki = {pl-volunteer = 2}}}
"""


def test_an_example_that_leaves_the_book_is_said_in_polish(tmp_path):
    from semper_fidelis.engine import check_example, load_examples

    (tmp_path / "small.toml").write_text(LEFT_THE_BOOK, encoding="utf-8")
    example = load_examples(tmp_path)[0][0]
    assert check_example(example) == ["small: step 1: 'assault' is not offered",
                                      "small: step 1: units.sokolniki is {pl-volunteer 3}, the book says {pl-volunteer 2}"]
    set_language("pl")
    assert check_example(example) == ["small: krok 1: 'assault' nie jest oferowane",
                                      "small: krok 1: units.sokolniki to {pl-volunteer 3}, a instrukcja mówi {pl-volunteer 2}"]
