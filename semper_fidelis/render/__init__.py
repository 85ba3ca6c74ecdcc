"""Rich renderables shared by the command line and the Textual UI (no engine imports)."""

from .board_map import BoardMap, Fortification, MapPosition, position_from_scenario

__all__ = ["BoardMap", "Fortification", "MapPosition", "position_from_scenario"]
