"""Game state: players, zones, game objects with identity across zones, values computed from
bases and modifiers, counters, last known information.

Every change goes through :meth:`State.apply` with an :class:`Operation`; the operation log is
the audit trail (each trace step names the slice of the log it caused).

Identity: a ``GameObject`` keeps its ``id`` for the whole game; ``incarnation`` increases each
time it changes zones, and modifiers bind to ``(id, incarnation)``, so an effect on a card stops
when the card leaves its zone (it became a new object) while the card stays traceable. When an
object leaves a zone, a :class:`Snapshot` of its values is kept as last known information.

Values: ``value(obj, stat)`` = base, then modifiers (and counters) in ``(layer, timestamp)``
order. A game decides the layers: FaB's base/modified split (25.2, 25.3) uses two, UFS's C.3.3
uses four, WoW orders by timestamp (718) -- all are this one mechanism.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

ZoneKey = tuple[str | None, str]          # (owner player or None for shared zones, zone name)


@dataclass(slots=True)
class Zone:
    owner: str | None
    name: str
    ids: list[int] = field(default_factory=list)   # index 0 = top for ordered zones (decks)


@dataclass(slots=True)
class GameObject:
    id: int
    name: str
    owner: str
    controller: str
    kinds: frozenset[str]                 # card types and subtypes, lower case
    base: dict[str, int | None]           # printed values: power, defense, cost, pitch, life ...
    keywords: dict[str, int | None]       # printed keywords, canonical name -> N (or None)
    zone: ZoneKey
    text: Any = None                      # judge.cards.model.CardText when the card has text
    face_up: bool = True
    incarnation: int = 0
    entered: int = 0                      # timestamp of entering its zone
    counters: list[tuple[str, int]] = field(default_factory=list)  # (counter name, timestamp)
    flags: set[str] = field(default_factory=set)                   # per-incarnation marks
    token: bool = False

    def has_kind(self, kind: str) -> bool:
        return kind in self.kinds


@dataclass(frozen=True, slots=True)
class Modifier:
    """One change to one value of one object incarnation.

    op: ``set`` (base-changing, e.g. "base power becomes N"), ``add`` (+N / -N), ``double``,
    ``grant`` / ``revoke`` (stat ``kw:<keyword>``, value = N or None).
    """

    id: int
    target: tuple[int, int]               # (object id, incarnation)
    stat: str
    op: str
    value: int | None
    layer: int
    timestamp: int
    effect: int | None = None             # continuous effect that owns it (None: permanent)

    def apply(self, current: int | None) -> int | None:
        return _MOD_OPS[self.op](current, self.value)


def _set(_cur: int | None, v: int | None) -> int | None:
    return v


def _add(cur: int | None, v: int | None) -> int | None:
    # 19.6.2-style: a value that does not exist stays absent; adding to "no value" gives no value
    return None if cur is None else cur + (v or 0)


def _double(cur: int | None, _v: int | None) -> int | None:
    return None if cur is None else cur * 2


_MOD_OPS: dict[str, Callable[[int | None, int | None], int | None]] = {
    "set": _set, "add": _add, "double": _double,
}


@dataclass(frozen=True, slots=True)
class CounterRule:
    """How a counter named ``name`` changes a value (FaB "+1{p} counter", WoW 718.2g)."""
    name: str
    stat: str
    delta: int
    layer: int


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Last known information about an object as it was just before it left a zone."""
    id: int
    incarnation: int
    name: str
    zone: ZoneKey
    values: tuple[tuple[str, int | None], ...]
    keywords: tuple[tuple[str, int | None], ...]
    counters: tuple[tuple[str, int], ...]
    controller: str

    def value(self, stat: str) -> int | None:
        return dict(self.values).get(stat)

    def has_keyword(self, name: str) -> bool:
        return name in dict(self.keywords)


@dataclass(slots=True)
class Player:
    name: str
    seat: int
    hero: int | None = None
    pools: dict[str, int] = field(default_factory=dict)   # action points, resource points ...
    life_delta: int = 0                                   # life gained minus life lost
    lost: bool = False


@dataclass(frozen=True, slots=True)
class GameResult:
    kind: str                       # "win" | "draw"
    winners: tuple[str, ...]
    citation: str


# --- operations ---------------------------------------------------------------------------

class Operation:
    """A recorded state change. Subclasses implement ``apply`` and ``describe``."""

    def apply(self, state: "State") -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def describe(self, state: "State") -> str:  # pragma: no cover - abstract
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class MoveObject(Operation):
    obj: int
    to: ZoneKey
    position: str = "top"          # top | bottom
    face_up: bool = True

    def apply(self, state: "State") -> None:
        o = state.objects[self.obj]
        state.lki[o.id] = state.snapshot(o.id)
        state.zones[o.zone].ids.remove(o.id)
        dest = state.zones[self.to]
        if self.position == "bottom":
            dest.ids.append(o.id)
        else:
            dest.ids.insert(0, o.id)
        o.zone = self.to
        o.incarnation += 1
        o.entered = state.tick()
        o.face_up = self.face_up
        o.flags.clear()
        if state.counters_leave is not None and not state.counters_leave(self.to):
            o.counters.clear()

    def describe(self, state: "State") -> str:
        return f"{state.objects[self.obj].name}: to {_zone_name(self.to)} ({self.position})"


@dataclass(frozen=True, slots=True)
class ChangePool(Operation):
    player: str
    pool: str
    delta: int

    def apply(self, state: "State") -> None:
        p = state.players[self.player]
        p.pools[self.pool] = p.pools.get(self.pool, 0) + self.delta

    def describe(self, state: "State") -> str:
        return f"{self.player} {self.pool}: {self.delta:+d}"


@dataclass(frozen=True, slots=True)
class SetPool(Operation):
    player: str
    pool: str
    amount: int

    def apply(self, state: "State") -> None:
        state.players[self.player].pools[self.pool] = self.amount

    def describe(self, state: "State") -> str:
        return f"{self.player} {self.pool}: = {self.amount}"


@dataclass(frozen=True, slots=True)
class ChangeLife(Operation):
    player: str
    delta: int

    def apply(self, state: "State") -> None:
        state.players[self.player].life_delta += self.delta

    def describe(self, state: "State") -> str:
        return f"{self.player} life: {self.delta:+d}"


@dataclass(frozen=True, slots=True)
class AddModifier(Operation):
    modifier: Modifier

    def apply(self, state: "State") -> None:
        state.modifiers[self.modifier.id] = self.modifier

    def describe(self, state: "State") -> str:
        m = self.modifier
        name = state.objects[m.target[0]].name
        return f"{name}: {m.stat} {m.op} {m.value if m.value is not None else ''}".rstrip()


@dataclass(frozen=True, slots=True)
class RemoveModifier(Operation):
    modifier: int

    def apply(self, state: "State") -> None:
        state.modifiers.pop(self.modifier, None)

    def describe(self, state: "State") -> str:
        return f"modifier {self.modifier} ends"


@dataclass(frozen=True, slots=True)
class AddCounter(Operation):
    obj: int
    counter: str
    count: int = 1

    def apply(self, state: "State") -> None:
        o = state.objects[self.obj]
        if self.count >= 0:
            o.counters.extend((self.counter, state.tick()) for _ in range(self.count))
        else:
            for _ in range(-self.count):
                for i, (name, _t) in enumerate(o.counters):
                    if name == self.counter:
                        del o.counters[i]
                        break

    def describe(self, state: "State") -> str:
        n = abs(self.count)
        return (f"{state.objects[self.obj].name}: {'+' if self.count >= 0 else '-'}{n} "
                f"{self.counter} {'counter' if n == 1 else 'counters'}")


@dataclass(frozen=True, slots=True)
class SetFlag(Operation):
    obj: int
    flag: str
    on: bool = True

    def apply(self, state: "State") -> None:
        flags = state.objects[self.obj].flags
        if self.on:
            flags.add(self.flag)
        else:
            flags.discard(self.flag)

    def describe(self, state: "State") -> str:
        return f"{state.objects[self.obj].name} {'is' if self.on else 'is no longer'} {self.flag}"


@dataclass(frozen=True, slots=True)
class SetGlobal(Operation):
    """A game-wide value: turn player, phase, step, priority holder ..."""
    key: str
    value: Any

    def apply(self, state: "State") -> None:
        state.globals[self.key] = self.value

    def describe(self, state: "State") -> str:
        return f"{self.key}: {self.value}"


@dataclass(frozen=True, slots=True)
class EndGame(Operation):
    result: GameResult

    def apply(self, state: "State") -> None:
        state.result = self.result
        for name, p in state.players.items():
            if self.result.kind == "win" and name not in self.result.winners:
                p.lost = True

    def describe(self, state: "State") -> str:
        if self.result.kind == "draw":
            return "the game is a draw"
        return f"{', '.join(self.result.winners)} wins the game"


@dataclass(frozen=True, slots=True)
class Custom(Operation):
    """A game-specific change, applied by a function of the game module (kept in the log)."""
    label: str
    fn: Callable[["State"], None] = field(compare=False)

    def apply(self, state: "State") -> None:
        self.fn(state)

    def describe(self, state: "State") -> str:
        return self.label


def _zone_name(key: ZoneKey) -> str:
    owner, name = key
    return f"{owner}'s {name}" if owner else name


# --- the state ----------------------------------------------------------------------------

class State:
    def __init__(self, game: str, document: str) -> None:
        self.game = game
        self.document = document
        self.players: dict[str, Player] = {}
        self.objects: dict[int, GameObject] = {}
        self.zones: dict[ZoneKey, Zone] = {}
        self.modifiers: dict[int, Modifier] = {}
        self.counter_rules: dict[str, CounterRule] = {}
        self.counters_leave: Callable[[ZoneKey], bool] | None = None  # keep counters in zone?
        self.effect_active: Callable[["State", int], bool] = lambda s, e: True
        self.globals: dict[str, Any] = {}
        self.lki: dict[int, Snapshot] = {}
        self.chain: list[Any] = []            # pending layers, bottom first (judge.engine.stack)
        self.effects: dict[int, Any] = {}     # continuous effects by id (judge.engine.effects)
        self.log: list[Operation] = []
        self.result: GameResult | None = None
        self.cache: dict[str, Any] = {}       # derived, immutable data (parsed card text); shared by forks
        self._clock = 0
        self._ids = 0

    def fork(self) -> "State":
        """An independent copy for trying things (expectations, implicit passes). Immutable
        parts (operations, snapshots, modifiers, the cache) are shared, the rest copied."""
        import copy
        new = copy.copy(self)
        new.players = {k: _copy_player(p) for k, p in self.players.items()}
        new.objects = {k: _copy_object(o) for k, o in self.objects.items()}
        new.zones = {k: Zone(z.owner, z.name, list(z.ids)) for k, z in self.zones.items()}
        new.modifiers = dict(self.modifiers)
        new.effects = {k: _copy_effect(e) for k, e in self.effects.items()}
        new.globals = _copy_globals(self.globals)
        new.lki = dict(self.lki)
        new.log = list(self.log)
        new.chain = list(self.chain)
        return new

    # -- clocks and ids
    def tick(self) -> int:
        self._clock += 1
        return self._clock

    def new_id(self) -> int:
        self._ids += 1
        return self._ids

    # -- building (setup is not part of the log: it is the scenario's starting position)
    def add_player(self, name: str) -> Player:
        p = Player(name=name, seat=len(self.players))
        self.players[name] = p
        return p

    def add_zone(self, owner: str | None, name: str) -> Zone:
        z = Zone(owner, name)
        self.zones[(owner, name)] = z
        return z

    def create(self, *, name: str, owner: str, zone: ZoneKey, kinds: Iterable[str] = (),
               base: dict[str, int | None] | None = None,
               keywords: dict[str, int | None] | None = None, text: Any = None,
               face_up: bool = True, position: str = "bottom", token: bool = False) -> GameObject:
        if zone not in self.zones:
            raise KeyError(zone)
        o = GameObject(id=self.new_id(), name=name, owner=owner, controller=owner,
                       kinds=frozenset(k.lower() for k in kinds), base=dict(base or {}),
                       keywords=dict(keywords or {}), zone=zone, text=text, face_up=face_up,
                       entered=self.tick(), token=token)
        self.objects[o.id] = o
        ids = self.zones[zone].ids
        if position == "top":
            ids.insert(0, o.id)
        else:
            ids.append(o.id)
        return o

    # -- changing
    def apply(self, op: Operation) -> Operation:
        op.apply(self)
        self.log.append(op)
        return op

    # -- reading
    def obj(self, oid: int) -> GameObject:
        return self.objects[oid]

    def in_zone(self, key: ZoneKey) -> list[GameObject]:
        return [self.objects[i] for i in self.zones[key].ids]

    def ref(self, o: GameObject) -> tuple[int, int]:
        return (o.id, o.incarnation)

    def active_modifiers(self, o: GameObject, stat: str) -> list[Modifier]:
        key = (o.id, o.incarnation)
        return [m for m in self.modifiers.values()
                if m.target == key and m.stat == stat
                and (m.effect is None or self.effect_active(self, m.effect))]

    def value(self, oid: int, stat: str) -> int | None:
        o = self.objects[oid]
        steps: list[tuple[int, int, int, Callable[[int | None], int | None]]] = []
        for m in self.active_modifiers(o, stat):
            steps.append((m.layer, m.timestamp, m.id, m.apply))
        for e in self.effects.values():
            affects = getattr(e, "affects", None)
            if (affects is not None and e.stat == stat and self.effect_active(self, e.id)
                    and affects(self, o)):
                steps.append((e.layer, e.timestamp, e.id, _op(e.op, e.amount)))
        for i, (cname, stamp) in enumerate(o.counters):
            rule = self.counter_rules.get(cname)
            if rule is not None and rule.stat == stat:
                steps.append((rule.layer, stamp, -1 - i, _adder(rule.delta)))
        current = o.base.get(stat)
        for _layer, _t, _id, fn in sorted(steps, key=lambda s: (s[0], s[1], s[2])):
            current = fn(current)
        return current

    def base_value(self, oid: int, stat: str) -> int | None:
        """The base after base-setting modifiers only (FaB 25.2)."""
        o = self.objects[oid]
        steps: list[tuple[int, int, Callable[[int | None], int | None]]] = [
            (m.timestamp, m.id, m.apply) for m in self.active_modifiers(o, stat)
            if m.op in ("set", "double") and m.layer == 0]
        for e in self.effects.values():      # "auras you control have 4{p}" (FaB 25.1.2)
            affects = getattr(e, "affects", None)
            if (affects is not None and e.stat == stat and e.layer == 0
                    and e.op in ("set", "double") and self.effect_active(self, e.id)
                    and affects(self, o)):
                steps.append((e.timestamp, e.id, _op(e.op, e.amount)))
        current = o.base.get(stat)
        for _t, _id, fn in sorted(steps, key=lambda s: (s[0], s[1])):
            current = fn(current)
        return current

    def keywords(self, oid: int) -> dict[str, int | None]:
        o = self.objects[oid]
        out = dict(o.keywords)
        mods = [m for m in self.modifiers.values()
                if m.target == (o.id, o.incarnation) and m.stat.startswith("kw:")
                and (m.effect is None or self.effect_active(self, m.effect))]
        for m in sorted(mods, key=lambda m: (m.layer, m.timestamp, m.id)):
            name = m.stat[3:]
            if m.op == "grant":
                out[name] = m.value
            elif m.op == "revoke":
                out.pop(name, None)
        return out

    def has_keyword(self, oid: int, name: str) -> bool:
        return name in self.keywords(oid)

    def counter_count(self, oid: int, name: str) -> int:
        return sum(1 for c, _ in self.objects[oid].counters if c == name)

    def snapshot(self, oid: int) -> Snapshot:
        o = self.objects[oid]
        stats = sorted(set(o.base) | {m.stat for m in self.modifiers.values()
                                       if m.target == (o.id, o.incarnation)
                                       and not m.stat.startswith("kw:")})
        return Snapshot(id=o.id, incarnation=o.incarnation, name=o.name, zone=o.zone,
                        values=tuple((s, self.value(oid, s)) for s in stats),
                        keywords=tuple(sorted(self.keywords(oid).items(), key=lambda kv: kv[0])),
                        counters=tuple((c, self.counter_count(oid, c))
                                       for c in sorted({c for c, _ in o.counters})),
                        controller=o.controller)

    def find(self, name: str, *, owner: str | None = None,
             zone: str | None = None) -> list[GameObject]:
        low = name.lower()
        return [o for o in self.objects.values()
                if o.name.lower() == low and (owner is None or o.owner == owner)
                and (zone is None or o.zone[1] == zone)]

    def opponents(self, player: str) -> list[str]:
        return [n for n in self.players if n != player]

    # -- invariants (checked by tests and by the runner after each action)
    def invariant_problems(self) -> list[str]:
        problems: list[str] = []
        seen: dict[int, ZoneKey] = {}
        for key, z in self.zones.items():
            for oid in z.ids:
                if oid in seen:
                    problems.append(f"object {oid} is in {seen[oid]} and {key}")
                seen[oid] = key
                if self.objects[oid].zone != key:
                    problems.append(f"object {oid} thinks it is in {self.objects[oid].zone}, not {key}")
        for oid in self.objects:
            if oid not in seen:
                problems.append(f"object {oid} is in no zone")
        for p in self.players.values():
            for pool, amount in p.pools.items():
                if amount < 0:
                    problems.append(f"{p.name} has {amount} {pool}")
        return problems

    def fingerprint(self) -> int:
        """A hash of everything that matters for repetition (loop detection)."""
        zones_ = self.zones
        zones = tuple([(k, tuple(zones_[k].ids)) for k in _sorted_zone_keys(tuple(zones_))])
        players = tuple([(p.name, p.life_delta, tuple(sorted(p.pools.items())))
                         for p in self.players.values()])
        mods = tuple(sorted([(m.target, m.stat, m.op, m.value) for m in self.modifiers.values()]))
        counters = tuple([(o.id, tuple(sorted([c for c, _ in o.counters])) if o.counters else (),
                           tuple(sorted(o.flags)) if o.flags else ())
                          for o in self.objects.values()])
        glob = tuple(sorted([(k, repr(v)) for k, v in self.globals.items()]))
        chain = tuple([(getattr(layer, "kind", ""), getattr(layer, "name", ""),
                        getattr(layer, "source", None)) for layer in self.chain])
        effects = tuple(sorted([(e.id, e.description) for e in self.effects.values()]))
        return hash((zones, players, mods, counters, glob, chain, effects))


_ATOMIC = (int, str, float, bool, type(None))


def _immutable(value: Any) -> bool:
    """Atomic, or a tuple / frozenset of such (deepcopy returns these unchanged)."""
    kind = type(value)
    if kind in _ATOMIC:
        return True
    if kind is tuple or kind is frozenset:
        return all(_immutable(v) for v in value)
    return False


def _copy_globals(values: dict[str, Any]) -> dict[str, Any]:
    """``copy.deepcopy(values)``, without walking the (most) values that are immutable."""
    if all(_immutable(v) for v in values.values()):
        return dict(values)
    import copy
    memo: dict[int, Any] = {}      # one memo: values that share an object still share it
    return {k: v if _immutable(v) else copy.deepcopy(v, memo) for k, v in values.items()}


_SLOT_NAMES: dict[type, tuple[str, ...] | None] = {}


def _slot_names(cls: type) -> tuple[str, ...] | None:
    """Every slot of ``cls`` when its instances are plain slotted objects (no ``__dict__``,
    default copying), else None."""
    if cls in _SLOT_NAMES:
        return _SLOT_NAMES[cls]
    names: list[str] | None = []
    for klass in cls.__mro__[:-1]:
        slots = klass.__dict__.get("__slots__")
        if slots is None:
            names = None
            break
        names += [slots] if isinstance(slots, str) else [n for n in slots
                                                          if n not in ("__dict__", "__weakref__")]
    if names is not None and (hasattr(cls, "__copy__")
                              or cls.__reduce_ex__ is not object.__reduce_ex__
                              or cls.__reduce__ is not object.__reduce__
                              or getattr(cls, "__getstate__", None) is not object.__getstate__):
        names = None
    found = _SLOT_NAMES[cls] = tuple(dict.fromkeys(names)) if names is not None else None
    return found


def _shallow(o: Any) -> Any:
    """``copy.copy(o)``; for slotted objects by copying the slots directly (3x faster)."""
    cls = type(o)
    names = _slot_names(cls)
    if names is None:
        import copy
        return copy.copy(o)
    new = cls.__new__(cls)
    for name in names:
        try:
            object.__setattr__(new, name, getattr(o, name))
        except AttributeError:          # a slot never set stays unset, as copy.copy does
            pass
    return new


_ZONE_ORDER: dict[tuple[ZoneKey, ...], tuple[ZoneKey, ...]] = {}


def _sorted_zone_keys(keys: tuple[ZoneKey, ...]) -> tuple[ZoneKey, ...]:
    """The zone keys in the fingerprint's order (by their text), worked out once per set."""
    found = _ZONE_ORDER.get(keys)
    if found is None:
        if len(_ZONE_ORDER) > 256:
            _ZONE_ORDER.clear()
        found = _ZONE_ORDER[keys] = tuple(sorted(keys, key=str))
    return found


def _copy_player(p: Player) -> Player:
    new = _shallow(p)
    new.pools = dict(p.pools)
    return new


def _copy_object(o: GameObject) -> GameObject:
    new = _shallow(o)
    new.counters = list(o.counters)
    new.flags = set(o.flags)
    return new


def _copy_effect(e: Any) -> Any:
    new = _shallow(e)
    new.data = dict(e.data)
    return new


def _op(op: str, amount: int | None) -> Callable[[int | None], int | None]:
    fn = _MOD_OPS[op]

    def apply(cur: int | None) -> int | None:
        return fn(cur, amount)
    return apply


def _adder(delta: int) -> Callable[[int | None], int | None]:
    def add(cur: int | None) -> int | None:
        return None if cur is None else cur + delta
    return add
