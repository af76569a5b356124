"""Game state: players, zones, game objects with identity across zones, values computed from
bases and modifiers, counters, last known information.

Every change goes through :meth:`State.apply` with an :class:`Operation`; the operation log is
the audit trail (each trace step names the slice of the log it caused).

Identity: a ``GameObject`` keeps its ``id`` for the whole game; ``incarnation`` increases each
time it changes zones, and modifiers bind to ``(id, incarnation)``, so an effect on a card stops
when the card leaves its zone (it became a new object) while the card stays traceable. When an
object leaves a zone, a :class:`Snapshot` of its values is kept as last known information.

Values: ``value(obj, stat)`` = base, then modifiers (and counters) in the order the game's
:class:`~judge.engine.values.ValueRules` gives (by default ``(layer, timestamp)``), then the
bounds its documents set (FaB 9.2.8b, Ashes 6.0.0 ...). A game decides the layers: FaB's
base/modified split (25.2, 25.3) uses two, UFS's C.3.3 uses four, WoW orders by timestamp and
dependency (718, 719) -- all are this one mechanism. A value is a number, a word or a set of
words (:data:`~judge.engine.values.Value`); players have game values too (FaB's life and action
points, WoW's health, UFS's vitality and momentum): the core knows none of them by name.

Reading a value may be worth a note in the trace (a bound that bit; an ability the game module
could not bind that would change it): such reads are left in :attr:`State.notes` for the
context to turn into steps (:meth:`judge.engine.context.Context.step`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable

from judge.engine.values import Bound, BoundHit, Value, ValueRules, apply_op

if TYPE_CHECKING:  # pragma: no cover
    from judge.engine.abilities import Unbound
    from judge.engine.events import PendingTrigger

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
    base: dict[str, Value]                # printed values: power, defense, cost, pitch, life ...
    keywords: dict[str, Value]            # printed keywords, canonical name -> N (or None)
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

    op: one of :data:`judge.engine.values.OPS` (``set`` for base-changing "base power becomes
    N", ``add`` for +N / -N, ``double``, ``include`` / ``exclude`` for sets of words), or
    ``grant`` / ``revoke`` (stat ``kw:<keyword>``, value = N or None).
    """

    id: int
    target: tuple[int, int]               # (object id, incarnation)
    stat: str
    op: str
    value: Value
    layer: int
    timestamp: int
    effect: int | None = None             # continuous effect that owns it (None: permanent)

    def apply(self, current: Value) -> Value:
        return apply_op(self.op, current, self.value)


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
    values: tuple[tuple[str, Value], ...]
    keywords: tuple[tuple[str, Value], ...]
    counters: tuple[tuple[str, int], ...]
    controller: str

    def value(self, stat: str) -> Value:
        return dict(self.values).get(stat)

    def has_keyword(self, name: str) -> bool:
        return name in dict(self.keywords)


@dataclass(slots=True)
class Player:
    """A player. ``hero`` is the player's hero-like card (FaB hero, WoW hero, UFS character,
    Ashes Phoenixborn), when the game has one; ``values`` are the game's values of the player
    (action points, resources, life or health changes, momentum ...), keyed by the game."""
    name: str
    seat: int
    hero: int | None = None
    values: dict[str, Value] = field(default_factory=dict)
    lost: bool = False


@dataclass(frozen=True, slots=True)
class GameResult:
    kind: str                       # "win" | "draw"
    winners: tuple[str, ...]
    citation: str


# --- operations ---------------------------------------------------------------------------

class Operation:
    """A recorded state change. Subclasses implement ``apply`` and ``describe``; a
    bookkeeping operation (``shown = False``) is in the log but never in the trace's words."""

    shown = True

    def apply(self, state: "State") -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def describe(self, state: "State") -> str:  # pragma: no cover - abstract
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Tick(Operation):
    """The game's clock moved on outside another operation (a timestamp taken for an effect
    being made): kept in the log so that replaying it gives the same timestamps."""
    shown = False

    def apply(self, state: "State") -> None:
        state._clock += 1

    def describe(self, state: "State") -> str:
        return "clock"


@dataclass(frozen=True, slots=True)
class NewId(Operation):
    """An id was handed out outside another operation (a layer, an effect being made)."""
    shown = False

    def apply(self, state: "State") -> None:
        state._ids += 1

    def describe(self, state: "State") -> str:
        return "id"


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
class ChangeValue(Operation):
    """A player's numeric value changes by ``delta``; ``shown`` names it in the trace when the
    game keeps it under another key (FaB keeps "life delta" and shows "life")."""
    player: str
    name: str
    delta: int
    shown: str = ""

    def apply(self, state: "State") -> None:
        p = state.players[self.player]
        p.values[self.name] = (p.values.get(self.name) or 0) + self.delta

    def describe(self, state: "State") -> str:
        return f"{self.player} {self.shown or self.name}: {self.delta:+d}"


@dataclass(frozen=True, slots=True)
class SetValue(Operation):
    player: str
    name: str
    value: Value

    def apply(self, state: "State") -> None:
        state.players[self.player].values[self.name] = self.value

    def describe(self, state: "State") -> str:
        return f"{self.player} {self.name}: = {self.value}"


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
class AddPending(Operation):
    """Triggered effects that wait to be put where the game's rules say (FaB 16.2: on the
    chain the next time a player would get priority; Ashes 4.3: resolved at once)."""
    triggers: tuple["PendingTrigger", ...]

    def apply(self, state: "State") -> None:
        state.pending = state.pending + self.triggers

    def describe(self, state: "State") -> str:
        return "waiting: " + ", ".join(t.name for t in self.triggers)


@dataclass(frozen=True, slots=True)
class TakePending(Operation):
    """Every waiting triggered effect is taken, to be put on the chain or resolved."""

    def apply(self, state: "State") -> None:
        state.pending = ()

    def describe(self, state: "State") -> str:
        return "no triggered effect waits"


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


_TICK = Tick()
_NEW_ID = NewId()


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
        self.rules = ValueRules()             # the game's value order and bounds
        self.counter_rules: dict[str, CounterRule] = {}
        self.counters_leave: Callable[[ZoneKey], bool] | None = None  # keep counters in zone?
        self.effect_active: Callable[["State", int], bool] = lambda s, e: True
        self.globals: dict[str, Any] = {}
        self.lki: dict[int, Snapshot] = {}
        self.chain: list[Any] = []            # pending layers, bottom first (judge.engine.chain)
        self.pending: tuple["PendingTrigger", ...] = ()   # triggered, not yet placed
        # abilities the game module could not bind, by object id (judge.engine.abilities)
        self.unbound: dict[int, tuple["Unbound", ...]] = {}
        self.watch_reads = False              # an unbound static ability may concern a read
        self.effects: dict[int, Any] = {}     # continuous effects by id (judge.engine.effects)
        self.log: list[Operation] = []
        self.result: GameResult | None = None
        self.cache: dict[str, Any] = {}       # derived, immutable data (parsed card text); shared by forks
        # reads worth a note in the trace (bounds that bit ...), taken by the context; not state
        self.notes: list[BoundHit] = []
        self.reads: set[str] = set()          # values read while unbound abilities exist
        self._clock = 0
        self._ids = 0
        self._applying = 0          # > 0 while an operation applies (its ticks are its own)
        self._logging = False       # set-up (before the first operation) is not logged
        # globals found immutable by a fork (key -> that very value): not walked again
        self._settled: dict[str, Any] = {}

    def fork(self) -> "State":
        """An independent copy for trying things (expectations, implicit passes). Immutable
        parts (operations, snapshots, modifiers, the cache) are shared, the rest copied."""
        new = _new_state(self.__class__)
        new.__dict__.update(self.__dict__)      # copy.copy, without its generic dispatch
        new.players = {k: _copy_player(p) for k, p in self.players.items()}
        copiers = _OBJECT_COPIERS
        objects = {}
        for k, o in self.objects.items():
            copy_object = copiers.get(o.__class__)
            if copy_object is None:
                copy_object = copiers[o.__class__] = _copier(o.__class__, _OBJECT_FRESH)
            objects[k] = copy_object(o)
        new.objects = objects
        zones = self.zones
        copy_zone = _ZONE_COPIER or _zone_copier()
        new.zones = dict(zip(zones, map(copy_zone, zones.values())))
        new.modifiers = dict(self.modifiers)
        new.effects = {k: _copy_effect(e) for k, e in self.effects.items()}
        new.globals, settled = _copy_globals(self.globals, self._settled)
        self._settled = new._settled = settled
        new.lki = dict(self.lki)
        new.log = list(self.log)
        new.chain = list(self.chain)
        new.unbound = dict(self.unbound)
        new.notes = []
        new.reads = set()
        return new

    # -- clocks and ids (taken outside an operation, they are logged: a replay gives the same)
    def tick(self) -> int:
        self._clock += 1
        if self._logging and not self._applying:
            self.log.append(_TICK)
        return self._clock

    def new_id(self) -> int:
        self._ids += 1
        if self._logging and not self._applying:
            self.log.append(_NEW_ID)
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
               base: dict[str, Value] | None = None,
               keywords: dict[str, Value] | None = None, text: Any = None,
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
        self._applying += 1
        try:
            op.apply(self)
        finally:
            self._applying -= 1
        self.log.append(op)
        self._logging = True        # from the first operation on, the game is under way
        return op

    # -- reading
    def obj(self, oid: int) -> GameObject:
        return self.objects[oid]

    def in_zone(self, key: ZoneKey) -> list[GameObject]:
        return list(map(self.objects.__getitem__, self.zones[key].ids))

    def ref(self, o: GameObject) -> tuple[int, int]:
        return (o.id, o.incarnation)

    def active_modifiers(self, o: GameObject, stat: str) -> list[Modifier]:
        if not self.modifiers:
            return []
        key = (o.id, o.incarnation)
        return [m for m in self.modifiers.values()
                if m.target == key and m.stat == stat
                and (m.effect is None or self.effect_active(self, m.effect))]

    def value(self, oid: int, stat: str) -> Value:
        """The value of ``stat`` of object ``oid``: within the bounds its game sets."""
        if self.watch_reads:
            self.reads.add(stat)
        bound = self.rules.bound(stat, self.objects[oid].kinds)
        if bound is None:
            return self.raw_value(oid, stat)
        if bound.each_step:
            return self._held_value(oid, stat, bound)
        raw = self.raw_value(oid, stat)
        held = bound.hold(raw)
        if held != raw:
            self.notes.append(BoundHit(oid, self.objects[oid].incarnation, stat, raw, held, bound))
        return held

    def _held_value(self, oid: int, stat: str, bound: Bound) -> Value:
        """The value with ``bound`` holding it after each modifier in order
        (``Bound.each_step``). Counters are not effects: they count in full, and only the
        result holds them (FaB 8.2.5b: "-1{d} counters greater than the defense value"). The
        first hold is noted (what that step would have made it, and what it made)."""
        o = self.objects[oid]
        current = o.base.get(stat)
        hit: BoundHit | None = None
        for step in [(0, 0, 0, None)] + list(self.rules.order(self, o, stat,
                                                              self._value_steps(o, stat))):
            fn, counter = step[3], step[2] < 0
            raw = current if fn is None else fn(current)
            current = raw if counter else bound.hold(raw)
            if current != raw and hit is None:
                hit = BoundHit(oid, o.incarnation, stat, raw, current, bound)
        final = bound.hold(current)
        if final != current and hit is None:
            hit = BoundHit(oid, o.incarnation, stat, current, final, bound)
        if hit is not None:
            self.notes.append(hit)
        return final

    def raw_value(self, oid: int, stat: str) -> Value:
        """The value before the game's bounds apply (for calculations that use it so, e.g.
        WoW 104.2)."""
        o = self.objects[oid]
        current = o.base.get(stat)
        for _layer, _t, _id, fn in self.rules.order(self, o, stat, self._value_steps(o, stat)):
            current = fn(current)
        return current

    def _value_steps(self, o: GameObject, stat: str) -> list[tuple[int, int, int, Callable[[Value], Value]]]:
        """The modifiers, effects and counters that change ``stat`` of ``o``, unordered."""
        steps: list[tuple[int, int, int, Callable[[Value], Value]]] = []
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
        return steps

    def base_value(self, oid: int, stat: str) -> Value:
        """The base after base-setting modifiers only (FaB 25.2)."""
        o = self.objects[oid]
        steps: list[tuple[int, int, Callable[[Value], Value]]] = [
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

    def keywords(self, oid: int) -> dict[str, Value]:
        o = self.objects[oid]
        out = dict(o.keywords)
        if not self.modifiers:
            return out
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
        notes, reads = len(self.notes), set(self.reads)
        values = tuple((s, self.value(oid, s)) for s in stats)
        del self.notes[notes:]            # keeping information is not using it
        self.reads = reads
        return Snapshot(id=o.id, incarnation=o.incarnation, name=o.name, zone=o.zone,
                        values=values,
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
            for name, value in p.values.items():
                bound = self.rules.player_bound(name)
                if bound is not None and bound.hold(value) != value:
                    problems.append(f"{p.name} has {value} {name}, outside {bound.describe()}")
        return problems

    def canonical(self) -> tuple:
        """Everything the state holds, as comparable plain values: two states with equal
        ``canonical()`` are the same game position (tests compare a replayed log with the game it
        came from, and a game before and after a fork of it was played on)."""
        def plain(value: Any) -> Any:
            if isinstance(value, dict):
                return tuple(sorted(((repr(k), plain(v)) for k, v in value.items())))
            if isinstance(value, (list, tuple)):
                return tuple(plain(v) for v in value)
            if isinstance(value, (set, frozenset)):
                return tuple(sorted(repr(v) for v in value))
            if isinstance(value, (int, str, float, bool, type(None))):
                return value
            return repr(value)
        objects = tuple((o.id, o.name, o.owner, o.controller, plain(o.kinds), plain(o.base),
                         plain(o.keywords), o.zone, o.face_up, o.incarnation, o.entered,
                         plain(o.counters), plain(o.flags), o.token)
                        for o in sorted(self.objects.values(), key=lambda o: o.id))
        zones = tuple(sorted(((repr(k), tuple(z.ids)) for k, z in self.zones.items())))
        players = tuple((p.name, p.seat, p.hero, plain(p.values), p.lost)
                        for p in self.players.values())
        return (objects, zones, players, plain({m.id: repr(m) for m in self.modifiers.values()}),
                plain({e.id: (e.description, e.uses, plain(e.data), e.ends_at)
                       for e in self.effects.values()}),
                plain(self.globals), tuple(repr(l) for l in self.chain),
                tuple(repr(t) for t in self.pending), plain(self.unbound), repr(self.result),
                self._clock, self._ids)

    def fingerprint(self) -> tuple:
        """Everything that matters for repetition (loop detection), as a hashable value. The
        value itself, not its hash, is what is compared: hashes collide (in CPython ``hash(-1)
        == hash(-2)``, so a life total falling from -1 to -2 would look like a repeat)."""
        zones_ = self.zones
        zones = tuple([(k, tuple(zones_[k].ids)) for k in _sorted_zone_keys(tuple(zones_))])
        players = tuple([(p.name, tuple(sorted(p.values.items(), key=_key_text)))
                         for p in self.players.values()])
        mods = tuple(sorted([(m.target, m.stat, m.op, m.value) for m in self.modifiers.values()]))
        counters = tuple([(o.id, tuple(sorted([c for c, _ in o.counters])) if o.counters else (),
                           tuple(sorted(o.flags)) if o.flags else ())
                          for o in self.objects.values()])
        glob = tuple(sorted([(k, repr(v)) for k, v in self.globals.items()]))
        chain = tuple([(getattr(layer, "kind", ""), getattr(layer, "name", ""),
                        getattr(layer, "source", None)) for layer in self.chain])
        pending = tuple([(t.name, t.source) for t in self.pending])
        effects = tuple(sorted([(e.id, e.description) for e in self.effects.values()]))
        return (zones, players, mods, counters, glob, chain, pending, effects)


_ATOMIC = (int, str, float, bool, type(None))


def _immutable(value: Any) -> bool:
    """Atomic, a tuple / frozenset of such (deepcopy returns these unchanged), or an instance
    of a frozen dataclass whose fields all hold such values and that has no other attributes
    (deepcopy returns an equal copy that nothing can change: a game's record kept as a global,
    such as WoW's combat, is shared by forks instead of being copied at each one)."""
    kind = type(value)
    if kind in _ATOMIC:
        return True
    if kind is tuple or kind is frozenset:
        return all(_immutable(v) for v in value)
    names = _FROZEN_FIELDS.get(kind, _UNSET)
    if names is _UNSET:
        names = _FROZEN_FIELDS[kind] = _frozen_fields(kind)
    if names is None:
        return False
    extra = getattr(value, "__dict__", None)
    if extra is not None and len(extra) != len(names):   # attributes beyond its fields
        return False
    try:
        return all(_immutable(getattr(value, n)) for n in names)
    except AttributeError:          # a field never set: not a plain value
        return False


# class -> the field names of a frozen dataclass shared as a plain value, or None
_FROZEN_FIELDS: dict[type, Any] = {}


def _frozen_fields(cls: type) -> tuple[str, ...] | None:
    """The fields of ``cls`` when it is a frozen dataclass that copy.deepcopy copies field by
    field (no ``__deepcopy__``, ``__copy__``, ``__reduce__`` or ``__reduce_ex__`` of its own),
    else None."""
    import dataclasses
    params = getattr(cls, "__dataclass_params__", None)
    if params is None or not params.frozen:
        return None
    if (hasattr(cls, "__deepcopy__") or hasattr(cls, "__copy__")
            or cls.__reduce_ex__ is not object.__reduce_ex__
            or cls.__reduce__ is not object.__reduce__):
        return None
    return tuple(f.name for f in dataclasses.fields(cls))


def _copy_globals(values: dict[str, Any],
                  settled: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """``copy.deepcopy(values)``, without walking the (most) values that are immutable; and
    the values known to be immutable (``settled``: key -> the value found so, the very object;
    kept alive by it, so its identity is never reused by another one), extended."""
    found: dict[str, Any] = {}
    mutable = []
    for k, v in values.items():
        if settled.get(k, _UNSET) is v or _immutable(v):
            found[k] = v
        else:
            mutable.append(k)
    if not mutable:
        return dict(values), found
    import copy
    memo: dict[int, Any] = {}      # one memo: values that share an object still share it
    out = dict(values)
    for k in mutable:
        out[k] = copy.deepcopy(values[k], memo)
    return out, found


_UNSET = object()


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


_COPIERS: dict[tuple[type, tuple[tuple[str, type], ...]], Callable[[Any], Any]] = {}


def _copier(cls: type, fresh: tuple[tuple[str, type], ...]) -> Callable[[Any], Any]:
    """A function copying an instance of ``cls`` as :func:`_shallow` does, with a new container
    (``list``, ``set``, ``dict``: a shallow copy) for each slot named in ``fresh``. For a
    plain slotted class (its own slots, ``object``'s ``__setattr__``) the function is written
    out slot by slot (about 9x faster than the loop of :func:`_shallow`: forks copy every
    object of the game); an instance with a slot never set is copied by :func:`_shallow`.
    Other classes: :func:`_shallow`, then the fresh containers."""
    key = (cls, fresh)
    found = _COPIERS.get(key)
    if found is not None:
        return found
    names = _slot_names(cls)
    renew = dict(fresh)

    def generic(o: Any) -> Any:
        new = _shallow(o)
        for name, kind in fresh:
            setattr(new, name, kind(getattr(o, name)))
        return new

    if (names is None or cls.__setattr__ is not object.__setattr__
            or not all(n.isidentifier() for n in names) or not set(renew) <= set(names)):
        found = generic
    else:
        kinds = {kind.__name__: kind for kind in renew.values()}
        body = "".join(f"        new.{n} = {renew[n].__name__}(o.{n})\n" if n in renew
                       else f"        new.{n} = o.{n}\n" for n in names)
        source = ("def copy(o):\n    new = make(cls)\n    try:\n" + body +
                  "    except AttributeError:\n        return generic(o)\n    return new\n")
        scope = {"make": object.__new__, "cls": cls, "generic": generic, **kinds}
        exec(compile(source, f"<judge.engine.state copier of {cls.__qualname__}>", "exec"),
             scope)
        found = scope["copy"]
    _COPIERS[key] = found
    return found


_PLAYER_FRESH = (("values", dict),)
_OBJECT_FRESH = (("counters", list), ("flags", set))
_EFFECT_FRESH = (("data", dict),)


_OBJECT_COPIERS: dict[type, Callable[[Any], Any]] = {}   # by class: the fork's own look-up
_ZONE_COPIER: Callable[[Zone], Zone] | None = None
_new_state = object.__new__


def _zone_copier() -> Callable[[Zone], Zone]:
    global _ZONE_COPIER
    _ZONE_COPIER = _copier(Zone, (("ids", list),))
    return _ZONE_COPIER


def _copy_player(p: Player) -> Player:
    return _copier(type(p), _PLAYER_FRESH)(p)


def _key_text(item: tuple[str, Any]) -> str:
    return item[0]


def _copy_object(o: GameObject) -> GameObject:
    return _copier(type(o), _OBJECT_FRESH)(o)


def _copy_effect(e: Any) -> Any:
    return _copier(type(e), _EFFECT_FRESH)(e)


def _op(op: str, amount: Value) -> Callable[[Value], Value]:
    def apply(cur: Value) -> Value:
        return apply_op(op, cur, amount)
    return apply


def _adder(delta: int) -> Callable[[Value], Value]:
    def add(cur: Value) -> Value:
        return apply_op("add", cur, delta)
    return add
