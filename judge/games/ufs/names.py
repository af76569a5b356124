"""Names the UFS rules module keeps in the game state: zones (D), the game's own globals (turn,
phase, step, the attack in its sequence, the attack stack ...) and the per-incarnation card
marks, with the small readers every other module of the package uses."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge.engine.state import GameObject, Operation, State

# D: every player's zones; the transit zone (D.2.5) holds a card while it is being played
HAND, DECK, DISCARD, POOL, STAGING, MOMENTUM, REMOVED, TRANSIT = (
    "hand", "deck", "discard", "card pool", "staging area", "momentum", "removed", "transit")
ZONES = (HAND, DECK, DISCARD, POOL, STAGING, MOMENTUM, REMOVED, TRANSIT)
PUBLIC = frozenset({POOL, STAGING, DISCARD, REMOVED, TRANSIT})   # D.2 (transit: while played)

# player values
VITALITY, MAX_VITALITY, HAND_SIZE = "vitality", "maximum vitality", "hand size"

# globals
TURN, ACTIVE, PHASE, STEP = "turn", "turn player", "phase", "step"
ATTACK, ATTACKER, STACK = "attack", "attacker", "attack stack"
HOLDER, PASSES = "enhance priority", "enhance passes"
BLOCK, STATUS, DROPPED = "block", "block status", "dropped"
CHECKS, LAST_CHECK = "checks", "last check"
USES = "ability uses"                   # (card, incarnation, ability key, scope) -> count
FORMS = "forms attempted"               # players who attempted a form this Combat Phase
CARD_FORM = "card forms attempted"      # players who attempted a card from hand as a form
MUST_FORM = "must play a form"          # F.2.2.3 (second): players who must this turn
FIRST_TURN = "first turn"               # players for whom this is the game's first turn
DAMAGED = "damage this turn"            # attacks (ids) that dealt damage this turn
ENHANCE_NO = "enhance step"             # count of enhance steps, for once-per-step keys
NEXT = "next effects"                   # K.3.9 "your next attack / check / card" effects
DECK_UNSTATED = "deck not stated"       # players whose deck the scenario does not state
REVERSALS = "reversals"                 # I.3.10.2.2 (player, attack id) pairs attempted

# card marks (flags: per incarnation, cleared when the card changes zones)
COMMITTED = "committed"
PLAYED = "played this turn"
AS_BLOCK = "played as a block"
DEALT = "an attack that dealt damage"
NOT_COUNTED = "does not count towards progressive difficulty"
FROZEN = "frozen"
SEALED = "sealed"
REVERSAL = "played as a reversal"
COPY = "a multiple copy of #"

UNNAMED = "(unnamed card)"

PHASES = ("ready", "combat", "end")


@dataclass(frozen=True, slots=True)
class Note(Operation):
    """A game global of the UFS module changes (bookkeeping: kept in the log so that a replay
    gives the same game, never shown in the trace's words)."""
    key: str
    value: Any
    shown = False

    def apply(self, state: State) -> None:
        state.globals[self.key] = self.value

    def describe(self, state: State) -> str:
        return f"{self.key}: {self.value}"


def note(st: State, key: str, value: Any) -> None:
    if st.globals.get(key) != value:
        st.apply(Note(key, value))


def g(st: State, key: str, default: Any = None) -> Any:
    return st.globals.get(key, default)


def active(st: State) -> str:
    return st.globals[ACTIVE]


def other(st: State, player: str) -> str:
    return next(n for n in st.players if n != player)


def players_in_turn_order(st: State) -> list[str]:
    """The active player, then the inactive player (J.3.2.1.2, H.2.3.2.4.1)."""
    a = active(st)
    return [a] + [n for n in st.players if n != a]


def copy_of(o: GameObject) -> int | None:
    """The attack a multiple copy copies (I.3.8.2), or None."""
    for f in o.flags:
        if f.startswith(COPY):
            return int(f[len(COPY):])
    return None


def kinds(o: GameObject) -> frozenset[str]:
    """The card's type words; a face-down card in the staging area is a foundation (D.2.2.2);
    a multiple copy is an attack (I.3.8.2: it copies the printed values of the attack)."""
    if copy_of(o) is not None:
        return frozenset({"attack"})
    if not o.face_up and o.zone[1] == STAGING:
        return frozenset({"foundation"})
    return o.kinds


def keywords(st: State, o: GameObject) -> dict:
    """The card's keywords now (printed and granted); a face-down card has none (C.3.3.1), nor
    does a multiple copy of its own (I.3.8.2)."""
    if not o.face_up and copy_of(o) is None:
        return {}
    return st.keywords(o.id)


def is_type(o: GameObject, kind: str) -> bool:
    return kind in kinds(o)


def card_type(o: GameObject) -> str:
    for t in ("character", "attack", "action", "asset", "foundation"):
        if is_type(o, t):
            return t
    return "card"


def character(st: State, player: str) -> GameObject | None:
    hero = st.players[player].hero
    return st.objects[hero] if hero is not None else None


def committed(o: GameObject) -> bool:
    return COMMITTED in o.flags


def in_zone(st: State, player: str, zone: str) -> list[GameObject]:
    return st.in_zone((player, zone))


def attack(st: State) -> GameObject | None:
    oid = st.globals.get(ATTACK)
    return st.objects[oid] if oid is not None else None


def desperate(st: State, player: str) -> bool:
    """K.3.18: vitality less than half of the starting character's maximum vitality."""
    p = st.players[player].values
    v, top = p.get(VITALITY), p.get(MAX_VITALITY)
    return isinstance(v, int) and isinstance(top, int) and 2 * v < top


def deadlocked(st: State, player: str) -> bool:
    """K.3.19: more than 10 foundations in the staging area."""
    return sum(1 for o in in_zone(st, player, STAGING) if is_type(o, "foundation")) > 10


def names(objs) -> str:
    return ", ".join(o.name for o in objs) or "nothing"
