"""Triggered abilities of an attack beyond its plain "when this attacks" / "if this hits" text:
printed triggers with a condition ("When you attack with Dread Triptych, if you've played a
'non-attack' action card this turn, ..."), checked when the trigger event happens (20.4.4d,
20.8.1). Each triggered ability that triggers is its own layer (16.3, 26.3.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.errors import NotModelled
from judge.engine.events import PendingTrigger
from judge.engine.chain import Layer
from judge.games.fab import combat as K
from judge.games.fab import conditions as F

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame

PROCEDURE = {"attack": "combat.attack-triggers", "hit": "combat.resolution-triggers"}


def attack_triggers(game: "FabGame", ctx: Context, link: K.Link) -> list[PendingTrigger]:
    """20.4.4d: the attack's conditional "when you attack with this" triggers, then the
    triggered abilities it has gained (``fab_grants``)."""
    return _triggers(game, ctx, link, "attack")


def hit_triggers(game: "FabGame", ctx: Context, link: K.Link) -> list[PendingTrigger]:
    """20.7.2b / 20.8.1: the attack's conditional and gained "when this hits" triggers."""
    return _triggers(game, ctx, link, "hit")


def _triggers(game: "FabGame", ctx: Context, link: K.Link, moment: str) -> list[PendingTrigger]:
    from judge.games.fab import grants as fab_grants
    printed = game.card_rules(ctx.state, link.attack).conditional
    return (conditional(game, ctx, link, moment, printed)
            + fab_grants.triggers(game, ctx, link, moment))


def conditional(game: "FabGame", ctx: Context, link: K.Link, moment: str,
                found: tuple[Any, ...], gained: str = "") -> list[PendingTrigger]:
    """The ``ConditionalTrigger``s in ``found`` for ``moment`` whose condition holds now."""
    st = ctx.state
    o = st.objects[link.attack]
    out = []
    for trig in found:
        if trig.moment != moment:
            continue
        try:
            answer = F.evaluate(st, link.controller, trig.condition)
        except NotModelled as nm:
            ctx.not_modelled(f"{o.name}'s triggered ability {trig.text!r}: {nm.what}")
            continue
        what = "attacks" if moment == "attack" else f"hits {link.target}"
        if not answer.holds:
            ctx.step(T.RULE, f"{o.name} {what}, but its triggered ability \"{trig.text}\"{gained} "
                     f"does not trigger: {answer.why}", [PROCEDURE[moment]])
            continue
        ctx.step(T.TRIGGER, f"{o.name} {what} and {answer.why}: its triggered ability "
                 f"\"{trig.text}\"{gained} triggers", [PROCEDURE[moment], "trigger.layer"])
        out.append(effect_trigger(ctx, link, f"{o.name}'s triggered ability", trig.effects,
                                  PROCEDURE[moment]))
    return out


def effect_trigger(ctx: Context, link: K.Link, name: str, effs: tuple[Any, ...],
                   procedure: str, *, layer_name: str | None = None) -> PendingTrigger:
    """A pending trigger of the attack on ``link`` that carries out ``effs``; "target hero" is
    the hero the attack targets, as for the attack's printed triggers. Its layer is named
    ``layer_name`` (``name`` if not given)."""
    stub = Layer(id=0, kind="triggered", name=layer_name or name, controller=link.controller,
                 source=link.attack, targets=(link.target,))

    def resolve(c: Context, trig: PendingTrigger) -> None:
        c.game.run_effects(c, trig.targeted(stub), effs)
    return PendingTrigger(name=name, controller=link.controller, source=link.attack,
                          resolve=resolve, citation=ctx.cite_opt(procedure),
                          data={"effects": effs})
