"""Flesh and Blood's end of turn (13.3): the action phase ends when both players pass on an
empty chain; "at the beginning of the end phase" triggers (blood debt) resolve without priority;
points are lost, pitched cards go to the bottom of the decks, hands are drawn up to intellect,
"this turn" effects end and the next player's turn starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.engine import effects as E
from judge.engine import events as V
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.events import Event, PendingTrigger
from judge.engine.chain import Priority
from judge.engine.state import MoveObject, SetGlobal, SetValue, State
from judge.games.fab import deck as fab_deck
from judge.games.fab.zones import AP, END_OF_TURN, RP, START_OF_TURN

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame


def end_turn(game: FabGame, ctx: Context) -> None:
    st = ctx.state
    tp = game.turn_player(st)
    ctx.loops.check(st, "ending turns")
    mark = len(st.log)
    st.apply(SetGlobal("phase", "end"))
    st.apply(SetGlobal(Priority.HOLDER, None))
    ctx.step(T.RULE, "both players pass on an empty chain with no combat chain open: the "
             "action phase ends", ["priority.action-phase-ends"], mark=mark)
    end_phase_triggers(game, ctx, tp)
    if st.result is not None:
        return
    mark = len(st.log)
    for name in st.players:
        st.apply(SetValue(name, AP, 0))
        st.apply(SetValue(name, RP, 0))
    ctx.step(T.RULE, "unused action points and resource points are lost",
             ["turn.end-lose-points"], mark=mark)
    mark = len(st.log)
    for name in st.players:
        for o in list(st.in_zone((name, "pitch"))):
            st.apply(MoveObject(o.id, (o.owner, "deck"), position="bottom", face_up=False))
    ctx.step(T.RULE, "cards in pitch zones go to the bottom of their owners' decks",
             ["turn.end-pitch-to-deck"], mark=mark)
    first = bool(st.globals.get("first turn"))
    for name in (list(st.players) if first else [tp]):
        draw_up(game, ctx, name, "turn.end-draw-first-turn" if first and name != tp
                      else "turn.end-draw")
    mark = len(st.log)
    E.expire(st, END_OF_TURN)
    st.apply(SetGlobal("used this turn", ()))
    order = list(st.players)
    nxt = order[(order.index(tp) + 1) % len(order)]
    st.apply(SetGlobal("turn player", nxt))
    st.apply(SetGlobal("turn", st.globals["turn"] + 1))
    st.apply(SetGlobal("first turn", False))
    ctx.step(T.RULE, f"\"this turn\" effects end; the turn ends and {nxt} becomes the turn "
             "player", ["turn.end-effects-end", "turn.next"], mark=mark)
    mark = len(st.log)
    E.expire(st, START_OF_TURN)
    st.apply(SetGlobal("phase", "action"))
    st.apply(SetValue(nxt, AP, 1))
    ctx.step(T.RULE, f"{nxt}'s turn: \"until the start of turn\" effects end; {nxt} has 1 "
             "action point", ["turn.start-effects-end", "turn.action-point"], mark=mark)
    game.watchers(ctx, nxt, "start of action phase")
    game.give_priority(ctx, nxt)
    ctx.step(T.RULE, f"{nxt} gains priority", ["turn.priority"])


def end_phase_triggers(game: FabGame, ctx: Context, tp: str) -> None:
    """13.3.2: "at the beginning of the end phase" triggers are added to the chain in the
    turn player's order and resolve with no priority (13.3.1). Blood debt (glossary): "At
    the beginning of your end phase, if this card is in your banished zone, lose 1{h}",
    only for face-up cards in the turn player's banished zone."""
    st = ctx.state
    for o in st.in_zone((tp, "banished")):
        if o.face_up and st.has_keyword(o.id, "blood debt"):
            ctx.trigger(blood_debt_trigger(game, ctx, o.id))
    if not ctx.state.pending:
        return
    game.flush_triggers(ctx)
    ctx.step(T.RULE, "players do not get priority in the end phase: the chain resolves as "
             "if both players passed", ["turn.end-triggers", "turn.end-no-priority"])
    while st.chain and st.result is None:
        ctx.loops.check(st, "resolving end phase triggers")
        game.resolve_layer(ctx, st.chain[-1])
        game.state_checks(ctx)


def blood_debt_trigger(game: FabGame, ctx: Context, oid: int) -> PendingTrigger:
    st = ctx.state
    o = st.objects[oid]
    inc = o.incarnation
    ctx.step(T.TRIGGER, f"the beginning of {o.owner}'s end phase: {o.name}'s blood debt "
             "triggers", ["kw.blood-debt", "turn.end-triggers"])

    def still_true(s: State) -> bool:
        obj = s.objects[oid]
        return obj.incarnation == inc and obj.zone == (obj.owner, "banished")

    def resolve(c: Context, trig: PendingTrigger) -> None:
        V.run(c, Event("lose life", player=o.owner, amount=1, source=oid,
                       citations=(c.cite_opt("kw.blood-debt") or "",)))
    return PendingTrigger(name=f"{o.name}'s blood debt", controller=o.owner, source=oid,
                          resolve=resolve, citation=ctx.cite_opt("kw.blood-debt"),
                          still_true=still_true)


def draw_up(game: FabGame, ctx: Context, player: str, procedure: str) -> None:
    st = ctx.state
    intellect = game.intellect(st, player)
    mark = len(st.log)
    hand = len(st.zones[(player, "hand")].ids)
    deck = st.zones[(player, "deck")].ids
    fab_deck.check_top(ctx, player, max(0, intellect - hand), "drawing up to intellect")
    drawn = 0
    while hand + drawn < intellect and deck:
        st.apply(MoveObject(deck[0], (player, "hand")))
        drawn += 1
    fab_deck.took_top(st, player, drawn)
    ctx.step(T.EVENT, f"{player} draws {T.plural(drawn, 'cards')} up to intellect {intellect}",
             [procedure], mark=mark)
