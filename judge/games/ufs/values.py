"""Card values in layers (C.3.3) and the current state (C.3.3.4).

The engine computes a value from the printed one (``GameObject.base``, layer 0) and the steps
:func:`order` returns (:class:`judge.engine.values.ValueRules`): layer 1, copying definition
effects (none are modelled); layer 2, non-copying definition effects (Desperation's "this
card's difficulty is X", I.3.4; a null base attack zone is mid, C.3.3.2.2.1); layer 3, the
current state: the modifications effects applied to it, each a
:class:`~judge.engine.state.Modifier` of a fixed amount bound to the card's incarnation (C.3.3.4.3:
once applied, a modification cannot be changed until the current state is refreshed). A face-down
card has no printed values (C.3.3.1). Within a layer steps apply in timestamp order: the
modifications of layer 3 are bonuses and penalties, whose order does not change the result; the
definition effects of layers 1 and 2 that cards create (whose order C.3.3.2.1 leaves to the
players) are not modelled.

A current state is created when a card becomes valued or enters the transit zone while being
played (C.3.3.4.1), and refreshed when the turn ends, the card changes zones, or its attack
resolves (C.3.3.4.2): :func:`refresh` removes the modifications and applies again the static
modifier effects that apply to it (C.3.3.4.4).
"""

from __future__ import annotations

from typing import Callable, Iterable

from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.state import (AddModifier, GameObject, Modifier, MoveObject, RemoveModifier,
                                State)
from judge.engine.values import Bound, Value, ValueRules, ValueStep
from judge.games.ufs import names as N

CURRENT = 3            # C.3.3.4: the current state's layer
COPIED = frozenset({"difficulty", "control", "speed", "damage", "zone", "block zone",
                    "block modifier", "resources"})          # printed values but the text box

# B.6.6.2.2: the infinity symbol grants all twelve resource symbols
RESOURCES = frozenset({"air", "all", "chaos", "death", "earth", "evil", "fire", "good", "life",
                       "order", "void", "water"})
INFINITY = "infinity"

# J.4.3.4: X must be a non-negative whole number
X_BOUND = Bound("X", low=0, procedure="x.nonnegative",
                text="X must be a non-negative whole number")


def order(state: State, obj: GameObject, stat: str,
          steps: list[ValueStep]) -> Iterable[ValueStep]:
    """The steps of one value's computation in the order of C.3.3 (see the module docstring),
    with the definition effects the rules themselves give."""
    extra: list[ValueStep] = []
    original = N.copy_of(obj)
    if not obj.face_up:
        extra.append((0, -1, -1, _none))                      # C.3.3.1 note
    if original is not None and stat in COPIED:               # C.3.3.2, I.3.8.2: layer 1
        printed = state.objects[original].base.get(stat)
        extra.append((1, -1, -1, _const(printed)))
    if stat == "zone" and N.is_type(obj, "attack"):
        extra.append((2, -1, -1, _mid))                       # C.3.3.2.2.1
    if stat == "difficulty" and obj.face_up:
        kw = N.keywords(state, obj)
        rating = kw.get("Desperation")
        if isinstance(rating, int) and N.desperate(state, obj.controller):
            extra.append((2, 0, -2, _const(rating)))          # I.3.4.1, a definition effect

    def key(step: ValueStep) -> tuple:
        layer, stamp, ident, _fn = step
        return (layer, stamp, ident)
    return sorted(steps + extra, key=key)


def _none(_v: Value) -> Value:
    return None


def _mid(v: Value) -> Value:
    return v if v else "mid"


def _const(n: int) -> Callable[[Value], Value]:
    def set_(_v: Value) -> Value:
        return n
    return set_


def rules() -> ValueRules:
    return ValueRules(bounds=(X_BOUND,), order=order)


# ------------------------------------------------------------------ reading values

def layers(st: State, oid: int, stat: str) -> list[str]:
    """The procedures (rules) that made a card's value what it is: its printed value (layer
    0), a definition the rules give (layer 2: Desperation, a null attack zone), modifications
    of its current state (layer 3)."""
    o = st.objects[oid]
    out = ["layers"]
    if not o.face_up and N.copy_of(o) is None:
        return out + ["layer0", "staging.face-down"]
    out.append("layer0")
    if stat == "zone" and "attack" in o.kinds and not o.base.get("zone"):
        out += ["layer2", "base-values", "base-zone-mid"]
    if N.copy_of(o) is not None:
        out += ["layer1", "copying"]
    if stat == "difficulty" and isinstance(N.keywords(st, o).get("Desperation"), int) and \
            N.desperate(st, o.controller):
        out += ["layer2", "base-values", "desperation", "desperation-state"]
    if any(m.stat == stat for m in current_modifiers(st, oid)):
        out += ["layer3"]
    return out


def value(st: State, oid: int, stat: str) -> Value:
    """A card's value as the rules read it: its current state when it has one, else its base
    values (C.3.2.1); resource symbols with the infinity symbol's twelve (B.6.6.2.2)."""
    v = st.value(oid, stat)
    if stat == "resources":
        words = v if isinstance(v, frozenset) else frozenset(() if v is None else (v,))
        return (words - {INFINITY}) | RESOURCES if INFINITY in words else words
    return v


def number(st: State, oid: int, stat: str) -> int | None:
    v = value(st, oid, stat)
    return v if isinstance(v, int) else None


def printed(o: GameObject, stat: str) -> Value:
    """Layer 0: the printed value (None for a face-down card, C.3.3.1)."""
    return o.base.get(stat) if o.face_up else None


def valued(o: GameObject) -> bool:
    """C.3.1: public, or in a public zone."""
    return o.zone[1] in N.PUBLIC and (o.face_up or o.zone[1] == N.STAGING)


# ------------------------------------------------------------------ the current state

def modify(ctx: Context, oid: int, stat: str, amount: int, *, op: str = "add") -> Modifier:
    """Apply a modification of ``stat`` to the card's current state (layer 3): a fixed amount,
    bound to the card as it is now (C.3.3.4.3)."""
    st = ctx.state
    o = st.objects[oid]
    m = Modifier(id=st.new_id(), target=(o.id, o.incarnation), stat=stat, op=op, value=amount,
                 layer=CURRENT, timestamp=st.tick())
    st.apply(AddModifier(m))
    return m


def grant_keyword(ctx: Context, oid: int, name: str, rating: int | None) -> None:
    st = ctx.state
    o = st.objects[oid]
    st.apply(AddModifier(Modifier(id=st.new_id(), target=(o.id, o.incarnation),
                                  stat=f"kw:{name}", op="grant", value=rating, layer=CURRENT,
                                  timestamp=st.tick())))


def current_modifiers(st: State, oid: int) -> list[Modifier]:
    o = st.objects[oid]
    return [m for m in st.modifiers.values()
            if m.target == (o.id, o.incarnation) and m.layer == CURRENT]


def refresh(ctx: Context, oid: int, procedures: list[str], why: str,
            statics: Callable[[Context, int], None] | None = None, *,
            always: bool = False) -> None:
    """Refresh the card's current state: back to its base values, without game events
    (C.3.3.4.4.1), then the static modifier effects that apply to it again (C.3.3.4.4)."""
    st = ctx.state
    mods = current_modifiers(st, oid)
    if not mods and not always:
        return
    mark = len(st.log)
    for m in mods:
        st.apply(RemoveModifier(m.id))
    ctx.step(T.RULE, f"{st.objects[oid].name}'s current state is refreshed ({why}): its "
             f"values are its base values again", procedures + ["current.initial",
                                                                "refresh.no-event"], mark=mark)
    if statics is not None:
        statics(ctx, oid)


def carry(ctx: Context, oid: int, to: tuple[str, str], position: str = "bottom") -> None:
    """Move a card that is being played from the transit zone to its destination keeping the
    current state it gained on entering the transit zone (C.3.3.4.1, D.2.5.1.3: passing
    through the transit zone is one zone change)."""
    st = ctx.state
    kept = current_modifiers(st, oid)
    st.apply(MoveObject(oid, to, position=position))
    o = st.objects[oid]
    for m in kept:
        st.apply(RemoveModifier(m.id))
        st.apply(AddModifier(Modifier(id=st.new_id(), target=(o.id, o.incarnation), stat=m.stat,
                                      op=m.op, value=m.value, layer=m.layer,
                                      timestamp=m.timestamp, effect=m.effect)))


def bounded_x(ctx: Context, raw: int) -> int:
    """J.4.3.4: X is never negative; a step cites the rule when it holds X."""
    held = X_BOUND.hold(raw)
    if held != raw:
        ctx.step(T.RULE, f"X would be {raw}: {X_BOUND.text}, so it is {held}",
                 ["x.nonnegative"])
    return held if isinstance(held, int) else 0
