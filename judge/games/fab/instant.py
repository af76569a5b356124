"""Playing an action card "as though it were an instant" (FaB 15.4.1, 15.4.2).

A card whose text says "[If <condition>,] you may play this as though it were an instant" (the
card grammar's ``Play(as_="instant")`` on the card itself) can be played as any layer of a chain
or chain link (15.4.1) when the condition holds. The permission is used only where the card could
not be played as an action (15.3: a chain that is not empty; no action point to pay). The card
is still an action card (15.4.2): it is recorded as one, and v1.4 asks an action to pay 1 action
point (15.5.3d) without saying whether that holds for an action played this way - so the
ruling names the action point `not modelled` instead of paying or waiving it.

The sentence is a permission to play the card: it does nothing when the card resolves, and the
ruling says so. Conditions other than "it's (not) your turn" go to ``fab.conditions``; one it
cannot evaluate is ``not modelled``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from judge.cards import model as M
from judge.engine.state import State
from judge.games.fab import conditions as F
from judge.games.fab.reading import condition_words, is_self


@dataclass(frozen=True, slots=True)
class Permission:
    text: str                       # the sentence as printed
    condition: M.Condition | None   # "If it's not your turn"


def _play_as_instant(eff: Any) -> bool:
    if isinstance(eff, M.Choice) and eff.optional and len(eff.options) == 1 and \
            len(eff.options[0]) == 1:
        eff = eff.options[0][0]
    # the card itself ("this", its own name): not "it" (Chain Reaction's card turned face-up)
    return (isinstance(eff, M.Play) and eff.as_ == "instant" and is_self(eff.what)
            and eff.what is not None and eff.what.ref == "this" and eff.from_zone is None
            and not eff.free and not eff.waived
            and (eff.who is None or eff.who.ref == "you"))


def permission(eff: Any) -> Permission | None:
    """``eff`` as a permission to play its card as though it were an instant, else None."""
    cond = None
    inner = eff
    if isinstance(eff, M.Conditional) and len(eff.then) == 1 and not eff.otherwise:
        cond, inner = eff.condition, eff.then[0]
    if not _play_as_instant(inner):
        return None
    return Permission(text=f"{words(cond)}you may play this as though it were an instant",
                      condition=cond)


def find(effects: Iterable[Any]) -> Permission | None:
    return next((p for e in effects if (p := permission(e)) is not None), None)


def holds(state: State, player: str, turn_player: str | None,
          perm: Permission) -> tuple[bool, str]:
    """Whether the permission's condition holds for ``player`` now, and why (in words)."""
    cond = perm.condition
    if cond is None:
        return True, ""
    obj = cond.object
    if cond.test == "is" and cond.subject is not None and cond.subject.ref == "it" and \
            obj is not None and obj.kinds == ("turn",) and obj.controller == "you" and \
            not obj.qualities and not obj.filters and cond.comparison is None:
        yours = turn_player == player
        ok = yours != cond.negated
        return ok, (f"it is {player}'s turn" if yours else f"it is not {player}'s turn")
    answer = F.evaluate(state, player, cond)      # NotModelled when it cannot tell
    return answer.holds, answer.why


def words(cond: M.Condition | None) -> str:
    return f"if {condition_words(cond).lower()}, " if cond is not None else ""
