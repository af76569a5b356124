"""The game round (ashes-raven-1.1 2.1.0) and meditation (3.3.0).

Player Turns Phase: starting with the first player, players alternate turns; on a turn a player
takes one main action (required: pay a main action cost, attack, or pass) and may take one side
action before or after it (pay a side action cost, meditate, activate a dice power). The phase
ends when all players consecutively pass their main action; the Recovery Phase follows (recover,
remove exhaustion, exhaust dice, pass the first player token). The next round's Prepare Phase
(roll dice, discard, draw) needs the dice rolled and the cards drawn, which a scenario states
after it: the module stops there (``not modelled`` for a line that would need it).

A turn ends when its player has taken the main action and another player acts (the engine's
implicit step, marked as a default in the ruling).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.engine import effects as E
from judge.engine import events as V
from judge.engine import trace as T
from judge.engine.errors import IllegalAction
from judge.engine.events import Event
from judge.engine.state import AddCounter, MoveObject
from judge.games.ashes import zones as Z
from judge.games.ashes.zones import SetFace

if TYPE_CHECKING:  # pragma: no cover
    from judge.engine.context import Context
    from judge.games.ashes.game import AshesGame


def pass_main(game: "AshesGame", ctx: "Context", player: str) -> None:
    st = ctx.state
    mark = len(st.log)
    passes = int(st.globals.get("passes", 0)) + 1
    st.apply(Z.Mark("main spent", True))
    st.apply(Z.Mark("passes", passes))
    ctx.step(T.ACTION, f"{player} passes (the main action Pass)", ["turn.pass", "turn.main"],
             mark=mark, actor=player)
    if passes >= len(st.players):
        ctx.step(T.RULE, "all players have passed their main action consecutively: the "
                 "Player Turns Phase ends", ["turn.pass"])
        recovery(game, ctx)


def end_turn(game: "AshesGame", ctx: "Context", *, default: bool) -> None:
    st = ctx.state
    players = list(st.players)
    now = game.active(st)
    nxt = players[(players.index(now) + 1) % len(players)]
    mark = len(st.log)
    E.expire(st, "end of turn")
    barred = tuple(p for p in st.globals.get("side barred", ()) if p != now)
    pending = tuple(st.globals.get("no side actions", ()))
    if nxt in pending:
        barred = barred + (nxt,)
        pending = tuple(p for p in pending if p != nxt)
    st.apply(Z.Mark("side barred", barred))
    st.apply(Z.Mark("no side actions", pending))
    st.apply(Z.Mark("active", nxt))
    st.apply(Z.Mark("main spent", False))
    st.apply(Z.Mark("side spent", 0))
    st.apply(Z.Mark("turn", int(st.globals.get("turn", 1)) + 1))
    ctx.step(T.RULE, f"{now}'s turn ends (the main action is taken) and it is {nxt}'s turn"
             + (f"; {nxt} may not perform side actions on this turn (time dice power)"
                if nxt in barred else ""),
             ["turn.order", "active-player"] + (["dice.power"] if nxt in barred else []),
             mark=mark, default=f"turns: {now} takes no further action this turn (not stated)"
             if default else None)


def recovery(game: "AshesGame", ctx: "Context") -> None:
    """The Recovery Phase of 2.1.0, then the end of the round."""
    st = ctx.state
    mark = len(st.log)
    st.apply(Z.Mark("phase", "recovery"))
    ctx.step(T.RULE, "Recovery Phase", ["round.recovery"], mark=mark)
    for p in game.order_from_active(st):                                 # Recover
        for o in st.in_zone((p, "battlefield")):
            if not Z.is_unit(o):
                continue
            wounds = Z.tokens(st, o.id, Z.WOUND)
            recover = ctx.value(o.id, "recover")
            n = min(wounds, recover if isinstance(recover, int) else 0)
            if n:
                mark = len(st.log)
                st.apply(AddCounter(o.id, Z.WOUND, -n))
                ctx.step(T.RULE, f"Recover: {o.name} removes {T.plural(n, 'wound tokens')} "
                         f"(recover {recover})", ["round.recovery", "value.recover"], mark=mark)
    mark = len(st.log)
    for p in st.players:                                                  # Remove Exhaustion
        for zone in ("phoenixborn", "battlefield", "spellboard", "attached"):
            for o in st.in_zone((p, zone)):
                if Z.exhausted(st, o.id):
                    st.apply(AddCounter(o.id, Z.EXHAUSTION, -1))
    if len(st.log) > mark:
        ctx.step(T.RULE, "Remove Exhaustion: one exhaustion token comes off each card that has "
                 "one", ["round.recovery"], mark=mark)
    for p in game.order_from_active(st):                                 # Exhaust Dice
        ctx.step(T.CHOICE, f"Exhaust Dice: {p} keeps the dice of the active pool",
                 ["round.recovery"], actor=p,
                 default=f"optional: decline - {p} moves no die to the exhausted pool (not "
                         "stated)")
    mark = len(st.log)
    for die, _unit, _kind in st.globals.get("placed dice", ()):
        d = st.objects[die]
        st.apply(MoveObject(die, (d.owner, "exhausted pool")))
    if st.globals.get("placed dice"):
        st.apply(Z.Mark("placed dice", ()))
        ctx.step(T.RULE, "the dice placed on units by the charm dice power go to their owners' "
                 "exhausted pools at the end of the round", ["dice.power"], mark=mark)
    players = list(st.players)
    first = st.globals.get("first player", players[0])
    nxt = players[(players.index(first) + 1) % len(players)]
    mark = len(st.log)
    st.apply(Z.Mark("first player", nxt))
    ctx.step(T.RULE, f"Pass First Player Token: {first} passes it to {nxt}", ["round.recovery"],
             mark=mark)
    V.run(ctx, Event("round end", player=first))
    E.expire(st, "end of round")
    mark = len(st.log)
    st.apply(Z.Mark("round", int(st.globals.get("round", 1)) + 1))
    st.apply(Z.Mark("phase", "prepare"))
    st.apply(Z.Mark("active", nxt))
    st.apply(Z.Mark("main spent", False))
    st.apply(Z.Mark("side spent", 0))
    st.apply(Z.Mark("passes", 0))
    ctx.step(T.RULE, f"round {st.globals['round']} begins with its Prepare Phase (roll dice, "
             "discard cards, draw cards): the scenario must state its rolls and draws",
             ["round.prepare"], mark=mark)


# --------------------------------------------------------------------------- meditation (3.3.0)

def verify_meditate(game: "AshesGame", ctx: "Context", player: str, cards: tuple[int, ...],
                    faces: tuple) -> None:
    st = ctx.state
    deck = [o.id for o in st.in_zone((player, "deck"))]
    from_deck = 0
    for c in cards:
        o = st.objects[c]
        if o.zone == (player, "deck"):
            if deck[from_deck:from_deck + 1] != [c]:
                raise IllegalAction("meditate", f"{o.name} is not the top card of {player}'s "
                                    "draw pile when it would be discarded", ctx.cite("meditate"))
            from_deck += 1
        elif o.zone == (player, "spellboard"):
            if Z.exhausted(st, c):
                pass
        elif o.zone != (player, "hand"):
            raise IllegalAction("meditate", f"{o.name} is not in {player}'s hand, draw pile or "
                                "spellboard", ctx.cite("meditate"))
    if len(faces) > len(cards):
        raise IllegalAction("meditate", f"{player} discards {len(cards)} cards and may change "
                            f"up to {len(cards)} dice, not {len(faces)}", ctx.cite("meditate"))
    pool = [o for o in st.in_zone((player, "active pool"))]
    for label in faces:
        dtype = label.partition(" ")[0]
        if not any(Z.die_type(o) == dtype for o in pool):
            raise IllegalAction("meditate", f"{player} has no {dtype} die in the active pool",
                                ctx.cite("meditate"))


def meditate(game: "AshesGame", ctx: "Context", player: str, cards: tuple[int, ...],
             faces: tuple) -> None:
    """3.3.0: discard one card at a time (from the draw pile, the hand or a ready spell on the
    spellboard) until stopping; what triggers on the discards resolves (1b); then change the
    facing of up to as many dice in the active pool as cards were discarded."""
    st = ctx.state
    mark = len(st.log)
    st.apply(Z.Mark("side spent", int(st.globals.get("side spent", 0)) + 1))
    ctx.step(T.ACTION, f"{player} meditates (a side action)", ["meditate", "turn.side"],
             mark=mark, actor=player)
    discarded: dict[str, list[int]] = {}
    for c in cards:
        o = st.objects[c]
        zone = o.zone[1]
        where = {"deck": "the top of the draw pile", "hand": "hand",
                 "spellboard": "the spellboard"}[zone]
        discarded.setdefault(zone, []).append(c)
        if zone == "spellboard":
            game.remove_from_play(ctx, c, destroyed=False, by=f"{player}'s meditation")
            continue
        mark = len(st.log)
        st.apply(MoveObject(c, (player, "discard")))
        ctx.step(T.EVENT, f"step 1: {player} discards {o.name} from {where}", ["meditate"],
                 mark=mark, actor=player)
    if cards:
        ctx.step(T.RULE, "step 1b: effects triggered by discarding one or more cards may be "
                 "activated now", ["meditate"])
        for zone, ids in discarded.items():
            if zone != "spellboard":
                V.run(ctx, Event("discard", player=player, target=ids[-1], amount=len(ids),
                                 data=(("from zone", zone), ("cards", tuple(ids)))))
    used: list[int] = []
    mark = len(st.log)
    for label in faces:
        dtype, _, face = label.partition(" ")
        pool = [o for o in st.in_zone((player, "active pool")) if o.id not in used
                and Z.die_type(o) == dtype]
        d = next((o for o in pool if o.base.get("face") != face), None) or pool[0]
        used.append(d.id)
        st.apply(SetFace(d.id, face))
    ctx.step(T.RULE, f"step 2: {player} changes the facing of {T.plural(len(faces), 'dice')} "
             f"(up to {len(cards)}, one per card discarded)"
             + (": " + ", ".join(faces) if faces else ""),
             ["meditate"], mark=mark, actor=player)
