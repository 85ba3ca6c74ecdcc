"""Where games are saved, and the one-line story of each save.

Saves are engine game records (``engine.write_record``) in the user data directory; the players'
setup (who is a bot, hot-seat privacy) travels next to each one in ``.players/<name>.json`` so a
loaded game resumes with the same seats. A file that cannot be read is reported, never rewritten.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

AUTOSAVE = "autosave.json"


def default_saves_dir() -> Path:
    """``$XDG_DATA_HOME/semper-fidelis/saves`` or ``~/.local/share/semper-fidelis/saves``."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "semper-fidelis" / "saves"


def safe_name(name: str) -> str:
    """A file name from what the player typed: letters, digits, '-', '_' (and '.json')."""
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", name.strip()).strip("-")[:60] or "game"
    return stem + ".json"


@dataclass(frozen=True)
class SaveInfo:
    path: Path
    summary: str  # one line: scenario, actions, date — or why it is unreadable
    ok: bool


def describe(path: Path) -> SaveInfo:
    """A quick look without replaying: scenario number, length and time of the save."""
    when = datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
    try:
        record = json.loads(path.read_text(encoding="utf-8"))
        scenario = int(record["scenario"])
        actions = len(record["actions"])
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return SaveInfo(path, f"{path.stem} — damaged ({type(exc).__name__}) — {when}", False)
    return SaveInfo(path, f"{path.stem} — Scenario {scenario}, {actions} actions — {when}", True)


def list_saves(saves_dir: Path) -> list[SaveInfo]:
    if not saves_dir.is_dir():
        return []
    files = [p for p in saves_dir.glob("*.json") if p.is_file() and not p.name.startswith(".")]
    files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    return [describe(p) for p in files]


def keep_damaged_autosave(saves_dir: Path, data=None) -> Path | None:
    """Before a new autosave replaces ``autosave.json``: if the old one cannot be replayed, move
    it aside (``autosave-damaged-<time>.json``) so it is never overwritten; return where."""
    from ..engine import RecordError, read_record

    path = saves_dir / AUTOSAVE
    if not path.exists():
        return None
    try:
        read_record(path, data=data)
        return None
    except RecordError:
        aside = saves_dir / f"autosave-damaged-{datetime.now():%Y%m%d-%H%M%S}.json"
        os.replace(path, aside)
        return aside


def players_path(save: Path) -> Path:
    return save.parent / ".players" / save.name


def write_players(save: Path, players: dict[str, str], privacy: bool) -> None:
    """The seats of a saved game (atomic enough: a lost sidecar only means default seats)."""
    path = players_path(save)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"players": players, "privacy": privacy}), encoding="utf-8")
    os.replace(tmp, path)


def read_players(save: Path) -> tuple[dict[str, str], bool] | None:
    try:
        data = json.loads(players_path(save).read_text(encoding="utf-8"))
        from .session import seat_kind

        players = {s: seat_kind(data["players"][s]) for s in ("PL", "ZURL")}
        if None in players.values():
            return None
        return players, bool(data.get("privacy", True))
    except (OSError, ValueError, KeyError, TypeError):
        return None
