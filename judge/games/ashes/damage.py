"""Damage and destruction (ashes-raven-1.1 5.0.0), destroying and discarding (5.1.0), a
destroyed Phoenixborn (5.1.1).

The damage and destruction resolution process begins as soon as damage is dealt:

1. the unit or Phoenixborn is **dealt** damage (event ``damage``; its "would" stage is where
   Redirect answers), 1b. what triggers on dealing damage resolves;
2. it **receives** the damage (event ``receive damage``; "would receive" is where the divine
   die's prevention answers), 2b. what triggers on receiving damage resolves;
3. wound tokens equal to the damage received are placed (event ``wounds``); with as many
   wounds as its life value, or more, it is destroyed at once.

An effect that places wound tokens starts at step 3. Each step's triggers resolve in full before
the next step (the engine's event pipeline resolves them at once, :mod:`judge.engine.events`).

Removing a card from play (5.1.0) goes through the section's steps in order, the card waiting in
the shared zone ``leaving play`` until it reaches its pile in step 7: the "is destroyed" and
"leaves play" effects of step 1 see it out of play, where it takes no battlefield slot.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.engine import events as V
from judge.engine import trace as T
from judge.engine.errors import NotModelled
from judge.engine.events import Event
from judge.engine.state import AddCounter, EndGame, GameResult, MoveObject
from judge.games.ashes import zones as Z

if TYPE_CHECKING:  # pragma: no cover
    from judge.engine.context import Context
    from judge.games.ashes.game import AshesGame


def deal(game: "AshesGame", ctx: "Context", target: int, n: int, *, source: int | None,
         by: str, cause: str) -> bool:
    """``by`` deals ``n`` damage to ``target`` (a unit or Phoenixborn), ``cause`` ``effect``,
    ``attack`` or ``counter``. True when the damage was received."""
    st = ctx.state
    o = st.objects[target]
    if n <= 0:
        ctx.step(T.RULE, f"{by} deals no damage to {o.name} (0 damage is no damage dealt)",
                 ["ddr"])
        return False
    data = (("by", by), ("cause", cause))
    ctx.step(T.RULE, f"{by} deals {n} damage to {o.name}: the damage and destruction "
             "resolution process begins (step 1: dealt)", ["ddr"])
    dealt = V.run(ctx, Event("damage", player=o.controller, amount=n, source=source,
                             target=target, data=data))
    if dealt is None or st.result is not None:
        return False
    target = dealt.target if isinstance(dealt.target, int) else target
    if not Z.in_play(st.objects[target]):
        ctx.step(T.RULE, f"{st.objects[target].name} left play before it received the damage",
                 ["ddr"])
        return False
    got = V.run(ctx, Event("receive damage", player=st.objects[target].controller,
                           amount=dealt.amount, source=source, target=target, data=data))
    if got is None or st.result is not None:
        return False
    if not Z.in_play(st.objects[target]):
        return True
    place_wounds(game, ctx, target, got.amount, by=by, received=True)
    return True


def place_wounds(game: "AshesGame", ctx: "Context", target: int, n: int, *, by: str,
                 received: bool = False) -> None:
    """Step 3 of 5.0.0 (where an effect that places wound tokens starts): the wounds, then
    destruction when they reach the life value."""
    st = ctx.state
    o = st.objects[target]
    if n <= 0:
        return
    if not received:
        ctx.step(T.RULE, f"{by} places wound tokens on {o.name}: the damage and destruction "
                 "process starts at step 3", ["ddr"])
    placed = V.run(ctx, Event("wounds", player=o.controller, amount=n, target=target,
                              data=(("by", by),)))
    if placed is None or st.result is not None:
        return
    check(game, ctx, target, by)


def check(game: "AshesGame", ctx: "Context", target: int, by: str) -> None:
    """Destroyed at once when its wound tokens reach its life value (5.0.0 step 3)."""
    st = ctx.state
    o = st.objects[target]
    if not Z.in_play(o):
        return
    life = ctx.value(target, "life")
    if not isinstance(life, int):
        raise NotModelled(f"{o.name} has no life value: whether the wounds destroy it")
    wounds = Z.tokens(st, target, Z.WOUND)
    if wounds >= life:
        ctx.step(T.CHECK, f"{o.name} has {T.plural(wounds, 'wound tokens')} and life {life}: "
                 "it is destroyed at once", ["ddr"])
        destroy(game, ctx, target, by=by)


def perform_wounds(game: "AshesGame", ctx: "Context", event: Event) -> Event:
    st = ctx.state
    target = event.target
    assert isinstance(target, int)
    mark = len(st.log)
    st.apply(AddCounter(target, Z.WOUND, event.amount))
    ctx.step(T.EVENT, f"{T.plural(event.amount, 'wound tokens')} placed on "
             f"{st.objects[target].name} (step 3)", ["ddr"], mark=mark)
    return event


def destroy(game: "AshesGame", ctx: "Context", oid: int, *, by: str) -> None:
    """Destroy a card: it is discarded at once (5.1.0); a Phoenixborn ends its player's game
    (5.1.1)."""
    st = ctx.state
    o = st.objects[oid]
    if not Z.in_play(o):
        return
    if Z.card_type(o) == "phoenixborn":
        phoenixborn_destroyed(game, ctx, oid, by=by)
        return
    remove(game, ctx, oid, destroyed=True, by=by)


def remove(game: "AshesGame", ctx: "Context", oid: int, *, destroyed: bool, by: str,
           to: str = "discard") -> None:
    """The steps of 5.1.0 for a card in play that is destroyed, discarded or otherwise removed
    from play (``to``: ``discard`` or ``removed``)."""
    st = ctx.state
    o = st.objects[oid]
    name, owner, was = o.name, o.owner, o.zone
    mark = len(st.log)
    st.apply(MoveObject(oid, Z.LEAVING))
    ctx.step(T.EVENT, f"{name} is {'destroyed' if destroyed else 'removed from play'} "
             f"({by}): step 1, it is removed from play", ["destroy"], mark=mark)
    data = (("by", by), ("from", was[1]), ("from zone", was[1]))
    if destroyed:                                            # 1a
        V.run(ctx, Event("destroyed", player=o.controller, target=oid, data=data))
    V.run(ctx, Event("leave play", player=o.controller, target=oid, data=data))   # 1b
    if st.result is not None:
        return
    for alt in game.attached_to(st, oid):                    # 2
        ctx.step(T.RULE, f"{st.objects[alt].name} was attached to {name}: it is discarded "
                 "(step 2)", ["destroy"])
        remove(game, ctx, alt, destroyed=False, by=f"{name} leaving play")
    game.detach(ctx, oid)
    mark = len(st.log)
    for kind in Z.TOKENS:                                     # 4
        n = Z.tokens(st, oid, kind)
        if n:
            st.apply(AddCounter(oid, kind, -n))
    if len(st.log) > mark:
        ctx.step(T.RULE, f"the tokens on {name} go back to their piles (step 4; this triggers "
                 "nothing)", ["destroy"], mark=mark)
    for die in game.dice_on(st, oid):                         # 5
        mark = len(st.log)
        d = st.objects[die]
        st.apply(MoveObject(die, (d.owner, "exhausted pool")))
        game.forget_die(ctx, die)
        ctx.step(T.RULE, f"the {Z.die_label(d)} on {name} goes to {d.owner}'s exhausted pool "
                 "(step 5; this triggers nothing)", ["destroy"], mark=mark)
    kind = Z.card_type(o)
    mark = len(st.log)
    if to == "removed":
        dest, words = (owner, "removed"), "set aside (removed from the game)"
    elif kind == "conjuration" or "conjured" in o.kinds:
        dest, words = (owner, "conjuration pile"), f"returned to {owner}'s conjuration pile"
    else:
        dest, words = (owner, "discard"), f"placed in {owner}'s discard pile"
    st.apply(MoveObject(oid, dest))
    ctx.step(T.EVENT, f"{name} is {words} (step 7)", ["destroy"], mark=mark)
    if to == "discard":                                       # 7a
        V.run(ctx, Event("discard", player=owner, target=oid, data=data))


def phoenixborn_destroyed(game: "AshesGame", ctx: "Context", oid: int, *, by: str) -> None:
    """5.1.1: the player's cards in draw pile, discard, conjuration pile and hand, and their
    dice, are removed from the game; with one Phoenixborn left, its player wins."""
    st = ctx.state
    o = st.objects[oid]
    player = o.controller
    mark = len(st.log)
    st.apply(Z.Mark("destroyed phoenixborn", tuple(st.globals.get(
        "destroyed phoenixborn", ())) + (player,)))
    for zone in ("deck", "discard", "conjuration pile", "hand", "active pool",
                 "exhausted pool"):
        for c in list(st.in_zone((player, zone))):
            st.apply(MoveObject(c.id, (player, "removed")))
    ctx.step(T.CHECK, f"{player}'s Phoenixborn {o.name} is destroyed ({by}): every card in "
             f"{player}'s draw pile, discard pile, conjuration pile and hand, and every die in "
             f"{player}'s pools, is removed from the game", ["destroy.phoenixborn"], mark=mark)
    alive = [p for p in st.players if p not in st.globals.get("destroyed phoenixborn", ())]
    if len(alive) == 1:
        mark = len(st.log)
        st.apply(EndGame(GameResult("win", (alive[0],), ctx.cite("destroy.phoenixborn"))))
        ctx.step(T.CHECK, f"{alive[0]}'s Phoenixborn is the last one standing: {alive[0]} "
                 "wins", ["destroy.phoenixborn"], mark=mark)
    elif not alive:
        raise NotModelled("the result when every Phoenixborn is destroyed (the Raven Rules "
                          "give none)")
