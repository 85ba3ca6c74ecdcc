"""The data's texts in Polish, beside the data (issue 39, docs/i18n.md): ``validate`` names, one
line each, a text without its Polish form, a Polish form of a text that does not exist and a twin
file it cannot use; the game shows the Polish forms in Polish and the English otherwise."""

from __future__ import annotations

import pytest
from test_validate import REPO, assert_reported, edit, edit_asset, edit_scenario

from semper_fidelis.data.loader import load_game_data
from semper_fidelis.data.rulebook import shown_rulebook_index
from semper_fidelis.data.translations import card_effect, card_name, scenario_name, scenario_text
from semper_fidelis.data.validate import validate_dir
from semper_fidelis.i18n import set_language


def twin(root, folder: str, name: str):
    return root / folder / "pl" / name


def test_every_shipped_text_has_its_polish_form():
    assert [p for p in validate_dir(REPO) if "Polish" in p or "pl/" in p] == []


def test_a_text_without_its_polish_form_is_one_line_naming_it(data_dir):
    edit(twin(data_dir, "assets", "cards_pl.toml"), lambda d: d["cards"].pop("5"))
    assert assert_reported(data_dir) == "cards_pl.toml: cards.5.effect: no Polish form in pl/cards_pl.toml"


def test_a_new_english_text_needs_its_polish_form(data_dir):
    edit_scenario(data_dir, 1, lambda d: d["special_rules"].append("A rule added in English only."))
    assert_reported(data_dir, "1-coup.toml: special_rules.3: no Polish form in pl/1-coup.toml")
    edit_asset(data_dir, "supply_tokens.toml", lambda d: d["tokens"][0].update(effect="Changed."))
    assert "supply_tokens.toml" not in " ".join(validate_dir(data_dir))  # a changed text keeps its key (docs/i18n.md)


def test_a_polish_form_of_no_text_is_one_line(data_dir):
    edit(twin(data_dir, "assets", "components.toml"), lambda d: d["units"].update({"pl-cavalry": {"name": "Kawaleria"}}))
    edit(twin(data_dir, "scenarios", "2-semper-fidelis.toml"), lambda d: d.update(briefin="Literówka w kluczu."))
    problems = validate_dir(data_dir)
    assert "pl/components.toml: units.pl-cavalry.name: no such text in components.toml" in problems
    assert "pl/2-semper-fidelis.toml: briefin: no such text in 2-semper-fidelis.toml" in problems


def test_a_missing_twin_is_one_line(data_dir):
    twin(data_dir, "assets", "commanders.toml").unlink()
    assert assert_reported(data_dir, "commanders.toml") == "pl/commanders.toml: missing: 19 texts of commanders.toml have no Polish form"


def test_the_rulebook_indexs_texts_are_checked_like_the_datas(data_dir):
    """The index's titles, errata, FAQ questions and reasons (``coverage`` shows them) have their
    Polish forms in ``pl/rulebook.toml``, keyed by the entries' ids."""
    edit(twin(data_dir, "assets", "rulebook.toml"), lambda d: (d["sections"].pop("§9.4"), d["faq"]["evade-cost"].update(untestable="Powód.")))
    assert [p for p in validate_dir(data_dir) if "rulebook" in p] == [
        "rulebook.toml: sections.§9.4.title: no Polish form in pl/rulebook.toml",
        "pl/rulebook.toml: faq.evade-cost.untestable: no such text in rulebook.toml",
    ]
    set_language("pl")  # coverage shows the English where the Polish is missing, and no reason where the English has none
    index = shown_rulebook_index(data_dir / "assets")
    titles = {s.id: s.title for s in index.sections}
    assert (titles["§9"], titles["§9.4"]) == ("Bitwa", "Post-Battle")
    assert [(q.question, q.untestable) for q in index.faq if q.id == "evade-cost"] == [("Jak wykonać Unik?", None)]
    set_language("en")
    twin(data_dir, "assets", "rulebook.toml").unlink()
    assert assert_reported(data_dir, "rulebook") == "pl/rulebook.toml: missing: 105 texts of rulebook.toml have no Polish form"
    (data_dir / "assets" / "rulebook.toml").unlink()  # a data folder without an index: nothing to translate
    assert not [p for p in validate_dir(data_dir) if "rulebook" in p]


def test_a_polish_folder_leading_elsewhere_is_refused(data_dir, tmp_path):
    folder = data_dir / "scenarios" / "pl"
    folder.rename(tmp_path / "elsewhere")
    folder.symlink_to(tmp_path / "elsewhere")
    assert assert_reported(data_dir, "scenarios/pl") == f"{folder}: a link leading outside {data_dir / 'scenarios'}"
    assert sum("scenarios/pl" in p for p in validate_dir(data_dir)) == 1
    data = load_game_data(data_dir)
    set_language("pl")
    assert scenario_text(data, data.scenario(1), "briefing", "English") == "English"  # not read


def test_a_card_without_its_polish_name(data_dir):
    edit_asset(data_dir, "cards_zurl.toml", lambda d: d["cards"][2].update(polish=" "))
    assert assert_reported(data_dir) == "cards_zurl.toml: cards.3.polish: no Polish name"


@pytest.mark.parametrize(("text", "expected"), [
    ('source = "reconstructed: ours"\n[cards.1]\neffect = "[bold]x[/]"', "pl/cards_pl.toml: cards.1.effect: "),
    ('source = "made up"\n', "pl/cards_pl.toml: source: must start with 'rulebook' or 'reconstructed: <reason>'"),
    ("cards = [ oops", "pl/cards_pl.toml: not valid TOML"),
])
def test_a_twin_is_checked_like_any_data_file(data_dir, text, expected):
    twin(data_dir, "assets", "cards_pl.toml").write_text(text, encoding="utf-8")
    assert_reported(data_dir, expected)


def test_the_game_reads_the_polish_forms_in_polish_and_the_english_otherwise(data_dir):
    data = load_game_data()
    card = data.decks["PL"].cards[4]
    scenario = data.scenario(1)
    english = (card_name(card), card_effect(data, "PL", card), scenario_name(scenario),
               scenario_text(data, scenario, "special_rules.2", scenario.special_rules[2]))
    assert english == (card.name, card.effect, "Coup", scenario.special_rules[2])
    set_language("pl")
    assert (card_name(card), card_effect(data, "PL", card), scenario_name(scenario),
            scenario_text(data, scenario, "special_rules.2", scenario.special_rules[2])) == (
        "Odezwa „Do ludności Lwowa”", "Dodaj 3 Ochotników PL z puli do swojej Strefy Mobilizacji (mniej, jeśli w puli jest ich mniej).",
        "Zamach", "W tym scenariuszu nie ma Jednostek neutralnych, toru Negocjacji ani toru Zniszczeń.")
    twin(data_dir, "assets", "cards_pl.toml").unlink()  # a folder without the Polish: the English shows
    assert card_effect(load_game_data(data_dir), "PL", card) == card.effect
    edit(twin(data_dir, "assets", "commanders.toml"), lambda d: d["commanders"]["roja"]["ability"].update(text="Rozkaz\x1b[2J"))
    assert load_game_data(data_dir).polish.text("commanders.toml", "commanders.roja.ability.text", "") == "Rozkaz\\x1b[2J"  # shown, never obeyed


def test_a_special_cards_brief_has_its_polish_form_and_a_card_without_one_is_said_whole(data_dir):
    """A Special card's ``brief`` (its effect in a few words, for a battle's row: issue 36) is a
    text like its effect: its Polish form is checked, and read in Polish."""
    from semper_fidelis.data.translations import card_brief

    edit(twin(data_dir, "assets", "cards_pl.toml"), lambda d: d["cards"]["7"].pop("brief"))
    assert "cards_pl.toml: cards.7.brief: no Polish form in pl/cards_pl.toml" in validate_dir(data_dir)
    data = load_game_data()
    lamb, eaglets_free = (next(c for c in data.decks["PL"].cards if c.number == n) for n in (7, 2))
    assert card_brief(data, "PL", lamb) == "after the battle, your Losses −1 and ZURL's +1"
    assert card_brief(data, "PL", eaglets_free) == eaglets_free.effect  # no brief: the whole text
    set_language("pl")
    assert card_brief(data, "PL", lamb) == "po bitwie twoje Straty −1, Straty ZURL +1"
    assert all(c.brief for deck in data.decks.values() for c in deck.cards if c.kind == "special" and len(c.effect) > 60)
