"""The turn sequence (F) and the pause conditions (E.2).

A turn is the Ready Phase (ready, review and draw steps, F.1), the Combat Phase (forms, F.2;
attack sequences, :mod:`judge.games.ufs.sequence`) and the End Phase (clearing the card pools,
F.3). The pause conditions are checked in their order whenever the game could have changed
(:func:`pauses`); their game events are suspended and occur as one afterwards (E.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.engine import effects as EF
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.errors import NotModelled
from judge.engine.events import Event
from judge.engine.state import EndGame, GameResult, MoveObject, RemoveModifier, SetFlag
from judge.games.ufs import names as N
from judge.games.ufs import values as V

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.ufs.game import UfsGame

NO_REVIEW = "no review"
TO_MOMENTUM, TO_DISCARD = "momentum", "discard"


# ------------------------------------------------------------------ E.2 pause conditions

def pauses(ctx: Context, game: "UfsGame") -> None:
    """Address every pause condition that is true, in order (E.2); their game events occur as
    a single event afterwards."""
    st = ctx.state
    if st.result is not None or N.g(st, "pausing"):
        return
    N.note(st, "pausing", True)
    held: list[Event] = []
    try:
        with game.suspended(ctx, held):
            for _ in range(20):
                if st.result is not None or not _one(ctx, game):
                    break
    finally:
        N.note(st, "pausing", False)
    if held and st.result is None:
        game.happen(ctx, held)


def _one(ctx: Context, game: "UfsGame") -> bool:
    """Address the first pause condition that is true; False when none is."""
    st = ctx.state
    low = [p for p in st.players if (st.players[p].values.get(N.VITALITY) or 0) <= 0]
    if low:                                                               # E.2.1
        mark = len(st.log)
        alive = tuple(p for p in st.players if p not in low)
        if alive:
            st.apply(EndGame(GameResult("win", alive, ctx.cite("win.vitality"))))
            ctx.step(T.CHECK, f"{', '.join(low)} is at 0 or less vitality and loses the game; "
                     f"{', '.join(alive)} wins", ["pause", "pause.vitality", "win.vitality"],
                     mark=mark)
        else:
            st.apply(EndGame(GameResult("draw", (), ctx.cite("pause.vitality"))))
            ctx.step(T.CHECK, "both players are at 0 or less vitality and lose the game: no "
                     "player wins", ["pause", "pause.vitality"], mark=mark)
        return True
    for p in N.players_in_turn_order(st):                                 # E.2.2
        if st.zones[(p, N.DECK)].ids or p in N.g(st, N.DECK_UNSTATED, ()):
            continue
        discard = st.zones[(p, N.DISCARD)].ids
        mark = len(st.log)
        if len(discard) <= 10:
            winner = N.other(st, p)
            st.apply(EndGame(GameResult("win", (winner,), ctx.cite("win.cycle"))))
            ctx.step(T.CHECK, f"{p} has no cards left in the deck and {len(discard)} card(s) "
                     f"in the discard pile: {p} cannot cycle and loses the game; {winner} wins",
                     ["pause", "pause.cycle", "pause.cycle-fail", "win.cycle"], mark=mark)
            return True
        raise NotModelled(f"{p} must cycle the deck (E.2.2): the discard pile is shuffled, and "
                          "which 10 cards are then removed, and the new deck's order, are "
                          "random", ctx.cite_opt("pause.cycle"))
    for p in st.players:                                                  # E.2.3
        hero = N.character(st, p)
        for o in N.in_zone(st, p, N.STAGING):
            if (N.is_type(o, "character") and o.id != (hero.id if hero else None)
                    and (hero is None or o.name != hero.name)):
                _discard(ctx, o, f"{o.name} is a character card in {p}'s staging area without "
                         f"the starting character's name", ["pause", "pause.character"])
                return True
    for p in st.players:                                                  # E.2.4
        hero = N.character(st, p)
        for zone in (N.STAGING, N.POOL):
            for o in N.in_zone(st, p, zone):
                only = N.keywords(st, o).get("Only")
                if isinstance(only, str) and only and (hero is None or
                                                       not hero.name.startswith(only)):
                    _discard(ctx, o, f"{o.name} has the keyword {only} Only, and {p}'s character "
                             f"is not {only}", ["pause", "pause.only", "only"])
                    return True
    terrains = [o for p in st.players for o in N.in_zone(st, p, N.STAGING)
                if "Terrain" in N.keywords(st, o)]                        # E.2.5
    if len(terrains) > 1:
        terrains.sort(key=lambda o: o.entered)
        if terrains[0].entered == terrains[1].entered:
            raise NotModelled("two Terrains entered the staging areas at once: the active "
                              "player chooses which one is destroyed (E.2.5.1)",
                              ctx.cite_opt("pause.terrain-tie"))
        _destroy(ctx, terrains[0], f"{terrains[0].name} has been a Terrain in a staging area "
                 "longer than the other", ["pause", "pause.terrain", "terrain"])
        return True
    for p in st.players:                                                  # E.2.6
        seen: dict[str, list] = {}
        for o in N.in_zone(st, p, N.STAGING):
            if o.face_up and "Unique" in N.keywords(st, o):
                seen.setdefault(o.name, []).append(o)
        for name, copies in seen.items():
            if len(copies) > 1:
                gone = _unique_choice(ctx, p, copies)
                _destroy(ctx, gone, f"{p} has two copies of the Unique card {name} in the "
                         "staging area and destroys one", ["pause", "pause.unique", "unique"])
                return True
    for p in st.players:                                                  # E.2.7
        for o in N.in_zone(st, p, N.STAGING):
            if o.face_up and (N.is_type(o, "attack") or N.is_type(o, "action")):
                _discard(ctx, o, f"{o.name} is an {N.card_type(o)} card in {p}'s staging area",
                         ["pause", "pause.staging-attack"])
                return True
    return False


def _unique_choice(ctx: Context, player: str, copies: list):
    """The copy a player destroys (E.2.6): copies in the same state are alike."""
    states = {N.committed(o) for o in copies}
    if len(states) == 1:
        return copies[-1]
    labels = {("committed " if N.committed(o) else "ready ") + o.name: o for o in copies}
    chosen = ctx.decide(Decision(
        key=f"unique:{copies[0].id}:{len(ctx.state.log)}", player=player, kind="destroy",
        prompt=f"which copy of {copies[0].name} {player} destroys", options=tuple(labels),
        citation=ctx.cite_opt("pause.unique") or "",
        example=f'{player} chooses "{next(iter(labels))}"'))
    return labels[chosen]


def _discard(ctx: Context, o, why: str, procedures: list[str]) -> None:
    mark = len(ctx.state.log)
    ctx.state.apply(MoveObject(o.id, (o.owner, N.DISCARD)))
    ctx.step(T.CHECK, f"{why}: it is discarded", procedures, mark=mark)
    ctx.game.held(ctx, Event("discard", player=o.owner, source=o.id))


def _destroy(ctx: Context, o, why: str, procedures: list[str]) -> None:
    mark = len(ctx.state.log)
    ctx.state.apply(MoveObject(o.id, (o.owner, N.DISCARD)))
    ctx.step(T.CHECK, f"{why}: {o.name} is destroyed", procedures + ["destroy"], mark=mark)
    ctx.game.held(ctx, Event("destroy", player=o.owner, source=o.id))


# ------------------------------------------------------------------ F.1 ready phase

def ready_phase(ctx: Context, game: "UfsGame") -> None:
    """F.1: the ready step, the review step and the draw step, in order."""
    st = ctx.state
    player = N.active(st)
    if player in N.g(st, N.FIRST_TURN, ()):
        N.note(st, N.PHASE, "combat")
        ctx.step(T.RULE, f"{player} goes first and skips the Ready Phase of the first turn",
                 ["start.skip-ready"])
        return
    mark = len(st.log)
    ready, frozen = [], []
    for zone in (N.STAGING, N.MOMENTUM):
        for o in N.in_zone(st, player, zone):
            if not N.committed(o):
                continue
            if N.FROZEN in o.flags:
                frozen.append(o)
                st.apply(SetFlag(o.id, N.FROZEN, False))
                continue
            st.apply(SetFlag(o.id, N.COMMITTED, False))
            ready.append(o)
    ctx.step(T.RULE, f"Ready Step: {player} readies every committed card ({N.names(ready)})"
             + (f"; {N.names(frozen)} is frozen and does not ready" if frozen else ""),
             ["ready-phase", "ready-step", "ready"] + (["freeze"] if frozen else []),
             mark=mark, actor=player)
    if ready:
        game.happen(ctx, [Event("ready", player=player,
                                data=(("cards", tuple(o.id for o in ready)),))])
    review(ctx, game, player)
    draw_step(ctx, game, player)
    N.note(st, N.PHASE, "combat")
    N.note(st, N.STEP, None)
    ctx.step(T.RULE, f"{player}'s Combat Phase begins", ["combat-phase"])
    game.phase_event(ctx, "start", "combat phase")


def review(ctx: Context, game: "UfsGame", player: str) -> None:
    """F.1.2: the active player may discard 1 card from their hand."""
    st = ctx.state
    N.note(st, N.STEP, "review")
    hand = N.in_zone(st, player, N.HAND)
    if not hand:
        return
    options = tuple(dict.fromkeys(o.name for o in hand))
    chosen = ctx.decide(Decision(
        key=f"review:{N.g(st, N.TURN)}", player=player, kind="review",
        prompt=f"whether {player} reviews a card (discards 1 card from hand)",
        options=options + (NO_REVIEW,), citation=ctx.cite_opt("review") or "",
        example=f'{player} reviews "{options[0]}"', default=NO_REVIEW, policy="reviewing",
        default_text=f"reviewing: none - {player} does not review a card (not stated)"))
    if chosen == NO_REVIEW:
        return
    card = next(o for o in hand if o.name == chosen)
    mark = len(st.log)
    st.apply(MoveObject(card.id, (player, N.DISCARD)))
    ctx.step(T.ACTION, f"Review Step: {player} reviews {card.name} (discards it from hand)",
             ["review", "discard.top"], mark=mark, actor=player)
    game.happen(ctx, [Event("discard", player=player, source=card.id,
                            data=(("cards", (card.id,)),))])


def draw_step(ctx: Context, game: "UfsGame", player: str) -> None:
    """F.1.3: draw until the hand holds at least the hand size (one game event)."""
    st = ctx.state
    N.note(st, N.STEP, "draw")
    size = st.players[player].values.get(N.HAND_SIZE)
    if not isinstance(size, int):
        raise NotModelled(f"{player}'s Draw Step: the hand size is not stated (state the "
                          "character's hand size, or: hand size 7)", ctx.cite_opt("draw-step"))
    need = size - len(st.zones[(player, N.HAND)].ids)
    if need <= 0:
        ctx.step(T.RULE, f"Draw Step: {player} has {len(st.zones[(player, N.HAND)].ids)} "
                 f"card(s) in hand, hand size {size}: no card is drawn", ["draw-step"],
                 actor=player)
        return
    game.draw(ctx, player, need, f"Draw Step: {player} draws up to hand size {size}",
              ["draw-step", "draw.one-event"])


# ------------------------------------------------------------------ F.3 end phase

def end_phase(ctx: Context, game: "UfsGame") -> None:
    """F.3: the active player clears their card pool, then the inactive player, each from
    right to left; then the turn ends (F.3.3)."""
    st = ctx.state
    N.note(st, N.PHASE, "end")
    N.note(st, N.STEP, None)
    player = N.active(st)
    ctx.step(T.RULE, f"{player}'s End Phase begins: the card pools are cleared",
             ["end-phase", "clear", "clear.order"])
    game.phase_event(ctx, "start", "end phase")
    for p in N.players_in_turn_order(st):
        for o in reversed(N.in_zone(st, p, N.POOL)):
            if st.result is not None:
                return
            clear(ctx, game, p, o)
    end_turn(ctx, game)


def clear(ctx: Context, game: "UfsGame", player: str, o) -> None:
    st = ctx.state
    mark = len(st.log)
    kind = N.card_type(o)
    if (kind in ("foundation", "asset", "character") and N.PLAYED in o.flags
            and N.AS_BLOCK not in o.flags):
        st.apply(MoveObject(o.id, (player, N.STAGING)))
        ctx.step(T.RULE, f"{player} clears {o.name} from the card pool: a {kind} played this "
                 "turn is added to the staging area (ready)",
                 ["clear-card", "clear.right-to-left", "clear.staging", "zones.ready"], mark=mark)
        game.happen(ctx, [Event("enter staging", player=player, source=o.id)])
        return
    original = N.copy_of(o)
    if original is not None and N.DEALT in o.flags:
        st.apply(MoveObject(o.id, (player, N.DISCARD)))
        ctx.step(T.RULE, f"{player} clears a multiple copy of "
                 f"{st.objects[original].name}: a multiple copy that would be added to "
                 "momentum is discarded instead", ["clear.right-to-left", "clear.momentum",
                                                   "multiple"], mark=mark)
        return
    if kind == "attack" and N.DEALT in o.flags:
        choice = ctx.decide(Decision(
            key=f"momentum:{o.id}:{o.incarnation}", player=player, kind="momentum",
            prompt=f"whether {player} adds {o.name}, an attack that dealt damage, to momentum "
                   "or discards it", options=(TO_MOMENTUM, TO_DISCARD),
            citation=ctx.cite_opt("clear.momentum") or "",
            example=f'{player} adds "{o.name}" to momentum', default=TO_MOMENTUM,
            policy="momentum",
            default_text=f"momentum: add - {player} adds {o.name} to momentum (not stated)"))
        if choice == TO_MOMENTUM:
            st.apply(MoveObject(o.id, (player, N.MOMENTUM), face_up=False))
            ctx.step(T.RULE, f"{player} clears {o.name} from the card pool: it dealt damage "
                     "and is added to momentum (face down)",
                     ["clear-card", "clear.right-to-left", "clear.momentum", "momentum.add"],
                     mark=mark)
            return
    st.apply(MoveObject(o.id, (player, N.DISCARD)))
    ctx.step(T.RULE, f"{player} clears {o.name} from the card pool: it is discarded",
             ["clear-card", "clear.right-to-left", "clear.discard" if kind != "attack" or
              N.DEALT not in o.flags else "clear.momentum", "discard.top"], mark=mark)


def end_turn(ctx: Context, game: "UfsGame") -> None:
    """F.3.3: the turn ends; effects that last until then end (J.2.2.1, J.2.3.1), current
    states are refreshed (C.3.3.4.2.1); the other player's turn begins with the Ready Phase."""
    st = ctx.state
    player = N.active(st)
    nxt = N.other(st, player)
    mark = len(st.log)
    ended = EF.expire(st, "end of turn")
    for m in [m for m in list(st.modifiers.values()) if m.layer == V.CURRENT]:
        st.apply(RemoveModifier(m.id))
    for key in (N.USES, N.FORMS, N.CARD_FORM, N.DAMAGED, N.NEXT, N.REVERSALS):
        N.note(st, key, ())
    first = tuple(p for p in N.g(st, N.FIRST_TURN, ()) if p != player)
    N.note(st, N.FIRST_TURN, first)
    for o in list(st.objects.values()):
        if N.SEALED in o.flags:
            st.apply(SetFlag(o.id, N.SEALED, False))
    N.note(st, N.TURN, N.g(st, N.TURN, 1) + 1)
    N.note(st, N.ACTIVE, nxt)
    N.note(st, N.PHASE, "ready")
    N.note(st, N.STEP, "ready")
    ctx.step(T.RULE, f"both card pools are cleared: {player}'s turn ends"
             + (f" ({len(ended)} effect(s) end with it)" if ended else "")
             + f"; every current state is refreshed; {nxt}'s turn begins",
             ["turn.ends", "detached.ends", "refresh.turn"], mark=mark)
    ready_phase(ctx, game)
