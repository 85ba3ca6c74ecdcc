"""Scenario variants (data/variant.py): a variant changes the game as written, replays from its
record, and a bad one gives one line per problem naming the key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from semper_fidelis.cli import main
from semper_fidelis.data.loader import DataError
from semper_fidelis.data.variant import load_variant, set_key, setup_diff, to_toml, unvaried
from semper_fidelis.engine import Game, RecordError, read_record, shipped_data, write_record
from semper_fidelis.engine.game import RecordError as GameRecordError

MORALE = """\
name = "PL steadier"
base = 2
[sides.PL]
morale = 8
units = { dom-technikow = { pl-volunteer = 3 } }
remove_cards = [1]
"""

LATE = """\
name = "Late Relief"
base = 4
initiative = "PL"
handicap = true
relief_delay = { ZURL = 1 }
strategic = { rynek = 3, winniki = 0 }
[sides.PL]
add_cards = [10]
"""


def test_a_variant_changes_the_starting_position():
    data = load_variant(shipped_data(), MORALE, "variant m.toml")
    base, varied = Game(2, 7), Game(2, 7, data=data)
    assert (base.state.morale["PL"], varied.state.morale["PL"]) == (5, 8)
    assert varied.state.units["dom-technikow"]["pl-volunteer"] == 3
    assert base.state.units["dom-technikow"].get("pl-volunteer", 0) == 1
    assert 1 not in varied.state.deck["PL"] + varied.state.hand["PL"]
    assert varied.state.morale["ZURL"] == base.state.morale["ZURL"]


def test_relief_strategic_initiative_and_handicap_as_written():
    data = load_variant(shipped_data(), LATE, "variant late.toml")
    game = Game(4, 3, data=data)
    assert sorted(r["round"] for r in game.state.relief) == [4, 8]
    assert game.state.strategic["rynek"] == 3 and "winniki" not in game.state.strategic
    assert game.state.initiative == "PL"
    assert game.settings == {"handicap": True}
    cards = game.state.deck["PL"] + game.state.hand["PL"]
    assert 10 in cards and 10 not in Game(4, 3).state.deck["PL"] + Game(4, 3).state.hand["PL"]


def test_rounds_end_the_game_after_whole_stages():
    data = load_variant(shipped_data(), 'name = "short"\nbase = 2\nrounds = 4\n', "variant short.toml")
    sc = data.scenarios[2]
    assert (sc.stages, len(sc.time_track)) == (1, 4)
    assert sc.scoring[-1].categories == shipped_data().scenarios[2].scoring[-1].categories
    assert [r.round for r in sc.relief] == [2]  # the Relief of later rounds would come after the end


def test_a_variant_game_replays_from_its_record(tmp_path: Path):
    data = load_variant(shipped_data(), MORALE, "variant m.toml")
    game = Game(2, 11, data=data)
    for _ in range(40):
        game.apply(game.legal()[0])
    path = tmp_path / "g.json"
    write_record(game, path)
    record = json.loads(path.read_text())
    assert record["format"] == 4 and record["variant"]["text"] == MORALE
    again = read_record(path)  # the shipped data only: the record brings the variant
    assert again.state.digest() == game.state.digest() and again.scenario.sides["PL"].morale == 8
    assert Game(2, 11).record()["format"] == 3  # a plain game's record keeps its format


def test_an_edited_variant_in_a_record_is_refused():
    record = Game(2, 1, data=load_variant(shipped_data(), MORALE, "v")).record()
    record["variant"]["text"] = record["variant"]["text"].replace("8", "9")
    with pytest.raises(GameRecordError, match="variant: its text does not match its digest"):
        Game.from_record(record)
    assert GameRecordError is RecordError


def test_a_variant_applies_to_the_base_not_to_itself():
    once = load_variant(shipped_data(), MORALE, "v")
    again = load_variant(once, MORALE.replace("morale = 8", "morale = 7"), "v")
    assert again.scenarios[2].sides["PL"].morale == 7
    assert unvaried(again).scenarios[2] == shipped_data().scenarios[2]


BAD = """\
name = ""
base = 4
initiative = "AUSTRIA"
[sides.PL]
colour = "red"
"""


def test_schema_problems_are_one_line_each_naming_the_key():
    with pytest.raises(DataError) as caught:
        load_variant(shipped_data(), BAD, "variant bad.toml")
    assert [p.split(": ")[1] for p in caught.value.problems] == ["name", "initiative", "sides.PL.colour"]


@pytest.mark.parametrize(("text", "key"), [
    ('name = "x"\nbase = 4\nrounds = 6\n', "rounds"),
    ('name = "x"\nbase = 4\nrelief_delay = { ZURL = 9 }\n', "relief[0].round"),
    ('name = "x"\nbase = 4\n[sides.PL]\nmorale = 70\n', "sides.PL.morale"),
    ('name = "x"\nbase = 4\n[sides.PL]\nadd_cards = [11]\n', "sides.PL.add_cards"),
    ('name = "x"\nbase = 2\n[sides.PL]\nunits = { nowhere = { pl-volunteer = 1 } }\n', "sides.PL.placements[nowhere].area"),
    ('name = "x"\nbase = 2\n[sides.PL]\nunits = { rynek = { pl-volunteer = 1 } }\n', "sides.PL.units.rynek"),
    ('name = "x"\nbase = 9\n', "base"),
    ('name = "x"\nbase = 2\nstrategic = { nowhere = 2 }\n', "strategic"),
])
def test_problems_against_the_game_data_name_the_key(text: str, key: str):
    with pytest.raises(DataError) as caught:
        load_variant(shipped_data(), text, "variant x.toml")
    assert any(p.startswith(f"variant x.toml: {key}") for p in caught.value.problems), caught.value.problems


def test_setup_diff_names_each_change():
    base = shipped_data().scenarios[4]
    lines = setup_diff(base, load_variant(shipped_data(), LATE, "v"))
    assert "initiative: ZURL → PL" in lines
    assert "Relief 1: ZURL round 3: 5 Sich Riflemen → ZURL round 4: 5 Sich Riflemen" in lines  # the data's names, not ids
    assert "Strategic value of Winniki: 1 → —" in lines and "FAQ handicap: on" in lines


def test_setup_diff_compares_facts_and_says_them_in_the_current_language():
    """The set-ups are compared as facts (no text in them), then said in the language shown."""
    from semper_fidelis.data import variant
    from semper_fidelis.i18n import set_language

    base, varied = shipped_data().scenarios[2], load_variant(shipped_data(), MORALE, "v")
    english = (variant._facts(base), setup_diff(base, varied))
    set_language("pl")
    assert variant._facts(base) == english[0]
    polish = setup_diff(base, varied)
    assert len(polish) == len(english[1])
    assert "Morale PL: 5 → 8" in polish and "karty usunięte PL: brak → 1" in polish
    assert "jednostki PL, obszar Dom Techników: Polscy Ochotnicy ×1 → Polscy Ochotnicy ×3" in polish
    late = setup_diff(shipped_data().scenarios[4], load_variant(shipped_data(), LATE, "v"))
    assert "Odsiecz 1: ZURL runda 3: Strzelcy Siczowi ×5 → ZURL runda 4: Strzelcy Siczowi ×5" in late
    assert "wartość strategiczna, obszar Winniki: 1 → —" in late and "wyrównanie z FAQ: włączone" in late


def test_a_written_variant_reads_back():
    document = set_key({"name": "sweep \"q\"", "base": 4}, "sides.PL.supply", 5)
    data = load_variant(shipped_data(), to_toml(document), "v")
    assert data.scenarios[4].sides["PL"].supply == 5 and data.variant is not None
    assert data.variant.name == 'sweep "q"'


# ----------------------------------------------------------------------------------- the CLI


def test_validate_variant_prints_every_problem(tmp_path: Path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text(BAD)
    assert main(["validate", "--variant", str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "FAILED: 3 problems in variant bad.toml" and len(out) == 4
    good = tmp_path / "late.toml"
    good.write_text(LATE)
    assert main(["validate", "--variant", str(good)]) == 0
    assert capsys.readouterr().out.startswith("OK: variant late.toml, 'Late Relief', changes scenario 4 in")


def test_board_prints_the_variant_and_its_changes(tmp_path: Path, capsys):
    good = tmp_path / "late.toml"
    good.write_text(LATE)
    assert main(["board", "--variant", str(good), "--width", "160", "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "Siege (Late Relief)" in out and "  initiative: ZURL → PL" in out
    assert main(["board", "3", "--variant", str(good)]) == 2
    assert "--variant changes scenario 4, not scenario 3" in capsys.readouterr().err


def test_simulate_a_variant_keeps_records_that_replay(tmp_path: Path, capsys):
    path = tmp_path / "m.toml"
    path.write_text(MORALE.replace("base = 2", "base = 1"))
    records = tmp_path / "records"
    args = ["simulate", "--variant", str(path), "--games", "1", "--jobs", "1", "--records", str(records), "--json"]
    assert main(args) == 0
    (kept,) = records.glob("s1-v*-random-v-random-seed0.json")
    assert read_record(kept).rules.scenario.sides["PL"].morale == 8
    assert json.loads(capsys.readouterr().out)["games"] == 1


def test_a_missing_or_broken_variant_file_is_one_line(tmp_path: Path, capsys):
    assert main(["simulate", "--variant", str(tmp_path / "none.toml"), "--games", "1"]) == 2
    assert "none.toml: file is missing" in capsys.readouterr().err
    broken = tmp_path / "b.toml"
    broken.write_text(BAD)
    assert main(["board", "--variant", str(broken)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "(and 2 more: run 'semper-fidelis validate --variant" in err


def test_the_guides_variants_are_sound():
    docs = Path(__file__).resolve().parents[2] / "docs" / "variants"
    files = sorted(docs.glob("*.toml"))
    assert len(files) >= 3
    for path in files:
        assert load_variant(shipped_data(), path.read_text(), path.name).variant is not None


def test_play_opens_a_new_game_of_the_variant(tmp_path: Path, monkeypatch):
    import semper_fidelis.cli.play as play_command
    from semper_fidelis.tui import app as tui

    path = tmp_path / "late.toml"
    path.write_text(LATE)
    opened = {}
    monkeypatch.setattr(play_command, "needs_terminal", lambda *_: None)
    monkeypatch.setattr(tui, "run", lambda **kw: opened.update(kw) or 0)
    assert main(["play", "--variant", str(path), "--zurl", "general"]) == 0
    assert opened["start"].scenario == 4 and opened["data"].variant.name == "Late Relief"
    assert opened["data"].scenarios[4].initiative == "PL"


def test_a_huge_or_special_variant_file_is_refused_before_parsing(tmp_path: Path, capsys):
    huge = tmp_path / "huge.toml"
    huge.write_text("# " + "x" * 100_000 + "\n")
    assert main(["validate", "--variant", str(huge)]) == 1
    assert "huge.toml: too large for a variant (100,003 bytes)" in capsys.readouterr().out
    assert main(["simulate", "--variant", str(tmp_path), "--games", "1"]) == 2
    assert capsys.readouterr().err == f"semper-fidelis: error: {tmp_path}: not a regular file\n"
