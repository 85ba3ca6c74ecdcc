"""Tables of batch results: the ``simulate`` report and the ``balance`` table (terminal and
Markdown)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..data.loader import GameData
from ..data.text import plain
from ..data.translations import card_name
from ..i18n import N_, _, ngettext, number, percent, pgettext
from .batch import PL, ZURL, BatchResult, GameSummary, margin
from .stats import verdict
from .verdicts import PairingTally, ScenarioVerdict, compare

if TYPE_CHECKING:
    from ..engine import Termination

#: how a game ended, in a report (the engine's own labels are English; its values key them)
ENDINGS = {"end-of-game": N_("end of the game"), "lead": N_("VP lead"), "humanitarian-crisis": N_("Humanitarian Crisis"),
           "supply-cut": N_("Supply Cut")}


def _ci(lo_hi: tuple[float, float]) -> str:
    return f"{number(100 * lo_hi[0])}–{number(100 * lo_hi[1])}%"


def ending(termination: Termination) -> str:
    """How a game ended, in the current language."""
    return _(ENDINGS[termination.value]) if termination.value in ENDINGS else termination.label


def simulate_report(batch: BatchResult, data: GameData, title: str) -> Group:
    n = len(batch.games)
    results = Table(title=plain(title))
    for col in ("", "PL", "ZURL", _("draw")):
        results.add_column(col, justify="right")
    results.add_row(_("wins"), *(f"{batch.wins(s)} ({percent(batch.rate(s))})" for s in (PL, ZURL, None)))
    results.add_row(_("{confidence} interval", confidence="95%"), _ci(batch.ci95(PL)), _ci(batch.ci95(ZURL)), "")
    results.add_row(_("mean VP"), number(batch.mean_vp(PL), 1), number(batch.mean_vp(ZURL), 1), "")
    negotiations = sum(g.negotiations for g in batch.games)
    lines: list[RenderableType] = [
        results,
        ngettext("Mean length: {rounds} rounds, {actions} actions ({n} game).", "Mean length: {rounds} rounds, {actions} actions ({n} games).",
                 n, rounds=number(batch.mean_rounds(), 1), actions=number(batch.mean_actions())),
        _("Endings: {endings}", endings="; ".join(f"{ending(k)} ×{v}" for k, v in batch.endings().items())),
        _("Verdict: {verdict}", verdict=verdict(batch.wins(PL), batch.wins(ZURL))),
        _("Games to review (seeds): {games}", games=extremes_line(batch)),
    ]
    if negotiations:
        lines.append(ngettext("Negotiation orders: {n} in all.", "Negotiation orders: {n} in all.", negotiations))
    effects = batch.card_effects()
    cards = Table(title=_("Cards played for their effect (Events: played for AP, effect for the opponent)"))
    cards.add_column("#", justify="right")
    for side in (PL, ZURL):
        cards.add_column(_("{side} card", side=side))
        cards.add_column("×", justify="right")
    for card_number in range(1, max(len(data.decks[PL].cards), len(data.decks[ZURL].cards)) + 1):
        row: list[str | Text] = [str(card_number)]
        for side in (PL, ZURL):
            card = next((c for c in data.decks[side].cards if c.number == card_number), None)
            row += [plain(card_name(card) if card else ""), str(effects.get(f"{side} #{card_number}", 0)) if card else ""]
        cards.add_row(*row)
    lines.append(cards)
    return Group(*lines)


def extremes_line(batch: BatchResult) -> str:
    """'largest PL win 12 (+9 VP), …, longest 2 (1,890 actions)': the seeds to replay or review."""
    return ", ".join(_extreme(name, g) for name, g in batch.extremes().items()) or pgettext("games", "none")


def _extreme(name: str, g: GameSummary) -> str:
    """One game of :meth:`BatchResult.extremes`, named as a whole phrase."""
    if name == "largest PL win":
        return _("largest PL win {seed} (+{margin} VP)", seed=g.seed, margin=margin(g))
    if name == "largest ZURL win":
        return _("largest ZURL win {seed} (+{margin} VP)", seed=g.seed, margin=margin(g))
    if name == "shortest":
        return ngettext("shortest {seed} ({actions} action)", "shortest {seed} ({actions} actions)", g.actions, seed=g.seed, actions=number(g.actions))
    return ngettext("longest {seed} ({actions} action)", "longest {seed} ({actions} actions)", g.actions, seed=g.seed, actions=number(g.actions))


BALANCE_COLUMNS = (N_("Scenario"), N_("PL bot"), N_("ZURL bot"), N_("Games"), N_("PL wins"), N_("ZURL wins"), N_("Draws"),
                   N_("Mean VP PL–ZURL"), N_("Verdict"))


def balance_rows(batches: list[BatchResult], names: dict[int, str]) -> list[list[str]]:
    rows = []
    for b in batches:
        m = b.matchup
        rows.append([
            f"{m.scenario} {names.get(m.scenario, '')}".strip(), m.pl, m.zurl, str(len(b.games)),
            f"{percent(b.rate(PL))} ({_ci(b.ci95(PL))})", f"{percent(b.rate(ZURL))} ({_ci(b.ci95(ZURL))})",
            str(b.wins(None)), f"{number(b.mean_vp(PL), 1)}–{number(b.mean_vp(ZURL), 1)}",
            verdict(b.wins(PL), b.wins(ZURL)),
        ])
    return rows


def balance_table(rows: list[list[str]], title: str) -> Table:
    table = Table(title=plain(title))
    for col in BALANCE_COLUMNS:
        table.add_column(_(col), justify="left" if col in ("Scenario", "PL bot", "ZURL bot", "Verdict") else "right")
    for row in rows:
        table.add_row(*map(plain, row))
    return table


def balance_markdown(rows: list[list[str]]) -> str:
    return markdown_table(tuple(map(_, BALANCE_COLUMNS)), rows)


VERDICT_COLUMNS = (N_("Scenario"), N_("Across the pairings"))
VERDICTS_TITLE = N_("Does each verdict hold with other bots? (⚑: only one pairing supports it)")


def scenario_verdicts(batches: list[BatchResult]) -> list[ScenarioVerdict]:
    """Each scenario's pairings compared (:mod:`.verdicts`)."""
    return compare([(b.matchup.scenario, PairingTally(b.matchup.pl, b.matchup.zurl, b.wins(PL), b.wins(ZURL))) for b in batches])


def verdict_rows(verdicts: list[ScenarioVerdict], names: dict[int, str]) -> list[list[str]]:
    return [[f"{v.scenario} {names.get(v.scenario, '')}".strip(), v.summary()] for v in verdicts]


def verdicts_table(rows: list[list[str]]) -> Table:
    table = Table(title=_(VERDICTS_TITLE))
    for col in VERDICT_COLUMNS:
        table.add_column(_(col))
    for row in rows:
        table.add_row(*map(plain, row))
    return table


def markdown_table(columns: tuple[str, ...], rows: list[list[str]]) -> str:
    head = "| " + " | ".join(columns) + " |"
    rule = "|" + "|".join("---" for _ in columns) + "|"
    return "\n".join([head, rule] + ["| " + " | ".join(r) + " |" for r in rows])
