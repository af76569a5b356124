"""UFS / UniVersus card text -> :mod:`judge.cards.model` values (grammar
``grammar/card_ufs.lark`` on ``card_common.lark``; rules ufs-0.9).

A text box is paragraphs (blank lines, or the tab and double-space breaks of builduvs exports),
each one of:

* a keyword line (I.1, I.2): ``Breaker: 1 - Ranged - Fury``, ``Combo (Attack, Weapon)``: an
  ability of kind ``keyword``, one :class:`~judge.cards.model.Keyword` per item, read by its
  shape (words, an optional ``: N`` rating, an optional parenthesised list);
* a played ability (H.1): ``[name] TYPE [brackets] [costs]: effect``: the head before the
  colon gives ``timing`` (enhance, response, form, blitz), ``limit`` and the bracketed
  restrictions, and ``costs`` (H.4: "Commit", "Flip", "Discard 1 momentum" ...); the sentences
  after it are the ability's effects (a Response's "After ..., ..." is its trigger);
* continuous text (H.6): sentences with no type.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

from lark import Token

from judge.cards import model as M
from judge.cards.model import replace
from judge.cards.frames import Simple
from judge.cards.game import GameReader, _Holder, piece_of, pieces_between, split_at
from judge.cards.links import first_citation
from judge.cards.nouns import COMMON_ZONES, Vocabulary, base, kind_of, word_of
from judge.cards.reader import Piece
from judge.cards.syntax import NounPhrase, Pronoun, VP, span_of
from judge.cards.transformer import CardTransformer
from judge.errors import UsageError

GAME = "ufs"

KEYWORD_TRAITS = frozenset("ally charge fury kick punch ranged slam taunt tech weapon".split())
_TYPE_TERMS = {
    "enhance": ("enhance abilities", "enhance step", "played abilities types"),
    "form": ("form abilities", "played abilities types"),
    "response": ("response abilities", "played abilities types"),
    "blitz": ("blitz abilities", "played abilities types"),
}

VOCABULARY = Vocabulary(
    zones={**COMMON_ZONES, "card pool": "card pool", "pool": "card pool", "momentum": "momentum",
           "stage": "stage", "staging area": "staging area", "discard pile": "discard pile",
           "removed pile": "removed",
           "removed from game pile": "removed", "hand": "hand", "deck": "deck"},
    players=frozenset({"rival", "player", "opponent"}),
    stats={"speed": "speed", "damage": "damage", "difficulty": "difficulty", "control": "control",
           "block modifier": "block modifier", "health": "health", "block zone": "block zone",
           "attack zone": "attack zone", "hand size": "hand size"},
    kinds={"rivals": "rival"},
    name_unread_posts=True,
    name_unread_amounts=True,
    purpose_posts=True,
    open_zones=True,
)

# Paragraph breaks: blank lines, the "\t \t" of builduvs exports, or 2+ spaces after a sentence
# end before the next ability.
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n|[ \t]*\t[ \t]*\t[ \t]*(?=\S)|(?<=[.\]])[ ]{2,}(?=[A-Z{])|\n")


# --------------------------------------------------------------------------- UFS verbs (K.4)

def _commit(f, s, parts, subject, span):
    t = f.obj(parts)
    if t is not None and (parts.for_each is not None or parts.equal is not None):
        # "commit 1 foundation for each ...", "commits foundations equal to the damage dealt":
        # how many, from the phrase
        t = replace(t, count=f.amount_with_x(t.count, parts))
    return None if t is None else M.Exhaust(verb="commit", target=t, who=subject, span=span)


def _seal(f, s, parts, subject, span):
    """K.4.3: "That card has no abilities for the rest of this turn"."""
    t = f.obj(parts)
    if t is None:
        return None
    return M.Lose(verb="seal", resource="abilities", target=t,
                  duration=M.Duration(kind="until end of turn"), span=span)


def _freeze(f, s, parts, subject, span):
    """K.4.5: "That card does not ready during the next Ready Step"."""
    t = f.obj(parts)
    if t is None:
        return None
    return M.Restriction(verb="freeze", actions=("ready",), what=t,
                         duration=M.Duration(kind="until end of next ready step"), span=span)


def _unflip(f, s, parts, subject, span):
    t = f.obj(parts)
    return None if t is None else M.Flip(verb="unflip", target=t, face="up", who=subject,
                                         span=span)


def _build(f, s, parts, subject, span):
    """K.4.2: build - a card to the stage; the state it lands in, printed after the card
    ("build it committed", "build the top card of your deck face down"), is how it arrives
    (the noun phrase's last noun took "face down" / "committed": they were dropped)."""
    what = f.obj(parts)
    if what is None:
        return None
    trailing = _trailing_states(parts.objects[0]) if parts.objects else []
    face = "down" if "face down" in parts.adverbs or "face down" in what.qualities or \
        "face down" in trailing else ("up" if "face up" in trailing else "")
    eff = f._move("build", s, parts, subject, span, what=what,
                  to=M.Zone(name="stage", owner="you"))
    if eff is None:
        return None
    if face:
        eff = replace(eff, face=face)
    if ("committed" in what.qualities or "committed" in trailing) and eff.arrives is None:
        eff = replace(eff, arrives=M.Arrival(states=("committed",), text="committed"))
    return eff


def _trailing_states(np) -> list[str]:
    """The state words that end a noun phrase after its last noun ("the top card of your deck
    face down": face down), as the card's state, not the deck's."""
    while isinstance(np, NounPhrase) and np.posts:
        np = np.posts[-1].body
    if not isinstance(np, NounPhrase):
        return []
    words = list(np.words)
    out: list[str] = []
    while words and isinstance(words[-1], Token) and base(words[-1].type) == "ADJ" and \
            str(words[-1]).lower().replace("-", " ") in ("committed", "face down", "face up"):
        out.insert(0, str(words.pop()).lower().replace("-", " "))
    if out and words and isinstance(words[-1], Token) and \
            base(words[-1].type) in ("NOUN", "U_NOUN"):
        return out
    return []


def _mill(f, s, parts, subject, span):
    what = f.obj(parts)
    count = what.count if what is not None else None
    cards = M.Target(kinds=("card",), count=count, zone=M.Zone(name="deck", position="top"))
    return M.Move(verb="mill", what=cards, from_zone=M.Zone(name="deck", position="top"),
                  to_zone=M.Zone(name="discard pile"), who=f.doer(subject), span=span)


def _clear(f, s, parts, subject, span):
    what = f.obj(parts)
    if what is None:
        return None
    return f._move("clear", s, parts, subject, span, what=what,
                   frm=f.zone_from(parts, what) or M.Zone(name="card pool"),
                   to=M.Zone(name="discard pile"))


def _try(f, s, parts, subject, span):
    """"Try to play X": the play attempt (the check) of X."""
    vp = parts.infinitive
    if vp is None:
        return None
    from judge.cards.frames import Simple
    inner = f.effect(Simple(s.subject, vp.group, list(vp.items), "", vp.span))
    if isinstance(inner, M.Play):
        return replace(inner, verb="try to play", span=span)
    return None


def _make(f, s, parts, subject, span):
    """"Make a control check" (E.3): a check with no difficulty (E.3.4) unless one is printed
    ("... with a difficulty of 4", "... against difficulty 4"). Any other thing made is left to
    the common frames."""
    what = f.obj(parts)
    if what is None or len(parts.objects) != 1 or what.kinds not in (("check",),
                                                                     ("control", "check")):
        return None
    if any((parts.pps, parts.changes, parts.durations, parts.conditions, parts.rest,
            parts.for_each, parts.where, parts.equal, parts.infinitive, parts.quoted,
            parts.parenthetical, what.qualities, what.zone, what.of, what.name)):
        return None                             # more than a check: left to an Other
    difficulty = None
    for c in what.filters:
        comparison = c.comparison
        if (c.test != "compare" or comparison is None or comparison.op != "=="
                or comparison.left.measure != "difficulty" or difficulty is not None):
            return None
        difficulty = comparison.right
    return M.Check(verb="make", kind="control", difficulty=difficulty, who=f.doer(subject),
                   span=span)


def _halve(f, s, parts, subject, span):
    """"Halve this attack's damage", "its damage is halved": the value multiplied by one half
    (``Amount.half``; "rounded up / down" when printed, else the rules decide). Anything more
    in the clause is left to an Other."""
    from judge.cards.frames import _BE
    passive = bool(set(s.group.auxes) & _BE)
    np = s.subject if passive and not parts.objects else (
        parts.objects[0] if len(parts.objects) == 1 and not passive else None)
    if np is None or any((parts.pps, parts.changes, parts.conditions, parts.rest,
                          parts.for_each, parts.where, parts.equal, parts.infinitive,
                          parts.quoted, parts.parenthetical)):
        return None
    roundings = [a.split()[-1] for a in parts.adverbs if a.startswith("rounded ")]
    if len(roundings) != len(parts.adverbs) or len(roundings) > 1:
        return None
    q = f.r.quantity(np)
    if not q.measure or q.measure in ("count", "value") or q.of is None:
        return None
    amount = M.Amount(half=True, rounding=roundings[0] if roundings else "", span=span)
    return M.ModifyValue(verb="halve", stat=q.measure, amount=amount, op="multiply",
                         target=q.of, duration=f.duration(parts), span=span)


def _deal(f, s, parts, subject, span):
    """"This attack deals half damage", "... half damage (rounded up)" (the text Throw grants,
    I.3.14; G.3.2): the damage it deals is half its damage - its damage halved, as "halve
    this attack's damage" reads (``Amount.half``). Only that clause: a recipient or any other
    part is left to the common frame."""
    if subject is None or subject.who == "player" or len(parts.objects) != 1 or any((
            parts.pps, parts.changes, parts.durations, parts.conditions, parts.rest,
            parts.for_each, parts.where, parts.equal, parts.infinitive, parts.quoted,
            parts.parenthetical)) or s.group.auxes:
        return None
    np = parts.objects[0]
    if not isinstance(np, NounPhrase) or [str(w).lower() for w in np.words] != ["half", "damage"]:
        return None
    roundings = [a.split()[-1] for a in parts.adverbs if a.startswith("rounded ")]
    for post in np.posts or ():
        body = post.body if post.kind == "paren" and isinstance(post.body, list) else None
        if body is None or len(body) != 1 or getattr(body[0], "kind", "") != "adverb" or \
                not str(body[0].value).startswith("rounded "):
            return None
        roundings.append(str(body[0].value).split()[-1])     # "(rounded up)"
    if len(roundings) != len(parts.adverbs) + len(np.posts or ()) or len(roundings) > 1:
        return None
    amount = M.Amount(half=True, rounding=roundings[0] if roundings else "", span=span)
    return M.ModifyValue(verb="deal half", stat="damage", amount=amount, op="multiply",
                         target=subject, span=span)


def _take(f, s, parts, subject, span):
    """"Your rival takes 2 damage", "Each player takes X damage, where X is ...": damage to
    the subject, from this card (no source printed). Only a plain "N damage" object; "take 2 less damage" and the rest are left to the common
    frames (an Other)."""
    if subject is None or len(parts.objects) != 1 or any((
            parts.pps, parts.changes, parts.durations, parts.conditions, parts.rest,
            parts.equal, parts.infinitive, parts.quoted, parts.parenthetical,
            parts.adverbs)) or not set(s.group.auxes) <= {"may", "must"}:
        return None
    what = f.obj(parts)
    if what is not None and what.kinds == ("damage",) and what.qualities == ("less",) and \
            what.count is not None and what.count.value is not None and \
            not what.count.relation and not what.filters and what.zone is None and \
            what.of is not None and what.of.ref in ("this", "that") and \
            what.of.kinds == ("attack",) and what.of.count is None:
        # "Your character takes 2 less damage from this attack": the one damage of that attack
        # to it is 2 less (a prevention of 2 of it; with no single attack named - "2 less
        # damage this turn", each damage or 2 in all? - it is left unread)
        return M.Prevent(verb="take less", amount=what.count, target=subject, source=what.of,
                         span=span)
    if what is None or what.kinds != ("damage",) or what.count is None or what.qualities or \
            what.filters or what.of is not None or what.zone is not None or \
            what.count.relation:
        return None
    return M.Damage(verb="take", amount=f.amount_with_x(what.count, parts), target=subject,
                    span=span)


def _put(f, s, parts, subject, span):
    """"Put them back (in any order)": back where they were - a Move to the zone ``origin``,
    which the ability's look or reveal before it names (:func:`_backs`); "put one in your hand":
    a bare count's "in <zone>" is where it goes (as for a pronoun: the common frames read it as
    where the card is). A put with no destination at all is left unread - it was a Move going
    nowhere."""
    eff = f.v_put(s, parts, subject, span)
    if not isinstance(eff, M.Move):
        return eff
    what = eff.what
    if eff.to_zone is None and what is not None and not what.kinds and what.zone is not None \
            and eff.from_zone == what.zone and (what.count is not None or what.ref):
        eff = replace(eff, to_zone=what.zone, from_zone=None, what=replace(what, zone=None))
    if eff.to_zone is None and "back" in parts.adverbs and what is not None and \
            what.ref in ("it", "they", "them"):
        eff = replace(eff, to_zone=M.Zone(name="origin", span=span))
    if eff.to_zone is None:
        from judge.cards.transformer import NoValue
        raise NoValue("a card put with no place to go has no value",
                      span.start if span is not None else None)
    return eff


def _backs(abilities: list[M.Ability]) -> list[M.Ability]:
    """A Move "back" (zone ``origin``) right after a look at or reveal of cards in a zone
    ("Look at the top 3 cards of your deck and put them back in any order") goes to that zone
    and position."""
    out = []
    for a in abilities:
        effects = list(a.effects)
        for i in range(1, len(effects)):
            e, before = effects[i], effects[i - 1]
            if isinstance(e, M.Move) and e.to_zone is not None and \
                    e.to_zone.name == "origin" and isinstance(before, (M.Look, M.Reveal)) and \
                    before.what is not None and before.what.zone is not None:
                effects[i] = replace(e, to_zone=replace(before.what.zone, span=e.to_zone.span))
        out.append(replace(a, effects=tuple(effects)) if effects != list(a.effects) else a)
    return out


def _discard(f, s, parts, subject, span):
    """"Discard 1 momentum", "Discard 2 of your momentum", "your rival discards their
    momentum": momentum is a zone of cards (D.4.2), so the cards leave it - not the hand a
    plain "discard" implies (K.2.1)."""
    eff = f.v_discard(s, parts, subject, span)
    what = eff.what if isinstance(eff, M.Move) else None
    if what is None or what.kinds != ("momentum",) or what.zone is not None or \
            (parts.pp("from") is not None):
        return eff
    if what.of is not None:
        return None                                 # "momentum of ...": no value says whose
    # whose momentum: the phrase's own ("your", "rival"), else the discarding player's
    who = eff.who
    owner = what.controller or ("they" if who is not None and who.quantifier in ("each", "all")
                                else who.controller if who is not None else "") or "you"
    return replace(eff, from_zone=M.Zone(name="momentum", owner=owner))


def _bound(item) -> tuple[str, M.Amount] | None:
    """("minimum" | "maximum", n) for a parenthesis "(minimum 1)" / "(maximum 6)" (K.3.7);
    None for any other."""
    value = getattr(item, "value", None)
    if getattr(item, "kind", "") != "parenthetical" or not isinstance(value, list) or \
            len(value) != 1 or not isinstance(value[0], NounPhrase) or value[0].posts:
        return None
    words = value[0].words
    if len(words) != 2 or not all(isinstance(w, Token) for w in words) or \
            str(words[0]).lower() not in ("minimum", "maximum") or base(words[1].type) != "INT":
        return None
    return str(words[0]).lower(), M.Amount(value=int(str(words[1])), text=str(words[1]),
                                           span=span_of(words[1]))


def _get(f, s, parts, subject, span):
    """"Your attack gets +2 flurry", "+2 Stun": a change whose value is a word the lists do not
    know (a new set's stat, a keyword's rating) changes that value - the word was dropped and
    the change made to the subject's own kind ("attack"). Any other object left after the
    change has no value: unread.

    "This attack gets -2 speed (minimum 1)", "+2 damage (maximum 6)": a floor or ceiling of
    the value the bonus or penalty changes (K.3.7; ``ModifyValue.minimum`` / ``maximum``); on
    anything but one change of a value the parenthesis has no value: unread (it was
    dropped)."""
    from judge.cards.frames import _up_to_cap
    from judge.cards.transformer import NoValue
    bound = _bound(parts.parenthetical) if parts.parenthetical is not None else None
    if bound is not None:
        item, parts.parenthetical = parts.parenthetical, None
        try:
            eff = _get(f, s, parts, subject, span) or f.v_get(s, parts, subject, span)
        finally:
            parts.parenthetical = item
        which, n = bound
        if not isinstance(eff, M.ModifyValue) or eff.op != "add" or eff.amount is None or \
                eff.minimum is not None or eff.maximum is not None:
            raise NoValue(f"a {which} (K.3.7) of no single bonus or penalty has no value",
                          item.span.start if item.span is not None else None)
        return replace(eff, **{which: n})
    if subject is None or not parts.changes or not parts.objects or \
            _up_to_cap(s.items) is not None or \
            all(stats for ch in parts.changes for _, stats in ch.parts) or \
            parts.pp("to") is not None:
        return None                                 # the common frame's reading
    np = parts.objects[0]
    words = np.words if isinstance(np, NounPhrase) and not np.posts else []
    from judge.cards.transformer import NoValue
    if len(words) == 2 and all(isinstance(w, Token) for w in words) and \
            str(words[1]).lower() == "rating" and str(words[0])[:1].isupper() and \
            len(parts.objects) == 1 and len(parts.changes) == 1 and \
            len(parts.changes[0].parts) == 1:
        # "+1 Powerful rating" (I.2.4.1): a change of that keyword's rating
        parts.objects.remove(np)
        eff = f.v_get(s, parts, subject, span)
        parts.objects.append(np)
        if isinstance(eff, M.ModifyValue):
            return replace(eff, stat=f"{words[0]} rating")
        raise NoValue("a change of a keyword's rating, read as no change",
                      np.span.start if np.span is not None else None)
    if len(words) != 1 or not isinstance(words[0], Token) or len(parts.objects) != 1 or \
            len(parts.changes) != 1 or len(parts.changes[0].parts) != 1 or \
            base(words[0].type) not in ("WORD", "NAME"):
        raise NoValue("a change followed by a noun phrase no value holds",
                      np.span.start if getattr(np, "span", None) is not None else None)
    parts.objects.remove(np)
    eff = f.v_get(s, parts, subject, span)
    parts.objects.append(np)
    if not isinstance(eff, M.ModifyValue):
        raise NoValue("a change of a value the card names, read as no change",
                      np.span.start if np.span is not None else None)
    return replace(eff, stat=str(words[0]).lower())


def _restriction(f, parts, eff):
    """A restriction whose clause has a phrase no value read ("Your rival's foundations
    cannot be readied during their next Ready Step": the period was dropped, a restriction for
    ever; "cannot block with cards from their card pool": a restriction of all blocks) names it
    (an Other), as the other effects do. (The common frames leave restrictions as they are:
    other games' corpora have the same drop, left to their readers.)"""
    if isinstance(eff, M.Restriction) and parts.changes:
        # "Your attack cannot get more than +4 speed from enhance abilities": a change inside
        # a restriction (a cap on bonuses) no value holds - it was dropped, the restriction
        # read as "cannot get more than" anything
        return M.Other(verb="can't", args=(("text", f.r.phrase(eff.span)),), span=eff.span)
    with_ = parts.pp("with")
    if isinstance(eff, M.Restriction) and eff.with_ is None and with_ is not None and \
            eff.by is None and isinstance(with_.obj, NounPhrase) and \
            set(eff.actions) & {"block", "attack", "play", "pay"}:
        # "Your rival cannot block with foundations that have a difficulty of 3 or more"
        eff = replace(eff, with_=f.r.target(with_.obj))
    what = eff.what if isinstance(eff, M.Restriction) else None
    if what is not None and what.ref == "this" and eff.with_ is None and \
            [c.kind for c in what.filters] == ["with"] and what.filters[0].object is not None:
        # "cannot block this attack with a card that has ...": "this attack" takes no
        # restricting phrase - the "with" the grammar hung on it is the restriction's
        eff = replace(eff, what=replace(what, filters=()), with_=what.filters[0].object)
    below = parts.pp("below")
    if isinstance(eff, M.Restriction) and below is not None and eff.below is None and \
            isinstance(below.obj, NounPhrase) and {"reduce", "be reduce"} & set(eff.actions):
        # "This effect cannot reduce your rival below 1 health", "Its speed cannot be reduced
        # below 3": the floor of the reduction (a number, maybe with the value it counts)
        floor = f.r.target(below.obj)
        if floor.count is not None and floor.count.value is not None and \
                not floor.count.relation and not floor.qualities and not floor.filters and \
                floor.of is None and floor.zone is None and len(floor.kinds) <= 1 and \
                not floor.ref:
            if floor.kinds and eff.what is not None and floor.kinds[0] in VOCABULARY.stats:
                # "reduce your rival below 1 health": the value reduced is their health (as
                # "its speed cannot be reduced below 3" names it)
                stat = VOCABULARY.stats[floor.kinds[0]]
                eff = replace(eff, what=M.Target(text=f.r.phrase(span_of(eff.what.span,
                                                                         below.span)),
                                                 kinds=(stat,), of=eff.what,
                                                 span=eff.what.span))
            elif floor.kinds:
                return f.unread_named(parts, eff, also=("with", "below", "above", "beyond"))
            eff = replace(eff, below=replace(floor.count, span=below.span))
    to = parts.pp("to")
    if isinstance(eff, M.Restriction) and to is not None and isinstance(to.obj, NounPhrase) \
            and f.r.zone(to.obj) is None:
        # "cannot get bonuses to speed": what the restricted thing is towards - no value of a
        # restriction holds it (the object's span took the phrase in, so it was not named)
        from judge.cards.frames import _Several
        return _Several([eff, M.Other(verb="to", args=(("text", f.r.phrase(to.span)),),
                                      span=to.span)])
    return f.unread_named(parts, eff, also=("with", "below", "above", "beyond"))


FRAMES = {"deal": _deal, "discard": _discard, "play as": True, "restriction": _restriction, "take": _take, "put": _put, "get": _get, "halve": _halve, "make": _make, "commit": _commit, "seal": _seal, "freeze": _freeze, "unflip": _unflip,
          "build": _build, "mill": _mill, "clear": _clear, "try": _try}


def cite(*terms: str) -> str | None:
    return first_citation(GAME, *terms)


def keyword_citation(name: str) -> str | None:
    general = "keyword traits" if name.lower() in KEYWORD_TRAITS else "keyword abilities – text"
    return cite(name.lower(), general, "keywords")


def _is_check_item(item) -> bool:
    """An item "(+3)": a parenthesis holding one signed number and nothing else."""
    from judge.cards.syntax import Change
    value = getattr(item, "value", None)
    return (getattr(item, "kind", "") == "parenthetical" and isinstance(value, list)
            and len(value) == 1 and isinstance(value[0], Change) and len(value[0].parts) == 1
            and not value[0].parts[0][1] and value[0].parts[0][0].startswith("+"))


class UfsTransformer(CardTransformer):
    def keyword_named(self, name, value, span):
        citation = keyword_citation(name)
        return M.Keyword(name=name, value=value, citation=citation, span=span) if citation \
            else None

    # ---- keyword lines (I)
    def keyword_line(self, children):
        keywords = tuple(c for c in children if isinstance(c, M.Keyword))
        return _Holder(M.Ability(kind="keyword", keywords=keywords, citation=cite("keywords"),
                                 span=span_of(children)))

    def kw_item(self, children):
        words = children[0]
        value = None
        extra = ""
        for c in children[1:]:
            if isinstance(c, M.Amount):
                value = c
            elif isinstance(c, list):
                extra = ", ".join(" ".join(str(w) for w in ws) for ws in c)
        name = " ".join(str(w) for w in words)
        if extra:
            name = f"{name} ({extra})"
        last = str(words[-1])
        return M.Keyword(name=name, value=value, citation=keyword_citation(last),
                         span=span_of(children))

    def kw_item_named(self, children):
        """"Invincible: Fire, Water": the keyword and the names it is given (as a
        parenthesised list is: "Invincible (Fire, Water)"). A played ability's type word
        before the colon is no keyword ("Blitz: Ruin"): not read here."""
        lists = [c for c in children if isinstance(c, list)]
        words, values = lists[0], lists[1:]
        if any(isinstance(w, Token) and base(w.type) == "TIMING" for ws in lists for w in ws):
            from judge.cards.transformer import NoValue
            raise NoValue("a played ability's type, not a keyword", span_of(children).start)
        name = " ".join(str(w) for w in words)
        named = ", ".join(" ".join(str(w) for w in ws) for ws in values)
        return M.Keyword(name=f"{name} ({named})", citation=keyword_citation(str(words[-1])),
                         span=span_of(children))

    def kw_words(self, children):
        return list(children)

    def kw_value(self, children):
        tok = children[0]
        text = str(tok)
        if text.isdigit():
            return M.Amount(value=int(text), span=span_of(tok), text=text)
        return M.Amount(variable=text.upper(), span=span_of(tok), text=text)

    def kw_list(self, children):
        return [c for c in children if isinstance(c, list)]

    def rating(self, children):
        return children[-1]

    # ---- played ability heads (H.1)
    def head(self, children):
        words: list[str] = []
        timing = ""
        brackets: list[str] = []
        costs: tuple = ()
        for c in children:
            if isinstance(c, Token):
                t = base(c.type)
                if t == "TIMING":
                    timing = str(c).lower().rstrip("s") if str(c).lower() != "blitzes" else "blitz"
                elif t == "BRACKET":
                    brackets.append(str(c).strip("[] "))
                elif t != "COLON":
                    words.append(str(c))
            elif isinstance(c, tuple):
                costs = c
        limit = next((b for b in brackets if "per" in b.lower()), "")
        label = " ".join(words + [b for b in brackets if b != limit])
        return {"timing": timing, "limit": limit.lower(), "label": label, "costs": costs,
                "brackets": tuple(b for b in brackets if b != limit),
                "citation": cite(*_TYPE_TERMS.get(timing, ("played abilities types",)))}

    def costs(self, children):
        out: list[M.Cost] = []
        for c in children:
            for item in (c if isinstance(c, tuple) else (c,)):
                if isinstance(item, M.Cost):
                    out.append(item)
                    continue
                check = self._check_in(item)
                if check is not None:                   # "Commit (+3)": read as a parenthesis
                    item = VP(item.group, [i for i in item.items
                                           if not _is_check_item(i)], item.span)
                out.append(self.cost_of(item))
                if check is not None:
                    out.append(check)
        return tuple(out)

    @staticmethod
    def _check_in(vp) -> M.Cost | None:
        """H.4.2: a "(+N)" the phrase reader took for a parenthesis of the cost before it."""
        for i in vp.items:
            if _is_check_item(i):
                text = i.value[0].parts[0][0]
                return M.Cost(kind="check", amount=M.Amount(value=int(text), text=text),
                              span=i.value[0].span)
        return None

    def cost(self, children):
        return children[0]

    def check_cost(self, children):
        """H.4.2: "(+4)" in a cost is a control check cost against that difficulty."""
        tok = next(c for c in children if isinstance(c, Token) and base(c.type) == "SIGNED")
        n = int(str(tok))
        return M.Cost(kind="check", amount=M.Amount(value=n, text=str(tok),
                                                    span=span_of(tok)), span=span_of(children))

    def cost_and_check(self, children):
        """"Commit (+3)": the cost, then its check cost."""
        return (self.cost_of(children[0]), self.check_cost(children[1:]))

    def cost_of(self, vp: VP) -> M.Cost:
        lemma = vp.group.lemma
        span = vp.span
        has_object = any(isinstance(i, (NounPhrase, Pronoun)) for i in vp.items)
        if lemma == "commit" and not has_object:
            return M.Cost(kind="exhaust", span=span)
        items = list(vp.items)
        if not has_object:
            items.insert(0, Pronoun("this", [], span))
        eff = self.frames.effect(Simple(None, vp.group, items, "", span))
        if isinstance(eff, M.Exhaust):
            return M.Cost(kind="exhaust", what=eff.target, span=span)
        return M.Cost(kind="effect", effect=eff, span=span)

    # ---- sentences
    def plain_sentence(self, children):
        return children[0]

    def playable_sentence(self, children):
        text = " ".join(str(children[0]).lower().split())
        state = text.replace("playable ", "")
        what = M.Target(text="this ability", ref="this", kinds=("ability",))
        if state == "by either player":
            # H.3.3.3: both players may play it as if it were on one of their cards - who may
            # play it, not a state it may be played in
            who = M.Target(text="either player", who="player", quantifier="each",
                           controller="any", kinds=("player",))
            eff = M.Permission(verb="playable", actions=("play",), what=what, who=who,
                               span=span_of(children))
        else:
            eff = M.Permission(verb="playable", actions=("play",), what=what, as_though=state,
                               span=span_of(children))
        from judge.cards.syntax import Statement
        return Statement((eff,), span_of(children))

    def only_playable(self, children):
        cond = next(c for c in children if isinstance(c, M.Condition))
        eff = M.Restriction(verb="only playable", actions=("play",),
                            what=M.Target(text="this ability", ref="this", kinds=("ability",)),
                            only=cond, span=span_of(children))
        from judge.cards.syntax import Statement
        return Statement((eff,), span_of(children))

    def only_playable_during(self, children):
        """"Only playable during your turn" / "on your rival's turn": the turn or phase it
        must be (the condition "During your turn, ..." leads with)."""
        np = children[2]
        span = span_of(children[1], np)
        ev = replace(self.frames.time_event(np, span_of(np)), verb="during")
        cond = M.Condition(kind="during", test="phase", event=ev, text=self.phrase(span),
                           span=span)
        eff = M.Restriction(verb="only playable", actions=("play",),
                            what=M.Target(text="this ability", ref="this", kinds=("ability",)),
                            only=cond, span=span_of(children))
        from judge.cards.syntax import Statement
        return Statement((eff,), span_of(children))

    def keyword(self, np: NounPhrase) -> M.Keyword | None:
        """"Stun: 2", "Powerful", "Throw": capitalised words, maybe a rating."""
        words = np.words
        if not words or np.posts:
            return None
        value = None
        names = []
        for w in words:
            if isinstance(w, M.Amount):
                value = w
            elif isinstance(w, Token) and str(w)[:1].isupper() and kind_of(w) in (
                    "NAME", "NOUN", "ADJ", "WORD", "U_ADJ", "U_NOUN", "STAT", "TIMING"):
                names.append(str(w))
            else:
                return None
        if not names:
            return None
        name = " ".join(names)
        return M.Keyword(name=name, value=value, citation=keyword_citation(names[-1]),
                         span=np.span)


class UfsReader(GameReader):
    game = GAME
    grammar_file = "card_ufs.lark"
    open_words = True       # "reveals", "readies": a form of a listed word (Lexicon.guess)
    start = ("sentence", "head", "keyword_line")
    default_kind = "static"

    def make_transformer(self):
        return UfsTransformer(VOCABULARY, FRAMES)

    def icon_terminal(self, text: str) -> str | None:
        return "BRACKET" if text.startswith("[") else None

    def paragraphs(self, text: str, tokens: list[Token]) -> list[Piece]:
        out = pieces_between(text, tokens, _PARAGRAPH_BREAK)
        return out

    def paragraph(self, piece: Piece) -> list[M.Ability]:
        return _backs(self._paragraph(piece))

    def _paragraph(self, piece: Piece) -> list[M.Ability]:
        if not any(base(t.type) == "DOT" for t in piece.tokens):
            parsed = self.run(piece, "keyword_line")
            if not parsed.error:
                return [parsed.value.ability]
        split = split_at(piece.tokens, "COLON")
        if split is not None and split[0] and any(base(t.type) == "TIMING" for t in split[0]):
            head_tokens, body = split
            head_piece = piece_of(head_tokens)
            parsed = self.run(head_piece, "head")
            if parsed.error:
                self.fail(head_piece, parsed)
                head = None
            else:
                head = parsed.value
            statements = self.statements(piece_of(body)) if body else []
            if head is None:
                return self.assemble(statements)
            abilities = self.assemble(statements)
            kind = "activated"
            trigger = None
            effects: tuple = ()
            for a in abilities:
                if a.trigger is not None and (trigger is not None or head["timing"] != "response"
                                              or effects):
                    # "Enhance: This attack gets +3 speed. At the end of the turn, destroy
                    # ...", "First Form: Draw 2 cards. At the start of the End Phase, discard 2
                    # cards": what the ability does when it resolves is to set up a trigger for
                    # later (only a Response's own "After ..." is the ability's trigger: its
                    # response condition, H.1.6); the whole ability was read as triggered at
                    # that later time
                    effects += (M.DelayedTrigger(verb="delayed trigger", trigger=a.trigger,
                                                 effects=a.effects, span=a.span),)
                    continue
                effects += a.effects
                if a.trigger is not None and trigger is None:
                    trigger = a.trigger
            if trigger is not None:
                kind = "triggered"
            return [M.Ability(kind=kind, effects=effects, trigger=trigger, costs=head["costs"],
                              timing=head["timing"], label=head["label"], limit=head["limit"],
                              brackets=head["brackets"],
                              citation=head["citation"], span=M.Span(piece.start, piece.end))]
        return self.assemble(self.statements(piece))


READER = UfsReader()


def parse(text: str, *, strict: bool = False, name: str | None = None) -> M.CardText:
    """Parse a UFS text box (see the module docstring). Unreadable sentences are listed in
    ``unparsed``; ``strict=True`` raises :class:`~judge.cards.errors.CardSyntaxError` for the
    first one instead."""
    return READER.parse(text, strict=strict, name=name)


def rules_used(text: str, *, name: str | None = None) -> set[str]:
    return READER.rules_used(text, name=name)


def iter_corpus(path: str | Path) -> Iterator[tuple[str, str]]:
    """(card name, text box) for each card of a builduvs JSON export (a file or a folder of
    ``*.json``). The printed keyword line (field ``keywords``) is put at the top of the text box,
    where cards print it, unless the text already starts with it. Cards with neither text nor
    keywords are skipped: there is nothing to parse."""
    path = Path(path)
    files = sorted(path.glob("*.json")) if path.is_dir() else [path]
    if not files or not all(f.is_file() for f in files):
        raise UsageError(f"no builduvs card JSON at {path}", expected="a .json file or a folder of them")
    for file in files:
        try:
            cards = json.loads(file.read_text(encoding="utf-8"))
        except json.JSONDecodeError as err:
            raise UsageError(f"{file}: not JSON ({err.msg})", path=str(file), line=err.lineno,
                             column=err.colno) from None
        if not isinstance(cards, list):
            raise UsageError(f"{file}: expected a JSON list of cards", path=str(file), line=1)
        for card in cards:
            if not isinstance(card, dict):
                continue
            text = str(card.get("text") or "").strip()
            keywords = [str(k) for k in card.get("keywords") or [] if str(k).strip()]
            line = " - ".join(keywords)
            if line and not text.lower().startswith(line.lower()):
                text = f"{line}\n\n{text}" if text else line
            if text:
                yield str(card.get("name") or ""), text
