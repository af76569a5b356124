"""Conditions on a value having increased this turn (FaB 17.3).

"If target equipment has gained {d} this turn, <effects>": the condition holds when a change that
started this turn has been increasing the object's {p} or {d} - a +N from a resolving card (a
modifier of its own) or a continuous effect created this turn. A continuous effect that has been
increasing the value since before the start of turn phase does not make it true (17.3), and the
ruling says so in a step of its own. The effects in the arena when the turn began are recorded
(``BEFORE``): for the scenario's first turn, the static abilities of the permanents it starts
with, which the ruling takes as in the arena before the turn began and lists among its
assumptions. Counters that add to the value are not dated, so a value with such counters is
``not modelled``; so is a condition of another shape.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judge.cards import model as M
from judge.engine import effects as E
from judge.engine import trace as T
from judge.engine.chain import Layer
from judge.engine.context import Context
from judge.engine.errors import NotModelled
from judge.engine.state import Operation, State
from judge.games.fab.reading import target_text

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame

BEFORE = "effects before the turn"     # globals: (turn, ids of the continuous effects then)
_STATS = {"power": "{p}", "defense": "{d}"}


@dataclass(frozen=True, slots=True)
class MarkTurnStart(Operation):
    """Bookkeeping: the continuous effects that exist as a turn begins (17.3). In the log, not
    in the trace's words."""
    turn: int
    effects: tuple[int, ...]
    shown = False

    def apply(self, state: State) -> None:
        state.globals[BEFORE] = (self.turn, self.effects)

    def describe(self, state: State) -> str:
        return f"effects in the arena as turn {self.turn} began"


def mark_turn_start(state: State, *, apply: bool) -> None:
    """Record the continuous effects that exist as a turn begins (17.3)."""
    op = MarkTurnStart(state.globals.get("turn", 0), tuple(sorted(state.effects)))
    if apply:
        state.apply(op)
    else:
        op.apply(state)


def _shape(eff: Any) -> tuple[M.Target, str] | None:
    c = eff.condition if isinstance(eff, M.Conditional) and not eff.otherwise else None
    ev = c.event if c is not None and c.test == "event" and not c.negated else None
    if ev is None or ev.verb != "gain" or ev.negated or ev.would or ev.alternatives or \
            ev.object is None or ev.object.kinds not in (("power",), ("defense",)) or \
            ev.within is None or ev.within.kind != "this turn" or ev.subject is None or \
            ev.amount is not None or ev.times is not None:
        return None
    return ev.subject, ev.object.kinds[0]


def handles(eff: Any) -> bool:
    return _shape(eff) is not None


def run(game: "FabGame", ctx: Context, layer: Layer, eff: M.Conditional) -> None:
    from judge.games.fab import effects as fab_effects
    st = ctx.state
    found = _shape(eff)
    assert found is not None
    subject, stat = found
    words = " ".join((eff.condition.text or "").split())
    [oid] = fab_effects.objects_for(game, ctx, layer, subject)[:1] or [None]
    if oid is None:
        raise NotModelled(f"the condition {words!r}: {target_text(subject)!r} names no object")
    o = st.objects[oid]
    if any(r is not None and r.stat == stat and r.delta > 0
           for name, _t in o.counters if (r := st.counter_rules.get(name)) is not None):
        raise NotModelled(f"the condition {words!r}: {o.name} has counters that add to its "
                          f"{stat}, and when they were put on it is not recorded",
                          ctx.cite_opt("continuous.increased"))
    turn, before = st.globals.get(BEFORE, (None, ()))
    if turn != st.globals.get("turn", 0):
        raise NotModelled(f"the condition {words!r}: which effects began before this turn is "
                          "not recorded", ctx.cite_opt("continuous.increased"))
    since_before, this_turn = [], []
    for m in st.active_modifiers(o, stat):
        if m.op == "add" and isinstance(m.value, int) and m.value > 0:
            desc = st.effects[m.effect].description if m.effect in st.effects else "an effect"
            (since_before if m.effect in before else this_turn).append(desc)
    for e in list(st.effects.values()):
        if e.affects is not None and e.stat == stat and e.op == "add" and \
                (e.amount or 0) > 0 and E.is_active(st, e.id) and e.affects(st, o):
            (since_before if e.id in before else this_turn).append(e.description)
    mark = len(st.log)
    icon = _STATS[stat]
    if since_before:
        ctx.step(T.RULE, f"{'; '.join(since_before)}: a continuous effect that has been "
                 f"increasing {o.name}'s {icon} since before the turn began does not make "
                 f"\"{words}\" true", ["continuous.increased"], mark=mark,
                 default=("before the turn: the permanents the scenario starts with were in "
                          "the arena before this turn began (not stated)")
                 if turn == st.globals.get("start turn") else None)
        mark = len(st.log)
    if this_turn:
        ctx.step(T.RULE, f"\"{words}\": {o.name}'s {icon} has increased this turn "
                 f"({'; '.join(this_turn)})", ["continuous.increased", "resolve.in-order"],
                 mark=mark)
        game.run_effects(ctx, layer, eff.then)
    else:
        ctx.step(T.RULE, f"\"{words}\" is false: nothing that started this turn has increased "
                 f"{o.name}'s {icon}; the rest of the sentence does nothing",
                 ["continuous.increased", "resolve.part-ignored"], mark=mark)
