"""Static abilities that change what objects are (FaB 17.2.1, 25.1.2, 20.1.1).

"During your action phase, Illusionist auras you control are weapons with 4{p} and **Once per
Turn Action** - {r}{r}{r}: **Attack. Go again**" (Iris of Reality): while the permanent is face
up in the arena, a conditional continuous effect (17.2.1) makes each object it describes a
weapon too, gives it power with base power N (25.1.2: a card without {p} can be given {p} and
base power), and gives it the stated activated attack ability. The condition and the described
objects are evaluated whenever they are read, so an aura that enters later is covered and
nothing applies outside the condition.

An attack created by an activated ability is a proxy of its source; if the source leaves the
arena while that attack is on the current chain link, the attack layer does not resolve and the
combat chain closes (20.1.1).

A condition, a description of objects or a granted ability the engine cannot read is
``not modelled``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from judge.cards import model as M
from judge.cards.model import Becomes
from judge.engine import effects as E
from judge.engine import chain as S
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.errors import NotModelled
from judge.engine.state import AddModifier, Modifier, SetGlobal, State
from judge.games.fab import combat as K
from judge.games.fab.reading import condition_words, target_text
from judge.games.fab.zones import ARENA

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame
    from judge.games.fab.cards import CardRules

KEY = "becomes"
DESTROYED = "destroyed objects"
LEFT_NOTED = "attack source left the arena"
ON = "type-changing effects on"
_OBJECTS = ("aura", "item", "ally", "token")        # what "<kind>s you control" may describe
_DURING = {"action phase": "action"}                 # "During your action phase, ..."


@dataclass(frozen=True, slots=True)
class Granted:
    """What a Becomes effect gives: the kinds, base values and activated attack ability."""
    source: str
    kinds: tuple[str, ...]
    values: tuple[tuple[str, int], ...]
    attack_cost: int | None
    once_per_turn: bool
    go_again: bool
    text: str


def _parts(ab: M.Ability) -> tuple[M.Condition | None, Becomes | None]:
    """(its condition, the Becomes effect) of "[During ..., ]<objects> are <kinds> ..."."""
    if len(ab.effects) != 1:
        return None, None
    eff = ab.effects[0]
    if isinstance(eff, Becomes):
        return ab.condition, eff
    if isinstance(eff, M.Conditional) and not eff.otherwise and len(eff.then) == 1 and \
            isinstance(eff.then[0], Becomes):
        return eff.condition, eff.then[0]
    return None, None


def is_becomes(ab: M.Ability) -> bool:
    return _parts(ab)[1] is not None


def _attack_ability(source: str, abilities: tuple[M.Ability, ...]) -> tuple[int | None, bool,
                                                                              bool]:
    """(resource cost, once per turn, go again) of the granted "Action - ...: Attack"."""
    if not abilities:
        return None, False, False
    if len(abilities) != 1:
        raise NotModelled(f"{source}: granting more than one activated ability")
    ab = abilities[0]
    effects = [e.verb.lower() for e in ab.effects]
    if ab.timing != "action" or not all(isinstance(e, M.Attack) for e in ab.effects) or \
            len(ab.effects) != 1:
        raise NotModelled(f"{source}: granting the ability {ab.timing!r} with effects {effects}")
    if any(c.kind != "resource" or c.amount is None or c.amount.constant is None
           for c in ab.costs):
        raise NotModelled(f"{source}: a granted ability's cost other than resources")
    keywords = {" ".join(k.name.lower().split()) for k in ab.keywords}
    if keywords - {"go again"}:
        raise NotModelled(f"{source}: the granted attack's keywords {sorted(keywords)}")
    return (sum(c.amount.constant for c in ab.costs), ab.limit.lower().startswith("once"),
            "go again" in keywords)


def install(ctx: Context, source: Any, ab: M.Ability) -> None:
    """Turn the ability on while ``source`` stays in the arena (17.2); what the engine cannot
    read is recorded as not modelled (the ability is not applied)."""
    with ctx.recording_not_modelled(source.name):
        _install(ctx, source, ab)


def _install(ctx: Context, source: Any, ab: M.Ability) -> None:
    st = ctx.state
    condition, eff = _parts(ab)
    assert eff is not None
    ev = condition.event if condition is not None else None
    if condition is None or condition.test != "phase" or ev is None or \
            ev.phase not in _DURING or ev.whose is None or ev.whose.ref != "you":
        raise NotModelled(f"the condition {condition_words(condition) if condition else 'none'!r}"
                          " of a type-changing ability")
    phase = _DURING[ev.phase]
    what = target_text(eff.what)
    t = eff.what
    if t is None or t.controller != "you" or not t.kinds or t.kinds[-1] not in _OBJECTS or \
            len(t.kinds) > 2 or t.qualities or t.filters or t.targeted:
        raise NotModelled(f"which objects {what!r} describes")
    wanted = frozenset(t.kinds)
    cost, once, go_again = _attack_ability(source.name, eff.abilities)
    values = tuple(eff.values)
    if any(stat != "power" for stat, _ in values):
        raise NotModelled(f"{source.name}: giving the values {values}")
    controller = source.controller
    text = (f"{what} are {' and '.join(k + 's' for k in eff.kinds)}"
            + "".join(f" with {n}{{p}}" for _, n in values)
            + (f" and have '{'Once per Turn ' if once else ''}Action - "
               f"{'{r}' * (cost or 0) or '0'}: Attack"
               + (". Go again" if go_again else "") + "'" if cost is not None else ""))
    granted = Granted(source=source.name, kinds=tuple(eff.kinds), values=values,
                      attack_cost=cost, once_per_turn=once, go_again=go_again, text=text)

    def during(s: State) -> bool:
        return (s.globals.get("turn player") == controller and s.globals.get("phase") == phase)

    def affects(s: State, o: Any) -> bool:
        return (o.controller == controller and o.face_up and o.zone[1] in ARENA
                and wanted <= o.kinds)

    mark = len(st.log)
    for stat, n in values:                  # 25.1.2: the value, with base power N (25.2)
        E.create(st, description=f"{source.name}: {what} have {n}{{p}} (base power {n})",
                 controller=controller, citation=ctx.cite_opt("value.given"),
                 while_source=(source.id, source.incarnation), condition=during,
                 affects=affects, stat=stat, op="set", amount=n, layer=0,
                 data={KEY: granted})
    if not values:
        E.create(st, description=f"{source.name}: {text}", controller=controller,
                 citation=ctx.cite_opt("continuous.conditional"),
                 while_source=(source.id, source.incarnation), condition=during,
                 affects=affects, stat="", data={KEY: granted})
    on = during(st)
    E.note_switch(st, ON, source.id, on)
    ctx.step(T.RULE, f"{source.name}'s static ability is a conditional continuous effect: during "
             f"{controller}'s {phase} phase, {text}; it is {'on' if on else 'off'} now "
             f"({'it is' if on else 'it is not'} {controller}'s {phase} phase)",
             ["continuous.duration", "continuous.conditional", "value.given"], mark=mark)



def track(game: "FabGame", ctx: Context) -> None:
    """17.2.1: each time a type-changing effect turns on or off, say so and what it changes."""
    st = ctx.state
    known = E.switches(st, ON)
    for e in sorted(st.effects.values(), key=lambda e: e.timestamp):
        g = e.data.get(KEY)
        if g is None or e.while_source is None or e.while_source[0] not in known:
            continue
        src = st.objects[e.while_source[0]]
        if src.incarnation != e.while_source[1]:
            continue
        on = E.is_active(st, e.id)
        if on == known[src.id]:
            continue
        mark = len(st.log)
        E.note_switch(st, ON, src.id, on)
        known[src.id] = on
        covered = [o.name for o in st.objects.values() if e.affects and e.affects(st, o)]
        now = f"{st.globals.get('turn player')}'s {st.globals.get('phase')} phase"
        ctx.step(T.RULE, f"{g.source}'s effect turns {'on' if on else 'off'} (it is {now}"
                 + ("" if on else f", not {src.controller}'s action phase") + ")"
                 + (f": {', '.join(covered)} " + ("is a weapon with " + ", ".join(
                     f"{n}{{p}}" for _, n in g.values) if on else "has no power value and is "
                     "not a weapon") if covered else ""),
                 ["continuous.conditional"] + (["value.given"] if on else ["value.none"]),
                 mark=mark)


def _granted(st: State, o: Any) -> list[Granted]:
    out = []
    for e in sorted(st.effects.values(), key=lambda e: e.timestamp):
        g = e.data.get(KEY)
        if (g is not None and e.affects is not None and E.is_active(st, e.id)
                and e.affects(st, o) and g not in out):
            out.append(g)
    return out


def is_weapon(st: State, oid: int) -> bool:
    """A weapon printed, or one an active type-changing effect makes it."""
    o = st.objects[oid]
    return o.has_kind("weapon") or any("weapon" in g.kinds for g in _granted(st, o))


def attack_rules(st: State, oid: int, rules: "CardRules") -> "CardRules":
    """The object's rules with a granted attack ability (when it has no printed one)."""
    if rules.attack_cost is not None:
        return rules
    for g in _granted(st, st.objects[oid]):
        if g.attack_cost is not None:
            return replace(rules, attack_cost=g.attack_cost, once_per_turn=g.once_per_turn)
    return rules


def granted_by(st: State, oid: int) -> Granted | None:
    return next((g for g in _granted(st, st.objects[oid]) if g.attack_cost is not None), None)


def note_attack(game: "FabGame", ctx: Context, oid: int) -> None:
    """An attack made with a granted ability: say where the ability comes from; its go again
    is a quality of the attack while it is on the combat chain."""
    st = ctx.state
    g = granted_by(st, oid)
    if g is None or st.objects[oid].has_kind("weapon"):
        return
    o = st.objects[oid]
    mark = len(st.log)
    if g.go_again:
        effect = E.create(st, description=f"{o.name}'s attack has go again ({g.source})",
                          controller=o.controller, citation=ctx.cite_opt("kw.go-again"),
                          ends_at={"combat chain closes"},
                          while_source=(o.id, o.incarnation))
        st.apply(AddModifier(Modifier(id=st.new_id(), target=(o.id, o.incarnation),
                                      stat="kw:go again", op="grant", value=None, layer=1,
                                      timestamp=st.tick(), effect=effect.id)))
    ctx.step(T.RULE, f"{o.name} is a weapon with {st.value(oid, 'power')}{{p}} "
             f"(base power {st.base_value(oid, 'power')}) and the ability \""
             f"{'Once per Turn ' if g.once_per_turn else ''}Action - "
             f"{'{r}' * (g.attack_cost or 0) or '0'}: Attack" + (". Go again" if g.go_again else "")
             + f"\" from {g.source}", ["continuous.conditional", "value.given"], mark=mark)


def note_destroyed(st: State, oid: int) -> None:
    """Remember that ``oid``, the source of the current chain link's attack, was destroyed (its
    incarnation after the move): 20.1.1 applies to a destroyed source, not to one that left
    the arena another way."""
    link = K.current(st)
    if link is None or not link.proxy or link.attack != oid:
        return                          # only the source of the current link's attack matters
    o = st.objects[oid]
    known = tuple(k for k in st.globals.get(DESTROYED, ()) if k[0] != oid)
    st.apply(SetGlobal(DESTROYED, known + ((oid, o.incarnation),)))


def source_left(game: "FabGame", ctx: Context) -> bool:
    """20.1.1: the attack of an activated ability on the current chain link whose source has
    left the arena does not resolve, and the combat chain closes. True when it closed."""
    st = ctx.state
    link = K.current(st)
    if link is None or not link.proxy or link.step == K.RESOLVED:
        return False
    src = st.objects[link.attack]
    if src.zone[1] in ARENA:
        return False
    if (src.id, src.incarnation) not in st.globals.get(DESTROYED, ()):
        if not ctx.state.globals.get(LEFT_NOTED) == (src.id, src.incarnation):
            st.apply(SetGlobal(LEFT_NOTED, (src.id, src.incarnation)))
            ctx.not_modelled(f"{src.name}, the source of the attack on chain link "
                             f"{link.number}, left the arena without being destroyed (20.1.1 "
                             "says what happens when it is destroyed)")
        return False
    mark = len(st.log)
    layer = next((l for l in st.chain if l.id == link.layer), None)
    if layer is not None:
        S.remove(st, layer)
    ctx.step(T.RULE, f"{src.name}, the source of the attack on chain link {link.number}, has "
             "left the arena: the attack layer does not resolve", ["combat.source-gone"],
             mark=mark)
    game.close_chain(ctx, "combat.source-gone",
                     f"the source of the attack, {src.name}, is gone")
    return True
