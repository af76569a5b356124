"""The value of X in a card's "..., where X is <definition>" (``Amount.defined_as``, a
:class:`judge.cards.model.Quantity`).

A definition the engine can evaluate has one of the shapes below; any other one is
``not modelled`` (the engine never picks a number). Each evaluation is a trace step that says
what was counted and which rule decides what counts.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from judge.cards import model as M
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.errors import NotModelled
from judge.engine.chain import Layer
from judge.games.fab import records as R
from judge.games.fab.reading import is_self, is_you
from judge.games.fab.zones import ARENA

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame

_REVEALED_STATS = ("pitch", "cost", "power", "defense")


def is_x(amount: M.Amount | None) -> bool:
    return amount is not None and amount.variable == "X"


def value_of_x(game: "FabGame", ctx: Context, layer: Layer, where: M.Quantity | None, *,
               hero: str | None = None) -> int:
    """X for an effect of ``layer`` about ``hero`` (the hero "that hero" means)."""
    if where is None:
        raise NotModelled("X with no definition")
    if where.minus_from is not None:
        # "X is 6 minus the pitch value of ...": the number less the value it names
        less = value_of_x(game, ctx, layer, replace(where, minus_from=None, plus=0), hero=hero)
        x = where.minus_from - less + where.plus
        if x < 0:
            raise NotModelled(f"X is {where.minus_from} minus {less}, which is below zero")
        ctx.step(T.RULE, f"X is {where.minus_from} minus {less}: {x}", ["resolve.in-order"])
        return x
    ev = where.event
    if where.measure == "damage" and ev is not None and ev.verb == "deal damage" and \
            ev.subject is not None and ev.subject.ref == "you" and ev.within is not None \
            and ev.within.kind == "this turn" and not where.plus:
        # "the amount of [arcane] damage you have dealt [to that hero] this turn"
        return _damage_dealt(ctx, layer, ev, hero)
    of = where.of
    if where.measure == "count" and of is not None and of.kinds == ("counter",) and \
            len(of.qualities) == 1 and not where.plus:
        # "the number of steam counters on Dissipation Shield"
        return _counters(ctx, layer, of.qualities[0].lower(), of.of)
    if where.measure in _REVEALED_STATS and of is not None and of.kinds == ("card",) and \
            set(of.qualities) == {"revealed", "this way"} and not where.plus:
        # "the pitch value of the card revealed this way" (fab_deck)
        from judge.games.fab import deck as fab_deck
        return fab_deck.revealed_value(ctx, layer, where.measure)
    if where.measure == "count" and of is not None and of.kinds == ("number",) and \
            len(of.filters) == 1 and of.filters[0].event is not None and \
            of.filters[0].event.verb == "be rolled" and not where.plus and not of.qualities:
        # "the number rolled" (a die this effect rolled: ``fab_effects._roll``)
        return _rolled(ctx, layer)
    raise NotModelled(f"X where X is {where.text!r}")


def _rolled(ctx: Context, layer: Layer) -> int:
    from judge.games.fab.effects import ROLLED
    n = layer.memory.get(ROLLED)
    if n is None:
        raise NotModelled("\"the number rolled\" with no die rolled by the effect")
    ctx.step(T.RULE, f"X is the number rolled: {n}", ["die.roll"])
    return n


def _damage_dealt(ctx: Context, layer: Layer, ev: M.Event, hero: str | None) -> int:
    """26.5: prevented damage was never dealt, so only damage as it was dealt counts (the
    records of ``fab_records`` hold nothing else)."""
    st = ctx.state
    dtype = ev.damage_type or None
    to = ev.object
    that_hero = to is not None and (to.ref in ("that", "they") or to.targeted) and \
        not is_you(to)
    if that_hero and hero is None:
        raise NotModelled(f"{' '.join(to.text.lower().split())!r} in the definition of X, "
                          "with no hero chosen")
    victim = hero if that_hero else (layer.controller if to is not None else None)
    dealer = layer.controller
    found = R.damage_this_turn(st, dealer=dealer, to=victim, dtype=dtype)
    n = sum(r.amount for r in found)
    kind = f"{dtype} damage" if dtype else "damage"
    parts = ", ".join(f"{r.amount} from {r.source_name}" for r in found) or "none"
    ctx.step(T.RULE, f"X is the amount of {kind} {dealer} has dealt"
             + (f" to {victim}" if victim else "") + f" this turn: {n} ({parts}); damage that was "
             "prevented is considered never to have been dealt and does not count",
             ["damage.prevented", "damage.source"])
    return n


def _counters(ctx: Context, layer: Layer, kind: str, on: M.Target | None) -> int:
    """Counters on the effect's source; when the source has left the arena, last known
    information about it is used (22)."""
    st = ctx.state
    src = st.objects.get(layer.source) if layer.source is not None else None
    if src is None or on is None or not is_self(on):
        where = " ".join(on.text.lower().split()) if on is not None else ""
        raise NotModelled(f"counting {kind} counters on {where!r}")
    if src.zone[1] in ARENA:
        n = st.counter_count(src.id, kind)
        ctx.step(T.RULE, f"X is the number of {kind} counters on {src.name}: {n}", ["counters"])
        return n
    snap = st.lki.get(src.id)
    if snap is None:
        raise NotModelled(f"the {kind} counters of {src.name}, which has no last known "
                          "information")
    n = dict(snap.counters).get(kind, 0)
    ctx.step(T.RULE, f"X is the number of {kind} counters on {src.name}: it has left the arena, "
             f"so last known information is used: {n}", ["lki", "counters"])
    return n
