"""Searching a deck, revealing from it and shuffling it (FaB 24, 19.6.2, 19.7).

* A search effect ("Search your deck for a Wizard 'non-attack' action card with cost 1 or
  less") finds the card the scenario states (``Alice finds "Zap"``) or nothing (``Alice fails
  to find``). A search for a card with defined properties may fail even if the deck holds such
  a card (24.2); a search for "a card" must find one unless the deck is empty (24.3). An
  unstated result is ``not modelled``: the engine never picks a card for the player.
* The deck is shuffled after a search (24.4, by the card's own "then shuffle your deck" when it
  says so). After a shuffle the order of the deck is unknown: the engine keeps, per player, how
  many cards at the top of the deck have a known order (cards put on top after the shuffle),
  and drawing or revealing a card below them is ``not modelled`` instead of a guessed card.
* "Shuffle up to N <cards> from your graveyard into your deck": the player states the cards
  (``Alice chooses "Zap"``) or none (``Alice chooses "none"``); with zero cards the deck is not
  shuffled (24.5).
* "Reveal it" / "reveal the top card of your deck" reveal the found or top card; the card
  revealed is kept for the rest of the resolution ("the card revealed this way").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator

from judge.cards import model as M
from judge.engine import trace as T
from judge.engine.context import Context, StatedChoice
from judge.engine.errors import IllegalAction, NotModelled
from judge.engine.chain import Layer
from judge.engine.state import MoveObject, SetGlobal, State
from judge.games.fab.reading import is_self, target_text

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame

ORDER = "deck order"          # globals: ((player, cards of known order at the top), ...)
FOUND, REVEALED = "found", "revealed"     # Layer.data keys for the rest of a resolution
NONE_WORDS = frozenset({"none", "nothing", "no cards", "zero cards", "zero", "0"})



# --------------------------------------------------------------------------- deck order

def known_top(state: State, player: str) -> int | None:
    """How many cards at the top of ``player``'s deck have a known order; None: all of them
    (the deck has not been shuffled)."""
    return dict(state.globals.get(ORDER, ())).get(player)


def _set_known(state: State, player: str, n: int) -> None:
    order = dict(state.globals.get(ORDER, ()))
    order[player] = max(0, n)
    state.apply(SetGlobal(ORDER, tuple(sorted(order.items()))))


def check_top(ctx: Context, player: str, n: int, what: str) -> None:
    """Refuse to guess: taking ``n`` cards from the top of a shuffled deck is not modelled
    beyond the cards whose position is known."""
    st = ctx.state
    known = known_top(st, player)
    deck = len(st.zones[(player, "deck")].ids)
    if known is not None and min(n, deck) > known:
        raise NotModelled(f"{what}: {player}'s deck was shuffled, the order of its cards is "
                          f"unknown (the top {T.plural(known, 'cards')} known)",
                          ctx.cite_opt("search.shuffle"))


def took_top(state: State, player: str, n: int) -> None:
    known = known_top(state, player)
    if known is not None and n:
        _set_known(state, player, known - n)


def shuffle(ctx: Context, player: str, procedures: list[str], why: str = "") -> None:
    st = ctx.state
    mark = len(st.log)
    _set_known(st, player, 0)
    n = len(st.zones[(player, "deck")].ids)
    ctx.step(T.EVENT, f"{player} shuffles their deck{why}: the order of its {T.plural(n, 'cards')} is now "
             "unknown", procedures, mark=mark)


# --------------------------------------------------------------------------- search properties

@dataclass(frozen=True, slots=True)
class Wanted:
    """The defined properties of a search ("Wizard 'non-attack' action card with cost 1 or
    less"); ``text`` as printed."""
    text: str
    kinds: frozenset[str]
    non_attack: bool = False
    cost: tuple[int, str] | None = None

    def matches(self, state: State, oid: int) -> tuple[bool, str]:
        o = state.objects[oid]
        missing = [k for k in sorted(self.kinds) if k not in o.kinds]
        if missing:
            return False, f"{o.name} is not {' '.join(missing)}"
        if self.non_attack and "attack" in o.kinds:
            return False, f"{o.name} is an attack"
        if self.cost is not None:
            cost = state.value(oid, "cost")
            if cost is None:        # 19.6.1: "does it cost N or less?" is false
                return False, f"{o.name} has no cost value"
            n, bound = self.cost
            if not (cost <= n if bound == "less" else cost >= n):
                return False, f"{o.name} costs {cost}"
        return True, ""


def _printed(t: M.Target | None) -> str:
    """A target as printed, lower case, without its article ("wizard action card ...")."""
    words = target_text(t).split()
    return " ".join(words[1:] if words[:1] in (["a"], ["an"]) else words)


def wanted(what: M.Target | None) -> Wanted | None:
    """The properties searched for; None for "a card" (no defined properties, 24.3)."""
    if what is None or what.kinds[-1:] != ("card",) or what.qualities or what.alternatives \
            or what.count is not None or len(what.filters) > 1:
        raise NotModelled(f"searching for {_printed(what)!r}")
    cost = None
    if what.filters:
        c = what.filters[0].comparison
        if c is None or c.left.measure != "cost" or c.op not in ("<=", ">=") or \
                c.right.constant is None:
            raise NotModelled(f"searching for {_printed(what)!r}")
        cost = (c.right.constant, "less" if c.op == "<=" else "more")
    words = [w for k in what.kinds[:-1] for w in k.split()]
    non_attack = "non-attack" in words
    kinds = frozenset(w for w in words if w != "non-attack")
    if not kinds and not non_attack and cost is None:
        return None
    if any(not k.isalpha() for k in kinds):
        raise NotModelled(f"searching for {_printed(what)!r}")
    return Wanted(text=_printed(what), kinds=kinds, non_attack=non_attack, cost=cost)


# --------------------------------------------------------------------------- pending effects

def _walk(effects: Any) -> Iterator[M.Effect]:
    for e in effects or ():
        yield e
        if isinstance(e, M.Conditional):
            yield from _walk(e.then)
            yield from _walk(e.otherwise)
        elif isinstance(e, M.Choice):
            for option in e.options:
                yield from _walk(option)


def _layer_effects(layer: Layer) -> tuple[M.Effect, ...]:
    rules = layer.data.get("rules")
    ability = layer.data.get("ability")
    return tuple(rules.on_resolve if rules is not None else
                 ability.effects if ability is not None else ())


def _pending(ctx: Context, player: str, test) -> tuple[Layer, M.Effect] | None:
    """The topmost layer of ``player`` on the chain with an effect passing ``test``."""
    for layer in reversed(ctx.state.chain):
        if layer.controller != player:
            continue
        for e in _walk(_layer_effects(layer)):
            if test(e):
                return layer, e
    return None


def _is_search(e: M.Effect) -> bool:
    return isinstance(e, M.Search) and e.zone is not None and e.zone.name == "deck" and \
        e.zone.owner == "you"


def _up_to(e: M.Effect) -> tuple[int, M.Target] | None:
    """"Shuffle up to N <cards> from your graveyard into your deck": (N, the cards)."""
    if not (isinstance(e, M.Move) and e.verb == "shuffle" and e.what is not None):
        return None
    w = e.what
    if w.quantifier != "up to" or w.count is None or w.count.constant is None or \
            e.from_zone is None or e.from_zone.name != "graveyard" or \
            e.from_zone.owner != "you" or e.to_zone is None or e.to_zone.name != "deck" or \
            e.to_zone.owner != "you":
        return None
    return w.count.constant, w


def _is_up_to(e: M.Effect) -> bool:
    return _up_to(e) is not None


def _your_deck(z: M.Zone | None) -> bool:
    return z is not None and z.name == "deck" and z.owner == "you" and not z.position


# --------------------------------------------------------------------------- stated results

def verify_find(game: "FabGame", ctx: Context, player: str, card: int | None = None) -> None:
    st = ctx.state
    game.refuse_if_over(ctx, "find")
    found = _pending(ctx, player, _is_search)
    if found is None:
        raise IllegalAction("find", f"no search effect of {player} waits to resolve on the chain",
                            ctx.cite("search.must"))
    _, search = found
    want = wanted(search.what)
    deck = st.zones[(player, "deck")].ids
    if card is None:
        if want is None and deck:
            raise IllegalAction("find", f"{player} searches for a card with no defined "
                                f"properties: with {T.plural(len(deck), 'cards')} in the deck, a card must "
                                "be found", ctx.cite("search.undefined"))
        return
    if st.objects[card].zone != (player, "deck"):
        raise IllegalAction("find", f"{st.objects[card].name} is not in {player}'s deck",
                            ctx.cite("search.must"))
    if want is not None:
        ok, why = want.matches(st, card)
        if not ok:
            raise IllegalAction("find", f"the search is for a {want.text}: {why}",
                                ctx.cite("search.fail"))


def find(game: "FabGame", ctx: Context, player: str, card: int | None = None) -> None:
    st = ctx.state
    ctx.choices.stated.append(StatedChoice(player, "find", card))
    if card is None:
        ctx.step(T.CHOICE, f"{player} will fail to find a card when the search resolves (a "
                 "deck is a hidden zone)", ["search.fail", "search.hidden"], actor=player)
    else:
        ctx.step(T.CHOICE, f"{player} will find {st.objects[card].name} when the search "
                 "resolves", ["search.must"], actor=player)


def wants_pick(ctx: Context, player: str, choice: str) -> bool:
    """A ``chooses`` line answers a pending "shuffle up to N ... into your deck"."""
    return _pending(ctx, player, _is_up_to) is not None


def verify_pick(game: "FabGame", ctx: Context, player: str, choice: str) -> None:
    st = ctx.state
    found = _pending(ctx, player, _is_up_to)
    assert found is not None
    if " ".join(choice.lower().split()) in NONE_WORDS:
        return
    _, eff = found
    up_to = _up_to(eff)
    assert up_to is not None
    oid = _graveyard_card(st, player, choice)
    if oid is None:
        raise IllegalAction("choose", f"{choice!r} is not a card in {player}'s graveyard",
                            ctx.cite("resolve.choices"))
    ok, why = _kind_matches(st, oid, up_to[1])
    if not ok:
        raise IllegalAction("choose", why, ctx.cite("resolve.choices"))


def pick(game: "FabGame", ctx: Context, player: str, choice: str) -> None:
    st = ctx.state
    none = " ".join(choice.lower().split()) in NONE_WORDS
    oid = None if none else _graveyard_card(st, player, choice)
    ctx.choices.stated.append(StatedChoice(player, "shuffle pick", oid))
    ctx.step(T.CHOICE, f"{player} chooses " + ("zero cards" if none else st.objects[oid].name)
             + " to shuffle into their deck", ["resolve.choices"], actor=player)


def _graveyard_card(st: State, player: str, name: str) -> int | None:
    return next((o.id for o in st.in_zone((player, "graveyard"))
                 if o.name.lower() == name.lower()), None)


def _kind_matches(st: State, oid: int, what: M.Target) -> tuple[bool, str]:
    o = st.objects[oid]
    kinds = [w for k in what.kinds for w in k.split()]
    if kinds[-1:] != ["card"] or any(not k.isalpha() for k in kinds) or what.qualities or \
            what.filters:
        raise NotModelled(f"choosing {target_text(what)!r}")
    missing = [k for k in kinds[:-1] if k not in o.kinds]
    return (not missing), f"{o.name} is not {' '.join(missing)}"


# --------------------------------------------------------------------------- resolving effects

def handles(layer: Layer, eff: M.Effect) -> bool:
    """The effects this module carries out (the rest stay with fab_effects)."""
    if is_card_condition(eff):
        return True
    if isinstance(eff, (M.Search, M.Shuffle, M.Reveal)):
        return True
    if isinstance(eff, M.Move):
        if eff.verb == "shuffle":
            return True
        if eff.verb == "put" and eff.what is not None and eff.what.ref == "it" and \
                not eff.what.kinds and FOUND in layer.memory:
            return True
        if eff.verb == "banish" and is_self(eff.what):
            return True                       # its own name means itself (19.3)
    return False


def run(game: "FabGame", ctx: Context, layer: Layer, eff: M.Effect) -> None:
    if is_card_condition(eff):
        _card_condition(game, ctx, layer, eff)
    elif isinstance(eff, M.Search):
        _search(game, ctx, layer, eff)
    elif isinstance(eff, M.Shuffle) or isinstance(eff, M.Move) and eff.verb == "shuffle":
        _shuffle(game, ctx, layer, eff)
    elif isinstance(eff, M.Reveal):
        _reveal(game, ctx, layer, eff)
    elif eff.verb == "put":
        _put_found(game, ctx, layer, eff)
    else:
        _banish_self(game, ctx, layer)


def _search(game: "FabGame", ctx: Context, layer: Layer, eff: M.Search) -> None:
    st = ctx.state
    p = layer.controller
    want = wanted(eff.what)
    what = f"a {want.text}" if want else "a card"
    deck = st.zones[(p, "deck")].ids
    mark = len(st.log)
    choice = ctx.choices.take(p, "find")
    if choice is None and deck:
        raise NotModelled(f"which card {p} finds searching their deck for {what} (state it: "
                          f"{p} finds \"...\" or {p} fails to find)")
    oid = choice.value if choice is not None else None
    if oid is not None and st.objects[oid].zone != (p, "deck"):
        raise NotModelled(f"{st.objects[oid].name} is no longer in {p}'s deck")
    top = layer.memory.get(REVEALED)
    hidden_again = None
    if top is not None and deck and deck[0] == top:
        # the top card this resolution revealed is hidden again as the search begins
        hidden_again = st.objects[top].name
        ctx.step(T.RULE, f"{hidden_again}, the revealed top card of {p}'s deck, is no longer "
                 "revealed once the search of that deck begins", ["search.revealed-top"],
                 mark=mark, actor=p)
        mark = len(st.log)
    layer.memory[FOUND] = oid
    if oid is None:
        matches = hidden_again is not None and want is not None and want.matches(st, top)[0]
        ctx.step(T.EVENT, f"{p} searches their deck for {what} and "
                 + ("finds nothing: the deck is empty" if not deck else
                    "fails to find one: the search finds no card, the rest of the effect "
                    "resolves as normal")
                 + (f" ({hidden_again} would fit, but it is hidden information again, and a "
                    "player may fail to find a card that is hidden)" if matches else ""),
                 ["search.must", "search.undefined" if want is None else "search.fail"]
                 + (["search.public-hidden"] if matches else []),
                 mark=mark, actor=p)
    else:
        ctx.step(T.EVENT, f"{p} searches their deck for {what} and finds "
                 f"{st.objects[oid].name}", ["search.must"], mark=mark, actor=p)
    later = _later_shuffle(layer, eff)
    if later:
        layer.memory["search shuffle"] = True      # the card's own shuffle is the 24.4 shuffle
    else:
        shuffle(ctx, p, ["search.shuffle"], " after searching it")


def _later_shuffle(layer: Layer, search: M.Effect) -> bool:
    seen = False
    for e in _walk(_layer_effects(layer)):
        if e is search:
            seen = True
        elif seen and isinstance(e, M.Shuffle) and _your_deck(e.zone):
            return True
    return False


def _shuffle(game: "FabGame", ctx: Context, layer: Layer, eff: M.Effect) -> None:
    st = ctx.state
    p = layer.controller
    if isinstance(eff, M.Shuffle):
        if not _your_deck(eff.zone):
            raise NotModelled(f"shuffling {eff.zone.name if eff.zone else 'a zone'!r}")
        searched = layer.memory.pop("search shuffle", False)
        shuffle(ctx, p, ["resolve.in-order"] + (["search.shuffle"] if searched else []),
                " after searching it" if searched else "")
        return
    up_to = _up_to(eff)
    if up_to is None:
        raise NotModelled(f"shuffling {target_text(eff.what)!r}")
    limit, what = up_to
    kinds_words = " ".join(what.kinds[:-1] + ("cards" if limit != 1 else "card",))
    picks = []
    while (c := ctx.choices.take(p, "shuffle pick")) is not None:
        picks.append(c.value)
    if not picks:
        raise NotModelled(f"which of up to {limit} {kinds_words} {p} shuffles into their deck "
                          f"(state it: {p} chooses \"<card>\" or {p} chooses \"none\")")
    cards = [oid for oid in picks if oid is not None]
    if len(cards) > limit:
        raise NotModelled(f"{len(cards)} cards chosen for 'up to {limit}'")
    mark = len(st.log)
    if not cards:
        ctx.step(T.RULE, f"{p} shuffles zero cards into their deck: the deck is not shuffled",
                 ["shuffle.zero"], mark=mark, actor=p)
        return
    for oid in cards:
        if st.objects[oid].zone != (p, "graveyard"):
            raise NotModelled(f"{st.objects[oid].name} is no longer in {p}'s graveyard")
        st.apply(MoveObject(oid, (p, "deck"), face_up=False))
    ctx.step(T.EVENT, f"{p} puts {', '.join(st.objects[o].name for o in cards)} from their "
             "graveyard into their deck", ["resolve.in-order"], mark=mark, actor=p)
    shuffle(ctx, p, ["resolve.in-order"])


def _put_found(game: "FabGame", ctx: Context, layer: Layer, eff: M.Move) -> None:
    st = ctx.state
    p = layer.controller
    oid = layer.memory.get(FOUND)
    z = eff.to_zone
    top = z is not None and z.name == "deck" and z.owner == "you" and z.position == "top"
    hand = z is not None and z.name == "hand" and z.owner == "you" and not z.position
    to = "top of your deck" if top else "your hand" if hand else (z.name if z else "")
    mark = len(st.log)
    if oid is None:
        ctx.step(T.RULE, "no card was found: putting it " + ("on " if top else "into ")
                 + f"{to} is ignored", ["resolve.part-ignored"], mark=mark)
        return
    o = st.objects[oid]
    if top:
        st.apply(MoveObject(oid, (p, "deck"), position="top", face_up=False))
        known = known_top(st, p)
        if known is not None:
            _set_known(st, p, known + 1)
    elif hand:
        st.apply(MoveObject(oid, (p, "hand"), face_up=False))
    else:
        raise NotModelled(f"putting the card found {to!r}")
    ctx.step(T.EVENT, f"{o.name} is put " + (f"on top of {p}'s deck" if top
                                             else f"into {p}'s hand"),
             ["resolve.in-order"], mark=mark, actor=p)


def _banish_self(game: "FabGame", ctx: Context, layer: Layer) -> None:
    st = ctx.state
    if layer.source is None:
        raise NotModelled("banishing an ability's source")
    o = st.objects[layer.source]
    mark = len(st.log)
    if o.zone not in ((None, "chain"), (None, "combat chain")) and o.zone[1] not in (
            "equipment", "weapons", "permanents"):
        ctx.step(T.RULE, f"{o.name} is no longer on the chain or in the arena: it is not "
                 "banished", ["resolve.part-ignored"], mark=mark)
        return
    st.apply(MoveObject(o.id, (o.owner, "banished")))
    ctx.step(T.EVENT, f"{o.name} is banished (its own name means itself)",
             ["resolve.in-order", "own-name"], mark=mark)


def _reveal(game: "FabGame", ctx: Context, layer: Layer, eff: M.Reveal) -> None:
    st = ctx.state
    p = layer.controller
    what = eff.what
    mark = len(st.log)
    if what is not None and what.ref == "it" and not what.kinds and eff.to is None:
        if FOUND not in layer.memory:
            raise NotModelled("revealing 'it' with nothing found before")
        oid = layer.memory[FOUND]
        if oid is None:
            ctx.step(T.RULE, "no card was found: there is nothing to reveal",
                     ["resolve.part-ignored"], mark=mark)
            return
        ctx.step(T.EVENT, f"{p} reveals {st.objects[oid].name}", ["resolve.in-order"],
                 mark=mark, actor=p)
        layer.memory[REVEALED] = oid
        return
    z = what.zone if what is not None else None
    if what is not None and what.kinds == ("card",) and what.count is None and \
            z is not None and z.name == "deck" and z.owner == "you" and z.position == "top" \
            and eff.to is None and not what.qualities:
        # "reveal the top card of your deck"
        deck = st.zones[(p, "deck")].ids
        if not deck:
            layer.memory[REVEALED] = None
            ctx.step(T.RULE, f"{p}'s deck is empty: no card is revealed",
                     ["resolve.part-ignored"], mark=mark)
            return
        check_top(ctx, p, 1, "revealing the top card")
        layer.memory[REVEALED] = deck[0]
        ctx.step(T.EVENT, f"{p} reveals the top card of their deck: {st.objects[deck[0]].name}",
                 ["resolve.in-order"], mark=mark, actor=p)
        return
    raise NotModelled(f"revealing {target_text(what)!r}")


def revealed_value(ctx: Context, layer: Layer, stat: str) -> int:
    """A value of "the card revealed this way": a card with no such value returns zero
    (19.6.2)."""
    st = ctx.state
    if REVEALED not in layer.memory:
        raise NotModelled("'the card revealed this way' before any card was revealed")
    oid = layer.memory[REVEALED]
    if oid is None:
        ctx.step(T.RULE, f"X is the {stat} of the card revealed: no card was revealed, so there "
                 "is no value to return and it is zero", ["value.returned"])
        return 0
    o = st.objects[oid]
    value = st.value(oid, stat)
    if value is None:
        ctx.step(T.RULE, f"X is the {stat} value of {o.name}, the card revealed: {o.name} has no "
                 f"{stat} value to return, so it is considered to be zero", ["value.returned"])
        return 0
    ctx.step(T.RULE, f"X is the {stat} value of {o.name}, the card revealed: {value}",
             ["resolve.in-order"])
    return value


# --------------------------------------------------------------------------- "if the ... card has"

DISCARDED = "discarded"       # Layer.data key: the cards a resolving effect discarded
_MEMORY = {"discarded": DISCARDED, "revealed": REVEALED, "found": FOUND}
_ICONS = {"power": "p", "defense": "d"}


def _card_has(eff: M.Effect) -> tuple[str, str, int, str] | None:
    """"If the discarded / revealed / found card has N or more / less {p}": (which card, the
    stat, N, "more" / "less"), else None."""
    c = eff.condition if isinstance(eff, M.Conditional) and not eff.otherwise else None
    cmp = c.comparison if c is not None and c.test == "compare" and not c.negated else None
    if cmp is None or cmp.op not in (">=", "<=") or cmp.right.constant is None or \
            cmp.left.measure not in _ICONS:
        return None
    card = cmp.left.of
    if card is None or card.kinds != ("card",) or len(card.qualities) != 1 or \
            card.qualities[0] not in _MEMORY or card.ref not in ("that", "") or card.filters:
        return None
    return (card.qualities[0], cmp.left.measure, cmp.right.constant,
            "more" if cmp.op == ">=" else "less")


def is_card_condition(eff: M.Effect) -> bool:
    """"If the discarded card has 6 or more {p}, <effects>" (Sand Sketched Plan)."""
    return _card_has(eff) is not None


def _card_condition(game: "FabGame", ctx: Context, layer: Layer, eff: M.Conditional) -> None:
    st = ctx.state
    found = _card_has(eff)
    assert found is not None
    which, stat, n, bound = found
    icon = _ICONS[stat]
    key = _MEMORY[which]
    if key not in layer.memory:
        raise NotModelled(f"'the {which} card' before any card was {which}")
    held = layer.memory[key]
    cards = list(held) if isinstance(held, tuple) else ([] if held is None else [held])
    if len(cards) > 1:
        raise NotModelled(f"'the {which} card' with {len(cards)} cards {which}")
    mark = len(st.log)
    if not cards:
        ctx.step(T.RULE, f"no card was {which}: \"if the {which} card has {n} or {bound} "
                 f"{{{icon}}}\" is false", ["resolve.part-ignored"], mark=mark)
        return
    o = st.objects[cards[0]]
    value = st.value(o.id, stat)
    printed = o.base.get(stat)
    if value is not None and not isinstance(value, int):
        # "*" power: the card's text defines it in every zone (25.1.4)
        raise NotModelled(f"{o.name}'s {stat} {value!r}, which its text defines",
                          ctx.cite_opt("power.variable") if stat == "power" else None)
    x_power = stat == "power" and isinstance(printed, str) and printed.upper() == "X"
    holds = value is not None and (value >= n if bound == "more" else value <= n)
    shown = (f"{o.name} has no {stat} value, so the answer is false" if value is None
             else f"{o.name} has X power, which is zero outside the chain: {value}" if x_power
             else f"{o.name} has {value} {stat}")
    ctx.step(T.RULE, f"if the {which} card has {n} or {bound} {stat}: {shown}" + (
        "" if holds else "; the effect does nothing"),
        ["resolve.in-order"] + (["value.defined", "value.missing"] if value is None else [])
        + (["power.x"] if x_power else []), mark=mark)
    if holds:
        game.run_effects(ctx, layer, eff.then)
