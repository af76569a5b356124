""""Whenever an aura or attack action card you control is destroyed, ... If it's a non-token
Light card, put it into your hero's soul." (Merciful Retribution; v1.4 11.7 example 2).

The trigger's "it" is the destroyed card. A destroyed card goes to its owner's graveyard and
becomes a new card there (11.7); an ability that triggers when a card moves from one zone to
another still refers to that new card while it is public information (11.7.1): the trigger's
layer keeps the card's identity as it was when it triggered (``fab_watch``). If the card has
moved on before the trigger resolves (banished from the graveyard, say), the card it refers to
no longer exists, and the triggered effect does not resolve (11.7 example 2).

This module carries out the parts of such a trigger that read "it": "if it's a [non-token]
<kind> card, <effects>" and "put it into your hero's soul". Any other use of "it" stays with
``fab_effects`` (``not modelled`` there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.cards import model as M
from judge.engine import trace as T
from judge.engine.chain import Layer
from judge.engine.context import Context
from judge.engine.errors import NotModelled
from judge.engine.state import MoveObject

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame

_QUALITIES = frozenset({"non-token"})


def _it(t: M.Target | None) -> bool:
    return t is not None and t.ref == "it" and not t.kinds and not t.qualities and \
        not t.filters and t.zone is None


def _refers(effects: Any) -> bool:
    """Whether ``effects`` read "it" (the card the trigger refers to)."""
    for e in effects or ():
        for name in ("what", "target", "subject"):
            if _it(getattr(e, name, None)):
                return True
        if isinstance(e, M.Conditional) and (_it(e.condition.subject) or _refers(e.then)
                                             or _refers(e.otherwise)):
            return True
    return False


def still_there(ctx: Context, layer: Layer, effects: Any) -> bool:
    """11.7 example 2: True when the card the trigger refers to is still the card it was when
    the trigger triggered (same zone, no new card since); else the ruling says the triggered
    effect does not resolve, and False. A trigger that never reads "it" resolves either way."""
    if not _refers(effects):
        return True
    st = ctx.state
    oid, incarnation, zone = layer.data["it"]
    o = st.objects[oid]
    if o.incarnation == incarnation and o.zone == zone:
        return True
    ctx.step(T.RULE, f"{layer.name} refers to the {o.name} that was put into {zone[0]}'s "
             f"{zone[1]} when it was destroyed; that card has since left the {zone[1]} and is a "
             "new card with no relation to it, so the card the trigger refers to no longer "
             "exists: the triggered effect does not resolve", ["zone.new-card",
                                                                "zone.trigger-reference"])
    return False


def handles(layer: Layer, eff: M.Effect) -> bool:
    """The effects of a trigger with an "it" (``layer.data["it"]``) that this module carries
    out."""
    if "it" not in layer.data:
        return False
    if isinstance(eff, M.Conditional):
        c = eff.condition
        return (c is not None and c.test == "is" and not c.negated and _it(c.subject)
                and c.object is not None and not eff.otherwise)
    return isinstance(eff, M.Move) and eff.verb == "put" and _it(eff.what)


def run(game: "FabGame", ctx: Context, layer: Layer, eff: M.Effect) -> None:
    st = ctx.state
    oid = layer.data["it"][0]
    o = st.objects[oid]
    if isinstance(eff, M.Conditional):
        what = eff.condition.object
        if what.who != "object" or what.filters or what.zone is not None or what.of is not None \
                or what.alternatives or what.name or not set(what.qualities) <= _QUALITIES:
            raise NotModelled(f"the condition {eff.condition.text!r}")
        words = frozenset(w for k in what.kinds for w in k.split())
        token = o.has_kind("token")
        holds = words - {"card"} <= o.kinds and not (token and (
            "card" in words or "non-token" in what.qualities))
        said = " ".join(what.text.split())
        mark = len(st.log)
        ctx.step(T.RULE, f"\"it\" is the {o.name} in {o.zone[0]}'s {o.zone[1]}, the new card "
                 f"the destroyed one became, which the trigger still refers to: it is "
                 f"{'' if holds else 'not '}{said}" + ("" if holds else "; the rest does nothing"),
                 ["zone.trigger-reference", "resolve.in-order"], mark=mark)
        if holds:
            game.run_effects(ctx, layer, eff.then)
        return
    to = eff.to_zone
    if to is None or to.name != "soul" or to.owner not in ("you", "") or to.position or \
            eff.from_zone is not None:
        raise NotModelled(f"putting \"it\" into {to.name if to else 'no zone'!r}")
    mark = len(st.log)
    st.apply(MoveObject(oid, (layer.controller, "soul")))
    ctx.step(T.EVENT, f"{o.name} is put into {layer.controller}'s hero's soul",
             ["kw.soul", "zone.trigger-reference"], mark=mark)
