"""The game-independent rules engine: resolves a scenario into a ruling."""
