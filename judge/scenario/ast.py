"""The scenario AST: what ``judge.scenario.parser.parse`` returns and the engine consumes.

Every value is frozen and carries ``pos`` (1-based ``line`` and ``column`` of the scenario text
it came from), so that the engine, the checker and error messages can point at the source.

Shape of a scenario (see ``docs/scenario-language.md`` for the language itself)::

    Scenario
      title, document ("fab-1.4"), game ("fab")
      cards:    CardDef ...              every card the scenario names, defined once
      players:  Player ...               in declaration order; zones already merged per player
      policies: Policy ...               explicit defaults for unstated choices
      steps:    Action | Expectation ... the main line, in source order
      branches: Branch ...               labelled alternatives continuing from the main line

Actions and expectations are interleaved in ``steps`` in source order: an expectation is
checked against the state reached by the actions before it (``cites`` looks at the trace so
far). A branch's steps continue from the state at the end of the main line.

Names: cards are referred to by their defined name (``CardRef.name`` equals a ``CardDef.name``;
the parser has already checked this). Players are referred to by name (``Player.name``).
Zone names are normalised through the game's zone table (``judge.registry``: ``wears`` ->
``equipment`` for FaB ...), or are a game's own zone name as written after ``zone`` (lower
case).

Game-specific lines that a game's grammar extension adds without parser code arrive as
:class:`GameAction`, :class:`ExpectGame`, a player's ``facts`` and a card reference's
``states`` / ``values``; the game's rules module binds them.
"""

from __future__ import annotations

from dataclasses import dataclass

# --- positions and references ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pos:
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class Counter:
    """``with 2 energy counters`` / ``with 1 "+1{p}" counter``: ``kind`` as written, lower case."""
    kind: str
    count: int
    pos: Pos


@dataclass(frozen=True, slots=True)
class CardRef:
    """A card named in a zone, an action or an expectation.

    ``slot`` is the equipment slot (head, chest, arms, legs): stated with ``on <slot>``, else
    taken from the card's subtypes for equipment (None when neither says);
    ``face_up`` is stated with ``face up`` / ``face down`` (None = not stated);
    ``owner`` is set when written with a possessive (``Bob's "Nullrune Hood"``);
    ``states``: game states written after it (``exhausted``, ``committed``); ``values``: game
    numbers written after it (``with 3 damage`` -> ``(("damage", 3),)``).
    """
    name: str
    pos: Pos
    counters: tuple[Counter, ...] = ()
    slot: str | None = None
    face_up: bool | None = None
    owner: str | None = None
    states: tuple[str, ...] = ()
    values: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerRef:
    name: str
    pos: Pos


Target = CardRef | PlayerRef


# --- setup ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardOrigin:
    """An installed card database's part in a card definition (:mod:`judge.carddb`).

    A card the scenario names without a ``card`` line is the database's printing ``printing``
    (how a scenario names it: ``"Snatch" (red)``) of database ``database`` at ``version``,
    found at ``record`` (``cards.tsv line 5040``); ``note`` says how the printing was chosen
    when the name has several ("stated", "the newest of 3 printings ..."). ``inline``: the
    scenario's own ``card`` line was used, overriding that database card; ``differs`` says
    what the card line states otherwise ("type line", "values", "text": white space aside). ``text_only``: a card line without text,
    for a database that gives no type lines or values (WoW's prints.json): the type line and
    values are the card line's, the text is the database's."""
    database: str
    version: str
    printing: str
    record: str
    note: str = ""
    inline: bool = False
    differs: tuple[str, ...] = ()
    text_only: bool = False


@dataclass(frozen=True, slots=True)
class CardDef:
    """``card "Zap": Wizard Instant, cost 0, pitch 1: "Deal 3 arcane damage to target hero."``

    ``types`` are the words before `` - `` (``("Wizard", "Instant")``), ``subtypes`` those after
    (``("Head",)``); a type line with more dashes (WoW: ``Ally - Orc Warrior - Horde``) keeps
    each later group in ``groups`` (``(("Horde",),)``). ``stats`` keeps every ``key value`` pair in order, keys lower case; values
    are ints when they are numbers, else the text as written (``"X"``, ``"*"``, ``"high"``).
    ``text`` is the printed text (parse it with ``judge.cards.parse(game, text)``); ``text_pos``
    is where the quoted text starts (``None`` when the card has no text).
    """
    name: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    stats: tuple[tuple[str, int | str], ...]
    text: str
    pos: Pos
    text_pos: Pos | None = None
    groups: tuple[tuple[str, ...], ...] = ()
    origin: CardOrigin | None = None    # an installed card database's part in it (judge.carddb)

    def stat(self, key: str) -> int | str | None:
        for k, value in self.stats:
            if k == key:
                return value
        return None

    def has_type(self, word: str) -> bool:
        """Case-insensitive test against types and subtypes (``has_type("equipment")``)."""
        word = word.lower()
        return any(t.lower() == word for t in self.types + self.subtypes)

    @property
    def cost(self) -> int | str | None:
        return self.stat("cost")

    @property
    def pitch(self) -> int | str | None:
        return self.stat("pitch")

    @property
    def power(self) -> int | str | None:
        return self.stat("power")

    @property
    def defense(self) -> int | str | None:
        return self.stat("defense")

    @property
    def life(self) -> int | str | None:
        return self.stat("life")

    @property
    def intellect(self) -> int | str | None:
        return self.stat("intellect")


@dataclass(frozen=True, slots=True)
class Zone:
    """The stated contents of one zone of one player, merged over all lines that state it.

    For ``deck``: ``cards`` are the named cards from the top (``deck top "A", "B"``: A is the top
    card), ``bottom`` the named cards at the bottom (last = bottom-most), ``count`` the total
    number of cards when stated (``deck 30 cards``; unnamed cards fill the middle), else None.
    For other zones ``bottom`` is empty and ``count`` is None.
    """
    name: str
    cards: tuple[CardRef, ...]
    pos: Pos
    bottom: tuple[CardRef, ...] = ()
    count: int | None = None


@dataclass(frozen=True, slots=True)
class Player:
    """A player with everything the scenario states about them (several lines may add facts).

    ``stats`` holds the player's values as the game's table normalises them (``("health",
    30)``, ``("life", 20)``, ``("action points", 1)`` ...); ``facts`` the game facts its grammar
    extension adds (``(kind, words, numbers)``).
    ``first_turn`` is True/False when stated (``first turn`` / ``not first turn``), else None.
    ``life`` / ``intellect`` / ``action_points`` / ``resource_points`` repeat FaB's values of
    ``stats`` (None when not stated: the hero card's value then applies).
    """
    name: str
    pos: Pos
    hero: CardRef | None = None
    life: int | None = None
    intellect: int | None = None
    action_points: int | None = None
    resource_points: int | None = None
    turn_player: bool = False
    first_turn: bool | None = None
    zones: tuple[Zone, ...] = ()
    stats: tuple[tuple[str, int], ...] = ()
    facts: tuple[tuple[str, tuple[str, ...], tuple[int, ...]], ...] = ()

    def stat(self, key: str) -> int | None:
        for k, value in self.stats:
            if k == key:
                return value
        return None

    def zone(self, name: str) -> Zone | None:
        for zone in self.zones:
            if zone.name == name:
                return zone
        return None

    def cards_in(self, name: str) -> tuple[CardRef, ...]:
        zone = self.zone(name)
        return () if zone is None else zone.cards + zone.bottom


@dataclass(frozen=True, slots=True)
class Policy:
    """``policy defending none``: how an unstated choice is made (see ``POLICIES``)."""
    key: str
    value: str
    pos: Pos


def policies(game: str) -> dict[str, tuple[str, tuple[str, ...]]]:
    """key -> (default, allowed values) of ``game``'s policies: the documented defaults of
    docs/scenario-language.md (the core's and the game's own, :mod:`judge.registry`)."""
    from judge.registry import GAMES
    found = GAMES[game].all_policies() if game in GAMES else {}
    return {key: (p.default, p.values) for key, p in found.items()}


# --- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Action:
    """Base of everything a player does. ``text`` is the source line (without comment)."""
    actor: str
    pos: Pos
    text: str


@dataclass(frozen=True, slots=True)
class Detail:
    """A detail a game's grammar adds after the card of an action (alias ``gm_<key>``): FaB's
    ``declaring X 3``, ``boosting``, ``discarding "Sink Below"``. ``key`` names it; the cards,
    words and numbers it holds are kept in order."""
    key: str
    cards: tuple[CardRef, ...] = ()
    words: tuple[str, ...] = ()
    numbers: tuple[int, ...] = ()
    pos: Pos | None = None


@dataclass(frozen=True, slots=True)
class Play(Action):
    """``Alice plays "Zap" from arsenal pitching "Sigil" targeting Bob choosing "mode"``."""
    card: CardRef | None = None
    from_zone: str | None = None          # None = not stated (hand)
    pitching: tuple[CardRef, ...] = ()
    targets: tuple[Target, ...] = ()
    modes: tuple[str, ...] = ()
    details: tuple[Detail, ...] = ()     # a game's own details (gm_<key>)


@dataclass(frozen=True, slots=True)
class Activate(Action):
    """``Alice activates "Talishar" [ability "text"] pitching ... targeting ...``."""
    card: CardRef | None = None
    ability: str | None = None            # which ability, as written; None = the only one
    pitching: tuple[CardRef, ...] = ()
    targets: tuple[Target, ...] = ()
    modes: tuple[str, ...] = ()
    details: tuple[Detail, ...] = ()     # a game's own details (gm_<key>)


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """``Alice attacks with "Talishar"`` (a weapon: activates its attack ability) or with an
    attack card (plays it). ``targets`` empty = the opposing hero (two-player default)."""
    card: CardRef | None = None
    pitching: tuple[CardRef, ...] = ()
    targets: tuple[Target, ...] = ()
    modes: tuple[str, ...] = ()
    details: tuple[Detail, ...] = ()     # a game's own details (gm_<key>)


@dataclass(frozen=True, slots=True)
class Defend(Action):
    """``Bob defends with "A", "B"``; ``Bob does not defend`` gives ``cards == ()``."""
    cards: tuple[CardRef, ...] = ()


@dataclass(frozen=True, slots=True)
class Pitch(Action):
    """``Alice pitches "Sigil"`` (outside paying for a card, e.g. to gain resources first)."""
    cards: tuple[CardRef, ...] = ()


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """``Alice passes``: the player passes priority."""


@dataclass(frozen=True, slots=True)
class UseOptional(Action):
    """``Bob uses arcane barrier of "Nullrune Hood" paying 2``; ``declines`` gives use=False.

    ``effect`` is the effect's name as written, lower case (``"arcane barrier"``);
    ``amount`` is the stated payment or number (``paying 2``), else None.
    """
    effect: str = ""
    card: CardRef | None = None
    use: bool = True
    amount: int | None = None
    pitching: tuple[CardRef, ...] = ()
    targets: tuple[Target, ...] = ()


@dataclass(frozen=True, slots=True)
class OrderTriggers(Action):
    """``Alice orders triggers "A", "B"``: the listed triggered effects **resolve** in this
    order (first listed resolves first)."""
    order: tuple[CardRef, ...] = ()


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """``Alice chooses "Deal 2 damage" targeting Bob``: a choice asked during resolution."""
    choice: str = ""
    targets: tuple[Target, ...] = ()


@dataclass(frozen=True, slots=True)
class TargetTrigger(Action):
    """``Alice targets Bob with "Wounding Blow"``: the targets of the next triggered effect of
    that card that Alice controls, chosen when it is added to the chain (FaB 16.2, 19.1.1)."""
    card: CardRef | None = None
    targets: tuple[Target, ...] = ()


@dataclass(frozen=True, slots=True)
class GameAction(Action):
    """An action a game's grammar extension adds (``Bob protects with "Ally"``, ``Bob discards
    "Sink"``): ``verb`` (the alias after ``g_``), the cards and targets named, other words and
    numbers in order, and the modifiers written after it."""
    verb: str = ""
    cards: tuple[CardRef, ...] = ()
    targets: tuple[Target, ...] = ()
    words: tuple[str, ...] = ()
    numbers: tuple[int, ...] = ()
    pitching: tuple[CardRef, ...] = ()
    modes: tuple[str, ...] = ()
    from_zone: str | None = None
    amount: int | None = None


@dataclass(frozen=True, slots=True)
class Find(Action):
    """``Alice finds "Zap"`` / ``Alice fails to find``: the result of a search effect that is
    waiting to resolve (FaB 24); ``card`` is None when the player fails to find."""
    card: CardRef | None = None


# --- expectations --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Expectation:
    """Base of ``expect`` lines. ``text`` is the source line (without comment)."""
    pos: Pos
    text: str


@dataclass(frozen=True, slots=True)
class ExpectPlayerValue(Expectation):
    """``expect Bob life 18`` / ``action points 1`` / ``resource points 0`` / ``intellect 4``
    or any other player value (``stat`` normalised: ``life``, ``action points``,
    ``resource points``, ``intellect``, else as written in lower case)."""
    player: str = ""
    stat: str = ""
    value: int = 0


@dataclass(frozen=True, slots=True)
class ExpectZone(Expectation):
    """``expect Bob hand "A", "B"`` (exactly these, in any order; ``empty`` for none) or
    ``expect Bob deck count 3`` (``count`` set, ``cards`` empty)."""
    player: str = ""
    zone: str = ""
    cards: tuple[CardRef, ...] = ()
    count: int | None = None


@dataclass(frozen=True, slots=True)
class ExpectInZone(Expectation):
    """``expect "Zap" in Alice's graveyard`` / ``expect "Zap" not in Alice's hand``."""
    card: CardRef | None = None
    player: str = ""
    zone: str = ""
    negated: bool = False


@dataclass(frozen=True, slots=True)
class ExpectCardValue(Expectation):
    """``expect "Snatch" power 5`` / ``defense 3`` / any ``key value`` of a card."""
    card: CardRef | None = None
    stat: str = ""
    value: int | str = 0


@dataclass(frozen=True, slots=True)
class ExpectCounters(Expectation):
    """``expect "Hood" has 2 energy counters``."""
    card: CardRef | None = None
    kind: str = ""
    count: int = 0


@dataclass(frozen=True, slots=True)
class ExpectHit(Expectation):
    """``expect hit`` / ``expect no hit`` (the last attack) or ``expect "Snatch" hits`` /
    ``expect "Snatch" does not hit``."""
    card: CardRef | None = None
    hit: bool = True


@dataclass(frozen=True, slots=True)
class ExpectOutcome(Expectation):
    """``expect Alice wins`` (kind ``win``), ``expect draw`` (``draw``), ``expect no winner``
    (``none``: the game goes on)."""
    kind: str = "win"
    player: str | None = None


@dataclass(frozen=True, slots=True)
class ExpectAllowed(Expectation):
    """``expect Alice plays "Zap" is not allowed``: the engine tries the action, which must be
    rejected (allowed=False) or accepted (``is allowed``). A rejected action changes nothing."""
    action: Action | None = None
    allowed: bool = False


@dataclass(frozen=True, slots=True)
class ExpectGame(Expectation):
    """An expectation a game's grammar extension adds (``expect "Ally" is exhausted``):
    ``subject`` (the alias after ``gx_``), the player, cards, words and numbers named."""
    subject: str = ""
    player: str | None = None
    cards: tuple[CardRef, ...] = ()
    words: tuple[str, ...] = ()
    numbers: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class ExpectCites(Expectation):
    """``expect cites "20.7.2a"`` or ``expect cites "Arcane Barrier"``: the trace so far cites
    that rule of the scenario's document (a number, or a glossary term: the lookup resolves it).
    ``citation`` is the full citation when the parser could resolve it (``"fab-1.4 20.7.2a"``),
    else the text as written. ``negated`` for ``expect does not cite``."""
    reference: str = ""
    citation: str = ""
    negated: bool = False


@dataclass(frozen=True, slots=True)
class Settle:
    """``settle``: the game runs on with every player passing until nothing waits; the
    expectations after it see the result (an ``expect`` sees the game as it stands where it is
    written)."""
    pos: Pos
    text: str = "settle"


Step = Action | Expectation | Settle


# --- whole scenario ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Branch:
    """``branch "Bob blocks"`` ... : an alternative continuation of the main line."""
    label: str
    steps: tuple[Step, ...]
    pos: Pos


@dataclass(frozen=True, slots=True)
class Scenario:
    title: str
    document: str            # document id, e.g. "fab-1.4"
    game: str                # game id of that document, e.g. "fab"
    cards: tuple[CardDef, ...]
    players: tuple[Player, ...]
    policies: tuple[Policy, ...]
    steps: tuple[Step, ...]
    branches: tuple[Branch, ...]
    pos: Pos
    path: str = "<scenario>"
    source: str = ""
    phase: str | None = None  # ``phase action``: where the scenario starts (None = not stated)

    def card(self, name: str) -> CardDef | None:
        for card in self.cards:
            if card.name == name:
                return card
        return None

    def player(self, name: str) -> Player | None:
        for player in self.players:
            if player.name == name:
                return player
        return None

    @property
    def turn_player(self) -> Player | None:
        for player in self.players:
            if player.turn_player:
                return player
        return None

    def policy(self, key: str) -> str:
        """The stated policy value, else the documented default."""
        for policy in self.policies:
            if policy.key == key:
                return policy.value
        return policies(self.game)[key][0]

    def policy_stated(self, key: str) -> bool:
        return any(policy.key == key for policy in self.policies)

    def line_text(self, line: int) -> str:
        lines = self.source.splitlines()
        return lines[line - 1] if 0 < line <= len(lines) else ""
