"""Combat (600-603): proposing a combat (601), the combat step with its attack window, protect
point and defend window (602), and combat conclusion (603); striking with weapons (303.2,
406.6).

The combat in progress is one immutable :class:`Combat` in the game's globals. A card is an
attacker, defender, proposed attacker or proposed defender as the same card (415.9a): each is
kept with its incarnation, and one that became a different card is no longer in combat
(602.4)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from judge.engine import events as V
from judge.engine import trace as T
from judge.engine.chain import Priority
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.errors import NotModelled
from judge.engine.events import Event
from judge.engine.state import SetGlobal, State
from judge.games.wow import model as W
from judge.games.wow import values as VA

KEY = "combat"


@dataclass(frozen=True)
class Combat:
    player: str                                   # the attacking player (turn player)
    attacker: tuple[int, int] | None = None       # (id, incarnation)
    defender: tuple[int, int] | None = None
    proposed_attacker: tuple[int, int] | None = None
    proposed_defender: tuple[int, int] | None = None
    protecting: tuple[int, int] | None = None
    stage: str = "proposed"                       # proposed | attack window | defend window
    strikes: tuple[tuple[int, int, int], ...] = ()  # (weapon, wielder, time) 303.2a
    entered: bool = False                         # 602.3: attacker and defender in combat
    sabotage: bool = False


def combat(state: State) -> Combat | None:
    return state.globals.get(KEY)


@dataclass(frozen=True, slots=True)
class SetCombat(SetGlobal):
    def describe(self, state: State) -> str:
        c = self.value
        if c is None:
            return "no combat"
        def n(ref):
            return state.objects[ref[0]].name if ref else "none"
        if c.stage == "proposed":
            return f"proposed: {n(c.proposed_attacker)} attacking {n(c.proposed_defender)}"
        if c.defender is None:
            return f"attacker {n(c.attacker)}, proposed defender {n(c.proposed_defender)}"
        return f"attacker {n(c.attacker)}, defender {n(c.defender)}"


def set_combat(state: State, c: Combat | None) -> None:
    state.apply(SetCombat(KEY, c))


def _is(state: State, ref: tuple[int, int] | None, oid: int) -> bool:
    if ref is None or ref[0] != oid:
        return False
    o = state.objects.get(oid)
    return o is not None and o.incarnation == ref[1] and W.in_play(o)


def live(state: State, ref: tuple[int, int] | None) -> int | None:
    if ref is None:
        return None
    o = state.objects.get(ref[0])
    if o is None or o.incarnation != ref[1] or not W.in_play(o):
        return None
    return ref[0]


def attacking(state: State, oid: int) -> bool:
    c = combat(state)
    return c is not None and c.stage != "proposed" and _is(state, c.attacker, oid)


def defending(state: State, oid: int) -> bool:
    c = combat(state)
    return c is not None and _is(state, c.defender, oid)


def protecting(state: State, oid: int) -> bool:
    c = combat(state)
    return c is not None and _is(state, c.protecting, oid) and _is(state, c.defender, oid)


def in_combat(state: State, oid: int) -> bool:
    """602.3b: an attacker or defender is in combat while there is an opposing one."""
    c = combat(state)
    if c is None or not c.entered:
        return False
    a, d = live(state, c.attacker), live(state, c.defender)
    return a is not None and d is not None and oid in (a, d)


def strikes_of(state: State, wielder: int) -> list[tuple[int, int]]:
    """(weapon, time of the strike) for each weapon associated with ``wielder`` (303.2a)."""
    c = combat(state)
    if c is None:
        return []
    out = []
    for weapon, who, when in c.strikes:
        w = state.objects.get(weapon)
        if who == wielder and w is not None and W.in_play(w) and \
                w.controller == state.objects[wielder].controller and \
                "weapon" in VA.kinds(state, weapon):
            out.append((weapon, when))
    return out


def weapons_of(state: State, wielder: int) -> list[int]:
    return [w for w, _t in strikes_of(state, wielder)]


def remove_from_combat(ctx: Context, oid: int, *, quiet: bool = False, why: str = "") -> None:
    """602.4: a card stops being an attacker, defender, proposed attacker or defender."""
    st = ctx.state
    c = combat(st)
    if c is None:
        return
    changes: dict[str, Any] = {}
    for name in ("attacker", "defender", "proposed_attacker", "proposed_defender",
                 "protecting"):
        ref = getattr(c, name)
        if ref is not None and ref[0] == oid:
            changes[name] = None
    if not changes:
        return
    mark = len(st.log)
    set_combat(st, replace(c, **changes))
    if not quiet:
        ctx.step(T.RULE, f"{st.objects[oid].name} is removed from combat"
                 + (why and f" ({why})") + ": the combat step does not end immediately"
                 + (", the chain resolves as normal" if st.chain else ""),
                 ["combat.removed"] + (["combat.removed-chain"] if st.chain else []),
                 mark=mark)


# --------------------------------------------------------------------------- legality

def since_turn_start(state: State, oid: int) -> bool:
    """601.2a, 302.2: in its current party continuously since the start of its controller's
    most recent turn."""
    o = state.objects[oid]
    starts = dict(state.globals.get("turn starts", ()))
    start = starts.get(o.controller, 0)
    joined = dict(state.globals.get("joined", ())).get((o.id, o.incarnation), o.entered)
    return joined <= start


def attacker_problem(state: State, oid: int, player: str) -> tuple[str, str] | None:
    """Why ``oid`` can't be proposed as an attacker by ``player``: (reason, procedure)."""
    from judge.games.wow import restrictions as R
    o = state.objects[oid]
    ks = VA.kinds(state, oid)
    if not VA.is_character(state, oid):
        return f"{o.name} is not a character in play", "combat.proposal"
    if o.controller != player:
        return f"{player} does not control {o.name}", "combat.proposal"
    if "totem" in ks:
        return f"{o.name} is a Totem: Totems can't be proposed as attackers", "totem"
    if "mount" in ks:
        return f"{o.name} is a Mount: Mounts can't be proposed as attackers", "ally.mount"
    if W.exhausted(state, oid):
        return f"{o.name} is exhausted", "combat.attacker-legal"
    if "hero" not in ks and not since_turn_start(state, oid) and \
            not VA.has_keyword(state, oid, "ferocity"):
        return (f"{o.name} has not been under {player}'s control since the start of the turn "
                "and has no Ferocity", "combat.attacker-legal")
    blockers = R.blockers(state, oid, "attack")
    if blockers:
        return f"{o.name} can't attack ({', '.join(blockers)})", "cant"
    return None


def sabotages(state: State, attacker: int, oid: int) -> bool:
    """601.2b, glossary Sabotage: whether ``oid``, a card in play that is not a character, is a
    [thing] the attacker's "Sabotage: [thing]" names (it can then be the proposed defender of
    a sabotage combat). A [thing] the module cannot match is named, never taken as false."""
    o = state.objects[oid]
    if not VA.has_keyword(state, attacker, "sabotage") or not W.in_play(o) \
            or VA.is_character(state, oid):
        return False
    from judge.engine.errors import NotModelled
    from judge.games.wow import describe as D
    from judge.games.wow import powers as P
    a = state.objects[attacker]
    scope = D.Scope(you=a.controller, source=attacker)
    for what in P.of(state, attacker).sabotage:
        try:
            if D.matches(state, what, oid, scope):
                return True
        except D.Unknown as u:
            raise NotModelled(f"{a.name}'s Sabotage: {u.what}") from None
    return False


def defender_problem(state: State, oid: int, attacker: int) -> tuple[str, str] | None:
    o = state.objects[oid]
    a = state.objects[attacker]
    if not VA.is_character(state, oid) and not sabotages(state, attacker, oid):
        return f"{o.name} is not a character in play", "combat.defender-legal"
    if W.friendly(state, o.controller, a.controller):
        return f"{o.name} is not controlled by an opponent", "combat.defender-legal"
    if VA.has_keyword(state, oid, "elusive"):
        return (f"{o.name} has Elusive: it can't be proposed as a defender",
                "combat.defender-legal")
    if "mount" in VA.kinds(state, oid):
        return f"{o.name} is a Mount: Mounts can't be proposed as defenders", "ally.mount"
    from judge.games.wow import restrictions as R
    blockers = R.attack_blockers(state, attacker, oid)
    if blockers:
        return f"{a.name} can't attack {o.name} ({', '.join(blockers)})", "cant"
    return None


# --------------------------------------------------------------------------- must attack, attack only

@dataclass(frozen=True)
class AttackRule:
    """A "must attack [X] if able" (600.2, 600.2a) or "can attack only [X] (if able)" (601.2c)
    modifier on a character: ``group`` the characters it names (None: any)."""
    kind: str                    # must attack | attack only
    name: str                    # its source, in words
    group: Any                   # a card-model description, or None
    scope: Any
    if_able: bool

    def has(self, state: State, oid: int) -> bool:
        from judge.games.wow import describe as D
        if self.group is None:
            return True
        try:
            return D.matches(state, self.group, oid, self.scope)
        except D.Unknown:
            return False


def attack_rules(state: State, attacker: int) -> list[AttackRule]:
    o = state.objects[attacker]
    out = []
    for st in VA.statics(state):
        if st.kind == "attack rule" and st.applies(state, attacker):
            e = st.effect
            out.append(AttackRule(e.verb, state.objects[st.source].name, e.what,
                                  st.scope(state), e.only is not None))
    ref = (o.id, o.incarnation)
    for e in state.effects.values():
        verb = e.data.get("attack rule")
        if verb and ref in e.data.get("flagged", ()) and state.effect_active(state, e.id):
            out.append(AttackRule(verb, e.data.get("name", "a modifier"), e.data.get("what"),
                                  e.data.get("scope"), bool(e.data.get("if able"))))
    return out


def allowed_defenders(state: State, attacker: int) -> tuple[list[int], list[int], list[str]]:
    """(the legal defenders, those the attack rules allow, the procedures that narrowed them):
    a "can attack only [X]" without "if able" is a restriction; with it, X if such a proposal
    can be made, else anyone (601.2c), one of them for several (601.2d); "must attack [X] if
    able" narrows to X while it can (600.2a), and to X among the "only" ones when they share
    some (600.2b)."""
    rules = attack_rules(state, attacker)
    a = state.objects[attacker]
    hard = [r for r in rules if r.kind == "attack only" and not r.if_able]
    legal = [o.id for p in W.seat_order(state) if not W.friendly(state, p, a.controller)
             for o in W.party(state, p) if defender_problem(state, o.id, attacker) is None
             and all(r.has(state, o.id) for r in hard)]
    soft = [r for r in rules if r.kind == "attack only" and r.if_able]
    musts = [r for r in rules if r.kind == "must attack" and r.group is not None]
    allowed, procs = legal, []
    only = [d for d in legal if any(r.has(state, d) for r in soft)]
    if soft and only:
        allowed = only
        procs.append("combat.attack-only-several" if len(soft) > 1 else "combat.attack-only")
    must = [d for d in legal if any(r.has(state, d) for r in musts)]
    if musts and must:
        if soft and only:
            both = [d for d in only if d in must]
            if both:
                allowed = both
            procs.append("combat.must-and-only")
        else:
            allowed = must
            procs.append("combat.must-attack-specified")
    elif musts and soft and only:
        procs.append("combat.must-and-only")
    return legal, allowed, procs


def attack_rule_problem(state: State, attacker: int, defender: int) -> tuple[str, str] | None:
    """Why the attack rules on ``attacker`` forbid proposing ``defender`` (None: they don't)."""
    rules = attack_rules(state, attacker)
    if not rules:
        return None
    a, d = state.objects[attacker], state.objects[defender]
    for r in rules:
        if r.kind == "attack only" and not r.if_able and not r.has(state, defender):
            return (f"{a.name} can attack only {r.group.text if r.group else 'some'} "
                    f"({r.name})", "combat.attack-only")
    legal, allowed, procs = allowed_defenders(state, attacker)
    if defender in allowed or not procs:
        return None
    names = ", ".join(state.objects[x].name for x in allowed)
    return (f"{a.name} can be proposed as an attacker only against {names} "
            f"({', '.join(r.name for r in rules)}), not {d.name}", procs[-1])


def attack_costs(state: State, attacker: int) -> list[tuple[str, int]]:
    """600.3: the additional costs ("can't attack unless its controller pays N") to propose
    ``attacker``: (the card whose power says so, N) each."""
    return [(state.objects[st.source].name, st.number or 0) for st in VA.statics(state)
            if st.kind == "attack cost" and st.applies(state, attacker)]


def exhaust_costs(state: State, oid: int) -> list[tuple[str, int]]:
    """600.3a: the "can't attack or exhaust unless its controller pays N" modifiers on ``oid``:
    (the card whose power says so, N) each."""
    return [(state.objects[st.source].name, st.number or 0) for st in VA.statics(state)
            if st.kind == "exhaust cost" and st.applies(state, oid)]


def excused_by_cost(state: State, player: str) -> list[str]:
    """600.3: the characters ``player`` controls that must attack if able but can't attack
    unless he pays a cost: unable to attack unless he chooses to pay, they need not attack."""
    out = []
    for o in W.party(state, player):
        rules = [r for r in attack_rules(state, o.id) if r.kind == "must attack"]
        if not rules or not VA.is_character(state, o.id) or \
                attacker_problem(state, o.id, player) is not None:
            continue
        costs = attack_costs(state, o.id)
        if costs:
            out.append(f"{o.name} must attack if able ({', '.join(r.name for r in rules)}) "
                       f"but can't attack unless {player} pays "
                       f"{sum(n for _, n in costs)} ({', '.join(c for c, _ in costs)})")
    return out


def must_attack(state: State, player: str) -> tuple[str, str] | None:
    """600.2, 600.2a: a character ``player`` controls that must attack if able and could be
    proposed as an attacker now: (in words, procedure); None when there is none."""
    for o in W.party(state, player):
        rules = [r for r in attack_rules(state, o.id) if r.kind == "must attack"]
        if not rules or not VA.is_character(state, o.id):
            continue
        if attacker_problem(state, o.id, player) is not None:
            continue
        if attack_costs(state, o.id):
            continue          # 600.3: unable to attack unless its controller chooses to pay
        _legal, allowed, _procs = allowed_defenders(state, o.id)
        groups = [r for r in rules if r.group is not None]
        able = [d for d in allowed if not groups or any(r.has(state, d) for r in groups)]
        if able:
            return (f"{o.name} must attack if able ({', '.join(r.name for r in rules)}) and "
                    f"can be proposed as an attacker against "
                    f"{', '.join(state.objects[d].name for d in able)}",
                    "combat.must-attack-specified" if groups else "combat.must-attack")
    return None


def can_protect(state: State, oid: int, c: Combat) -> tuple[bool, str]:
    """602.2: a ready character with Protector, opposed to the attacker, not the proposed
    defender; no protecting against Stealth (602.2a)."""
    from judge.games.wow import restrictions as R
    attacker = live(state, c.attacker)
    defender = live(state, c.proposed_defender)
    if attacker is None or defender is None:
        return False, "there is no attacker or proposed defender"
    o = state.objects[oid]
    if not VA.is_character(state, oid):
        return False, f"{o.name} is not a character in play"
    if W.friendly(state, o.controller, state.objects[attacker].controller):
        return False, f"{o.name} is not opposed to the attacker"
    if oid == defender:
        return False, "a proposed defender can't protect itself"
    if W.exhausted(state, oid):
        return False, f"{o.name} is exhausted"
    if VA.has_keyword(state, attacker, "stealth"):
        return False, f"{state.objects[attacker].name} has Stealth: characters can't protect"
    if not VA.has_keyword(state, oid, "protector") and not \
            VA.has_keyword(state, attacker, "conspicuous"):
        return False, f"{o.name} has no Protector"
    if R.cant(state, oid, "protect"):
        return False, f"{o.name} can't protect"
    return True, ""


# --------------------------------------------------------------------------- the step

def start_step(game, ctx: Context) -> None:
    """602.1: the proposed attacker exhausts, becomes an attacker and starts attacking; the
    attacking player may strike; the attack window opens."""
    st = ctx.state
    c = combat(st)
    attacker = live(st, c.proposed_attacker)
    mark = len(st.log)
    set_combat(st, replace(c, attacker=c.proposed_attacker, proposed_attacker=None,
                           stage="attack window"))
    W_set_stage(st, "attack window")
    name = st.objects[attacker].name
    ctx.step(T.RULE, f"the combat step starts: {name} exhausts and becomes the attacker",
             ["combat.step"], mark=mark)
    from judge.games.wow import moves as MV
    MV.orient(ctx, attacker, True, "it attacks")
    strike(game, ctx, c.player, attacker, "attacker")
    V.run(ctx, Event("attack", player=c.player, source=attacker, target=live(
        st, c.proposed_defender)))
    game.give_priority(ctx)


def strike(game, ctx: Context, player: str, wielder: int, role: str) -> None:
    """303.2: striking as a wielder becomes an attacker or defender: exhaust the weapon and pay
    its strike cost; one weapon per combat (303.2c) unless wielding rules allow more (406.6)."""
    st = ctx.state
    weapons = [o.id for o in st.in_zone((player, W.IN_PLAY))
               if "weapon" in VA.kinds(st, o.id) and not W.exhausted(st, o.id)]
    if not weapons or "hero" not in VA.kinds(st, wielder):
        return
    names = tuple(dict.fromkeys(st.objects[w].name for w in weapons))
    options = names + ("none",)
    stated = ctx.answers.get(f"strike:{player}:{role}:{len(_strikes(st))}")
    answer = ctx.decide(Decision(
        key=f"strike:{player}:{role}:{len(_strikes(st))}", player=player, kind="strike",
        prompt=f"which weapons {player} strikes with as {st.objects[wielder].name} becomes the "
               f"{role}", options=options, citation=ctx.cite("strike"),
        example=f'{player} strikes with "{names[0]}"', default=("none",),
        default_text=f"striking: none - {player} strikes with no weapon (not stated)",
        policy="striking", count=0))
    chosen = [a for a in (answer if isinstance(answer, tuple) else (answer,)) if a != "none"]
    if not chosen:
        return
    dual = VA.has_keyword(st, wielder, "dual wield") or \
        VA.has_keyword(st, wielder, "two-handed dual wield")
    limit = 2 if dual else 1
    if len(chosen) > limit:
        ctx.step(T.REFUSED, f"{player} can strike with only {limit} weapon"
                 f"{'s' if limit > 1 else ''} per combat", ["strike.one", "wield.strike"])
        chosen = chosen[:limit]
    if len(chosen) > 1 and len({_range(st, w) for w in weapons
                                 if st.objects[w].name in chosen}) > 1:
        ctx.step(T.REFUSED, f"{player} can't strike with both a Melee and a Ranged weapon in "
                 "one combat", ["wield.strike"])
        chosen = chosen[:1]
    short = [n for n in dict.fromkeys(chosen)
             if chosen.count(n) > sum(st.objects[x].name == n for x in weapons)]
    if short:
        ctx.step(T.REFUSED, f"{player} controls fewer ready weapons named {short[0]} than "
                 f"{player} strikes with", ["strike"])
        chosen = [n for n in dict.fromkeys(chosen) if n not in short] + \
            [n for n in dict.fromkeys(chosen) if n in short]
    from judge.games.wow import moves as MV
    for name in chosen:
        w = next(x for x in weapons if st.objects[x].name == name and x not in
                 [s[0] for s in _strikes(st)])
        cost = st.value(w, "strike cost")
        cost = cost if isinstance(cost, int) else 0
        from judge.games.wow import links as L
        paid = L.pay_resources(game, ctx, player, cost, (), f"the strike cost of "
                               f"{st.objects[w].name}", link=False)
        if not paid:
            ctx.step(T.REFUSED, f"{player} can't pay the strike cost of {st.objects[w].name}",
                     ["strike"])
            continue
        MV.orient(ctx, w, True, "strike")
        mark = len(st.log)
        c = combat(st)
        set_combat(st, replace(c, strikes=c.strikes + ((w, wielder, st.tick()),)))
        ctx.step(T.ACTION, f"{player} strikes with {st.objects[w].name}: it is associated with "
                 f"{st.objects[wielder].name} for this combat step",
                 ["strike", "strike.association", "strike.modifier"]
                 + (["wield.strike"] if len(chosen) > 1 else []), mark=mark, actor=player)
        from judge.games.wow import triggers as TR
        TR.cat_form_destroys(ctx, player, f"strikes with a weapon ({st.objects[w].name})")


def _range(state: State, weapon: int) -> str:
    return "ranged" if VA.has_tag(state, weapon, "ranged") else "melee"


def _strikes(state: State) -> tuple:
    c = combat(state)
    return c.strikes if c else ()


def attack_window_closes(game, ctx: Context) -> None:
    """602.2 (protect point) and 602.3 (defenders, entering combat, defend window)."""
    st = ctx.state
    c = combat(st)
    attacker = live(st, c.attacker)
    defender = live(st, c.proposed_defender)
    if attacker is None or defender is None:
        ctx.step(T.RULE, "the attack window closes with no attacker or no proposed defender: "
                 "the combat concludes", ["combat.protect"])
        conclude(game, ctx)
        return
    _protect_point(game, ctx)
    c = combat(st)
    attacker = live(st, c.attacker)
    defender = live(st, c.proposed_defender)
    if attacker is None or defender is None:
        ctx.step(T.RULE, "no attacker or no proposed defender remains: the combat concludes",
                 ["combat.enter"])
        conclude(game, ctx)
        return
    mark = len(st.log)
    set_combat(st, replace(c, defender=c.proposed_defender, proposed_defender=None,
                           stage="defend window", entered=True))
    W_set_stage(st, "defend window")
    a, d = st.objects[attacker], st.objects[defender]
    ctx.step(T.RULE, f"{d.name} becomes the defender; {a.name} and {d.name} enter combat "
             "with each other", ["combat.enter", "combat.in-combat"], mark=mark)
    strike(game, ctx, d.controller, defender, "defender")
    V.run_all(ctx, [Event("defend", player=d.controller, source=attacker, target=defender),
                    Event("enter combat", player=a.controller, source=defender,
                          target=attacker),
                    Event("enter combat", player=d.controller, source=attacker,
                          target=defender)])
    game.give_priority(ctx)


def _protect_point(game, ctx: Context) -> None:
    st = ctx.state
    c = combat(st)
    attacker = live(st, c.attacker)
    defender = live(st, c.proposed_defender)
    attacking_player = st.objects[attacker].controller
    if VA.has_keyword(st, attacker, "stealth") and any(
            VA.has_keyword(st, o.id, "protector") for p in W.seat_order(st)
            if not W.friendly(st, p, attacking_player) for o in W.party(st, p)):
        ctx.step(T.RULE, f"{st.objects[attacker].name} has Stealth: characters can't protect",
                 ["combat.stealth", "kw.stealth"])
        return
    for p in W.seat_order(st):
        if W.friendly(st, p, attacking_player):
            continue
        able = [o.id for o in W.party(st, p) if can_protect(st, o.id, combat(st))[0]]
        if not able:
            continue
        names = tuple(dict.fromkeys(st.objects[x].name for x in able))
        answer = ctx.decide(Decision(
            key=f"protect:{p}:{c.attacker}", player=p, kind="protect",
            prompt=f"whether {p} protects {st.objects[defender].name} against "
                   f"{st.objects[attacker].name}", options=names + ("none",),
            citation=ctx.cite("combat.protect"), example=f'{p} protects with "{names[0]}"',
            default="none", default_text=f"protecting: none - {p} does not protect "
                                         "(not stated)", policy="protecting"))
        if answer == "none":
            continue
        protector = next(x for x in able if st.objects[x].name == answer)
        costs = exhaust_costs(st, protector)
        if costs:
            from judge.engine.errors import NotModelled
            raise NotModelled(f"{answer} exhausting to protect: it can't exhaust unless {p} pays "
                              f"{sum(n for _, n in costs)} ({', '.join(c for c, _ in costs)}), "
                              "and whether he pays is not asked",
                              ctx.cite("combat.attack-or-exhaust-cost"))
        mark = len(st.log)
        from judge.games.wow import moves as MV
        st.apply(W.Orient(protector, True))
        c = combat(st)
        ref = (protector, st.objects[protector].incarnation)
        set_combat(st, replace(c, proposed_defender=ref, protecting=ref, sabotage=False))
        ctx.step(T.ACTION, f"{p} exhausts {st.objects[protector].name} to protect "
                 f"{st.objects[defender].name}: {st.objects[defender].name} is removed from "
                 f"combat and {st.objects[protector].name} becomes the proposed defender",
                 ["combat.protect", "kw.protector", "combat.protect-one"], mark=mark,
                 actor=p)
        if c.sabotage:
            ctx.step(T.RULE, f"{st.objects[protector].name} protects during a sabotage "
                     "combat: it stops being a sabotage (combat damage will be dealt as it "
                     "concludes)", ["combat.protect-sabotage", "kw.sabotage"])
        V.run(ctx, Event("protect", player=p, source=attacker, target=protector))
        return


def conclude(game, ctx: Context) -> None:
    """603: combat damage (603.1), checks without priority (603.2), the combat ends (603.3)."""
    from judge.games.wow import packets as PK
    st = ctx.state
    c = combat(st)
    attacker = live(st, c.attacker)
    defender = live(st, c.defender)
    if attacker is not None and defender is not None and not c.sabotage:
        specs = []
        a_atk = st.value(attacker, "atk")
        d_atk = st.value(defender, "atk")
        _explain_atk(ctx, attacker)
        specs.append(_combat_spec(st, attacker, defender, a_atk))
        if VA.has_keyword(st, attacker, "long-range"):
            ctx.step(T.RULE, f"{st.objects[attacker].name} has Long-Range: defenders can't "
                     "deal combat damage", ["combat.long-range", "kw.long-range"])
        else:
            _explain_atk(ctx, defender)
            specs.append(_combat_spec(st, defender, attacker, d_atk))
        ctx.step(T.RULE, "combat concludes: the attacker and the defender deal combat damage "
                 "equal to their ATK to each other at the same time", ["combat.damage",
                                                                        "atk.combat"])
        PK.create(ctx, specs)
    elif attacker is not None and defender is not None:
        a, d = st.objects[attacker], st.objects[defender]
        ctx.step(T.RULE, f"the sabotage combat concludes with {a.name} and {d.name} in it: no "
                 f"combat damage is dealt, and powers that trigger when {a.name} sabotages do "
                 "so", ["combat.damage", "kw.sabotage"])
        V.run(ctx, Event("sabotage", player=a.controller, source=attacker, target=defender))
    else:
        ctx.step(T.RULE, "combat concludes with no attacker or no defender: no combat damage "
                 "is dealt", ["combat.no-damage"])
    from judge.games.wow import checks as CH
    CH.pre_priority_checks(game, ctx, why="combat.checks")
    if st.result is not None:
        return
    mark = len(st.log)
    set_combat(st, None)
    from judge.engine import effects as CE
    ended = CE.expire(st, "end of combat")
    ctx.step(T.RULE, "the attacker and defender are removed from combat"
             + (f"; {len(ended)} modifier(s) with duration 'this combat' end" if ended else "")
             + "; the combat step ends", ["combat.ends"], mark=mark)
    W_set_stage(st, "action")
    game.give_priority(ctx)


def W_set_stage(state: State, stage: str) -> None:
    state.apply(SetGlobal("step", stage))


def _combat_spec(state: State, src: int, dest: int, atk: Any):
    from judge.games.wow import packets as PK
    types = VA.damage_types(state, src) or frozenset({"melee"})   # 408.3a
    with_ = tuple(weapons_of(state, src))
    unpreventable = any(_unpreventable_weapon(state, w) for w in with_)
    return PK.Spec("damage", atk if isinstance(atk, int) else 0, dest, src,
                   state.objects[src].controller, types=types, combat=True,
                   unpreventable=unpreventable, with_=with_,
                   link=-1 - len(W.records(state, "damage dealt")))


def _unpreventable_weapon(state: State, weapon: int) -> bool:
    from judge.games.wow import powers as P
    return bool(P.of(state, weapon).unpreventable_combat) if hasattr(P.of(state, weapon),
                                                                      "unpreventable_combat") \
        else False


def _explain_atk(ctx: Context, oid: int) -> None:
    st = ctx.state
    value, words, procs = VA.explain(st, oid, "atk")
    if len(words) > 1:
        ctx.step(T.RULE, f"{st.objects[oid].name}'s ATK is {value}: " + ", ".join(words),
                 procs + ["atk"])
