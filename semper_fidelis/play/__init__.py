"""Batch play outside the pure engine (docs/architecture.md): bots against each other over many games,
spread over processes, with results a designer can read (win rates with confidence intervals);
and the fuzz, random games with the rules' invariants checked after every action."""
