"""The Ashes play area (ashes-raven-1.1 3.1.1), dice (2.0.0) and tokens, as the module keeps
them.

Each player has the zones of 3.1.1 (draw pile ``deck``, ``discard``, ``conjuration pile``,
``battlefield``, ``spellboard``, the ``active pool`` and ``exhausted pool`` of dice) plus their
``hand``, their ``phoenixborn``, ``removed`` (cards set aside, 5.1.0 step 7), ``attached``
(alteration spells attached to a unit they control, 4.1.1) and ``dice on cards`` (dice a dice
power placed on a unit, 2.2.0). A card being removed from play waits in the shared zone
``leaving play`` between the steps of 5.1.0.

Dice are objects of kind ``die`` and their type (``natural`` ...) whose value ``face`` is
``power``, ``class`` or ``basic`` (None: not known, an exhausted die). Tokens are counters named
``wound``, ``exhaustion`` and ``status``.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.state import GameObject, Operation, SetGlobal, State

PLAYER_ZONES = ("hand", "deck", "discard", "spellboard", "battlefield", "conjuration pile",
                "active pool", "exhausted pool", "removed", "phoenixborn", "attached",
                "dice on cards")
LEAVING = (None, "leaving play")
IN_PLAY = frozenset({"phoenixborn", "battlefield", "spellboard", "attached"})
UNIT_KINDS = frozenset({"ally", "conjuration"})

DICE_TYPES = ("ceremonial", "charm", "illusion", "natural", "divine", "sympathy", "time")
FACES = ("power", "class", "basic")
WOUND, EXHAUSTION, STATUS = "wound", "exhaustion", "status"
TOKENS = (WOUND, EXHAUSTION, STATUS)


@dataclass(frozen=True, slots=True)
class SetFace(Operation):
    """A die shows another face (rolled, changed by meditation or an effect)."""
    die: int
    face: str | None

    def apply(self, state: State) -> None:
        state.objects[self.die].base["face"] = self.face

    def describe(self, state: State) -> str:
        o = state.objects[self.die]
        return f"{o.name}: shows {self.face or 'an unknown face'}"


@dataclass(frozen=True, slots=True)
class Mark(SetGlobal):
    """A game-wide value the module keeps (the turn's actions spent, the attack in progress, the
    active player ...): in the log, shown in the trace by the step that explains it."""
    shown = False


def die_type(o: GameObject) -> str:
    return next((t for t in DICE_TYPES if t in o.kinds), "")


def die_label(o: GameObject) -> str:
    face = o.base.get("face")
    return f"{die_type(o)} {face}" if face else f"{die_type(o)} die"


def card_type(o: GameObject) -> str:
    """The card's type (4.0.0): phoenixborn, ally, conjuration, action spell, reaction spell,
    ready spell, alteration spell (conjured alterations too), die; "" when not known."""
    k = o.kinds
    if "die" in k:
        return "die"
    if "phoenixborn" in k:
        return "phoenixborn"
    if "alteration" in k:
        return "alteration spell"
    if "ally" in k:
        return "ally"
    if "conjuration" in k:
        return "conjuration"
    for word in ("action", "reaction", "ready"):
        if word in k:
            return f"{word} spell"
    return ""


def is_unit(o: GameObject) -> bool:
    return bool(o.kinds & UNIT_KINDS) and "alteration" not in o.kinds


def in_play(o: GameObject) -> bool:
    """In play: controlled by a player, on a battlefield, spellboard, as a Phoenixborn or
    attached to one of those (6.0.0 In play)."""
    return o.zone[1] in IN_PLAY


def tokens(state: State, oid: int, kind: str) -> int:
    return state.counter_count(oid, kind)


def exhausted(state: State, oid: int) -> bool:
    return tokens(state, oid, EXHAUSTION) > 0


def can_pay(face: str | None, dtype: str, need: str) -> bool:
    """Whether a die of ``dtype`` showing ``face`` may pay a magic cost symbol ``need``
    (``basic``, ``natural:class``, ``natural:power`` ...): 2.0.0 - a power face pays its
    power, class or basic; a class face its class or basic; a basic face only basic."""
    if face is None:
        return False
    if need == "basic":
        return True
    want_type, _, want_face = need.partition(":")
    if want_type != dtype:
        return False
    if want_face == "power":
        return face == "power"
    if want_face == "class":
        return face in ("power", "class")
    return False


def breadth(face: str | None) -> int:
    """How many kinds of symbol a face may pay (power 3, class 2, basic 1)."""
    return {"power": 3, "class": 2, "basic": 1}.get(face or "", 0)
