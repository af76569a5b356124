"""Attack actions (ashes-raven-1.1 3.2.0-3.2.3, the core framework events of an attack in
6.0.0: Declare Attackers; Choose Target; Declare Blockers or Declare a Guard; Resolve Damage).

An attack is kept in the state (``globals["attack"]``, an :class:`Attack`) from the line that
declares it until its damage is resolved, so that lines may come between its steps: the
defender's blockers or guard, an effect activated "between combat steps" (4.2.0's example).
What is not stated takes the ``blocking`` policy's default (no blocker, no guard), and the next
line, a ``settle`` or the end of the scenario resolves the damage.

Damage: each attacker deals damage equal to its attack value (never below 0, 6.0.0) to the
target of its attack, which a blocker or a guard becomes (3.2.1); a blocker, a guarding unit and
an attacked unit counter, dealing their attack value back (5.0.0: "an effect, attack, or counter
deals damage"). The damage is dealt at the same time, the active player ordering it (5.0.0);
units whose attackers all have Battle Advantage deal theirs first (3.2.2). A blocker destroyed
before the damage means its attacker deals none (3.2.1). Attackers still in play receive an
exhaustion token for dealing attack damage, even when exhausted since they were declared
(3.2.3); countering units receive one for countering.

Not modelled (the core rulebook's rules, not in this document): a Phoenixborn guarding, Bypass
and Stalk, whom a unit counters when several units attack it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from judge.engine import events as V
from judge.engine import trace as T
from judge.engine.errors import IllegalAction, NotModelled, UnstatedChoice
from judge.engine.events import Event
from judge.engine.state import AddCounter
from judge.games.ashes import zones as Z

if TYPE_CHECKING:  # pragma: no cover
    from judge.engine.context import Context
    from judge.games.ashes.game import AshesGame

KEY = "attack"
BLOCKERS, DAMAGE = "blockers", "damage"


@dataclass(frozen=True, slots=True)
class Attack:
    player: str
    defender: str
    kind: str                                   # "phoenixborn" | "unit"
    target: int
    attackers: tuple[int, ...]
    step: str = BLOCKERS
    blocks: tuple[tuple[int, int], ...] = ()    # (attacker, blocker)
    guard: int | None = None
    declared: bool = False                      # blockers / guard declared (or defaulted)


def current(state) -> Attack | None:
    return state.globals.get(KEY)


def _set(ctx: "Context", attack: Attack | None) -> None:
    ctx.state.apply(Z.Mark(KEY, attack))


# --------------------------------------------------------------------------- declaring

def verify_attack(game: "AshesGame", ctx: "Context", player: str, attackers: tuple[int, ...],
                  target: Any) -> None:
    st = ctx.state
    game.verify_turn(ctx, "attack", player, main=True)
    if not attackers:
        raise IllegalAction("attack", "at least 1 unit must be declared as an attacker",
                            ctx.cite("attack.declare"))
    for a in attackers:
        o = st.objects[a]
        if o.zone != (player, "battlefield") or not Z.is_unit(o):
            raise IllegalAction("attack", f"{o.name} is not a unit on {player}'s battlefield",
                                ctx.cite("attack.declare"))
        if Z.exhausted(st, a):
            raise IllegalAction("attack", f"{o.name} is exhausted: a unit must be unexhausted "
                                "to be declared as an attacker", ctx.cite("attack.damage"))
    t = _target(game, st, target)
    if t is None:
        raise IllegalAction("attack", "the target of an attack is an opponent's Phoenixborn or "
                            "one of their units", ctx.cite("core-event"))
    o = st.objects[t]
    if o.controller == player:
        raise IllegalAction("attack", f"{o.name} is {player}'s own", ctx.cite("core-event"))
    if not Z.in_play(o):
        raise IllegalAction("attack", f"{o.name} is not in play", ctx.cite("in-play"))


def _target(game: "AshesGame", st, target: Any) -> int | None:
    if isinstance(target, str):
        return game.phoenixborn_of(st, target)
    if isinstance(target, int):
        o = st.objects[target]
        if Z.is_unit(o) or Z.card_type(o) == "phoenixborn":
            return target
    return None


def attack(game: "AshesGame", ctx: "Context", player: str, attackers: tuple[int, ...],
           target: Any) -> None:
    st = ctx.state
    t = _target(game, st, target)
    assert t is not None
    o = st.objects[t]
    kind = "phoenixborn" if Z.card_type(o) == "phoenixborn" else "unit"
    names = ", ".join(st.objects[a].name for a in attackers)
    mark = len(st.log)
    st.apply(Z.Mark("main spent", True))
    st.apply(Z.Mark("passes", 0))
    ctx.step(T.ACTION, f"{player} takes the main action Attack a "
             f"{'Phoenixborn' if kind == 'phoenixborn' else 'Unit'}: declares {names} as "
             f"attacker{'s' if len(attackers) > 1 else ''}", ["turn.main", "attack.declare",
                                                             "core-event"],
             mark=mark, actor=player)
    mark = len(st.log)
    _set(ctx, Attack(player=player, defender=o.controller, kind=kind, target=t,
                     attackers=tuple(attackers)))
    ctx.step(T.RULE, f"Choose Target: {o.controller}'s {o.name}", ["core-event"], mark=mark,
             actor=player)
    if kind == "unit":
        lacking = [st.objects[a].name for a in attackers if not game.has_keyword(st, a,
                                                                                   "battle advantage")]
        if len(lacking) < len(attackers) and lacking:
            ctx.step(T.RULE, "Battle Advantage does not apply in this battle: "
                     f"{', '.join(lacking)} lack{'s' if len(lacking) == 1 else ''} it, and all "
                     "attackers must have it", ["attack.battle-advantage"])
    V.run(ctx, Event("attack", player=player, target=t, data=(("attackers", attackers),)))


def _waiting(ctx: "Context", action: str, player: str, kind: str) -> Attack:
    """The attack waiting for ``player``'s declaration (blockers against an attack on a
    Phoenixborn, a guard against an attack on a unit); IllegalAction otherwise."""
    a = current(ctx.state)
    what = "blockers" if kind == "phoenixborn" else "a guard"
    target = "Phoenixborn" if kind == "phoenixborn" else "unit"
    if a is None or a.step != BLOCKERS or a.kind != kind:
        raise IllegalAction(action, f"no attack on a {target} waits for {what}",
                            ctx.cite("core-event"))
    if player != a.defender:
        raise IllegalAction(action, f"{a.defender}, whose {target} is attacked, declares "
                            f"{what}", ctx.cite("core-event"))
    return a


def verify_block(game: "AshesGame", ctx: "Context", player: str,
                 pairs: tuple[tuple[int | None, int], ...]) -> None:
    st = ctx.state
    a = _waiting(ctx, "block", player, "phoenixborn")
    used: set[int] = set()
    for attacker, blocker in _pairs(st, a, pairs):
        b = st.objects[blocker]
        if b.zone != (player, "battlefield") or not Z.is_unit(b):
            raise IllegalAction("block", f"{b.name} is not a unit on {player}'s battlefield",
                                ctx.cite("attack.block"))
        if Z.exhausted(st, blocker):
            raise IllegalAction("block", f"{b.name} is exhausted", ctx.cite("core-event"))
        if attacker in used or blocker in used:
            raise IllegalAction("block", "each blocker blocks one attacker and each attacker is "
                                "blocked once", ctx.cite("attack.block"))
        used |= {attacker, blocker}


def _pairs(st, a: Attack, pairs) -> list[tuple[int, int]]:
    out = []
    for attacker, blocker in pairs:
        if attacker is None:
            if len(a.attackers) != 1:
                raise IllegalAction("block", "several units attack: name the attacker each "
                                    "blocker blocks (blocks \"Attacker\" with \"Blocker\")",
                                    "ashes-raven-1.1 3.2.1")
            attacker = a.attackers[0]
        if attacker not in a.attackers:
            raise IllegalAction("block", f"{st.objects[attacker].name} is not attacking",
                                "ashes-raven-1.1 3.2.1")
        out.append((attacker, blocker))
    return out


def block(game: "AshesGame", ctx: "Context", player: str,
          pairs: tuple[tuple[int | None, int], ...]) -> None:
    st = ctx.state
    a = current(st)
    assert a is not None
    found = _pairs(st, a, pairs)
    mark = len(st.log)
    _set(ctx, replace(a, blocks=tuple(found), step=DAMAGE, declared=True))
    if not found:
        ctx.step(T.ACTION, f"{player} declares no blockers", ["core-event"], mark=mark,
                 actor=player)
        return
    ctx.step(T.ACTION, "Declare Blockers: " + "; ".join(
        f"{st.objects[b].name} blocks {st.objects[x].name} and becomes the target of its attack"
        for x, b in found), ["core-event", "attack.block"], mark=mark, actor=player)
    for x, b in found:
        V.run(ctx, Event("block", player=player, target=b, source=x))


def verify_guard(game: "AshesGame", ctx: "Context", player: str, guard: int | None) -> None:
    st = ctx.state
    a = _waiting(ctx, "guard", player, "unit")
    if guard is None:
        return
    g = st.objects[guard]
    if Z.card_type(g) == "phoenixborn":
        raise NotModelled("a Phoenixborn guarding (the core rulebook's rule, not in "
                          "ashes-raven-1.1)")
    if g.zone != (player, "battlefield") or not Z.is_unit(g) or guard == a.target:
        raise IllegalAction("guard", f"{g.name} is not another unit on {player}'s battlefield",
                            ctx.cite("ability"))
    if not game.has_keyword(st, guard, "unit guard"):
        raise IllegalAction("guard", f"{g.name} has no Unit Guard ability (\"this unit may guard "
                            "a unit that is being attacked\")", ctx.cite("ability"))
    if Z.exhausted(st, guard):
        raise IllegalAction("guard", f"{g.name} is exhausted", ctx.cite("core-event"))


def guard(game: "AshesGame", ctx: "Context", player: str, guard: int | None) -> None:
    st = ctx.state
    a = current(st)
    assert a is not None
    mark = len(st.log)
    _set(ctx, replace(a, guard=guard, step=DAMAGE, declared=True))
    if guard is None:
        ctx.step(T.ACTION, f"{player} declares no guard", ["core-event"], mark=mark,
                 actor=player)
        return
    ctx.step(T.ACTION, f"Declare a Guard: {st.objects[guard].name} guards "
             f"{st.objects[a.target].name} and becomes the target of the attack",
             ["core-event", "ability"], mark=mark, actor=player)
    V.run(ctx, Event("guard", player=player, target=guard))


def default_defence(game: "AshesGame", ctx: "Context") -> None:
    """The defender's declaration nobody stated: the ``blocking`` policy (none)."""
    st = ctx.state
    a = current(st)
    if a is None or a.step != BLOCKERS:
        return
    what = "blockers" if a.kind == "phoenixborn" else "a guard"
    if ctx.policy("blocking", "none") == "error":
        raise UnstatedChoice("blocking", f"{a.defender}'s {what} against {a.player}'s attack",
                             f'{a.defender} blocks "..." with "..." / {a.defender} does not '
                             "block" if a.kind == "phoenixborn" else
                             f'{a.defender} guards with "..." / {a.defender} does not guard')
    mark = len(st.log)
    _set(ctx, replace(a, step=DAMAGE, declared=True))
    ctx.step(T.CHOICE, f"{a.defender} declares no {what}", ["core-event"], mark=mark,
             actor=a.defender, default=f"blocking: none - {a.defender} declares no {what} "
                                       "(not stated)")


# --------------------------------------------------------------------------- resolve damage

@dataclass(frozen=True, slots=True)
class _Hit:
    source: int
    target: int
    cause: str           # attack | counter
    first: bool          # dealt before the others (Battle Advantage)


def resolve(game: "AshesGame", ctx: "Context") -> None:
    """Resolve Damage (the last core framework event of an attack)."""
    st = ctx.state
    a = current(st)
    if a is None:
        return
    if a.step == BLOCKERS:
        default_defence(game, ctx)
        a = current(st)
        assert a is not None
    ctx.step(T.RULE, "Resolve Damage", ["core-event"])
    hits: list[_Hit] = []
    fighting = [x for x in a.attackers if Z.in_play(st.objects[x])]
    gone = [st.objects[x].name for x in a.attackers if x not in fighting]
    if gone:
        ctx.step(T.RULE, f"{', '.join(gone)} left play and deals no attack damage",
                 ["attack.damage"])
    if a.kind == "phoenixborn":
        blocked = dict(a.blocks)
        for x in fighting:
            b = blocked.get(x)
            if b is None:
                hits.append(_Hit(x, a.target, "attack", _ba(game, st, x)))
                continue
            if not Z.in_play(st.objects[b]):
                ctx.step(T.RULE, f"{st.objects[b].name}, the blocker of {st.objects[x].name}, "
                         "was destroyed before the attack resolved: "
                         f"{st.objects[x].name} deals no damage", ["attack.block"])
                continue
            hits.append(_Hit(x, b, "attack", _ba(game, st, x)))
            hits.append(_Hit(b, x, "counter", _ba(game, st, b)))
    else:
        target = a.guard if a.guard is not None else a.target
        if not Z.in_play(st.objects[target]):
            ctx.step(T.RULE, f"{st.objects[target].name}, the target of the attack, is no "
                     "longer in play: the attackers deal no damage", ["attack.block"])
        else:
            all_ba = bool(fighting) and all(_ba(game, st, x) for x in fighting)
            for x in fighting:
                hits.append(_Hit(x, target, "attack", all_ba))
            counters = not Z.exhausted(st, target) or a.guard is not None
            if counters and fighting and Z.card_type(st.objects[target]) != "phoenixborn":
                if len(fighting) > 1 and (st.value(target, "attack") or 0) > 0:
                    raise NotModelled(f"which attacker {st.objects[target].name} counters when "
                                      f"{len(fighting)} units attack it (the core rulebook's "
                                      "rule, not in ashes-raven-1.1)")
                hits.append(_Hit(target, fighting[0], "counter", _ba(game, st, target)
                                 and not all_ba))
    if any(h.first for h in hits) and not all(h.first for h in hits):
        ctx.step(T.RULE, "Battle Advantage: " + ", ".join(sorted({st.objects[h.source].name
                                                                  for h in hits if h.first}))
                 + " deal their damage before the others", ["attack.battle-advantage"])
    order = [h for h in hits if h.first] + [h for h in hits if not h.first]
    if hits:
        ctx.step(T.RULE, "each attacker deals damage equal to its attack value to the target of "
                 "its attack, and only to it; " + "; ".join(
                     f"{st.objects[h.source].name} ({_attack_value(ctx, h.source)}) "
                     f"{'attacks' if h.cause == 'attack' else 'counters'} "
                     f"{st.objects[h.target].name}" for h in order),
                 ["attack.block", "value.attack"])
    if len(order) > 1:
        ctx.step(T.RULE, "the battle's damage is dealt at the same time: the active player "
                 f"({st.globals.get('active')}) orders it: " + "; ".join(
                     f"{st.objects[h.source].name} -> {st.objects[h.target].name}"
                     for h in order), ["ddr", "active-player"],
                 default="damage order: attack damage first, then counter damage, in the "
                         "order declared (not stated)")
    dealt_by: set[int] = set()
    for wave in ([h for h in order if h.first], [h for h in order if not h.first]):
        values = {h.source: _attack_value(ctx, h.source) for h in wave
                  if Z.in_play(st.objects[h.source])}
        for h in wave:
            if st.result is not None:
                break
            if h.source not in values:
                if h.first is False and any(w.first for w in order):
                    ctx.step(T.RULE, f"{st.objects[h.source].name} was destroyed by Battle "
                             "Advantage damage and deals no damage", ["attack.battle-advantage"])
                continue
            if not Z.in_play(st.objects[h.target]):
                continue
            n = values[h.source]
            if h.cause == "attack":
                game.deal_damage(ctx, h.target, n, source=h.source,
                                 by=f"{st.objects[h.source].name}'s attack", cause="attack")
            else:
                game.deal_damage(ctx, h.target, n, source=h.source,
                                 by=f"{st.objects[h.source].name}'s counter", cause="counter")
            dealt_by.add(h.source)
    if st.result is not None:
        _set(ctx, None)
        return
    mark = len(st.log)
    for x in a.attackers:
        if Z.in_play(st.objects[x]):
            st.apply(AddCounter(x, Z.EXHAUSTION, 1))
    if len(st.log) > mark:
        ctx.step(T.RULE, "each attacker still in play receives an exhaustion token for its "
                 "attack (as a result of dealing attack damage; also one exhausted since it was "
                 "declared)", ["attack.damage"], mark=mark)
    mark = len(st.log)
    for h in hits:
        if h.cause == "counter" and Z.in_play(st.objects[h.source]) and h.source in dealt_by:
            st.apply(AddCounter(h.source, Z.EXHAUSTION, 1))
    if len(st.log) > mark:
        ctx.step(T.RULE, "each countering unit still in play receives an exhaustion token for "
                 "countering", ["core-event"], mark=mark)
    mark = len(st.log)
    _set(ctx, None)
    ctx.step(T.RULE, f"{a.player}'s attack is resolved", ["core-event"], mark=mark)


def _ba(game: "AshesGame", st, oid: int) -> bool:
    return game.has_keyword(st, oid, "battle advantage")


def _attack_value(ctx: "Context", oid: int) -> int:
    value = ctx.value(oid, "attack")
    return value if isinstance(value, int) else 0
