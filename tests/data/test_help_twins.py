"""The help pages in Polish (issue 39): each page of assets/help has its twin in help/pl, shown
when the game speaks Polish; validate names a missing twin, a twin of no page and a decision
without its Polish section, one line each."""

from __future__ import annotations

import re

from semper_fidelis.data.validate import validate_dir
from semper_fidelis.i18n import set_language
from semper_fidelis.tui import helptext


def test_a_missing_help_twin_or_section_is_one_line_each(data_dir):
    help_dir = data_dir / "assets" / "help"
    assert validate_dir(data_dir) == []
    (help_dir / "pl" / "keys.md").unlink()
    (help_dir / "pl" / "extra.md").write_text("# ?\n", encoding="utf-8")
    decisions = help_dir / "pl" / "decisions.md"
    decisions.write_text(re.sub(r"^## losses\n.*?(?=^## )", "", decisions.read_text(encoding="utf-8"), flags=re.M | re.S),
                         encoding="utf-8")
    assert validate_dir(data_dir) == [
        "help/keys.md: no Polish form in help/pl/keys.md",
        "help/pl/extra.md: no such page in help/",
        "help/decisions.md: ## losses: no Polish form in help/pl/decisions.md",
    ]


def test_the_help_is_shown_in_the_current_language_and_every_decision_has_its_polish_section():
    english_kinds = re.findall(r"^## (\S+)$", helptext.help_file("decisions.md"), flags=re.M)
    assert helptext.help_file("keys.md").startswith("# Keys")
    set_language("pl")
    assert helptext.help_file("keys.md").startswith("# Klawisze")
    assert re.findall(r"^## (\S+)$", helptext.help_file("decisions.md"), flags=re.M) == english_kinds
    body, rulings = helptext.kind_help("losses")
    assert body.startswith("**Ponoszenie Strat") and "ruling:loss-table" not in body and "loss-table" in rulings
    assert helptext.decision_help(None).startswith("# Pomoc\n\nŻadna decyzja nie czeka.\n\n# Klawisze")
