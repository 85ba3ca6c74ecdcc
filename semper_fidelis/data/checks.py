"""Cross-file checks of loaded game data.

The pydantic schemas (``models.py``) check each file on its own; this module checks what only the
whole data set can tell: that every area a scenario names exists, that adjacency is symmetric,
that placements fit the area limits and the component counts, that commanders and removed cards
exist, that track starts lie on the tracks, ...

Every problem is ONE line naming file, entry and field, e.g.::

    board.toml: area 'rynek': neighbours: 'foo' is not an area
    2-semper-fidelis.toml: sides.ZURL.placements[rynek]: 7 units exceed the City limit of 5

Below the loader, which runs :func:`check_game_data` on every load; ``validate.py`` (a data
folder's every problem, for ``semper-fidelis validate``) sits above both.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable
from itertools import pairwise
from typing import TYPE_CHECKING

from ..i18n import N_, _, ngettext
from .files import ASSET_FILES
from .models import SIDES, Area, FreeDeployment, Scenario, SideSetup

if TYPE_CHECKING:
    from .loader import GameData

BOARD = ASSET_FILES["board"]
COMPONENTS = ASSET_FILES["components"]
TRACKS = ASSET_FILES["tracks"]
TOKENS = ASSET_FILES["supply_tokens"]
BATTLE = ASSET_FILES["battle_deck"]
COMMANDERS = ASSET_FILES["commanders"]
DECK_FILES = {"PL": ASSET_FILES["cards_pl"], "ZURL": ASSET_FILES["cards_zurl"]}
SCENARIO_NUMBERS = range(1, 6)
HQ_TYPES = {"PL": "pl-hq", "ZURL": "zurl-hq"}
#: a City's and a Suburb's district, each a whole sentence (Polish declines the terrain's name)
NEEDS_DISTRICT = {"city": N_("district: a City area needs a district"), "suburb": N_("district: a Suburb area needs a district")}
#: too many units for an area, by its terrain (more than the limit: never one unit)
OVER_LIMIT = {"city": N_("{total} units exceed the City limit of {limit}"), "suburb": N_("{total} units exceed the Suburb limit of {limit}"),
              "village": N_("{total} units exceed the Village limit of {limit}")}
ROMANS = dict(zip(range(1, 9), ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"], strict=True))


def _dupes(items: Iterable[Hashable]) -> list[Hashable]:
    """Items that occur more than once, in first-seen order."""
    counts = Counter(items)
    return [item for item in dict.fromkeys(counts) if counts[item] > 1]


def one_line(text: str) -> str:
    """``text`` on one line, its runs of white space one space each."""
    return " ".join(str(text).split())


class _Checker:
    def __init__(self, data: GameData):
        self.data = data
        self.problems: list[str] = []
        self.area_ids = {a.id for a in data.board.areas}
        self.by_id = {a.id: a for a in data.board.areas}
        self.unit_side: dict[str, str] = {u.id: u.side for u in data.components.units}
        self.unit_count: dict[str, int] = {u.id: u.count for u in data.components.units}

    def add(self, file: str, where: str, message: str) -> None:
        self.problems.append(one_line(f"{file}: {where}: {message}"))

    def area_ref(self, file: str, where: str, area: str | None) -> bool:
        """Report ``area`` if it is not an area of the board; True when it is known."""
        if area is None or area in self.area_ids:
            return True
        self.add(file, where, _("{area} is not an area", area=repr(area)))
        return False

    # ------------------------------------------------------------------------------------ board

    def board(self) -> None:
        """The board's rules, one small check each, in the order their problems are listed."""
        for rule in (self.area_ids_unique, self.districts_numbered, self.areas_placed,
                     self.districts_populated, self.board_connected, self.railways, self.relief_starts):
            rule()

    def area_ids_unique(self) -> None:
        areas = self.data.board.areas
        for dup in _dupes(a.id for a in areas):
            self.add(BOARD, _("area {id}", id=repr(dup)), _("id: duplicate area id"))
        for dup in _dupes(a.label for a in areas):
            self.add(BOARD, _("area label {label}", label=repr(dup)), _("label: used by more than one area"))
        for pos in _dupes(a.pos for a in areas):
            shared = [a for a in areas if a.pos == pos]
            names = ", ".join(repr(a.id) for a in shared)
            self.add(BOARD, _("areas {ids}", ids=names), _("pos: share the layout position {pos}", pos=list(shared[0].pos)))

    def districts_numbered(self) -> None:
        """Districts I-VIII, each once, with its Roman numeral."""
        numbers = self.district_numbers
        for dup in _dupes(numbers):
            self.add(BOARD, _("district {number}", number=dup), _("number: duplicate district number"))
        for number in range(1, 9):
            if number not in numbers:
                self.add(BOARD, "districts", _("district {number} is missing", number=number))
        for d in self.data.board.districts:
            roman = ROMANS.get(d.number)
            if roman and d.roman != roman:
                self.add(BOARD, _("district {number}", number=d.number), _("roman: {found} should be {roman}", found=repr(d.roman), roman=repr(roman)))

    @property
    def district_numbers(self) -> list[int]:
        return [d.number for d in self.data.board.districts]

    def areas_placed(self) -> None:
        """Each area's district and neighbours (one area's problems together)."""
        for a in self.data.board.areas:
            self.area_district(a)
            self.area_neighbours(a)

    def area_district(self, a: Area) -> None:
        where = _("area {id}", id=repr(a.id))
        if a.terrain == "village" and a.district is not None:
            self.add(BOARD, where, _("district: a Village belongs to no district (§4.1), got {district}", district=a.district))
        elif a.terrain != "village" and a.district is None:
            self.add(BOARD, where, _(NEEDS_DISTRICT[a.terrain]))
        elif a.district is not None and a.district not in self.district_numbers:
            self.add(BOARD, where, _("district: {district} is not a district of the board", district=a.district))

    def area_neighbours(self, a: Area) -> None:
        """Neighbours listed once, existing, not the area itself, and listing it back."""
        where = _("area {id}", id=repr(a.id))
        by_id = self.by_id
        for dup in _dupes(a.neighbours):
            self.add(BOARD, where, _("neighbours: {area} is listed twice", area=repr(dup)))
        for n in dict.fromkeys(a.neighbours):
            if n == a.id:
                self.add(BOARD, where, _("neighbours: an area cannot be its own neighbour"))
            elif n not in by_id:
                self.add(BOARD, where, _("neighbours: {area} is not an area", area=repr(n)))
            elif a.id not in by_id[n].neighbours:
                self.add(BOARD, where, _("neighbours: {area} does not list {id} back (asymmetric adjacency)", area=repr(n), id=repr(a.id)))

    def districts_populated(self) -> None:
        areas = Counter(a.district for a in self.data.board.areas if a.terrain != "village")
        numbers = self.district_numbers
        for d in self.data.board.districts:
            if d.number in numbers and areas[d.number] == 0:
                self.add(BOARD, _("district {number}", number=d.number), _("areas: no area belongs to this district"))

    def board_connected(self) -> None:
        areas = self.data.board.areas
        if not areas:
            return
        by_id = self.by_id
        start = areas[0].id
        seen, todo = {start}, [start]
        while todo:
            for n in by_id[todo.pop()].neighbours:
                if n in by_id and n not in seen:
                    seen.add(n)
                    todo.append(n)
        cut = [a.id for a in areas if a.id not in seen]
        if cut:
            self.add(BOARD, "areas", _("the board is not connected: cannot reach {areas} from {start}", areas=", ".join(cut), start=repr(start)))

    def railways(self) -> None:
        """Railway ids once; stations are areas, consecutive ones adjacent."""
        board, by_id = self.data.board, self.by_id
        for dup in _dupes(r.id for r in board.railways):
            self.add(BOARD, _("railway {id}", id=repr(dup)), _("id: duplicate railway id"))
        for line in board.railways:
            where = _("railway {id}", id=repr(line.id))
            for station in line.areas:
                self.area_ref(BOARD, f"{where}: areas", station)
            for here, there in pairwise(line.areas):
                if here in by_id and there in by_id and there not in by_id[here].neighbours:
                    self.add(BOARD, where, _("areas: consecutive stations {here} and {there} are not adjacent", here=repr(here), there=repr(there)))

    def relief_starts(self) -> None:
        relief_start = self.data.board.relief_start
        for side in SIDES:
            if side not in relief_start:
                self.add(BOARD, "relief_start", _("no relief starting area for {side}", side=side))
        for side, area in relief_start.items():
            self.area_ref(BOARD, f"relief_start.{side}", area)

    # ------------------------------------------------------------------------------- components

    def components(self) -> None:
        for dup in _dupes(u.id for u in self.data.components.units):
            self.add(COMPONENTS, _("unit {id}", id=repr(dup)), _("id: duplicate unit type"))
        for dup in _dupes(u.letter for u in self.data.components.units):
            self.add(COMPONENTS, _("letter {letter}", letter=repr(dup)), _("letter: used by more than one unit type"))
        for u in self.data.components.units:
            expected = "neutral" if u.id in ("jewish-militia", "austro-hungarian") else (
                "PL" if u.id.startswith("pl-") else "ZURL"
            )
            if u.side != expected:
                self.add(COMPONENTS, _("unit {id}", id=repr(u.id)), _("side: should be {expected}, got {side}", expected=expected, side=u.side))
        for missing in sorted((set(HQ_TYPES.values()) | {"pl-volunteer", "zurl-volunteer"}) - self.unit_count.keys()):
            self.add(COMPONENTS, "units", _("unit type {id} is missing", id=repr(missing)))

    # ----------------------------------------------------------------------------------- tracks

    def tracks(self) -> None:
        t = self.data.tracks
        for name, levels in (("morale", [s.level for s in t.morale]), ("supply", [s.level for s in t.supply])):
            if not levels:
                self.add(TRACKS, name, _("the track has no space"))
                continue
            for dup in _dupes(levels):
                self.add(TRACKS, f"{name}[level={dup}]", _("level: duplicate level"))
            if sorted(set(levels)) != list(range(1, max(levels) + 1)):
                self.add(TRACKS, name, _("levels must run 1..{top} without gaps, got {levels}", top=max(levels), levels=sorted(levels)))
        if t.victory_min >= t.victory_max:
            self.add(TRACKS, "victory_min", _("{low} is not below victory_max {high}", low=t.victory_min, high=t.victory_max))
        if t.morale:
            bands = [s.band for s in sorted(t.morale, key=lambda s: s.level)]
            if bands != sorted(bands, key=lambda b: b == "high"):
                self.add(TRACKS, "morale", _("band: the low spaces must all lie below the high spaces"))

    # ----------------------------------------------------------------------------------- tokens

    def tokens(self) -> None:
        kinds = [t.kind for t in self.data.supply_tokens.tokens]
        for dup in _dupes(kinds):
            self.add(TOKENS, _("token {kind}", kind=repr(dup)), _("kind: duplicate token kind"))
        for t in self.data.supply_tokens.tokens:
            for value in t.values:
                if not 1 <= value <= 3:
                    self.add(TOKENS, _("token {kind}", kind=repr(t.kind)), _("values: value {value} is not 1-3", value=value))

    @property
    def token_pool(self) -> dict[str, int]:
        return {t.kind: sum(t.values.values()) for t in self.data.supply_tokens.tokens}

    # ----------------------------------------------------------------------------- battle deck

    def battle_deck(self) -> None:
        if not self.data.battle_deck.cards:
            self.add(BATTLE, "cards", _("the battle deck is empty"))

    # ------------------------------------------------------------------------------ commanders

    def commanders(self) -> None:
        for dup in _dupes(c.id for c in self.data.commanders.commanders):
            self.add(COMMANDERS, _("commander {id}", id=repr(dup)), _("id: duplicate commander id"))

    # ---------------------------------------------------------------------------------- decks

    def decks(self) -> None:
        for side, deck in self.data.decks.items():
            file = DECK_FILES[side]
            if deck.side != side:
                self.add(file, "side", _("this file holds the {side} deck, got {found}", side=side, found=deck.side))
            for dup in _dupes(c.number for c in deck.cards):
                self.add(file, _("card {number}", number=dup), _("number: duplicate card number"))
            for dup in _dupes(c.effect_id for c in deck.cards):
                numbers = ", ".join(str(c.number) for c in deck.cards if c.effect_id == dup)
                self.add(file, _("cards {numbers}", numbers=numbers), _("effect_id: {effect} is used by more than one card", effect=repr(dup)))

    # ------------------------------------------------------------------------------ scenarios

    def scenarios(self) -> None:
        for number in SCENARIO_NUMBERS:
            if number not in self.data.scenarios:
                self.add("scenarios", _("scenario {number}", number=number), _("no scenario file has this number"))
        for number, sc in sorted(self.data.scenarios.items()):
            self.scenario(self.data.scenario_files.get(number) or _("scenario {number}", number=number), sc)

    def scenario(self, file: str, sc: Scenario) -> None:
        _ScenarioCheck(self, file, sc).run()

    def commander_ref(self, file: str, where: str, cid: str, side: str) -> None:
        commander = self.data.commander_by_id.get(cid)
        if commander is None:
            self.add(file, where, _("{id} is not a commander in {file}", id=repr(cid), file=COMMANDERS))
        elif commander.side != side:
            self.add(file, where, _("{id} is a {owner} commander, not {side}", id=repr(cid), owner=commander.side, side=side))

    def unit_of_side(self, file: str, where: str, unit: str, side: str) -> None:
        owner = self.unit_side.get(unit)
        if owner is None:
            self.add(file, f"{where}.unit", _("{unit} is not a unit type in {file}", unit=repr(unit), file=COMPONENTS))
        elif owner != side:
            self.add(file, f"{where}.unit", _("{unit} is a {owner} unit, not {side}", unit=repr(unit), owner=owner, side=side))

    def free_capacity(self, file: str, base: str, deployments: Iterable[FreeDeployment]) -> None:
        """Units deployed freely must fit their zone's total area limit."""
        areas = self.data.board.areas
        listed = {a for fd in deployments if fd.zone == "listed" for a in fd.areas}
        zones = {
            "city": [a for a in areas if a.terrain == "city"],
            "village": [a for a in areas if a.terrain == "village"],
            "listed": [a for a in areas if a.id in listed],
            "other-villages": [a for a in areas if a.terrain == "village" and a.id not in listed],
        }
        wanted: Counter[str] = Counter()
        for fd in deployments:
            wanted[fd.zone] += fd.count
        for zone, count in wanted.items():
            room = sum(a.limit for a in zones[zone])
            if count > room:
                self.add(file, f"{base}.free_deployment[{zone}]", ngettext("{n} unit does not fit: the zone holds {room}",
                                                                           "{n} units do not fit: the zone holds {room}", count, room=room))


class _ScenarioCheck:
    """One scenario's rules, one small check each. The checks share the tallies of what the
    scenario sets up (units per area and type, commanders in use) that the later ones total."""

    def __init__(self, checker: _Checker, file: str, sc: Scenario):
        self.checker, self.data, self.file, self.sc = checker, checker.data, file, sc
        self.occupancy: dict[str, Counter[str]] = defaultdict(Counter)  # area -> unit -> count (fixed placements)
        self.origin: dict[str, list[str]] = defaultdict(list)  # area -> where it was placed (for messages)
        self.setup_units: Counter[str] = Counter()  # unit type -> units set up at the start
        self.relief_units: Counter[str] = Counter()  # unit type -> units arriving as Relief
        self.used_commanders: dict[str, str] = {}

    def run(self) -> None:
        for rule in (self.file_number, self.time_and_scoring, self.strategic, self.supply_tokens,
                     self.sides_present, self.sides, self.neutrals, self.relief, self.area_limits,
                     self.components, self.negotiation, self.automatic_victories):
            rule()

    def add(self, where: str, message: str) -> None:
        self.checker.add(self.file, where, message)

    def area_ref(self, where: str, area: str | None) -> bool:
        return self.checker.area_ref(self.file, where, area)

    def unit_of_side(self, where: str, unit: str, side: str) -> None:
        self.checker.unit_of_side(self.file, where, unit, side)

    def commander_ref(self, where: str, cid: str, side: str) -> None:
        self.checker.commander_ref(self.file, where, cid, side)

    def place(self, area: str, unit: str, count: int, where: str, origin: str) -> None:
        """Tally ``count`` units set up in ``area`` (when it is an area)."""
        if self.area_ref(f"{where}.area", area):
            self.occupancy[area][unit] += count
            self.origin[area].append(origin)
        self.setup_units[unit] += count

    # ----------------------------------------------------------------------------- the rules

    def file_number(self) -> None:
        stem = self.file.split("-", 1)[0]
        if stem.isdigit() and int(stem) != self.sc.number:
            self.add("number", _("the file name says scenario {named}, the file says {number}", named=stem, number=self.sc.number))

    def time_and_scoring(self) -> None:
        sc = self.sc
        if len(sc.time_track) != 4 * sc.stages:
            self.add("time_track", ngettext("{rounds} rounds, but {n} stage needs {needed}", "{rounds} rounds, but {n} stages need {needed}",
                                            sc.stages, rounds=len(sc.time_track), needed=4 * sc.stages))
        stages = [s.stage for s in sc.scoring]
        if sorted(stages) != list(range(1, sc.stages + 1)):
            self.add("scoring", _("stages {stages} should be exactly 1..{last}, once each", stages=sorted(stages), last=sc.stages))
        for s in sc.scoring:
            where = f"scoring[stage={s.stage}]"
            for dup in _dupes(s.categories):
                self.add(where, _("categories: {category} is listed twice", category=repr(dup)))
            if "destruction" in s.categories and not sc.destruction_track:
                self.add(where, _("categories: 'destruction' scored but there is no destruction_track"))
            if "alliance" in s.categories and not sc.negotiation:
                self.add(where, _("categories: 'alliance' scored but there is no negotiation track"))

    def strategic(self) -> None:
        for area, value in self.sc.strategic.items():
            if self.area_ref("strategic", area) and value < 1:
                self.add(f"strategic[{area}]", _("value {value} must be at least 1", value=value))

    def supply_tokens(self) -> None:
        """Specific tokens within the pool, random ones within what the specific ones leave."""
        pool = self.checker.token_pool
        specific: Counter[str] = Counter()
        for t in self.sc.specific_tokens:
            self.area_ref(f"specific_tokens[{t.area}].area", t.area)
            specific[t.kind] += t.count
        for kind, count in specific.items():
            if count > pool.get(kind, 0):
                self.add(f"specific_tokens[{kind}]", ngettext("{n} {kind} token but {file} has only {have}", "{n} {kind} tokens but {file} has only {have}",
                                                             count, kind=kind, file=TOKENS, have=pool.get(kind, 0)))
        for drawn in self.sc.random_tokens:
            where = f"random_tokens[{drawn.area or drawn.to or '?'}]"
            if (drawn.area is None) == (drawn.to is None):
                self.add(where, _("area/to: give exactly one of 'area' (on the board) or 'to' (a player)"))
            self.area_ref(f"{where}.area", drawn.area)
        random_total = sum(drawn.count for drawn in self.sc.random_tokens)
        left = sum(pool.values()) - sum(specific.values())
        if random_total > left:
            self.add("random_tokens", ngettext("{n} random token but only {left} are left in the pool ({total} in {file} minus {specific} specific)",
                                               "{n} random tokens but only {left} are left in the pool ({total} in {file} minus {specific} specific)",
                                               random_total, left=left, total=sum(pool.values()), file=TOKENS, specific=sum(specific.values())))

    def sides_present(self) -> None:
        sc = self.sc
        for side in SIDES:
            if side not in sc.sides:
                self.add("sides", _("no setup for {side}", side=side))
            if side not in sc.reinforcement:
                self.add("reinforcement", _("no reinforcement rule for {side}", side=side))
        if sc.deployment == "free" and sc.deploys_first is None:
            self.add("deploys_first", _("free deployment needs the side that deploys first"))

    def sides(self) -> None:
        """Each side's set-up (one side's problems together)."""
        for side, setup in self.sc.sides.items():
            for rule in (self.side_tracks, self.side_commanders, self.removed_cards, self.placements,
                         self.free_deployment, self.side_hq, self.mobilization):
                rule(side, setup)

    def side_tracks(self, side: str, setup: SideSetup) -> None:
        base, tracks = f"sides.{side}", self.data.tracks
        for name, spaces, value, message in (("morale", tracks.morale, setup.morale, N_("{value} is not on the morale track ({low}-{high})")),
                                             ("supply", tracks.supply, setup.supply, N_("{value} is not on the supply track ({low}-{high})"))):
            levels = [s.level for s in spaces]
            if levels and not min(levels) <= value <= max(levels):
                self.add(f"{base}.{name}", _(message, value=value, low=min(levels), high=max(levels)))
        if not tracks.victory_min <= setup.vp <= tracks.victory_max:
            self.add(f"{base}.vp", _("{value} is not on the victory track ({low}-{high})", value=setup.vp, low=tracks.victory_min,
                                     high=tracks.victory_max))

    def side_commanders(self, side: str, setup: SideSetup) -> None:
        where = f"sides.{side}.commander_deck"
        self.commander_ref(f"sides.{side}.commander", setup.commander, side)
        for dup in _dupes(setup.commander_deck):
            self.add(where, _("{id} is listed twice", id=repr(dup)))
        for cid in dict.fromkeys(setup.commander_deck):
            self.commander_ref(where, cid, side)
            if cid == setup.commander:
                self.add(where, _("the initial commander {id} is also in the deck", id=repr(cid)))
        for cid in (setup.commander, *setup.commander_deck):
            self.used_commanders[cid] = side

    def removed_cards(self, side: str, setup: SideSetup) -> None:
        decks, where = self.data.decks, f"sides.{side}.removed_cards"
        deck_numbers = {c.number for c in decks[side].cards} if side in decks else set()
        for dup in _dupes(setup.removed_cards):
            self.add(where, _("card {number} is listed twice", number=dup))
        for number in dict.fromkeys(setup.removed_cards):
            if number not in deck_numbers:
                self.add(where, _("card {number} is not in the {side} deck ({file})", number=number, side=side, file=DECK_FILES[side]))

    def placements(self, side: str, setup: SideSetup) -> None:
        base = f"sides.{side}"
        for p in setup.placements:
            where = f"{base}.placements[{p.area}]"
            self.unit_of_side(where, p.unit, side)
            self.place(p.area, p.unit, p.count, where, f"{base}.placements")

    def free_deployment(self, side: str, setup: SideSetup) -> None:
        base, deployment = f"sides.{side}", self.sc.deployment
        for fd in setup.free_deployment:
            where = f"{base}.free_deployment[{fd.unit}]"
            self.unit_of_side(where, fd.unit, side)
            if fd.zone == "listed" and not fd.areas:
                self.add(where, _("areas: a 'listed' zone needs its areas"))
            for area in fd.areas:
                self.area_ref(f"{where}.areas", area)
            self.setup_units[fd.unit] += fd.count
        if deployment == "fixed" and setup.free_deployment:
            self.add(f"{base}.free_deployment", _("the scenario's deployment is 'fixed'"))
        if deployment == "free" and not setup.free_deployment:
            self.add(f"{base}.free_deployment", _("the scenario's deployment is 'free' but nothing is deployed"))

    def side_hq(self, side: str, setup: SideSetup) -> None:
        """Exactly one HQ at the start, placed or deployed; then the free zones' room."""
        base, hq = f"sides.{side}", HQ_TYPES[side]
        hq_count = (sum(p.count for p in setup.placements if p.unit == hq)
                    + sum(fd.count for fd in setup.free_deployment if fd.unit == hq))
        if hq_count != 1:
            self.add(base, _("placements: the {side} HQ ({hq}) must start on the board once, found {count}", side=side, hq=hq, count=hq_count))
        self.checker.free_capacity(self.file, base, setup.free_deployment)

    def mobilization(self, side: str, setup: SideSetup) -> None:
        for unit, count in setup.mobilization.items():
            where = f"sides.{side}.mobilization[{unit}]"
            self.unit_of_side(where, unit, side)
            if count < 0:
                self.add(where, _("negative count {count}", count=count))
            self.setup_units[unit] += count

    def neutrals(self) -> None:
        for p in self.sc.neutrals:
            where = f"neutrals[{p.area}]"
            self.unit_of_side(where, p.unit, "neutral")
            self.place(p.area, p.unit, p.count, where, "neutrals")
        for unit, count in self.sc.neutral_mobilization.items():
            self.unit_of_side(f"neutral_mobilization[{unit}]", unit, "neutral")
            self.setup_units[unit] += count

    def relief(self) -> None:
        rounds = len(self.sc.time_track)
        for i, r in enumerate(self.sc.relief):
            where = f"relief[{i}]"
            if r.round > rounds:
                self.add(f"{where}.round", ngettext("round {round} is beyond the time track ({n} round)",
                                                    "round {round} is beyond the time track ({n} rounds)", rounds, round=r.round))
            self.unit_of_side(where, r.unit, r.side)
            self.relief_units[r.unit] += r.count
            if r.commander is not None:
                self.relief_commander(f"{where}.commander", r.commander, r.side)

    def relief_commander(self, where: str, cid: str, side: str) -> None:
        self.commander_ref(where, cid, side)
        if cid in self.used_commanders:
            self.add(where, _("{id} is already in the {side} commanders of this scenario", id=repr(cid), side=self.used_commanders[cid]))
        self.used_commanders[cid] = side

    def area_limits(self) -> None:
        """All units in the area, both sides and neutrals (§4.1, FAQ)."""
        for area, units in self.occupancy.items():
            total, limit = sum(units.values()), self.data.areas[area].limit
            if total > limit:
                where = " + ".join(f"{f}[{area}]" for f in dict.fromkeys(self.origin[area]))
                self.add(where, _(OVER_LIMIT[self.data.areas[area].terrain], total=total, limit=limit))

    def components(self) -> None:
        """Everything set up at the start (board, free deployment, Mobilization Zone, neutrals)
        must exist as cubes. A Relief is taken from the pool when it arrives (§10), so all the
        Reliefs of a type must fit the components, but not on top of the set-up units: the
        Scenario 5 card itself puts 10 Soldiers on the board and 6 on the Time Track against 15
        red cubes (the Relief then brings what the pool holds)."""
        unit_count = self.checker.unit_count
        for utype, used in self.setup_units.items():
            have = unit_count.get(utype)
            if have is not None and used > have:
                self.add(f"units[{utype}]", ngettext("{n} unit at set-up (board + Mobilization Zone) but {file} has only {have}",
                                                     "{n} units at set-up (board + Mobilization Zone) but {file} has only {have}",
                                                     used, file=COMPONENTS, have=have))
        for utype, used in self.relief_units.items():
            have = unit_count.get(utype)
            if have is not None and used > have:
                self.add(f"relief[{utype}]", ngettext("{n} unit arrives as Relief but {file} has only {have}",
                                                      "{n} units arrive as Relief but {file} has only {have}", used, file=COMPONENTS, have=have))

    def negotiation(self) -> None:
        for track in self.sc.negotiation:
            if not 0 <= track.start < len(track.spaces):
                self.add(f"negotiation[{track.neutral}].start",
                         _("{start} is not a space index (0-{last})", start=track.start, last=len(track.spaces) - 1))
        for dup in _dupes(t.neutral for t in self.sc.negotiation):
            self.add(f"negotiation[{dup}]", _("neutral: two tracks for the same neutral"))

    def automatic_victories(self) -> None:
        if "supply-cut-winniki" in self.sc.automatic_victories:
            self.area_ref("automatic_victories: supply-cut-winniki", "winniki")


def check_game_data(data: GameData) -> list[str]:
    """Every cross-file problem of ``data``, one line each (empty when the data is consistent)."""
    checker = _Checker(data)
    for step in (
        checker.board,
        checker.components,
        checker.tracks,
        checker.tokens,
        checker.battle_deck,
        checker.commanders,
        checker.decks,
        checker.scenarios,
    ):
        step()
    return checker.problems


def check_scenario(data: GameData, file: str, scenario: Scenario) -> list[str]:
    """The problems of one scenario (a variant's derived one) against ``data``, one line each."""
    checker = _Checker(data)
    checker.scenario(file, scenario)
    return checker.problems
