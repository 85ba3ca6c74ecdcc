"""What the player chose once and should not choose again: today the language.

``settings.json`` beside the saves folder (as ``records`` is), so a test or a second profile that
gives its own saves folder has its own settings. The file is the player's to edit, so it is
read without trust: unreadable, not JSON, or a value of the wrong kind counts as not chosen.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path

from ..i18n import choose_language

SETTINGS_FILE = "settings.json"
#: the language the player last chose in the menu (i18n.LANGUAGES)
LANGUAGE_SETTING = "language"


def settings_path(saves_dir: Path) -> Path:
    return saves_dir.parent / SETTINGS_FILE


def read_settings(path: Path) -> dict[str, str]:
    """The settings at ``path``, only the text values of a JSON object; {} when there are none."""
    try:
        loaded = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(loaded, dict):
        return {}
    return {key: value for key, value in loaded.items() if isinstance(value, str)}


def remember(path: Path, key: str, value: str) -> None:
    """Set ``key`` to ``value`` at ``path``, written whole to a temporary file and renamed over
    the old one, so a crash never leaves half a file."""
    settings = read_settings(path) | {key: value}
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.tmp")
    temporary.write_text(json.dumps(settings, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(temporary, path)


def starting_language(saves_dir: Path, cli_value: str | None, environ: Mapping[str, str] = os.environ) -> str:
    """The language a command starts in: ``--lang``, else the one remembered beside ``saves_dir``,
    else the locale's (:func:`semper_fidelis.i18n.choose_language`). No Textual: headless commands
    call it too."""
    return choose_language(cli_value, read_settings(settings_path(saves_dir)).get(LANGUAGE_SETTING), environ)
