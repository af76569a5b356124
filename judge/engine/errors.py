"""Engine outcomes that are not bugs.

``IllegalAction`` is raised by an action's ``verify_*`` when the rules forbid it; it carries the
citation of the rule that blocks it. The runner records the refusal in the trace and goes on
from the unchanged, legal state. ``NotModelled`` says the engine cannot derive what happens
(the runner records ``not modelled: ...`` and never guesses). Neither is a ``JudgeError``: they
are findings about the game, not errors in the user's input. ``ScenarioStateError`` is: it is
raised when a scenario names something the state does not have (an unknown card, zone, player).
"""

from __future__ import annotations

from judge.errors import JudgeError


class IllegalAction(Exception):
    """The rules forbid an action. ``citation`` names the blocking rule (``"fab-1.4 15.1"``)."""

    def __init__(self, action: str, reason: str, citation: str, *, timing: bool = False,
                 also: tuple[str, ...] = ()) -> None:
        super().__init__(f"{action}: {reason} ({citation})")
        self.action = action
        self.reason = reason
        self.citation = citation
        # further rules that govern the refusal ("the action is rewound": WoW 707.2)
        self.also = tuple(also)
        # True when only the moment is wrong (no priority, wrong step): passing priority under
        # the scenario's "priority pass" policy may reach a moment where it is legal
        self.timing = timing

    @property
    def citations(self) -> list[str]:
        """The blocking rule, then the rules that say what a refusal does."""
        return [self.citation, *(c for c in self.also if c != self.citation)]


class NotModelled(Exception):
    """The engine cannot derive this part of the game; ``what`` says which part and why."""

    def __init__(self, what: str, citation: str | None = None) -> None:
        super().__init__(what)
        self.what = what
        self.citation = citation


class UnstatedChoice(Exception):
    """A choice the scenario does not state, under a ``policy <key> error`` line that requires
    every such choice to be stated. ``choice`` says which choice in words ("Bob's defence
    against Zap"); ``example`` is a line that would state it. The runner turns it into a
    :class:`ScenarioStateError` at the scenario line that led to it."""

    def __init__(self, policy: str, choice: str, example: str) -> None:
        super().__init__(f"{choice} is not stated (policy {policy} error)")
        self.policy = policy
        self.choice = choice
        self.example = example


class ScenarioStateError(JudgeError):
    """A scenario refers to a card, player or zone that its setup does not define."""
