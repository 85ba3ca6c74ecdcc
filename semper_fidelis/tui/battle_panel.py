"""The battle and loss panels: both sides' units and Strength, fortifications, sides of
attack, the steps of §9.3, tokens played, Battle Points and the result; and for loss
distribution the Loss Table row of the player's Morale band and role with a live count.
Built from the view's ``battle`` and ``losses`` (the engine's public account of them)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..data.loader import GameData
from ..engine import Event, PlayerView, event_text
from .theme import SIDE_INK, badge


def _units(side: str, units: dict[str, int], letters: dict[str, str]) -> Text:
    parts = [f"{n}{letters.get(t, '?')}" for t, n in sorted(units.items()) if n]
    return Text(" ".join(parts) or "—", style=SIDE_INK.get(side, "bold"))


def _letters(data: GameData) -> dict[str, str]:
    return {u.id: u.letter for u in data.components.units}


def _name(data: GameData, area: str) -> str:
    return data.areas[area].name if area in data.areas else area


def battle_renderable(
    view: PlayerView, data: GameData, events: Sequence[Event], odds: RenderableType | None = None,
) -> RenderableType | None:
    """The battle being fought: both sides' units and Strength, fortifications, sides of
    attack, the steps, the cards and tokens played, Battle Points and the result (what its
    public ``events`` told); before it is resolved, ``odds`` (render/odds.py) and what changed
    them (under 50 lines, tui/short_boxes.py says it shorter)."""
    b = view.get("battle")
    if b is None:
        return None
    area, attacker, defender = b["area"], b["attacker"], b["defender"]
    letters = _letters(data)
    name = _name(data, area)
    terrain = data.areas[area].terrain.title()
    sides = b["sides_of_attack"]
    strategic = view["strategic"].get(area)
    title = Text.assemble(
        ("⚔ BATTLE IN ", "bold"), (name.upper(), "bold underline"), f" ({terrain}" + (f", ★{strategic}" if strategic else "") + ") — ",
        badge(attacker), " attacks ", badge(defender), (" · Assault" if b["assault"] else "") + f" · {sides} side{'s' * (sides != 1)} of attack",
    )
    table = Table.grid(padding=(0, 2))
    table.add_column(ratio=1)
    table.add_column(ratio=1)

    def band(side: str) -> Text:
        return Text(f" Morale {view['morale'][side]} {b['morale_band'][side]} · Supply {view['supply'][side]}")

    left = [Text.assemble(("Attacker ", "bold"), badge(attacker)), band(attacker)]
    for g in b["groups"]:
        cut = " (crosses a Barricade: −1 each)" if g["crosses_barricade"] else ""
        left.append(Text.assemble(" ", _units(attacker, g["units"], letters), f" from {_name(data, g['origin'])}{cut}"))
    if b["inside"]:
        left.append(Text.assemble(" ", _units(attacker, b["inside"], letters), " already inside"))
    forts = []
    if b["redoubt"]:
        forts.append("Redoubt (−1 each attacker, no side bonus)")
    if b["barricades_facing"]:
        forts.append("Barricades facing " + ", ".join(_name(data, x) for x in b["barricades_facing"]))
    right = [
        Text.assemble(("Defender ", "bold"), badge(defender)),
        band(defender),
        Text.assemble(" ", _units(defender, b["defenders"], letters), f" in {name}"),
        Text(" " + ("; ".join(forts) if forts else "no fortifications"), style="dim"),
    ]
    settled = b["bp"] is not None or b["result"] is not None
    if not settled:
        a_bp = b["table_bp"]["attacker"] + b["modifiers"]["attacker"]
        d_bp = b["table_bp"]["defender"] + b["modifiers"]["defender"]
        extra = f" (+{b['side_bonus']} for sides)" if b["side_bonus"] else ""
        left.append(Text(f" Strength {b['strength']['attacker']} → {a_bp} BP{extra}", style="bold"))
        right.append(Text(f" Strength {b['strength']['defender']} → {d_bp} BP", style="bold"))
    table.add_row(Group(*left), Group(*right))

    steps = Text("Steps: ")
    now = b["steps"].index(b["step"])
    for i, label in enumerate(b["steps"]):
        style = "bold reverse" if i == now else ("dim" if i > now else "")
        steps.append(f" {label} ", style=style)
        if i + 1 < len(b["steps"]):
            steps.append("›", style="dim")
    played = [
        Text.assemble(badge(b[role]), f" {kind.replace('-', ' ')} token")
        for role, kind in b["tokens"].items() if kind
    ]
    # the odds first, under the title: in view at every battle decision, the defender's too
    lines: list[RenderableType] = [title]
    if odds is not None and not settled:
        changed = odds_changed(b, events)
        lines += [odds] + ([changed] if changed is not None else [])
    lines.append(table)
    if not settled:
        lines.append(Text("BP from the Combat Table, before the Battle card and the bonuses.", style="dim"))
    if b["bp"]:
        bp = b["bp"]
        lines.append(Text.assemble(("Result: ", "bold"), f"{bp['attacker']} : {bp['defender']} Battle Points — ", badge(b["winner"]), " wins"))
    elif b["result"] == "evaded":
        lines.append(Text.assemble(("Result: ", "bold"), badge(defender), " evaded — no battle"))
    elif b["result"] == "empty":
        lines.append(Text.assemble(("Result: ", "bold"), "no defenders left — no battle"))
    lines.append(steps)
    if played:
        lines.append(Text.assemble("Tokens played: ", Text("  ").join(played)))
    lines.extend(Text(line, style="italic") for line in battle_log(events, b["area"]))
    return Group(*lines)


def odds_changed(b: dict[str, Any], events: Sequence[Event]) -> Text | None:
    """What has changed the odds since the battle began (issue 36: they jumped from 71 % to 89 %
    and only the log said why): the Special cards and Combat tokens played, and the Battle Points
    they add in all."""
    start = battle_start(events, b["area"])
    played = [(event_text(e) or "").rstrip(".") for e in events[start + 1:] if e.kind == "card" and e.get("use") == "special"] if start is not None else []
    played += [f"{b[role]} played a {kind.replace('-', ' ')} token" for role, kind in b["tokens"].items() if kind]
    if not played:
        return None
    mods = [f"{b[role]} {b['modifiers'][role]:+d} BP" for role in ("attacker", "defender") if b["modifiers"][role]]
    return Text.assemble(("Odds changed by: ", "bold"), "; ".join(played), f" ({', '.join(mods)})" if mods else "")


def battle_start(events: Sequence[Event], area: str) -> int | None:
    """Index among ``events`` of the ``battle-start`` event of the battle in progress in ``area``."""
    return next((i for i in range(len(events) - 1, -1, -1) if events[i].kind == "battle-start" and events[i]["area"] == area), None)


def battle_log(events: Sequence[Event], area: str) -> list[str]:
    """What this battle has told so far (cards played, the Battle card drawn, the result)."""
    start = battle_start(events, area)
    return [] if start is None else [text for e in events[start + 1:] if (text := event_text(e))][-6:]


def finished_battle(events: Sequence[Event], start: int) -> RenderableType:
    """A battle that is over, told by its events' text (up to the next battle)."""
    if start >= len(events):
        return Text("")
    lines = [(event_text(events[start]) or "", events[start].kind)]
    for e in events[start + 1:]:
        if e.kind == "battle-start":
            break
        if text := event_text(e):
            lines.append((text, e.kind))
    body = [Text.assemble(("⚔ ", "bold"), (lines[0][0], "bold"))]
    for line, kind in lines[1:12]:
        body.append(Text(line, style="bold" if kind == "battle" else ""))  # the result: who wins
    return Group(*body)


def losses_renderable(view: PlayerView, data: GameData, offered: set[str] | None = None) -> RenderableType | None:
    """The loss-distribution panel: the Loss Table row for the player's Morale band and role,
    the losses in all, how many are absorbed so far, and the units that can take them.
    ``offered``: the kinds of the options open now (withdraw, disperse, break), when the viewer
    may see them; the row in force lights only those."""
    f = view.get("losses")
    if f is None:
        return None
    side, role, band = f["side"], f["role"], f["band"]
    table_role = "attacker" if role == "attacker" else "defender"
    total, remaining, absorbed = f["total"], f["remaining"], f["absorbed"]
    letters = _letters(data)
    where = _name(data, f["area"])
    if role == "artillery":
        head = Text.assemble(("✚ LOSSES — ", "bold"), badge(side), f" under Artillery fire at {where} ({band} Morale; no withdrawal)")
    else:
        head = Text.assemble(("✚ LOSSES — ", "bold"), badge(side), f" as {role}, {band} Morale, at {where}")
    lines: list[RenderableType] = [head]
    bar_width = min(total, 30)
    filled = round(bar_width * absorbed / total) if total else 0
    lines.append(Text.assemble(
        ("Losses ", "bold"), f"{total} in all · ", (f"{absorbed} absorbed", "bold green"), " · ", (f"{remaining} still to take", "bold red"),
        "  [", ("█" * filled, "green"), ("░" * (bar_width - filled), "red"), "]",
    ))
    if f["medicine"]:
        lines.append(Text("Medicine used: one Loss fewer.", style="italic"))
    b = view.get("battle")
    if b is not None and b["bp"]:
        bp = b["bp"]
        lines.append(Text.assemble(
            ("Battle: ", "bold"), badge(b["attacker"]), f" {bp['attacker']} : {bp['defender']} ", badge(b["defender"]),
            " — ", badge(b["winner"]), " wins; each side takes the other's Battle Points as Losses",
        ))
    # narrow enough for the decision panel beside the map at 120 columns (about 34 wide)
    lines.append(Text(f"Loss Table, {table_role}: the Losses one unit absorbs", style="bold"))
    grid, dashes = loss_grid(f, offered)
    lines.append(grid)
    if dashes:
        lines.append(Text("—: cannot be chosen now (not on the table at this Morale, under Artillery fire or for an attacker, "
                          "or not among the options).", style="dim"))
    for g in f["groups"]:
        where = "on the border from " + _name(data, g["origin"]) if g["where"] == "border" else "in " + _name(data, g["area"])
        lines.append(Text.assemble(f"Units {where}: ", _units(side, g["units"], letters)))
    lines.append(Text("Dispersed units go to the Mobilization Zone; broken ones are lost (−1 VP per 5).", style="dim"))
    return Group(*lines)


def loss_grid(f: dict[str, Any], offered: set[str] | None) -> tuple[Table, bool]:
    """The Loss Table's rows for the side's role, the row of its Morale band lit, but only its
    effects offered now (no withdrawal under Artillery fire, by an attacker or at low Morale);
    and whether a cell says '—' (cannot be chosen now)."""
    band = f["band"]
    grid = Table("Morale", "Withdraw", "Disperse", "Break", box=None, padding=(0, 1), collapse_padding=True, pad_edge=False,
                 header_style="bold")
    lit = {"withdraw": f.get("may_withdraw", False), "disperse": True, "break": True}
    if offered is not None:
        lit = {v: v in offered for v in lit}
    dashes = False
    for row_band in ("high", "low"):
        row = f["table"][row_band]
        now = row_band == band
        cells = [str(row[v]) if v in row and (lit[v] or not now) else "—" for v in ("withdraw", "disperse", "break")]
        dashes |= "—" in cells
        grid.add_row(
            Text(f"{'▶ ' if now else '  '}{row_band}", style="bold reverse" if now else "dim"),
            *(Text(c, style="bold reverse" if now and lit[v] else "dim", justify="center") for c, v in zip(cells, ("withdraw", "disperse", "break"), strict=True)),
        )
    return grid, dashes
