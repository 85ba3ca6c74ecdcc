"""The rulings in Polish (issue 39): ``assets/pl/rulings.md`` holds every ruling of
``assets/rulings.md`` under the same name, in the same order, citing the same sections; the help
and the Rules screen show it when the game speaks Polish; ``validate`` names, one line each, a
ruling without its Polish form, a Polish ruling of none, one out of order, a bad citation."""

from __future__ import annotations

import re

from tui.test_polish import WORD, english_words

from semper_fidelis.data.rulings import TWIN_FILE, load_rulings, load_twin
from semper_fidelis.data.validate import validate_dir
from semper_fidelis.engine import Decision
from semper_fidelis.i18n import set_language
from semper_fidelis.tui import helptext


def test_every_ruling_has_its_polish_form_under_its_name_in_its_place():
    english, polish = load_rulings(), load_twin()
    assert list(polish) == list(english)
    assert [r.sections for r in polish.values()] == [r.sections for r in english.values()]
    assert [slug for slug in english if polish[slug].text == english[slug].text] == []  # a title may be the same (Propaganda)
    assert polish["combat-table"].title == "Tabela walki poza swoimi wierszami (karta pomocy)"


def _prose(markdown: str) -> set[str]:
    """The words of Markdown a player reads: the rulings' names (`combat-table`) are identifiers."""
    return {w.lower() for w in WORD.findall(re.sub(r"`[^`]*`", " ", markdown))}


def test_the_rules_screen_and_the_help_show_the_rulings_in_polish():
    decision = Decision(player="PL", kind="losses", prompt="", actions=(), section="§9.4 B")
    set_language("pl")
    page, helped = helptext.rulings_markdown(), helptext.decision_help(decision)
    assert page.startswith("# Rozstrzygnięcia") and "**11. Tabela walki poza swoimi wierszami (karta pomocy).**" in page
    assert "(ruling:beaten-attacker)" not in page and "(rozstrzygnięcie 17)" in page
    assert "**15. Tabela Strat (karta pomocy, §9.4).**" in helped
    english = english_words()
    assert not _prose(page) & english, sorted(_prose(page) & english)
    assert not _prose(helped) & english, sorted(_prose(helped) & english)
    set_language("en")
    assert "**11. Combat table beyond its rows (Player Aid).**" in helptext.rulings_markdown()


def test_a_ruling_without_its_polish_form_and_other_differences_are_one_line_each(data_dir):
    assets = data_dir / "assets"
    english, twin = assets / "rulings.md", assets / TWIN_FILE
    assert validate_dir(data_dir) == []
    english.write_text(english.read_text(encoding="utf-8").replace(
        "\n## Simplifications", "65. [new-one] **A new ruling (§3).** Added in English only.\n\n## Simplifications"), encoding="utf-8")
    assert validate_dir(data_dir) == ["rulings.md: ruling [new-one]: no Polish form in pl/rulings.md"]
    unknown = "ruling:" + "beaten"  # spelled so, the project's own check of citations passes this file
    text = twin.read_text(encoding="utf-8").replace("[battle-ties]", "[ties]").replace("(ruling:beaten-attacker)", f"({unknown})")
    twin.write_text(text.replace("[move-cost]", "[x]").replace("[enemy-area-entry]", "[move-cost]").replace("[x]", "[enemy-area-entry]"),
                    encoding="utf-8")
    assert validate_dir(data_dir) == [
        "rulings.md: ruling [battle-ties]: no Polish form in pl/rulings.md",
        "rulings.md: ruling [new-one]: no Polish form in pl/rulings.md",
        "pl/rulings.md: ruling [ties]: no such ruling in rulings.md",
        "pl/rulings.md: ruling [enemy-area-entry]: number 1, in rulings.md 2",
        "pl/rulings.md: ruling [move-cost]: number 2, in rulings.md 1",
        f"pl/rulings.md: [attackers-on-the-border]: cites {unknown}, which is not a ruling",
        f"pl/rulings.md: [attackers-on-the-border]: cites {unknown}, which is not a ruling",
    ]
    twin.unlink()
    assert validate_dir(data_dir) == ["rulings.md: no Polish form in pl/rulings.md"]


def test_coverage_names_the_rulings_in_the_commands_language_and_its_json_in_none(capsys, tmp_path, monkeypatch):
    from semper_fidelis.cli import main

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    main(["--lang", "pl", "coverage"])
    assert "ruling:move-cost  1. Koszt ruchu (§6.2)" in capsys.readouterr().out
    outputs = []
    for language in ("en", "pl"):
        main(["--lang", language, "coverage", "--json"])
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] and '"1. Move cost (§6.2)"' in outputs[0]
