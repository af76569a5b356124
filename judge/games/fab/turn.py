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
from judge.engine.decisions import Decision
from judge.engine.events import Event, PendingTrigger
from judge.engine.chain import Priority
from judge.engine.state import MoveObject, SetGlobal, SetValue, State
from judge.games.fab import increased as fab_increased
from judge.games.fab import deck as fab_deck
from judge.games.fab import keywords as fab_keywords
from judge.games.fab.zones import ABILITIES_USED, AP, END_OF_TURN, RP, START_OF_TURN

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame


def end_turn(game: FabGame, ctx: Context) -> None:
    """The action phase ends (13.2.5, 14.6), the end phase (13.3) runs, and the next player's
    turn starts (13.1, 13.2). Under the section-4 document the steps come in its order and
    carry its numbers (4.3.4, 4.4, 4.2, 4.3)."""
    st = ctx.state
    tp = game.turn_player(st)
    ctx.loops.check(st, "ending turns")
    mark = len(st.log)
    st.apply(SetGlobal("phase", "end"))
    st.apply(SetGlobal(Priority.HOLDER, None))
    ctx.step(T.RULE, "both players pass on an empty chain with no combat chain open: the "
             "action phase ends", ["priority.action-phase-ends", "turn.action-phase-ends"],
             mark=mark)
    ctx.step(T.RULE, f"{tp}'s end phase: players do not get priority", ["turn.end-no-priority"])
    end_phase_triggers(game, ctx, tp)
    if st.result is not None:
        return
    section4 = ctx.cite_opt("turn.end-steps-triggers") is not None
    first = bool(st.globals.get("first turn"))
    ctx.step(T.RULE, "the chain is empty: end of turn clean up happens, in order",
             ["turn.end-cleanup"])
    steps = ((_arsenal, _pitch_to_deck, _lose_points, _draw) if section4 else
             (_lose_points, _arsenal, _pitch_to_deck, _draw))
    for step in steps:
        step(game, ctx, tp, first)
        if section4 and ctx.state.pending:        # 4.4.3: triggers after each step
            resolve_without_priority(game, ctx, "turn.end-steps-triggers")
        if st.result is not None:
            return
    mark = len(st.log)
    E.expire(st, END_OF_TURN)
    if st.globals.get(ABILITIES_USED):
        st.apply(SetGlobal(ABILITIES_USED, ()))
    order = list(st.players)
    nxt = order[(order.index(tp) + 1) % len(order)]
    st.apply(SetGlobal("turn player", nxt))
    st.apply(SetGlobal("turn", st.globals["turn"] + 1))
    st.apply(SetGlobal("first turn", False))
    ctx.step(T.RULE, f"\"this turn\" effects end; the turn ends and {nxt} becomes the turn "
             "player", ["turn.end-effects-end", "turn.next"], mark=mark)
    start_turn(game, ctx, nxt, section4=section4)


def start_turn(game: FabGame, ctx: Context, player: str, *, section4: bool) -> None:
    """13.1: the start of turn phase (no priority; "until the start of turn" effects end; "at the
    start of turn" triggers resolve as if both players passed), then 13.2: the action phase
    (1 action point, which is not gaining one; "at the beginning of the action phase"
    triggers; the turn player gains priority). Section 4 triggers the action phase's
    beginning before the action point (4.3.1, 4.3.2)."""
    st = ctx.state
    mark = len(st.log)
    E.expire(st, START_OF_TURN)
    st.apply(SetGlobal("phase", "start"))
    fab_increased.mark_turn_start(st, apply=True)         # 17.3
    ctx.step(T.RULE, f"{player}'s turn starts with the start of turn phase: players do not get "
             "priority; \"until the start of turn\" effects end",
             ["turn.start-no-priority", "turn.start-effects-end"], mark=mark)
    game.signal(ctx, "start of turn", player=player)
    if st.pending:
        resolve_without_priority(game, ctx, "turn.start-triggers")
        if st.result is not None:
            return
    ctx.step(T.RULE, "the chain is empty: the start of turn phase ends and the game proceeds to "
             "the action phase", ["turn.start-ends", "turn.start-proceeds"])
    st.apply(SetGlobal("phase", "action"))
    if section4:
        ctx.step(T.RULE, f"{player}'s action phase starts: \"beginning of the action phase\" "
                 "triggers", ["turn.action-phase-triggers"])
        game.signal(ctx, "start of action phase", player=player)
    mark = len(st.log)
    st.apply(SetValue(player, AP, 1))
    ctx.step(T.RULE, f"{player} has 1 action point: a game system effect that does not use the "
             "chain and is not gaining an action point (what triggers on gaining one does not "
             "trigger)", ["turn.action-point", "turn.action-point-system",
                          "turn.action-point-not-gained"], mark=mark)
    if not section4:
        game.signal(ctx, "start of action phase", player=player)
    game.give_priority(ctx, player)
    ctx.step(T.RULE, f"{player} gains priority", ["turn.priority", "priority.action-phase"])


def resolve_without_priority(game: FabGame, ctx: Context, procedure: str) -> None:
    """Triggered effects are added to the chain in the turn player's order and resolve as if
    both players passed in succession (13.1.3, 13.3.2; section 4: 4.2.2, 4.4.2, 4.4.3)."""
    st = ctx.state
    game.flush_triggers(ctx)
    ctx.step(T.RULE, "players do not get priority: the chain resolves as if both players "
             "passed in succession", [procedure])
    while st.chain and st.result is None:
        ctx.loops.check(st, "resolving triggers without priority")
        game.resolve_layer(ctx, st.chain[-1])
        game.state_checks(ctx)
        if st.pending:
            game.flush_triggers(ctx)


def end_phase_triggers(game: FabGame, ctx: Context, tp: str) -> None:
    """13.3.2: "at the beginning of the end phase" triggers are added to the chain in the
    turn player's order and resolve with no priority (13.3.1). Blood debt (glossary): "At
    the beginning of your end phase, if this card is in your banished zone, lose 1{h}",
    only for face-up cards in the turn player's banished zone."""
    st = ctx.state
    for o in st.in_zone((tp, "banished")):
        if o.face_up and st.has_keyword(o.id, "blood debt"):
            ctx.trigger(blood_debt_trigger(game, ctx, o.id))
    fab_keywords.intimidate_returns(game, ctx)
    game.signal(ctx, "start of end phase", player=tp)
    if not ctx.state.pending:
        return
    resolve_without_priority(game, ctx, "turn.end-triggers")


def _lose_points(game: FabGame, ctx: Context, tp: str, first: bool) -> None:
    st = ctx.state
    mark = len(st.log)
    for name in st.players:
        st.apply(SetValue(name, AP, 0))
        st.apply(SetValue(name, RP, 0))
    ctx.step(T.RULE, "unused action points and resource points are lost",
             ["turn.end-lose-points"], mark=mark)


def _arsenal(game: FabGame, ctx: Context, tp: str, first: bool) -> None:
    """13.3.3b: the turn player may put a card from their hand face down into an empty arsenal
    zone (``Alice chooses "X"`` answers; unstated, the ``optional`` policy declines)."""
    st = ctx.state
    hand = st.in_zone((tp, "hand"))
    if st.zones[(tp, "arsenal")].ids:
        ctx.step(T.RULE, f"{tp}'s arsenal is not empty: no card is put into it",
                 ["turn.end-arsenal"])
        return
    if not hand:
        ctx.step(T.RULE, f"{tp} has no card in hand to put into their arsenal",
                 ["turn.end-arsenal"])
        return
    names = tuple(dict.fromkeys(o.name for o in hand)) + ("none",)
    decision = Decision(key=f"arsenal:{st.globals.get('turn', 0)}:{tp}", player=tp,
                        kind="arsenal", prompt="which card to put face down into the empty arsenal "
                        "at the end of the turn (if any)", options=names,
                        citation=ctx.cite_opt("turn.end-arsenal") or "",
                        example=f'{tp} chooses "{names[0]}" (or: {tp} chooses "none")',
                        default="none", policy="optional",
                        default_text=f"optional: decline - {tp} puts no card into their "
                        "arsenal (not stated)")
    choice = ctx.decide(decision)
    if choice == "none":
        return
    oid = next(o.id for o in hand if o.name == choice)
    mark = len(st.log)
    st.apply(MoveObject(oid, (tp, "arsenal"), face_up=False))
    ctx.step(T.EVENT, f"{tp} puts {choice} face down into their arsenal", ["turn.end-arsenal"],
             mark=mark, actor=tp)
    game.signal(ctx, "arsenal", player=tp, obj=oid)


def _pitch_to_deck(game: FabGame, ctx: Context, tp: str, first: bool) -> None:
    st = ctx.state
    mark = len(st.log)
    for name in st.players:
        for o in list(st.in_zone((name, "pitch"))):
            st.apply(MoveObject(o.id, (o.owner, "deck"), position="bottom", face_up=False))
    ctx.step(T.RULE, "cards in pitch zones go to the bottom of their owners' decks",
             ["turn.end-pitch-to-deck"], mark=mark)


def _draw(game: FabGame, ctx: Context, tp: str, first: bool) -> None:
    for name in (list(ctx.state.players) if first else [tp]):
        draw_up(game, ctx, name, "turn.end-draw-first-turn" if first and name != tp
                else "turn.end-draw")


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
    if hand >= intellect:
        ctx.step(T.RULE, f"{player} has {T.plural(hand, 'cards')} in hand, at least their "
                 f"intellect {intellect}: they draw no cards (a hand may hold more cards than "
                 "the hero's intellect)", [procedure, "intellect.hand"], mark=mark)
        return
    ctx.step(T.EVENT, f"{player} draws {T.plural(drawn, 'cards')} up to intellect {intellect}",
             [procedure], mark=mark)
    if drawn:
        game.signal(ctx, "draw", player=player)
