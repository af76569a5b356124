"""Nothing dropped in silence, over a game's card corpus: the shared part of the test (a game's
own test file builds its scenarios; tests/engine/test_ufs_corpus.py for UFS).

Two checks, for every card of a corpus a game's rules module binds:

1. **accounting** (:func:`account`): every ability the card grammar read off the card, and every
   part it could not read, is either carried out by the module or named by it as an
   :class:`~judge.engine.abilities.Unbound` ability (``not modelled`` when it could matter);
2. **reporting** (:func:`unreported`): in a scenario where the card is where its abilities
   function and game events happen, every ability the module named as not carried out whose
   event happened (or any event, for one it cannot even classify) is named in the ruling as
   ``not modelled``, and every played ability it cannot carry out says so when a player plays
   it.

:class:`Tally` counts the shapes (ability kind and timing, effect classes) carried out and
named not modelled, for the report.

A second way, for a module whose unbound abilities say which situations they answer
(:func:`silent`, tests/engine/test_ashes_corpus.py for Ashes): the card placed where its
abilities function, each situation an unbound ability answers is brought about through the
core's own reporting - an event of each kind it watches, at the "trigger" and "replacement"
stages, a read of each value it could change - and the ability must have been named; kinds the
core does not name by itself (an activated ability, a cost, a spell's effect as it resolves)
are brought about by the game's ``moment`` callback. :class:`Count` counts a corpus so.

A third way, by shapes (:func:`catalogue`, :func:`verdict`; tests/engine/test_wow_silent_drops.py
for WoW): an ability's *shape* (its kind, its trigger event, the kinds of effect values it
holds, nested), a catalogue of the shapes a corpus produces with an example card each, and the
verdict on one ruling about one card (did the ruling act on the card, name it as not modelled,
or say nothing?).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Callable, Iterator

from judge.cards import model as M
from judge.engine import abilities as AB
from judge.engine.abilities import Unbound
from judge.engine.context import Context
from judge.engine.ruling import Ruling
from judge.engine.state import State


@dataclass
class Tally:
    cards: int = 0
    parts: int = 0
    carried: Counter = field(default_factory=Counter)
    named: Counter = field(default_factory=Counter)

    def add(self, carried: list[str], named: list[str]) -> None:
        self.cards += 1
        self.parts += len(carried) + len(named)
        self.carried.update(carried)
        self.named.update(named)

    def line(self, game: str) -> str:
        c, n = sum(self.carried.values()), sum(self.named.values())
        return (f"{game} corpus: {self.cards} cards, {self.parts} parts: {c} carried out "
                f"({len(self.carried)} shapes), {n} named not modelled ({len(self.named)} "
                "shapes)")


def account(parts: int, carried: list[str], named: list[str]) -> list[str]:
    """Problems with one card's accounting: ``parts`` read off the card must each be carried
    out (``carried``, one shape per part) or named (``named``)."""
    if parts != len(carried) + len(named):
        return [f"{parts} parts read, {len(carried)} carried out and {len(named)} named"]
    return []


@contextmanager
def events_seen() -> Iterator[set[str]]:
    """The kinds of game event (and of moments a game signals) that occur while the block
    runs, as the core's no-silent-drop check sees them."""
    seen: set[str] = set()
    original = AB.occurred

    def spy(ctx, event_kind, role="trigger"):
        seen.add(event_kind)
        return original(ctx, event_kind, role)
    AB.occurred = spy
    try:
        yield seen
    finally:
        AB.occurred = original


def named_in(ruling: Ruling, u: Unbound) -> bool:
    texts = list(ruling.not_modelled) + [t for b in ruling.branches for t in b.not_modelled]
    return any(u.text in t or u.describe() in t for t in texts)


def unreported(ruling: Ruling, start: State, unbound: tuple[Unbound, ...],
               seen: set[str]) -> list[Unbound]:
    """The abilities of ``unbound`` that functioned at the start (their card where they
    function), could have answered an event that happened (or any event, or a value read), and
    that the ruling does not name."""
    out = []
    for u in unbound:
        if u.kind not in ("trigger", "replacement", "static", "unknown"):
            continue
        if not AB.functioning(start, u):
            continue
        could = AB.ANY in u.events or AB.ANY in u.values or bool(u.events & seen)
        if could and seen and not named_in(ruling, u):
            out.append(u)
    return out


# --------------------------------------------------------------------------- probing each situation

PROBE = "(any event)"        # the event or value a "could answer anything" ability is probed with


def fire(ctx: Context, u: Unbound) -> None:
    """Bring about the situations ``u`` says it answers, through the core's own reporting."""
    events = sorted(e for e in u.events if e != AB.ANY) or ([PROBE] if AB.ANY in u.events else [])
    if u.kind in ("trigger", "unknown"):
        for e in events:
            AB.occurred(ctx, e, "trigger")
    if u.kind in ("replacement", "unknown"):
        for e in events:
            AB.occurred(ctx, e, "replacement")
    if u.kind in ("static", "unknown"):
        values = sorted(v for v in u.values if v != AB.ANY) or (
            [PROBE] if AB.ANY in u.values else [])
        for v in values:
            AB.read(ctx, v)


def silent(ctx: Context, oid: int,
           moment: Callable[[Context, Unbound], bool] | None = None) -> list[Unbound]:
    """The unbound abilities of object ``oid`` that nothing names when their situation
    arises. ``moment(ctx, u)`` brings about the game's own moment for kinds the core does not
    name by itself and says whether the game named ``u`` then."""
    missed = []
    for u in ctx.state.unbound.get(oid, ()):
        named_by_game = False
        if u.kind not in ("trigger", "replacement", "static", "unknown"):
            named_by_game = moment is not None and moment(ctx, u)
        else:
            fire(ctx, u)
        if not named_by_game and u not in ctx.reported:
            missed.append(u)
    return missed


@dataclass
class Count:
    """A corpus counted by :func:`silent`: cards, abilities bound and not, what was not named."""
    cards: int = 0
    fully_carried_out: int = 0
    abilities_bound: int = 0
    abilities_unbound: int = 0
    named: int = 0
    silent: list[tuple[str, str]] = field(default_factory=list)   # (card, ability)
    unaccounted: list[tuple[str, str]] = field(default_factory=list)

    def add(self, card: str, bound: int, unbound: list[Unbound], missed: list[Unbound],
            unaccounted: list[str]) -> None:
        self.cards += 1
        self.abilities_bound += bound
        self.abilities_unbound += len(unbound)
        self.named += len(unbound) - len(missed)
        self.fully_carried_out += not unbound and not unaccounted
        self.silent += [(card, u.text) for u in missed]
        self.unaccounted += [(card, text) for text in unaccounted]

    def summary(self) -> str:
        return (f"{self.cards} cards: {self.fully_carried_out} carried out in full; "
                f"{self.abilities_bound} abilities bound, {self.abilities_unbound} not "
                f"modelled, of which {self.named} named when their situation arises; "
                f"{len(self.silent)} silent, {len(self.unaccounted)} unaccounted")


# --------------------------------------------------------------------------- shapes

CARRIED, NAMED, SILENT = "carried out", "named not modelled", "silent"


def effect_shape(e: M.Effect) -> str:
    """A value's shape: its class, with the verb of a move and the shapes inside it."""
    if isinstance(e, M.Move):
        return f"Move:{e.verb}"
    if isinstance(e, M.Conditional):
        return "If(" + ",".join(effect_shape(x) for x in e.then + e.otherwise) + ")"
    if isinstance(e, M.Choice):
        return "Choice(" + ";".join(",".join(effect_shape(x) for x in o) for o in e.options) + ")"
    if isinstance(e, M.Replacement):
        verb = e.event.verb if e.event is not None else ""
        return f"Replacement[{verb}](" + ",".join(effect_shape(x) for x in e.instead) + ")"
    if isinstance(e, M.DelayedTrigger):
        return "Delayed(" + ",".join(effect_shape(x) for x in e.effects) + ")"
    if isinstance(e, M.Gain):
        return f"Gain:{e.resource}"
    if isinstance(e, M.Restriction):
        return "Restriction:" + "/".join(e.actions)
    if isinstance(e, M.Other):
        return f"Other:{e.verb}"
    return type(e).__name__


def ability_shape(a: M.Ability) -> str:
    parts = [a.kind]
    if a.label:
        parts.append(f"label:{a.label.lower()}")
    if a.trigger is not None and a.trigger.event is not None:
        parts.append(f"on:{a.trigger.event.verb}")
    if a.costs:
        parts.append("costs:" + ",".join(sorted(c.kind for c in a.costs)))
    if a.kind == "keyword":
        parts.append("keywords:" + ",".join(k.name.lower() for k in a.keywords))
    parts.append("|".join(effect_shape(e) for e in a.effects))
    return " ".join(parts)


@dataclass
class Shape:
    key: str
    cards: list[tuple[str, str]] = field(default_factory=list)   # (name, text), first = example

    @property
    def example(self) -> tuple[str, str]:
        return self.cards[0]


def catalogue(cards: Iterable[tuple[str, str, M.CardText]]) -> dict[str, Shape]:
    """shape -> the cards whose text has an ability of that shape (in corpus order); the
    unreadable parts of a card are a shape of their own ("unparsed")."""
    found: dict[str, Shape] = {}
    for name, text, card in cards:
        keys = [ability_shape(a) for a in card.abilities]
        if card.unparsed:
            keys.append("unparsed")
        for key in dict.fromkeys(keys):
            found.setdefault(key, Shape(key)).cards.append((name, text))
    return found


def verdict(ruling, card: str) -> str:
    """What a ruling did about card ``card``: named it as not modelled, acted on it (a step
    other than it being played or resolving names it), or said nothing about it."""
    steps = list(ruling.steps) + [s for b in ruling.branches for s in b.steps]
    nm = list(ruling.not_modelled) + [n for b in ruling.branches for n in b.not_modelled]
    if any(card in n for n in nm if not n.endswith(ECHO)):
        return NAMED
    acted = [s for s in steps if card in _own_words(s) and s.action != "not modelled"
             and not s.description.startswith((f"{card} resolves",))]
    return CARRIED if acted else SILENT


# a scenario line not carried out after an earlier step not modelled (judge/engine/driver.py):
# it names the card if the line does, whatever the rules did with it
ECHO = "(the game state is unknown after an earlier step that is not modelled)"


def _own_words(step) -> str:
    """What a step says by itself: of a refused action, the reason only (the action's label
    quotes the scenario line, which names the card whether or not the rules acted on it)."""
    if step.action == "refused" and " allowed - " in step.description:
        return step.description.split(" allowed - ", 1)[1]
    return step.description


def verdict_against(ruling, plain, card: str) -> str:
    """:func:`verdict`, with the card's text held to account: ``plain`` is the ruling of the
    same scenario with the card stripped of its text. A step that names the card only because
    the scenario plays it, attacks it or moves it is in both; the text was carried out only if
    the ruling differs from ``plain``."""
    got = verdict(ruling, card)
    if got != CARRIED:
        return got

    def steps(r):
        return [s.description for s in r.steps] + [
            s.description for b in r.branches for s in b.steps]
    return CARRIED if steps(ruling) != steps(plain) else SILENT
