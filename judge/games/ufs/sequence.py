"""The attack stack (F.2.3) and the attack sequence (G): the Enhance Step with alternating
priority (G.1), the Block Step with the defender's choice of block card (G.2, a decision
answered by ``Bob blocks with "..."`` / ``Bob does not block``), the Damage Step with complete
and partial blocks (G.3), attack resolution (G.4) and dropped attacks (G.5.2)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.events import Event
from judge.engine.state import GameObject, SetFlag
from judge.games.ufs import names as N
from judge.games.ufs import play as P
from judge.games.ufs import values as V

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.ufs.game import UfsGame

NO_BLOCK = "no block"
COMPLETE, PARTIAL, NOT_BLOCKED = "completely blocked", "partially blocked", "not blocked"

_FITS = {"low": ("low", "mid"), "high": ("high", "mid"), "mid": ("low", "mid", "high")}
_FIT_RULE = {"low": "block.low", "high": "block.high", "mid": "block.mid"}


def push(ctx: Context, oid: int, procedures: list[str] | None = None) -> None:
    """F.2.3: an attack played (not as a cost) is added to the attack stack."""
    st = ctx.state
    o = st.objects[oid]
    stack = tuple(N.g(st, N.STACK, ())) + (oid,)
    mark = len(st.log)
    N.note(st, N.STACK, stack)
    ctx.step(T.RULE, f"{o.name} is added to the attack stack: a pending attack"
             + (f" ({len(stack)} pending)" if len(stack) > 1 else ""),
             ["attack-stack", "attack-stack.shared", "attack-stack.pool", "pending"]
             + (procedures or []), mark=mark)


def forms_possible(st) -> bool:
    """F.2.1.1-F.2.1.3: nothing being played or executing, no response window open (both true
    between the scenario's lines and whenever this is asked), no attack sequence."""
    return st.globals.get(N.ATTACK) is None and st.result is None


def proceed(ctx: Context, game: "UfsGame") -> None:
    """F.2.3.4: whenever a form could otherwise be played, enter an attack sequence for the
    pending attack most recently added to the attack stack (a pending attack that left the
    card pool or was turned face down is removed first, F.2.3.5)."""
    st = ctx.state
    while forms_possible(st) and N.g(st, N.STACK, ()):
        stack = list(N.g(st, N.STACK, ()))
        oid = stack.pop()
        N.note(st, N.STACK, tuple(stack))
        o = st.objects[oid]
        if o.zone[1] != N.POOL or (not o.face_up and N.copy_of(o) is None):
            ctx.step(T.RULE, f"{o.name} left the card pool or was turned face down: it is "
                     "removed from the attack stack", ["attack-stack.leave"])
            continue
        enter(ctx, game, o)


def enter(ctx: Context, game: "UfsGame", o: GameObject) -> None:
    st = ctx.state
    attacker = o.controller
    mark = len(st.log)
    N.note(st, N.ATTACK, o.id)
    N.note(st, "attack incarnation", o.incarnation)
    N.note(st, N.ATTACKER, attacker)
    N.note(st, N.BLOCK, None)
    N.note(st, N.STATUS, None)
    N.note(st, N.DROPPED, False)
    ctx.step(T.RULE, f"{o.name} enters its attack sequence: {attacker} is the attacker, "
             f"{N.other(st, attacker)} the defender", ["attack-stack.enter", "attack-sequence",
                                                        "sequence.in-phase"], mark=mark)
    game.next_attack(ctx, attacker, o)
    if "Flash" in N.keywords(st, o):
        ctx.step(T.RULE, f"{o.name} has Flash: its Enhance Step is skipped", ["flash"])
        block_step(ctx, game)
        return
    start_enhance(ctx, game)


def start_enhance(ctx: Context, game: "UfsGame") -> None:
    st = ctx.state
    N.note(st, N.ENHANCE_NO, N.g(st, N.ENHANCE_NO, 0) + 1)
    N.note(st, N.STEP, "enhance")
    N.note(st, "first enhance attempted", ())
    attacker = N.g(st, N.ATTACKER)
    ctx.step(T.RULE, f"Enhance Step: {attacker}, the attacker, has priority first",
             ["enhance-step", "enhance.priority"])
    give(ctx, game, attacker, passes=0)


def give(ctx: Context, game: "UfsGame", player: str, passes: int) -> None:
    """G.1.1: a player gets priority to play an enhance (G.5.2.1.1: a dropped attack's
    sequence is aborted instead)."""
    st = ctx.state
    if dropped(ctx, game, "a player would receive priority to play an enhance",
               "dropped.enhance"):
        return
    N.note(st, N.HOLDER, player)
    N.note(st, N.PASSES, passes)


def after_enhance(ctx: Context, game: "UfsGame", player: str) -> None:
    """G.1.1: after an enhance, the other player has priority."""
    st = ctx.state
    if st.globals.get(N.STEP) != "enhance" or st.result is not None:
        return
    give(ctx, game, N.other(st, player), passes=0)


def pass_enhance(ctx: Context, game: "UfsGame", player: str, default: str | None) -> None:
    """G.1.2: the player with priority passes; when both pass in succession the Enhance Step
    ends (G.1.3)."""
    st = ctx.state
    passes = N.g(st, N.PASSES, 0) + 1
    ctx.step(T.ACTION, f"{player} passes priority in the Enhance Step", ["enhance.pass"],
             actor=player, default=default)
    if passes >= 2:
        ctx.step(T.RULE, "both players passed in succession: the Enhance Step ends",
                 ["enhance.ends"])
        N.note(st, N.HOLDER, None)
        block_step(ctx, game)
        return
    give(ctx, game, N.other(st, player), passes)


def dropped(ctx: Context, game: "UfsGame", moment: str, procedure: str) -> bool:
    """G.5.2: an attack that left the card pool or was turned face down before its Damage
    Step is dropped; its sequence is aborted at the next moment of G.5.2.1."""
    st = ctx.state
    o = N.attack(st)
    if o is None:
        return False
    gone = (o.zone[1] != N.POOL or o.incarnation != N.g(st, "attack incarnation")
            or (not o.face_up and N.copy_of(o) is None))
    if not gone:
        return False
    ctx.step(T.RULE, f"{o.name} left the card pool or was turned face down during its attack "
             f"sequence: it is a dropped attack, and as {moment} its attack sequence is "
             "aborted", ["dropped", "dropped.abort", procedure])
    N.note(st, "last dropped", o.id)
    end_sequence(ctx, game, o, aborted=True)
    return True


def block_step(ctx: Context, game: "UfsGame") -> None:
    """G.2: the defender decides whether to attempt to block, with which card."""
    st = ctx.state
    if dropped(ctx, game, "the attack sequence would move to the Block Step", "dropped.step"):
        return
    attack = N.attack(st)
    assert attack is not None
    defender = N.other(st, attack.controller)
    N.note(st, N.STEP, "block")
    N.note(st, N.HOLDER, None)
    zone = V.value(st, attack.id, "zone")
    ctx.step(T.RULE, f"Block Step: {defender}, the defender, decides whether to attempt to "
             f"block {attack.name} (a {zone} attack)", ["block-step", "block.decide",
                                                        "attack.zone"]
             + V.layers(st, attack.id, "zone"))
    hand = N.in_zone(st, defender, N.HAND)
    fits = {o.name: o for o in hand if why_not_block(ctx, defender, o, attack) is None}
    chosen = NO_BLOCK
    if not fits:
        ctx.step(T.RULE, f"{defender} has no card in hand that could block {attack.name} "
                 f"(zone {V.value(st, attack.id, 'zone')}): {defender} cannot attempt to block",
                 ["block.no-card", "block.choose"], actor=defender)
    else:
        names = tuple(dict.fromkeys(o.name for o in hand))
        chosen = ctx.decide(Decision(
            key=f"block:{attack.id}:{attack.incarnation}", player=defender, kind="block",
            prompt=f"whether {defender} attempts to block {attack.name}, and with which card",
            options=names + (NO_BLOCK,), citation=ctx.cite_opt("block.decide") or "",
            example=f'{defender} blocks with "{next(iter(fits))}"', default=NO_BLOCK,
            policy="blocking",
            default_text=f"blocking: none - {defender} does not attempt to block "
                         f"{attack.name} (not stated)"))
        if chosen != NO_BLOCK and chosen not in fits:
            card = next((o for o in hand if o.name == chosen), None)
            why = (why_not_block(ctx, defender, card, attack) if card is not None else
                   (f"{chosen} is not in {defender}'s hand", "block.choose"))
            ctx.step(T.REFUSED, f"{defender} blocks with {chosen}: not allowed - {why[0]}",
                     ["block.choose", why[1]], actor=defender)
            ctx.step(T.CHOICE, f"{defender} does not attempt to block {attack.name}",
                     ["block.none"], actor=defender,
                     default=f"blocking: none - no legal block is stated")
            chosen = NO_BLOCK
    played: GameObject | None = None
    if chosen == NO_BLOCK:
        if fits:
            ctx.step(T.RULE, f"{defender} does not attempt to block", ["block.none"])
    else:
        card = fits[chosen]
        zone = str(V.value(st, attack.id, "zone"))
        ctx.step(T.ACTION, f"{defender} attempts to block {attack.name} (a {zone} attack) with "
                 f"{card.name} ({V.value(st, card.id, 'block zone')} block)",
                 ["block.attempt", "block.choose", _FIT_RULE.get(zone, "block.choose"),
                  "block.playable", "block.begin", "block.play"], actor=defender)
        if P.attempt_card(ctx, game, defender, card, purpose="block", attack=attack):
            played = st.objects[card.id]
            N.note(st, N.BLOCK, played.id)
            game.happen(ctx, [Event("block", player=defender, source=played.id,
                                    target=attack.id)])
    if st.result is not None or N.attack(st) is None:
        return
    if dropped(ctx, game, "the block status would be determined", "dropped.step"):
        return
    status(ctx, game, attack, st.objects[played.id] if played is not None else None)


def why_not_block(ctx: Context, defender: str, card: GameObject,
                  attack: GameObject) -> tuple[str, str] | None:
    """G.2.1.3.1: why ``card`` cannot be chosen to block ``attack`` (reason, procedure)."""
    st = ctx.state
    if card.zone != (defender, N.HAND):
        return f"{card.name} is not in {defender}'s hand", "block.choose"
    zone = V.value(st, attack.id, "zone")
    block = V.value(st, card.id, "block zone")
    if not block:
        return f"{card.name} has no block", "block.choose"
    fits = _FITS.get(str(zone), ())
    if block not in fits:
        return (f"{attack.name} is a {zone} attack and {card.name} has a {block} block "
                f"(it must be {' or '.join(fits)})", _FIT_RULE.get(str(zone), "block.choose"))
    try:
        P.verify_card(ctx, defender, card, purpose="block")
    except Exception as err:           # IllegalAction: E.4.1.1 / E.4.1.2
        reason = getattr(err, "reason", str(err))
        return f"{card.name} cannot be legally played ({reason})", "block.playable"
    return None


def status(ctx: Context, game: "UfsGame", attack: GameObject, block: GameObject | None) -> None:
    """G.2.2: the block status."""
    st = ctx.state
    mark = len(st.log)
    if block is None:
        result, proc = NOT_BLOCKED, "block.not"
        why = "no block was played"
    else:
        bz, az = V.value(st, block.id, "block zone"), V.value(st, attack.id, "zone")
        if bz == az:
            result, proc = COMPLETE, "block.complete"
            why = f"{block.name}'s block zone ({bz}) is the attack's zone"
        else:
            result, proc = PARTIAL, "block.partial"
            why = f"{block.name}'s block zone ({bz}) is not the attack's zone ({az})"
    N.note(st, N.STATUS, result)
    st.apply(SetFlag(attack.id, result))
    ctx.step(T.RULE, f"{attack.name} is {result}: {why}", ["block.status", proc], mark=mark)
    game.happen(ctx, [Event("block status", player=attack.controller, source=attack.id,
                            data=(("status", result),))])
    if st.result is None and N.attack(st) is not None:
        damage_step(ctx, game)


def damage_step(ctx: Context, game: "UfsGame") -> None:
    """G.3: the attack deals damage once to the defender."""
    st = ctx.state
    if dropped(ctx, game, "the Damage Step would begin", "dropped.step"):
        return
    attack = N.attack(st)
    assert attack is not None
    N.note(st, N.STEP, "damage")
    defender = N.other(st, attack.controller)
    damage = V.number(st, attack.id, "damage") or 0
    result = N.g(st, N.STATUS)
    procs = ["damage-step", "attack.damage"] + V.layers(st, attack.id, "damage")
    if result == COMPLETE:
        if "Throw" in N.keywords(st, attack):
            amount = math.ceil(damage / 2)
            procs += ["throw"]
            why = f"it has Throw: completely blocked, it deals half its damage {damage}, " \
                  f"rounded up: {amount}"
        else:
            amount, why = 0, "it was completely blocked"
            procs += ["damage.none"]
    elif result == PARTIAL:
        amount = math.ceil(damage / 2)
        procs += ["damage.half"]
        why = f"it was partially blocked: half its damage {damage}, rounded up: {amount}"
    else:
        amount = damage
        procs += ["damage.full"]
        why = f"it was not blocked: its damage {damage}"
    if amount <= 0:
        ctx.step(T.RULE, f"Damage Step: {attack.name} deals no damage ({why}"
                 + ("" if result == COMPLETE and amount == 0 else
                    "; damage of zero or less is no damage") + ")",
                 procs + ["damage.none"])
    else:
        ctx.step(T.RULE, f"Damage Step: {attack.name} deals {amount} damage to {defender} "
                 f"({why})", procs)
        game.happen(ctx, [Event("damage", player=defender, amount=amount, source=attack.id)])
    if st.result is None and N.attack(st) is not None:
        resolve(ctx, game)


def resolve(ctx: Context, game: "UfsGame") -> None:
    """G.4: the attack has resolved and its attack sequence ends."""
    st = ctx.state
    attack = N.attack(st)
    assert attack is not None
    N.note(st, N.STEP, "resolution")
    ctx.step(T.RULE, f"{attack.name} has resolved: its attack sequence ends", ["resolution"])
    end_sequence(ctx, game, attack, aborted=False)


def end_sequence(ctx: Context, game: "UfsGame", attack: GameObject, *, aborted: bool) -> None:
    st = ctx.state
    block = st.globals.get(N.BLOCK)
    for key in (N.ATTACK, N.ATTACKER, N.HOLDER, N.PASSES, N.BLOCK, N.STEP, "attack incarnation"):
        N.note(st, key, None)
    N.note(st, N.DROPPED, False)
    why = "its attack was aborted" if aborted else "its attack resolved"
    if attack.zone[1] == N.POOL:
        V.refresh(ctx, attack.id, ["current.refresh", "refresh.attack"], why, game.statics_on)
    if block is not None and st.objects[block].zone[1] == N.POOL:
        V.refresh(ctx, block, ["current.refresh", "refresh.block"],
                  "the attack it was played during " + ("was aborted" if aborted else
                                                       "resolved"), game.statics_on,
                  always=True)
    game.end_awaiting(ctx, attack.id)
    if not aborted:
        if block is not None and "Safe" in N.keywords(st, attack):
            ctx.step(T.RULE, f"{attack.name} has Safe: no attack can be played as a reversal "
                     "to it", ["safe", "reversal.safe"])
        game.happen(ctx, [Event("resolve", player=attack.controller, source=attack.id,
                                data=(("blocked", block is not None),))])
    if st.result is None:
        proceed(ctx, game)


def mark_dealt(ctx: Context, attack: int) -> None:
    st = ctx.state
    st.apply(SetFlag(attack, N.DEALT))
    N.note(st, N.DAMAGED, tuple(N.g(st, N.DAMAGED, ())) + (attack,))
