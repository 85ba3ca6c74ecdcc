"""`validate` catches each kind of broken data file, one line naming file, entry and field.

Each test copies the shipped data (assets/ and scenarios/) to a temporary directory, breaks one
thing, and checks that ``validate_dir`` reports it and that ``semper-fidelis validate`` exits 1.
The files are edited as data (read with tomllib, written back with the small writer below), so
the tests do not depend on how the data files are formatted.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable
from pathlib import Path

from semper_fidelis.cli import main
from semper_fidelis.data.checks import check_game_data
from semper_fidelis.data.loader import load_game_data
from semper_fidelis.data.validate import validate_dir

REPO = Path(__file__).resolve().parents[2]


# ----------------------------------------------------------------------------------- helpers


def _toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a valid TOML basic string
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_toml_key(str(k))} = {_toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def dump_toml(data: dict) -> str:
    """Plain data as TOML: one ``key = value`` line per top-level key, inline tables below."""
    return "".join(f"{_toml_key(k)} = {_toml_value(v)}\n" for k, v in data.items())


def scenario_path(root: Path, number: int) -> Path:
    (path,) = (root / "scenarios").glob(f"{number}-*.toml")
    return path


def edit(path: Path, change: Callable[[dict], None]) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(dump_toml(data), encoding="utf-8")


def edit_asset(root: Path, name: str, change: Callable[[dict], None]) -> Path:
    path = root / "assets" / name
    edit(path, change)
    return path


def edit_scenario(root: Path, number: int, change: Callable[[dict], None]) -> Path:
    path = scenario_path(root, number)
    edit(path, change)
    return path


def assert_reported(root: Path, *parts: str) -> str:
    """A problem line contains every part (file, entry, field, message); the CLI exits 1."""
    problems = validate_dir(root)
    assert problems, "validate found no problem"
    assert all("\n" not in p for p in problems)
    matching = [p for p in problems if all(part in p for part in parts)]
    assert matching, f"no problem mentions {parts}:\n" + "\n".join(problems)
    assert main(["validate", str(root)]) == 1
    return matching[0]


def board(root: Path) -> dict:
    return tomllib.loads((root / "assets" / "board.toml").read_text(encoding="utf-8"))


def first(items, pred):
    return next(i for i in items if pred(i))


# ------------------------------------------------------------------------------ shipped data


def test_shipped_data_has_no_problem(capsys):
    assert validate_dir(REPO) == []
    data = load_game_data(REPO)
    assert check_game_data(data) == []
    assert main(["validate", str(REPO)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("OK: ") and "5 scenarios" in out


def test_untouched_copy_has_no_problem(data_dir):
    # the writer used by the tests below round-trips the data without changing its meaning
    for path in [*(data_dir / "assets").glob("*.toml"), *(data_dir / "scenarios").glob("*.toml")]:
        edit(path, lambda d: None)
    assert validate_dir(data_dir) == []


# --------------------------------------------------------------------------------- file level


def test_invalid_toml(data_dir):
    path = scenario_path(data_dir, 1)
    path.write_text(path.read_text(encoding="utf-8") + "\nthis is = = not toml\n", encoding="utf-8")
    assert_reported(data_dir, path.name, "not valid TOML")


def test_missing_asset_file(data_dir):
    (data_dir / "assets" / "commanders.toml").unlink()
    assert_reported(data_dir, "commanders.toml", "missing")


def test_missing_scenario(data_dir):
    scenario_path(data_dir, 3).unlink()
    assert_reported(data_dir, "scenario 3", "no scenario file")


def test_missing_source_is_one_line(data_dir):
    areas = board(data_dir)["areas"]
    victim = areas[0]["id"]
    edit_asset(data_dir, "board.toml", lambda d: d["areas"][0].pop("source"))
    assert_reported(data_dir, "board.toml", f"id={victim!r}", "source", "missing: this field is required")


def test_missing_source_in_a_scenario(data_dir):
    path = edit_scenario(data_dir, 2, lambda d: d.pop("source"))
    assert_reported(data_dir, path.name, "source", "missing: this field is required")


def test_schema_error_is_one_line_per_field(data_dir):
    victim = tomllib.loads((data_dir / "assets" / "components.toml").read_text(encoding="utf-8"))["units"][0]["id"]
    edit_asset(data_dir, "components.toml", lambda d: d["units"][0].update(side="Poland"))
    line = assert_reported(data_dir, "components.toml", f"units[id={victim!r}].side", "should be one of 'PL', 'ZURL', 'neutral' (it is ")
    assert "literal" not in line
    assert sum(".side" in p for p in validate_dir(data_dir)) == 1  # the union's two errors merged


def test_bad_source_form(data_dir):
    edit_asset(data_dir, "commanders.toml", lambda d: d["commanders"][0].update(source="I made it up"))
    assert_reported(data_dir, "commanders.toml", "commanders[", ".source", "reconstructed")


# -------------------------------------------------------------------------------------- board


def test_unknown_neighbour(data_dir):
    victim = board(data_dir)["areas"][0]["id"]
    edit_asset(data_dir, "board.toml", lambda d: d["areas"][0]["neighbours"].append("atlantis"))
    assert_reported(data_dir, "board.toml", f"area {victim!r}", "neighbours", "'atlantis' is not an area")


def test_asymmetric_adjacency(data_dir):
    areas = board(data_dir)["areas"]
    a = areas[0]
    b_id = a["neighbours"][0]

    def change(d):
        b = first(d["areas"], lambda x: x["id"] == b_id)
        b["neighbours"].remove(a["id"])

    edit_asset(data_dir, "board.toml", change)
    assert_reported(data_dir, "board.toml", f"area {a['id']!r}", "neighbours", repr(b_id), "asymmetric")


def test_self_neighbour(data_dir):
    victim = board(data_dir)["areas"][0]["id"]
    edit_asset(data_dir, "board.toml", lambda d: d["areas"][0]["neighbours"].append(victim))
    assert_reported(data_dir, "board.toml", f"area {victim!r}", "neighbours", "own neighbour")


def test_duplicate_area_id(data_dir):
    areas = board(data_dir)["areas"]
    victim = areas[0]["id"]
    edit_asset(data_dir, "board.toml", lambda d: d["areas"][1].update(id=victim))
    assert_reported(data_dir, "board.toml", f"area {victim!r}", "id", "duplicate")


def test_village_with_a_district(data_dir):
    victim = first(board(data_dir)["areas"], lambda a: a["terrain"] == "village")["id"]

    def change(d):
        first(d["areas"], lambda a: a["id"] == victim)["district"] = 1

    edit_asset(data_dir, "board.toml", change)
    assert_reported(data_dir, "board.toml", f"area {victim!r}", "district", "Village")


def test_city_without_a_district(data_dir):
    victim = first(board(data_dir)["areas"], lambda a: a["terrain"] == "city")["id"]

    def change(d):
        first(d["areas"], lambda a: a["id"] == victim).pop("district")

    edit_asset(data_dir, "board.toml", change)
    assert_reported(data_dir, "board.toml", f"area {victim!r}", "district", "needs a district")


def test_railway_unknown_station(data_dir):
    line = board(data_dir)["railways"][0]["id"]
    edit_asset(data_dir, "board.toml", lambda d: d["railways"][0]["areas"].append("atlantis"))
    assert_reported(data_dir, "board.toml", f"railway {line!r}", "areas", "'atlantis' is not an area")


def test_railway_stations_not_adjacent(data_dir):
    areas = board(data_dir)["areas"]
    a = areas[0]
    b = first(areas, lambda x: x["id"] != a["id"] and x["id"] not in a["neighbours"])
    line = board(data_dir)["railways"][0]["id"]
    edit_asset(data_dir, "board.toml", lambda d: d["railways"][0].update(areas=[a["id"], b["id"]]))
    assert_reported(data_dir, "board.toml", f"railway {line!r}", "areas", "not adjacent")


def test_relief_start_unknown(data_dir):
    edit_asset(data_dir, "board.toml", lambda d: d["relief_start"].update(PL="atlantis"))
    assert_reported(data_dir, "board.toml", "relief_start.PL", "'atlantis' is not an area")


# ---------------------------------------------------------------------------- other assets


def test_duplicate_card_number(data_dir):
    def change(d):
        d["cards"][1]["number"] = d["cards"][0]["number"]

    edit_asset(data_dir, "cards_pl.toml", change)
    assert_reported(data_dir, "cards_pl.toml", "card ", "number", "duplicate")


def test_duplicate_effect_id(data_dir):
    def change(d):
        d["cards"][1]["effect_id"] = d["cards"][0]["effect_id"]

    edit_asset(data_dir, "cards_zurl.toml", change)
    assert_reported(data_dir, "cards_zurl.toml", "effect_id", "more than one card")


def test_duplicate_commander_id(data_dir):
    def change(d):
        same_side = first(d["commanders"][1:], lambda c: c["side"] == d["commanders"][0]["side"])
        same_side["id"] = d["commanders"][0]["id"]

    edit_asset(data_dir, "commanders.toml", change)
    assert_reported(data_dir, "commanders.toml", "commander ", "id", "duplicate")


# -------------------------------------------------------------------------------- scenarios


def test_unknown_area_in_strategic(data_dir):
    path = edit_scenario(data_dir, 2, lambda d: d["strategic"].update(atlantis=1))
    assert_reported(data_dir, path.name, "strategic", "'atlantis' is not an area")


def test_unknown_area_in_placements(data_dir):
    path = edit_scenario(data_dir, 2, lambda d: d["sides"]["PL"]["placements"][0].update(area="atlantis"))
    assert_reported(data_dir, path.name, "sides.PL.placements[atlantis].area", "'atlantis' is not an area")


def test_unknown_area_in_neutrals(data_dir):
    path = edit_scenario(data_dir, 2, lambda d: d["neutrals"][0].update(area="atlantis"))
    assert_reported(data_dir, path.name, "neutrals[atlantis].area", "'atlantis' is not an area")


def test_unknown_area_in_tokens(data_dir):
    def change(d):
        d["specific_tokens"][0]["area"] = "atlantis"
        first(d["random_tokens"], lambda t: "area" in t)["area"] = "lemuria"

    path = edit_scenario(data_dir, 2, change)
    assert_reported(data_dir, path.name, "specific_tokens[atlantis].area", "'atlantis' is not an area")
    assert_reported(data_dir, path.name, "random_tokens[lemuria].area", "'lemuria' is not an area")


def test_unknown_area_in_free_deployment(data_dir):
    def change(d):
        fd = first(d["sides"]["ZURL"]["free_deployment"], lambda f: f["zone"] == "listed")
        fd["areas"].append("atlantis")

    path = edit_scenario(data_dir, 5, change)
    assert_reported(data_dir, path.name, "sides.ZURL.free_deployment[", ".areas", "'atlantis' is not an area")


def test_placement_over_the_area_limit(data_dir):
    data = load_game_data(REPO)
    placement = data.scenario(2).sides["ZURL"].placements[0]
    area = data.areas[placement.area]
    terrain = area.terrain.capitalize()

    def change(d):
        d["sides"]["ZURL"]["placements"][0]["count"] += area.limit

    path = edit_scenario(data_dir, 2, change)
    line = assert_reported(data_dir, path.name, f"sides.ZURL.placements[{area.id}]", f"{terrain} limit of {area.limit}")
    assert "exceed" in line


def test_area_limit_counts_both_sides_and_neutrals(data_dir):
    data = load_game_data(REPO)
    neutral = data.scenario(2).neutrals[0]
    area = data.areas[neutral.area]
    already = sum(p.count for p in data.scenario(2).neutrals if p.area == area.id) + sum(
        p.count for s in data.scenario(2).sides.values() for p in s.placements if p.area == area.id
    )

    def change(d):  # PL units that alone fit the limit, but not with what is already there
        d["sides"]["PL"]["placements"].append({"area": area.id, "unit": "pl-volunteer", "count": area.limit - already + 1})

    path = edit_scenario(data_dir, 2, change)
    assert_reported(data_dir, path.name, f"[{area.id}]", "neutrals", f"limit of {area.limit}")


def test_more_units_than_components(data_dir):
    path = edit_scenario(data_dir, 2, lambda d: d["sides"]["PL"]["mobilization"].update({"pl-volunteer": 40}))
    assert_reported(data_dir, path.name, "units[pl-volunteer]", "components.toml has only 30")


def test_more_relief_than_components(data_dir):
    def change(d):
        d["relief"][0]["count"] = 99

    path = edit_scenario(data_dir, 2, change)
    assert_reported(data_dir, path.name, "relief[", "components.toml has only")


def test_unit_of_the_wrong_side(data_dir):
    path = edit_scenario(data_dir, 2, lambda d: d["sides"]["PL"]["placements"][0].update(unit="sich-rifleman"))
    assert_reported(data_dir, path.name, "sides.PL.placements[", ".unit", "'sich-rifleman' is a ZURL unit")


def test_unknown_commander(data_dir):
    path = edit_scenario(data_dir, 2, lambda d: d["sides"]["PL"].update(commander="napoleon"))
    assert_reported(data_dir, path.name, "sides.PL.commander", "'napoleon' is not a commander")


def test_commander_of_the_wrong_side(data_dir):
    zurl = load_game_data(REPO).scenario(2).sides["ZURL"].commander
    path = edit_scenario(data_dir, 2, lambda d: d["sides"]["PL"]["commander_deck"].append(zurl))
    assert_reported(data_dir, path.name, "sides.PL.commander_deck", f"{zurl!r} is a ZURL commander")


def test_initial_commander_repeated_in_deck(data_dir):
    initial = load_game_data(REPO).scenario(2).sides["PL"].commander
    path = edit_scenario(data_dir, 2, lambda d: d["sides"]["PL"]["commander_deck"].append(initial))
    assert_reported(data_dir, path.name, "sides.PL.commander_deck", "initial commander", "also in the deck")


def test_removed_card_that_does_not_exist(data_dir):
    path = edit_scenario(data_dir, 1, lambda d: d["sides"]["ZURL"]["removed_cards"].append(99))
    assert_reported(data_dir, path.name, "sides.ZURL.removed_cards", "card 99 is not in the ZURL deck")


def test_relief_commander_unknown(data_dir):
    def change(d):
        first(d["relief"], lambda r: "commander" in r)["commander"] = "napoleon"

    path = edit_scenario(data_dir, 2, change)
    assert_reported(data_dir, path.name, "relief[", ".commander", "'napoleon' is not a commander")


def test_relief_round_beyond_time_track(data_dir):
    path = edit_scenario(data_dir, 2, lambda d: d["relief"][0].update(round=99))
    assert_reported(data_dir, path.name, "relief[0].round", "beyond the time track")


def test_time_track_length(data_dir):
    path = edit_scenario(data_dir, 2, lambda d: d["time_track"].pop())
    assert_reported(data_dir, path.name, "time_track", "11 rounds")


def test_scoring_stages(data_dir):
    path = edit_scenario(data_dir, 2, lambda d: d["scoring"].pop())
    assert_reported(data_dir, path.name, "scoring", "1..3")


def test_morale_start_off_the_track(data_dir):
    path = edit_scenario(data_dir, 2, lambda d: d["sides"]["PL"].update(morale=42))
    assert_reported(data_dir, path.name, "sides.PL.morale", "not on the morale track")


def test_supply_start_off_the_track(data_dir):
    path = edit_scenario(data_dir, 2, lambda d: d["sides"]["ZURL"].update(supply=0))
    assert_reported(data_dir, path.name, "sides.ZURL.supply", "not on the supply track")


def test_specific_tokens_over_the_kind_pool(data_dir):
    kind = load_game_data(REPO).scenario(2).specific_tokens[0].kind
    path = edit_scenario(data_dir, 2, lambda d: d["specific_tokens"][0].update(count=99))
    assert_reported(data_dir, path.name, f"specific_tokens[{kind}]", "supply_tokens.toml has only")


def test_random_tokens_over_the_pool(data_dir):
    path = edit_scenario(data_dir, 2, lambda d: d["random_tokens"][0].update(count=99))
    assert_reported(data_dir, path.name, "random_tokens", "left in the pool")


# ------------------------------------------------------------------- further consistency checks


def test_disconnected_board(data_dir):
    village = first(board(data_dir)["areas"], lambda a: a["terrain"] == "village")["id"]

    def change(d):
        for area in d["areas"]:
            if area["id"] == village:
                area["neighbours"] = []
            elif village in area["neighbours"]:
                area["neighbours"].remove(village)
        for line in d["railways"]:  # keep the railways out of it
            if village in line["areas"]:
                line["areas"] = [a for a in line["areas"] if a != village] or line["areas"]

    edit_asset(data_dir, "board.toml", change)
    assert_reported(data_dir, "board.toml", "areas", "not connected", village)


def test_two_areas_on_one_map_position(data_dir):
    areas = board(data_dir)["areas"]
    edit_asset(data_dir, "board.toml", lambda d: d["areas"][1].update(pos=d["areas"][0]["pos"]))
    assert_reported(data_dir, "board.toml", repr(areas[0]["id"]), repr(areas[1]["id"]), "pos")


def test_hq_missing_from_the_board(data_dir):
    def change(d):
        d["sides"]["PL"]["placements"] = [p for p in d["sides"]["PL"]["placements"] if p["unit"] != "pl-hq"]

    path = edit_scenario(data_dir, 2, change)
    assert_reported(data_dir, path.name, "sides.PL", "placements", "HQ", "found 0")


def test_scenario_number_disagrees_with_its_file_name(data_dir):
    path = scenario_path(data_dir, 3)
    edit(path, lambda d: d.update(number=4))  # also leaves scenario 3 missing, 4 doubled
    assert_reported(data_dir, path.name, "number", "scenario 4")


# ------------------------------------------------------------------------- rulebook examples


def test_validate_plays_the_rulebook_examples(data_dir, capsys):
    """`validate` plays every example of the data directory: the shipped ones pass, and an
    example that no longer comes out as the book prints it, or a hostile file, is one line."""
    assert main(["validate", str(data_dir)]) == 0
    assert "11 rulebook examples" in capsys.readouterr().out
    examples = data_dir / "assets" / "examples"
    cytadela = examples / "09-cytadela.toml"
    cytadela.write_text(cytadela.read_text(encoding="utf-8").replace("supply = {PL = 5, ZURL = 3}", "supply = {PL = 6, ZURL = 3}"), encoding="utf-8")
    (examples / "99-hostile.toml").write_text("a = " + "{b = " * 3000 + "1" + "}" * 3000, encoding="utf-8")
    assert main(["validate", str(data_dir)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == [
        "examples/99-hostile.toml: cannot be read (nested too deeply)",
        "examples/09-cytadela: step 8: supply.PL is 5, the book says 6",
    ]
    assert lines[2].startswith("FAILED: 2 problems")
