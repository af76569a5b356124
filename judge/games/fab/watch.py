"""Moments of the game and the triggered abilities that wait for them (16.1).

:func:`signal` is called by the FaB modules at each moment of :data:`fab_binding.MOMENTS`
(an action point gained, an attack hitting, the end phase beginning ...). Each face-up card
and token in the arena with a :class:`~judge.games.fab.binding.Watch` for that moment, and the
card the moment happens to ("this defends", "this is pitched"), triggers: its effect waits to
be added to the chain (16.2) in the order the turn player chooses (16.3). An "if" condition is
checked when the moment happens and again when the layer resolves (16.5); a "Once per Turn"
ability triggers only the first time each turn (16.7, 16.7.1). Abilities the engine does not
carry out are named ``not modelled`` by the core when their moment happens
(:func:`judge.engine.abilities.occurred`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judge.engine import abilities
from judge.engine import trace as T
from judge.engine.chain import Layer
from judge.engine.context import Context
from judge.engine.errors import NotModelled
from judge.engine.events import PendingTrigger
from judge.engine.state import SetGlobal, State
from judge.games.fab import binding as B
from judge.games.fab import conditions as F
from judge.games.fab import destroyed as fab_destroyed
from judge.games.fab import modes as fab_modes
from judge.games.fab.zones import COMBAT, PLAYER_ARENA

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame

ONCE = "once per turn triggered"      # globals: ((turn, object id, ability text), ...)

# how the trace says each moment happened
_SAID = {
    "start of turn": "{player}'s turn starts",
    "start of action phase": "{player}'s action phase begins",
    "start of end phase": "{player}'s end phase begins",
    "gain action points": "{player} gains an action point",
    "attack": "{player} attacks",
    "play attack": "{player} plays or activates an attack",
    "defend": "{card} defends",
    "hit": "{card} hits",
    "damage": "{player}'s hero is dealt damage",
    "chain closes": "the combat chain closes",
    "enter arena": "{card} enters the arena",
    "leave arena": "{card} leaves the arena",
    "destroy": "{card} is destroyed",
    "pitch": "{card} is pitched",
}


def signal(game: "FabGame", ctx: Context, moment: str, *, player: str | None = None,
           obj: int | None = None) -> None:
    """``moment`` happens to ``player`` (whose moment it is) or to object ``obj``: the
    abilities that wait for it trigger, and those the engine does not carry out are named."""
    abilities.occurred(ctx, moment)
    ctx.trigger(*collect(game, ctx, moment, player=player, obj=obj))


def collect(game: "FabGame", ctx: Context, moment: str, *, player: str | None = None,
            obj: int | None = None) -> list[PendingTrigger]:
    """The triggered effects of the watches waiting for ``moment`` (for events of the core's
    pipeline, whose unbound abilities the pipeline names itself)."""
    out: list[PendingTrigger] = []
    st = ctx.state
    for oid in _watching(st, obj):
        o = st.objects[oid]
        for w in game.card_rules(st, oid).watches:
            if w.moment != moment:
                continue
            if w.about:
                if obj is None or not _fits(st, w, obj):
                    continue
                if obj == oid:
                    ctx.not_modelled(f"{o.name}'s \"{w.text}\" when {o.name} itself is "
                                     f"destroyed: whether it triggers, having left the arena")
                    continue
                if player != o.controller:
                    continue
            elif not _whose(w, o, player, obj, oid):
                continue
            if w.once_per_turn and _used(st, oid, w):
                ctx.step(T.RULE, f"{o.name}'s \"{w.text}\" is a Once per Turn effect and has "
                         "triggered this turn: it does not trigger again",
                         ["trigger.once-per-turn", "trigger.once-per-turn-first"])
                continue
            trig = _trigger(game, ctx, oid, w, player, obj)
            if trig is not None:
                out.append(trig)
    return out


def _watching(st: State, obj: int | None) -> list[int]:
    """Face-up cards and tokens in the arena (16.1, 16.1.1: previous chain links too), and the
    object the moment happens to wherever it is."""
    found = [o.id for p in st.players for z in PLAYER_ARENA for o in st.in_zone((p, z))
             if o.face_up]
    found += [o.id for o in st.in_zone(COMBAT) if o.face_up]
    if obj is not None and obj not in found:
        found.append(obj)
    return found


def _fits(st: State, w: B.Watch, obj: int) -> bool:
    """The object ``obj`` the moment happened to is one the watch describes (a kind of each
    word of one alternative; "card": not a token, 10.2)."""
    o = st.objects[obj]
    return any(words - {"card"} <= o.kinds and ("card" not in words or not o.has_kind("token"))
               for words in w.about)


def _whose(w: B.Watch, o, player: str | None, obj: int | None, oid: int) -> bool:
    if w.whose == "this":
        return obj == oid
    if obj == oid and w.moment in ("enter arena", "leave arena", "destroy", "pitch"):
        return False
    if w.whose == "you":
        return player == o.controller
    if w.whose == "opponent":
        return player is not None and player != o.controller
    return True


def _used(st: State, oid: int, w: B.Watch) -> bool:
    turn = st.globals.get("turn", 0)
    return (turn, oid, w.text) in st.globals.get(ONCE, ())


def _trigger(game: "FabGame", ctx: Context, oid: int, w: B.Watch, player: str | None,
             obj: int | None) -> PendingTrigger | None:
    st = ctx.state
    o = st.objects[oid]
    inc = o.incarnation
    said = _SAID.get(w.moment, w.moment).format(
        player=player or o.controller, card=st.objects[obj].name if obj is not None else o.name)
    procedure = B.MOMENTS.get(w.moment, "trigger.layer")
    where = "trigger.permanent" if o.zone[1] in PLAYER_ARENA else "trigger.layer"
    if w.condition:
        try:
            answer = F.evaluate(st, o.controller, w.condition)
        except NotModelled as nm:
            ctx.not_modelled(f"{o.name}'s triggered ability {w.text!r}: {nm.what}")
            return None
        if not answer.holds:
            ctx.step(T.RULE, f"{said}, but {o.name}'s \"{w.text}\" does not trigger: "
                     f"{answer.why}", [procedure, "trigger.layer"])
            return None
        said += f" and {answer.why}"
    if w.once_per_turn:
        st.apply(SetGlobal(ONCE, tuple(st.globals.get(ONCE, ()))
                           + ((st.globals.get("turn", 0), oid, w.text),)))
    ctx.step(T.TRIGGER, f"{said}: {o.name}'s \"{w.text}\" triggers",
             [procedure, where] + (["trigger.once-per-turn-first"] if w.once_per_turn else [])
             + (["kw.channel"] if w.label == "channel" else []))
    opponents = tuple(st.opponents(o.controller))
    # "it": the object the moment happened to, as it is now (a destroyed card in the graveyard
    # is a new card that the trigger still refers to, 11.7.1)
    it = {"it": (obj, st.objects[obj].incarnation, st.objects[obj].zone)} \
        if w.about and obj is not None else {}
    stub = Layer(id=0, kind="triggered", name=f"{o.name}'s trigger", controller=o.controller,
                 source=oid, targets=opponents[:1] if len(opponents) == 1 else (), data=it)
    condition = w.condition

    def still_true(s: State) -> bool:
        if not condition:
            return True
        try:
            return F.evaluate(s, s.objects[oid].controller, condition).holds
        except NotModelled:
            return True

    def resolve(c: Context, trig: PendingTrigger) -> None:
        if it and not fab_destroyed.still_there(c, stub, w.effects):
            return
        layer = trig.targeted(stub)
        if w.label:
            layer = layer.with_data(label=w.label)
        if trig.data.get(fab_modes.CHOSEN):
            layer = layer.with_data(**{fab_modes.CHOSEN: trig.data[fab_modes.CHOSEN]})
        c.game.run_effects(c, layer, w.effects)
    del inc
    return PendingTrigger(name=f"{o.name}'s trigger", controller=o.controller, source=oid,
                          resolve=resolve, citation=ctx.cite_opt(procedure),
                          data={"effects": w.effects, fab_modes.MODAL: True},
                          still_true=still_true if condition else None)
