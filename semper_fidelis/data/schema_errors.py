"""What a schema error of a data file means, said in our words and the player's language.

pydantic says what is wrong in its own English ("Input should be greater than or equal to 1",
"Extra inputs are not permitted"), which no catalog translates. Each kind of error a data file
can have gets a sentence of ours with named fields ("should be at least 1 (it is 0)"); a kind
not listed here keeps pydantic's words. The errors of one field (a union gives one per member)
become one sentence: the choices of every member, or each distinct sentence once.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pydantic_core import ErrorDetails

from ..i18n import N_, _, ngettext
from .models import MAX_NAME

#: an id's pattern in the schemas (models.py)
ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
#: a plain sentence for each kind of error without a limit in it
PLAIN: dict[str, str] = {
    "missing": N_("missing: this field is required"),
    "extra_forbidden": N_("not a field of this table (a misspelt or left-over key?)"),
    "int_type": N_("should be a whole number (it is {value})"),
    "int_parsing": N_("should be a whole number (it is {value})"),
    "int_from_float": N_("should be a whole number (it is {value})"),
    "float_type": N_("should be a number (it is {value})"),
    "float_parsing": N_("should be a number (it is {value})"),
    "bool_type": N_("should be true or false (it is {value})"),
    "bool_parsing": N_("should be true or false (it is {value})"),
    "string_type": N_("should be a text in quotes (it is {value})"),
    "dict_type": N_("should be a table (it is {value})"),
    "model_type": N_("should be a table (it is {value})"),
    "model_attributes_type": N_("should be a table (it is {value})"),
    "list_type": N_("should be a list (it is {value})"),
    "tuple_type": N_("should be a list (it is {value})"),
}
#: a sentence for each kind of error with a limit ({limit}) in its context, under the context's key
LIMITS: dict[str, tuple[str, str]] = {
    "greater_than_equal": ("ge", N_("should be at least {limit} (it is {value})")),
    "greater_than": ("gt", N_("should be more than {limit} (it is {value})")),
    "less_than_equal": ("le", N_("should be at most {limit} (it is {value})")),
    "less_than": ("lt", N_("should be less than {limit} (it is {value})")),
}


def schema_problem(errors: Sequence[ErrorDetails]) -> str:
    """The errors of one field as one sentence in the current language."""
    if len(errors) > 1 and all(e["type"] == "literal_error" for e in errors):
        return _literal([choice for e in errors for choice in _choices(e)], errors[0].get("input"))
    return "; ".join(dict.fromkeys(_sentence(e) for e in errors))


def _sentence(error: ErrorDetails) -> str:
    kind, ctx, value = error["type"], error.get("ctx") or {}, error.get("input")
    if kind in PLAIN:
        return _(PLAIN[kind], value=shown(value))
    if kind in LIMITS:
        key, message = LIMITS[kind]
        return _(message, limit=ctx.get(key), value=shown(value))
    if kind == "literal_error":
        return _literal(_choices(error), value)
    if kind in ("string_too_short", "string_too_long", "too_short", "too_long"):
        return _length(kind, ctx, value)
    if kind == "string_pattern_mismatch" and ctx.get("pattern") == ID_PATTERN:
        return _("should be an id: lower-case letters and digits joined by single hyphens (it is {value})", value=shown(value))
    if kind == "value_error" and isinstance(ctx.get("error"), ValueError):
        return _(str(ctx["error"]))  # the schemas' own sentences are marked for the catalog (models.py)
    return " ".join(error["msg"].split())


def _length(kind: str, ctx: dict[str, Any], value: object) -> str:
    """Too short or too long: a text's characters, a list's or table's entries."""
    text, longest = kind.startswith("string"), kind.endswith("long")
    limit = ctx.get("max_length" if longest else "min_length", 0)
    length = len(value) if isinstance(value, str | list | tuple | dict) else ctx.get("actual_length", 0)
    if text and longest:
        return ngettext("should have at most {n} character (it has {length})", "should have at most {n} characters (it has {length})",
                        limit, length=length)
    if text:
        return ngettext("should have at least {n} character", "should have at least {n} characters", limit)
    if longest:
        return ngettext("should have at most {n} entry (it has {length})", "should have at most {n} entries (it has {length})",
                        limit, length=length)
    return ngettext("should have at least {n} entry (it has {length})", "should have at least {n} entries (it has {length})",
                    limit, length=length)


def _choices(error: ErrorDetails) -> list[str]:
    """The values a literal allows, as pydantic quotes them ("'PL' or 'ZURL'")."""
    expected = str((error.get("ctx") or {}).get("expected", ""))
    return re.findall(r"'(?:[^'\\]|\\.)*'|-?\d+", expected)


def _literal(choices: list[str], value: object) -> str:
    return _("should be one of {choices} (it is {value})", choices=", ".join(dict.fromkeys(choices)), value=shown(value))


def shown(value: object) -> str:
    """A value of a data file as a problem line shows it: a scalar as written (cut to a name's
    length), a table or a list by what it is."""
    if isinstance(value, dict):
        return _("a table")
    if isinstance(value, list | tuple):
        return _("a list")
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value)
    return text if len(text) <= MAX_NAME else text[: MAX_NAME - 1] + "…"
