"""Issue "Every file is data": text from outside the program is shown, never obeyed. The rule
(data/text.py), and ``validate`` refusing data text the app would interpret: markup, control
characters, and files that are no regular files (a FIFO must not hang the reader)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from rich.markup import escape
from test_validate import edit_asset, edit_scenario

from semper_fidelis.cli import main
from semper_fidelis.data.loader import load_game_data
from semper_fidelis.data.text import plain, printable, text_problem
from semper_fidelis.engine import examples_dir

MARKUP = ["[/]", "[@click=app.quit]x[/]", "[link=http://x]y[/link]", "[bold red on white]"]
ESCAPES = ["\x1b]0;pwned\x07", "\x1b[2J", "\x9b2J"]


def test_control_characters_are_shown_as_escapes():
    assert printable("a\x1b]0;pwned\x07b") == "a\\x1b]0;pwned\\x07b"
    assert printable("\x1b[2J\x9b\x7f") == "\\x1b[2J\\x9b\\x7f"
    assert printable("two\nlines\tand tab") == "two\\x0alines\\x09and tab"
    assert printable("two\nlines\tand tab", lines=True) == "two\nlines\tand tab"
    assert printable("Łyczaków — ✓ [1]") == "Łyczaków — ✓ [1]"


#: a right-to-left override, a line separator, a zero-width space, a left-to-right mark, an
#: Arabic letter mark, a byte order mark: each shows nothing, or reorders or breaks what follows
INVISIBLE = "\u202e\u2028\u200b\u200e\u061c\ufeff"
SHOWN = "\\u202e\\u2028\\u200b\\u200e\\u061c\\ufeff"


def test_invisible_and_reordering_characters_are_shown_as_escapes():
    assert printable(f"Semper {INVISIBLE}Fidelis") == f"Semper {SHOWN}Fidelis"
    assert printable(f"a{INVISIBLE}\n", lines=True) == f"a{SHOWN}\n"
    assert printable("\u2029\u00ad\ue000\U000e0001\U0010fffe") == "\\u2029\\xad\\ue000\\U000e0001\\U0010fffe"  # Zp, Cf, Co, Cn
    assert printable("Lwów\u00a0— 語 👍 ąę") == "Lwów\u00a0— 語 👍 ąę"  # letters, symbols and spaces stay


@pytest.mark.parametrize("char", INVISIBLE)
def test_data_may_not_hold_invisible_characters(char):
    assert text_problem(f"Semper {char}Fidelis") == f"holds the invisible or reordering character U+{ord(char):04X}"


@pytest.mark.parametrize("text", MARKUP)
def test_markup_is_shown_literally(text):
    from rich.console import Console
    from rich.text import Text

    assert plain(text).plain == text and not plain(text).spans
    console = Console(record=True, width=80, file=io.StringIO())
    console.print(plain(text, "bold"))
    console.print(Text.from_markup(f"[italic]{escape(text)}[/italic]"))
    assert console.export_text() == f"{text}\n{text}\n"


@pytest.mark.parametrize("text", MARKUP + ESCAPES)
def test_data_may_not_hold_it(text):
    assert text_problem(text)


def test_data_may_hold_brackets_that_are_no_markup():
    for text in ("Strength [2]", "a [ b", "C:\\data\\", "line\nbreak\tand tab"):
        assert text_problem(text) is None, text


def _validate_lines(capsys, root: Path) -> list[str]:
    assert main(["validate", str(root)]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err and "\x1b" not in captured.out
    return captured.out.splitlines()


def test_validate_refuses_markup_and_control_characters_field_by_field(data_dir, capsys):
    edit_scenario(data_dir, 2, lambda d: d.update(name="[/]", briefing="Wipe \x1b[2J the screen"))
    edit_asset(data_dir, "board.toml", lambda d: d["areas"][0].update(name="[@click=app.quit]x[/]"))
    edit_asset(data_dir, "cards_pl.toml", lambda d: d["cards"][0].update(effect="[link=http://x]y[/link]"))
    edit_asset(data_dir, "commanders.toml", lambda d: d["commanders"][0].update(name="\x1b]0;pwned\x07"))
    lines = _validate_lines(capsys, data_dir)
    scenario = next((data_dir / "scenarios").glob("2-*.toml")).name
    wanted = [
        (scenario, "name: holds markup '[/]'"),
        (scenario, "briefing: holds the control character U+001B"),
        ("board.toml", "areas[id=", ".name: holds markup '[@click=app.quit]'"),
        ("cards_pl.toml", "cards[number=1].effect: holds markup '[link=http://x]'"),
        ("commanders.toml", ".name: holds the control character U+001B"),
    ]
    for parts in wanted:
        assert any(line.startswith(parts[0]) and all(p in line for p in parts) for line in lines), (parts, lines)
    assert lines[-1].startswith("FAILED: 5 problems")


def test_validate_refuses_markup_in_an_example(data_dir, capsys):
    example = examples_dir(data_dir / "assets") / "02-move.toml"
    example.write_text(example.read_text(encoding="utf-8").replace(
        'title = "Winniki to Dworzec Główny: two Move orders"', 'title = "[bold red on white]Moved"'), encoding="utf-8")
    lines = _validate_lines(capsys, data_dir)
    assert "examples/02-move: example.title: holds markup '[bold red on white]'" in lines[0]


def test_validate_names_an_invisible_character_in_a_scenario_name(data_dir, capsys):
    edit_scenario(data_dir, 2, lambda d: d.update(name=f"Semper {INVISIBLE}Fidelis"))
    lines = _validate_lines(capsys, data_dir)
    assert any("name: holds the invisible or reordering character U+202E" in line for line in lines), lines
    assert not any(char in "".join(lines) for char in INVISIBLE)


def test_the_app_loads_control_characters_as_escapes(data_dir):
    """What validate refuses is still loaded harmlessly with --assets: shown, not obeyed."""
    edit_scenario(data_dir, 2, lambda d: d.update(name="\x1b]0;pwned\x07 [/]"))
    assert load_game_data(data_dir).scenarios[2].name == "\\x1b]0;pwned\\x07 [/]"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("where", ["assets/tracks.toml", "scenarios/2-semper-fidelis.toml", "assets/examples/02-move.toml"])
def test_a_fifo_where_a_data_file_belongs_is_refused_not_waited_on(data_dir, capsys, where):
    path = data_dir / where
    path.unlink()
    os.mkfifo(path)
    lines = _validate_lines(capsys, data_dir)
    assert any("not a regular file" in line and path.name in line for line in lines), lines


def test_a_directory_where_a_data_file_belongs_is_refused(data_dir, capsys):
    path = data_dir / "assets" / "tracks.toml"
    path.unlink()
    path.mkdir()
    assert f"{path}: not a regular file" in _validate_lines(capsys, data_dir)
