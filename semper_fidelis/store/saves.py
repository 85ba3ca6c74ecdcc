"""Where games are saved, so that nothing is lost.

Saves are engine game records (``engine.write_record``) in the user data directory. Every game has
its own autosave slot (``autosave/<started>-s<scenario>.json``), kept while the game is
unfinished and for the last :data:`KEEP_FINISHED` finished games, so starting a new game never
throws an old one away. Next to each save, ``.players/<name>.json`` holds the seats (who is a
bot, hot-seat privacy) and a one-line summary for the Resume list. A file that cannot be read is
reported and set aside in ``damaged/``, never rewritten.
"""

from __future__ import annotations

import json
import os
import re
import time
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, overload

import platformdirs

from ..i18n import _, ngettext, pgettext
from .locks import OpenElsewhere, lock_game, lock_path, own_folder
from .seats import seat_kind

if TYPE_CHECKING:  # the engine is imported when a save is first read or written, not to show the menu
    from ..engine import Game

AUTOSAVES = "autosave"  # the directory of per-game autosave slots
LEGACY_AUTOSAVE = "autosave.json"  # the single slot of earlier versions, still resumable
DAMAGED = "damaged"
KEEP_FINISHED = 10


def default_saves_dir() -> Path:
    """The platform's user data directory (``platformdirs``) + ``saves``: on Linux
    ``$XDG_DATA_HOME/semper-fidelis/saves`` or ``~/.local/share/semper-fidelis/saves``, where
    earlier versions saved; on macOS ``~/Library/Application Support``; on Windows
    ``%LOCALAPPDATA%``."""
    return platformdirs.user_data_path("semper-fidelis", appauthor=False) / "saves"


def default_records_dir() -> Path:
    """Where ``simulate --records`` keeps its games when given no folder: ``records`` beside the
    saves, so the app's Review lists them."""
    return default_saves_dir().parent / "records"


#: what a file name may not hold on some system: separators, control characters, the line and
#: paragraph separators, lone surrogates, Windows' ``<>:"|?*``; and spaces
UNSAFE_IN_NAMES = re.compile(r'[\x00-\x1f\x7f-\x9f/\\<>:"|?*\u2028\u2029\ud800-\udfff\s]+')
#: what shows nothing besides the format characters (Cf: bidirectional controls, zero-width ones,
#: U+FEFF): the combining grapheme joiner, Hangul fillers, variation selectors, Khmer's and
#: Mongolian's invisible marks (Unicode's Default_Ignorable_Code_Point)
IGNORABLE = re.compile("[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0\U000e0100-\U000e01ef]")
#: names Windows keeps for devices, whatever follows the first dot
RESERVED_ON_WINDOWS = re.compile(r"(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?", re.IGNORECASE)
MAX_NAME = 60  # characters: at most 240 bytes of UTF-8, within every file system's 255


def visible(name: str) -> str:
    """``name`` without the characters that show nothing (format characters and
    :data:`IGNORABLE`)."""
    return "".join(char for char in name if unicodedata.category(char) != "Cf" and not IGNORABLE.match(char))


def safe_name(name: str) -> str:
    """A file name from what the player typed, letters of every language kept ("ąęł" gives
    ``ąęł.json``): NFC, unsafe characters and spaces as '-', no leading dot or '-' (a hidden
    file, an option), no Windows device name, at most :data:`MAX_NAME` characters, and
    ``.json``. Characters that show nothing are dropped, so names that read alike ("save" with
    a zero-width space or a right-to-left mark in it) are one file."""
    stem = UNSAFE_IN_NAMES.sub("-", visible(unicodedata.normalize("NFC", name))).strip("-.")
    if RESERVED_ON_WINDOWS.fullmatch(stem):
        stem = "_" + stem
    return (stem[:MAX_NAME].rstrip("-.") or "game") + ".json"


def save_target(typed: str, saves_dir: Path | None, default: str) -> Path | None:
    """Where a typed name saves: a name into the saves folder; an absolute path (``/media/usb/``,
    ``~/lwow``) into its folder — a way out when the saves folder cannot be written (a full or
    read-only disk); a folder gets the ``default`` name. The file name is made safe either way.
    None: a name, and no saves folder."""
    where = Path(os.path.expanduser(typed.strip()))
    if not where.is_absolute() or "\x00" in str(where):
        return saves_dir / safe_name(typed) if saves_dir is not None else None
    try:
        folder = typed.rstrip().endswith(("/", os.sep)) or where.is_dir()
    except OSError:  # not even looked at: the save says why
        folder = False
    if folder:
        return where / safe_name(default)
    return where.parent / safe_name(where.name.removesuffix(".json"))


@dataclass(frozen=True)
class SaveInfo:
    path: Path
    summary: str  # one line: scenario, progress, date — or why it is unreadable
    ok: bool
    over: bool = False
    damage: str = ""  # why it is unreadable (the summary says it too)


def _when(path: Path) -> str:
    return datetime.fromtimestamp(path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")


def describe(path: Path) -> SaveInfo:
    """A quick look without replaying: the record's schema is checked, its summary (written
    with the seats) is used when there is one. A file gone since it was listed is reported like a
    damaged one (a list describes its rows only when it shows them)."""
    try:
        when = _when(path)
    except OSError:
        when = "?"  # the record's reading below says why
    from ..engine import RecordError, load_record

    try:
        record = load_record(path)
    except RecordError as exc:
        reason = str(exc).removeprefix(f"{path}: ")
        return SaveInfo(path, _("{name} — damaged: {reason} — {when}", name=path.stem, reason=reason, when=when), False, damage=reason)
    side_info = _read_sidecar(path) or {}
    facts = SummaryFacts.read(side_info)
    summary = side_info.get("summary") if isinstance(side_info.get("summary"), str) else None
    over = side_info.get("over") is True
    n = len(record.actions)
    text = facts.say() if facts is not None else summary or ngettext("Scenario {number}, {n} action", "Scenario {number}, {n} actions", n,
                                                                     number=record.scenario)
    return SaveInfo(path, f"{path.stem} — {text[:120]} — {when}", True, over)


def _saves_in(directory: Path) -> list[Path]:
    """The saves in ``directory``, newest first: one stat each, no file opened (a folder of
    records may hold thousands)."""
    try:
        with os.scandir(directory) as entries:
            found = [(e.stat().st_mtime, e.name) for e in entries if e.name.endswith(".json") and not e.name.startswith(".") and e.is_file()]
    except (FileNotFoundError, NotADirectoryError):
        return []
    return [directory / name for _, name in sorted(found, reverse=True)]


class Listing(Sequence[SaveInfo]):
    """Saves newest first, each described (its record read) only when asked for and then kept:
    a list shows its first rows at once however many files the folder holds."""

    def __init__(self, paths: list[Path]):
        self.paths = paths
        self._described: dict[int, SaveInfo] = {}

    def __len__(self) -> int:
        return len(self.paths)

    @overload
    def __getitem__(self, i: int) -> SaveInfo: ...
    @overload
    def __getitem__(self, i: slice) -> list[SaveInfo]: ...
    def __getitem__(self, i: int | slice) -> SaveInfo | list[SaveInfo]:
        if isinstance(i, slice):
            return [self[n] for n in range(*i.indices(len(self)))]
        n = range(len(self))[i]  # an IndexError past the end, as a list gives
        if n not in self._described:
            self._described[n] = describe(self.paths[n])
        return self._described[n]


def list_saves(saves_dir: Path) -> Listing:
    """Named saves, newest first."""
    return Listing(_saves_in(saves_dir))


def autosave_paths(saves_dir: Path) -> list[Path]:
    """Every autosave slot, newest first."""
    return _saves_in(saves_dir / AUTOSAVES)


def recent_games(saves_dir: Path) -> Listing:
    """Every game's autosave, newest first."""
    return Listing(autosave_paths(saves_dir))


def new_autosave_path(saves_dir: Path, label: str, now: datetime | None = None) -> Path:
    """A fresh slot for a game, named by when it started, to the millisecond, and ``label``
    (``s2``: scenario 2); created empty by :func:`_new_file`, so two copies of the app starting
    games at the same moment get two slots (``….123-s2``, ``….123.2-s2``: sorted by time)."""
    when = now or datetime.now()
    return _new_file(saves_dir / AUTOSAVES, f"{when:%Y%m%d-%H%M%S}.{when.microsecond // 1000:03d}", f"-{label}")


def _new_file(folder: Path, stem: str, tail: str = "") -> Path:
    """``folder/<stem><tail>.json``, or ``<stem>.2<tail>.json``, ``.3``…: the first name that is
    free, created exclusively (O_EXCL: an existing name, a link included, is never taken over)."""
    folder.mkdir(parents=True, exist_ok=True)
    path, n = folder / f"{stem}{tail}.json", 1
    while True:
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
            return path
        except FileExistsError:
            n += 1
            path = folder / f"{stem}.{n}{tail}.json"


@dataclass(frozen=True)
class SummaryFacts:
    """What the Resume list says of a game, kept beside its seats as facts (not words), so the
    line is said in the language of the screen that shows it: scenario, round, who is to move
    or who won, the seats."""

    scenario: int
    round: int
    seats: tuple[str, str]  # PL's, ZURL's
    variant: str | None = None
    to_move: str | None = None
    over: bool = False
    winner: str | None = None

    @classmethod
    def of(cls, game: Game, players: dict[str, str], to_move: str | None = None) -> SummaryFacts:
        """``to_move``: the side the screen asks (a quiet step's, at a moment with no decision
        to list: naming the engine's next decider would tell the step was passed); else the
        decision's."""
        if to_move is None and not game.over:
            decision = game.decision()
            to_move = decision.player if decision is not None else None
        result = game.outcome  # not the view: a quiet step's moment lists nothing to view
        return cls(game.scenario.number, game.round, (players.get("PL", "human"), players.get("ZURL", "human")),
                   game.data.variant.name if game.data.variant is not None else None,
                   None if game.over else to_move, game.over, result.winner if result else None)

    def to_json(self) -> dict[str, Any]:
        return {"scenario": self.scenario, "round": self.round, "seats": list(self.seats), "variant": self.variant,
                "to_move": self.to_move, "over": self.over, "winner": self.winner}

    @classmethod
    def read(cls, sidecar: dict[str, Any]) -> SummaryFacts | None:
        """The facts a sidecar holds, or None for an older one (its summary is shown as written) or
        anything hostile."""
        facts = sidecar.get("facts")
        if not isinstance(facts, dict):
            return None
        ints = [facts.get(k) for k in ("scenario", "round")]
        seats = facts.get("seats")
        texts = [facts.get(k) for k in ("variant", "to_move", "winner")]
        if (not all(type(v) is int for v in ints) or not isinstance(seats, list) or len(seats) != 2
                or not all(isinstance(v, str) for v in seats) or not all(v is None or isinstance(v, str) for v in texts)
                or not isinstance(facts.get("over"), bool)):
            return None
        return cls(facts["scenario"], facts["round"], (seats[0], seats[1]), facts.get("variant"), facts.get("to_move"), facts["over"],
                   facts.get("winner"))

    def say(self) -> str:
        """The line in the current language ('Scenario 1, round 2, PL to move (PL human, ZURL general)')."""
        if self.over:
            now = _("finished, {side} won", side=self.winner) if self.winner else _("finished, a draw")
        else:
            now = _("{side} to move", side=self.to_move) if self.to_move else "—"
        seats = _("PL {pl}, ZURL {zurl}", pl=_seat(self.seats[0]), zurl=_seat(self.seats[1]))
        if self.variant is not None:
            return _("Scenario {number} ({variant}), round {round}, {now} ({seats})", number=self.scenario, variant=self.variant,
                     round=self.round, now=now, seats=seats)
        return _("Scenario {number}, round {round}, {now} ({seats})", number=self.scenario, round=self.round, now=now, seats=seats)


def _seat(seat: str) -> str:
    """A seat as the line says it: a bot by its name, a player at the keyboard as 'human'."""
    return pgettext("seat", "human") if seat == "human" else seat


def save_game(game: Game, path: Path, players: dict[str, str], privacy: bool, *, quiet: int = 0,
              facts: SummaryFacts | None = None) -> None:
    """Write the record with its seats and summary (``facts``: what the line says, when the
    screen asks something else than the engine's decision); ``quiet``: how many of the record's
    last secret steps the hot-seat screen has still to present (:func:`read_quiet`). Once a game
    in an autosave slot is finished, drop the oldest finished slots beyond :data:`KEEP_FINISHED`."""
    from ..engine import write_record

    write_record(game, path)
    facts = facts or SummaryFacts.of(game, players)
    write_players(path, players, privacy, summary=facts.say(), over=game.over, facts=facts, quiet=quiet)
    if game.over and path.parent.name == AUTOSAVES:
        prune_finished(path.parent.parent)


def prune_finished(saves_dir: Path, keep: int = KEEP_FINISHED) -> list[Path]:
    """Delete finished autosaves beyond the newest ``keep``; unfinished ones are never touched."""
    finished = [p for p in _saves_in(saves_dir / AUTOSAVES) if (_read_sidecar(p) or {}).get("over") is True]
    gone = finished[keep:]
    for path in gone:
        path.unlink(missing_ok=True)
        players_path(path).unlink(missing_ok=True)
    return gone


def set_aside(path: Path, saves_dir: Path) -> Path:
    """Move a save that cannot be loaded into ``damaged/`` (never overwriting anything)."""
    aside = _new_file(saves_dir / DAMAGED, f"{path.stem}-{datetime.now():%Y%m%d-%H%M%S}")
    os.replace(path, aside)
    if players_path(path).exists():
        players_path(aside).parent.mkdir(exist_ok=True)
        os.replace(players_path(path), players_path(aside))
    return aside


def is_autosave(path: Path, saves_dir: Path) -> bool:
    return path.parent == saves_dir / AUTOSAVES


def adopt_legacy_autosave(saves_dir: Path) -> Path | None:
    """Move the single ``autosave.json`` of earlier versions (and its seats) into a slot of its
    own, named by its time, so it is resumed and kept like any other game."""
    legacy = saves_dir / LEGACY_AUTOSAVE
    if not legacy.is_file():
        return None
    slot = new_autosave_path(saves_dir, "earlier", datetime.fromtimestamp(legacy.stat().st_mtime))
    os.replace(legacy, slot)
    if players_path(legacy).exists():
        players_path(slot).parent.mkdir(exist_ok=True)
        os.replace(players_path(legacy), players_path(slot))
    return slot


#: the newest autosaves checked at start: the Resume list's first page and then some (the rest are
#: checked when their rows are shown, so thousands of slots never slow the start)
CHECKED_AT_START = 50


def set_aside_damaged_autosaves(saves_dir: Path, newest: int = CHECKED_AT_START) -> list[tuple[Path, str]]:
    """At the app's start: each of the ``newest`` autosaves whose record cannot even be read is
    set aside, so it blocks nothing — unless another copy of the app has it open; returns (where
    it went, why). Older ones show as damaged in the Resume list; replay failures are found on
    Resume, which sets the file aside too."""
    moved = []
    for path in autosave_paths(saves_dir)[:newest]:
        info = describe(path)
        if info.ok:
            continue
        try:
            lock = lock_game(path)
        except OpenElsewhere:  # another copy is playing it (a new slot is empty until its first save)
            continue
        try:
            moved.append((set_aside(path, saves_dir), info.damage))
        finally:
            lock.release()
    return moved


#: the temporary names of ``engine.write_atomic`` (``mkstemp``: a dot, the save's name, eight
#: random characters, ``.tmp``)
TEMPORARY = re.compile(r"\..+\.[a-z0-9_]{8}\.tmp")
#: a temporary file older than this (seconds) is a crash's leftover, not a write under way (a
#: write takes milliseconds)
STALE_AFTER = 600


def clean_leftovers(saves_dir: Path) -> list[Path]:
    """At the app's start, what a crash (even kill -9) left behind is removed: temporary files of
    an interrupted write, autosave slots still empty (the game never saved once) and the locks
    and seats of saves that are gone. Never what a live copy of the app uses: a slot or lock is
    removed only while its lock is taken here, a temporary file only when older than
    :data:`STALE_AFTER`. Returns what was removed; a file that cannot be removed is left."""
    now = time.time()
    removed: list[Path] = []
    for folder in (saves_dir, saves_dir / AUTOSAVES):
        for where in (folder, folder / ".players"):
            stale = [Path(e.path) for e in _files_in(where) if TEMPORARY.fullmatch(e.name) and _older(e, now)]
            removed += [path for path in stale if _unlink(path)]
    for entry in _files_in(saves_dir / AUTOSAVES):
        if entry.name.endswith(".json") and not entry.name.startswith(".") and _empty(entry):
            removed += _remove_if_free(Path(entry.path), _empty)  # looked at again once locked
    for folder in (saves_dir, saves_dir / AUTOSAVES):
        for entry in _files_in(folder / ".locks"):
            if entry.name.endswith(".lock"):
                removed += _remove_if_free(folder / entry.name.removesuffix(".lock"), _gone)
    return removed


def _files_in(folder: Path) -> list[os.DirEntry[str]]:
    """The regular files in ``folder`` (links and folders left out), none if it is missing or
    a hidden folder of the app is a link (planted: its files are not ours)."""
    if folder.name.startswith(".") and folder.is_symlink():
        return []
    try:
        with os.scandir(folder) as entries:
            return [e for e in entries if e.is_file(follow_symlinks=False)]
    except OSError:
        return []


def _older(entry: os.DirEntry[str], now: float) -> bool:
    """Whether the file was last written more than :data:`STALE_AFTER` ago."""
    try:
        return now - entry.stat(follow_symlinks=False).st_mtime > STALE_AFTER
    except OSError:
        return False


def _empty(save: Path | os.DirEntry[str]) -> bool:
    """Whether ``save`` is a file of 0 bytes (False where it cannot be looked at)."""
    try:
        return save.stat(follow_symlinks=False).st_size == 0
    except OSError:
        return False


def _gone(save: Path) -> bool:
    return not os.path.lexists(save)


def _remove_if_free(save: Path, leftover: Callable[[Path], bool]) -> list[Path]:
    """``save`` (if ``leftover`` says it is one), its seats and its lock, removed while its lock
    is held here: a copy of the app that has the game open keeps it all."""
    if not leftover(save):
        return []
    try:
        lock = lock_game(save)
    except (OSError, OpenElsewhere):
        return []
    try:
        if not leftover(save):  # saved since it was looked at, before the lock was taken
            return []
        return [path for path in (save, players_path(save), lock_path(save)) if _unlink(path)]
    finally:
        lock.release()


def _unlink(path: Path) -> bool:
    try:
        path.unlink()
    except OSError:  # gone already, or not ours to remove
        return False
    return True


def players_path(save: Path) -> Path:
    return save.parent / ".players" / save.name


def write_players(save: Path, players: dict[str, str], privacy: bool, summary: str | None = None, over: bool = False,
                  facts: SummaryFacts | None = None, quiet: int = 0) -> None:
    """The seats of a saved game, its summary line (and the facts it says, which a list shows in
    its own language) and its quiet steps due, written like the record itself."""
    from ..engine import write_atomic

    data: dict[str, Any] = {"players": players, "privacy": privacy, "summary": summary, "over": over, "quiet": quiet}
    if facts is not None:
        data["facts"] = facts.to_json()
    own_folder(players_path(save).parent)
    write_atomic(players_path(save), json.dumps(data, ensure_ascii=False))


def _read_sidecar(save: Path) -> dict[str, Any] | None:
    """The sidecar as a dict (JSON: what it holds is checked where it is read), or None for a missing or hostile one (read like a record)."""
    from ..engine import RecordError, read_json

    try:
        data = read_json(players_path(save), limit=100_000)
    except RecordError:
        return None
    return data if isinstance(data, dict) else None


def read_players(save: Path) -> tuple[dict[str, str], bool] | None:
    """The seats ("human" or a bot's name; an old save's "bot" is the random bot) and privacy,
    or None when the sidecar is missing or holds anything else."""
    data = _read_sidecar(save)
    try:
        seats = [data["players"][s] for s in ("PL", "ZURL")] if data is not None else []
    except (KeyError, TypeError):
        return None
    kinds = [seat_kind(seat) if isinstance(seat, str) else None for seat in seats]
    if data is None or None in kinds:
        return None
    pl, zurl = kinds
    assert pl is not None and zurl is not None
    return {"PL": pl, "ZURL": zurl}, data.get("privacy", True) is not False


#: quiet steps due at most in a save (a battle gives a side a few; more is a hostile sidecar)
MAX_QUIET = 16


def read_quiet(save: Path) -> int:
    """How many secret steps the engine passed at the end of the record were still to be
    presented when the game was saved (0 for a missing, older or hostile sidecar). A count, not
    the steps: which they are, and for whom, the record's replay tells. No screen shows it (the
    Resume list's summary names the side the step asks, as for a step with a choice)."""
    quiet = (_read_sidecar(save) or {}).get("quiet")
    return quiet if isinstance(quiet, int) and not isinstance(quiet, bool) and 0 <= quiet <= MAX_QUIET else 0
