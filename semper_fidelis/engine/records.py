"""Game records on disk: JSON files written atomically, read with one-line errors."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from ..data.loader import GameData
from .game import Game, RecordError


def write_record(game: Game, path: Path) -> None:
    """Write the record next to its destination, then rename: a crash never leaves half a file."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(game.record(), fh, ensure_ascii=False, indent=1)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_record(path: Path, data: GameData | None = None) -> Game:
    path = Path(path)
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot be read: {exc}") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}: damaged record (not JSON: {exc.msg} at line {exc.lineno})") from None
    if not isinstance(record, dict):
        raise RecordError(f"{path}: not a game record")
    try:
        return Game.from_record(record, data=data, check_digest=True)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
