"""Batch play outside the pure engine (DESIGN §7): bots against each other over many games,
spread over processes, with results a designer can read (win rates with confidence intervals)."""
