"""Numbers in card text (:class:`judge.cards.model.Amount`, :class:`~judge.cards.model.Quantity`)
read from the game: a printed number, X as chosen (707.1b), "for each [thing]" (405.4: one
number, not one per thing), "that much" (the amount an earlier part of the text used), "equal
to its ATK", "the number of cards in its controller's hand". Information is read as needed and
then locked in (709.2d); a number the module cannot read raises :class:`Unknown`."""

from __future__ import annotations

from typing import Any

from judge.cards import model as M
from judge.engine.state import State
from judge.games.wow import describe as D
from judge.games.wow import model as W
from judge.games.wow.describe import Scope, Unknown

_STATS = {"atk": "atk", "attack": "atk", "health": "health", "def": "def", "cost": "cost",
          "damage": "damage", "strike cost": "strike cost"}


def amount(state: State, a: M.Amount | None, scope: Scope) -> int | None:
    """The number ``a`` stands for now; None for "all" (the caller decides what all is)."""
    if a is None:
        return None
    if a.relation in ("all",) and a.value is None and a.defined_as is None:
        return None
    if a.ref:
        base = scope.chosen.get("that much")
        if base is None:
            raise Unknown(f"the amount {a.text or a.ref!r}: nothing earlier in the text gave it")
    elif a.value is not None:
        base = a.value
    elif a.variable:
        if a.defined_as is not None:
            base = quantity(state, a.defined_as, scope)
        elif a.variable in scope.chosen:
            base = scope.chosen[a.variable]
        else:
            raise Unknown(f"the value of {a.variable} (state it with: choosing \"X=N\")")
    elif a.defined_as is not None:
        base = quantity(state, a.defined_as, scope)
    else:
        raise Unknown(f"the amount {a.text!r}")
    if base is None:
        return None
    if a.per is not None:
        base = base * len(D.candidates(state, a.per, scope))       # 405.4, 405.6
    base += a.plus
    if a.half:
        raise Unknown(f"the amount {a.text!r} (halves)")
    if a.maximum is not None:
        base = min(base, a.maximum)             # "to a maximum of 3"
    return base


def quantity(state: State, q: M.Quantity, scope: Scope) -> int | None:
    """A number the game supplies (709.2d: read as the link resolves)."""
    from judge.games.wow import values as V
    measure = q.measure.lower()
    if measure == "count":
        if q.of is None:
            raise Unknown(f"the number {q.text!r}")
        return len(D.candidates(state, q.of, scope))
    if measure in ("damage dealt", "damage dealt this way") and "damage dealt" in scope.chosen:
        return scope.chosen["damage dealt"]
    stat = _STATS.get(measure)
    if stat is None:
        raise Unknown(f"the number {q.text!r}")
    if q.of is None:
        raise Unknown(f"the number {q.text!r}: whose {measure}")
    things = D.candidates(state, q.of, scope)
    if q.of.quantifier == "all" and stat != "damage":
        # a stat of every card a description names: their combined value ("the combined ATK
        # of all other allies you control"), each value as it is now, negative ones included
        # (104.2: a calculation)
        total = 0
        for oid in things:
            if isinstance(oid, str):
                raise Unknown(f"the number {q.text!r}: it names a player")
            got = V.raw(state, oid, stat)
            total += got if isinstance(got, int) else 0
        return total
    if len(things) != 1 or isinstance(things[0], str):
        if not things and q.of.ref in ("it", "that", "this") and scope.it:
            things = list(scope.it[:1])
        else:
            raise Unknown(f"the number {q.text!r}: it names {len(things)} cards")
    oid = things[0]
    o = state.objects[oid]
    if q.of.kinds and not set(q.of.kinds) & V.kinds(state, oid):
        # "that ally's cost" read off what the text names as "it" here (the healed hero, say)
        # would be another card's number: the ally the text means is not known
        raise Unknown(f"the number {q.text!r}: {q.of.text!r} is not {o.name}, and which card it "
                      "is is not known")
    if not W.in_play(o) and o.zone != W.CHAIN and stat != "cost":
        snap = state.lki.get(oid)          # 709.2d: last known information
        if snap is not None:
            got = snap.value(stat)
            return got if isinstance(got, int) else 0
    if stat == "damage":
        return W.damage(state, oid)
    got = V.raw(state, oid, stat)
    if not isinstance(got, int):
        # None would read as "all" to the caller
        raise Unknown(f"the number {q.text!r}: {o.name} has no {measure}")
    return got


def count_of(state: State, a: M.Amount | None, scope: Scope, default: int = 1) -> int:
    got = amount(state, a, scope) if a is not None else default
    return default if got is None else got


def x_value(modes: tuple[str, ...]) -> int | None:
    """X as a scenario states it: ``choosing "X=3"`` (707.1b)."""
    for m in modes:
        text = m.replace(" ", "").upper()
        if text.startswith("X=") and text[2:].isdigit():
            return int(text[2:])
    return None


def plain(x: Any) -> str:
    return str(x)


def referents(state: State, q: M.Quantity, scope: Scope) -> list[int]:
    """The cards whose value :func:`quantity` reads for ``q`` (none when it can't tell)."""
    if q.of is None:
        return []
    try:
        things = D.candidates(state, q.of, scope)
    except Unknown:
        return []
    if not things and q.of.ref in ("it", "that", "this") and scope.it:
        things = list(scope.it[:1])
    return [x for x in things if isinstance(x, int)]
