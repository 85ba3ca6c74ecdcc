"""``coverage``: which rulebook sections, errata, FAQ questions and rulings the tests enforce
(the report is built by :mod:`semper_fidelis.coverage`; this module prints it)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..data.text import printable
from ..errors import CliError
from ..i18n import N_, _, ngettext
from .command import Command

if TYPE_CHECKING:
    from ..coverage import Entry, Report

#: the kinds of passage the tests cite, with their headings
KINDS = (("section", N_("Rulebook sections")), ("errata", N_("Errata")), ("faq", N_("FAQ questions")), ("ruling", N_("Rulings")))
Summary = dict[str, dict[str, int]]


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help=_("print the report as JSON"))
    parser.add_argument("--missing", action="store_true",
                        help=_("list only what no test cites (FAQ questions: neither covered nor untestable)"))
    parser.add_argument("--tests", type=Path, default=None, metavar="DIR",
                        help=_("the tests directory (default: tests/ of the source checkout)"))


def _run(args: argparse.Namespace) -> int:
    """Exit 1 when a marker names no passage or a FAQ question is silently missing."""
    from ..coverage import build_report, scan_tests
    from ..data.loader import resolve_dirs
    from ..data.rulebook import load_rulebook_index, shown_rulebook_index
    from ..data.rulings import load_rulings, shown_rulings

    tests_dir = _tests_dir(args.tests)
    assets_dir = resolve_dirs(args.assets)[0]
    if args.json:  # the same in every language
        index, rulings = load_rulebook_index(assets_dir), load_rulings(assets_dir)
    else:
        index, rulings = shown_rulebook_index(assets_dir), shown_rulings(assets_dir)
    report = build_report(index, rulings, *scan_tests(tests_dir))
    failed = bool(report.unknown or report.problems or report.faq_missing() or report.faq_untestable_but_tested())
    summary = _summary(report)
    if args.json:
        print(json.dumps(_as_json(report, summary, tests_dir, args.missing), ensure_ascii=False, indent=2))
    else:
        _print_report(report, summary, tests_dir, args.missing)
    return 1 if failed else 0


def _tests_dir(given: Path | None) -> Path:
    """The tests to scan: ``--tests DIR``, else the checkout's; a one-line error without them."""
    from ..coverage import find_tests_dir

    tests_dir = given or find_tests_dir()
    if tests_dir is None:
        raise CliError(_("no tests/ directory: the tests come with the source checkout, not with an "
                         "installed wheel (run from a checkout, or pass --tests DIR)"))
    if not tests_dir.is_dir():
        raise CliError(_("{path}: no such tests directory", path=tests_dir))
    return tests_dir


def _shown(report: Report, kind: str, missing: bool) -> list[Entry]:
    """The entries of ``kind`` listed: all, or with ``--missing`` those neither cited nor untestable."""
    entries = report.of(kind)
    return [e for e in entries if not e.tests and not e.untestable] if missing else entries


def _summary(report: Report) -> Summary:
    """For each kind: how many there are and how many a test cites (FAQ: untestable, missing)."""
    summary = {kind: {"total": len(report.of(kind)), "cited": sum(1 for e in report.of(kind) if e.tests)} for kind, _heading in KINDS}
    untestable = sum(1 for e in report.of("faq") if e.untestable and not e.tests)
    summary["faq"].update(untestable=untestable, missing=len(report.faq_missing()))
    return summary


def _as_json(report: Report, summary: Summary, tests_dir: Path, missing: bool) -> dict[str, Any]:
    def entry(e: Entry) -> dict[str, Any]:
        return {"id": e.key, "title": e.title, "tests": e.tests} | ({"untestable": e.untestable} if e.untestable else {})

    return {
        "tests": str(tests_dir),
        **{kind: [entry(e) for e in _shown(report, kind, missing)] for kind, _heading in KINDS},
        "unknown": [{"test": c.test, "cites": c.ref} for c in report.unknown],
        "problems": report.problems,
        "stale_untestable": [e.key for e in report.faq_untestable_but_tested()],
        "summary": summary,
    }


def _entry_line(e: Entry) -> str:
    """One entry: its key, its title cut to 70 characters, and its tests or why it has none."""
    title = " ".join(printable(e.title, lines=True).split())
    title = title if len(title) <= 70 else title[:69] + "…"
    if e.tests:
        status = ngettext("{n} test", "{n} tests", len(e.tests))
    else:
        status = _("untestable: {why}", why=e.untestable) if e.untestable else _("NO TEST")
    return f"  {e.key}  {title} — {status}"


def _print_report(report: Report, summary: Summary, tests_dir: Path, missing: bool) -> None:
    for kind, heading in KINDS:
        print(_("{heading}: {cited} of {total} cited by a test", heading=_(heading), cited=summary[kind]["cited"], total=summary[kind]["total"]))
        for e in _shown(report, kind, missing):
            print(_entry_line(e))
            if not missing:
                print("".join(f"      {t}\n" for t in e.tests), end="")
    for c in report.unknown:
        print(_("{test}: cites {ref}, which names no section, errata item, FAQ question or ruling", test=c.test, ref=repr(c.ref)))
    for problem in report.problems:
        print(problem)
    for e in report.faq_untestable_but_tested():
        print(_("{key}: marked untestable but cited by {test}: drop the reason", key=e.key, test=e.tests[0]))
    s = summary
    print(_("Covered: sections {sections}, errata {errata}, FAQ {faq} ({untestable} untestable, {missing} missing), "
            "rulings {rulings} — tests in {folder}",
            **{kind: f"{s[k]['cited']}/{s[k]['total']}" for kind, k in (("sections", "section"), ("errata", "errata"),
                                                                        ("faq", "faq"), ("rulings", "ruling"))},
            untestable=s["faq"]["untestable"], missing=s["faq"]["missing"], folder=tests_dir))


COMMAND = Command("coverage", N_("which rulebook sections, errata, FAQ questions and rulings the tests enforce"), _arguments, _run)
