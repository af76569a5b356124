"""The chain-and-priority block: a LIFO chain of layers and priority passing (FaB 14/19, WoW
705-711). A game that resolves pending work this way calls these functions and implements
:class:`ChainRules`; games without a stack use :mod:`judge.engine.immediate` instead.

Layers live in ``state.chain`` (bottom first) and change only through the operations here, so
the log shows each layer added and removed. A :class:`Layer` is immutable: it is shared by the
forks of a game and by the operations in its log. What a resolution remembers while it runs
("the card found", "the discarded card") goes in the ``memory`` of the copy that
:meth:`Layer.resolving` makes for it, never in the layer on the chain.

Procedures cited here (each game maps them to its rules in its citation table):
``priority.pass`` (a player passes), ``priority.resolve-top`` (all passed in succession: the top
layer resolves), ``trigger.layer`` (a triggered effect becomes a layer), ``trigger.order`` (the
order of simultaneous triggered effects).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable, Mapping, Protocol

from judge.engine import trace as T
from judge.engine.state import Operation, SetGlobal, State, TakePending

if TYPE_CHECKING:  # pragma: no cover
    from judge.engine.context import Context
    from judge.engine.events import PendingTrigger


@dataclass(frozen=True, slots=True)
class Layer:
    id: int
    kind: str                   # card | activated | triggered
    name: str
    controller: str
    source: int | None          # object id (the card itself for a card layer)
    targets: tuple[Any, ...] = ()
    citation: str | None = None
    data: Mapping[str, Any] = field(default_factory=dict)    # never changed: see with_data
    # what its resolution remembers while it runs (only in the copy ``resolving`` makes)
    memory: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def with_data(self, **changes: Any) -> "Layer":
        return replace(self, data={**self.data, **changes})

    def resolving(self) -> "Layer":
        """A copy of this layer for its resolution, with a memory of its own."""
        return replace(self, memory={})


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


class ChainRules(Protocol):
    """What the chain block asks of a game that uses it."""

    def resolve_layer(self, ctx: "Context", layer: Layer) -> None:
        """Resolve ``layer`` (already the top of the chain); the layer leaves the chain."""

    def state_checks(self, ctx: "Context") -> None:
        """The checks after a resolution (FaB 3.1.1 game end, WoW 410.5)."""

    def order_triggers(self, ctx: "Context", triggers: list["PendingTrigger"]
                       ) -> tuple[list["PendingTrigger"], str]:
        """Simultaneous triggered effects in the order they go on the chain (first = bottom),
        and the citation of the rule that ordered them."""

    def give_priority(self, ctx: "Context", player: str | None = None) -> None:
        """Triggered effects become layers, then ``player`` (the turn player by default) gets
        priority; a game adds its own checks first (WoW 410.5)."""

    def pass_priority(self, ctx: "Context", player: str, default: str | None = None) -> None:
        """``player`` passes, and the game moves on as its rules say when all have passed."""


def pass_priority(ctx: "Context", player: str, *, default: str | None = None) -> bool:
    """``player`` (the holder) passes; True when every player has passed in succession (the
    caller then resolves the top layer or moves the game on, as its rules say)."""
    st = ctx.state
    mark = len(st.log)
    everyone = Priority.pass_(st)
    ctx.step(T.ACTION, f"{player} passes priority", ["priority.pass"], mark=mark, actor=player,
             default=default)
    return everyone


def resolve_top(ctx: "Context", rules: ChainRules) -> None:
    """Every player passed with a layer waiting: the top layer resolves, the game checks its
    state, and priority is given again (FaB 14.2, WoW 709)."""
    st = ctx.state
    layer = top(st)
    assert layer is not None
    ctx.loops.check(st, "resolving layers")
    rules.resolve_layer(ctx, layer)
    if st.result is None:
        rules.state_checks(ctx)
    if st.result is None:
        rules.give_priority(ctx)


def flush_triggers(ctx: "Context", rules: ChainRules, *,
                   targets: Any = None) -> list[tuple[Layer, "PendingTrigger"]]:
    """Every waiting triggered effect becomes a layer, in the order ``rules.order_triggers``
    gives (FaB 16.2/16.3, WoW 708). ``targets(ctx, trigger)`` may give the targets chosen as
    the layer is added. Returns the layers made, bottom first."""
    st = ctx.state
    if not st.pending:
        return []
    ordered, why = rules.order_triggers(ctx, list(st.pending))
    st.apply(TakePending())
    made = []
    for trig in ordered:
        mark = len(st.log)
        chosen = tuple(targets(ctx, trig)) if targets is not None else ()
        if chosen:
            trig = trig.with_targets(chosen)
        layer = Layer(id=st.new_id(), kind="triggered", name=trig.name,
                      controller=trig.controller, source=trig.source, targets=chosen,
                      citation=trig.citation, data={"trigger": trig})
        n = push(st, layer)
        ctx.step(T.TRIGGER, f"{trig.name} triggers and becomes layer {n} of the chain",
                 ["trigger.layer"], mark=mark,
                 cites=[why] + ([trig.citation] if trig.citation else []))
        if chosen:
            ctx.step(T.CHOICE, f"{trig.controller} chooses {names(st, chosen)} as the target "
                     f"of {trig.name} as it is added to the chain",
                     ["target.choose", "trigger.targets"], actor=trig.controller)
        made.append((layer, trig))
    return made


def names(state: State, targets: tuple[Any, ...]) -> str:
    """``targets`` in words: players by name, objects by their names."""
    return " and ".join(t if isinstance(t, str) else state.objects[t].name for t in targets)


def pass_until_settled(ctx: "Context", rules: "ChainRules", waiting: Callable[[State], bool],
                       before: Callable[[], None] | None = None) -> None:
    """Every player passes in turn (each pass a default, the ``priority pass`` policy) while
    ``waiting(state)`` says something waits and somebody has priority; ``before`` runs before
    each pass (a turn-based default such as FaB's undeclared defence)."""
    st = ctx.state
    while st.result is None:
        if before is not None:
            before()
        if not waiting(st):
            return
        holder = Priority.holder(st)
        if holder is None:
            return
        ctx.loops.check(st, "passing priority")
        rules.pass_priority(ctx, holder, default=f"priority: pass - {holder} passes (not stated)")
