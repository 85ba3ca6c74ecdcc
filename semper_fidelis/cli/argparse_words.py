"""argparse's own words ("usage:", "options", "invalid choice", …) in the player's language.

argparse looks its texts up with ``gettext.gettext`` and ``gettext.ngettext``, bound into its
module when it is imported, in gettext's global domain, whose language is the environment's
(``LANGUAGE``, ``LC_ALL``…), never ``--lang`` or the menu's choice. So those two names of the
argparse module are pointed at our catalog, which follows :func:`~semper_fidelis.i18n.set_language`
(in English it gives every text back as it is). Its msgids are marked below, so the catalog holds
them and its test keeps them translated; a text of argparse not listed stays English.
"""

from __future__ import annotations

import argparse

from .. import i18n
from ..i18n import N_

#: the texts of Python 3.11's argparse a user of our parser can meet (msgids as argparse writes them)
ARGPARSE_TEXTS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("show program's version number and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
)


def _gettext(message: str) -> str:
    return i18n.catalog(i18n.current_language()).gettext(message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    return i18n.catalog(i18n.current_language()).ngettext(singular, plural, n)


def speak_argparse() -> None:
    """Have argparse look its words up in our catalog, in the language current when it speaks."""
    argparse._ = _gettext  # type: ignore[attr-defined]
    argparse.ngettext = _ngettext  # type: ignore[attr-defined]
