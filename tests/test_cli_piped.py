"""Tables piped to a file or another program are not cut to 80 columns (issue 23): ``balance``
prints Markdown, the others (simulate, bench) plain text as wide as their tables."""

from __future__ import annotations

from semper_fidelis.cli import main


def test_balance_piped_prints_a_markdown_table_with_whole_rows(capsys):
    assert main(["balance", "--bots", "general,random", "--games", "2", "--jobs", "1", "--scenarios", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("| Scenario | PL bot | ZURL bot |") and lines[1].startswith("|---|")
    rows = lines[2:lines.index("")] if "" in lines else lines[2:]  # then the pairings' verdicts compared
    assert len(rows) == 4 and all(r.startswith("| 1 Coup |") and r.endswith("of decisive games) |") for r in rows)
    assert max(map(len, rows)) > 80  # whole, not cut or wrapped to the 80 columns Rich assumes


def test_rich_output_piped_is_as_wide_as_its_tables(capsys):
    from rich.table import Table

    from semper_fidelis.cli.terminal import console

    table = Table("scenario", "verdict")
    table.add_row("2 Semper Fidelis", "PL favoured " + "(53–72% of decisive games) " * 4)
    console().print(table)
    out = capsys.readouterr().out
    assert "(53–72% of decisive games) " * 4 in out and "…" not in out and "\x1b[" not in out
