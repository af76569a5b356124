"""Playing a card or an ability (E.4): announcing it (costs payable, resource symbols,
restrictions), the transit zone and a new current state, suspended game events while costs are
paid (E.4.3-E.4.5, fired as one), the total difficulty with progressive difficulty, the control
check, and the card pool.

Costs this module pays (H.4): "Commit" (this card), "Flip", "Destroy", "Remove", committing N
foundations (the starting character may stand in for one, H.4.3), discarding N momentum or N
cards, losing N vitality; anything else is named ``not modelled`` when the card is bound.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from judge.cards import model as M
from judge.engine import trace as T
from judge.engine.context import Context
from judge.engine.errors import IllegalAction, NotModelled, UnstatedChoice
from judge.engine.events import Event
from judge.engine.state import GameObject, MoveObject, SetFlag
from judge.games.ufs import checks as C
from judge.games.ufs import names as N
from judge.games.ufs import values as V
from judge.games.ufs.cards import Played
from judge.games.ufs.effects import Source, amount_ok, player_ok

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.ufs.game import UfsGame


# ------------------------------------------------------------------ costs (H.4)

def cost_ok(cost: M.Cost) -> str | None:
    """None when :func:`pay` can pay ``cost``; else what it lacks, in words."""
    if cost.kind == "check":
        return amount_ok(cost.amount)
    if cost.kind == "exhaust":
        if cost.what is None or (cost.what.ref == "this" and not cost.what.kinds):
            return None
        w = cost.what
        if w.kinds == ("foundation",) and not w.qualities and not w.filters:
            return amount_ok(w.count or M.Amount(value=1))
        return f"the cost 'commit {w.text}'"
    e = cost.effect
    if cost.kind != "effect" or e is None:
        return f"the cost {cost.kind!r}"
    if isinstance(e, M.Flip) and e.face == "down" and e.target is not None and \
            e.target.ref == "this" and not e.target.kinds:
        return None
    if isinstance(e, M.Move) and e.what is not None:
        w = e.what
        if e.verb in ("destroy", "remove") and w.ref == "this" and not w.kinds:
            return None
        if e.verb == "discard" and w.kinds == ("momentum",):
            return amount_ok(w.count or M.Amount(value=1))
        if e.verb == "discard" and w.kinds == ("card",) and not w.qualities and not w.filters:
            return amount_ok(w.count or M.Amount(value=1))
        if e.verb == "destroy" and w.kinds == ("foundation",) and not w.qualities:
            return amount_ok(w.count or M.Amount(value=1))
    if isinstance(e, M.Lose) and e.resource in ("health", "vitality"):
        return player_ok(e.target) or amount_ok(e.amount)
    return f"the cost {_words(e)!r}"


def _words(e: M.Effect) -> str:
    what = getattr(e, "what", None) or getattr(e, "target", None)
    return f"{e.verb} {what.text}" if what is not None and what.text else e.verb


def _n(t: M.Target | None) -> int:
    if t is None or t.count is None or t.count.constant is None:
        return 1
    return t.count.constant


def can_pay(ctx: Context, player: str, card: GameObject,
            costs: tuple[M.Cost, ...]) -> str | None:
    """E.4.1.1: None when every cost can be paid now; else the first that cannot."""
    st = ctx.state
    foundations = [o for o in N.in_zone(st, player, N.STAGING)
                   if N.is_type(o, "foundation") and not N.committed(o) and o.id != card.id]
    hero = N.character(st, player)
    spare_hero = hero is not None and not N.committed(hero) and hero.id != card.id
    momentum = len(st.zones[(player, N.MOMENTUM)].ids)
    hand = len([o for o in N.in_zone(st, player, N.HAND) if o.id != card.id])
    for cost in costs:
        if cost.kind == "check":                # E.4.1.1: control checks excluded
            continue
        if cost.kind == "exhaust" and (cost.what is None or cost.what.ref == "this"):
            if N.committed(card):
                return f"{card.name} is committed (C.1.4: a committed card cannot be committed)"
            continue
        if cost.kind == "exhaust":
            need = _n(cost.what)
            if len(foundations) + (1 if spare_hero else 0) < need:
                return f"committing {need} foundation(s): {player} has {len(foundations)} ready"
            continue
        e = cost.effect
        if isinstance(e, M.Flip) and not card.face_up:
            return f"{card.name} is already face down"
        if isinstance(e, M.Move) and e.what is not None and e.what.kinds == ("momentum",):
            need = _n(e.what)
            if momentum < need:
                return f"discarding {need} momentum: {player} has {momentum}"
        if isinstance(e, M.Move) and e.what is not None and e.what.kinds == ("card",) and \
                hand < _n(e.what):
            return f"discarding {_n(e.what)} card(s): {player} has {hand} in hand"
        if isinstance(e, M.Move) and e.what is not None and e.what.kinds == ("foundation",):
            total = len([o for o in N.in_zone(st, player, N.STAGING)
                         if N.is_type(o, "foundation") and o.id != card.id])
            if total < _n(e.what):
                return f"destroying {_n(e.what)} foundation(s): {player} has {total}"
    return None


def pay(ctx: Context, game: "UfsGame", player: str, card: GameObject,
        costs: tuple[M.Cost, ...], src: Source) -> bool:
    """E.4.4: pay the printed costs in order as written (E.4.4.1); True when all were paid.
    A cost that cannot be paid does not stop the rest (E.4.4)."""
    st = ctx.state
    paid_all = True
    for cost in costs:
        if cost.kind == "check":                # E.4.4: control checks are made in E.4.9
            continue
        if cost.kind == "exhaust" and (cost.what is None or cost.what.ref == "this"):
            if N.committed(card):
                paid_all = False
                continue
            game.commit(ctx, [card], f"{src.name}: the cost Commit", procedures=["cost.commit"])
            continue
        if cost.kind == "exhaust":
            need = _n(cost.what)
            chosen = game.choose_cards(ctx, player, "foundation", need, "commits to pay the cost",
                                       src, state="ready", with_character=True,
                                       excluding=card.id)
            paid_all &= len(chosen) == need
            game.commit(ctx, chosen, f"{src.name}: the cost",
                        procedures=["cost.character-for-foundation"]
                        if any(o.id == st.players[player].hero for o in chosen) else [])
            continue
        e = cost.effect
        if isinstance(e, M.Flip):
            paid_all &= card.face_up
            game.flip(ctx, [card], f"{src.name}: the cost Flip", up=False,
                      procedures=["cost.flip"])
        elif isinstance(e, M.Move) and e.what is not None and e.what.kinds == ("momentum",):
            need = _n(e.what)
            paid_all &= game.discard_momentum(ctx, player, need, f"{src.name}: the cost") == need
        elif isinstance(e, M.Move) and e.what is not None and e.what.kinds == ("card",):
            need = _n(e.what)
            paid_all &= game.discard_from_hand(ctx, player, need, f"{src.name}: the cost") == need
        elif isinstance(e, M.Move) and e.verb == "destroy" and e.what is not None and \
                e.what.kinds == ("foundation",):
            need = _n(e.what)
            chosen = game.choose_cards(ctx, player, "foundation", need, "destroys to pay the "
                                       "cost", src, state=None, excluding=card.id)
            paid_all &= len(chosen) == need
            for o in chosen:
                game.move_card(ctx, o.id, N.DISCARD, f"{src.name}: the cost", "destroy")
        elif isinstance(e, M.Move):
            zone = N.DISCARD if e.verb == "destroy" else N.REMOVED
            paid_all &= card.zone[1] not in (N.DISCARD, N.REMOVED)
            game.move_card(ctx, card.id, zone, f"{src.name}: the cost "
                           f"{e.verb.capitalize()}", e.verb,
                           procedures=["cost.destroy" if e.verb == "destroy" else "cost.remove"])
        elif isinstance(e, M.Lose):
            game.lose_vitality(ctx, player, e.amount.constant or 0 if e.amount else 0, src,
                               cost=True)
    return paid_all


# ------------------------------------------------------------------ resource symbols (E.4.1.2)

def unstated_resources(ctx: Context, player: str, card: GameObject) -> list[str]:
    """The cards E.4.1.2 looks at whose resource symbols the scenario does not state."""
    st = ctx.state
    hero = N.character(st, player)
    pool = [o for o in N.in_zone(st, player, N.POOL) if o.id != card.id]
    involved = [card] + ([hero] if hero is not None else []) + pool
    return list(dict.fromkeys(o.name for o in involved if "resources" not in o.base
                              and o.face_up))


def resources(ctx: Context, player: str, card: GameObject) -> str | None:
    """E.4.1.2: None when the card has a resource symbol present on the player's character and
    on every card in the card pool that has resource symbols; else why not. A card whose
    symbols the scenario does not state is taken to meet the rule (policy ``resources
    assumed``: :func:`note_assumed` says so in the trace; ``error`` refuses the scenario)."""
    st = ctx.state
    unstated = unstated_resources(ctx, player, card)
    if unstated and ctx.policy("resources", "assumed") == "error":
        raise UnstatedChoice("resources", f"the resource symbols of {', '.join(unstated)}",
                             f'card "{unstated[0]}": ..., resource fire')
    if "resources" not in card.base:
        return None
    hero = N.character(st, player)
    pool = [o for o in N.in_zone(st, player, N.POOL) if o.id != card.id]
    symbols = V.value(st, card.id, "resources") or frozenset()
    need = [o for o in ([hero] if hero is not None else []) + pool
            if "resources" in o.base and o.face_up]
    for s in sorted(symbols):
        if all(s in (V.value(st, o.id, "resources") or frozenset()) for o in need):
            return None
    where = ", ".join(o.name for o in need) or "the character"
    return (f"{card.name} has no resource symbol ({', '.join(sorted(symbols)) or 'none'}) that "
            f"is also on {where}")


def shared_symbol(ctx: Context, player: str, card: GameObject) -> str:
    """The first resource symbol that meets E.4.1.2 for ``card`` ("" when its symbols are not
    stated or none does)."""
    st = ctx.state
    if "resources" not in card.base:
        return ""
    hero = N.character(st, player)
    pool = [o for o in N.in_zone(st, player, N.POOL) if o.id != card.id]
    need = [o for o in ([hero] if hero is not None else []) + pool
            if "resources" in o.base and o.face_up]
    for s in sorted(V.value(st, card.id, "resources") or ()):
        if all(s in (V.value(st, o.id, "resources") or frozenset()) for o in need):
            return s
    return ""


def note_assumed(ctx: Context, player: str, card: GameObject) -> None:
    unstated = unstated_resources(ctx, player, card)
    if unstated:
        ctx.step(T.RULE, f"the resource symbols of {', '.join(unstated)} are not stated: "
                 f"{card.name} is taken to meet the resource symbol rule",
                 ["play.resources", "resource-symbols"],
                 default=f"resources: assumed - {card.name} may be played as far as resource "
                         "symbols go (not stated)")


# ------------------------------------------------------------------ playing a card

def verify_card(ctx: Context, player: str, card: GameObject, *, purpose: str) -> None:
    """E.4.1: what forbids announcing the card (raises :class:`IllegalAction`)."""
    st = ctx.state
    only = N.keywords(st, card).get("Only")
    hero = N.character(st, player)
    if isinstance(only, str) and only and (hero is None or not hero.name.startswith(only)):
        raise IllegalAction("play", f"{card.name} has {only} Only: it cannot be played unless "
                            f"your character name is {only} (I.3.2.1)", ctx.cite("play.disallowed"))
    why = resources(ctx, player, card)
    if why is not None:
        raise IllegalAction("play", why, ctx.cite("play.resources"))


def attempt_card(ctx: Context, game: "UfsGame", player: str, card: GameObject, *,
                 purpose: str, attack: GameObject | None = None,
                 costs: "Callable[[], bool] | None" = None,
                 checks: tuple[int, ...] = (), label: str = "") -> bool:
    """E.4 for a card: ``purpose`` "form" | "block" | "reversal" | "ability" (an action card
    played with one of its abilities, ``costs`` paying the ability's costs, E.4.4, and
    ``checks`` its check costs, E.4.9). True when it was played successfully (it is then in
    the card pool); False when the attempt failed (it is discarded)."""
    st = ctx.state
    mark = len(st.log)
    as_block = purpose == "block"
    st.apply(MoveObject(card.id, (player, N.TRANSIT)))
    o = st.objects[card.id]
    ctx.step(T.ACTION, f"{player} attempts to play {o.name}"
             + (f" as a block against {attack.name}" if as_block and attack else
                " as a reversal" if purpose == "reversal" else
                f" with {label}" if purpose == "ability" else " as a form")
             + ": it enters the transit zone with a new current state",
             ["play.announce", "play.transit", "transit.pass", "current.new"], mark=mark,
             actor=player)
    game.statics_on(ctx, o.id)
    game.next_card(ctx, player, o, as_block=as_block)
    note_assumed(ctx, player, o)
    infinite = [c.name for c in (o, N.character(st, player)) if c is not None
                and V.INFINITY in (c.base.get("resources") or ())]
    if infinite:
        ctx.step(T.RULE, f"{' and '.join(infinite)} {'has' if len(infinite) == 1 else 'have'} "
                 "the infinity symbol: all twelve resource symbols", ["infinity"])
    why = resources(ctx, player, o)
    if why is not None:                                             # E.4.2.1
        _fail(ctx, game, player, o, f"after gaining a new current state, {why}",
              ["play.resources-again", "play.failed"])
        return False
    shared = shared_symbol(ctx, player, o)
    if shared:
        ctx.step(T.RULE, f"{o.name} has the {shared} resource symbol, which is on {player}'s "
                 "character and on every card in the card pool with resource symbols",
                 ["play.resources", "resource-symbols"])
    if costs is not None and not costs():                            # E.4.3-E.4.5.1
        _fail(ctx, game, player, st.objects[o.id], "a cost could not be paid",
              ["play.unpaid", "play.failed"])
        return False
    if as_block:
        assert attack is not None
        speed = V.number(st, attack.id, "speed") or 0
        modifier = V.number(st, o.id, "block modifier") or 0
        start = modifier + speed
        basis = (f"block modifier {modifier:+d} + {attack.name}'s speed {speed}",
                 ["play.difficulty-start", "block.difficulty"]
                 + V.layers(st, attack.id, "speed"))
    else:
        start = V.number(st, o.id, "difficulty") or 0
        basis = (f"difficulty {start}", ["play.difficulty-start", "difficulty"]
                 + V.layers(st, o.id, "difficulty"))
    counted = [c for c in N.in_zone(st, player, N.POOL) if N.NOT_COUNTED not in c.flags]
    skipped = [c for c in N.in_zone(st, player, N.POOL) if N.NOT_COUNTED in c.flags]
    total = start + len(counted)
    ctx.step(T.RULE, f"total difficulty of {o.name}: {basis[0]} + {len(counted)} for the "
             f"card(s) in {player}'s card pool = {total}"
             + (f" ({N.names(skipped)} do not count towards progressive difficulty)"
                if skipped else ""),
             ["play.difficulty", "play.check"] + basis[1]
             + ["play.progressive", "play.progressive-named"]
             + (["play.not-counted"] if skipped else []), actor=player)
    result = C.make(ctx, game, player, total, f"to play {o.name}"
                    + (" as a block" if as_block else ""), about=o.id,
                    kind="block" if as_block else "play")
    if st.result is not None:
        return False
    if not result.passed:
        _fail(ctx, game, player, st.objects[o.id], f"the check to play {o.name} failed",
              ["play.check-fails", "play.failed"])
        return False
    if not check_costs(ctx, game, player, st.objects[o.id], checks, label):
        _fail(ctx, game, player, st.objects[o.id], f"a check cost of {label} failed",
              ["play.check-cost-fails", "play.failed"])
        return False
    mark = len(st.log)
    V.carry(ctx, o.id, (player, N.POOL), position="bottom")
    st.apply(SetFlag(o.id, N.PLAYED))
    if as_block:
        st.apply(SetFlag(o.id, N.AS_BLOCK))
    ctx.step(T.EVENT, f"{o.name} is added to {player}'s card pool, to the right of every other "
             f"card: it has been played successfully"
             + ("" if N.is_type(o, "attack") and not as_block else " and has resolved"),
             ["play.to-pool", "card-pool.order", "play.done"], mark=mark, actor=player)
    return True


def _fail(ctx: Context, game: "UfsGame", player: str, o: GameObject, why: str,
          procedures: list[str]) -> None:
    st = ctx.state
    mark = len(st.log)
    st.apply(MoveObject(o.id, (player, N.DISCARD)))
    ctx.step(T.EVENT, f"{why}: {o.name} is discarded and the attempt to play it fails",
             procedures + ["discard.top"], mark=mark, actor=player)
    game.happen(ctx, [Event("discard", player=player, source=o.id,
                            data=(("cards", (o.id,)),))])


# ------------------------------------------------------------------ playing an ability

def attempt_ability(ctx: Context, game: "UfsGame", player: str, card: GameObject,
                    ability: Played, src: Source) -> bool:
    """E.4 for an ability: pay its costs with game events suspended (E.4.3-E.4.5), then it has
    been played (E.4.11) and its immediate effect executes (J.3.1.1) after the game event of its
    playing. True when it was played."""
    st = ctx.state
    label = f"{card.name}'s {ability.timing} ability {ability.text!r}"
    committed = N.committed(card) and ability.while_committed
    ctx.step(T.ACTION, f"{player} plays {label}"
             + (f" ({card.name} is committed: the ability is playable while committed)"
                if committed else ""),
             ["play.announce", "played-ability", _TIMING_RULE[ability.timing],
              _WHERE_RULE[ability.timing]] + game.restriction_rules(ability)
             + (["playable-committed"] if committed else []), actor=player)
    costs = costs_of(ability, src.paid)
    checks = tuple(c.amount.constant or 0 for c in costs if c.kind == "check" and c.amount)

    def paying() -> bool:
        held: list[Event] = []
        with game.suspended(ctx, held):
            done = pay(ctx, game, player, st.objects[card.id], costs, src)
            if costs:
                ctx.step(T.RULE, f"the costs of {label} are paid with game events suspended",
                         ["play.suspend", "play.pay", "play.pay-printed"], actor=player)
        if held:
            ctx.step(T.RULE, "the game events of paying the costs occur now, as a single "
                     "event", ["play.events"])
            game.happen(ctx, held)
        return done

    if card.zone == (player, N.HAND) and N.is_type(card, "action") and \
            ability.keyword != "Reversal":
        # E.4: an ability on an action card in the hand plays the card too, in one process
        if not attempt_card(ctx, game, player, card, purpose="ability", costs=paying,
                            checks=checks, label=label):
            return False
        card = st.objects[card.id]
        paid = True
    else:
        paid = paying()
    if not paid:
        ctx.step(T.RULE, f"a cost of {label} could not be paid: the attempt to play it is "
                 "aborted", ["play.unpaid", "play.failed"], actor=player)
        return False
    if ability.keyword == "Reversal":                               # E.4.6
        attack = src.events[0].source if src.events else None
        N.note(st, N.REVERSALS, tuple(N.g(st, N.REVERSALS, ())) + ((player, attack),))
        ctx.step(T.RULE, f"the cost of {label} includes playing {card.name}: {player} attempts "
                 f"to play it as a reversal", ["play.card-cost", "reversal.as", "reversal.once"],
                 actor=player)
        if not attempt_card(ctx, game, player, card, purpose="reversal"):
            ctx.step(T.RULE, f"the attempt to play {card.name} failed: the reversal ability is "
                     "aborted", ["play.card-cost-fails"], actor=player)
            return False
        card = st.objects[card.id]
        st.apply(SetFlag(card.id, N.REVERSAL))
    if not (card.zone == (player, N.POOL) and N.is_type(card, "action")) and \
            not check_costs(ctx, game, player, card, checks, label):
        ctx.step(T.RULE, f"a check cost of {label} failed: the attempt to play it is aborted",
                 ["play.check-cost-fails", "play.failed"], actor=player)
        return False
    game.count_use(ctx, card, ability)
    ctx.step(T.RULE, f"{label} has been played successfully; its immediate effect executes",
             ["play.done", "immediate", "immediate.after"], actor=player)
    game.happen(ctx, [Event("ability", player=player, source=card.id,
                            data=(("key", ability.key), ("timing", ability.timing)))])
    if st.result is None:
        game.execute(ctx, card, ability, src)
    return True


_TIMING_RULE = {"enhance": "enhance", "form": "form-ability", "response": "response"}
_WHERE_RULE = {"enhance": "enhance.where", "form": "form.where", "response": "response.where"}


def check_costs(ctx: Context, game: "UfsGame", player: str, card: GameObject,
                checks: tuple[int, ...], label: str) -> bool:
    """E.4.9: the check costs "(+N)" (H.4.2), in printed order; False when one fails. Cards
    committed to pass one count as committed as part of a cost (H.4.2.1)."""
    for n in checks:
        ctx.step(T.RULE, f"{label} has a check cost (+{n}): a check against difficulty {n}",
                 ["play.check-costs", "play.check-costs-printed", "cost.check"], actor=player)
        result = C.make(ctx, game, player, n, f"for the check cost (+{n}) of {label}",
                        about=card.id, kind="cost")
        if ctx.state.result is not None or not result.passed:
            return False
    return True


def costs_of(ability: Played, paid: int) -> tuple[M.Cost, ...]:
    """The costs to pay: the printed ones, or those of a keyword ability (I.3): Powerful, EX
    and Multiple discard momentum (the number the player chose)."""
    if ability.keyword in ("Powerful", "EX", "Multiple"):
        return (M.Cost(kind="effect", effect=M.Move(verb="discard", what=M.Target(
            kinds=("momentum",), count=M.Amount(value=max(1, paid))))),)
    return ability.costs


def not_modelled_cost(ability: Played) -> str | None:
    for c in ability.costs:
        why = cost_ok(c)
        if why is not None:
            return why
    return None


def check_cost(ability: Played) -> None:
    why = not_modelled_cost(ability)
    if why is not None:
        raise NotModelled(why)
