"""Replacement modifiers of events other than packets (716): "If an ally would be put into
your graveyard from play, remove it from the game instead", "If you would draw a card, ...
instead". The specified event never happens (716.1a); the modified events happen instead, and
may themselves be replaced by other modifiers (716.1e: never twice by the same one). When
several compete, the player who would have been affected chooses (716.1b)."""

from __future__ import annotations

from judge.cards import model as M
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.events import Event, Replacement
from judge.engine.state import State
from judge.games.wow import describe as D
from judge.games.wow import model as W
from judge.games.wow import values as VA
from judge.games.wow.describe import Scope, Unknown


# (context, replacement id) of the modifiers whose modified events are happening now: the
# events they make are not replaced by them again (716.1e), though other modifiers may
_APPLYING: set[tuple[int, str]] = set()

# 716.1f: the cards a modified zone change moved in place of the card of the event it replaced,
# by (state, that card): read back at once by the effect whose zone change it was
_MOVED_INSTEAD: dict[tuple[int, int], tuple[int, ...]] = {}


def moved_instead(state: State, oid: int) -> tuple[int, ...] | None:
    """716.1f: the cards moved in place of ``oid`` by the replacement modifier that replaced
    its last zone change (None: none did, or it replaced the move with something else)."""
    return _MOVED_INSTEAD.pop((id(state), oid), None)


def replacements(game, ctx: Context, ev: Event) -> list[Replacement]:
    return [r for r in _replacements(game, ctx, ev) if (id(ctx), r.id) not in _APPLYING]


def _replacements(game, ctx: Context, ev: Event) -> list[Replacement]:
    from judge.games.wow import powers as P
    st = ctx.state
    if ev.kind not in ("move", "draw"):
        return []
    out = []
    for o in W.all_in_play(st):
        if not o.face_up or not P.of(st, o.id).replacements or not VA.has_powers(st, o.id):
            continue
        for index, rep in P.of(st, o.id).replacements:
            if not isinstance(rep, M.Replacement) or rep.event is None:
                continue
            scope = Scope(you=o.controller, source=o.id)
            if not _matches(st, rep.event, ev, scope):
                continue
            out.append(_make(game, ctx, rep, scope, f"{o.id}:{index}", o.name))
    for e in list(st.effects.values()):
        rep = e.data.get("replacement")
        if not isinstance(rep, M.Replacement) or rep.event is None:
            continue
        if not st.effect_active(st, e.id):
            continue
        scope = e.data["scope"]
        if _matches(st, rep.event, ev, scope):
            out.append(_make(game, ctx, rep, scope, f"effect{e.id}", e.data.get("name", "")))
    return out


def _make(game, ctx: Context, rep: M.Replacement, scope: Scope, ident: str,
          name: str) -> Replacement:
    def applies(s: State, e: Event, r=rep, sc=scope) -> bool:
        return _matches(s, r.event, e, sc)

    def apply(c: Context, e: Event, r=rep, sc=scope) -> Event:
        from judge.engine import trace as T
        from judge.games.wow.effects import Run
        what = c.state.objects[e.target].name if isinstance(e.target, int) else e.player
        impossible = e.kind == "draw" and bool(e.get("empty"))
        c.step(T.RULE, f"{name}'s modifier replaces the event ({e.get('why') or e.kind} "
               f"{what}"
               + (f", though it can't be done: {what}'s deck is empty" if impossible else "")
               + "): it never happens, and nothing can trigger off it; the modified event "
               "happens instead", ["replacement", "replacement.never"]
               + (["replacement.impossible"] if impossible else []))
        run = Run(game, c, you=sc.you, source=sc.source, name=name,
                  it=(e.target,) if isinstance(e.target, int) else (e.player,))
        key = (id(c), f"other:{ident}")
        _APPLYING.add(key)
        try:
            run.effects(r.instead)
        finally:
            _APPLYING.discard(key)
        if e.kind == "move" and isinstance(e.target, int) and r.instead and \
                all(isinstance(x, M.Move) for x in r.instead):
            _MOVED_INSTEAD[(id(c.state), e.target)] = tuple(
                x for x in run.it if isinstance(x, int))
        return e.with_(cancelled=True)
    return Replacement(id=f"other:{ident}", name=name, label=f"{name}'s modifier",
                       controller=scope.you, citation=ctx.cite("replacement"),
                       applies=applies, apply=apply)


def _matches(state: State, want: M.Event, ev: Event, scope: Scope) -> bool:
    verb = want.verb
    try:
        if ev.kind == "move":
            why, to = ev.get("why"), ev.get("to")
            if ev.get("by") == "the game" and why in ("destroy", "remove"):
                return False                    # 103.3: can't be replaced
            x = ev.target
            if verb == "be destroyed" and why == "destroy":
                return want.subject is None or D.matches(state, want.subject, x, scope)
            if verb in ("be put", "enter") and want.zone is not None:
                zone = {"removed": W.REMOVED}.get(want.zone.name, want.zone.name)
                if to != zone:
                    return False
                if want.zone.owner == "you" and not W.friendly(state, state.objects[x].owner,
                                                              scope.you):
                    return False
                if want.zone.owner == "opponent" and W.friendly(state, state.objects[x].owner,
                                                               scope.you):
                    return False            # "an opposing graveyard"
                if want.zone.owner not in ("", "you", "opponent", "each"):
                    return False            # whose zone is another relation: not matched
                # "an ability card would enter your graveyard": a card of that description
                # wherever it comes from (the chain, a hand, play); "an ally": one in play
                return want.subject is None or D.matches(
                    state, want.subject, x, scope, ignore_zone="card" in want.subject.kinds)
            return False
        if ev.kind == "draw" and verb == "draw":
            return want.subject is None or want.subject.ref == "you" and ev.player == scope.you
    except Unknown:
        return False
    return False


def order(ctx: Context, ev: Event, candidates: list[Replacement]) -> tuple[Replacement, str]:
    """716.1b: the player who would have been affected chooses the next one."""
    st = ctx.state
    why = ctx.cite("replacement.order")
    if len(candidates) == 1:
        return candidates[0], why
    player = ev.player or W.turn_player(st)
    names = tuple(dict.fromkeys(r.name for r in candidates))
    if len(names) == 1:
        return candidates[0], why
    chosen = ctx.decide(Decision(
        key=f"replace:{len(st.log)}", player=player, kind="modifier order",
        prompt=f"which modifier replaces the event first", options=names, citation=why,
        example=f'{player} chooses "{names[0]}"'))
    return next((r for r in candidates if r.name == chosen), candidates[0]), why
