"""The README is the front door and docs/ holds the rest (DESIGN.md §9): the README stays short
enough to read in five minutes, and every link between them leads somewhere."""

import re
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PAGES = [REPO / "README.md", REPO / "CHANGELOG.md", *sorted((REPO / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)#\s]+)(#[^)\s]*)?\)")


def anchors(page: Path) -> set[str]:
    """GitHub's anchors for a page's headings: lower case, punctuation dropped, spaces as '-'."""
    heads = re.findall(r"^#+ (.+)$", page.read_text(encoding="utf-8"), flags=re.M)
    return {"#" + re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in heads}


def test_the_readme_is_short():
    lines = (REPO / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= 400, f"README.md has {lines} lines: move detail to docs/"


def test_every_relative_link_leads_to_a_page_and_heading():
    broken = []
    for page in PAGES:
        for target, anchor in LINK.findall(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue  # a web address
            path = (page.parent / target).resolve()
            if not path.exists():
                broken.append(f"{page.relative_to(REPO)}: {target}")
            elif anchor and path.suffix == ".md" and anchor not in anchors(path):
                broken.append(f"{page.relative_to(REPO)}: {target}{anchor}")
    assert not broken, "\n".join(broken)


def test_every_doc_is_listed_in_the_readme():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    missing = [p.name for p in sorted((REPO / "docs").glob("*.md")) if f"docs/{p.name}" not in readme]
    assert not missing, f"README.md's Documentation table does not list: {missing}"
