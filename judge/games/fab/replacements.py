"""Replacement effects on damage created by resolving effects (18, 26):

* "The next time a source you control would deal damage this turn, instead it deals that much
  damage plus 3." - the dealt damage is the replaced event, so what it triggers (crush) sees
  the new amount (18.4, 18.6; Crush glossary example 2);
* "If your hero would be dealt damage this turn, prevent X of that damage, where X is ..." /
  "The next time your hero would be dealt damage this turn, prevent X damage, where X is ..."
  (X fixed when the effect resolves, with last known information about a source that has left
  the arena, 22 example 1).

"The next time ..." replaces one event; "If ... would ..." replaces every matching event for
the duration (``Replacement.next_only``); anything else is ``not modelled``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.cards import model as M
from judge.engine import effects as E
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.errors import NotModelled
from judge.engine.events import Event, Replacement
from judge.engine.chain import Layer
from judge.engine.state import State
from judge.games.fab import amounts as A
from judge.games.fab import cards as C
from judge.games.fab.reading import event_words, is_you

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame

def _this_turn(ev: M.Event) -> bool:
    return ev.would and ev.within is not None and ev.within.kind == "this turn" and \
        not ev.alternatives and not ev.negated and not ev.rest


def _deals(ev: M.Event) -> bool:
    """"a source you control would deal damage this turn"."""
    s = ev.subject
    return (ev.verb == "deal damage" and _this_turn(ev) and s is not None
            and s.kinds == ("source",) and s.controller == "you" and not s.qualities
            and ev.object is None and not ev.damage_type)


def _dealt_to_you(ev: M.Event) -> bool:
    """"your hero would be dealt damage this turn", "you would be dealt damage this turn"."""
    return (ev.verb == "be dealt damage" and _this_turn(ev) and is_you(ev.subject)
            and ev.subject is not None and ev.by is None and ev.with_ is None
            and not ev.damage_type)


def handles(eff: M.Replacement) -> bool:
    return eff.event is not None and (_deals(eff.event) or _dealt_to_you(eff.event))


def create(game: "FabGame", ctx: Context, layer: Layer, eff: M.Replacement) -> None:
    once = eff.next_only
    inner = eff.instead[0] if len(eff.instead) == 1 else None
    if _deals(eff.event) and isinstance(inner, M.Damage):
        _more_damage(ctx, layer, inner, once)
    elif _dealt_to_you(eff.event) and isinstance(inner, M.Prevent):
        _prevent(game, ctx, layer, inner, once)
    else:
        raise NotModelled(f"the replacement of {event_words(eff.event)!r}")


def _once_per_event(ctx: Context, layer: Layer, what: str) -> None:
    """18.2: an effect that replaces every matching event ("If ... would ...") still matches
    the event it has just replaced, but replaces that event only once."""
    ctx.step(T.RULE, f"{layer.name}'s effect still matches {what}, but it does not replace "
             "that event again: an event can only be replaced once per replacement effect",
             ["replacement.once"])


def _more_damage(ctx: Context, layer: Layer, dmg: M.Damage, once: bool) -> None:
    st = ctx.state
    a = dmg.amount
    source = dmg.source
    if a is None or a.ref != "that much" or a.times != 1 or a.per is not None or \
            source is None or source.ref not in ("it", "that") or \
            source.kinds not in ((), ("source",)) or dmg.damage_type or dmg.target is not None:
        raise NotModelled(f"instead dealing {a.text if a else ''!r} damage")
    plus = a.plus
    controller = layer.controller
    what = f"that much damage plus {plus}" if plus else "that much damage"
    when = "the next time" if once else "each time"
    mark = len(st.log)
    effect = E.create(st, description=f"{layer.name}: {when} a source {controller} controls "
                      f"would deal damage this turn, it deals {what}", controller=controller,
                      citation=ctx.cite_opt("replacement.damage"), ends_at={"end of turn"},
                      uses=1 if once else None)
    eid = effect.id

    def applies(state: State, ev: Event) -> bool:
        src = state.objects.get(ev.source) if ev.source is not None else None
        return (ev.kind == "damage" and src is not None and src.controller == controller
                and E.is_active(state, eid))

    def apply(c: Context, ev: Event) -> Event:
        if once:
            c.state.apply(E.UseEffect(eid))
        c.step(T.RULE, f"{layer.name}'s replacement: instead of {ev.amount}, "
               f"{c.state.objects[ev.source].name} deals {ev.amount} plus {plus}; the replaced "
               "damage is the damage dealt, and it can trigger what the original would not",
               ["replacement.triggers", "replacement.never-happened"])
        if not once:
            _once_per_event(c, layer, f"the {ev.amount + plus} damage it became")
        return ev.with_(amount=ev.amount + plus)
    st.effects[eid].replacement = Replacement(
        id=f"more damage:{eid:08d}", name=layer.name, label=f"{layer.name}'s replacement",
        controller=controller, citation=ctx.cite_opt("replacement.damage") or "",
        applies=applies, apply=apply)
    ctx.step(T.EVENT, f"{layer.name} creates a replacement effect: {when} a source {controller} "
             f"controls would deal damage this turn, instead it deals {what}",
             ["continuous.created", "replacement.effect"], mark=mark)


def _prevent(game: "FabGame", ctx: Context, layer: Layer, prev: M.Prevent, once: bool) -> None:
    st = ctx.state
    dtype = (prev.damage_type or "").lower()
    n = C.amount(prev.amount)
    if n is None and A.is_x(prev.amount):
        n = A.value_of_x(game, ctx, layer, prev.amount.defined_as)
    if n is None or prev.target is not None:
        raise NotModelled(f"a prevention of {prev.amount.text if prev.amount else 'all'!r} "
                          "damage")
    player = layer.controller
    when = "the next time" if once else "each time"
    mark = len(st.log)
    effect = E.create(st, description=f"{layer.name}: {when} {player} would be dealt "
                      f"{dtype + ' ' if dtype else ''}damage this turn, prevent {n} of it",
                      controller=player, citation=ctx.cite_opt("damage.prevented"),
                      ends_at={"end of turn"}, uses=1 if once else None)
    eid = effect.id

    def applies(state: State, ev: Event) -> bool:
        return (ev.kind == "damage" and ev.player == player and (not dtype or ev.dtype == dtype)
                and n > 0 and E.is_active(state, eid))

    def apply(c: Context, ev: Event) -> Event:
        if once:
            c.state.apply(E.UseEffect(eid))
        rest = max(0, ev.amount - n)
        if not once and rest > 0:
            _once_per_event(c, layer, f"the {rest} damage left")
        return ev.with_(amount=rest, cancelled=rest <= 0)
    st.effects[eid].replacement = Replacement(
        id=f"prevent:{eid:08d}", name=layer.name, label=f"{layer.name}'s prevention",
        controller=player, citation=ctx.cite_opt("damage.typed-prevention" if dtype else
                                                 "damage.untyped-prevention") or "",
        applies=applies, apply=apply)
    ctx.step(T.EVENT, f"{layer.name} creates a prevention effect: {when} {player}'s hero would "
             f"be dealt {dtype + ' ' if dtype else ''}damage this turn, prevent {n} of that "
             "damage", ["continuous.created", "damage.prevented"], mark=mark)

