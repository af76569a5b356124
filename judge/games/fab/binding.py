"""What each ability of a FaB card waits for, where it functions and what it could change.

The engine names the moments of a game it signals (:data:`MOMENTS`: a player gains an action
point, an attack hits, the end phase begins ...). Every triggered ability is bound to the
moments its trigger event names, whether the engine carries it out (a :class:`Watch`, see
``fab_watch``) or not (a :class:`Part`, which ``FabGame.bind_card`` declares unbound): an
ability that is not carried out is named ``not modelled`` when one of its moments happens while
it functions, and at no other time. A static ability is bound to the values it could change
(:func:`values_of`), a replacement to the events it could replace. Only an ability whose words
name no moment the engine knows is bound to every event (``ANY``), and named at the first.

:func:`moments_of` and :func:`subject_of` are the one place where the words of a trigger event,
as the first card grammar normalises them ("this hits a hero", "beginning of your end phase"),
become the engine's moments; the port to :mod:`judge.cards.model` reads ``Event.verb`` there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from judge.cards import legacy_model as M
from judge.engine.abilities import ANY

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

# event words -> moments, tried in order (a trigger may name two: "this attacks or defends")
_WORDS: tuple[tuple[str, str], ...] = (
    (r"\bstart of (?:your |each |the )?turn\b", "start of turn"),
    (r"\bbeginning of (?:your |each |the )?action phase\b", "start of action phase"),
    (r"\bend phase\b", "start of end phase"),
    (r"\bcombat chain closes\b", "chain closes"),
    (r"\bchain link resolves\b", "link resolves"),
    (r"\bhits?\b", "hit"),
    (r"\b(?:deals?|dealt)\b.*\bdamage\b|\bdamage\b", "damage"),
    (r"\b(?:lose|loses|lost)\b|\breduces your \{h\}", "lose life"),
    (r"\battacks?\b(?! action card)|\battack with\b|\bthe target of an attack\b", "attack"),
    (r"\bdefends?\b|\bdefended\b|\bdefend with\b|\bdefending card\b", "defend"),
    (r"\bgain an action point\b|\bgo again\b", "gain action points"),
    (r"\bplays?\b|\bis played\b", "play"),
    (r"\bactivates?\b", "activate"),
    (r"\benters? the arena\b|\bis equipped\b|\bequip\b", "enter arena"),
    (r"\bleaves? the arena\b", "leave arena"),
    (r"\bis destroyed\b|\bare destroyed\b", "destroy"),
    (r"\bpitch(?:es|ed)?\b", "pitch"),
    (r"\bdiscard(?:s|ed)?\b", "discard"),
    (r"\bdraws?\b", "draw"),
    (r"\bbanish(?:es|ed)?\b|\bbanished zone\b", "banish"),
    (r"\bboost(?:s|ed|ing)?\b", "boost"),
    (r"\bcharged?\b", "charge"),
    (r"\bfuse[sd]?\b", "fuse"),
    (r"\barsenal\b", "arsenal"),
    (r"\bsoul\b", "soul"),
    (r"\breveals?\b", "reveal"),
    (r"\bcounters?\b", "counters"),
)
_COMPILED = tuple((re.compile(p), m) for p, m in _WORDS)
_PLAY_ATTACK = re.compile(r"^you play an attack action card(?: or activate a weapon attack)?$"
                          r"|^you (?:play or )?activate a weapon attack$")


def moments_of(event: str) -> frozenset[str]:
    """The engine moments a trigger event's words name (empty: none the engine knows)."""
    low = " ".join(event.lower().replace("\u2019", "'").split())
    if _PLAY_ATTACK.search(low):           # 20.4.2: playing an attack, not the attack itself
        return frozenset({"play attack"})
    found = {m for rx, m in _COMPILED if rx.search(low)}
    if "hit" in found:                     # "an attack hits": a hit, not an attack
        found.discard("attack")
        found.discard("damage")
    if found & {"start of turn", "start of action phase", "start of end phase",
                "chain closes", "link resolves"}:
        found &= {"start of turn", "start of action phase", "start of end phase",
                  "chain closes", "link resolves"}
    return frozenset(found)


def subject_of(event: str, name: str = "") -> str:
    """Whose moment it is: ``this`` (the card itself, its own name meaning itself: 19.3),
    ``you`` (its controller), ``opponent``, or ``any``."""
    low = " ".join(event.lower().replace("\u2019", "'").split())
    own = name.lower()
    if low.startswith(("this ", "it ")) or (own and low.startswith(own + " ")) or \
            re.search(r"\b(?:with|pitch|defend with|equip) (?:this|it)\b", low) or \
            (own and re.search(rf"\b(?:with|pitch|defend with|equip) {re.escape(own)}\b", low)):
        return "this"
    if re.search(r"\b(?:opponents?|opposing|they|their)\b", low):
        return "opponent"
    if re.search(r"\b(?:you|your)\b", low):
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

    def __str__(self) -> str:
        return self.description


EVERYTHING = frozenset({ANY})
# glossary keywords that only say what a deck may hold: no effect on a game under way
DECK_KEYWORDS = frozenset({"legendary", "specialization", "essence"})


def unparsed(text: str, reason: str) -> Part:
    """Text the card grammar could not read: it could be anything."""
    return Part("unknown", f"unparsed text {text!r} ({reason})", text, EVERYTHING, EVERYTHING,
                why=f"the card grammar could not read it: {reason}")


def keyword(name: str) -> Part:
    """A keyword the engine does not carry out."""
    return Part("keyword", f"keyword {name!r}", name, EVERYTHING, EVERYTHING)


def ability(ab: M.Ability, text: str, *, why: str = "") -> Part:
    """An ability the engine does not carry out, bound to what its printed parts name."""
    kind = ab.kind
    label = f"{kind} ability {text!r}" + (f" ({why})" if why else "")
    if kind == "triggered" and ab.trigger is not None:
        moments = moments_of(ab.trigger.event)
        return Part("trigger", f"triggered ability {text!r}" + (f" ({why})" if why else ""),
                    text, moments or EVERYTHING)
    if kind == "activated":
        return Part("activated", f"activated ability {text!r}" + (f" ({why})" if why else ""),
                    text)
    if kind == "replacement" or any(isinstance(e, (M.Replacement, M.Prevent))
                                    for e in ab.effects):
        events = frozenset().union(*(moments_of(e.event) for e in ab.effects
                                     if isinstance(e, M.Replacement))) or frozenset({"damage"})
        return Part("replacement", label, text, events)
    values = values_of(ab.effects)
    return Part("static", label, text, frozenset(), values or EVERYTHING)


_STATS = {"p": "power", "d": "defense", "{p}": "power", "{d}": "defense", "h": "life",
          "{h}": "life", "i": "intellect", "{i}": "intellect", "r": "cost", "{r}": "cost"}


def values_of(effects: Any) -> frozenset[str]:
    """The values a static ability's effects could change (empty: none it names)."""
    out: set[str] = set()
    for e in _walk(effects):
        if isinstance(e, M.ModifyValue):
            stat = e.stat.lower()
            out.add(_STATS.get(stat, stat))
        elif isinstance(e, M.Gain):
            out.add("keywords" if e.resource not in ("life", "action point", "resource")
                    else e.resource)
        elif type(e).__name__ == "Restriction" or e.verb.lower().startswith("restrict"):
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
    condition: str = ""
    once_per_turn: bool = False
    optional: bool = False
    extra: tuple[str, ...] = field(default=())     # words of the event the engine checks too


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
    "destroy": {"this"},
    "pitch": {"this"},
}


# moments of a card itself that it watches for in any role (an attack card that defends, a card
# that is pitched): the others are watched by permanents only
OWN_MOMENTS = frozenset({"defend", "pitch"})


def watch(ab: M.Ability, text: str, name: str) -> Watch | None:
    """The :class:`Watch` for a triggered ability whose moment the engine carries out, else
    None. A trigger event with words beyond its moment and subject ("this defends together with
    a card from hand", "an attack action card you control hits") is not one (None)."""
    if ab.trigger is None:
        return None
    event = " ".join(ab.trigger.event.lower().replace("\u2019", "'").split())
    moments = moments_of(event)
    if len(moments) != 1:
        return None
    moment = next(iter(moments))
    whose = subject_of(event, name)
    if whose not in CARRIED.get(moment, ()):
        return None
    if not _plain(event, moment, whose, name):
        return None
    cond = ab.condition.text if ab.condition is not None and ab.condition.kind == "if" else ""
    if ab.condition is not None and not cond:
        return None
    once = "once per turn" in (ab.limit or "").lower() or "once per turn" in ab.label.lower()
    return Watch(moment=moment, whose=whose, effects=tuple(ab.effects), text=text,
                 condition=cond, once_per_turn=once)


# the plain wordings of each carried moment (anything else narrows it in a way not read here)
_PLAIN = {
    "start of turn": ("start of your turn", "start of each turn", "start of the turn"),
    "start of action phase": ("beginning of your action phase",),
    "start of end phase": ("beginning of your end phase", "beginning of each end phase",
                           "beginning of the end phase"),
    "gain action points": ("you gain an action point",),
    "attack": ("this attacks", "this attacks a hero", "you attack", "{own} attacks",
               "you attack with this", "you attack with {own}"),
    "play attack": ("you play an attack action card or activate a weapon attack",
                    "you play an attack action card"),
    "defend": ("this defends", "{own} defends", "you defend with this", "you defend with {own}"),
    "hit": ("this hits", "this hits a hero", "{own} hits", "{own} hits a hero"),
    "damage": ("your hero is dealt damage",),
    "chain closes": ("when the combat chain closes", "the combat chain closes"),
    "enter arena": ("this enters the arena", "{own} enters the arena"),
    "leave arena": ("this leaves the arena", "{own} leaves the arena"),
    "destroy": ("this is destroyed", "{own} is destroyed"),
    "pitch": ("this is pitched", "you pitch this", "you pitch {own}"),
}


def _plain(event: str, moment: str, whose: str, name: str) -> bool:
    own = name.lower()
    return event in {w.replace("{own}", own) for w in _PLAIN.get(moment, ())}
