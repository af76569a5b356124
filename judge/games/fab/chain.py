"""Flesh and Blood's combat chain step by step (20): the attack step with its triggers, the
defend and reaction steps, damage calculation (20.7) and chain link resolution (20.8, go again),
and closing the combat chain (21) with its "when the combat chain closes" triggers (battleworn,
blade break, temper). :meth:`FabGame._all_passed` moves a link on when both players pass.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.engine import effects as E
from judge.engine import chain as S
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.errors import NotModelled
from judge.engine.events import Event, PendingTrigger
from judge.engine.chain import Priority
from judge.engine.state import AddCounter, ChangeValue, MoveObject, SetGlobal
from judge.games.fab import combat as K
from judge.games.fab import effects as fab_effects
from judge.games.fab import restrictions as fab_restrictions
from judge.games.fab import triggers as fab_triggers
from judge.games.fab.zones import AP, ARENA, CHAIN_CLOSES, COMBAT

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame


def advance(game: FabGame, ctx: Context, link: K.Link) -> None:
    st = ctx.state
    name = st.objects[link.attack].name
    if link.step == K.ATTACK:
        if not link.attacking:
            mark = len(st.log)
            K.change_link(st, f"{name} is attacking", lambda l: setattr(l, "attacking", True))
            ctx.step(T.RULE, f"{name} is attacking; {link.controller} is the attacking hero "
                     f"and {link.target} the defending hero", ["combat.attacking", "combat.attacked"],
                     mark=mark)
            fab_restrictions.attack_effects_on(game, ctx, link)       # 20.4.4b
            attack_triggers(game, ctx, link)
            if ctx.state.pending:
                game.give_priority(ctx)
                return
        mark = len(st.log)
        K.change_link(st, "defend step", lambda l: setattr(l, "step", K.DEFEND))
        st.apply(SetGlobal(Priority.HOLDER, None))
        ctx.step(T.RULE, f"the attack step ends; chain link {link.number} moves to the "
                 "defend step", ["combat.attack-step-ends"], mark=mark)
        return
    if link.step == K.DEFEND:
        mark = len(st.log)
        K.change_link(st, "reaction step", lambda l: setattr(l, "step", K.REACTION))
        ctx.step(T.RULE, f"the defend step ends; chain link {link.number} moves to the "
                 "reaction step; the turn player gains priority",
                 ["combat.defend-step-ends", "combat.reaction-priority"], mark=mark)
        game.give_priority(ctx)
        return
    if link.step == K.REACTION:
        mark = len(st.log)
        K.change_link(st, "damage calculation", lambda l: setattr(l, "step", K.DAMAGE))
        ctx.step(T.RULE, f"the reaction step ends; chain link {link.number} moves to damage "
                 "calculation", ["combat.reaction-step-ends", "combat.no-priority"], mark=mark)
        damage_calculation(game, ctx, link)
        if st.result is not None:
            return
        mark = len(st.log)
        K.change_link(st, "chain link resolution", lambda l: setattr(l, "step", K.RESOLUTION))
        ctx.step(T.RULE, f"chain link {link.number} moves to chain link resolution; the turn "
                 "player gains priority", ["combat.damage-ends", "combat.resolution-triggers",
                                           "combat.resolution-priority"], mark=mark)
        game.give_priority(ctx)
        return
    if link.step == K.RESOLUTION:
        resolve_link(game, ctx, link)


def attack_triggers(game: FabGame, ctx: Context, link: K.Link) -> None:
    st = ctx.state
    rules = game.card_rules(st, link.attack)
    if rules.on_attack:
        ctx.trigger(effect_trigger(game, ctx, link, "attacks", rules.on_attack,
                                                "combat.attack-triggers"))
    ctx.trigger(*fab_triggers.attack_triggers(game, ctx, link))
    game.signal(ctx, "attack", player=link.controller, obj=link.attack)


def effect_trigger(game: FabGame, ctx: Context, link: K.Link, what: str, effs: tuple[Any, ...],
                   procedure: str) -> PendingTrigger:
    """The attack's own "when this attacks" / "when this hits" effect as a pending trigger."""
    name = ctx.state.objects[link.attack].name
    return fab_triggers.effect_trigger(ctx, link, f"{name}'s \"{what}\" effect", effs, procedure,
                                       layer_name=f"{name} ({what})")


def damage_calculation(game: FabGame, ctx: Context, link: K.Link) -> None:
    st = ctx.state
    attack = st.objects[link.attack]
    power = st.value(link.attack, "power")
    if power is None:
        raise NotModelled(f"{attack.name} has no power value to compare")
    if not isinstance(power, int):        # "*" (25.1.4) or an X its text defines (25.1.3)
        raise NotModelled(f"{attack.name}'s power {power!r}, which its text defines",
                          ctx.cite_opt("power.variable" if power == "*" else "power.x"))
    defense = 0
    for oid in link.defenders:
        if st.objects[oid].zone == COMBAT:
            value = st.value(oid, "defense") or 0
            if not isinstance(value, int):
                raise NotModelled(f"{st.objects[oid].name}'s defense {value!r}")
            defense += value
    mark = len(st.log)
    K.change_link(st, "power and defense compared",
                  lambda l: (setattr(l, "power", power), setattr(l, "defense", defense)))
    counted = sum(r.delta for name, _t in attack.counters
                  if (r := st.counter_rules.get(name)) is not None and r.stat == "power")
    base = st.base_value(link.attack, "power")
    ctx.step(T.RULE, f"{attack.name} has {power} power against {defense} defense"
             + (f" (its counters add {counted:+d}; its base power stays {base})"
                if counted else ""),
             ["combat.compare"] + (["power.counters"] if counted else []), mark=mark)
    if power <= defense:
        ctx.step(T.RULE, f"{power} power is not greater than {defense} defense: no damage, "
                 "the attack does not hit", ["combat.damage"])
        return
    ev = Event("damage", player=link.target, amount=power - defense, source=link.attack,
               dtype="physical", combat=True,
               citations=(ctx.cite_opt("combat.damage") or "",
                          ctx.cite_opt("damage.physical") or "",
                          ctx.cite_opt("damage.types") or ""))
    happened = game.deal_damage(ctx, [ev])
    if happened and happened[0] is not None:
        dealt = happened[0].amount
        mark = len(st.log)
        K.change_link(st, f"{attack.name} hits",
                      lambda l: (setattr(l, "hit", True), setattr(l, "damage", dealt)))
        ctx.step(T.RULE, f"{attack.name} hits {link.target}", ["combat.hit"], mark=mark)
        game.signal(ctx, "hit", player=link.controller, obj=link.attack)
        ctx.trigger(*fab_effects.delayed_triggers(
            game, ctx, Event("hit", player=link.target, source=link.attack)))
        rules = game.card_rules(st, link.attack)
        if rules.on_hit and st.result is None:
            ctx.trigger(effect_trigger(game, ctx, link, "hit", rules.on_hit,
                                                    "combat.resolution-triggers"))
        ctx.trigger(*fab_triggers.hit_triggers(game, ctx, link))
    else:
        ctx.step(T.RULE, "all the damage was prevented: it was never dealt and the attack "
                 "does not hit", ["damage.prevented", "combat.hit"])


def resolve_link(game: FabGame, ctx: Context, link: K.Link) -> None:
    st = ctx.state
    attack = st.objects[link.attack]
    mark = len(st.log)
    on_chain = attack.zone == COMBAT or link.proxy
    if on_chain:
        go_again = st.has_keyword(link.attack, "go again")
        source = "its current state"
    else:
        snap = st.lki.get(link.attack)
        go_again = snap.has_keyword("go again") if snap else False
        source = "last known information"
    ctx.step(T.RULE, f"chain link {link.number} resolves", ["combat.link-resolves"], mark=mark)
    game.signal(ctx, "link resolves", player=link.controller, obj=link.attack)
    if go_again:
        cites = ["combat.go-again", "kw.go-again"] + ([] if on_chain else ["lki"])
        mark = len(st.log)
        if game.turn_player(st) == link.controller:
            st.apply(ChangeValue(link.controller, AP, 1))
            ctx.step(T.RULE, f"{attack.name} has go again ({source}): {link.controller} gains 1 "
                     "action point", cites, mark=mark)
            game.signal(ctx, "gain action points", player=link.controller)
        else:
            ctx.step(T.RULE, f"{attack.name} has go again ({source}), but it is not "
                     f"{link.controller}'s action phase: the action point is not gained",
                     cites + ["action-points"], mark=mark)
    mark = len(st.log)
    layer = next((l for l in st.chain if l.id == link.layer), None)
    if layer is not None:
        S.remove(st, layer)
    K.change_link(st, "attack resolved", lambda l: setattr(l, "step", K.RESOLVED))
    ctx.step(T.RULE, f"{attack.name} has resolved", ["combat.attack-resolved"], mark=mark)
    ctx.step(T.CHOICE, f"{game.turn_player(st)} continues the combat chain",
             ["combat.continue-or-close"],
             default="continue: the turn player continues the combat chain unless a line "
             "says they close it (passing on an empty chain then closes it, 20.9)")
    game.give_priority(ctx)

# --- closing the chain (21) ----------------------------------------------------------------


def close(game: FabGame, ctx: Context, procedure: str, why: str) -> None:
    st = ctx.state
    c = K.combat(st)
    mark = len(st.log)
    ctx.step(T.RULE, f"the combat chain closes: {why}", [procedure], mark=mark)
    mark = len(st.log)
    for o in st.in_zone(COMBAT):
        if o.has_kind("equipment") or o.has_kind("weapon"):
            st.apply(MoveObject(o.id, (o.owner, "equipment" if o.has_kind("equipment")
                                       else "weapons")))
    if len(st.log) > mark:
        ctx.step(T.RULE, "permanents on the combat chain return to their zones",
                 ["close.permanents"], mark=mark)
    mark = len(st.log)
    link_layers = {l.layer for l in c.links}
    for layer in list(st.chain):
        if layer.id in link_layers:
            S.remove(st, layer)
    for o in st.in_zone(COMBAT):
        st.apply(MoveObject(o.id, (o.owner, "graveyard")))
    K.change(st, "combat chain closed", lambda cc: (setattr(cc, "open", False),
                                                     setattr(cc, "links", [])))
    stay = ", ".join(f"{l.name} is now layer {i + 1}" for i, l in enumerate(st.chain))
    ctx.step(T.RULE, "the other cards on the combat chain go to their owners' graveyards; "
             "other layers stay on the chain" + (f" ({stay})" if stay else ""),
             ["close.graveyard"], mark=mark)
    for e in [e for e in st.effects.values() if CHAIN_CLOSES in e.ends_at]:
        kind = e.data.get("delayed")
        if kind:
            ctx.trigger(close_trigger(game, ctx, e.data["object"], kind,
                                                   e.data["procedure"]))
    E.expire(st, CHAIN_CLOSES)
    game.signal(ctx, "chain closes")
    if ctx.state.pending:
        ctx.step(T.RULE, "\"when the combat chain closes\" triggers are added to the chain",
                 ["close.triggers"])
    game.give_priority(ctx)
    ctx.step(T.RULE, f"{game.turn_player(st)} gains priority", ["close.priority"])


def close_trigger(game: FabGame, ctx: Context, oid: int, kind: str,
                  procedure: str) -> PendingTrigger:
    st = ctx.state
    o = st.objects[oid]
    inc = o.incarnation

    def resolve(c: Context, trig: PendingTrigger) -> None:
        s = c.state
        obj = s.objects[oid]
        mark = len(s.log)
        if obj.zone[1] not in ARENA:
            c.step(T.RULE, f"{obj.name} is no longer in the arena", [procedure], mark=mark)
            return
        before = s.value(oid, "defense") or 0
        if kind in ("battleworn", "temper"):
            s.apply(AddCounter(oid, "-1{d}"))
        destroyed = kind == "blade break" or (kind == "temper"
                                               and (s.value(oid, "defense") or 0) <= 0)
        if destroyed:
            c.game.destroy(c, oid)
        text = {"battleworn": f"{obj.name} gets a -1{{d}} counter",
                "blade break": f"{obj.name} is destroyed",
                "temper": f"{obj.name} gets a -1{{d}} counter"
                + (" and, with zero {d}, is destroyed" if destroyed else "")}
        more = kind != "blade break" and before <= 0
        c.step(T.EVENT, text[kind] + ("; its defense was already 0: an equipment may have more "
                                      "-1{d} counters than its defense value, and its defense "
                                      "stays 0" if more else ""),
               [procedure, "counters"] + (["value.equipment-defense"] if more else []),
               mark=mark)
        if destroyed:
            c.game.destroyed(c, oid)
    del inc
    return PendingTrigger(name=f"{o.name}'s {kind}", controller=o.controller, source=oid,
                          resolve=resolve, citation=ctx.cite_opt(procedure))
