"""The headless commands in Polish (issue 39, docs/i18n.md): each command run with ``--lang pl``
prints no English word of the catalog's source texts — its own lines, its errors, argparse's
words, its help, its reports and charts; counts take the Polish plural forms; numbers in prose
a decimal comma; JSON stays the same in every language."""

from __future__ import annotations

import argparse
import functools
import html
import json
import re
from pathlib import Path

import pytest
from tui.test_polish import english_words as catalog_english

from semper_fidelis.cli import main
from semper_fidelis.cli.argparse_words import ARGPARSE_TEXTS
from semper_fidelis.cli.parser import COMMANDS
from semper_fidelis.data.rulebook import load_rulebook_index
from semper_fidelis.i18n import ngettext, number, set_language

ROOT = Path(__file__).resolve().parent.parent
VARIANT = ROOT / "docs" / "variants" / "coup-steady-pl.toml"
WORD = re.compile(r"[^\W\d_]{3,}")
#: what is not prose: {fields} and %(fields)s, options (--games), metavars (FILE), paths and
#: addresses (docs/designers-guide.md, tcp://host:8786), the commands' names
NAMES = re.compile(r"\{\w*\}|%\(\w+\)\w|--?[\w-]+|\b[A-Z_]{2,}\b|\S*[/.:]\w\S*|\b(?:" + "|".join(COMMANDS) + r")\b")


def prose(text: str) -> list[str]:
    return WORD.findall(NAMES.sub(" ", text))


@functools.cache
def english_words() -> set[str]:
    """The catalog's English words no Polish text uses, as a command prints them (names such as
    'PL' or 'random' are both)."""
    return catalog_english(prose)


def english_in(text: str) -> set[str]:
    return {w.lower() for w in prose(text)} & english_words()


@pytest.fixture
def speak(tmp_path, monkeypatch, capsys):
    """Run ``semper-fidelis --lang pl ARGS`` in this process: (exit status, stdout + stderr)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("COLUMNS", "160")

    def run(*args: str) -> tuple[int, str]:
        status = main(["--lang", "pl", *args])
        captured = capsys.readouterr()
        return status, captured.out + captured.err

    return run


def test_the_check_finds_english():
    assert {"games", "seeds", "scenario", "usage", "required", "error", "interval"} <= english_words()
    assert english_in("semper-fidelis: error: the following arguments are required: --games") == {"error", "the", "following", "arguments", "are", "required"}
    assert not english_in("--games FILE simulate PL ZURL random")


def test_argparse_in_polish_a_whole_polish_error_line(speak):
    status, out = speak("simulate", "--games", "x")
    assert status == 2
    assert out == "semper-fidelis: błąd: argument --games: to nie jest liczba całkowita: 'x' (zobacz 'semper-fidelis simulate --help')\n"
    status, out = speak("replay")
    assert status == 2 and "wymagane są argumenty: RECORD" in out and not english_in(out)
    status, out = speak("simulate", "--pl", "nobody")
    assert "nie ma bota 'nobody'" in out and not english_in(out)
    status, out = speak("nonsense")
    assert "niepoprawny wybór: 'nonsense'" in out and not english_in(out)


def test_argparse_speaks_english_again_without_lang(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(["--lang", "pl", "simulate", "--games", "x"]) == 2
    capsys.readouterr()
    assert main(["simulate", "--games", "x"]) == 2
    assert capsys.readouterr().err == "semper-fidelis: error: argument --games: not a whole number: 'x' (try 'semper-fidelis simulate --help')\n"


def test_argparses_texts_are_its_own():
    """The msgids we translate are argparse's (a new Python may change them: this test says so)."""
    source = Path(argparse.__file__).read_text()
    assert [t for t in ARGPARSE_TEXTS if repr(t) not in source and f'"{t}"' not in source] == []


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_every_help_in_polish(speak, command):
    status, out = speak(*filter(None, [command]), "--help")
    assert status == 0 and out.startswith("użycie: semper-fidelis")
    assert "opcje:" in out and "pokaż tę pomoc i zakończ" in out
    assert not english_in(out), sorted(english_in(out))


@pytest.mark.parametrize("args", [
    ("validate",),
    ("validate", "--variant", str(VARIANT)),
    ("board", "1", "--width", "140", "--no-color"),
    ("board", "2", "--variant", str(VARIANT), "--width", "140", "--no-color"),
    ("board", "4", "--width", "140", "--no-color"),  # free deployment, relief notes
    ("simulate", "--games", "2", "--jobs", "1", "--scenario", "1", "--charts"),
    ("fuzz", "--games", "2", "--scenario", "1"),
    ("bench", "--games", "1", "--scenario", "1"),
    ("balance", "--games", "1", "--jobs", "1", "--scenarios", "1", "--bots", "random"),
    ("balance", "--games", "1", "--jobs", "1", "--scenarios", "1", "--bots", "random", "--charts"),
    ("balance", "--games", "1", "--jobs", "1", "--scenarios", "1", "--pairings", "random-random,random-general", "--markdown"),
    ("balance", "--games", "1", "--jobs", "1", "--variant", str(VARIANT)),
    ("balance", "--games", "1", "--jobs", "1", "--scenarios", "1", "--sweep", "sides.PL.supply=4..5"),
    ("host", "--pl", "human", "--zurl", "human"),
    ("join", "example.org:1"),
    ("board", "xyz"),
    ("validate", "/nonexistent"),
    ("replay", "/nonexistent"),
    ("replay", "/dev/zero"),
    ("balance", "--sweep", "nonsense"),
])
def test_each_command_in_polish_prints_no_english(speak, args):
    status, out = speak(*args)
    assert out.strip()
    assert not english_in(out), sorted(english_in(out))


def test_coverage_in_polish_quotes_the_rulebook_index_in_polish(speak, capsys):
    """``coverage`` quotes the rulebook index's section titles, errata, FAQ questions and reasons
    from its twin (assets/pl/rulebook.toml): no English word in Polish but the sections' ids,
    which are citations ('§9.4', 'Scenario 4'); the English in English."""
    ids = re.compile("^  (?:" + "|".join(re.escape(s.id) for s in load_rulebook_index().sections) + ")  ", re.M)
    status, out = speak("coverage")
    assert "  §9.4  Po bitwie — " in out and "  Scenario 4  Oblężenie (1 XII 1918 - 31 I 1919) — " in out
    assert "  FAQ:relief-vs-reinforcement  Czym Posiłki różnią się od Odsieczy? — niesprawdzalne: terminologia: " in out
    assert not english_in(ids.sub("  ", out)), sorted(english_in(ids.sub("  ", out)))
    assert main(["--lang", "en", "coverage"]) == status
    english = capsys.readouterr().out
    assert "  §9.4  Post-Battle — " in english and "  FAQ:evade-cost  How to do Evasion? — " in english


def test_simulate_in_polish_writes_records_and_replay_reads_them(speak, tmp_path):
    status, out = speak("simulate", "--games", "2", "--jobs", "1", "--scenario", "1", "--records", str(tmp_path / "r"))
    assert status == 0 and "Scenariusz 1: Zamach — 2 gry, random (PL)" in out
    assert "Zapisy 2 gier w" in out and "Średnia długość: rundy: " in out and not english_in(out)
    record = next((tmp_path / "r").glob("*.json"))
    assert '"language"' not in record.read_text() and "Scenariusz" not in record.read_text()  # records carry no display text
    status, out = speak("replay", str(record))
    assert status == 0 and "Wynik: " in out and "Punkty Zwycięstwa: PL" in out and not english_in(out), sorted(english_in(out))


def test_the_plot_file_in_polish(speak, tmp_path):
    """`--plot FILE.svg` writes its text as text: the titles, axes and legend in Polish."""
    pytest.importorskip("matplotlib")
    status, out = speak("simulate", "--games", "2", "--jobs", "1", "--scenario", "1", "--plot", str(tmp_path / "run.svg"))
    assert status == 0 and not english_in(out)
    texts = " ".join(html.unescape(t) for t in re.findall(r"<text[^>]*>(.*?)</text>", (tmp_path / "run.svg").read_text(), re.S))
    assert "Odsetek zwycięstw według scenariusza" in texts and "udział gier, %" in texts and "Scenariusz 1" in texts
    assert not english_in(texts), sorted(english_in(texts))


def test_host_lines_in_polish(speak, monkeypatch, tmp_path):
    from semper_fidelis.net import host

    async def listen(self, bind, port, started=None):
        started(port or 8765)

    monkeypatch.setattr(host.Host, "run", listen)
    status, out = speak("host", "--pl", "general", "--zurl", "remote", "--autosave", str(tmp_path / "a.json"))
    assert status == 0 and "Gospodarz gry: Scenariusz 1, Zamach — PL: general, ZURL: remote" in out
    assert "ZURL dołącza przez: SEMPER_FIDELIS_SECRET=" in out and "Gra czeka w" in out
    assert not english_in(out), sorted(english_in(out))


def test_json_is_the_same_in_every_language(capsys, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    argv = ["balance", "--games", "2", "--jobs", "1", "--scenarios", "1", "--pairings", "random-random,general-random", "--json"]
    outputs = []
    for language in ("en", "pl"):
        assert main(["--lang", language, *argv]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert outputs[0] == outputs[1]
    assert outputs[0]["verdicts"][0]["summary"].isascii()  # English, whatever the language


@pytest.mark.parametrize(("n", "expected"), [
    (1, "1 gra z błędem."), (2, "2 gry z błędem."), (4, "4 gry z błędem."), (5, "5 gier z błędem."),
    (12, "12 gier z błędem."), (14, "14 gier z błędem."), (22, "22 gry z błędem."), (25, "25 gier z błędem."),
])
def test_polish_plurals_of_the_commands(n, expected):
    set_language("pl")
    assert ngettext("{n} failing game.", "{n} failing games.", n) == expected


def test_numbers_in_polish_prose_have_a_decimal_comma():
    set_language("pl")
    assert (number(12.25, 1), number(1890), number(12345.5, 1), number(3, signed=True)) == ("12,2", "1890", "12\u00a0345,5", "+3")
    set_language("en")
    assert (number(12.25, 1), number(1890), number(12345.5, 1), number(-3, signed=True)) == ("12.2", "1,890", "12,345.5", "-3")


@pytest.mark.parametrize(("toml", "expected"), [
    ('name = "x"\nbase = 1\n[sides.PL]\nadd_cards = [1]\n', "sides.PL.add_cards: karta 1 nie jest usunięta w scenariuszu 1"),
    ('name = "x"\nbase = 1\nrounds = 5\n', "rounds: 5 to nie całkowita liczba Etapów"),
    ('name = "x"\nbase = [\n', "niepoprawny TOML"),
])
def test_validate_a_variant_in_polish(speak, tmp_path, toml, expected):
    variant = tmp_path / "bad.toml"
    variant.write_text(toml)
    status, out = speak("validate", "--variant", str(variant))
    assert status == 1 and expected in out and "BŁĄD: 1 problem w wariant bad.toml" in out
    assert not english_in(out.split("niepoprawny TOML:")[0]), sorted(english_in(out))  # what tomllib says is its own
