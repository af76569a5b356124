"""What the driver runs: a game-neutral script of lines.

A scenario file is compiled into a :class:`Script` by the scenario layer
(:mod:`judge.scenario.script`). The engine looks only at the kind of each line; what an action,
a set-up or a state expectation *says* stays opaque (``body``) and is bound by the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


@dataclass(frozen=True, slots=True)
class Line:
    """A line of the scenario: 1-based ``line`` and ``column``, and its ``text``."""
    line: int
    column: int
    text: str


@dataclass(frozen=True, slots=True)
class ActionLine(Line):
    """A player's action; ``body`` is bound by :meth:`Game.bind <judge.engine.game.Game.bind>`."""
    body: Any = None


@dataclass(frozen=True, slots=True)
class SettleLine(Line):
    """``settle``: the game runs on with every player passing until nothing waits."""


@dataclass(frozen=True, slots=True)
class ExpectLine(Line):
    """Base of expectations; each is checked against the game as it stands at this line."""


@dataclass(frozen=True, slots=True)
class ExpectState(ExpectLine):
    """A question about the state (a value, a zone, a winner ...), answered by
    :meth:`Game.expect <judge.engine.game.Game.expect>` with ``body``."""
    body: Any = None


@dataclass(frozen=True, slots=True)
class ExpectCites(ExpectLine):
    """The trace so far cites ``citation`` (or, ``negated``, does not)."""
    citation: str = ""
    negated: bool = False


@dataclass(frozen=True, slots=True)
class ExpectAllowed(ExpectLine):
    """Action ``body`` (written ``action``) is (``allowed``) or is not allowed now; trying it
    changes nothing."""
    body: Any = None
    allowed: bool = True
    action: str = ""


@dataclass(frozen=True, slots=True)
class Policy:
    """``policy <key> <value>``: ``default`` is the documented default, in words."""
    key: str
    value: str
    line: int | None = None
    default: str = ""


@dataclass(frozen=True, slots=True)
class Script:
    title: str
    game: str
    document: str
    setup: Any
    lines: tuple[Line, ...]
    branches: tuple[tuple[str, tuple[Line, ...]], ...] = ()
    policies: Mapping[str, Policy] = field(default_factory=dict)
    path: str = "<scenario>"
    source: str = ""
    line: int = 1                    # the scenario's first line (its title)
    notes: tuple[tuple[str, tuple[str, ...]], ...] = ()   # (text, citations) said at the start

    def line_text(self, line: int) -> str:
        lines = self.source.splitlines()
        return lines[line - 1] if 0 < line <= len(lines) else ""
