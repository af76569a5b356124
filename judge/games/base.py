"""The fixed interface between the game-independent engine and one game's rules.

Actions follow one naming scheme (after PokerKit): for each name in ``ACTIONS`` the game has
``verify_<name>(ctx, **args)`` (raises :class:`~judge.engine.errors.IllegalAction` carrying the
blocking rule), ``<name>(ctx, **args)`` (performs it, recording trace steps); ``can`` is derived.
Everything else the core needs is a hook below; choices and orders return the citation of the
rule that decided them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, ClassVar

from judge.engine.errors import IllegalAction

if TYPE_CHECKING:  # pragma: no cover
    from judge.engine.context import Context
    from judge.engine.events import Event, PendingTrigger, Replacement
    from judge.engine.stack import Layer
    from judge.engine.state import GameResult, State
    from judge.engine.trace import CitationTable


class Game(ABC):
    id: ClassVar[str]
    documents: ClassVar[tuple[str, ...]]          # rules documents it can cite
    ACTIONS: ClassVar[tuple[str, ...]]
    citations: ClassVar["CitationTable"]

    # -- set-up
    @abstractmethod
    def new_state(self, document: str) -> "State":
        """An empty state with the game's zones rules, counter rules and value layers."""

    @abstractmethod
    def add_player(self, state: "State", name: str) -> None:
        """Create a player and their zones."""

    @abstractmethod
    def start(self, ctx: "Context", turn_player: str) -> None:
        """Put the game at the scenario's starting point (a turn player with priority ...)."""

    # -- actions
    def can(self, ctx: "Context", action: str, **args: Any) -> bool:
        try:
            self.verify(ctx, action, **args)
        except IllegalAction:
            return False
        return True

    def verify(self, ctx: "Context", action: str, **args: Any) -> None:
        getattr(self, f"verify_{self._known(action)}")(ctx, **args)

    def act(self, ctx: "Context", action: str, **args: Any) -> None:
        name = self._known(action)
        getattr(self, f"verify_{name}")(ctx, **args)
        getattr(self, name)(ctx, **args)

    def _known(self, action: str) -> str:
        if action not in self.ACTIONS:
            raise KeyError(action)
        return action

    def before_action(self, ctx: "Context", action: str) -> None:
        """Turn-based steps that happen by default before a player's next action (e.g. FaB's
        defending hero declaring no defenders under the ``defending none`` policy)."""

    def settle(self, ctx: "Context") -> None:
        """Let the game run on with every player passing until nothing is waiting (the
        scenario's ``priority pass`` policy); used before checking expectations."""

    # -- events
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
    def triggers(self, ctx: "Context", event: "Event") -> list["PendingTrigger"]: ...

    @abstractmethod
    def order_triggers(self, ctx: "Context",
                       triggers: list["PendingTrigger"]) -> tuple[list["PendingTrigger"], str]: ...

    @abstractmethod
    def resolve_layer(self, ctx: "Context", layer: "Layer") -> None: ...

    # -- checks and results
    @abstractmethod
    def state_checks(self, ctx: "Context") -> None:
        """Game-state checks (FaB 3.1.1 / WoW PPP 410.5 / UFS pause conditions E.2)."""

    @abstractmethod
    def winner(self, state: "State") -> "GameResult | None": ...

    @abstractmethod
    def query(self, ctx: "Context", subject: str, args: tuple[str, ...]) -> Any:
        """A value an ``expect`` line asks about (``life Bob``, ``zone Bob graveyard`` ...).
        Raises :class:`~judge.engine.errors.NotModelled` for a subject it cannot answer."""
