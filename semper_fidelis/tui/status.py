"""The status lines at the top of the game screen: scenario, round and phase; each side's
tracks (Morale with its band, Supply with the Strength it gives, VP, Commander, cards, tokens,
Mobilization Zone); the time track with the Relief still to come, Destruction and Negotiation.
Counts only — never what a hand or a face-down token holds."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.table import Table
from rich.text import Text

from ..data.loader import GameData
from ..data.models import NegotiationSpace, Scenario
from ..data.text import plain
from ..data.translations import scenario_name, scenario_text
from ..engine import PlayerView
from ..i18n import N_, _, ngettext, pgettext
from .session import SIDES, Session
from .theme import ELITE_INK, SIDE_INK, badge, with_badge

SEP = Text(" │ ", style="dim")
#: the bar closed up, for a line that would wrap with the spaced one (a side's tracks in Polish at 80 columns)
TIGHT_SEP = Text("│", style="dim")
LETTERS = {"PL": ("V", "S"), "ZURL": ("U", "R")}
ROUNDS_PER_STAGE = 4  # §5.2: a Stage is four rounds
NEGOTIATION_NAMES = {"jewish-militia": N_("Militia"), "austro-hungarian": N_("Austrians")}
#: the engine's phases (engine/phases.py) as the header says them, in full and short (80 columns
#: in a battle); the engine's own name is the key, a phase it adds later shows as it is
PHASE_NAMES = {
    "Setup": (N_("Setup"), N_("Setup")),
    "Deployment": (N_("Deployment"), N_("Deployment")),
    "Initial Phase": (N_("Initial Phase"), N_("Initial")),
    "Orders Phase": (N_("Orders Phase"), N_("Orders")),
    "Battle Phase": (N_("Battle Phase"), N_("Battle")),
    "End of Turn Phase": (N_("End of Turn Phase"), N_("End of Turn")),
    "End of Round": (N_("End of Round"), N_("End of Round")),
    "End of Stage": (N_("End of Stage"), N_("End of Stage")),
    "Game over": (N_("Game over"), N_("Game over")),
}


def join_parts(parts: list[Text | str], sep: Text = SEP) -> Text:
    """Parts separated by a dim bar."""
    out = Text()
    for i, p in enumerate(parts):
        if i:
            out.append_text(sep)
        out.append_text(p if isinstance(p, Text) else Text(p))
    return out


# --------------------------------------------------------------------------------- header


def phase_name(view: PlayerView, tiny: bool = False) -> str:
    """The rulebook phase in the current language (``tiny``: without the word 'Phase'), and
    whether the battle in it is an Assault's (fought in the Orders Phase)."""
    battle, phase = view["battle"], view["phase"]
    names = PHASE_NAMES.get(phase)
    name = _(names[tiny]) if names else phase
    if phase == "Orders Phase" and battle is not None and battle["assault"]:
        return _("{phase} — Assault battle", phase=name)
    return name


class PhaseLine:
    """The header in full: when the screen is too narrow for the longest wording, shorter ones
    (the scenario by number, no date, 'deciding' as an arrow) before anything is cut."""

    def __init__(self, session: Session):
        self.session = session

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width - 2
        for short in range(5):
            line = phase_line(self.session, short)
            if line.cell_len <= width:
                break
        yield line


#: the phases whose header says the turn's AP: the Commander's and the Event's AP are set in
#: the first, spent in the second
AP_PHASES = ("Initial Phase", "Orders Phase")


def phase_line(session: Session, short: int = 0) -> Text:
    """The header; ``short`` 1-3 drops the scenario's name, then the round's date, then words;
    4 abbreviates (80 columns in a battle: 'Sc.2 │ Rd 1/12 Stg 1/3 │ … │ ORDERS — ASSAULT BATTLE')."""
    game, view = session.shown_game, session.view()
    scenario = game.scenario
    decider = session.asking_side()  # a quiet step's player while it is presented
    tiny = short >= 4
    if tiny:
        name = _("Sc.{number}", number=scenario.number)
    elif short < 1:
        name = _("Scenario {number}: {name}", number=scenario.number, name=scenario_name(scenario))
    else:
        name = _("Scenario {number}", number=scenario.number)
    parts: list[Text | str] = [Text(name, style="bold"), round_text(view, scenario, short)]
    if view["phase"] != "Deployment":
        parts.append(Text.assemble(*with_badge(_("{side} turn"), view["active"])))
    parts.append(Text(phase_name(view, tiny).upper(), style="bold reverse"))
    if view["phase"] in AP_PHASES:  # AP are spent in these alone (issue 36: not at the End of Turn)
        ap = view["turn"]["ap"]
        parts.append(Text(_("{n} AP left", n=ap) if short < 3 else _("{n} AP", n=ap), style="bold"))
    if decider is not None:
        bot = session.is_bot(decider)
        deciding = (_("deciding: {side} (bot)") if bot else _("deciding: {side}")) if short < 3 else ("→ {side} " + _("(bot)") if bot else "→ {side}")
        parts.append(Text.assemble(*with_badge(deciding, decider)))
    line = join_parts(parts)
    line.no_wrap = True
    line.overflow = "ellipsis"
    return line


def round_text(view: PlayerView, scenario: Scenario, short: int) -> str:
    """'Round 1/12 (1-2 XI), Stage 1/3'; ``short`` 2-3 without the date, 4 abbreviated."""
    track = scenario.time_track
    label = track[min(view["round"], len(track)) - 1] if track else ""
    where = dict(now=view["round"], last=len(track), stage=view["stage"], stages=scenario.stages, date=label)
    staged = scenario.stages > 1
    if short >= 4:
        return _("Rd {now}/{last} Stg {stage}/{stages}", **where) if staged else _("Rd {now}/{last}", **where)
    if short < 2:
        return _("Round {now}/{last} ({date}), Stage {stage}/{stages}", **where) if staged else _("Round {now}/{last} ({date})", **where)
    return _("Round {now}/{last}, Stage {stage}/{stages}", **where) if staged else _("Round {now}/{last}", **where)


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


def morale_scale(data: GameData, level: int) -> Text:
    """'1234│5678': the Morale track, low band red and high band green, the marker on
    ``level``, the bar where the band changes."""
    out = Text()
    spaces = sorted(data.tracks.morale, key=lambda m: m.level)
    for i, m in enumerate(spaces):
        if i and m.band != spaces[i - 1].band:
            out.append("│", style="dim")
        ink = "green" if m.band == "high" else "red"
        out.append(str(m.level), style=f"bold reverse {ink}" if m.level == level else f"dim {ink}")
    return out


def morale_text(data: GameData, level: int, band: str, track: bool = True) -> Text:
    """'5 high 1234│5678': the level as a number and its band, then the track (not at 80
    columns, where a side keeps to one line)."""
    ink = "green" if band == "high" else "red"
    said = {"high": _("{level} high", level=level), "low": _("{level} low", level=level)}.get(band, f"{level} {band}")
    number = Text(said, style=f"bold {ink}")
    return Text.assemble(number, " ", morale_scale(data, level)) if track else number


def supply_text(data: GameData, side: str, level: int) -> Text:
    """'5: V3 S3 (4: V2 S3, 6: V3 S4)': the Strength this level gives, and one level down and up."""
    v, e = LETTERS[side]
    by_level = {s.level: s for s in data.tracks.supply}

    def strength(lv: int) -> str:
        return f"{v}{by_level[lv].volunteer} {e}{by_level[lv].elite}"

    out = Text.assemble((str(level), "bold"), ": ")
    if level in by_level:
        out.append(f"{v}{by_level[level].volunteer}", style=SIDE_INK[side])
        out.append(f" {e}{by_level[level].elite}", style=ELITE_INK[side])
    near = [f"{lv}:{strength(lv)}" for lv in (level - 1, level + 1) if lv in by_level]
    if near:
        out.append(f" ({' '.join(near)})", style="dim")
    return out


def sides_table(session: Session) -> Table:
    """One row a side under a header: Morale (scale and band), Supply (with the Strength of the
    levels around it), VP and what the End of Stage scoring would add if the Stage ended now
    (once the game is over, the final VP alone), Commander (AP and cards a turn), units in the Mobilization Zone and broken."""
    data, view = session.game.data, session.view()
    preview, over = session.shown_game.score_if_stage_ended(), session.game.over
    table = Table(box=None, padding=(0, 1), show_edge=False, header_style="dim")
    for name in ("", _("Morale"), _("Supply: Strength (±1)"), _("VP (final)") if over else _("VP (Stage end)"), _("Commander"), _("MobZ/broken")):
        table.add_column(name)
    for side in SIDES:
        level = view["morale"][side]
        band = next((m.band for m in data.tracks.morale if m.level == level), "?")
        gain = sum(vp for _, vp in preview[side])
        mob = sum(view["mob"].get(side, {}).values())
        broken = sum(view["broken"].get(side, {}).values())
        table.add_row(
            badge(side, side.center(4)),
            morale_text(data, level, band),
            supply_text(data, side, view["supply"][side]),
            Text.assemble((f"{view['vp'][side]}", "bold"), "" if over else f" ({gain:+d} → {view['vp'][side] + gain})"),
            plain(commander_text(data, view, side)),  # a Commander's name from the data: never markup
            f"{mob} / {broken}",
        )
    return table


def commander_text(data: GameData, view: PlayerView, side: str) -> str:
    cid = view["commander"].get(side)
    status = view["commander_status"].get(side, "ok")
    if not cid:
        return pgettext("commander", "none") + (f" ({status})" if status not in ("ok", "none") else "")
    c = data.commander_by_id[cid]
    text = _("{name} {ap} AP {cards}", name=short_name(c.name), ap=c.ap, cards=ngettext("{n} card", "{n} cards", c.cards))
    return text + (f" ({status})" if status != "ok" else "")


def time_line(session: Session) -> Text:
    """The Time track: every round's number, the current one marked (its date is on the phase
    line), Stage ends (║), and the Relief due: the round, side, units and Commander."""
    game, view = session.game, session.view()
    scenario, commanders = game.scenario, game.data.commander_by_id
    track = scenario.time_track
    now = view["round"]
    due = {r["round"]: r["side"] for r in view["relief"]}
    out = Text.assemble((_("Time") + " ", "bold"))
    for n in range(1, len(track) + 1):
        if n > 1:
            stage_end = scenario.stages > 1 and (n - 1) % ROUNDS_PER_STAGE == 0
            out.append("║" if stage_end else " ", style="dim")
        style = "bold reverse" if n == now else ("dim" if n < now else "")
        out.append(str(n), style=style)
        if n in due:
            out.append("▾", style=SIDE_INK[due[n]])
    relief = []
    for r in sorted(view["relief"], key=lambda r: r["round"]):
        unit = LETTERS[r["side"]][1] if r["unit"] in ("pl-soldier", "sich-rifleman") else r["unit"]
        who = short_name(commanders[r["commander"]].name).split("-")[0] if r.get("commander") in commanders else ""
        relief.append(Text.assemble(f"▾{r['round']} ", (r["side"], SIDE_INK[r["side"]]), f" {r['count']}{unit}" + (f"+{who}" if who else "")))
    waiting = [Text(_("{side} {n} waiting", side=s, n=sum(u.values()))) for s, u in view["relief_waiting"].items() if sum(u.values())]
    out.append(" │ " + _("Relief") + " ", style="dim")
    out.append_text(Text(" ").join(relief + waiting) if relief or waiting else Text(_("none to come"), style="dim"))
    return out


def political_line(session: Session) -> Text:
    """Destruction and both Negotiation tracks, every space named, the marker on the current."""
    scenario, view = session.game.scenario, session.view()
    parts: list[Text | str] = []
    destruction = view["destruction"]
    if destruction is not None and scenario.destruction_track:
        dt = scenario.destruction_track
        value = dt[min(destruction, len(dt) - 1)]
        parts.append(Text.assemble((_("Destruction") + " ", "bold"), _("{at}/{of}☠ (ZURL {vp} VP)", at=destruction, of=len(dt), vp=f"{value:+d}")))
    for t in scenario.negotiation:
        idx = view["negotiation"].get(t.neutral, t.start)
        line = Text.assemble((_(NEGOTIATION_NAMES[t.neutral]) + " ", "bold"))
        for i, space in enumerate(t.spaces):
            if i:
                line.append("·", style="dim")
            line.append(space_name(session, t.neutral, space), style="bold reverse" if i == idx else "dim")
        parts.append(line)
    if not parts:
        return Text(_("No Destruction or Negotiation track in this scenario."), style="dim")
    return join_parts(parts)


def space_name(session: Session, neutral: str, space: NegotiationSpace) -> str:
    """A Negotiation space's name, short: a Disarmament by a side as 'Disarm PL'."""
    if space.stance.startswith("disarmed-"):
        return _("Disarm {side}", side=space.stance.removeprefix("disarmed-"))
    game = session.game
    return scenario_text(game.data, game.scenario, f"negotiation.{neutral}.spaces.{space.stance}.name", space.name)


def compact_sides(session: Session, width: int | None = None) -> Text:
    """The sides' tracks one line each, for a narrow screen: Morale, Supply and its Strength,
    VP with the Stage-end preview (the final VP alone once the game is over), Mobilization Zone and broken units (the Commanders are in
    the card viewer, c); a line wider than ``width`` closes up its bars rather than wrap (Polish
    runs longer: a line more would be a line less for the decision at 80×24)."""
    data, view = session.game.data, session.view()
    preview = session.shown_game.score_if_stage_ended()
    lines: list[list[Text | str]] = []
    for side in SIDES:
        level = view["morale"][side]
        band = next((m.band for m in data.tracks.morale if m.level == level), "?")
        gain = sum(vp for _, vp in preview[side])
        supply = supply_text(data, side, view["supply"][side])
        supply = supply[:supply.plain.find(" (")] if " (" in supply.plain else supply
        mob, broken = sum(view["mob"].get(side, {}).values()), sum(view["broken"].get(side, {}).values())
        parts: list[Text | str] = [
            badge(side), Text.assemble(_("Morale") + " ", morale_text(data, level, band, track=False)),
            Text.assemble(_("Supply") + " ", supply),
            _("{vp} VP (final)", vp=view["vp"][side]) if session.game.over else _("{vp} VP (Stage {gain})", vp=view["vp"][side], gain=f"{gain:+d}"),
            _("MobZ {mob}/{broken}", mob=mob, broken=broken),
        ]
        lines.append(parts)
    spaced = [join_parts(parts) for parts in lines]
    if width is not None and any(line.cell_len > width for line in spaced):  # both alike, one above the other
        return Text("\n").join(join_parts(parts, TIGHT_SEP) for parts in lines)
    return Text("\n").join(spaced)


class TracksRenderable:
    """Both sides' tracks, the Time track and the political tracks: five lines at 120 columns
    (a table of the sides), one line a side on a narrower screen; a line too long wraps,
    nothing is cut off."""

    WIDE = 110

    def __init__(self, session: Session):
        self.session = session

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if options.max_width < self.WIDE and self._in_battle():
            yield compact_sides(self.session, options.max_width)  # 80×24: the battle box needs the lines (issue 36)
            return
        sides = sides_table(self.session) if options.max_width >= self.WIDE else compact_sides(self.session, options.max_width)
        yield Group(sides, time_line(self.session), political_line(self.session))

    def _in_battle(self) -> bool:
        """A battle or its Losses on: the Time and political tracks wait (they do not move in
        a battle), the sides' Morale and Supply stay."""
        view = self.session.view()
        return view["battle"] is not None or view["losses"] is not None


def tracks_renderable(session: Session) -> TracksRenderable:
    return TracksRenderable(session)
