"""Control of cards in play (401): a modifier that changes a card's controller, and control
reverting as such a modifier ends (401.3b).

A card's controller is the player of the latest-timestamped (718.2) modifier gaining control of
it that still applies ("Ongoing: You control attached ally"; "you control target ally" from a
link); when none applies, the player under whose control it entered play. The card moves to its
new controller's row and stays the same card (401.3, 415.9a); modifiers that say "you control"
re-read who controls it (714.3e)."""

from __future__ import annotations

from typing import Any

from judge.cards import model as M
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.state import State
from judge.games.wow import describe as D
from judge.games.wow import model as W
from judge.games.wow import values as VA


def entered_under(state: State, oid: int) -> str:
    o = state.objects[oid]
    table = dict(state.globals.get("entered under", ()))
    return table.get((o.id, o.incarnation), o.owner)


def remember_entry(state: State, oid: int, controller: str) -> None:
    o = state.objects[oid]
    table = dict(state.globals.get("entered under", ()))
    table[(o.id, o.incarnation)] = controller
    W.set_record(state, "entered under", tuple(sorted(table.items())))


def claims(state: State, oid: int) -> list[tuple[int, str, str]]:
    """(timestamp, player, what gives it) of every control modifier that applies to ``oid``."""
    out: list[tuple[int, str, str]] = []
    for st in VA.statics(state):
        if st.kind != "control":
            continue
        if st.applies(state, oid):
            out.append((st.timestamp, st.controller, state.objects[st.source].name))
    o = state.objects[oid]
    ref = (o.id, o.incarnation)
    for e in state.effects.values():
        c = e.data.get("control")
        if c is None or not state.effect_active(state, e.id):
            continue
        if c[0] == ref:
            out.append((e.timestamp, c[1], e.data.get("name", "a modifier")))
    return sorted(out)


def update(ctx: Context) -> None:
    """Every card in play is controlled by whom its control modifiers say (401.3, 401.3b)."""
    st = ctx.state
    for o in list(W.all_in_play(st)):
        if "hero" in o.kinds and st.players[o.owner].hero == o.id:
            continue
        found = claims(st, o.id)
        want = found[-1][1] if found else entered_under(st, o.id)
        if want not in st.players or st.players[want].lost:
            continue
        if o.controller == want:
            continue
        mark = len(st.log)
        from judge.games.wow import combat as K
        K.remove_from_combat(ctx, o.id)
        st.apply(W.ChangeController(o.id, want))
        joined = dict(st.globals.get("joined", ()))
        joined[(o.id, o.incarnation)] = st.tick()
        W.set_record(st, "joined", tuple(sorted(joined.items())))
        if found:
            ctx.step(T.RULE, f"{found[-1][2]}'s modifier gives {want} control of {o.name}: it "
                     f"moves to {want}'s party and is the same card",
                     ["control.change", "party", "zone.different-card"], mark=mark)
        else:
            ctx.step(T.RULE, f"no modifier gives anyone else control of {o.name}: control "
                     f"reverts to {want}, under whose control it entered play",
                     ["control.revert"], mark=mark)
