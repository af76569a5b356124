"""Loop detection for automatic processing (resolving without priority, trigger cascades).

The same state fingerprint seen again while the game advances on its own means it would never
stop; the engine reports it as ``not modelled`` (none of the bundled documents gives a loop rule
the engine could apply) instead of running forever.
"""

from __future__ import annotations

from judge.engine.errors import NotModelled
from judge.engine.state import State


class LoopDetected(NotModelled):
    pass


class LoopDetector:
    def __init__(self, limit: int = 10_000) -> None:
        self._seen: set[int] = set()
        self._limit = limit
        self._count = 0

    def copy(self) -> "LoopDetector":
        """An independent detector with the same repetitions seen (for a forked game)."""
        new = LoopDetector.__new__(LoopDetector)
        new._seen = set(self._seen)
        new._limit = self._limit
        new._count = self._count
        return new

    def reset(self) -> None:
        """A player acted: repetitions before this point are not a loop."""
        self._seen.clear()
        self._count = 0

    def check(self, state: State, where: str) -> None:
        self._count += 1
        fp = state.fingerprint()
        if fp in self._seen or self._count > self._limit:
            raise LoopDetected(f"loop: the game state repeats while {where} with no player "
                               "choice in between")
        self._seen.add(fp)
