"""One run of a scenario: state, the game's rules, the trace, stated choices, pending triggers."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.engine import trace as T
from judge.engine.errors import NotModelled
from judge.engine.events import PendingTrigger
from judge.engine.loops import LoopDetector
from judge.engine.state import State

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.base import Game


@dataclass(frozen=True, slots=True)
class StatedChoice:
    """A choice the scenario states: ``player`` does ``kind`` with ``value`` (e.g. ``use``,
    "Nullrune Hood"; ``order``, ("Runechant", "Spectra"); ``continue``/``close``)."""
    player: str
    kind: str
    value: Any
    pitching: tuple[int, ...] = ()      # cards to pitch to pay for it (object ids)
    amount: int | None = None


@dataclass(slots=True)
class Choices:
    stated: list[StatedChoice] = field(default_factory=list)

    def find_use(self, player: str, name: str) -> StatedChoice | None:
        """The scenario's statement that ``player`` uses the optional ability of ``name``."""
        return self.find("use", player, name)

    def find(self, kind: str, player: str, name: str) -> StatedChoice | None:
        """The scenario's statement that ``player`` makes choice ``kind`` (``use``,
        ``decline``) about the ability of ``name``."""
        for c in self.stated:
            if c.kind == kind and c.player == player and str(c.value).lower() == name.lower():
                return c
        return None

    def consume(self, choice: StatedChoice | None) -> None:
        if choice is not None and choice in self.stated:
            self.stated.remove(choice)

    def take(self, player: str | None, kind: str) -> StatedChoice | None:
        for i, c in enumerate(self.stated):
            if c.kind == kind and (player is None or c.player == player):
                return self.stated.pop(i)
        return None


class Context:
    def __init__(self, state: State, game: "Game") -> None:
        self.state = state
        self.game = game
        self.trace = T.Trace()
        self.choices = Choices()
        self.pending: list[PendingTrigger] = []
        self.loops = LoopDetector()
        self.untrusted = False        # set after a not-modelled step: later results unknown
        # the scenario's policies for unstated choices (key -> value, documented defaults
        # included; docs/scenario-language.md), set by the runner
        self.policies: dict[str, str] = {}

    def fork(self) -> "Context":
        new = Context.__new__(Context)
        new.state = self.state.fork()
        new.game = self.game
        new.trace = T.Trace(list(self.trace.steps), self.trace.line, self.trace.covered,
                            self.trace.describe)
        new.choices = Choices(list(self.choices.stated))
        new.pending = list(self.pending)
        new.loops = self.loops.copy()
        new.untrusted = self.untrusted
        new.policies = self.policies
        return new

    def policy(self, key: str, default: str) -> str:
        """The scenario's value of policy ``key`` (``default`` when the game runs without one)."""
        return self.policies.get(key, default)

    @property
    def document(self) -> str:
        return self.state.document

    def cite(self, procedure: str) -> str:
        return self.game.citations.cite(self.document, procedure)

    def cite_opt(self, procedure: str) -> str | None:
        return self.game.citations.lookup(self.state.document, procedure)

    def step(self, kind: str, text: str, procedures: tuple[str, ...] | list[str] = (),
             *, mark: int | None = None, actor: str | None = None,
             cites: tuple[str, ...] | list[str] = (), default: str | None = None) -> T.Step:
        """Record a step citing the scenario document's rules for ``procedures`` (a procedure
        its document does not cover is left out of the citations) plus literal ``cites``."""
        lookup, document = self.game.citations.lookup, self.state.document
        citations = [c for c in (lookup(document, p) for p in procedures) if c] + list(cites)
        return self.trace.add(self.state, kind, text, citations, mark=mark, actor=actor,
                              default=default)

    def not_modelled(self, what: str, citation: str | None = None) -> None:
        self.untrusted = True
        self.trace.add(self.state, T.NOT_MODELLED, f"not modelled: {what}",
                       [citation] if citation else [])

    @contextmanager
    def recording_not_modelled(self, about: str) -> Iterator[None]:
        """Run the block; what it cannot model (:class:`NotModelled`) is recorded as not
        modelled, as ``"<about>: <what>"``, and the run goes on after the block."""
        try:
            yield
        except NotModelled as nm:
            self.not_modelled(f"{about}: {nm.what}", nm.citation)
