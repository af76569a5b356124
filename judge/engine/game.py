"""The contract between the game-neutral core and one game's rules module.

The core (the driver in :mod:`judge.engine.driver` and the event pipeline in
:mod:`judge.engine.events`) calls exactly the methods declared here, and every one of them
(a test checks both). The chain-and-priority block (:mod:`judge.engine.chain`) and the
immediate-resolution block (:mod:`judge.engine.immediate`) declare what *they* ask of a game
that uses them.

Scenario lines reach a game as opaque values: the driver never looks inside an action line, a
set-up or a state expectation; the game binds them (``set_up``, ``bind``, ``expect``). The core
therefore knows no game's zones, values, actions or expectation subjects.

Actions follow one naming scheme (after PokerKit): for each name in ``ACTIONS`` the game has
``verify_<name>(ctx, **args)`` (raises :class:`~judge.engine.errors.IllegalAction` carrying the
blocking rule) and ``<name>(ctx, **args)`` (performs it, recording trace steps); ``can`` is
derived.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Mapping

from judge.engine.errors import IllegalAction, NotModelled

if TYPE_CHECKING:  # pragma: no cover
    from judge.engine.abilities import Unbound
    from judge.engine.context import Context
    from judge.engine.decisions import Decision
    from judge.engine.events import Event, PendingTrigger, Replacement, Stage
    from judge.engine.loops import LoopDetected
    from judge.engine.state import State
    from judge.engine.trace import CitationTable


@dataclass(frozen=True, slots=True)
class Call:
    """An action line bound to a game action: ``name`` (one of the game's ``ACTIONS``) with
    ``args``; ``label`` is the line as the trace shows it."""
    name: str
    args: Mapping[str, Any] = field(default_factory=dict)
    label: str = ""


class Game(ABC):
    id: ClassVar[str]
    documents: ClassVar[tuple[str, ...]]          # rules documents whose numbers it cites
    ACTIONS: ClassVar[tuple[str, ...]]
    citations: ClassVar["CitationTable"]

    # ------------------------------------------------------------------ set-up
    @abstractmethod
    def new_state(self, document: str) -> "State":
        """An empty state with the game's zones, counter rules and value rules."""

    @abstractmethod
    def set_up(self, ctx: "Context", setup: Any) -> None:
        """Put the scenario's starting position into ``ctx.state`` (players with every fact
        the scenario states, zones, cards, hero-like cards) and record the start step. A fact
        the game cannot use is an error, never ignored."""

    @abstractmethod
    def bind_card(self, ctx: "Context", oid: int) -> tuple["Unbound", ...]:
        """Bind each parsed ability of object ``oid`` to this module's procedures; return the
        abilities it cannot carry out (:mod:`judge.engine.abilities`). Called by the core for
        every object that enters the game."""

    # ------------------------------------------------------------------ scenario lines
    @abstractmethod
    def bind(self, ctx: "Context", line: Any) -> Call | None:
        """The game action an action line asks for (None: the module has no such action)."""

    def before_action(self, ctx: "Context", call: Call) -> None:
        """Turn-based steps that happen by default before a player's next action (FaB's
        defending hero declaring no defenders under the ``defending none`` policy)."""

    def answer(self, ctx: "Context", decision: "Decision", call: Call) -> Any:
        """The answer that action ``call`` gives to the pending ``decision`` (a value for
        ``decision``'s options), or None when the line does not answer it."""
        return None

    # ------------------------------------------------------------------ actions
    def can(self, ctx: "Context", call: Call) -> bool:
        try:
            self.verify(ctx, call)
        except IllegalAction:
            return False
        return True

    def verify(self, ctx: "Context", call: Call) -> None:
        getattr(self, f"verify_{self._known(call.name)}")(ctx, **call.args)

    def act(self, ctx: "Context", call: Call) -> None:
        name = self._known(call.name)
        getattr(self, f"verify_{name}")(ctx, **call.args)
        getattr(self, name)(ctx, **call.args)

    def _known(self, action: str) -> str:
        if action not in self.ACTIONS:
            raise KeyError(action)
        return action

    # ------------------------------------------------------------------ running on
    @abstractmethod
    def advance(self, ctx: "Context") -> bool:
        """One step of play with every player making the default choice (the player with
        priority passes it); False when nothing can advance that way."""

    @abstractmethod
    def turn(self, state: "State") -> int:
        """The number of the current turn (implicit passes never end a turn)."""

    def loop(self, ctx: "Context", loop: "LoopDetected") -> None:
        """The game advances on its own without end (:mod:`judge.engine.loops`): apply the
        game's rule for loops (WoW 803), or raise :class:`NotModelled` when its documents have
        none (the default) or the step budget ran out."""
        raise NotModelled(loop.describe() + ("" if not loop.repeated else
                          f"; the {self.id} rules documents give no rule that ends a loop"))

    @abstractmethod
    def settle(self, ctx: "Context") -> None:
        """Let the game run on with every player passing until nothing is waiting (a
        ``settle`` line, and the end of the scenario)."""

    # ------------------------------------------------------------------ results
    @abstractmethod
    def expect(self, ctx: "Context", expectation: Any) -> tuple[bool, str]:
        """Whether a state expectation holds now, and what the game found, in the
        expectation's words ("Bob life 18"). Raises :class:`~judge.engine.errors.NotModelled`
        for a question it cannot answer."""

    @abstractmethod
    def outcome(self, ctx: "Context") -> str:
        """The ruling's answer in one or two sentences (winner, the values in dispute)."""

    # ------------------------------------------------------------------ events
    def before(self, ctx: "Context", event: "Event") -> "Event | None":
        """The "would" stage of an event (Ashes 4.3.0): resolve what responds before it and
        return the event as it goes on (``cancelled``, changed, or as it was)."""
        return event

    @abstractmethod
    def replacements(self, ctx: "Context", event: "Event") -> list["Replacement"]: ...

    @abstractmethod
    def order_replacements(self, ctx: "Context", event: "Event",
                           candidates: list["Replacement"]) -> tuple["Replacement", str]:
        """The next replacement to apply and the citation of the rule that chose it."""

    @abstractmethod
    def perform(self, ctx: "Context", event: "Event") -> "Event | None":
        """Carry out an event; returns the event as it happened (for triggers)."""

    @abstractmethod
    def triggers(self, ctx: "Context", event: "Event",
                 stage: "Stage") -> list["PendingTrigger"]:
        """What triggers on ``event`` at ``stage`` (when / after)."""

    def triggered(self, ctx: "Context", stage: "Stage",
                  triggers: list["PendingTrigger"]) -> None:
        """Put what triggered where the game's rules say: by default it waits in
        ``state.pending`` (a chain game makes layers of it when a player would get
        priority; an immediate game resolves it at once)."""
        ctx.trigger(*triggers)
