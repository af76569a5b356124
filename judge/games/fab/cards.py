"""What the FaB engine reads from a card: printed values from the scenario's card definition,
keywords and abilities from the values of its parsed text (``judge.cards.parse("fab", text,
name=name)``, :mod:`judge.cards.model`). The engine never reads card English itself: it acts on
the values (who, what, how much, when) and names what it cannot carry out.

Only shapes the engine can carry out are kept as effects; every other ability is listed in
``unsupported`` so that using the card says ``not modelled: ...`` instead of ignoring it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace, field
from functools import lru_cache

from judge.cards import model as M
from judge.games.fab import restrictions as R
from judge.games.fab import deck as D
from judge.games.fab import next_defend as N
from judge.games.fab import reprise as RP
from judge.games.fab import statics as S
from judge.games.fab import becomes as B
from judge.games.fab import binding as BD
from judge.games.fab import keywords as KW
from judge.games.fab import printed as PR

from judge.games.fab.reading import (KEYWORDS, amount, condition_words, event_words, is_self,
                                     is_you, keyword_name, keyword_of, target_text)

__all__ = ["KEYWORDS", "Activated", "CardRules", "ConditionalTrigger", "amount",
           "condition_words", "event_words", "is_self", "is_you", "keyword_name",
           "keyword_of", "parse_text", "read", "read_text", "target_text"]


@dataclass(frozen=True, slots=True)
class Activated:
    """A non-attack activated ability (15.2.1 "[TYPE] - [COST]: [EFFECT]")."""
    kind: str                                      # action | instant | ...
    costs: tuple[M.Cost, ...]
    effects: tuple[M.Effect, ...]
    go_again: bool
    text: str
    # "Activate this ability only while ...": conditions checked before activating (15.2)
    restrictions: tuple[M.Effect, ...] = ()
    limit: str = ""                                # "Once per Turn" of "Once per Turn Instant"


@dataclass(frozen=True, slots=True)
class ConditionalTrigger:
    """A triggered ability of an attack with a condition ("When you attack with Dread Triptych,
    if you've played a 'non-attack' action card this turn, create a Runechant token."): it
    triggers only if the condition holds when the trigger event happens (20.4.4d)."""
    moment: str                                    # "attack" | "hit"
    condition: M.Condition
    effects: tuple[M.Effect, ...]
    text: str


@dataclass(frozen=True, slots=True)
class CardRules:
    keywords: tuple[tuple[str, int | None], ...] = ()
    on_resolve: tuple[M.Effect, ...] = ()          # text that resolves when the card does
    on_hit: tuple[M.Effect, ...] = ()              # "if this hits, ..." (20.7.2b, 20.8.1)
    on_attack: tuple[M.Effect, ...] = ()           # "when this attacks / when you attack"
    attack_cost: int | None = None                 # a weapon's "Action - {r}{r}: Attack"
    once_per_turn: bool = False
    # triggered abilities the engine carries out when their moment happens (``fab_watch``)
    watches: tuple[BD.Watch, ...] = ()
    activated: tuple[Activated, ...] = ()
    statics: tuple[M.Effect, ...] = ()             # a permanent's static abilities (17.2)
    # crush (glossary): (who deals the damage; effects) - triggers when it deals 4 or more
    # damage to a hero in one instance
    crush: tuple[tuple[M.Target, tuple[M.Effect, ...]], ...] = ()
    # what the engine does not carry out, each bound to what could make it matter (``fab_binding``)
    unsupported: tuple[BD.Part, ...] = field(default=())
    conditional: tuple[ConditionalTrigger, ...] = ()   # an attack's "when ..., if ..." triggers
    # static restrictions ("the defending hero can't play ... "), see fab_restrictions (17.2.1)
    restrictions: tuple[M.Ability, ...] = ()
    # a permanent's "if <condition>, this card's attacks get <keyword>", see fab_statics
    conditional_statics: tuple[M.Ability, ...] = ()
    # a permanent's "<objects> are weapons with N{p} and <ability>", see fab_becomes
    becomes: tuple[M.Ability, ...] = ()


def parse_text(text: str, name: str = "") -> M.CardText | None:
    """The parsed card text (kept between runs in the user cache folder), None for no text."""
    if not text.strip():
        return None
    from judge.cards.store import parse
    return parse("fab", text, name=name or None)


@lru_cache(maxsize=4096)
def read_text(text: str, *, resolves: bool = True, role: str = "", name: str = "") -> CardRules:
    """``read`` of a card text, parsed once per process (CardRules are immutable)."""
    return read(text, parse_text(text, name), resolves=resolves, role=role, name=name)


# --------------------------------------------------------------------------- reading a card

def read(text: str, parsed: M.CardText | None, *, resolves: bool = True,
         role: str = "", name: str = "") -> CardRules:
    """``resolves``: the card's text resolves when it does (actions, instants, reactions), so
    its effects, printed as statements ("Target attack gains +3{p}."), are resolution effects.
    ``role``: ``"attack"`` for an attack action card (its statements are abilities of the
    attack, not resolution effects), ``"resolving"`` for a 'non-attack' action, instant or
    reaction (every statement resolves: 17.1 "an action card that says 'Attacks you control
    gain +1{p} this turn'"), ``"permanent"`` for auras, items, tokens, equipment and weapons
    (their triggered abilities watch the game: ``watches``)."""
    if parsed is None or not text.strip():
        return CardRules()
    keywords: dict[str, int | None] = {}
    on_resolve: list[M.Effect] = []
    on_hit: list[M.Effect] = []
    on_attack: list[M.Effect] = []
    unsupported: list[BD.Part] = [BD.unparsed(u.text, u.reason, u.span)
                                  for u in parsed.unparsed]
    attack_cost: int | None = None
    once = False
    watches: list[BD.Watch] = []
    activated: list[Activated] = []
    statics: list[M.Effect] = []
    crush: list[tuple[M.Target, tuple[M.Effect, ...]]] = []
    conditional: list[ConditionalTrigger] = []
    restrictions: list[M.Ability] = []
    conditional_statics: list[M.Ability] = []
    becomes: list[M.Ability] = []
    for ab in parsed.abilities:
        labelled = ab.kind == "keyword" or bool(ab.label)
        if role == "attack" and R.is_restriction_ability(ab):
            restrictions.append(ab)          # on while the attack is attacking (20.4.4b)
            continue
        if role == "permanent" and S.is_conditional_static(ab):
            conditional_statics.append(ab)
            continue
        if role == "permanent" and B.is_becomes(ab):
            becomes.append(ab)
            continue
        if role == "resolving" and len(ab.effects) == 1 and D.is_card_condition(ab.effects[0]):
            on_resolve.append(ab.effects[0])     # "If the discarded card has 6 or more {p}, ..."
            continue
        if role == "resolving" and RP.is_reprise(ab):
            on_resolve.append(ab.effects[0])     # "Reprise - If the defending hero has ..."
            continue
        if role == "resolving" and len(ab.effects) == 1 and N.is_next_defend(ab.effects[0]):
            on_resolve.append(ab.effects[0])     # "if the next card you defend with ..."
            continue
        if ab.label.lower() == "crush":
            found = _crush(ab)
            if found is not None:
                crush.append(found)
                continue
        for kw in (() if ab.kind == "activated" else ab.keywords):
            if kw.name.lower() == "effect" and ab.limit.lower().startswith("once per turn"):
                continue      # "Once per Turn Effect" (16.7): its limit, read as ``ab.limit``
            known = keyword_of(kw)
            if known is not None:
                keywords[known[0]] = known[1]
            elif role == "resolving" and ab.kind == "keyword" and KW.is_resolving(kw):
                on_resolve.append(M.KeywordAction(verb=kw.name.lower(), keyword=kw,
                                                  span=ab.span))   # a resolution effect
            elif (deck := KW.deck_keyword(kw.name)) is not None:
                keywords[deck[0]] = deck[1]                           # checked at set-up
            elif role == "permanent" and is_channel(ab, kw):
                continue      # Channel <type> (glossary): the label of this end-phase trigger
            elif labelled:
                unsupported.append(BD.keyword(kw.name))
        if labelled and not ab.effects:
            continue
        text_of = _text(parsed.text, ab.span)
        effects, condition = BD.unwrap(ab)
        if ab.kind == "activated":
            if any(isinstance(e, M.Attack) for e in ab.effects):
                attack_cost = sum(c.amount.constant or 0 for c in ab.costs
                                  if c.kind == "resource" and c.amount is not None)
                once = ab.limit.lower().startswith("once")
                continue
            if role in ("permanent", "attack"):   # 15.2.2: attacks on the chain too
                activated.append(Activated(
                    kind=ab.timing, costs=tuple(ab.costs),
                    effects=tuple(e for e in ab.effects if not R.is_restriction(e)),
                    go_again=any(keyword_of(k) == ("go again", None) for k in ab.keywords),
                    text=text_of,
                    restrictions=tuple(e for e in ab.effects if R.is_restriction(e)),
                    limit=" ".join(ab.limit.lower().split())))
            else:
                unsupported.append(BD.ability(ab, text_of))
        elif ab.kind == "replacement" and role == "resolving" and ab.condition is None:
            on_resolve.extend(ab.effects)        # "the next time ... would ..., instead ..."
        elif ab.kind == "triggered" and ab.trigger is not None:
            ev = ab.trigger.event
            watch = BD.watch(ab, text_of)
            if watch is not None and any(is_channel(ab, k) for k in ab.keywords):
                watch = replace(watch, label="channel")
            moments = BD.moments_of(ev)
            if role == "permanent" or (watch is not None and watch.moment in BD.OWN_MOMENTS):
                if watch is not None:
                    watches.append(watch)
                else:
                    unsupported.append(BD.ability(ab, text_of))
            elif role == "resolving" and condition is None:
                on_resolve.append(M.DelayedTrigger(verb="delayed trigger", trigger=ab.trigger,
                                                   effects=effects, span=ab.span))
            elif BD.subject_of(ev) != "this" or len(moments & {"hit", "attack"}) != 1 or \
                    not BD.plain(ev, next(iter(moments & {"hit", "attack"}))):
                unsupported.append(BD.ability(ab, text_of))
            elif "hit" in moments and condition is None:
                on_hit.extend(effects)
            elif "attack" in moments and condition is None:
                on_attack.extend(effects)
            elif role == "attack" and condition is not None and condition.kind == "if":
                conditional.append(ConditionalTrigger(
                    moment="hit" if "hit" in moments else "attack", condition=condition,
                    effects=effects, text=text_of))
            else:
                unsupported.append(BD.ability(ab, text_of))
        elif (role == "permanent" and ab.kind == "static" and ab.condition is None and ab.effects
              and all(isinstance(e, M.ModifyValue) and e.duration is None
                      and static_targets(e.target) for e in ab.effects)):
            statics.extend(ab.effects)
        elif ab.kind in ("spell", "static") and ab.effects and (
                ab.condition is None or all(_is_hit_clause(e) for e in ab.effects)):
            for eff in ab.effects:
                if _is_hit_clause(eff):
                    on_hit.extend(eff.then)                       # "If this hits, ..."
                elif resolves and (ab.kind == "spell" or _targets_attack(eff)
                                   or role == "resolving") and not (
                        role == "permanent" and BD.stops_triggers((eff,))):
                    # (a permanent's "... doesn't trigger" holds while it is in the arena)
                    on_resolve.append(eff)
                else:
                    unsupported.append(BD.ability(ab, text_of))
        elif ab.kind == "static" and not ab.effects:
            continue
        elif ab.kind == "errata":
            continue
        else:
            unsupported.append(BD.ability(ab, text_of))
    # additional costs, modes and cost changes are read by ``fab_printed`` (15.5.1-15.5.3)
    claimed = PR.of(parsed)
    spans = claimed.claimed()
    unsupported = [u for u in unsupported if u.span is None
                   or not PR.inside(M.Span(*u.span), spans)]
    unsupported += [BD.Part("static", what, text[start:end], values=frozenset({"cost"}),
                            span=(start, end)) for what, start, end in claimed.unreadable]
    own = tuple((c.start, c.end) for c in claimed.cost_changes if c.what == "this")
    on_resolve = [e for e in on_resolve if not PR.inside(e.span, own)]
    return CardRules(keywords=tuple(keywords.items()), on_resolve=tuple(on_resolve),
                     on_hit=tuple(on_hit), on_attack=tuple(on_attack), attack_cost=attack_cost,
                     once_per_turn=once, watches=tuple(watches), activated=tuple(activated),
                     statics=tuple(statics), crush=tuple(crush),
                     unsupported=tuple(unsupported), restrictions=tuple(restrictions),
                     conditional_statics=tuple(conditional_statics), becomes=tuple(becomes),
                     conditional=tuple(conditional))


def static_targets(t: M.Target | None) -> bool:
    """"Equipment you control": what a permanent's static "+N{d}" may change (17.2)."""
    return (t is not None and t.kinds == ("equipment",) and t.controller == "you"
            and not t.qualities and not t.filters and not t.targeted)


def _crush(ab: M.Ability) -> tuple[M.Target, tuple[M.Effect, ...]] | None:
    """"Crush - If <this> deals 4 or more damage to a hero, <effects>"."""
    if len(ab.effects) != 1 or not isinstance(ab.effects[0], M.Conditional):
        return None
    cond = ab.effects[0]
    c = cond.condition
    ev = c.event if c is not None else None
    if ev is None or ev.verb != "deal damage" or cond.otherwise or c.negated:
        return None
    amount = ev.amount
    to_hero = ev.object is not None and ev.object.kinds == ("hero",)
    if not (to_hero and amount is not None and amount.constant == 4 and
            amount.relation == "at least" and ev.subject is not None):
        return None
    return ev.subject, tuple(cond.then)


def _is_hit_clause(eff: M.Effect) -> bool:
    """"If this hits, ..." ("If <the card's own name> hits": its own name means itself, 19.3)."""
    c = eff.condition if isinstance(eff, M.Conditional) else None
    return (c is not None and not eff.otherwise and c.test == "event" and not c.negated
            and c.event is not None and BD.moments_of(c.event) == {"hit"}
            and BD.subject_of(c.event) == "this" and BD.plain(c.event, "hit"))


def _targets_attack(eff: M.Effect) -> bool:
    """A statement on an instant or reaction that changes a chosen attack or the card itself."""
    return isinstance(eff, (M.ModifyValue, M.Gain)) and eff.target is not None and (
        eff.target.targeted or eff.target.ref in ("this", "it"))


def is_channel(ab: M.Ability, kw: M.Keyword) -> bool:
    """"**Channel Earth** - At the beginning of your end phase, ...": the effect label Channel
    (glossary: a triggered effect that triggers at the beginning of the end phase) on the
    triggered ability it labels."""
    return kw.name.lower().startswith("channel ") and ab.kind == "triggered" and \
        ab.trigger is not None and BD.moments_of(ab.trigger.event) == {"start of end phase"}


def _text(text: str, span: M.Span | None) -> str:
    return text if span is None else text[span.start:span.end]
