"""Game data: pydantic schemas, loaders and cross-file validation for assets/ and scenarios/.

The loader (and pydantic with it) is imported on first use, so that ``data.text`` can be used
without it (the app's menu shows before the game data is loaded)."""

from typing import Any

__all__ = ["DataError", "GameData", "load_game_data"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from . import loader

        return getattr(loader, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
