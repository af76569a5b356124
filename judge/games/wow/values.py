"""What a WoW card is now: its types and tags, damage types, keywords and powers, and its ATK,
health, DEF and cost with every continuous modifier applied (714), in timestamp order (718)
unless one depends on another (719), within 104.2 (a negative value is treated as 0 unless it is
used in a calculation or comparison).

The continuous modifiers come from four places, and the engine core's value computation calls
:func:`order` to put them in order:

- definite modifiers created by resolving links (:class:`~judge.engine.state.Modifier` and
  :class:`~judge.engine.effects.ContinuousEffect`; 714.3, timestamp: the link resolved,
  718.2d), which the core hands in;
- indefinite modifiers of powers of cards in play ("Opposing allies have -1 ATK": 714.2,
  timestamp: the card's, 718.2f, or its attachment's, 718.2b), found here;
- unnamed counters that change ATK or health ("+1 / +1", 404.1c, timestamp 718.2g);
- keywords that change ATK (Assault, Berserking, Cat Form) and strike modifiers (303.2b).

Dependency (719.1-719.2) is applied for the shapes the module models: a modifier that adds to a
value the card does not have yet depends on the modifier that gives it that value (an item that
becomes an ally with 2 ATK: "opposing allies have -1 ATK" applies after it, whatever the
timestamps), and "double" depends on all others (719.4). A modifier whose amount reads other
cards' values reads them with all their modifiers (so Silas Darkmoon adds the ATK the other
allies have after Deafening Shout, 719.2's example).
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterable, Iterator

from judge.cards import model as M
from judge.engine.state import GameObject, State, _op
from judge.engine.values import Bound, Value, ValueRules, ValueStep, apply_op
from judge.games.wow import amounts as A
from judge.games.wow import conditions as C
from judge.games.wow import describe as D
from judge.games.wow import model as W
from judge.games.wow import powers as P
from judge.games.wow.describe import Scope, Unknown

_CHARACTER_TYPES = frozenset({"hero", "ally", "totem"})
NUMERIC = ("atk", "health", "def", "cost", "strike cost")
_COUNTER = re.compile(r"^([+-]\d+)\s*/\s*([+-]\d+)$")
_STAT_COUNTER = re.compile(r"^([+-]\d+)(atk|health)$")          # "+1 ATK counters"

BOUNDS = tuple(Bound(stat, 0, procedure="value.negative",
                     text="a negative value is treated as 0 unless it is used in a "
                          "calculation or a comparison")
               for stat in NUMERIC)

# re-entrancy guards: a value being worked out is not asked again from inside itself
_busy: set[tuple[int, int, str]] = set()
# the modifiers whose amounts are being read now, outermost first (719.3: an interdependent
# modifier with a later timestamp has not applied yet when an earlier one reads the value)
_reading: list["Static"] = []


def rules() -> ValueRules:
    return ValueRules(bounds=BOUNDS, order=order)


# --------------------------------------------------------------------------- kinds

# a card as it was as it left play (its types and tags, its controller), while a trigger
# condition that looks back at it is read (a leaves-play trigger, 404.2c)
_AS_IT_WAS: dict[tuple[int, int], tuple[frozenset[str], str | None]] = {}


@contextmanager
def as_it_was(state: State, oid: int, kinds_: frozenset[str] | None,
              controller: str | None) -> Iterator[None]:
    key = (id(state), oid)
    if kinds_ is None or key in _AS_IT_WAS:
        yield
        return
    _AS_IT_WAS[key] = (kinds_, controller)
    try:
        yield
    finally:
        del _AS_IT_WAS[key]


def was(state: State, oid: int) -> tuple[frozenset[str], str | None] | None:
    return _AS_IT_WAS.get((id(state), oid)) if _AS_IT_WAS else None


def _kept_reads(state: State) -> dict | None:
    """The reads kept for the state as it is now (kinds: key -> value), as statics() keeps
    its list: for as long as the log is unchanged (every change after the set-up is a logged
    operation), not while an operation applies, a card is looked back at as it was (404.2c)
    or a modifier's amount is being read (719.3: what applies then depends on the reader).
    None when reads are not kept now."""
    if not getattr(state, "_logging", False) or _AS_IT_WAS or _reading \
            or getattr(state, "_applying", 0):
        return None
    kept = getattr(state, "_wow_reads", None)
    if kept is None or kept[0] != len(state.log) or kept[1] is not state.log:
        kept = state._wow_reads = (len(state.log), state.log, {})
    return kept[2]


def kinds(state: State, oid: int) -> frozenset[str]:
    """The card's types and tags now (300, 202): printed, then added or removed by
    modifiers (202.3, 300.1a-b); Totems are ability allies and Golems equipment allies in
    all zones (305.3a, 304.4a).

    Read thousands of times per ruling (every description a card is matched against asks),
    and more than half of the reads repeat one made on the same game: kept with the other
    reads of that game (:func:`_kept_reads`), per card and per set of half-read cards (the
    recursion guard leaves those out, so what is busy can change the answer)."""
    kept = _kept_reads(state)
    if kept is None:
        return _kinds(state, oid)
    key = ("kinds", oid, frozenset(_busy)) if _busy else ("kinds", oid)
    found = kept.get(key)
    if found is None:
        size = len(state.log)
        found = _kinds(state, oid)
        if len(state.log) == size:
            kept[key] = found
    return found


def _kinds(state: State, oid: int) -> frozenset[str]:
    if _AS_IT_WAS:
        then = _AS_IT_WAS.get((id(state), oid))
        if then is not None:
            return then[0]
    o = state.objects[oid]
    # 412.1b: a face-down resource is blank (no types or tags) - modifiers can still add some
    out = set() if not o.face_up and o.zone[1] == W.RESOURCES else set(o.kinds)
    key = (id(state), oid, "kinds")
    if key not in _busy:
        _busy.add(key)
        try:
            for m in state.active_modifiers(o, "kinds"):
                out = set(m.apply(frozenset(out)))
            for e in _effects(state, "kinds"):
                if e.affects(state, o):
                    out = set(_apply(e.op, frozenset(out), e.amount))
            for st in statics(state):
                if st.kind == "kinds" and st.applies(state, oid):
                    words = set(st.words) | chosen_words(state, st)
                    if st.op == "set":
                        out = (out - set(W.CARD_TYPES)) | words
                    else:
                        out |= words
        finally:
            _busy.discard(key)
    if "totem" in out:
        out |= {"ability", "ally"}
    if "golem" in out:
        out |= {"equipment", "ally"}
    if not o.face_up and W.is_resource(o):
        # 412.1b: a face-down resource is blank; a flipped hero stays a hero (glossary: Flip)
        return frozenset()
    return frozenset(out)


def chosen_words(state: State, st: "Static") -> set[str]:
    """"All allies also have that type": the type the source's controller chose as it
    resolved (recorded for this incarnation of the card)."""
    kind = getattr(st.effect, "chosen", "")
    if not kind:
        return set()
    # the choice made as the card resolved, on the chain (the card in play is that card
    # moved on, 305.2a): the latest made for it
    made = [value for oid, _inc, _k, value in W.records(state, "chosen") if oid == st.source]
    return set(made[-1:])


def has_tag(state: State, oid: int, tag: str) -> bool:
    tag = tag.lower()
    ks = kinds(state, oid)
    if tag in ks:
        return True
    if tag == "character":
        return bool(ks & _CHARACTER_TYPES)
    if tag in ("one-handed", "1h"):
        return "weapon" in ks and "2h" not in ks
    if tag in ("two-handed", "2h"):
        return "2h" in ks
    if tag == "archdruid":
        return False
    if tag == "druid" and "archdruid" in ks:           # 202.4a
        return True
    return False


def is_character(state: State, oid: int) -> bool:
    o = state.objects[oid]
    return W.in_play(o) and not W.is_resource(o) and bool(kinds(state, oid) & _CHARACTER_TYPES)


def damage_types(state: State, oid: int) -> frozenset[str]:
    """The card's damage types (205.1): printed, then those of weapons it is associated with
    (303.2b)."""
    o = state.objects[oid]
    printed = o.base.get("damage type")
    out = set(str(printed).lower().replace("/", " ").split()) if printed else set()
    for m in state.active_modifiers(o, "damage types"):
        out = set(m.apply(frozenset(out)))
    for w in K.weapons_of(state, oid):
        out |= damage_types(state, w)
    return frozenset(t for t in out if t in W.DAMAGE_TYPES)


def damage_now(state: State, oid: int) -> int:
    return W.damage(state, oid)


# --------------------------------------------------------------------------- powers

def powers_lost(state: State, oid: int) -> bool:
    """700.3: the card has lost its powers (it has a blank text box while the modifier lasts)."""
    o = state.objects[oid]
    if any(m.value == "lost" for m in state.active_modifiers(o, "powers")):
        return True
    if not _powers_taken_away(state):
        return False         # no card in play has a power that takes powers away
    key = (id(state), oid, "lost")
    if key in _busy:
        return False
    _busy.add(key)
    try:
        return any(st.kind == "lose powers" and st.applies(state, oid) for st in statics(state))
    finally:
        _busy.discard(key)


def _powers_taken_away(state: State) -> bool:
    """Whether a face-up card in play has a static power that takes powers away (the only
    source of statics() of kind "lose powers", before asking whether that card has its own
    powers). Without one, powers_lost needs no look at statics() and its recursion through
    every card's has_powers. Kept on the state while its log is unchanged (as statics(); not
    while an operation applies)."""
    cacheable = getattr(state, "_logging", False) and not getattr(state, "_applying", 0)
    if cacheable:
        key = len(state.log)
        kept = getattr(state, "_wow_takes_powers", None)
        if kept is not None and kept[0] == key and kept[1] is state.log:
            return kept[2]
    found = False
    for o in W.all_in_play(state):
        if o.face_up and any(_takes_powers(e) for _, e, _ in P.of(state, o.id).statics):
            found = True
            break
    if cacheable:
        state._wow_takes_powers = (key, state.log, found)
    return found


def _takes_powers(e: M.Effect) -> bool:
    """The effect is one _static reads as kind "lose powers"."""
    return isinstance(e, M.Lose) and e.resource in ("power", "powers", "abilities")


def has_powers(state: State, oid: int) -> bool:
    o = state.objects[oid]
    if not o.face_up and o.zone[1] in (W.RESOURCES, W.REMOVED, W.DECK):
        return False                     # 412.1b, 415.7b: blank
    return not powers_lost(state, oid)


def keywords(state: State, oid: int) -> dict[str, Value]:
    """The card's keywords now (lower case name -> its number): printed, granted by
    modifiers, given by a weapon it is associated with (303.2b), unless it lost its powers."""
    o = state.objects[oid]
    out: dict[str, Value] = {}
    if has_powers(state, oid):
        out.update(P.of(state, oid).keywords)
        for kw, value in P.trait_keywords(state, oid):
            out[kw] = value
    for name, value in state.keywords(oid).items():
        if name not in o.keywords:
            out[name] = value
    for e in _effects(state, "keywords"):
        if e.affects(state, o):
            out[str(e.amount).lower()] = None
    key = (id(state), oid, "keywords")
    if key not in _busy:
        _busy.add(key)
        try:
            for st in statics(state):
                if st.kind == "keyword" and st.applies(state, oid):
                    out[st.words[0]] = st.number
        finally:
            _busy.discard(key)
    for w in K.weapons_of(state, oid):
        for kw in ("absorb", "conspicuous", "long-range", "smash", "stealth"):
            if kw in keywords(state, w):
                out[kw] = None
    if powers_lost(state, oid):
        out = {k: v for k, v in out.items() if k in _granted_after_loss(state, oid)}
    return out


def _granted_after_loss(state: State, oid: int) -> set[str]:
    return set()


def has_keyword(state: State, oid: int, name: str) -> bool:
    return name.lower() in keywords(state, oid)


def keyword_value(state: State, oid: int, name: str) -> int:
    """The number of a keyword (Assault 2): the sum of its instances' numbers."""
    v = keywords(state, oid).get(name.lower())
    return v if isinstance(v, int) else (1 if v is None and name.lower() in
                                         keywords(state, oid) else 0)


# --------------------------------------------------------------------------- statics

@dataclass(frozen=True)
class Static:
    """A continuous modifier an indefinite power generates (704.1a, 714.2)."""
    source: int
    index: int                    # the power's place on the card
    kind: str                     # value | keyword | kinds | lose powers | restriction | ...
    effect: M.Effect
    timestamp: int
    controller: str
    stat: str = ""
    words: tuple[str, ...] = ()
    number: int | None = None
    op: str = "add"
    condition: M.Condition | None = None

    def scope(self, state: State):
        return Scope(you=self.controller, source=self.source)

    def applies(self, state: State, oid: int) -> bool:
        who = _who(self.effect)
        if who is None:
            return False
        try:
            if not D.matches(state, who, oid, self.scope(state)):
                return False
            if self.condition is not None and not C.holds(state, self.condition,
                                                          self.scope(state).with_it(oid)):
                return False
        except D.Unknown:
            return False
        return True


def _who(e: M.Effect) -> M.Target | None:
    if isinstance(e, M.Restriction) and e.who is not None:
        return e.who               # "X can't attack Y", "X can attack only Y": on X
    for name in ("target", "what", "who"):
        t = getattr(e, name, None)
        if isinstance(t, M.Target):
            return t
    return None


def timestamp_of(state: State, oid: int) -> int:
    """718.2a-b: a card in play, its entering play; an attachment, when it last attached."""
    attached = W.attached_time(state, oid)
    if attached is not None and W.host_of(state, oid) is not None:
        return attached
    return state.objects[oid].entered


def statics(state: State) -> list[Static]:
    """Every continuous modifier generated by a power of a card in play (face up, with its
    powers).

    Read thousands of times per ruling (every value, kind and restriction read asks), it is
    kept on the state for as long as the state's log is unchanged: every change after the
    set-up is a logged operation, so an unchanged log is an unchanged game. A fork copies
    the kept list with the log it belongs to and keeps its own from then on. Kept when
    computed at the top (no card's statics half-read, 404.2c's look back not in force); a read
    made while cards are half-read is kept apart, per set of them (:func:`_nested_statics`)."""
    if not getattr(state, "_logging", False) or _AS_IT_WAS:
        return _statics(state)
    key = len(state.log)
    kept = getattr(state, "_wow_statics", None)
    if kept is not None and kept[0] == key and kept[1] is state.log:
        return list(kept[2])
    if _busy:
        return _nested_statics(state, key)
    out = _statics(state)
    if len(state.log) == key:
        state._wow_statics = (key, state.log, tuple(out))
    return out


def _nested_statics(state: State, key: int) -> list[Static]:
    """statics() read while a card's kinds, keywords, powers or statics are being worked out
    (``_busy``): the cards being worked out are left out, so the list depends on what is busy.
    Kept on the state per set of busy reads, as statics() keeps the top one (for as long as the
    log is unchanged), but not while an operation applies: about half of these reads repeat
    one made before (the WoW scenarios: 6,548 of 12,145)."""
    if getattr(state, "_applying", 0):
        return _statics(state)
    kept = getattr(state, "_wow_nested_statics", None)
    if kept is None or kept[0] != key or kept[1] is not state.log:
        kept = state._wow_nested_statics = (key, state.log, {})
    busy = frozenset(_busy)
    found = kept[2].get(busy)
    if found is None:
        found = tuple(_statics(state))
        if len(state.log) == key:
            kept[2][busy] = found
    return list(found)


def _statics(state: State) -> list[Static]:
    out: list[Static] = []
    for o in W.all_in_play(state):
        if not o.face_up:
            continue
        key = (id(state), o.id, "statics")
        if key in _busy:
            continue
        ps = P.of(state, o.id)
        if not ps.statics:
            continue
        _busy.add(key)
        try:
            if not has_powers(state, o.id):
                continue
        finally:
            _busy.discard(key)
        stamp = timestamp_of(state, o.id)
        for power, effect, condition in ps.statics:
            if isinstance(effect, M.Gain) and effect.keyword is not None and \
                    P.chosen_resistance(effect.keyword):
                effect = _chosen_keyword(state, o, effect)
                if effect is None:
                    continue        # no choice made (named: WowGame.bind_card)
            out.extend(_static(o, power, effect, condition, stamp))
    return out


def entered_choice(state: State, oid: int) -> str | None:
    """The damage type chosen as card ``oid`` entered play this time (710.1a), if it did."""
    o = state.objects[oid]
    return next((word for x, incarnation, kind, word in W.records(state, "chosen")
                 if x == oid and incarnation == o.incarnation and kind == "as it entered"),
                None)


def _chosen_keyword(state: State, o: GameObject, e: M.Gain) -> M.Gain | None:
    """"Addisyn has the chosen resistance": Resistance of the type chosen as it entered."""
    word = entered_choice(state, o.id)
    if word is None:
        return None
    return replace(e, keyword=replace(e.keyword, name=f"{word.title()} Resistance", what=None))


def _static(o: GameObject, power: int, e: M.Effect, condition: M.Condition | None,
            stamp: int) -> list[Static]:
    base = dict(source=o.id, index=power, effect=e, timestamp=stamp, controller=o.controller,
                condition=condition)
    if isinstance(e, M.ModifyValue):
        return [Static(kind="value", stat=_stat(e.stat), op=e.op, **base)]
    if isinstance(e, M.SetValue):
        if not P.sets_printed_number(e):
            return []        # named not modelled (powers._why_static), never applied
        return [Static(kind="value", stat=_stat(e.stat), op="set", **base)]
    if isinstance(e, M.Gain) and e.resource == "keyword" and e.keyword is not None:
        number = e.keyword.value.value if e.keyword.value is not None else None
        return [Static(kind="keyword", words=(e.keyword.name.lower(),), number=number, **base)]
    if isinstance(e, M.Becomes):
        words = tuple(w.lower() for w in e.kinds + e.qualities)
        return [Static(kind="kinds", words=words, op="add", **base)]
    if _takes_powers(e):
        return [Static(kind="lose powers", **base)]
    if isinstance(e, M.Restriction) and condition is not None and condition.kind == "unless":
        # 600.3: "can't attack unless its controller pays N": an additional cost, not a test
        base["condition"] = None
        n = condition.event.object.count.value
        if e.actions == ("attack", "exhaust"):
            # 600.3a: no additional cost to exhaust to attack; any other exhausting costs N
            return [Static(kind="exhaust cost", words=e.actions, number=n, **base)]
        return [Static(kind="attack cost", words=("attack",), number=n, **base)]
    if isinstance(e, M.Restriction) and e.verb == "must target":
        return [Static(kind="magnet", words=("target",), **base)]     # 706.4 (links.py)
    if isinstance(e, M.Restriction) and e.verb in ("must attack", "attack only"):
        return [Static(kind="attack rule", words=(e.verb,), **base)]    # 600.2, 601.2c
    if isinstance(e, M.Restriction):
        return [Static(kind="restriction", words=e.actions, **base)]
    if isinstance(e, M.GainControl):
        return [Static(kind="control", **base)]
    if isinstance(e, M.Permission):
        return [Static(kind="permission", words=e.actions, **base)]
    return []


def _stat(stat: str) -> str:
    return {"attack": "atk", "defense": "def"}.get(stat.lower(), stat.lower())


def restrictions(state: State, oid_or_player: Any, action: str) -> list[Static]:
    """The "can't" modifiers of powers in play that stop ``action`` for a card (103.2)."""
    out = []
    for st in statics(state):
        if st.kind == "restriction" and action in st.words:
            if isinstance(oid_or_player, int) and st.applies(state, oid_or_player):
                out.append(st)
    return out


# --------------------------------------------------------------------------- the order hook

def _apply(op: str, cur: Value, amount: Value) -> Value:
    return apply_op(op, cur, amount)


def _effects(state: State, stat: str) -> list[Any]:
    return [e for e in state.effects.values()
            if getattr(e, "affects", None) is not None and e.stat == stat
            and state.effect_active(state, e.id)]


class _Step:
    """A step of a value's computation with its label, for the ruling's explanation."""
    __slots__ = ("fn", "label", "procedure", "kind", "stamp", "extra")

    def __init__(self, fn: Callable[[Value], Value], label: str, procedure: str,
                 kind: str = "add", stamp: str = "", extra: tuple[str, ...] = ()) -> None:
        self.fn, self.label, self.procedure, self.kind = fn, label, procedure, kind
        self.stamp = stamp            # what its timestamp is (718.2a-g)
        self.extra = extra            # more procedures its explanation cites

    def __call__(self, cur: Value) -> Value:
        return self.fn(cur)


def order(state: State, o: GameObject, stat: str, steps: list[ValueStep]) -> list[ValueStep]:
    """The engine core's hook: every modifier of ``stat`` of ``o``, in the order 718-719 apply
    them (the core's definite modifiers in ``steps``, plus those found here)."""
    key = (id(state), o.id, stat)
    if key in _busy or stat not in NUMERIC:
        return sorted(steps, key=lambda s: (s[1], s[2]))
    _busy.add(key)
    try:
        found = list(_labelled_core(state, o, steps)) + _own_steps(state, o, stat)
    finally:
        _busy.discard(key)
    found.sort(key=lambda s: (s[1], s[2]))
    return _dependency(found, o.base.get(stat))


def _labelled_core(state: State, o: GameObject, steps: list[ValueStep]) -> Iterable[ValueStep]:
    for layer, stamp, ident, fn in steps:
        m = state.modifiers.get(ident)
        e = state.effects.get(ident)
        if m is not None:
            label = f"{'+' if isinstance(m.value, int) and m.value >= 0 and m.op == 'add' else ''}"\
                    f"{m.value} ({m.op}) from a link"
            eff = state.effects.get(m.effect) if m.effect is not None else None
            if eff is not None:
                label = eff.description
            kind = "set" if m.op == "set" else ("double" if m.op == "double" else "add")
            if kind == "double":
                label = label + " (doubled last, 719.4)"
            if kind == "set" and eff is not None and eff.data.get("gives"):
                kind = "gives"        # a value the card had not, with a type it had not
        elif e is not None:
            label, kind = e.description, ("set" if e.op == "set" else "add")
        else:
            label, kind = "a modifier", "add"
        eff = state.effects.get(m.effect) if m is not None and m.effect is not None else e
        extra: tuple[str, ...] = ()
        src = eff.data.get("source") if eff is not None else None
        if src is not None:
            so = state.objects.get(src[0])
            if so is None or so.incarnation != src[1] or not W.in_play(so):
                label += " (its source has left play: the modifier exists independently of it)"
                extra = ("continuous.independent",)
        yield (layer, stamp, ident, _Step(fn, label, "continuous.definite-modifier", kind,
                                          stamp="timestamp.link", extra=extra))


def _own_steps(state: State, o: GameObject, stat: str) -> list[ValueStep]:
    out: list[ValueStep] = []
    oid = o.id
    n = 0
    kind_of_stamp = "timestamp.card"
    for st in statics(state):
        if st.kind != "value" or st.stat != stat:
            continue
        if not st.applies(state, oid):
            continue
        e = st.effect
        inter: list[str] = []
        if st.op not in ("multiply", "set"):
            if any(_interdependent(state, st, r) and (st.timestamp, st.source, st.index) >
                   (r.timestamp, r.source, r.index) for r in _reading):
                # 719.3: read by an interdependent modifier that applies before this one
                continue
            inter = [state.objects[r.source].name for r in statics(state)
                     if r.kind == "value" and r.stat == stat and _interdependent(state, st, r)]
        _reading.append(st)
        try:
            amount = A.amount(state, getattr(e, "amount", None), st.scope(state).with_it(oid))
        except Unknown:
            continue
        finally:
            _reading.pop()
        if amount is None:
            continue
        src = state.objects[st.source].name
        copied: tuple[str, ...] = ()
        if st.index >= P.COPIED_INDEX:
            # a printed power of another card it has (402): its self-reference is this card
            # (200.1a)
            names = P.of(state, st.source).copied
            k = (st.index - P.COPIED_INDEX) // 100
            if k < len(names):
                src = f"{src} (a printed power of {names[k]} it has; {names[k]}'s " \
                      f"self-reference in it refers to {src})"
                copied = ("copy.powers", "self-reference.copied")
        n += 1
        if out and not out[-1][3].stamp:
            out[-1][3].stamp = kind_of_stamp
        kind_of_stamp = ("timestamp.attachment" if W.host_of(state, st.source) is not None
                         else "timestamp.card")
        reads = _reads(state, st, stat)
        if inter:
            # 719.3: interdependent modifiers apply in timestamp order, once each, after the
            # modifiers any of them depends on
            delta = amount * getattr(e, "sign", 1)
            out.append((1, st.timestamp, -1000 - n, _Step(
                lambda c, d=delta: _apply("add", c, d),
                f"{delta:+d} from {src} (interdependent with {', '.join(inter)}: applied in "
                "timestamp order, once each)", "dependency.inter", "reads",
                extra=("dependency",))))
            continue
        if reads and st.op not in ("multiply", "set"):
            # 719.2: a modifier whose amount is read from other cards' values depends on the
            # modifiers that change those values; it applies after them
            delta = amount * getattr(e, "sign", 1)
            out.append((1, st.timestamp, -1000 - n, _Step(
                lambda c, d=delta: _apply("add", c, d),
                f"{delta:+d} from {src} (read after {', '.join(reads)}, which it depends on)",
                "dependency.order", "reads")))
            continue
        if st.op == "multiply":
            out.append((1, st.timestamp, -1000 - n, _Step(lambda c, k=amount: _apply(
                "add", c, (c or 0) * (k - 1)) if isinstance(c, int) else c,
                f"x{amount} from {src}", "dependency.double", "double")))
        elif st.op == "set":
            out.append((1, st.timestamp, -1000 - n, _Step(
                lambda c, k=amount: k, f"{amount} from {src}", "continuous.indefinite-modifier",
                "set")))
        else:
            delta = amount * getattr(e, "sign", 1)
            out.append((1, st.timestamp, -1000 - n, _Step(
                lambda c, d=delta: _apply("add", c, d), f"{delta:+d} from {src}",
                "continuous.indefinite-modifier", extra=copied)))
    if out and not out[-1][3].stamp:
        out[-1][3].stamp = kind_of_stamp
    for i, (cname, stamp) in enumerate(o.counters):
        m = _COUNTER.match(cname.replace(" ", ""))
        one = _STAT_COUNTER.match(cname.replace(" ", "").lower())
        if m is None and one is None:
            continue
        if m is not None:
            delta = int(m.group(1)) if stat == "atk" else int(m.group(2)) if stat == "health" \
                else 0
        else:
            delta = int(one.group(1)) if one.group(2) == stat else 0
        if delta:
            out.append((1, stamp, -2000 - i, _Step(lambda c, d=delta: _apply("add", c, d),
                                                   f"{delta:+d} from a {cname} counter",
                                                   "counter.stat", stamp="timestamp.counter")))
    if stat == "atk" and W.in_play(o) and has_powers(state, oid):
        kws = keywords(state, oid)
        stamp = timestamp_of(state, oid)
        if "assault" in kws and W.turn_player(state) == o.controller:
            k = kws["assault"] if isinstance(kws["assault"], int) else 1
            out.append((1, stamp, -3001, _Step(lambda c, d=k: _apply("add", c, d),
                                               f"+{k} from Assault {k}", "kw.assault", stamp="timestamp.card")))
        if "berserking" in kws:
            k = W.damage(state, oid)
            out.append((1, stamp, -3002, _Step(lambda c, d=k: _apply("add", c, d),
                                               f"+{k} from Berserking", "kw.berserking", stamp="timestamp.card")))
        if "cat form" in kws and K.attacking(state, oid):
            out.append((1, stamp, -3003, _Step(lambda c: _apply("add", c, 1),
                                               "+1 from Cat Form", "power", stamp="timestamp.card")))
        for w, when in K.strikes_of(state, oid):
            k = raw(state, w, "atk")
            if isinstance(k, int):
                out.append((1, when, -4000 - w, _Step(
                    lambda c, d=k: _apply("add", c, d),
                    f"+{k} from the strike with {state.objects[w].name}", "strike.modifier")))
    return out


def _reads(state: State, st: Static, stat: str) -> list[str]:
    """The sources of other modifiers that change the values ``st``'s amount reads (719.2:
    the modifier depends on them), in words; empty when it reads nothing that is modified."""
    q = getattr(getattr(st.effect, "amount", None), "defined_as", None)
    if q is None or q.of is None:
        return []
    measure = _stat(q.measure)
    if measure not in NUMERIC:
        return []
    try:
        read = [x for x in D.candidates(state, q.of, st.scope(state)) if isinstance(x, int)]
    except D.Unknown:
        return []
    names: list[str] = []
    for other in statics(state):
        if other is st or other.kind != "value" or other.stat != measure:
            continue
        if any(other.applies(state, oid) for oid in read):
            name = state.objects[other.source].name
            if name not in names:
                names.append(name)
    return names


def _depends(state: State, st: Static, other: Static) -> bool:
    """719.1: ``st``'s amount reads a value of a card ``other`` changes."""
    q = getattr(getattr(st.effect, "amount", None), "defined_as", None)
    if q is None or q.of is None or other.kind != "value" or other.stat != _stat(q.measure):
        return False
    try:
        read = [x for x in D.candidates(state, q.of, st.scope(state)) if isinstance(x, int)]
    except D.Unknown:
        return False
    return any(other.applies(state, oid) for oid in read)


def _interdependent(state: State, st: Static, other: Static) -> bool:
    """719.3: two modifiers that depend on each other."""
    if (st.source, st.index) == (other.source, other.index):
        return False
    return _depends(state, st, other) and _depends(state, other, st)


def _dependency(steps: list[ValueStep], printed: Value) -> list[ValueStep]:
    """719.2: a modifier that adds to a value the card does not have yet goes after the
    modifier that gives it the value; "double" after all others (719.4)."""
    if not steps:
        return steps
    out: list[ValueStep] = []
    waiting: list[ValueStep] = []
    doubles: list[ValueStep] = []
    has_value = printed is not None
    readers: list[ValueStep] = []
    gives = [s for s in steps if getattr(s[3], "kind", "") == "gives"]
    if gives:
        # 719.1: a modifier that applies to the card only because another gave it a type (and
        # the value) depends on that one, whatever the timestamps: the values given come first
        rest = [s for s in steps if s not in gives]
        out.extend(gives)
        has_value = True
        steps = _marked(rest, "dependency")
    for s in steps:
        kind = getattr(s[3], "kind", "add")
        if kind == "reads":
            readers.append(s)
            continue
        if kind == "double":
            doubles.append(s)
            continue
        if kind == "set":
            out.append(s)
            if waiting:
                out.extend(_marked(waiting))
                waiting = []
            has_value = True
            continue
        if not has_value:
            waiting.append(s)
            continue
        out.append(s)
    return out + waiting + readers + doubles


def _marked(steps: list[ValueStep], procedure: str = "dependency.order") -> list[ValueStep]:
    out = []
    for layer, stamp, ident, fn in steps:
        if isinstance(fn, _Step) and fn.kind not in ("reads", "double"):
            fn = _Step(fn.fn, fn.label + " (applied after the modifier it depends on)",
                       procedure, fn.kind)
        out.append((layer, stamp, ident, fn))
    return out


def raw(state: State, oid: int, stat: str) -> Value:
    """The value before 104.2 treats a negative value as 0 (for calculations)."""
    return state.raw_value(oid, stat)


def value(state: State, oid: int, stat: str) -> Value:
    return state.value(oid, stat)


def explain(state: State, oid: int, stat: str) -> tuple[Value, list[str], list[str]]:
    """(value, the steps that made it in words, the procedures they cite)."""
    o = state.objects[oid]
    steps: list[ValueStep] = []
    for m in state.active_modifiers(o, stat):
        steps.append((m.layer, m.timestamp, m.id, m.apply))
    for e in _effects(state, stat):
        if e.affects(state, o):
            steps.append((e.layer, e.timestamp, e.id, _op(e.op, e.amount)))
    ordered = order(state, o, stat, steps)
    current = o.base.get(stat)
    words = [f"printed {current if current is not None else 'none'}"]
    procedures = []
    stamps = []
    for _l, _t, _i, fn in ordered:
        current = fn(current)
        if isinstance(fn, _Step):
            words.append(fn.label)
            procedures.append(fn.procedure)
            procedures.extend(fn.extra)
            if fn.kind == "double":
                procedures.append("dependency.double")
            if fn.stamp:
                stamps.append(fn.stamp)
                if fn.stamp == "timestamp.card":
                    # a card's own power (printed or a keyword): an indefinite power's modifier
                    # has the card's timestamp (718.2f)
                    stamps.append("timestamp.indefinite")
    if any(p == "dependency.order" for p in procedures):
        procedures.append("dependency")
    if len(ordered) > 1:
        procedures.append("timestamp")
        procedures += ["timestamp.of"] + list(dict.fromkeys(stamps))
    return state.value(oid, stat), words, procedures


# combat imports this module at its top: bound here, once this module is complete (the
# functions above read it thousands of times a ruling; an import statement in each would
# run the import machinery every call)
from judge.games.wow import combat as K  # noqa: E402
