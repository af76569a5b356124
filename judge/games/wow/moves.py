"""Cards changing zones (415.9), entering play (710), exhausting and readying (411), drawing and
discarding (415.9e-f), tokens (404.2): each is an event of the engine core's pipeline, so that
replacement modifiers ("If an ally would be put into your graveyard from play, remove it from
the game instead") and triggered powers ("When this ally is destroyed ...") see it.

A zone change is an :class:`~judge.engine.events.Event` of kind ``move``: ``target`` the card,
``player`` its owner, ``data``: ``to`` (zone name), ``from`` (zone name), ``why`` (destroy,
discard, draw, remove, return, put, play ...), ``by`` (a player, or "the game", 103.3),
``controller`` (who puts it into play), ``face`` ("down" for a face-down resource)."""

from __future__ import annotations

from typing import Any

from judge.engine import events as V
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.events import Event
from judge.engine.state import GameObject, State
from judge.games.wow import model as W
from judge.games.wow import values as VA

_VERB = {"destroy": "is destroyed", "discard": "is discarded", "draw": "is drawn",
         "remove": "is removed from the game", "return": "is returned", "put": "is put",
         "play": "enters play", "interrupt": "is interrupted", "resolve": "is put"}


def move_event(state: State, oid: int, to: str, why: str, *, by: str | None = None,
               controller: str | None = None, face: str = "up", position: str = "top",
               host: int | None = None) -> Event:
    o = state.objects[oid]
    return Event("move", player=o.owner, target=oid, source=oid,
                 data=(("to", to), ("from", o.zone[1]), ("why", why), ("by", by),
                       ("controller", controller), ("face", face), ("position", position),
                       ("host", host)))


def move(ctx: Context, oid: int, to: str, why: str, **kw: Any) -> Event | None:
    return V.run(ctx, move_event(ctx.state, oid, to, why, **kw))


def move_all(ctx: Context, events: list[Event]) -> list[Event | None]:
    return V.run_all(ctx, events) if events else []


def destroy_event(state: State, oid: int, *, by: str | None = None) -> Event:
    return move_event(state, oid, W.GRAVEYARD, "destroy", by=by)


def can_be_destroyed(state: State, oid: int) -> bool:
    """103.2: a "can't be destroyed" modifier wins over a modifier that destroys."""
    from judge.games.wow import restrictions as R
    return not R.cant(state, oid, "be destroyed")


def perform(game, ctx: Context, ev: Event) -> Event | None:
    st = ctx.state
    oid = ev.target
    o = st.objects.get(oid) if isinstance(oid, int) else None
    if o is None:
        return None
    to = ev.get("to")
    why = ev.get("why")
    frm = o.zone[1]
    if why == "destroy" and not W.in_play(o):
        return None                                # 415.9d: only cards in play
    if why == "discard" and frm != W.HAND:
        return None                                # 415.9e
    if why == "draw" and frm != W.DECK:
        return None                                # 415.9f
    leaving_play = W.in_play(o)
    mark = len(st.log)
    attached = W.attachments(st, oid) if leaving_play else []
    if to in (W.IN_PLAY, W.RESOURCES):
        controller = ev.get("controller") or o.owner
        dest = (controller, to)
    elif to == "chain":
        controller = ev.get("controller") or o.owner
        dest = W.CHAIN
    else:
        controller = None
        dest = (o.owner, to)                       # 415.2: its owner's instance of the zone
    was_exhausted = W.exhausted(st, oid)
    kinds_before = VA.kinds(st, oid) if leaving_play else None
    # 412.1b: a face-down resource is blank as it leaves play (what looks at it then - a
    # replacement of its entering a graveyard - sees no types)
    blank = leaving_play and frm == W.RESOURCES and not o.face_up
    from judge.games.wow import combat as K
    silenced = _silenced_by(st, oid) if leaving_play else []
    st.apply(W.MoveCard(oid, dest, ev.get("position") or "top", ev.get("face") != "down",
                        controller))
    if controller is not None and to in (W.IN_PLAY, W.RESOURCES):
        from judge.games.wow import control as CT
        CT.remember_entry(st, oid, controller)
    words = _VERB.get(why, "moves")
    where = f"{dest[0]}'s {dest[1]}" if dest[0] else dest[1]
    procs = {"destroy": ["destroy"], "discard": ["discard"], "draw": ["draw"],
             "remove": ["removed"], "play": ["enter", "enter.row"]}.get(why, ["zone.different-card"])
    if ev.get("by") == "the game":
        procs = procs + ["by-the-game"]
    if why != "draw":
        ctx.step(T.EVENT, f"{o.name} {words}" + ("" if why in ("play",) else f" (to {where})")
                 + (", blank as it left play (a face-down resource)" if blank else ""),
                 procs + (["zone.different-card"] if leaving_play else [])
                 + (["resource.face"] if blank else []), mark=mark)
    if leaving_play:
        K.remove_from_combat(ctx, oid, why="it left play and is a different card")
    host = ev.get("host")
    if host is not None and to == W.IN_PLAY:
        mark = len(st.log)
        st.apply(W.SetHost(oid, host, st.tick()))
        ctx.step(T.EVENT, f"{o.name} enters play attached to {st.objects[host].name}",
                 ["attach.targeted", "enter.row"], mark=mark)
    if leaving_play and attached:
        # 400.5: as a host becomes a different card, its attachments are destroyed by the game
        events = [destroy_event(st, a, by="the game") for a in attached
                  if W.in_play(st.objects[a])]
        if events:
            ctx.step(T.RULE, f"{o.name}'s attachments are destroyed by the game",
                     ["attach.host", "by-the-game"])
            move_all(ctx, events)
    for x in silenced:
        if W.in_play(st.objects[x]) and VA.has_powers(st, x):
            ctx.step(T.RULE, f"{st.objects[x].name}'s powers return: they are the same powers "
                     "as before it lost them", ["power.lost", "payment.limit-returns"])
    return ev.with_(data=ev.data + (("was exhausted", was_exhausted), ("left play", leaving_play),
                                    ("kinds before", kinds_before),
                                    ("controller before", _controller_before(st, oid, ev))))


def _silenced_by(state: State, oid: int) -> list[int]:
    """The cards that lost their powers to a power of card ``oid`` (700.3)."""
    out = []
    for st_ in VA.statics(state):
        if st_.source == oid and st_.kind == "lose powers":
            out += [o.id for o in W.all_in_play(state) if st_.applies(state, o.id)]
    return out


def _controller_before(state: State, oid: int, ev: Event) -> str | None:
    snap = state.lki.get(oid)
    return snap.controller if snap is not None else None


def orient(ctx: Context, oid: int, exhausted: bool, why: str = "",
           procedures: tuple[str, ...] = ("ready",)) -> bool:
    """Exhaust or ready a card in play (411.1: only a physically ready card exhausts, only an
    exhausted one readies). True when it did."""
    st = ctx.state
    o = st.objects[oid]
    if not W.in_play(o) or W.exhausted(st, oid) == exhausted:
        return False
    ev = Event("exhaust" if exhausted else "ready", player=o.controller, target=oid,
               data=(("why", why),))
    return V.run(ctx, ev) is not None


def perform_orient(ctx: Context, ev: Event) -> Event | None:
    from judge.games.wow import restrictions as R
    st = ctx.state
    oid = ev.target
    o = st.objects[oid]
    want = ev.kind == "exhaust"
    if not W.in_play(o) or W.exhausted(st, oid) == want:
        return None
    blockers = R.blockers(st, oid, "exhaust" if want else "ready")
    from judge.games.wow import combat as K
    costs = K.exhaust_costs(st, oid) if want and ev.get("why") != "it attacks" else []
    if costs:
        from judge.engine.errors import NotModelled
        raise NotModelled(f"{o.name} exhausting ({ev.get('why') or 'not to attack'}): it can't "
                          f"exhaust unless {o.controller} pays "
                          f"{sum(n for _, n in costs)} ({', '.join(c for c, _ in costs)}), and "
                          "whether he pays is not asked", ctx.cite("combat.attack-or-exhaust-cost"))
    if blockers:
        ctx.step(T.RULE, f"{o.name} can't {'exhaust' if want else 'ready'} "
                 f"({', '.join(blockers)})", ["cant"])
        return None
    mark = len(st.log)
    st.apply(W.Orient(oid, want))
    why = ev.get("why") or ""
    ctx.step(T.EVENT, f"{o.name} {'exhausts' if want else 'readies'}"
             + (f" ({why})" if why else ""), ["ready"], mark=mark)
    return ev


def draw(ctx: Context, player: str, n: int = 1) -> int:
    """415.9f: each card drawn one at a time; drawing from an empty deck decks the player
    (410.6b, checked in PPP). Returns how many were drawn."""
    st = ctx.state
    drawn = 0
    for _ in range(n):
        deck = st.zones[(player, W.DECK)].ids
        ev = Event("draw", player=player, amount=1)
        if not deck:
            happened = V.run(ctx, ev.with_(data=(("empty", True),)))
            continue
        happened = V.run(ctx, ev)
        if happened is not None:
            drawn += 1
    return drawn


def perform_draw(ctx: Context, ev: Event) -> Event | None:
    st = ctx.state
    player = ev.player
    deck = st.zones[(player, W.DECK)].ids
    if player not in st.globals.get("decks stated", ()):
        from judge.engine.errors import NotModelled
        raise NotModelled(f"{player} draws a card, but the scenario does not state {player}'s "
                          f"deck (state it with: {player}: deck top \"...\", or deck 30 cards)")
    if not deck:
        mark = len(st.log)
        W.record(st, "drew from empty", player)
        ctx.step(T.EVENT, f"{player} is required to draw a card from an empty deck",
                 ["draw", "ppp.decked"], mark=mark)
        return None
    oid = deck[0]
    o = st.objects[oid]
    if st.globals.get(f"shuffled:{player}"):      # 413.2: its order is not known
        from judge.engine.errors import NotModelled
        raise NotModelled(f"which card {player} draws from a shuffled deck")
    mark = len(st.log)
    st.apply(W.MoveCard(oid, (player, W.HAND), "top", True, None))
    ctx.step(T.EVENT, f"{player} draws {o.name}", ["draw"], mark=mark, actor=player)
    return ev.with_(target=oid)


def arrival(arrives, name: str, *, role: str = "") -> tuple[str, int]:
    """710.1b: the state one ``Move.arrives`` value says a card enters play in ("put it into
    play exhausted", "This ally enters play with 3 damage"): ("exhausted", "ready" or "" when
    unstated; the damage put on it). The
    one reading of an arriving state, for an effect that puts a card into play and for a
    card's own power alike. CR 7.4's states are exhausted and ready; any other, damage that
    is not a fixed number, or what it arrives as ("as an ally": only an additional resource
    is carried out, judge.games.wow.resources, which passes that ``role``) is named not
    modelled (``name`` names the card or effect)."""
    from judge.engine.errors import NotModelled
    if arrives is None:
        return "", 0
    states = set(arrives.states)
    d = arrives.damage
    if states - {"exhausted", "ready"} or states >= {"exhausted", "ready"} or d is not None \
            and (d.value is None or d.per is not None or d.variable) or arrives.role != role:
        raise NotModelled(f"{name} entering play {arrives.text!r}")
    return next(iter(states), ""), d.value if d is not None else 0


def enters_play(ctx: Context, oid: int, controller: str, *, arrives=None,
                host: int | None = None, face_up: bool = True,
                row: str = W.IN_PLAY, why: str = "play", by: str = "") -> Event | None:
    """710.1: a card enters play under ``controller``'s control; "enters play exhausted /
    with damage" modifiers are processed as it enters (710.1b): ``arrives`` the state the
    effect that puts it into play names (``by`` names that effect), then the card's own
    powers'."""
    lies, damage = arrival(arrives, by or ctx.state.objects[oid].name)
    ev = move(ctx, oid, row, why, controller=controller, face="up" if face_up else "down",
              host=host)
    return None if ev is None else _arrived(ctx, oid, ev, lies=lies, damage=damage)


def enter_play_together(ctx: Context, cards: list[tuple[int, str]], *, arrives=None,
                        why: str = "put", by: str = "") -> list[Event | None]:
    """802: several cards, each with the player it enters play under, enter play as one
    simultaneous event (a power of one of them that becomes active as they enter sees the
    others enter, 703.3c); each is then processed as it enters (710.1b; ``arrives``, ``by``: as
    :func:`enters_play`'s)."""
    lies, damage = arrival(arrives, by or "a card")
    together = tuple(oid for oid, _ in cards)
    events = [move_event(ctx.state, oid, W.IN_PLAY, why, controller=who) for oid, who in cards]
    happened = move_all(ctx, [ev.with_(data=ev.data + (("together", together),))
                              for ev in events])
    return [None if ev is None else _arrived(ctx, oid, ev, lies=lies, damage=damage)
            for (oid, _), ev in zip(cards, happened)]


def _arrived(ctx: Context, oid: int, ev: Event, *, lies: str = "", damage: int = 0) -> Event:
    st = ctx.state
    exhausted = lies == "exhausted"
    from judge.cards import model as M
    from judge.engine.errors import NotModelled
    from judge.games.wow import powers as P
    o = st.objects[oid]
    why_exhausted = ""
    if exhausted:
        why_exhausted = "the effect that puts it into play says so"
    arrivals = [e for e in P.of(st, oid).enters_with if isinstance(e, M.Move)] \
        if W.in_play(o) and VA.has_powers(st, oid) else []
    for e in arrivals:
        own, n = arrival(e.arrives, o.name)
        if own and lies and own != lies:
            raise NotModelled(f"{o.name} entering play both {lies} and {own} (710.1b: which "
                              "modifier applies is not decided)")
        lies = lies or own
        if own == "exhausted":
            exhausted = True
            why_exhausted = (why_exhausted + " and " if why_exhausted else "") + \
                f"its power {e.arrives.text!r}"
        damage += n
    if exhausted and W.in_play(o) and not W.exhausted(st, oid):
        mark = len(st.log)
        st.apply(W.Orient(oid, True))
        ctx.step(T.RULE, f"{o.name} enters play exhausted ({why_exhausted}): it does not enter "
                 "ready and then exhaust", ["enter.with"], mark=mark)
    if damage and W.in_play(o):
        from judge.games.wow import packets as PK
        PK.put(ctx, oid, damage, f"{o.name} enters play with {damage} damage (a modifier "
               "processed as it enters, not damage dealt)", ["enter.with"])
    if W.in_play(o) and VA.has_powers(st, oid):
        from judge.engine.state import AddCounter
        for e in P.of(st, oid).enters_with:
            if not isinstance(e, M.Counters):
                continue
            n = e.count.value if e.count is not None and e.count.value is not None else 1
            mark = len(st.log)
            st.apply(AddCounter(oid, e.kind, n))
            ctx.step(T.RULE, f"{o.name} enters play with {n} {e.kind} counter"
                     f"{'s' if n != 1 else ''}: a modifier created as it enters, not on the chain",
                     ["enter.with", "enter.as", "counter"], mark=mark)
        for power in P.of(st, oid).as_enters:
            if P.entered_choice(power.ability):
                _choose_as_entering(ctx, oid, power)        # 710.1a: a choice
                continue
            from judge.games.wow import effects as E
            E.as_enters(ctx.game, ctx, oid, power)          # 710.1a
        if P.of(st, oid).statics:
            ctx.step(T.RULE, f"{o.name}'s continuous powers now generate their modifiers, and "
                     "continuous modifiers take it into account as a card in play",
                     ["enter.continuous"])
    return ev


def _choose_as_entering(ctx: Context, oid: int, power) -> None:
    """710.1a: "As Addisyn enters play, choose arcane, fire, ...": its controller chooses as it
    enters, without the chain and before any player can respond - asked, never assumed
    (``Alice chooses "fire"``) - and the card remembers the choice while it stays in play."""
    from judge.engine.decisions import Decision
    from judge.games.wow import powers as P
    st = ctx.state
    o = st.objects[oid]
    words = P.entered_choice(power.ability)
    who = o.controller or o.owner
    pick = ctx.decide(Decision(
        key=f"as enters:{oid}:{o.incarnation}:{power.index}", player=who, kind="choose",
        prompt=f"which damage type {who} chooses as {o.name} enters play",
        options=words, citation=ctx.cite("enter.as"), example=f'{who} chooses "{words[0]}"'))
    W.record(st, "chosen", (oid, o.incarnation, "as it entered", str(pick).lower()))
    ctx.step(T.RULE, f"{o.name} enters play with the choice {pick!r} ({power.text!r}): a modifier "
             "created as it enters, without the chain; the card remembers it while it stays "
             "in play", ["enter.as"])


def create_token(ctx: Context, controller: str, name: str, kinds: tuple[str, ...],
                 values: dict[str, Any], *, text: str = "") -> int:
    """404.2: a token is put into play under ``controller``'s control (404.2a: an ally token in
    the ally row, an equipment token in the hero row)."""
    st = ctx.state
    from judge.engine.state import Custom
    made: list[int] = []

    def build(s: State) -> None:
        o = s.create(name=name, owner=controller, zone=(controller, W.HAND), kinds=kinds,
                     base=dict(values), text=text or None, token=True)
        made.append(o.id)
    mark = len(st.log)
    st.apply(Custom(f"{name} (a token) is made", build))
    oid = made[0] if made else max(st.objects)
    ctx.step(T.RULE, f"a token named {name} is made", ["token"], mark=mark)
    game = ctx.game
    from judge.engine.abilities import BindAbilities
    st.apply(BindAbilities(oid, game.bind_card(ctx, oid)))
    enters_play(ctx, oid, controller, why="play")
    return oid
