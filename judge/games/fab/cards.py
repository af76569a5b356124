"""What the FaB engine reads from a card: printed values from the scenario's card definition,
keywords and abilities from the parsed card text (``judge.cards.parse("fab", text)``).

Only shapes the engine can carry out are kept as effects; every other ability is listed in
``unsupported`` so that using the card says ``not modelled: ...`` instead of ignoring it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.util import find_spec
from typing import Any

from judge.cards import legacy_model as M
from judge.games.fab import restrictions as R
from judge.games.fab import deck as D
from judge.games.fab import next_defend as N
from judge.games.fab import reprise as RP
from judge.games.fab import statics as S
from judge.games.fab import becomes as B
from judge.games.fab import binding as BD

# canonical keyword names the engine acts on (lower case) -> the words a card may print
KEYWORDS = ("go again", "dominate", "arcane barrier", "spellvoid", "battleworn", "blade break",
            "temper", "phantasm", "spectra", "blood debt")

# static abilities of permanents the engine carries out: "<whom> gain +N{d}" (17.2)
STATIC_TARGETS = ("equipment you control",)
_KW_NUM = re.compile(r"^(arcane barrier|spellvoid)\s+(\d+)$")


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


@dataclass(frozen=True, slots=True)
class DelayedTrigger(M.Effect):
    """A triggered ability printed on a card that resolves ("The next time you deal damage
    this turn, draw a card."): resolving creates it for the rest of the turn (16.4)."""
    kind: str = ""                                 # next time | whenever ...
    event: str = ""                                # the normalised trigger event
    effects: tuple[M.Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class ConditionalTrigger:
    """A triggered ability of an attack with a condition ("When you attack with Dread Triptych,
    if you've played a 'non-attack' action card this turn, create a Runechant token."): it
    triggers only if the condition holds when the trigger event happens (20.4.4d)."""
    moment: str                                    # "attack" | "hit"
    condition: str
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
    # crush (glossary): (who deals the damage, as printed; effects) - triggers when it deals
    # 4 or more damage to a hero in one instance
    crush: tuple[tuple[str, tuple[M.Effect, ...]], ...] = ()
    # what the engine does not carry out, each bound to what could make it matter (``fab_binding``)
    unsupported: tuple[BD.Part, ...] = field(default=())
    conditional: tuple[ConditionalTrigger, ...] = ()   # an attack's "when ..., if ..." triggers
    # static restrictions ("the defending hero can't play ... "), see fab_restrictions (17.2.1)
    restrictions: tuple[M.Ability, ...] = ()
    # a permanent's "if <condition>, this card's attacks get <keyword>", see fab_statics
    conditional_statics: tuple[M.Ability, ...] = ()
    # a permanent's "<objects> are weapons with N{p} and <ability>", see fab_becomes
    becomes: tuple[M.Ability, ...] = ()


def parse_text(text: str) -> M.CardText | None:
    """The parsed card text, or None when the FaB card grammar is not installed."""
    if not text.strip() or find_spec("judge.cards.legacy_fab") is None:
        return None
    from judge.cards.store import parse   # kept between runs (user cache folder)
    return parse("fab-legacy", text)


def keyword_name(name: str) -> tuple[str, int | None] | None:
    low = " ".join(name.lower().replace("*", " ").split())
    m = _KW_NUM.match(low)
    if m:
        return m.group(1), int(m.group(2))
    return (low, None) if low in KEYWORDS else None


@lru_cache(maxsize=4096)
def read_text(text: str, *, resolves: bool = True, role: str = "", name: str = "") -> CardRules:
    """``read`` of a card text, parsed once per process (CardRules are immutable)."""
    return read(text, parse_text(text), resolves=resolves, role=role, name=name)


def read(text: str, parsed: M.CardText | None, *, resolves: bool = True,
         role: str = "", name: str = "") -> CardRules:
    """``resolves``: the card's text resolves when it does (actions, instants, reactions), so
    its effects, printed as statements ("Target attack gains +3{p}."), are resolution effects.
    ``role``: ``"attack"`` for an attack action card (its statements are abilities of the
    attack, not resolution effects), ``"resolving"`` for a 'non-attack' action, instant or
    reaction (every statement resolves: 17.1 "an action card that says 'Attacks you control
    gain +1{p} this turn'"), ``"permanent"`` for auras, items, tokens, equipment and weapons
    (their triggered abilities watch the game: ``watches``)."""
    if not text.strip():
        return CardRules()
    if parsed is None:
        only = keywords_only(text)
        if only is not None:
            return CardRules(keywords=only)
        return CardRules(unsupported=(BD.unparsed(text, "no FaB card grammar installed"),))
    keywords: dict[str, int | None] = {}
    on_resolve: list[M.Effect] = []
    on_hit: list[M.Effect] = []
    on_attack: list[M.Effect] = []
    unsupported: list[BD.Part] = [BD.unparsed(u.text, u.reason) for u in parsed.unparsed]
    attack_cost: int | None = None
    once = False
    watches: list[BD.Watch] = []
    activated: list[Activated] = []
    statics: list[M.Effect] = []
    crush: list[tuple[str, tuple[M.Effect, ...]]] = []
    conditional: list[ConditionalTrigger] = []
    restrictions: list[M.Ability] = []
    conditional_statics: list[M.Ability] = []
    becomes: list[M.Ability] = []
    for ab in parsed.abilities:
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
        if ab.kind == "label" and ab.label.lower() == "crush":
            found = _crush(ab)
            if found is not None:
                crush.append(found)
                continue
        for kw in (() if ab.kind == "activated" else ab.keywords):
            known = keyword_name(kw.name if kw.value is None else f"{kw.name} {kw.value}")
            if known is None:
                known = keyword_name(kw.name)
                if known is not None and isinstance(kw.value, int):
                    known = (known[0], kw.value)
            if known is not None:
                keywords[known[0]] = known[1]
            elif ab.kind in ("keyword", "label"):
                unsupported.append(BD.keyword(kw.name))
        if ab.kind in ("keyword", "label") and not ab.effects:
            continue
        text_of = _text(parsed.text, ab.span)
        if ab.kind == "activated":
            if any(e.verb.lower() == "attack" for e in ab.effects):
                attack_cost = sum(c.amount or 0 for c in ab.costs if c.kind == "resource")
                once = "once" in ab.limit.lower() or "once per turn" in ab.label.lower()
                continue
            if role in ("permanent", "attack"):   # 15.2.2: attacks on the chain too
                activated.append(Activated(
                    kind=ab.label.lower(), costs=tuple(ab.costs),
                    effects=tuple(e for e in ab.effects if not R.is_restriction(e)),
                    go_again=any(keyword_name(k.name) == ("go again", None) for k in ab.keywords),
                    text=text_of,
                    restrictions=tuple(e for e in ab.effects if R.is_restriction(e))))
            else:
                unsupported.append(BD.ability(ab, text_of))
        elif ab.kind == "replacement" and role == "resolving" and ab.condition is None:
            on_resolve.extend(ab.effects)        # "the next time ... would ..., instead ..."
        elif ab.kind == "triggered" and ab.trigger is not None:
            event = " ".join(ab.trigger.event.lower().split())
            watch = BD.watch(ab, text_of, name)
            subject = BD.subject_of(event, name)
            if role == "permanent" or (watch is not None and watch.moment in BD.OWN_MOMENTS):
                if watch is not None:
                    watches.append(watch)
                else:
                    unsupported.append(BD.ability(ab, text_of))
            elif role == "resolving" and ab.condition is None:
                on_resolve.append(DelayedTrigger(verb="delayed trigger", span=ab.span,
                                                 kind=ab.trigger.kind.lower(), event=event,
                                                 effects=tuple(ab.effects)))
            elif subject != "this" or len(BD.moments_of(event) & {"hit", "attack"}) != 1:
                unsupported.append(BD.ability(ab, text_of))
            elif "hit" in event and ab.condition is None:
                on_hit.extend(ab.effects)
            elif "attack" in event and ab.condition is None:
                on_attack.extend(ab.effects)
            elif (role == "attack" and ab.condition is not None and ab.condition.kind == "if"
                  and ("hit" in event or "attack" in event)):
                conditional.append(ConditionalTrigger(
                    moment="hit" if "hit" in event else "attack", condition=ab.condition.text,
                    effects=tuple(ab.effects), text=text_of))
            else:
                unsupported.append(BD.ability(ab, text_of))
        elif (role == "permanent" and ab.kind == "static" and ab.condition is None and ab.effects
              and all(isinstance(e, M.ModifyValue) and e.duration is None
                      and target_text(e.target) in STATIC_TARGETS for e in ab.effects)):
            statics.extend(ab.effects)
        elif ab.kind in ("spell", "static") and ab.effects and (
                ab.condition is None or all(_is_hit_clause(e, name) for e in ab.effects)):
            for eff in ab.effects:
                if _is_hit_clause(eff, name):
                    on_hit.extend(eff.then)                       # "If this hits, ..."
                elif resolves and (ab.kind == "spell" or _targets_attack(eff)
                                   or role == "resolving"):
                    on_resolve.append(eff)
                else:
                    unsupported.append(BD.ability(ab, text_of))
        elif ab.kind == "static" and not ab.effects:
            continue
        elif ab.kind == "errata":
            continue
        else:
            unsupported.append(BD.ability(ab, text_of))
    return CardRules(keywords=tuple(keywords.items()), on_resolve=tuple(on_resolve),
                     on_hit=tuple(on_hit), on_attack=tuple(on_attack), attack_cost=attack_cost,
                     once_per_turn=once, watches=tuple(watches), activated=tuple(activated),
                     statics=tuple(statics), crush=tuple(crush),
                     unsupported=tuple(unsupported), restrictions=tuple(restrictions),
                     conditional_statics=tuple(conditional_statics), becomes=tuple(becomes),
                     conditional=tuple(conditional))


_CRUSH = re.compile(r"^(.+) deals 4 or more damage to a hero$")


def _crush(ab: M.Ability) -> tuple[str, tuple[M.Effect, ...]] | None:
    """"Crush - If <this> deals 4 or more damage to a hero, <effects>"."""
    if len(ab.effects) != 1 or not isinstance(ab.effects[0], M.Conditional):
        return None
    cond = ab.effects[0]
    m = _CRUSH.match(" ".join((cond.condition.text if cond.condition else "").lower().split()))
    if m is None or cond.otherwise:
        return None
    return m.group(1), tuple(cond.then)


def _is_hit_clause(eff: M.Effect, name: str = "") -> bool:
    """"If this hits, ..." ("If <the card's own name> hits": its own name means itself, 19.3)."""
    own = f"{name.lower()} hits" if name else "this hits"
    return (isinstance(eff, M.Conditional) and eff.condition is not None and not eff.otherwise
            and eff.condition.text.lower() in ("this hits", "it hits", "§§§ hits", own))


def _targets_attack(eff: M.Effect) -> bool:
    """A statement on an instant or reaction that changes a chosen attack or the card itself."""
    return isinstance(eff, (M.ModifyValue, M.Gain)) and eff.target is not None and (
        eff.target.targeted or eff.target.text.lower() in ("this", "it"))


def keywords_only(text: str) -> tuple[tuple[str, int | None], ...] | None:
    """A text that is nothing but keywords ("Dominate", "Go again", "Arcane Barrier 1",
    one per line or sentence): their names, else None. Used only without the card grammar."""
    found = []
    for part in re.split(r"[\n.]+", text.replace("*", " ")):
        if not part.strip():
            continue
        kw = keyword_name(part)
        if kw is None:
            return None
        found.append(kw)
    return tuple(found)


def _text(text: str, span: M.Span | None) -> str:
    return text if span is None else text[span.start:span.end]


def amount(value: Any) -> int | None:
    """An effect amount the engine can use: an int (or a numeric string)."""
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        return int(value)
    return None


def target_text(target: M.Target | None) -> str:
    return "" if target is None else " ".join(target.text.lower().split())
