"""Reading a data file without trusting it.

A data folder comes from anyone (``--assets DIR``), so every file of it is read the same way:
it must be a regular file (a FIFO would block the reader, a device never ends), a link only to a
file inside its own folder (not to ``/dev/zero`` or a secret elsewhere, not in a loop), at most
:data:`MAX_FILE_BYTES` long (checked before reading) and UTF-8. Anything else is one line
naming the file, as a :class:`DataError`.

Also which files a data folder holds (:data:`ASSET_FILES`) and where the shipped one is: the
lowest module of ``data``, which the loader, the rulings and the checks all read through.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from ..i18n import _, ngettext, number

#: the asset files of a data folder, by what they hold
ASSET_FILES = {
    "board": "board.toml",
    "components": "components.toml",
    "tracks": "tracks.toml",
    "supply_tokens": "supply_tokens.toml",
    "battle_deck": "battle_deck.toml",
    "commanders": "commanders.toml",
    "cards_pl": "cards_pl.toml",
    "cards_zurl": "cards_zurl.toml",
}
#: the rulebook's index (data/rulebook.py), beside them: read by ``coverage``, never by a game
INDEX_FILE = "rulebook.toml"


def _package_data_root() -> Path:
    """Where the shipped data lives: inside the wheel, or at the top of a checkout."""
    here = Path(__file__).resolve().parent.parent  # semper_fidelis/
    bundled = here / "_data"
    if (bundled / "assets").is_dir():
        return bundled
    return here.parent


def default_assets_dir() -> Path:
    return _package_data_root() / "assets"


def default_scenarios_dir() -> Path:
    return _package_data_root() / "scenarios"


def shipped_variants_dir() -> Path:
    """The guide's example variants: docs/variants/ of a checkout, or the wheel's copy of it."""
    root = _package_data_root()
    return root / "variants" if root.name == "_data" else root / "docs" / "variants"


#: the largest shipped data file is under 30 kB; a megabyte leaves room and bounds the parse
MAX_FILE_BYTES = 1_000_000


class DataError(Exception):
    """A data file is missing or malformed. ``problems`` holds one line per problem."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


def real_path(path: Path, folder: Path) -> Path:
    """Where ``path`` leads, refused when that is nowhere, a link loop or outside ``folder``."""
    try:
        real = path.resolve(strict=True)
    except FileNotFoundError:
        raise DataError([_("{path}: a link to nothing", path=path) if path.is_symlink() else _("{path}: file is missing", path=path)]) from None
    except RuntimeError:  # Python 3.11's word for a link loop; later ones raise ELOOP
        raise DataError([_("{path}: a link loop", path=path)]) from None
    except OSError as exc:
        raise DataError([_("{path}: a link loop", path=path) if exc.errno == errno.ELOOP else
                         _("{path}: cannot be read: {why}", path=path, why=exc.strerror)]) from None
    if not real.is_relative_to(folder.resolve()):
        raise DataError([_("{path}: a link leading outside {folder}", path=path, folder=folder)])
    return real


def read_bytes(path: Path) -> bytes:
    """The bytes of the data file ``path``, which must lie in its own folder."""
    real = real_path(path, path.parent)
    try:
        info = os.stat(real)
        _check_size(path, info.st_mode, info.st_size)
        fd = os.open(real, os.O_RDONLY | os.O_NONBLOCK)  # never blocks, should it have become a FIFO
        with os.fdopen(fd, "rb") as fh:
            info = os.fstat(fh.fileno())
            _check_size(path, info.st_mode, info.st_size)
            raw = fh.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise DataError([_("{path}: cannot be read: {why}", path=path, why=exc.strerror)]) from None
    _check_size(path, stat.S_IFREG, len(raw))  # it may have grown since
    return raw


def read_text(path: Path) -> str:
    """The text of the data file ``path``, as :func:`read_bytes` reads it; UTF-8 or refused."""
    raw = read_bytes(path)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError([_("{path}: not UTF-8 text (byte {byte})", path=path, byte=exc.start)]) from None


def _check_size(path: Path, mode: int, size: int) -> None:
    if not stat.S_ISREG(mode):
        raise DataError([_("{path}: not a regular file", path=path)])
    if size > MAX_FILE_BYTES:
        raise DataError([ngettext("{path}: {size} byte, more than a data file may hold ({most})", "{path}: {size} bytes, more than a data file may hold ({most})",
                                  size, path=path, size=number(size), most=number(MAX_FILE_BYTES))])


def folder_problem(folder: Path, data_dir: Path) -> str | None:
    """Why the sub-folder ``folder`` of the data folder ``data_dir`` may not be read (a link
    loop, a link leading outside ``data_dir``, not a folder), or None. A missing one is fine
    here: the caller knows whether it is required."""
    if not os.path.lexists(folder):
        return None
    try:
        real_path(folder, data_dir)
    except DataError as exc:
        return exc.problems[0]
    return None if folder.is_dir() else _("{path}: not a folder", path=folder)
