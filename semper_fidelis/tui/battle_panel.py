"""The battle and loss panels: both sides' units and Strength, fortifications, sides of
attack, the steps of §9.3, tokens played, Battle Points and the result; and for loss
distribution the Loss Table row of the player's Morale band and role with a live count.
Built from the engine's battle frame, whose fields are all public."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..engine import Game
from .phases import battle_frame, losses_frame
from .theme import SIDE_INK, badge

def _units(side: str, units: dict[str, int], letters: dict[str, str]) -> Text:
    parts = [f"{n}{letters.get(t, '?')}" for t, n in sorted(units.items()) if n]
    return Text(" ".join(parts) or "—", style=SIDE_INK.get(side, "bold"))


def battle_renderable(game: Game) -> RenderableType | None:
    """The battle being fought: both sides' units and Strength, fortifications, sides of
    attack, the steps, the cards and tokens played, Battle Points and the result."""
    from ..engine import battle as eb
    from ..engine.occupancy import side_units

    state, rules = game.state, game.rules
    f = battle_frame(state)
    if f is None:
        return None
    area, attacker, defender = f["area"], f["attacker"], f["defender"]
    letters = {u.id: u.letter for u in rules.data.components.units}
    name = rules.area_name(area)
    terrain = rules.terrain[area].title()
    groups = eb.groups_of(state, f)
    sides = eb.sides_of_attack(state, f)
    redoubt = state.redoubts.get(area) == defender or area == eb.CYTADELA
    facing = {x for s, x in state.barricades.get(area, []) if s == defender}
    title = Text.assemble(
        ("⚔ BATTLE IN ", "bold"), (name.upper(), "bold underline"), f" ({terrain}" + (f", ★{state.strategic[area]}" if state.strategic.get(area) else "") + ") — ",
        badge(attacker), " attacks ", badge(defender), (" · Assault" if f.get("assault") else "") + f" · {sides} side{'s' * (sides != 1)} of attack",
    )
    try:
        a_str, d_str = eb.strengths(rules, state, f)
    except Exception:  # the engine's helper moved: show what the frame says
        a_str = d_str = None
    table = Table.grid(padding=(0, 2))
    table.add_column(ratio=1)
    table.add_column(ratio=1)

    def band(side: str) -> Text:
        return Text(f" Morale {state.morale[side]} {rules.morale_band.get(state.morale[side], '')} · Supply {state.supply[side]}")

    left = [Text.assemble(("Attacker ", "bold"), badge(attacker)), band(attacker)]
    for g in groups:
        cut = " (crosses a Barricade: −1 each)" if g.origin in facing and not redoubt else ""
        left.append(Text.assemble(" ", _units(attacker, g.units, letters), f" from {rules.area_name(g.origin)}{cut}"))
    if sum(f.get("inner", {}).values()):
        left.append(Text.assemble(" ", _units(attacker, f["inner"], letters), " already inside"))
    defenders = side_units(rules, state, area, defender)
    forts = []
    if redoubt:
        forts.append("Redoubt (−1 each attacker, no side bonus)")
    if facing:
        forts.append("Barricades facing " + ", ".join(rules.area_name(x) for x in sorted(facing)))
    right = [
        Text.assemble(("Defender ", "bold"), badge(defender)),
        band(defender),
        Text.assemble(" ", _units(defender, defenders, letters), f" in {name}"),
        Text(" " + ("; ".join(forts) if forts else "no fortifications"), style="dim"),
    ]
    bp = f.get("bp")
    mods = f.get("mods", {"a": 0, "d": 0})
    settled = bool(bp) or f.get("result") is not None
    if a_str is not None and not settled:
        a_bp = eb.table_bp(a_str, "attacker") + mods.get("a", 0)
        d_bp = eb.table_bp(d_str, "defender") + mods.get("d", 0)
        extra = f" (+{sides - 1} for sides)" if sides > 1 and not redoubt else ""
        left.append(Text(f" Strength {a_str} → {a_bp} BP{extra}", style="bold"))
        right.append(Text(f" Strength {d_str} → {d_bp} BP", style="bold"))
    table.add_row(Group(*left), Group(*right))
    note = Text("BP from the Combat Table, before the Battle card and the bonuses.", style="dim")

    steps = Text("Steps: ")
    now = _battle_stage(state, f)
    for i, label in enumerate(BATTLE_STAGES):
        style = "bold reverse" if i == now else ("dim" if i > now else "")
        steps.append(f" {label} ", style=style)
        if i + 1 < len(BATTLE_STAGES):
            steps.append("›", style="dim")
    played = []
    for who, key in ((attacker, "a"), (defender, "d")):
        kind = f.get("tokens", {}).get(key)
        if kind:
            played.append(Text.assemble(badge(who), f" {kind.replace('-', ' ')} token"))
    lines: list[RenderableType] = [title, table]
    if a_str is not None and not settled:
        lines.append(note)
    if bp:
        winner = attacker if f.get("result") == "attacker" else defender
        lines.append(Text.assemble(("Result: ", "bold"), f"{bp['a']} : {bp['d']} Battle Points — ", badge(winner), " wins"))
    elif f.get("result") == "evaded":
        lines.append(Text.assemble(("Result: ", "bold"), badge(defender), " evaded — no battle"))
    elif f.get("result") == "empty":
        lines.append(Text.assemble(("Result: ", "bold"), "no defenders left — no battle"))
    lines.append(steps)
    if played:
        lines.append(Text.assemble("Tokens played: ", Text("  ").join(played)))
    lines.extend(Text(line, style="italic") for line in battle_log(game, f))
    return Group(*lines)


BATTLE_STAGES = ("Evade", "Special cards", "Combat tokens", "Battle card", "Losses", "Advance")
_STAGE_OF = {
    "evade": 0, "a-card": 1, "d-card": 1, "a-token": 2, "d-token": 2, "ammo-card": 2, "resolve": 3,
    "post-card": 4, "withdraw": 4, "retreat": 4, "a-losses": 4, "d-losses": 4, "advance": 5, "finish": 5,
}


def _battle_stage(state, f: dict) -> int:
    """Where the battle is: the step of the choice being made, else the frame's next step."""
    top = state.stack[-1] if state.stack else {}
    if top.get("kind") == "battle-choice":
        return _STAGE_OF.get(top.get("step", ""), 0)
    if top.get("kind") == "losses":
        return 4
    return _STAGE_OF.get(f.get("step", ""), 0)


def opens_battle(line: str) -> bool:
    """'Battle in Rynek: PL attacks.' (not the result line 'Battle in Rynek: Strength …')."""
    head, _, rest = line.partition(": ")
    return head.startswith("Battle in ") and rest.split(" ")[1:2] == ["attacks"]


def battle_start(game: Game, f: dict) -> int | None:
    """Index in the log of the line that opened this battle."""
    log = game.state.log
    start_text = f"Battle in {game.rules.area_name(f['area'])}: {f['attacker']} attacks"
    return next((i for i in range(len(log) - 1, -1, -1) if log[i].startswith(start_text)), None)


def battle_log(game: Game, f: dict) -> list[str]:
    """Log lines of this battle so far (cards played, the Battle card drawn, the result)."""
    start = battle_start(game, f)
    return [] if start is None else game.state.log[start + 1:][-6:]


def finished_battle(game: Game, start: int) -> RenderableType:
    """A battle that is over, told by its log lines (up to the next battle)."""
    log = game.state.log
    if start >= len(log):
        return Text("")
    lines = [log[start]]
    for line in log[start + 1:]:
        if opens_battle(line):
            break
        lines.append(line)
    body = [Text.assemble(("⚔ ", "bold"), (lines[0], "bold"))]
    for line in lines[1:12]:
        style = "bold" if " wins." in line else ""
        body.append(Text(line, style=style))
    return Group(*body)


def losses_renderable(game: Game) -> RenderableType | None:
    """The loss-distribution panel: the Loss Table row for the player's Morale band and role,
    the losses in all, how many are absorbed so far, and the units that can take them."""
    from ..engine.losses import LOSS_TABLE

    state, rules = game.state, game.rules
    f = losses_frame(state)
    if f is None:
        return None
    side, role, band = f["side"], f.get("role", "defender"), f.get("band", "low")
    table_role = "attacker" if role == "attacker" else "defender"
    total = _losses_total(state, f)
    remaining = f.get("remaining", 0)
    absorbed = max(0, total - remaining - (1 if f.get("medicine") else 0))
    letters = {u.id: u.letter for u in rules.data.components.units}
    lines: list[RenderableType] = [
        Text.assemble(("✚ LOSSES — ", "bold"), badge(side), f" as {role}, {band} Morale, at {rules.area_name(f['area'])}"),
    ]
    bar_width = min(total, 30)
    filled = round(bar_width * absorbed / total) if total else 0
    lines.append(Text.assemble(
        ("Losses ", "bold"), f"{total} in all · ", (f"{absorbed} absorbed", "bold green"), " · ", (f"{remaining} still to take", "bold red"),
        "  [", ("█" * filled, "green"), ("░" * (bar_width - filled), "red"), "]",
    ))
    if f.get("medicine"):
        lines.append(Text("Medicine used: one Loss fewer.", style="italic"))
    parent = battle_frame(state)
    if parent is not None and parent.get("bp"):
        bp = parent["bp"]
        winner = parent["attacker"] if parent.get("result") == "attacker" else parent["defender"]
        lines.append(Text.assemble(
            ("Battle: ", "bold"), badge(parent["attacker"]), f" {bp['a']} : {bp['d']} ", badge(parent["defender"]),
            " — ", badge(winner), " wins; each side takes the other's Battle Points as Losses",
        ))
    grid = Table("Loss Table", "Withdraw", "Disperse", "Break", box=None, padding=(0, 2), header_style="bold")
    for b in ("high", "low"):
        row = LOSS_TABLE[(b, table_role)]
        style = "bold reverse" if b == band else "dim"
        grid.add_row(
            Text(f"{'▶ ' if b == band else '  '}{b} Morale, {table_role}", style=style),
            *(Text(f"{row[v]} Loss{'es' * (row[v] != 1)}" if v in row else "—", style=style) for v in ("withdraw", "disperse", "break")),
        )
    lines.append(grid)
    for g in f.get("groups", []):
        where = "on the border from " + rules.area_name(g.get("origin", "")) if g.get("where") == "border" else "in " + rules.area_name(g.get("area", ""))
        lines.append(Text.assemble(f"Units {where}: ", _units(side, g.get("units", {}), letters)))
    lines.append(Text("Dispersed units go to the Mobilization Zone; broken ones are lost (−1 VP per 5).", style="dim"))
    return Group(*lines)


def _losses_total(state, f: dict) -> int:
    if f.get("role") == "artillery":
        return 2
    parent = battle_frame(state)
    if parent is None or "bp" not in parent:
        return f.get("remaining", 0) + (1 if f.get("medicine") else 0)
    mods = parent.get("loss_mods", {"a": 0, "d": 0})
    if f.get("role") == "attacker":
        return max(0, parent["bp"]["d"] + parent.get("extra_loss", 0) - mods.get("a", 0))
    return max(0, parent["bp"]["a"] - mods.get("d", 0))
