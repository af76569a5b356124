"""Keyword effects of the v1.4 glossary that resolve as part of a card or triggered effect
(none adds a layer of its own): **Intimidate**, **Opt N**, **Reload**, **Charge** and
**Negate**; and the deck-building keywords checked when a scenario sets up (**Legendary**,
**Specialization**, **Essence**, **Mentor**, with 4.1.6-4.1.8).

Every choice a keyword asks of a player, and every card that chance picks, is a decision the next
scenario line answers (``Bob banishes "X"``, ``Alice chooses "A" and "B"``, ``Alice orders "A",
"B"``); the engine never picks for a player. A choice with a default the rules give ("you may":
not doing it) takes it under the ``optional`` policy, and the ruling says so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from judge.cards import model as M
from judge.engine import effects as E
from judge.engine import chain as S
from judge.engine import trace as T
from judge.engine.chain import Layer
from judge.engine.context import Context
from judge.engine.decisions import Decision
from judge.engine.errors import NotModelled
from judge.engine.events import PendingTrigger
from judge.engine.state import MoveObject, State
from judge.games.fab import deck as fab_deck

if TYPE_CHECKING:  # pragma: no cover
    from judge.games.fab.game import FabGame

# keywords that are effects when a card with them resolves (printed alone on a line)
RESOLVING = ("intimidate", "opt", "reload", "charge", "negate")
# the words of a card's types that are not a class or talent (4.1.6, 6.4.2)
TYPE_WORDS = frozenset({"action", "instant", "attack", "reaction", "defense", "mentor",
                        "resource", "equipment", "weapon", "hero", "token", "generic"})
_PREFIXES = ("ser",)                  # name prefixes a specialization ignores (4.1.8)
INTIMIDATED = "intimidated"           # effect data: the cards banished by intimidate


def is_resolving(kw: M.Keyword) -> bool:
    return " ".join(kw.name.lower().split()) in RESOLVING


def run(game: "FabGame", ctx: Context, layer: Layer, eff: M.KeywordAction) -> None:
    name = " ".join((eff.keyword.name if eff.keyword else eff.verb).lower().split())
    handler = {"intimidate": intimidate, "opt": opt, "reload": reload, "charge": charge,
               "negate": negate}.get(name)
    if handler is None:
        raise NotModelled(f"the keyword effect {name!r}")
    handler(game, ctx, layer, eff)


def _hero(game: "FabGame", ctx: Context, layer: Layer) -> str:
    """"Target hero" of a keyword effect: the hero chosen for the layer, or the hero the attack
    that made the effect targets."""
    chosen = [t for t in layer.targets if isinstance(t, str)]
    if chosen:
        return chosen[0]
    raise NotModelled(f"the target hero of {layer.name}'s effect: none was chosen")


def _cards_of(st: State, oids: list[int]) -> tuple[str, ...]:
    return tuple(st.objects[o].name for o in oids)


# --------------------------------------------------------------------------- intimidate

def _card_in_hand(ctx: Context, hand: list[int],
                  decision: Callable[[tuple[str, ...]], Decision]) -> int:
    """The only card of ``hand``, or the one the scenario names in answer to the decision made
    from the hand's card names."""
    if len(hand) == 1:
        return hand[0]
    picked = ctx.answer_to(decision(_cards_of(ctx.state, hand)))
    return next(o for o in hand if ctx.state.objects[o].name == picked.value)


def intimidate(game: "FabGame", ctx: Context, layer: Layer, eff: Any) -> None:
    """"Target hero banishes face down a random card from their hand. At the beginning of the
    end phase, return all cards banished this way to their owner's hand." (Intimidate)"""
    st = ctx.state
    hero = _hero(game, ctx, layer)
    hand = list(st.zones[(hero, "hand")].ids)
    mark = len(st.log)
    if not hand:
        ctx.step(T.RULE, f"{hero} has no card in hand: intimidate banishes nothing",
                 ["kw.intimidate", "resolve.part-ignored"], mark=mark)
        return
    oid = _card_in_hand(ctx, hand, lambda names: Decision(
        key=f"intimidate:{layer.id}:{hero}:{len(st.log)}", player=hero, kind="banish",
        prompt=f"which card of {hero}'s hand {layer.name}'s intimidate banishes at random "
               "(chance picks it: the scenario states which)",
        options=names, citation=ctx.cite_opt("kw.intimidate") or "",
        example=f'{hero} banishes "{names[0]}"'))
    st.apply(MoveObject(oid, (st.objects[oid].owner, "banished"), face_up=False))
    o = st.objects[oid]
    E.create(st, description=f"{layer.name}: at the beginning of the end phase, {o.name} "
             f"returns to {o.owner}'s hand", controller=layer.controller,
             citation=ctx.cite_opt("kw.intimidate"), ends_at={"end of turn"},
             data={INTIMIDATED: (oid, o.incarnation), "source name": layer.name})
    ctx.step(T.EVENT, f"{layer.name} intimidates {hero}: {o.name} is banished face down, at "
             f"random{'' if len(hand) > 1 else ' (the only card in hand)'}; it returns to "
             f"{o.owner}'s hand at the beginning of the end phase",
             ["kw.intimidate", "trigger.delayed-created"], mark=mark)
    game.signal(ctx, "banish", player=hero, obj=oid)


def intimidate_returns(game: "FabGame", ctx: Context) -> None:
    """The delayed triggers of intimidate at the beginning of the end phase: each returns its
    card, if it is still the card that was banished (11.7; Intimidate: a card that left the
    banished zone is not returned, and the trigger is not added)."""
    st = ctx.state
    for e in sorted(list(st.effects.values()), key=lambda e: e.timestamp):
        found = e.data.get(INTIMIDATED)
        if found is None or not E.is_active(st, e.id):
            continue
        oid, inc = found
        o = st.objects[oid]
        st.apply(E.EndEffect(e.id))
        if o.incarnation != inc or o.zone != (o.owner, "banished"):
            ctx.step(T.RULE, f"{o.name} has left the banished zone: intimidate's delayed trigger "
                     "is not added to the chain", ["kw.intimidate"])
            continue
        ctx.step(T.TRIGGER, f"the beginning of the end phase: {e.data['source name']}'s "
                 f"intimidate trigger returns {o.name}", ["kw.intimidate", "turn.end-triggers"])

        def resolve(c: Context, trig: PendingTrigger, oid: int = oid, inc: int = inc) -> None:
            s = c.state
            obj = s.objects[oid]
            mark = len(s.log)
            if obj.incarnation != inc or obj.zone != (obj.owner, "banished"):
                c.step(T.RULE, f"{obj.name} is no longer the card banished this way",
                       ["kw.intimidate", "resolve.part-ignored"], mark=mark)
                return
            s.apply(MoveObject(oid, (obj.owner, "hand"), face_up=False))
            c.step(T.EVENT, f"{obj.name} returns to {obj.owner}'s hand", ["kw.intimidate"],
                   mark=mark)
        ctx.trigger(PendingTrigger(name=f"{e.data['source name']}'s intimidate",
                                   controller=e.controller or o.owner, source=None,
                                   resolve=resolve, citation=ctx.cite_opt("kw.intimidate")))


# --------------------------------------------------------------------------- opt

def opt(game: "FabGame", ctx: Context, layer: Layer, eff: Any) -> None:
    """Opt N: look at the top N cards of your deck, put them on the top and/or bottom in any
    order (fewer than N: all of them). Which go to the bottom, and the order of each group,
    are decisions of the player."""
    st = ctx.state
    p = layer.controller
    kw = eff.keyword
    n = kw.value.constant if kw is not None and kw.value is not None else None
    if n is None:
        raise NotModelled(f"opt with no number ({layer.name})")
    deck = list(st.zones[(p, "deck")].ids)
    looked = deck[:n]
    fab_deck.check_top(ctx, p, len(looked), f"opt {n}")
    mark = len(st.log)
    ctx.step(T.EVENT, f"{p} opts {n}: looks at the top {T.plural(len(looked), 'cards')} of "
             f"their deck" + (f" (the deck has fewer than {n}: all of it)" if len(deck) < n
                              else ""), ["kw.opt"], mark=mark, actor=p)
    if not looked:
        return
    names = _cards_of(st, looked)
    bottom_names = ctx.answer_to(Decision(
        key=f"opt bottom:{layer.id}:{len(st.log)}", player=p, kind="opt bottom",
        prompt=f"which of {', '.join(names)} {p} puts on the bottom of their deck (the others "
               "stay on top)", options=names + ("none",), count=0,
        citation=ctx.cite_opt("kw.opt") or "",
        example=f'{p} chooses "{names[0]}" (or: {p} chooses "none")')).value
    bottom_names = () if bottom_names in ("none", ("none",)) else (
        (bottom_names,) if isinstance(bottom_names, str) else tuple(bottom_names))
    rest = list(looked)
    bottom = []
    for name in bottom_names:
        oid = next(o for o in rest if st.objects[o].name == name)
        rest.remove(oid)
        bottom.append(oid)
    top = _ordered(ctx, layer, p, rest, "top")
    bottom = _ordered(ctx, layer, p, bottom, "bottom")
    mark = len(st.log)
    for oid in reversed(top):
        st.apply(MoveObject(oid, (p, "deck"), position="top", face_up=False))
    for oid in bottom:
        st.apply(MoveObject(oid, (p, "deck"), position="bottom", face_up=False))
    ctx.step(T.EVENT, f"{p} puts " + (f"{', '.join(_cards_of(st, top))} on top (in that order)"
                                      if top else "no card on top")
             + (f" and {', '.join(_cards_of(st, bottom))} on the bottom" if bottom else ""),
             ["kw.opt"], mark=mark, actor=p)


def _ordered(ctx: Context, layer: Layer, p: str, cards: list[int], where: str) -> list[int]:
    """The order of ``cards`` put on the ``where`` of the deck, first = topmost (a decision
    when there is more than one)."""
    st = ctx.state
    if len(cards) < 2:
        return cards
    names = _cards_of(st, cards)
    order = ctx.answer_to(Decision(
        key=f"opt {where}:{layer.id}:{len(st.log)}", player=p, kind="order cards",
        prompt=f"the order of {', '.join(names)} on the {where} of {p}'s deck, from the top",
        options=names, count=len(names), citation=ctx.cite_opt("kw.opt") or "",
        example=f'{p} orders ' + ", ".join(f'"{n}"' for n in names))).value
    out, left = [], list(cards)
    for name in order:
        oid = next(o for o in left if st.objects[o].name == name)
        left.remove(oid)
        out.append(oid)
    return out


# --------------------------------------------------------------------------- reload, charge

def reload(game: "FabGame", ctx: Context, layer: Layer, eff: Any) -> None:
    """Reload: if you have no cards in your arsenal, you may put a card from your hand face down
    into your arsenal."""
    st = ctx.state
    p = layer.controller
    mark = len(st.log)
    if st.zones[(p, "arsenal")].ids:
        ctx.step(T.RULE, f"{p} has a card in their arsenal: reload does nothing", ["kw.reload"],
                 mark=mark)
        return
    hand = list(st.zones[(p, "hand")].ids)
    if not hand:
        ctx.step(T.RULE, f"{p} has no card in hand: reload puts nothing into the arsenal",
                 ["kw.reload", "resolve.part-ignored"], mark=mark)
        return
    names = _cards_of(st, hand)
    choice = ctx.decide(Decision(
        key=f"reload:{layer.id}:{len(st.log)}", player=p, kind="reload",
        prompt="which card to put face down into the empty arsenal (reload), if any",
        options=names + ("none",), citation=ctx.cite_opt("kw.reload") or "",
        example=f'{p} chooses "{names[0]}" (or: {p} chooses "none")', default="none",
        policy="optional", default_text=f"optional: decline - {p} does not reload (not "
        "stated)"))
    if choice == "none":
        return
    oid = next(o for o in hand if st.objects[o].name == choice)
    mark = len(st.log)
    st.apply(MoveObject(oid, (p, "arsenal"), face_up=False))
    ctx.step(T.EVENT, f"{p} reloads: {choice} goes face down into their arsenal",
             ["kw.reload"], mark=mark, actor=p)


def charge(game: "FabGame", ctx: Context, layer: Layer, eff: Any) -> None:
    """Charge: put a card from your hand face up under your hero card (into its soul); you
    cannot charge with no cards in hand."""
    st = ctx.state
    p = layer.controller
    hand = list(st.zones[(p, "hand")].ids)
    mark = len(st.log)
    if not hand:
        ctx.step(T.RULE, f"{p} has no cards in hand: they cannot charge",
                 ["kw.charge", "resolve.part-ignored"], mark=mark)
        return
    oid = _card_in_hand(ctx, hand, lambda names: Decision(
        key=f"charge:{layer.id}:{len(st.log)}", player=p, kind="charge",
        prompt="which card from hand to put face up into the hero's soul (charge)",
        options=names, citation=ctx.cite_opt("kw.charge") or "",
        example=f'{p} chooses "{names[0]}"'))
    st.apply(MoveObject(oid, (p, "soul")))
    ctx.step(T.EVENT, f"{p} charges their hero's soul with {st.objects[oid].name}: it is put "
             "face up under the hero card, in the hero zone but not in the arena",
             ["kw.charge", "kw.soul"], mark=mark, actor=p)
    game.signal(ctx, "charge", player=p, obj=oid)


# --------------------------------------------------------------------------- negate

def negate(game: "FabGame", ctx: Context, layer: Layer, eff: Any) -> None:
    """Negate: remove target layer from the chain; a card is put into its owner's graveyard and
    does not resolve."""
    st = ctx.state
    chosen = [t for t in layer.targets if isinstance(t, int)]
    if len(chosen) != 1:
        raise NotModelled(f"negating {len(chosen)} chosen targets")
    target = next((l for l in st.chain if l.source == chosen[0] and l.kind == "card"), None)
    o = st.objects[chosen[0]]
    mark = len(st.log)
    if target is None:
        ctx.step(T.RULE, f"{o.name} is no longer a layer on the chain: it is not a legal "
                 "target, and negate does nothing", ["target.legal", "resolve.part-ignored"],
                 mark=mark)
        return
    what = eff.target
    need = {w for k in (what.kinds if what is not None else ()) for w in k.split()} - {"card"}
    if not need <= o.kinds:
        ctx.step(T.RULE, f"{o.name} is not a {' '.join(sorted(need))} card: not a legal target",
                 ["target.legal", "resolve.part-ignored"], mark=mark)
        return
    S.remove(st, target)
    st.apply(MoveObject(o.id, (o.owner, "graveyard")))
    ctx.step(T.EVENT, f"{layer.name} negates {o.name}: its layer is removed from the chain and "
             f"the card is put into {o.owner}'s graveyard without resolving",
             ["kw.negate"], mark=mark)


# --------------------------------------------------------------------------- deck building

def deck_keyword(name: str) -> tuple[str, Any] | None:
    """A keyword the engine reads from a card's keywords rather than acting on its own: deck
    building ("legendary", "mentor", ("specialization", "bravo") for "Bravo Specialization",
    ("essence of earth", None)) and the optional additional costs of playing it ("boost",
    ("fusion", "ice") for "Ice Fusion", 15.5.1b)."""
    low = " ".join(name.lower().split())
    if low in ("legendary", "mentor", "boost"):
        return low, None
    if low.endswith(" fusion"):
        return "fusion", low.removesuffix(" fusion")
    if low.endswith(" specialization"):
        return "specialization", low.removesuffix(" specialization")
    if low.startswith("essence of "):
        return low, None
    return None


def _essence_types(listed: str) -> set[str]:
    """The super-types an essence names: "earth and lightning" (Briar), "earth, ice, and
    lightning" (Bravo, Star of the Show) are each of them, not one super-type."""
    words = listed.replace(",", " ").split()
    return {w for w in words if w != "and"}


def check_decks(game: "FabGame", ctx: Context, definitions: dict[str, Any]) -> None:
    """What a deck may hold, checked on each player's cards when the hero card is defined:
    classes and talents (4.1.6, 5.2.2, widened by Essence), Specialization (4.1.8), Mentor (a
    young hero), Legendary (one copy of each unique card, 4.1.7, 5.2.5, unique by name and pitch
    value, 4.1.2a). Each finding is a step citing its rule; a deck that breaks one is named as
    not a legal deck (the ruling goes on with the position the scenario states)."""
    st = ctx.state
    if ctx.cite_opt("deck.classes") is None:
        return
    for player, p in st.players.items():
        hero = st.objects.get(p.hero) if p.hero is not None else None
        hdef = definitions.get(hero.name) if hero is not None else None
        if hdef is None or "hero" not in {t.lower() for t in hdef.types}:
            continue
        allowed = _supertypes(hdef) | {"generic"}
        hero_kw = st.keywords(hero.id)
        essences = {t for k in hero_kw if k.startswith("essence of ")
                    for t in _essence_types(k.removeprefix("essence of "))}
        allowed |= essences
        young = "young" in {t.lower() for t in hdef.subtypes}
        first = next((w for w in hdef.name.replace(",", " ").lower().split()
                      if w not in _PREFIXES), "")
        ok, bad = [], []
        seen: dict[tuple[str, Any], int] = {}
        for o in sorted(st.objects.values(), key=lambda o: o.id):
            if o.owner != player or o.id == hero.id or o.token or o.name not in definitions:
                continue
            card = definitions[o.name]
            kw = st.keywords(o.id)
            extra = _supertypes(card) - allowed
            if extra:
                bad.append((f"{o.name} is {' '.join(sorted(extra)).title()}, and {player}'s "
                            f"hero is {' '.join(sorted(_supertypes(hdef))).title() or 'neither'}"
                            + (f" (with essence of {', '.join(sorted(essences))})"
                               if essences else ""),
                            ["deck.classes", "deck.classes-limited"]
                            + (["kw.essence"] if essences else [])))
            elif _supertypes(card) & essences - _supertypes(hdef):
                ok.append((f"{o.name} ({' '.join(sorted(_supertypes(card))).title()}: the hero's "
                           "essence allows it)", ["kw.essence", "deck.classes"]))
            if "specialization" in kw:
                who = str(kw["specialization"])
                (ok if who == first else bad).append((
                    f"{o.name}" + (": " if who == first else " is ")
                    + f"a {who.title()} Specialization, and {player}'s hero is {hdef.name}",
                    ["kw.specialization", "deck.specialization"]))
            if "mentor" in kw or o.has_kind("mentor"):
                (ok if young else bad).append((
                    f"{o.name}" + (": " if young else " ") + f"has mentor, and {player}'s hero "
                    "is " + ("young" if young else "not young"), ["kw.mentor"]))
            if "legendary" in kw:
                key = (o.name, o.base.get("pitch"))
                seen[key] = seen.get(key, 0) + 1
                if seen[key] == 2:
                    bad.append((f"{player} has more than one {o.name} (with pitch "
                                f"{key[1]}): a deck may hold only one copy of each unique card "
                                "with Legendary", ["kw.legendary", "deck.legendary",
                                                    "deck.unique"]))
                elif seen[key] == 1:
                    ok.append((f"one {o.name} (Legendary)", ["kw.legendary", "deck.legendary"]))
        for text, procs in ok:
            ctx.step(T.RULE, f"deck: {player}'s deck may hold {text}", procs)
        unread = [u.text for u in game.card_rules(st, hero.id).unsupported if u.kind == "unknown"]
        for text, procs in bad:
            if unread:
                # the hero's text the card grammar could not read could allow it (an essence)
                ctx.not_modelled(f"whether {player}'s deck may hold it ({text}): {hero.name}'s "
                                 f"text {unread[0]!r} could not be read")
                continue
            ctx.step(T.CHECK, f"not a legal deck: {text}", procs)


def _supertypes(card: Any) -> set[str]:
    """A card's supertypes: its type words before the dash, but the card type itself."""
    return {t.lower() for t in card.types} - TYPE_WORDS
