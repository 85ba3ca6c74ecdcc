"""Who may take a seat: each open seat's own secret, where a joiner's secret comes from, where
the host keeps them for ``--resume``, and the throttle that makes guessing one hopeless.

A seat is taken only with its own secret, compared in constant time; the other seat's secret
is as wrong as a guess. The host's own human seat has a secret that never leaves the process
(never printed, never written). Secrets never go on a command line, where ``ps`` shows them to
every user of the machine: a joiner gives its secret in :data:`SECRET_ENV`, a file or at a
prompt.
"""

from __future__ import annotations

import getpass
import hmac
import json
import os
import secrets
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from ..i18n import _, ngettext
from .args import SECRET_ENV
from .protocol import MAX_SECRET, SIDES

#: failed attempts an address may make within :data:`WINDOW` seconds before it must wait
ATTEMPTS = 5
WINDOW = 60.0
#: addresses remembered at most (a flood from many addresses forgets the quiet ones first)
MAX_ADDRESSES = 4096


def new_secret() -> str:
    """192 random bits, as 32 characters a shell and a URL leave alone."""
    return secrets.token_urlsafe(24)


def same_secret(given: str, expected: str) -> bool:
    """Constant-time comparison: how long a refusal takes says nothing about the secret."""
    return hmac.compare_digest(given.encode(), expected.encode())


def seat_secrets(sides: Iterable[str], kept: Mapping[str, str] | None = None) -> dict[str, str]:
    """A secret for each of ``sides``: the one kept for it (a resumed game), else a new one."""
    kept = kept or {}
    return {side: kept.get(side) or new_secret() for side in sides}


# ----------------------------------------------------------------------- kept for --resume


def secrets_path(autosave: Path) -> Path:
    """Where the seats' secrets of a hosted game wait for ``host --resume``: a hidden folder
    beside the autosave (never listed among the saves), one file per game."""
    return autosave.parent / ".secrets" / autosave.name


def keep_secrets(autosave: Path, seat_secret: Mapping[str, str]) -> Path:
    """Write the remote seats' secrets beside the autosave, readable by this user only (the file
    is created 0600 by ``write_atomic``'s mkstemp, the folder 0700); returns the file."""
    from ..engine import write_atomic
    from ..store.locks import own_folder

    path = secrets_path(autosave)
    folder = own_folder(path.parent)
    folder.chmod(0o700)
    write_atomic(path, json.dumps(dict(seat_secret)))
    return path


def kept_secrets(autosave: Path) -> dict[str, str]:
    """The secrets kept for this autosave; {} if none, or if the file is not what
    :func:`keep_secrets` writes (then the seats get new ones, printed again)."""
    try:
        with secrets_path(autosave).open("rb") as fh:
            raw = json.loads(fh.read(4096))
    except (OSError, ValueError):
        return {}
    if not isinstance(raw, dict):
        return {}
    kept = {side: value for side, value in raw.items()
            if side in SIDES and isinstance(value, str) and 16 <= len(value) <= MAX_SECRET and value.isascii() and value.isprintable()}
    return kept if len(set(kept.values())) == len(kept) else {}


def forget_secrets(autosave: Path) -> None:
    """At game over the secrets open nothing any more: the file goes."""
    secrets_path(autosave).unlink(missing_ok=True)


# ------------------------------------------------------------------------- the joiner's


def given_secret(secret_file: Path | None, *, environ: Mapping[str, str] = os.environ,
                 ask: Callable[[str], str] | None = None) -> str:
    """The seat's secret: from ``--secret-file FILE``, else :data:`SECRET_ENV`, else typed at a
    hidden prompt when there is a terminal (``ask``: getpass). ValueError with one line."""
    if secret_file is not None:
        try:
            with secret_file.open("rb") as fh:
                raw = fh.read(MAX_SECRET * 4 + 1)
        except OSError as exc:
            raise ValueError(_("--secret-file {path}: {why}", path=secret_file, why=exc.strerror or exc)) from None
        text, where = raw.decode("utf-8", errors="replace"), f"--secret-file {secret_file}"
    elif environ.get(SECRET_ENV):
        text, where = environ[SECRET_ENV], SECRET_ENV
    elif ask is not None or (sys.stdin is not None and sys.stdin.isatty()):
        try:
            text, where = (ask or getpass.getpass)(_("The seat's secret (the host printed it): ")), _("the secret typed")
        except EOFError:
            raise ValueError(_("no secret typed")) from None
    else:
        raise ValueError(_("the seat's secret is needed: {variable}=SECRET as the host printed it, or --secret-file FILE", variable=SECRET_ENV))
    return checked_secret(text, where)


def checked_secret(text: str, where: str) -> str:
    """A secret as a host makes them: one line of printable ASCII, at most MAX_SECRET long."""
    secret = text.strip()
    if not secret:
        raise ValueError(_("{where}: empty, no secret there", where=where))
    if len(secret) > MAX_SECRET or not secret.isascii() or not secret.isprintable():
        raise ValueError(ngettext("{where}: not a seat secret (one line of at most {n} plain character)",
                                 "{where}: not a seat secret (one line of at most {n} plain characters)", MAX_SECRET, where=where))
    return secret


# ----------------------------------------------------------------------------- the throttle


class Throttle:
    """Failed attempts per address: after ``limit`` within ``window`` seconds the address is
    refused, without its secret being looked at, until the oldest of them is ``window`` old.
    Five guesses a minute at a 192-bit secret: none will ever come right."""

    def __init__(self, limit: int = ATTEMPTS, window: float = WINDOW, clock: Callable[[], float] = time.monotonic):
        self.limit = limit
        self.window = window
        self.clock = clock
        self._failed: dict[str, deque[float]] = {}

    def wait(self, address: str) -> float:
        """Seconds until ``address`` may try again (0: now)."""
        recent = self._recent(address)
        if len(recent) < self.limit:
            return 0.0
        return max(recent[0] + self.window - self.clock(), 0.001)

    def failed(self, address: str) -> None:
        if address not in self._failed and len(self._failed) >= MAX_ADDRESSES:
            self._forget_quiet()
        recent = self._recent(address)
        recent.append(self.clock())
        self._failed[address] = recent

    def _recent(self, address: str) -> deque[float]:
        """The address's failures within the window (the older ones forgotten)."""
        recent = self._failed.get(address, deque())
        while recent and recent[0] <= self.clock() - self.window:
            recent.popleft()
        return recent

    def _forget_quiet(self) -> None:
        """Room for a new address: the quiet ones go, else the longest known."""
        for address in [a for a in self._failed if not self._recent(a)]:
            del self._failed[address]
        if len(self._failed) >= MAX_ADDRESSES:
            del self._failed[next(iter(self._failed))]
