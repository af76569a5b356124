"""Carrying out parsed FaB card effects, and the damage replacements of rule 26 and the
glossary (Arcane Barrier N, Spellvoid N, "prevent the next N damage").

An effect shape not handled here raises :class:`NotModelled` with what it was; the caller
records it and goes on with the rest of the layer (19.7).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from judge.cards import model as M
from judge.engine import effects as E
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.errors import NotModelled, UnstatedChoice
from judge.engine.events import Event, Replacement
from judge.engine.chain import Layer
from judge.engine.state import (AddCounter, AddModifier, ChangeValue, Custom, Modifier,
                                MoveObject, State)
from judge.games.fab import amounts as A
from judge.games.fab import cards as C
from judge.games.fab import combat as K
from judge.games.fab import deck as fab_deck
from judge.games.fab import destroyed as fab_destroyed
from judge.games.fab import increased as fab_increased
from judge.games.fab import modes as fab_modes
from judge.games.fab import keywords as fab_keywords
from judge.games.fab import next_defend as fab_next_defend
from judge.games.fab import reprise as fab_reprise
from judge.games.fab import grants as G
from judge.games.fab import replacements as FR
from judge.games.fab import tokens as fab_tokens
from judge.games.fab.zones import ARENA, PLAYER_ARENA

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame

RP = "resource points"


def run(game: "FabGame", ctx: Context, layer: Layer, eff: M.Effect) -> None:
    if fab_deck.handles(layer, eff):           # searching, revealing, shuffling (24)
        fab_deck.run(game, ctx, layer, eff)
        return
    if fab_next_defend.handles(eff):           # "if the next card you defend with ..." (20.5.2c)
        fab_next_defend.run(game, ctx, layer, eff)
        return
    if fab_reprise.handles(eff):               # Reprise (glossary), 23.2.2
        fab_reprise.run(game, ctx, layer, eff)
        return
    if fab_modes.handles(layer, eff):          # a triggered effect's chosen mode (16.2.1)
        fab_modes.run(game, ctx, layer, eff)
        return
    if fab_destroyed.handles(layer, eff):      # "it": the destroyed card (11.7, 11.7.1)
        fab_destroyed.run(game, ctx, layer, eff)
        return
    if fab_increased.handles(eff):             # "if ... has gained {p} this turn" (17.3)
        fab_increased.run(game, ctx, layer, eff)
        return
    if layer.data.get("label") == "channel" and isinstance(eff, M.Conditional) and \
            eff.condition is not None and eff.condition.kind == "unless":
        # Channel (glossary): "destroy it unless you put <N> <type> cards from your pitch zone on
        # the bottom of your deck" - all or none, in the order the player chooses
        raise NotModelled("the channel effect " + repr(" ".join(eff.condition.text.split()))
                          + ": the card text's reading does not give how many cards it asks "
                          "for (its 'for each ...' is not read), so neither the full amount "
                          "nor the destruction is carried out", ctx.cite_opt("kw.channel"))
    handler = HANDLERS.get(type(eff))
    if handler is None:
        raise NotModelled(_describe(eff))
    handler(game, ctx, layer, eff)


def _describe(eff: M.Effect) -> str:
    """An effect the engine does not carry out, in words for ``not modelled``."""
    if isinstance(eff, M.Restriction):
        lasts = f" {eff.duration.text}" if eff.duration is not None and eff.duration.text \
            and eff.duration.text not in C.target_text(eff.what) else ""
        return (f"the restriction \"{C.target_text(eff.who) or 'you'} {eff.verb} "
                f"{' or '.join(eff.actions)} {C.target_text(eff.what)}{lasts}\"").replace(
                    "  ", " ")
    if isinstance(eff, M.Other):
        return f"the effect {dict(eff.args).get('text', eff.verb)!r}"
    return f"the effect {eff.verb!r} ({type(eff).__name__.lower()})"


# --- who an effect is about ---------------------------------------------------------------

def _chosen_hero(t: M.Target) -> bool:
    """"target hero", "target opponent", "target opposing hero", "the defending hero",
    "them", "that hero": a hero chosen as a target or named before."""
    if t.alternatives or t.filters or t.count is not None:
        return False
    if t.targeted and (t.kinds == ("opponent",) or t.kinds == ("hero",)) and not t.qualities:
        return True
    if t.kinds == ("hero",) and t.qualities == ("defending",):
        return True
    return t.ref in ("they", "that") and t.kinds in ((), ("hero",)) and not t.qualities


def _named_before(t: M.Target) -> bool:
    """"the defending hero", "them", "they", "that hero": the hero the attack targets."""
    return (t.kinds == ("hero",) and t.qualities == ("defending",)) or \
        (t.ref in ("they", "that") and not t.targeted)


def players_for(game: "FabGame", ctx: Context, layer: Layer, target: M.Target | None) -> list[str]:
    st = ctx.state
    text = C.target_text(target)
    chosen = [t for t in layer.targets if isinstance(t, str)]
    if C.is_you(target):
        return [layer.controller]
    assert target is not None
    every = target.quantifier in ("each", "all") and not target.targeted and \
        not target.qualities and not target.filters
    if every and target.kinds == ("hero",) and not target.controller:
        return list(st.players)                           # "each hero", "all heroes"
    if every and (target.kinds == ("opponent",) or target.kinds == ("hero",)
                  and target.controller == "opponent"):
        return st.opponents(layer.controller)             # "each opponent", "each opposing hero"
    if _chosen_hero(target):
        if chosen:
            if (layer.kind == "triggered" and target.targeted and target.kinds == ("hero",)
                    and not target.controller and not layer.data.get("targets stated")):
                # no "Alice targets ... with ..." line: the policy's default took the opposing
                # hero (the attack's target), and the ruling says so
                source = st.objects[layer.source].name if layer.source is not None else "..."
                if ctx.policy("trigger-targets", "opposing") == "error":
                    raise UnstatedChoice("trigger-targets", f"the target of {layer.name}",
                                         f'{layer.controller} targets {chosen[0]} with '
                                         f'"{source}"')
                ctx.step(T.CHOICE, f"{layer.name} targets {chosen[0]}", ["target.choose"],
                         actor=layer.controller,
                         default=f"trigger-targets: opposing - {layer.controller} targets the "
                                 f"opposing hero, {chosen[0]}, with {text!r} (not stated)")
            return chosen[:1]
        link = K.current(st)
        if _named_before(target) and link is not None:
            return [link.target]
        raise NotModelled(f"{text!r} with no target chosen")
    raise NotModelled(f"the target {text!r}")


def attack_ref(t: M.Target | None) -> bool:
    """"target attack", "the attack", "your attack", "that attack", "target attack action
    card", "the attacking card", "target attacking card": the attack on the current link."""
    if t is None or t.alternatives or t.filters or t.count is not None or t.of is not None:
        return False
    if t.kinds == ("attack",) and not t.qualities and t.controller in ("", "you"):
        return True
    if t.kinds == ("attack action", "card") and t.targeted and not t.qualities and \
            not t.controller:
        return True
    return t.kinds == ("card",) and t.qualities == ("attacking",) and not t.controller


def _cost_filtered_attack(t: M.Target | None) -> M.Comparison | None:
    """"target attack action card with cost 1 or less": the comparison its one filter makes."""
    if t is None or len(t.filters) != 1 or t.kinds != ("attack action", "card") or \
            not t.targeted or t.qualities or t.controller or t.alternatives or \
            t.count is not None or t.of is not None:
        return None
    c = t.filters[0].comparison
    if c is None or c.left.measure != "cost" or c.op not in ("<=", ">=", "==") or \
            c.right.constant is None or t.filters[0].event is not None:
        return None
    return c


def objects_for(game: "FabGame", ctx: Context, layer: Layer, target: M.Target | None) -> list[int]:
    st = ctx.state
    link = K.current(st)
    if C.is_self(target):
        return [layer.source] if layer.source is not None else []   # own name: itself (19.3)
    if link is not None and attack_ref(target):
        return [link.attack]
    c = _cost_filtered_attack(target)
    if link is not None and c is not None:
        # the attack on the current link, if its cost meets the filter (a card with no cost
        # value has cost zero when one is asked for, 19.6.2)
        cost = st.value(link.attack, "cost")
        n = cost if isinstance(cost, int) else 0
        want = c.right.constant
        if (n <= want) if c.op == "<=" else (n >= want) if c.op == ">=" else n == want:
            return [link.attack]
        raise NotModelled(f"the target {C.target_text(target)!r}: the attack's cost is {n}")
    chosen = [t for t in layer.targets if isinstance(t, int)]
    if chosen and target is not None and target.targeted:
        return chosen[:1]
    raise NotModelled(f"the target {C.target_text(target)!r}")


# --- effects --------------------------------------------------------------------------------

def _x(amount: M.Amount | None) -> bool:
    """"X", defined by the text ("..., where X is ...")."""
    return A.is_x(amount) and amount.defined_as is not None and amount.per is None and \
        not amount.plus and amount.times == 1


def _declared_x(amount: M.Amount | None) -> bool:
    """A bare "X": the X declared when the card was played (15.5.1a)."""
    return A.is_x(amount) and amount.defined_as is None and amount.per is None and \
        not amount.plus and amount.times == 1


def _damage(game: "FabGame", ctx: Context, layer: Layer, eff: M.Damage) -> None:
    n = C.amount(eff.amount)
    if n is None and _declared_x(eff.amount):
        from judge.games.fab import costs as fab_costs
        n = fab_costs.declared_x(ctx, layer)
    if (n is None and not _x(eff.amount)) or eff.divided:
        raise NotModelled(f"damage amount {eff.amount.text if eff.amount else ''!r}")
    dtype = (eff.damage_type or "").lower()
    if dtype not in ("", "arcane", "physical"):
        raise NotModelled(f"{dtype} damage")
    if eff.source is not None and not C.is_self(eff.source):
        raise NotModelled(f"damage dealt by {C.target_text(eff.source)!r}")
    cites = [ctx.cite_opt("damage.arcane") or "", ctx.cite_opt("damage.types") or ""] \
        if dtype == "arcane" else []
    events = []
    for p in players_for(game, ctx, layer, eff.target):
        amount = n if n is not None else A.value_of_x(game, ctx, layer, eff.amount.defined_as,
                                                      hero=p)
        if amount <= 0:
            ctx.step(T.RULE, f"{layer.name} would deal 0 damage to {p}: no damage is dealt",
                     ["damage.source"])
            continue
        events.append(Event("damage", player=p, amount=amount, source=layer.source, dtype=dtype,
                            citations=tuple(cites)))
    game.deal_damage(ctx, events)


def _delta(game: "FabGame", ctx: Context, layer: Layer, eff: M.ModifyValue) -> int | None:
    """+N / -N, or -X with X defined ("-X{p}, where X is ...")."""
    n = C.amount(eff.amount)
    if n is None and _x(eff.amount):
        n = A.value_of_x(game, ctx, layer, eff.amount.defined_as)
    if n is None and _declared_x(eff.amount):
        from judge.games.fab import costs as fab_costs
        n = fab_costs.declared_x(ctx, layer)
    return None if n is None else eff.sign * n


def _your_attacks(t: M.Target | None) -> str | None:
    """"attacks you control" (None), "attack action cards you control" ("action")."""
    if t is None or t.controller != "you" or t.qualities or t.filters or t.targeted or \
            t.alternatives:
        return "-"
    if t.kinds == ("attack",):
        return None
    if t.kinds == ("attack action", "card"):
        return "action"
    return "-"


def _modify(game: "FabGame", ctx: Context, layer: Layer, eff: M.ModifyValue) -> None:
    st = ctx.state
    stat = eff.stat.lower()
    if stat == "cost":                 # "the next ... you play this turn costs {r} less"
        from judge.games.fab import costs as fab_costs
        fab_costs.cost_effect(game, ctx, layer, eff)
        return
    if eff.op == "multiply" and eff.base:
        _double_base(game, ctx, layer, eff)
        return
    delta = _delta(game, ctx, layer, eff) if eff.op == "add" else None
    if stat not in ("power", "defense") or delta is None:
        raise NotModelled(f"changing {eff.stat} by {eff.amount.text if eff.amount else ''!r}")
    text = C.target_text(eff.target)
    need = _your_attacks(eff.target)
    if need != "-":
        controller = layer.controller
        if eff.duration is None or eff.duration.kind != "this turn":
            raise NotModelled(f"{text!r} changed for "
                              f"{eff.duration.text if eff.duration else 'an unstated duration'}")
        mark = len(st.log)
        E.create(st, description=f"{text} get {delta:+d} {stat} this turn", controller=controller,
                 citation=ctx.cite_opt("continuous.duration"), ends_at={"end of turn"},
                 affects=_attacks_of(controller, need), stat=stat, op="add", amount=delta)
        ctx.step(T.EVENT, f"{layer.name} creates a continuous effect: {text} get {delta:+d} "
                 f"{stat} this turn", ["continuous.created", "continuous.duration", "power.base"],
                 mark=mark)
        return
    nxt = next_attack(eff.target, eff.duration)
    if nxt is not None:
        _next_attack(ctx, layer, nxt, stat, delta)
        return
    for oid in objects_for(game, ctx, layer, eff.target):
        o = st.objects[oid]
        if delta > 0 and stat == "power":
            gain_power(ctx, layer.controller, oid, delta, layer.name)
            continue
        mark = len(st.log)
        object_modifier(st, o, f"{o.name} {delta:+d} {stat}", layer.controller,
                        ctx.cite_opt("continuous.duration"), stat, "add", delta, layer=1,
                        ends_at={"end of turn"})
        ctx.step(T.EVENT, f"{o.name} gets {delta:+d} {stat} (now {st.value(oid, stat)})",
                 ["power.base"] + (["power.base-printed"] if stat == "power" else []), mark=mark)


def object_modifier(st: State, o: Any, description: str, controller: str | None,
                    citation: str | None, stat: str, op: str, value: Any, *, layer: int,
                    ends_at: set[str] | frozenset[str] = frozenset()) -> None:
    """A change to one value of one object, owned by a continuous effect that ends when the
    object leaves where it is (a new object, 11.7) or at ``ends_at``."""
    effect = E.create(st, description=description, controller=controller, citation=citation,
                      ends_at=ends_at, while_source=(o.id, o.incarnation))
    st.apply(AddModifier(Modifier(id=st.new_id(), target=(o.id, o.incarnation), stat=stat,
                                  op=op, value=value, layer=layer, timestamp=st.tick(),
                                  effect=effect.id)))


def _double_base(game: "FabGame", ctx: Context, layer: Layer, eff: M.ModifyValue) -> None:
    """"Double the base power of ...": an effect that sets the base power to a defined value
    (25.2), applied before the gains and losses, which it leaves as they are (25.3)."""
    st = ctx.state
    if eff.stat.lower() != "power" or C.amount(eff.amount) != 2 or eff.duration is not None:
        raise NotModelled(f"changing the base {eff.stat} by {eff.verb!r}"
                          + (f" {eff.duration.text}" if eff.duration else ""),
                          ctx.cite_opt("power.base-set"))
    for oid in objects_for(game, ctx, layer, eff.target):
        o = st.objects[oid]
        before = st.base_value(oid, "power")
        if before is not None and not isinstance(before, int):
            raise NotModelled(f"doubling {o.name}'s base power {before!r}, which its text "
                              "defines", ctx.cite_opt("power.variable"))
        mark = len(st.log)
        if before is None:
            ctx.step(T.RULE, f"{o.name} has no power value, so no base power to double: it "
                     "still has none", ["power.base-set", "power.base-printed"], mark=mark)
            continue
        object_modifier(st, o, f"{o.name}: base power doubled", layer.controller,
                        ctx.cite_opt("power.base-set"), "power", "double", None, layer=0)
        ctx.step(T.EVENT, f"{layer.name} doubles {o.name}'s base power: {before} -> "
                 f"{st.base_value(oid, 'power')}; what it has gained or lost still applies on "
                 f"top, so its power is now {st.value(oid, 'power')}",
                 ["power.base-set", "power.base"], mark=mark)


def _set_value(game: "FabGame", ctx: Context, layer: Layer, eff: M.SetValue) -> None:
    """"<object>'s base power becomes N": an effect that sets the base power to a defined value
    (25.2), applied before the gains and losses, which still apply on top (25.3). Setting any
    other value, or to an amount that is not a number printed, is not modelled."""
    st = ctx.state
    n = C.amount(eff.amount)
    lasts = eff.duration.kind if eff.duration is not None else ""
    if not eff.base or eff.stat.lower() != "power" or n is None or \
            lasts not in ("", "this turn", "until end of turn"):
        raise NotModelled(f"setting {'the base ' if eff.base else ''}{eff.stat} to "
                          f"{eff.amount.text if eff.amount else ''!r}"
                          + (f" {eff.duration.text}" if eff.duration else ""),
                          ctx.cite_opt("power.base-set"))
    for oid in objects_for(game, ctx, layer, eff.target):
        o = st.objects[oid]
        before = st.base_value(oid, "power")
        if before is None:
            raise NotModelled(f"{o.name} has no power value (25.1.1): whether setting its base "
                              f"power to {n} gives it one", ctx.cite_opt("power.base-set"))
        if not isinstance(before, int):
            raise NotModelled(f"setting {o.name}'s base power {before!r}, which its text "
                              "defines", ctx.cite_opt("power.variable"))
        mark = len(st.log)
        object_modifier(st, o, f"{o.name}: base power becomes {n}", layer.controller,
                        ctx.cite_opt("power.base-set"), "power", "set", n, layer=0,
                        ends_at={"end of turn"} if lasts else frozenset())
        ctx.step(T.EVENT, f"{layer.name} sets {o.name}'s base power: {before} -> "
                 f"{st.base_value(oid, 'power')}"
                 + (f" {eff.duration.text}" if eff.duration else "")
                 + f"; what it has gained or lost still applies on top, so its power is now "
                 f"{st.value(oid, 'power')}", ["power.base-set", "power.base"], mark=mark)


@dataclass(frozen=True, slots=True)
class NextAttack:
    """"your next attack this turn", "the next attack action card [with cost N or
    greater/less] you play this turn" (20.4.2: applied when the attack is played / activated);
    ``text`` as printed."""
    text: str
    action_card: bool
    cost: int | None
    bound: str | None          # greater | less


def next_attack(t: M.Target | None, duration: M.Duration | None) -> NextAttack | None:
    if t is None or t.qualities != ("next",) or t.targeted or t.alternatives or \
            t.count is not None or t.controller not in ("", "you"):
        return None
    if t.kinds == ("attack",):
        action_card = False
    elif t.kinds == ("attack action", "card"):
        action_card = True
    else:
        return None
    this_turn = duration is not None and duration.kind == "this turn"
    cost = bound = None
    for f in t.filters:
        c = f.comparison
        ev = f.event
        if c is not None and c.left.measure == "cost" and c.op in (">=", "<=") and \
                c.right.constant is not None and cost is None:
            cost, bound = c.right.constant, "greater" if c.op == ">=" else "less"
        elif ev is not None and ev.verb == "play" and ev.subject is not None and \
                ev.subject.ref == "you" and not ev.negated:
            this_turn = this_turn or (ev.within is not None and ev.within.kind == "this turn")
        else:
            return None
    if not this_turn:
        return None
    text = C.target_text(t)
    if duration is not None and duration.kind == "this turn" and not text.endswith("this turn"):
        text += " this turn"                   # "your next attack this turn"
    return NextAttack(text=text, action_card=action_card, cost=cost, bound=bound)


def _next_attack(ctx: Context, layer: Layer, nxt: NextAttack, stat: str, delta: int,
                 grant: "G.Granted | None" = None) -> None:
    """``delta`` {p}, or (``grant``) a triggered ability, for the next attack (20.4.2)."""
    st = ctx.state
    if stat != "power":
        raise NotModelled(f"the next attack getting {stat}")
    mark = len(st.log)
    what = f"\"{grant.text}\"" if grant is not None else f"{delta:+d}{{p}}"
    E.create(st, description=f"{nxt.text} gains "
             + (what if grant is not None else f"{delta:+d} {stat}"), controller=layer.controller,
             citation=ctx.cite_opt("combat.attack-modifiers"), ends_at={"end of turn"}, uses=1,
             data={"next attack": {"action card": nxt.action_card, "cost": nxt.cost,
                                   "bound": nxt.bound, "delta": delta, "source": layer.name,
                                   "grant": grant}})
    ctx.step(T.EVENT, f"{layer.name}: {nxt.text} gains {what}",
             ["continuous.created", "combat.attack-modifiers"], mark=mark)


def apply_next_attack(game: "FabGame", ctx: Context, attack: int, player: str,
                      *, played_card: bool, spectra: bool) -> None:
    """20.4.2: "your next attack this turn" / "the next attack action card you play this turn"
    effects of ``player`` apply to the attack. An attack on a permanent with spectra gets none
    of them; "next attack action card you play" effects end anyway (Spectra glossary)."""
    st = ctx.state
    o = st.objects[attack]
    for e in sorted(list(st.effects.values()), key=lambda e: e.timestamp):
        spec = e.data.get("next attack")
        if spec is None or e.controller != player or not E.is_active(st, e.id):
            continue
        if spec["action card"]:
            if not (played_card and {"attack", "action"} <= o.kinds):
                continue
            cost = st.value(attack, "cost") or 0
            if spec["cost"] is not None and not (cost >= spec["cost"] if spec["bound"] == "greater"
                                                 else cost <= spec["cost"]):
                continue
        mark = len(st.log)
        if spectra:
            if spec["action card"]:
                st.apply(E.UseEffect(e.id))
            ctx.step(T.RULE, f"{o.name} targets a permanent with spectra: {spec['source']}'s "
                     "effect is not applied" + (", and it ends (an attack action card was "
                                                "played)" if spec["action card"] else
                                                "; it waits for the next attack"),
                     ["kw.spectra", "combat.attack-modifiers"], mark=mark)
            continue
        st.apply(E.UseEffect(e.id))
        ctx.step(T.RULE, f"{spec['source']}'s effect applies to {o.name}",
                 ["combat.attack-modifiers"], mark=mark)
        if spec.get("grant") is not None:
            G.grant(ctx, player, attack, spec["grant"], "this turn")
        else:
            gain_power(ctx, player, attack, spec["delta"], spec["source"])
    E.sweep(st)


def gain_power(ctx: Context, controller: str, oid: int, amount: int, why: str) -> None:
    """An object gains +N{p}: an event, so replacements such as "instead it gains double
    that much {p}" apply (18.2, 18.3)."""
    from judge.engine import events as V
    V.run(ctx, Event("gain power", player=controller, amount=amount, target=oid,
                     data=(("name", ctx.state.objects[oid].name), ("why", why))))


def perform_gain_power(ctx: Context, ev: Event) -> Event:
    st = ctx.state
    oid = ev.target
    assert isinstance(oid, int)
    o = st.objects[oid]
    mark = len(st.log)
    object_modifier(st, o, f"{o.name} +{ev.amount} power", ev.player,
                    ctx.cite_opt("continuous.duration"), "power", "add", ev.amount, layer=1,
                    ends_at={"end of turn"})
    ctx.step(T.EVENT, f"{o.name} gains +{ev.amount} power from {ev.get('why')} (now "
             f"{st.value(oid, 'power')})", ["power.base", "power.base-printed"], mark=mark)
    return ev


def _replacement(game: "FabGame", ctx: Context, layer: Layer, eff: M.Replacement) -> None:
    """"The next time an attack you control would gain {p} this turn, instead it gains double
    that much {p}": a one-use replacement of gain-power events (18)."""
    if FR.handles(eff):                  # replacements of damage (fab_replacements)
        FR.create(game, ctx, layer, eff)
        return
    st = ctx.state
    ev = eff.event
    inner = eff.instead[0] if len(eff.instead) == 1 else None
    doubles = (isinstance(inner, M.ModifyValue) and inner.stat == "power"
               and inner.amount is not None and inner.amount.ref == "that much"
               and inner.amount.times == 2 and not inner.amount.plus
               and inner.target is not None and inner.target.ref == "it")
    gains = (ev is not None and ev.verb == "gain" and ev.would and ev.subject is not None
             and ev.subject.kinds == ("attack",) and ev.subject.controller == "you"
             and ev.object is not None and ev.object.kinds == ("power",)
             and ev.within is not None and ev.within.kind == "this turn" and eff.next_only)
    if not (gains and doubles):
        raise NotModelled(f"the replacement of {C.event_words(ev)!r}")
    controller = layer.controller
    mark = len(st.log)
    effect = E.create(st, description=f"{layer.name}: the next time an attack {controller} "
                      "controls would gain power this turn, it gains double", controller=controller,
                      citation=ctx.cite_opt("replacement.multiple"), ends_at={"end of turn"},
                      uses=1)
    eid = effect.id

    def applies(state: State, ev: Event) -> bool:
        if ev.kind != "gain power" or not isinstance(ev.target, int):
            return False
        o = state.objects[ev.target]
        return (o.controller == controller and E.is_active(state, eid)
                and any(l.attack == o.id for l in K.combat(state).links)
                and o.zone[1] == "combat chain")

    def apply(c: Context, ev: Event) -> Event:
        c.state.apply(E.UseEffect(eid))
        return ev.with_(amount=ev.amount * 2)
    st.effects[eid].replacement = Replacement(
        id=f"double:{eid:08d}", name=layer.name, label=f"{layer.name}'s replacement",
        controller=controller, citation=ctx.cite_opt("replacement.multiple") or "",
        applies=applies, apply=apply)
    ctx.step(T.EVENT, f"{layer.name} creates a replacement effect: the next time an attack "
             f"{controller} controls would gain power this turn, it gains double that much",
             ["continuous.created"], mark=mark)


def static_effect(ctx: Context, source: Any, eff: M.ModifyValue) -> None:
    """"Equipment you control gain +1{d}": on while ``source`` stays where it is (17.2)."""
    st = ctx.state
    stat = eff.stat.lower()
    n = C.amount(eff.amount)
    delta = None if n is None or eff.op != "add" else eff.sign * n
    text = C.target_text(eff.target)
    if delta is None or not C.static_targets(eff.target) or eff.duration is not None:
        # (a period of its own - "until ..." - is not how long the source stays: named)
        raise NotModelled(f"the static ability {text!r} "
                          f"{eff.amount.text if eff.amount else ''!r}"
                          + (f" {eff.duration.text}" if eff.duration is not None else ""))
    controller = source.controller

    def affects(state: State, o: Any) -> bool:
        return (o.controller == controller and o.has_kind("equipment")
                and o.zone[1] in ARENA)
    mark = len(st.log)
    E.create(st, description=f"{source.name}: {text} gain {delta:+d} {stat}",
             controller=controller, citation=ctx.cite_opt("continuous.duration"),
             while_source=(source.id, source.incarnation), affects=affects, stat=stat, op="add",
             amount=delta)
    ctx.step(T.RULE, f"{source.name}'s static ability is on while it is in the arena: {text} "
             f"gain {delta:+d} {stat}", ["continuous.duration"], mark=mark)


def _attacks_of(controller: str, need: str | None) -> Callable[[State, Any], bool]:
    """"Attacks you control": the attacks on the combat chain. "Attack action cards you
    control": every attack action card the player controls in the arena, attacking or
    defending (phantasm glossary: Art of War gives a defending card +1{p})."""
    def affects(state: State, o: Any) -> bool:
        if o.controller != controller:
            return False
        if need is not None:
            return {"attack", need} <= o.kinds and o.zone[1] in ARENA
        link = K.current(state)
        return (o.zone == (None, "combat chain") and link is not None
                and any(l.attack == o.id for l in K.combat(state).links))
    return affects


def _gain(game: "FabGame", ctx: Context, layer: Layer, eff: M.Gain) -> None:
    st = ctx.state
    what = eff.resource.lower()
    if what == "ability":
        _gain_ability(game, ctx, layer, eff)
        return
    kw = C.keyword_of(eff.keyword) if what == "keyword" and eff.keyword is not None else None
    if what == "keyword" and kw is None:
        raise NotModelled(f"gaining {eff.keyword.name if eff.keyword else 'a keyword'!r}")
    if kw is not None:
        for oid in objects_for(game, ctx, layer, eff.target):
            o = st.objects[oid]
            mark = len(st.log)
            object_modifier(st, o, f"{o.name} gains {kw[0]}", layer.controller,
                            ctx.cite_opt("continuous.duration"), f"kw:{kw[0]}", "grant",
                            kw[1], layer=1, ends_at={"end of turn"})
            ctx.step(T.EVENT, f"{o.name} gains {kw[0]}", ["continuous.duration"], mark=mark)
        return
    n = C.amount(eff.amount)
    if n is None:
        raise NotModelled(f"gaining {eff.amount.text if eff.amount else ''!r} {what}")
    if what in ("life", "{h}"):
        for p in players_for(game, ctx, layer, eff.target):
            mark = len(st.log)
            before = game.life(st, p)
            st.apply(ChangeValue(p, "life delta", n, shown="life"))
            ctx.step(T.EVENT, f"{p} gains {n} life: {before} -> {before + n}", ["life.total"],
                     mark=mark)
        return
    if what in ("action point", "action points"):
        for _ in range(n):
            game.gain_action_point(ctx, layer.controller, layer.name, "action-points")
        return
    if what in ("resource", "resources", "resource point", "resource points", "{r}"):
        mark = len(st.log)
        st.apply(ChangeValue(layer.controller, RP, n))
        ctx.step(T.EVENT, f"{layer.controller} gains {T.plural(n, 'resource points')}", ["resource-points"],
                 mark=mark)
        return
    raise NotModelled(f"gaining {what}")


def _gain_ability(game: "FabGame", ctx: Context, layer: Layer, eff: M.Gain) -> None:
    """<object> gains "<triggered ability>" (fab_grants): the next attack, or the object
    itself / a chosen attack."""
    st = ctx.state
    src = st.objects.get(layer.source) if layer.source is not None else None
    granted = G.read_granted(eff, src.text if src is not None and isinstance(src.text, str)
                             else "", layer.name)
    nxt = next_attack(eff.target, eff.duration)
    if nxt is not None:
        _next_attack(ctx, layer, nxt, "power", 0, granted)
        return
    duration = eff.duration.kind if eff.duration else ""
    for oid in objects_for(game, ctx, layer, eff.target):
        G.grant(ctx, layer.controller, oid, granted, duration)


def _put(game: "FabGame", ctx: Context, layer: Layer, eff: M.Move) -> None:
    """"Put it on the bottom of its owner's deck", "put it into its owner's hand": the card
    leaves the arena for a zone outside it and is a new card, with no relation to its previous
    existence (11.7): what effects gave it is gone (Endless Arrow, 11.7 example 1), and later
    rules use last known information about it (22)."""
    st = ctx.state
    z = eff.to_zone
    to_hand = z is not None and z.name == "hand" and not z.position
    to_deck = z is not None and z.name == "deck" and z.position in ("top", "bottom")
    if not (to_hand or to_deck) or z is None or z.owner != "owner" or eff.from_zone is not None:
        raise NotModelled(f"putting {C.target_text(eff.what)!r} "
                          f"{z.name if z else 'somewhere'!r}")
    for oid in objects_for(game, ctx, layer, eff.what):
        o = st.objects[oid]
        mark = len(st.log)
        if o.zone[1] not in ARENA:
            ctx.step(T.RULE, f"{o.name} is no longer in the arena: it is not put into "
                     + ("a hand" if to_hand else "the deck"), ["resolve.part-ignored"], mark=mark)
            continue
        if to_hand:
            st.apply(MoveObject(oid, (o.owner, "hand"), face_up=False))
            ctx.step(T.EVENT, f"{o.name} is put into {o.owner}'s hand: a new card there, with "
                     "no relation to its previous existence", ["resolve.in-order", "zone.new-card"],
                     mark=mark)
        else:
            st.apply(MoveObject(oid, (o.owner, "deck"), position=z.position, face_up=False))
            ctx.step(T.EVENT, f"{o.name} is put on the {z.position} of {o.owner}'s deck",
                     ["resolve.in-order"], mark=mark)


def _discard(game: "FabGame", ctx: Context, layer: Layer, eff: M.Move) -> None:
    """"<who> discard(s) N [random] cards" (Discard glossary): the player selects the cards
    unless the discard is random. A discard that leaves no choice (N or more cards for a hand
    of at most N) is carried out; otherwise the player's choice is a decision the scenario
    answers (``Bob discards "X"``); which cards chance picks is not derived."""
    st = ctx.state
    count = eff.what.count if eff.what is not None else None
    n = 1 if count is None else C.amount(count)
    what = C.target_text(eff.what)
    if n is None or (eff.from_zone is not None and eff.from_zone.name != "hand") or \
            eff.until is not None or eff.what is None or eff.what.kinds != ("card",):
        raise NotModelled(f"discarding {what!r}")
    random = eff.random
    for p in players_for(game, ctx, layer, eff.who):
        hand = list(st.zones[(p, "hand")].ids)
        chosen = hand
        if len(hand) > n:
            # a choice the player makes (Discard glossary), or, for a random discard, what chance
            # picked: either is stated by the line that answers (the engine never picks)
            names = tuple(st.objects[o].name for o in hand)
            picked = ctx.answer_to(Decision(
                key=f"discard:{layer.id}:{layer.name}:{p}:{len(st.log)}", player=p,
                kind="discard", prompt=(f"which {n} card(s) {p} discards at random to "
                                        f"{layer.name} (chance picks them: the scenario states "
                                        "which)" if random else
                                        f"which {n} card(s) {p} discards to {layer.name}"),
                options=names, citation=ctx.cite_opt("discard") or "",
                example=f'{p} discards "{names[0]}"', count=n))
            want = [picked.value] if isinstance(picked.value, str) else list(picked.value)
            chosen = []
            for name in want:
                oid = next(o for o in hand if st.objects[o].name == name and o not in chosen)
                chosen.append(oid)
        mark = len(st.log)
        names = [st.objects[o].name for o in chosen]
        for oid in chosen:
            st.apply(MoveObject(oid, (st.objects[oid].owner, "graveyard")))
        layer.memory[fab_deck.DISCARDED] = tuple(chosen)     # "the discarded card" (fab_deck)
        if chosen is hand:
            ctx.step(T.EVENT, f"{p} discards {', '.join(names) or 'nothing'}: with "
                     f"{T.plural(len(hand), 'cards')} in hand, discarding "
                     f"{T.plural(n, ('random ' if random else '') + 'cards')} leaves no choice"
                     + ("; no legal choice can be made, so that part of the effect is ignored"
                        if not hand else ""),
                     ["discard"] + (["resolve.choices"] if not hand else []), mark=mark)
        else:
            ctx.step(T.EVENT, f"{p} discards {', '.join(names)}, "
                     + ("at random" if random else "chosen") + " from "
                     f"{T.plural(len(hand), 'cards')} in hand", ["discard"], mark=mark,
                     actor=None if random else p)
        for oid in chosen:
            game.signal(ctx, "discard", player=p, obj=oid)


def _move(game: "FabGame", ctx: Context, layer: Layer, eff: M.Move) -> None:
    if eff.arrives is not None:      # "put it into the arena exhausted / with 3 damage"
        raise NotModelled(f"the state a card arrives in: {eff.arrives.text or eff.text!r}")
    st = ctx.state
    if eff.verb.lower() == "destroy":
        _destroy(game, ctx, layer, eff)
        return
    if eff.verb.lower() == "put":
        _put(game, ctx, layer, eff)
        return
    if eff.verb.lower() == "discard":
        _discard(game, ctx, layer, eff)
        return
    if eff.verb.lower() == "banish" and _graveyard_target(eff.what):
        _banish_from_graveyard(game, ctx, layer, eff.what)
        return
    if eff.verb.lower() != "draw":
        raise NotModelled(f"the effect {eff.verb!r}")
    count = eff.what.count if eff.what is not None else None
    n = 1 if count is None else C.amount(count)
    if n is None or eff.what is None or eff.what.kinds != ("card",) or eff.what.qualities:
        raise NotModelled(f"drawing {C.target_text(eff.what)!r}")
    for p in players_for(game, ctx, layer, eff.who):
        mark = len(st.log)
        deck = st.zones[(p, "deck")].ids
        fab_deck.check_top(ctx, p, n, "drawing")
        drawn = 0
        for _ in range(n):
            if not deck:
                break
            st.apply(MoveObject(deck[0], (p, "hand")))
            drawn += 1
        fab_deck.took_top(st, p, drawn)
        ctx.step(T.EVENT, f"{p} draws {T.plural(drawn, 'cards')}", ["resolve.in-order"], mark=mark)
        if drawn:
            game.signal(ctx, "draw", player=p)


def _graveyard_target(what: M.Target | None) -> bool:
    """"target [<kind>] card from a graveyard" / "from your graveyard": one card chosen as a
    target in a zone outside the arena, as the effect instructs (23.2)."""
    z = what.zone if what is not None else None
    return (what is not None and what.targeted and what.kinds[-1:] == ("card",)
            and not what.qualities and not what.filters and not what.alternatives
            and what.count is None and not what.controller and not what.owner
            and z is not None and z.name == "graveyard" and z.owner in ("", "you")
            and not z.position)


def _banish_from_graveyard(game: "FabGame", ctx: Context, layer: Layer,
                           what: M.Target) -> None:
    """The chosen card is banished if it is still a card of that kind in a graveyard the text
    allows (23.2: a target outside the arena only where the effect says so); otherwise it is no
    longer a legal target and that part of the effect is ignored."""
    st = ctx.state
    chosen = [t for t in layer.targets if isinstance(t, int)]
    if len(chosen) != 1:
        raise NotModelled(f"banishing {C.target_text(what)!r} with {len(chosen)} chosen targets")
    o = st.objects[chosen[0]]
    words = frozenset(w for k in what.kinds for w in k.split()) - {"card"}
    yours = what.zone.owner == "you"
    mark = len(st.log)
    if o.zone[1] != "graveyard" or not words <= o.kinds or o.has_kind("token") or \
            (yours and o.zone[0] != layer.controller):
        ctx.step(T.RULE, f"{o.name} is not {C.target_text(what)!r} now: it is not a legal "
                 "target and is not banished", ["target.outside-arena", "resolve.part-ignored"],
                 mark=mark)
        return
    st.apply(MoveObject(o.id, (o.owner, "banished")))
    ctx.step(T.EVENT, f"{layer.name} banishes {o.name} from {o.owner}'s "
             "graveyard, a target chosen outside the arena as the effect instructs",
             ["target.outside-arena", "resolve.in-order"], mark=mark)
    game.signal(ctx, "banish", player=o.owner, obj=o.id)


_DESTROYABLE = ("aura", "item", "ally", "token", "equipment", "weapon")


def _destroy(game: "FabGame", ctx: Context, layer: Layer, eff: M.Move) -> None:
    """"Destroy <this card's name>": a card's own name means itself (19.3); "destroy target
    aura": the chosen permanent of that kind (23.1)."""
    st = ctx.state
    text = C.target_text(eff.what)
    src = st.objects[layer.source] if layer.source is not None else None
    what = eff.what
    if what is not None and what.targeted and len(what.kinds) == 1 and \
            what.kinds[0] in _DESTROYABLE and not what.qualities and not what.filters and \
            not what.alternatives and not what.controller and \
            (what.count is None or _declared_x(what.count)):
        _destroy_target(game, ctx, layer, what.kinds[0], x=what.count is not None)
        return
    if src is None or what is None or not C.is_self(what):
        raise NotModelled(f"destroying {text!r}")
    mark = len(st.log)
    if src.zone[1] not in ARENA:
        ctx.step(T.RULE, f"{src.name} is no longer in the arena: it can't be destroyed",
                 ["resolve.part-ignored"], mark=mark)
        return
    game.destroy(ctx, src.id)
    gone = src.has_kind("token")
    ctx.step(T.EVENT, f"{src.name} is destroyed" + (": a token that leaves the arena ceases to "
             "exist" if gone else ""), ["own-name", "destroy"] + (["token.ceases"] if gone
                                                                  else []), mark=mark)
    game.destroyed(ctx, src.id)


def _destroy_target(game: "FabGame", ctx: Context, layer: Layer, kind: str, *,
                    x: bool = False) -> None:
    """The chosen target is destroyed if it is still a <kind> in the arena (23.2); otherwise
    that part of the effect is ignored (19.7). ``x``: "destroy X target <kind>s", one by one,
    X as declared (the number chosen was checked against it when the card was played, 23.1.2)."""
    st = ctx.state
    chosen = [t for t in layer.targets if isinstance(t, int)]
    if x:
        from judge.games.fab import costs as fab_costs
        want = fab_costs.declared_x(ctx, layer)
        if want is None or want != len(chosen):
            raise NotModelled(f"destroying 'X target {kind}s' with {len(chosen)} chosen targets "
                              f"and X {'not declared' if want is None else f'= {want}'}")
        for oid in chosen:
            _destroy_one(game, ctx, layer, kind, oid)
        return
    if len(chosen) != 1:
        raise NotModelled(f"destroying 'target {kind}' with {len(chosen)} chosen targets")
    _destroy_one(game, ctx, layer, kind, chosen[0])


def _destroy_one(game: "FabGame", ctx: Context, layer: Layer, kind: str, oid: int) -> None:
    from judge.games.fab import becomes as fab_becomes
    st = ctx.state
    o = st.objects[oid]
    is_kind = (fab_becomes.is_weapon(st, o.id) if kind == "weapon" else o.has_kind(kind))
    mark = len(st.log)
    if o.zone[1] not in ARENA or not is_kind:
        ctx.step(T.RULE, f"{o.name} is no longer a{'n' if kind[0] in 'aeiou' else ''} {kind} in "
                 "the arena: it is not a legal target and can't be destroyed",
                 ["target.legal", "resolve.part-ignored"], mark=mark)
        return
    game.destroy(ctx, o.id)
    gone = o.has_kind("token")
    ctx.step(T.EVENT, f"{layer.name} destroys {o.name}" + (": a token that leaves the arena "
             "ceases to exist" if gone else ""), ["target.choose", "destroy"]
             + (["token.ceases"] if gone else []), mark=mark)
    game.destroyed(ctx, o.id)


def _prevent(game: "FabGame", ctx: Context, layer: Layer, eff: M.Prevent) -> None:
    st = ctx.state
    n = C.amount(eff.amount) if eff.amount is not None else None
    if n is None and eff.next and _x(eff.amount):
        # "prevent the next X damage ..., where X is ...": X is fixed as the effect resolves
        n = A.value_of_x(game, ctx, layer, eff.amount.defined_as)
    if eff.amount is not None and n is None:  # "prevent X of that damage, where X is ...": not all
        where = eff.amount.defined_as
        raise NotModelled(f"a prevention of {eff.amount.text or 'X'!r} damage"
                          + (f" where X is {where.text}" if where is not None else ""))
    if n is not None and n <= 0:
        raise NotModelled(f"a prevention of {eff.amount.text!r} damage")
    if eff.source is not None:
        raise NotModelled(f"a prevention of damage from {C.target_text(eff.source)!r}")
    dtype = (eff.damage_type or "").lower()
    who = ([layer.controller] if C.is_you(eff.target)
           else players_for(game, ctx, layer, eff.target))
    for p in who:
        mark = len(st.log)
        effect = E.create(st, description=f"prevent the next {n if n is not None else 'all'} "
                          f"{dtype + ' ' if dtype else ''}damage to {p}",
                          controller=layer.controller,
                          citation=ctx.cite_opt("damage.prevented"), ends_at={"end of turn"},
                          data={"left": n})
        repl = Replacement(id=f"prevent:{effect.id}", name=layer.name,
                           label=f"{layer.name}'s prevention", controller=p,
                           citation=ctx.cite_opt("damage.typed-prevention" if dtype else
                                                 "damage.untyped-prevention") or "",
                           applies=_prevention_applies(effect.id, p, dtype),
                           apply=_prevention_apply(effect.id))
        st.effects[effect.id].replacement = repl
        ctx.step(T.EVENT, f"{p} will prevent the next {n} {dtype + ' ' if dtype else ''}damage "
                 "this turn", ["damage.prevented"], mark=mark)


def _prevention_applies(effect_id: int, player: str, dtype: str) -> Callable[[State, Event], bool]:
    def applies(state: State, ev: Event) -> bool:
        e = state.effects.get(effect_id)
        left = None if e is None else e.data.get("left")
        return (e is not None and ev.kind == "damage" and ev.player == player
                and (not dtype or ev.dtype == dtype) and (left is None or left > 0))
    return applies


def _prevention_apply(effect_id: int) -> Callable[[Context, Event], Event]:
    def apply(ctx: Context, ev: Event) -> Event:
        st = ctx.state
        left = st.effects[effect_id].data.get("left")
        used = ev.amount if left is None else min(left, ev.amount)
        if left is not None:
            st.apply(Custom(f"prevention has {left - used} left",
                            lambda s: s.effects[effect_id].data.__setitem__("left", left - used)))
        rest = ev.amount - used
        return ev.with_(amount=rest, cancelled=rest <= 0)
    return apply


def _counters(game: "FabGame", ctx: Context, layer: Layer, eff: M.Counters) -> None:
    """"Put a -1{d} counter on target equipment they control" (Buckling Blow's crush): a
    +1/-1 {p}/{d} counter (Counters) placed on the chosen object, which must still fit the target's
    words; "they" is the hero a crush effect dealt damage to. Anything else is not modelled."""
    st = ctx.state
    name = game.counter_name(eff.kind)
    count = 1 if eff.count is None else eff.count.constant
    on = eff.on
    src = st.objects.get(layer.source) if layer.source is not None else None
    if eff.action == "place" and eff.to is None and on is not None and not on.targeted and \
            C.is_self(on) and src is not None and isinstance(count, int) and count >= 1 and \
            name not in st.counter_rules and eff.kind.isalpha():
        # "put a flow counter on this": a counter of a kind that changes no value, on the
        # card itself while it is in the arena
        mark = len(st.log)
        if src.zone[1] not in ARENA:
            ctx.step(T.RULE, f"{src.name} is no longer in the arena: no counter is put on it",
                     ["resolve.part-ignored"], mark=mark)
            return
        st.apply(AddCounter(src.id, name, count))
        ctx.step(T.EVENT, f"{src.name} gets {count} {name} counter{'s' if count > 1 else ''} "
                 f"(it has {st.counter_count(src.id, name)})", ["counters"],
                 mark=mark)
        return
    if eff.action != "place" or eff.to is not None or name not in st.counter_rules or \
            not isinstance(count, int) or count < 1 or on is None or not on.targeted or \
            on.alternatives or on.qualities or on.filters or on.zone is not None:
        raise NotModelled(_describe(eff))
    owner = {"you": layer.controller, "they": layer.data.get("crush hero"),
             "": ""}.get(on.controller)
    if owner is None:
        raise NotModelled(f"the target {C.target_text(on)!r}")
    for oid in objects_for(game, ctx, layer, on):
        o = st.objects[oid]
        if o.zone[1] not in ARENA or not set(on.kinds) <= o.kinds or \
                (owner and o.controller != owner):
            raise NotModelled(f"the target {C.target_text(on)!r}: {o.name} does not fit it")
        mark = len(st.log)
        st.apply(AddCounter(oid, name, count))
        stat = st.counter_rules[name].stat
        ctx.step(T.EVENT, f"{o.name} gets {count} {name} counter{'s' if count > 1 else ''}; "
                 f"its {stat} is now {st.value(oid, stat)}", ["counters"], mark=mark)


ROLLED = "number rolled"        # layer memory: the result of the layer's die roll


def _roll(game: "FabGame", ctx: Context, layer: Layer, eff: M.Dice) -> None:
    """"Roll a 6 sided die" (glossary: each of 1-6 equally likely). Chance gives the result;
    the engine never picks it: the scenario states it (``Alice rolls 4``) as the answer to the
    roll, and unstated it is ``not modelled``. The result is what "the number rolled" of the
    same effect reads (``fab_amounts``)."""
    st = ctx.state
    sides = eff.count.constant if eff.count is not None else None
    if eff.action != "roll" or sides != 6 or eff.kind != "sided" or eff.face or \
            eff.target is not None or (eff.who is not None and not C.is_you(eff.who)):
        raise NotModelled(_describe(eff))
    p = layer.controller
    faces = tuple(str(n) for n in range(1, 7))
    answer = ctx.answer_to(Decision(
        key=f"roll:{layer.id}:{layer.name}:{len(st.log)}", player=p, kind="roll",
        prompt=f"the number {p} rolls on a 6 sided die for {layer.name} (chance gives it: "
               "the scenario states it)", options=faces,
        citation=ctx.cite_opt("die.roll") or "", example=f"{p} rolls 4"))
    n = int(answer.value)
    layer.memory[ROLLED] = n
    ctx.step(T.EVENT, f"{p} rolls a 6 sided die for {layer.name}: {n} (each of 1 to 6 is "
             "equally likely; the result is stated, never derived)", ["die.roll"], actor=p)


HANDLERS: dict[type, Callable[..., None]] = {
    M.Counters: _counters,
    M.Dice: _roll,
    M.Damage: _damage,
    M.ModifyValue: _modify,
    M.SetValue: _set_value,
    M.Gain: _gain,
    M.Move: _move,
    M.Prevent: _prevent,
    M.Replacement: _replacement,
    M.DelayedTrigger: lambda game, ctx, layer, eff: _delayed_trigger(ctx, layer, eff),
    M.CreateToken: lambda game, ctx, layer, eff: fab_tokens.create_token(game, ctx, layer, eff),
    M.Choice: lambda game, ctx, layer, eff: _choice(game, ctx, layer, eff),
    M.KeywordAction: lambda game, ctx, layer, eff: fab_keywords.run(game, ctx, layer, eff),
}


def _choice(game: "FabGame", ctx: Context, layer: Layer, eff: M.Choice) -> None:
    from judge.games.fab import costs as fab_costs
    fab_costs.run_choice(game, ctx, layer, eff)

def delayed_event(ev: M.Event) -> str | None:
    """The event kind a delayed trigger of a resolving card waits for: "you deal damage this
    turn" (damage), "an attack hits a hero this turn" (hit); else None."""
    if ev.alternatives or ev.negated or ev.would or ev.within is None or \
            ev.within.kind != "this turn":
        return None
    if ev.verb == "deal damage" and ev.subject is not None and ev.subject.ref == "you" and \
            not ev.subject.kinds and ev.object is None and ev.amount is None:
        return "damage"         # of any type (26.4.3d), or of the type it names (26.4.3b)
    if ev.verb == "hit" and ev.subject is not None and ev.subject.kinds == ("attack",) and \
            not ev.subject.qualities and not ev.subject.controller and \
            ev.object is not None and ev.object.kinds == ("hero",) and not ev.object.qualities:
        return "hit"
    return None


def _delayed_trigger(ctx: Context, layer: Layer, eff: M.DelayedTrigger) -> None:
    st = ctx.state
    trigger = eff.trigger
    kind = delayed_event(trigger.event) if trigger is not None else None
    when = trigger.kind if trigger is not None else ""
    words = C.event_words(trigger.event if trigger is not None else None)
    if kind is None or when not in ("next time", "whenever") or eff.condition is not None:
        raise NotModelled(f"the delayed trigger {when!r} {words!r}")
    mark = len(st.log)
    E.create(st, description=f"{layer.name}: {when} {words}", controller=layer.controller,
             citation=ctx.cite_opt("trigger.delayed-created"), ends_at={"end of turn"},
             uses=1 if when == "next time" else None,
             data={"delayed event": kind, "effects": eff.effects, "source name": layer.name,
                   "source": layer.source, "damage type": trigger.event.damage_type or ""})
    if when == "whenever":
        ctx.step(T.EVENT, f"{layer.name} creates a continuous effect for the rest of the turn "
                 f"that triggers {when} {words}", ["continuous.created",
                                                   "trigger.continuous-once"], mark=mark)
    else:
        ctx.step(T.EVENT, f"{layer.name} creates a delayed triggered effect: {when} "
                 f"{words}", ["trigger.delayed-created"], mark=mark)


def delayed_triggers(game: "FabGame", ctx: Context, ev: Event) -> list[Any]:
    """Delayed triggers waiting for ``ev``: "the next time you deal damage" triggers on damage
    of any type dealt by a source its controller controls (26.1, 26.4.3d); "the next time you
    deal arcane damage" on arcane damage only (26.4.3b)."""
    from judge.engine.events import PendingTrigger
    st = ctx.state
    out = []
    for e in sorted(list(st.effects.values()), key=lambda e: e.timestamp):
        if e.data.get("delayed event") != ev.kind or not E.is_active(st, e.id):
            continue
        src = st.objects.get(ev.source) if ev.source is not None else None
        if ev.kind == "damage" and (src is None or src.controller != e.controller):
            continue
        if ev.kind == "damage" and src.has_kind("ally"):
            ctx.step(T.RULE, f"{src.name} is an ally: the damage is dealt by {src.name}, not by "
                     f"{e.controller}'s hero, so {e.data['source name']}'s delayed trigger "
                     f"(\"you deal damage\") does not trigger", ["damage.ally-deals"])
            continue
        wanted = e.data.get("damage type", "") if ev.kind == "damage" else ""
        if wanted and ev.dtype != wanted:
            ctx.step(T.RULE, f"{e.data['source name']}'s delayed trigger waits for {wanted} "
                     f"damage: {e.controller} dealt {ev.dtype or 'untyped'} damage, and it does "
                     "not trigger", ["damage.typed-trigger"])
            continue
        if ev.kind == "hit" and src is None:
            continue
        if e.uses is not None:
            st.apply(E.UseEffect(e.id))
        hit = ev.kind == "hit"
        # "Whenever an attack hits a hero ..., it deals 3 damage to them": "it" is the attack
        stub = Layer(id=0, kind="triggered", name=f"{e.data['source name']}'s delayed trigger",
                     controller=e.controller or "",
                     source=ev.source if hit else e.data.get("source"),
                     targets=(ev.player,) if hit and ev.player else ())
        effs = e.data["effects"]
        typed = f" ({ev.dtype} damage)" if ev.kind == "damage" and ev.dtype else ""
        every = e.uses is None      # "whenever ... this turn": a continuous effect's trigger
        ctx.step(T.TRIGGER, f"{e.data['source name']}'s "
                 f"{'effect' if every else 'delayed trigger'} triggers: " + (
            f"{src.name if src else 'an attack'} hits {ev.player}" if hit else
            f"{e.controller} dealt damage{typed}")
            + ("; once for this event, as for each time it happens this turn" if every else ""),
            # "the next time": a delayed trigger, once (16.4.1); "whenever ... this turn": a
            # continuous effect's trigger, once each time (16.6)
            (["trigger.continuous-once"] if every else ["trigger.delayed"])
            + (["combat.hit"] if hit else [] if wanted else ["damage.untyped-trigger"]))

        def resolve(c: Context, trig: PendingTrigger, stub: Layer = stub,
                    effs: Any = effs) -> None:
            c.game.run_effects(c, trig.targeted(stub), effs)
        out.append(PendingTrigger(name=stub.name, controller=stub.controller, source=stub.source,
                                  resolve=resolve, citation=ctx.cite_opt("trigger.delayed"),
                                  data={"effects": effs}))
    E.sweep(st)
    return out


# --- replacements of damage (18, 26, Arcane Barrier N, Spellvoid N) ---------------------------

def replacements(game: "FabGame", ctx: Context, ev: Event) -> list[Replacement]:
    st = ctx.state
    out: list[Replacement] = []
    for zone in PLAYER_ARENA if ev.kind == "damage" and ev.player is not None else ():
        for o in st.in_zone((ev.player, zone)):
            kws = st.keywords(o.id)
            typed = [k for k in ("arcane barrier", "spellvoid") if kws.get(k)]
            if typed and ev.dtype != "arcane":
                if not ev.applied and ctx.choices.find_use(ev.player, o.name) is not None:
                    ctx.step(T.RULE, f"{o.name}'s {typed[0]} prevents arcane damage only: it "
                             f"can't prevent {ev.dtype + ' ' if ev.dtype else 'untyped '}damage",
                             ["kw." + typed[0].replace(" ", "-"), "damage.typed-prevention"])
                continue
            if "arcane barrier" in typed:
                out.append(_arcane_barrier(ctx, o.id, kws["arcane barrier"]))
            if "spellvoid" in typed:
                out.append(_spellvoid(ctx, o.id, kws["spellvoid"]))
    for e in st.effects.values():
        if e.replacement is not None and E.is_active(st, e.id):
            out.append(e.replacement)
    return out


def _arcane_barrier(ctx: Context, oid: int, n: int) -> Replacement:
    st = ctx.state
    o = st.objects[oid]
    player = o.controller

    def applies(state: State, ev: Event) -> bool:
        choice = ctx.choices.find_use(player, state.objects[oid].name)
        pitch = sum(state.value(p, "pitch") or 0 for p in (choice.pitching if choice else ())
                    if state.objects[p].zone == (player, "hand"))
        return state.players[player].values.get(RP, 0) + pitch >= n

    def apply(c: Context, ev: Event) -> Event:
        s = c.state
        choice = c.choices.find_use(player, s.objects[oid].name)
        mark = len(s.log)
        pitched = 0
        for p in (choice.pitching if choice else ()):
            if s.players[player].values.get(RP, 0) >= n:
                break
            s.apply(MoveObject(p, (player, "pitch")))
            s.apply(ChangeValue(player, RP, s.value(p, "pitch") or 0))
            pitched += 1
        s.apply(ChangeValue(player, RP, -n))
        # damage a resolving layer deals gives the option to pay while it resolves (19.4)
        during = ["resolve.pitch"] if pitched and not ev.combat else []
        c.step(T.RULE, f"{player} pays {T.plural(n, 'resource points')} for arcane barrier {n} of "
               f"{s.objects[oid].name}", ["kw.arcane-barrier", "pitching"] + during, mark=mark,
               actor=player)
        rest = max(0, ev.amount - n)
        return ev.with_(amount=rest, cancelled=rest == 0)
    return Replacement(id=f"arcane barrier:{oid}", name=o.name,
                       label=f"Arcane barrier {n} of {o.name}", controller=player,
                       citation=ctx.cite_opt("kw.arcane-barrier") or "", applies=applies,
                       apply=apply, optional=True)


def _spellvoid(ctx: Context, oid: int, n: int) -> Replacement:
    st = ctx.state
    o = st.objects[oid]
    player = o.controller

    def applies(state: State, ev: Event) -> bool:
        return state.objects[oid].zone[1] in ARENA

    def apply(c: Context, ev: Event) -> Event:
        s = c.state
        mark = len(s.log)
        c.game.destroy(c, oid)
        c.step(T.RULE, f"{player} destroys {s.objects[oid].name} for spellvoid {n}",
               ["kw.spellvoid", "destroy"], mark=mark, actor=player)
        c.game.destroyed(c, oid)
        rest = max(0, ev.amount - n)
        return ev.with_(amount=rest, cancelled=rest == 0)
    return Replacement(id=f"spellvoid:{oid}", name=o.name, label=f"Spellvoid {n} of {o.name}",
                       controller=player, citation=ctx.cite_opt("kw.spellvoid") or "",
                       applies=applies, apply=apply, optional=True)
