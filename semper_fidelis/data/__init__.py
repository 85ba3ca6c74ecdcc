"""Game data: pydantic schemas, loaders and cross-file validation for assets/ and scenarios/."""

from .loader import DataError, GameData, load_game_data

__all__ = ["DataError", "GameData", "load_game_data"]
