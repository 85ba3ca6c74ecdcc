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
from ..i18n import _, ngettext
from .theme import SIDE_INK, badge
from .words import BANDS, ROLES, STEPS, TERRAIN, fill, printed_token, said


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
    sides = b["sides_of_attack"]
    title = Text.assemble(
        fill(_("⚔ BATTLE IN {area}"), area=Text(name.upper(), style="bold underline")), " ", area_terms(view, data, area), " — ",
        fill(_("{attacker} attacks {defender}"), attacker=badge(attacker), defender=badge(defender)),
        (" · " + _("Assault") if b["assault"] else "") + " · " + ngettext("{n} side of attack", "{n} sides of attack", sides),
    )
    title.stylize("bold", 0, len(_("⚔ BATTLE IN {area}").partition("{area}")[0]))
    table = Table.grid(padding=(0, 2))
    table.add_column(ratio=1)
    table.add_column(ratio=1)

    def band(side: str) -> Text:
        return Text(" " + _("Morale {level} {band} · Supply {supply}", level=view["morale"][side],
                                band=said(BANDS, b["morale_band"][side]), supply=view["supply"][side]))

    left = [role_head(_("Attacker {side}"), attacker), band(attacker)]
    for g in b["groups"]:
        left.append(Text.assemble(" ", group_from(data, attacker, g, letters)))
    if b["inside"]:
        left.append(Text.assemble(" ", fill(_("{units} already inside"), units=_units(attacker, b["inside"], letters))))
    right = [
        role_head(_("Defender {side}"), defender),
        band(defender),
        Text.assemble(" ", fill(_("{units} in {area}"), units=_units(defender, b["defenders"], letters), area=name)),
        Text(" " + fortifications(data, b), style="dim"),
    ]
    settled = b["bp"] is not None or b["result"] is not None
    if not settled:
        a_bp = b["table_bp"]["attacker"] + b["modifiers"]["attacker"]
        d_bp = b["table_bp"]["defender"] + b["modifiers"]["defender"]
        left.append(Text(" " + strength(b, "attacker", a_bp), style="bold"))
        right.append(Text(" " + strength(b, "defender", d_bp), style="bold"))
    table.add_row(Group(*left), Group(*right))

    steps = Text.assemble(_("Steps:") + " ", battle_steps(b))
    played = tokens_played(b, data)
    # the odds first, under the title: in view at every battle decision, the defender's too
    lines: list[RenderableType] = [title]
    if odds is not None and not settled:
        changed = odds_changed(b, events, data)
        lines += [odds] + ([changed] if changed is not None else [])
    lines.append(table)
    if not settled:
        lines.append(Text(_("BP from the Combat Table, before the Battle card and the bonuses."), style="dim"))
    lines += result_lines(b, _("{attacker} : {defender} Battle Points — {winner} wins"))
    lines.append(steps)
    if played:
        lines.append(Text.assemble(_("Tokens played:") + " ", Text("  ").join(played)))
    lines.extend(Text(line, style="italic") for line in battle_log(events, b["area"]))
    return Group(*lines)


def odds_changed(b: dict[str, Any], events: Sequence[Event], data: GameData) -> Text | None:
    """What has changed the odds since the battle began (issue 36: they jumped from 71 % to 89 %
    and only the log said why): the Special cards and Combat tokens played, and the Battle Points
    they add in all."""
    start = battle_start(events, b["area"])
    played = [(event_text(e) or "").rstrip(".") for e in events[start + 1:] if e.kind == "card" and e.get("use") == "special"] if start is not None else []
    played += [_("{side} played a {token} token", side=b[role], token=printed_token(data, kind)) for role, kind in b["tokens"].items() if kind]
    if not played:
        return None
    return changed_by("; ".join(played), b)


def changed_by(played: str, b: dict[str, Any]) -> Text:
    """'Odds changed by: what was played (PL +2 BP)'."""
    mods = [_("{side} {bp} BP", side=b[role], bp=f"{b['modifiers'][role]:+d}") for role in ("attacker", "defender") if b["modifiers"][role]]
    return Text.assemble((_("Odds changed by:") + " ", "bold"), played, f" ({', '.join(mods)})" if mods else "")


def area_terms(view: PlayerView, data: GameData, area: str) -> str:
    """'(City, ★2)': the area's terrain and Strategic value."""
    terrain = said(TERRAIN, data.areas[area].terrain).capitalize()
    strategic = view["strategic"].get(area)
    return f"({terrain}" + (f", ★{strategic}" if strategic else "") + ")"


def role_head(sentence: str, side: str) -> Text:
    """'Attacker PL': the role in bold, the side's badge where the sentence puts it."""
    head = fill(sentence, side=badge(side))
    head.stylize("bold", 0, len(sentence.partition("{side}")[0]))
    return head


def group_from(data: GameData, side: str, g: dict[str, Any], letters: dict[str, str]) -> Text:
    """An attacking group and where it comes from (and the Barricade it crosses)."""
    sentence = _("{units} from {area} (crosses a Barricade: −1 each)") if g["crosses_barricade"] else _("{units} from {area}")
    return fill(sentence, units=_units(side, g["units"], letters), area=_name(data, g["origin"]))


def fortifications(data: GameData, b: dict[str, Any]) -> str:
    forts = [_("Redoubt (−1 each attacker, no side bonus)")] if b["redoubt"] else []
    if b["barricades_facing"]:
        forts.append(_("Barricades facing {areas}", areas=", ".join(_name(data, x) for x in b["barricades_facing"])))
    return "; ".join(forts) if forts else _("no fortifications")


def strength(b: dict[str, Any], role: str, bp: int) -> str:
    """'Strength 5 → 4 BP (+1 for sides)': a side's Strength and the Battle Points it gives."""
    if role == "attacker" and b["side_bonus"]:
        return _("Strength {strength} → {bp} BP (+{bonus} for sides)", strength=b["strength"][role], bp=bp, bonus=b["side_bonus"])
    return _("Strength {strength} → {bp} BP", strength=b["strength"][role], bp=bp)


def result_lines(b: dict[str, Any], points: str) -> list[RenderableType]:
    """The battle's result, if there is one (``points``: the sentence of a fought battle's BP)."""
    head = (_("Result:") + " ", "bold")
    if b["bp"]:
        bp = b["bp"]
        return [Text.assemble(head, fill(points, attacker=str(bp["attacker"]), defender=str(bp["defender"]), winner=badge(b["winner"])))]
    if b["result"] == "evaded":
        return [Text.assemble(head, fill(_("{side} evaded — no battle"), side=badge(b["defender"])))]
    if b["result"] == "empty":
        return [Text.assemble(head, _("no defenders left — no battle"))]
    return []


def battle_steps(b: dict[str, Any]) -> Text:
    """The steps of §9.3, the current one lit."""
    out = Text()
    now = b["steps"].index(b["step"])
    for i, label in enumerate(b["steps"]):
        out.append(f" {said(STEPS, label)} ", style="bold reverse" if i == now else ("dim" if i > now else ""))
        if i + 1 < len(b["steps"]):
            out.append("›", style="dim")
    return out


def tokens_played(b: dict[str, Any], data: GameData) -> list[Text]:
    """The Combat tokens played: 'PL Grenades token'."""
    return [fill(_("{side} {token} token"), side=badge(b[role]), token=printed_token(data, kind)) for role, kind in b["tokens"].items() if kind]


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
    total, remaining, absorbed = f["total"], f["remaining"], f["absorbed"]
    letters = _letters(data)
    where = _name(data, f["area"])
    if role == "artillery":
        said_head = _("{side} under Artillery fire at {area} ({band} Morale; no withdrawal)", side="{side}", area=where, band=said(BANDS, band))
    else:
        said_head = _("{side} as {role}, {band} Morale, at {area}", side="{side}", role=said(ROLES, role), band=said(BANDS, band), area=where)
    lines: list[RenderableType] = [Text.assemble((_("✚ LOSSES —") + " ", "bold"), fill(said_head, side=badge(side)))]
    bar_width = min(total, 30)
    filled = round(bar_width * absorbed / total) if total else 0
    lines.append(Text.assemble(
        losses_count(total, absorbed, remaining), "  [", ("█" * filled, "green"), ("░" * (bar_width - filled), "red"), "]",
    ))
    if f["medicine"]:
        lines.append(Text(_("Medicine used: one Loss fewer."), style="italic"))
    b = view.get("battle")
    if b is not None and b["bp"]:
        lines.append(battle_score(b, _("{attacker} {a} : {d} {defender} — {winner} wins; each side takes the other's Battle Points as Losses")))
    # narrow enough for the decision panel beside the map at 120 columns (about 34 wide)
    attacker = role == "attacker"  # Artillery fire takes the defender's row
    lines.append(Text(_("Loss Table, attacker: the Losses one unit absorbs") if attacker else
                      _("Loss Table, defender: the Losses one unit absorbs"), style="bold"))
    grid, dashes = loss_grid(f, offered)
    lines.append(grid)
    if dashes:
        lines.append(Text(_("—: cannot be chosen now (not on the table at this Morale, under Artillery fire or for an attacker, "
                            "or not among the options)."), style="dim"))
    for g in f["groups"]:
        if g["where"] == "border":
            sentence = _("Units on the border from {area}: {units}")
        else:
            sentence = _("Units in {area}: {units}")
        lines.append(fill(sentence, area=_name(data, g["origin"] if g["where"] == "border" else g["area"]), units=_units(side, g["units"], letters)))
    lines.append(Text(_("Dispersed units go to the Mobilization Zone; broken ones are lost (−1 VP per 5)."), style="dim"))
    return Group(*lines)


def losses_count(total: int, absorbed: int, remaining: int) -> Text:
    """'Losses 5 in all · 2 absorbed · 3 still to take'."""
    sentence = _("Losses {total} in all · {absorbed} · {remaining}")
    line = fill(sentence, total=str(total), absorbed=Text(ngettext("{n} absorbed", "{n} absorbed", absorbed), style="bold green"),
                remaining=Text(ngettext("{n} still to take", "{n} still to take", remaining), style="bold red"))
    line.stylize("bold", 0, len(sentence.partition("{total}")[0]))
    return line


def battle_score(b: dict[str, Any], sentence: str) -> Text:
    """'Battle: PL 4 : 2 ZURL — PL wins': the Battle Points, each side's badge where ``sentence`` puts it."""
    bp = b["bp"]
    return Text.assemble((_("Battle:") + " ", "bold"), fill(sentence, attacker=badge(b["attacker"]), defender=badge(b["defender"]),
                                                           winner=badge(b["winner"]), a=str(bp["attacker"]), d=str(bp["defender"])))



def loss_grid(f: dict[str, Any], offered: set[str] | None) -> tuple[Table, bool]:
    """The Loss Table's rows for the side's role, the row of its Morale band lit, but only its
    effects offered now (no withdrawal under Artillery fire, by an attacker or at low Morale);
    and whether a cell says '—' (cannot be chosen now)."""
    band = f["band"]
    grid = Table(_("Morale"), _("Withdraw"), _("Disperse"), _("Break"), box=None, padding=(0, 1), collapse_padding=True, pad_edge=False,
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
            Text(f"{'▶ ' if now else '  '}{said(BANDS, row_band)}", style="bold reverse" if now else "dim"),
            *(Text(c, style="bold reverse" if now and lit[v] else "dim", justify="center") for c, v in zip(cells, ("withdraw", "disperse", "break"), strict=True)),
        )
    return grid, dashes
