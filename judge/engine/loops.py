"""Loop detection for automatic processing (resolving without priority, trigger cascades).

The same state fingerprint seen again while the game advances on its own means it would never
stop; the engine reports it as ``not modelled`` (none of the bundled documents gives a loop rule
the engine could apply) instead of running forever.
"""

from __future__ import annotations

from judge.engine.errors import NotModelled
from judge.engine.state import State


UNWATCHED = 64   # automatic steps after a player's action before states are fingerprinted


class LoopDetected(NotModelled):
    pass


class LoopDetector:
    def __init__(self, limit: int = 10_000, *, unwatched: int = UNWATCHED) -> None:
        self._seen: set[int] = set()
        self._limit = limit
        self._unwatched = unwatched
        self._count = 0

    def copy(self) -> "LoopDetector":
        """An independent detector with the same repetitions seen (for a forked game)."""
        new = LoopDetector.__new__(LoopDetector)
        new._seen = set(self._seen)
        new._limit = self._limit
        new._unwatched = self._unwatched
        new._count = self._count
        return new

    def reset(self) -> None:
        """A player acted: repetitions before this point are not a loop."""
        self._seen.clear()
        self._count = 0

    def check(self, state: State, where: str) -> None:
        """Raise :class:`LoopDetected` when ``state`` repeats since the last :meth:`reset`.

        The first ``unwatched`` (:data:`UNWATCHED`) automatic steps after a player's action are only counted:
        settling a combat chain takes a few dozen passes at most, and a loop still repeats
        after them, so fingerprints are taken from there on (a loop is reported at most
        that many steps later, and no game that ends on its own pays for the hashing)."""
        self._count += 1
        if self._count <= self._unwatched:
            return
        fp = state.fingerprint()
        if fp in self._seen or self._count > self._limit:
            raise LoopDetected(f"loop: the game state repeats while {where} with no player "
                               "choice in between")
        self._seen.add(fp)
