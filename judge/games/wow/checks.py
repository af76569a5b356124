"""Pre-priority processing (410.5): the waves of pre-priority checks (410.6), each wave's
actions simultaneous (802), until a wave finds nothing to do; uniqueness violations (414) and
wielding (406) repaired as soon as they occur; players who lose (102).

None of this uses the chain. A hero destroyed makes its controller lose at once (102.1a, 102.3);
when every remaining player loses at the same time the game is a draw.
"""

from __future__ import annotations

from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.state import EndGame, GameResult, SetGlobal, State
from judge.games.wow import model as W
from judge.games.wow import moves as MV
from judge.games.wow import values as VA

MAX_WAVES = 50


def pre_priority_checks(game, ctx: Context, *, why: str = "ppp") -> None:
    st = ctx.state
    name_unknown_matches(ctx)
    for wave in range(1, MAX_WAVES + 1):
        if st.result is not None:
            return
        acted = _wave(game, ctx, wave, why)
        if not acted:
            _hosts_kept(ctx)
            return
        ctx.loops.check(st, "making pre-priority checks")


def _wave(game, ctx: Context, wave: int, why: str) -> bool:
    st = ctx.state
    events = []
    reasons = []
    for o in W.all_in_play(st):
        if not VA.is_character(st, o.id):
            continue
        health = st.value(o.id, "health")
        dmg = W.damage(st, o.id)
        if isinstance(health, int) and health <= 0:
            reasons.append(f"{o.name} has 0 health")
            events.append(o.id)
        elif isinstance(health, int) and dmg > 0 and dmg >= health:
            reasons.append(f"{o.name} has fatal damage ({dmg} >= {health})")
            events.append(o.id)
        elif health is not None and not isinstance(health, int):
            # a health the scenario gives as a word ("health X"): whether its damage is fatal
            # cannot be told - said once, never read as "not destroyed"
            what = (f"{o.name}'s health is {health!r}, not a number: whether it has 0 health "
                    "or fatal damage")
            if not any(s.text == f"not modelled: {what}" for s in ctx.trace.not_modelled()):
                ctx.not_modelled(what, ctx.cite_opt("ppp.destroy"))
    decked = [p for p in dict.fromkeys(W.records(st, "drew from empty"))
              if not st.players[p].lost and p not in st.globals.get("decked", ())]
    hosts = _host_problems(st)
    gone_tokens = [o for o in st.objects.values()
                   if o.token and not W.in_play(o) and o.zone != W.CHAIN
                   and o.zone[1] != "ceased"]
    stray_damage = [o for o in W.all_in_play(st)
                    if W.damage(st, o.id) and not VA.is_character(st, o.id)]
    resource_counters = [o for p in st.players for o in st.in_zone((p, W.RESOURCES))
                         if o.counters and not o.face_up]
    locations = _locations(st)
    blocked = [oid for oid in events if not MV.can_be_destroyed(st, oid)]
    events = [oid for oid in events if oid not in blocked]
    if blocked and not (events or decked or hosts or gone_tokens or stray_damage or
                        resource_counters or locations):
        from judge.games.wow import restrictions as R
        for oid in blocked:
            ctx.step(T.RULE, f"pre-priority checks, wave {wave}: {st.objects[oid].name} is not "
                     f"destroyed: {', '.join(R.blockers(st, oid, 'be destroyed'))} says it "
                     "can't be", ["cant", "ppp.destroy"])
        return False
    if not (events or decked or hosts or gone_tokens or stray_damage or resource_counters
            or locations):
        return False
    mark = len(st.log)
    procs = [why, "ppp.waves"]
    text = []
    if events:
        procs.append("ppp.destroy")
        text.append("; ".join(reasons))
    if decked:
        procs.append("ppp.decked")
        text.append(", ".join(decked) + " drew from an empty deck")
    if locations:
        procs.append("ppp.locations")
        text.append("; ".join(f"{p} controls {len(ls)} locations" for p, ls in locations))
    if hosts:
        procs.append("ppp.host")
        text.append("; ".join(f"{st.objects[a].name} is not attached to a host matching its "
                              "host description" for a in hosts))
    ctx.step(T.CHECK, f"pre-priority checks, wave {wave}: " + ("; ".join(text) or
                                                               "tokens and stray damage"),
             procs, mark=mark)
    moving = [MV.destroy_event(st, oid) for oid in events]
    if blocked:
        from judge.games.wow import restrictions as R
        for oid in blocked:
            names = R.blockers(st, oid, "be destroyed")
            ending = [n for n in names if any(st.objects[e].name == n for e in events)]
            ctx.step(T.RULE, f"{st.objects[oid].name} is not destroyed: {', '.join(names)} "
                     "says it can't be" + (f" ({', '.join(ending)} leaves play in this same "
                                           "wave: the modifier ends at the same time)"
                                           if ending else ""),
                     ["cant", "ppp.destroy"] + (["cant-ends"] if ending else []))
    for a in hosts:
        moving.append(MV.destroy_event(st, a, by="the game"))
    results = MV.move_all(ctx, moving) if moving else []
    for p in decked:
        W.record(st, "decked", p)
    for o in gone_tokens:
        _cease(ctx, o.id)
    for o in resource_counters:
        mark = len(st.log)
        from judge.engine.state import AddCounter
        for name in sorted({c for c, _ in o.counters}):
            st.apply(AddCounter(o.id, name, -st.counter_count(o.id, name)))
        ctx.step(T.RULE, "the counters on a face-down resource are removed",
                 ["ppp.face-down-counters"], mark=mark)
    for p, ls in locations:
        _keep_one_location(ctx, p, ls)
    for o in stray_damage:
        mark = len(st.log)
        st.apply(W.SetDamage(o.id, 0, W.damage(st, o.id)))
        ctx.step(T.RULE, f"{o.name} is not a character: its damage is removed",
                 ["ppp.non-character-damage", "damage.permanent"], mark=mark)
    losers = [st.objects[r.target].owner for r in results if r is not None
              and r.get("why") == "destroy" and "hero" in st.objects[r.target].kinds
              and st.players[st.objects[r.target].owner].hero == r.target]
    losers += decked
    if losers:
        lose(ctx, list(dict.fromkeys(losers)),
             "game.lose-destroyed")
    if st.result is None:
        uniqueness(game, ctx)
    return True


def _locations(st: State) -> list[tuple[str, list[int]]]:
    """410.6g: each player who controls more than one location (306: face up in his resource
    row), in turn order (802.1)."""
    out = []
    for p in W.seat_order(st):
        ls = [o.id for o in st.in_zone((p, W.RESOURCES))
              if o.face_up and o.controller == p and "location" in VA.kinds(st, o.id)]
        if len(ls) > 1:
            out.append((p, ls))
    return out


def _keep_one_location(ctx: Context, player: str, ls: list[int]) -> None:
    """410.6g: the player chooses one of his locations and turns the rest face down."""
    st = ctx.state
    names = tuple(dict.fromkeys(st.objects[x].name for x in ls))
    keep = ls[0]
    if len(names) > 1:
        name = ctx.decide(Decision(
            key=f"location:{player}:{len(st.log)}", player=player, kind="choose",
            prompt=f"which location {player} keeps face up", options=names,
            citation=ctx.cite("ppp.locations"), example=f'{player} chooses "{names[0]}"'))
        keep = next(x for x in ls if st.objects[x].name == name)
    mark = len(st.log)
    for x in ls:
        if x != keep:
            st.apply(W.TurnFace(x, False))
    ctx.step(T.RULE, f"{player} keeps {st.objects[keep].name} and turns the other "
             f"location{'s' if len(ls) > 2 else ''} face down", ["ppp.locations"], mark=mark,
             actor=player)


def _cease(ctx: Context, oid: int) -> None:
    st = ctx.state
    o = st.objects[oid]
    mark = len(st.log)
    key = (o.owner, "ceased")
    if key not in st.zones:
        from judge.engine.state import Custom
        st.apply(Custom("ceased tokens", lambda s, k=key: s.zones.setdefault(
            k, __import__("judge.engine.state", fromlist=["Zone"]).Zone(k[0], k[1]))))
    st.apply(W.MoveCard(oid, key))
    ctx.step(T.RULE, f"{o.name} is a token out of play: it ceases to exist", ["ppp.tokens",
                                                                               "token.ceases"],
             mark=mark)


def _host_problems(state: State) -> list[int]:
    """410.6c: attachments not attached to a host matching their host description."""
    out = []
    for o in W.all_in_play(state):
        ps = P.of(state, o.id)
        if ps.attach is None or W.is_resource(o):
            continue
        host = W.host_of(state, o.id)
        if host is None:
            out.append(o.id)
            continue
        desc = host_description(state, o.id)
        if desc is None:
            continue
        from judge.games.wow import describe as D
        try:
            ok = D.matches(state, desc, host, D.Scope(you=o.controller, source=o.id),
                           ignore_zone=True)
        except D.Unknown:
            ok = True
        if not ok:
            out.append(o.id)
    return out


def _hosts_kept(ctx: Context) -> None:
    """410.6c: an attachment whose host no longer matches its attach description stays when
    the host matches its host description (its attach description is ignored): said once."""
    from dataclasses import replace
    from judge.games.wow import describe as D
    st = ctx.state
    for o in W.all_in_play(st):
        ps = P.of(st, o.id)
        host = W.host_of(st, o.id)
        if ps.attach is None or ps.attach.to is None or host is None or W.is_resource(o):
            continue
        h = st.objects[host]
        key = (o.id, o.incarnation, host, h.incarnation)
        if key in W.records(st, "hosts kept"):
            continue
        scope = D.Scope(you=o.controller, source=o.id)
        try:
            fits = D.matches(st, replace(ps.attach.to, targeted=False), host, scope,
                             ignore_zone=True)
        except D.Unknown:
            continue
        if fits:
            continue
        W.record(st, "hosts kept", key)
        desc = host_description(st, o.id)
        ctx.step(T.CHECK, f"pre-priority checks: {o.name} is attached to {h.name}, which no "
                 f"longer matches its attach description ({ps.attach.to.text!r}) but matches "
                 f"its host description ({desc.text if desc is not None else 'none'!r}): "
                 "the attach description is ignored, it stays", ["ppp.host"])


def host_description(state: State, oid: int):
    """400.6: the "attached [thing]" its powers name, else its attach description."""
    from judge.cards import model as M
    ps = P.of(state, oid)
    for _i, e, _c in ps.statics:
        for name in ("target", "what", "who"):
            t = getattr(e, name, None)
            if isinstance(t, M.Target) and "attached" in [q.lower() for q in t.qualities]:
                from dataclasses import replace
                return replace(t, qualities=tuple(q for q in t.qualities
                                                  if q.lower() != "attached"))
    if ps.attach is not None and ps.attach.to is not None:
        from dataclasses import replace
        return replace(ps.attach.to, targeted=False)
    return None


def lose(ctx: Context, players: list[str], procedure: str) -> None:
    """102.1a-102.2: players who lose are removed from the game; the last team standing wins;
    all remaining players losing at once is a draw."""
    st = ctx.state
    mark = len(st.log)
    remaining = [p for p in st.players if not st.players[p].lost and p not in players]
    teams = {W.team(st, p) for p in remaining}
    for p in players:
        from judge.engine.state import Custom
        st.apply(Custom(f"{p} loses the game", lambda s, q=p: setattr(s.players[q], "lost",
                                                                        True)))
    if not remaining:
        st.apply(EndGame(GameResult("draw", (), ctx.cite("game.draw"))))
        ctx.step(T.CHECK, f"{', '.join(players)} lose the game at the same time: the game is a "
                 "draw", [procedure, "game.draw"], mark=mark)
        return
    if len(teams) == 1:
        st.apply(EndGame(GameResult("win", tuple(remaining), ctx.cite("game.win"))))
        ctx.step(T.CHECK, f"{', '.join(players)} {'loses' if len(players) == 1 else 'lose'} "
                 f"the game: {', '.join(remaining)} {'wins' if len(remaining) == 1 else 'win'}",
                 [procedure, "game.win", "game.removed"], mark=mark)
        return
    ctx.step(T.CHECK, f"{', '.join(players)} {'loses' if len(players) == 1 else 'lose'} the "
             "game and is removed from it", [procedure, "game.removed"], mark=mark)


# --------------------------------------------------------------------------- uniqueness

def violations(state: State, player: str) -> list[tuple[str, list[int], str]]:
    """414.3: (what is violated, the violating cards, procedure). Wielding keywords (406.2)
    are exceptions to the Melee (1) limit and to 414.3c."""
    party = [o for o in state.in_zone((player, W.IN_PLAY)) if o.face_up]
    out: list[tuple[str, list[int], str]] = []
    uniques: dict[str, list[int]] = {}
    for o in party:
        if VA.has_tag(state, o.id, "unique"):
            uniques.setdefault(o.name, []).append(o.id)
    for name, ids in uniques.items():
        if len(ids) > 1:
            out.append((f"two or more unique cards named {name}", ids, "unique.name"))
    hero = W.hero(state, player)
    kws = VA.keywords(state, hero) if hero is not None else {}
    dual = "dual wield" in kws
    two_handed_dual = "two-handed dual wield" in kws
    limits: dict[str, int] = {}
    for o in party:
        for tag, n in _limits(state, o.id):
            limits[tag] = max(n, limits.get(tag, 0))
    extra = {tag: _extra(state, player, tag) for tag in limits}
    melee = [o.id for o in party if VA.has_tag(state, o.id, "melee")
             and "weapon" in VA.kinds(state, o.id)]
    off = [o.id for o in party if VA.has_tag(state, o.id, "off-hand")]
    two = [w for w in melee if VA.has_tag(state, w, "2h")]
    for tag, n in limits.items():
        ids = [o.id for o in party if VA.has_tag(state, o.id, tag)]
        if tag in ("melee", "off-hand") and (dual or two_handed_dual):
            continue                                  # 406.2: checked below
        if len(ids) > n + extra[tag]:
            out.append((f"more than {n + extra[tag]} {tag.title()}", ids, "unique.tag"))
    if dual or two_handed_dual:
        total = len(melee) + len(off)
        allowed = total <= 2
        if two and not two_handed_dual and total > 1:
            allowed = False                # plain dual wield: only One-Handed pairs (406.2)
        if not allowed:
            out.append(("more Melee weapons and Off-Hand equipment than its hero's wielding "
                        "allows", melee + off, "wield.dual-violation"))
    elif two and off:
        out.append(("a Two-Handed and an Off-Hand card", two + off, "unique.hands"))
    return out


def _weapon_kind(state: State, oid: int) -> set[str]:
    ks = VA.kinds(state, oid)
    out = set()
    if "ranged" in ks:
        out.add("ranged")
    if "melee" in ks or "ranged" not in ks:
        out.add("melee")
    return out


def _limits(state: State, oid: int) -> list[tuple[str, int]]:
    raw = state.objects[oid].base.get("limits")
    if not raw:
        return []
    out = []
    for item in raw:
        tag, _, n = str(item).rpartition(":")
        if n.isdigit():
            out.append((tag, int(n)))
    return out


def _extra(state: State, player: str, tag: str) -> int:
    """"You can control an additional Pet [while ...]" (a permission of a card the player
    controls): the uniqueness limit of that tag is one more (414.3b)."""
    from judge.games.wow import conditions as C
    from judge.games.wow.describe import Scope, Unknown
    n = 0
    for st in VA.statics(state):
        e = st.effect
        if st.kind != "permission" or "control" not in st.words or st.controller != player:
            continue
        what = getattr(e, "what", None)
        if what is None or tag not in [k.lower() for k in what.kinds] or \
                "additional" not in [q.lower() for q in what.qualities]:
            continue
        cond = getattr(e, "condition", None)
        if cond is not None:
            try:
                if not C.holds(state, cond, Scope(you=player, source=st.source)):
                    continue
            except Unknown:
                continue
        n += 1
    return n


def uniqueness(game, ctx: Context, *, entering: bool = False) -> None:
    """414.1-414.2: a violation is repaired before the game continues: the violating player
    chooses a violating card, destroyed by the game; the turn player first."""
    st = ctx.state
    for _ in range(20):
        found = None
        for p in W.seat_order(st):
            v = violations(st, p)
            if v:
                found = (p, v[0])
                break
        if found is None:
            return
        player, (what, ids, proc) = found
        names = tuple(dict.fromkeys(st.objects[i].name for i in ids))
        if len(names) == 1:
            chosen = ids[-1]
            ctx.step(T.CHECK, f"{player} violates uniqueness ({what}): one of them is destroyed",
                     ["unique", "unique.repair", proc] + (["enter.unique"] if entering else []))
        else:
            name = ctx.decide(Decision(
                key=f"unique:{player}:{len(st.log)}", player=player, kind="uniqueness",
                prompt=f"which card {player} destroys to repair a uniqueness violation ({what})",
                options=names, citation=ctx.cite("unique.repair"),
                example=f'{player} chooses "{names[0]}"'))
            ctx.step(T.CHECK, f"{player} violates uniqueness ({what}) and chooses {name}",
                     ["unique", "unique.repair", proc] + (["enter.unique"] if entering else []),
                     actor=player)
            chosen = next(i for i in ids if st.objects[i].name == name)
        MV.move(ctx, chosen, W.GRAVEYARD, "destroy", by="the game")

# modules imported here rather than at the top (they import this one, directly or through
# others) or rather than in the functions that use them (read many times a ruling: an import
# statement there runs the import machinery on every call)
from judge.games.wow import powers as P  # noqa: E402
from judge.games.wow.effects import name_unknown_matches  # noqa: E402
