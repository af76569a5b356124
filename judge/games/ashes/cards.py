"""What the Ashes module makes of a card's text: the card-text grammar's values
(:mod:`judge.cards.ashes`, :mod:`judge.cards.model`) sorted into what the module carries out and
what it cannot.

A card's text is parsed once per name (errata applied by the card reader: ashes-raven-1.1
section 1 replaces printed text). :func:`read` sorts its abilities:

- ``spell``: the effects an action or reaction spell resolves when it is played (4.1.0 3a);
- ``activated``: effects preceded by a cost and a colon (4.2.0);
- ``triggered``: effects on a card in play that wait for a triggering condition (4.2.0, 4.3.0);
  ``optional`` when they begin "you may" (the controller decides, 4.2.0: without conditional
  language they must resolve);
- ``reaction``: a reaction spell's "You may play this spell when/after ..." (4.3.0);
- ``keyword``: a named ability whose rules the document gives (Battle Advantage 3.2.2, Unit
  Guard 6.0.0 Ability) or whose number stacks (3.4.0).

Everything else is :class:`Unbound`: an ability whose shape the module does not carry out, a
part of the text the grammar could not read, an effect value it has no procedure for. The
engine names each of them as ``not modelled`` whenever its situation could arise
(:mod:`judge.engine.abilities`). Values the module binds but can only compute when they resolve
(an ``X`` whose definition the grammar lost) are named when they are needed.

No English is read here: only the values.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from judge.cards import model as M
from judge.engine.events import Stage
from judge.games.ashes.zones import TOKENS

# named abilities the module knows by name (keywords): the rule that defines them
KEYWORDS = {"battle advantage": "attack.battle-advantage", "unit guard": "ability"}
# a keyword the module reads only as a number (3.4.0 stacking): what it would act on
NUMBERED_ONLY = {"overkill": ("destroyed", "damage")}


@dataclass(frozen=True, slots=True)
class Watch:
    """What a triggered ability or a reaction spell waits for: an event of ``event`` kind (the
    module's: ``target``, ``damage`` (dealt), ``receive damage``, ``wounds``, ``destroyed``,
    ``enter play``, ``leave play``, ``discard``) at ``stage``, whose subject is described by
    ``subject`` (the damaged, destroyed ... card or player) and, for ``target`` and ``damage``
    by a source, whose doer is described by ``doer``."""
    event: str
    stage: Stage
    subject: M.Target | None = None
    doer: M.Target | None = None
    text: str = ""
    zone: str = ""                              # "from their draw pile"
    causes: frozenset[str] = frozenset()        # damage "by attacking or countering"


@dataclass(frozen=True, slots=True)
class Bound:
    """An ability the module carries out. ``name`` is how a scenario names it (its label, else
    the card's name); ``effects`` are the effects to resolve (for an optional triggered
    ability, those of its "you may")."""
    ability: M.Ability
    role: str
    name: str
    effects: tuple[M.Effect, ...] = ()
    watch: Watch | None = None
    optional: bool = False
    costs: tuple[M.Cost, ...] = ()

    def named(self, name: str) -> bool:
        """Whether a scenario's ``name`` names it: "Detonate 3" or "Detonate"."""
        low = name.lower()
        return low in (self.name.lower(), self.ability.label.lower())


@dataclass(frozen=True, slots=True)
class Unbound:
    """An ability (or part of the text) the module does not carry out, with what it could
    answer: ``events`` (the module's event kinds, "*" any) and ``values`` it could change."""
    text: str
    kind: str
    why: str
    events: frozenset[str] = frozenset()
    values: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class CardRules:
    name: str
    text: M.CardText | None
    play_cost: tuple[M.Cost, ...] | None = None
    bound: tuple[Bound, ...] = ()
    unbound: tuple[Unbound, ...] = ()
    keywords: tuple[tuple[str, int | None], ...] = ()   # (name lower case, number)
    errata: tuple[str, ...] = ()                       # citations of the errata applied
    meta: tuple[tuple[str, str], ...] = field(default=())

    def keyword(self, name: str) -> bool:
        return any(k == name for k, _ in self.keywords)

    def ability(self, name: str) -> Bound | None:
        return next((b for b in self.bound if b.named(name)), None)

    def of_role(self, *roles: str) -> list[Bound]:
        return [b for b in self.bound if b.role in roles]


def magic_play_cost(costs: tuple[M.Cost, ...] | None) -> int | None:
    """The magic play cost (4.4.2): the sum of the magic costs to play the card from hand;
    action, exhaust and discard costs are not included, X counts 0; of a parallel cost, the
    magic of its first part."""
    if costs is None:
        return None
    total = 0
    for c in costs:
        if c.kind in ("dice", "dice or discard") and c.amount is not None:
            total += c.amount.value or 0
    return total


# --------------------------------------------------------------------------- reading

def read(name: str, text: str, *, kind: str) -> CardRules:
    """The rules of card ``name`` (of type ``kind``, see :func:`judge.games.ashes.zones.
    card_type`) with printed ``text``."""
    if not text.strip():
        return CardRules(name=name, text=None)
    from judge.cards.store import parse      # kept between runs in the user cache folder
    parsed = parse("ashes", text, name=name)
    meta = tuple(parsed.meta)
    errata = tuple(v for k, v in meta if k == "errata")
    unbound: list[Unbound] = [Unbound(u.text, "unknown", f"the card grammar could not read it "
                                      f"({u.reason})", frozenset({"*"}), frozenset({"*"}))
                              for u in parsed.unparsed]
    # an erratum line the card reader could not apply ("Cost changed to ...": the document
    # lost its icons): named when the card is played (the game module refuses to guess it)
    unbound += [Unbound(v, "cost", "an erratum the card reader could not apply")
                for k, v in meta if k == "errata unapplied"]
    # a part the grammar could not read, in the paragraph of a named ability whose rules the
    # document gives (Unit Guard's reminder "This unit may guard a unit being attacked."), is
    # that ability's reminder, not an ability of its own
    starts = sorted((a.span.start, a.label.lower()) for a in parsed.abilities if a.span)

    def reminder(p: M.Unparsed) -> bool:
        before = [label for start, label in starts if start <= p.span.start]
        return bool(before) and before[-1] in KEYWORDS
    unbound = [u for u, p in zip(unbound, list(parsed.unparsed) + [None] * len(unbound))
               if p is None or not reminder(p)]
    bound: list[Bound] = []
    keywords: list[tuple[str, int | None]] = []
    play_cost = None
    for ab in parsed.abilities:
        if ab.kind == "play cost":
            play_cost = ab.costs
            continue
        if ab.kind == "reminder":
            continue
        label = ab.label.lower()
        number = None
        if ab.keywords and ab.keywords[0].value is not None:
            number = ab.keywords[0].value.constant
        if label:
            keywords.append((label, number))
        found = _bind(name, kind, ab, parsed.text)
        if isinstance(found, Bound):
            bound.append(found)
            if found.role == "grant":
                for e in found.effects:
                    for g in e.abilities:
                        inner = _bind(name, "granted", g, parsed.text)
                        if isinstance(inner, Unbound):
                            unbound.append(Unbound(
                                inner.text, inner.kind, f"an ability the attached unit gains: "
                                f"{inner.why}", inner.events, inner.values))
        else:
            unbound.append(found)
    return CardRules(name=name, text=parsed, play_cost=play_cost, bound=tuple(bound),
                     unbound=tuple(unbound), keywords=tuple(keywords), errata=errata, meta=meta)


ADDITIONAL_COST = "an additional cost printed in the card's text (4.4.0)"


def _printed(ab: M.Ability, text: str) -> str:
    return text[ab.span.start:ab.span.end].strip() if ab.span else ab.label


def _bind(card: str, kind: str, ab: M.Ability, text: str) -> Bound | Unbound:
    printed = _printed(ab, text)
    name = ab.label or card
    if ab.label and ab.keywords and ab.keywords[0].value is not None and \
            ab.keywords[0].value.constant is not None:
        name = f"{ab.label} {ab.keywords[0].value.constant}"
    label = ab.label.lower()
    if ab.kind == "alternate cost":
        # "You may spend 1 [[basic]] rather than pay this card's main action cost": what may be
        # paid instead of (a part of) the card's cost - the module pays printed costs only
        return Unbound(printed, "static", f"an alternate cost (paid instead of its "
                       f"{ab.instead_of or 'cost'}) the module does not carry out",
                       frozenset({"*"}))
    if label in KEYWORDS:
        # its rules are the document's (3.2.2, 6.0.0 Ability): the printed reminder is not
        # carried out as an effect of its own
        return Bound(ab, "keyword", name)
    if label == "respark":
        return Unbound(printed, "trigger", "Respark (5.1.0 step 6: the core rulebook says what "
                       "resparking does)", frozenset({"leave play", "destroyed", "discard"}))
    if kind == "alteration spell" and ab.effects and all(
            isinstance(e, M.Gain) and e.abilities and e.target is not None
            and e.target.ref == "this" for e in ab.effects):
        # "This unit now has the following ability: ...": gained by the unit it is attached
        # to (3.4.0); the module keeps the name and number of what is gained
        return Bound(ab, "grant", name, ab.effects)
    if kind == "alteration spell" and _alteration_x(ab) is not None:
        # "Life +X" and "X = the number of wound tokens on this unit": the stat line's change
        # of the unit it is attached to, counted whenever the value is read (4.1.1)
        return Bound(ab, "alteration x", name, ab.effects)
    if label in NUMBERED_ONLY:
        return Unbound(printed, "trigger", f"the module keeps {ab.label}'s number (3.4.0) but "
                       "does not carry out what it does", frozenset(NUMBERED_ONLY[label]))
    if ab.kind == "keyword" and not ab.effects:
        return Unbound(printed, "unknown", f"the module has no rules for {ab.label}",
                       frozenset({"*"}), frozenset({"*"}))
    if ab.trigger is not None:
        watch = _watch(ab.trigger)
        if not isinstance(watch, str) and (_conditions(watch.subject) or
                                           _conditions(watch.doer)):
            watch = _conditions(watch.subject) or _conditions(watch.doer)
        if isinstance(watch, str):
            return Unbound(printed, "trigger", watch, _events_of(ab.trigger))
        if ab.costs:
            return Unbound(printed, "trigger", "a triggered ability with a cost before a colon",
                           frozenset({watch.event}))
        effects, optional = _optional(ab.effects)
        if kind == "reaction spell":
            optional, role = True, "reaction"
        else:
            role = "triggered"
        bad = unsupported(effects)
        if bad:
            return Unbound(printed, "trigger", bad, frozenset({watch.event}))
        return Bound(ab, role, name, effects, watch, optional)
    if ab.kind != "activated" and ab.costs and kind in ("action spell", "reaction spell") and \
            all(c.kind == "effect" for c in ab.costs):
        # "As an additional cost to play this spell, discard 1 card" (4.4.0): a cost of
        # playing the card, which the module does not pay - named when the card is played
        return Unbound(printed, "cost", ADDITIONAL_COST)
    if ab.kind == "activated" or ab.costs:
        bad = _bad_costs(ab.costs) or unsupported(ab.effects)
        if bad:
            return Unbound(printed, "activated", bad)
        return Bound(ab, "activated", name, ab.effects, costs=ab.costs)
    if kind in ("action spell", "reaction spell") and ab.kind in ("spell", "static", ""):
        bad = unsupported(ab.effects)
        if bad:
            return Unbound(printed, "resolution", bad, frozenset({"*"}))
        return Bound(ab, "spell", name, ab.effects)
    if len(ab.effects) == 1 and isinstance(ab.effects[0], M.Conditional) and \
            ab.effects[0].condition is not None and ab.effects[0].condition.test == "event":
        # "If this unit receives damage ..., destroy this unit": a triggered effect
        cond = ab.effects[0].condition
        watch = _watch(M.Trigger(kind="when", event=cond.event)) if cond.event else "no event"
        bad = watch if isinstance(watch, str) else unsupported(ab.effects[0].then)
        if bad:
            return Unbound(printed, "trigger", bad, frozenset({"*"}))
        return Bound(ab, "triggered", name, ab.effects[0].then, watch)
    if len(ab.effects) == 1 and isinstance(ab.effects[0], M.DelayedTrigger) and \
            ab.effects[0].trigger is not None:
        delayed = ab.effects[0]
        ev = delayed.trigger.event
        if delayed.trigger.kind == "at" and ev.verb == "end" and ev.phase == "round" and \
                not unsupported(delayed.effects):
            # "Fleeting: Discard this card at the end of this round"
            return Bound(ab, "triggered", name, delayed.effects, Watch("round end", Stage.WHEN,
                                                                      text=ev.text))
        return Unbound(printed, "trigger", "a triggered ability whose condition the module "
                       "cannot read", _events_of(delayed.trigger))
    if ab.kind == "triggered":
        return Unbound(printed, "trigger", "a triggered ability whose condition the module "
                       "cannot read", frozenset({"*"}))
    if _static_modifier(ab) is not None:
        return Bound(ab, "static", name, ab.effects)
    during = ab.effects[0] if len(ab.effects) == 1 and isinstance(ab.effects[0], M.Conditional) \
        and your_turn(ab.effects[0].condition) and not ab.effects[0].otherwise else None
    effects, optional = _optional(during.then if during is not None else ab.effects)
    if during is not None:
        effects = (replace(during, then=tuple(effects)),)    # "During your turn, you may ..."
    if optional and kind in ("ally", "conjuration", "phoenixborn", "ready spell") and \
            not ab.condition and not unsupported(effects):
        # "Throw 1: During your turn, you may place 1 exhaustion token on this unit to deal 1
        # damage to a target unit": no triggering condition, no main or side action cost -
        # activated before or after a core framework event (4.2.0); what precedes "to" is its
        # cost (4.4.0)
        return Bound(ab, "activated", name, effects)
    stat = _static_stat(ab)
    limits = _restricted(ab)
    if limits:
        # "This unit cannot attack": named when the thing it forbids happens
        return Unbound(printed, "unknown", "a restriction the module does not carry out",
                       limits, frozenset())
    return Unbound(printed, "static", "a static ability or effect the module does not carry "
                   "out", frozenset(), frozenset({stat}) if stat else frozenset({"*"}))


_ACTION_EVENTS = {"attack": ("attack",), "block": ("block",), "guard": ("guard",),
                  "be chosen": ("attack", "target"), "be targeted": ("target",),
                  "be blocked": ("block",), "be guarded": ("guard",),
                  "be discarded": ("discard", "leave play"), "be destroyed": ("destroyed",),
                  "be affected": ("*",), "play": ("enter play",), "declare": ("*",)}


def _restricted(ab: M.Ability) -> frozenset[str]:
    """The module's events of what the ability's restrictions forbid (empty: it has other
    effects)."""
    if not ab.effects or not all(isinstance(e, M.Restriction) for e in ab.effects):
        return frozenset()
    found: set[str] = set()
    for e in ab.effects:
        for action in e.actions:
            found.update(_ACTION_EVENTS.get(action, ("*",)))
    return frozenset(found)


def _static_modifier(ab: M.Ability) -> M.ModifyValue | None:
    """"Add 1 to this unit's attack value for each wound token on this unit": a change of one
    of the card's own values while it is in play, by a number or per tokens on it."""
    if len(ab.effects) != 1 or not isinstance(ab.effects[0], M.ModifyValue):
        return None
    e = ab.effects[0]
    if e.target is None or e.target.ref != "this" or e.duration is not None or \
            e.stat not in ("attack", "life", "recover") or e.amount is None or \
            e.amount.value is None or e.amount.variable or e.amount.defined_as or e.amount.ref:
        return None
    per = e.amount.per
    if per is not None and not (set(per.qualities) & set(TOKENS) and "token" in per.kinds
                                and per.of is not None and per.of.ref == "this"):
        return None
    return e


_PRINTED_X = {"+X": 1, "-X": -1}


def _alteration_x(ab: M.Ability) -> tuple[M.ModifyValue, str] | None:
    """An alteration's stat line X defined as "the number of <kind> tokens on this unit" (the
    card reader's ``ModifyValue`` of "this unit", the unit it is attached to): the change and
    the token kind - the one X the module counts from the state; any other is None."""
    if len(ab.effects) != 1 or not isinstance(ab.effects[0], M.ModifyValue):
        return None
    e, a = ab.effects[0], ab.effects[0].amount
    if e.stat not in ("attack", "life", "recover") or e.target is None or \
            e.target.ref != "this" or e.duration is not None or e.op != "add" or e.base or \
            e.minimum is not None or a is None or a.variable != "X" or a.defined_as is None \
            or a.value is not None or a.per is not None or a.ref or a.relation or a.plus or \
            a.times != 1 or a.half or a.maximum is not None:
        return None
    q = a.defined_as
    of = q.of
    if q.measure != "count" or q.event is not None or q.plus or q.minus_from is not None or \
            q.choices or of is None or of.kinds != ("token",) or len(of.qualities) != 1 or \
            of.qualities[0] not in TOKENS or of.filters or of.zone is not None or \
            of.excluding is not None or of.alternatives or of.name or of.controller or \
            of.owner or of.of is None or of.of.ref != "this" or of.of.kinds != ("unit",) or \
            of.of.filters or of.of.of is not None:
        return None
    return e, of.qualities[0]


def alteration_x_steps(rules: "CardRules", stat: str) -> list[tuple[int, str, str]]:
    """An alteration spell's printed "<stat> +X" / "-X" whose X the card defines as a count of
    tokens on the unit it is attached to: (sign, token kind, the definition as printed) each;
    empty when the stat line prints no such X or the module cannot count it."""
    printed = _PRINTED_X.get(dict(rules.meta).get(stat, ""))
    if printed is None:
        return []
    out = []
    for b in rules.bound:
        found = _alteration_x(b.ability) if b.role == "alteration x" else None
        if found is not None and found[0].stat == stat and found[0].sign == printed:
            out.append((printed, found[1], found[0].amount.defined_as.text))
    return out


def static_steps(rules: "CardRules", stat: str) -> list[tuple[int, M.Amount, int]]:
    """The card's own static changes of ``stat``: (sign, amount, 0) each."""
    out = []
    for b in rules.bound:
        if b.role == "static":
            e = _static_modifier(b.ability)
            if e is not None and e.stat == stat:
                out.append((e.sign, e.amount, 0))
    return out


def _static_stat(ab: M.Ability) -> str | None:
    for e in M.walk(ab.effects):
        if isinstance(e, M.ModifyValue) and e.stat:
            return e.stat
    return None


def _optional(effects: tuple[M.Effect, ...]) -> tuple[tuple[M.Effect, ...], bool]:
    """The effects of a triggered ability and whether it begins "you may" (its whole text)."""
    if len(effects) == 1 and isinstance(effects[0], M.Choice) and effects[0].optional and \
            len(effects[0].options) == 1:
        return effects[0].options[0], True
    return effects, False


_STAGES = {"after": Stage.AFTER}
# words an event keeps beside its verb that only restate it ("comes into play")
_RESTATED = {"enter play": ("into play",), "come": ("into play",)}


def _watch(trigger: M.Trigger) -> Watch | str:
    """The module's event and stage for a trigger's values, or why it cannot read it."""
    ev = trigger.event
    stage = Stage.WOULD if getattr(ev, "would", False) else _STAGES.get(trigger.kind, Stage.WHEN)
    unread = [r for r in ev.rest if r not in _RESTATED.get(ev.verb, ())]
    if unread:
        # words of the event the card values do not hold ("damage from an attack"): waiting
        # for the event without them would trigger too widely, a wrong ruling
        return f"a trigger whose event also says {', '.join(repr(r) for r in unread)}"
    if trigger.kind not in ("when", "whenever", "after"):
        return f"a trigger '{trigger.kind} ...' the module does not wait for"
    verb = ev.verb
    if verb == "use":
        # "an opponent uses a spell, ability, or dice power that would target a unit you
        # control": the targeting, before it happens (4.2.0's example)
        targeted = _targeted(ev.object)
        if targeted is None:
            return "a trigger on using a spell the module cannot read"
        return Watch("target", Stage.WOULD, subject=targeted, doer=ev.subject, text=ev.text)
    if verb in ("be destroyed",):
        return Watch("destroyed", stage, subject=ev.subject, text=ev.text)
    if verb == "destroy" and ev.object is not None:
        # "when this unit destroys a unit": destroyed, this unit the direct cause (4.2.0's
        # first example)
        return Watch("destroyed", stage, subject=ev.object, doer=ev.subject, text=ev.text)
    if verb == "receive damage":
        return Watch("receive damage", stage, subject=ev.subject, text=ev.text)
    if verb == "be dealt damage":
        return Watch("damage", stage, subject=ev.subject, text=ev.text)
    if verb == "deal damage" and ev.object is None:
        return Watch("damage", stage, doer=ev.subject, text=ev.text)
    if verb == "deal damage" and ev.object is not None and not ev.object.kinds and \
            set(ev.object.qualities) == {"attacking"}:
        # "deals damage to a unit it is attacking or countering" (Deathstrike)
        return Watch("damage", stage, doer=ev.subject, text=ev.text,
                     subject=M.Target(kinds=("unit",)),
                     causes=frozenset({"attack", "counter"}))
    if verb == "discard" and ev.subject is not None and ev.subject.who == "player":
        # "after an opponent discards 1 or more cards from their draw pile"
        zone = ev.object.zone.name if ev.object is not None and ev.object.zone else ""
        return Watch("discard", stage, doer=ev.subject, text=ev.text, zone=zone)
    if verb == "enter play" or (verb == "come" and ev.zone is not None
                                and ev.zone.name in ("battlefield", "play")):
        subject = ev.subject
        if subject is not None and ev.zone is not None and ev.zone.owner in ("you", "opponent"):
            from dataclasses import replace
            subject = replace(subject, controller=ev.zone.owner)   # "on an opponent's battlefield"
        return Watch("enter play", stage, subject=subject, text=ev.text)
    return f"a trigger on '{verb}' the module does not wait for"


# the module's event kinds for the verbs of triggers it cannot read (to name them when such an
# event happens; any other verb: at the first event of any kind)
_VERB_EVENTS = {"destroy": "destroyed", "be destroyed": "destroyed", "come": "enter play",
                "enter play": "enter play", "leave play": "leave play", "attack": "attack",
                "block": "block", "guard": "guard", "discard": "discard", "draw": "draw",
                "deal damage": "damage", "be dealt damage": "damage",
                "receive damage": "receive damage", "end": "round end"}


def _events_of(trigger: M.Trigger) -> frozenset[str]:
    found = _VERB_EVENTS.get(trigger.event.verb)
    return frozenset({found}) if found else frozenset({"*"})


def _targeted(obj: M.Target | None) -> M.Target | None:
    """What a "spell, ability, or dice power that (would) target(s) X" targets: X."""
    if obj is None:
        return None
    for t in (obj,) + obj.alternatives:
        for f in t.filters:
            if f.event is not None and f.event.verb == "target" and f.event.object is not None:
                return f.event.object
    return None


# --------------------------------------------------------------------------- what is carried out

_MOVES = {"destroy", "discard", "draw", "place"}


def unsupported(effects: tuple[M.Effect, ...]) -> str:
    """Why the module cannot carry out ``effects`` ("" when it can)."""
    for e in effects:
        why = _why(e) or _conditions(e)
        if why:
            return why
    return ""


def _conditions(value) -> str:
    """A described card or player with a condition the module does not check ("a unit with a
    life value of 2 or less"): it could pick what the card does not. What a number counts
    ("X = the number of units you have in play") picks nothing: its amount is read when the
    effect resolves (a number the module cannot count is named there)."""
    counted = {id(t) for a in M.walk(value) if isinstance(a, M.Amount) for t in M.walk(a)}
    for t in M.walk(value):
        if isinstance(t, M.Target) and t.filters and id(t) not in counted:
            return f"a condition on '{t.text}' the module does not check"
    return ""


def _why(e: M.Effect) -> str:
    if isinstance(e, M.Damage):
        return "" if e.target is not None else "damage without a recipient"
    if isinstance(e, M.Counters):
        if e.kind not in TOKENS or e.action not in ("place", "remove") or e.on is None:
            return f"{e.action} {e.kind or 'tokens'}"
        return ""
    if isinstance(e, M.Move):
        if e.verb not in _MOVES:
            return f"'{e.verb}'"
        if e.arrives is not None:    # "put it into play exhausted / with 3 damage"
            return f"the state a card arrives in ({e.arrives.text!r})"
        if e.verb == "discard" and not (e.what is not None and e.what.ref == "this"):
            return "discarding other than this card"
        if e.verb == "place" and not (e.to_zone is not None and e.to_zone.name in (
                "battlefield", "active pool")):
            return "placing cards other than conjurations onto a battlefield"
        return ""
    if isinstance(e, M.Choice):
        if not e.optional or len(e.options) != 1:
            return "a choice between several effects"
        return unsupported(e.options[0])
    if isinstance(e, M.Choose):
        return "" if e.what is not None and e.what.who == "object" else "choosing a name or type"
    if isinstance(e, M.Conditional):
        c = e.condition
        if your_turn(c) and not e.otherwise:
            return unsupported(e.then)            # "During your turn, ..."
        if c is None or c.test != "event" or c.event is None or c.event.verb != "do" or \
                e.otherwise:
            return "a condition other than 'if you do'"
        return unsupported(e.then)
    if isinstance(e, M.Cancel):
        return ""
    if isinstance(e, M.Dice):
        if e.action in ("spend", "select", "re-roll"):
            return ""
        return f"'{e.action}' dice"
    if isinstance(e, M.Exhaust):
        return ""
    if isinstance(e, M.ModifyValue):
        if e.stat not in ("attack", "life", "recover") or e.op != "add" or e.target is None:
            return f"changing {e.stat or 'a value'}"
        return ""
    return f"{type(e).__name__.lower()} effects"


def _bad_costs(costs: tuple[M.Cost, ...]) -> str:
    for c in costs:
        if c.kind not in ("main action", "side action", "exhaust", "dice", "discard",
                          "main or side action"):
            return f"a cost of kind {c.kind!r}"
    return ""


def your_turn(c: M.Condition | None) -> bool:
    """"During your turn": a condition on whose turn it is (card value test "phase")."""
    ev = c.event if c is not None and c.test == "phase" and not c.negated else None
    return ev is not None and ev.phase == "turn" and ev.whose is not None and \
        ev.whose.ref == "you"
