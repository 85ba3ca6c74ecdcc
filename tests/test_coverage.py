"""Rules coverage: every test's rule markers name a passage of the rulebook index or a ruling,
every FAQ question is covered or says why it cannot be, and `semper-fidelis coverage` shows it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from semper_fidelis import cli, coverage
from semper_fidelis.coverage import build_report, scan_tests
from semper_fidelis.data.rulebook import load_rulebook_index
from semper_fidelis.data.rulings import load_rulings

TESTS = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def report():
    return build_report(load_rulebook_index(), load_rulings(), *scan_tests(TESTS))


def test_every_rule_marker_names_a_passage(report):
    assert not report.problems
    assert not report.unknown, "\n".join(f"{c.test}: {c.ref!r}" for c in report.unknown)


def test_every_faq_question_is_covered_or_says_why_not(report):
    assert not report.faq_missing(), "no test and no reason: " + ", ".join(e.key for e in report.faq_missing())
    assert not report.faq_untestable_but_tested(), "tested after all: " + ", ".join(
        e.key for e in report.faq_untestable_but_tested())


def test_the_index_lists_every_faq_question_of_the_rulebook():
    index = load_rulebook_index()
    assert len(index.faq) == 59 and len(index.errata) == 6
    assert {s.id for s in index.sections} >= {f"§{n}" for n in range(1, 14)} | {"§9.4", "§13.2"}
    assert index.resolve("§9.4 B", {}) == "§9.4" and index.resolve("§9.4 E", {}) is None
    assert index.resolve("FAQ:orders-assault-multiple-sides", {}) == "FAQ:orders-assault-multiple-sides"


def test_markers_on_classes_and_modules_apply_to_their_tests(tmp_path):
    tests = tmp_path / "tests"
    tests.mkdir()
    (tests / "test_sample.py").write_text(
        "import pytest\n"
        "pytestmark = [pytest.mark.rule('§12')]\n"
        "@pytest.mark.rule('§9.3', 'FAQ:evade-cost')\n"
        "def test_a(): pass\n"
        "@pytest.mark.rule('§8')\n"
        "class TestB:\n"
        "    def test_c(self): pass\n"
        "@pytest.mark.rule(REF)\n"
        "def test_d(): pass\n",
        encoding="utf-8",
    )
    citations, problems = scan_tests(tests)
    assert [(c.test, c.ref) for c in citations] == [
        ("tests/test_sample.py::test_a", "§12"),
        ("tests/test_sample.py::test_a", "§9.3"),
        ("tests/test_sample.py::test_a", "FAQ:evade-cost"),
        ("tests/test_sample.py::TestB::test_c", "§12"),
        ("tests/test_sample.py::TestB::test_c", "§8"),
        ("tests/test_sample.py::test_d", "§12"),
    ]
    assert problems == ["tests/test_sample.py:8: a rule marker's arguments must be plain strings"]


def test_coverage_command_lists_passages_and_their_tests(capsys):
    assert cli.main(["coverage"]) == 0
    out = capsys.readouterr().out
    assert "FAQ:orders-assault-multiple-sides" in out
    assert "tests/engine/test_orders.py::test_assault_several_groups_battle_after_the_last_order" in out
    assert "untestable: terminology" in out
    assert out.strip().splitlines()[-1].startswith("Covered: sections ")


def test_coverage_json_and_missing(capsys):
    assert cli.main(["coverage", "--json", "--missing"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["faq"] == [] and data["unknown"] == []
    faq = data["summary"]["faq"]
    assert faq["missing"] == 0 and faq["cited"] + faq["untestable"] == faq["total"] == 59


def test_coverage_without_tests_says_so_in_one_line(capsys, monkeypatch, tmp_path):
    monkeypatch.setattr(coverage, "find_tests_dir", lambda: None)
    assert cli.main(["coverage"]) == 2
    err = capsys.readouterr().err
    assert "no tests/ directory" in err and "wheel" in err and len(err.strip().splitlines()) == 1
    assert cli.main(["coverage", "--tests", str(tmp_path / "nowhere")]) == 2
    assert "no such tests directory" in capsys.readouterr().err
