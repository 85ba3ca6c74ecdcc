"""Rulings are cited by name, so a renumbering cannot break a citation silently: every
``ruling:<name>`` anywhere in the project resolves, and no citation goes by number."""

from __future__ import annotations

from pathlib import Path

from semper_fidelis.cli import main
from semper_fidelis.data.rulings import citation_problems, load_rulings, parse_rulings
from semper_fidelis.data.validate import validate_dir

REPO = Path(__file__).resolve().parents[2]
CITING = ("semper_fidelis", "assets", "scenarios", "tests", "docs")
TEXT_FILES = {".py", ".toml", ".md", ".tcss"}
HERE = Path(__file__).resolve()  # its examples of bad citations are on purpose


def test_rulings_are_numbered_in_reading_order_with_unique_names():
    rulings = load_rulings()
    assert [r.number for r in rulings.values()] == list(range(1, len(rulings) + 1))
    assert rulings["combat-table"].title == "Combat table beyond its rows (Player Aid)"
    assert rulings["battle-ties"].sections == ("9.3",)
    assert "defender holds" in rulings["battle-ties"].text


def test_every_ruling_citation_in_the_project_resolves():
    rulings = load_rulings()
    problems = []
    files = [REPO / "README.md", REPO / "CHANGELOG.md"] + [p for top in CITING for p in sorted((REPO / top).rglob("*"))
                                    if p.suffix in TEXT_FILES and "__pycache__" not in p.parts and p != HERE]
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            problems += [f"{path.relative_to(REPO)}:{number}: {p}" for p in citation_problems(line, rulings)]
    assert not problems, "\n".join(problems)


def test_citation_problems_name_what_is_wrong():
    known = {"combat-table"}
    assert citation_problems("per ruling:combat-table", known) == []
    assert citation_problems("per ruling:combat-tables", known) == [
        "cites ruling:combat-tables, which is not a ruling"]
    assert citation_problems("continued (rulings #12)", known) == [
        "cites a ruling without its name ('rulings #12'); write ruling:<name>"]
    assert len(citation_problems("disarmed (rulings).", known)) == 1
    assert citation_problems("expected = len(rulings) + 1", known) == []


def test_a_malformed_rulings_file_is_reported_one_line_per_problem():
    text = (
        "## Battle\n\n"
        "1. [ties] **Ties (§9.3).** The defender holds.\n"
        "3. [table] **Table.** Beyond its rows,\n"
        "   the pattern goes on.\n"
        "4. **No name.** Oops.\n"
        "5. [ties] **Again.** Twice.\n"
    )
    rulings, problems = parse_rulings(text)
    assert list(rulings) == ["ties", "table"]
    assert rulings["table"].text == "Beyond its rows, the pattern goes on."
    assert problems == [
        "rulings.md: ruling [table]: numbered 3, its place in reading order is 2",
        "rulings.md: ruling 4: needs '[name] **Title.**' after its number",
        "rulings.md: ruling 5: name [ties] is also ruling 1",
    ]


def test_validate_names_file_and_entry_of_an_unresolved_citation(data_dir, capsys):
    commanders = data_dir / "assets" / "commanders.toml"
    commanders.write_text(commanders.read_text(encoding="utf-8").replace(
        "ruling:commander-deck", "ruling:relief-commander"), encoding="utf-8")
    storm = data_dir / "scenarios" / "5-storm.toml"
    storm.write_text("# one HQ (rulings #13)\n" + storm.read_text(encoding="utf-8"), encoding="utf-8")
    assert validate_dir(data_dir) == [
        "commanders.toml: commanders[id='bukszowany'].source: cites ruling:relief-commander, which is not a ruling",
        "5-storm.toml: comment on line 1: cites a ruling without its name ('rulings #13'); write ruling:<name>",
    ]
    assert main(["validate", str(data_dir)]) == 1
    assert "commanders.toml: commanders[id='bukszowany'].source" in capsys.readouterr().out


def test_validate_checks_citations_against_the_directory_own_rulings(data_dir):
    for rulings in (data_dir / "assets" / "rulings.md", data_dir / "assets" / "pl" / "rulings.md"):  # and its Polish twin
        rulings.write_text(rulings.read_text(encoding="utf-8").replace("[breakthrough]", "[corridor]"), encoding="utf-8")
    problems = validate_dir(data_dir)
    assert problems and all("ruling:breakthrough, which is not a ruling" in p for p in problems)
    assert any(p.startswith("4-siege.toml: special_rules[") for p in problems)
