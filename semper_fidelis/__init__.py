"""Semper Fidelis: Bitwa o Lwów 1918-1919 — a rules-enforcing terminal edition."""

__version__ = "0.1.0"
