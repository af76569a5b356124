"""Links and the chain (705-711): adding a link (707: announcing, X, modes, targets, costs),
paying resource costs (403, 412.2), resolving the top link (709: rechecking targets, processing
its text, entering play), interrupting a link (711), and the triggered effects waiting to be
added during pre-priority processing (708).

A link is a :class:`~judge.engine.chain.Layer` of the engine core's chain block: ``kind``
``card`` (a card played or a resource placed), ``power`` (a payment effect, 701.2), ``reward``
(702.2), ``triggered`` (708), ``proposal`` (601.1). Its ``data`` keeps what was chosen as it
was added: the targets of each target description (``slots``, with the incarnation of each
card: a card that became a different card is no longer a legal target, 709.2a), X, modes.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge.cards import model as M
from judge.engine import chain as C
from judge.engine import events as V
from judge.engine import trace as T
from judge.engine.chain import Layer, Priority
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.errors import IllegalAction, NotModelled
from judge.engine.events import Event, PendingTrigger
from judge.engine.state import State
from judge.games.wow import describe as D
from judge.games.wow import effects as E
from judge.games.wow import model as W
from judge.games.wow import moves as MV
from judge.games.wow import powers as P
from judge.games.wow import restrictions as R
from judge.games.wow import values as VA
from judge.games.wow.describe import Scope, Unknown


# --------------------------------------------------------------------------- resources

def ready_resources(state: State, player: str) -> list[int]:
    return [o.id for o in state.in_zone((player, W.RESOURCES)) if not W.exhausted(state, o.id)]


def pay_resources(game, ctx: Context, player: str, amount: int, preferred: tuple[int, ...],
                  why: str, *, printed: bool = True, link: bool = True) -> bool:
    """403.6a, 412.2: exhaust ``amount`` resources ``player`` controls (the ones the scenario
    names first). False (and nothing exhausted) when they can't all be paid."""
    st = ctx.state
    if amount <= 0:
        return True
    pool = [r for r in preferred if r in ready_resources(st, player)]
    pool += [r for r in ready_resources(st, player) if r not in pool]
    if len(pool) < amount:
        return False
    mark = len(st.log)
    for r in pool[:amount]:
        st.apply(W.Orient(r, True))
    ctx.step(T.RULE, f"{player} exhausts {amount} resource{'s' if amount != 1 else ''} to pay "
             f"{why}", ["cost.resource" if printed else "cost.resource-text", "resource.pay"]
             + (["add.cost"] if link else []), mark=mark, actor=player)
    for r in pool[:amount]:
        V.run(ctx, Event("exhaust", player=player, target=r, data=(("why", "cost"),
                                                                   ("done", True))))
    return True


# --------------------------------------------------------------------------- targets

def target_things(state: State, refs: tuple[Any, ...]) -> list[Any]:
    return list(refs)


def assign(state: State, slots: list[M.Target], stated: tuple[Any, ...], scope: Scope
           ) -> tuple[list[tuple[Any, ...]], str | None]:
    """The stated targets of a link sorted into its target descriptions (707.1d): each
    description takes the stated targets it describes, in order (a player named for a hero or
    character is that player's hero). Returns (targets per description, problem)."""
    left = list(stated)
    out: list[tuple[Any, ...]] = []
    for desc in slots:
        if D.is_random(desc):
            # 706.5: the possible targets, then a random pick (random_pick says which)
            found = magnets_among(state, candidates(state, desc, scope), scope)
            out.append(tuple(found[:1]) if len(found) == 1 else ())
            continue
        zone = D.word(desc.kinds[-1]) if desc.kinds else ""
        if zone in ("graveyard", "deck", "hand"):
            # "any number of target graveyards" (Charred Bones): a zone as a target
            who = state.objects[scope.source].name if scope.source in state.objects \
                else "the link"
            raise NotModelled(f"{who}: a player's {zone} as a target ({desc.text!r})")
        want = _count(desc)
        took: list[Any] = []
        for x in list(left):
            if len(took) >= want:
                break
            y = _as_target(state, desc, x)
            if y is None:
                continue
            try:
                ok = D.matches(state, desc, y, scope)
            except Unknown as u:
                # whether it is a legal target is not known: not a refusal, which would be a
                # ruling the module cannot back (a guess)
                who = state.objects[scope.source].name if scope.source in state.objects \
                    else "the link"
                from judge.games.wow.game import GAME
                cite = GAME.citations.lookup(state.document, u.procedure) if u.procedure \
                    else None
                raise NotModelled(f"{who}: whether {D.names(state, [y])} is a legal target "
                                  f"for {desc.text!r}: {u.what}", cite) from None
            if not ok:
                try:
                    elsewhere = isinstance(y, int) and not W.in_play(state.objects[y]) and \
                        desc.zone is None and D.matches(state, desc, y, scope, ignore_zone=True)
                except Unknown as u:
                    return out, f"the target description {desc.text!r}: {u.what}"
                if elsewhere:
                    return out, (f"{state.objects[y].name} is not in play: {desc.text!r} can "
                                 "target only cards in play (706.1b)")
                continue
            if isinstance(y, int):
                why = R.targetable(state, y, scope.you)
                if why:
                    return out, f"{state.objects[y].name} can't be targeted: {why}"
            if y in took:
                continue
            took.append(y)
            left.remove(x)
        if not took and not _optional(desc):
            return out, f"no legal target stated for {desc.text!r}"
        out.append(tuple(took))
    if left:
        names = D.names(state, [l if not isinstance(l, int) else l for l in left])
        return out, f"{names} is not a legal target for it"
    return out, _magnet_problem(state, slots, out, scope)


def magnets(state: State, scope: Scope) -> dict[int, str]:
    """706.4: the cards in play that a link ``scope.you`` adds must target if able (magnets),
    with the card whose power says so."""
    out: dict[int, str] = {}
    for st in VA.statics(state):
        if st.kind != "magnet":
            continue
        if st.effect.who.controller == "opponent" and W.friendly(state, st.controller,
                                                                  scope.you):
            continue
        try:
            found = D.candidates(state, st.effect.what, st.scope(state))
        except Unknown as u:
            raise NotModelled(f"which card {state.objects[st.source].name}'s power says must be "
                              f"targeted: {u.what} (706.4)") from None
        for x in found:
            if isinstance(x, int):
                out.setdefault(x, state.objects[st.source].name)
    return out


def _legal_magnet(state: State, desc: M.Target, m: int, scope: Scope) -> bool:
    try:
        ok = D.matches(state, desc, m, scope)
    except Unknown as u:
        raise NotModelled(f"whether {state.objects[m].name} (a magnet, 706.4) is a legal target "
                          f"for {desc.text!r}: {u.what}") from None
    return ok and R.targetable(state, m, scope.you) is None


def _magnet_problem(state: State, slots: list[M.Target], chosen: list[tuple[Any, ...]],
                    scope: Scope) -> str | None:
    """706.4: a link with targets must target each magnet that can legally be chosen (a
    description "up to" N may choose none). Several magnets legal for several descriptions
    (which choice includes the most of them) are not modelled."""
    mags = magnets(state, scope)
    if not mags:
        return None
    legal = {i: [m for m in mags if _legal_magnet(state, desc, m, scope)]
             for i, desc in enumerate(slots) if not D.is_random(desc)}
    usable = {m for ms in legal.values() for m in ms}
    if not usable:
        return None
    if len(usable) > 1 and sum(1 for ms in legal.values() if ms) > 1:
        raise NotModelled(f"which targets include the most of the magnets "
                          f"{D.names(state, sorted(usable))} (706.4)")
    taken = {x for slot in chosen for x in slot}
    for i, ms in legal.items():
        got = chosen[i] if i < len(chosen) else ()
        missing = [m for m in ms if m not in taken]
        if not missing or not got:
            continue                   # all of them chosen, or "up to": none chosen
        if any(x not in usable for x in got) or len(got) < _count(slots[i]):
            who = ", ".join(dict.fromkeys(mags[m] for m in missing))
            return (f"{D.names(state, missing)} must be targeted if able ({who}: "
                    f"{slots[i].text!r} can target it) (706.4)")
    return None


def magnets_among(state: State, found: list[Any], scope: Scope) -> list[Any]:
    """706.5: a random pick among possible targets that include magnets is made among the
    magnets only."""
    mags = magnets(state, scope)
    inside = [x for x in found if x in mags]
    return inside or found


def random_pick(ctx: Context, slots: list[M.Target], scope: Scope, name: str) -> None:
    """706.5: a link that targets randomly: its possible targets are found first (untargetable
    cards excluded), then one is chosen at random. With exactly one possible target that is
    the one; with several, which one is not modelled (the module never guesses a random
    pick); with none, it has no target."""
    st = ctx.state
    for desc in slots:
        if not D.is_random(desc):
            continue
        every = candidates(st, desc, scope)
        found = magnets_among(st, every, scope)
        if len(found) > 1:
            raise NotModelled(f"{name}: which of {D.names(st, found)} is chosen at random as "
                              f"the target of {desc.text!r} (706.5)")
        magnet = len(found) < len(every)
        ctx.step(T.RULE, f"{name} targets randomly ({desc.text!r}): the possible targets are "
                 + (f"{D.names(st, every)}; among them only {D.names(st, found)} must be "
                    "targeted if able (a magnet), so it is chosen" if magnet else
                    f"only {D.names(st, found)}, so it is chosen" if found else
                    "none: no target is chosen"),
                 ["target.random"] + (["target.magnet"] if magnet else []))


def _count(desc: M.Target) -> int:
    if desc.count is not None and desc.count.value is not None:
        return desc.count.value
    return 1


def _optional(desc: M.Target) -> bool:
    return desc.quantifier == "up to" or (desc.count is not None and desc.count.relation ==
                                          "up to")


def _as_target(state: State, desc: M.Target, x: Any) -> Any:
    if isinstance(x, str):
        if desc.who == "player":
            return x
        hero = W.hero(state, x)
        return hero
    return x


def candidates(state: State, desc: M.Target, scope: Scope) -> list[Any]:
    """Every legal target for ``desc`` now (706.1)."""
    try:
        found = D.candidates(state, desc, scope)
    except Unknown:
        return []
    return [x for x in found if not isinstance(x, int) or R.targetable(state, x, scope.you)
            is None]


def freeze(state: State, chosen: list[tuple[Any, ...]]) -> tuple[tuple[Any, ...], ...]:
    """Targets as kept on a link: cards with their incarnation (709.2a)."""
    return tuple(tuple((x, state.objects[x].incarnation) if isinstance(x, int) else x
                       for x in slot) for slot in chosen)


def flat(slots_: tuple[tuple[Any, ...], ...]) -> tuple[Any, ...]:
    return tuple(x[0] if isinstance(x, tuple) else x for slot in slots_ for x in slot)


def recheck(state: State, layer: Layer, slots: list[M.Target], scope: Scope
            ) -> tuple[list[tuple[Any, ...]], list[str]]:
    """709.2a: each target still legal (meets its description, is the same card, can still be
    targeted). Returns the legal targets per description and why each other one is not."""
    kept: list[tuple[Any, ...]] = []
    why: list[str] = []
    chosen = layer.data.get("slots", ())
    for i, desc in enumerate(slots):
        now: list[Any] = []
        for item in (chosen[i] if i < len(chosen) else ()):
            if isinstance(item, tuple):
                oid, inc = item
                o = state.objects.get(oid)
                if o is None or o.incarnation != inc:
                    why.append(f"{o.name if o else '?'} has become a different card")
                    continue
                try:
                    ok = D.matches(state, desc, oid, scope)
                except Unknown:
                    ok = False
                if not ok:
                    why.append(f"{o.name} no longer meets {desc.text!r}")
                    continue
                problem = R.targetable(state, oid, scope.you)
                if problem:
                    why.append(f"{o.name}: {problem}")
                    continue
                now.append(oid)
            else:
                now.append(item)
        kept.append(tuple(now))
    return kept, why


# --------------------------------------------------------------------------- adding

def add(ctx: Context, layer: Layer, *, announce: str, procedures: list[str],
        mark: int) -> int:
    st = ctx.state
    n = C.push(st, layer)
    ctx.step(T.ACTION, announce + f": it becomes link {n} of the chain, controlled by "
             f"{layer.controller}", procedures + ["add.announce", "link", "link.controller",
                                                  "priority.links"],
             mark=mark, actor=layer.controller)
    return n


def after_added(game, ctx: Context, layer: Layer, targets: tuple[Any, ...]) -> None:
    """707.1f: the link becomes added (powers that trigger off playing a card, using a power or
    a card becoming targeted trigger), then its controller gets priority (410.1)."""
    st = ctx.state
    ctx.step(T.RULE, f"{layer.name} is added to the chain: what triggers off it being added "
             f"triggers, then {layer.controller} gets priority", ["add.added", "add"])
    events = [Event("play", player=layer.controller, target=layer.source,
                    data=(("link", layer.kind),))]
    for t in targets:
        if isinstance(t, int):
            events.append(Event("target", player=layer.controller, target=t,
                                source=layer.source))
    V.run_all(ctx, events)
    game.give_priority(ctx, layer.controller)


# --------------------------------------------------------------------------- resolving

def resolve(game, ctx: Context, layer: Layer) -> None:
    """709: the top link tries to resolve."""
    st = ctx.state
    from judge.games.wow import loops as LP
    LP.resolved(st)
    kind = layer.kind
    if kind == "proposal":
        from judge.games.wow import combat as K
        C.remove(st, layer)
        _resolve_proposal(game, ctx, layer)
        return
    if kind == "triggered":
        trig: PendingTrigger = layer.data["trigger"]
        mark = len(st.log)
        C.remove(st, layer)
        if trig.still_true is not None and not trig.still_true(st):
            ctx.step(T.RESOLVE, f"{layer.name} is interrupted: its condition no longer holds",
                     ["trigger.double-check", "interrupt.all"], mark=mark)
            return
        ctx.step(T.RESOLVE, f"{layer.name} resolves", ["resolve", "resolve.no-priority"],
                 mark=mark)
        if "stayed" in trig.data and not _stayed(st, trig.data["stayed"]):
            ctx.step(T.RULE, f"{layer.name} does nothing to a card that has not stayed where it "
                     "was", ["zone.stayed"])
            _if_you_do_after_moved(ctx, layer, trig.data.get("effects", ()))
            return
        trig.resolve(ctx, replace(trig, targets=tuple(layer.data.get("slots", ()))))
        return
    if kind == "resource":
        _resolve_resource(game, ctx, layer)
        return
    if kind in ("power", "reward"):
        _resolve_power(game, ctx, layer)
        return
    _resolve_card(game, ctx, layer)


def _if_you_do_after_moved(ctx: Context, layer: Layer, effects: tuple) -> None:
    """709.2f: the actions of a triggered modifier's link on a card that has not stayed where
    it was (415.9b) were not performed, so a following "if you do" sentence creates nothing.
    Only the shapes "[an action on that card]." and "[an action on that card]. If you do, ..."
    are told; any other sentence of the link (one that may not act on that card, or anything
    after the "if you do" sentence) is named, never dropped."""
    at = next((i for i, e in enumerate(effects)
               if isinstance(e, M.Conditional) and e.condition is not None
               and e.condition.event is not None and e.condition.event.verb == "do"), None)
    if at != 1:
        if len(effects) > 1:
            ctx.not_modelled(f"{layer.name}: whether its other sentences act on the card that "
                             "has left (415.9b) or still happen")
        return
    c = effects[at]
    ctx.step(T.RULE, f"{layer.name}: {c.condition.text or 'if you do'} - no: what it asks "
             "was not done", ["resolve.if-you-do"])
    if c.otherwise or effects[at + 1:]:
        ctx.not_modelled(f"{layer.name}: the text after its \"if you do\" sentence, once the "
                         "card it acted on has left (415.9b)")


def _stayed(state: State, zones: tuple) -> bool:
    for oid, zone, inc in zones:
        o = state.objects.get(oid)
        if o is None or o.zone != zone or o.incarnation != inc:
            return False
    return True


def _targets_or_interrupt(game, ctx: Context, layer: Layer, slots: list[M.Target],
                          scope: Scope) -> list[tuple[Any, ...]] | None:
    st = ctx.state
    if not slots:
        return []
    kept, why = recheck(st, layer, slots, scope)
    if not any(kept) and layer.data.get("slots") and any(layer.data.get("slots")):
        interrupt(game, ctx, layer.id, by="the game",
                  reason="all of its targets are illegal (" + "; ".join(why) + ")",
                  procedures=["resolve.targets", "by-the-game"])
        return None
    if why:
        ctx.step(T.RULE, f"{layer.name}: " + "; ".join(why) + ": it affects only its legal "
                 "targets", ["resolve.targets", "resolve.partial"])
    return kept


def _resolve_card(game, ctx: Context, layer: Layer) -> None:
    st = ctx.state
    oid = layer.source
    o = st.objects[oid]
    ps = P.of(st, oid)
    scope = Scope(you=layer.controller, source=oid, chosen=dict(layer.data.get("chosen", {})))
    resolving = P.resolve_now(ps, layer.data.get("ignored", ()),
                              layer.data.get("modes picked"))
    slots = E.slots(resolving)
    kept = _targets_or_interrupt(game, ctx, layer, slots, scope)
    if kept is None:
        return
    mark = len(st.log)
    C.remove(st, layer)
    ctx.step(T.RESOLVE, f"{o.name} resolves", ["resolve", "resolve.no-priority"], mark=mark)
    ks = VA.kinds(st, oid)
    is_ability = "ability" in ks and not (ks & {"ally", "totem"})
    for u in ps.unparsed:
        if not ps.ongoing or (ps.resolve_ability is not None and ps.resolve_ability.span
                              and u.span.start < ps.resolve_ability.span.end):
            ctx.not_modelled(f"{o.name}'s text {u.text!r}: the card grammar could not read it "
                             f"({u.reason})")
    if is_ability:
        run = E.Run(game, ctx, you=layer.controller, source=oid, name=o.name, link=layer.id,
                    slots_=slots, chosen_targets=tuple(kept),
                    chosen=dict(layer.data.get("chosen", {})), text=o.text or "",
                    targeted=flat(tuple(kept)))
        attach = ps.attach
        run.empower = {id(e) for e, label in zip(ps.resolve, ps.resolve_labels)
                       if label.lower().startswith("empower")}
        run.effects([e for e in resolving if not isinstance(e, M.Attach)])
        _parts(run)
        if st.result is not None:
            return
        if o.zone != W.CHAIN:
            return
        if ps.ongoing:
            host = None
            if attach is not None:
                host = _attach_host(game, ctx, run, attach, o)
                if host is None:
                    MV.move(ctx, oid, W.GRAVEYARD, "resolve")
                    return
            ctx.step(T.RULE, f"{o.name} is an ongoing ability: it enters play", ["resolve.last",
                                                                                "ongoing"])
            MV.enters_play(ctx, oid, layer.controller, host=host)
            from judge.games.wow import checks as CH
            CH.uniqueness(game, ctx, entering=True)
            return
        for p in ps.triggered + ps.activated:
            # read as a power of the card ("When an ally is dealt damage this turn, destroy
            # it."), which works only in play: what the card creates as it resolves is not read
            ctx.not_modelled(f"{o.name}'s {p.kind} power {p.text!r} on an ability card that is "
                             "not ongoing: the card grammar reads no modifier the card creates "
                             "as it resolves")
        ctx.step(T.RULE, f"{o.name} has created its modifiers: it is put into its owner's "
                 "graveyard", ["resolve.last", "ability.resolves"])
        MV.move(ctx, oid, W.GRAVEYARD, "resolve")
        return
    # an ally, equipment or other card enters play (709.2g, 710)
    MV.enters_play(ctx, oid, layer.controller)
    from judge.games.wow import checks as CH
    CH.uniqueness(game, ctx, entering=True)    # 710.1f


def _attach_host(game, ctx: Context, run: E.Run, attach: M.Attach, o) -> int | None:
    """400.2-400.3: a targeted attach description: its target; else a card chosen as it
    resolves."""
    st = ctx.state
    to = attach.to
    if to is None:
        return None
    if to.targeted:
        things = run.things(to)
        things = [x for x in things if isinstance(x, int)]
        return things[0] if things else None
    found = [x for x in D.candidates(st, to, run.scope) if isinstance(x, int)]
    if not found:
        ctx.step(T.RULE, f"no card matches {o.name}'s attach description: it is put into its "
                 "owner's graveyard", ["attach.untargeted"])
        return None
    return run.choose_one(to, found)


def _resolve_power(game, ctx: Context, layer: Layer) -> None:
    st = ctx.state
    oid = layer.source
    o = st.objects[oid]
    power = layer.data["power"]
    effects = power.ability.effects
    scope = Scope(you=layer.controller, source=oid, chosen=dict(layer.data.get("chosen", {})))
    slots = E.slots(effects)
    kept = _targets_or_interrupt(game, ctx, layer, slots, scope)
    if kept is None:
        return
    mark = len(st.log)
    C.remove(st, layer)
    ctx.step(T.RESOLVE, f"{layer.name} resolves", ["resolve", "resolve.no-priority",
                                                   "effect.independent"], mark=mark)
    run = E.Run(game, ctx, you=layer.controller, source=oid, name=o.name, link=layer.id,
                slots_=slots, chosen_targets=tuple(kept),
                chosen=dict(layer.data.get("chosen", {})),
                text=layer.data.get("text") or o.text or "",     # a given power: its giver's
                targeted=flat(tuple(kept)),
                event={k: layer.data[k] for k in ("added at", "source was")
                       if k in layer.data})   # 714.3b: "while [this] remains ..."
    run.effects(effects)
    _parts(run)


def resolve_effects(game, ctx: Context, trig: PendingTrigger, effects) -> None:
    """A triggered effect resolves (708, 709)."""
    st = ctx.state
    text = trig.data.get("card text", "")
    slots = E.slots(effects)
    chosen_targets = trig.targets
    kept: list[tuple[Any, ...]] = []
    for slot in chosen_targets:
        kept.append(tuple(W.still_targeted(st, slot)))
    if slots and chosen_targets and not any(kept):
        ctx.step(T.RULE, f"{trig.name} is interrupted: all of its targets are illegal",
                 ["resolve.targets", "interrupt"])
        return
    event = dict(trig.data.get("event", {}))
    chosen = {}
    if "that much" in event:
        chosen["that much"] = event["that much"]
    name = st.objects[trig.source].name if trig.source in st.objects else trig.name
    run = E.Run(game, ctx, you=trig.controller, source=trig.source, name=name,
                slots_=slots, chosen_targets=tuple(kept), chosen=chosen,
                it=tuple(trig.data.get("it", ())), event=event, text=text,
                targeted=flat(tuple(kept)))
    run.triggered = True
    run.effects(effects)
    _parts(run)


def _resolve_resource(game, ctx: Context, layer: Layer) -> None:
    st = ctx.state
    oid = layer.source
    C.remove(st, layer)
    MV.move(ctx, oid, W.RESOURCES, "put", controller=layer.controller,
            face="up" if layer.data.get("face up") else "down")
    ctx.step(T.RESOLVE, f"the resource enters {layer.controller}'s resource row",
             ["resource.when", "resource.face"])
    from judge.games.wow import resources as RS
    RS.arrives(ctx, layer)
    o = st.objects[oid]
    if o.face_up and o.zone == (layer.controller, W.RESOURCES):
        # 710.1b: a face-up quest that "enters play exhausted" is placed exhausted
        from judge.cards import model as M
        from judge.games.wow import powers as P
        for e in P.of(st, oid).enters_with:
            lies, damage = "", 0
            if isinstance(e, M.Move):
                try:
                    lies, damage = MV.arrival(e.arrives, o.name)
                except NotModelled:
                    pass                # named below, as a resource
            if lies != "exhausted" or damage:
                raise NotModelled(f"{o.name} entering play {_arrival_words(e)} as a resource",
                                  ctx.cite("enter.with"))
            mark = len(st.log)
            st.apply(W.Orient(oid, True))
            ctx.step(T.RULE, f"{o.name} enters play exhausted (its power "
                     f"{e.arrives.text!r}): it does not enter ready and then exhaust",
                     ["enter.with"], mark=mark)


def _arrival_words(e) -> str:
    arrives = getattr(e, "arrives", None)
    return repr(arrives.text) if arrives is not None else f"with {getattr(e, 'kind', '')} counters"


def _resolve_proposal(game, ctx: Context, layer: Layer) -> None:
    from judge.games.wow import combat as K
    st = ctx.state
    c = K.combat(st)
    attacker = K.live(st, c.proposed_attacker) if c else None
    defender = K.live(st, c.proposed_defender) if c else None
    problem = None
    procs = ["combat.proposal-resolves", "resolve.targets"]
    if attacker is None or defender is None:
        problem = ("the proposed attacker or defender became a different card (it left play) "
                   "or changed controllers, and stopped being one")
        procs.append("combat.proposed-gone")
    else:
        a = K.attacker_problem(st, attacker, c.player)
        d = K.defender_problem(st, defender, attacker)
        problem = (a or d or (None, None))[0]
        procs.append("combat.illegal")
    if problem:
        mark = len(st.log)
        K.set_combat(st, None)
        ctx.step(T.RESOLVE, f"the proposal is interrupted: {problem}", procs, mark=mark)
        game.give_priority(ctx)
        return
    ctx.step(T.RESOLVE, "the proposal effect resolves: the combat is still legal",
             ["combat.proposal-resolves", "resolve.last"])
    K.start_step(game, ctx)


def interrupt(game, ctx: Context, link_or_card: int, *, by: str, reason: str = "",
              procedures: list[str] | None = None) -> None:
    """711: the link leaves the chain; a card goes to its owner's graveyard."""
    st = ctx.state
    layer = next((l for l in st.chain if l.id == link_or_card or l.source == link_or_card
                  and l.kind == "card"), None)
    if layer is None:
        return
    mark = len(st.log)
    C.remove(st, layer)
    if layer.kind == "card" and layer.source is not None and \
            st.objects[layer.source].zone == W.CHAIN:
        st.apply(W.MoveCard(layer.source, (st.objects[layer.source].owner, W.GRAVEYARD)))
    if layer.kind == "proposal":
        from judge.games.wow import combat as K
        K.set_combat(st, None)
    ctx.step(T.RULE, f"{layer.name} is interrupted" + (f" by {by}" if by else "")
             + (f": {reason}" if reason else ""),
             (procedures or []) + ["interrupt", "interrupt.all"], mark=mark)


def _parts(run) -> None:
    """709.2e, 714.3c: parts of a link's text with different durations make separate
    modifiers, each with its one duration."""
    kinds = list(dict.fromkeys(run.made))
    if len(kinds) > 1:
        said = "; ".join(", ".join(sorted(k)) or "no duration (until the game ends)"
                         for k in kinds)
        run.step(T.RULE, f"{run.name}'s parts with different durations are separate modifiers "
                 f"({said})", ["resolve.modifiers", "continuous.parts", "modifier.parts"])
