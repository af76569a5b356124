"""Values, how modifiers change them, in which order, and within which bounds.

A value is a number (power, health, a cost), a word (a UFS attack zone, an Ashes die face) or a
set of words (subtypes, traits); ``None`` is "no such value" (FaB 19.6.2: adding to a value the
card does not have leaves it without one).

Each game declares its :class:`ValueRules`: the order in which competing modifiers apply (by
default their layer, then their timestamp: FaB 25.2/25.3 use two layers, UFS C.3.3 four; WoW
orders by timestamp and dependency, 718-719, through :meth:`ValueRules.order`), and the bounds
its documents set on values (FaB 9.2.8b "a card cannot have negative power", Ashes 6.0.0 "an
attack value can never be reduced below zero"). A bound names the procedure (or citation) of
the rule that sets it, so the trace can cite it when it bites.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable

if TYPE_CHECKING:  # pragma: no cover
    from judge.engine.state import GameObject, State

Value = int | str | frozenset | None

# one step of a value computation: (layer, timestamp, tie-break id, function)
ValueStep = tuple[int, int, int, Callable[[Value], Value]]


def _set(_cur: Value, v: Value) -> Value:
    return v


def _add(cur: Value, v: Value) -> Value:
    # a value that does not exist stays absent; adding to "no value" gives no value (FaB 19.6.2)
    if cur is None:
        return None
    if isinstance(cur, int) and isinstance(v, int | None):
        return cur + (v or 0)
    raise TypeError(f"cannot add {v!r} to {cur!r}")


def _double(cur: Value, _v: Value) -> Value:
    if cur is None:
        return None
    if isinstance(cur, int):
        return cur * 2
    raise TypeError(f"cannot double {cur!r}")


def _include(cur: Value, v: Value) -> Value:
    words = cur if isinstance(cur, frozenset) else frozenset(() if cur is None else (cur,))
    more = v if isinstance(v, frozenset) else frozenset(() if v is None else (v,))
    return words | more


def _exclude(cur: Value, v: Value) -> Value:
    words = cur if isinstance(cur, frozenset) else frozenset(() if cur is None else (cur,))
    less = v if isinstance(v, frozenset) else frozenset(() if v is None else (v,))
    return words - less


OPS: dict[str, Callable[[Value, Value], Value]] = {
    "set": _set, "add": _add, "double": _double, "include": _include, "exclude": _exclude,
}


def apply_op(op: str, current: Value, value: Value) -> Value:
    return OPS[op](current, value)


@dataclass(frozen=True, slots=True)
class Bound:
    """A bound a document sets on a value: ``low`` <= value <= ``high`` (either may be None).

    ``stat``: the value it bounds; ``kinds``: the kinds of object it applies to (empty: all);
    ``procedure``: the game's procedure name (or a full citation) of the rule that sets it;
    ``text``: the rule in a few words, for the trace ("a card cannot have negative power").
    ``each_step``: the bound holds the value after each modifier in turn, not only the result
    (FaB 9.2.8b "if an effect would reduce [it] to less than zero, instead it reduces it to
    zero": 2 power, then -3, then +2, is 2, not 1).
    """
    stat: str
    low: int | None = None
    high: int | None = None
    procedure: str = ""
    text: str = ""
    kinds: frozenset[str] = frozenset()
    each_step: bool = False

    def hold(self, value: Value) -> Value:
        if not isinstance(value, int) or isinstance(value, bool):
            return value
        if self.low is not None and value < self.low:
            return self.low
        if self.high is not None and value > self.high:
            return self.high
        return value

    def describe(self) -> str:
        if self.high is None:
            return f"at least {self.low}"
        if self.low is None:
            return f"at most {self.high}"
        return f"{self.low} to {self.high}"


@dataclass(frozen=True, slots=True)
class BoundHit:
    """A value that a bound held: ``raw`` became ``held``. Left in ``State.notes``."""
    obj: int
    incarnation: int
    stat: str
    raw: Value
    held: Value
    bound: Bound


def _own_value(state: "State", player: str, name: str) -> Value:
    return state.players[player].values.get(name)


def _by_layer(state: "State", obj: "GameObject", stat: str,
              steps: list[ValueStep]) -> Iterable[ValueStep]:
    return sorted(steps, key=lambda s: (s[0], s[1], s[2]))


@dataclass(slots=True)
class ValueRules:
    """A game's rules for values (see the module docstring). ``order`` sorts the steps of one
    value's computation; ``bounds`` hold object values, ``player_bounds`` player values
    (action points and resources never below 0 ...); ``player_value`` a player's value as the
    game shows it, by name."""
    bounds: tuple[Bound, ...] = ()
    player_bounds: tuple[Bound, ...] = ()
    order: Callable[["State", "GameObject", str, list[ValueStep]],
                    Iterable[ValueStep]] = _by_layer
    # a player's value as the game shows it (FaB's life: the hero's life, gained and lost)
    player_value: Callable[["State", str, str], Value] = _own_value
    _by_stat: dict[str, tuple[Bound, ...]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        table: dict[str, list[Bound]] = {}
        for b in self.bounds:
            table.setdefault(b.stat, []).append(b)
        self._by_stat = {k: tuple(v) for k, v in table.items()}

    def bound(self, stat: str, kinds: frozenset[str]) -> Bound | None:
        """The bound on ``stat`` of an object of ``kinds``: the first whose kinds it has."""
        found = self._by_stat.get(stat)
        if not found:
            return None
        for b in found:
            if not b.kinds or b.kinds & kinds:
                return b
        return None

    def player_bound(self, name: str) -> Bound | None:
        return next((b for b in self.player_bounds if b.stat == name), None)

    def all_bounds(self) -> tuple[Bound, ...]:
        return self.bounds + self.player_bounds


def plain(value: Any) -> str:
    """A value in words: numbers as they are, sets as a sorted list, None as "none"."""
    if value is None:
        return "none"
    if isinstance(value, frozenset):
        return ", ".join(sorted(str(v) for v in value)) or "nothing"
    return str(value)
