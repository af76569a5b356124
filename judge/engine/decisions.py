"""Decisions as state: a choice the rules ask a player to make while something resolves.

When resolving needs a player's decision (which card to discard to crush, which protector,
which block card, which trigger first), the game asks :meth:`Context.decide
<judge.engine.context.Context.decide>` with a :class:`Decision` (who, what kind, the options,
the rule that asks). The answer comes from, in this order:

1. an answer the driver has already taken from the scenario for this decision (its ``key``);
2. while the driver runs a scenario line by line (``ctx.suspendable``), nothing else:
   :class:`DecisionPending` stops the run; the driver shows the game as it stands, waiting,
   and takes the **next scenario line**: a line that answers the decision (the game's
   :meth:`~judge.engine.game.Game.answer`) supplies the answer and the interrupted step is run
   again from its start with it (the engine is deterministic, so it comes back to the same
   decision); any other line, or the end of the scenario, applies the default;
3. the decision's default (a policy default, named in the ruling), or, when the rules give no
   default that would not be a guess, ``not modelled`` (:class:`~judge.engine.errors
   .NotModelled`), or a scenario error under ``policy <key> error``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Decision:
    """``player`` must decide ``kind`` (``"discard"``, ``"order triggers"``, ``"protector"``
    ...) among ``options`` (names, in words), because of rule ``citation``; ``prompt`` says it
    in words ("which card Bob discards to Crusher's crush effect"); ``example`` is a scenario
    line that answers it. ``key`` tells this decision apart from every other one of the run
    (the game builds it from object and layer ids). ``default`` is the option taken when the
    scenario does not answer (None: no default that is not a guess); ``policy`` the scenario
    policy that governs the unstated case (``policy <key> error`` makes it an error)."""
    key: str
    player: str
    kind: str
    prompt: str
    options: tuple[str, ...]
    citation: str
    example: str
    default: Any = None
    default_text: str = ""
    policy: str | None = None
    count: int = 1                 # how many options to choose

    def describe(self) -> str:
        shown = ", ".join(f'"{o}"' for o in self.options)
        return f"{self.prompt} ({'one' if self.count == 1 else self.count} of {shown})"


@dataclass(frozen=True, slots=True)
class Answer:
    """An answer to decision ``key``: ``value`` (the chosen option or options), stated by the
    scenario line ``line`` (None when it is the default)."""
    key: str
    value: Any
    line: int | None = None
    default: bool = False


class DecisionPending(Exception):
    """Raised by :meth:`Context.decide` while the driver can wait for the next scenario line.
    Not an error: the driver catches it."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.describe())
        self.decision = decision


DEFAULT = object()    # an answers-table value: take the decision's default
