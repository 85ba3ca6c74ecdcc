"""The rulebook's worked examples as files (engine/examples.py): the shipped set, how a file's
checks catch a game that differs from the book, how far a game is along the book's line, and
broken or hostile example files reported in one line each."""

from __future__ import annotations

import pytest
from helpers import rulebook_example

from semper_fidelis.engine import Game, Position, PositionError
from semper_fidelis.engine.examples import (
    check_example,
    example_progress,
    examples_dir,
    load_examples,
    validate_examples,
)
from semper_fidelis.engine.rules import shipped_rules

SHIPPED = [
    "01-area-limit",
    "02-move",
    "03-assault",
    "04-player-turn",
    "05-evasion",
    "06-losses",
    "07-cerkiew-sw-jura",
    "08-gora-stracenia",
    "09-cytadela",
    "10-relief-by-rail",
    "11-relief-start-held",
]

SMALL = """
scenario = 2
seed = 3
to_act = {side = "PL", phase = "orders"}
turn = {ap = 5}
strategic = {}
hand = {PL = [], ZURL = []}

[units]
winniki = {pl-volunteer = 3}

[example]
title = "A small example"
section = "§6.2"
text = "PL moves."
outcome = "Three Volunteers in Sokolniki."

[[example.steps]]
say = "PL moves to Sokolniki."
play = ["move", "from winniki", "units 3v", "to sokolniki"]
log = ["PL Move"]
offers = ["end"]
refuses = ["assault"]
expect = {units = {sokolniki = {pl-volunteer = 3}}, turn = {ap = 4}}
"""


def _example(tmp_path, text: str, name: str = "small.toml"):
    (tmp_path / name).write_text(text, encoding="utf-8")
    examples, problems = load_examples(tmp_path)
    assert not problems, problems
    return examples[0]


def test_the_shipped_examples():
    """Every example the issue names ships, with a title, a section, a text and an outcome; the
    shipped directory is the one next to the game's other assets (so it is in the wheel)."""
    directory = examples_dir(shipped_rules(2).data.assets_dir)
    examples, problems = load_examples(directory)
    assert not problems
    assert [e.name for e in examples] == SHIPPED
    for e in examples:
        about = e.about
        assert about.title and about.section and about.text.strip() and about.outcome.strip()
        assert all(step.say for step in about.steps)


def test_a_small_example_plays_and_each_check_can_fail(tmp_path):
    example = _example(tmp_path, SMALL)
    assert check_example(example) == []
    wrong = {
        "expect = {units = {sokolniki = {pl-volunteer = 3}}, turn = {ap = 4}}":
            "expect = {units = {sokolniki = {pl-volunteer = 2}}, turn = {ap = 4}}",
        'log = ["PL Move"]': 'log = ["ZURL Move"]',
        'offers = ["end"]': 'offers = ["assault"]',
        'refuses = ["assault"]': 'refuses = ["move"]',
        '"to sokolniki"]': '"to dworzec-glowny"]',
    }
    said = {
        "sokolniki is {pl-volunteer 3}, the book says {pl-volunteer 2}": 0,
        "the log does not say 'ZURL Move'": 1,
        "'assault' is not offered": 2,
        "'move' is offered": 3,
        "'to dworzec-glowny' is not a legal action now": 4,
    }
    for i, (old, new) in enumerate(wrong.items()):
        problems = check_example(_example(tmp_path, SMALL.replace(old, new)))
        assert len(problems) == 1 and problems[0].startswith("small: step 1: ")
        assert [text for text, j in said.items() if j == i][0] in problems[0]


def test_a_unit_table_is_compared_whole_and_other_tables_by_their_keys(tmp_path):
    """``units.sokolniki = {pl-volunteer = 3}`` says nothing else is there; ``turn = {ap = 4}``
    says nothing about the rest of the turn; what the export leaves out counts as empty."""
    extra = SMALL.replace("winniki = {pl-volunteer = 3}", "winniki = {pl-volunteer = 3}\nsokolniki = {pl-soldier = 1}")
    problems = check_example(_example(tmp_path, extra))
    assert problems == ["small: step 1: units.sokolniki is {pl-soldier 1, pl-volunteer 3}, the book says {pl-volunteer 3}"]
    emptied = SMALL.replace("turn = {ap = 4}}", "turn = {ap = 4}, barricades = {winniki = []}, removed = {ZURL = {}}}")
    emptied = emptied.replace("{units = {sokolniki = {pl-volunteer = 3}}", "{units = {sokolniki = {pl-volunteer = 3}, winniki = {}}")
    assert check_example(_example(tmp_path, emptied)) == []
    assert check_example(_example(tmp_path, emptied.replace("removed = {ZURL = {}}", "removed = {ZURL = {zurl-volunteer = 0}}"))) == []


def test_progress_follows_the_book_and_notices_a_game_that_leaves_it(tmp_path):
    example = rulebook_example("02-move")
    game = example.game()
    progress = example_progress(game)
    assert (progress.done, progress.on_line, progress.at_step, progress.total) == (0, True, None, 3)
    assert progress.next_step is example.about.steps[0]
    for action in example.about.steps[0].play:
        game.apply(action)
    progress = example_progress(game)
    assert (progress.done, progress.at_step, progress.problems) == (1, 1, ())
    game.apply("to kozielniki")  # not the book's choice
    progress = example_progress(game)
    assert not progress.on_line and progress.next_step is None and not progress.reached
    game.undo()
    for step in example.about.steps[1:]:
        for action in step.play:
            game.apply(action)
    assert example_progress(game).reached
    assert example_progress(Game(2, 3)) is None  # a game that did not start from an example


def test_progress_names_what_differs_from_the_book(tmp_path):
    """The same choices on a changed board: the step is reached, what differs is named."""
    example = _example(tmp_path, SMALL.replace("turn = {ap = 5}", "turn = {ap = 6}"))
    game = example.game()
    for action in example.choices:
        game.apply(action)
    progress = example_progress(game)
    assert progress.at_step == 1 and not progress.reached
    assert progress.problems == ("turn.ap is 5, the book says 4",)


@pytest.mark.parametrize("text, problem", [
    ("scenario = [", "not TOML"),
    (SMALL.replace('title = "A small example"', 'title = ""'), "example.title"),
    (SMALL.replace("[example]", "[exampel]"), "Field required"),
    (SMALL.split("[example]")[0], "example: missing"),
    (SMALL.replace("expect = {units", "expect = {rng = [1], units"), "is not a field an example checks"),
    ("a = " + "[" * 5000 + "]" * 5000, "nested too deeply"),
], ids=["not-toml", "empty-title", "misspelt-table", "no-example", "unknown-expect", "deep"])
def test_a_broken_example_file_is_one_line(tmp_path, text, problem):
    (tmp_path / "broken.toml").write_text(text, encoding="utf-8")
    examples, problems = load_examples(tmp_path)
    assert examples == [] and len(problems) == 1
    assert problems[0].startswith("broken.toml: ") and problem in problems[0] and "\n" not in problems[0]


def test_an_example_that_cannot_be_set_up_or_played_is_one_line(tmp_path):
    """validate_examples gives one line per example file, whatever is wrong with it."""
    examples = tmp_path / "examples"
    examples.mkdir()
    (examples / "a.toml").write_text(SMALL.replace("winniki = {pl-volunteer = 3}", "winniki = {pl-volunteer = 9}"), encoding="utf-8")
    (examples / "b.toml").write_text(SMALL.replace('"to sokolniki"]', '"to sokolniki", "fight"]'), encoding="utf-8")
    (examples / "c.toml").write_bytes(b"\xff\xfe not text")
    (examples / "d.json").write_text('{"example": 1}', encoding="utf-8")
    (examples / "e.toml").write_text(SMALL, encoding="utf-8")
    count, problems = validate_examples(tmp_path)
    assert count == 3
    played = [p for p in problems if not p.startswith("examples/pl/")]  # no Polish twins here: a line each
    assert [p.split(":")[0] for p in played] == ["examples/c.toml", "examples/d.json", "examples/a", "examples/b"]
    assert "area limit" in played[2] and "'fight' is not a legal action" in played[3]
    assert all("\n" not in p for p in problems)


def test_example_fields_are_no_part_of_a_game():
    """An example's table and battle_top only set a position up: exports leave them out, and a
    position written before them still loads."""
    game = rulebook_example("07-cerkiew-sw-jura").game()
    exported = game.position()
    assert exported.example is None and exported.battle_top is None
    assert Game.from_position(exported).state.digest() == game.state.digest()
    assert Game.from_position(Position.from_toml('scenario = 2\nto_act = {side = "PL", phase = "orders"}')).decision().kind == "orders"


def test_battle_top_puts_the_cards_drawn_first_on_top():
    game = Game.from_position({"scenario": 2, "battle_top": ["2:1", "0:1"]}, seed=1)
    cards = game.data.battle_deck.cards
    deck = game.position().battle_deck
    assert deck[-2:] == ["0:1", "2:1"]  # drawn from the end: 2:1 first
    assert len(deck) == sum(c.copies for c in cards)
    with pytest.raises(PositionError, match="battle_top: no '3:1' card left"):
        Game.from_position({"scenario": 2, "battle_top": ["3:1", "3:1"]}, seed=1)


POLISH_SMALL = """
source = "reconstructed: a test's own"

[example]
title = "Mały przykład"
section = "§6.2"
text = "PL idzie."
outcome = "Trzej Ochotnicy na Sokolnikach."

[[example.steps]]
say = "PL idzie na Sokolniki."
"""


def test_an_example_is_shown_in_polish_from_its_twin_and_a_missing_text_is_one_line(tmp_path):
    """An example's texts come from its twin in pl/ when the game speaks Polish (the English where
    the twin lacks one); validate names each text the twin lacks or has in excess, one line each."""
    from semper_fidelis.i18n import set_language

    examples = tmp_path / "examples"
    (examples / "pl").mkdir(parents=True)
    (examples / "small.toml").write_text(SMALL, encoding="utf-8")
    (examples / "pl" / "small.toml").write_text(POLISH_SMALL.replace('outcome = "Trzej Ochotnicy na Sokolnikach."\n', ""),
                                                encoding="utf-8")
    example = load_examples(examples)[0][0]
    assert example.shown("title") == "A small example"  # English first
    set_language("pl")
    assert (example.shown("title"), example.step_says(1)) == ("Mały przykład", "PL idzie na Sokolniki.")
    assert example.shown("outcome") == "Three Volunteers in Sokolniki."  # no Polish form: the English
    assert validate_examples(tmp_path)[1] == ["examples/small.toml: example.outcome: brak polskiej wersji w pl/small.toml"]  # said in Polish

    (examples / "pl" / "small.toml").write_text(POLISH_SMALL + '[example.extra]\nx = "?"\n', encoding="utf-8")
    assert validate_examples(tmp_path)[1] == ["examples/pl/small.toml: example.extra.x: nie ma takiego tekstu w small.toml"]
    (examples / "pl" / "small.toml").unlink()
    assert validate_examples(tmp_path)[1] == ["examples/pl/small.toml: brak: 5 tekstów z small.toml nie ma polskiej wersji"]
