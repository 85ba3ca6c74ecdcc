"""The status lines at the top of the game screen: scenario, round and phase; each side's
tracks (Morale with its band, Supply with the Strength it gives, VP, Commander, cards, tokens,
Mobilization Zone); the time track with the Relief still to come, Destruction and Negotiation.
Counts only — never what a hand or a face-down token holds."""

from __future__ import annotations

from rich.text import Text

from .session import Session
from .theme import ELITE_INK, SIDE_INK, badge

SEP = Text(" │ ", style="dim")
LETTERS = {"PL": ("V", "S"), "ZURL": ("U", "R")}


def join_parts(parts: list[Text | str]) -> Text:
    """Parts separated by a dim bar."""
    out = Text()
    for i, p in enumerate(parts):
        if i:
            out.append_text(SEP)
        out.append_text(p if isinstance(p, Text) else Text(p))
    return out


# --------------------------------------------------------------------------------- header


def phase_name(view: dict) -> str:
    """The rulebook phase, and whether the battle in it is an Assault's (fought in the Orders Phase)."""
    battle = view["battle"]
    if view["phase"] == "Orders Phase" and battle is not None and battle["assault"]:
        return "Orders Phase — Assault battle"
    return view["phase"]


def phase_line(session: Session) -> Text:
    game, view = session.game, session.view()
    scenario = game.scenario
    d = game.decision()
    track = scenario.time_track
    label = track[min(view["round"], len(track)) - 1] if track else ""
    stages = f", Stage {view['stage']}/{scenario.stages}" if scenario.stages > 1 else ""
    parts: list[Text | str] = [
        Text(f"Scenario {scenario.number}: {scenario.name}", style="bold"),
        f"Round {view['round']}/{len(track)} ({label}){stages}",
    ]
    phase = phase_name(view)
    if phase != "Deployment":
        parts.append(Text.assemble(badge(view["active"]), " turn"))
    parts.append(Text(phase.upper(), style="bold reverse"))
    if not game.over:
        parts.append(Text(f"{view['turn']['ap']} AP left", style="bold"))
    if d is not None:
        parts.append(Text.assemble("deciding: ", badge(d.player), " (bot)" if session.is_bot(d.player) else ""))
    line = join_parts(parts)
    line.no_wrap = True
    line.overflow = "ellipsis"
    return line


# --------------------------------------------------------------------------------- tracks


def short_name(full: str) -> str:
    """'Czesław Mączyński' -> 'Mączyński', 'Ludwik de Levaux' -> 'de Levaux',
    'Wilhelm Habsburg „Wasyl Wyszywany”' -> 'Habsburg' (the nickname in quotes dropped)."""
    import re

    words = re.sub(r"[„\"“][^”\"]*[”\"]", "", full).split()
    if len(words) < 2:
        return full
    if len(words) >= 3 and words[-2].islower():
        return " ".join(words[-2:])
    return words[-1]


def side_line(session: Session, side: str) -> Text:
    data, view = session.game.data, session.view()
    level = view["morale"][side]
    band = next((s.band for s in data.tracks.morale if s.level == level), "?")
    vol, elite = next(((s.volunteer, s.elite) for s in data.tracks.supply if s.level == view["supply"][side]), (0, 0))
    v, e = LETTERS[side]
    cid = view["commander"].get(side)
    status = view["commander_status"].get(side, "ok")
    if cid:
        c = data.commander_by_id[cid]
        boss = f"{short_name(c.name)}: {c.ap} AP, {c.cards} card{'s' * (c.cards != 1)}"
        if status != "ok":
            boss += f" ({status})"
    else:
        boss = "no Commander" + (f" ({status})" if status not in ("ok", "none") else "")
    mob = sum(view["mob"].get(side, {}).values())
    broken = sum(view["broken"].get(side, {}).values())
    parts: list[Text | str] = [
        Text.assemble(badge(side, side.center(4))),
        Text.assemble("Morale ", (f"{level} {band}", "bold")),
        Text.assemble("Supply ", (str(view["supply"][side]), "bold"), ": ", (f"{v}{vol}", SIDE_INK[side]), " ", (f"{e}{elite}", ELITE_INK[side])),
        Text.assemble((f"{view['vp'][side]} VP", "bold")),
        Text(boss),
        f"{len(view['hand'][side])} cards, {len(view['my_tokens'][side])} tokens",
        f"Mob.Zone {mob}, broken {broken}",
    ]
    return join_parts(parts)


def time_line(session: Session) -> Text:
    game, view = session.game, session.view()
    scenario, commanders = game.scenario, game.data.commander_by_id
    track = scenario.time_track
    parts: list[Text | str] = []
    relief = []
    for r in sorted(view["relief"], key=lambda r: r["round"]):
        when = track[r["round"] - 1] if 0 < r["round"] <= len(track) else f"round {r['round']}"
        unit = LETTERS[r["side"]][1] if r["unit"] in ("pl-soldier", "sich-rifleman") else r["unit"]
        who = commanders[r["commander"]].name.split()[-1] if r.get("commander") in commanders else ""
        relief.append(Text.assemble((r["side"], SIDE_INK[r["side"]]), f" {r['count']}{unit} {when}" + (f" +{who}" if who else "")))
    waiting = [f"{s} {sum(u.values())} waiting" for s, u in view["relief_waiting"].items() if sum(u.values())]
    if relief or waiting:
        body = Text(", ").join(relief + [Text(w) for w in waiting])
        parts.append(Text.assemble(("Relief ", "bold"), body))
    else:
        parts.append(Text("Relief: none to come", style="dim"))
    destruction = view["destruction"]
    if destruction is not None and scenario.destruction_track:
        dt = scenario.destruction_track
        skull = len(dt)
        value = dt[min(destruction, skull - 1)]
        parts.append(Text.assemble(("Destruction ", "bold"), f"{destruction}/{skull} ({value} VP to ZURL; skull at {skull})"))
    for t in scenario.negotiation:
        idx = view["negotiation"].get(t.neutral, t.start)
        name = "Militia" if t.neutral == "jewish-militia" else "Austro-Hung."
        parts.append(Text.assemble((name, "bold"), f" {t.spaces[idx].name}"))
    line = join_parts(parts)
    line.no_wrap = True
    line.overflow = "ellipsis"
    return line


def tracks_text(session: Session) -> Text:
    text = Text("\n").join([side_line(session, "PL"), side_line(session, "ZURL"), time_line(session)])
    text.no_wrap = True
    text.overflow = "ellipsis"
    return text
