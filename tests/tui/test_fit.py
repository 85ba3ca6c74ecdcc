"""An option too long for its line: the areas' short labels, then no explanation (issue 23)."""

from rich.text import Text

from semper_fidelis.tui.fit import fit_label

NAMES = {"Dom Techników": "Dom Techn", "Cytadela": "Cytadela"}


def test_a_label_that_fits_is_left_alone():
    label = Text("Move into Dom Techników")
    assert fit_label(label, 40, NAMES) is label


def test_too_long_the_short_names_then_no_explanation():
    label = Text("Attack Cytadela from Dom Techników: line up on its border, the battle comes in the Battle Phase")
    assert fit_label(label, 40, NAMES).plain == "Attack Cytadela from Dom Techn"


def test_a_short_head_keeps_what_follows_its_colon():
    """'Negotiate: the Jewish Militia …' and 'Negotiate: the Austro-Hungarian …' stay apart."""
    label = Text("Negotiate: the Jewish Militia marker 1 step towards PL")
    assert fit_label(label, 20, NAMES).plain == label.plain


def test_the_militia_warning_stays_in_front():
    label = Text.assemble(("⚠ ", "bold yellow"), "Move into Dom Techników and on and on")
    assert fit_label(label, 20, NAMES).plain.startswith("⚠ Move into Dom Techn")


def test_at_80_columns_the_side_an_attack_comes_from_stays_whole():
    """Three sides of one area at 80 columns: each row still says which (the map's short labels)."""
    rows = [
        "Attack Cytadela from Dom Techników: line up on its border, the battle comes in the Battle Phase",
        "Enter Cytadela from Dom Techników without a battle",
        "Assault Cytadela from Politechnika: fight at once",
    ]
    names = {**NAMES, "Politechnika": "Politechn"}
    fitted = [fit_label(Text(row), 24, names).plain for row in rows]
    assert fitted == ["Attack Cyta… ← Dom Techn", "Enter Cytad… ← Dom Techn", "Assault Cyt… ← Politechn"]
    assert fit_label(Text(rows[0]), 30, names).plain == "Attack Cytadela from Dom Techn"  # room enough: the words
