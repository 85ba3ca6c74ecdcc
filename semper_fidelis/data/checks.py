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
TERRAIN_NAME = {"city": "City", "suburb": "Suburb", "village": "Village"}
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
        self.add(file, where, f"{area!r} is not an area")
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
            self.add(BOARD, f"area {dup!r}", "id: duplicate area id")
        for dup in _dupes(a.label for a in areas):
            self.add(BOARD, f"area label {dup!r}", "label: used by more than one area")
        for pos in _dupes(a.pos for a in areas):
            shared = [a for a in areas if a.pos == pos]
            names = ", ".join(repr(a.id) for a in shared)
            self.add(BOARD, f"areas {names}", f"pos: share the layout position {list(shared[0].pos)}")

    def districts_numbered(self) -> None:
        """Districts I-VIII, each once, with its Roman numeral."""
        numbers = self.district_numbers
        for dup in _dupes(numbers):
            self.add(BOARD, f"district {dup}", "number: duplicate district number")
        for number in range(1, 9):
            if number not in numbers:
                self.add(BOARD, "districts", f"district {number} is missing")
        for d in self.data.board.districts:
            roman = ROMANS.get(d.number)
            if roman and d.roman != roman:
                self.add(BOARD, f"district {d.number}", f"roman: {d.roman!r} should be {roman!r}")

    @property
    def district_numbers(self) -> list[int]:
        return [d.number for d in self.data.board.districts]

    def areas_placed(self) -> None:
        """Each area's district and neighbours (one area's problems together)."""
        for a in self.data.board.areas:
            self.area_district(a)
            self.area_neighbours(a)

    def area_district(self, a: Area) -> None:
        where = f"area {a.id!r}"
        if a.terrain == "village" and a.district is not None:
            self.add(BOARD, where, f"district: a Village belongs to no district (§4.1), got {a.district}")
        elif a.terrain != "village" and a.district is None:
            self.add(BOARD, where, f"district: a {TERRAIN_NAME[a.terrain]} area needs a district")
        elif a.district is not None and a.district not in self.district_numbers:
            self.add(BOARD, where, f"district: {a.district} is not a district of the board")

    def area_neighbours(self, a: Area) -> None:
        """Neighbours listed once, existing, not the area itself, and listing it back."""
        where = f"area {a.id!r}"
        by_id = self.by_id
        for dup in _dupes(a.neighbours):
            self.add(BOARD, where, f"neighbours: {dup!r} is listed twice")
        for n in dict.fromkeys(a.neighbours):
            if n == a.id:
                self.add(BOARD, where, "neighbours: an area cannot be its own neighbour")
            elif n not in by_id:
                self.add(BOARD, where, f"neighbours: {n!r} is not an area")
            elif a.id not in by_id[n].neighbours:
                self.add(BOARD, where, f"neighbours: {n!r} does not list {a.id!r} back (asymmetric adjacency)")

    def districts_populated(self) -> None:
        areas = Counter(a.district for a in self.data.board.areas if a.terrain != "village")
        numbers = self.district_numbers
        for d in self.data.board.districts:
            if d.number in numbers and areas[d.number] == 0:
                self.add(BOARD, f"district {d.number}", "areas: no area belongs to this district")

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
            self.add(BOARD, "areas", f"the board is not connected: cannot reach {', '.join(cut)} from {start!r}")

    def railways(self) -> None:
        """Railway ids once; stations are areas, consecutive ones adjacent."""
        board, by_id = self.data.board, self.by_id
        for dup in _dupes(r.id for r in board.railways):
            self.add(BOARD, f"railway {dup!r}", "id: duplicate railway id")
        for line in board.railways:
            where = f"railway {line.id!r}"
            for station in line.areas:
                self.area_ref(BOARD, f"{where}: areas", station)
            for here, there in pairwise(line.areas):
                if here in by_id and there in by_id and there not in by_id[here].neighbours:
                    self.add(BOARD, where, f"areas: consecutive stations {here!r} and {there!r} are not adjacent")

    def relief_starts(self) -> None:
        relief_start = self.data.board.relief_start
        for side in SIDES:
            if side not in relief_start:
                self.add(BOARD, "relief_start", f"no relief starting area for {side}")
        for side, area in relief_start.items():
            self.area_ref(BOARD, f"relief_start.{side}", area)

    # ------------------------------------------------------------------------------- components

    def components(self) -> None:
        for dup in _dupes(u.id for u in self.data.components.units):
            self.add(COMPONENTS, f"unit {dup!r}", "id: duplicate unit type")
        for dup in _dupes(u.letter for u in self.data.components.units):
            self.add(COMPONENTS, f"letter {dup!r}", "letter: used by more than one unit type")
        for u in self.data.components.units:
            expected = "neutral" if u.id in ("jewish-militia", "austro-hungarian") else (
                "PL" if u.id.startswith("pl-") else "ZURL"
            )
            if u.side != expected:
                self.add(COMPONENTS, f"unit {u.id!r}", f"side: should be {expected}, got {u.side}")
        for missing in sorted((set(HQ_TYPES.values()) | {"pl-volunteer", "zurl-volunteer"}) - self.unit_count.keys()):
            self.add(COMPONENTS, "units", f"unit type {missing!r} is missing")

    # ----------------------------------------------------------------------------------- tracks

    def tracks(self) -> None:
        t = self.data.tracks
        for name, levels in (("morale", [s.level for s in t.morale]), ("supply", [s.level for s in t.supply])):
            if not levels:
                self.add(TRACKS, name, "the track has no space")
                continue
            for dup in _dupes(levels):
                self.add(TRACKS, f"{name}[level={dup}]", "level: duplicate level")
            if sorted(set(levels)) != list(range(1, max(levels) + 1)):
                self.add(TRACKS, name, f"levels must run 1..{max(levels)} without gaps, got {sorted(levels)}")
        if t.victory_min >= t.victory_max:
            self.add(TRACKS, "victory_min", f"{t.victory_min} is not below victory_max {t.victory_max}")
        if t.morale:
            bands = [s.band for s in sorted(t.morale, key=lambda s: s.level)]
            if bands != sorted(bands, key=lambda b: b == "high"):
                self.add(TRACKS, "morale", "band: the low spaces must all lie below the high spaces")

    # ----------------------------------------------------------------------------------- tokens

    def tokens(self) -> None:
        kinds = [t.kind for t in self.data.supply_tokens.tokens]
        for dup in _dupes(kinds):
            self.add(TOKENS, f"token {dup!r}", "kind: duplicate token kind")
        for t in self.data.supply_tokens.tokens:
            for value in t.values:
                if not 1 <= value <= 3:
                    self.add(TOKENS, f"token {t.kind!r}", f"values: value {value} is not 1-3")

    @property
    def token_pool(self) -> dict[str, int]:
        return {t.kind: sum(t.values.values()) for t in self.data.supply_tokens.tokens}

    # ----------------------------------------------------------------------------- battle deck

    def battle_deck(self) -> None:
        if not self.data.battle_deck.cards:
            self.add(BATTLE, "cards", "the battle deck is empty")

    # ------------------------------------------------------------------------------ commanders

    def commanders(self) -> None:
        for dup in _dupes(c.id for c in self.data.commanders.commanders):
            self.add(COMMANDERS, f"commander {dup!r}", "id: duplicate commander id")

    # ---------------------------------------------------------------------------------- decks

    def decks(self) -> None:
        for side, deck in self.data.decks.items():
            file = DECK_FILES[side]
            if deck.side != side:
                self.add(file, "side", f"this file holds the {side} deck, got {deck.side}")
            for dup in _dupes(c.number for c in deck.cards):
                self.add(file, f"card {dup}", "number: duplicate card number")
            for dup in _dupes(c.effect_id for c in deck.cards):
                numbers = ", ".join(str(c.number) for c in deck.cards if c.effect_id == dup)
                self.add(file, f"cards {numbers}", f"effect_id: {dup!r} is used by more than one card")

    # ------------------------------------------------------------------------------ scenarios

    def scenarios(self) -> None:
        for number in SCENARIO_NUMBERS:
            if number not in self.data.scenarios:
                self.add("scenarios", f"scenario {number}", "no scenario file has this number")
        for number, sc in sorted(self.data.scenarios.items()):
            self.scenario(self.data.scenario_files.get(number, f"scenario {number}"), sc)

    def scenario(self, file: str, sc: Scenario) -> None:
        _ScenarioCheck(self, file, sc).run()

    def commander_ref(self, file: str, where: str, cid: str, side: str) -> None:
        commander = self.data.commander_by_id.get(cid)
        if commander is None:
            self.add(file, where, f"{cid!r} is not a commander in {COMMANDERS}")
        elif commander.side != side:
            self.add(file, where, f"{cid!r} is a {commander.side} commander, not {side}")

    def unit_of_side(self, file: str, where: str, unit: str, side: str) -> None:
        owner = self.unit_side.get(unit)
        if owner is None:
            self.add(file, f"{where}.unit", f"{unit!r} is not a unit type in {COMPONENTS}")
        elif owner != side:
            self.add(file, f"{where}.unit", f"{unit!r} is a {owner} unit, not {side}")

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
                self.add(file, f"{base}.free_deployment[{zone}]", f"{count} units do not fit: the zone holds {room}")


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
            self.add("number", f"the file name says scenario {stem}, the file says {self.sc.number}")

    def time_and_scoring(self) -> None:
        sc = self.sc
        if len(sc.time_track) != 4 * sc.stages:
            self.add("time_track", f"{len(sc.time_track)} rounds, but {sc.stages} stage(s) need {4 * sc.stages}")
        stages = [s.stage for s in sc.scoring]
        if sorted(stages) != list(range(1, sc.stages + 1)):
            self.add("scoring", f"stages {sorted(stages)} should be exactly 1..{sc.stages}, once each")
        for s in sc.scoring:
            where = f"scoring[stage={s.stage}]"
            for dup in _dupes(s.categories):
                self.add(where, f"categories: {dup!r} is listed twice")
            if "destruction" in s.categories and not sc.destruction_track:
                self.add(where, "categories: 'destruction' scored but there is no destruction_track")
            if "alliance" in s.categories and not sc.negotiation:
                self.add(where, "categories: 'alliance' scored but there is no negotiation track")

    def strategic(self) -> None:
        for area, value in self.sc.strategic.items():
            if self.area_ref("strategic", area) and value < 1:
                self.add(f"strategic[{area}]", f"value {value} must be at least 1")

    def supply_tokens(self) -> None:
        """Specific tokens within the pool, random ones within what the specific ones leave."""
        pool = self.checker.token_pool
        specific: Counter[str] = Counter()
        for t in self.sc.specific_tokens:
            self.area_ref(f"specific_tokens[{t.area}].area", t.area)
            specific[t.kind] += t.count
        for kind, count in specific.items():
            if count > pool.get(kind, 0):
                self.add(f"specific_tokens[{kind}]", f"{count} {kind} tokens but {TOKENS} has only {pool.get(kind, 0)}")
        for drawn in self.sc.random_tokens:
            where = f"random_tokens[{drawn.area or drawn.to or '?'}]"
            if (drawn.area is None) == (drawn.to is None):
                self.add(where, "area/to: give exactly one of 'area' (on the board) or 'to' (a player)")
            self.area_ref(f"{where}.area", drawn.area)
        random_total = sum(drawn.count for drawn in self.sc.random_tokens)
        left = sum(pool.values()) - sum(specific.values())
        if random_total > left:
            self.add("random_tokens", f"{random_total} random tokens but only {left} are left in the pool "
                     f"({sum(pool.values())} in {TOKENS} minus {sum(specific.values())} specific)")

    def sides_present(self) -> None:
        sc = self.sc
        for side in SIDES:
            if side not in sc.sides:
                self.add("sides", f"no setup for {side}")
            if side not in sc.reinforcement:
                self.add("reinforcement", f"no reinforcement rule for {side}")
        if sc.deployment == "free" and sc.deploys_first is None:
            self.add("deploys_first", "free deployment needs the side that deploys first")

    def sides(self) -> None:
        """Each side's set-up (one side's problems together)."""
        for side, setup in self.sc.sides.items():
            for rule in (self.side_tracks, self.side_commanders, self.removed_cards, self.placements,
                         self.free_deployment, self.side_hq, self.mobilization):
                rule(side, setup)

    def side_tracks(self, side: str, setup: SideSetup) -> None:
        base, tracks = f"sides.{side}", self.data.tracks
        for name, spaces, value in (("morale", tracks.morale, setup.morale), ("supply", tracks.supply, setup.supply)):
            levels = [s.level for s in spaces]
            if levels and not min(levels) <= value <= max(levels):
                self.add(f"{base}.{name}", f"{value} is not on the {name} track ({min(levels)}-{max(levels)})")
        if not tracks.victory_min <= setup.vp <= tracks.victory_max:
            self.add(f"{base}.vp", f"{setup.vp} is not on the victory track "
                     f"({tracks.victory_min}-{tracks.victory_max})")

    def side_commanders(self, side: str, setup: SideSetup) -> None:
        where = f"sides.{side}.commander_deck"
        self.commander_ref(f"sides.{side}.commander", setup.commander, side)
        for dup in _dupes(setup.commander_deck):
            self.add(where, f"{dup!r} is listed twice")
        for cid in dict.fromkeys(setup.commander_deck):
            self.commander_ref(where, cid, side)
            if cid == setup.commander:
                self.add(where, f"the initial commander {cid!r} is also in the deck")
        for cid in (setup.commander, *setup.commander_deck):
            self.used_commanders[cid] = side

    def removed_cards(self, side: str, setup: SideSetup) -> None:
        decks, where = self.data.decks, f"sides.{side}.removed_cards"
        deck_numbers = {c.number for c in decks[side].cards} if side in decks else set()
        for dup in _dupes(setup.removed_cards):
            self.add(where, f"card {dup} is listed twice")
        for number in dict.fromkeys(setup.removed_cards):
            if number not in deck_numbers:
                self.add(where, f"card {number} is not in the {side} deck ({DECK_FILES[side]})")

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
                self.add(where, "areas: a 'listed' zone needs its areas")
            for area in fd.areas:
                self.area_ref(f"{where}.areas", area)
            self.setup_units[fd.unit] += fd.count
        if deployment == "fixed" and setup.free_deployment:
            self.add(f"{base}.free_deployment", "the scenario's deployment is 'fixed'")
        if deployment == "free" and not setup.free_deployment:
            self.add(f"{base}.free_deployment", "the scenario's deployment is 'free' but nothing is deployed")

    def side_hq(self, side: str, setup: SideSetup) -> None:
        """Exactly one HQ at the start, placed or deployed; then the free zones' room."""
        base, hq = f"sides.{side}", HQ_TYPES[side]
        hq_count = (sum(p.count for p in setup.placements if p.unit == hq)
                    + sum(fd.count for fd in setup.free_deployment if fd.unit == hq))
        if hq_count != 1:
            self.add(base, f"placements: the {side} HQ ({hq}) must start on the board once, found {hq_count}")
        self.checker.free_capacity(self.file, base, setup.free_deployment)

    def mobilization(self, side: str, setup: SideSetup) -> None:
        for unit, count in setup.mobilization.items():
            where = f"sides.{side}.mobilization[{unit}]"
            self.unit_of_side(where, unit, side)
            if count < 0:
                self.add(where, f"negative count {count}")
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
                self.add(f"{where}.round", f"round {r.round} is beyond the time track ({rounds} rounds)")
            self.unit_of_side(where, r.unit, r.side)
            self.relief_units[r.unit] += r.count
            if r.commander is not None:
                self.relief_commander(f"{where}.commander", r.commander, r.side)

    def relief_commander(self, where: str, cid: str, side: str) -> None:
        self.commander_ref(where, cid, side)
        if cid in self.used_commanders:
            self.add(where, f"{cid!r} is already in the {self.used_commanders[cid]} commanders of this scenario")
        self.used_commanders[cid] = side

    def area_limits(self) -> None:
        """All units in the area, both sides and neutrals (§4.1, FAQ)."""
        for area, units in self.occupancy.items():
            total, limit = sum(units.values()), self.data.areas[area].limit
            if total > limit:
                where = " + ".join(f"{f}[{area}]" for f in dict.fromkeys(self.origin[area]))
                terrain = TERRAIN_NAME[self.data.areas[area].terrain]
                self.add(where, f"{total} units exceed the {terrain} limit of {limit}")

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
                self.add(f"units[{utype}]", f"{used} units at set-up (board + Mobilization Zone) but "
                         f"{COMPONENTS} has only {have}")
        for utype, used in self.relief_units.items():
            have = unit_count.get(utype)
            if have is not None and used > have:
                self.add(f"relief[{utype}]", f"{used} units arrive as Relief but {COMPONENTS} has only {have}")

    def negotiation(self) -> None:
        for track in self.sc.negotiation:
            if not 0 <= track.start < len(track.spaces):
                self.add(f"negotiation[{track.neutral}].start",
                         f"{track.start} is not a space index (0-{len(track.spaces) - 1})")
        for dup in _dupes(t.neutral for t in self.sc.negotiation):
            self.add(f"negotiation[{dup}]", "neutral: two tracks for the same neutral")

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
