"""The rules engine (placeholder docs; see game.py)."""
