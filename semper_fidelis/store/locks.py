"""One writer per game: a copy of the app holds a lock on every save file it has open, so a
second copy on the same data folder is refused the game instead of overwriting its moves.

The locks are ``filelock``'s system locks (``flock`` on Unix) on files in a ``.locks`` folder
beside the save; the system drops them when the process ends, even on kill -9, so a crash
never leaves a game locked.
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import TYPE_CHECKING

from ..i18n import _

if TYPE_CHECKING:  # imported with the first lock, after the menu is shown (start-up time)
    from filelock import FileLock


class OpenElsewhere(Exception):
    """The game is open in another copy of the app; the message says so in one line."""


def lock_path(save: Path) -> Path:
    return save.parent / ".locks" / f"{save.name}.lock"


def own_folder(folder: Path) -> Path:
    """One of the app's hidden folders beside the saves (``.locks``, ``.players``), made if
    missing; a link planted in its place is refused (OSError), as the files would land where
    it points."""
    folder.mkdir(parents=True, exist_ok=True)
    if folder.is_symlink():
        raise OSError(errno.ELOOP, "a link where a folder of the saves should be", str(folder))
    return folder


def lock_game(save: Path) -> FileLock:
    """The lock on ``save``, held (raises :class:`OpenElsewhere` at once if another copy holds
    it, OSError if no lock can be made there). Each call is a lock of its own: a second session
    of the same process is refused like another process."""
    from filelock import FileLock, Timeout

    path = lock_path(save)
    own_folder(path.parent)
    lock = FileLock(path, timeout=0, thread_local=False)
    try:
        lock.acquire()
    except Timeout:
        raise OpenElsewhere(_("{name} is open in another copy of Semper Fidelis: leave it there first.", name=save.stem)) from None
    return lock


def in_play(save: Path) -> bool:
    """Whether a copy of the app holds ``save`` now (this process's games too). Looked at
    without making a lock where there was none: a file only read gets no ``.locks`` folder."""
    if not lock_path(save).exists():
        return False
    try:
        lock_game(save).release()
    except OpenElsewhere:
        return True
    except OSError:  # a lock that cannot be taken here is nobody's
        return False
    return False
