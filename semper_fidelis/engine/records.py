"""Game records at the boundary: a pydantic schema, files written atomically, and reading that
never trusts the file — a size cap before reading, no special files, strict JSON, every field
typed, and any failure one line naming the field (docs/architecture.md).

This module imports nothing from the rest of the engine but the values of ``Termination``
(outcome.py), so :mod:`.game` can validate every record it replays with the same schema.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Annotated, Any, Literal, NoReturn

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError, model_validator

from ..i18n import _, number
from .outcome import Termination

#: 2: the record may start from an embedded ``position`` instead of the scenario's setup;
#: 3: a finished game's record says how it ended (``termination``), checked on replay;
#: 4: the game is of a scenario ``variant`` the record carries
FORMATS = (1, 2, 3, 4)
MAX_RECORD_BYTES = 4_000_000  # a long game is ~30 kB; this leaves room and refuses /dev/zero
MAX_ACTIONS = 100_000
MAX_ACTION_CHARS = 200  # the longest notation is well under 80
SEED_LIMIT = 2**63


class RecordError(ValueError):
    """A game record that cannot be loaded or replayed; the message names the problem."""


class GameOptions(BaseModel):
    """The options a game starts with; an unknown or mistyped option is refused, so
    ``{"handicap": "no"}`` cannot mean handicap on."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    handicap: bool = Field(default=False, description="FAQ handicap: ZURL with the initiative starts with 3 cards")


Action = Annotated[str, StringConstraints(max_length=MAX_ACTION_CHARS)]
Digest = Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{16}$")]


class VariantRecord(BaseModel):
    """The scenario variant a game is of: its name, its whole text, and the text's digest."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)

    name: Annotated[str, StringConstraints(max_length=60)]
    text: Annotated[str, StringConstraints(max_length=20_000)]
    digest: Digest


class GameRecord(BaseModel):
    """A saved game: scenario + seed + options + actions, and the digest of the final state."""

    model_config = ConfigDict(extra="forbid", strict=True)

    format: Literal[1, 2, 3, 4] = Field(default=1, description="record format; absent in hand-written records means 1")
    version: Annotated[str, StringConstraints(max_length=40)] | None = None
    scenario: int
    seed: int = Field(ge=-SEED_LIMIT, lt=SEED_LIMIT)
    options: GameOptions = GameOptions()
    actions: list[Action] = Field(max_length=MAX_ACTIONS)
    digest: Digest | None = None
    position: dict[str, Any] | None = Field(default=None, description="format 2: where the game starts")
    termination: Termination | None = Field(default=None, strict=False, description="format 3: how the game ended, if it has")
    variant: VariantRecord | None = Field(default=None, description="format 4: the scenario variant played")

    @model_validator(mode="after")
    def _termination_is_format_3(self) -> GameRecord:
        if self.termination is not None and self.format < 3:
            raise ValueError(f"termination: a format {self.format} record has none (format 3 and later)")
        if self.variant is not None and self.format < 4:
            raise ValueError(f"variant: a format {self.format} record has none (format 4 and later)")
        return self

    @classmethod
    def parse(cls, raw: Any) -> GameRecord:
        """Validate decoded JSON; raise :class:`RecordError` naming the first bad field."""
        if not isinstance(raw, dict):
            raise RecordError(f"not a game record (a JSON {_json_type(raw)}, not an object)")
        fmt = raw.get("format", 1)
        if isinstance(fmt, bool) or fmt not in FORMATS:  # first: a newer record differs in more
            version = raw.get("version")
            written = f" (written by semper-fidelis {version[:40]})" if isinstance(version, str) and version else ""
            raise RecordError(f"record format {short(fmt)}{written} is not one this version reads (1 to {FORMATS[-1]})")
        try:
            return cls.model_validate(raw)
        except ValidationError as exc:
            raise RecordError(field_error(exc)) from None

    def options_dict(self) -> dict[str, Any]:
        """The options as the record gave them (a default left out stays out: same digest)."""
        return self.options.model_dump(exclude_unset=True)


def field_error(exc: ValidationError) -> str:
    """One line: the first problem's field, what is wrong, and what was there (shortened)."""
    errors = exc.errors()
    first = errors[0]
    where = "".join(f"[{p}]" if isinstance(p, int) else (f".{p}" if i else str(p)) for i, p in enumerate(first["loc"]))
    message = "missing" if first["type"] == "missing" else first["msg"]
    got = "" if first["type"] == "missing" else f" (got {short(first['input'])})"
    more = f"; and {len(errors) - 1} more problem{'s' * (len(errors) > 2)}" if len(errors) > 1 else ""
    return f"{where or 'record'}: {message}{got}{more}"


def short(value: Any, limit: int = 40) -> str:
    """A value for an error message: its repr, cut to ``limit`` characters (a 50 MB action
    must not become 50 MB of error)."""
    if isinstance(value, (dict, list)):
        return f"a JSON {_json_type(value)} of {len(value)} item{'s' * (len(value) != 1)}"
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    text = repr(value) if not isinstance(value, int) or abs(value) < 10**30 else f"a {len(str(abs(value)))}-digit number"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _json_type(value: Any) -> str:
    return {dict: "object", list: "array", str: "string", bool: "boolean", type(None): "null"}.get(type(value), "number")


# ------------------------------------------------------------------------------------ files


def parse_json(blob: bytes) -> Any:
    """Strict JSON (no NaN/Infinity), with every decoding failure as a RecordError."""
    try:
        text = blob.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(f"damaged record (not UTF-8 text: byte {exc.start})") from None

    def refuse(name: str) -> NoReturn:
        raise RecordError(f"damaged record (not JSON: {name} is not a number JSON allows)")

    try:
        return json.loads(text, parse_constant=refuse)
    except RecordError:
        raise
    except json.JSONDecodeError as exc:
        # some messages of the json module end in "at" (it then appends the place itself)
        raise RecordError(f"damaged record (not JSON: {exc.msg.removesuffix(' at')} at line {exc.lineno})") from None
    except RecursionError:
        raise RecordError("damaged record (JSON nested too deeply)") from None
    except ValueError as exc:  # an integer of more than 4300 digits
        raise RecordError(f"damaged record (not JSON: {str(exc).split(':')[0]})") from None


def read_bytes(path: Path, limit: int = MAX_RECORD_BYTES) -> bytes:
    """The file's bytes, refusing what is not a regular file (a FIFO would block, /dev/zero
    never ends) and anything over ``limit`` before reading it."""
    try:
        info = path.stat()
    except FileNotFoundError:
        raise RecordError(_("no such file")) from None
    except OSError as exc:
        raise RecordError(_("cannot be read: {why}", why=exc.strerror)) from None
    if not stat.S_ISREG(info.st_mode):
        raise RecordError(_("not a regular file"))
    if info.st_size > limit:
        raise RecordError(_("too large for a game record ({size} bytes; at most {most})", size=number(info.st_size), most=number(limit)))
    try:
        with path.open("rb") as fh:
            blob = fh.read(limit + 1)
    except OSError as exc:
        raise RecordError(_("cannot be read: {why}", why=exc.strerror)) from None
    if len(blob) > limit:  # it grew after the check
        raise RecordError(_("too large for a game record (over {most} bytes)", most=number(limit)))
    return blob


def read_json(path: Path, limit: int = MAX_RECORD_BYTES) -> Any:
    """A small JSON file read as warily as a record (for the files that travel with saves)."""
    return parse_json(read_bytes(Path(path), limit))


def load_record(path: Path) -> GameRecord:
    """Read and validate a record without replaying it (quick: for lists of saves)."""
    path = Path(path)
    try:
        return GameRecord.parse(parse_json(read_bytes(path)))
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to a new temporary file beside ``path`` and rename it over ``path``: a
    crash (even kill -9) leaves the old file or the new one, never half of one. The temporary
    name is random and created exclusively without following links (``mkstemp``), so a link
    planted in the folder is never written through; a link at ``path`` is replaced, not
    followed (``os.replace``), and a FIFO there is replaced, never opened (it would block)."""
    _replace(path, "w", text)


def write_atomic_bytes(path: Path, blob: bytes) -> None:
    """:func:`write_atomic` for a binary file (a PNG)."""
    _replace(path, "wb", blob)


def _replace(path: Path, mode: str, content: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    # a short prefix: the temporary name stays within the 255 bytes a file name may have
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name[:40]}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, mode, encoding=None if "b" in mode else "utf-8") as fh:
            fh.write(content)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def check_target(path: Path) -> None:
    """Before any work is done for it: that a file the user named can be written where it is
    named — its folder exists and is writable (:func:`check_folder`), and nothing but a regular
    file is there (a link to elsewhere, a FIFO that would block, a folder, a device). Raises
    OSError whose ``strerror`` is the one line to show."""
    check_folder(path.parent)
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise OSError(exc.errno, f"cannot be looked at: {exc.strerror}", str(path)) from None
    if not stat.S_ISREG(mode):
        raise OSError(errno.EEXIST, f"{_kind(mode)} is there, not a file to write over", str(path))


def check_folder(folder: Path, own: bool = False) -> None:
    """That ``folder`` exists, is a folder, and may be written in; OSError with a one-line
    ``strerror`` otherwise. A link to a folder counts when the user named it, not for one of
    the program's ``own`` folders (``.players``: the files would land where it points)."""
    try:
        mode = (os.lstat(folder) if own else folder.stat()).st_mode
    except FileNotFoundError:
        raise OSError(errno.ENOENT, "no such folder", str(folder)) from None
    except OSError as exc:
        raise OSError(exc.errno, f"the folder cannot be looked at: {exc.strerror}", str(folder)) from None
    if not stat.S_ISDIR(mode):
        raise OSError(errno.ENOTDIR, f"{_kind(mode)} is there, not a folder", str(folder))
    if not os.access(folder, os.W_OK | os.X_OK):
        raise OSError(errno.EACCES, "the folder may not be written in", str(folder))


def _kind(mode: int) -> str:
    """What a non-regular file is, in words."""
    kinds = ((stat.S_ISLNK, "a link"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISDIR, "a folder"), (stat.S_ISSOCK, "a socket"))
    return next((name for test, name in kinds if test(mode)), "a file" if stat.S_ISREG(mode) else "a device")
