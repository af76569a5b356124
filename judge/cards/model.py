"""The values card text parses into: one vocabulary for the four games, read by the rules modules.

Every value is a frozen, slotted dataclass that keeps the ``Span`` of the printed text it came
from (character offsets into the card text, end exclusive) and, where it helps a reader, the
normalised words (``text``). The structure is what an engine acts on without re-reading English:

* **who and what** - :class:`Target` (a player or an object: who, quantifier and count, controller
  and owner relation, kinds, qualities, filters, zone, whether it targets), :class:`Zone`;
* **numbers** - :class:`Amount` (a constant, ``X`` with its definition, "for each", "up to",
  "that much"), :class:`Quantity` (a number read from the game: "the number of allies you
  control", "its cost"), :class:`Comparison`;
* **when and how long** - :class:`Event` (something that happens: "this hits a hero", "a unit
  you control is destroyed", "the start of your turn"), :class:`Trigger`, :class:`Condition`,
  :class:`Duration`;
* **effects** - one class per kind of game action (:class:`Damage`, :class:`Heal`,
  :class:`Move`, :class:`Exhaust`, :class:`Counters`, :class:`Dice`, :class:`Cancel`, ...), and
  the ways effects combine (:class:`Sequence` is implicit: a tuple; :class:`Conditional`,
  :class:`Choice`, :class:`Replacement`, :class:`DelayedTrigger`);
* **abilities** - :class:`Ability` (kind, timing, costs, trigger, condition, effects, keywords),
  :class:`Keyword`, :class:`Cost`; a card's text is a :class:`CardText`.

The games word the same action differently; the values use one word and keep the game's in
``verb``: UFS "commit" and WoW/Ashes "exhaust" are :class:`Exhaust` (``verb`` "commit" /
"exhaust"); FaB "negate", WoW "interrupt", UFS/Ashes "cancel" are :class:`Cancel`; FaB "banish",
WoW "remove from the game" are :class:`Move` to the zone ``"removed"`` ... Canonical words:

* zone names: ``hand``, ``deck``, ``graveyard`` (FaB, WoW; UFS "discard pile" and Ashes
  "discard pile" keep their own name), ``discard pile``, ``play`` (the arena, the battlefield, in
  play), ``removed`` (banished / removed from the game), ``arsenal``, ``pitch``, ``soul``,
  ``card pool``, ``momentum``, ``stage``, ``spellboard``, ``battlefield``, ``active pool``,
  ``exhausted pool``, ``conjuration pile``, ``chain`` ... (a game's own zones keep their
  printed name, lower case);
* relations (``Target.controller`` / ``Target.owner`` / ``Zone.owner``): ``you`` (the card's
  controller), ``opponent``, ``any``, ``they`` (a player the text named before: "their",
  "his", "its controller's"), ``""`` unstated;
* comparison operators: ``<``, ``<=``, ``==``, ``!=``, ``>=``, ``>``.

An ``Other`` is an effect the grammar recognised but that has no value yet: a card with one is
**not** fully parsed (:attr:`CardText.fully_parsed`), and neither is one with an
:class:`Unparsed` part. Rules modules name both in a ruling as ``not modelled: ...``.

This module imports nothing but the standard library, so a rules module reads the values
without loading lark.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import MISSING, dataclass, field, fields, is_dataclass
from dataclasses import replace as _dataclass_replace


@dataclass(frozen=True, slots=True)
class Span:
    start: int  # character offsets into the card text, end exclusive
    end: int


# --------------------------------------------------------------------------- numbers

@dataclass(frozen=True, slots=True)
class Quantity:
    """A number the game state supplies: ``measure`` of ``of``.

    measure: ``count`` (how many objects ``of`` describes: "the number of allies you control"),
    a stat of an object or player (``cost``, ``power``, ``defense``, ``health``, ``life``,
    ``damage`` (damage on it), ``speed``, ``pitch`` ...), or an amount an event had
    (``damage dealt``, ``life gained``, ``cards drawn`` ...: ``event`` says which, e.g. "the
    damage dealt this way").
    """
    measure: str
    of: Target | None = None
    event: Event | None = None
    plus: int = 0                      # "the number of cards in your hand plus 1"
    text: str = ""
    span: Span | None = None
    minus_from: int | None = None      # "6 minus the pitch value of ...": 6 - the measure
    choices: tuple[Amount, ...] = ()   # measure ``lesser`` / ``greater``: "A or B, whichever
    #                                     is less": the smaller (larger) of these numbers


@dataclass(frozen=True, slots=True)
class Amount:
    """How many or how much. Exactly one way of giving the number is used:

    * a constant: ``value`` ("3", "three", "a");
    * a variable: ``variable`` ("X") and, when the text defines it, ``defined_as`` ("where X is
      the number of cards in your hand");
    * a quantity: ``defined_as`` alone ("damage equal to its power");
    * a reference to an earlier number: ``ref`` ("that much", "that many", "the same");
      ``its own``: the damage the source deals by the rules where it is (Ashes "it deals its
      damage": a unit in battle, its attack value);
    * "all" / "any number": ``relation`` "all" / "any" with no number.

    ``per`` multiplies: "1 damage for each ally you control" is value 1, per the allies.
    ``relation`` bounds the number a player chooses or a test accepts: "" (exactly), ``up to``,
    ``at least``, ``at most``, ``all``, ``any``. ``half`` is "half ... rounded up/down"
    (``rounding``).
    """
    value: int | None = None
    variable: str = ""
    defined_as: Quantity | None = None
    per: Target | None = None
    ref: str = ""
    relation: str = ""
    plus: int = 0                      # "that much plus 1"
    times: int = 1                     # "double that much": 2
    half: bool = False
    rounding: str = ""                 # up | down
    text: str = ""
    span: Span | None = None
    maximum: int | None = None         # "(max. +8)", ", to a maximum of 3": never more than
    #                                     this (after "for each" multiplies)

    @property
    def constant(self) -> int | None:
        """The number when it is printed as one (no variable, quantity, reference or "for
        each"), else None."""
        if self.variable or self.defined_as or self.ref or self.per is not None or self.half \
                or self.maximum is not None:
            return None
        return self.value


@dataclass(frozen=True, slots=True)
class Comparison:
    """``left op right``: "cost 3 or less" (left: the cost of it, op "<=", right 3)."""
    left: Quantity
    op: str
    right: Amount
    span: Span | None = None


# --------------------------------------------------------------------------- who and what

@dataclass(frozen=True, slots=True)
class Zone:
    """A zone: ``name`` (canonical, see the module docstring), whose (``owner``: a relation word
    or the player the text names, e.g. "target player's deck"), and a position in it
    (``top`` / ``bottom`` / ``""``)."""
    name: str
    owner: str = ""
    owner_target: Target | None = None
    position: str = ""
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Target:
    """A player or an object the text names: what an effect acts on, who does it, what a
    condition or event is about.

    * ``who``: ``player`` or ``object`` (cards, tokens, abilities, attacks, dice ...).
    * ``ref``: a reference instead of (or besides) a description: ``this`` (the card itself),
      ``you`` (its controller), ``it`` / ``that`` / ``they`` (something the text named before),
      ``source`` (the source of the event), ``""`` a description.
    * ``quantifier``: ``one`` | ``each`` | ``all`` | ``up to`` | ``any number``; ``count``:
      how many ("2 target allies", "up to 3 cards"); None for one.
    * ``targeted``: chosen as a target (the games' targeting rules apply).
    * ``controller`` / ``owner``: relation of its controller / owner to the card's controller
      (``you``, ``opponent``, ``any``, ``they``, ``""``); for a player, which player it is.
    * ``kinds``: nouns of the phrase, singular, lower case: ``ally``, ``hero``, ``attack``,
      ``action``, ``card``, ``token``, ``unit``, ``foundation``, ``die``, ``player``,
      ``opponent`` ...; the last is the head noun.
    * ``qualities``: the other words that narrow it: subtypes, traits, classes, colours, states
      ("Orc", "red", "exhausted", "non-token", "other", "attacking").
    * ``name``: a card name the text prints ("Crane Dance", "Runechant"): the objects with that
      name (the card's own name is ``ref`` ``this`` instead).
    * ``filters``: conditions every such object meets ("with cost 3 or less", "that has dealt
      damage this turn", "with Herald in its name"); their subject is ``it``.
    * ``zone``: where it is ("in your graveyard", "the top card of your deck").
    * ``of``: the object or player it belongs to ("its controller", "that ally's owner",
      "the defending hero's weapon").
    * ``excluding``: "other than this", "another": what it cannot be.
    * ``article``: the determiner the phrase opens with when it picks one of the things it
      describes: ``a`` ("a hero or ally", "an ally"), ``another`` ("another hero or ally":
      one besides those already named), ``one of`` ("one of your weapons"); ``""`` any other
      ("allies you control", "each ally", "target ally", "the ally").
    * ``all_of``: the ``alternatives`` are not a choice: the text joins the descriptions by
      "and" and means every one of them ("each unit you control and each Phoenixborn you
      control": both sets; "target hero and up to 3 target allies": a target of each
      description). False (the default) is "or": one object of any of them.
    """
    text: str = ""
    who: str = "object"
    ref: str = ""
    quantifier: str = "one"
    count: Amount | None = None
    targeted: bool = False
    controller: str = ""
    owner: str = ""
    kinds: tuple[str, ...] = ()
    qualities: tuple[str, ...] = ()
    name: str = ""
    filters: tuple[Condition, ...] = ()
    zone: Zone | None = None
    of: Target | None = None
    excluding: Target | None = None
    alternatives: tuple[Target, ...] = ()  # "target ally or hero": each a full description
    span: Span | None = None
    article: str = ""
    all_of: bool = False


# --------------------------------------------------------------------------- when, while

@dataclass(frozen=True, slots=True)
class Event:
    """Something that happens in the game, as triggers wait for it and conditions look back at
    it ("if you've played an attack this turn").

    ``verb`` (canonical, present tense, active): ``attack``, ``hit``, ``block``, ``defend``,
    ``deal damage``, ``be dealt damage`` (the passive kept apart: its subject is the damaged
    one; Ashes ``receive damage``, a later step, ashes-raven-1.1 5.0.0), ``destroy`` / ``be destroyed``, ``enter play``, ``leave play``, ``play``, ``activate``,
    ``draw``, ``discard``, ``pitch``, ``gain``, ``lose``, ``heal``, ``exhaust``, ``ready``,
    ``reveal``, ``resolve``, ``start`` / ``end`` (of ``phase``: "the start of your turn"),
    ``do`` ("if you do": the effect before), ... Unknown verbs keep their printed lemma.
    """
    verb: str
    subject: Target | None = None
    object: Target | None = None
    by: Target | None = None          # by whom (a passive's agent): "is defended by a card
                                      # with 3 or more {p}"
    amount: Amount | None = None
    damage_type: str = ""
    zone: Zone | None = None          # from / in where it happens
    to_zone: Zone | None = None
    phase: str = ""                   # "turn", "round", "end phase", "combat" ...
    whose: Target | None = None       # whose turn / phase
    within: Duration | None = None    # "this turn": when a past event counts
    times: Amount | None = None       # "played 2 or more attacks": how often
    negated: bool = False
    would: bool = False               # "would be dealt": the event about to happen (replacements)
    alternatives: tuple[Event, ...] = ()  # "you play an attack action card or activate a
                                          # weapon attack": any of them
    text: str = ""
    span: Span | None = None
    with_: Target | None = None       # what it is done with: "with this weapon", "with an
                                      # ability", "you attack with this"
    this_way: bool = False            # done by the text it is in ("dealt damage this way")
    rest: tuple[str, ...] = ()        # complements printed but not held by the value, as printed
                                      # ("from an unblocked attack"): a rules module that reads
                                      # the event must not ignore them


@dataclass(frozen=True, slots=True)
class Trigger:
    """What a triggered ability waits for: ``kind`` (``when``, ``whenever``, ``at``, ``after``,
    ``first time`` ...) and ``event``; ``limit`` "once per turn" etc."""
    kind: str
    event: Event
    limit: str = ""
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Condition:
    """A test on the game state. ``kind``: ``if``, ``as long as``, ``while``, ``unless``, ``only
    if`` / ``only while`` (an allowance), ``with`` / ``that`` (a filter on an object), ``to``
    (a filter by what the object is for: "a check to play a card", test ``event``).

    ``test`` says which fields hold it:

    * ``compare``: ``comparison`` holds ("if you have less {h} than an opposing hero", "with
      cost 3 or less");
    * ``is``: ``subject`` is in ``state`` ("attacking", "exhausted", "face up", "damaged",
      "your turn") or is an ``object`` of that description ("if it is a conjuration");
    * ``has``: ``subject`` has ``object`` ("has a keyword", "has 2 or more counters", "has
      Herald in its name": ``state`` holds the name);
    * ``control``: ``subject`` controls ``object`` ("if you control an ally");
    * ``event``: ``event`` happened (a past event: "if you've played 2 or more cards this
      turn", "if this hits", "if you do": event verb ``do``);
    * ``exists``: ``object`` exists ("if there are 2 or more cards in your pitch zone");
    * ``phase``: it is ``event.phase`` of ``event.whose`` ("during your action phase": kind
      ``during``);
    * ``all`` / ``any``: every / one of ``parts`` holds;
    * ``able``: the effect's doer can carry it out ("..., if able": as far as the rules let);
    * ``could target``: ``subject`` could choose ``object`` as a target were it added to the
      chain ("an ability that could target your hero": WoW 706.6).

    ``negated`` turns the test round ("if you don't", "unless" keeps ``kind`` "unless" with the
    test as printed). ``within``: the period the test looks at ("if Crane Dance was the last
    attack this combat chain").
    """
    kind: str = "if"
    test: str = ""
    subject: Target | None = None
    object: Target | None = None
    state: str = ""
    comparison: Comparison | None = None
    event: Event | None = None
    negated: bool = False
    within: Duration | None = None
    parts: tuple[Condition, ...] = ()
    text: str = ""
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Duration:
    """How long an effect lasts. ``kind``: ``this turn``, ``until end of turn``, ``until start of
    turn``, ``until end of next turn``, ``this round``, ``this combat``, ``this chain`` (FaB's
    combat chain), ``this chain link``, ``this attack``, ``this game``, ``until`` (``until``:
    the event that ends it), ``while`` (``condition``); ``whose``: ``you`` / ``they`` /
    ``opponent`` for "your next turn" ..."""
    kind: str
    whose: str = ""
    until: Event | None = None
    condition: Condition | None = None
    text: str = ""
    span: Span | None = None


# --------------------------------------------------------------------------- effects

@dataclass(frozen=True, slots=True)
class Effect:
    """Base of all effects. ``verb`` is the printed verb's lemma ("deal", "commit", "banish");
    the class says what the game does."""
    verb: str
    span: Span | None = None


@dataclass(frozen=True, slots=True)
class Damage(Effect):
    """``source`` deals ``amount`` damage of ``damage_type`` ("" untyped; ``physical``,
    ``arcane``, ``fire``, ``frost``, ``nature``, ``shadow``, ``holy``, ``melee``, ``ranged``
    ...) to ``target``. ``source`` None: the card itself (or the ability's source).
    Several types are joined by spaces (WoW "shadowfire" is ``"shadow fire"``, 408.3a);
    ``unpreventable`` for damage that can't be prevented (WoW 408.3c "unpreventable", FaB
    "can't be prevented"); ``combat`` for damage that "counts as combat damage" (WoW 408.3b)."""
    amount: Amount | None = None
    damage_type: str = ""
    target: Target | None = None
    source: Target | None = None
    divided: bool = False               # "divided as you choose"
    unpreventable: bool = False
    combat: bool = False


@dataclass(frozen=True, slots=True)
class Prevent(Effect):
    """Prevent ``amount`` (None: all) of the damage of ``damage_type`` that would be dealt to
    ``target`` (by ``source``), within ``duration``; ``next`` True for "the next N damage";
    ``first`` True for "the first N damage that would be dealt to [it] each turn" (a per-turn
    allowance; "each turn" is not part of ``target``)."""
    amount: Amount | None = None
    damage_type: str = ""
    target: Target | None = None
    source: Target | None = None
    duration: Duration | None = None
    next: bool = False
    first: bool = False                 # "the first N damage ... each turn" (WoW 717.6)


@dataclass(frozen=True, slots=True)
class Heal(Effect):
    """Heal / remove ``amount`` damage (None: all) from ``target`` (WoW "heal", UFS/WoW
    "restore"; Ashes "heal" removes wound tokens)."""
    amount: Amount | None = None
    target: Target | None = None
    source: Target | None = None
    divided: bool = False               # "divided as you choose"


@dataclass(frozen=True, slots=True)
class ModifyValue(Effect):
    """``target``'s ``stat`` changes by ``sign`` x ``amount`` ("+2{p}", "-1 speed", "costs {r}
    less" (stat ``cost``, sign -1), "+1 damage for each ..."), for ``duration``; ``op``
    ``multiply`` for "double" (amount 2).

    stat: ``power``, ``defense``, ``health``, ``life``, ``cost``, ``speed``, ``damage``,
    ``atk``, ``attack``, ``recover``, ``block``, ``difficulty``, ``check``, ``hand size`` ...
    """
    stat: str = ""
    amount: Amount | None = None
    sign: int = 1
    target: Target | None = None
    duration: Duration | None = None
    op: str = "add"                     # add | multiply ("double": multiply by 2; with
    #                                     amount.per: by amount.value once for each, WoW
    #                                     "is doubled for each [X]")
    minimum: Amount | None = None       # ", to a minimum of 1": the change never takes the
    #                                     value below this (WoW cost reductions; UFS "-2 speed
    #                                     (minimum 1)", ufs-0.9 K.3.7)
    maximum: Amount | None = None       # UFS "+2 damage (maximum 6)": the change never takes
    #                                     the value above this (ufs-0.9 K.3.7)
    base: bool = False                  # "double the base power" / "the attack's base {p}":
    #                                     the base value changes, not the modified one (FaB 25.2)


@dataclass(frozen=True, slots=True)
class SetValue(Effect):
    """``target``'s ``stat`` becomes ``amount`` ("has base power 4", "its speed is 6"), or
    ``costs`` for a cost (Ashes "change the activation cost of this ability to [[main]] -
    [[exhaust]]": ``stat`` "activation cost")."""
    stat: str = ""
    amount: Amount | None = None
    target: Target | None = None
    duration: Duration | None = None
    base: bool = False
    costs: tuple[Cost, ...] = ()


@dataclass(frozen=True, slots=True)
class Arrival:
    """The state a card arrives in as it changes zones: ``states`` the printed words of how it
    lies ("exhausted", "ready": "put it into play exhausted", "This ally enters
    play exhausted"), ``damage`` the damage on it as it arrives ("enters play with 3 damage"),
    ``role`` what it arrives as ("place it into your resource row ready as an additional
    resource": ``additional resource``)."""
    states: tuple[str, ...] = ()
    damage: Amount | None = None
    text: str = ""
    span: Span | None = None
    role: str = ""


@dataclass(frozen=True, slots=True)
class Move(Effect):
    """A zone change of ``what``: ``verb`` draw, discard, destroy, banish, return, put, add,
    play, mill, remove, shuffle, build (UFS) ..., from ``from_zone`` to ``to_zone`` (either may
    be unstated: None), done by ``who``; ``face`` "up" / "down"; ``random`` for "at random".
    How many: ``what.count``. ``arrives``: the state it arrives in (None: unstated). A card's
    own "[this] enters play exhausted / with 3 damage" is a Move of verb ``enter`` whose
    ``what`` is the card itself (``ref`` "this") and whose ``to_zone`` is play."""
    what: Target | None = None
    from_zone: Zone | None = None
    to_zone: Zone | None = None
    who: Target | None = None
    face: str = ""
    random: bool = False
    until: Condition | None = None      # "discard cards ... until you discard an attack"
    arrives: Arrival | None = None


@dataclass(frozen=True, slots=True)
class Gain(Effect):
    """``target`` gains ``amount`` ``resource``: ``life``, ``health``, ``action point``,
    ``resource``, ``momentum``, ``keyword`` (``keyword``), ``ability`` (``abilities``, the
    quoted text parsed), ``control`` (of ``what``), ``printed powers`` (those printed on
    ``what``: "this ally has that card's printed powers", a copy of its text, WoW 402) ...,
    for ``duration``."""
    resource: str = ""
    amount: Amount | None = None
    target: Target | None = None
    duration: Duration | None = None
    keyword: Keyword | None = None
    abilities: tuple[Ability, ...] = ()
    what: Target | None = None


@dataclass(frozen=True, slots=True)
class Lose(Effect):
    """``target`` loses ``amount`` ``resource`` (``life``, ``health`` ...), a ``keyword`` or
    abilities (``resource`` "abilities", ``what`` which), for ``duration``."""
    resource: str = ""
    amount: Amount | None = None
    target: Target | None = None
    duration: Duration | None = None
    keyword: Keyword | None = None
    what: Target | None = None


@dataclass(frozen=True, slots=True)
class Exhaust(Effect):
    """Turn ``target`` sideways: WoW/Ashes "exhaust", UFS "commit" (``verb`` keeps which);
    ``who`` does it when the text names a player ("Your rival commits 1 foundation")."""
    target: Target | None = None
    who: Target | None = None


@dataclass(frozen=True, slots=True)
class Ready(Effect):
    """Turn ``target`` upright: "ready", "untap"; ``who`` does it when the text names a
    player."""
    target: Target | None = None
    who: Target | None = None


@dataclass(frozen=True, slots=True)
class Flip(Effect):
    """Turn ``target`` ``face`` down / up / over (UFS "flip" is face down); ``who`` does it
    when the text names a player ("Your rival flips 1 foundation")."""
    target: Target | None = None
    face: str = "down"
    who: Target | None = None


@dataclass(frozen=True, slots=True)
class Attach(Effect):
    """Attach ``what`` to ``to`` (WoW attachments, Ashes alterations)."""
    what: Target | None = None
    to: Target | None = None


@dataclass(frozen=True, slots=True)
class Counters(Effect):
    """``action`` (``place``, ``remove``, ``move``) ``count`` counters or tokens of ``kind``
    ("wound", "status", "exhaustion", "steam", "+1{p}" ...) on / from ``on``; ``to`` for a
    move. Ashes tokens, WoW and FaB counters, UFS counters."""
    action: str = "place"
    kind: str = ""
    count: Amount | None = None
    on: Target | None = None
    to: Target | None = None


@dataclass(frozen=True, slots=True)
class Dice(Effect):
    """An action on dice: ``action`` ``spend``, ``re-roll``, ``roll``, ``set`` (a face),
    ``exhaust``, ``ready``, ``place``, ``select``, ``change``, ``remove``, ``return``, ``move``
    ...; ``count`` dice of ``kind`` (a die type or face as printed: "natural", "basic",
    "ceremonial:class"), ``face`` the face set or wanted, from / to pools, whose."""
    action: str = ""
    count: Amount | None = None
    kind: str = ""
    face: str = ""
    from_zone: Zone | None = None
    to_zone: Zone | None = None
    who: Target | None = None
    target: Target | None = None


@dataclass(frozen=True, slots=True)
class Check(Effect):
    """``who`` makes a ``kind`` check (UFS E.3 "Make a control check"): against ``difficulty``,
    None when the text gives none (E.3.4: a check with no difficulty, made for its result)."""
    kind: str = "control"
    difficulty: Amount | None = None
    who: Target | None = None


@dataclass(frozen=True, slots=True)
class Happens(Effect):
    """``event`` counts as having happened: what waits for it triggers (FaB "If damage is
    dealt this way, the dagger has hit": its hit triggers)."""
    event: Event | None = None


@dataclass(frozen=True, slots=True)
class Cancel(Effect):
    """Cancel / negate / interrupt ``what`` (a card, attack, ability or effect)."""
    what: Target | None = None


@dataclass(frozen=True, slots=True)
class ChangeTarget(Effect):
    """``who`` changes the target of ``link`` (a card or ability on the chain) to ``to`` (WoW
    706.2: "change its target to its controller's hero"); ``to`` None: the player picks the
    new target ("You may change the target of an ability card with a single target")."""
    link: Target | None = None
    to: Target | None = None
    who: Target | None = None


@dataclass(frozen=True, slots=True)
class Guess(Effect):
    """``who`` guesses how ``first`` compares with ``second`` by ``stat`` (WoW 712.8: "guess
    whether the top card of your deck has a higher or lower cost than the top card of target
    opponent's deck"); ``answers``: the guesses the text allows ("higher", "lower"). A later
    "if you guessed correctly" is the event ``guess right`` (``guess wrong``: "incorrectly")."""
    who: Target | None = None
    stat: str = ""
    first: Target | None = None
    second: Target | None = None
    answers: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Search(Effect):
    """``who`` searches ``zone`` for ``what`` (how many: ``what.count``); what becomes of the
    found cards follows as separate effects. A search of more than one zone ("your deck and/or
    graveyard") has ``zone`` None and the zones in ``zones``, joined by ``joiner``: ``and``
    (each of them), ``or`` (one of them), ``and/or`` (one or more, the searcher's choice)."""
    who: Target | None = None
    zone: Zone | None = None
    what: Target | None = None
    zones: tuple[Zone, ...] = ()
    joiner: str = ""


@dataclass(frozen=True, slots=True)
class Reveal(Effect):
    """``who`` reveals ``what`` (to ``to``)."""
    what: Target | None = None
    who: Target | None = None
    to: Target | None = None


@dataclass(frozen=True, slots=True)
class Look(Effect):
    """``who`` looks at ``what`` (hidden cards: "the top card of your deck")."""
    what: Target | None = None
    who: Target | None = None


@dataclass(frozen=True, slots=True)
class Shuffle(Effect):
    """``who`` shuffles ``zone``."""
    zone: Zone | None = None
    who: Target | None = None


@dataclass(frozen=True, slots=True)
class CreateToken(Effect):
    """Create / put into play ``count`` tokens named ``token`` (with ``kinds`` and stat
    ``values`` when printed: "a 1/1 Wolf ally token"), under ``controller``'s control;
    ``copy_of``: a token copy of that card (its printed information, ``token`` empty);
    ``choices``: the token is one of these, chosen as the effect happens (``token`` keeps the
    printed words); ``damage_type``: the damage type printed with its ATK (WoW "[Melee]")."""
    count: Amount | None = None
    token: str = ""
    kinds: tuple[str, ...] = ()
    values: tuple[tuple[str, int], ...] = ()
    controller: Target | None = None
    zone: Zone | None = None
    copy_of: Target | None = None       # "a token copy of target ally" (WoW 402.4)
    choices: tuple[str, ...] = ()       # one of these names, chosen as it resolves: "an Air,
    #                                     Earth, Fire, or Water Totem token" (WoW 404.2b)
    damage_type: str = ""               # the printed ATK's damage type: "0 [Melee] / 2 [Health]"


@dataclass(frozen=True, slots=True)
class GainControl(Effect):
    """``who`` gains control of ``what`` for ``duration``."""
    what: Target | None = None
    who: Target | None = None
    duration: Duration | None = None


@dataclass(frozen=True, slots=True)
class Play(Effect):
    """``who`` plays / activates / uses ``what`` (from ``from_zone``): an extra play or one with
    a changed cost; ``as_`` "your next form" ... ``waived`` is the cost "without paying its ...
    cost" names: ``cost`` when it is the whole printed cost in the game (FaB "its cost", "its {r}
    cost"; WoW "its cost", "its resource cost" - the play cost, wow-7.4 403.6a: additional costs
    are still paid), else the part named ("main action cost": Ashes, only the main action is not
    spent - its dice still are, ashes-raven-1.1 "Main Action"). ``free`` is ``waived == "cost"``:
    an engine that reads only ``free`` never waives a part as the whole."""
    what: Target | None = None
    who: Target | None = None
    from_zone: Zone | None = None
    free: bool = False
    as_: str = ""
    waived: str = ""
    duration: Duration | None = None    # "you may play it ... this turn": until when it may


@dataclass(frozen=True, slots=True)
class Attack(Effect):
    """``attacker`` attacks ``target`` (FaB "this attacks up to X target heroes", WoW "can
    attack", UFS "make an attack")."""
    attacker: Target | None = None
    target: Target | None = None


@dataclass(frozen=True, slots=True)
class Restriction(Effect):
    """What can't happen: ``who`` can't ``actions`` (``play``, ``activate``, ``attack``,
    ``block``, ``defend``, ``gain``, ``be targeted``, ``be blocked``, ``be prevented``, ``count``
    ...) ``what``, for ``duration``; ``only`` makes it an allowance: the actions are allowed only
    when it holds ("Activate this ability only while this is attacking")."""
    actions: tuple[str, ...] = ()
    who: Target | None = None
    what: Target | None = None
    by: Target | None = None            # "can't be blocked by allies"
    only: Condition | None = None
    duration: Duration | None = None
    with_: Target | None = None         # "can't block with foundations that ...": what the
    #                                     actions can't be done with (UFS)
    below: Amount | None = None         # "cannot reduce your rival below 1 health", "cannot
    #                                     be reduced below 3": the floor a reducing action may
    #                                     not pass (only that far is it restricted; UFS)


@dataclass(frozen=True, slots=True)
class Permission(Effect):
    """What becomes allowed: ``who`` may / can ``actions`` ``what`` (``as_though``: "as though
    it had **instant**"), for ``duration``, while ``condition`` holds ("You can control an
    additional Pet while Pets you control have different names")."""
    actions: tuple[str, ...] = ()
    who: Target | None = None
    what: Target | None = None
    as_though: str = ""
    duration: Duration | None = None
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class Choose(Effect):
    """``who`` chooses ``what`` (an object, later named "it" / "that ..."), or a name / number
    / card type (``kind`` "name", "number", "type")."""
    what: Target | None = None
    who: Target | None = None
    kind: str = ""


@dataclass(frozen=True, slots=True)
class Becomes(Effect):
    """``what`` become(s) objects of ``kinds`` with base ``values`` and ``abilities`` (FaB
    "auras you control are weapons with 4{p} ...", UFS "becomes a ...", WoW transforms)."""
    what: Target | None = None
    kinds: tuple[str, ...] = ()
    qualities: tuple[str, ...] = ()
    values: tuple[tuple[str, int], ...] = ()
    abilities: tuple[Ability, ...] = ()
    duration: Duration | None = None
    chosen: str = ""          # "All allies also have that type": the kind of thing (``type``)
    #                           an earlier Choose of the same card picked is what they become


@dataclass(frozen=True, slots=True)
class Skip(Effect):
    """``who`` skips ``what`` (a phase, step, turn or draw)."""
    what: str = ""
    who: Target | None = None


@dataclass(frozen=True, slots=True)
class Pay(Effect):
    """``who`` pays ``costs`` (an effect that is a payment: "unless its controller pays (2)")."""
    costs: tuple[Cost, ...] = ()
    who: Target | None = None


@dataclass(frozen=True, slots=True)
class AlternateCost(Effect):
    """"You may exhaust one of your Shields rather than pay this card's cost" (wow-7.4 403.3,
    707.1e; FaB 15.5.2a; Ashes "... rather than pay this card's main action cost"): ``who`` may
    do ``pay`` instead of paying ``instead_of`` of the card's own cost, named as
    :attr:`Play.waived` is (``cost`` the whole printed cost, else the part). The reader makes an
    ability whose only effect this is an ability of kind ``alternate cost``; anywhere else (under
    a trigger or a condition) it stays this effect, which an engine names if it does not carry
    it out."""
    pay: tuple[Effect, ...] = ()
    instead_of: str = ""
    who: Target | None = None


@dataclass(frozen=True, slots=True)
class KeywordAction(Effect):
    """A keyword used as an instruction: "Ruin 3", "**Opt 2**", "**Amp 1**", "**Clash**": the
    rules define what it does (``keyword.citation``); ``keyword.value`` is its number."""
    keyword: Keyword | None = None
    target: Target | None = None      # "**Negate** target instant card"
    to: Target | None = None          # "**transform** it into this"
    with_: Target | None = None       # "**clash** with the attacking hero"


@dataclass(frozen=True, slots=True)
class EndGame(Effect):
    """``who`` ``result``s the game ("win" / "lose")."""
    result: str = ""
    who: Target | None = None


# --------------------------------------------------------------------------- combining effects

@dataclass(frozen=True, slots=True)
class Switch(Effect):
    """Exchange ``stats`` between two holders: "switch all damage on ``first`` with the damage
    on ``second``" (WoW 405.7: ``stats`` ``("damage",)``), or ``stats`` of one card with each
    other: "switch the ATK and Health of ``first``" (WoW 712.9: ``("atk", "health")``,
    ``second`` None), for ``duration``; ``printed``: the printed values are exchanged (Ashes
    "switch this unit's printed attack and life values")."""
    stats: tuple[str, ...] = ()
    first: Target | None = None
    second: Target | None = None
    duration: Duration | None = None
    printed: bool = False


@dataclass(frozen=True, slots=True)
class Conditional(Effect):
    """``then`` if ``condition`` holds, else ``otherwise``."""
    condition: Condition | None = None
    then: tuple[Effect, ...] = ()
    otherwise: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class Choice(Effect):
    """``chooser`` picks ``pick`` of the modes ``options`` (each a sequence of effects);
    ``optional`` with one option is "you may ..." (the option may be declined)."""
    chooser: Target | None = None
    pick: Amount | None = None
    options: tuple[tuple[Effect, ...], ...] = ()
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Replacement(Effect):
    """"If ``event`` would happen, ``instead`` happens" (FaB 6.5, WoW 717, Ashes "would"); the
    replaced event is structured as an :class:`Event`; ``condition`` narrows it; ``instead``
    empty with ``prevent`` True: the event simply doesn't happen."""
    event: Event | None = None
    instead: tuple[Effect, ...] = ()
    condition: Condition | None = None
    duration: Duration | None = None
    next_only: bool = False              # "the next time ... would": replaces once


@dataclass(frozen=True, slots=True)
class DelayedTrigger(Effect):
    """Resolving this creates a triggered ability: when ``trigger`` happens (within
    ``duration``), ``effects``."""
    trigger: Trigger | None = None
    effects: tuple[Effect, ...] = ()
    condition: Condition | None = None
    duration: Duration | None = None


@dataclass(frozen=True, slots=True)
class Repeat(Effect):
    """Do ``effects`` ``times`` times (or until ``until`` holds)."""
    effects: tuple[Effect, ...] = ()
    times: Amount | None = None
    until: Condition | None = None


@dataclass(frozen=True, slots=True)
class Other(Effect):
    """A recognised shape with no value yet (``verb`` names it, ``args`` keeps the words).
    **Not** parsed: a card with an Other is not fully parsed."""
    args: tuple[tuple[str, str], ...] = ()


# --------------------------------------------------------------------------- abilities

@dataclass(frozen=True, slots=True)
class Keyword:
    """A keyword ability or label: canonical ``name`` ("Go again", "Protector", "Stun"),
    its parameter ``value`` ("Arcane Barrier 2", "Stun: 2", "Cursed 1") and the rule or
    glossary node that defines it (``"fab-1.4 Go Again"``), when one does."""
    name: str
    value: Amount | None = None
    citation: str | None = None
    span: Span | None = None
    what: Target | None = None      # what it names: "Inspire: ally, equipment, or hero";
    #                                 WoW "the chosen resistance": the choice (ref "that")


@dataclass(frozen=True, slots=True)
class Cost:
    """One part of a cost. ``kind``: ``resource`` (``amount``; ``detail`` the resource type when
    printed: "{r}", "fire"), ``action point``, ``exhaust`` (of ``what``, the card itself when
    None), ``dice`` (``amount`` dice of type ``detail``: Ashes "1 [[natural:class]]"),
    ``main action`` / ``side action`` (Ashes), ``life`` / ``health``, ``effect`` (an action
    done as a cost: ``effect``, e.g. "Discard a card", "Destroy this", "Reveal 1 attack from
    your hand"), ``symbol`` (a cost symbol the text leaves out: the WoW card data drops the
    activate symbol, so "2, → ..." and "→ ..." have an empty place before or after a comma;
    ``detail`` "not shown" - an engine must not take it as free), ``parallel`` (Ashes 4.4.1:
    one of ``alternatives`` is paid - "1 [[time:class]] / [[side]]")."""
    kind: str
    amount: Amount | None = None
    detail: str = ""
    what: Target | None = None
    effect: Effect | None = None
    span: Span | None = None
    alternatives: tuple[Cost, ...] = ()


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability of a card.

    kind: ``static`` (a continuous effect or rule), ``triggered`` (``trigger``), ``activated``
    (``costs``), ``keyword`` (``keywords`` only), ``spell`` (the text that resolves when the card
    is played), ``replacement``, ``reminder`` (a reminder in parentheses: no game effect),
    ``alternate cost`` (WoW 707.1e "You may exhaust one of your Shields rather than pay this
    ability's cost": ``costs`` is what may be paid instead of the card's printed cost;
    ``instead_of`` the cost it replaces, named as :attr:`Play.waived` is: ``cost`` the whole
    printed cost, else the part - Ashes "rather than pay this card's main action cost").
    ``timing`` is the ability's type word where the game prints one (FaB "Action", "Instant",
    "Attack Reaction"; UFS "Enhance", "Response", "Form"; WoW "[Activate]"; Ashes "[[main]]" /
    "[[side]]"). ``label`` is the ability's printed name (Ashes "Gaze 1", FaB "Crush"); ``limit``
    "once per turn" ...
    """
    kind: str
    effects: tuple[Effect, ...] = ()
    trigger: Trigger | None = None
    costs: tuple[Cost, ...] = ()
    keywords: tuple[Keyword, ...] = ()
    condition: Condition | None = None
    duration: Duration | None = None
    timing: str = ""
    label: str = ""
    limit: str = ""
    citation: str | None = None
    span: Span | None = None
    brackets: tuple[str, ...] = ()      # UFS: the bracketed restrictions after the type (H.3.2)
    instead_of: str = ""                # kind "alternate cost": the cost it is paid instead of


@dataclass(frozen=True, slots=True)
class Unparsed:
    """A part of the text the grammar could not read: never dropped silently. ``span`` is the
    part; ``at`` the offset where reading stopped; ``reason`` what was expected there."""
    text: str
    span: Span
    reason: str
    at: int | None = None


@dataclass(frozen=True, slots=True)
class CardText:
    game: str
    text: str
    abilities: tuple[Ability, ...] = ()
    unparsed: tuple[Unparsed, ...] = ()
    meta: tuple[tuple[str, str], ...] = field(default=())  # e.g. WoW header fields, Ashes stats

    @property
    def recognised(self) -> bool:
        """Every clause was read by the grammar (some may still be an :class:`Other`)."""
        return not self.unparsed

    @property
    def fully_parsed(self) -> bool:
        """Every part of the text became a value: nothing unparsed, no :class:`Other`."""
        return not self.unparsed and not self.others()

    def others(self) -> list[Other]:
        found: list[Other] = []
        _others(self.abilities, found)
        return found


# field names of each value class that may hold other values (not str / int / bool / Span)
_SCALARS = frozenset({"str", "int", "bool", "Span | None", "int | None", "str | None"})
_VALUE_FIELDS: dict[type, tuple[str, ...]] = {}


def _value_fields(cls: type) -> tuple[str, ...]:
    names = _VALUE_FIELDS.get(cls)
    if names is None:
        names = _VALUE_FIELDS[cls] = tuple(f.name for f in fields(cls)
                                           if str(f.type) not in _SCALARS)
    return names


def _others(value, found: list) -> None:
    if type(value) is tuple or type(value) is list:
        for item in value:
            _others(item, found)
        return
    cls = type(value)
    if not hasattr(cls, "__dataclass_fields__"):
        return
    if cls is Other:
        found.append(value)
    for name in _value_fields(cls):
        child = getattr(value, name)
        if child is not None:
            _others(child, found)


def spans_inside(value, out: list) -> list:
    """The spans of every value inside ``value`` (itself included) that has one, added to
    ``out``: the values :func:`walk` yields, in its order, without a generator per level."""
    cls = type(value)
    if cls is tuple or cls is list or isinstance(value, (tuple, list)):
        for item in value:
            spans_inside(item, out)
        return out
    names = _WALKED.get(cls, _WALKED)
    if names is _WALKED:            # first seen: a dataclass's value fields, else None
        names = _WALKED[cls] = (_value_fields(cls) if is_dataclass(cls)
                                and not issubclass(cls, type) else None)
    if names is None:
        return out
    span = getattr(value, "span", None)
    if span is not None:
        out.append(span)
    for name in names:
        child = getattr(value, name)
        if child is not None and not isinstance(child, (str, int, bool, Span)):
            spans_inside(child, out)
    return out


_WALKED: dict = {}


def walk(value) -> Iterator[object]:
    """Every value inside ``value`` (itself included), depth first."""
    if isinstance(value, (tuple, list)):
        for item in value:
            yield from walk(item)
        return
    if not is_dataclass(value) or isinstance(value, type):
        return
    yield value
    for name in _value_fields(type(value)):
        child = getattr(value, name)
        if child is not None and not isinstance(child, (str, int, bool, Span)):
            yield from walk(child)



def _fast_inits(classes: list[type]) -> None:
    """Give each frozen, slotted dataclass of ``classes`` an ``__init__`` that sets each field
    through its slot (``cls.<field>.__set__``) rather than ``object.__setattr__``, which the
    frozen ``__init__`` of dataclasses calls once per field and which is most of the cost of
    making a value (card parsing makes many). Same parameters (the fields, in order), defaults
    and values; a class with anything else in its ``__init__`` (``__post_init__``, a default
    factory, keyword-only or init-less fields) keeps its own. The one dataclasses made stays
    as ``_dataclass_init`` (tests compare the two). One ``exec`` for all.

    A class of many fields (:data:`_TWIN_FIELDS` or more) is made through its twin
    (:func:`_twin`): the new value is an object of the twin while its slots are set (plain
    attribute stores, which Python specialises to a store at the slot's offset: a third of the
    cost of a call per field), then of the class itself."""
    from types import MemberDescriptorType
    scope: dict = {}
    source, made = [], []
    for k, cls in enumerate(classes):
        fs = fields(cls)
        if hasattr(cls, "__post_init__") or "__slots__" not in cls.__dict__ or \
                len(fs) != len(cls.__dataclass_fields__) or \
                any(not f.init or f.kw_only or f.default_factory is not MISSING for f in fs):
            continue
        slots = [next((c.__dict__[f.name] for c in cls.__mro__ if f.name in c.__dict__), None)
                 for f in fs]
        if not all(type(s) is MemberDescriptorType for s in slots):
            continue
        twin = _twin(cls) if len(fs) >= _TWIN_FIELDS else None
        if twin is not None:
            scope[f"c{k}"], scope[f"t{k}"] = cls, twin
            scope[f"n{k}"] = frozenset(f.name for f in fs)
            params = []
            for i, f in enumerate(fs):
                if f.default is MISSING:
                    params.append(f.name)
                else:
                    scope[f"d{k}_{i}"] = f.default
                    params.append(f"{f.name}=d{k}_{i}")
            body = "".join(f" self.{f.name} = {f.name}\n" for f in fs)
            source.append(f"def i{k}(self, {', '.join(params)}):\n"
                          f" object_setattr(self, '__class__', t{k})\n{body}"
                          f" self.__class__ = c{k}\n")
            body = "".join(f" new.{f.name} = changes['{f.name}'] if '{f.name}' in changes "
                           f"else old.{f.name}\n" for f in fs)
            source.append(f"def r{k}(old, changes):\n if not changes.keys() <= n{k}:\n"
                          f"  return dataclass_replace(old, **changes)\n"
                          f" new = object_new(t{k})\n{body} new.__class__ = c{k}\n"
                          f" return new\n")
            made.append((k, cls))
            continue
        params, body = [], []
        for i, (f, slot) in enumerate(zip(fs, slots)):
            scope[f"s{k}_{i}"] = slot.__set__
            if f.default is MISSING:
                params.append(f.name)
            else:
                scope[f"d{k}_{i}"] = f.default
                params.append(f"{f.name}=d{k}_{i}")
            body.append(f" s{k}_{i}(self, {f.name})\n")
        source.append(f"def i{k}(self, {', '.join(params)}):\n{''.join(body) or ' pass'}\n")
        # its replace: the value's fields, those in ``changes`` changed, set the same way
        scope[f"c{k}"], scope[f"n{k}"] = cls, frozenset(f.name for f in fs)
        body = "".join(f" s{k}_{i}(new, changes['{f.name}'] if '{f.name}' in changes "
                       f"else old.{f.name})\n" for i, f in enumerate(fs))
        source.append(f"def r{k}(old, changes):\n if not changes.keys() <= n{k}:\n"
                      f"  return dataclass_replace(old, **changes)\n"
                      f" new = object_new(c{k})\n{body} return new\n")
        made.append((k, cls))
    scope["dataclass_replace"], scope["object_new"] = _dataclass_replace, object.__new__
    scope["object_setattr"] = object.__setattr__
    exec("".join(source), scope)  # noqa: S102 - the source made above
    for k, cls in made:
        init = scope[f"i{k}"]
        init.__name__, init.__qualname__ = "__init__", f"{cls.__qualname__}.__init__"
        init.__module__ = cls.__module__
        cls._dataclass_init = cls.__init__
        cls.__init__ = init
        _REPLACERS[cls] = scope[f"r{k}"]


_REPLACERS: dict[type, Callable] = {}

_TWIN_FIELDS = 6
"""From this many fields on, a value is made through its twin class (:func:`_fast_inits`):
below it, the two changes of class cost more than the calls they save (measured: 2 fields
0.49 / 0.67 us, 4 fields 0.71 / 0.73, 6 fields 0.95 / 0.80, 8 fields 1.19 / 0.83)."""


def _twin(cls: type) -> type | None:
    """A plain class with the same slots as the frozen, slotted dataclass ``cls`` (no
    ``__setattr__`` of its own), whose objects can become objects of ``cls`` by assigning
    ``__class__`` (Python allows it between classes of the same layout); None if Python does
    not allow it for ``cls``."""
    if cls.__mro__ != (cls, object):
        return None
    twin = type(cls.__name__, (), {"__slots__": tuple(cls.__slots__)})
    twin.__qualname__ = cls.__qualname__
    try:
        probe = object.__new__(twin)
        probe.__class__ = cls
    except TypeError:
        return None
    return twin


def replace(obj, /, **changes):
    """``dataclasses.replace(obj, **changes)``: for a class made by :func:`_fast_inits`, the
    new value's slots are set as its ``__init__`` sets them, with no pass over the fields'
    definitions per call (a field name the class does not have goes to dataclasses, which
    raises as before); any other object goes to dataclasses."""
    fast = _REPLACERS.get(obj.__class__)
    if fast is None:
        return _dataclass_replace(obj, **changes)
    return fast(obj, changes)


_FAST = []


def use_fast_inits() -> None:
    """Make the frozen dataclasses of this module with :func:`_fast_inits`, once per process.
    The card reader calls it as it loads a parser (a process that parses card text makes many
    values); a process that only reads values pays nothing for it at import."""
    if not _FAST:
        _FAST.append(True)
        _fast_inits([v for v in list(globals().values())
                     if isinstance(v, type) and v.__module__ == __name__ and is_dataclass(v)
                     and v.__dataclass_params__.frozen])
