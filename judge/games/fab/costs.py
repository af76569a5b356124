"""Playing a card, the parts of 15.5 beyond paying its printed cost: announcing X (15.5.1a,
9.2.5e), declaring optional additional costs (15.5.1b: boost, fusion, "you may ..."), choosing
modes (15.5.1c), determining the resource cost (15.5.2: the base cost, then increases, then
reductions, never below zero, 9.2.5c) and paying the other costs (15.5.3c: discard, banish,
destroy, charge, reveal).

The scenario states what the player declares and chooses on the line that plays the card
(``declaring X 3``, ``boosting``, ``fusing "Card"``, ``discarding "Card"``, ``banishing "Card"``,
``destroying "Card"``, ``charging "Card"``, ``revealing "Card"``, ``paying the additional
cost``, ``choosing "mode"``). A choice the rules leave to the player that the line does not
state is ``not modelled`` (or an error under ``policy choices error``), never guessed; a random
card ("discard a random card") is chosen by the game only when there is no choice, else the line
states which card it was.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from judge.engine import effects as E
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.errors import IllegalAction, NotModelled, UnstatedChoice
from judge.engine.state import AddModifier, Modifier, MoveObject, SetFlag
from judge.games.fab import conditions as F
from judge.games.fab import printed as P
from judge.games.fab.zones import ARENA, PLAYER_ARENA

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame

# the details a play line may carry (grammar/scenario_fab.lark, ast.Detail keys)
DETAILS = ("x", "boost", "fuse", "discard", "banish", "destroy", "charge", "reveal",
           "additional", "instant")
# what each additional cost does to the cards it takes
_VERB = {"discard": "discards", "banish": "banishes", "destroy": "destroys", "charge": "charges",
         "reveal": "reveals"}


@dataclass(frozen=True, slots=True)
class Declared:
    """A detail of a play line, its cards found (object ids): ``declaring X 3`` is
    ``Declared("x", numbers=(3,))``, ``discarding "Sink"`` ``Declared("discard", (id,))``."""
    key: str
    cards: tuple[int, ...] = ()
    numbers: tuple[int, ...] = ()
    words: tuple[str, ...] = ()


# where the cards a detail names are looked for, in order
DETAIL_ZONES = {"discard": ("hand",), "reveal": ("hand",), "fuse": ("hand",), "charge": ("hand",),
                "banish": ("hand", "graveyard", "soul"), "destroy": PLAYER_ARENA}


@dataclass(frozen=True, slots=True)
class Paid:
    """One additional cost as it will be paid: ``cost`` and the cards it takes (ids)."""
    cost: P.ExtraCost
    cards: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Plan:
    """What a player declares and chooses while announcing a card (15.5.1): ``x``, the
    additional costs paid (``paid``), ``boost`` and ``fuse`` (the card revealed), ``modes``
    chosen (their printed texts), ``resources`` added by an optional "pay {r}..." cost."""
    x: int | None = None
    paid: tuple[Paid, ...] = ()
    boost: bool = False
    fuse: int | None = None
    modes: tuple[str, ...] = ()
    resources: int = 0
    notes: tuple[str, ...] = field(default=())


def detail(details: tuple[Any, ...], key: str) -> Any:
    return next((d for d in details if d.key == key), None)


# --------------------------------------------------------------------------- planning

def plan(game: "FabGame", ctx: Context, player: str, card: int, details: tuple[Declared, ...],
         modes: tuple[str, ...]) -> Plan:
    """Check what the line declares for playing ``card`` and return it as a :class:`Plan`.
    Raises
    :class:`IllegalAction` for a declaration the rules do not allow, :class:`NotModelled` for
    a choice the line leaves open."""
    st = ctx.state
    o = st.objects[card]
    printed = P.read(o.text or "", o.name)
    if printed.unreadable:
        raise NotModelled(f"{o.name}: {printed.unreadable[0][0]}", ctx.cite_opt("play.cost"))
    x = _x(ctx, player, o, details)
    paid: list[Paid] = []
    resources = 0
    extra_used: set[str] = set()
    for cost in printed.extra_costs:
        key = {"pay": "additional"}.get(cost.kind, cost.kind)
        d = detail(details, key)
        if cost.optional and d is None:
            continue
        extra_used.add(key)
        if cost.kind == "pay":
            resources += cost.resources
            paid.append(Paid(cost))
            continue
        count = x if cost.count == "X" else cost.count
        if count is None:
            raise NotModelled(f"how many cards {cost.text!r} takes: X is not declared")
        chosen = d.cards if d is not None else ()
        paid.append(Paid(cost, _choose(game, ctx, player, card, cost, count, chosen)))
    for d in details:
        if d.key in ("discard", "banish", "destroy", "charge", "reveal", "additional") \
                and d.key not in extra_used and not (d.key == "reveal" and _fusion(st, card)):
            raise IllegalAction("play", f"{o.name} has no additional cost that "
                                f"{_VERB.get(d.key, 'pays')[:-1]}s a card"
                                if d.key != "additional" else
                                f"{o.name} has no optional additional cost to pay",
                                ctx.cite("play.optional-costs"))
    boost = detail(details, "boost") is not None
    if boost:
        if not st.has_keyword(card, "boost"):
            raise IllegalAction("play", f"{o.name} does not have boost", ctx.cite("kw.boost"))
        if not st.zones[(player, "deck")].ids:
            raise IllegalAction("play", f"{player} has no cards in their deck: they cannot boost "
                                "(the cost cannot be paid)", ctx.cite("kw.boost"))
        from judge.games.fab import deck as fab_deck
        fab_deck.check_top(ctx, player, 1, "boosting")
    fuse = _fuse(game, ctx, player, card, details)
    return Plan(x=x, paid=tuple(paid), boost=boost, fuse=fuse, modes=modes,
                resources=resources)


def _x(ctx: Context, player: str, o: Any, details: tuple[Any, ...]) -> int | None:
    """15.5.1a: a card with a variable cost declares X as it is announced."""
    variable = o.base.get("cost") == "X"
    d = detail(details, "x")
    if d is not None:
        if not variable:
            raise IllegalAction("play", f"{o.name} has no variable cost: there is no X to "
                                "declare", ctx.cite("play.x"))
        return d.numbers[0]
    if variable:
        example = f'{player} plays "{o.name}" declaring X 2'
        if ctx.policy("choices", "not-modelled") == "error":
            raise UnstatedChoice("choices", f"the value of X {player} declares for {o.name}",
                                 example)
        raise NotModelled(f"the value of X {player} declares for {o.name} is not stated (state "
                          f"it with: {example})", ctx.cite_opt("play.x"))
    return None


def _zones(cost: P.ExtraCost) -> tuple[str, ...]:
    return {"hand": ("hand",), "graveyard": ("graveyard",), "soul": ("soul",),
            "arena": PLAYER_ARENA}.get(cost.zone, ("hand",))


def _candidates(game: "FabGame", ctx: Context, player: str, card: int,
                cost: P.ExtraCost) -> list[int]:
    st = ctx.state
    out = []
    for zone in _zones(cost):
        for o in st.in_zone((player, zone)):
            if o.id == card or (zone in PLAYER_ARENA and o.controller != player):
                continue
            if cost.named and o.name.lower() != cost.named.lower():
                continue
            if not all(set(k.split()) <= o.kinds for k in cost.kinds):
                continue
            out.append(o.id)
    return out


def _choose(game: "FabGame", ctx: Context, player: str, card: int, cost: P.ExtraCost,
            count: int, chosen: tuple[int, ...]) -> tuple[int, ...]:
    """The cards an additional cost takes: all of them for "your hand"; the stated ones
    (checked); the only possible ones when there is no choice; else not modelled."""
    st = ctx.state
    name = st.objects[card].name
    pool = _candidates(game, ctx, player, card, cost)
    if cost.whole_hand:
        return tuple(pool)
    if cost.kind == "charge":
        count = 1
    where = {"arena": "in the arena"}.get(cost.zone, f"in {player}'s {cost.zone}")
    if len(pool) < count:
        raise IllegalAction("play", f"{name}'s additional cost {cost.text!r} needs "
                            f"{T.plural(count, 'cards')} {where}; {player} has {len(pool)}: the "
                            "cost cannot be paid", ctx.cite("play.other-costs"))
    if chosen:
        bad = [c for c in chosen if c not in pool]
        if bad:
            o = st.objects[bad[0]]
            raise IllegalAction("play", f"{o.name} cannot pay {name}'s additional cost "
                                f"{cost.text!r}", ctx.cite("play.other-costs"))
        if len(chosen) != count:
            raise IllegalAction("play", f"{name}'s additional cost {cost.text!r} takes "
                                f"{T.plural(count, 'cards')}, not {len(chosen)}",
                                ctx.cite("play.other-costs"))
        return chosen
    if len(pool) == count:
        return tuple(pool)
    verb = {"discard": "discarding", "banish": "banishing", "destroy": "destroying",
            "charge": "charging", "reveal": "revealing"}[cost.kind]
    example = f'{player} plays "{name}" {verb} "{st.objects[pool[0]].name}"'
    what = "at random" if cost.random else "chosen by the player"
    if ctx.policy("choices", "not-modelled") == "error":
        raise UnstatedChoice("choices", f"which card {cost.text!r} takes", example)
    raise NotModelled(f"which of {len(pool)} cards {where} {name}'s additional cost "
                      f"{cost.text!r} takes ({what}) is not stated (state it with: {example})",
                      ctx.cite_opt("play.other-costs"))


def _fusion(st: Any, card: int) -> bool:
    return st.has_keyword(card, "fusion")


def _fuse(game: "FabGame", ctx: Context, player: str, card: int,
          details: tuple[Declared, ...]) -> int | None:
    """Fusion (glossary): an optional additional cost, revealing one card of the fusion's
    type from hand."""
    st = ctx.state
    d = detail(details, "fuse") or (detail(details, "reveal") if _fusion(st, card) else None)
    if d is None:
        return None
    o = st.objects[card]
    if not _fusion(st, card):
        raise IllegalAction("play", f"{o.name} does not have fusion", ctx.cite("kw.fusion"))
    if len(d.cards) != 1:
        raise IllegalAction("play", f"fusion reveals one card, not {len(d.cards)} (a card "
                            "reveals more only when it says so)", ctx.cite("kw.fusion"))
    element = (st.keywords(card).get("fusion") or "")
    revealed = d.cards[0]
    r = st.objects[revealed]
    if r.zone != (player, "hand") or revealed == card:
        raise IllegalAction("play", f"{r.name} is not in {player}'s hand: fusion reveals a card "
                            "from hand", ctx.cite("kw.fusion"))
    if isinstance(element, str) and element and element.lower() not in r.kinds:
        raise IllegalAction("play", f"{r.name} is not a {element} card: it cannot be revealed "
                            f"for {element} fusion", ctx.cite("kw.fusion"))
    if not isinstance(element, str) or not element:
        raise NotModelled(f"which card type {o.name}'s fusion asks for")
    return revealed


# --------------------------------------------------------------------------- the resource cost

@dataclass(frozen=True, slots=True)
class Change:
    delta: int
    source: str
    text: str
    effect: int | None = None       # a one-use effect spent by applying it


def changes(game: "FabGame", ctx: Context, player: str, card: int, *,
            record: bool = False) -> list[Change]:
    """The effects that change ``card``'s resource cost as ``player`` plays it: its own
    printed "this costs ...", "the next ... you play this turn costs ..." effects of resolved
    cards, and the static abilities of face-up permanents. An effect whose condition or number
    the engine cannot work out is not modelled."""
    st = ctx.state
    o = st.objects[card]
    found: list[Change] = []
    for ch in P.read(o.text or "", o.name).cost_changes:
        if ch.what == "this" and _holds(ctx, player, ch, o.name, record):
            found.append(Change(ch.delta, o.name, ch.text))
    for e in sorted(st.effects.values(), key=lambda e: e.timestamp):
        ch = e.data.get("cost change")
        if ch is None or not E.is_active(st, e.id):
            continue
        if (ch.whose == "you") != (e.controller == player) and ch.whose != "any":
            continue
        if _matches(st, card, ch):
            found.append(Change(ch.delta, e.data.get("source", ""), ch.text, e.id))
    for p in st.players:
        for zone in PLAYER_ARENA:
            for perm in st.in_zone((p, zone)):
                if not perm.face_up or perm.id == card:
                    continue
                for ch in P.read(perm.text or "", perm.name).cost_changes:
                    if ch.what == "this" or ch.next:
                        continue
                    mine = perm.controller == player
                    if (ch.whose == "you" and not mine) or (ch.whose == "opponent" and mine):
                        continue
                    if _matches(st, card, ch) and _holds(ctx, perm.controller, ch, perm.name,
                                                         record):
                        found.append(Change(ch.delta, perm.name, ch.text))
    return found


def _matches(st: Any, card: int, ch: P.CostChange) -> bool:
    o = st.objects[card]
    return all(set(k.split()) <= o.kinds for k in ch.kinds)


def _holds(ctx: Context, player: str, ch: P.CostChange, name: str, record: bool) -> bool:
    if not ch.condition:
        return True
    answer = F.evaluate(ctx.state, player, ch.condition)
    if record:
        ctx.step(T.RULE, f"{name}: \"{ch.text.strip()}\": {answer.why}",
                 ["play.cost-increase" if ch.delta > 0 else "play.cost-reduction"])
    return answer.holds


def resource_cost(game: "FabGame", ctx: Context, player: str, card: int, pl: Plan, *,
                  record: bool) -> int:
    """15.5.2: the base resource cost (X as declared, 9.2.5e), plus the increases (b), minus
    the reductions (c), each reduction stopping at zero (9.2.5c), plus an optional "pay ..."
    additional cost (15.5.1b). With ``record`` the steps are written and one-use effects are
    spent."""
    st = ctx.state
    o = st.objects[card]
    base = o.base.get("cost")
    if base == "X":
        cost = pl.x or 0
    elif base is None:
        cost = 0
    else:
        cost = st.value(card, "cost")
        if not isinstance(cost, int):
            raise NotModelled(f"the cost {base!r} of {o.name}")
    start = cost
    found = changes(game, ctx, player, card, record=record)
    ups = [c for c in found if c.delta > 0]
    downs = [c for c in found if c.delta < 0]
    floored: list[str] = []
    for c in ups:
        cost += c.delta
    for c in downs:
        if cost + c.delta < 0:
            floored.append(c.source)
        cost = max(0, cost + c.delta)
    if record and found:
        text = [f"{o.name}'s resource cost: {start}" + (f" (X is {pl.x})" if base == "X" else "")]
        text += [f"+{c.delta} ({c.source}: \"{c.text}\")" for c in ups]
        text += [f"{c.delta} ({c.source}: \"{c.text}\")" for c in downs]
        ctx.step(T.RULE, " ".join(text) + f" = {cost}" + (
            "; a reduction cannot take a resource cost below zero, so it is 0" if floored
            else ""), ["play.cost", "play.cost-increase", "play.cost-reduction"]
            + (["value.cost"] if floored else []))
        for c in found:
            if c.effect is not None:
                st.apply(E.UseEffect(c.effect))
        E.sweep(st)
    return cost + pl.resources


# --------------------------------------------------------------------------- recording

def announce(game: "FabGame", ctx: Context, player: str, card: int, pl: Plan) -> None:
    """The declarations of 15.5.1 as steps, and X on the card while it is a layer (9.2.5e)."""
    st = ctx.state
    o = st.objects[card]
    if pl.x is not None:
        mark = len(st.log)
        e = E.create(st, description=f"X of {o.name} is {pl.x}", controller=player,
                     citation=ctx.cite_opt("play.x"), while_source=(o.id, o.incarnation))
        if o.base.get("cost") == "X":
            st.apply(AddModifier(Modifier(id=st.new_id(), target=(o.id, o.incarnation),
                                          stat="cost", op="set", value=pl.x, layer=0,
                                          timestamp=st.tick(), effect=e.id)))
        st.apply(SetFlag(o.id, f"X={pl.x}"))
        ctx.step(T.RULE, f"{player} declares X = {pl.x} for {o.name}; X is {pl.x} while "
                 "it is a layer on the chain, and zero in every other zone",
                 ["play.x", "value.x"], mark=mark, actor=player)
        from judge.games.fab import targets as fab_targets
        for t in fab_targets.x_targets(game.card_rules(st, card).on_resolve):
            n = fab_targets.legal_count(st, player, t)
            ctx.step(T.RULE, f"X is the number of {fab_targets.target_text(t)!r}: {pl.x} does "
                     f"not exceed the {n} legal target{'s' if n != 1 else ''}",
                     ["target.x-bound"], actor=player)
    optional = [p.cost.text for p in pl.paid if p.cost.optional]
    if pl.boost:
        optional.append("boost")
    if pl.fuse is not None:
        optional.append("fusion")
    if optional:
        ctx.step(T.RULE, f"{player} declares the optional additional costs they pay: "
                 + "; ".join(optional), ["play.optional-costs"], actor=player)
    if pl.modes:
        ctx.step(T.CHOICE, f"{player} chooses the mode" + ("s" if len(pl.modes) > 1 else "")
                 + f" of {o.name}: " + "; ".join(f'"{m}"' for m in pl.modes),
                 ["play.modes"], actor=player)


def pay_other(game: "FabGame", ctx: Context, player: str, card: int, pl: Plan) -> None:
    """15.5.3c: the costs that are not resource points, after the resource cost."""
    st = ctx.state
    name = st.objects[card].name
    for p in pl.paid:
        if p.cost.kind == "pay":
            continue
        mark = len(st.log)
        moved = []
        for oid in p.cards:
            o = st.objects[oid]
            moved.append(o.name)
            if p.cost.kind == "discard":
                st.apply(MoveObject(oid, (o.owner, "graveyard")))
            elif p.cost.kind == "banish":
                st.apply(MoveObject(oid, (o.owner, "banished")))
            elif p.cost.kind == "destroy":
                game.destroy(ctx, oid)
            elif p.cost.kind == "charge":
                st.apply(MoveObject(oid, (player, "soul")))
        how = {"discard": "discards", "banish": "banishes", "destroy": "destroys",
               "charge": "charges their hero's soul with", "reveal": "reveals"}[p.cost.kind]
        rand = " (at random: with no other card it could take, there is no choice)" \
            if p.cost.random and len(p.cards) else ""
        ctx.step(T.RULE, f"{player} {how} {', '.join(moved) or 'nothing'} to pay {name}'s "
                 f"additional cost \"{p.cost.text}\"{rand}",
                 ["play.other-costs"] + _cost_rules(p.cost), mark=mark, actor=player)
        for oid in p.cards:
            if p.cost.kind == "discard":
                game.signal(ctx, "discard", player=player, obj=oid)
            elif p.cost.kind == "destroy":
                game.destroyed(ctx, oid)
            elif p.cost.kind == "banish":
                game.signal(ctx, "banish", player=player, obj=oid)
            elif p.cost.kind == "charge":
                game.signal(ctx, "charge", player=player, obj=oid)
    if pl.fuse is not None:
        ctx.step(T.RULE, f"{player} reveals {st.objects[pl.fuse].name} for {name}'s fusion: "
                 f"{player} has fused (it stops being revealed once the cost is paid)",
                 ["kw.fusion", "play.other-costs", "revealing"], actor=player)
        game.signal(ctx, "fuse", player=player, obj=card)
    if pl.boost:
        boost(game, ctx, player, card)


def _cost_rules(cost: P.ExtraCost) -> list[str]:
    return {"discard": ["discard"], "destroy": ["destroy"], "charge": ["kw.charge", "kw.soul"],
            "reveal": ["revealing"]}.get(cost.kind, [])


def boost(game: "FabGame", ctx: Context, player: str, card: int) -> None:
    """Boost (glossary): banish the top card of the deck as an additional cost; when you do, if
    it is a Mechanologist card, this card gains go again (a triggered effect)."""
    from judge.engine.events import PendingTrigger
    from judge.games.fab import deck as fab_deck
    st = ctx.state
    deck = st.zones[(player, "deck")].ids
    fab_deck.check_top(ctx, player, 1, "boosting")
    top = deck[0]
    mark = len(st.log)
    st.apply(MoveObject(top, (player, "banished")))
    fab_deck.took_top(st, player, 1)
    t = st.objects[top]
    o = st.objects[card]
    ctx.step(T.RULE, f"{player} boosts: {t.name}, the top card of their deck, is banished as "
             f"{o.name}'s additional cost; {player} has boosted",
             ["kw.boost", "play.other-costs"], mark=mark, actor=player)
    st.apply(SetFlag(card, "boosted"))
    inc = o.incarnation

    def resolve(c: Context, trig: PendingTrigger) -> None:
        s = c.state
        mark = len(s.log)
        if "mechanologist" not in s.objects[top].kinds:
            c.step(T.RULE, f"{t.name} is not a Mechanologist card: {o.name} does not gain go "
                   "again", ["kw.boost"], mark=mark)
            return
        if s.objects[card].incarnation != inc or s.objects[card].zone[1] not in ARENA:
            c.step(T.RULE, f"{o.name} is no longer on the chain: it does not gain go again",
                   ["kw.boost", "resolve.part-ignored"], mark=mark)
            return
        e = E.create(s, description=f"{o.name} has go again (boost)", controller=player,
                     citation=c.cite_opt("kw.boost"), while_source=(card, inc))
        s.apply(AddModifier(Modifier(id=s.new_id(), target=(card, inc), stat="kw:go again",
                                     op="grant", value=None, layer=1, timestamp=s.tick(),
                                     effect=e.id)))
        c.step(T.EVENT, f"{t.name} is a Mechanologist card: {o.name} gains go again",
               ["kw.boost", "kw.go-again"], mark=mark)
    ctx.step(T.TRIGGER, f"{player} boosted: boost's triggered effect triggers",
             ["kw.boost", "trigger.layer"])
    ctx.trigger(PendingTrigger(name=f"{o.name}'s boost", controller=player, source=card,
                               resolve=resolve, citation=ctx.cite_opt("kw.boost")))
    game.signal(ctx, "boost", player=player, obj=card)


# --------------------------------------------------------------------------- resolving

def run_choice(game: "FabGame", ctx: Context, layer: Any, choice: Any) -> None:
    """A modal card's "Choose N: ...": the modes chosen as it was played resolve, in the order
    they are printed (15.5.1c, 19.2); the others do nothing."""
    st = ctx.state
    src = st.objects.get(layer.source) if layer.source is not None else None
    found = P.read(src.text if src is not None and isinstance(src.text, str) else "",
                   src.name if src is not None else "").modes
    if found is None or len(found.options) != len(choice.options) or choice.optional:
        raise NotModelled(f"the choice {getattr(choice, 'verb', '')!r} of {layer.name}")
    chosen = tuple(layer.data.get("modes") or ())
    if not chosen:
        raise NotModelled(f"which mode of {layer.name} resolves: none was chosen")
    skipped = [m.text for m in found.options if m.text not in chosen]
    if skipped:
        ctx.step(T.RULE, f"{layer.name}: only the chosen mode" + ("s" if len(chosen) > 1 else "")
                 + " resolve" + ("" if len(chosen) > 1 else "s") + "; "
                 + "; ".join(f'"{m}"' for m in skipped) + " does nothing",
                 ["play.modes", "resolve.in-order"])
    for mode, effects in zip(found.options, choice.options):
        if mode.text in chosen:
            game.run_effects(ctx, layer, tuple(effects))


def declared_x(ctx: Context, layer: Any) -> int | None:
    """X as its controller declared it when the layer's card was played (15.5.1a)."""
    x = layer.data.get("x") if getattr(layer, "data", None) else None
    if x is not None:
        ctx.step(T.RULE, f"X is {x}, as declared when {layer.name} was played",
                 ["play.x"])
    return x


def cost_effect(game: "FabGame", ctx: Context, layer: Any, eff: Any) -> None:
    """A resolving card's "the next <cards> you play this turn cost(s) {r} less / more" (or
    "your next ..."): a one-use effect applied when such a card is played (15.5.2b-c). The card's
    own "this costs ..." applied when it was played, and does nothing now."""
    st = ctx.state
    src = st.objects.get(layer.source) if layer.source is not None else None
    printed = P.read(src.text if src is not None and isinstance(src.text, str) else "",
                     src.name if src is not None else "")
    ch = next((c for c in printed.cost_changes
               if eff.span is not None and c.start <= eff.span.start and eff.span.end <= c.end),
              None)
    if ch is None:
        raise NotModelled(f"changing a cost by {getattr(eff, 'delta', '?')!r}")
    if ch.what == "this":
        return
    mark = len(st.log)
    E.create(st, description=f"{layer.name}: {ch.text}", controller=layer.controller,
             citation=ctx.cite_opt("continuous.duration"), ends_at={"end of turn"},
             uses=1 if ch.next else None, data={"cost change": ch, "source": layer.name})
    ctx.step(T.EVENT, f"{layer.name} creates an effect: {ch.what} cost"
             + ("s" if ch.next else "") + f" {abs(ch.delta)} "
             + ("more" if ch.delta > 0 else "less") + " to play"
             + ("" if ch.next else " this turn"),
             ["continuous.created", "play.cost-increase" if ch.delta > 0
              else "play.cost-reduction"], mark=mark)
