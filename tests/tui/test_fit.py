"""An option too long for its line: the areas' short labels, then no explanation (issue 23)."""

from rich.text import Text

from semper_fidelis.engine import Option
from semper_fidelis.tui.fit import fit_label

NAMES = {"Dom Techników": "Dom Techn", "Cytadela": "Cytadela"}
LABELS = {"dom-technikow": "Dom Techn", "cytadela": "Cytadela", "politechnika": "Politechn"}


def _from(kind: str, via: str, label: str) -> Option:
    return Option(f"move 1v x cytadela via {via}", kind, label, area="cytadela", to_area="cytadela", via=via)


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
        _from("attack", "dom-technikow", "Attack Cytadela from Dom Techników: line up on its border, the battle comes in the Battle Phase"),
        _from("enter", "dom-technikow", "Enter Cytadela from Dom Techników without a battle"),
        _from("assault", "politechnika", "Assault Cytadela from Politechnika: fight at once"),
    ]
    names = {**NAMES, "Politechnika": "Politechn"}
    fitted = [fit_label(Text(o.label), 24, names, o, LABELS).plain for o in rows]
    assert fitted == ["Attack Cyta… ← Dom Techn", "Enter Cytad… ← Dom Techn", "Assault Cyt… ← Politechn"]
    assert fit_label(Text(rows[0].label), 30, names, rows[0], LABELS).plain == "Attack Cytadela from Dom Techn"  # room enough: the words


def test_the_side_is_the_option_s_not_read_from_its_words():
    """No parsing of labels (issue 37): the area and the side come from the Option's
    ``to_area`` and ``via``, whatever the words say; an option without them is only shortened."""
    worded = _from("attack", "dom-technikow", "Strike at Cytadela, coming over the Dom Techników side, lining up first")
    assert fit_label(Text(worded.label), 24, NAMES, worded, LABELS).plain == "Attack Cyta… ← Dom Techn"
    move = Option("move 1v x cytadela", "move", "Attack Cytadela from Dom Techników, as the words would say", to_area="cytadela")
    assert "←" not in fit_label(Text(move.label), 24, NAMES, move, LABELS).plain


def test_a_list_wraps_the_rows_the_room_holds_shortest_first():
    """A list too long to wrap every row whole wraps as many as its spare lines hold, the
    shortest first; the others stay on one line (before, one row too many cut them all)."""
    from textual.widgets.option_list import Option as Line

    from semper_fidelis.tui.widgets.decision import _wrap_what_fits

    one = [Line(f"row {i}") for i in range(4)]
    wrapped = [Line("a\nb\nc"), Line("d"), Line("e\nf"), Line("g\nh")]
    assert [str(o.prompt) for o in _wrap_what_fits(one, wrapped, 2)] == ["row 0", "d", "e\nf", "g\nh"]
    assert [str(o.prompt) for o in _wrap_what_fits(one, wrapped, 1)] == ["row 0", "d", "e\nf", "row 3"]
    assert [str(o.prompt) for o in _wrap_what_fits(one, wrapped, -1)] == ["row 0", "row 1", "row 2", "row 3"]
