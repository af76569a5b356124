"""The card values of the first card grammars (issue 17 replaces them with
:mod:`judge.cards.model`): what the FaB rules module reads until it moves to the new values, and
what the card parsers not yet rewritten produce. Removed when the last reader has moved.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Span:
    start: int  # character offsets into the card text, end exclusive
    end: int


# --- who and what -----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Target:
    """Who or what an effect applies to: ``this``, ``you``, ``target hero``,
    ``target opponent``, ``each opponent``, ``attacks you control``, ``your hero`` ..."""
    text: str                 # normalised phrase, e.g. "target hero"
    targeted: bool = False    # uses the word "target" (rules for choosing targets apply)
    quantifier: str = "one"   # one | each | all | up to N | any number
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Duration:
    text: str                 # "this turn", "until end of turn", "until the start of your next turn"
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Condition:
    text: str                 # normalised condition text, e.g. "you have less life than target hero"
    kind: str = "if"          # if | as long as | unless | while ...
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Cost:
    """A cost part: resources, action points, exhaust, discard, sacrifice, dice, control ..."""
    kind: str                 # "resource", "action point", "exhaust", "discard", "destroy", "die" ...
    amount: int | None = None
    detail: str = ""          # e.g. dice type for Ashes "[[natural:class]]", card for discard
    span: Span | None = None


# --- effects -----------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Effect:
    """Base of all effects. ``verb`` names the event the engine performs."""
    verb: str
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Damage(Effect):
    amount: int | str = 0             # an int, or "X" / an expression as printed
    damage_type: str = ""             # physical | arcane | fire | frost | ... | "" (untyped)
    target: Target | None = None
    source: Target | None = None
    where: str = ""                   # the printed definition of X: "the number of cards in your hand"


@dataclass(frozen=True, slots=True)
class Prevent(Effect):
    amount: int | str | None = None   # None = all
    damage_type: str = ""
    target: Target | None = None
    duration: Duration | None = None
    where: str = ""                   # the printed definition of X, as for Damage


@dataclass(frozen=True, slots=True)
class ModifyValue(Effect):
    """+N{p}, -1{d}, "+2 damage", "gets +1 speed", "costs {r} less" ..."""
    stat: str = ""                     # power | defense | damage | speed | cost | life | atk ...
    delta: int | str = 0
    target: Target | None = None
    duration: Duration | None = None
    where: str = ""                    # the printed definition of X in "-X{p}, where X is ..."


@dataclass(frozen=True, slots=True)
class Move(Effect):
    """draw, discard, destroy, banish, return to hand, put into arsenal, search, shuffle ..."""
    count: int | str | None = None
    what: Target | None = None
    from_zone: str = ""
    to_zone: str = ""
    who: Target | None = None         # who does it, when stated: "they discard 2 random cards"


@dataclass(frozen=True, slots=True)
class Gain(Effect):
    """gain life, gain action point(s), gain resources, gain a keyword or ability."""
    resource: str = ""                 # "life", "action point", "resource", or a keyword name
    amount: int | str = 1
    target: Target | None = None
    duration: Duration | None = None
    citation: str | None = None        # when ``resource`` is a keyword
    quoted: str = ""                   # resource "ability": the granted ability's text, unquoted
    abilities: tuple["Ability", ...] = ()  # ... and that text parsed


@dataclass(frozen=True, slots=True)
class CreateToken(Effect):
    count: int | str = 1
    token: str = ""
    controller: Target | None = None


@dataclass(frozen=True, slots=True)
class Replacement(Effect):
    """"If <event> would ..., instead <effect>" (FaB 18, WoW 717, Ashes "would")."""
    event: str = ""                    # the replaced event, as normalised text
    instead: tuple[Effect, ...] = ()
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class Conditional(Effect):
    condition: Condition | None = None
    then: tuple[Effect, ...] = ()
    otherwise: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class Choice(Effect):
    """"Choose 1: ..." modes, "you may ...", "opponent chooses ..."."""
    chooser: Target | None = None
    pick: int | str = 1
    options: tuple[tuple[Effect, ...], ...] = ()
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Other(Effect):
    """A recognised effect shape with no dedicated value yet (``verb`` names it; ``args`` keeps
    the parsed parts). Counts as parsed: the grammar recognised its structure."""
    args: tuple[tuple[str, str], ...] = ()


# --- abilities ---------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Keyword:
    name: str                          # canonical name, e.g. "Arcane Barrier", "Go again"
    value: int | str | None = None     # N of "arcane barrier N"; a label's argument
    citation: str | None = None        # "fab-1.4 Arcane Barrier N"
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Trigger:
    kind: str                          # when | if | at | after | would | first time
    event: str                         # normalised event text: "this hits", "you attack" ...
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of a card.

    kind: static | triggered | activated | replacement | keyword | spell (the text of a card
    that resolves when played) | label (Crush, Combo, Enhance ...) | errata.
    """
    kind: str
    effects: tuple[Effect, ...] = ()
    trigger: Trigger | None = None
    costs: tuple[Cost, ...] = ()
    keywords: tuple[Keyword, ...] = ()
    condition: Condition | None = None
    duration: Duration | None = None
    label: str = ""                    # ability name / label ("Crush", "Enhance", "Ashes: 'Name 1'")
    limit: str = ""                    # "once per turn" ...
    citation: str | None = None        # rule or glossary node that governs this kind of ability
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Unparsed:
    """A clause the grammar could not read: never dropped silently."""
    text: str
    span: Span
    reason: str                        # what the parser expected there


@dataclass(frozen=True, slots=True)
class CardText:
    game: str
    text: str
    abilities: tuple[Ability, ...] = ()
    unparsed: tuple[Unparsed, ...] = ()
    meta: tuple[tuple[str, str], ...] = field(default=())  # e.g. WoW header fields

    @property
    def fully_parsed(self) -> bool:
        return not self.unparsed
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
