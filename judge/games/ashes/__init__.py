"""Ashes: Rise of the Phoenixborn under the "Raven Rules" 1.1 (``ashes-raven-1.1``): effects
resolve at once and may interrupt each other, triggered effects resolve one at a time, a cancel
stops only the remaining effects (the engine's immediate block, :mod:`judge.engine.immediate`).
The game is :data:`judge.games.ashes.game.GAME`."""
