"""Where the game stands, for clients: the battle being fought (§9) and the Losses being taken
(§9.4 B), as plain JSON-able data read from the battle and loss frames and the rules' own
helpers (``battle.strengths``, ``battle.sides_of_attack``, ``battle.table_bp``), so a client
never reads the engine's stack. Everything here is public: both players see a battle.
"""

from __future__ import annotations

from typing import Any

from .battle import CYTADELA, answers, groups_of, is_question, sides_of_attack, strengths, table_bp
from .frames import BattleFrame, LossesFrame
from .losses import LOSS_TABLE
from .occupancy import side_units
from .rules import Rules
from .state import State

#: the steps of a battle (§9.2–§9.4) as players name them, in order
BATTLE_STEPS = ("Evade", "Special cards", "Combat tokens", "Battle card", "Losses", "Advance")
_STEP_OF = {
    "evade": 0, "a-card": 1, "d-card": 1, "a-token": 2, "d-token": 2, "ammo-card": 2, "resolve": 3,
    "post-card": 4, "withdraw": 4, "retreat": 4, "a-losses": 4, "post-a-card": 4, "d-losses": 4, "post-d-card": 4, "advance": 5, "finish": 5,
}


def battle_step_name(step: str) -> str:
    """A battle step ("a-token") as players name it ("Combat tokens")."""
    return BATTLE_STEPS[_STEP_OF.get(step, 0)]


def _battle_frame(state: State) -> BattleFrame | None:
    return next((f for f in reversed(state.stack) if f["kind"] == "battle"), None)


def battle_view(rules: Rules, state: State) -> dict[str, Any] | None:
    """The battle in progress (None when there is none): its area, sides, the attacking groups
    with their origins, the attacker's units already inside, the defenders, the fortifications,
    Strength and Combat Table BP, the modifiers played so far, the sides of attack, the current
    step, and once resolved the Battle Points and the result."""
    f = _battle_frame(state)
    if f is None:
        return None
    area, attacker, defender = f["area"], f["attacker"], f["defender"]
    redoubt = state.redoubts.get(area) == defender or area == CYTADELA or bool(f.get("redoubt"))
    facing = sorted({x for s, x in state.barricades.get(area, []) if s == defender})
    groups = [
        {"origin": g.origin, "units": {t: n for t, n in g.units.items() if n}, "crosses_barricade": g.origin in facing and not redoubt}
        for g in groups_of(state, f) if sum(g.units.values())
    ]
    sides = f.get("sides") or sides_of_attack(state, f)
    present = side_units(rules, state, area, attacker)
    a_str, d_str = strengths(rules, state, f)
    top = state.stack[-1]
    if is_question(top):
        step = _STEP_OF.get(answers(top), 0)
    elif top["kind"] == "losses":
        step = 4
    else:
        step = _STEP_OF.get(f["step"], 0)
    bp = f.get("bp")
    result = f.get("result")
    winner = {"attacker": attacker, "defender": defender}.get(result or "")
    tokens = f.get("tokens", {})
    return {
        "area": area,
        "attacker": attacker,
        "defender": defender,
        "assault": bool(f.get("assault")),
        "groups": groups,
        # the units inside that are still there (some may have been dispersed or broken since)
        "inside": {t: min(n, present.get(t, 0)) for t, n in f["inner"].items() if min(n, present.get(t, 0))},
        "defenders": dict(side_units(rules, state, area, defender)),
        "redoubt": redoubt,
        "barricades_facing": facing,
        "sides_of_attack": sides,
        "side_bonus": sides - 1 if sides > 1 and not redoubt else 0,
        "strength": {"attacker": a_str, "defender": d_str},
        "table_bp": {"attacker": table_bp(a_str, "attacker"), "defender": table_bp(d_str, "defender")},
        "modifiers": {"attacker": f["mods"]["a"], "defender": f["mods"]["d"]},
        "loss_modifiers": {"attacker": f["loss_mods"]["a"], "defender": f["loss_mods"]["d"]},
        "tokens": {"attacker": tokens.get("a"), "defender": tokens.get("d")},
        "step": BATTLE_STEPS[step],
        "steps": list(BATTLE_STEPS),
        "bp": {"attacker": bp["a"], "defender": bp["d"]} if bp else None,
        "result": result,
        "winner": winner,
        "morale_band": {s: rules.morale_band[state.morale[s]] for s in (attacker, defender)},
    }


def losses_view(rules: Rules, state: State) -> dict[str, Any] | None:
    """The Losses being distributed now (None when no one is taking Losses): whose, as what,
    at which Morale band, how many in all and still to take, the Loss Table row in force, and
    the groups of units that can take them."""
    f = state.stack[-1] if state.stack else None
    if f is None or f["kind"] != "losses":
        return None
    role = "attacker" if f["role"] == "attacker" else "defender"
    total = _losses_total(state, f)
    remaining = f["remaining"]
    return {
        "side": f["side"],
        "role": f["role"],
        "band": f["band"],
        "area": f["area"],
        "total": total,
        "remaining": remaining,
        "absorbed": max(0, total - remaining),  # Medicine's one Loss included
        "medicine": bool(f["medicine"]),
        "by_choice": bool(f.get("extra")),
        "may_withdraw": bool(f["withdraw"]),  # a defender in a battle at high Morale; never under Artillery
        "table": {band: dict(LOSS_TABLE[(band, role)]) for band in ("high", "low")},
        "groups": [
            {"where": g["where"], "area": g["area"], "origin": g["origin"], "units": {t: n for t, n in g["units"].items() if n}}
            for g in f["groups"]
        ],
    }


def _losses_total(state: State, f: LossesFrame) -> int:
    """All the Losses of this distribution, from the battle's Battle Points and modifiers."""
    if f["role"] == "artillery":
        return 2
    parent = _battle_frame(state)
    if parent is None or "bp" not in parent:
        return f["remaining"] + (1 if f["medicine"] else 0)
    mods, bp = parent["loss_mods"], parent["bp"]
    if f["role"] == "attacker":
        return max(0, bp["d"] + parent.get("extra_loss", 0) - mods["a"])
    return max(0, bp["a"] - mods["d"])
