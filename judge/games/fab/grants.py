"""Objects gaining triggered abilities ("The next attack action card you play this turn gains
"When this hits, put it on the bottom of its owner's deck.""): the gained ability belongs to the
object for the effect's duration and while the object stays where it is (17.2), and it
triggers like a printed one. Each gain is its own ability, so an attack that gained the same
ability three times adds three independent triggered effects to the chain (26.3.1).

The granted text is read with the same reader as printed text (``fab_cards.read``); a granted
ability the engine cannot carry out is ``not modelled`` when it is granted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from judge.cards import model as M
from judge.engine import effects as E
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.errors import NotModelled
from judge.engine.events import PendingTrigger
from judge.engine.state import State
from judge.games.fab import cards as C
from judge.games.fab import combat as K

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame

GRANT = "granted ability"


@dataclass(frozen=True, slots=True)
class Granted:
    """An ability an object has gained: its text, what the engine reads from it, and the card
    whose effect granted it."""
    text: str
    rules: C.CardRules
    source: str


def read_granted(eff: M.Gain, source_text: str, source: str) -> Granted:
    """The rules of a granted quoted ability, as for an attack action card (the only objects
    the engine grants abilities to). ``source_text`` is the granting card's text: the parsed
    ability's spans point into it."""
    spans = [a.span for a in eff.abilities if a.span is not None]
    printed = (source_text[spans[0].start:spans[-1].end].strip()
               if spans and len(spans) == len(eff.abilities) else "")
    if not eff.abilities:
        raise NotModelled("gaining an ability: its text is not parsed")
    parsed = M.CardText(game="fab", text=source_text, abilities=tuple(eff.abilities))
    rules = C.read(source_text, parsed, resolves=True, role="attack")
    usable = rules.on_attack or rules.on_hit or rules.conditional
    extra = (rules.unsupported or rules.keywords or rules.watches or rules.activated
             or rules.statics or rules.crush or rules.on_resolve)
    if not usable or extra:
        raise NotModelled(f"gaining the ability {printed!r}"
                          + (f" ({'; '.join(map(str, rules.unsupported))})" if rules.unsupported else ""))
    return Granted(text=printed, rules=rules, source=source)


def grant(ctx: Context, controller: str, oid: int, granted: Granted, duration: str) -> None:
    """``oid`` gains the ability until ``duration`` ends ("this turn": the end of the turn)
    and while it stays where it is."""
    st = ctx.state
    o = st.objects[oid]
    if duration != "this turn":
        raise NotModelled(f"gaining an ability for {duration or 'an unstated duration'}")
    mark = len(st.log)
    E.create(st, description=f"{o.name} has \"{granted.text}\" ({granted.source})",
             controller=controller, citation=ctx.cite_opt("continuous.duration"),
             ends_at={"end of turn"}, while_source=(o.id, o.incarnation), data={GRANT: granted})
    ctx.step(T.EVENT, f"{o.name} gains \"{granted.text}\" from {granted.source} this turn",
             ["continuous.created", "continuous.duration"], mark=mark)


def granted_to(state: State, oid: int) -> list[Granted]:
    """The abilities ``oid`` has gained and still has, oldest first."""
    o = state.objects[oid]
    found = [e for e in state.effects.values() if GRANT in e.data
             and e.while_source == (o.id, o.incarnation) and E.is_active(state, e.id)]
    return [e.data[GRANT] for e in sorted(found, key=lambda e: e.timestamp)]


def triggers(game: "FabGame", ctx: Context, link: K.Link, moment: str) -> list[PendingTrigger]:
    """The attack's gained "when you attack with this" / "when this hits" abilities that
    trigger now, one layer each (26.3.1)."""
    from judge.games.fab import triggers as fab_triggers
    st = ctx.state
    o = st.objects[link.attack]
    gained = granted_to(st, o.id)
    out: list[PendingTrigger] = []
    for g in gained:
        effs: tuple[Any, ...] = g.rules.on_attack if moment == "attack" else g.rules.on_hit
        if effs:
            what = "attacks" if moment == "attack" else f"hits {link.target}"
            ctx.step(T.TRIGGER, f"{o.name} {what}: the ability it gained from {g.source}, "
                     f"\"{g.text}\", triggers", [fab_triggers.PROCEDURE[moment], "trigger.layer"]
                     + (["trigger.independent"] if len(gained) > 1 else []))
            out.append(fab_triggers.effect_trigger(ctx, link, f"{o.name}'s gained ability "
                                                   f"({g.source})", effs,
                                                   fab_triggers.PROCEDURE[moment]))
        out.extend(fab_triggers.conditional(game, ctx, link, moment, g.rules.conditional,
                                            f" (gained from {g.source})"))
    return out

