"""A compact, readable rendering of parsed card text, so that card-text tests can state the
expected structure of an ability on one line (used by the UFS and Ashes card tests)."""

from __future__ import annotations

from judge.cards.legacy_model import (
    Ability, Choice, Conditional, Damage, Gain, ModifyValue, Move, Other, Prevent, Replacement,
)


def effect(e) -> str:
    if isinstance(e, ModifyValue):
        return f"{e.verb} {e.stat} {e.delta}" + (f" @{e.target.text}" if e.target else "")
    if isinstance(e, Gain):
        return f"gain {e.resource} {e.amount}" + (f" @{e.target.text}" if e.target else "")
    if isinstance(e, Damage):
        return (f"damage {e.amount}" + (f" ->{e.target.text}" if e.target else "")
                + (f" from {e.source.text}" if e.source else ""))
    if isinstance(e, Prevent):
        return f"prevent {e.amount}" + (f" ->{e.target.text}" if e.target else "")
    if isinstance(e, Move):
        actor = getattr(e, "actor", None)
        return ((f"{actor.text}: " if actor else "") + f"{e.verb} {e.what.text if e.what else ''}"
                + (f" from {e.from_zone}" if e.from_zone else "")
                + (f" to {e.to_zone}" if e.to_zone else ""))
    if isinstance(e, Conditional):
        out = f"{e.condition.kind} [{e.condition.text}] then ({'; '.join(map(effect, e.then))})"
        if e.otherwise:
            out += f" else ({'; '.join(map(effect, e.otherwise))})"
        return out
    if isinstance(e, Choice):
        return ("may " if e.optional else "choose ") + " | ".join(
            "; ".join(map(effect, option)) for option in e.options)
    if isinstance(e, Replacement):
        return f"instead ({'; '.join(map(effect, e.instead))})"
    if isinstance(e, Other):
        return e.verb
    return f"{type(e).__name__} {e.verb}"


def ability(a: Ability) -> str:
    head = a.kind + (f" {a.label}" if a.label else "")
    if a.limit:
        head += f" <{a.limit}>"
    if a.costs:
        head += " [" + ", ".join(c.kind + (f" {c.amount}" if c.amount not in (None, 1) else "")
                                 + (f" {c.detail}" if c.kind in ("die", "dice") else "")
                                 for c in a.costs) + "]"
    if a.keywords:
        head += " {" + ", ".join(k.name + (f" {k.value}" if k.value is not None else "")
                                 for k in a.keywords) + "}"
    if a.trigger:
        head += f" ({a.trigger.kind} {a.trigger.event})"
    if a.condition:
        head += f" ?{a.condition.kind} {a.condition.text}"
    return head + (" :: " + "; ".join(effect(e) for e in a.effects) if a.effects else "")
