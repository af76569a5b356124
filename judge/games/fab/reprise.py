"""Reprise (glossary) and returning a targeted defending card (FaB 23.2.2).

"**Reprise** - If the defending hero has defended with a card from their hand this chain
link, you may return target non-equipment defending card to its owners hand." (Rout)

* Reprise is conditional on the defending hero having defended with a card from their hand to
  the chain link before the card with reprise is played: the count is taken when the card is
  played (``FabGame.play`` keeps it in the layer's data) and read when it resolves.
* "you may ...": done only when the scenario states it (``Alice uses return of "Rout"``);
  otherwise the documented default (optional: decline) applies and the trace says so.
* "target non-equipment defending card": a card chosen when the card was played; cards on
  chain links that have resolved are still in the arena and legal targets (23.2.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.cards import model as M
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.errors import NotModelled
from judge.engine.chain import Layer
from judge.engine.state import MoveObject, State
from judge.games.fab import combat as K
from judge.games.fab.reading import target_text
from judge.games.fab.zones import COMBAT

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame

FROM_HAND = "defended from hand when played"


def is_reprise(ab: M.Ability) -> bool:
    return (ab.label.lower() == "reprise" and len(ab.effects) == 1
            and handles(ab.effects[0]))


def handles(eff: M.Effect) -> bool:
    """"If the defending hero has defended with a card from their hand this chain link, ..."."""
    c = eff.condition if isinstance(eff, M.Conditional) and not eff.otherwise else None
    ev = c.event if c is not None and c.test == "event" and not c.negated else None
    if ev is None or ev.verb != "defend" or ev.subject is None or ev.with_ is None:
        return False
    by = ev.with_
    return (ev.subject.kinds == ("hero",) and ev.subject.qualities == ("defending",)
            and by.kinds == ("card",) and not by.qualities and not by.filters
            and by.zone is not None and by.zone.name == "hand"
            and ev.within is not None and ev.within.kind == "this chain link")


def from_hand_now(state: State) -> int:
    link = K.current(state)
    return 0 if link is None else link.from_hand


def run(game: "FabGame", ctx: Context, layer: Layer, eff: M.Conditional) -> None:
    st = ctx.state
    if FROM_HAND not in layer.data:
        raise NotModelled(f"{layer.name}: reprise without the state when it was played")
    link = K.current(st)
    n = layer.data[FROM_HAND]
    mark = len(st.log)
    if not n:
        ctx.step(T.RULE, f"{layer.name}'s reprise: the defending hero had not defended with a "
                 "card from their hand to this chain link when it was played; the effect does "
                 "nothing", ["kw.reprise"], mark=mark)
        return
    ctx.step(T.RULE, f"{layer.name}'s reprise is active: the defending hero had defended with "
             f"{T.plural(n, 'cards')} from their hand to chain link {link.number if link else '?'} when "
             f"{layer.name} was played", ["kw.reprise"], mark=mark)
    for inner in eff.then:
        if isinstance(inner, M.Choice) and inner.optional and len(inner.options) == 1:
            stated = ctx.choices.find_use(layer.controller, layer.name)
            if stated is None:
                ctx.step(T.CHOICE, f"{layer.controller} does not use {layer.name}'s \"may\" "
                         "effect", ["resolve.choices"], actor=layer.controller,
                         default=f"optional: decline - {layer.controller} does not use "
                         f"{layer.name}'s optional effect (not stated)")
                continue
            ctx.choices.consume(stated)
            ctx.step(T.CHOICE, f"{layer.controller} uses {layer.name}'s \"may\" effect",
                     ["resolve.choices"], actor=layer.controller)
            for e in inner.options[0]:
                _effect(game, ctx, layer, e)
        else:
            _effect(game, ctx, layer, inner)


def _effect(game: "FabGame", ctx: Context, layer: Layer, eff: M.Effect) -> None:
    if isinstance(eff, M.Move) and eff.verb.lower() == "return":
        _return(game, ctx, layer, eff)
        return
    game.run_effects(ctx, layer, (eff,))


def _return(game: "FabGame", ctx: Context, layer: Layer, eff: M.Move) -> None:
    """"Return target non-equipment defending card to its owner's hand"."""
    st = ctx.state
    what = eff.what
    text = target_text(what)
    to = eff.to_zone
    if what is None or not what.targeted or what.kinds != ("card",) or \
            not set(what.qualities) <= {"defending", "non-equipment"} or \
            "defending" not in what.qualities or what.filters or \
            to is not None and to.name != "hand":
        raise NotModelled(f"returning {text!r}")
    non_equipment = "non-equipment" in what.qualities
    chosen = [t for t in layer.targets if isinstance(t, int) and _defending(st, t)]
    if non_equipment:
        chosen = [t for t in chosen if not st.objects[t].has_kind("equipment")]
    if len(chosen) != 1:
        raise NotModelled(f"{layer.name}: which {text} is targeted ({len(chosen)} chosen)")
    oid = chosen[0]
    o = st.objects[oid]
    links = [l for l in K.combat(st).links if oid in l.defenders]
    previous = bool(links) and links[0] is not K.current(st)
    mark = len(st.log)
    st.apply(MoveObject(oid, (o.owner, "hand")))
    ctx.step(T.EVENT, f"{o.name} returns to {o.owner}'s hand" + (
        f"; it was defending on chain link {links[0].number}, which has resolved: still in the "
        "arena and a legal target" if previous else ""),
        ["resolve.in-order"] + (["target.previous-link"] if previous else []), mark=mark)


def _defending(state: State, oid: int) -> bool:
    o = state.objects[oid]
    return o.zone == COMBAT and any(oid in l.defenders for l in K.combat(state).links)


def play_data(state: State, on_resolve: tuple[M.Effect, ...]) -> dict[str, int]:
    """What a card with reprise keeps from the moment it is played."""
    return {FROM_HAND: from_hand_now(state)} if any(handles(e) for e in on_resolve) else {}


def has_optional(game: "FabGame", state: State, card: int) -> bool:
    """``card`` is on the chain with a reprise "you may ..." a ``uses`` line can state."""
    if state.objects[card].zone != (None, "chain"):
        return False
    return any(handles(e) and any(isinstance(c, M.Choice) and c.optional for c in e.then)
               for e in game.card_rules(state, card).on_resolve)
