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
from .models import SIDES, FreeDeployment, Scenario

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
        board = self.data.board
        for dup in _dupes(a.id for a in board.areas):
            self.add(BOARD, f"area {dup!r}", "id: duplicate area id")
        for dup in _dupes(a.label for a in board.areas):
            self.add(BOARD, f"area label {dup!r}", "label: used by more than one area")
        for pos in _dupes(a.pos for a in board.areas):
            shared = [a for a in board.areas if a.pos == pos]
            names = ", ".join(repr(a.id) for a in shared)
            self.add(BOARD, f"areas {names}", f"pos: share the layout position {list(shared[0].pos)}")

        numbers = [d.number for d in board.districts]
        for dup in _dupes(numbers):
            self.add(BOARD, f"district {dup}", "number: duplicate district number")
        for number in range(1, 9):
            if number not in numbers:
                self.add(BOARD, "districts", f"district {number} is missing")
        romans = dict(zip(range(1, 9), ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"], strict=True))
        for d in board.districts:
            if romans.get(d.number) and d.roman != romans[d.number]:
                self.add(BOARD, f"district {d.number}", f"roman: {d.roman!r} should be {romans[d.number]!r}")

        by_id = {a.id: a for a in board.areas}
        district_areas: Counter[int] = Counter()
        for a in board.areas:
            where = f"area {a.id!r}"
            if a.terrain == "village" and a.district is not None:
                self.add(BOARD, where, f"district: a Village belongs to no district (§4.1), got {a.district}")
            elif a.terrain != "village" and a.district is None:
                self.add(BOARD, where, f"district: a {TERRAIN_NAME[a.terrain]} area needs a district")
            elif a.district is not None:
                district_areas[a.district] += 1
                if a.district not in numbers:
                    self.add(BOARD, where, f"district: {a.district} is not a district of the board")
            for dup in _dupes(a.neighbours):
                self.add(BOARD, where, f"neighbours: {dup!r} is listed twice")
            for n in dict.fromkeys(a.neighbours):
                if n == a.id:
                    self.add(BOARD, where, "neighbours: an area cannot be its own neighbour")
                elif n not in by_id:
                    self.add(BOARD, where, f"neighbours: {n!r} is not an area")
                elif a.id not in by_id[n].neighbours:
                    self.add(BOARD, where, f"neighbours: {n!r} does not list {a.id!r} back (asymmetric adjacency)")
        for d in board.districts:
            if d.number in numbers and district_areas[d.number] == 0:
                self.add(BOARD, f"district {d.number}", "areas: no area belongs to this district")

        # connected board
        if board.areas:
            start = board.areas[0].id
            seen, todo = {start}, [start]
            while todo:
                for n in by_id[todo.pop()].neighbours:
                    if n in by_id and n not in seen:
                        seen.add(n)
                        todo.append(n)
            cut = [a.id for a in board.areas if a.id not in seen]
            if cut:
                self.add(BOARD, "areas", f"the board is not connected: cannot reach {', '.join(cut)} from {start!r}")

        for dup in _dupes(r.id for r in board.railways):
            self.add(BOARD, f"railway {dup!r}", "id: duplicate railway id")
        for line in board.railways:
            where = f"railway {line.id!r}"
            for station in line.areas:
                self.area_ref(BOARD, f"{where}: areas", station)
            for here, there in pairwise(line.areas):
                if here in by_id and there in by_id and there not in by_id[here].neighbours:
                    self.add(BOARD, where, f"areas: consecutive stations {here!r} and {there!r} are not adjacent")
        for side in SIDES:
            if side not in board.relief_start:
                self.add(BOARD, "relief_start", f"no relief starting area for {side}")
        for side, area in board.relief_start.items():
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
        data = self.data
        add = self.add
        stem = file.split("-", 1)[0]
        if stem.isdigit() and int(stem) != sc.number:
            add(file, "number", f"the file name says scenario {stem}, the file says {sc.number}")

        # time and scoring
        if len(sc.time_track) != 4 * sc.stages:
            add(file, "time_track", f"{len(sc.time_track)} rounds, but {sc.stages} stage(s) need {4 * sc.stages}")
        stages = [s.stage for s in sc.scoring]
        if sorted(stages) != list(range(1, sc.stages + 1)):
            add(file, "scoring", f"stages {sorted(stages)} should be exactly 1..{sc.stages}, once each")
        for s in sc.scoring:
            for dup in _dupes(s.categories):
                add(file, f"scoring[stage={s.stage}]", f"categories: {dup!r} is listed twice")
            if "destruction" in s.categories and not sc.destruction_track:
                add(file, f"scoring[stage={s.stage}]", "categories: 'destruction' scored but there is no destruction_track")
            if "alliance" in s.categories and not sc.negotiation:
                add(file, f"scoring[stage={s.stage}]", "categories: 'alliance' scored but there is no negotiation track")

        # strategic tokens
        for area, value in sc.strategic.items():
            if self.area_ref(file, "strategic", area) and value < 1:
                add(file, f"strategic[{area}]", f"value {value} must be at least 1")

        # supply tokens
        pool = self.token_pool
        specific: Counter[str] = Counter()
        for t in sc.specific_tokens:
            self.area_ref(file, f"specific_tokens[{t.area}].area", t.area)
            specific[t.kind] += t.count
        for kind, count in specific.items():
            if count > pool.get(kind, 0):
                add(file, f"specific_tokens[{kind}]", f"{count} {kind} tokens but {TOKENS} has only {pool.get(kind, 0)}")
        random_total = 0
        for drawn in sc.random_tokens:
            label = drawn.area or drawn.to or "?"
            where = f"random_tokens[{label}]"
            if (drawn.area is None) == (drawn.to is None):
                add(file, where, "area/to: give exactly one of 'area' (on the board) or 'to' (a player)")
            self.area_ref(file, f"{where}.area", drawn.area)
            random_total += drawn.count
        left = sum(pool.values()) - sum(specific.values())
        if random_total > left:
            add(file, "random_tokens", f"{random_total} random tokens but only {left} are left in the pool "
                f"({sum(pool.values())} in {TOKENS} minus {sum(specific.values())} specific)")

        # sides
        for side in SIDES:
            if side not in sc.sides:
                add(file, "sides", f"no setup for {side}")
            if side not in sc.reinforcement:
                add(file, "reinforcement", f"no reinforcement rule for {side}")
        if sc.deployment == "free" and sc.deploys_first is None:
            add(file, "deploys_first", "free deployment needs the side that deploys first")

        occupancy: dict[str, Counter[str]] = defaultdict(Counter)  # area -> unit -> count (fixed placements)
        origin: dict[str, list[str]] = defaultdict(list)  # area -> where it was placed (for messages)
        setup_units: Counter[str] = Counter()  # unit type -> units set up at the start
        relief_units: Counter[str] = Counter()  # unit type -> units arriving as Relief
        used_commanders: dict[str, str] = {}

        for side, setup in sc.sides.items():
            base = f"sides.{side}"
            # tracks
            levels = [s.level for s in data.tracks.morale]
            if levels and not min(levels) <= setup.morale <= max(levels):
                add(file, f"{base}.morale", f"{setup.morale} is not on the morale track ({min(levels)}-{max(levels)})")
            levels = [s.level for s in data.tracks.supply]
            if levels and not min(levels) <= setup.supply <= max(levels):
                add(file, f"{base}.supply", f"{setup.supply} is not on the supply track ({min(levels)}-{max(levels)})")
            if not data.tracks.victory_min <= setup.vp <= data.tracks.victory_max:
                add(file, f"{base}.vp", f"{setup.vp} is not on the victory track "
                    f"({data.tracks.victory_min}-{data.tracks.victory_max})")

            # commanders
            self.commander_ref(file, f"{base}.commander", setup.commander, side)
            for dup in _dupes(setup.commander_deck):
                add(file, f"{base}.commander_deck", f"{dup!r} is listed twice")
            for cid in dict.fromkeys(setup.commander_deck):
                self.commander_ref(file, f"{base}.commander_deck", cid, side)
                if cid == setup.commander:
                    add(file, f"{base}.commander_deck", f"the initial commander {cid!r} is also in the deck")
            for cid in (setup.commander, *setup.commander_deck):
                used_commanders[cid] = side

            # removed cards
            deck_numbers = {c.number for c in data.decks[side].cards} if side in data.decks else set()
            for dup in _dupes(setup.removed_cards):
                add(file, f"{base}.removed_cards", f"card {dup} is listed twice")
            for number in dict.fromkeys(setup.removed_cards):
                if number not in deck_numbers:
                    add(file, f"{base}.removed_cards", f"card {number} is not in the {side} deck ({DECK_FILES[side]})")

            # units
            hq_count = 0
            for p in setup.placements:
                where = f"{base}.placements[{p.area}]"
                self.unit_of_side(file, where, p.unit, side)
                if self.area_ref(file, f"{where}.area", p.area):
                    occupancy[p.area][p.unit] += p.count
                    origin[p.area].append(f"{base}.placements")
                setup_units[p.unit] += p.count
                hq_count += p.count if p.unit == HQ_TYPES[side] else 0
            for fd in setup.free_deployment:
                where = f"{base}.free_deployment[{fd.unit}]"
                self.unit_of_side(file, where, fd.unit, side)
                if fd.zone == "listed" and not fd.areas:
                    add(file, where, "areas: a 'listed' zone needs its areas")
                for area in fd.areas:
                    self.area_ref(file, f"{where}.areas", area)
                setup_units[fd.unit] += fd.count
                hq_count += fd.count if fd.unit == HQ_TYPES[side] else 0
            if sc.deployment == "fixed" and setup.free_deployment:
                add(file, f"{base}.free_deployment", "the scenario's deployment is 'fixed'")
            if sc.deployment == "free" and not setup.free_deployment:
                add(file, f"{base}.free_deployment", "the scenario's deployment is 'free' but nothing is deployed")
            if hq_count != 1:
                add(file, base, f"placements: the {side} HQ ({HQ_TYPES[side]}) must start on the board once, "
                    f"found {hq_count}")
            self.free_capacity(file, base, setup.free_deployment)
            for unit, count in setup.mobilization.items():
                self.unit_of_side(file, f"{base}.mobilization[{unit}]", unit, side)
                if count < 0:
                    add(file, f"{base}.mobilization[{unit}]", f"negative count {count}")
                setup_units[unit] += count

        for p in sc.neutrals:
            where = f"neutrals[{p.area}]"
            self.unit_of_side(file, where, p.unit, "neutral")
            if self.area_ref(file, f"{where}.area", p.area):
                occupancy[p.area][p.unit] += p.count
                origin[p.area].append("neutrals")
            setup_units[p.unit] += p.count
        for unit, count in sc.neutral_mobilization.items():
            self.unit_of_side(file, f"neutral_mobilization[{unit}]", unit, "neutral")
            setup_units[unit] += count

        for i, r in enumerate(sc.relief):
            where = f"relief[{i}]"
            if r.round > len(sc.time_track):
                add(file, f"{where}.round", f"round {r.round} is beyond the time track ({len(sc.time_track)} rounds)")
            self.unit_of_side(file, where, r.unit, r.side)
            relief_units[r.unit] += r.count
            if r.commander is not None:
                self.commander_ref(file, f"{where}.commander", r.commander, r.side)
                if r.commander in used_commanders:
                    add(file, f"{where}.commander", f"{r.commander!r} is already in the {used_commanders[r.commander]} "
                        "commanders of this scenario")
                used_commanders[r.commander] = r.side

        # area limits: all units in the area, both sides and neutrals (§4.1, FAQ)
        for area, units in occupancy.items():
            total = sum(units.values())
            limit = data.areas[area].limit
            if total > limit:
                where = " + ".join(f"{f}[{area}]" for f in dict.fromkeys(origin[area]))
                terrain = TERRAIN_NAME[data.areas[area].terrain]
                add(file, where, f"{total} units exceed the {terrain} limit of {limit}")

        # components. Everything set up at the start (board, free deployment, Mobilization Zone,
        # neutrals) must exist as cubes. A Relief is taken from the pool when it arrives (§10), so
        # all the Reliefs of a type must fit the components, but not on top of the set-up units:
        # the Scenario 5 card itself puts 10 Soldiers on the board and 6 on the Time Track
        # against 15 red cubes (the Relief then brings what the pool holds).
        for utype, used in setup_units.items():
            have = self.unit_count.get(utype)
            if have is not None and used > have:
                add(file, f"units[{utype}]", f"{used} units at set-up (board + Mobilization Zone) but "
                    f"{COMPONENTS} has only {have}")
        for utype, used in relief_units.items():
            have = self.unit_count.get(utype)
            if have is not None and used > have:
                add(file, f"relief[{utype}]", f"{used} units arrive as Relief but {COMPONENTS} has only {have}")

        # negotiation
        for track in sc.negotiation:
            where = f"negotiation[{track.neutral}]"
            if not 0 <= track.start < len(track.spaces):
                add(file, f"{where}.start", f"{track.start} is not a space index (0-{len(track.spaces) - 1})")
        for dup in _dupes(t.neutral for t in sc.negotiation):
            add(file, f"negotiation[{dup}]", "neutral: two tracks for the same neutral")

        if "supply-cut-winniki" in sc.automatic_victories:
            self.area_ref(file, "automatic_victories: supply-cut-winniki", "winniki")

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
