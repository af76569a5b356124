"""The event pipeline, in stages: before (the game's "would" window, then replacement and
prevention), the event itself, then "when" and "after" triggers.

``run_all(ctx, events)`` runs several events as one simultaneous event (FaB 3.2.1, WoW 802, UFS
E.4.3-E.4.5): each goes through its "before" stage, then all are performed, then the triggers
of all of them are collected, "when" before "after".

1. **would**: ``game.before(ctx, event)`` may resolve "would" triggers at once (Ashes 4.3.0) and
   returns the event as it is to go on (changed, or ``cancelled``);
2. **replacements**: the game's replacements that could apply (its static abilities and
   continuous effects with a replacement); each applies at most once to an event and to what
   it becomes (FaB 18.2, WoW 716.1e); ``order_replacements`` picks the next one and says which
   rule decided (FaB 18.5 turn player, WoW 717.4 packet controller ...); optional ones apply
   only when the scenario says the player uses them, or by the scenario's ``optional`` policy;
3. **perform**: the game carries out what is left of the event;
4. **when**, **after**: the game's ``triggers`` hook collects what triggered at each stage and
   ``triggered`` puts it where the game's rules say (a chain, a window, at once).

Abilities the game module could not bind are checked at stages 2 and 4: one that could replace
or trigger on the event is named in the trace as not modelled (:mod:`judge.engine.abilities`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING, Any, Callable, Mapping

from judge.engine import abilities
from judge.engine import trace as T
from judge.engine.errors import UnstatedChoice

if TYPE_CHECKING:  # pragma: no cover
    from judge.engine.chain import Layer
    from judge.engine.context import Context
    from judge.engine.state import State


class Stage(Enum):
    """When a triggered effect looks at an event (Ashes 4.3.0's would / when / after)."""
    WOULD = "would"
    WHEN = "when"
    AFTER = "after"


@dataclass(frozen=True, slots=True)
class Event:
    kind: str                          # damage | draw | gain_action_points | destroy | ...
    player: str | None = None          # the player affected (destination / drawer ...)
    amount: int = 0
    source: int | None = None          # object id of the source
    target: int | str | None = None    # object id or player name
    dtype: str = ""                    # damage type ("" = untyped)
    data: tuple[tuple[str, Any], ...] = ()
    applied: frozenset[str] = frozenset()   # replacements already applied to it
    cancelled: bool = False
    citations: tuple[str, ...] = ()
    combat: bool = False               # dealt by an attack in damage calculation

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.data).get(key, default)

    def with_(self, **changes: Any) -> "Event":
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Replacement:
    """A replacement or prevention. ``apply`` returns the replaced event (``cancelled=True``
    when nothing is left of it); it may change state (paying a cost) through ``ctx``.
    ``name`` is what a scenario names to use an optional one (the card's name); ``label`` is
    how the trace shows it."""
    id: str
    name: str
    label: str
    controller: str
    citation: str
    applies: Callable[["State", Event], bool]
    apply: Callable[["Context", Event], Event]
    optional: bool = False


@dataclass(frozen=True, slots=True)
class PendingTrigger:
    """A triggered effect waiting to be put where its game's rules say. Immutable: it is kept
    in the state (``state.pending``), in layers and in the log, and shared by forks."""
    name: str
    controller: str
    source: int | None
    resolve: Callable[["Context", "PendingTrigger"], None]
    citation: str | None = None
    still_true: Callable[["State"], bool] | None = None      # FaB 16.5 condition recheck
    data: Mapping[str, Any] = field(default_factory=dict)     # never changed
    targets: tuple[Any, ...] = ()     # chosen as it was put on the chain (FaB 19.1.1)

    def with_targets(self, targets: tuple[Any, ...]) -> "PendingTrigger":
        return replace(self, targets=tuple(targets))

    def targeted(self, layer: "Layer") -> "Layer":
        """``layer``, the layer this trigger's effects resolve as, with the targets chosen for
        the trigger when it was added to the chain (FaB 19.1.1), marked ``data["targets
        stated"]``; ``layer`` itself when none were."""
        if not self.targets:
            return layer
        return replace(layer, targets=self.targets, data={**layer.data, "targets stated": True})


def run(ctx: "Context", event: Event) -> Event | None:
    """Run one event through its stages; returns the event as it happened (None when it was
    cancelled, replaced away or prevented completely)."""
    return run_all(ctx, [event])[0]


def run_all(ctx: "Context", events: list[Event]) -> list[Event | None]:
    """Run ``events`` as one simultaneous event: each is replaced (or cancelled) first, then
    all are performed, then the triggers of all of them are collected, "when" before "after"."""
    game = ctx.game
    ready = []
    for event in events:
        event = game.before(ctx, event)
        ready.append(None if event is None or event.cancelled else _replace(ctx, event))
    happened = [None if ev is None else game.perform(ctx, ev) for ev in ready]
    done = [ev for ev in happened if ev is not None]
    for ev in done:
        abilities.occurred(ctx, ev.kind, "trigger")
    for stage in (Stage.WHEN, Stage.AFTER):
        found = [t for ev in done for t in game.triggers(ctx, ev, stage)]
        if found:
            game.triggered(ctx, stage, found)
    return happened


def _replace(ctx: "Context", event: Event) -> Event | None:
    """Stage 2: replacements and prevention, one at a time, until none applies."""
    game, state = ctx.game, ctx.state
    abilities.occurred(ctx, event.kind, "replacement")
    defaults: dict[str, str] = {}      # replacement id -> the policy default that chose it
    while True:
        candidates = [r for r in game.replacements(ctx, event)
                      if r.id not in event.applied and r.applies(state, event)]
        candidates = [r for r in candidates if _used(ctx, r, event, defaults)]
        if not candidates:
            break
        chosen, why = game.order_replacements(ctx, event, candidates)
        mark = len(state.log)
        before = event
        event = chosen.apply(ctx, event).with_(applied=event.applied | {chosen.id})
        # a change the replacement already showed in a step of its own (paying a cost) is not
        # shown again under the replacement
        mark = max(mark, ctx.trace.covered)
        if chosen.optional:
            ctx.choices.consume(ctx.choices.find_use(chosen.controller, chosen.name))
        ctx.trace.add(state, T.REPLACED,
                      f"{chosen.label} replaces {describe(before)} -> "
                      + ("nothing" if event.cancelled else describe(event)),
                      [chosen.citation, why] if len(candidates) > 1 else [chosen.citation],
                      mark=mark, actor=chosen.controller, default=defaults.get(chosen.id))
        if event.cancelled:
            return None
    return None if event.cancelled else event


def _used(ctx: "Context", r: Replacement, event: Event, defaults: dict[str, str]) -> bool:
    """Whether replacement ``r``, which can apply to ``event``, is used: always when it is not
    optional; an optional one when the scenario says its controller uses it, not when it says
    they decline it (that statement is spent), and else by the scenario's ``optional`` policy:
    ``decline`` (the default, noted once per event), ``use``, or ``error``."""
    if not r.optional or ctx.choices.find_use(r.controller, r.name) is not None:
        return True
    declined = ctx.choices.find("decline", r.controller, r.name)
    if declined is not None:
        ctx.choices.consume(declined)
        return False
    policy = ctx.policy("optional", "decline")
    if policy == "error":
        raise UnstatedChoice("optional", f"whether {r.controller} uses {r.label} on "
                             f"{describe(event)}", f'{r.controller} uses "{r.name}" (or declines it)')
    if policy == "use":
        defaults[r.id] = f"optional: use - {r.controller} uses {r.label} (not stated)"
        return True
    if r.id not in defaults:
        defaults[r.id] = ""
        ctx.trace.add(ctx.state, T.CHOICE, f"{r.controller} does not use {r.label} on "
                      f"{describe(event)}", [r.citation], actor=r.controller,
                      default=f"optional: decline - {r.controller} does not use {r.label} "
                              "(not stated)")
    return False


def describe(event: Event) -> str:
    """An event in words; an event aimed at a card rather than a player names it with its
    ``data`` entry ``"to name"`` (WoW: damage to an ally)."""
    to = event.get("to name") or event.player
    if event.kind == "damage":
        kind = f"{event.dtype} damage" if event.dtype else "damage"
        return f"{event.amount} {kind} to {to}"
    if event.kind == "heal":
        return f"{event.amount} damage healed from {to}"
    if event.kind.startswith("gain ") and event.get("name"):
        return f"{event.get('name')} gaining +{event.amount} {event.kind[5:]}"
    return f"{event.kind} {event.amount or ''} {event.player or ''}".strip()
