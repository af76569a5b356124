"""No silent drops, by construction: abilities a game module could not bind.

When a card enters a scenario (set-up, or a token made during the game) its game module binds
each parsed ability it can carry out and declares the others :class:`Unbound`
(:meth:`judge.engine.game.Game.bind_card`). The core keeps them in ``state.unbound`` and, while
the card is where the ability functions, names the ability in the trace as ``not modelled``
whenever its situation could arise:

- a **trigger**: an event of a kind it watches happens (:func:`occurred` with ``"trigger"``,
  called by the event pipeline for every event and by games for moments that are not events,
  such as "the start of the action phase");
- a **replacement** or prevention: an event of a kind it could replace is about to happen;
- a **static** ability: a value it could change is read (checked by the context when the game
  reads values through :meth:`judge.engine.context.Context.value` and at each trace step).

``ANY`` stands for "every kind": an ability whose event or value the module cannot even name
is reported at the first event (or value read) while it functions. Each ability is named once
per run; naming it makes the rest of the run undecided (the context's ``untrusted``), as every
``not modelled`` step does. A game module therefore cannot forget an ability without the
ruling saying so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from judge.engine.state import Operation, State

if TYPE_CHECKING:  # pragma: no cover
    from judge.engine.context import Context

ANY = "*"

# "unknown": text the module could not even classify; it could be any of the others. A
# "keyword" is named at the events and value reads it names (a keyword can trigger, replace or
# change values)
KINDS = ("trigger", "replacement", "static", "activated", "cost", "keyword", "resolution",
         "unknown")


@dataclass(frozen=True, slots=True)
class Unbound:
    """An ability of object ``obj`` that its game module does not carry out.

    ``kind``: trigger | replacement | static | activated | cost | keyword | resolution;
    ``text``: the ability as printed; ``why``: what the module lacks, in words;
    ``zones``: the zone names where it functions (empty: everywhere);
    ``events``: the event kinds that could trigger it or that it could replace (``ANY``: any);
    ``values``: the values it could change (``ANY``: any);
    ``citation``: the rule that governs what it lacks, when the module knows one (the
    not-modelled step cites it).
    """
    obj: int
    card: str
    kind: str
    text: str
    why: str = ""
    zones: frozenset[str] = frozenset()
    events: frozenset[str] = frozenset()
    values: frozenset[str] = frozenset()
    citation: str | None = None

    def describe(self) -> str:
        what = {"trigger": "triggered ability", "replacement": "replacement effect",
                "static": "static ability", "activated": "activated ability",
                "keyword": "keyword", "cost": "cost", "resolution": "effect",
                "unknown": "text"}.get(self.kind,
                                                                                 self.kind)
        return (f"{self.card}'s {what} {self.text!r}" + (f" ({self.why})" if self.why else ""))


def functioning(state: "State", u: Unbound) -> bool:
    o = state.objects.get(u.obj)
    return o is not None and (not u.zones or o.zone[1] in u.zones)


def occurred(ctx: "Context", event_kind: str, role: str = "trigger") -> None:
    """An event of ``event_kind`` happens (``role`` ``"trigger"``) or is about to
    (``"replacement"``): name every functioning unbound ability that could answer it."""
    st = ctx.state
    if not st.unbound:
        return
    for abilities in list(st.unbound.values()):
        for u in abilities:
            if u.kind in (role, "unknown", "keyword") and (ANY in u.events
                                                            or event_kind in u.events):
                report(ctx, u, f"{event_kind} happens" if role == "trigger"
                       else f"it could replace {event_kind}")


def read(ctx: "Context", stat: str) -> None:
    """A value named ``stat`` is read: name every functioning unbound static ability that
    could change it."""
    st = ctx.state
    if not st.unbound:
        return
    for abilities in list(st.unbound.values()):
        for u in abilities:
            if u.kind in ("static", "unknown", "keyword") and (ANY in u.values
                                                                or stat in u.values):
                report(ctx, u, f"it could change {stat}")


def report(ctx: "Context", u: Unbound, why: str) -> None:
    """Name ``u`` as not modelled (once per run), if it functions where its card is."""
    if u in ctx.reported or not functioning(ctx.state, u):
        return
    ctx.reported.add(u)
    ctx.not_modelled(f"{u.describe()}: {why}", u.citation)


@dataclass(frozen=True, slots=True)
class BindAbilities(Operation):
    """Object ``obj`` entered the game and its module bound its abilities: ``unbound`` are the
    ones it cannot carry out (empty: every ability is bound)."""
    obj: int
    unbound: tuple[Unbound, ...] = ()

    def apply(self, state: State) -> None:
        state.unbound[self.obj] = self.unbound
        if any(u.kind in ("static", "unknown", "keyword") for u in self.unbound):
            state.watch_reads = True

    def describe(self, state: State) -> str:
        name = state.objects[self.obj].name
        if not self.unbound:
            return f"{name}: abilities bound"
        return f"{name}: {len(self.unbound)} ability(ies) not modelled"
