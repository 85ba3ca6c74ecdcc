"""A battle's and a Losses distribution's boxes said short, for a screen under 50 lines (issue 36:
at 80×24 and 120×40 they fit beside the decision without scrolling). Nothing is cut: what the
screen says elsewhere is said once (Morale and Supply are on the tracks, a Special card played
is on the line of what changed the odds), and the notes a player reads once go (the full boxes
at 200×60 and in the replay keep them, tui/battle_panel.py)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text

from ..data.loader import GameData
from ..engine import Event, PlayerView, event_text
from .battle_panel import _letters, _name, _units, battle_start, loss_grid
from .theme import badge

#: from this width the two sides of a battle take a line each, else they stand side by side
LINES_FROM = 60


def short_battle(view: PlayerView, data: GameData, events: Sequence[Event], odds: RenderableType | None) -> RenderableType | None:
    """The battle in progress: where, who attacks, the odds and what changed them, each side's
    units and Strength, the result, the step, and what its events told that is not said above."""
    b = view.get("battle")
    if b is None:
        return None
    area, attacker, defender = b["area"], b["attacker"], b["defender"]
    strategic = view["strategic"].get(area)
    sides = b["sides_of_attack"]
    lines: list[RenderableType] = [Text.assemble(
        ("⚔ BATTLE IN ", "bold"), (_name(data, area).upper(), "bold underline"),
        f" ({data.areas[area].terrain.title()}" + (f", ★{strategic}" if strategic else "") + "): ", badge(attacker),
        " assaults " if b["assault"] else " attacks ", badge(defender), f" · {sides} side{'s' * (sides != 1)}",
    )]
    settled = b["bp"] is not None or b["result"] is not None
    changed = _changed(b, data, events) if not settled else None
    if odds is not None and not settled:
        lines += [odds] + ([changed] if changed is not None else [])
    lines.append(BattleSides(b, data))
    lines += _result(b)
    lines.append(_steps(b))
    played = [Text.assemble(badge(b[role]), f" {kind.replace('-', ' ')} token") for role, kind in b["tokens"].items() if kind]
    if played and changed is None:
        lines.append(Text.assemble("Tokens played: ", Text("  ").join(played)))
    told = _told(events, area, said_cards=changed is not None)
    lines.extend(Text(line, style="italic") for line in told)
    return Group(*lines)


def _changed(b: dict[str, Any], data: GameData, events: Sequence[Event]) -> Text | None:
    """What changed the odds: the Special cards and Combat tokens played, and the Battle Points
    they add (the cards by number and name: 'PL #4 Nurses')."""
    start = battle_start(events, b["area"])
    played = [_card(data, e) for e in events[start + 1:] if e.kind == "card" and e.get("use") == "special"] if start is not None else []
    played += [f"{b[role]} {kind.replace('-', ' ')} token" for role, kind in b["tokens"].items() if kind]
    if not played:
        return None
    mods = [f"{b[role]} {b['modifiers'][role]:+d} BP" for role in ("attacker", "defender") if b["modifiers"][role]]
    return Text.assemble(("Odds changed by: ", "bold"), ", ".join(played), f" ({', '.join(mods)})" if mods else "")


def _card(data: GameData, event: Event) -> str:
    side, number = event.get("side"), event.get("card")
    card = next((c for c in data.decks[side].cards if c.number == number), None) if side in data.decks else None
    return f"{side} #{number} {card.name}" if card is not None else (event_text(event) or "").rstrip(".")


def _told(events: Sequence[Event], area: str, said_cards: bool) -> list[str]:
    """What this battle's events told (its last six lines), less the Special cards played when
    the line of what changed the odds names them."""
    start = battle_start(events, area)
    if start is None:
        return []
    return [text for e in events[start + 1:] if (text := event_text(e)) and not (said_cards and e.kind == "card" and e.get("use") == "special")][-6:]


def _result(b: dict[str, Any]) -> list[RenderableType]:
    if b["bp"]:
        bp = b["bp"]
        return [Text.assemble(("Result: ", "bold"), f"{bp['attacker']} : {bp['defender']} BP — ", badge(b["winner"]), " wins")]
    if b["result"] == "evaded":
        return [Text.assemble(("Result: ", "bold"), badge(b["defender"]), " evaded — no battle")]
    if b["result"] == "empty":
        return [Text.assemble(("Result: ", "bold"), "no defenders left — no battle")]
    return []


def _steps(b: dict[str, Any]) -> Text:
    """The steps of §9.3, the current one lit (no 'Steps:': the lit label says it)."""
    out = Text()
    now = b["steps"].index(b["step"])
    for i, label in enumerate(b["steps"]):
        out.append(f" {label} ", style="bold reverse" if i == now else ("dim" if i > now else ""))
        if i + 1 < len(b["steps"]):
            out.append("›", style="dim")
    return out


class BattleSides:
    """Each side's units, fortifications and Strength: a line a side when the box is wide
    (80×24), two columns when it is narrow (120×40's side column)."""

    def __init__(self, b: dict[str, Any], data: GameData):
        self.b, self.data = b, data

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        attacker, defender = self._attacker(), self._defender()
        if options.max_width >= LINES_FROM:
            yield Group(*(Text.assemble(head, " ", Text(" · ").join(rest)) for head, *rest in (attacker, defender)))
            return
        grid = Table.grid(padding=(0, 2))
        grid.add_column(ratio=1)
        grid.add_column(ratio=1)
        grid.add_row(Group(*attacker), Group(*defender))
        yield grid

    def _attacker(self) -> list[Text]:
        b, data = self.b, self.data
        side, letters = b["attacker"], _letters(data)
        out = [Text.assemble(("Attacker ", "bold"), badge(side))]
        for g in b["groups"]:
            cut = " (crosses a Barricade: −1 each)" if g["crosses_barricade"] else ""
            out.append(Text.assemble(_units(side, g["units"], letters), f" from {_name(data, g['origin'])}{cut}"))
        if b["inside"]:
            out.append(Text.assemble(_units(side, b["inside"], letters), " already inside"))
        if b["bp"] is None and b["result"] is None:
            extra = f" (+{b['side_bonus']} for sides)" if b["side_bonus"] else ""
            bp = b["table_bp"]["attacker"] + b["modifiers"]["attacker"]
            out.append(Text(f"Strength {b['strength']['attacker']} → {bp} BP{extra}", style="bold"))
        return out

    def _defender(self) -> list[Text]:
        b, data = self.b, self.data
        forts = ["Redoubt (−1 each attacker, no side bonus)"] if b["redoubt"] else []
        if b["barricades_facing"]:
            forts.append("Barricades facing " + ", ".join(_name(data, x) for x in b["barricades_facing"]))
        out = [Text.assemble(("Defender ", "bold"), badge(b["defender"])),
               Text.assemble(_units(b["defender"], b["defenders"], _letters(data)), " inside"),
               Text("; ".join(forts) if forts else "no fortifications", style="dim")]
        if b["bp"] is None and b["result"] is None:
            bp = b["table_bp"]["defender"] + b["modifiers"]["defender"]
            out.append(Text(f"Strength {b['strength']['defender']} → {bp} BP", style="bold"))
        return out


def short_losses(view: PlayerView, data: GameData, offered: set[str] | None = None) -> RenderableType | None:
    """The Losses to take: how many are left, the battle's result, the units that can take them
    and where such units go; whose and the Loss Table's rows only when the options that say
    them are not on screen (``offered`` None: the other side decides)."""
    f = view.get("losses")
    if f is None:
        return None
    side, role, band = f["side"], f["role"], f["band"]
    where = _name(data, f["area"])
    fire = " under Artillery fire (no withdrawal)" if role == "artillery" else f" as {role}"
    # the player's own options on screen say whose Losses, where (the prompt) and each way's
    # Losses (their costs): said once, there
    lines: list[RenderableType] = [] if offered is not None else [Text.assemble(badge(side), f"{fire}, {band} Morale, at {where}")]
    lines.append(Text.assemble(("Losses ", "bold"), f"{f['total']} in all · ", (f"{f['absorbed']} absorbed", "bold green"), " · ",
                               (f"{f['remaining']} still to take", "bold red")))
    if f["medicine"]:
        lines.append(Text("Medicine used: one Loss fewer.", style="italic"))
    b = view.get("battle")
    if b is not None and b["bp"]:
        bp = b["bp"]
        lines.append(Text.assemble(("Battle: ", "bold"), badge(b["attacker"]), f" {bp['attacker']} : {bp['defender']} ",
                                   badge(b["defender"]), " — ", badge(b["winner"]), " wins"))
    if offered is None:
        grid, dashes = loss_grid(f, offered)
        lines += [Text(f"Loss Table, {'attacker' if role == 'attacker' else 'defender'}: Losses a unit absorbs", style="bold"), grid]
        if dashes:
            lines.append(Text("—: cannot be chosen now.", style="dim"))
    letters = _letters(data)
    for g in f["groups"]:
        at = "on the border from " + _name(data, g["origin"]) if g["where"] == "border" else "in " + _name(data, g["area"])
        lines.append(Text.assemble(_units(side, g["units"], letters), f" {at}"))
    lines.append(Text("Dispersed: to the Mobilization Zone. Broken: lost (−1 VP per 5).", style="dim"))
    return Group(*lines)
