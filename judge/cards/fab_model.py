"""Flesh and Blood's own values of the card model (see :mod:`judge.cards.model`): what FaB card
text parses into beyond the common core. Kept apart from the FaB card grammar
(:mod:`judge.cards.fab`) so that the engine reads them without loading lark.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.cards.model import (Ability, Condition, Duration, Effect, Target, Trigger)


@dataclass(frozen=True, slots=True)
class DelayedTrigger(Effect):
    """"When this hits, the next time they defend ..., <effects>": resolving the outer ability
    creates a triggered ability that waits for ``trigger``."""
    trigger: Trigger | None = None
    effects: tuple[Effect, ...] = ()
    condition: Condition | None = None
    duration: Duration | None = None


@dataclass(frozen=True, slots=True)
class Restriction(Effect):
    """What a player can't do, or can do only while a condition holds: "Activate this ability
    only while this is attacking" (``only``), "the defending hero can't play or activate
    instants or defense reactions this combat chain" (``actions``, ``who``, ``what``)."""
    actions: tuple[str, ...] = ()       # "play", "activate", "attack", "defend" ...
    who: Target | None = None           # the restricted player; None: the card's controller
    what: Target | None = None          # the restricted cards or ability ("this ability")
    only: Condition | None = None       # allowed only while / if this holds
    duration: Duration | None = None
    against: Target | None = None       # "this can't be defended by ...": the attack


@dataclass(frozen=True, slots=True)
class Becomes(Effect):
    """"Illusionist auras you control are weapons with 4{p} and **Once per Turn Action** -
    {r}{r}{r}: **Attack**": the objects ``what`` describes are of the ``kinds`` named, with the
    base ``values`` (25.1.2: a card without {p} can be given {p} and base power) and the
    activated ``abilities`` stated."""
    what: Target | None = None
    kinds: tuple[str, ...] = ()
    values: tuple[tuple[str, int], ...] = ()
    abilities: tuple[Ability, ...] = ()
