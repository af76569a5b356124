"""What each ability of a FaB card waits for, where it functions and what it could change.

The engine names the moments of a game it signals (:data:`MOMENTS`: a player gains an action
point, an attack hits, the end phase begins ...). Every triggered ability is bound to the
moments its trigger event names, whether the engine carries it out (a :class:`Watch`, see
``fab_watch``) or not (a :class:`Part`, which ``FabGame.bind_card`` declares unbound): an
ability that is not carried out is named ``not modelled`` when one of its moments happens while
it functions, and at no other time. A static ability is bound to the values it could change
(:func:`values_of`), a replacement to the events it could replace. Only an ability whose words
name no moment the engine knows is bound to every event (``ANY``), and named at the first.

:func:`moments_of` and :func:`subject_of` are the one place where a trigger's
:class:`judge.cards.model.Event` (its verb, subject, object, phase) becomes the engine's
moments and whose moment it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from judge.cards import model as M
from judge.engine.abilities import ANY
from judge.games.fab.reading import is_self
from judge.games.fab.zones import PLAYER_ZONES

# the moments the FaB engine signals, each with the procedure of the rule under which it happens
MOMENTS: dict[str, str] = {
    "start of turn": "turn.start-triggers",              # 13.1.3
    "start of action phase": "turn.action-phase-triggers",   # 13.2.2
    "start of end phase": "turn.end-triggers",            # 13.3.2
    "play": "play.layer",                                 # 15.5.4a
    "activate": "play.layer",
    "play attack": "combat.attack-modifiers",             # 20.4.2
    "attack": "combat.attack-triggers",                   # 20.4.4d
    "defend": "combat.defending-triggers",                # 20.5.2f
    "hit": "combat.hit",                                  # 20.7.2b
    "link resolves": "combat.link-resolves",              # 20.8.3
    "chain closes": "close.triggers",                     # 21.3
    "damage": "damage.source",                            # 26 (an event of the pipeline)
    "lose life": "life.loss-not-damage",                  # 26.6 (an event of the pipeline)
    "gain life": "life.total",
    "gain action points": "action-points",
    "pitch": "pitching",
    "draw": "resolve.in-order",
    "discard": "discard",
    "destroy": "destroy",
    "banish": "resolve.in-order",
    "enter arena": "resolve.permanent",                   # 9.2.3b, 19.8
    "leave arena": "resolve.in-order",
    "arsenal": "turn.end-arsenal",
    "soul": "kw.soul",
    "charge": "kw.charge",
    "boost": "kw.boost",
    "fuse": "kw.fusion",
    "reveal": "revealing",
    "counters": "counters",
    "create token": "token.created",
}

# event verbs -> moments (an event with alternatives names the moments of each)
_VERBS = {
    "hit": "hit", "deal damage": "damage", "be dealt damage": "damage", "lose": "lose life",
    "attack": "attack", "defend": "defend", "be defended": "defend", "play": "play",
    "be played": "play", "activate": "activate", "enter play": "enter arena",
    "be equipped": "enter arena", "equip": "enter arena", "leave play": "leave arena",
    "be destroyed": "destroy", "pitch": "pitch", "be pitched": "pitch", "discard": "discard",
    "be discarded": "discard", "draw": "draw", "banish": "banish", "be banished": "banish",
    "boost": "boost", "charge": "charge", "fuse": "fuse", "reveal": "reveal",
}
_PHASES = {"turn": "start of turn", "action phase": "start of action phase",
           "end phase": "start of end phase"}


def _moment(ev: M.Event) -> str | None:
    verb = ev.verb
    obj = ev.object
    if verb == "start" and ev.phase in _PHASES:
        return _PHASES[ev.phase]
    if verb in ("start", "end") and ev.phase == "end phase":
        return "start of end phase"
    if verb == "close" and ev.subject is not None and "combat chain" in ev.subject.kinds:
        return "chain closes"
    if verb == "resolve" and ev.subject is not None and "chain link" in ev.subject.kinds:
        return "link resolves"
    if verb == "gain" and obj is not None and obj.kinds[-1:] == ("action point",):
        return "gain action points"
    if verb in ("lose", "gain") and obj is not None and obj.kinds[-1:] == ("life",):
        return "lose life" if verb == "lose" else "gain life"
    if verb == "play" and obj is not None and obj.kinds == ("attack action", "card"):
        return "play attack"                     # 20.4.2: playing an attack
    if verb == "activate" and obj is not None and obj.kinds == ("weapon", "attack"):
        return "play attack"
    if verb in ("put", "create") and obj is not None and "token" in obj.kinds:
        return "create token"
    return _VERBS.get(verb)


def moments_of(ev: M.Event | None) -> frozenset[str]:
    """The engine moments a trigger event names (empty: none the engine knows)."""
    if ev is None:
        return frozenset()
    found = {m for m in (_moment(e) for e in (ev,) + ev.alternatives) if m is not None}
    if "play attack" in found and found - {"play attack"} <= {"play"}:
        return frozenset({"play attack"})
    return frozenset(found)


def subject_of(ev: M.Event | None) -> str:
    """Whose moment it is: ``this`` (the card itself, its own name meaning itself: 19.3),
    ``you`` (its controller), ``opponent``, or ``any``."""
    if ev is None:
        return "any"
    s = ev.subject
    if s is not None and is_self(s) or ev.with_ is not None and is_self(ev.with_) or \
            ev.verb in ("pitch", "equip") and ev.object is not None and is_self(ev.object):
        return "this"                # "this hits", "you attack with this", "you pitch this"
    whose = ev.whose if ev.whose is not None else s
    if whose is None:
        return "any"
    if whose.controller == "opponent" or whose.kinds[-1:] in (("opponent",), ("rival",)) or \
            whose.ref == "they":
        return "opponent"
    if whose.ref == "you" or whose.controller == "you":
        return "you"
    return "any"


# --------------------------------------------------------------------------- not carried out

@dataclass(frozen=True, slots=True)
class Part:
    """An ability (or text) of a card that the engine does not carry out, with what could make
    it matter: ``events`` (the moments of :data:`MOMENTS` that could trigger it or that it
    could replace; ``ANY``: any), ``values`` (the values it could change; ``ANY``: any) and
    ``zones`` (where it functions; empty: where the card's abilities function). Shown as
    ``description`` (``triggered ability '...'``)."""
    kind: str
    description: str
    text: str = ""
    events: frozenset[str] = frozenset()
    values: frozenset[str] = frozenset()
    zones: frozenset[str] = frozenset()
    why: str = ""
    span: tuple[int, int] | None = None       # where it is printed in the card's text

    def __str__(self) -> str:
        return self.description


EVERYTHING = frozenset({ANY})
_ARENA = frozenset({"equipment", "weapons", "permanents", "hero", "chain", "combat chain"})
_ALL = frozenset(PLAYER_ZONES) | _ARENA
# the zones where a card's own moment finds it ("when this is pitched": in hand, then the pitch
# zone; "when this is banished": anywhere), for an ability of the card about itself
OWN_ZONES: dict[str, frozenset[str]] = {
    "pitch": frozenset({"hand", "pitch"}),
    "discard": frozenset({"hand", "graveyard"}),
    "draw": frozenset({"deck", "hand"}),
    "charge": frozenset({"hand", "soul"}),
    "destroy": _ARENA | {"graveyard", "arsenal"},
    "leave arena": _ALL,
    "banish": _ALL,
    "enter arena": _ALL,
    "boost": _ALL,
}
# glossary keywords that only say what a deck may hold: no effect on a game under way
DECK_KEYWORDS = frozenset({"legendary", "specialization", "essence"})


def unparsed(text: str, reason: str, span: Any = None) -> Part:
    """Text the card grammar could not read: it could be anything."""
    return Part("unknown", f"unparsed text {text!r} ({reason})", text, EVERYTHING, EVERYTHING,
                why=f"the card grammar could not read it: {reason}",
                span=(span.start, span.end) if span is not None else None)


def keyword(name: str) -> Part:
    """A keyword the engine does not carry out."""
    return Part("keyword", f"keyword {name!r}", name, EVERYTHING, EVERYTHING)


def ability(ab: M.Ability, text: str, *, why: str = "") -> Part:
    """An ability the engine does not carry out, bound to what its printed parts name."""
    found = _ability(ab, text, why)
    return found if ab.span is None else replace(found, span=(ab.span.start, ab.span.end))


def _ability(ab: M.Ability, text: str, why: str) -> Part:
    kind = ab.kind
    label = f"{kind} ability {text!r}" + (f" ({why})" if why else "")
    if kind == "triggered" and ab.trigger is not None:
        moments = moments_of(ab.trigger.event)
        zones: frozenset[str] = frozenset()
        if moments and subject_of(ab.trigger.event) == "this" and moments <= set(OWN_ZONES):
            # a moment of the card itself: it functions where that moment finds it
            zones = frozenset().union(*(OWN_ZONES[m] for m in moments))
        return Part("trigger", f"triggered ability {text!r}" + (f" ({why})" if why else ""),
                    text, moments or EVERYTHING, zones=zones)
    if kind == "activated":
        return Part("activated", f"activated ability {text!r}" + (f" ({why})" if why else ""),
                    text)
    if kind == "replacement" or any(isinstance(e, (M.Replacement, M.Prevent))
                                    for e in ab.effects):
        events = frozenset().union(*(moments_of(e.event) for e in ab.effects
                                     if isinstance(e, M.Replacement))) or frozenset({"damage"})
        return Part("replacement", label, text, events)
    values = values_of(ab.effects)
    if stops_triggers(ab.effects):
        # "<abilities> don't trigger [if <event>]": it matters when that event happens (any
        # event when it names none), not only when a value it could change is read
        events = frozenset().union(*(
            moments_of(e.condition.event) for e in _walk(ab.effects)
            if isinstance(e, M.Conditional) and e.condition is not None
            and e.condition.event is not None))
        # (kind "unknown": the core names it at an event as well as at a value read)
        return Part("unknown", label, text, events or EVERYTHING, values or EVERYTHING,
                    why="it stops abilities from triggering")
    return Part("static", label, text, frozenset(), values or EVERYTHING)


def stops_triggers(effects: Any) -> bool:
    """"<abilities> don't trigger ...": a restriction on triggering among ``effects``."""
    return any(isinstance(e, M.Restriction) and "trigger" in e.actions for e in _walk(effects))


def values_of(effects: Any) -> frozenset[str]:
    """The values a static ability's effects could change (empty: none it names)."""
    out: set[str] = set()
    for e in _walk(effects):
        if isinstance(e, (M.ModifyValue, M.SetValue)):
            out.add(e.stat.lower())
        elif isinstance(e, M.Gain):
            out.add("keywords" if e.resource not in ("life", "action point", "resource")
                    else e.resource)
        elif isinstance(e, M.Restriction):
            out.update({"what may be played", "what may defend"})
    return frozenset(out)


def _walk(effects: Any):
    for e in effects or ():
        yield e
        for name in ("then", "otherwise", "instead"):
            yield from _walk(getattr(e, name, ()))
        if isinstance(e, M.Choice):
            for option in e.options:
                yield from _walk(option)


# --------------------------------------------------------------------------- carried out

@dataclass(frozen=True, slots=True)
class Watch:
    """A triggered ability the engine carries out: when ``moment`` happens to ``whose``
    (``this`` card, its controller ``you``, an ``opponent``, ``any`` player), its ``effects``
    trigger (16.1), if ``condition`` holds then (checked by ``fab_conditions``)."""
    moment: str
    whose: str
    effects: tuple[M.Effect, ...]
    text: str
    condition: M.Condition | None = None
    once_per_turn: bool = False
    optional: bool = False
    extra: tuple[str, ...] = field(default=())     # words of the event the engine checks too
    # "an aura or attack action card you control is destroyed": the kinds (words) of each
    # alternative of the object the moment happens to; empty: the card itself or no object
    about: tuple[frozenset[str], ...] = field(default=())
    label: str = ""         # an effect label whose glossary entry governs it ("channel")


# moments whose triggered abilities the engine carries out, by whose moment it is
CARRIED = {
    "start of turn": {"you", "any"},
    "start of action phase": {"you", "any"},
    "start of end phase": {"you", "any"},
    "gain action points": {"you"},
    "attack": {"you", "this"},
    "play attack": {"you"},
    "defend": {"this"},
    "hit": {"this", "you"},
    "damage": {"you"},
    "chain closes": {"any"},
    "enter arena": {"this"},
    "leave arena": {"this"},
    "destroy": {"this", "you"},
    "pitch": {"this"},
}


# moments of a card itself that it watches for in any role (an attack card that defends, a card
# that is pitched): the others are watched by permanents only
OWN_MOMENTS = frozenset({"defend", "pitch"})


def watch(ab: M.Ability, text: str) -> Watch | None:
    """The :class:`Watch` for a triggered ability whose moment the engine carries out, else
    None. A trigger event with words beyond its moment and subject ("this defends together with
    a card from hand", "an attack action card you control hits") is not one (None)."""
    if ab.trigger is None or ab.trigger.kind not in ("when", "whenever", "at"):
        return None
    ev = ab.trigger.event
    moments = moments_of(ev)
    if len(moments) != 1:
        return None
    moment = next(iter(moments))
    whose = subject_of(ev)
    about = described(ev) if moment == "destroy" else None
    if about is not None:
        whose = "you"
    elif whose not in CARRIED.get(moment, ()) or (moment == "destroy" and whose != "this"):
        return None
    elif not plain(ev, moment):
        return None
    effects, cond = unwrap(ab)
    if cond is not None and cond.kind != "if":
        return None
    once = (ab.limit or "").lower().startswith("once per turn") or \
        ab.trigger.limit.lower().startswith("once per turn")
    return Watch(moment=moment, whose=whose, effects=effects, text=text,
                 condition=cond, once_per_turn=once, about=about or ())


def described(ev: M.Event) -> tuple[frozenset[str], ...] | None:
    """"an aura or attack action card you control is destroyed": the words of each noun phrase
    of the subject ("card": not a token, 10.2), when every alternative is a plain
    description and "you control" ends the list (it governs each noun: "an aura or attack action
    card you control"); else None."""
    s = ev.subject
    if s is None or ev.negated or ev.would or ev.amount is not None or ev.within or \
            ev.times is not None or ev.zone is not None or ev.to_zone is not None or \
            ev.by is not None or ev.object is not None or ev.alternatives or ev.with_ is not None:
        return None
    phrases = (s,) + s.alternatives
    if any(p.who != "object" or p.ref or p.qualities or p.filters or p.zone is not None or
           p.of is not None or p.excluding is not None or p.count is not None or p.name or
           p.alternatives and p is not s or not p.kinds or p.quantifier != "one" or
           p.controller not in ("", "you") for p in phrases):
        return None
    if phrases[-1].controller != "you":
        return None
    return tuple(frozenset(w for k in p.kinds for w in k.split()) for p in phrases)


def unwrap(ab: M.Ability) -> tuple[tuple[M.Effect, ...], M.Condition | None]:
    """A triggered ability's effects and its condition: "When ..., if <condition>, <effects>"
    has the condition in one conditional effect."""
    if ab.condition is not None:
        return tuple(ab.effects), ab.condition
    if len(ab.effects) == 1 and isinstance(ab.effects[0], M.Conditional) and \
            not ab.effects[0].otherwise:
        return tuple(ab.effects[0].then), ab.effects[0].condition
    return tuple(ab.effects), None


def _bare(t: M.Target | None) -> bool:
    """A target with nothing that narrows it beyond who it is."""
    return t is None or not (t.qualities or t.filters or t.count is not None or t.alternatives
                             or t.zone is not None or t.of is not None or t.excluding)


def plain(ev: M.Event, moment: str) -> bool:
    """The event says its moment and whose it is, and nothing that narrows it ("this defends
    together with a card from hand", "an attack action card you control hits" are not plain):
    the engine checks nothing else when the moment happens."""
    if ev.negated or ev.would or ev.amount is not None or ev.damage_type or ev.within or \
            ev.rest or ev.times is not None or ev.zone is not None or ev.to_zone is not None or \
            ev.by is not None or not _bare(ev.subject) or not _bare(ev.with_):
        return False
    if moment == "play attack":
        return True
    if ev.alternatives:
        return False
    obj = ev.object
    if moment in ("attack", "hit"):
        return obj is None or obj.kinds == ("hero",) and _bare(obj) and not obj.controller
    if moment in ("gain action points",):
        return obj is not None and obj.count is None and obj.kinds == ("action point",)
    if moment == "pitch":
        return obj is None or is_self(obj)
    if moment in ("start of turn", "start of action phase", "start of end phase"):
        return ev.whose is None or _bare(ev.whose)
    if moment == "damage":
        s = ev.subject
        return ev.verb == "be dealt damage" and s is not None and s.kinds == ("hero",) and \
            s.controller == "you" and obj is None
    return obj is None
