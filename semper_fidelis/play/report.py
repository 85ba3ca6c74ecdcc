"""Tables of batch results: the ``simulate`` report and the ``balance`` table (terminal and
Markdown)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..data.loader import GameData
from ..data.text import plain
from .batch import PL, ZURL, BatchResult, margin
from .stats import verdict
from .verdicts import PairingTally, ScenarioVerdict, compare


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _ci(lo_hi: tuple[float, float]) -> str:
    return f"{100 * lo_hi[0]:.0f}–{100 * lo_hi[1]:.0f}%"


def simulate_report(batch: BatchResult, data: GameData, title: str) -> Group:
    n = len(batch.games)
    results = Table(title=plain(title))
    for col in ("", "PL", "ZURL", "draw"):
        results.add_column(col, justify="right")
    results.add_row("wins", *(f"{batch.wins(s)} ({_pct(batch.rate(s))})" for s in (PL, ZURL, None)))
    results.add_row("95% interval", _ci(batch.ci95(PL)), _ci(batch.ci95(ZURL)), "")
    results.add_row("mean VP", f"{batch.mean_vp(PL):.1f}", f"{batch.mean_vp(ZURL):.1f}", "")
    lines: list[RenderableType] = [
        results,
        f"Mean length: {batch.mean_rounds():.1f} rounds, {batch.mean_actions():.0f} actions ({n} games).",
        "Endings: " + "; ".join(f"{k.label} ×{v}" for k, v in batch.endings().items()),
        "Verdict: " + verdict(batch.wins(PL), batch.wins(ZURL)),
        "Games to review (seeds): " + extremes_line(batch),
    ]
    if any(g.negotiations for g in batch.games):
        lines.append(f"Negotiation orders: {sum(g.negotiations for g in batch.games)} in all.")
    effects = batch.card_effects()
    cards = Table(title="Cards played for their effect (Events: played for AP, effect for the opponent)")
    cards.add_column("#", justify="right")
    for side in (PL, ZURL):
        cards.add_column(f"{side} card")
        cards.add_column("×", justify="right")
    for number in range(1, max(len(data.decks[PL].cards), len(data.decks[ZURL].cards)) + 1):
        row: list[str | Text] = [str(number)]
        for side in (PL, ZURL):
            card = next((c for c in data.decks[side].cards if c.number == number), None)
            row += [plain(card.name if card else ""), str(effects.get(f"{side} #{number}", 0)) if card else ""]
        cards.add_row(*row)
    lines.append(cards)
    return Group(*lines)


def extremes_line(batch: BatchResult) -> str:
    """'largest PL win 12 (+9 VP), …, longest 2 (1,890 actions)': the seeds to replay or review."""
    parts = []
    for name, g in batch.extremes().items():
        how = f"+{margin(g)} VP" if name.startswith("largest") else f"{g.actions:,} actions"
        parts.append(f"{name} {g.seed} ({how})")
    return ", ".join(parts) or "none"


BALANCE_COLUMNS = ("Scenario", "PL bot", "ZURL bot", "Games", "PL wins", "ZURL wins", "Draws", "Mean VP PL–ZURL", "Verdict")


def balance_rows(batches: list[BatchResult], names: dict[int, str]) -> list[list[str]]:
    rows = []
    for b in batches:
        m = b.matchup
        rows.append([
            f"{m.scenario} {names.get(m.scenario, '')}".strip(), m.pl, m.zurl, str(len(b.games)),
            f"{_pct(b.rate(PL))} ({_ci(b.ci95(PL))})", f"{_pct(b.rate(ZURL))} ({_ci(b.ci95(ZURL))})",
            str(b.wins(None)), f"{b.mean_vp(PL):.1f}–{b.mean_vp(ZURL):.1f}",
            verdict(b.wins(PL), b.wins(ZURL)),
        ])
    return rows


def balance_table(rows: list[list[str]], title: str) -> Table:
    table = Table(title=plain(title))
    for col in BALANCE_COLUMNS:
        table.add_column(col, justify="left" if col in ("Scenario", "PL bot", "ZURL bot", "Verdict") else "right")
    for row in rows:
        table.add_row(*map(plain, row))
    return table


def balance_markdown(rows: list[list[str]]) -> str:
    return markdown_table(BALANCE_COLUMNS, rows)


VERDICT_COLUMNS = ("Scenario", "Across the pairings")
VERDICTS_TITLE = "Does each verdict hold with other bots? (⚑: only one pairing supports it)"


def scenario_verdicts(batches: list[BatchResult]) -> list[ScenarioVerdict]:
    """Each scenario's pairings compared (:mod:`.verdicts`)."""
    return compare([(b.matchup.scenario, PairingTally(b.matchup.pl, b.matchup.zurl, b.wins(PL), b.wins(ZURL))) for b in batches])


def verdict_rows(verdicts: list[ScenarioVerdict], names: dict[int, str]) -> list[list[str]]:
    return [[f"{v.scenario} {names.get(v.scenario, '')}".strip(), v.summary()] for v in verdicts]


def verdicts_table(rows: list[list[str]]) -> Table:
    table = Table(title=VERDICTS_TITLE)
    for col in VERDICT_COLUMNS:
        table.add_column(col)
    for row in rows:
        table.add_row(*map(plain, row))
    return table


def markdown_table(columns: tuple[str, ...], rows: list[list[str]]) -> str:
    head = "| " + " | ".join(columns) + " |"
    rule = "|" + "|".join("---" for _ in columns) + "|"
    return "\n".join([head, rule] + ["| " + " | ".join(r) + " |" for r in rows])
