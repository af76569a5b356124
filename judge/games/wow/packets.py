"""Damage and healing as packets (405, 407, 408) and the modifiers that replace, prevent and
divide them (716, 717).

A packet is an :class:`~judge.engine.events.Event` of kind ``damage`` or ``heal``: ``amount``,
``target`` (the destination character), ``source`` (the source character), ``player`` (the
destination's controller), ``combat`` (408.3b) and in ``data``: ``controller`` (408.2c),
``types`` (408.3a), ``unpreventable`` (408.3c), ``with`` (the cards it is associated with,
408.3d), ``link`` (the link or modifier that created it: "this way"). The engine core's event
pipeline runs it through the competing modifiers one at a time, in the order 717.4 gives
(:func:`order`), then :func:`perform` puts the damage on (or removes it from) the character.

Competing modifiers come from: powers of cards in play ("If your hero would deal fire damage,
it deals double that much instead", conditional prevention, 717.3), modifiers created by links
("the next time ... instead", "prevent the next 3 damage", 717.5), keywords (Hardiness,
Resistance, Aberration, Smash), and equipment with DEF (717.2c, optional: a player exhausts it
only when the scenario says so).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from judge.cards import model as M
from judge.engine import events as V
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.errors import NotModelled
from judge.engine.events import Event, Replacement
from judge.engine.state import State
from judge.games.wow import model as W
from judge.games.wow import values as VA
from judge.games.wow.describe import Scope, Unknown

INCREASE, OTHER, DIVIDE = "increase", "other", "divide"


@dataclass(frozen=True)
class Spec:
    """A packet a modifier or combat conclusion would create (before 408.2a/b are checked)."""
    kind: str                       # damage | heal
    amount: int
    destination: int
    source: int | None
    controller: str
    types: frozenset[str] = frozenset()
    combat: bool = False
    unpreventable: bool = False
    with_: tuple[int, ...] = ()
    link: int | None = None


def types_of(ev: Event) -> frozenset[str]:
    return frozenset(ev.get("types", ()))


def unpreventable(ev: Event) -> bool:
    return bool(ev.get("unpreventable", False))


def controller(ev: Event) -> str:
    return ev.get("controller", "")


def make(state: State, spec: Spec) -> Event:
    dest = state.objects[spec.destination]
    return Event(spec.kind, player=dest.controller, amount=spec.amount, source=spec.source,
                 target=spec.destination, dtype=" ".join(sorted(spec.types)),
                 combat=spec.combat,
                 data=(("controller", spec.controller), ("types", tuple(sorted(spec.types))),
                       ("unpreventable", spec.unpreventable), ("with", spec.with_),
                       ("link", spec.link), ("to name", dest.name)))


def attribute_procedures(ev: Event) -> list[str]:
    """The optional attributes a packet has (408.3)."""
    out = []
    if len(types_of(ev)) > 1 or (ev.combat and types_of(ev)):
        out.append("packet.types")
    if ev.combat:
        out.append("packet.combat")
    if unpreventable(ev):
        out.append("packet.preventability")
    if ev.get("with"):
        out.append("packet.association")
    if out or types_of(ev):
        out.append("packet.optional")
    return out


def describe(state: State, ev: Event) -> str:
    dest = state.objects[ev.target].name if isinstance(ev.target, int) else str(ev.target)
    src = state.objects[ev.source].name if isinstance(ev.source, int) else "?"
    if ev.kind == "heal":
        return f"a packet healing {ev.amount} damage from {dest} (by {src})"
    kinds = " ".join(sorted(types_of(ev)))
    flags = []
    if unpreventable(ev):
        flags.append("unpreventable")
    if ev.combat:
        flags.append("combat")
    words = " ".join(flags + ([kinds] if kinds else []))
    return f"a packet of {ev.amount} {words + ' ' if words else ''}damage to {dest} (by {src})"


def can_be_dealt(state: State, oid: int, ev_types: frozenset[str]) -> bool:
    """405.5, 408.2b: a character that can't be dealt (that type of) damage gets no packet."""
    if not VA.is_character(state, oid):
        return False
    if VA.has_keyword(state, oid, "invincible"):
        return False
    return True


def note_kinds(ctx: Context, oid: int) -> None:
    """Say when a card counts as a character or ally by a rule rather than its printed type
    (305.3a Totems, 304.4a Golems)."""
    st = ctx.state
    printed = st.objects[oid].kinds
    if "totem" in printed:
        ctx.step(T.RULE, f"{st.objects[oid].name} is a Totem: an ability ally and a character",
                 ["totem", "term.character"])
    elif "golem" in printed and "ally" not in printed:
        ctx.step(T.RULE, f"{st.objects[oid].name} is a Golem: an equipment ally",
                 ["types"])


def create(ctx: Context, specs: list[Spec]) -> list[Event | None]:
    """Create ``specs`` as packets (408.2a: none of 0 or less; 408.2b: none to a non-character
    or a character that can't be dealt damage or healed) and run them through the pipeline as
    simultaneous events (802.2: the turn player's destinations first)."""
    st = ctx.state
    made: list[Event] = []
    for spec in specs:
        dest = st.objects.get(spec.destination)
        name = dest.name if dest is not None else "?"
        if spec.amount <= 0:
            ctx.step(T.RULE, f"no packet of {spec.amount} {'healing' if spec.kind == 'heal' else 'damage'} "
                     f"for {name}: a packet of 0 or less is never created", ["packet.amount"])
            continue
        if dest is None or not W.in_play(dest) or not VA.is_character(st, spec.destination):
            ctx.step(T.RULE, f"no packet for {name}: it is not a character in play",
                     ["packet.destination"])
            continue
        if spec.kind == "heal" and W.damage(st, spec.destination) <= 0:
            ctx.step(T.RULE, f"no packet heals {name}: it has no damage", ["heal.no-damage",
                                                                           "packet.destination"])
            continue
        if spec.kind == "damage" and not can_be_dealt(st, spec.destination, spec.types):
            ctx.step(T.RULE, f"no packet for {name}: it can't be dealt damage",
                     ["damage.cant-be-dealt", "packet.destination"])
            continue
        made.append(make(st, spec))
        note_kinds(ctx, spec.destination)
    if not made:
        return []
    order = W.seat_order(st)
    if len(made) > 1:
        made.sort(key=lambda e: order.index(e.player) if e.player in order else 99)
        ctx.step(T.RULE, f"{len(made)} packets are created at the same time: "
                 + "; ".join(describe(st, e) for e in made),
                 ["damage.packets" if made[0].kind == "damage" else "heal.packets",
                  "packet", "packet.source", "simultaneous.packets", "one-shot"]
                 + [p for e in made for p in attribute_procedures(e)])
    else:
        ctx.step(T.RULE, f"{describe(st, made[0])} is created",
                 ["damage.packets" if made[0].kind == "damage" else "heal.packets",
                  "packet", "packet.attributes", "packet.source", "one-shot"]
                 + attribute_procedures(made[0]))
    for e in made:
        _note_unpreventable(ctx, e)
    return V.run_all(ctx, made)


def _note_unpreventable(ctx: Context, ev: Event) -> None:
    """408.3c, 717.4b: prevention can't apply to an unpreventable packet: say which would."""
    st = ctx.state
    if ev.kind != "damage" or not unpreventable(ev):
        return
    dest = ev.target
    kws = VA.keywords(st, dest)
    would = [f"{st.objects[dest].name}'s {k.title()}" for k in kws
             if k in ("hardiness", "aberration") or k.endswith(" resistance")]
    if would:
        ctx.step(T.RULE, f"{', '.join(would)} can't prevent it: the packet is unpreventable",
                 ["packet.preventability", "packet.order-destination"])


# --------------------------------------------------------------------------- replacements

def replacements(game, ctx: Context, ev: Event) -> list[Replacement]:
    if ev.kind not in ("damage", "heal") or not isinstance(ev.target, int):
        return []
    st = ctx.state
    out: list[Replacement] = []
    out += _power_replacements(game, ctx, ev)
    out += _link_replacements(game, ctx, ev)
    if ev.kind == "damage":
        out += _keyword_replacements(ctx, ev)
        out += _shielders(ctx, ev)
    return out


def order(ctx: Context, ev: Event, candidates: list[Replacement]) -> tuple[Replacement, str]:
    """717.4: the next modifier for a packet: the packet's controller chooses among those that
    increase it or change its flags or types (717.4a); then its destination's controller
    among the others (717.4b); modifiers that divide it come last (717.4c)."""
    st = ctx.state
    increase = [r for r in candidates if r.id.startswith(INCREASE)]
    other = [r for r in candidates if r.id.startswith(OTHER)]
    divide = [r for r in candidates if r.id.startswith(DIVIDE)]
    if increase:
        pool, who, proc = increase, controller(ev), "packet.order-controller"
    elif other:
        pool, who, proc = other, st.objects[ev.target].controller, "packet.order-destination"
    else:
        pool, who, proc = divide, st.objects[ev.target].controller, "packet.order-divide"
    why = ctx.cite(proc)
    if len(candidates) > 1:
        ctx.step(T.RULE, f"{len(candidates)} modifiers compete to replace "
                 f"{describe(st, ev)}: one is chosen and applied, then the others that still "
                 "compete", ["packet.order", proc])
    if len(pool) == 1:
        return pool[0], why
    if len({r.name for r in pool}) == 1 and _same(st, pool):
        ctx.step(T.CHOICE, f"{who} applies one of the {len(pool)} identical modifiers "
                 f"({pool[0].name}) first: which one cannot change anything",
                 [proc, "replacement.order"], actor=who)
        return pool[0], why
    names = tuple(dict.fromkeys(r.name for r in pool))
    chosen = ctx.decide(Decision(
        key=f"packet-order:{len(st.log)}:{ev.target}:{','.join(sorted(ev.applied))}",
        player=who, kind="modifier order",
        prompt=f"which modifier applies next to {describe(st, ev)}", options=names,
        citation=why, example=f'{who} chooses "{names[0]}"'))
    ctx.step(T.CHOICE, f"{who} chooses which modifier applies first: {chosen}",
             [proc, "replacement.order"], actor=who)
    for r in pool:
        if r.name == chosen:
            return r, why
    return pool[0], why


def _same(state: State, pool: list[Replacement]) -> bool:
    """Competing modifiers that are indistinguishable (copies of one card in the same state):
    which applies first cannot change anything the scenario can tell apart."""
    return len({r.label for r in pool}) == 1


# -- powers of cards in play
def _power_replacements(game, ctx: Context, ev: Event) -> list[Replacement]:
    st = ctx.state
    out = []
    for o in W.all_in_play(st):
        if not o.face_up or not P.of(st, o.id).replacements:
            continue
        if not VA.has_powers(st, o.id):
            continue
        for index, rep in P.of(st, o.id).replacements:
            scope = Scope(you=o.controller, source=o.id)
            out += _from_value(game, ctx, ev, rep, scope, ident=f"{o.id}:{index}",
                               name=o.name, label=f"{o.name}'s modifier",
                               procedure="replacement")
    return out


def _link_replacements(game, ctx: Context, ev: Event) -> list[Replacement]:
    """Replacement and prevention modifiers created by resolved links (716, 717.2, 717.5)."""
    st = ctx.state
    out = []
    for e in list(st.effects.values()):
        rep = e.data.get("replacement")
        if rep is None or not st.effect_active(st, e.id):
            continue
        used = e.data.get("used by")
        if getattr(rep, "next_only", False) and used is not None and used != ev.get("link"):
            continue                 # 717.5: "the next time" is the packets of one link
        scope = e.data["scope"]
        out += _from_value(game, ctx, ev, rep, scope, ident=f"effect{e.id}",
                           name=e.data.get("name", e.description), label=e.description,
                           procedure="packet.next-time" if getattr(rep, "next_only", False)
                           else "prevent" if isinstance(rep, M.Prevent) else "replacement",
                           effect=e.id)
    return out


def _from_value(game, ctx: Context, ev: Event, rep: M.Effect, scope: Scope, *, ident: str,
                name: str, label: str, procedure: str,
                effect: int | None = None) -> list[Replacement]:
    st = ctx.state
    if isinstance(rep, M.Prevent):
        if not _prevent_matches(st, rep, ev, scope):
            return []
        if rep.first and not _first_left(ctx, rep, ev, scope, name, say=True):
            return []
        cls = OTHER
        optional = False
        def applies(s: State, e: Event, r=rep) -> bool:
            return e.kind == "damage" and not unpreventable(e) and _prevent_matches(
                s, r, e, scope) and (not r.first or _first_left(ctx, r, e, scope, name) > 0)
        def apply(c: Context, e: Event, r=rep) -> Event:
            if r.first:
                return prevented(c, e, _prevent_first(c, e, r, scope, name))
            return prevented(c, e, _prevent(c, e, r, scope, effect))
        return [Replacement(id=f"{cls}:{ident}", name=name, label=label, controller=scope.you,
                            citation=ctx.cite("prevent.amount"), applies=applies, apply=apply,
                            optional=optional)]
    if not isinstance(rep, M.Replacement) or rep.event is None:
        return []
    try:
        if not _event_matches(st, rep.event, ev, scope):
            return []
    except Unknown:
        return []
    cls = _class_of(rep)
    optional = any(isinstance(i, M.Choice) and i.optional for i in rep.instead)
    conditional = any(isinstance(i, M.Conditional) for i in rep.instead)
    if cls == OTHER and _only_prevents(rep) and unpreventable(ev):
        return []                      # 717.4b: not for an unpreventable packet
    def applies(s: State, e: Event, r=rep) -> bool:
        try:
            return _event_matches(s, r.event, e, scope)
        except Unknown:
            return False
    def apply(c: Context, e: Event, r=rep, me=f"{cls}:{ident}") -> Event:
        procs = ["packet.replace", "replacement.any-time"]
        if _other_instance(c.state, e, me, name):
            procs.append("replacement.once")
        c.step(T.RULE, f"{label} replaces {describe(c.state, e)}: the event it replaces never "
               "happens; any attribute it does not change stays the same", procs)
        return _run_instead(game, c, e, r, scope, name, effect)
    cite = ctx.cite("prevent.conditional" if conditional else procedure)
    return [Replacement(id=f"{cls}:{ident}", name=name, label=label, controller=scope.you,
                        citation=cite, applies=applies, apply=apply, optional=optional)]


def _other_instance(state: State, ev: Event, me: str, name: str) -> bool:
    """716.1e: another instance of the same modifier (a second copy of the card) already
    replaced this packet."""
    for a in ev.applied:
        parts = a.split(":")
        if a == me or len(parts) < 2 or not parts[1].isdigit():
            continue
        o = state.objects.get(int(parts[1]))
        if o is not None and o.name == name:
            return True
    return False


def _class_of(rep: M.Replacement) -> str:
    """717.4a: modifiers that increase a packet or change its combat flag, preventability or
    damage types; the others (717.4b)."""
    for i in rep.instead:
        if isinstance(i, M.ModifyValue) and i.stat in ("damage", "heal") and (
                i.op == "multiply" or i.sign > 0):
            return INCREASE
        if isinstance(i, M.Damage) and i.target is None and (
                i.unpreventable or i.combat or i.damage_type):
            return INCREASE
    return OTHER


def _only_prevents(rep: M.Replacement) -> bool:
    return all(isinstance(i, M.Prevent) for i in rep.instead)


def _event_matches(state: State, want: M.Event, ev: Event, scope: Scope) -> bool:
    from judge.games.wow import describe as D
    verb = want.verb
    if ev.kind == "damage" and verb in ("deal damage", "deal"):
        if want.subject is not None and not D.matches(state, want.subject, ev.source, scope):
            return False
    elif ev.kind == "damage" and verb in ("be dealt damage",):
        if want.subject is not None and not D.matches(state, want.subject, ev.target, scope):
            return False
    elif ev.kind == "heal" and verb in ("heal", "heal damage"):
        if want.subject is not None and not D.matches(state, want.subject, ev.source, scope):
            return False
    else:
        return False
    kinds = [t for t in want.damage_type.split() if t in W.DAMAGE_TYPES]
    if kinds and not (set(kinds) & types_of(ev)):
        return False
    if "combat" in want.damage_type.split() and not ev.combat:
        return False
    if want.with_ is not None:
        w = want.with_
        with_ = ev.get("with", ())
        if not any(D.matches(state, w, x, scope, ignore_zone=True) for x in with_):
            return False
    return True


def _prevent_matches(state: State, rep: M.Prevent, ev: Event, scope: Scope) -> bool:
    from judge.games.wow import describe as D
    if ev.kind != "damage":
        return False
    if rep.target is not None and not D.matches(state, rep.target, ev.target, scope):
        return False
    if rep.source is not None and not D.matches(state, rep.source, ev.source, scope):
        return False
    kinds = [t for t in rep.damage_type.split() if t in W.DAMAGE_TYPES]
    if kinds and not (set(kinds) & types_of(ev)):
        return False
    if "combat" in rep.damage_type.split() and not ev.combat:
        return False
    return True


def _this_turn(state: State, oid: int) -> tuple[int, int]:
    """The damage dealt to character ``oid`` this turn, and the damage that would have been
    dealt to it this turn that was prevented (717.6)."""
    turn = W.current_turn(state)
    dealt = sum(r[3] for r in W.records(state, "damage dealt") if r[0] == turn and r[2] == oid)
    kept = sum(r[2] for r in W.records(state, "damage prevented")
               if r[0] == turn and r[1] == oid)
    return dealt, kept


def _first_left(ctx: Context, rep: M.Prevent, ev: Event, scope: Scope, name: str, *,
                say: bool = False) -> int:
    """717.6: what a "the first X damage ... each turn" modifier can still prevent this turn:
    X less 1 for each damage already dealt to the character this turn and for each damage
    already prevented from it this turn; at 0 or less it ceases to apply for the turn."""
    from judge.games.wow import amounts as A
    st = ctx.state
    if rep.amount is None:
        raise NotModelled(f"{name}: 'the first' damage with no amount stated")
    x = A.amount(st, rep.amount, scope)
    dealt, kept = _this_turn(st, ev.target)
    left = x - dealt - kept
    if left <= 0 and say:
        ctx.step(T.RULE, f"{name} prevents the first {x} damage that would be dealt to "
                 f"{st.objects[ev.target].name} each turn: {dealt} damage has been dealt to it "
                 f"and {kept} prevented this turn, so it ceases to apply for the rest of the "
                 "turn", ["prevent.first"])
    return max(0, left)


def _prevent_first(ctx: Context, ev: Event, rep: M.Prevent, scope: Scope, name: str) -> Event:
    st = ctx.state
    if unpreventable(ev):
        return ev
    left = _first_left(ctx, rep, ev, scope, name)
    dealt, kept = _this_turn(st, ev.target)
    stopped = min(left, ev.amount)
    ctx.step(T.RULE, f"{name} prevents the first {left + dealt + kept} damage that would be "
             f"dealt to {st.objects[ev.target].name} each turn: {dealt} has been dealt to it "
             f"and {kept} prevented this turn, so it can prevent {left} more; it prevents "
             f"{stopped} of this packet", ["prevent.first", "prevent.amount"])
    rest = ev.amount - stopped
    return ev.with_(amount=rest, cancelled=rest <= 0)


def prevented(ctx: Context, before: Event, after: Event) -> Event:
    """Say what a prevention did to a packet (717.2a-b, 717.2d); record the damage prevented
    from its destination this turn (717.6 counts it)."""
    if after.amount >= before.amount:
        return after
    if isinstance(before.target, int):
        W.record(ctx.state, "damage prevented", (W.current_turn(ctx.state), before.target,
                                                  before.amount - max(0, after.amount)))
    if after.cancelled or after.amount <= 0:
        ctx.step(T.RULE, f"the packet is prevented completely: it ceases to exist and deals no "
                 "damage, so nothing triggers off damage being dealt (powers that trigger off "
                 "damage being prevented do)", ["prevent.complete", "prevent.triggers"])
        return after.with_(amount=0, cancelled=True)
    ctx.step(T.RULE, f"{before.amount - after.amount} of the packet is prevented: it deals "
             f"{after.amount}", ["prevent.amount", "prevent.triggers"])
    return after


def _prevent(ctx: Context, ev: Event, rep: M.Prevent, scope: Scope, effect: int | None) -> Event:
    """717.2a: prevent all of a packet, or Y of it (and the modifier can prevent X less)."""
    from judge.games.wow import amounts as A
    st = ctx.state
    if unpreventable(ev):
        return ev
    left = None
    if effect is not None and effect in st.effects:
        left = st.effects[effect].data.get("left")
    if rep.amount is None and left is None:
        return ev.with_(amount=0, cancelled=True)
    can = left if left is not None else A.amount(st, rep.amount, scope)
    prevented = min(can, ev.amount)
    rest = ev.amount - prevented
    if effect is not None and effect in st.effects:
        from judge.engine import effects as CE
        from judge.games.wow.effects import set_effect_data
        remaining = can - ev.amount
        if remaining <= 0:
            CE.end(st, effect)
            ctx.step(T.RULE, f"the prevention modifier prevented {prevented}: the amount it can "
                     "prevent is used up and it ceases to exist", ["prevent.amount"])
        else:
            set_effect_data(st, effect, "left", remaining)
    return ev.with_(amount=rest, cancelled=rest <= 0)


def _run_instead(game, ctx: Context, ev: Event, rep: M.Replacement, scope: Scope, name: str,
                 effect: int | None) -> Event:
    from judge.games.wow.effects import Run
    run = Run(game, ctx, you=scope.you, source=scope.source, name=name, replacing=ev,
              it=(ev.target,) if ev.kind == "damage" else (ev.source,))
    if effect is not None and rep.next_only and \
            ctx.state.effects[effect].data.get("used by") is None:
        from judge.games.wow.effects import set_effect_data
        set_effect_data(ctx.state, effect, "used by", ev.get("link"))
        ctx.step(T.RULE, f"{name}'s 'next time' modifier replaces every packet the same link "
                 "creates, and no other", ["packet.next-time"])
    run.effects(rep.instead)
    out = run.replacing
    return out


# -- keywords
def _keyword_replacements(ctx: Context, ev: Event) -> list[Replacement]:
    st = ctx.state
    out = []
    dest = ev.target
    kws = VA.keywords(st, dest)
    name = st.objects[dest].name
    if "hardiness" in kws:
        def apply(c: Context, e: Event) -> Event:
            return prevented(c, e, e.with_(amount=e.amount - 1, cancelled=e.amount <= 1))
        out.append(Replacement(id=f"{OTHER}:hardiness:{dest}", name=name,
                               label=f"{name}'s Hardiness", controller=st.objects[dest].controller,
                               citation=ctx.cite("kw.hardiness"),
                               applies=lambda s, e: not unpreventable(e), apply=apply))
    for kw in kws:
        if kw.endswith(" resistance"):
            kind = kw.removesuffix(" resistance")
            if kind in types_of(ev):
                out.append(Replacement(
                    id=f"{OTHER}:resistance:{dest}:{kind}", name=name,
                    label=f"{name}'s {kind.title()} Resistance",
                    controller=st.objects[dest].controller, citation=ctx.cite("kw.resistance"),
                    applies=lambda s, e, k=kind: not unpreventable(e) and k in types_of(e),
                    apply=lambda c, e: prevented(c, e, e.with_(amount=0, cancelled=True))))
    if "aberration" in kws and not ev.combat:
        out.append(Replacement(
            id=f"{OTHER}:aberration:{dest}", name=name, label=f"{name}'s Aberration",
            controller=st.objects[dest].controller, citation=ctx.cite("kw.aberration"),
            applies=lambda s, e: not unpreventable(e) and not e.combat,
            apply=lambda c, e: prevented(c, e, e.with_(amount=0, cancelled=True))))
    src = ev.source
    if ev.combat and isinstance(src, int) and src in st.objects and \
            VA.has_keyword(st, src, "smash"):
        from judge.games.wow import combat as K
        if K.defending(st, dest) and "ally" in VA.kinds(st, dest):
            out.append(Replacement(
                id=f"{DIVIDE}:smash:{src}", name=st.objects[src].name,
                label=f"{st.objects[src].name}'s Smash", controller=controller(ev),
                citation=ctx.cite("kw.smash"),
                applies=lambda s, e: _more_than_fatal(s, e), apply=_smash))
    return out


def _more_than_fatal(state: State, ev: Event) -> bool:
    o = state.objects[ev.target]
    health = state.value(o.id, "health")
    return isinstance(health, int) and W.damage(state, o.id) + ev.amount > health


def _smash(ctx: Context, ev: Event) -> Event:
    """405.8, 717.8: exactly fatal damage to the ally, the rest to its controller's hero."""
    st = ctx.state
    o = st.objects[ev.target]
    health = st.value(o.id, "health")
    fatal = max(0, int(health or 0) - W.damage(st, o.id))
    rest = ev.amount - fatal
    hero = W.hero(st, o.controller)
    if rest > 0 and hero is not None:
        extra = Event("damage", player=o.controller, amount=rest, source=ev.source,
                      target=hero, dtype=ev.dtype, combat=ev.combat, data=ev.data,
                      applied=ev.applied)
        pending = list(ctx.state.globals.get("divided", ()))
        pending.append(extra)
        from judge.engine.state import SetGlobal
        st.apply(SetGlobal("divided", tuple(pending)))
        ctx.step(T.RULE, f"{rest} damage of the packet is divided off to {st.objects[hero].name}",
                 ["packet.smash", "damage.smash", "packet.order-divide"])
    return ev.with_(amount=fatal, cancelled=fatal <= 0)


# -- equipment with DEF (717.2c)
def _shielders(ctx: Context, ev: Event) -> list[Replacement]:
    st = ctx.state
    dest = ev.target
    d = st.objects[dest]
    if unpreventable(ev):
        return []
    if "hero" not in VA.kinds(st, dest):
        if not any(P.of(st, e.id).shields_allies for e in st.in_zone((d.controller, W.IN_PLAY))
                   if "equipment" in VA.kinds(st, e.id)):
            return []
    out = []
    for e in st.in_zone((d.controller, W.IN_PLAY)):
        if "equipment" not in VA.kinds(st, e.id) or W.exhausted(st, e.id):
            continue
        defense = st.value(e.id, "def")
        if not isinstance(defense, int) or defense < 1:
            continue
        def apply(c: Context, x: Event, eq=e.id) -> Event:
            from judge.games.wow.model import Orient
            s = c.state
            mark = len(s.log)
            s.apply(Orient(eq, True))
            value = s.value(eq, "def")
            c.step(T.ACTION, f"{s.objects[eq].controller} exhausts {s.objects[eq].name} "
                   f"(DEF {value}) to prevent damage", ["prevent.def"], mark=mark,
                   actor=s.objects[eq].controller)
            rest = x.amount - int(value or 0)
            if rest < 0:
                c.step(T.RULE, f"the packet is smaller than {s.objects[eq].name}'s DEF: the "
                       f"excess DEF is wasted", ["prevent.def"])
            return prevented(c, x, x.with_(amount=max(0, rest), cancelled=rest <= 0))
        out.append(Replacement(
            id=f"{OTHER}:def:{e.id}", name=e.name, label=f"{e.name} (DEF {defense})",
            controller=d.controller, citation=ctx.cite("prevent.def"),
            applies=lambda s, x, eq=e.id: not unpreventable(x) and not W.exhausted(s, eq),
            apply=apply, optional=True))
    return out


# --------------------------------------------------------------------------- performing

def perform(ctx: Context, ev: Event) -> Event | None:
    st = ctx.state
    dest = ev.target
    o = st.objects.get(dest) if isinstance(dest, int) else None
    if o is None or not W.in_play(o) or not VA.is_character(st, dest):
        ctx.step(T.RULE, f"{describe(st, ev)} deals nothing: its destination is no longer a "
                 "character in play", ["packet.destination"])
        return None
    before = W.damage(st, dest)
    mark = len(st.log)
    if ev.kind == "heal":
        healed = min(before, ev.amount)
        if healed <= 0:
            ctx.step(T.RULE, f"{o.name} has no damage: nothing is healed", ["heal.no-damage"])
            return None
        st.apply(W.SetDamage(dest, before - healed, before))
        src = st.objects[ev.source].name if isinstance(ev.source, int) else "?"
        wasted = ev.amount - healed
        ctx.step(T.EVENT, f"{src} heals {healed} damage from {o.name}"
                 + (f" (the other {wasted} is wasted)" if wasted else ""),
                 ["heal", "packet.amount"], mark=mark)
        return ev.with_(amount=healed, data=ev.data + (("before", before),))
    st.apply(W.SetDamage(dest, before + ev.amount, before))
    src = st.objects[ev.source].name if isinstance(ev.source, int) else "?"
    kinds = " ".join(sorted(types_of(ev)))
    health = st.value(dest, "health")
    fatal = isinstance(health, int) and before + ev.amount >= health
    ctx.step(T.EVENT, f"{src} deals {ev.amount} {'combat ' if ev.combat else ''}"
             f"{kinds + ' ' if kinds else ''}damage to {o.name}"
             + (f": fatal damage ({before + ev.amount} >= health {health})" if fatal else ""),
             ["damage.packets", "packet.amount"] + (["damage.fatal"] if fatal else [])
             + (["packet.association"] if ev.get("with") else []), mark=mark)
    W.record(st, "damage dealt", (W.current_turn(st), ev.source, dest, ev.amount, ev.combat,
                                  tuple(ev.get("with", ())), controller(ev), ev.get("link")))
    divided = list(st.globals.get("divided", ()))
    if divided:
        from judge.engine.state import SetGlobal
        st.apply(SetGlobal("divided", ()))
        V.run_all(ctx, divided)
    return ev.with_(data=ev.data + (("before", before),))


def put(ctx: Context, oid: int, amount: int, why: str, procedures: list[str]) -> int:
    """405.3: put damage on a character (not dealt: it can't be replaced or prevented), never
    more than fatal damage."""
    st = ctx.state
    before = W.damage(st, oid)
    health = st.value(oid, "health")
    cap = max(0, int(health or 0) - before) if isinstance(health, int) else amount
    put_on = max(0, min(amount, cap))
    mark = len(st.log)
    if put_on:
        st.apply(W.SetDamage(oid, before + put_on, before))
    ctx.step(T.EVENT, f"{why}: {put_on} damage is put on {st.objects[oid].name}"
             + (f" (not {amount}: damage can't be put on a character in excess of its health)"
                if put_on < amount else ""), procedures + ["damage.put"], mark=mark)
    return put_on

# modules imported here rather than at the top (they import this one, directly or through
# others) or rather than in the functions that use them (read many times a ruling: an import
# statement there runs the import machinery on every call)
from judge.games.wow import powers as P  # noqa: E402
