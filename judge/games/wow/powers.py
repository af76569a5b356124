"""A card's powers (700) as the rules module reads them from the WoW card grammar's values
(:func:`judge.cards.parse`): keywords, continuous powers (704), triggered powers (703),
payment powers (701), reward powers (702), and for an ability card the text it processes as it
resolves (305.1) and, after "Ongoing:", the powers it has in play (305.2a).

Every part of the text is either bound to a procedure of this module or listed in
``unsupported`` with the reason: the game names it as ``not modelled`` whenever its situation
could arise (:mod:`judge.engine.abilities`), never drops it.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Any

from judge.cards import model as M
from judge.engine.state import GameObject, State

CACHE = "wow powers"

# keywords the module carries out (lower case) -> procedure that cites the rule
KEYWORDS = {
    "protector": "kw.protector", "elusive": "kw.elusive", "ferocity": "kw.ferocity",
    "stealth": "kw.stealth", "long-range": "kw.long-range", "smash": "kw.smash",
    "untargetable": "kw.untargetable", "spellshield": "kw.spellshield",
    "hardiness": "kw.hardiness", "aberration": "kw.aberration", "assault": "kw.assault",
    "berserking": "kw.berserking", "invincible": "kw.invincible",
    "dual wield": "kw.dual-wield", "two-handed dual wield": "kw.dual-wield",
    "inspire": "kw.inspire", "cat form": "power", "sabotage": "kw.sabotage",
}
# bold words that are neither keywords nor powers (100.2b-e): deckbuilding only
DECKBUILDING = ("talent", "reputation", "hero required", "deckbuilding")


@dataclass(frozen=True)
class Power:
    index: int
    kind: str                    # keyword | resolve | static | replacement | triggered |
    #                              activated | reward | deckbuilding | reminder | look |
    #                              may stay exhausted | alternate cost | face-up cost
    text: str
    ability: M.Ability
    why: str = ""                # "" when the module carries it out
    ongoing: bool = False
    zone: str = ""               # a zone outside play it functions in ("while this ally is in
    #                              your graveyard"); "" in play


@dataclass(frozen=True)
class CardPowers:
    text: M.CardText | None = None
    powers: tuple[Power, ...] = ()
    keywords: dict[str, Any] = field(default_factory=dict)
    ongoing: bool = False
    resolve: tuple[M.Effect, ...] = ()               # 305.1 / the text before "Ongoing:"
    resolve_ability: M.Ability | None = None
    resolve_labels: tuple[str, ...] = ()             # each resolve effect's ability label
    statics: tuple[tuple[int, M.Effect, M.Condition | None], ...] = ()
    replacements: tuple[tuple[int, M.Effect], ...] = ()
    triggered: tuple[Power, ...] = ()
    activated: tuple[Power, ...] = ()
    rewards: tuple[Power, ...] = ()
    attach: M.Attach | None = None
    unsupported: tuple[Power, ...] = ()
    unparsed: tuple[M.Unparsed, ...] = ()
    shields_allies: bool = False
    enters_with: tuple[M.Effect, ...] = ()
    sabotage: tuple[M.Target, ...] = ()     # "Sabotage: [thing]": what it can sabotage
    as_enters: tuple[Power, ...] = ()       # "As this ally enters play, ..." carried out as it
    #                                         enters, without the chain (710.1a); "As this
    #                                         enters play, choose ..." too (entered_choice)
    copied: tuple[str, ...] = ()            # the names of the cards whose printed powers it
    #                                         has (402), in the order it gained them

    @property
    def has_text(self) -> bool:
        return self.text is not None


NONE = CardPowers()


def of(state: State, oid: int) -> CardPowers:
    """The powers printed on object ``oid`` (cached per name and text, shared by forks), and
    the printed powers of other cards it has now (402: "this ally has that card's printed
    powers", for as long as it stays this card, 415.9a)."""
    o = state.objects[oid]
    # read thousands of times per ruling (statics, kinds, triggers): no call to copies() while
    # no card has copied powers, no dict made for setdefault on every read
    copied = copies(state, oid) if state.globals.get(COPIED) else ()
    if not o.text and not copied:
        return NONE
    cache = state.cache.get(CACHE)
    if cache is None:
        cache = state.cache[CACHE] = {}
    key = (o.name, o.text, o.kinds, copied)
    found = cache.get(key)
    if found is None:
        found = read(o) if o.text else CardPowers(text=None)
        for k, (name, text) in enumerate(copied):
            found = with_copied(found, read_printed(name, text, o.kinds), name, k)
        cache[key] = found
    return found


COPIED = "copied powers"
COPIED_INDEX = 2000          # the places of copied powers: 2000 + 100 x copy + their own


def copies(state: State, oid: int) -> tuple[tuple[str, str], ...]:
    """(name, text) of each card whose printed powers card ``oid`` has, as it is now."""
    found = state.globals.get(COPIED)
    if not found:
        return ()
    o = state.objects[oid]
    return tuple((name, text) for x, incarnation, name, text in found
                 if x == oid and incarnation == o.incarnation)


def read_printed(name: str, text: str, kinds: frozenset[str]) -> CardPowers:
    """The printed powers of the card ``name`` (its text read by the same card reader, its
    self-references read as "this": the card that has the power, 200.1a), as a card of
    ``kinds`` has them."""
    from types import SimpleNamespace
    return read(SimpleNamespace(name=name, text=text, kinds=frozenset(kinds)))


def copied_why(cp: CardPowers) -> str:
    """Why the module cannot give a card these copied printed powers ("" when it can): it
    carries out continuous powers (704) and keywords only; any other power, or one it does
    not carry out, is named."""
    for p in cp.powers:
        if p.why:
            return f"{p.text!r}: {p.why}"
        if p.kind not in ("static", "keyword", "reminder"):
            return f"{p.text!r} (a {p.kind} power gained by copying)"
    if cp.unparsed:
        return f"{cp.unparsed[0].text!r} (unread by the card grammar)"
    return ""


def with_copied(own: CardPowers, cp: CardPowers, name: str, k: int) -> CardPowers:
    """``own`` with the copied powers ``cp`` added (only the kinds :func:`copied_why`
    allows), their places numbered apart from the card's own."""
    shift = COPIED_INDEX + 100 * k
    keywords = dict(own.keywords)
    keywords.update(cp.keywords)
    return replace(own, powers=own.powers + tuple(replace(p, index=p.index + shift)
                                                  for p in cp.powers),
                   keywords=keywords,
                   statics=own.statics + tuple((i + shift, e, c) for i, e, c in cp.statics),
                   unsupported=own.unsupported + tuple(replace(p, index=p.index + shift)
                                                       for p in cp.unsupported),
                   copied=own.copied + (name,))


def parse(o: GameObject) -> M.CardText:
    from judge.cards.store import parse as parse_card   # kept between runs (user cache)
    card = parse_card("wow", o.text, name=o.name)
    if "nterrupt" not in (o.text or ""):
        return card
    return replace(card, abilities=tuple(_on_chain(a) for a in card.abilities))


def _on_chain(value):
    """711.3: a card or effect is targeted for interruption only while it is on the chain:
    "Interrupt target ability" describes a link."""
    if isinstance(value, tuple):
        return tuple(_on_chain(v) for v in value)
    if isinstance(value, M.Cancel) and value.what is not None and value.what.zone is None:
        return replace(value, what=replace(value.what, zone=M.Zone(name="chain")))
    if not is_dataclass(value) or isinstance(value, type) or isinstance(value, M.Target):
        return value
    changes = {}
    for f in fields(value):
        child = getattr(value, f.name)
        if child is None or isinstance(child, (str, int, bool, M.Span)):
            continue
        new = _on_chain(child)
        if new is not child:
            changes[f.name] = new
    return replace(value, **changes) if changes else value


def read(o: GameObject) -> CardPowers:
    from judge.games.wow import effects as E
    from judge.games.wow import triggers as TR
    card = parse(o)
    text = card.text
    is_ability = "ability" in o.kinds and not (o.kinds & {"ally", "totem"})
    ongoing = any(a.label.lower() == "ongoing" for a in card.abilities)
    powers: list[Power] = []
    keywords: dict[str, Any] = {}
    statics: list[tuple[int, M.Effect, M.Condition | None]] = []
    replacements: list[tuple[int, M.Effect]] = []
    triggered: list[Power] = []
    activated: list[Power] = []
    rewards: list[Power] = []
    resolve: list[M.Effect] = []
    labels: list[str] = []
    resolve_ability = None
    attach = None
    enters_with: list[M.Effect] = []
    as_enters: list[Power] = []
    sabotage: list[M.Target] = []
    chooses_type = any(entered_choice(a) for a in card.abilities)
    shields_allies = False
    seen_ongoing = False
    for i, a in enumerate(card.abilities):
        words = text[a.span.start:a.span.end].strip() if a.span else ""
        label = a.label.lower()
        if label == "ongoing":
            seen_ongoing = True
        in_play = (not is_ability) or seen_ongoing
        if a.kind == "reminder":
            powers.append(Power(i, "reminder", words, a))
            continue
        if a.kind == "alternate cost":
            # 707.1e: what may be paid instead of the printed cost, chosen as the card is
            # played (judge.games.wow.game: the printed cost is paid unless stated otherwise)
            powers.append(Power(i, "alternate cost", words, a))
            continue
        if a.kind == "face-up cost":
            # 412.1c: paid as the card is placed face up (judge.games.wow.resources)
            from judge.games.wow import resources as RS
            powers.append(Power(i, "face-up cost", words, a, RS.why_not(a)))
            continue
        if a.kind == "keyword":
            for kw in a.keywords:
                name = kw.name.lower()
                if any(name.endswith(d) for d in DECKBUILDING):
                    powers.append(Power(i, "deckbuilding", kw.name, a))
                    continue
                value = kw.value.value if kw.value is not None else None
                known = name in KEYWORDS or name.endswith(" resistance")
                if name == "sabotage":
                    known = kw.what is not None
                    if known:
                        sabotage.append(kw.what)
                keywords[name] = value
                powers.append(Power(i, "keyword", kw.name, a,
                                    "" if known else f"the keyword {kw.name!r}"))
            continue
        if label in ("reward",) or a.kind == "reward":
            why = _why_effects(a.effects)
            rewards.append(Power(i, "reward", words, a, why))
            powers.append(rewards[-1])
            continue
        if a.kind == "activated":
            a = _use_only(a)
            why = _why_effects(a.effects) or _why_costs(a.costs)
            p = Power(i, "activated", words, a, why, ongoing=seen_ongoing)
            activated.append(p)
            powers.append(p)
            continue
        if (a.kind == "triggered" or a.trigger is not None) and copies_as_enters(a):
            # 710.1a: carried out as the card enters play (judge.games.wow.moves), never put
            # on the chain
            p = Power(i, "as enters", words, a, "", ongoing=seen_ongoing)
            as_enters.append(p)
            powers.append(p)
            continue
        if entered_choice(a):
            # 710.1a: a choice its controller makes as the card enters play, without the
            # chain (judge.games.wow.moves), remembered by the card
            as_enters.append(Power(i, "as enters", words, a, "", ongoing=seen_ongoing))
            powers.append(as_enters[-1])
            continue
        if a.kind == "triggered" or a.trigger is not None:
            why = TR.why_not(a.trigger) or _why_definite(a.trigger) or _why_effects(a.effects)
            p = Power(i, "triggered", words, a, why, ongoing=seen_ongoing)
            triggered.append(p)
            powers.append(p)
            continue
        if not in_play and not a.effects and a.kind in ("spell", "static"):
            powers.append(Power(i, "resolve", words, a, "the card grammar read no effect in it"))
            continue
        if not in_play:
            # the text an ability processes as it resolves (305.1, 707 for the pre-ongoing text)
            for e in a.effects:
                if isinstance(e, M.Attach) and e.what is not None and e.what.ref == "this":
                    attach = e
            resolve.extend(a.effects)
            labels.extend([a.label] * len(a.effects))
            resolve_ability = a
            why = _why_effects(a.effects)
            powers.append(Power(i, "resolve", words, a, why))
            continue
        # a continuous power of a card in play (704)
        if not a.effects:
            powers.append(Power(i, "static", words, a, "the card grammar read no power in it",
                                ongoing=seen_ongoing))
            continue
        if len(a.effects) == 1 and may_stay_exhausted(a.effects[0]):
            # "You may choose not to ready this ally during your ready step" (501.1a): asked
            # of its controller as he readies his cards (judge.games.wow.turn)
            powers.append(Power(i, "may stay exhausted", words, a, "", ongoing=seen_ongoing))
            continue
        if len(a.effects) == 1 and looks_only(a.effects[0]):
            # 415.3e: "You may look at the top card of any opponent's deck at any time" - any
            # time its controller has priority; what a player sees changes no event, value or
            # choice the module rules on (a ruling shows every card)
            powers.append(Power(i, "look", words, a, "", ongoing=seen_ongoing))
            continue
        for e in a.effects:
            if isinstance(e, M.Counters) and e.verb == "enter with" and e.on is not None \
                    and e.on.ref == "this" or _enters_as(e):
                enters_with.append(e)                # 710.1b
                powers.append(Power(i, "enters", words, a, "", ongoing=seen_ongoing))
                continue
            if attack_cost(e) is not None or \
                    attack_cost(e, ATTACK_OR_EXHAUST) is not None:    # 600.3, 600.3a
                statics.append((i, e.then[0], e.condition))
                powers.append(Power(i, "static", words, a, "", ongoing=seen_ongoing))
                continue
            cond = None
            inner = e
            if isinstance(e, M.Conditional) and e.condition is not None and \
                    e.condition.kind == "while" and len(e.then) == 1:
                cond, inner = e.condition, e.then[0]
            outside = _outside_play(cond)
            if outside:
                powers.append(Power(i, "static", words, a, E.OUTSIDE_PLAY,
                                    ongoing=seen_ongoing, zone=outside))
                continue
            if isinstance(inner, (M.Replacement, M.Prevent)):
                why = _why_effects((inner,)) if isinstance(inner, M.Replacement) else ""
                replacements.append((i, inner))
                powers.append(Power(i, "replacement", words, a, why, ongoing=seen_ongoing))
                continue
            if isinstance(inner, (M.ModifyValue, M.SetValue, M.Becomes, M.Lose,
                                  M.Restriction, M.Permission, M.GainControl)) or (
                    isinstance(inner, M.Gain) and inner.resource == "keyword"):
                statics.append((i, inner, cond))
                why = _why_static(inner, chooses_type=chooses_type)
                powers.append(Power(i, "static", words, a, why, ongoing=seen_ongoing))
                continue
            powers.append(Power(i, "static", words, a,
                                f"no procedure for the continuous power "
                                f"{_slice(text, inner) or words!r}", ongoing=seen_ongoing))
    unsupported = tuple(p for p in powers if p.why)
    return CardPowers(text=card, powers=tuple(powers), keywords=keywords, ongoing=ongoing,
                      resolve=tuple(resolve), resolve_ability=resolve_ability,
                      resolve_labels=tuple(labels),
                      statics=tuple(statics), replacements=tuple(replacements),
                      triggered=tuple(triggered), activated=tuple(activated),
                      rewards=tuple(rewards), attach=attach, unsupported=unsupported,
                      unparsed=card.unparsed, shields_allies=shields_allies,
                      enters_with=tuple(enters_with), sabotage=tuple(sabotage),
                      as_enters=tuple(as_enters))


def granted(state: State, oid: int) -> list[Power]:
    """The payment powers a modifier gave card ``oid`` this turn (Face Smash, 706.1c), as the
    card is now (a card that changed zones is a different card, 415.9a)."""
    from judge.games.wow import model as W
    o = state.objects[oid]
    out = []
    for k, (x, incarnation, turn, text, a, _source_text) in enumerate(
            W.records(state, "granted powers")):
        if x == oid and incarnation == o.incarnation and turn == W.current_turn(state):
            out.append(Power(GRANTED_INDEX + k, "activated", text, a,
                             _why_effects(a.effects) or _why_costs(a.costs)))
    return out


def granted_text(state: State, power: Power) -> str | None:
    """The text of the card whose link gave ``power`` (its spans are that text's)."""
    from judge.games.wow import model as W
    if power.index < GRANTED_INDEX:
        return None
    return W.records(state, "granted powers")[power.index - GRANTED_INDEX][5]


GRANTED_INDEX = 1000


def _use_only(a: M.Ability) -> M.Ability:
    """"x, Flip Boris → ... Use only on your turn.": the allowance on using the power itself is
    the power's condition, checked as it is used (as "On your turn: ..." printed before the
    cost is); any other allowance stays an effect (named not modelled)."""
    last = a.effects[-1] if a.effects else None
    if a.condition is not None or not isinstance(last, M.Restriction) or last.verb != "only" \
            or not set(last.actions) <= {"use", "activate"} or last.only is None \
            or last.what is None or last.what.ref != "this" or last.duration is not None:
        return a
    return replace(a, effects=a.effects[:-1], condition=last.only)


def may_stay_exhausted(e: M.Effect) -> bool:
    """"You may choose not to ready this ally during your ready step" (Helwen)."""
    if not (isinstance(e, M.Choice) and e.optional and len(e.options) == 1 and
            len(e.options[0]) == 1):
        return False
    r = e.options[0][0]
    return isinstance(r, M.Restriction) and r.verb == "choose not to" and \
        r.actions == ("ready",) and r.what is not None and r.what.ref == "this" and \
        r.duration is not None and r.duration.kind == "ready step" and \
        r.duration.whose == "you" and r.only is None and r.by is None


def looks_only(e: M.Effect) -> bool:
    """"You may look at the top card of your deck": a continuous power that only lets its
    controller see hidden cards of a deck or hand (415.3e)."""
    if not (isinstance(e, M.Choice) and e.optional and len(e.options) == 1 and
            len(e.options[0]) == 1):
        return False
    look = e.options[0][0]
    return isinstance(look, M.Look) and look.what is not None and look.what.zone is not None \
        and look.what.zone.name in ("deck", "hand") and (look.who is None or
                                                         look.who.ref == "you")


def _slice(text: str, e: M.Effect) -> str:
    return text[e.span.start:e.span.end] if e.span else ""


_ZONES_OUT_OF_PLAY = {"graveyard": "graveyard", "hand": "hand", "deck": "deck",
                      "removed": "removed"}


def _outside_play(cond: M.Condition | None) -> str:
    """"While this ally is in your graveyard, ...": the zone outside play where the card's
    continuous power functions (718.2c: its modifiers' timestamp is the time the card entered
    that zone); "" for any other condition."""
    if cond is None or cond.test != "is" or cond.negated or cond.subject is None or \
            cond.subject.ref != "this" or cond.object is None or cond.object.zone is None:
        return ""
    return _ZONES_OUT_OF_PLAY.get(cond.object.zone.name, "")


def _why_definite(trigger: M.Trigger | None) -> str:
    """704.1b: "As [an event happens], ..." is a definite power - it generates its modifier as
    the event happens, without the chain (and a continuous one has that event's timestamp,
    718.2e) - not a triggered power whose effect is added to the chain. Besides a choice of
    damage type as the card enters play (:func:`entered_choice`, carried out), the module
    carries out none of them: "As this enters play, ..." (710.1a: its modifiers are created as
    the card enters, a choice made by its controller then) is named as the card enters play
    citing 710.1a, any other as that event happens citing 718.2e; neither is put on the
    chain."""
    from judge.games.wow import effects as E
    ev = trigger.event if trigger is not None else None
    if trigger is None or trigger.kind != "as" or ev is None:
        return ""
    if ev.verb == "enter play" and ev.subject is not None and ev.subject.ref == "this":
        return E.DEFINITE_AS_ENTERS
    return E.DEFINITE_AS


def copies_printed(e: M.Effect) -> bool:
    """"this ally has that card's printed powers": the card itself gains the printed powers
    of the card its text just named, for as long as it is this card (no duration)."""
    return isinstance(e, M.Gain) and e.resource == "printed powers" and e.target is not None \
        and e.target.ref == "this" and e.what is not None and e.what.ref in ("that", "it") \
        and e.duration is None


def copies_as_enters(a: M.Ability) -> bool:
    """"As this ally enters play, you may remove an ally in an opposing graveyard from the
    game. If you do, this ally has that card's printed powers." (Skullchewer): a definite
    power created as the card enters (710.1a) whose effects are moves the module carries out
    (optional or not) and, if they were done, the card gaining the moved card's printed powers
    (402). The shape the module carries out as the card enters; any other "as this enters
    play" power is named (:func:`_why_definite`)."""
    from judge.games.wow import effects as E
    t = a.trigger
    ev = t.event if t is not None else None
    if t is None or t.kind != "as" or ev is None or ev.verb != "enter play" or \
            ev.subject is None or ev.subject.ref != "this" or a.condition is not None or \
            a.costs or a.limit:
        return False

    def move(e: M.Effect) -> bool:
        return isinstance(e, M.Move) and E.why_not(e) is None
    copies = False
    for e in a.effects:
        if move(e):
            continue
        if isinstance(e, M.Choice) and e.optional and len(e.options) == 1 and \
                e.options[0] and all(move(x) for x in e.options[0]) and \
                (e.chooser is None or e.chooser.ref == "you"):
            continue
        c = e.condition if isinstance(e, M.Conditional) else None
        if c is not None and c.kind == "if" and c.event is not None and c.event.verb == "do" and \
                not c.event.negated and not e.otherwise and \
                all(copies_printed(x) for x in e.then):
            copies = True
            continue
        return False
    return copies


def _why_effects(effects: tuple[M.Effect, ...]) -> str:
    from judge.games.wow import effects as E
    for e in effects:
        why = E.why_not(e)
        if why:
            return why
    return ""


def _why_costs(costs: tuple[M.Cost, ...]) -> str:
    for c in costs:
        if c.kind in ("resource", "exhaust", "none", "flip"):
            continue
        if c.kind == "effect" and isinstance(c.effect, M.Move) and c.effect.verb in (
                "destroy", "remove", "discard"):
            what = c.effect.what
            if what is not None and what.ref != "this" and not described_cost(c.effect):
                return f"the cost {what.text!r} (a number of cards that is not a constant)"
            continue
        return f"the cost {c.kind!r}"
    return ""


# the verbs of costs that move cards the module pays (judge.games.wow.game.COST_MOVES)
COST_VERBS = ("destroy", "remove", "discard")


def cost_what(e: M.Effect | None) -> M.Target | None:
    """The cards a cost of cards names ("an ally you control", "two of your resources")."""
    return e.target if isinstance(e, M.Exhaust) else getattr(e, "what", None)


def cost_count(e: M.Effect) -> int | None:
    """How many cards a cost names: 1 for "a" / "one of", 4 for "four of your resources";
    None when the number is not a constant ("X cards", "up to five", "all")."""
    what = cost_what(e)
    if what is None or what.quantifier != "one":
        return None
    n = what.count
    if n is None:
        return 1
    if n.value is None or n.variable or n.per is not None or n.relation or n.ref or \
            n.defined_as is not None:
        return None
    return n.value if n.value > 0 else None


def described_cost(e: M.Effect) -> bool:
    """A cost of cards the text describes that the module pays: destroying, removing from
    the game, discarding (:data:`COST_VERBS`) or exhausting a constant number of them."""
    what = cost_what(e)
    if what is None or what.ref == "this" or cost_count(e) is None:
        return False
    if isinstance(e, M.Exhaust):
        return True
    if e.verb not in COST_VERBS or e.random or e.until is not None:
        return False
    return e.verb != "remove" or (e.to_zone is not None and e.to_zone.name == "removed")


def entered_choice(a: M.Ability) -> tuple[str, ...]:
    """"As Addisyn enters play, choose arcane, fire, frost, nature, or shadow": the damage
    types among which the card's controller chooses as it enters play (710.1a); () for any
    other power."""
    from judge.games.wow import model as W
    t = a.trigger
    ev = t.event if t is not None else None
    if t is None or t.kind != "as" or ev is None or ev.verb != "enter play" or \
            ev.subject is None or ev.subject.ref != "this" or a.condition is not None or \
            a.costs or len(a.effects) != 1 or not isinstance(a.effects[0], M.Choose):
        return ()
    e = a.effects[0]
    if e.kind or e.what is None or (e.who is not None and e.who.ref != "you"):
        return ()
    words = []
    for option in (e.what,) + tuple(e.what.alternatives):
        if option.kinds or option.name or option.filters or option.count is not None or \
                len(option.qualities) != 1 or option.qualities[0].lower() not in W.DAMAGE_TYPES:
            return ()
        words.append(option.qualities[0].lower())
    return tuple(words) if len(words) > 1 else ()


def chosen_resistance(kw: M.Keyword) -> bool:
    """"the chosen resistance": Resistance of the damage type chosen as the card entered
    play (the card grammar's ``what`` names the choice)."""
    return kw.name.lower() == "resistance" and kw.what is not None and \
        kw.what.ref == "that" and kw.what.qualities == ("chosen",)


def gained_keyword_why(kw: M.Keyword) -> str:
    """Why a keyword gained from an effect ("Your hero is in Bear Form") is not carried out
    ("" when it is): a keyword whose rules the module does not carry out is named, never
    given as a word that does nothing."""
    name = kw.name.lower()
    if name in KEYWORDS or name.endswith(" resistance"):
        return ""
    return f"gaining the keyword {kw.name!r}"


def sets_printed_number(e: M.SetValue) -> bool:
    """"The ATK of other allies you control is 1": a continuous modifier setting ATK, health
    or DEF to a printed number, for as long as its power is active - the shape the value code
    applies, in timestamp order with the other modifiers (718, 719). A set amount read from
    the game, a base value, a cost or one for a stated time is named instead (and not
    applied)."""
    return e.stat.lower() in ("atk", "attack", "health", "def", "defense") and \
        e.amount is not None and e.amount.constant is not None and not e.base and \
        not e.costs and e.duration is None and e.target is not None


def _why_static(e: M.Effect, *, chooses_type: bool = False) -> str:
    if isinstance(e, M.Gain) and e.resource == "keyword" and e.keyword is not None:
        if chooses_type and chosen_resistance(e.keyword):
            return ""          # the type chosen as the card entered play (710.1a)
        return gained_keyword_why(e.keyword)
    if isinstance(e, M.GainControl):
        if e.who is not None and e.who.ref != "you":
            return f"control given to {e.who.text!r}"
        return ""
    if isinstance(e, M.ModifyValue):
        from judge.games.wow.effects import PLAY_COST_CHANGE, _play_cost_change
        if _play_cost_change(e):
            return PLAY_COST_CHANGE
        if e.stat.lower() not in ("atk", "attack", "health", "def", "defense", "cost"):
            return f"a continuous change of {e.stat!r}"
        return ""
    if isinstance(e, M.SetValue):
        if sets_printed_number(e):
            return ""
        return f"a continuous setting of {e.stat!r}"
    if isinstance(e, M.Becomes):
        if e.values or e.abilities:
            return "a card in play becoming something with values or powers"
        if e.chosen and e.chosen not in ("type", "race", "class"):
            return f"cards becoming the chosen {e.chosen}"
        return ""
    if isinstance(e, M.Permission):
        what = e.what
        if e.actions == ("control",) and what is not None and \
                "additional" in [q.lower() for q in what.qualities]:
            return ""                    # 414.3b: one more card of that tag
        return f"the permission {' '.join(e.actions)!r}"
    if isinstance(e, M.Restriction):
        from judge.games.wow import restrictions as R
        return R.why_not(e)
    return ""


def trait_keywords(state: State, oid: int) -> list[tuple[str, Any]]:
    """206.1c: "[Alliance] Hero: Elusive" gives the keyword only while its controller's hero
    has that trait (not modelled yet: the card grammar has no value for it)."""
    return []


# --------------------------------------------------------------------------- Empower

def empower_ignored(state: State, ps: CardPowers, scope) -> tuple[tuple[int, str], ...]:
    """Empower [thing] on an ability: the text of an Empower whose "if you control ..." does
    not hold as the ability is added to the chain is ignored (no targets, modes or costs from it
    are required); (index in ``ps.resolve``, label) of each such effect."""
    out = []
    for i, (e, label) in enumerate(zip(ps.resolve, ps.resolve_labels)):
        if not label.lower().startswith("empower") or not isinstance(e, M.Conditional) \
                or e.condition is None:
            continue
        try:
            holds = C.holds(state, e.condition, scope)
        except Unknown:
            continue
        if not holds:
            out.append((i, label))
    return tuple(out)


def resolve_now(ps: CardPowers, ignored: tuple[tuple[int, str], ...] = (),
                modes: tuple[int, ...] | None = None) -> tuple[M.Effect, ...]:
    """The text a link of this card processes: its resolve effects less Empower text ignored
    as it was added to the chain; with ``modes`` (the options chosen as it was added, 707.1c)
    its modal choice is only those options, in the order printed."""
    skip = {i for i, _ in ignored}
    out = tuple(e for i, e in enumerate(ps.resolve) if i not in skip)
    if modes is None:
        return out
    return tuple(x for e in out for x in (
        [y for k, opt in enumerate(e.options) if k in modes for y in opt]
        if is_modal(e) else [e]))


def _enters_as(e: M.Effect) -> bool:
    """710.1b: "[this] enters play exhausted / with 3 damage" (a Move of the card itself)."""
    return (isinstance(e, M.Move) and e.verb == "enter" and e.arrives is not None
            and e.what is not None and e.what.ref == "this"
            and e.to_zone is not None and e.to_zone.name == "play")


ATTACK_OR_EXHAUST = ("attack", "exhaust")


def attack_cost(e: M.Effect, actions: tuple[str, ...] = ("attack",)) -> int | None:
    """600.3: "[characters] can't attack unless their controller pays N (for each attacker)":
    an additional cost of N resources to propose such a character as an attacker. With
    ``actions`` ATTACK_OR_EXHAUST, 600.3a's "can't attack or exhaust unless its controller pays
    N". None for any other shape (a cost other than resources)."""
    if not (isinstance(e, M.Conditional) and len(e.then) == 1 and not e.otherwise):
        return None
    c, r = e.condition, e.then[0]
    if c is None or c.kind != "unless" or c.test != "event" or c.negated or c.event is None:
        return None
    ev = c.event
    if ev.verb != "pay" or ev.object is None or ev.object.count is None:
        return None
    n = ev.object.count
    words = " ".join(ev.text.lower().split())
    if n.value is None or n.per is not None or n.relation or not (
            words.endswith(f"pays {n.value}") or words.endswith(f"pay {n.value}")
            or words.endswith(f"{n.value} for each attacker")):
        return None
    if not isinstance(r, M.Restriction) or r.verb != "can't" or r.actions != actions or \
            r.who is None or r.duration is not None or r.only is not None:
        return None
    if ev.subject is None or ev.subject.kinds[-1:] != ("controller",):
        return None
    return n.value


def is_modal(e: M.Effect) -> bool:
    """"Choose one: A; or B" (707.1c): a choice among modes (not a "you may")."""
    return isinstance(e, M.Choice) and not e.optional and len(e.options) > 1


def modal(effects: tuple[M.Effect, ...]) -> M.Choice | None:
    """The modal choice a card's text makes as it is added (at most one is read)."""
    found = [e for e in effects if is_modal(e)]
    return found[0] if len(found) == 1 else None


def mode_text(text: str, option: tuple[M.Effect, ...]) -> str:
    spans = [e.span for e in option if e.span is not None]
    if not spans or not text:
        return ""
    return text[min(s.start for s in spans):max(s.end for s in spans)].strip(" .;")


def pick_modes(text: str, choice: M.Choice, stated: tuple[str, ...]
               ) -> tuple[tuple[int, ...], str]:
    """707.1c: the modes named by the scenario's ``choosing "..."`` words (each the start of
    one printed mode); returns (the options chosen, a problem or "")."""
    names = [mode_text(text, opt).lower() for opt in choice.options]
    picked: list[int] = []
    for word in stated:
        w = " ".join(word.lower().split()).strip(" .;")
        if w.replace(" ", "").startswith("x="):
            continue
        hits = [k for k, n in enumerate(names) if n and n.startswith(w)]
        if len(hits) != 1:
            return (), (f"{word!r} is not one of its modes ("
                        + "; ".join(repr(n) for n in names) + ")" if not hits else
                        f"{word!r} names several of its modes: state more of the words")
        if hits[0] in picked:
            return (), f"the mode {names[hits[0]]!r} is chosen twice: no mode can be chosen " \
                       "more than once"
        picked.append(hits[0])
    want = choice.pick.value if choice.pick is not None else None
    if choice.pick is not None and choice.pick.variable == "X":
        # "Choose X of the following": X is the number of modes chosen (707.1c, 707.1b)
        xs = [w.replace(" ", "").upper()[2:] for w in stated
              if w.replace(" ", "").upper().startswith("X=")]
        if xs and xs[0].isdigit() and picked and int(xs[0]) != len(picked):
            return (), f"X is {xs[0]}: it chooses {xs[0]} mode(s), not {len(picked)}"
    if picked and want is not None and choice.pick.relation in ("", "=") and \
            len(picked) != want:
        return (), f"it chooses {want} mode(s), not {len(picked)}"
    return tuple(sorted(picked)), ""

# modules imported here rather than at the top (they import this one, directly or through
# others) or rather than in the functions that use them (read many times a ruling: an import
# statement there runs the import machinery on every call)
from judge.games.wow import conditions as C  # noqa: E402
from judge.games.wow.describe import Unknown  # noqa: E402
