"""Descriptions in card text (:class:`judge.cards.model.Target`) matched against the game: which
players and cards "each opposing hero and ally", "target Melee weapon you control", "attached
ally" or "that ally" are, from the point of view of a :class:`Scope` (who "you" is, what the
source is, what "it" and "that" refer to).

A description's words are the card model's: ``kinds`` (card types, "character", "resource",
"weapon" ..., or a tag), ``qualities`` (tags, "other", "non-token", "attacking", a damage-type
icon "[Fire]", a name after "named"), ``controller`` ("you" = friendly, "opponent" = opposing,
202.x, glossary), ``filters`` (comparisons: "with cost 3 or less") and ``zone``. A word this
module does not know makes the description :class:`Unknown` (the caller names it as not
modelled), never a guess.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Iterable

from judge.cards import model as M
from judge.engine.state import GameObject, State
from judge.games.wow import model as W


class Unknown(Exception):
    """A description (or a word of one) the module cannot match: ``what`` says which;
    ``procedure``: the procedure whose rule governs it, when one does (cited where it is
    named)."""

    def __init__(self, what: str, procedure: str = "") -> None:
        super().__init__(what)
        self.what = what
        self.procedure = procedure


@dataclass(frozen=True)
class Scope:
    """Whose point of view a description is read from. ``you``: the controller of the link,
    modifier or power (glossary: You); ``source``: the card the text is on (200.1 "this");
    ``it``: what "it", "that ally", "her" refer to (712.3a: the last thing explicitly
    mentioned); ``event``: the triggering event's players and cards (``subject``, ``object``);
    ``chosen``: numbers chosen as the link was added (X, 707.1b)."""
    you: str
    source: int | None = None
    it: tuple[Any, ...] = ()
    event: dict[str, Any] = field(default_factory=dict)
    chosen: dict[str, Any] = field(default_factory=dict)
    link: int | None = None
    they: str | None = None      # the player "his", "their" refer to (the one who acts)

    def with_it(self, *things: Any) -> "Scope":
        return replace(self, it=tuple(things))


_CHARACTER = frozenset({"hero", "ally", "totem"})
# nouns that name a card type, a part of one, or a zone-bound kind of card
_KIND_WORDS = frozenset({"hero", "ally", "ability", "equipment", "weapon", "armor", "item",
                         "quest", "location", "totem", "card", "character", "resource",
                         "token", "attachment", "golem", "permanent", "effect", "link",
                         "minion"})
_PLURALS = {"heroes": "hero", "allies": "ally", "abilities": "ability", "weapons": "weapon",
            "armors": "armor", "items": "item", "cards": "card", "characters": "character",
            "resources": "resource", "tokens": "token", "totems": "totem", "pets": "pet",
            "quests": "quest", "attackers": "attacker", "defenders": "defender"}
# qualities that are states of a card in play
_STATES = frozenset({"attacking", "defending", "protecting", "exhausted", "ready", "damaged",
                     "undamaged", "attached", "other", "another", "non-token", "token",
                     "friendly", "opposing", "face-down", "face down", "face-up", "face up",
                     "unique", "named", "in combat", "non-hero", "non-ally", "second",
                     "each", "all", "additional"})


def word(w: str) -> str:
    return _PLURALS.get(w.lower(), w.lower())


def controller_of(state: State, x: Any) -> str | None:
    if isinstance(x, str):
        return x
    o = state.objects.get(x)
    if o is None:
        return None
    then = V.was(state, x)
    if then is not None and then[1] is not None:
        return then[1]                   # as it was as it left play
    if W.in_play(o) or o.zone == W.CHAIN:
        return o.controller
    return o.owner


def relation_ok(state: State, relation: str, player: str | None, you: str,
                they: str | None = None) -> bool:
    """A controller relation of the card model: "you" (friendly to you), "opponent"
    (opposing), "any" / "" (anyone), "they" (the player the text named before)."""
    if player is None:
        return relation in ("", "any")
    if relation == "they" and they is not None:
        return player == they
    if relation in ("", "any", "they", "it"):
        return True
    if relation == "you":
        return player == you
    if relation == "opponent":
        return not W.friendly(state, player, you)
    return True


def alternatives(desc: M.Target) -> list[M.Target]:
    """"hero or ally", "heroes and/or allies": each alternative with the words the whole
    phrase shares (its controller, zone, qualities before the first noun)."""
    alts = [desc] + list(desc.alternatives)
    if len(alts) == 1:
        return alts
    kept = _ALTERNATIVES.get(id(desc))
    if kept is not None and kept[0] is desc:
        return list(kept[1])
    controller = desc.controller or next((a.controller for a in desc.alternatives
                                          if a.controller), "")
    out = []
    for a in alts:
        kinds = a.kinds
        base = replace(a, alternatives=(), controller=a.controller or controller,
                       name=a.name or desc.name,
                       zone=a.zone or desc.zone,
                       qualities=tuple(dict.fromkeys(a.qualities + (desc.qualities
                                                                    if a is not desc else ()))),
                       targeted=desc.targeted)
        out.append(replace(base, kinds=kinds))
    if len(_ALTERNATIVES) >= 1024:
        _ALTERNATIVES.clear()
    _ALTERNATIVES[id(desc)] = (desc, tuple(out))
    return out


# id of a description -> (that description, its alternatives): a description (a frozen value)
# is matched against every card each time its power is read; kept with the description itself,
# so that its id cannot be another's while it is here
_ALTERNATIVES: dict[int, tuple[M.Target, tuple[M.Target, ...]]] = {}


def is_player_desc(desc: M.Target) -> bool:
    return desc.who == "player"


def matches(state: State, desc: M.Target, x: Any, scope: Scope, *,
            ignore_zone: bool = False) -> bool:
    """Whether player or card ``x`` is something ``desc`` describes, read from ``scope``."""
    if desc.ref in ("this",) and desc.who != "player":
        return x == scope.source
    if desc.all_of and desc.targeted and desc.alternatives:
        # "target ally and target hero": a target of each description, which one target slot
        # of either kind would not be - named, never matched as "or"
        raise Unknown(f"{desc.text!r}: a target of each of the descriptions joined by 'and'")
    raid = raid_words(desc)
    if raid:
        raise Unknown(f"{desc.text!r}: raids ({raid[0]!r}: the World of Warcraft Raid Rules, "
                      "which CR 7.4 points to but does not contain)")
    if desc.ref in ("it", "that", "they") and scope.it:
        return x in scope.it
    if is_player_desc(desc):
        if not isinstance(x, str):
            return False
        return _player_matches(state, desc, x, scope)
    if isinstance(x, str):
        return False
    o = state.objects.get(x)
    if o is None:
        return False
    if not ignore_zone and not _zone_ok(state, desc, o, scope):
        return False
    return any(_one_matches(state, a, o, scope, V) for a in alternatives(desc))


# words of the World of Warcraft Raid Rules, which CR 7.4 only points to (a raid deck, its Boss,
# the raiders and what is raiding): a description that uses them is not matched on a guess
RAID_WORDS = frozenset({"raid", "raids", "raiding", "raider", "raiders", "boss"})


def raid_words(desc: M.Target) -> list[str]:
    """The Raid Rules' words a description uses ("target raiding hero or ally", "a raider",
    "the Boss")."""
    out = []
    for d in (desc,) + tuple(desc.alternatives):
        out += [w for w in tuple(d.kinds) + tuple(d.qualities) if w.lower() in RAID_WORDS]
    return out


def _player_matches(state: State, desc: M.Target, player: str, scope: Scope) -> bool:
    head = desc.kinds[-1] if desc.kinds else "player"
    if head == "opponent" or desc.controller == "opponent":
        return not W.friendly(state, player, scope.you)
    if head == "you" or desc.ref == "you":
        return player == scope.you
    if desc.controller == "you" or "friendly" in [q.lower() for q in desc.qualities]:
        return W.friendly(state, player, scope.you)
    return True


def zone_owners(state: State, zone: M.Zone, scope: Scope) -> set[str] | None:
    """The players whose instance of a zone (or whose party) a description means: "your
    graveyard", "an opposing graveyard", "its controller's hand", "that ally's party" (None:
    anyone's)."""
    owner = zone.owner
    if owner in ("", "any"):
        return None
    if owner == "you":
        return {p for p in state.players if W.friendly(state, p, scope.you)}
    if owner in ("opponent", "opposing"):
        return {p for p in state.players if not W.friendly(state, p, scope.you)}
    if owner in ("that", "it", "controller", "owner", "they"):
        t = zone.owner_target
        refs = list(scope.it)
        if t is not None and t.ref in ("this",) and scope.source is not None:
            refs = [scope.source]
        out = set()
        for x in refs:
            if isinstance(x, str):
                out.add(x)
            elif x in state.objects:
                ob = state.objects[x]
                out.add(ob.owner if owner == "owner" else (controller_of(state, x) or ob.owner))
        if owner == "they" and scope.they is not None:
            return {scope.they}
        return out or None
    return None


def _zone_ok(state: State, desc: M.Target, o: GameObject, scope: Scope) -> bool:
    zone = desc.zone
    if zone is None or zone.name == "play":
        if zone is not None:
            owners = zone_owners(state, zone, scope)
            if owners is not None and controller_of(state, o.id) not in owners:
                return False
        if {"resource", "quest", "location"} & {word(k) for k in desc.kinds}:
            # 306.1: a quest or location is in play only as a resource ("Inspire: Quest")
            return W.is_resource(o)
        return W.in_play(o) and not W.is_resource(o)
    if zone.name == "chain":
        return o.zone == W.CHAIN
    if o.zone[1] != {"removed": W.REMOVED}.get(zone.name, zone.name):
        return False
    owners = zone_owners(state, zone, scope)
    return owners is None or o.owner in owners


def _one_matches(state: State, desc: M.Target, o: GameObject, scope: Scope, V) -> bool:
    kinds = V.kinds(state, o.id)
    ctl = controller_of(state, o.id)
    friendly = "friendly" in [q.lower() for q in desc.qualities]
    if friendly:
        if ctl is None or not W.friendly(state, ctl, scope.you):
            return False
    elif not relation_ok(state, desc.controller, ctl, scope.you, scope.they):
        return False
    if desc.name and o.name.lower() != desc.name.lower() and \
            not V.has_tag(state, o.id, desc.name.lower()):
        return False          # "a Wisp you control": by name; "a Night Elf": by its race tag
    for k in desc.kinds:
        k = word(k)
        if k in ("card", "permanent"):
            continue
        if k == "character":
            if not (kinds & _CHARACTER):
                return False
        elif k == "resource":
            if not W.is_resource(o):
                return False
        elif k == "token":
            if not o.token:
                return False
        elif k == "attachment":
            if W.host_of(state, o.id) is None:
                return False
        elif k in ("opponent", "player"):
            return False
        elif k == "attacker":
            # glossary Attacker / Defender: a combat role, not a tag; a card removed from
            # combat (602.4) or only proposed (602.1) is not one
            if not K.attacking(state, o.id):
                return False
        elif k == "defender":
            if not K.defending(state, o.id):
                return False
        elif not V.has_tag(state, o.id, k):
            return False
    named = False
    for q in desc.qualities:
        low = q.lower()
        if named:
            if o.name.lower() != low:
                return False
            named = False
            continue
        if low == "named":
            named = True
            continue
        if not _quality(state, low, q, o, scope, V):
            return False
    for f in desc.filters:
        if not _filter(state, f, o, scope):
            return False
    if desc.excluding is not None and matches(state, desc.excluding, o.id, scope):
        return False
    return True


def is_random(desc: M.Target | None) -> bool:
    """"a random opposing hero or ally", "target random ally you control" (706.5): which of
    the cards described is chosen at random, not by a player."""
    return desc is not None and "random" in [q.lower() for q in desc.qualities]


def _quality(state: State, low: str, printed: str, o: GameObject, scope: Scope, V) -> bool:
    if low == "random":
        return True                     # 706.5: the random pick is made among these
    if low in ("other", "another", "second", "additional"):
        return o.id != scope.source and o.id not in [t for t in scope.it
                                                    if low in ("another", "second")]
    if low == "non-token":
        return not o.token
    if low == "token":
        return o.token
    if low in ("friendly",):
        return W.friendly(state, controller_of(state, o.id) or "", scope.you)
    if low in ("opposing",):
        return not W.friendly(state, controller_of(state, o.id) or "", scope.you)
    if low == "attacking":
        return K.attacking(state, o.id)
    if low == "defending":
        return K.defending(state, o.id)
    if low == "protecting":
        return K.protecting(state, o.id)
    if low == "in combat":
        return K.in_combat(state, o.id)
    if low == "exhausted":
        return W.exhausted(state, o.id)
    if low == "ready":
        return not W.exhausted(state, o.id)
    if low == "damaged":
        return V.damage_now(state, o.id) > 0
    if low == "undamaged":
        return V.damage_now(state, o.id) <= 0
    if low == "attached":
        if scope.source is None:
            return False
        host = W.host_of(state, scope.source)
        if host is None and not W.in_play(state.objects[scope.source]):
            host = W.last_host(state, scope.source)        # 709.2d: last known information
        return host == o.id
    if low in ("face-down", "face down"):
        return not o.face_up
    if low in ("face-up", "face up"):
        return o.face_up
    if low == "unique":
        return V.has_tag(state, o.id, "unique")
    if low.startswith("non-"):
        return not V.has_tag(state, o.id, low[4:])
    if low.startswith("[") and low.endswith("]"):
        return low[1:-1] in V.damage_types(state, o.id)      # 205.1b
    if low in W.DAMAGE_TYPES:
        return low in V.damage_types(state, o.id) or V.has_tag(state, o.id, low)
    if V.has_tag(state, o.id, low) or o.name.lower() == low:
        return True
    if low in RARITIES:
        # a printed rarity: the scenario language gives a card none, so "no card is rare"
        # would be a guess
        raise Unknown(f"the rarity {printed!r} of {o.name}: a scenario states no rarity")
    return False


RARITIES = ("common", "uncommon", "rare", "epic", "legendary")


def removed_by_you(f: M.Condition) -> bool:
    """"a card you removed" (Forbidden Knowledge): the filter "that you removed" of a
    description - cards the card's own text removed from the game."""
    ev = f.event
    return f.test == "event" and ev is not None and ev.verb == "remove" and not ev.rest and \
        not f.negated and ev.within is None and ev.subject is not None and \
        ev.subject.ref == "you" and (ev.object is None or ev.object.ref == "it")


def _filter(state: State, f: M.Condition, o: GameObject, scope: Scope) -> bool:
    if f.test == "event" and f.event is not None and f.event.this_way:
        return _done_this_way(state, f.event, o, scope)
    if f.test == "event" and f.event is not None and f.event.verb == "be played" and \
            f.event.subject is None and f.event.object is None and not f.event.rest and \
            f.event.within is None and not f.negated and f.event.by is not None:
        # "an ability card played by its controller" (Shield Bash): a card on the chain that
        # player played (a card link, not a resource being placed)
        return o.zone == W.CHAIN and any(
            l.source == o.id and l.kind == "card" and l.controller in _players_of(
                state, f.event.by, scope) for l in state.chain)
    if removed_by_you(f):
        # removed from the game by the text of the card that says so, under "your" control,
        # and still that card there (a card other text removed is not "a card you removed")
        return o.zone[1] == W.REMOVED and (scope.you, scope.source, o.id, o.incarnation) in \
            W.records(state, "removed by")
    if f.test == "compare" and f.comparison is not None:
        c = f.comparison
        left = A.quantity(state, c.left, scope.with_it(o.id))
        right = A.amount(state, c.right, scope)
        return compare(left, c.op, right)
    if f.test == "could target":
        # 706.6: whether it could legally choose that as a target were it added to the chain
        raise Unknown(f"the condition {f.text!r}: whether a card could legally choose that "
                      "target were it added to the chain (706.6)", "target.could")
    raise Unknown(f"the condition {f.text!r}")


def _players_of(state: State, who: M.Target, scope: Scope) -> set[str]:
    """The players "you", "its controller" (of what "it" is) name."""
    if who.ref == "you":
        return {scope.you}
    if who.who == "player" and who.controller == "it" and who.kinds[-1:] == ("controller",) \
            and scope.it:
        return {p for p in (controller_of(state, x) for x in scope.it) if p is not None}
    raise Unknown(f"who {who.text!r} is")


def _done_this_way(state: State, event: M.Event, o: GameObject, scope: Scope) -> bool:
    """Glossary "This Way": done by the text the description is in (the link resolving,
    ``scope.link``), not by any other card."""
    if event.verb in ("be dealt damage", "be dealt"):
        return any(r[2] == o.id and r[7] == scope.link and scope.link is not None
                   for r in W.records(state, "damage dealt"))
    raise Unknown(f"the description {event.text!r}")


def compare(left: int | None, op: str, right: int | None) -> bool:
    if left is None or right is None:
        return False                      # 712.8: no comparison can be made
    return {"<": left < right, "<=": left <= right, "==": left == right,
            "!=": left != right, ">=": left >= right, ">": left > right}.get(op, False)


def candidates(state: State, desc: M.Target, scope: Scope) -> list[Any]:
    """Every player or card ``desc`` describes, in seat order (players) and zone order."""
    if desc.ref == "this" and not is_player_desc(desc):
        return [scope.source] if scope.source is not None else []
    if desc.ref in ("it", "that", "they") and scope.it:
        return [x for x in scope.it if not isinstance(x, str) or is_player_desc(desc)]
    if desc.ref == "you" or (is_player_desc(desc) and desc.kinds and desc.kinds[-1] == "you"):
        return [scope.you]
    if is_player_desc(desc):
        return [p for p in W.seat_order(state) if _player_matches(state, desc, p, scope)]
    pool: Iterable[GameObject]
    zone = desc.zone
    if zone is not None and zone.name not in ("play",):
        name = {"removed": W.REMOVED}.get(zone.name, zone.name)
        if zone.name == "chain":
            pool = state.in_zone(W.CHAIN)
        else:
            pool = [o for p in W.seat_order(state) for o in state.in_zone((p, name))]
    else:
        pool = W.all_in_play(state)
    return [o.id for o in pool if matches(state, desc, o.id, scope)]


def names(state: State, things: Iterable[Any]) -> str:
    out = []
    for t in things:
        if isinstance(t, str):
            out.append(t)
        elif t in state.objects:
            out.append(state.objects[t].name)
    return ", ".join(out) or "nothing"


# these modules import this one at their top: bound here, once this module is complete (the
# matching functions above run for every card in every description read; an import statement
# in each would run the import machinery every call)
from judge.games.wow import amounts as A  # noqa: E402
from judge.games.wow import combat as K  # noqa: E402
from judge.games.wow import values as V  # noqa: E402
