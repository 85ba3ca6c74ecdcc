"""Issue 21: a balance report a designer can trust — per scenario, whether the verdict holds
with other bots, and a flag on a verdict that only one pairing supports. Made-up results: no
marshal game is played here."""

from __future__ import annotations

import json

import pytest

from semper_fidelis.cli import main
from semper_fidelis.play.stats import lean, verdict
from semper_fidelis.play.verdicts import FLAG, PairingTally, compare

GG, MM, GM, MG = ("general", "general"), ("marshal", "marshal"), ("general", "marshal"), ("marshal", "general")


def scenario(*rows: tuple[tuple[str, str], int, int]):
    """One scenario's verdicts from (pairing, PL wins, ZURL wins) rows."""
    (found,) = compare([(4, PairingTally(*pair, pl, zurl)) for pair, pl, zurl in rows])
    return found


@pytest.mark.parametrize("pl, zurl, expected", [(90, 10, "PL"), (10, 90, "ZURL"), (500, 500, "even"), (3, 2, "unclear"), (0, 0, "none")])
def test_lean_names_the_side_the_verdict_sentence_gives(pl, zurl, expected):
    assert lean(pl, zurl) == expected
    words = {"PL": "PL favoured", "ZURL": "ZURL favoured", "even": "even", "unclear": "too few games", "none": "no decisive game"}
    assert verdict(pl, zurl).startswith(words[expected])


def test_a_verdict_every_pairing_gives_holds():
    v = scenario((GG, 80, 20), (MM, 70, 30), (GM, 75, 25))
    assert v.status == "holds" and v.flagged() == []
    assert v.summary() == "holds: PL favoured by general v general, marshal v marshal, general v marshal (every pairing)"


def test_a_verdict_that_changes_with_the_bots_strength_is_said_and_the_lone_one_flagged():
    """Scenario 4 as the issue found it: equal generals say PL, the marshals say ZURL."""
    v = scenario((GG, 100, 0), (MM, 5, 35), (GM, 6, 34), (MG, 36, 4))
    assert v.status == "changes"
    assert v.supporters() == {"PL": ["general v general", "marshal v general"], "ZURL": ["marshal v marshal", "general v marshal"]}
    assert v.flagged() == []  # two pairings on each side: nothing rests on one alone
    assert v.summary().startswith("changes with the bots: PL favoured by general v general, marshal v general; ZURL favoured by")
    lone = scenario((GG, 100, 0), (MM, 10, 40), (GM, 6, 4))
    assert lone.status == "changes" and lone.flagged() == ["PL", "ZURL"]
    assert lone.summary() == (f"changes with the bots: {FLAG} PL favoured by general v general; {FLAG} ZURL favoured by marshal v marshal; "
                              "cannot tell: general v marshal")


def test_a_verdict_only_one_pairing_supports_is_flagged():
    v = scenario((GG, 100, 0), (MM, 5, 3), (GM, 4, 4))
    assert v.status == "single" and v.flagged() == ["PL"]
    assert v.summary() == f"{FLAG} only general v general says PL favoured; cannot tell: marshal v marshal, general v marshal"
    assert json.loads(json.dumps(v.to_json()))["flagged"] == ["PL"]


def test_two_pairings_agreeing_while_a_third_cannot_tell_still_hold():
    v = scenario((GG, 10, 90), (MM, 8, 32), (GM, 3, 3))
    assert v.status == "holds" and v.flagged() == []
    assert v.summary() == "holds: ZURL favoured by general v general, marshal v marshal; cannot tell: general v marshal"


def test_nothing_to_compare_and_nothing_to_tell():
    assert scenario((GG, 5, 3), (MM, 0, 0)).summary() == "no pairing can tell yet: play more games"
    one = scenario((GG, 90, 10))
    assert one.status == "one pairing" and one.flagged() == [] and "nothing to compare with" in one.summary()


def test_scenarios_are_kept_apart_in_their_order():
    found = compare([(3, PairingTally(*GG, 9, 1)), (1, PairingTally(*GG, 1, 9)), (3, PairingTally(*MM, 1, 9))])
    assert [(v.scenario, [o.label for o in v.pairings]) for v in found] == [(3, ["general v general", "marshal v marshal"]),
                                                                             (1, ["general v general"])]


def test_balance_plays_the_pairings_asked_for_and_compares_them(capsys):
    assert main(["balance", "--pairings", "random-random,general-random,general-random", "--games", "2", "--jobs", "1",
                 "--scenarios", "1", "--markdown"]) == 0
    lines = [row for row in capsys.readouterr().out.splitlines() if row.startswith("| ")]
    assert [r.split(" | ")[1:3] for r in lines[1:3]] == [["random", "random"], ["general", "random"]]  # a pairing once
    assert lines[3] == "| Scenario | Across the pairings |" and lines[4].startswith("| 1 Coup | ")
    assert main(["balance", "--pairings", "random-random,general-random", "--games", "2", "--jobs", "1", "--scenarios", "1", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [(r["bots"]["PL"], r["bots"]["ZURL"]) for r in result["results"]] == [("random", "random"), ("general", "random")]
    (compared,) = result["verdicts"]
    assert compared["scenario"] == 1 and list(compared["pairings"]) == ["random v random", "general v random"]


@pytest.mark.parametrize("argv, message", [
    (["--pairings", "general"], "--pairings: 'general' is not a pairing PL-ZURL"),
    (["--pairings", "general-grandmaster"], "no bot 'grandmaster'"),
    (["--pairings", ","], "--pairings names no pairing"),
    (["--bots", "grandmaster"], "no bot 'grandmaster'"),
    (["--bots", "general", "--pairings", "general-general"], "not allowed with argument --bots"),
])
def test_bad_pairings_are_one_line(argv, message, capsys):
    assert main(["balance", "--games", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
