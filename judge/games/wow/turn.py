"""The turn sequence (500-503): start phase (ready step 501.1, draw step 501.2), action phase
(502) with its combats, end phase (503.1) and wrap-up step (503.2). A priority window closes
when every player passes in succession with the chain empty (410.4b), and the game advances to
the next step; there are no priority windows between phases or turns (500.1).

The step the game is in is the global ``step``: ``ready``, ``draw``, ``action``, ``attack
window``, ``defend window``, ``end``.
"""

from __future__ import annotations

from judge.engine import effects as CE
from judge.engine import events as V
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.events import Event
from judge.engine.state import SetGlobal, State
from judge.games.wow import model as W
from judge.games.wow import moves as MV
from judge.games.wow import restrictions as R

STEP = "step"


def step_of(state: State) -> str:
    return state.globals.get(STEP, "action")


def set_step(state: State, step: str) -> None:
    state.apply(SetGlobal(STEP, step))


def non_combat_action_phase(state: State, player: str) -> bool:
    """502.1: the turn player's action phase outside a combat step."""
    from judge.games.wow import combat as K
    return (W.turn_player(state) == player and step_of(state) == "action"
            and K.combat(state) is None)


def window_closes(game, ctx: Context) -> None:
    """410.4b: every player passed with the chain empty: the window closes and the game
    advances."""
    st = ctx.state
    step = step_of(st)
    from judge.games.wow import combat as K
    if step == "attack window":
        K.attack_window_closes(game, ctx)
        return
    if step == "defend window":
        K.conclude(game, ctx)
        return
    if step == "ready":
        mark = len(st.log)
        set_step(st, "draw")
        tp = W.turn_player(st)
        CE.expire(st, f"ready step ends:{tp}")
        ctx.step(T.RULE, "the ready step's window closes: the ready step ends and the draw step "
                 "starts", ["turn", "priority.window-closes"], mark=mark)
        if st.globals.get("first turn") and st.globals.get("first player") == tp \
                and W.current_turn(st) == st.globals.get("first turn number", 1):
            ctx.step(T.RULE, f"{tp} is the first player: no card is drawn on the first turn",
                     ["turn.first-draw"])
        else:
            ctx.step(T.RULE, f"{tp} draws a card as the draw step starts", ["turn.draw"])
            MV.draw(ctx, tp, 1)
        game.give_priority(ctx)
        return
    if step == "draw":
        mark = len(st.log)
        set_step(st, "action")
        ctx.step(T.RULE, "the draw step's window closes: the start phase ends and the action "
                 "phase starts: a priority window opens", ["priority.window-closes",
                                                           "turn.action"], mark=mark)
        game.give_priority(ctx)
        return
    if step == "action":
        mark = len(st.log)
        set_step(st, "end")
        ctx.step(T.RULE, "every player passed with the chain empty in the non-combat action "
                 "phase: the action phase ends and the end phase starts", ["turn.action-ends",
                                                                          "turn.end-phase",
                                                                          "priority.window-closes"],
                 mark=mark)
        V.run(ctx, Event("end", player=W.turn_player(st), data=(("phase", "turn"),)))
        game.give_priority(ctx)
        return
    if step == "end":
        wrap_up(game, ctx)
        return


def wrap_up(game, ctx: Context) -> None:
    """503.2a: discard down to the maximum hand size, end-of-turn modifiers expire, and the
    next player clockwise starts his turn."""
    st = ctx.state
    tp = W.turn_player(st)
    mark = len(st.log)
    set_step(st, "wrap-up")
    ctx.step(T.RULE, "the end phase's window closes: the wrap-up step starts (no priority)",
             ["turn.wrap-up"], mark=mark)
    size = st.players[tp].values.get("maximum hand size", 7)
    hand = list(st.zones[(tp, W.HAND)].ids)
    extra = len(hand) - int(size)
    if extra > 0:
        names = tuple(dict.fromkeys(st.objects[o].name for o in hand))
        picks = ctx.decide(Decision(
            key=f"wrap-up discard:{W.current_turn(st)}", player=tp, kind="discard",
            prompt=f"which {extra} card(s) {tp} discards down to {size}", options=names,
            citation=ctx.cite("turn.wrap-up"), example=f'{tp} discards "{names[0]}"',
            count=extra))
        picks = (picks,) if isinstance(picks, str) else tuple(picks)
        pool = list(hand)
        for name in picks:
            oid = next((o for o in pool if st.objects[o].name == name), None)
            if oid is not None:
                pool.remove(oid)
                MV.move(ctx, oid, W.GRAVEYARD, "discard", by=tp)
    mark = len(st.log)
    ended = CE.expire(st, "end of turn")
    if ended:
        ctx.step(T.RULE, f"{len(ended)} modifier(s) that last until end of turn expire: "
                 + "; ".join(e.description for e in ended), ["turn.wrap-up"], mark=mark)
    order = W.seat_order(st, tp)
    nxt = order[1] if len(order) > 1 else tp
    start_turn(game, ctx, nxt)


def start_turn(game, ctx: Context, player: str) -> None:
    """501.1a: the ready step's actions, in order, without the chain; then its window."""
    st = ctx.state
    mark = len(st.log)
    st.apply(SetGlobal("turn", W.current_turn(st) + 1))
    st.apply(SetGlobal("turn player", player))
    set_step(st, "ready")
    starts = dict(st.globals.get("turn starts", ()))
    starts[player] = st.tick()
    W.set_record(st, "turn starts", tuple(sorted(starts.items())))
    ctx.step(T.RULE, f"{player}'s turn starts: the start phase's ready step", ["turn",
                                                                             "turn.ready-step"],
             mark=mark)
    mark = len(st.log)
    ended = CE.expire(st, f"start of turn:{player}")
    if ended:
        ctx.step(T.RULE, "modifiers that last until the start of this turn expire: "
                 + "; ".join(e.description for e in ended), ["turn.ready-step"], mark=mark)
    readied = []
    for o in W.party(st, player):
        if not W.exhausted(st, o.id):
            continue
        blockers = R.blockers(st, o.id, "ready", ready_step=True)
        if blockers:
            ctx.step(T.RULE, f"{o.name} can't ready ({', '.join(blockers)})",
                     ["turn.ready-step", "cant"])
            continue
        if _stays_exhausted(ctx, player, o.id):
            continue
        readied.append(o.id)
    if readied:
        mark = len(st.log)
        for oid in readied:
            st.apply(W.Orient(oid, False))
        ctx.step(T.RULE, f"{player} readies every exhausted card in play he controls: "
                 + ", ".join(st.objects[o].name for o in readied), ["turn.ready-step",
                                                                    "ready"], mark=mark)
    _inspire(ctx, player)
    V.run(ctx, Event("start", player=player, data=(("phase", "turn"),)))
    game.give_priority(ctx)


def _stays_exhausted(ctx: Context, player: str, oid: int) -> bool:
    """"You may choose not to ready this ally during your ready step" (Helwen): as the turn
    player readies his cards (501.1a) he may leave it exhausted - stated with ``Alice uses
    "Helwen"`` (or declines); unstated, the ``optional`` policy decides (declined by default:
    it readies). Only while the card has its powers."""
    from judge.games.wow import powers as P
    from judge.games.wow import values as VA
    st = ctx.state
    o = st.objects[oid]
    if not VA.has_powers(st, oid) or not any(p.kind == "may stay exhausted"
                                             for p in P.of(st, oid).powers):
        return False
    use = ctx.choices.find_use(player, o.name)
    no = ctx.choices.find("decline", player, o.name)
    if use is not None or no is not None:
        ctx.choices.consume(use or no)
        stays = use is not None
        ctx.step(T.CHOICE, f"{player} {'chooses not to ready' if stays else 'readies'} "
                 f"{o.name} ({o.name}'s power: he may choose not to ready it during his ready "
                 "step)", ["turn.ready-step", "modifier.may"], actor=player)
    else:
        policy = ctx.policy("optional", "decline")
        stays = ctx.decide(Decision(
            key=f"stay exhausted:{oid}:{len(st.log)}", player=player, kind="may",
            prompt=f"whether {player} leaves {o.name} exhausted during his ready step "
                   f"({o.name}'s power: he may choose not to ready it)", options=("yes", "no"),
            citation=ctx.cite("turn.ready-step"),
            example=f'{player} uses "{o.name}" (or: {player} declines "{o.name}")',
            default="yes" if policy == "use" else "no",
            default_text=f"optional: {policy} - {player} "
                         f"{'leaves' if policy == 'use' else 'readies'} {o.name} (not stated)",
            policy="optional")) == "yes"
    return stays


def _inspire(ctx: Context, player: str) -> None:
    """501.1b: a player other than the turn player whose characters have "Inspire: [cards]"
    may ready, as the turn player readies (802), one of his exhausted [cards] for each card
    type each such power names (two "Inspire: Ally" powers: up to two allies; "Inspire: Ability,
    ally, equipment, hero, and resource": any, all or none of one of each). Only an exhausted
    card can be inspired, and no card twice a turn. Which card is a choice, stated in the
    scenario with ``Alice chooses "Footman"`` (or ``"none"``); unstated, the ``optional``
    policy decides (declined by default). An Inspire power whose card types the card grammar
    did not read (one a modifier grants) is named not modelled."""
    from judge.games.wow import values as VA
    from judge.games.wow.describe import Scope, matches
    st = ctx.state
    turn = W.current_turn(st)
    for p in W.seat_order(st):
        if p == player:
            continue
        for o in W.party(st, p):
            if not VA.has_keyword(st, o.id, "inspire"):
                continue
            kinds = _inspire_kinds(st, o.id) if VA.has_powers(st, o.id) else None
            if kinds is None:
                if any(W.exhausted(st, x.id) for x in W.party(st, p)):
                    ctx.not_modelled(f"{o.name}'s Inspire: which cards it names ({p} may ready "
                                     f"them as {player} readies his cards)",
                                     ctx.cite("turn.inspire"))
                continue
            scope = Scope(you=p, source=o.id)
            for desc in kinds:
                done = {ref for t, ref in W.records(st, "inspired") if t == turn}
                can = [x.id for x in W.party(st, p) if W.exhausted(st, x.id)
                       and (x.id, x.incarnation) not in done and matches(st, desc, x.id, scope)
                       and not R.blockers(st, x.id, "ready")]
                if not can:
                    continue
                _inspire_one(ctx, p, player, o.id, desc, can)


def _inspire_kinds(state: State, oid: int) -> list | None:
    """The card types each printed "Inspire: [cards]" power of ``oid`` names, one description
    per type and power; None when a power's types were not read."""
    from dataclasses import replace
    from judge.games.wow import powers as P
    out = []
    for power in P.of(state, oid).powers:
        for k in power.ability.keywords:
            if k.name.lower() != "inspire":
                continue
            if k.what is None:
                return None
            out += [replace(k.what, alternatives=())] + list(k.what.alternatives)
    return out or None


def _inspire_one(ctx: Context, p: str, player: str, source: int, desc, can: list[int]) -> None:
    st = ctx.state
    names = tuple(dict.fromkeys(st.objects[x].name for x in can))
    what = desc.text.lower() or "card"
    policy = ctx.policy("optional", "decline")
    default = "none" if policy == "decline" else names[0] if len(can) == 1 else None
    pick = ctx.decide(Decision(
        key=f"inspire:{source}:{desc.span.start if desc.span else what}:{len(st.log)}",
        player=p, kind="choose",
        prompt=f"which exhausted {what} {p} readies with {st.objects[source].name}'s Inspire "
               f"as {player} readies his cards (or none)",
        options=names + ("none",), citation=ctx.cite("turn.inspire"),
        example=f'{p} chooses "{names[0]}"', default=default,
        default_text=f"optional: {policy} - {p} "
                     + ("inspires nothing" if default == "none" else f"inspires {default}")
                     + " (not stated)", policy="optional"))
    if pick is None or pick == "none":
        ctx.step(T.CHOICE, f"{p} readies no {what} with {st.objects[source].name}'s Inspire",
                 ["turn.inspire", "kw.inspire"])
        return
    oid = next(x for x in can if st.objects[x].name == pick)
    o = st.objects[oid]
    mark = len(st.log)
    st.apply(W.Orient(oid, False))
    W.record(st, "inspired", (W.current_turn(st), (o.id, o.incarnation)))
    ctx.step(T.RULE, f"{p} readies {o.name} with {st.objects[source].name}'s Inspire, as "
             f"{player} readies his cards (not using the chain)",
             ["turn.inspire", "kw.inspire", "ready"], mark=mark)
    # "When a quest is inspired this way" (Marksman Glous) triggers off it
    V.run(ctx, Event("inspire", player=p, target=oid, source=source))
