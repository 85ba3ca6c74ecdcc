"""Bots: players that choose among the legal actions of their own view of the game."""

from .random_bot import RandomBot

__all__ = ["RandomBot"]
