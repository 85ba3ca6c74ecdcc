"""The code's own texts in the player's language (docs/i18n.md).

Every text a player reads is marked where it is written: ``_("...")`` where it is shown,
``N_("...")`` where it is defined before any language is chosen (a table at module level) and
passed through ``_()`` when shown, ``ngettext`` for a count, ``pgettext`` for a word whose
translation depends on where it stands. Fields are named (``_("Scenario {number}", number=n)``)
so a translation may put them where its grammar wants: text is never glued from English words.

Translations are looked up when the text is made, never frozen at import, so
:func:`set_language` changes every screen drawn afterwards. :func:`speaking` words the texts made
inside it, in its own thread or task only, in another language (a host wording a joined seat's
state in that seat's language while its own screen stays in the host's). The catalogs are gettext ``.mo``
files compiled by Babel from the ``.po`` beside them and committed (tests/test_i18n.py holds
each ``.mo`` to its ``.po``): the stdlib reads them in a millisecond, an editable install and a
plain wheel carry them alike, and the player's install needs neither Babel nor a build step.

A leaf module: it imports nothing of the package, so every layer may use it.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any, Final

#: the languages the game speaks; the first is the one the code is written in
LANGUAGES: Final = ("en", "pl")
SOURCE_LANGUAGE: Final = "en"
DOMAIN: Final = "messages"
LOCALE_DIR: Final = Path(__file__).resolve().parent / "locale"
#: the environment variables that name the user's locale, in POSIX order of precedence
LOCALE_VARIABLES: Final = ("LC_ALL", "LC_MESSAGES", "LANG")

_current: gettext.NullTranslations = gettext.NullTranslations()
_language: str = SOURCE_LANGUAGE
#: the language :func:`speaking` chose for this thread or task (None: the process's, above)
_spoken: ContextVar[tuple[gettext.NullTranslations, str] | None] = ContextVar("spoken", default=None)


@cache
def catalog(language: str) -> gettext.NullTranslations:
    """The compiled catalog of ``language`` (the source language needs none)."""
    if language == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, languages=[language])


def _checked(language: str) -> str:
    if language not in LANGUAGES:
        raise ValueError(f"no such language: {language!r} (one of {', '.join(LANGUAGES)})")
    return language


def set_language(language: str) -> None:
    """Speak ``language`` (one of :data:`LANGUAGES`) from now on."""
    global _current, _language
    _current, _language = catalog(_checked(language)), language


def _translations() -> gettext.NullTranslations:
    spoken = _spoken.get()
    return _current if spoken is None else spoken[0]


def current_language() -> str:
    spoken = _spoken.get()
    return _language if spoken is None else spoken[1]


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Texts made inside are in ``language``, in this thread or task alone (a context variable):
    another thread wording at the same moment, or the process after it, keeps its own. A thread
    or task started inside inherits it only as Python copies a context (``asyncio.to_thread``)."""
    token = _spoken.set((catalog(_checked(language)), language))
    try:
        yield
    finally:
        _spoken.reset(token)


@contextmanager
def source_language() -> Iterator[None]:
    """Texts made inside are in the source language, whatever the player's: what JSON output and
    records keep must not depend on the language the command was run in."""
    global _current, _language
    before = _current, _language
    _current, _language = catalog(SOURCE_LANGUAGE), SOURCE_LANGUAGE
    try:
        yield
    finally:
        _current, _language = before


def _fill(text: str, fields: Mapping[str, Any]) -> str:
    return text.format_map(fields) if fields else text


def _(message: str, /, **fields: Any) -> str:
    """``message`` in the current language, its ``{fields}`` filled in."""
    return _fill(_translations().gettext(message), fields)


class Said(str):
    """A text kept as its message and fields, made where no language is known yet (a worker
    process, a check deep in the engine): it reads as the source-language text (what JSON and
    records keep), and :meth:`shown` says it in the current language. A field may be a ``Said``."""

    template: str
    fields: dict[str, Any]

    def __new__(cls, template: str, /, **fields: Any) -> Said:
        said = super().__new__(cls, _fill(template, fields))
        said.template, said.fields = template, fields
        return said

    def __reduce__(self) -> tuple[Any, ...]:  # pickled whole, to and from worker processes
        return _said, (self.template, self.fields)

    def shown(self) -> str:
        return _(self.template, **{k: v.shown() if isinstance(v, Said) else v for k, v in self.fields.items()})


def _said(template: str, fields: dict[str, Any]) -> Said:
    return Said(template, **fields)


#: ``N_(message)`` marks ``message`` for the catalog without translating it yet (it is shown
#: through ``_``): ``str`` itself, which gives a string back as it is — a builtin, so the
#: engine's game loop, which marks every log template it writes, pays no Python call for it
N_ = str


def ngettext(singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """The form for ``n`` (Polish has three: 1, 2-4 and 22-24, the rest), ``{n}`` and ``fields`` filled in."""
    return _fill(_translations().ngettext(singular, plural, n), {"n": n, **fields})


def pgettext(context: str, message: str, /, **fields: Any) -> str:
    """``message`` as meant in ``context`` (one English word, two Polish ones)."""
    return _fill(_translations().pgettext(context, message), fields)


#: how each language writes a number in prose: its decimal mark, its thousands' separator, and
#: the fewest digits of a whole part that is grouped (Polish leaves 1890 whole, writes 12 345)
_NUMBER_MARKS: Final = {"en": (".", ",", 4), "pl": (",", "\u00a0", 5)}


def number(value: float, places: int = 0, *, signed: bool = False) -> str:
    """``value`` with ``places`` decimals as the current language writes it: 12,345.5 in English,
    12 345,5 in Polish (a no-break space); ``signed``: +3 as well as -3. For text a person reads,
    never for JSON or records."""
    point, thousands, grouped = _NUMBER_MARKS[current_language()]
    text = f"{value:{'+' if signed else ''}.{places}f}"
    sign, text = (text[0], text[1:]) if text[:1] in "+-" else ("", text)
    whole, _dot, fraction = text.partition(".")
    if len(whole) >= grouped:
        whole = f"{int(whole):,}".replace(",", thousands)
    return sign + whole + (point + fraction if fraction else "")


def decimal_mark() -> str:
    """The current language's decimal mark: "." or ","."""
    return _NUMBER_MARKS[current_language()][0]


def percent(fraction: float) -> str:
    """``fraction`` as a whole percent: 45%."""
    return f"{number(100 * fraction)}%"


def language_of_locale(value: str) -> str | None:
    """The game's language a POSIX locale name asks for: ``pl_PL.UTF-8`` -> ``pl``; ``C``, ``POSIX``,
    an empty value or a language the game does not speak -> None."""
    code = value.split(".")[0].split("@")[0].split("_")[0].lower()
    return code if code in LANGUAGES else None


def choose_language(cli_value: str | None, remembered: str | None, environ: Mapping[str, str]) -> str:
    """The language to start in: ``--lang``, else the one the player chose last time, else the
    locale (the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set decides, as in POSIX),
    else English. A value the game does not speak is passed over."""
    for value in (cli_value, remembered):
        if value is not None and value in LANGUAGES:
            return value
    for variable in LOCALE_VARIABLES:
        if environ.get(variable):
            return language_of_locale(environ[variable]) or SOURCE_LANGUAGE
    return SOURCE_LANGUAGE
