""""If the next card you defend with this turn is a card with <quality>, it gains +N{d}."
(Flic Flak; FaB 20.5.2, 20.5.2c).

Resolving such an effect creates a one-use effect for the rest of the turn. The next time its
controller declares defending cards, it is used: the cards with the quality are the cards it
could modify; with one of them, that card gains the bonus; with several (all defending cards
are added simultaneously, 20.5.2c) the defending hero must specify which one, stated in the
scenario before the defend line (``Bob chooses "Combo B"``). An unstated choice is
``not modelled``; the engine never picks the card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from judge.cards import model as M
from judge.engine import effects as E
from judge.engine import trace as T
from judge.engine.context import Context, StatedChoice
from judge.engine.errors import IllegalAction, NotModelled
from judge.engine.chain import Layer
from judge.engine.state import AddModifier, Modifier, State

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame

KEY = "next defend"
CHOICE = "next defend card"
LABELS = frozenset({"combo", "reprise", "crush"})


def quality_of(eff: M.Effect) -> str | None:
    """"If the next card you defend with this turn is a card with <quality>, ...": the quality
    (a word such as a label, "combo"), else None."""
    c = eff.condition if isinstance(eff, M.Conditional) and not eff.otherwise else None
    if c is None or c.test != "is" or c.negated or c.subject is None or c.object is None:
        return None
    subject, obj = c.subject, c.object
    defended = [f.event for f in subject.filters if f.event is not None]
    if not (subject.kinds == ("card",) and subject.qualities == ("next",) and
            len(defended) == 1 and defended[0].verb == "defend" and
            defended[0].subject is not None and defended[0].subject.ref == "you" and
            defended[0].within is not None and defended[0].within.kind == "this turn"):
        return None
    has = obj.filters[0] if obj.kinds == ("card",) and len(obj.filters) == 1 else None
    if has is None or has.test != "has" or has.object is None or \
            len(has.object.qualities) != 1 or has.object.kinds:
        return None
    return has.object.qualities[0].lower()


def is_next_defend(eff: M.Effect) -> bool:
    return quality_of(eff) is not None


def handles(eff: M.Effect) -> bool:
    return is_next_defend(eff)


def run(game: "FabGame", ctx: Context, layer: Layer, eff: M.Conditional) -> None:
    """Resolving the effect: it waits for its controller's next defending cards."""
    st = ctx.state
    quality = quality_of(eff)
    assert quality is not None
    if quality not in LABELS:
        raise NotModelled(f"'the next card you defend with' being a card with {quality!r}")
    mods = []
    for e in eff.then:
        if not (isinstance(e, M.ModifyValue) and e.stat == "defense" and e.op == "add"
                and (e.target is None or e.target.ref in ("it", "that")
                     and e.target.kinds in ((), ("card",)))):
            raise NotModelled(f"{layer.name}: the effect {e.verb!r} on the next defending card")
        delta = e.amount.constant if e.amount is not None else None
        if delta is None:
            raise NotModelled(f"{layer.name}: {e.amount.text if e.amount else '?'} defense")
        mods.append(e.sign * delta)
    mark = len(st.log)
    E.create(st, description=f"{layer.name}: if the next card {layer.controller} defends with "
             f"this turn is a card with {quality}, it gains {sum(mods):+d} defense",
             controller=layer.controller, citation=ctx.cite_opt("trigger.delayed-created"),
             ends_at={"end of turn"}, uses=1,
             data={KEY: {"quality": quality, "delta": sum(mods), "source": layer.name}})
    ctx.step(T.EVENT, f"{layer.name} creates an effect for the rest of the turn: if the next card "
             f"{layer.controller} defends with is a card with {quality}, it gains "
             f"{sum(mods):+d}{{d}}", ["continuous.created", "continuous.duration"], mark=mark)


def _waiting(state: State, player: str) -> list[Any]:
    return [e for e in sorted(state.effects.values(), key=lambda e: e.timestamp)
            if KEY in e.data and e.controller == player and E.is_active(state, e.id)]


def has_label(game: "FabGame", state: State, oid: int, label: str) -> bool:
    """A card "with combo": its text has the label (glossary: an effect label)."""
    from judge.games.fab.cards import parse_text
    o = state.objects[oid]
    parsed = parse_text(o.text or "", o.name)
    return parsed is not None and any(k.name.lower() == label for a in parsed.abilities
                                      for k in a.keywords)


def wants_choice(ctx: Context, player: str, choice: str) -> bool:
    return bool(_waiting(ctx.state, player))


def verify_choice(game: "FabGame", ctx: Context, player: str, choice: str) -> None:
    st = ctx.state
    found = [o for z in ("hand", "equipment") for o in st.in_zone((player, z))
             if o.name.lower() == choice.lower()]
    if not found:
        raise IllegalAction("choose", f"{choice!r} is not a card {player} could defend with",
                            ctx.cite("combat.defend"))


def choose(game: "FabGame", ctx: Context, player: str, choice: str) -> None:
    ctx.choices.stated.append(StatedChoice(player, CHOICE, choice))
    ctx.step(T.CHOICE, f"{player} specifies {choice} as the card that 'the next card you defend "
             "with' effects modify, if it defends with several that they could modify",
             ["combat.defend-simultaneous"], actor=player)


def on_defend(game: "FabGame", ctx: Context, player: str, cards: tuple[int, ...]) -> None:
    """Use the player's waiting effects on the cards just declared (20.5.2c)."""
    st = ctx.state
    if not cards:
        return
    for e in _waiting(st, player):
        spec = e.data[KEY]
        could = [c for c in cards if has_label(game, st, c, spec["quality"])]
        mark = len(st.log)
        st.apply(E.UseEffect(e.id))
        if not could:
            ctx.step(T.RULE, f"{spec['source']}'s effect: {player} defends with no card with "
                     f"{spec['quality']}; the effect is used up", ["combat.defend-simultaneous"],
                     mark=mark)
            continue
        target = could[0]
        if len(could) > 1:
            stated = ctx.choices.take(player, CHOICE)
            names = {st.objects[c].name.lower(): c for c in could}
            if stated is None or str(stated.value).lower() not in names:
                raise NotModelled(
                    f"which defending card {spec['source']}'s effect modifies: {player} defends "
                    f"with {len(could)} cards with {spec['quality']} and must specify one "
                    f"(state `{player} chooses \"...\"` before the defend line)",
                    ctx.cite_opt("combat.defend-simultaneous"))
            target = names[str(stated.value).lower()]
        o = st.objects[target]
        effect = E.create(st, description=f"{o.name} {spec['delta']:+d} defense",
                          controller=player, citation=ctx.cite_opt("continuous.duration"),
                          ends_at={"end of turn"}, while_source=(o.id, o.incarnation))
        st.apply(AddModifier(Modifier(id=st.new_id(), target=(o.id, o.incarnation),
                                      stat="defense", op="add", value=spec["delta"], layer=1,
                                      timestamp=st.tick(), effect=effect.id)))
        ctx.step(T.RULE, f"{spec['source']}'s effect modifies {o.name}, " + (
            f"the card {player} specified among the defending cards with {spec['quality']}"
            if len(could) > 1 else f"the defending card with {spec['quality']}")
            + f": {spec['delta']:+d} defense (now {st.value(o.id, 'defense')})",
            ["combat.defend-simultaneous"] + (["kw.combo"] if spec["quality"] == "combo" else []),
            mark=mark)
    E.sweep(st)
