"""Continuous effects: what they change, how long they last, when they are on.

A :class:`ContinuousEffect` owns modifiers (``Modifier.effect``) and, optionally, a replacement
(see :mod:`judge.engine.events`). It lasts until one of its ``ends_at`` moments (a game names
its moments: ``"end of turn"``, ``"start of turn"``, ``"combat chain closes"`` ...), until its
source leaves the zone it was in (``while_source``), or until its uses run out (``"the next time
..."``). A conditional effect (FaB 17.2.1) is on only while ``condition(state)`` holds; its
modifiers are ignored while it is off.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from judge.engine.state import Operation, RemoveModifier, SetGlobal, State

if TYPE_CHECKING:  # pragma: no cover
    from judge.engine.events import Replacement


@dataclass(slots=True)
class ContinuousEffect:
    id: int
    description: str
    controller: str | None
    citation: str | None
    timestamp: int
    ends_at: frozenset[str] = frozenset()
    while_source: tuple[int, int] | None = None      # (object id, incarnation) it depends on
    condition: Callable[[State], bool] | None = None
    replacement: "Replacement | None" = None
    uses: int | None = None                          # remaining uses of a "next time" effect
    data: dict[str, Any] = field(default_factory=dict)
    # a change to every object matching ``affects`` ("attacks you control get +1{p}"),
    # evaluated whenever a value is read, so it follows objects across zones
    affects: Callable[[State, Any], bool] | None = None
    stat: str = ""
    op: str = "add"
    amount: int | None = None
    layer: int = 1


@dataclass(frozen=True, slots=True)
class AddEffect(Operation):
    effect: ContinuousEffect

    def apply(self, state: State) -> None:
        state.effects[self.effect.id] = self.effect

    def describe(self, state: State) -> str:
        return f"effect starts: {self.effect.description}"


@dataclass(frozen=True, slots=True)
class EndEffect(Operation):
    effect: int

    def apply(self, state: State) -> None:
        state.effects.pop(self.effect, None)

    def describe(self, state: State) -> str:
        return f"effect {self.effect} ends"


@dataclass(frozen=True, slots=True)
class UseEffect(Operation):
    effect: int

    def apply(self, state: State) -> None:
        e = state.effects.get(self.effect)
        if e is not None and e.uses is not None:
            e.uses -= 1

    def describe(self, state: State) -> str:
        return f"effect {self.effect} used once"


def install(state: State) -> None:
    """Make the state's value computation honour effect lifetimes and conditions."""
    state.effect_active = is_active


def is_active(state: State, effect_id: int) -> bool:
    e = state.effects.get(effect_id)
    if e is None:
        return False
    if e.uses is not None and e.uses <= 0:
        return False
    if e.while_source is not None:
        oid, inc = e.while_source
        o = state.objects.get(oid)
        if o is None or o.incarnation != inc:
            return False
    return e.condition is None or bool(e.condition(state))


def create(state: State, *, description: str, controller: str | None, citation: str | None,
           ends_at: frozenset[str] | set[str] = frozenset(),
           while_source: tuple[int, int] | None = None,
           condition: Callable[[State], bool] | None = None,
           replacement: "Replacement | None" = None, uses: int | None = None,
           data: dict[str, Any] | None = None,
           affects: Callable[[State, Any], bool] | None = None, stat: str = "",
           op: str = "add", amount: int | None = None, layer: int = 1) -> ContinuousEffect:
    effect = ContinuousEffect(id=state.new_id(), description=description, controller=controller,
                              citation=citation, timestamp=state.tick(),
                              ends_at=frozenset(ends_at), while_source=while_source,
                              condition=condition, replacement=replacement, uses=uses,
                              data=dict(data or {}), affects=affects, stat=stat, op=op,
                              amount=amount, layer=layer)
    state.apply(AddEffect(effect))
    return effect


def end(state: State, effect_id: int) -> list[Operation]:
    ops: list[Operation] = [state.apply(RemoveModifier(m.id)) for m in list(state.modifiers.values())
                            if m.effect == effect_id]
    ops.append(state.apply(EndEffect(effect_id)))
    return ops


def expire(state: State, moment: str) -> list[ContinuousEffect]:
    """End every effect whose duration ends at ``moment``; returns the ended effects."""
    ended = [e for e in list(state.effects.values()) if moment in e.ends_at]
    for e in ended:
        end(state, e.id)
    return ended


def sweep(state: State) -> list[ContinuousEffect]:
    """End effects that can never be on again: used up, or their source left its zone."""
    gone = []
    for e in list(state.effects.values()):
        used_up = e.uses is not None and e.uses <= 0
        lost_source = False
        if e.while_source is not None:
            oid, inc = e.while_source
            o = state.objects.get(oid)
            lost_source = o is None or o.incarnation != inc
        if used_up or lost_source:
            end(state, e.id)
            gone.append(e)
    return gone


def switches(state: State, key: str) -> dict[int, bool]:
    """The on/off states last noted under ``key`` (id -> on), e.g. of conditional effects whose
    turning on and off the trace reports (FaB 17.2.1)."""
    return dict(state.globals.get(key, ()))


def note_switch(state: State, key: str, ident: int, on: bool) -> None:
    """Note that ``ident`` is now ``on`` under ``key``, as a logged operation (only a change)."""
    known = switches(state, key)
    if known.get(ident) != on:
        known[ident] = on
        state.apply(SetGlobal(key, tuple(sorted(known.items()))))
