"""Loops and the step budget of automatic processing (passing by default, resolving without a
player choice, trigger cascades).

While the game advances on its own after a player's line, :meth:`LoopDetector.check` is called
at each automatic step. It raises :class:`LoopDetected`:

- ``repeated``: the same state (its fingerprint) was seen again since the last player line:
  the game would go round for ever. The driver asks the game's rules what happens then
  (:meth:`judge.engine.game.Game.loop`: WoW 803 has a rule; a game whose documents have none
  makes it ``not modelled``);
- not ``repeated``: the step budget ran out (:data:`BUDGET` automatic steps after one line, or
  :data:`RUN_BUDGET` in the whole run) without the state repeating. The ruling says exactly
  that, never that the state repeats.

It is not a :class:`~judge.engine.errors.NotModelled`: a game's own ``except NotModelled``
must not swallow it; the driver catches it where the step began.
"""

from __future__ import annotations

from judge.engine.state import State

UNWATCHED = 64      # automatic steps after a player's action before states are fingerprinted
BUDGET = 2_000      # automatic steps after one line before the budget runs out
RUN_BUDGET = 20_000  # automatic steps in a whole run


class LoopDetected(Exception):
    """The game advances on its own without end: ``repeated`` when its state repeats,
    else the step budget ran out after ``steps`` steps; ``where`` says what it was doing."""

    def __init__(self, where: str, *, repeated: bool, steps: int) -> None:
        super().__init__(where)
        self.where = where
        self.repeated = repeated
        self.steps = steps

    def describe(self) -> str:
        if self.repeated:
            return (f"a loop: the game state repeats while {self.where}, with no player choice "
                    "in between")
        return (f"the step budget ran out: {self.steps} steps while {self.where} with no player "
                "choice in between, and the game state did not repeat (it may not end on its "
                "own)")


class LoopDetector:
    def __init__(self, limit: int = BUDGET, *, unwatched: int = UNWATCHED,
                 run_limit: int = RUN_BUDGET) -> None:
        self._seen: set[tuple] = set()
        self._limit = limit
        self._unwatched = unwatched
        self._count = 0
        self._run_limit = run_limit
        self._run_count = 0

    def copy(self) -> "LoopDetector":
        """An independent detector with the same repetitions seen (for a forked game)."""
        new = LoopDetector.__new__(LoopDetector)
        new._seen = set(self._seen)
        new._limit = self._limit
        new._unwatched = self._unwatched
        new._count = self._count
        new._run_limit = self._run_limit
        new._run_count = self._run_count
        return new

    def reset(self) -> None:
        """A player acted: repetitions before this point are not a loop."""
        self._seen.clear()
        self._count = 0

    def check(self, state: State, where: str) -> None:
        """Raise :class:`LoopDetected` when ``state`` repeats since the last :meth:`reset`, or
        when the step budget runs out.

        The first ``unwatched`` (:data:`UNWATCHED`) automatic steps after a player's action are
        only counted: settling a combat chain takes a few dozen passes at most, and a loop still
        repeats after them, so fingerprints are taken from there on (a loop is reported at most
        that many steps later, and no game that ends on its own pays for the hashing)."""
        self._count += 1
        self._run_count += 1
        if self._count > self._limit or self._run_count > self._run_limit:
            raise LoopDetected(where, repeated=False, steps=self._count)
        if self._count <= self._unwatched:
            return
        fp = state.fingerprint()
        if fp in self._seen:
            raise LoopDetected(where, repeated=True, steps=self._count)
        self._seen.add(fp)
