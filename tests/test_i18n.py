"""The code's texts in Polish (issue 39, docs/i18n.md): the language chosen as the player asked,
Polish plural forms, a switch that takes effect at once, and a catalog kept complete — every
marked text of the code translated, nothing fuzzy or stale, the committed ``.mo`` compiled from
the ``.po`` as it is now."""

from __future__ import annotations

import argparse
import gettext
import io
import string
import threading
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from semper_fidelis import i18n
from semper_fidelis.i18n import N_, _, choose_language, current_language, language_of_locale, ngettext, number, set_language, speaking
from semper_fidelis.store.settings import read_settings, remember, starting_language

ROOT = Path(__file__).resolve().parents[1]
LOCALE = Path(i18n.__file__).parent / "locale"
PO = LOCALE / "pl" / "LC_MESSAGES" / "messages.po"
MO = PO.with_suffix(".mo")


def read_catalog(path: Path = PO) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh)


@cache
def extracted() -> dict[tuple[str | None, str], bool]:
    """What Babel extracts from the code with babel.cfg: (context, msgid) -> has a plural."""
    with (ROOT / "babel.cfg").open() as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    found: dict[tuple[str | None, str], bool] = {}
    for _file, _line, message, _comments, context in extract_from_dir(str(ROOT), method_map, options_map):
        msgid = message if isinstance(message, str) else message[0]
        found[(context, msgid)] = not isinstance(message, str)
    return found


# ------------------------------------------------------------------------------- the language


@pytest.mark.parametrize(("cli", "remembered", "environ", "expected"), [
    ("pl", "en", {"LANG": "en_GB.UTF-8"}, "pl"),  # --lang first
    (None, "pl", {"LANG": "en_GB.UTF-8"}, "pl"),  # then what the player chose last time
    (None, None, {"LANG": "pl_PL.UTF-8"}, "pl"),  # then the locale
    (None, None, {"LC_ALL": "pl_PL.UTF-8", "LANG": "en_US.UTF-8"}, "pl"),  # LC_ALL over LANG
    (None, None, {"LC_MESSAGES": "en_US.UTF-8", "LANG": "pl_PL.UTF-8"}, "en"),  # LC_MESSAGES over LANG
    (None, None, {"LC_ALL": "", "LANG": "pl_PL"}, "pl"),  # an empty variable is not set
    (None, None, {"LANG": "C.UTF-8"}, "en"),
    (None, None, {"LANG": "de_DE.UTF-8"}, "en"),  # a language the game does not speak
    (None, None, {}, "en"),
    ("klingon", "fr", {"LANG": "pl_PL.UTF-8@euro"}, "pl"),  # unknown values are passed over
])
def test_the_language_is_the_command_lines_then_the_remembered_then_the_locales(cli, remembered, environ, expected):
    assert choose_language(cli, remembered, environ) == expected


def test_a_locale_name_gives_its_language():
    assert [language_of_locale(v) for v in ("pl_PL.UTF-8", "pl", "PL_pl", "en_US", "C", "POSIX", "")] == [
        "pl", "pl", "pl", "en", None, None, None]


def test_an_unknown_language_is_refused():
    with pytest.raises(ValueError, match="no such language"):
        set_language("de")


def test_a_text_is_translated_when_it_is_shown_so_a_switch_takes_effect_at_once():
    label = N_("New game")  # marked at import time, in no language yet
    set_language("pl")
    assert (current_language(), _(label)) == ("pl", "Nowa gra")
    assert _("The language is not remembered: {why}", why="brak miejsca") == "Wybór języka nie został zapamiętany: brak miejsca"
    set_language("en")
    assert _(label) == "New game"
    assert _("The language is not remembered: {why}", why="disk full") == "The language is not remembered: disk full"


def test_speaking_words_one_thread_in_a_language_the_others_and_the_process_keep_their_own():
    """A host words a joined seat's state in that seat's language (net/host.py) while its own
    screen, in another thread, words in the host's: neither leaks into the other."""
    inside, beside = threading.Barrier(2), threading.Barrier(2)
    heard: dict[str, tuple[str, str, str]] = {}

    def polish_seat() -> None:
        with speaking("pl"):
            inside.wait()  # the other thread words while this one speaks Polish
            heard["seat"] = (current_language(), _("New game"), number(1.5, 1))
            beside.wait()
        heard["after"] = (current_language(), _("New game"), number(1.5, 1))

    def host_screen() -> None:
        inside.wait()
        heard["host"] = (current_language(), _("New game"), number(1.5, 1))
        beside.wait()

    threads = [threading.Thread(target=polish_seat), threading.Thread(target=host_screen)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert heard == {"seat": ("pl", "Nowa gra", "1,5"), "host": ("en", "New game", "1.5"), "after": ("en", "New game", "1.5")}
    with pytest.raises(ValueError, match="no such language"), speaking("de"):
        pass
    assert current_language() == "en"


def test_a_command_lines_error_in_polish():
    """The first CLI line in the mechanism: a scenario not found, the known ones by their Polish names."""
    from semper_fidelis.data.loader import load_game_data
    from semper_fidelis.data.scenarios import pick_scenario
    from semper_fidelis.errors import CliError

    data = load_game_data()
    set_language("pl")
    assert pick_scenario(data, "oblęż").number == 4
    with pytest.raises(CliError) as caught:
        pick_scenario(data, "xyz")
    assert str(caught.value) == "nie ma scenariusza 'xyz' (są: 1 Zamach, 2 Semper Fidelis, 3 Odsiecz, 4 Oblężenie, 5 Szturm)"
    set_language("en")
    with pytest.raises(CliError, match=r"^no scenario 'xyz' \(known: 1 Coup, 2 Semper Fidelis, 3 Relief, 4 Siege, 5 Storm\)$"):
        pick_scenario(data, "xyz")


@pytest.mark.parametrize(("argv", "environ", "expected"), [
    (["--lang", "pl", "board", "xyz"], {"LANG": "C.UTF-8"}, "błąd: nie ma scenariusza 'xyz' (są: 1 Zamach, "),
    (["board", "xyz", "--lang", "pl"], {"LANG": "C.UTF-8"}, "błąd: nie ma scenariusza 'xyz' (są: 1 Zamach, "),
    (["board", "xyz"], {"LANG": "pl_PL.UTF-8"}, "błąd: nie ma scenariusza 'xyz' (są: 1 Zamach, "),
    (["--lang", "en", "board", "xyz"], {"LANG": "pl_PL.UTF-8"}, "error: no scenario 'xyz' (known: 1 Coup, "),
    (["board", "xyz"], {"LANG": "C.UTF-8"}, "error: no scenario 'xyz' (known: 1 Coup, "),
    (["--lang", "pl", "board", "2", "--variant", str(ROOT / "docs" / "variants" / "coup-steady-pl.toml")], {},
     "błąd: --variant zmienia scenariusz 1, nie scenariusz 2"),
])
def test_the_command_line_speaks_lang_else_the_remembered_else_the_locale(argv, environ, expected, tmp_path, monkeypatch, capsys):
    from semper_fidelis.cli import main

    for variable in i18n.LOCALE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # no remembered choice
    for variable, value in environ.items():
        monkeypatch.setenv(variable, value)
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith(f"semper-fidelis: {expected}")


def test_the_command_line_remembers_the_menus_choice_and_refuses_an_unknown_language(tmp_path, monkeypatch, capsys):
    from semper_fidelis.cli import main
    from semper_fidelis.net.commands import app_command

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "C.UTF-8")
    remember(tmp_path / "semper-fidelis" / "settings.json", "language", "pl")
    assert main(["board", "xyz"]) == 2
    assert "nie ma scenariusza" in capsys.readouterr().err
    assert main(["--lang", "de", "board", "2"]) == 2
    assert "argument --lang: niepoprawny wybór: 'de'" in capsys.readouterr().err  # argparse's words too, in the remembered language
    served = argparse.Namespace(assets=None, lang="pl", join=None, saves=None)
    assert app_command(served).endswith("--lang pl play --served")  # every page of serve in the language it was given


# ------------------------------------------------------------------------- Polish plural forms


def test_polish_plural_forms(tmp_path, monkeypatch):
    """The catalog's Plural-Forms header picks 1 / 2-4 (and 22-24, not 12-14) / the rest, as
    ngettext shows them: a catalog with that header and one counted text."""
    ours = read_catalog()
    counted = Catalog(locale="pl")
    assert ours.num_plurals == 3
    counted.mime_headers = ours.mime_headers
    counted.add(("{n} unit", "{n} units"), ("{n} jednostka", "{n} jednostki", "{n} jednostek"))
    folder = tmp_path / "pl" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "messages.mo").open("wb") as fh:
        write_mo(fh, counted)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.catalog.cache_clear()
    try:
        set_language("pl")
        words = {n: ngettext("{n} unit", "{n} units", n) for n in (0, 1, 2, 4, 5, 11, 12, 14, 21, 22, 24, 25, 101, 102, 112, 122)}
    finally:
        i18n.catalog.cache_clear()
    assert words == {0: "0 jednostek", 1: "1 jednostka", 2: "2 jednostki", 4: "4 jednostki", 5: "5 jednostek",
                     11: "11 jednostek", 12: "12 jednostek", 14: "14 jednostek", 21: "21 jednostek",
                     22: "22 jednostki", 24: "24 jednostki", 25: "25 jednostek", 101: "101 jednostek",
                     102: "102 jednostki", 112: "112 jednostek", 122: "122 jednostki"}
    set_language("en")
    assert [ngettext("{n} unit", "{n} units", n) for n in (1, 2)] == ["1 unit", "2 units"]


# -------------------------------------------------------------------------------- the catalog


def _fields(text: str) -> set[str]:
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name is not None}


def _fields_differ(ids: tuple[str, ...], strings: tuple[str, ...]) -> bool:
    """Whether a translation names other {fields} than the English (a plural form may leave out
    ``{n}``: "jedna jednostka")."""
    expected = set().union(*map(_fields, ids))
    return any(not expected - {"n"} <= _fields(s) <= expected for s in strings)


def catalog_problems(code: dict[tuple[str | None, str], bool], catalog: Catalog) -> list[str]:
    """One line per message of ``catalog`` that is missing, stale, untranslated, fuzzy, obsolete
    or has other {fields} than the code's text."""
    in_po = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m for m in catalog if m.id}
    problems = [f"not in the catalog: {key[1]!r}" for key in code.keys() - in_po.keys()]
    problems += [f"in the catalog but no longer in the code (stale): {key[1]!r}" for key in in_po.keys() - code.keys()]
    for key, message in in_po.items():
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if not all(strings):
            problems.append(f"untranslated: {key[1]!r}")
        elif _fields_differ(ids, strings):
            problems.append(f"its {{fields}} differ from the English: {key[1]!r}")
        if message.fuzzy:
            problems.append(f"fuzzy (check it, then drop the flag): {key[1]!r}")
    return problems + [f"obsolete (#~): {m.id!r}" for m in catalog.obsolete.values()]


def test_every_marked_text_of_the_code_is_translated_and_nothing_else_is_in_the_catalog():
    """What CI holds (docs/i18n.md): run `pybabel extract` / `update` / `compile` when this fails."""
    problems = catalog_problems(extracted(), read_catalog())
    assert not problems, "\n".join(problems)


def test_the_check_finds_a_missing_a_stale_an_untranslated_and_a_fuzzy_message():
    code = extracted()
    catalog = read_catalog()
    catalog.delete("New game")
    catalog.add("Old menu item", "Dawna pozycja")
    catalog.get("Quit").string = ""
    catalog.get("Review a game").flags.add("fuzzy")
    catalog.get("The language is not remembered: {why}").string = "Wybór języka nie został zapamiętany: {powód}"
    catalog.obsolete["Gone"] = catalog.get("Rules and keys")
    assert sorted(catalog_problems(code, catalog)) == sorted([
        "not in the catalog: 'New game'",
        "in the catalog but no longer in the code (stale): 'Old menu item'",
        "untranslated: 'Quit'",
        "fuzzy (check it, then drop the flag): 'Review a game'",
        "its {fields} differ from the English: 'The language is not remembered: {why}'",
        "obsolete (#~): 'Rules and keys'",
    ])


def test_the_committed_mo_is_the_po_compiled():
    """The .mo the game reads says what the .po says (`pybabel compile -d semper_fidelis/locale`)."""
    compiled = io.BytesIO()
    write_mo(compiled, read_catalog())
    compiled.seek(0)
    with MO.open("rb") as fh:
        assert gettext.GNUTranslations(fh)._catalog == gettext.GNUTranslations(compiled)._catalog  # type: ignore[attr-defined]


# ----------------------------------------------------------------------------- remembered choice


def test_the_choice_is_remembered_and_a_damaged_settings_file_counts_as_none(tmp_path):
    path = tmp_path / "settings.json"
    assert read_settings(path) == {}
    remember(path, "language", "pl")
    remember(path, "other", "x")
    assert read_settings(path) == {"language": "pl", "other": "x"}
    for damaged in ("{", "[1]", '{"language": 3}', "\udcff"):
        path.write_text(damaged, encoding="utf-8", errors="surrogateescape")
        assert read_settings(path).get("language") is None


def test_a_start_begins_in_the_language_remembered_beside_the_saves(tmp_path):
    english = {"LANG": "en_US.UTF-8"}
    assert starting_language(tmp_path / "saves", None, english) == "en"
    assert starting_language(tmp_path / "saves", None, {"LANG": "pl_PL.UTF-8"}) == "pl"
    (tmp_path / "settings.json").write_text('{"language": "pl"}')
    assert starting_language(tmp_path / "saves", None, english) == "pl"
    assert starting_language(tmp_path / "saves", "en", english) == "en"  # --lang wins
