"""The error a user sees as one line: below every command module, so the network's commands and
the command line raise the same one without importing each other."""

from __future__ import annotations


class CliError(Exception):
    """A user-facing error: printed as one line on stderr, exit status 2."""
