"""Widgets of the game screen: the map, the decision panel."""
