"""Legal hero targets (FaB 23.1: targets chosen for a card, an ability or a triggered effect must
be legal ones, what its text allows).

"target opponent" and "target opposing hero" can only be a hero of an opponent of the
controller; "target hero" (and "any target") can be any hero, the controller's own too. A card
played with a hero it cannot target is refused at play (the rule is cited); a triggered
effect's stated targets are checked as it is added to the chain (16.2, 19.1.1), and a statement
it cannot use is refused there, so the default target applies and the ruling says so. Only the
text's top-level effects are checked: targets inside modes or conditions are not (partial).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from judge.cards import model as M
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.events import PendingTrigger
from judge.engine.state import State
from judge.games.fab.reading import target_text
from judge.games.fab.zones import ARENA



def opponent_only(t: M.Target | None) -> bool:
    """"target opponent", "target opposing hero": a hero of an opponent only."""
    return t is not None and t.targeted and not t.alternatives and (
        t.kinds == ("opponent",) or t.kinds == ("hero",) and t.controller == "opponent")

TRIGGER_TARGETS = "trigger targets"     # a stated choice: (source card, targets)


def attack_target_missing(state: State, effects: Iterable[M.Effect]) -> str | None:
    """The text of a top-level "target attack" / "target attack action card" of ``effects``
    when there is no attack on a chain link to choose (23.1.1: a card or ability that targets
    cannot be played or activated without a legal target); else None."""
    from judge.games.fab import combat as K
    link = K.current(state)
    if link is not None and K.combat(state).open and link.attack in state.objects:
        return None
    for effect in effects:
        target = getattr(effect, "target", None)
        if target is not None and target.targeted and not target.alternatives and \
                target.kinds in (("attack",), ("attack action", "card")):
            return target_text(target)
    return None


def illegal_hero(state: State, controller: str, effects: Iterable[M.Effect],
                 targets: tuple[Any, ...]) -> tuple[str, str] | None:
    """(the chosen hero, the target text it does not fit) when the first hero among ``targets``
    (the one the effects act on) cannot be the target of one of ``effects``; else None."""
    heroes = [t for t in targets if isinstance(t, str)]
    if not heroes:
        return None
    for effect in effects:
        target = getattr(effect, "target", None)
        if opponent_only(target) and heroes[0] not in state.opponents(controller):
            return heroes[0], target_text(target)
    return None


def stated_for(ctx: Context, trig: PendingTrigger) -> tuple[Any, ...]:
    """The targets a ``targets ... with`` line stated for the next triggered effect of
    ``trig``'s source card that its controller controls (the chain block keeps them on the
    trigger's layer: its effects resolve with them, :meth:`PendingTrigger.targeted`); () when
    none was stated, or when the
    stated hero is one the effect cannot target (refused in the trace, 23.1)."""
    for choice in ctx.choices.stated:
        if (choice.kind == TRIGGER_TARGETS and choice.player == trig.controller
                and choice.value[0] == trig.source):
            ctx.choices.consume(choice)
            bad = illegal_hero(ctx.state, trig.controller, trig.data.get("effects", ()),
                               choice.value[1])
            if bad:
                ctx.step(T.REFUSED, f"{trig.name} says {bad[1]!r}: it can target only an "
                         f"opponent of {trig.controller}, not {bad[0]}; the stated target is "
                         "not used", ["target.choose"])
                return ()
            return choice.value[1]
    return ()


# the object nouns whose candidates are the permanents in the arena a trigger's check can count
_ARENA_KINDS = frozenset({"equipment", "weapon", "aura", "item"})


def no_legal_object(state: State, trig: PendingTrigger) -> str | None:
    """23.1.3: the text of a top-level object target of ``trig``'s effects that no object in
    the arena fits, when the trigger needs it (no part of the trigger is added to the chain);
    None when each such target has a candidate, or when the module cannot tell (a description
    with qualities, filters, a zone or alternatives; a controller it does not know: the target
    is then chosen or named as it resolves). "they" is the hero the trigger's data names
    (``"they"``: the hero a crush effect damaged)."""
    for effect in trig.data.get("effects", ()):
        for target in (getattr(effect, "target", None), getattr(effect, "on", None)):
            if target is None or not target.targeted or target.who != "object" or \
                    target.alternatives or target.qualities or target.filters or \
                    target.zone is not None or target.name or target.ref or \
                    not target.kinds or not set(target.kinds) <= _ARENA_KINDS:
                continue
            owners = {"you": {trig.controller}, "they": {trig.data.get("they")},
                      "opponent": set(state.opponents(trig.controller)),
                      "": set(state.players)}.get(target.controller)
            if owners is None or None in owners:
                continue
            if not any(o.zone[1] in ARENA and set(target.kinds) <= o.kinds
                       and o.controller in owners for o in state.objects.values()):
                return target_text(target)
    return None


def names(state: State, targets: tuple[Any, ...]) -> str:
    """``targets`` in words: players by name, cards by their names."""
    return " and ".join(t if isinstance(t, str) else state.objects[t].name for t in targets)


def x_targets(effects: Iterable[M.Effect]) -> list[M.Target]:
    """The top-level targets of ``effects`` whose number is the X declared when the card is
    played ("Destroy X target auras"): 23.1.2 bounds that X by the number of legal targets."""
    out = []
    for effect in effects:
        for target in (getattr(effect, "target", None), getattr(effect, "what", None),
                       getattr(effect, "on", None)):
            c = target.count if target is not None else None
            if target is not None and target.targeted and c is not None and \
                    c.variable == "X" and c.defined_as is None and c.per is None:
                out.append(target)
    return out


def legal_count(state: State, controller: str, target: M.Target) -> int | None:
    """How many legal targets ``target`` has now: heroes ("X target heroes", "X target
    opposing heroes") or permanents of a kind in the arena ("X target auras [you control]");
    None when the module cannot tell (qualities, filters, alternatives, a zone, a name)."""
    if target.alternatives or target.qualities or target.filters or \
            target.zone is not None or target.name or target.ref or not target.kinds:
        return None
    if target.kinds == ("hero",):
        return {"": len(state.players), "opponent": len(state.opponents(controller)),
                "you": 1}.get(target.controller)
    if not set(target.kinds) <= _ARENA_KINDS:
        return None
    owners = {"you": {controller}, "opponent": set(state.opponents(controller)),
              "": set(state.players)}.get(target.controller)
    if owners is None:
        return None
    return sum(1 for o in state.objects.values()
               if o.zone[1] in ARENA and set(target.kinds) <= o.kinds and o.controller in owners)
