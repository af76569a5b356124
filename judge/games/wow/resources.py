"""Placing resources face up (412.1b-c): the cost a quest or location prints for being placed
face up ("As a cost to place this quest face up, discard a card.", the card model's ability of
kind ``face-up cost``), paid whenever it is placed face up (412.1c: "as normal"), and the
additional resource a modifier places (412.1c: "reveal the top card of your deck, then place it
into your resource row ready as an additional resource" - added to the chain as a resource
link, face up or face down as its controller chooses, not counted towards his one resource per
turn). Only costs of discarding cards from its controller's hand are carried out; any other
face-up cost is named (its power's ``why``)."""

from __future__ import annotations

from judge.cards import model as M
from judge.engine import trace as T
from judge.engine.chain import Layer
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.errors import NotModelled
from judge.engine.state import State
from judge.games.wow import model as W
from judge.games.wow import values as VA

ADDITIONAL = "additional resource"


def _discard_count(c: M.Cost) -> int | None:
    """How many cards of his hand a face-up cost has its payer discard ("discard a card": 1);
    None for any other cost."""
    e = c.effect
    if c.kind != "effect" or not isinstance(e, M.Move) or e.verb != "discard" or \
            e.what is None or e.what.kinds != ("card",) or e.what.filters or \
            e.what.qualities or e.what.targeted or e.random or e.until is not None or \
            (e.who is not None and e.who.ref != "you"):
        return None
    n = e.what.count
    if n is None:
        return 1
    return n.value if n.value is not None and not n.variable and n.per is None \
        and not n.relation else None


def why_not(a: M.Ability) -> str:
    """"" when the module pays face-up cost ``a``; else why not."""
    if not a.costs or any(_discard_count(c) is None for c in a.costs):
        return "a face-up cost other than discarding cards from your hand (412.1c)"
    return ""


def face_up_cost(state: State, oid: int) -> int:
    """How many cards placing card ``oid`` face up has its controller discard (0: no face-up
    cost). A face-up cost the module can't pay raises NotModelled."""
    from judge.games.wow import powers as P
    n = 0
    for power in P.of(state, oid).powers:
        if power.kind != "face-up cost":
            continue
        if power.why:
            raise NotModelled(f"placing {state.objects[oid].name} face up: {power.why}")
        n += sum(_discard_count(c) or 0 for c in power.ability.costs)
    return n


def can_pay(state: State, player: str, oid: int) -> bool:
    n = face_up_cost(state, oid)
    return len([x for x in state.zones[(player, W.HAND)].ids if x != oid]) >= n


def pay(ctx: Context, player: str, oid: int, *, additional: bool = False) -> None:
    """412.1c, 707.1e: the face-up cost is paid as the resource is added to the chain: its
    controller discards the cards (which ones, his choice when they differ)."""
    from judge.games.wow import moves as MV
    st = ctx.state
    n = face_up_cost(st, oid)
    if not n:
        return
    name = st.objects[oid].name
    hand = [x for x in st.zones[(player, W.HAND)].ids if x != oid]
    if len(hand) < n:
        raise NotModelled(f"placing {name} face up without the {n} card(s) its face-up cost "
                          "discards", ctx.cite("resource.additional"))
    names = tuple(dict.fromkeys(st.objects[x].name for x in hand))
    if len(hand) == n or len(names) == 1:
        chosen = hand[:n]
    else:
        picks = ctx.decide(Decision(
            key=f"face-up cost:{oid}:{len(st.log)}", player=player, kind="discard",
            prompt=f"which {'card' if n == 1 else f'{n} cards'} {player} discards to place "
                   f"{name} face up", options=names, citation=ctx.cite("add.cost"),
            example=f'{player} discards "{names[0]}"', count=n))
        picks = (picks,) if isinstance(picks, str) else tuple(picks)
        chosen, pool = [], list(hand)
        for pick in picks:
            found = next((x for x in pool if st.objects[x].name == pick), None)
            if found is not None:
                chosen.append(found)
                pool.remove(found)
    ctx.step(T.RULE, f"{player} pays the cost of placing {name} face up: discards "
             f"{', '.join(st.objects[x].name for x in chosen)}",
             (["resource.additional"] if additional else []) + ["resource.face", "add.cost"])
    for x in chosen:
        MV.move(ctx, x, W.GRAVEYARD, "discard", by=player)


def is_additional(e: M.Move) -> bool:
    return e.arrives is not None and e.arrives.role == ADDITIONAL


def _lies(e: M.Move) -> str | None:
    """The state an additional resource arrives in ("exhausted", "ready" or ""), read as every
    arriving state is (moves.arrival); None when that reading names it not modelled or it
    arrives with damage."""
    from judge.games.wow import moves as MV
    try:
        lies, _ = MV.arrival(e.arrives, "", role=ADDITIONAL)
    except NotModelled:
        return None
    return None if e.arrives.damage is not None else lies


def why_not_move(e: M.Move) -> str:
    """Why the module cannot place an additional resource as ``e`` says ("" when it can)."""
    if e.verb not in ("place", "put") or e.to_zone is None or e.to_zone.name != "resources" or \
            e.to_zone.owner not in ("", "you") or _lies(e) is None or \
            e.what is None or e.what.ref not in ("it",):
        return f"placing cards {e.arrives.text!r} other than the card just revealed (412.1c)"
    return ""


def place_additional(run, e: M.Move) -> None:
    """412.1c: the card "it" names (the one just revealed from the top of its owner's deck) is
    added to the chain as a resource, face up or face down as the placing player chooses (only
    a quest or a location face up, 412.1b, and only if he pays its face-up cost), ready or
    exhausted as the text says when it resolves. It does not count towards his one resource
    per turn (412.1)."""
    from judge.games.wow import links as L
    why = why_not_move(e)
    if why:
        raise NotModelled(f"{run.name}: {why}", run.ctx.cite("resource.additional"))
    ctx, st, p = run.ctx, run.state, run.you
    cards = [x for x in run.it if isinstance(x, int)]
    if len(cards) != 1:
        raise NotModelled(f"{run.name}: which card is placed as an additional resource",
                          ctx.cite("resource.additional"))
    card = cards[0]
    o = st.objects[card]
    deck = st.zones[(p, W.DECK)].ids
    if o.zone != (p, W.DECK) or not deck or deck[0] != card:
        run.step(T.RULE, f"{run.name}: {o.name} is no longer the top card of {p}'s deck: it "
                 "is not placed", ["resource.additional", "zone.different-card"])
        return
    if not VA.kinds(st, card) & {"quest", "location"}:
        face_up = False
        run.step(T.RULE, f"{run.name}: {o.name} is neither a quest nor a location: it can only "
                 "be placed face down", ["resource.face", "resource.additional"])
    elif not can_pay(st, p, card):
        face_up = False
        run.step(T.RULE, f"{run.name}: {p} can't pay the cost of placing {o.name} face up "
                 f"({face_up_cost(st, card)} card(s) to discard): it is placed face down",
                 ["resource.additional", "resource.face"])
    else:
        pick = ctx.decide(Decision(
            key=f"additional face:{card}:{len(st.log)}", player=p, kind="face",
            prompt=f"whether {p} places {o.name} face up or face down as an additional "
                   "resource", options=("face up", "face down"),
            citation=ctx.cite("resource.additional"), example=f'{p} chooses "face up"'))
        face_up = pick == "face up"
    exhausted = _lies(e) == "exhausted"
    mark = len(st.log)
    st.apply(W.MoveCard(card, W.CHAIN, "top", face_up, p))
    layer = Layer(id=st.new_id(), kind="resource", name=o.name if face_up else "a resource",
                  controller=p, source=card,
                  data={"face up": face_up, "additional": True, "exhausted": exhausted})
    L.add(ctx, layer, announce=f"{run.name}: {p} places {o.name if face_up else 'a card'} "
          f"{'face up' if face_up else 'face down'} as an additional resource (it does not "
          "count towards his one resource per turn)",
          procedures=["resource.additional", "resource.place"], mark=mark)
    if face_up:
        pay(ctx, p, card, additional=True)
    run.it = (card,)
    run.did = True


def arrives(ctx: Context, layer: Layer) -> None:
    """As an additional resource resolves: "exhausted" in the text that placed it (412.1c)."""
    st = ctx.state
    oid = layer.source
    if not layer.data.get("additional") or not layer.data.get("exhausted") or \
            st.objects[oid].zone != (layer.controller, W.RESOURCES):
        return
    mark = len(st.log)
    st.apply(W.Orient(oid, True))
    ctx.step(T.RULE, f"{st.objects[oid].name if st.objects[oid].face_up else 'the resource'} "
             "enters the resource row exhausted, as the text that placed it says",
             ["resource.additional"], mark=mark)
