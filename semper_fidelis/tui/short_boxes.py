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
from ..data.translations import card_name
from ..engine import Event, PlayerView, event_text
from ..i18n import _, ngettext
from .battle_panel import (
    _letters,
    _name,
    _units,
    area_terms,
    battle_score,
    battle_start,
    battle_steps,
    changed_by,
    fortifications,
    group_from,
    loss_grid,
    losses_count,
    result_lines,
    role_head,
    strength,
    tokens_played,
)
from .theme import badge
from .words import BANDS, ROLES, fill, printed_token, said

#: from this width the two sides of a battle take a line each, else they stand side by side
LINES_FROM = 60


def short_battle(view: PlayerView, data: GameData, events: Sequence[Event], odds: RenderableType | None) -> RenderableType | None:
    """The battle in progress: where, who attacks, the odds and what changed them, each side's
    units and Strength, the result, the step, and what its events told that is not said above."""
    b = view.get("battle")
    if b is None:
        return None
    area, attacker, defender = b["area"], b["attacker"], b["defender"]
    sides = b["sides_of_attack"]
    head = _("⚔ BATTLE IN {area}")
    title = Text.assemble(
        fill(head, area=Text(_name(data, area).upper(), style="bold underline")), " ", area_terms(view, data, area), ": ",
        fill(_("{attacker} assaults {defender}") if b["assault"] else _("{attacker} attacks {defender}"), attacker=badge(attacker), defender=badge(defender)),
        " · " + ngettext("{n} side", "{n} sides", sides),
    )
    title.stylize("bold", 0, len(head.partition("{area}")[0]))
    lines: list[RenderableType] = [title]
    settled = b["bp"] is not None or b["result"] is not None
    changed = _changed(b, data, events) if not settled else None
    if odds is not None and not settled:
        lines += [odds] + ([changed] if changed is not None else [])
    lines.append(BattleSides(b, data))
    lines += result_lines(b, _("{attacker} : {defender} BP — {winner} wins"))
    lines.append(battle_steps(b))
    played = tokens_played(b, data)
    if played and changed is None:
        lines.append(Text.assemble(_("Tokens played:") + " ", Text("  ").join(played)))
    told = _told(events, area, said_cards=changed is not None)
    lines.extend(Text(line, style="italic") for line in told)
    return Group(*lines)


def _changed(b: dict[str, Any], data: GameData, events: Sequence[Event]) -> Text | None:
    """What changed the odds: the Special cards and Combat tokens played, and the Battle Points
    they add (the cards by number and name: 'PL #4 Nurses')."""
    start = battle_start(events, b["area"])
    played = [_card(data, e) for e in events[start + 1:] if e.kind == "card" and e.get("use") == "special"] if start is not None else []
    played += [_("{side} {token} token", side=b[role], token=printed_token(data, kind)) for role, kind in b["tokens"].items() if kind]
    if not played:
        return None
    return changed_by(", ".join(played), b)


def _card(data: GameData, event: Event) -> str:
    side, number = event.get("side"), event.get("card")
    card = next((c for c in data.decks[side].cards if c.number == number), None) if side in data.decks else None
    return f"{side} #{number} {card_name(card)}" if card is not None else (event_text(event) or "").rstrip(".")


def _told(events: Sequence[Event], area: str, said_cards: bool) -> list[str]:
    """What this battle's events told (its last six lines), less the Special cards played when
    the line of what changed the odds names them."""
    start = battle_start(events, area)
    if start is None:
        return []
    return [text for e in events[start + 1:] if (text := event_text(e)) and not (said_cards and e.kind == "card" and e.get("use") == "special")][-6:]


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
        out = [role_head(_("Attacker {side}"), side)]
        out += [group_from(data, side, g, letters) for g in b["groups"]]
        if b["inside"]:
            out.append(fill(_("{units} already inside"), units=_units(side, b["inside"], letters)))
        if b["bp"] is None and b["result"] is None:
            out.append(Text(strength(b, "attacker", b["table_bp"]["attacker"] + b["modifiers"]["attacker"]), style="bold"))
        return out

    def _defender(self) -> list[Text]:
        b, data = self.b, self.data
        out = [role_head(_("Defender {side}"), b["defender"]),
               fill(_("{units} inside"), units=_units(b["defender"], b["defenders"], _letters(data))),
               Text(fortifications(data, b), style="dim")]
        if b["bp"] is None and b["result"] is None:
            out.append(Text(strength(b, "defender", b["table_bp"]["defender"] + b["modifiers"]["defender"]), style="bold"))
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
    if role == "artillery":
        whose = _("{side} under Artillery fire (no withdrawal), {band} Morale, at {area}", side="{side}", band=said(BANDS, band), area=where)
    else:
        whose = _("{side} as {role}, {band} Morale, at {area}", side="{side}", role=said(ROLES, role), band=said(BANDS, band), area=where)
    # the player's own options on screen say whose Losses, where (the prompt) and each way's
    # Losses (their costs): said once, there
    lines: list[RenderableType] = [] if offered is not None else [fill(whose, side=badge(side))]
    lines.append(losses_count(f["total"], f["absorbed"], f["remaining"]))
    if f["medicine"]:
        lines.append(Text(_("Medicine used: one Loss fewer."), style="italic"))
    b = view.get("battle")
    if b is not None and b["bp"]:
        lines.append(battle_score(b, _("{attacker} {a} : {d} {defender} — {winner} wins")))
    if offered is None:
        grid, dashes = loss_grid(f, offered)
        title = _("Loss Table, attacker: Losses a unit absorbs") if role == "attacker" else _("Loss Table, defender: Losses a unit absorbs")
        lines += [Text(title, style="bold"), grid]
        if dashes:
            lines.append(Text(_("—: cannot be chosen now."), style="dim"))
    letters = _letters(data)
    for g in f["groups"]:
        at = _("{units} on the border from {area}") if g["where"] == "border" else _("{units} in {area}")
        lines.append(fill(at, units=_units(side, g["units"], letters), area=_name(data, g["origin"] if g["where"] == "border" else g["area"])))
    lines.append(Text(_("Dispersed: to the Mobilization Zone. Broken: lost (−1 VP per 5)."), style="dim"))
    return Group(*lines)
