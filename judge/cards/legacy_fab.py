"""Flesh and Blood card text -> :class:`~judge.cards.legacy_model.CardText` (grammar/card_fab.lark).

``parse(text, strict=False, name=None)``: ``name`` is the card's own name; occurrences of it
in the text read as "this". ``iter_corpus(path)`` yields (name, functional text) from a
the-fab-cube card TSV.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from lark import Token, v_args

from judge.cards.common import (CardTransformer, ClauseParser, DamagePhrase, clean, span_of)
from judge.cards.legacy_model import Becomes, DelayedTrigger, Restriction
from judge.cards.links import citation_for
from judge.cards.legacy_model import (Ability, CardText, Choice, Condition, Conditional, Cost,
                               CreateToken, Damage, Duration, Effect, Gain, Keyword, ModifyValue,
                               Move, Other, Prevent, Replacement, Target, Trigger)
from judge.errors import UsageError

GAME = "fab"

# Canonical keyword names (FaB v1.4 glossary spelling where it has an entry).
KEYWORD_NAMES = {
    "go again": "Go again", "arcane barrier": "Arcane Barrier", "spellvoid": "Spellvoid",
    "opt": "Opt", "blade break": "Blade Break", "battleworn": "Battleworn", "temper": "Temper",
    "blood debt": "Blood Debt", "dominate": "Dominate", "phantasm": "Phantasm",
    "spectra": "Spectra", "boost": "Boost", "reload": "Reload", "legendary": "Legendary",
    "intimidate": "Intimidate", "negate": "Negate", "charge": "Charge", "channel": "Channel",
    "combo": "Combo", "crush": "Crush", "reprise": "Reprise", "fusion": "Fusion",
    "essence": "Essence", "specialization": "Specialization", "mentor": "Mentor",
}
# Ability kind -> the rules section that governs it (FaB v1.4 section titles).
KIND_TERMS = {
    "triggered": "triggered effects",
    "replacement": "replacement effects",
    "static": "continuous effects",
    "activated": "playing cards and activating abilities",
    "spell": "resolving layers",
}
STATS = {"{p}": "power", "{d}": "defense", "{h}": "life", "{i}": "intellect", "{r}": "resource",
         "{c}": "chi"}
IRREGULAR = {"dealt": "deal", "drew": "draw", "drawn": "draw", "got": "get", "has": "have",
             "had": "have", "'ve": "have", "is": "be", "are": "be", "was": "be", "were": "be",
             "been": "be", "being": "be", "'s": "be", "'re": "be", "isn't": "be", "aren't": "be",
             "wasn't": "be", "weren't": "be", "lost": "lose", "paid": "pay", "chose": "choose",
             "chosen": "choose", "left": "leave", "became": "become", "won": "win", "went": "go",
             "gave": "give", "took": "take", "stole": "steal", "stolen": "steal", "does": "do",
             "did": "do", "beaten": "beat",
             "{t}": "tap", "{u}": "untap"}  # the icons stand for the verbs
LEMMAS = frozenset(
    "deal draw discard destroy banish put return reveal search shuffle look pay remove turn equip "
    "choose hit defend block activate enter leave close resolve become trigger control name pitch "
    "roll add count win complete go use give take move switch copy reduce increase double contain "
    "sacrifice pass end start begin flip exceed restore tap untap deploy lead bring include change "
    "replace ignore respond wager occur apply remain stay own let say allow face fail succeed "
    "happen share split set clash transform gain get have be create prevent lose play attack cost "
    "mark opt intimidate negate retrieve freeze unfreeze charge boost fuse transcend scrap steal "
    "decompose meld crank galvanize surge awaken bond channel amp heave quell".split())


def lemma(word: str) -> str:
    w = clean(word).lower().split(" ")[-1] if " " in word.strip() else word.strip().lower()
    if w in IRREGULAR:
        return IRREGULAR[w]
    if w in LEMMAS:
        return w
    for suffix, add in (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("d", ""),
                        ("ing", ""), ("ing", "e"), ("ped", ""), ("ted", "")):
        if w.endswith(suffix) and w[: -len(suffix)] + add in LEMMAS:
            return w[: -len(suffix)] + add
    return w


def keyword_value(name: str, value: int | str | None, span) -> Keyword:
    canonical = KEYWORD_NAMES.get(name.lower(), name[:1].upper() + name[1:].lower())
    return Keyword(name=canonical, value=value, citation=citation_for(GAME, canonical.lower()),
                   span=span)


# --------------------------------------------------------------------------- intermediate values

@dataclass(frozen=True, slots=True)
class Extra:
    kind: str
    value: object = None
    prep: str = ""


@dataclass(frozen=True, slots=True)
class VerbPhrase:
    verbs: tuple[str, ...]
    aux: str = ""
    obj: Target | None = None
    extras: tuple[Extra, ...] = ()
    subject: Target | None = None
    more: tuple["VerbPhrase", ...] = ()
    span: object = None
    keyword: Keyword | None = None     # the verb is a keyword action ("opt 2", "mark")


@dataclass(frozen=True, slots=True)
class Quoted:
    """A quoted ability granted by an effect: its text and that text parsed."""
    text: str
    abilities: tuple[Ability, ...] = ()


@dataclass(frozen=True, slots=True)
class TriggerPart:
    trigger: Trigger
    duration: Duration | None = None


# --------------------------------------------------------------------------- effects from verbs

def _first(extras, kind):
    return next((e.value for e in extras if e.kind == kind), None)


def _duration(vp: VerbPhrase) -> Duration | None:
    found = _first(vp.extras, "duration")
    if found is None and vp.subject is not None:
        found = _np_duration(vp.subject)
    return found


_DURATION_TAIL = re.compile(r"(this turn|this combat chain|this chain link|until end of turn|"
                            r"until the start of your next turn)$")
_LIFE = re.compile(r"^(\d+|x) life$")
_NUMBER_WORD = re.compile(r"(?<![\w{+-])(\d+|[Xx])(?![\w}])")


def _np_duration(target: Target) -> Duration | None:
    """A duration written inside the noun phrase: "your next attack this turn"."""
    found = _DURATION_TAIL.search(target.text)
    return Duration(text=found.group(1)) if found else None


def _zone(vp: VerbPhrase, *preps: str) -> str:
    for extra in vp.extras:
        if extra.kind == "pp" and extra.prep in preps:
            return extra.value.text
    return ""


def _count(target: Target | None) -> int | str | None:
    if target is None:
        return None
    first = target.text.split(" ")[0]
    if first.isdigit():
        return int(first)
    if first in ("a", "an", "another"):
        return 1
    if first == "x":
        return "X"
    return None


def build_damage(vp: VerbPhrase) -> Effect:
    phrase = _first(vp.extras, "damage") or DamagePhrase(amount=0, damage_type="")
    if vp.verbs[-1] != "deal":  # "have target dagger you control deal 1 damage to them"
        phrase = _first(vp.extras, "causative damage")
        target = next((e.value for e in vp.extras if e.kind == "pp" and e.prep == "to"), None)
        return Damage(verb="deal", amount=phrase.amount, damage_type=phrase.damage_type,
                      target=target, source=vp.obj, span=vp.span)
    target = None
    for extra in vp.extras:
        if extra.kind == "pp" and extra.prep == "to":
            target = extra.value
    amount = phrase.amount
    plus = _first(vp.extras, "plus")  # "that much damage plus 3": the sum, as printed
    if plus is not None:
        amount = f"{amount} {plus}"
    where = _first(vp.extras, "where")  # "..., where X is the number of ..."
    return Damage(verb="deal", amount=amount, damage_type=phrase.damage_type,
                  target=target or vp.obj, source=vp.subject, span=vp.span,
                  where=where.text if isinstance(where, Target) else "")


def build_move(vp: VerbPhrase) -> Effect:
    verb = vp.verbs[-1]
    return Move(verb=verb, count=_count(vp.obj), what=vp.obj or vp.subject,
                from_zone=_zone(vp, "from", "out of"),
                to_zone=_zone(vp, "into", "to", "on", "onto", "under", "in"), who=vp.subject,
                span=vp.span)


def build_token(vp: VerbPhrase) -> Effect:
    token = vp.obj.text if vp.obj else ""
    words = token.split(" ")
    count: int | str = 1
    if words and words[0].isdigit():
        count = int(words[0])
    elif words and words[0] == "x":
        count = "X"
    name = " ".join(w for w in words if w not in ("a", "an", "token", "tokens") and not
                    w.isdigit() and w != "x")
    return CreateToken(verb="create", count=count, token=name, controller=vp.subject,
                       span=vp.span)


def build_gain(vp: VerbPhrase) -> Effect:
    who = vp.subject or Target(text="you")
    value = _first(vp.extras, "value")
    keyword = _first(vp.extras, "keyword")
    if value is not None:
        delta, stat = value
        if stat in ("life", "resource", "chi") and not str(delta).startswith(("+", "-")):
            return Gain(verb="gain", resource=stat, amount=delta, target=who,
                        duration=_duration(vp), span=vp.span)
        return ModifyValue(verb="modify", stat=stat or "power", delta=delta, target=who,
                           duration=_duration(vp), where=_where_text(vp), span=vp.span)
    if keyword is not None:
        return Gain(verb="gain", resource=keyword.name, amount=keyword.value or 1, target=who,
                    duration=_duration(vp), citation=keyword.citation, span=vp.span)
    life = _LIFE.match(vp.obj.text) if vp.obj is not None else None
    if life is not None:  # "gain 2 life"
        amount = int(life.group(1)) if life.group(1).isdigit() else "X"
        return Gain(verb="gain", resource="life", amount=amount, target=who,
                    duration=_duration(vp), span=vp.span)
    if vp.obj is not None and "action point" in vp.obj.text:
        return Gain(verb="gain", resource="action point", amount=_count(vp.obj) or 1,
                    target=who, span=vp.span)
    resources = _first(vp.extras, "resources")
    if resources is not None:
        return Gain(verb="gain", resource="resource", amount=resources, target=who, span=vp.span)
    quoted = _first(vp.extras, "quoted")
    if quoted is not None:
        return Gain(verb="gain", resource="ability", target=who, duration=_duration(vp),
                    quoted=quoted.text, abilities=quoted.abilities, span=vp.span)
    return other(vp)


def _where_text(vp: VerbPhrase) -> str:
    """"..., where X is the pitch value of the card revealed this way": the definition of X,
    with a "this way" that closes it (kept as an adverb by the grammar)."""
    where = _first(vp.extras, "where")
    if not isinstance(where, Target):
        return ""
    kinds = [e.kind for e in vp.extras]
    after = vp.extras[kinds.index("where") + 1:]
    tail = " this way" if any(e.kind == "adverb" and e.value == "this way" for e in after) else ""
    return where.text + tail


def build_lose(vp: VerbPhrase) -> Effect:
    value = _first(vp.extras, "value")
    if value is not None:
        delta, stat = value
        return ModifyValue(verb="lose", stat=stat, delta=f"-{delta}", target=vp.subject,
                           span=vp.span)
    return other(vp)


def build_prevent(vp: VerbPhrase) -> Effect:
    phrase = _first(vp.extras, "damage")
    amount = phrase.amount if phrase else None
    damage_type = phrase.damage_type if phrase else ""
    if phrase is not None and phrase.amount == 0 and vp.obj is not None:
        amount = None  # "the next 3 | arcane damage": the number sits in the object
    if amount is None and vp.obj is not None:
        number = _NUMBER_WORD.search(vp.obj.text)
        if number:
            amount = int(number.group(1)) if number.group(1).isdigit() else "X"
        kinds = [t for t in ("arcane", "physical") if f"{t} damage" in vp.obj.text]
        damage_type = kinds[0] if kinds else damage_type
    relative = next((e.value for e in vp.extras if e.kind == "that"), None)
    target = None
    if relative is not None and " to " in relative.text:
        # "... that would be dealt to you this turn": the recipient and the duration
        target = Target(text=_DURATION_TAIL.sub("", relative.text.split(" to ", 1)[1]).strip())
    elif relative is not None:
        target = relative
    if target is None and vp.obj is not None and " to " in vp.obj.text:
        target = Target(text=_DURATION_TAIL.sub("", vp.obj.text.split(" to ", 1)[1]).strip())
    duration = (_duration(vp) or (_np_duration(vp.obj) if vp.obj else None)
                or (_np_duration(relative) if relative is not None else None))
    where = _first(vp.extras, "where")  # "prevent X of that damage, where X is ..."
    return Prevent(verb="prevent", amount=amount, damage_type=damage_type, target=target,
                   duration=duration, where=where.text if isinstance(where, Target) else "",
                   span=vp.span)


def build_cost(vp: VerbPhrase) -> Effect:
    resources = _first(vp.extras, "resources") or 0
    less = any(e.kind == "adverb" and "less" in e.value for e in vp.extras)
    delta = -resources if less else resources
    return ModifyValue(verb="cost", stat="cost", delta=delta, target=vp.subject, span=vp.span)


def other(vp: VerbPhrase) -> Effect:
    args: list[tuple[str, str]] = []
    if vp.keyword is not None:
        args.append(("keyword", _describe(vp.keyword)))
        if vp.keyword.citation:
            args.append(("citation", vp.keyword.citation))
    if vp.aux:
        args.append(("aux", vp.aux))
    if vp.subject is not None:
        args.append(("subject", vp.subject.text))
    if vp.obj is not None:
        args.append(("object", vp.obj.text))
    for extra in vp.extras:
        args.append((extra.kind + (f" {extra.prep}" if extra.prep else ""), _describe(extra.value)))
    return Other(verb=" ".join(vp.verbs), args=tuple(args), span=vp.span)


def _describe(value) -> str:
    if isinstance(value, (Target, Duration, Condition, Quoted)):
        return value.text
    if isinstance(value, Keyword):
        return value.name if value.value is None else f"{value.name} {value.value}"
    if isinstance(value, DamagePhrase):
        return f"{value.amount} {value.damage_type} damage".replace("  ", " ")
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], str):
        return f"{value[0]} {value[1]}"
    return str(value) if not isinstance(value, tuple) else f"{len(value)} abilities"


BUILDERS = {
    "deal": build_damage, "draw": build_move, "discard": build_move, "destroy": build_move,
    "banish": build_move, "put": build_move, "return": build_move, "search": build_move,
    "shuffle": build_move, "create": build_token, "gain": build_gain, "get": build_gain,
    "have": build_gain, "lose": build_lose, "prevent": build_prevent, "cost": build_cost,
}


_RESTRICTED = frozenset({"play", "activate"})


def build_restriction(vp: VerbPhrase) -> Effect:
    """"<who> can't play or activate <what> <duration>": a restriction, not an event."""
    duration = _duration(vp) or (_np_duration(vp.obj) if vp.obj is not None else None)
    what = vp.obj
    if what is not None and duration is not None:
        what = replace(what, text=_DURATION_TAIL.sub("", what.text).strip())
    return Restriction(verb="can't " + " or ".join(vp.verbs), actions=vp.verbs, who=vp.subject,
                       what=what, duration=duration, span=vp.span)


def build_defend_restriction(vp: VerbPhrase) -> Effect:
    """"<attack> can't be defended by <cards>": which cards can't defend the attack."""
    by = next((e.value for e in vp.extras if e.kind == "pp" and e.prep == "by"), None)
    return Restriction(verb="can't be defended", actions=("defend",), what=by,
                       against=vp.subject, duration=_duration(vp), span=vp.span)


_BECOMES = re.compile(r"^(?:an? )?(weapon|aura|item|ally|equipment)s?(?: with (\d+)(\{[pd]\}))?$")


def build_becomes(vp: VerbPhrase) -> Effect | None:
    """"<objects> are <type>s [with N{p}] [and <activated ability>]"; None: another "be"."""
    m = _BECOMES.match(vp.obj.text.lower()) if vp.obj is not None else None
    if m is None or vp.subject is None or vp.aux:
        return None
    granted = ("ability", "quoted")      # an activated ability, bare or in quotes
    abilities = tuple(a for part in (vp,) + vp.more for e in part.extras if e.kind in granted
                      for a in ((e.value,) if e.kind == "ability" else e.value.abilities))
    if any(part.obj is not None or any(e.kind not in granted for e in part.extras)
           for part in vp.more) or any(e.kind not in granted for e in vp.extras):
        return None
    values = ((STATS[m.group(3)], int(m.group(2))),) if m.group(2) else ()
    return Becomes(verb="become", what=vp.subject, kinds=(m.group(1),), values=values,
                   abilities=abilities, span=vp.span)


def effects_of(vp: VerbPhrase) -> list[Effect]:
    """The effects a verb phrase describes: its own and those of coordinated phrases."""
    out: list[Effect] = []
    negated = vp.aux in ("can't", "cannot", "can not", "don't", "doesn't", "didn't")
    if vp.aux in ("can't", "cannot", "can not") and vp.verbs and set(vp.verbs) <= _RESTRICTED:
        return [build_restriction(vp)] + [e for m in vp.more for e in effects_of(m)]
    if vp.aux in ("can't", "cannot", "can not") and vp.verbs == ("be", "defend"):
        return [build_defend_restriction(vp)] + [e for m in vp.more for e in effects_of(m)]
    if vp.verbs == ("be",) and (becomes := build_becomes(vp)) is not None:
        return [becomes]
    builder = None if negated or vp.aux in ("would",) else BUILDERS.get(vp.verbs[-1])
    if builder is not None and _first(vp.extras, "causative damage") is not None:
        builder = build_damage
    out.append(builder(vp) if builder else other(vp))
    for more in vp.more:
        if more.subject is None and vp.subject is not None:
            more = replace(more, subject=vp.subject)  # "X gains +1{p} and +1{d}": same subject
        out.extend(effects_of(more))
    return out


# --------------------------------------------------------------------------- transformer

@v_args(meta=True)
class FabTransformer(CardTransformer):
    game = GAME

    # -- paragraph structure
    def paragraph(self, meta, children):
        return _abilities(children)

    def sentence(self, meta, children):
        return _abilities(children)

    def sentences(self, meta, children):
        return self._this_way(_abilities(children))

    def _this_way(self, abilities: tuple[Ability, ...]) -> tuple[Ability, ...]:
        """"When this attacks, reveal the top card of your deck. This gets -X{p}, where X is
        the pitch value of the card revealed this way.": a sentence that refers back to the
        triggered effect before it ("this way") is part of that triggered ability."""
        out: list[Ability] = []
        for ab in abilities:
            prev = out[-1] if out else None
            if (prev is not None and prev.kind == "triggered" and ab.kind in ("static", "spell")
                    and ab.trigger is None and ab.condition is None and ab.span is not None
                    and re.search(r"\bthis way\b", self.marked[ab.span.start:ab.span.end], re.I)):
                end = ab.span.end if prev.span is None else max(prev.span.end, ab.span.end)
                out[-1] = replace(prev, effects=prev.effects + ab.effects,
                                  span=Span_of(prev.span.start if prev.span else ab.span.start, end))
                continue
            out.append(ab)
        return tuple(out)

    def face_separator(self, meta, children):
        return ()

    def keyword_line(self, meta, children):
        keywords = [c for c in children if isinstance(c, Keyword)]
        where = next((c for c in children if isinstance(c, Extra)), None)
        if where is not None and keywords:
            keywords[-1] = replace(keywords[-1], value=f"X ({where.value.text})")
        return tuple(Ability(kind="keyword", keywords=(k,), citation=k.citation, span=k.span)
                     for k in keywords)

    def kw_plain(self, meta, children):
        return keyword_value(clean(str(children[0])), None, span_of(meta))

    def kw_param(self, meta, children):
        return keyword_value(clean(str(children[0])), children[1], span_of(meta))

    def kw_specialization(self, meta, children):
        hero = re.sub(r"(?i)^legendary\s+|\s+specialization$", "", str(children[0]).strip())
        return keyword_value("specialization", hero.replace("\u00a7", "").strip() or "this",
                             span_of(meta))

    def kw_fusion(self, meta, children):
        element = re.sub(r"(?i)\s*fusion$", "", str(children[0]).strip())
        return keyword_value("fusion", element, span_of(meta))

    def kw_essence(self, meta, children):
        return keyword_value("essence", re.sub(r"(?i)^essence\s+of\s+", "",
                                               str(children[0]).strip()), span_of(meta))

    def kw_legend(self, meta, children):
        return keyword_value(str(children[0]).strip(), None, span_of(meta))

    def kw_verb(self, meta, children):
        keyword = children[0]
        return keyword

    # -- activated abilities
    def activated(self, meta, children):
        limit, ability_type = children[0]
        costs, effects = children[1], children[2]
        effs: list[Effect] = []
        keywords: list[Keyword] = []
        for item in effects:
            if isinstance(item, Keyword):
                keywords.append(item)
            elif isinstance(item, Ability):
                effs.extend(item.effects)
                keywords.extend(item.keywords)
            elif isinstance(item, Effect):
                effs.append(item)
        return Ability(kind="activated", effects=tuple(effs), costs=costs,
                       keywords=tuple(keywords), label=ability_type, limit=limit,
                       citation=citation_for(GAME, KIND_TERMS["activated"]), span=span_of(meta))

    def ability_type(self, meta, children):
        limit = next((clean(str(c)).lower() for c in children if c.type == "LIMIT"), "")
        kind = next(clean(str(c)) for c in children if c.type == "ABILITY_TYPE")
        return (limit, kind)

    def act_cost(self, meta, children):
        return tuple(c for c in children if isinstance(c, Cost))

    def cost_chi(self, meta, children):
        return Cost(kind="chi", amount=len(children), span=span_of(meta))

    def cost_exhaust(self, meta, children):
        detail = children[1].text if len(children) > 1 else ""
        return Cost(kind="exhaust", detail=detail, span=span_of(meta))

    def cost_action(self, meta, children):
        vp = children[0]
        return Cost(kind=vp.verbs[-1], amount=_count(vp.obj),
                    detail=vp.obj.text if vp.obj else self.phrase(meta), span=span_of(meta))

    def act_effects(self, meta, children):
        out = []
        for child in children:
            if isinstance(child, Token):  # ATTACK_KW: the ability makes an attack
                out.append(Other(verb="attack", span=Span_of_token(child)))
            elif isinstance(child, Extra) and out and isinstance(out[-1], Keyword):
                out[-1] = replace(out[-1], value=f"X ({child.value.text})")  # "Amp X, where X is"
            else:
                out.append(child)
        return out

    # -- labels and modes
    def labelled(self, meta, children):
        if children[0].type == "EFFECT_LIMIT":  # "Once per Turn Effect - ...": a limit, no name
            limit = " ".join(clean(str(children[0])).lower().split()[:3])
            return tuple(replace(a, limit=limit, span=span_of(meta))
                         for a in _abilities(children[1:]))
        label = clean(str(children[0]))
        label_kw = keyword_value(label, None, None)
        inner = _abilities(children[1:])
        return tuple(replace(a, kind="label" if a.kind in ("spell", "static") else a.kind,
                             label=label_kw.name,
                             keywords=a.keywords + (replace(label_kw, span=span_of(meta)),))
                     for a in inner)

    def modal(self, meta, children):
        head, bullets = children[0], children[1:]
        condition, pick = head
        options = tuple(tuple(e for a in b for e in a.effects) or
                        tuple(Other(verb="keyword", args=(("keyword", k.name),))
                              for a in b for k in a.keywords) for b in bullets)
        choice = Choice(verb="choose", chooser=Target(text="you"), pick=pick, options=options,
                        span=span_of(meta))
        return Ability(kind="spell", effects=(choice,), condition=condition,
                       citation=citation_for(GAME, KIND_TERMS["spell"]), span=span_of(meta))

    def choose_head(self, meta, children):
        condition = next((c for c in children if isinstance(c, Condition)), None)
        pick = next(c for c in children if isinstance(c, (int, str)) and not isinstance(c, Token))
        return (condition, pick)

    def choose_n(self, meta, children):
        amounts = [c for c in children if not isinstance(c, Token)]
        return amounts[0] if len(amounts) == 1 else f"{amounts[0]} or {amounts[1]}"

    def choose_n_or_both(self, meta, children):
        return f"{children[0]} or both"

    def bullet(self, meta, children):
        return _abilities(children)

    # -- statements
    def _ability(self, meta, kind, effects, **kw) -> Ability:
        return Ability(kind=kind, effects=tuple(effects), citation=citation_for(
            GAME, KIND_TERMS.get(kind, kind)), span=span_of(meta), **kw)

    def plain(self, meta, children):
        effects = children[0]
        kind = "static" if _is_static(effects) else "spell"
        return self._ability(meta, kind, effects)

    def triggered(self, meta, children):
        """"<trigger>, <statement>": the statement's effects and condition become the
        triggered ability's; a statement that is itself triggered is a delayed trigger."""
        part, inner = children[0], _one_ability(children[-1])
        condition = None
        effects = inner.effects
        if inner.trigger is not None:
            effects = (DelayedTrigger(verb="delayed trigger", trigger=inner.trigger,
                                      effects=inner.effects, condition=inner.condition,
                                      duration=inner.duration, span=inner.span),)
        elif inner.condition is not None and inner.kind != "replacement":
            condition = inner.condition
            effects = _unwrap(inner.effects, condition)
        return self._ability(meta, "triggered", effects, trigger=part.trigger,
                             condition=condition, duration=part.duration or inner.duration,
                             limit=inner.limit)

    def conditional(self, meta, children):
        """"If <clause>, <statement>": a condition on a triggered or replacement ability, or a
        Conditional effect of a resolving / static one."""
        return self._conditioned(meta, children[0], _one_ability(children[-1]))

    def _conditioned(self, meta, condition: Condition, inner: Ability) -> Ability:
        if inner.kind in ("triggered", "replacement") and inner.condition is None:
            return replace(inner, condition=condition, span=span_of(meta))
        if inner.kind in ("triggered", "replacement"):
            effects = (Conditional(verb=inner.condition.kind, condition=inner.condition,
                                   then=inner.effects, span=inner.span),)
            return replace(inner, condition=condition, effects=effects, span=span_of(meta))
        effect = Conditional(verb="if", condition=condition, then=tuple(inner.effects),
                             span=span_of(meta))
        kind = "static" if _is_static(inner.effects) else "spell"
        return self._ability(meta, kind, (effect,), condition=condition,
                             duration=inner.duration, limit=inner.limit)

    def otherwise(self, meta, children):
        effects = children[-1]
        effect = Conditional(verb="otherwise", condition=Condition(text="otherwise",
                             kind="otherwise"), otherwise=tuple(effects), span=span_of(meta))
        return self._ability(meta, "spell", (effect,))

    def led(self, meta, children):
        """"Until end of turn, <ability>": the lead phrase sets the ability's duration, its
        limit ("once per turn"), or a condition ("during your turn")."""
        lead, inner = children[0], children[-1]
        inner = inner if isinstance(inner, Ability) else _abilities([inner])[0]
        kind, value = lead
        if kind == "duration":
            inner = replace(inner, duration=value)
        elif kind == "limit":
            inner = replace(inner, limit=value)
        elif kind == "during":
            inner = replace(inner, condition=value)
        elif kind == "if":
            inner = self._conditioned(meta, value, inner)
        return replace(inner, span=span_of(meta))

    def lead_duration(self, meta, children):
        return ("duration", children[0])

    def lead_limit(self, meta, children):
        return ("limit", self.phrase(meta))

    def lead_during(self, meta, children):
        return ("during", Condition(text=self.phrase(meta), kind="during", span=span_of(meta)))

    def lead_then(self, meta, children):
        return ("then", None)

    def lead_then_if(self, meta, children):
        return ("if", next(c for c in children if isinstance(c, Condition)))

    def replacement(self, meta, children):
        return children[0]

    def statement(self, meta, children):
        return children[0]

    def replace_if(self, meta, children):
        condition, effects = children[0], children[-1]
        return self._replacement(meta, condition.text, effects, condition)

    def replace_next(self, meta, children):
        event = next(c for c in children if isinstance(c, Condition))
        return self._replacement(meta, event.text, children[-1], None)

    def _replacement(self, meta, event, effects, condition):
        effect = Replacement(verb="replace", event=event, instead=tuple(effects),
                             condition=condition, span=span_of(meta))
        return self._ability(meta, "replacement", (effect,), condition=condition)

    def would_clause(self, meta, children):
        return Condition(text=self.phrase(meta), kind="would", span=span_of(meta))

    def additional_cost(self, meta, children):
        inner = children[0]
        return inner if isinstance(inner, Ability) else self._ability(
            meta, "static", children[-1], label="additional cost")

    def restriction(self, meta, children):
        return children[0]

    def activate_only(self, meta, children):
        """"Activate this ability only while <clause>": the clause is the condition that
        allows the activation (kept on the effect: an activated ability takes its effects)."""
        condition = Condition(text=self.phrase(meta), kind="only", span=span_of(meta))
        clause = next((c for c in children if isinstance(c, VerbPhrase)), None)
        kw = next((c for c in children if isinstance(c, tuple)), None)
        word = next((clean(str(c)).lower() for c in children
                     if isinstance(c, Token) and c.type == "ONLY_WHILE"), None)
        kind = (word or (kw[0] if kw else "if")).lower()
        only = Condition(text=clause_text(self, clause), kind=kind,
                         span=clause.span if clause is not None else None)
        effect = Restriction(verb="restrict activation", actions=("activate",),
                             what=Target(text="this ability"), only=only, span=span_of(meta))
        return self._ability(meta, "static", (effect,), condition=condition)

    def play_only(self, meta, children):
        condition = Condition(text=self.phrase(meta), kind="only", span=span_of(meta))
        return self._ability(meta, "static", (Other(verb="restrict play", span=span_of(meta)),),
                             condition=condition)

    # -- triggers
    def _trigger(self, meta, children, kind):
        clause = next((c for c in children if isinstance(c, VerbPhrase)), None)
        duration = next((c for c in children if isinstance(c, Duration)), None)
        event = clause_text(self, clause) if clause else self.phrase(meta)
        return TriggerPart(Trigger(kind=kind, event=event, span=span_of(meta)), duration)

    def trig_when(self, meta, children):
        return self._trigger(meta, children, "when")

    def trig_whenever(self, meta, children):
        return self._trigger(meta, children, "whenever")

    def trig_at(self, meta, children):
        return TriggerPart(Trigger(kind="at", event=re.sub(r"^at the ", "", self.phrase(meta)),
                                   span=span_of(meta)))

    def trig_first_time(self, meta, children):
        return self._trigger(meta, children, "first time")

    def trig_next_time(self, meta, children):
        return self._trigger(meta, children, "next time")

    # -- bodies and effects
    def body(self, meta, children):
        effects: list[Effect] = []
        condition = None
        for child in children:
            if isinstance(child, Condition):
                condition = child
            elif isinstance(child, list):
                effects.extend(child)
        if condition is not None:
            return [Conditional(verb=condition.kind, condition=condition, then=tuple(effects),
                                span=span_of(meta))]
        return effects

    def eff_clause(self, meta, children):
        return effects_of(children[0])

    def eff_may(self, meta, children):
        vp = children[-1]
        who = Target(text=clean(str(children[0]))[: -len(" may")] or "you")
        vp = replace(vp, subject=who)
        return [Choice(verb="may", chooser=who, options=(tuple(effects_of(vp)),), optional=True,
                       span=span_of(meta))]

    def eff_subject_instead(self, meta, children):
        """"The next card you play ... , instead deals that much arcane damage plus 1"."""
        vp = replace(children[-1], subject=children[0])
        return [Replacement(verb="instead", event="", instead=tuple(effects_of(vp)),
                            span=span_of(meta))]

    def eff_if(self, meta, children):
        """"..., then if you control no other auras, put a counter on it"."""
        condition, vp = children[0], children[-1]
        return [Conditional(verb=condition.kind, condition=condition, then=tuple(effects_of(vp)),
                            span=span_of(meta))]

    def eff_instead(self, meta, children):
        vp = children[-1]
        return [Replacement(verb="instead", event="", instead=tuple(effects_of(vp)),
                            span=span_of(meta))]

    # -- clauses
    def clause(self, meta, children):
        return self._clause(meta, children)

    def clause_body(self, meta, children):
        return self._clause(meta, children)

    def _clause(self, meta, children):
        subject = children[0] if isinstance(children[0], Target) else None
        vp = children[-1]
        return replace(vp, subject=subject, span=span_of(meta))

    def subject(self, meta, children):
        return children[0]

    def subj_winner(self, meta, children):
        return Target(text="the winner", span=span_of(meta))

    def object(self, meta, children):
        return children[0]

    def vp(self, meta, children):
        return self._vp(meta, children)

    def vp_body(self, meta, children):
        return self._vp(meta, children)

    def _vp(self, meta, children):
        verbs, aux, action, granted = children[0]
        obj = next((c for c in children[1:] if isinstance(c, Target)), None)
        extras = tuple(Extra("keyword", k) for k in granted) + tuple(
            c for c in children[1:] if isinstance(c, Extra))
        more = tuple(c for c in children[1:] if isinstance(c, VerbPhrase))
        vp = VerbPhrase(verbs=verbs, aux=aux, obj=obj, extras=extras, span=span_of(meta),
                        keyword=action)
        # coordinated parts without their own verb share this phrase's verb
        fixed = []
        for m in more:
            if not m.verbs:
                m = replace(m, verbs=verbs, aux=aux)
            fixed.append(m)
        return replace(vp, more=tuple(fixed))

    def vp_more(self, meta, children):
        return self._vp(meta, children)

    def clause_more(self, meta, children):
        subject = children[0]
        return replace(self._vp(meta, children[1:]), subject=subject)

    def object_more(self, meta, children):
        obj = children[0]
        extras = tuple(c for c in children[1:] if isinstance(c, Extra))
        return VerbPhrase(verbs=(), obj=obj, extras=extras, span=span_of(meta))

    def extra_more(self, meta, children):
        return VerbPhrase(verbs=(), extras=tuple(c for c in children if isinstance(c, Extra)),
                          span=span_of(meta))

    def verb_group(self, meta, children):
        """(verbs, aux, keyword action, keywords granted): in "gains go again" the keyword
        after a verb is what is gained, not a second verb."""
        aux = ""
        verbs: list[str] = []
        action: Keyword | None = None
        granted: list[Keyword] = []
        for child in children:
            if isinstance(child, tuple) and child and child[0] == "aux":
                aux = child[1]
            elif isinstance(child, Keyword):
                if verbs and action is None:
                    granted.append(child)
                else:
                    action = child
                    verbs.append(child.name.lower())
            elif isinstance(child, Token) and child.type == "ONLY_PRE":
                aux = f"{aux} only".strip()  # "can only be played"
            elif isinstance(child, Token) and child.type not in ("OR",):
                verbs.append(lemma(str(child)))
        return (tuple(verbs) or ("do",), aux, action, tuple(granted))

    def verb_do(self, meta, children):
        return (("do",), "", None, ())

    def verb_dont(self, meta, children):
        return (("do",), "don't", None, ())

    def aux(self, meta, children):
        return ("aux", self.phrase(meta))

    # -- extras
    def c_value(self, meta, children):
        return Extra("value", children[0])

    def value(self, meta, children):
        amount = children[0]
        icon = next((str(c) for c in children if isinstance(c, Token) and c.type == "ICON"), "")
        signed = self.source(meta).lstrip()[:1] in "+-"
        if signed and isinstance(amount, int) and amount >= 0:
            amount = f"+{amount}"
        return (amount, STATS.get(icon.lower(), ""))

    def c_activated(self, meta, children):
        return Extra("ability", children[0])

    def c_damage(self, meta, children):
        return Extra("damage", children[0])

    def c_quoted(self, meta, children):
        return Extra("quoted", Quoted(text=self.phrase(meta).strip('"\u201c\u201d '),
                                      abilities=tuple(children[0])))

    def quoted(self, meta, children):
        return children[0]

    def quoted_body(self, meta, children):
        return _abilities(children)

    def c_keyword(self, meta, children):
        return Extra("keyword", children[0])

    def c_pp(self, meta, children):
        return Extra("pp", children[1], prep=clean(str(children[0])))

    def c_while(self, meta, children):
        """"while defending (a weapon attack)": the phrase holds only in that state."""
        return Extra("while", Condition(text=self.phrase(meta), kind="while", span=span_of(meta)))

    def c_plus(self, meta, children):
        return Extra("plus", self.phrase(meta))

    def c_amount(self, meta, children):
        return Extra("amount", self.phrase(meta))

    def c_rather(self, meta, children):
        return Extra("rather than", clause_text(self, children[-1]))

    def c_causative_damage(self, meta, children):
        return Extra("causative damage", children[-1])

    def c_pp_damage(self, meta, children):
        return Extra("damage", children[1], prep=clean(str(children[0])))

    def c_duration(self, meta, children):
        return Extra("duration", children[0])

    def c_adverb(self, meta, children):
        return Extra("adverb", self.phrase(meta))

    def c_instead(self, meta, children):
        return Extra("adverb", "instead")

    def c_as_though(self, meta, children):
        return Extra("as though", children[-1])

    def c_for_each(self, meta, children):
        return Extra("for each", children[-1])

    def c_where(self, meta, children):
        return children[0]

    def where_x(self, meta, children):
        return Extra("where", children[-1])

    def c_resources(self, meta, children):
        return Extra("resources", children[0])

    def c_purpose(self, meta, children):
        return Extra("purpose", clause_text(self, children[-1]))

    def c_that(self, meta, children):
        return Extra("that", Target(text=self.phrase(meta), span=span_of(meta)))

    def c_when(self, meta, children):
        return Extra("when", Condition(text=self.phrase(meta), kind="when", span=span_of(meta)))

    # -- noun-phrase post-modifiers (kept as the phrase's text by target_np)
    def _np_post(self, meta, children):
        return ("post", self.phrase(meta))

    np_duration = np_relative = np_that = np_pp = np_with_keyword = _np_post


def Span_of(start: int, end: int):
    from judge.cards.legacy_model import Span
    return Span(start, end)


def Span_of_token(token: Token):
    from judge.cards.legacy_model import Span
    return Span(token.start_pos, token.end_pos)


def clause_text(transformer: FabTransformer, vp: VerbPhrase) -> str:
    if vp is None or vp.span is None:
        return ""
    from judge.cards.common import SELF_NAME_MARK
    return clean(re.sub(SELF_NAME_MARK + "+", "this",
                        transformer.marked[vp.span.start:vp.span.end]))


def _is_static(effects) -> bool:
    """Continuous text: modifies values or grants without a one-shot verb."""
    return bool(effects) and all(isinstance(e, (ModifyValue, Gain)) and e.verb in ("modify",
                                 "cost", "gain") and isinstance(e, ModifyValue) for e in effects)


def _one_ability(child) -> Ability:
    found = _abilities([child])
    return found[0] if found else Ability(kind="spell")


def _unwrap(effects, condition) -> tuple[Effect, ...]:
    """The effects of "if <condition>, <effects>" when the condition moves to the ability."""
    if len(effects) == 1 and isinstance(effects[0], Conditional) and \
            effects[0].condition is condition:
        return effects[0].then
    return tuple(effects)


def _abilities(children) -> tuple[Ability, ...]:
    out: list[Ability] = []
    for child in children:
        if isinstance(child, Ability):
            out.append(child)
        elif isinstance(child, Keyword):
            out.append(Ability(kind="keyword", keywords=(child,), citation=child.citation,
                               span=child.span))
        elif isinstance(child, tuple) and all(isinstance(c, Ability) for c in child):
            out.extend(child)
    return tuple(out)


PARSER = ClauseParser(GAME, "card_fab.lark", FabTransformer, spans_from_tokens=True)


def parse(text: str, *, strict: bool = False, name: str | None = None) -> CardText:
    """Parse FaB functional text. ``name``: the card's own name (read as "this")."""
    return PARSER.parse(text, strict=strict, name=name)


def iter_corpus(path: str | Path) -> Iterator[tuple[str, str]]:
    """(card name, functional text) for every row of a the-fab-cube card TSV export."""
    path = Path(path)
    if not path.is_file():
        raise UsageError(f"no such card file: {path}", expected="a the-fab-cube card.tsv")
    csv.field_size_limit(1 << 24)
    with path.open(newline="", encoding="utf-8") as handle:
        reader = csv.DictReader(handle, delimiter="\t")
        missing = {"Name", "Functional Text"} - set(reader.fieldnames or ())
        if missing:
            raise UsageError(f"{path}: not a the-fab-cube card table (missing column "
                             f"{', '.join(sorted(missing))})", path=str(path), line=1,
                             expected="columns Name and Functional Text")
        for row in reader:
            yield row["Name"], row["Functional Text"] or ""
