"""Conditions of triggered abilities ("When you attack with X, if <condition>, ...") about what
a player did this turn, read from the per-turn records (``fab_records``).

A condition the engine cannot evaluate is ``not modelled`` (never assumed true or false).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from judge.engine.errors import NotModelled
from judge.engine.state import State
from judge.games.fab import records as R

# "you've played a 'non-attack' action card this turn", "you have played an attack action card
# this turn", "you've played an instant this turn"
_PLAYED = re.compile(r"^you(?:'ve| have) played an? ('non-attack' )?([a-z ]+?)(?: card)? this turn$")
# "you've dealt arcane damage this turn", "you have dealt damage this turn"
_DEALT = re.compile(r"^you(?:'ve| have) dealt (?:(arcane|physical) )?damage this turn$")


@dataclass(frozen=True, slots=True)
class Answer:
    holds: bool
    why: str            # what the records show, for the trace


def normal(text: str) -> str:
    return " ".join(text.lower().replace("\u2018", "'").replace("\u2019", "'").split())


def evaluate(state: State, player: str, text: str) -> Answer:
    """Whether ``text`` holds for ``player`` (the controller of the ability) now."""
    low = normal(text)
    m = _PLAYED.match(low)
    if m is not None:
        non_attack, kinds = bool(m.group(1)), frozenset(m.group(2).split())
        found = [r for r in R.played_this_turn(state, player)
                 if kinds <= r.kinds and not (non_attack and "attack" in r.kinds)]
        what = ("'non-attack' " if non_attack else "") + f"{m.group(2)} card"
        return Answer(bool(found), f"{player} has played {_names(found)} this turn" if found
                      else f"{player} has played no {what} this turn")
    m = _DEALT.match(low)
    if m is not None:
        dtype = m.group(1)
        found = R.damage_this_turn(state, dealer=player, dtype=dtype)
        kind = f"{dtype} damage" if dtype else "damage"
        return Answer(bool(found), f"{player} has dealt {kind} this turn ("
                      + ", ".join(f"{r.amount} from {r.source_name} to {r.player}" for r in found)
                      + ")" if found else f"{player} has dealt no {kind} this turn")
    raise NotModelled(f"the condition {text!r}")


def _names(found: list) -> str:
    return ", ".join(r.name for r in found)
