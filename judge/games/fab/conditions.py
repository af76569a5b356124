"""Conditions of triggered abilities ("When you attack with X, if <condition>, ...") about what
a player did this turn, read from the per-turn records (``fab_records``).

A condition the engine cannot evaluate is ``not modelled`` (never assumed true or false).
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.cards import model as M
from judge.engine.errors import NotModelled
from judge.engine.state import State
from judge.games.fab import records as R
from judge.games.fab.reading import condition_words


@dataclass(frozen=True, slots=True)
class Answer:
    holds: bool
    why: str            # what the records show, for the trace


def _this_turn(ev: M.Event) -> bool:
    return (ev.subject is not None and ev.subject.ref == "you" and ev.within is not None
            and ev.within.kind == "this turn" and not ev.alternatives and ev.times is None)


def evaluate(state: State, player: str, cond: M.Condition) -> Answer:
    """Whether ``cond`` holds for ``player`` (the controller of the ability) now."""
    ev = cond.event if cond.test == "event" and not cond.negated else None
    if ev is not None and ev.verb == "play" and _this_turn(ev) and ev.object is not None \
            and ev.object.kinds[-1:] in (("card",), ("instant",)) and not ev.object.filters:
        # "you've played a 'non-attack' action card this turn", "... an instant this turn"
        words = [w for k in ev.object.kinds for w in k.split() if w != "card"]
        non_attack = "non-attack" in words
        kinds = frozenset(w for w in words if w != "non-attack")
        found = [r for r in R.played_this_turn(state, player)
                 if kinds <= r.kinds and not (non_attack and "attack" in r.kinds)]
        what = ("'non-attack' " if non_attack else "") + \
            " ".join(w for w in words if w != "non-attack") + " card"
        return Answer(bool(found), f"{player} has played {_names(found)} this turn" if found
                      else f"{player} has played no {what} this turn")
    if ev is not None and ev.verb == "deal damage" and _this_turn(ev) and ev.object is None:
        # "you've dealt arcane damage this turn", "you have dealt damage this turn"
        dtype = ev.damage_type or None
        found = R.damage_this_turn(state, dealer=player, dtype=dtype)
        kind = f"{dtype} damage" if dtype else "damage"
        return Answer(bool(found), f"{player} has dealt {kind} this turn ("
                      + ", ".join(f"{r.amount} from {r.source_name} to {r.player}" for r in found)
                      + ")" if found else f"{player} has dealt no {kind} this turn")
    if cond.test == "control" and cond.subject is not None and cond.subject.ref == "you" \
            and cond.object is not None and not cond.object.filters \
            and not cond.object.qualities and cond.comparison is None:
        return _control(state, player, cond.object, cond.negated)
    raise NotModelled(f"the condition {condition_words(cond)!r}")


def _control(state: State, player: str, what: M.Target, negated: bool) -> Answer:
    """"you control an aura" / "you control no auras": face-up cards and tokens in the
    player's arena zones (11.2.2) with the kinds the condition names."""
    from judge.games.fab.zones import PLAYER_ARENA
    kinds = frozenset(w for k in what.kinds for w in k.split())
    found = [o.name for z in PLAYER_ARENA if z != "hero" for o in state.in_zone((player, z))
             if o.face_up and kinds <= o.kinds]
    need = what.count.constant if what.count is not None and what.count.constant else 1
    none = negated or what.quantifier == "no"
    holds = (not found) if none else len(found) >= need
    noun = " ".join(what.kinds)
    return Answer(holds, f"{player} controls " + (", ".join(found) if found else f"no {noun}"))


def _names(found: list) -> str:
    return ", ".join(r.name for r in found)
