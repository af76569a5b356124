"""The WoW game state on the engine core: zones and rows (415), what the module keeps about an
object (damage on it, exhausted or ready, its host, its controller), the operations that change
those, and the records a game keeps for rules that look back ("this turn", "since the start of
its controller's most recent turn").

Zones: each player has ``hand``, ``deck``, ``graveyard``, ``removed`` (RFG) and two parts of
the shared play zone (415.8a), kept per controller so that a party reads as a zone: ``in play``
(the hero row, the ally row and attachments) and ``resources`` (the resource row). The chain is
shared. A card changing controllers moves between parties without changing zones (401.3,
415.9a): :class:`ChangeController` keeps its identity; :class:`MoveCard` is a zone change and
makes it a different card (its damage, counters, attachments and exhausted state go, 415.9a).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from judge.engine.state import GameObject, MoveObject, Operation, SetGlobal, State, ZoneKey

DOC = "wow-7.4"

HAND, DECK, GRAVEYARD, REMOVED = "hand", "deck", "graveyard", "removed"
IN_PLAY, RESOURCES = "in play", "resources"
PLAYER_ZONES = (HAND, DECK, GRAVEYARD, REMOVED, IN_PLAY, RESOURCES)
PLAY_ZONES = (IN_PLAY, RESOURCES)
CHAIN = (None, "chain")

EXHAUSTED = "exhausted"
DAMAGE = "damage"

# 205.1: the eight damage types; magical and physical (glossary)
DAMAGE_TYPES = ("arcane", "fire", "frost", "holy", "melee", "nature", "ranged", "shadow")
MAGICAL = frozenset({"arcane", "fire", "frost", "holy", "nature", "shadow"})
PHYSICAL = frozenset({"melee", "ranged"})

# 202.1a: tags of more than one word (either list): a type line's words are joined into these
MULTIWORD_TAGS = (
    "air elemental", "air totem", "black dragon", "black dragonkin", "blood elf",
    "blue dragonkin", "bronze dragonkin", "bunny egg", "carrion bird", "core hound",
    "crashin' thrashin' racer", "crypt lord", "dread pirate", "earth elemental", "earth totem",
    "fel orc", "fire elemental", "fire totem", "flame cat", "frozen elemental",
    "green dragonkin", "high elf", "night elf", "pit lord", "polar bear", "red dragonkin",
    "shadow hunter", "spectral tiger", "spore bat", "spring rabbit", "timber wolf",
    "twilight dragonkin", "two-headed ogre", "water elemental", "water totem", "wind serpent",
    "crawling claw", "crypt fiend", "death knight", "defias thug", "egg hoarder", "elder sage",
    "faceless one", "fishing pole", "flight master", "floating eye", "frost wurm",
    "fungal behemoth", "ghost cow", "gryphon rider", "high chieftain", "high thane",
    "keeper of the grove", "merciless one", "repair bot", "sea giant", "sea witch",
    "seedling pod", "shadow silhouette", "sky captain", "sword dancer", "trade prince",
    "void seeker", "void wurm", "warp stalker", "wind rider", "wyrmmrest vanquisher",
)
# 202.1a first list: these may also be referred to by their last word
LAST_WORD_TAGS = frozenset(MULTIWORD_TAGS[:36])
_MULTIWORD = frozenset(MULTIWORD_TAGS)     # looked up three times per word of a type line

CARD_TYPES = ("ability", "ally", "equipment", "hero", "location", "quest")


def tags_of(words: Iterable[str]) -> tuple[frozenset[str], tuple[tuple[str, int], ...]]:
    """The tags of a type line's words (lower case) and its uniqueness limits (414.3b): "Fire
    Totem (1)" is the tag "fire totem" (and "totem", 202.1a) with limit 1; "Unique" is the
    unique tag (414.3a), "2H" two-handed, "1H" one-handed."""
    words = [w.lower().strip(",") for w in words if w.strip(",")]
    out: set[str] = set()
    limits: list[tuple[str, int]] = []
    i = 0
    while i < len(words):
        w = words[i]
        joined = None
        for n in (4, 3, 2):
            phrase = " ".join(words[i:i + n])
            if phrase in _MULTIWORD:
                joined = phrase
                break
        tag = joined or w
        i += len(tag.split())
        if tag.startswith("(") and tag.endswith(")"):
            number = tag[1:-1].strip()
            if number.isdigit() and out:
                limits.append((last, int(number)))
                continue
            tag = number                  # "(2H)": a word written in parentheses
        out.add(tag)
        if joined in LAST_WORD_TAGS:
            out.add(joined.split()[-1])
        last = tag
    return frozenset(out), tuple(limits)


# --------------------------------------------------------------------------- operations

@dataclass(frozen=True, slots=True)
class MoveCard(Operation):
    """A zone change (415.9a): the card becomes a different card. Damage and counters on it
    are removed, it is ready again (411.2: no orientation out of play), and it is controlled
    by ``controller`` in play (401.1), by no one (its owner, for bookkeeping) elsewhere."""
    obj: int
    to: ZoneKey
    position: str = "top"
    face_up: bool = True
    controller: str | None = None

    def apply(self, state: State) -> None:
        MoveObject(self.obj, self.to, self.position, self.face_up).apply(state)
        o = state.objects[self.obj]
        if DAMAGE in o.base:
            o.base = {k: v for k, v in o.base.items() if k != DAMAGE}
        o.counters.clear()
        o.controller = self.controller or o.owner

    def describe(self, state: State) -> str:
        o = state.objects[self.obj]
        owner, name = self.to
        where = f"{owner}'s {name}" if owner else name
        face = "" if self.face_up else " face down"
        return f"{o.name}: to {where}{face}"


@dataclass(frozen=True, slots=True)
class SetDamage(Operation):
    """The damage on a character becomes ``amount`` (``before`` it was)."""
    obj: int
    amount: int
    before: int = 0

    def apply(self, state: State) -> None:
        o = state.objects[self.obj]
        base = {k: v for k, v in o.base.items() if k != DAMAGE}   # never shared with a fork
        if self.amount:
            base[DAMAGE] = self.amount
        o.base = base

    def describe(self, state: State) -> str:
        return f"{state.objects[self.obj].name} damage: {self.before} -> {self.amount}"


@dataclass(frozen=True, slots=True)
class Orient(Operation):
    """A card in play exhausts (``exhausted``) or readies (411.1)."""
    obj: int
    exhausted: bool

    def apply(self, state: State) -> None:
        flags = state.objects[self.obj].flags
        if self.exhausted:
            flags.add(EXHAUSTED)
        else:
            flags.discard(EXHAUSTED)

    def describe(self, state: State) -> str:
        return f"{state.objects[self.obj].name} {'exhausts' if self.exhausted else 'readies'}"


@dataclass(frozen=True, slots=True)
class TurnFace(Operation):
    obj: int
    face_up: bool

    def apply(self, state: State) -> None:
        state.objects[self.obj].face_up = self.face_up

    def describe(self, state: State) -> str:
        return f"{state.objects[self.obj].name} is turned face {'up' if self.face_up else 'down'}"


@dataclass(frozen=True, slots=True)
class ChangeController(Operation):
    """Control of a card in play changes (401.3): it moves to its new controller's row but is
    the same card (415.9a); its attachments stay attached."""
    obj: int
    to: str

    def apply(self, state: State) -> None:
        o = state.objects[self.obj]
        old = o.zone
        new = (self.to, old[1])
        state.zones[old].ids.remove(o.id)
        state.zones[new].ids.insert(0, o.id)
        o.zone = new
        o.controller = self.to

    def describe(self, state: State) -> str:
        return f"{state.objects[self.obj].name}: controlled by {self.to}"


@dataclass(frozen=True, slots=True)
class SetHost(Operation):
    """Attachment ``obj`` is attached to ``host`` (None: detached) at ``time`` (718.2b)."""
    obj: int
    host: int | None
    time: int = 0

    def apply(self, state: State) -> None:
        table = dict(state.globals.get("hosts", ()))
        if self.host is None:
            table.pop(self.obj, None)
        else:
            host = state.objects[self.host]
            table[self.obj] = (self.host, host.incarnation, state.objects[self.obj].incarnation,
                               self.time)
        state.globals["hosts"] = tuple(sorted(table.items()))

    def describe(self, state: State) -> str:
        name = state.objects[self.obj].name
        if self.host is None:
            return f"{name} is no longer attached"
        return f"{name} is attached to {state.objects[self.host].name}"


@dataclass(frozen=True, slots=True)
class Retarget(Operation):
    """706.2: the link ``layer`` (its id) now targets ``slots`` (its targets per target
    description, kept as :func:`judge.games.wow.links.freeze` keeps them)."""
    layer: int
    slots: tuple

    def apply(self, state: State) -> None:
        state.chain[:] = [l.with_data(slots=self.slots) if l.id == self.layer else l
                          for l in state.chain]

    def describe(self, state: State) -> str:
        name = next((l.name for l in state.chain if l.id == self.layer), "a link")
        return f"{name}'s target is changed"


# --------------------------------------------------------------------------- reading

def still_targeted(state: State, slot: Iterable[Any]) -> list[Any]:
    """The targets of one of a link's target descriptions (as kept: a card with its
    incarnation, 709.2a) that are still the same card; players as they are."""
    now = []
    for item in slot:
        if isinstance(item, tuple):
            oid, inc = item
            o = state.objects.get(oid)
            if o is not None and o.incarnation == inc:
                now.append(oid)
        else:
            now.append(item)
    return now


def damage(state: State, oid: int) -> int:
    value = state.objects[oid].base.get(DAMAGE)
    return value if isinstance(value, int) else 0


def exhausted(state: State, oid: int) -> bool:
    return EXHAUSTED in state.objects[oid].flags


def in_play(o: GameObject) -> bool:
    return o.zone[1] in PLAY_ZONES


def is_resource(o: GameObject) -> bool:
    return o.zone[1] == RESOURCES


def host_of(state: State, oid: int) -> int | None:
    """The host of attachment ``oid`` (400.5): None when it is not attached, or when it or its
    host has become a different card since it attached (415.9a)."""
    entry = dict(state.globals.get("hosts", ())).get(oid)
    if entry is None:
        return None
    host, host_inc, own_inc, _time = entry
    o, h = state.objects.get(oid), state.objects.get(host)
    if o is None or h is None or o.incarnation != own_inc or h.incarnation != host_inc:
        return None
    return host


def last_host(state: State, oid: int) -> int | None:
    """The host attachment ``oid`` was attached to when it last was (its last known
    information, 709.2d), even if it has since left play or become a different card."""
    entry = dict(state.globals.get("hosts", ())).get(oid)
    return entry[0] if entry else None


def attached_time(state: State, oid: int) -> int | None:
    entry = dict(state.globals.get("hosts", ())).get(oid)
    return entry[3] if entry else None


def attachments(state: State, host: int) -> list[int]:
    return [a for a, _e in state.globals.get("hosts", ()) if host_of(state, a) == host]


def party(state: State, player: str) -> list[GameObject]:
    """The cards in play ``player`` controls (415.8b)."""
    return state.in_zone((player, IN_PLAY)) + state.in_zone((player, RESOURCES))


def all_in_play(state: State) -> list[GameObject]:
    """party() of each player of ``state.players`` in turn (read thousands of times per
    ruling: no list made per zone and player)."""
    card, zones = state.objects.__getitem__, state.zones
    out: list[GameObject] = []
    for p in state.players:
        out += map(card, zones[(p, IN_PLAY)].ids)
        out += map(card, zones[(p, RESOURCES)].ids)
    return out


def hero(state: State, player: str) -> int | None:
    """``player``'s hero, when it is in play."""
    h = state.players[player].hero
    if h is None:
        return None
    o = state.objects.get(h)
    return h if o is not None and in_play(o) else None


def turn_player(state: State) -> str:
    return state.globals.get("turn player", "")


def seat_order(state: State, first: str | None = None) -> list[str]:
    """Players clockwise from ``first`` (the turn player by default), 410.1, 802.1."""
    order = [p for p in state.players if not state.players[p].lost]
    first = first or turn_player(state)
    if first in order:
        i = order.index(first)
        order = order[i:] + order[:i]
    return order


def team(state: State, player: str) -> str:
    return state.globals.get("teams", {}).get(player, player) \
        if isinstance(state.globals.get("teams"), dict) else \
        dict(state.globals.get("teams", ())).get(player, player)


def friendly(state: State, a: str, b: str) -> bool:
    """Friendly players: you and, in team games, your teammates (glossary: Friendly)."""
    return a == b or team(state, a) == team(state, b)


def opponents(state: State, player: str) -> list[str]:
    return [p for p in seat_order(state) if not friendly(state, p, player)]


# --------------------------------------------------------------------------- records

@dataclass(frozen=True, slots=True)
class SetRecord(SetGlobal):
    """A game-wide record the rules look back at (logged, not shown in the trace's words)."""
    shown = False


def record(state: State, key: str, item: Any) -> None:
    """Add ``item`` to the game's record ``key`` (a tuple in the globals, logged)."""
    state.apply(SetRecord(key, tuple(state.globals.get(key, ())) + (item,)))


def set_record(state: State, key: str, value: Any) -> None:
    state.apply(SetRecord(key, value))


def records(state: State, key: str) -> tuple:
    return tuple(state.globals.get(key, ()))


def current_turn(state: State) -> int:
    return state.globals.get("turn", 1)
