"""Pending work: a LIFO chain of layers with priority passing (FaB chain 14/19, WoW chain
705-711), or immediate resolution for games without a stack (Ashes 4.2/4.5, UFS windows).

Layers live in ``state.chain`` (bottom first) and change only through the operations here, so
the log shows each layer added and removed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.engine.state import Operation, SetGlobal, State

if TYPE_CHECKING:  # pragma: no cover
    from judge.engine.context import Context


@dataclass(slots=True)
class Layer:
    id: int
    kind: str                   # card | activated | triggered
    name: str
    controller: str
    source: int | None          # object id (the card itself for a card layer)
    targets: tuple[Any, ...] = ()
    citation: str | None = None
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class PushLayer(Operation):
    layer: Layer
    number: int = 0             # its layer number N when it was added (1 = bottom)

    def apply(self, state: State) -> None:
        state.chain.append(self.layer)

    def describe(self, state: State) -> str:
        return f"layer {self.number}: {self.layer.name}"


@dataclass(frozen=True, slots=True)
class RemoveLayer(Operation):
    layer: int                  # the layer's id
    name: str = ""
    number: int = 0             # its layer number N when it left (1 = bottom)

    def apply(self, state: State) -> None:
        state.chain[:] = [l for l in state.chain if l.id != self.layer]

    def describe(self, state: State) -> str:
        return f"layer {self.number}: {self.name} leaves the chain"


def push(state: State, layer: Layer) -> int:
    """Add a layer on top; returns its layer number N (FaB 15.5.4a: 1 + layers waiting)."""
    state.apply(PushLayer(layer, len(state.chain) + 1))
    return len(state.chain)


def top(state: State) -> Layer | None:
    return state.chain[-1] if state.chain else None


def remove(state: State, layer: Layer) -> None:
    number = next((i + 1 for i, l in enumerate(state.chain) if l.id == layer.id), 0)
    state.apply(RemoveLayer(layer.id, layer.name, number))


class Priority:
    """Who may act and how many passed in succession. Stored in ``state.globals``."""

    HOLDER = "priority"
    PASSES = "passes"

    @staticmethod
    def holder(state: State) -> str | None:
        return state.globals.get(Priority.HOLDER)

    @staticmethod
    def give(state: State, player: str | None) -> None:
        state.apply(SetGlobal(Priority.HOLDER, player))
        state.apply(SetGlobal(Priority.PASSES, 0))

    @staticmethod
    def keep(state: State, player: str) -> None:
        """The player acted: they hold priority and the run of passes starts again."""
        state.apply(SetGlobal(Priority.HOLDER, player))
        state.apply(SetGlobal(Priority.PASSES, 0))

    @staticmethod
    def pass_(state: State) -> bool:
        """The holder passes to the next player; True when every player passed in succession."""
        order = list(state.players)
        holder = Priority.holder(state)
        passes = state.globals.get(Priority.PASSES, 0) + 1
        nxt = order[(order.index(holder) + 1) % len(order)] if holder in order else order[0]
        state.apply(SetGlobal(Priority.HOLDER, nxt))
        state.apply(SetGlobal(Priority.PASSES, passes))
        return passes >= len(order)


class ImmediateResolution:
    """For games without a stack: pending work resolves as soon as it is created."""

    @staticmethod
    def add(ctx: "Context", layer: Layer) -> None:
        ctx.game.resolve_layer(ctx, layer)
