"""Noun phrases -> :class:`~judge.cards.model.Target`, :class:`~judge.cards.model.Zone`,
:class:`~judge.cards.model.Amount` and :class:`~judge.cards.model.Quantity`.

A noun phrase comes from the grammar as a flat run of word tokens and its post-modifiers
(:class:`judge.cards.syntax.NounPhrase`); what each word does is read here from its word class
(the terminal) and, for the closed classes, the word itself: determiners give the quantifier,
the controller relation and references ("this", "that"); numbers and comparison words give the
count; nouns give the kinds (singular, lower case); adjectives, names and unknown words give
the qualities; a possessive splits off whose thing it is ("target player's deck"). A game
supplies its vocabulary (:class:`Vocabulary`): its zone nouns, player nouns, icons and stats.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from judge.cards.model import (Amount, Comparison, Condition, Event, Quantity, Span, Target,
                               Zone, replace)
from judge.cards.syntax import Change, Item, NounPhrase, PP, Post, Pronoun, VP, _Both, span_of

_NUMBERS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
            "a": 1, "an": 1, "once": 1, "twice": 2, "three times": 3}
_IRREGULAR = {"dice": "die", "heroes": "hero", "copies": "copy", "abilities": "ability",
              "allies": "ally", "parties": "party", "bodies": "body", "enemies": "enemy",
              "lives": "life", "classes": "class", "status": "status", "rules": "rule",
              "series": "series", "species": "species", "glasses": "glass", "plus": "plus",
              "bonus": "bonus", "focus": "focus", "this": "this", "its": "its", "is": "is",
              "gas": "gas", "chaos": "chaos", "boss": "boss", "axis": "axis", "equipments":
              "equipment", "press": "press", "process": "process", "canvas": "canvas",
              "pitches": "pitch", "matches": "match", "attacks": "attack", "has": "has"}

_RELATIONS = {"or more": "at least", "or greater": "at least", "or higher": "at least",
              "or less": "at most", "or fewer": "at most", "or lower": "at most",
              "at least": "at least", "at most": "at most", "no more than": "at most",
              "no less than": "at least", "more than": "more than", "greater than": "more than",
              "higher than": "more than", "less than": "less than", "fewer than": "less than",
              "lower than": "less than", "up to": "up to", "exactly": ""}
# the determiners a noun phrase can open with that pick one thing of those it describes
# (Target.article): "a hero or ally", "another ally", "one of your weapons"
_ARTICLES = {"a": "a", "an": "a", "another": "another", "one of": "one of"}
def _article(tok) -> str:
    """Target.article of a noun phrase whose first word is ``tok``: "a hero or ally", "an
    opponent's hand", "an additional card" -> ``a``; "another ally" -> ``another``; "one of
    your weapons" -> ``one of``; any other first word -> ""."""
    k, w = kind_of(tok), word_of(tok)
    if k == "DET":
        return _ARTICLES.get(w, "")
    if k == "AMOUNT_WORD" and w.split()[0] in ("a", "an") and len(w.split()) > 1 and \
            w.split()[1] == "additional":
        return "a"
    return ""


_DETERMINERS = frozenset({"a", "an", "the", "your", "their", "his", "her", "its", "each", "all",
                          "any", "another", "that", "this", "those", "these", "target",
                          "every", "one", "two", "up"})
_DAMAGE_TYPES = frozenset({"physical", "arcane", "fire", "frost", "nature", "shadow", "holy",
                           "melee", "ranged", "combat", "poison"})
_BARE_COMPARE = {"greater": "more than", "higher": "more than", "more": "more than",
                 "less": "less than", "lower": "less than", "fewer": "less than"}
OPS = {"at least": ">=", "at most": "<=", "more than": ">", "less than": "<", "": "==",
       "up to": "<=", "equal to": "==", "equal to or greater than": ">=",
       "equal to or less than": "<=", "equal to or higher than": ">=",
       "equal to or lower than": "<=", "equal to or more than": ">="}

_OPPOSING = frozenset({"opposing", "enemy", "rival", "opponent's", "opponents'"})
_FRIENDLY = frozenset({"friendly"})
_PLAYER_NOUNS = frozenset({"player", "opponent", "rival", "controller", "owner", "you"})
_REFERRING = frozenset({"revealed", "chosen", "named", "discarded", "destroyed", "removed",
                        "selected", "drawn", "returned", "banished", "exhausted", "same"})


class _Bases(dict):
    """Terminal name -> its name without the grammar's prefix, worked out once per name."""
    __slots__ = ()

    def __missing__(self, token_type: str) -> str:
        found = self[token_type] = token_type.rsplit("__", 1)[-1]
        return found


# base('card_common__DET') -> 'DET' (imported terminals keep their grammar's prefix): the
# dict's own look-up, called hundreds of thousands of times a corpus, with no Python frame
base = _Bases().__getitem__


def singular(word: str) -> str:
    w = word.lower()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if len(w) > 3 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 3 and w.endswith(("ches", "shes", "sses", "xes", "zes")):
        return w[:-2]
    if len(w) > 2 and w.endswith("s") and not w.endswith(("ss", "us", "'s")):
        return w[:-1]
    return w


@dataclass(frozen=True)
class Vocabulary:
    """A game's words for the noun-phrase reader.

    zones: head nouns that name zones -> the zone's canonical name (a compound such as
    "discard pile" is looked up whole first); icons: icon text -> (stat or resource name);
    players: nouns that name players; stats: stat words -> canonical stat.
    """
    zones: dict = field(default_factory=dict)
    icons: dict = field(default_factory=dict)
    players: frozenset = frozenset()
    stats: dict = field(default_factory=dict)
    kinds: dict = field(default_factory=dict)   # printed noun -> canonical kind
    slash_stats: tuple = ()                     # "+1 / +1": the stats a bare pair changes
    # verbs whose damage events a game keeps apart: lemma -> event verb (Ashes "receives
    # damage" is a later step than "is dealt damage", ashes-raven-1.1 5.0.0)
    damage_verbs: dict = field(default_factory=dict)
    # pronouns by which a card calls itself (WoW "she deals ...", "destroy her": 200.1)
    self_pronouns: frozenset = frozenset()
    # the names of a card's whole printed cost ("without paying its resource cost" waives all
    # of it); any other "<words> cost" is a part of it (Ashes "main action cost")
    whole_costs: frozenset = frozenset({"cost"})
    # a post-modifier of a noun phrase that no reading holds ("to ...", an infinitive, a
    # parenthesis): True makes its sentence unparsed at it; False drops it in silence (every
    # game of the product names them; False is kept for a game's first reading)
    name_unread_posts: bool = False
    # zones a token is made in ("place a Fire ally token onto your battlefield"): tokens put
    # there are a token made, not counters placed on a card (UFS "Power tokens" in the stage
    # are counters there)
    token_zones: frozenset = frozenset()
    # an infinitive after a noun says what it is for ("your next check to play a card"): a
    # filter of kind "to" (UFS; the other games name it or drop it, as name_unread_posts says)
    purpose_posts: bool = False
    # "to your reserve": an unknown word after a possessive, where a zone stands, is a zone of
    # that name (UFS; the other games keep their closed zone lists)
    open_zones: bool = False
    # a noun phrase whose last word is one the lists lack and which names no kind ("destroy a
    # target relic"): that word is its kind (the head of the phrase), not a quality of
    # anything at all
    open_kinds: bool = False
    # the zone "discard" takes a card from when the text names none: the hand where the game
    # defines discarding so (fab-1.4 glossary Discard, wow-7.4 415.9e, ufs-0.9 K.2.1); "" where
    # it does not (Ashes discards a card from where it is: "Discard this unit", "discard this
    # spell" leave play, ashes-raven-1.1 5.1.0) - the zone is then left open, never guessed
    discard_from: str = "hand"
    # an amount phrase of a clause ("for each ...", "equal to ...") no value was made from, and
    # an event's infinitive of purpose ("after you make a check to block"): True names them
    # (an Other; kept in Event.rest), False drops them in silence (UFS and Ashes name them; the
    # other games' corpora are left to their readers)
    name_unread_amounts: bool = False


_ZONE_OWNERS = frozenset({"your", "their", "its", "his", "her", "my"})

# endings of an unlisted last word that make it no head noun ("the following", "affected",
# "afterward")
_NOT_HEADS = ("ing", "ed", "ly", "ward", "wards")

# adjectives that take "to" and a noun phrase after a noun ("attached to this unit")
TO_ADJECTIVES = frozenset({"attached", "next", "adjacent", "opposite"})


def _restates(t: Target, paren: str) -> bool:
    """Whether a parenthesis after a noun phrase only restates its head by an icon: "1
    additional side action ([[side]])"."""
    inner = paren.strip("() ").strip("[]").strip().lower()
    if inner in _SELF_INCLUDED:
        # "4 or more face down foundations (including this card)": a reminder that the card
        # counts itself, as a phrase with no "other" / "excluding" does
        return not t.excluding and "other" not in t.qualities
    return bool(inner) and " " not in inner and inner in t.qualities + t.kinds


_SELF_INCLUDED = frozenset({"including this card", "including this one", "including itself",
                            "this card included"})


COMMON_ZONES = {"hand": "hand", "deck": "deck", "graveyard": "graveyard",
                "discard pile": "discard pile", "draw pile": "deck", "play": "play",
                "arena": "play", "battlefield": "battlefield", "removed from game pile": "removed",
                "removed pile": "removed", "card pool": "card pool"}


# --------------------------------------------------------------------------- word access

def word_of(tok) -> str:
    return str(tok).lower()


def kind_of(tok) -> str:
    """The word class of a token: its terminal without the grammar prefix; a game's own
    classes (``U_NOUN``, ``W_ADJ`` ...) read as the common ones (``NOUN``, ``ADJ``)."""
    t = getattr(tok, "type", None)
    if t is None:
        return "QUOTED" if isinstance(tok, str) else "OTHER"
    k = _KINDS.get(t)
    if k is None:
        k = base(t)
        for common in ("NOUN", "ADJ", "STAT"):
            if k.endswith("_" + common):
                k = common
        _KINDS[t] = k
    return k


_KINDS: dict[str, str] = {}


def number(tok) -> int | str | None:
    k = kind_of(tok)
    text = str(tok)
    if k == "INT":
        digits = "".join(c for c in text if c.isdigit())
        return int(digits) if digits else None
    if k == "XVAR":
        return "X"
    if k in ("NUM_WORD", "LIMIT_N"):
        return _NUMBERS.get(text.lower())
    return None


def amount_from(value, *, relation: str = "", span: Span | None = None, text: str = "",
                per: Target | None = None) -> Amount:
    if isinstance(value, int):
        return Amount(value=value, relation=relation, span=span, text=text, per=per)
    if value == "X":
        return Amount(variable="X", relation=relation, span=span, text=text, per=per)
    return Amount(relation=relation, span=span, text=text, per=per)


def signed_amount(text: str, span: Span | None) -> tuple[int, Amount]:
    """'+2' -> (1, Amount(2)); '-X' -> (-1, Amount(variable='X'))."""
    sign = -1 if text[:1] in "-\u2212" else 1
    body = text[1:]
    if body.isdigit():
        return sign, Amount(value=int(body), span=span, text=text)
    return sign, Amount(variable=body.upper(), span=span, text=text)


# --------------------------------------------------------------------------- noun phrases

class Reader:
    """Reads noun phrases with a game's vocabulary; ``clause_reader`` reads the clauses inside
    them (relative clauses, "that ..."), set by :mod:`judge.cards.frames`."""

    def __init__(self, vocabulary: Vocabulary, text: str) -> None:
        self.v = vocabulary
        self.text = text
        self.clauses = None   # frames.Frames, which reads clauses into conditions
        self._phrases: dict = {}   # (start, end) -> the phrase (a third of the reads repeat one)

    def phrase(self, span: Span | None) -> str:
        if span is None:
            return ""
        key = (span.start, span.end)
        found = self._phrases.get(key)
        if found is None:
            found = self._phrases[key] = " ".join(
                self.text[span.start:span.end].replace("*", " ").split())
        return found

    # -- a noun phrase as a target -------------------------------------------------------
    def target(self, np, *, who: str | None = None) -> Target:
        if type(np) is not NounPhrase:      # (the common case first)
            if np is None:
                return Target()
            if isinstance(np, Target):
                return np
            if isinstance(np, Pronoun):
                return self.pronoun(np)
            if isinstance(np, PP):
                return self.target(np.obj)
            if isinstance(np, list):
                parts = [self.target(p) for p in np]
                t = self.alternatives(parts, span_of(np))
                if isinstance(np, _Both) and t.alternatives:
                    # "each unit you control and each Phoenixborn you control": all of them
                    t = replace(t, all_of=True)
                return t
            if not isinstance(np, NounPhrase):
                return Target(text=self.phrase(getattr(np, "span", None)),
                              span=getattr(np, "span", None))
        words = np.words
        owner = None
        cut = None
        for i in range(len(words) - 1, -1, -1):
            k = _KINDS.get(getattr(words[i], "type", None))     # kind_of, without its call
            if (kind_of(words[i]) if k is None else k) == "POSS":
                cut = i
                break
        if cut is not None:
            owner_words = words[:cut]
            owner = self.target(NounPhrase(owner_words, [], span_of(owner_words)))
            words = words[cut + 1:]
        span = np.span
        if np.posts and np.posts[-1].kind == "duration" and np.posts[-1].span is not None \
                and span is not None:
            # "instants this combat chain": the duration is the clause's, not the phrase's
            cut_at = min((p.span.start for p in np.posts if p.kind == "duration"
                          and p.span is not None), default=span.end)
            end = max([w.end_pos for w in np.words if getattr(w, "end_pos", None) is not None]
                      + [p.span.end for p in np.posts if p.kind != "duration"
                         and p.span is not None and p.span.end <= cut_at], default=span.end)
            span = Span(span.start, min(end, span.end))
        t = self._words(words, span, owner)
        if self.v.self_pronouns and len(words) == 1 and not np.posts and \
                word_of(words[0]) in self.v.self_pronouns:
            # "destroy her": the card itself (a determiner word read as a pronoun)
            return Target(text=str(words[0]), ref="this", span=span)
        for post in np.posts:
            t = self._post(t, post)
        if who is not None and t.who != who:
            t = replace(t, who=who)
        article = _article(np.words[0]) if len(np.words) > 1 else ""
        if article != t.article:
            t = replace(t, article=article)
        return t

    def alternatives(self, parts: list[Target], span: Span | None) -> Target:
        if len(parts) == 1:
            return parts[0]
        last = parts[-1]
        if last.kinds and any(not p.kinds and p.who == "object" and not p.ref for p in parts):
            # "target attacking or defending attack action card": the adjectives share the
            # noun (and the determiner)
            parts = [replace(p, kinds=last.kinds, targeted=p.targeted or last.targeted,
                             controller=p.controller or last.controller, zone=p.zone or last.zone)
                     if not p.kinds and p.who == "object" and not p.ref else p for p in parts]
        if parts[0].targeted:
            # "target aura or item": the determiner is shared by a bare noun after "or"
            parts[1:] = [replace(p, targeted=True) if not p.ref and not p.controller and
                         p.text.split()[:1] and p.text.split()[0].lower() not in _DETERMINERS
                         else p for p in parts[1:]]
        first = parts[0]
        if first.span is not None and parts[-1].span is not None:
            span = Span(first.span.start, parts[-1].span.end)   # without a trailing duration
        # (an alternative's own alternatives are the phrase's: "heroes and allies (including
        # other characters in your party)" is one list of three)
        alternatives = tuple(a for p in parts[1:] for a in
                             ((replace(p, alternatives=()), *p.alternatives) if p.alternatives
                              else (p,)))
        return replace(first, alternatives=first.alternatives + alternatives, span=span,
                       text=self.phrase(span))

    def pronoun(self, p: Pronoun) -> Target:
        w = p.word
        if w in self.v.self_pronouns:
            t = Target(text=w, ref="this", span=p.span)
            for post in p.posts:
                t = self._post(t, post)
            return t
        if w in ("you", "yourself"):
            t = Target(text=w, who="player", ref="you", controller="you", span=p.span)
        elif w in ("he", "she", "him", "they", "them", "themselves", "himself", "herself"):
            t = Target(text=w, who="player" if w != "them" else "object", ref="they",
                       controller="they", span=p.span)
            if w in ("they", "them"):
                t = replace(t, who="", ref="they")
        elif w in ("it", "itself"):
            t = Target(text=w, ref="it", span=p.span)
        elif w == "there":
            t = Target(text=w, ref="there", span=p.span)
        elif w in ("each other", "one another"):
            t = Target(text=w, ref="each other", quantifier="each", span=p.span)
        else:
            t = Target(text=w, ref=w, span=p.span)
        for post in p.posts:
            t = self._post(t, post)
        return t

    def _words(self, words: list, span: Span | None, owner: Target | None) -> Target:
        ref = quantifier = controller = ""
        who = "object"
        targeted = False
        kinds: list[str] = []
        qualities: list[str] = []
        name = ""
        count: Amount | None = None
        relation = ""
        pending_number = None
        number_span = None
        half = False
        both = None                    # the span of "both": all of exactly two
        quantifier = "one"
        i = 0
        n = len(words)
        while i < n:
            tok = words[i]
            k = _KINDS.get(getattr(tok, "type", None))     # kind_of and word_of, without calls
            if k is None:
                k = kind_of(tok)
            w = str(tok).lower()
            if k == "DET":
                if w in ("a", "an", "one of"):
                    pass
                elif w in ("the",):
                    if not ref:
                        ref = "the"
                elif w in ("this", "these"):
                    ref = "this"
                elif w in ("each", "every", "each of"):
                    quantifier = "each"
                elif w in ("all", "all of", "both", "both of"):
                    quantifier = "all"
                    if w.startswith("both"):
                        both = span_of(tok)
                elif w == "any number of":
                    quantifier = "any number"
                elif w == "any":
                    quantifier = "any" if quantifier == "one" else quantifier
                elif w in ("target", "targets"):
                    targeted = True
                elif w == "up to":
                    relation = "up to"
                    quantifier = "up to"
                elif w in ("your", "my", "our"):
                    controller = "you"
                elif w in ("their", "his", "her"):
                    controller = "they"
                elif w == "its":
                    controller = controller or "it"
                elif w in ("another", "other", "others"):
                    qualities.append("other")
                elif w in ("no", "none of", "neither"):
                    quantifier = "no"
                elif w in ("half", "half of"):
                    half = True
                elif w in ("the same", "same"):
                    qualities.append("same")
                elif w in ("the rest of",):
                    qualities.append("rest")
                elif w == "non":
                    qualities.append("non")
                elif w in ("the only", "only one"):
                    qualities.append("only")
                elif w == "either":
                    quantifier = "either"
                elif w in ("one or more",):
                    relation = "at least"
                    count = Amount(value=1, relation="at least")
                elif w == "exactly":
                    relation = relation or ""
                elif w == "own":
                    owner_rel = controller or "they"
                    controller = ""
                    qualities.append("own")
                    _ = owner_rel
                else:
                    qualities.append(w)
            elif k == "THAT":
                ref = "that"
            elif k in ("INT", "XVAR", "NUM_WORD", "LIMIT_N"):
                pending_number = number(tok)
                number_span = span_of(tok)
            elif k == "COMPARE_WORD":
                rel = _RELATIONS.get(w, "")
                if pending_number is not None:
                    relation = rel           # "2 or more"
                else:
                    relation = rel           # "at least 2"
            elif k == "AMOUNT_WORD":
                if w in ("that much", "that many", "as much", "as many"):
                    count = Amount(ref=w, span=span_of(tok), text=w)
                elif w.endswith(("that much", "that many")):    # "double that much"
                    count = Amount(ref=" ".join(w.split()[1:]), times=2, span=span_of(tok),
                                   text=w)
                else:
                    qualities.append("additional")
            elif k == "ADJ":
                if w in _OPPOSING:
                    controller = "opponent"
                elif w in _FRIENDLY:
                    controller = "you"
                    qualities.append(w)      # WoW: friendly players are you and your team
                else:
                    qualities.append(w)
                    if w in _REFERRING and ref in ("the", ""):
                        ref = "that" if ref == "the" else ref
            elif k == "NOUN":
                kinds.append(self.v.kinds.get(w) or singular(w))
            elif k == "STAT":
                kinds.append(self.v.stats.get(w, w))
            elif k == "SELF":
                if qualities and qualities[-1] == "named":
                    name = str(tok)          # "each other card named <this card's name>"
                else:
                    ref = "this"
            elif k == "ICON":
                meaning = self.v.icons.get(str(tok).lower())
                if meaning:
                    kinds.append(meaning)
                else:
                    qualities.append(str(tok))
            elif k == "STATS":
                qualities.append(str(tok))
            elif k == "NAME" and not name:
                name = str(tok)
            elif k in ("NAME", "WORD", "QUOTED", "NAMED"):
                qualities.append(str(tok) if k != "WORD" else w)
            else:
                qualities.append(str(tok))
            i += 1
        if pending_number is not None or relation and count is None:
            value = pending_number
            if count is None:
                count = amount_from(value, relation=relation, span=number_span)
        if half:
            count = Amount(half=True, span=span)
        if self.v.open_kinds and not kinds and not name and qualities and words and \
                kind_of(words[-1]) == "WORD" and qualities[-1] == word_of(words[-1]) and \
                qualities[-1].isalpha() and not qualities[-1].endswith(_NOT_HEADS):
            kinds = [singular(qualities.pop())]  # "a target relic": the head, a kind
        if not kinds and qualities == [] and controller == "opponent" and \
                word_of(words[-1]) in _OPPOSING if words else False:
            kinds = ["rival" if word_of(words[-1]) == "rival" else "opponent"]   # "your rival"
        if kinds and (kinds[-1] in self.v.players or kinds[-1] in _PLAYER_NOUNS):
            who = "player"
            head = kinds[-1]
            if head in ("opponent", "rival"):
                controller = "opponent"
            elif head in ("player",) and not controller:
                controller = "any"
            heads = [word_of(t) for t in words if kind_of(t) == "NOUN"]
            if quantifier == "one" and not ref and count is None and not targeted and \
                    head in ("player", "opponent", "rival") and heads and heads[-1] != head \
                    and heads[-1].endswith("s"):
                quantifier = "all"       # "Players put ...": a bare plural names every one
        if kinds and kinds[-1] in ("you",):
            who = "player"
        if both is not None and who == "player" and count is None:
            count = Amount(value=2, span=both, text="both")    # "both players": the two of them
        t = Target(text=self.phrase(span), who=who, ref=ref if ref != "the" else "",
                   quantifier=quantifier, count=count, targeted=targeted,
                   controller=controller, kinds=tuple(kinds), qualities=tuple(qualities),
                   name=name, of=owner, span=span)
        if owner is not None:
            z = self.zone_of(t, owner)
            if z is not None:
                t = replace(t, zone=z)
        return t

    # -- post-modifiers -------------------------------------------------------------------
    def _post(self, t: Target, post: Post) -> Target:
        kind, body = post.kind, post.body
        span = span_of(t.span, post.span)
        text = self.phrase(span)
        if kind == "rel":
            subject, group, items = body
            lemma = group.lemma or ""
            if lemma in ("control",) and not group.auxes:
                t = replace(t, controller=_relation(subject), span=span, text=text)
                for item in items or ():
                    # "each ally you control with cost 2 or less": the "with" describes the
                    # card, not the controlling; so does where it is ("each attack action card
                    # you control on the combat chain")
                    if isinstance(item, PP) and (
                            item.prep in ("with", "without") and not isinstance(item.obj, VP)
                            or item.prep in ("in", "on") and self.zone(item.obj) is not None):
                        kind = "in" if item.prep in ("in", "on") else item.prep
                        t = self._post(t, Post(kind=kind, word=item.prep, body=item.obj,
                                               span=getattr(item.obj, "span", None)))
                        t = replace(t, span=span, text=text)
                return t
            if lemma == "own" and not group.auxes:
                return replace(t, owner=_relation(subject), span=span, text=text)
            cond = self.clauses.relative(subject, group, items, span) if self.clauses else None
            if cond is not None:
                return replace(t, filters=t.filters + (cond,), span=span, text=text)
            return replace(t, span=span, text=text)
        if kind in ("that", "participle"):
            cond = self.clauses.that(body, span) if self.clauses else None
            if cond is not None:
                return replace(t, filters=t.filters + (cond,), span=span, text=text)
            return replace(t, span=span, text=text)
        if kind == "with":
            cond = self.with_filter(body, post.span)
            t = replace(t, filters=t.filters + (cond,), span=span, text=text)
            for inner in getattr(body, "posts", ()):
                if inner.kind in ("rel", "participle") and cond.test == "compare":
                    # "card with cost 2 or greater you play this turn": the clause describes
                    # the card
                    t = replace(self._post(t, inner), span=span, text=text)
            return t
        if kind == "without":
            cond = self.with_filter(body, post.span)
            cond = replace(cond, negated=True, kind="without")
            return replace(t, filters=t.filters + (cond,), span=span, text=text)
        if kind in ("in", "zone"):
            z = self.zone(body) if kind == "in" else Zone(name="play", span=post.span)
            if z is not None:
                t = replace(t, zone=z, span=span, text=text)
                for inner in getattr(body, "posts", ()) if kind == "in" else ():
                    if inner.kind in ("with", "without", "that", "rel", "participle"):
                        # "a card in your pitch zone with cost 0": the card's filter
                        t = replace(self._post(t, inner), span=span, text=text)
                return t
            inner = self.target(body)
            return replace(t, of=inner, span=span, text=text)
        if kind == "of":
            return self._of(t, body, span, text)
        if kind == "plus":
            n = number(body)
            if t.count is not None and isinstance(n, int):
                return replace(t, count=replace(t.count, plus=n), span=span, text=text)
            # a number added to no count of this phrase (a quantity reads it: see quantity())
            return replace(t, qualities=t.qualities + (self.phrase(post.span),), span=span,
                           text=text)
        if kind == "adverb":
            return replace(t, qualities=t.qualities + (post.word,), span=span, text=text)
        if kind == "without doing":
            return replace(t, qualities=t.qualities + ("without " + self.phrase(post.span)[8:],),
                           span=span, text=text)
        if kind == "controlled":
            field = "owner" if post.body in ("owns",) else "controller"
            return replace(t, **{field: post.word}, span=span, text=text)
        if kind == "of duration":
            d = body
            period = d.kind.replace("this ", "").replace("until end of ", "")
            return replace(t, of=Target(text=d.text, kinds=(period,), ref="this", span=d.span),
                           span=span, text=text)
        if kind == "under":
            inner = self.target(body)
            if self.v.name_unread_posts and "control" not in inner.kinds:
                # Ashes "that ally under your Phoenixborn": a place under a card, not whose
                # control it is in - no value holds it
                from judge.cards.transformer import NoValue
                raise NoValue(f"{self.phrase(post.span)!r}: a place under a card has no value",
                              post.span.start if post.span is not None else None)
            rel = inner.controller or ("opponent" if "opponent" in inner.kinds else "")
            if inner.of is not None:
                rel = inner.of.controller or _kind_relation(inner.of)
            return replace(t, controller=rel or t.controller, span=span, text=text)
        if kind in ("other than", "except"):
            return replace(t, excluding=self.target(body), span=span, text=text)
        if kind == "named":
            name = self.phrase(getattr(body, "span", None))
            return replace(t, qualities=t.qualities + (f"named {name}",), span=span, text=text)
        if kind == "duration":
            return t        # "instants this combat chain": the clause's duration, not its words
        if kind == "clause pp":
            return t        # "without paying its cost": the clause's (frames._take_adverbial)
        if kind == "subject paren":
            return t        # "(including you)": the clause subject's (frames._including_subject)
        if kind == "to" and t.qualities and t.qualities[-1] in TO_ADJECTIVES and (
                t.kinds or t.name):
            # "an alteration spell attached to this unit", "each unit next to it": the state
            # the adjective names, towards the object (as "that is attached to this unit")
            cond = Condition(kind="that", test="is", subject=Target(ref="it"),
                             object=self.target(body), state=t.qualities[-1],
                             text=text, span=span)
            return replace(t, qualities=t.qualities[:-1], filters=t.filters + (cond,),
                           span=span, text=text)
        if kind == "infinitive" and self.v.purpose_posts and (t.kinds or t.name) and \
                self.clauses is not None:
            # "your next check to play a card", "their check to block": what it is for
            cond = self.clauses.purpose(body, post.span)
            if cond is not None:
                return replace(t, filters=t.filters + (cond,), span=span, text=text)
        if kind == "paren" and _restates(t, self.phrase(post.span)):
            return replace(t, span=span, text=text)    # "1 additional side action ([[side]])"
        if kind == "paren":
            more = self.including(t, body)
            if more is not None:
                # "friendly heroes and allies (including other characters in your party)":
                # what the phrase names, and those too
                return replace(t, alternatives=t.alternatives + (more,), span=span, text=text)
        if self.v.name_unread_posts:
            from judge.cards.transformer import NoValue
            raise NoValue(f"{self.phrase(post.span)!r} after {self.phrase(t.span)!r}: no value "
                          "holds it", post.span.start if post.span is not None else None)
        return replace(t, span=span, text=text)

    def including(self, t: Target, body) -> Target | None:
        """The thing an "(including ...)" parenthesis adds to ``t``, when it is one noun phrase
        of the same sort (objects to objects, players to players); None for anything else
        ("a card (including you)": the player is not a card - not this phrase's)."""
        if not (isinstance(body, list) and len(body) == 1 and isinstance(body[0], VP)):
            return None
        vp = body[0]
        if vp.group.lemma != "include" or vp.group.form != "ing" or vp.group.auxes or \
                len(vp.items) != 1 or not isinstance(vp.items[0], (NounPhrase, Pronoun)):
            return None
        more = self.target(vp.items[0])
        return more if more.who == t.who else None

    def _of(self, t: Target, body, span, text) -> Target:
        inner = self.target(body)
        head = t.kinds[-1] if t.kinds else ""
        if head in ("top", "bottom") or (t.kinds and t.kinds[0] in ("top", "bottom")):
            z = self.zone(body)
            if z is not None:
                position = t.kinds[0] if t.kinds[0] in ("top", "bottom") else head
                kinds = tuple(k for k in t.kinds if k not in ("top", "bottom")) or ("card",)
                return replace(t, kinds=kinds, zone=replace(z, position=position), span=span,
                               text=text)
        if head in ("amount", "number") and t.count is not None and inner.kinds:
            # "X amount of damage": the inner noun, counted by the outer number
            return replace(inner, count=t.count, span=span, text=text)
        if not t.kinds and not t.qualities or head in ("each", "all", "one", "any", "none"):
            # "each of your allies", "one of them", "any of those cards"
            return replace(inner, quantifier=t.quantifier if t.quantifier != "one" else
                           inner.quantifier, count=t.count or inner.count,
                           targeted=t.targeted or inner.targeted, span=span, text=text)
        z = self.zone(body)
        if z is not None and head in ("card", "cards", "copy"):
            return replace(t, zone=z, span=span, text=text)
        return replace(t, of=inner, span=span, text=text)

    def with_filter(self, body, span) -> Condition:
        """"with cost 3 or less", "with 2 or more damage on it", "with Herald in its name",
        "with go again", "with the Illusion ability", "with +1 speed"."""
        text = self.phrase(span)
        if isinstance(body, Change):
            return Condition(kind="with", test="has", state=text, text=text, span=span)
        if isinstance(body, NounPhrase):
            words = body.words
            same_as = next((p for p in body.posts if p.kind == "as"), None)
            if same_as is not None and any("same" in word_of(w).split() for w in words):
                # "with the same name as a card in their graveyard": equal to that one's
                measure = " ".join(word_of(w) for w in words if "same" not in word_of(w).split()
                                   and kind_of(w) != "DET") or "name"
                measure = self.v.stats.get(measure, measure)
                other = self.target(same_as.body)
                return Condition(kind="with", test="compare", comparison=Comparison(
                    left=Quantity(measure=measure, of=Target(ref="it")), op="==",
                    right=Amount(defined_as=Quantity(measure=measure, of=other)), span=span),
                    text=self.phrase(span_of(span, same_as.span)), span=span)
            # a stat word ("{r} cost": cost), else a stat icon ("4{p}")
            stat_i = next((i for i, w in enumerate(words) if kind_of(w) == "STAT"), None)
            if stat_i is None:
                stat_i = next((i for i, w in enumerate(words) if kind_of(w) == "ICON"
                               and self.v.icons.get(str(w).lower())), None)
            num_i = next((i for i, w in enumerate(words) if number(w) is not None
                          and kind_of(w) != "DET"), None)
            cmp_i = next((i for i, w in enumerate(words) if kind_of(w) == "COMPARE_WORD"
                          or word_of(w) in _BARE_COMPARE), None)
            if stat_i is not None and num_i is None and cmp_i is not None and \
                    cmp_i < stat_i and not body.posts:
                # "a card with equal or greater {p}": compared with the same value of what the
                # sentence is about (``that``: the event's subject, "this isn't defended by")
                stat_tok = words[stat_i]
                stat = (self.v.stats.get(word_of(stat_tok), word_of(stat_tok))
                        if kind_of(stat_tok) == "STAT"
                        else self.v.icons.get(str(stat_tok).lower()))
                w = word_of(words[cmp_i])
                op = OPS.get(_RELATIONS.get(w, _BARE_COMPARE.get(w, "")), "==")
                q = Quantity(measure=stat, of=Target(ref="it"), text=text, span=span)
                other = Quantity(measure=stat, of=Target(ref="that"), span=span)
                return Condition(kind="with", test="compare",
                                 comparison=Comparison(left=q, op=op,
                                                       right=Amount(defined_as=other),
                                                       span=span), text=text, span=span)
            if stat_i is not None and num_i is None and cmp_i is not None and \
                    cmp_i > stat_i and cmp_i + 1 < len(words):
                # "with {r} cost less than the number of chain links you control": the stat
                # against a number the game supplies
                stat_tok = words[stat_i]
                stat = (self.v.stats.get(word_of(stat_tok), word_of(stat_tok))
                        if kind_of(stat_tok) == "STAT"
                        else self.v.icons.get(str(stat_tok).lower()))
                rest = NounPhrase(words[cmp_i + 1:], body.posts,
                                  span_of(words[cmp_i + 1], body.posts or words[-1]))
                right = Amount(defined_as=self.quantity(rest), span=rest.span)
                base_stat = any(word_of(w) == "base" for w in words[:cmp_i])
                q = Quantity(measure=("base " if base_stat else "") + stat,
                             of=Target(ref="it"), text=text, span=span)
                op = OPS.get(_RELATIONS.get(word_of(words[cmp_i]), ""), "==")
                return Condition(kind="with", test="compare",
                                 comparison=Comparison(left=q, op=op, right=right, span=span),
                                 text=text, span=span)
            if stat_i is not None and num_i is not None:
                stat_tok = words[stat_i]
                stat = (self.v.stats.get(word_of(stat_tok), word_of(stat_tok))
                        if kind_of(stat_tok) == "STAT"
                        else self.v.icons.get(str(stat_tok).lower()))
                rel = ""
                for w in words:
                    if kind_of(w) == "COMPARE_WORD":
                        rel = _RELATIONS.get(word_of(w), "")
                amount = amount_from(number(words[num_i]), span=span_of(words[num_i]))
                base_stat = any(word_of(w) == "base" for w in words)
                q = Quantity(measure=("base " if base_stat else "") + stat,
                             of=Target(ref="it"), text=text, span=span)
                return Condition(kind="with", test="compare",
                                 comparison=Comparison(left=q, op=OPS.get(rel, "=="),
                                                       right=amount, span=span),
                                 text=text, span=span)
            # "with N or more <counters/damage> on it": number + noun
            obj = self.target(body)
            if obj.count is not None and obj.kinds:
                return Condition(kind="with", test="has", object=obj, subject=Target(ref="it"),
                                 text=text, span=span)
            if any(kind_of(w) in ("NAME", "QUOTED") for w in words) and any(
                    word_of(w) in ("name", "names") for w in words):
                return Condition(kind="with", test="has", state="name", object=obj, text=text,
                                 span=span)
            return Condition(kind="with", test="has", object=obj, subject=Target(ref="it"),
                             text=text, span=span)
        obj = self.target(body)
        return Condition(kind="with", test="has", object=obj, subject=Target(ref="it"),
                         text=text, span=span)

    # -- zones ---------------------------------------------------------------------------
    def zone(self, np) -> Zone | None:
        """The zone a noun phrase names ("your hand", "its owner's deck", "the top of
        target player's deck", "play"), or None."""
        if isinstance(np, PP):
            np = np.obj
        if not isinstance(np, NounPhrase):
            return None
        words = np.words
        cut = None
        for i in range(len(words) - 1, -1, -1):
            if kind_of(words[i]) == "POSS":
                cut = i
                break
        owner_t = None
        if cut is not None:
            owner_t = self.target(NounPhrase(words[:cut], [], span_of(words[:cut])))
            words = words[cut + 1:]
        nouns = [word_of(w) for w in words if kind_of(w) in ("NOUN", "ADJ", "WORD", "NAME",
                                                               "STAT")]
        name = self._zone_name(nouns)
        if name is None and self.v.open_zones and not np.posts and len(words) == 2 and \
                kind_of(words[0]) == "DET" and word_of(words[0]) in _ZONE_OWNERS and \
                kind_of(words[1]) == "WORD":
            # "to your reserve", "from their vault": a word no list has, owned as zones are
            # (a new set's zone), is that zone - an engine that has none names it
            name = word_of(words[1])
        if name is None:
            return None
        position = ""
        if nouns and nouns[0] in ("top", "bottom"):
            position = nouns[0]
        owner = ""
        for w in words:
            if kind_of(w) == "DET":
                ww = word_of(w)
                if ww in ("your", "my"):
                    owner = "you"
                elif ww in ("their", "his", "her"):
                    owner = "they"
                elif ww == "its":
                    owner = "it"
                elif ww in ("each", "all", "both"):
                    owner = "each"
            elif kind_of(w) == "ADJ" and word_of(w) in _OPPOSING:
                owner = "opponent"
        if owner_t is not None:
            owner = _kind_relation(owner_t) or owner_t.controller or owner_t.ref or "they"
        z = Zone(name=name, owner=owner, owner_target=owner_t, position=position, span=np.span)
        for post in np.posts:
            if post.kind == "of" and name in ("top", "bottom"):
                inner = self.zone(post.body)
                if inner is not None:
                    z = replace(inner, position=name, span=span_of(np.span, post.span))
        return z

    def zone_of(self, t: Target, owner: Target) -> Zone | None:
        name = self._zone_name(list(t.kinds) + [q.lower() for q in t.qualities])
        if name is None:
            return None
        return Zone(name=name, owner=_kind_relation(owner) or owner.controller or owner.ref,
                    owner_target=owner, span=t.span)

    def _zone_name(self, nouns: list[str]) -> str | None:
        found = self._zone_name_of(nouns)
        if found is None and nouns and nouns[-1].endswith("s") and nouns[-1] != "plays":
            # "into their owners' hands", "from all discard piles": one zone of each
            # player's, named in the plural
            found = self._zone_name_of(nouns[:-1] + [nouns[-1][:-1]])
        return found

    def _zone_name_of(self, nouns: list[str]) -> str | None:
        zones = self.v.zones
        for size in (3, 2):
            for i in range(len(nouns) - size, -1, -1):
                key = " ".join(nouns[i:i + size])
                if key in zones:
                    return zones[key]
        for w in reversed(nouns):
            if w in zones:
                return zones[w]
        if nouns and nouns[0] in ("top", "bottom") and len(nouns) == 1:
            return nouns[0]
        return None

    # -- amounts -------------------------------------------------------------------------
    def amount(self, np) -> Amount | None:
        """The count of a noun phrase ("2 cards" -> 2, "X damage" -> X, "that much damage"
        -> that much), or None when it prints none."""
        t = self.target(np) if not isinstance(np, Target) else np
        return t.count

    def number_phrase(self, np) -> Amount | None:
        """The amount a noun phrase that is only a number prints ("2", "X"), else None."""
        if isinstance(np, NounPhrase) and len(np.words) == 1 and not np.posts:
            n = number(np.words[0])
            if n is not None:
                return amount_from(n, span=np.span, text=str(np.words[0]))
        return None

    def quantity(self, np) -> Quantity:
        """A number the game supplies: "the number of cards in your hand", "its cost", "the
        damage dealt this way", "your hero's {h}"."""
        span = getattr(np, "span", None)
        text = self.phrase(span)
        if isinstance(np, NounPhrase):
            if len(np.words) > 2 and word_of(np.words[1]) == "minus" and \
                    isinstance(number(np.words[0]), int):
                # "13 minus the number of cards ...": the number less the quantity after it
                inner = self.quantity(NounPhrase(np.words[2:], np.posts, np.span))
                return replace(inner, minus_from=number(np.words[0]), text=text, span=span)
            np, plus = _without_plus(np)
            if plus:
                return replace(self.quantity(np), plus=plus, text=text, span=span)
            words = [word_of(w) for w in np.words]
            posts = np.posts
            if "number" in words and posts and posts[0].kind == "of":
                return Quantity(measure="count", of=self.target(posts[0].body), text=text,
                                span=span)
            if ("amount" in words or "total" in words) and posts and posts[0].kind == "of":
                inner = posts[0].body
                q = self.quantity(inner)
                return replace(q, text=text, span=span)
            t = self.target(np)
            stat = next((k for k in reversed(t.kinds) if k in self.v.stats.values()
                         or k in ("damage", "life", "health", "cost", "power", "speed",
                                  "defense", "difficulty")), None)
            if stat is None and "value" in t.kinds:
                stat = "value"          # "its value"; "the pitch value": pitch
            if stat is not None:
                of = t.of if t.of is not None else (Target(ref=t.ref or "it") if
                                                    t.controller in ("it", "") else
                                                    Target(who="player", ref=t.controller))
                if t.controller == "you":
                    of = Target(who="player", ref="you", controller="you")
                event = None
                for post in posts:
                    if post.kind in ("participle", "that", "rel"):
                        event = self.clauses.event_of(post, stat) if self.clauses else None
                dtype = next((q for q in t.qualities if q in _DAMAGE_TYPES), "")
                if event is not None and stat == "damage" and dtype and not event.damage_type:
                    event = replace(event, damage_type=dtype)    # "the arcane damage you dealt"
                if event is not None and t.of is None and not t.controller:
                    of = None           # "the damage dealt this way": the event's, no object's
                return Quantity(measure=stat, of=of, event=event, text=text, span=span)
            return Quantity(measure="count", of=t, text=text, span=span)
        if isinstance(np, Pronoun):
            return Quantity(measure="value", of=self.pronoun(np), text=text, span=span)
        return Quantity(measure="value", text=text, span=span)


def _without_plus(np: NounPhrase) -> tuple[NounPhrase, int]:
    """A quantity's noun phrase without its trailing "plus N" (on it or on its last
    post-modifier's noun phrase, "the number of cards in your hand plus 1"), and N."""
    posts = np.posts
    if not posts:
        return np, 0
    last = posts[-1]
    if last.kind == "plus":
        n = number(last.body)
        if isinstance(n, int):
            return NounPhrase(np.words, posts[:-1], np.span), n
        return np, 0
    if isinstance(last.body, NounPhrase):
        inner, n = _without_plus(last.body)
        if n:
            post = Post(last.kind, last.word, inner, last.span)
            return NounPhrase(np.words, posts[:-1] + [post], np.span), n
    return np, 0


def _relation(subject) -> str:
    if isinstance(subject, Target):
        if subject.ref in ("you",):
            return "you"
        if "opponent" in subject.kinds or subject.controller == "opponent":
            return "opponent"
        return subject.controller or subject.ref or "any"
    w = str(subject).lower()
    return {"you": "you", "they": "they", "he": "they", "she": "they", "we": "you",
            "you've": "you", "they've": "they"}.get(w, w)


def _kind_relation(t: Target) -> str:
    if t.ref == "you":
        return "you"
    if "opponent" in t.kinds or "rival" in t.kinds:
        return "opponent"
    if t.kinds and t.kinds[-1] in ("owner", "controller"):
        return "owner" if t.kinds[-1] == "owner" else "controller"
    if t.who == "player" and t.controller:
        return t.controller
    return ""
