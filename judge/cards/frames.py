"""Clauses -> effects, conditions and events: the verb frames of the card language.

A clause comes from the grammar as a subject, a verb group (auxiliaries and the verb) and its
complements (:mod:`judge.cards.syntax`). The verb decides which value it becomes and which
complement fills which field: "deal" takes its amount and damage type from the object ("3
arcane damage"), its target from "to ..."; "draw" makes a :class:`~judge.cards.model.Move`
from the deck to the hand of its subject, and so on. Auxiliaries wrap the result: "may" is an
optional :class:`~judge.cards.model.Choice`, "can't" a :class:`~judge.cards.model.Restriction`,
"can" a :class:`~judge.cards.model.Permission`. The same clause read as a condition ("if you
control an ally") or an event ("when this hits a hero") goes through :meth:`Frames.condition`
and :meth:`Frames.event`.

A clause whose verb has no frame, or whose parts the frame cannot place, becomes an
:class:`~judge.cards.model.Other` naming the verb: recognised but not parsed.
"""

from __future__ import annotations

import re

from judge.cards import model as M
from judge.cards.errors import NoValue
from judge.cards.model import replace
from judge.cards.nouns import (OPS, TO_ADJECTIVES, Reader, amount_from, base, kind_of, number, signed_amount,
                               word_of)
from judge.cards.syntax import _AndOr, _Both  # noqa: F401 (callers import them from here)
from judge.cards.syntax import (Causative, Change, Clause, Conjunct, Item, NounPhrase, PP, Post, Pronoun, VP,
                                VerbGroup, span_of)

# verb lemma -> zone change (from, to) defaults for Move
_MOVES = {"draw": ("deck", "hand"), "discard": ("hand", "graveyard"), "destroy": ("", "graveyard"),
          "banish": ("", "removed"), "sacrifice": ("play", "graveyard"), "mill": ("deck", "graveyard"),
          "return": ("", ""), "put": ("", ""), "add": ("", ""), "remove": ("", "removed"),
          "shuffle": ("", "deck"), "build": ("", "stage"), "place": ("", ""), "move": ("", ""),
          "play": ("", "play"), "bring": ("", "")}
_STATE_VERBS = {"exhaust": M.Exhaust, "commit": M.Exhaust, "tap": M.Exhaust,
                "ready": M.Ready, "untap": M.Ready, "unflip": None}
_PLAYER_VERBS = frozenset({"draw", "discard", "search", "shuffle", "reveal", "look", "look at",
                           "pay", "spend", "gain", "lose", "choose", "name", "select", "mill",
                           "skip", "win"})
_COUNTER_WORDS = frozenset({"counter", "token", "wound", "status", "exhaustion"})
# the states a card can arrive in ("put it into play exhausted"): M.Arrival.states
_ARRIVAL_STATES = frozenset({"exhausted", "ready", "committed"})   # UFS commits (K.4.1)
_ZONE_PREPS = frozenset({"into", "onto", "to", "on", "on top of", "in", "under", "at"})
_FROM_PREPS = frozenset({"from", "out of", "off"})
_MODALS_OPTIONAL = frozenset({"may"})
_TAKES_INFINITIVE = frozenset({"try", "be", "have", "allow", "ask", "need", "want"})
_CANT = frozenset({"can't", "cannot", "may not"})
_TIMES = frozenset({"turn", "phase", "step", "round"})
_STATES = (M.ModifyValue, M.SetValue, M.Restriction, M.Permission, M.Gain, M.Lose)
# prepositions whose phrase changes what an effect does: one that no value was made from is
# named an Other ("rather than pay ...'s cost" is read after the parse: game.alternate_cost)
_MUST_READ = frozenset({"during", "as", "for", "without", "instead of", "in addition to",
                        "like", "except", "other than", "regardless of", "apart from"})
# actions an "only ..." allows rather than limits ("Use only on your turn", "Play only if ...")
_ALLOWED_ACTIONS = frozenset({"play", "use", "activate", "attack", "block", "protect", "guard",
                              "counter", "complete", "defend", "attach", "equip", "cast",
                              "declare", "target", "be"})
_NOT = frozenset({"not", "don't", "doesn't", "didn't", "isn't", "aren't", "wasn't", "weren't",
                  "won't", "wouldn't", "hasn't", "haven't", "couldn't", "never", "no longer"})
_BE = frozenset({"is", "are", "was", "were", "be", "been", "being", "'s"})
_STATS = frozenset({"power", "defense", "life", "health", "cost", "pitch", "intellect",
                    "speed", "atk", "strength", "armor", "damage"})
_TOKEN_FILLER = frozenset({"a", "an", "the", "x", "token", "tokens", "one", "two", "three",
                           "four", "five"})
_MORE_LESS = {"less": "<", "fewer": "<", "lower": "<", "more": ">", "greater": ">",
              "higher": ">"}
_OWN_DAMAGE = frozenset({"it", "its", "they", "their"})   # "it deals its damage"
_CHOSEN_KINDS = frozenset({"zone", "type", "side", "class", "trait"})
_GUESSED = {"correctly": "guess right", "right": "guess right", "incorrectly": "guess wrong",
            "wrong": "guess wrong"}
_BE_NOT = frozenset({"isn't", "aren't", "wasn't", "weren't"})
_HAVE = frozenset({"has", "have", "had", "'ve", "having"})
_PARTICIPLE_LEMMA = {"dealt": "deal", "drawn": "draw", "taken": "take", "given": "give",
                     "paid": "pay", "gained": "gain", "lost": "lose", "spent": "spend",
                     "placed": "place", "played": "play", "banished": "banish",
                     "prevented": "prevent", "returned": "return", "searched": "search",
                     "found": "find", "added": "add", "created": "create", "attached": "attach",
                     "sacrificed": "sacrifice", "pitched": "pitch", "milled": "mill",
                     "received": "receive", "controlled": "control", "owned": "own",
                     "used": "use", "healed": "heal", "rolled": "roll", "reduced": "reduce",
                     "made": "make", "gotten": "get", "kept": "keep", "won": "win",
                     "begun": "begin", "seen": "see", "done": "do", "cast": "cast", "left": "leave",
                     "drew": "draw", "took": "take", "gave": "give", "chose": "choose",
                     "came": "come", "went": "go", "began": "begin", "saw": "see", "got": "get",
                     "said": "say", "kept": "keep", "made": "make"}
_STATE_ADJ_EVENT = {"destroyed": "be destroyed", "blocked": "be blocked", "discarded":
                    "be discarded", "revealed": "be revealed", "removed": "be removed",
                    "exhausted": "be exhausted", "committed": "be committed", "readied":
                    "be readied", "flipped": "be flipped", "defeated": "be defeated",
                    "unblocked": "be unblocked", "frozen": "be frozen", "sealed": "be sealed",
                    "damaged": "be damaged", "chosen": "be chosen", "selected": "be selected"}


def lemma_of(token) -> str:
    """The verb's lemma: V_DEAL -> "deal"; a participle -> its verb."""
    k = base(token.type)
    if k in ("PARTICIPLE", "PAST_VERB"):
        w = str(token).lower()
        return _PARTICIPLE_LEMMA.get(w, w)
    if k == "V_KW":                 # a game's keyword used as a verb ("you **boost**")
        return " ".join(str(token).lower().split())
    return k[2:].lower().replace("_", " ")


def form_of(token) -> str:
    """'base', 's', 'ing', 'past' of a verb token."""
    w = str(token).lower().split()[0]
    if base(token.type) == "PARTICIPLE" or w in _PARTICIPLE_LEMMA:
        return "past"
    if w.endswith("ing"):
        return "ing"
    if w.endswith("ed") and not w.endswith("eed"):
        return "past"
    if w.endswith("s") and not w.endswith("ss"):
        return "s"
    return "base"


class Simple:
    """One clause after coordination is spelled out: subject, verb group, complements."""
    __slots__ = ("subject", "group", "items", "joiner", "span")

    def __init__(self, subject, group: VerbGroup, items: list, joiner: str, span) -> None:
        self.subject, self.group, self.items, self.joiner, self.span = (subject, group, items,
                                                                       joiner, span)


def _into_infinitive(items: list):
    """"spend 1 [[basic]] to deal 1 damage to a target unit or Phoenixborn": the coordination
    the grammar attached to the whole object belongs to the last noun phrase of its purpose
    ("a target unit or Phoenixborn"). Returns the first noun phrase, the coordination moved;
    ``items`` unchanged when it is not that shape."""
    first = items[0]
    if not (isinstance(first, NounPhrase) and first.posts and first.posts[-1].kind == "infinitive"
            and isinstance(first.posts[-1].body, VP) and first.posts[-1].body.items
            and all(isinstance(x, NounPhrase) for x in items[1:])):
        return items
    vp = first.posts[-1].body
    last = vp.items[-1]
    if not isinstance(last, NounPhrase):
        return items
    holder, post = last, None
    while isinstance(holder, NounPhrase) and holder.posts and \
            holder.posts[-1].kind in ("to", "on", "from", "in") and \
            isinstance(holder.posts[-1].body, NounPhrase):
        post = holder.posts[-1]
        holder = post.body
    if post is not None:
        post.body = [holder, *items[1:]]
    else:
        vp.items[-1] = [last, *items[1:]]
    return first


def _restated_stats(items: list) -> list:
    """"Put a 4 x 4 (4 ATK / 4 health) Lawbringer Truck ally token into play": a parenthesis
    after a stat pair that says the same numbers again splits the noun phrase in two (the
    grammar ends a noun phrase at a parenthesis). When its numbers are the pair's, in order,
    it is read - a restatement - and the two halves are one noun phrase again; a parenthesis
    that says other numbers stays, and is named by the noun-phrase reader."""
    if len(items) < 2:
        return items
    out = list(items)
    i = 0
    while i + 1 < len(out):
        first, second = out[i], out[i + 1]
        if isinstance(first, NounPhrase) and isinstance(second, NounPhrase) and first.words \
                and len(first.posts) == 1 and first.posts[0].kind == "paren" and \
                base(getattr(first.words[-1], "type", "")) == "STATS" and \
                _same_numbers(str(first.words[-1]), first.posts[0].body):
            out[i:i + 2] = [NounPhrase(list(first.words) + list(second.words),
                                       list(second.posts), span_of(first, second))]
            continue
        i += 1
    return out


def _same_numbers(stats: str, body) -> bool:
    """Whether a parenthesis's body is one stat pair with the numbers of ``stats``, each with
    a stat word ("4 / 4" and "4 ATK / 4 health")."""
    if not (isinstance(body, list) and len(body) == 1 and isinstance(body[0], NounPhrase)
            and not body[0].posts and len(body[0].words) == 1
            and base(getattr(body[0].words[0], "type", "")) == "STATS"):
        return False
    inner = str(body[0].words[0])
    numbers = re.findall(r"[+-]?\d+|\bX\b", stats)
    parts = [p.strip() for p in inner.split("/")]
    return len(numbers) == 2 and len(parts) == 2 and \
        [re.match(r"[+-]?\d+|X\b", p).group(0) if re.match(r"[+-]?\d+|X\b", p) else None
         for p in parts] == numbers and all(re.search(r"[A-Za-z]{2,}", p) for p in parts)


_ZONE_WORDS = frozenset({"play", "hand", "deck", "graveyard", "pile", "battlefield", "pool",
                         "spellboard", "discard"})


class Parts:
    """A clause's complements sorted by kind."""

    def __init__(self, items: list) -> None:
        self.objects: list = []       # noun phrases and pronouns, in order
        self.pps: list[PP] = []
        self.changes: list[Change] = []
        self.durations: list[M.Duration] = []
        self.for_each = None
        self.where = None
        self.equal = None
        self.adverbs: list[str] = []
        self.quoted = None
        self.conditions: list[M.Condition] = []
        self.infinitive = None
        self.subordinate = None
        self.instead = False
        self.again = False
        self.rest: list = []
        self.cap = None
        self.parenthetical = None
        self.only = None
        # "+ATK equal to Barim's ATK and +[Health] equal to ...": the "equal to" printed right
        # after a change with no number of its own is that change's amount (id of the change)
        self.equal_of: dict[int, Item] = {}
        previous = None
        self.taken: set[int] = set()
        items = _restated_stats(items)
        for item in items:
            if isinstance(item, Item) and item.kind == "equal to" and \
                    isinstance(previous, Change) and _bare_sign(previous):
                self.equal_of[id(previous)] = item
                if isinstance(item.value[1], (NounPhrase, Pronoun)):
                    self._hoist(item.value[1])
                previous = item
                continue
            previous = item
            if isinstance(item, list):
                item = _into_infinitive(item)
            if isinstance(item, list):
                self.objects.append(item)
                for np in item:
                    if isinstance(np, (NounPhrase, Pronoun)):
                        self._durations_only(np)
                        self._out_of_relative(np)
            elif isinstance(item, (NounPhrase, Pronoun)):
                self.objects.append(item)
                self._hoist(item)
                self._out_of_relative(item)
            elif isinstance(item, PP):
                if isinstance(item.obj, list):    # "on this spell to deal 1 damage to a
                    item.obj = _into_infinitive(item.obj)    # target unit or Phoenixborn"
                self.pps.append(item)
                if item.prep == "with" and isinstance(item.obj, NounPhrase):
                    self._hoist_to(item.obj)
                if isinstance(item.obj, (NounPhrase, Pronoun)):
                    self._durations_only(item.obj)    # "with a card from X this chain link"
                    self._relative_purpose(item.obj)
            elif isinstance(item, Change):
                self.changes.append(item)
            elif isinstance(item, M.Duration):
                self.durations.append(item)
            elif isinstance(item, M.Condition):
                self.conditions.append(item)
            elif isinstance(item, Item):
                k = item.kind
                if k in ("equal to", "for each", "where x"):
                    inner = item.value[1] if k == "equal to" else item.value
                    if isinstance(inner, (NounPhrase, Pronoun)):
                        self._hoist(inner)
                if k == "for each":
                    self.for_each = item.value
                elif k == "where x":
                    self.where = item.value
                elif k == "equal to":
                    self.equal = item
                elif k == "adverb":
                    self.adverbs.append(item.value)
                elif k in ("quoted", "granted"):
                    self.quoted = item
                elif k == "infinitive":
                    self.infinitive = item.value
                elif k == "subordinate":
                    self.subordinate = item
                elif k == "instead":
                    self.instead = True
                elif k == "again":
                    self.again = True
                elif k == "cap":
                    self.cap = item.value
                elif k == "only":
                    self.only = item
                elif k == "parenthetical":
                    self.parenthetical = item
                else:
                    self.rest.append(item)
            else:
                self.rest.append(item)
        as_pp = self.pp("as")
        if as_pp is not None:
            self._same_as(as_pp)

    def _same_as(self, as_pp: PP) -> None:
        """"cards with the same name as a card in their graveyard": the grammar leaves "as
        ..." to the clause; it completes the object's "with the same ..." filter."""
        for np in self.objects:
            for post in getattr(np, "posts", ()):
                body = post.body
                if post.kind == "with" and isinstance(body, NounPhrase) and any(
                        "same" in str(w).lower().split() for w in body.words) and \
                        not any(p.kind == "as" for p in body.posts):
                    body.posts = list(body.posts) + [Post("as", "as", as_pp.obj, as_pp.span)]
                    self.pps.remove(as_pp)
                    return

    def _hoist_spine(self, np) -> None:
        """The "from <zone>" / "to <zone>" ending a "with" phrase belong to the clause: "add
        1 card with a difficulty of 3 or less from your discard pile to your hand" (the grammar
        hangs each post on the noun phrase before it, so both zones were read as the
        difficulty's, and the Move had neither)."""
        posts = getattr(np, "posts", ())
        if not posts:
            return
        last = posts[-1]
        if last.kind == "in" and last.word == "from" and isinstance(last.body, NounPhrase):
            np.posts = posts[:-1]
            self._hoist(last.body)                  # its own "to <zone>"
            body = last.body
            if body.posts and body.posts[-1].kind == "zone":
                self.adverbs.append(body.posts[-1].word)        # "... into play"
                body.posts = body.posts[:-1]
            self.pps.append(PP("from", body, last.span))
        elif last.kind == "to":
            self._hoist(np)
        elif last.kind in ("in", "of") and isinstance(last.body, NounPhrase):
            self._hoist_spine(last.body)

    def _hoist_to(self, np: NounPhrase) -> None:
        """"When combat damage is dealt with Nexus Torch to a defending hero": the "to" the
        grammar hung on the "with" phrase's noun is the clause's (who is dealt the damage);
        not "with a card attached to it", the adjective's."""
        posts = np.posts
        if posts and posts[-1].kind == "to" and not (
                len(posts) == 1 and np.words and str(np.words[-1]).lower() in TO_ADJECTIVES):
            post = posts[-1]
            np.posts = posts[:-1]
            np.span = span_of(np.words, np.posts)
            self.pps.append(PP("to", post.body, post.span))

    def _hoist(self, np) -> None:
        """Post-modifiers that belong to the clause, wherever the grammar attached them:
        "to <zone>", durations, "(max. +8)" (an object's own post or one of its nested
        noun phrases': "add 1 card from your discard pile to your hand")."""
        posts = getattr(np, "posts", ())
        if not posts:
            return
        kept = []
        for post in posts:
            if post.kind == "duration":
                self.durations.append(post.body)
            elif post.kind == "to" and not (
                    post is posts[0] and len(np.words) > 1 and str(np.words[-1]).lower()
                    in TO_ADJECTIVES and str(np.words[-2]).lower() not in _ZONE_WORDS):
                # ("an alteration spell attached to this unit": the adjective's, read by the
                # noun phrase; not "enters play attached to a unit", where a card arrives)
                self.pps.append(PP("to", post.body, post.span))
                if isinstance(post.body, (NounPhrase, Pronoun)):
                    self._durations_only(post.body)     # "damage to a hero this turn"
                    self._relative_purpose(post.body)
            elif post.kind == "under" and isinstance(post.body, NounPhrase) and not any(
                    str(w).lower() == "control" for w in post.body.words):
                # "place that ally face down under that unit": where it is placed (a place
                # under a card), the clause's - not whose control it is in
                self.pps.append(PP("under", post.body, post.span))
            elif post.kind == "cap":
                self.cap = post.body
            elif post.kind == "with" and isinstance(post.body, NounPhrase):
                kept.append(post)
                self._hoist_spine(post.body)
            elif post.kind == "infinitive" and self.infinitive is None:
                self.infinitive = post.body       # "spend 1 [[basic]] to deal 1 damage"
            elif post.kind == "rel" and self.infinitive is None and any(
                    isinstance(i, Item) and i.kind == "infinitive" for i in post.body[2]):
                # "choose a target unit you control to gain ...": the purpose is the clause's
                subject, group, items = post.body
                self.infinitive = next(i.value for i in items
                                       if isinstance(i, Item) and i.kind == "infinitive")
                post.body = (subject, group, [i for i in items if not (
                    isinstance(i, Item) and i.kind == "infinitive")])
                kept.append(post)
            else:
                if isinstance(post.body, list) and post.kind in ("in", "of"):
                    # "on this spell to deal 1 damage to a target unit or Phoenixborn"
                    post.body = _into_infinitive(post.body)
                    last = post.body[-1] if isinstance(post.body, list) else None
                    if self.infinitive is None and isinstance(last, NounPhrase) and \
                            last.posts and last.posts[-1].kind == "infinitive" and \
                            isinstance(last.posts[-1].body, VP):
                        # "banish X from your hand or arsenal to prevent that damage": the
                        # purpose the grammar hung on the list's last noun is the clause's
                        self.infinitive = last.posts[-1].body
                        last.posts = last.posts[:-1]
                kept.append(post)
                if isinstance(post.body, (NounPhrase, Pronoun)) and post.kind in ("in", "of"):
                    self._hoist(post.body)
                elif post.kind == "that" and isinstance(post.body, VP) and \
                        "would" in post.body.group.auxes:
                    # "the next 2 damage that would be dealt to your hero this turn"
                    for item in post.body.items:
                        inner = item.obj if isinstance(item, PP) else item
                        if isinstance(inner, (NounPhrase, Pronoun)):
                            self._durations_only(inner)
                    # "..., where X is ...": the clause's definition of X
                    where = [i for i in post.body.items
                             if isinstance(i, Item) and i.kind == "where x"]
                    if where and self.where is None:
                        self.where = where[0].value
                        post.body.items = [i for i in post.body.items if i is not where[0]]
        if len(kept) != len(posts):
            np.posts = kept

    def _out_of_relative(self, np) -> None:
        """"put a resource you control into your hand", "return an aura you control to its
        owner's hand": where the object goes (or comes from), which the grammar hung on the
        relative clause "you control" (whose reader reads only its "with" phrases), is the
        clause's. Left on the noun phrase as a post of kind "clause pp" (skipped by the
        noun-phrase reader, found again by a second reading of the clause)."""
        posts = getattr(np, "posts", None)
        if not posts:
            return
        kept: list = []
        changed = False
        for p in posts:
            if p.kind == "clause pp" and p.word in _CLAUSE_PREPS:
                self.pps.append(p.body)
            elif p.kind == "clause pp" and p.word == "adverb":
                self.adverbs.append(p.body.value)
            elif p.kind == "rel" and p.body[1].lemma in ("control", "own") and \
                    not p.body[1].auxes:
                subject, group, items = p.body
                mine = [i for i in items if isinstance(i, PP) and i.prep in _CLAUSE_PREPS
                        or isinstance(i, Item) and i.kind == "adverb"]
                if mine:
                    p.body = (subject, group, [i for i in items
                                               if not any(i is m for m in mine)])
                    kept.append(p)
                    for m in mine:
                        if isinstance(m, PP):
                            self.pps.append(m)
                            kept.append(Post("clause pp", m.prep, m, m.span))
                        else:
                            self.adverbs.append(m.value)    # "you control from play"
                            kept.append(Post("clause pp", "adverb", m, m.span))
                    changed = True
                    continue
            kept.append(p)
        if changed:
            np.posts = kept

    def _relative_purpose(self, np) -> None:
        """"Deal 1 damage to a target unit you control to deal 3 damage to a target unit": the
        purpose the grammar hung on the relative clause of a prepositional phrase's noun is the
        clause's (as :meth:`_hoist` does for an object's); the relative clause reads none."""
        if self.infinitive is not None:
            return
        for post in getattr(np, "posts", ()):
            if post.kind == "infinitive" and isinstance(post.body, VP):
                # "Deal 1 damage to a target unit to deal 3 damage to a target unit"
                self.infinitive = post.body
                np.posts = [p for p in np.posts if p is not post]
                return
            if post.kind != "rel":
                continue
            subject, group, items = post.body
            found = next((i for i in items if isinstance(i, Item) and i.kind == "infinitive"),
                         None)
            if found is not None:
                self.infinitive = found.value
                post.body = (subject, group, [i for i in items if i is not found])
                return

    def _durations_only(self, np) -> None:
        """The durations among ``np``'s post-modifiers (and its zone's), for the clause; the
        noun phrase keeps them (a reader of it ignores them), so reading it again finds them
        again."""
        for p in getattr(np, "posts", ()):
            if p.kind == "duration":
                if p.body not in self.durations:
                    self.durations.append(p.body)
            elif p.kind in ("from", "in", "of", "zone") and isinstance(p.body, NounPhrase):
                self._durations_only(p.body)
            elif p.kind == "rel" and p.body[1].lemma in ("control", "own") and \
                    not p.body[1].auxes:
                # "allies you control this turn": the relative clause's reader reads no period
                for i in p.body[2]:
                    if isinstance(i, M.Duration) and i not in self.durations:
                        self.durations.append(i)

    def pp(self, *preps: str):
        for p in self.pps:
            if p.prep in preps:
                self.taken.add(id(p))       # a frame read it (Frames.effect's audit)
                return p
        return None

    def pps_except(self, *preps: str) -> list[PP]:
        return [p for p in self.pps if p.prep not in preps]


class Frames:
    """Reads clauses with one game's vocabulary (``reader``) and verb frames (``extra``:
    lemma -> function(frames, simple, parts, subject_target) returning an effect or None)."""

    def __init__(self, reader: Reader, extra: dict | None = None,
                 keyword=None, ability_reader=None) -> None:
        self.r = reader
        reader.clauses = self
        self.extra = extra or {}
        self.keyword = keyword                 # (words, span) -> Keyword | None
        self.ability_reader = ability_reader   # Item(quoted) -> tuple[Ability]

    # ================================================================ coordination
    def expand(self, clause: Clause, subject=None) -> list[Simple]:
        subj = clause.subject if clause.subject is not None else subject
        first = Simple(subj, clause.vp.group, list(clause.vp.items), "", clause.vp.span)
        out = [first]
        current = first
        shares: list = []
        for c in clause.conjuncts:
            if c.kind == "vp":
                group = c.vp.group
                if not group.auxes and current.group.auxes and (
                        group.form == "past" or (group.form == "base" and set(
                            current.group.auxes) & (_CANT | {"not"}))):
                    # "cannot be blocked or guarded": the second verb keeps the auxiliaries
                    group = VerbGroup(list(current.group.auxes), group.lemma, group.form,
                                      group.span)
                elif group.lemma is None and group.auxes and \
                        set(group.auxes) <= {"have", "be"} and \
                        set(current.group.auxes) & (_CANT | {"not"}):
                    # "cannot be targeted or have spells attached to it": the second (a base
                    # form) keeps the negation ("..., and is a Boar" does not)
                    group = VerbGroup([a for a in current.group.auxes
                                       if a not in _HAVE | _BE] + list(group.auxes),
                                      group.lemma, group.form, group.span)
                current = Simple(current.subject, group, list(c.vp.items), c.word, c.span)
                out.append(current)
            elif c.kind == "clause":
                current = Simple(c.subject, c.vp.group, list(c.vp.items), c.word, c.span)
                out.append(current)
            elif c.kind == "object":
                obj = c.subject
                verb_like_deal = current.group.lemma in ("deal", "put", "place", "add",
                                                         "return", "remove", "move", "give",
                                                         "heal")
                counted = isinstance(obj, NounPhrase) and _counted(obj)
                if verb_like_deal and counted and _post_of(obj, "to") is not None:
                    # "deals 2 damage to X and 1 damage to Y"; "1 frost damage and 1 nature
                    # damage to X": the first object shares the second's "to"
                    if not any(isinstance(i, PP) and i.prep == "to" for i in current.items) \
                            and not any(_post_of(i, "to") is not None for i in current.items
                                        if isinstance(i, NounPhrase)):
                        shares.append((current, obj))     # once the "to" is complete
                    current = Simple(current.subject, current.group, [obj] + list(c.items),
                                     c.word, c.span)
                    out.append(current)
                elif c.items and any(not isinstance(i, (NounPhrase, Pronoun)) for i in c.items) \
                        and verb_like_deal and counted:
                    current = Simple(current.subject, current.group, [obj] + list(c.items),
                                     c.word, c.span)
                    out.append(current)
                elif c.items and not counted and isinstance(obj, NounPhrase) and \
                        all(isinstance(i, Item) for i in c.items):
                    # "to target hero or ally for each Ghoul you control": "ally" joins the
                    # innermost noun phrase, "for each ..." is the clause's
                    _coordinate(current.items, obj, c.word)
                    current.items.extend(c.items)
                else:
                    # "your deck and/or graveyard": the joiner as printed (one or more)
                    _coordinate(current.items, obj, c.printed if c.printed == "and/or"
                                else c.word)
                    current.items.extend(c.items)
            else:  # items
                first = c.items[0] if c.items else None
                if isinstance(first, PP) and c.word in ("and", "or") and any(
                        isinstance(i, PP) and i.prep == first.prep or isinstance(i, NounPhrase)
                        and _post_of(i, first.prep) is not None for i in current.items) and \
                        any(isinstance(i, (NounPhrase, Pronoun)) for i in current.items):
                    # "deal 1 damage to each opponent's Phoenixborn and to each unit they
                    # control": the same verb and objects again, for the second phrase
                    objects = [_without_post(i, first.prep) for i in current.items
                               if isinstance(i, (NounPhrase, Pronoun))]
                    current = Simple(current.subject, current.group, objects + list(c.items),
                                     c.word, c.span)
                    out.append(current)
                elif c.word == "or" and c.items and isinstance(c.items[0], Change):
                    _coordinate_change(current.items, c.items[0])
                    current.items.extend(c.items[1:])
                else:
                    current.items.extend(c.items)
        for simple, np in shares:
            to = _post_of(np, "to")
            simple.items.append(PP("to", to.body, to.span))
        for a, b in zip(out, out[1:]):
            if b.joiner in ("and", "or") and b.subject is a.subject and a.group.lemma and \
                    not a.items and any(isinstance(i, (NounPhrase, Pronoun, list))
                                        for i in b.items):
                # "It loses and can't have keywords", "can't play or activate instants this
                # combat chain": the object (and the rest) both verbs share
                a.items = list(b.items)
        return out

    # ================================================================ effects
    def effects(self, clause: Clause, subject=None) -> list[M.Effect]:
        simples = self.expand(clause, subject)
        out: list[M.Effect] = []
        choice: list = []
        for s in simples:
            if s.joiner == "or" and out and not choice and isinstance(out[-1], M.Damage):
                alt = self._amount_if(out[-1], s)
                if alt is not None:
                    out[-1] = alt
                    continue
            eff = self.effect(s)
            several = list(eff) if isinstance(eff, _Several) else [eff]
            if s.joiner == "or" and out and not choice and len(several) == 1 and \
                    isinstance(several[0], M.Conditional) and not several[0].otherwise and \
                    not isinstance(out[-1], (M.Conditional, M.Restriction, M.Choice)):
                # "place this unit onto the battlefield or discard it if there is no open
                # slot": the second when its condition holds, else the first - not a choice
                cond = several[0]
                out[-1] = replace(cond, otherwise=(out[-1],), span=span_of(out[-1], cond))
                continue
            if s.joiner == "or" and out and not choice and len(several) == 1 and \
                    _shares_condition(out[-1], several[0]):
                # "can't attack or exhaust unless its controller pays 1" (wow-7.4 600.3a):
                # the condition ending the clause is both verbs', not a choice between them
                cond, r = several[0], several[0].then[0]
                both = replace(out[-1], actions=out[-1].actions + r.actions,
                               span=span_of(out[-1], r))
                out[-1] = replace(cond, then=(both,), span=span_of(out[-1], cond))
                continue
            if s.joiner == "or" and out and not (
                    isinstance(out[-1], M.Restriction) and all(
                        isinstance(e, M.Restriction) for e in several)):
                # "can't attack or protect": neither (both restricted), not a choice
                choice.extend(several)
                continue
            if choice:
                out[-1] = self._or(out[-1], choice)
                choice = []
            if s.joiner and out and len(several) == 1 and _same_restriction(out[-1], several[0]):
                # "can't play or activate instants": one restriction of both actions
                r = several[0]
                out[-1] = replace(out[-1], actions=out[-1].actions + r.actions,
                                  duration=out[-1].duration or r.duration,
                                  span=span_of(out[-1], r))
                continue
            out.extend(several)
        if choice:
            out[-1] = self._or(out[-1], choice)
        for i in range(len(out) - 2, -1, -1):
            a, b = out[i], out[i + 1]
            if isinstance(a, M.Restriction) and isinstance(b, M.Restriction) and \
                    a.duration is None and b.duration is not None and a.who == b.who:
                # "can't play cards or strike with weapons this turn": one period for both
                out[i] = replace(a, duration=b.duration)
        return out

    def _amount_if(self, first: M.Damage, s: Simple) -> M.Effect | None:
        """"deals 2 fire damage to target ally, or 6 if that ally was dealt damage this turn":
        the same damage with another amount while a condition holds (a Conditional: the
        other amount if it holds, else the first), not a choice between two effects."""
        if any(isinstance(i, NounPhrase) and (i.posts or len(i.words) != 1) for i in s.items):
            return None         # (before Parts, which moves an object's "to" into the clause)
        parts = Parts(s.items)
        if len(parts.objects) != 1 or len(parts.conditions) != 1 or parts.pps or \
                parts.changes or parts.durations or parts.rest or parts.where is not None \
                or parts.for_each is not None:
            return None
        np = parts.objects[0]
        if not isinstance(np, NounPhrase) or np.posts or len(np.words) != 1:
            return None
        n = number(np.words[0])
        if not isinstance(n, int) or first.amount is None or first.amount.value is None:
            return None
        amount = M.Amount(value=n, text=str(np.words[0]), span=span_of(np.words[0]))
        span = span_of(first.span, s.span)
        return M.Conditional(verb="if", condition=parts.conditions[0],
                             then=(replace(first, amount=amount, span=span),),
                             otherwise=(first,), span=span)

    def _or(self, first: M.Effect, rest: list) -> M.Effect:
        options = ((first,),) + tuple((e,) for e in rest)
        return M.Choice(verb="choose", options=options, pick=M.Amount(value=1),
                        span=span_of(first, rest))

    def effect(self, s: Simple) -> M.Effect:
        group = s.group
        auxes = group.auxes
        lemma = group.lemma
        if len(s.items) == 1 and isinstance(s.items[0], Causative):
            return self.causative(s)
        including = self._including_subject(s)
        parts = Parts(s.items)
        instead_of = self.rather_than_pay(parts)
        if instead_of is not None and (list(auxes) != ["may"] or lemma is None):
            raise NoValue("'rather than pay' that is not your choice of an alternate cost has "
                          "no value", s.span.start if s.span is not None else None)
        if isinstance(parts.for_each, Clause):
            parts.for_each = self.times_of(parts.for_each)
        if not parts.durations and isinstance(s.subject, NounPhrase):
            parts._durations_only(s.subject)      # "Your next attack this turn gains +2{p}"
        subject = self.subject_target(s.subject)
        if including is not None:
            subject = replace(subject, alternatives=subject.alternatives + (including,))
        span = span_of(s.span, s.subject)
        neg = bool(_CANT & set(auxes)) or ("can" in auxes and bool(_NOT & set(auxes)))
        if not neg and "only" in auxes and {"can", "may"} & set(auxes):
            allowance = self.allowance(s, parts, subject, span)
            if allowance is not None:
                return allowance
        if neg or ("not" in auxes and "may" in auxes):
            eff = self.conditioned(self.restriction(s, parts, subject, span), parts, span)
            hook = self.extra.get("restriction")     # a game's own check of what it left
            # a phrase no value read ("don't ready during their controllers' next ready step")
            # is named: dropped, the restriction would hold for ever
            return hook(self, parts, eff) if hook is not None else self.unread_named(parts, eff)
        if "can" in auxes and lemma is not None:
            return self.permission(s, parts, subject, span)
        if list(auxes) == ["may"] and lemma in _ALLOWED_ACTIONS and subject is not None and \
                subject.who != "player" and subject.ref == "this" and subject.kinds:
            # "This unit may attack the turn it comes into play": what the card is allowed
            # (no player chooses an effect) - a Permission, or unread when more is said than
            # a permission holds
            obj = self.obj(parts) if parts.objects else None
            sub = parts.subordinate
            as_though = ""
            if sub is not None and sub.value[0] == "as though":
                # "This unit may block as though it were not exhausted": how it may (it was
                # dropped - a permission to block as usual)
                as_though = self.r.phrase(sub.span)
            elif sub is not None:
                return self.other(lemma, s, span)
            if len(parts.objects) > 1 or parts.pps or parts.rest or parts.conditions or (
                    obj is not None and (_TIMES | {"time"}) & set(obj.kinds)):
                # ("the turn it comes into play": a time, not what is attacked)
                return self.other(lemma, s, span)
            return M.Permission(verb="may", actions=(lemma,), who=subject, what=obj,
                                as_though=as_though, duration=self.duration(parts), span=span)
        if "may" in auxes and set(auxes) & _BE and lemma is not None and not parts.objects \
                and subject is not None and subject.who != "player" and \
                all(p.prep == "as" for p in parts.pps) and len(parts.pps) <= 1 and \
                self.verb(lemma, s, parts, subject, span) is None:
            # "That unit may be declared as an attacker", "This spell may be played even if
            # ...": what may be done to the subject - a permission, not a choice of effects
            words = self.r.phrase(s.group.span).split()
            action = "be " + (words[-1].lower() if words else lemma)
            if parts.pps:
                action += " as " + self.r.phrase(getattr(parts.pps[0].obj, "span", None))
            return M.Permission(verb="may", actions=(action,), what=subject,
                                duration=self.duration(parts), span=span,
                                condition=parts.conditions[0] if parts.conditions else None)
        if "can" in auxes and set(auxes) & _HAVE and parts.objects:
            return M.Permission(verb="can", actions=("have",), who=subject, what=self.obj(parts),
                                duration=self.duration(parts), span=span)
        if _NOT & set(auxes) and lemma is not None:     # "don't ready": a phrase unread named
            return self.unread_named(parts, self.conditioned(self.negated(s, parts, subject, span),
                                                             parts, span))
        if lemma is None:
            hook = self.extra.get("be/have")         # a game's own "is" / "has" clauses
            eff = hook(self, s, parts, subject, span) if hook is not None else None
            if eff is None:
                eff = self.be_have(s, parts, subject, span)
        else:
            eff = self.verb(lemma, s, parts, subject, span)
        if eff is None or (parts.subordinate is not None and parts.subordinate.value[0] ==
                           "whether" and not isinstance(eff, M.Guess)) or (
                any(isinstance(i, Item) and i.kind == "not infinitive" for i in parts.rest)
                and getattr(eff, "verb", "") != "choose not to"):
            # "choose whether he is Elusive or Untargetable": a "whether" clause only a
            # guess reads (712.8), "choose not to ready ..." only a game's frame; any other
            # frame would drop it
            eff = self.other(lemma or " ".join(auxes), s, span)
        core = list(eff) if isinstance(eff, _Several) else [eff]
        if parts.cap is not None:
            core = [_capped(core, parts.cap, span)]
        if parts.infinitive is not None and "must" in auxes and \
                parts.infinitive.group.lemma in _ALLOWED_ACTIONS:
            # "Opponents must spend 1 additional [[basic]] to play action spells": what playing
            # costs them (a requirement), not a payment followed by a play - no value holds it
            return self.other(lemma or " ".join(auxes), s, span)
        if parts.infinitive is not None and lemma not in _TAKES_INFINITIVE:
            # "spend 1 [[basic]] to deal 1 damage", "choose a target player to discard a card"
            vp = parts.infinitive
            doer = s.subject
            if lemma in ("choose", "select") and parts.objects:
                doer = parts.objects[0]
            core.append(self.effect(Simple(doer, vp.group, list(vp.items), "", vp.span)))
        if parts.subordinate is not None:
            word, clause = parts.subordinate.value
            if word in ("when", "whenever", "after", "before", "next time"):
                # "You pay 3 less the next time you strike with a Melee weapon this turn"
                event = self.event(clause, clause.span)
                trigger = M.Trigger(kind=word, event=event, span=parts.subordinate.span)
                core = [M.DelayedTrigger(verb="delayed trigger", trigger=trigger,
                                         effects=tuple(core), span=span)]
            elif word == "until" and len(core) == 1 and isinstance(core[0], M.Move):
                # "Draw cards until you reach your maximum hand size" (WoW 713.2): the move
                # is repeated until the clause's event holds
                # (a state: "until you have 5 cards in your hand" is the condition "you have
                # 5 cards in your hand", as "if" reads it - its event was "be card")
                cond = self.condition("until", clause, parts.subordinate.span)
                if cond.test == "event":
                    cond = M.Condition(kind="until", test="event",
                                       event=self.event(clause, clause.span))
                core = [replace(core[0], until=replace(
                    cond, text=self.r.phrase(parts.subordinate.span),
                    span=parts.subordinate.span))]
            elif word == "until" and len(core) == 1 and not isinstance(core[0], M.Other) and \
                    "duration" in getattr(core[0], "__dataclass_fields__", ()) and \
                    core[0].duration is None:
                # "Your hero gets +2 ATK until an ally enters play": how long it lasts (it was
                # dropped: the change held for ever)
                core = [replace(core[0], duration=M.Duration(
                    kind="until", until=self.event(clause, clause.span),
                    text=self.r.phrase(parts.subordinate.span), span=parts.subordinate.span))]
            elif word == "as though" and len(core) == 1 and isinstance(core[0], M.Play) and \
                    core[0].as_:
                pass                    # "play this as though it were an instant": Play.as_
            elif word != "whether" and self.r.v.name_unread_posts and \
                    not any(isinstance(e, M.Other) for e in core):
                # any other clause no value read ("until" where the effect has no period of
                # its own, "as though" outside a play): named, never dropped
                core.append(M.Other(verb=word, args=(("text", self.r.phrase(
                    parts.subordinate.span)),), span=parts.subordinate.span))
        if parts.parenthetical is not None and self.r.v.name_unread_posts and \
                not any(isinstance(e, M.Other) for e in core) and \
                not _read_inside(parts.parenthetical.span, core):
            # "Target ally gets +2 ATK (this is not a modifier)": a parenthesis of the clause no
            # frame reads (no value made from inside it: UFS "(minimum 1)" is) - named, never
            # dropped
            core.append(M.Other(verb="(", args=(("text", self.r.phrase(
                parts.parenthetical.span)),), span=parts.parenthetical.span))
        if parts.only is not None and lemma is not None and len(core) == 1 and \
                not isinstance(core[0], (M.Other, M.Restriction, M.Permission)) and \
                lemma not in _ALLOWED_ACTIONS:
            # "take 1 additional main action this turn, but only to take a pass action": the
            # effect happens; how what it gives may be used no value holds - named, never
            # read as an allowance that drops the effect
            core.append(M.Other(verb="only", args=(("text", self.r.phrase(parts.only.span)),),
                                span=parts.only.span))
        elif parts.only is not None and lemma is not None:
            # "Use only on your turn", "Play only if you control a Totem": an allowance
            only = self.only_condition(parts.only)
            what = core[0] if len(core) == 1 and not isinstance(core[0], M.Other) else None
            core = [M.Restriction(verb="only", actions=(lemma,),
                                  what=getattr(what, "what", None) or M.Target(ref="this"),
                                  who=subject, only=only, span=span)]
        at = next((p for p in parts.pps if p.prep == "at" and isinstance(p.obj, NounPhrase)
                   and {"start", "end", "beginning"} & set(self.r.target(p.obj).kinds)), None)
        if at is not None:
            # "Discard this card at the end of this round": when that time comes
            trigger = M.Trigger(kind="at", event=self.time_event(at.obj, at.span), span=at.span)
            core = [M.DelayedTrigger(verb="delayed trigger", trigger=trigger,
                                     effects=tuple(core), span=span)]
        if parts.conditions and parts.conditions[0].kind.startswith("only") and lemma and (
                isinstance(core[0], M.Other) or lemma in ("play", "use", "activate", "attack",
                                                          "block", "protect", "complete")):
            # "Play only if you control a Totem": an allowance, not a conditional effect
            what = core[0] if not isinstance(core[0], M.Other) else None
            core = [M.Restriction(verb="only", actions=(lemma,),
                                  what=getattr(what, "what", None) or M.Target(ref="this"),
                                  who=subject, only=parts.conditions[0], span=span)]
        elif parts.conditions:
            core = [M.Conditional(verb="if", condition=parts.conditions[0], then=tuple(core),
                                  span=span)]
        if instead_of is not None:
            # "You may exhaust one of your Shields rather than pay this card's cost": what may
            # be paid instead of the card's own cost (wow-7.4 403.3), not an effect done as it
            # resolves
            if not (subject is None or subject.ref == "you"):
                raise NoValue("'rather than pay' that is not your choice of an alternate cost "
                              "has no value", span.start if span is not None else None)
            return M.AlternateCost(verb="rather than pay", pay=tuple(core),
                                   instead_of=instead_of, who=self.doer(subject), span=span)
        replaced = next((p for p in parts.pps if p.prep == "instead of"
                         and isinstance(p.obj, VP)), None)
        if replaced is not None and not any(isinstance(v, M.Other) for v in M.walk(core)):
            # "return it to its owner's hand instead of placing it in its owner's discard pile":
            # the action replaced (an event of the gerund's verb phrase) and what is done
            # instead (as "Instead of <doing>, ..." opening a sentence)
            vp = replaced.obj
            event = self.event_of_simple(Simple(None, vp.group, list(vp.items), "", vp.span),
                                         Parts(vp.items), None, vp.span)
            core = [M.Replacement(verb="instead of", event=event, instead=tuple(core),
                                  span=span_of(span, replaced.span))]
        if "may" in auxes:
            chooser = subject if subject is not None and subject.who == "player" else None
            core = [M.Choice(verb="may", chooser=chooser, options=(tuple(core),), optional=True,
                             pick=M.Amount(value=1), span=span)]
        if self.r.v.name_unread_amounts:
            # "commit foundations equal to the damage dealt", "place a wound token on it for
            # each card in your hand": an amount phrase no value of the clause was made from
            # (the frame kept its own count) is named, never dropped
            core.extend(self._unread_amounts(parts, core))
        for p in _unread_phrases(parts, core):
            if p.prep == "during" and len(core) == 1 and isinstance(p.obj, NounPhrase) and \
                    isinstance(core[0], _STATES) and lemma in (None, "have", "get") and \
                    _TIMES & set(self.r.target(p.obj).kinds):
                # "Gora has -2 ATK during each opponent's turn": as "During each opponent's
                # turn, ...", a condition on the turn or phase it is (a state: "lose all
                # abilities during their next turn" is a period, "add ... during the End
                # Phase" an action done later - neither is this)
                ev = replace(self.time_event(p.obj, p.obj.span), verb="during")
                cond = M.Condition(kind="during", test="phase", event=ev,
                                   text=self.r.phrase(p.span), span=p.span)
                core = [M.Conditional(verb="if", condition=cond, then=tuple(core), span=span)]
            elif (p.prep in _MUST_READ or p.prep in self.extra.get("must read", ()) and
                  id(p) not in parts.taken and not self._held_text(p, core)) and \
                    not (p.prep == "as" and self.extra.get("play as") and any(
                        isinstance(e, M.Play) and e.as_ for e in M.walk(core)) and
                        self._held_text(p, core)) and \
                    not self._held_zone(p, core) and not (
                    p.prep == "as" and any(isinstance(e, M.Becomes) or getattr(
                        getattr(e, "arrives", None), "role", "") for e in M.walk(core))):
                # ("counts as a Throw attack": the Becomes holds the "as" in its kinds; "place
                # it ... as an additional resource": the Move's arrival role holds it)
                # "during their next turn", "without paying its cost", "as a Gold": a phrase
                # that changes what the effect does, read by no value - named, never dropped
                core.append(M.Other(verb=p.prep, args=(("text", self.r.phrase(p.span)),),
                                    span=p.span))
        return core[0] if len(core) == 1 else _Several(core)

    def _unread_amounts(self, parts: Parts, core: list) -> list:
        """An Other for the clause's "for each ..." / "equal to ..." phrase when no value of
        ``core`` was made from it (no value's span starts inside it); [] when one was, or
        when the clause is already named."""
        if any(isinstance(e, M.Other) for e in core):
            return []
        spans = None
        out = []
        for word, item in (("for each", parts.for_each), ("equal to", parts.equal)):
            ps = getattr(item, "span", None)
            if item is None or ps is None:
                continue
            if spans is None:
                spans = M.spans_inside(core, [])
            if not any(ps.start <= sp.start < ps.end for sp in spans):
                out.append(M.Other(verb=word, args=(("text", self.r.phrase(ps)),), span=ps))
        return out

    def unread_named(self, parts: Parts, eff: M.Effect, also: tuple = ()) -> M.Effect:
        """``eff`` and an Other for each phrase of its clause that changes what it does (its
        preposition one of ``_MUST_READ`` or ``also``) and that no value of it was made from
        ("cannot be readied during their next Ready Step")."""
        unread = [M.Other(verb=p.prep, args=(("text", self.r.phrase(p.span)),), span=p.span)
                  for p in _unread_phrases(parts, [eff])
                  if (p.prep in _MUST_READ or p.prep in also) and not self._held_zone(p, [eff])]
        sub = parts.subordinate
        if sub is not None and self.r.v.name_unread_posts and not isinstance(eff, M.Other):
            # a subordinate clause no restriction read (it was dropped: the restriction held
            # always, for ever): "cannot be destroyed until this spell leaves play" lasts until
            # that event; "cannot be discarded from your spellboard when you Meditate" lasts
            # while that happens (a "while" duration of the clause's condition); any other is
            # named
            word, clause = sub.value
            text = self.r.phrase(sub.span)
            if word == "until" and isinstance(eff, M.Restriction) and eff.duration is None:
                eff = replace(eff, duration=M.Duration(
                    kind="until", until=self.event(clause, clause.span), text=text,
                    span=sub.span))
            elif word in ("when", "while") and isinstance(eff, M.Restriction) and \
                    eff.duration is None:
                eff = replace(eff, duration=M.Duration(
                    kind="while", condition=self.condition(word, clause, sub.span), text=text,
                    span=sub.span))
            else:
                unread.append(M.Other(verb=word, args=(("text", text),), span=sub.span))
        return _Several([eff] + unread) if unread else eff

    def _held_text(self, p: PP, core: list) -> bool:
        """Whether a value of ``core`` holds the words of ``p``'s object as a string of its own
        ("change 2 dice to a side of your choice": the Dice value's face)."""
        if not isinstance(p.obj, NounPhrase):
            return False
        words = self.r.phrase(p.obj.span)
        return bool(words) and any(
            isinstance(getattr(v, f, None), str) and getattr(v, f) == words
            for v in M.walk(core) for f in getattr(v, "__dataclass_fields__", ())
            if f not in ("verb", "text", "ref"))

    def _held_zone(self, p: PP, core: list) -> bool:
        """Whether ``p`` names a zone (or period) a value of ``core`` holds (zones are often
        made without a span)."""
        obj = p.obj
        if isinstance(obj, M.Duration):
            return any(isinstance(v, M.Duration) for v in M.walk(core))
        z = self.r.zone(obj) if isinstance(obj, NounPhrase) else None
        if z is None:
            return False
        return any(isinstance(v, M.Zone) and v.name == z.name for v in M.walk(core))

    def causative(self, s: Simple) -> M.Effect:
        """"you may have target dagger you control deal 1 damage to them": the agent does the
        inner verb phrase (it is the effect's subject); the clause's own subject chooses it
        ("may"). Any other auxiliary, or a causative verb other than have / make, is an
        Other (named, not read as the inner effect alone)."""
        group, c = s.group, s.items[0]
        span = span_of(s.span, s.subject)
        auxes = list(group.auxes)
        if set(auxes) - {"may"}:
            return self.other("have", s, span)          # "must have ... do": not a value yet
        inner = self.effect(Simple(c.agent, c.vp.group, list(c.vp.items), "", c.vp.span))
        core = list(inner) if isinstance(inner, _Several) else [inner]
        if "may" in auxes:
            subject = self.subject_target(s.subject)
            chooser = subject if subject is not None and subject.who == "player" else None
            # the span reaches the end of what the agent does ("... to another target hero or
            # ally": the coordinated "or ally" is outside the verb phrase's own span)
            span = span_of(span, *(v.span for v in M.walk(core) if getattr(v, "span", None)))
            core = [M.Choice(verb="may", chooser=chooser, options=(tuple(core),), optional=True,
                             pick=M.Amount(value=1), span=span)]
        return core[0] if len(core) == 1 else _Several(core)

    def times_of(self, clause: Clause) -> M.Target:
        """"for each time <clause>": the times the clause's event happened (a ``time`` with
        the event as its condition)."""
        event = self.event(clause, clause.span)
        text = self.r.phrase(clause.span)
        return M.Target(text=text, kinds=("time",), filters=(M.Condition(
            kind="that", test="event", event=event, text=text, span=clause.span),),
            span=clause.span)

    def only_condition(self, item) -> M.Condition:
        value = item.value
        if isinstance(value, M.Condition):
            return value
        if isinstance(value, M.Duration):
            return M.Condition(kind="while", test="is", state=value.kind, text=value.text,
                               span=value.span)
        if isinstance(value, PP):
            z = self.r.zone(value.obj)
            return M.Condition(kind="while", test="is",
                               state=value.prep + " " + self.r.phrase(getattr(value.obj, "span",
                                                                              None)),
                               object=M.Target(zone=z) if z is not None else
                               self.r.target(value.obj), text=self.r.phrase(item.span),
                               span=item.span)
        return M.Condition(kind="while", text=self.r.phrase(item.span), span=item.span)

    def other(self, verb: str, s: Simple, span) -> M.Other:
        return M.Other(verb=verb or "?", args=(("text", self.r.phrase(span)),), span=span)

    def _including_subject(self, s: Simple) -> M.Target | None:
        """"each friendly player may draw a card (including you)": a closing "(including
        <player>)" the grammar hung on the clause's last noun, which names no player, widens
        the subject when that names players. The parenthesis is marked the subject's (kind
        "subject paren": the noun-phrase reader skips it, a second reading finds it again);
        the player it adds is returned (an alternative of the subject), else None."""
        last = s.items[-1] if s.items else None
        if not (isinstance(last, NounPhrase) and last.posts and
                last.posts[-1].kind in ("paren", "subject paren")
                and isinstance(s.subject, NounPhrase)):
            return None
        post = last.posts[-1]
        more = self.r.including(M.Target(who="player"), post.body)
        if more is None:
            return None
        if post.kind == "paren":
            kept = NounPhrase(last.words, last.posts[:-1], last.span)
            if self.r.target(kept).who == "player" or \
                    self.r.target(s.subject).who != "player":
                return None
            post.kind = "subject paren"
        return more

    def subject_target(self, subject) -> M.Target | None:
        if subject is None:
            return None
        if isinstance(subject, list):
            t = self.r.alternatives([self.r.target(x) for x in subject], span_of(subject))
            return replace(t, all_of=True) if isinstance(subject, _Both) and t.alternatives \
                else t
        return self.r.target(subject)

    def doer(self, subject: M.Target | None) -> M.Target:
        """Who performs an imperative: the subject, or the card's controller ("you")."""
        if subject is not None:
            return subject
        return M.Target(text="you", who="player", ref="you", controller="you")

    # -- costs a clause waives or replaces -------------------------------------------------
    def cost_named(self, vp: VP, at: int | None, parts: Parts | None = None
                   ) -> tuple[str, M.Target | None]:
        """The cost "pay <its / this card's> <words> cost" names, as :attr:`M.Play.waived`
        holds it (``cost`` when the game calls it the whole printed cost: its vocabulary's
        ``whole_costs``), and whose it is (None for "its" / "their": the thing acted on).
        A duration or condition the grammar hung on the cost ("without paying its cost this
        turn", "... its cost if your hero dealt combat damage ...") is the clause's: moved to
        ``parts`` (without ``parts`` it has no value). Another shape ("the cost of an ability
        ...", "pay 2") has no value here."""
        items = vp.items
        np = items[0] if items else None
        rest = items[1:]
        if parts is not None and all(isinstance(i, (M.Duration, M.Condition)) for i in rest):
            parts.durations.extend(i for i in rest if isinstance(i, M.Duration))
            parts.conditions.extend(i for i in rest if isinstance(i, M.Condition))
            rest = []
        if isinstance(np, NounPhrase) and parts is not None:
            parts._durations_only(np)
        if vp.group.lemma != "pay" or vp.group.auxes or not isinstance(np, NounPhrase) or rest or \
                any(p.kind != "duration" or parts is None for p in np.posts):
            raise NoValue(f"{self.r.phrase(vp.span)!r}: no value holds this cost", at)
        words = list(np.words)
        owner = None
        cut = max((i for i, w in enumerate(words) if kind_of(w) == "POSS"), default=None)
        if cut is not None:
            owner = self.r.target(NounPhrase(words[:cut], [], span_of(words[:cut])))
            words = words[cut + 1:]
        elif words and kind_of(words[0]) == "DET" and word_of(words[0]) in _POSSESSIVE_DETS:
            words = words[1:]
        else:
            raise NoValue(f"{self.r.phrase(vp.span)!r}: whose cost is not said", at)
        names = [word_of(w) for w in words]
        if not names or names[-1] not in ("cost", "costs") or any(
                kind_of(w) in ("DET", "INT", "XVAR", "NUM_WORD") for w in words):
            raise NoValue(f"{self.r.phrase(vp.span)!r}: no value holds this cost", at)
        name = " ".join(names[:-1] + ["cost"])
        return ("cost" if name in self.r.v.whole_costs else name), owner

    def waived_cost(self, parts: Parts) -> str:
        """"without paying its cost" (a complement of the clause, or where the grammar hung it
        on the object or on the object's zone: "play this unit from your hand without paying
        its main action cost") -> the cost waived (:attr:`M.Play.waived`), "" when none. The
        phrase is taken off the object (it is no quality of the card). Any other "without
        <doing>" has no value here: the sentence is not read."""
        free = next((p for p in parts.pps if p.prep == "for" and isinstance(p.obj, NounPhrase)
                     and not p.obj.posts and [word_of(w) for w in p.obj.words] == ["free"]),
                    None)
        found = [p for p in parts.pps if p.prep == "without"]
        for np in parts.objects:
            found += _take_adverbial(np, "without")
        if free is not None:
            parts.pps.remove(free)              # "play it for free": its whole cost
            if not found:
                return "cost"
        if not found:
            return ""
        at = found[0].span.start if found[0].span is not None else None
        if len(found) > 1 or not isinstance(found[0].obj, VP):
            raise NoValue("'without ...' that is not a cost the play waives has no value", at)
        name, _owner = self.cost_named(found[0].obj, at, parts)
        return name

    def rather_than_pay(self, parts: Parts) -> str | None:
        """"rather than pay this card's cost" / "<this card's name>'s {r} cost" (an alternate
        cost, wow-7.4 403.3): the cost it replaces (named as :attr:`M.Play.waived`), the phrase
        taken off the clause; None when the clause has none. Another card's or action's cost
        ("rather than pay the cost of an ability with cost 7 or less") has no value yet: the
        sentence is not read."""
        found = [p for p in parts.pps if p.prep == "rather than"]
        for np in parts.objects:
            found += _take_adverbial(np, "rather than")
        if not found:
            return None
        pp = found[0]
        if len(found) > 1:
            raise NoValue("two 'rather than ...' phrases have no value",
                          found[1].span.start if found[1].span is not None else None)
        at = pp.span.start if pp.span is not None else None
        if not isinstance(pp.obj, VP):
            raise NoValue("'rather than ...' that is not a cost paid has no value", at)
        name, owner = self.cost_named(pp.obj, at)
        if owner is None or owner.ref != "this" or owner.filters or owner.of is not None:
            raise NoValue("an alternate cost of something other than this card has no value",
                          at)
        if pp in parts.pps:
            parts.pps.remove(pp)
        return name

    # -- complements as values -----------------------------------------------------------
    def obj(self, parts: Parts, i: int = 0) -> M.Target | None:
        if len(parts.objects) > i:
            return self.r.target(parts.objects[i])
        return None

    def duration(self, parts: Parts) -> M.Duration | None:
        return parts.durations[0] if parts.durations else None

    def amount_with_x(self, amount: M.Amount | None, parts: Parts) -> M.Amount | None:
        """Attach "where X is ...", "for each ..." and "equal to ..." to an amount."""
        if parts.where is not None:
            q = self.where_quantity(parts.where)
            if amount is None:
                amount = M.Amount(variable="X")
            amount = replace(amount, defined_as=q)
        if parts.for_each is not None:
            per = self.r.target(parts.for_each)
            if amount is None:
                amount = M.Amount(value=1)
            amount = replace(amount, per=per)
        if parts.equal is not None and (amount is None or amount.value is None):
            q = self.r.quantity(parts.equal.value[1])
            amount = replace(amount or M.Amount(), defined_as=q)
        return amount

    def where_quantity(self, where) -> M.Quantity:
        if isinstance(where, tuple) and len(where) == 2 and where[0] in ("lesser", "greater"):
            # "A or B, whichever is less": each a number or a quantity
            which, nps = where
            choices = []
            for np in nps:
                n = _printed_number(np)
                span = getattr(np, "span", None)
                choices.append(M.Amount(value=n, text=self.r.phrase(span), span=span)
                               if n is not None else
                               M.Amount(defined_as=self.r.quantity(np), span=span))
            span = span_of(*(getattr(np, "span", None) for np in nps))
            return M.Quantity(measure=which, choices=tuple(choices), text=self.r.phrase(span),
                              span=span)
        if isinstance(where, Item) and where.kind == "equal to":
            return self.r.quantity(where.value[1])
        return self.r.quantity(where)

    def zone_to(self, parts: Parts) -> M.Zone | None:
        position = next((_POSITIONS[a] for a in parts.adverbs if a in _POSITIONS), "")
        if position:
            # "put it on the bottom of its owner's deck": the adverb, then "of <zone>"
            of = next((p for p in parts.pps if p.prep == "of"), None)
            z = self.r.zone(of.obj) if of is not None else None
            if z is not None:
                return replace(z, position=position)
        for p in parts.pps:
            if p.prep in _ZONE_PREPS or p.prep.startswith("on the") or p.prep.startswith("to the"):
                z = self.r.zone(p.obj)
                if z is not None:
                    if p.prep in ("on top of", "on the top of", "on the bottom of"):
                        z = replace(z, position=p.prep.split()[-2])
                    return z
        for a in parts.adverbs:
            if a in ("into play", "in play", "into the arena"):
                return M.Zone(name="play")
        return None

    def zone_from(self, parts: Parts, what: M.Target | None = None) -> M.Zone | None:
        for p in parts.pps:
            if p.prep in _FROM_PREPS:
                z = self.r.zone(p.obj)
                if z is not None:
                    return z
        if what is not None and what.zone is not None:
            return what.zone
        for a in parts.adverbs:
            if a in ("from play", "from the arena", "out of play", "from the game"):
                return M.Zone(name="play")
        return None

    def onto(self, parts: Parts, *preps: str) -> M.Target | None:
        p = parts.pp(*preps)
        return self.r.target(p.obj) if p is not None else None

    # ================================================================ verbs
    def verb(self, lemma: str, s: Simple, parts: Parts, subject, span) -> M.Effect | None:
        extra = self.extra.get(lemma)
        if extra is not None:
            found = extra(self, s, parts, subject, span)
            if found is not None:
                return found
        method = getattr(self, "v_" + lemma.replace(" ", "_").replace("-", "_"), None)
        if method is None:
            return None
        return method(s, parts, subject, span)

    def v_deal(self, s, parts, subject, span):
        auxes = set(s.group.auxes)
        passive = bool(auxes & (_BE | {"'s"})) and s.group.form == "past"
        dmg = None
        for o in parts.objects:
            t = self.r.target(o)
            if "damage" in t.kinds:
                dmg = t
                break
            if t.count is not None and t.count.ref and not t.kinds:
                dmg = t                    # "it deals that much +1 instead"
                break
            if t.kinds == ("amount",) and t.of is not None and "damage" in t.of.kinds:
                # "that amount of damage plus 1": that much
                dmg = replace(t.of, count=M.Amount(ref="that much",
                                                   plus=t.of.count.plus if t.of.count else 0))
                for q in t.of.qualities:
                    if q.startswith("plus ") and q[5:].isdigit():
                        dmg = replace(dmg, count=replace(dmg.count, plus=int(q[5:])),
                                      qualities=tuple(x for x in dmg.qualities if x != q))
                break
        if passive:
            # "it's dealt to your hero instead": that damage, to another; "it is dealt that
            # much +1 instead": the subject is the one dealt damage
            to = self.onto(parts, "to")
            if dmg is None and to is not None and parts.instead:
                return M.Damage(verb="deal", amount=M.Amount(ref="that much"), target=to,
                                span=span)
            if dmg is not None and to is None and subject is not None:
                amount = self._changed(dmg.count, parts)
                if amount is None:
                    return None
                dtype = next((q for q in dmg.qualities if q in DAMAGE_TYPES), "")
                return M.Damage(verb="deal", amount=amount, damage_type=dtype, target=subject,
                                span=span)
            return None
        if dmg is None:
            return None
        if dmg.count is None and dmg.controller in _OWN_DAMAGE and subject is not None and \
                not parts.pps and len(parts.objects) == 1 and not dmg.qualities:
            # "it deals its damage (before other units ... deal theirs)": the damage the subject
            # deals by the rules where it is (a unit in battle: its attack value), to whom they
            # say - the card changes when, not how much or to whom
            return M.Damage(verb="deal", amount=M.Amount(ref="its own", text=dmg.text,
                                                         span=dmg.span),
                            source=subject, combat=True, span=span)
        amount = self._changed(dmg.count, parts) if dmg.count is not None and dmg.count.ref \
            else self.amount_with_x(dmg.count, parts)
        if amount is None and parts.instead and not self.onto(parts, "to"):
            amount = M.Amount(ref="that much")     # "it deals frost damage instead"
        dtype = next((q for q in dmg.qualities if q in DAMAGE_TYPES), "")
        target = self.onto(parts, "to")
        if target is None:             # Ashes "inflict 2 damage on a target unit" (now "deal")
            np = next((o for o in parts.objects if isinstance(o, NounPhrase)
                       and "damage" in self.r.target(o).kinds), None)
            on = next((p for p in getattr(np, "posts", ()) if p.word == "on"), None)
            target = self.r.target(on.body) if on is not None else self.onto(parts, "on")
        if dmg.quantifier == "no":     # "that attack deals no damage"
            return M.Prevent(verb="deal no", damage_type=dtype, target=target, source=subject,
                             duration=self.duration(parts), span=span)
        if target is None and len(parts.objects) > 1:
            first = self.r.target(parts.objects[0])
            if "damage" not in first.kinds:
                target = first
        if target is None and not (amount is not None and amount.ref):
            return None
        return M.Damage(verb="deal", amount=amount, damage_type=dtype, target=target,
                        source=subject, divided=_divided(parts), span=span)

    def _changed(self, count: M.Amount | None, parts: Parts) -> M.Amount | None:
        """"that much +1" (a change after the amount), "that much plus 1"."""
        if count is None:
            return None
        for change in parts.changes:
            for text, _icons in change.parts:
                sign, n = signed_amount(text, None)
                if n.value is None:
                    return None
                count = replace(count, plus=count.plus + sign * n.value)
        return count

    def v_prevent(self, s, parts, subject, span):
        t = self.obj(parts)
        if t is not None and t.alternatives:
            t = self._joined_into_relative(t)
        if t is None or t.alternatives:
            # a phrase joined to the damage's phrase that no field of a prevention holds -
            # unread, never dropped
            return None
        if "damage" not in t.kinds and not (t.quantifier == "all" or t.count is not None
                                            or t.ref in ("it", "that")):
            return None
        if t.kinds and "damage" not in t.kinds and not set(t.kinds) <= {"all", "it", "that"}:
            return None         # "prevent that destruction": no damage - not a Prevent
        amount = self.amount_with_x(t.count, parts)
        if t.quantifier == "all":
            amount = None
        dtype = next((q for q in t.qualities if q in DAMAGE_TYPES), "")
        target = source = None
        for f in t.filters:
            ev = f.event
            if ev is None:
                continue
            subject = ev.subject if ev.subject is not None and not _is_it(ev.subject) else None
            if ev.object is not None and not _is_it(ev.object):
                target = ev.object
            elif subject is not None and ev.verb.startswith("be dealt"):
                target = subject        # "the next 2 damage that your hero would be dealt"
            if subject is not None and ev.verb in ("deal", "deal damage"):
                source = subject        # "all damage that target ally would deal (to ...)"
            if ev.by is not None and not _is_it(ev.by):
                # "1 damage dealt to this unit by each attack": what deals it (with "each",
                # the amount is prevented from each such source; it was dropped)
                source = ev.by
        to = self.onto(parts, "to")
        target = to or target
        source = self.onto(parts, "by", "from") or source
        duration = self.duration(parts)
        if duration is None:
            # "the next 2 damage that would be dealt to your hero this turn"
            duration = next((f.event.within for f in t.filters
                             if f.event is not None and f.event.within is not None), None)
        first = "first" in t.qualities
        if first and target is not None and target.kinds[-1:] == ("turn",) and \
                target.text.lower().endswith(" each turn"):
            # "the first 4 damage that would be dealt to your hero each turn": "each turn" is
            # the allowance's period, not part of the character described
            words = target.text[:-len(" each turn")]
            target = replace(target, text=words, kinds=target.kinds[:-1],
                             quantifier="one" if target.quantifier == "each" else
                             target.quantifier,
                             span=M.Span(target.span.start, target.span.start + len(words))
                             if target.span else None)
        return M.Prevent(verb="prevent", amount=amount, damage_type=dtype, target=target,
                         source=source, duration=duration,
                         next="next" in t.qualities, first=first, span=span)

    def _joined_into_relative(self, t: M.Target) -> M.Target:
        """"the next 3 damage that would be dealt to target hero or ally", "all damage that
        would be dealt to this ally by Scourge heroes and allies": the grammar joins the last
        words to the whole phrase (the damage, or an ally); they belong to the last noun phrase
        of its relative clause - the recipient or the source, whichever is printed last."""
        if "damage" not in t.kinds or any("damage" in a.kinds for a in t.alternatives) or \
                len(t.filters) != 1 or t.filters[0].event is None:
            return t
        cond = t.filters[0]
        ev = cond.event
        held = [(f, getattr(ev, f)) for f in ("object", "by", "subject")
                if getattr(ev, f) is not None and getattr(ev, f).span is not None]
        if not held or any(a.span is None for a in t.alternatives):
            return t
        field, last = max(held, key=lambda h: h[1].span.start)
        if last.alternatives or last.span.end > t.alternatives[0].span.start or \
                self.r.phrase(M.Span(last.span.end, t.alternatives[0].span.start)).lower() \
                not in ("or", "and", "and/or", ", or", ", and"):
            return t            # the joined words come later ("where X is A and B")
        joined = self.r.alternatives([last] + list(t.alternatives),
                                     M.Span(last.span.start, t.alternatives[-1].span.end))
        if t.all_of:
            joined = replace(joined, all_of=True)
        ev = replace(ev, **{field: joined})
        return replace(t, alternatives=(), all_of=False,
                       filters=(replace(cond, event=ev),))

    def _move(self, lemma, s, parts, subject, span, *, what=None, to=None, frm=None):
        arrives = ""
        states: list[str] = []
        for np in parts.objects[1:]:
            if np.words and not np.posts and all(base(w.type) == "ADJ" for w in np.words):
                state = " ".join(str(w).lower().replace("-", " ") for w in np.words)
                if state in ("face up", "face down") and not arrives:
                    arrives = state.split()[1]   # "build it face down": the face it lands on
                    continue
                if state in _ARRIVAL_STATES:
                    states.append(state)         # "put it into play exhausted": Move.arrives
                    continue
                # another state the card arrives in has no field of a Move, so the sentence
                # stays unread (named by the engines), never a Move without it
                return None
        role = ""
        for p in parts.pps:
            if not isinstance(p.obj, NounPhrase) or p.obj.posts or not p.obj.words:
                continue
            words = [str(w).lower() for w in p.obj.words]
            if p.prep in _ZONE_PREPS and len(words) > 1 and \
                    base(p.obj.words[-1].type) == "ADJ" and words[-1] in _ARRIVAL_STATES:
                states.append(words[-1])         # "into your resource row ready"
            elif p.prep == "as" and lemma in ("put", "place"):
                # "place it ... as an additional resource": what it arrives as
                phrase = " ".join(words)
                role = phrase.split(" ", 1)[1] if phrase.startswith(("a ", "an ")) else phrase
                from judge.cards.nouns import singular
                role = " ".join(role.split()[:-1] + [singular(role.split()[-1])])
        words = " ".join(states + ([f"as {phrase}"] if role else []))
        arrival = M.Arrival(states=tuple(states), text=words, role=role) \
            if states or role else None
        what = what if what is not None else self.obj(parts)
        default_from, default_to = _MOVES.get(lemma, ("", ""))
        if lemma == "discard":
            default_from = self.r.v.discard_from
            if not default_from and what is not None and not what.ref and \
                    what.kinds[-1:] in (("card",), ("copy",)) and not what.qualities:
                # a game that discards from anywhere (Ashes): a card with nothing to say where
                # it is ("1 card of their choice") is one in its player's hand, as a discard
                # cost's (ashes-raven-1.1 Discard); this card, a unit, a spell, a face down
                # card ... are discarded from where they are - left open
                default_from = "hand"
        frm = frm if frm is not None else self.zone_from(parts, what)
        to = to if to is not None else self.zone_to(parts)
        if to is None and lemma in ("place", "put") and what is not None and (what.ref in (
                "it", "them", "they") or what.ref == "this" and " from " not in f" {what.text} "
                ) and what.zone is not None and frm == what.zone:
            # "re-roll them, and place them in your active pool": a pronoun is not told apart
            # by where it is - the zone after it is where it is placed ("place this card in
            # your hand": this card is one card, the zone is where it goes)
            to, frm = what.zone, None
            what = replace(what, zone=None)
        under = parts.pp("under", "underneath") if to is None and lemma in (
            "place", "put", "move") else None
        if under is not None and isinstance(under.obj, NounPhrase) and \
                self.r.zone(under.obj) is None and not any(
                    str(w).lower() == "control" for w in under.obj.words):
            # "place that ally face down under that unit", "underneath that [[Necromantic
            # Abomination]]": the place under a card (Ashes mounts, 4.2.2), named by the card
            card = self.r.target(under.obj)
            faces = [q for q in card.qualities if q in ("face down", "face-down", "face up",
                                                         "face-up")]
            if faces:       # "under your Phoenixborn face down": how the card placed lies
                card = replace(card, qualities=tuple(q for q in card.qualities
                                                     if q not in faces))
            to = M.Zone(name="under a card", owner_target=card, span=under.span)
        if frm is None and default_from:
            frm = M.Zone(name=default_from)
        if to is None and default_to:
            to = M.Zone(name=default_to)
        if what is None:
            return None
        face = arrives
        quals = list(what.qualities)
        for p in parts.pps:
            if p.prep in _ZONE_PREPS and isinstance(p.obj, NounPhrase):
                # "to your staging area face down": the face the card lands on, read with the
                # zone's phrase
                quals += self.r.target(p.obj).qualities
        for q in quals:
            if q in ("face down", "face-down"):
                face = "down"
            elif q in ("face up", "face-up"):
                face = "up"
        if what.count is not None and (parts.where is not None or parts.for_each is not None):
            # "draw 1 card for each ...": the count with its "for each" (never dropped)
            what = replace(what, count=self.amount_with_x(what.count, parts))
        elif what.count is None and parts.for_each is not None and parts.where is None:
            # "draw a card for each ...": one for each (the "for each" was dropped)
            what = replace(what, count=self.amount_with_x(None, parts))
        who = subject if subject is not None else None
        return M.Move(verb=lemma, what=what, from_zone=frm, to_zone=to, who=who, face=face,
                      random="at random" in parts.adverbs or "random" in what.qualities
                      or "at random" in what.qualities,
                      arrives=arrival, span=span)

    def v_draw(self, s, parts, subject, span):
        what = self.obj(parts) or M.Target(kinds=("card",))
        return self._move("draw", s, parts, self.doer(subject), span, what=what)

    def v_discard(self, s, parts, subject, span):
        return self._move("discard", s, parts, self.doer(subject), span)

    def v_destroy(self, s, parts, subject, span):
        return self._move("destroy", s, parts, subject, span)

    def v_banish(self, s, parts, subject, span):
        return self._move("banish", s, parts, subject, span)

    def v_sacrifice(self, s, parts, subject, span):
        return self._move("sacrifice", s, parts, self.doer(subject), span)

    def v_return(self, s, parts, subject, span):
        return self._move("return", s, parts, subject, span)

    def v_shuffle(self, s, parts, subject, span):
        what = self.obj(parts)
        if what is None and not parts.pps:     # "Then shuffle.": your deck
            return M.Shuffle(verb="shuffle", zone=M.Zone(name="deck", owner="you"),
                             who=self.doer(subject), span=span)
        to = self.zone_to(parts)
        if what is not None and to is None:
            z = self.r.zone(parts.objects[0])
            if z is not None:
                return M.Shuffle(verb="shuffle", zone=z, who=self.doer(subject), span=span)
        return self._move("shuffle", s, parts, self.doer(subject), span)

    def v_put(self, s, parts, subject, span, lemma="put"):
        what = self.obj(parts)
        if what is None:
            return None
        if _COUNTER_WORDS & set(what.kinds + tuple(q.lower() for q in what.qualities)) \
                and "card" not in what.kinds:
            on = self.onto(parts, "on", "onto", "to", "into", "on top of")
            if on is not None and what.of is not None:
                # "1 wound token on a target unit and on each unit next to it" (both receive
                # one) or "... on each copy on that player's spellboard" (where it is): which
                # the second "on" is, no value says - unread, never one of them dropped
                return None
            if on is None and what.of is not None:
                on = what.of              # "1 wound token on a target unit"
            if on is not None and not on.alternatives and on.of is None and not on.ref and \
                    len(on.kinds) == 1 and on.kinds[0] in self.r.v.token_zones and \
                    "counter" not in what.kinds:
                # "Place a Spectral Fire ally token onto your battlefield": a token put into a
                # zone is a token made there, not tokens placed on a card
                return self.create_token(what, parts, subject, span)
            kind = _counter_kind(what)
            if on is not None and on.alternatives and any(
                    _COUNTER_WORDS & set(a.kinds + tuple(q.lower() for q in a.qualities))
                    for a in on.alternatives):
                # "place 1 wound token on a target unit and 1 wound token on a target
                # Phoenixborn": two placements joined by "and" (the second read as another
                # recipient of the first would be a choice between them)
                return self._placements(lemma, what, on, kind, parts, span)
            if on is None:
                if (lemma in ("put", "create") or "token" in what.kinds) and \
                        "counter" not in what.kinds:
                    return self.create_token(what, parts, subject, span)
                on = M.Target(ref="this")     # "add a Demonic counter": to this card
            if what.count is None:
                # "a wound token ... for each ...", "wound tokens ... equal to ...": the number
                # the phrase gives, else one
                count = self.amount_with_x(None, parts) if parts.where is None else None
                count = count or M.Amount(value=1)
            else:
                count = self.amount_with_x(what.count, parts)
            return M.Counters(verb=lemma, action="place", kind=kind.strip(), count=count, on=on,
                              span=span)
        return self._move(lemma, s, parts, subject, span, what=what)

    def _placements(self, lemma, what, on, kind, parts, span):
        """Each "<N> <kind> token(s) on <recipient>" of a list joined by "and" as a placement
        of its own; None when one of them is not such a phrase or the list is an "or"."""
        first = replace(on, alternatives=(), all_of=False, text=on.text.split(" and ")[0])
        if not on.text.startswith(first.text + " and "):
            return None
        if on.span is not None:
            first = replace(first, span=M.Span(on.span.start, on.span.start + len(first.text)))
        out = [M.Counters(verb=lemma, action="place", kind=kind.strip(),
                          count=self.amount_with_x(what.count, parts) if what.count is not None
                          else M.Amount(value=1), on=first, span=span)]
        for alt in on.alternatives:
            quals = tuple(q for q in alt.qualities if q.lower() != "other")
            if alt.of is None or alt.alternatives or not (
                    _COUNTER_WORDS & set(alt.kinds + tuple(q.lower() for q in quals))):
                return None
            alt_kind = _counter_kind(alt)
            out.append(M.Counters(verb=lemma, action="place", kind=alt_kind.strip(),
                                  count=alt.count or M.Amount(value=1), on=alt.of, span=span))
        return _Several(out)

    def v_place(self, s, parts, subject, span):
        return self.v_put(s, parts, subject, span, "place")

    def v_add(self, s, parts, subject, span):
        return self.v_put(s, parts, subject, span, "add")

    def v_move(self, s, parts, subject, span):
        what = self.obj(parts)
        if what is not None and (_COUNTER_WORDS & set(what.kinds) or "damage" in what.kinds):
            return M.Counters(verb="move", action="move", kind=" ".join(what.kinds),
                              count=what.count, on=self.onto(parts, "from"),
                              to=self.onto(parts, "to", "onto"), span=span)
        return self._move("move", s, parts, subject, span)

    def v_remove(self, s, parts, subject, span):
        what = self.obj(parts)
        if what is None:
            return None
        if (_COUNTER_WORDS & set(what.kinds + tuple(q.lower() for q in what.qualities))
                or "damage" in what.kinds) and "card" not in what.kinds:
            kind = _counter_kind(what)
            if "damage" in what.kinds:
                return M.Heal(verb="remove", amount=what.count, target=self.onto(parts, "from"),
                              span=span)
            return M.Counters(verb="remove", action="remove", kind=kind.strip(),
                              count=what.count if what.quantifier != "all" else
                              M.Amount(relation="all"),
                              on=self.onto(parts, "from", "off") or what.of, span=span)
        return self._move("remove", s, parts, subject, span)

    def create_token(self, what: M.Target, parts, subject, span):
        hook = self.extra.get("token")           # a game's own reading of a token's words
        if hook is not None:
            found = hook(self, what, parts, subject, span)
            if found is not None:
                return found
        name = what.name or " ".join(q for q in what.qualities
                                     if q not in ("other", "additional"))
        kinds = tuple(k for k in what.kinds if k != "token")
        if not name and kinds:
            # "a Runechant token": the token's name as printed (a noun of the game)
            printed = [w for w in what.text.split() if w.lower() not in _TOKEN_FILLER
                       and not w[:1].isdigit()]
            name = " ".join(w for w in printed if w[:1].isupper()) or name
        run = _capitalised_run(what.text)
        if name and run and run != name and name in run and not what.alternatives and \
                any(j in run and j not in name for j in (" or ", " and ", ",")):
            # "a Spectral Fire or Water ally token" read as "Spectral": the printed name is
            # more than the name read - unread, never a token of part of its name
            raise NoValue(f"the token's name {run!r} is not the name read ({name!r})",
                          what.span.start if what.span is not None else None)
        choices = alternatives(name)      # "a Frailty, Inertia, or Bloodrot Pox token"
        return M.CreateToken(verb="create", count=what.count or M.Amount(value=1),
                             token=name, kinds=kinds, values=_stat_values(what),
                             controller=subject, zone=self.zone_to(parts) or what.zone,
                             span=span, choices=tuple(choices) if len(choices) > 1 else ())

    def v_create(self, s, parts, subject, span):
        what = self.obj(parts)
        if what is None:
            return None
        return self.create_token(what, parts, subject, span)

    def v_search(self, s, parts, subject, span):
        zone_np = parts.objects[0] if parts.objects else None
        found = self.onto(parts, "for")
        if isinstance(zone_np, list):
            # "Search your deck and/or graveyard for a Form card": every zone named (a zone
            # with no owner of its own is the first one's owner's: "your ... graveyard")
            zones = [self.r.zone(np) for np in zone_np]
            if not zones or any(z is None for z in zones):
                return None
            zones = [z if z.owner or z.owner_target is not None else
                     replace(z, owner=zones[0].owner, owner_target=zones[0].owner_target)
                     for z in zones]
            joiner = ("and/or" if isinstance(zone_np, _AndOr) else
                      "and" if isinstance(zone_np, _Both) else "or")
            return M.Search(verb="search", who=self.doer(subject), zone=None, what=found,
                            zones=tuple(zones), joiner=joiner,
                            span=span_of(span, found, *zones))
        z = self.r.zone(zone_np) if zone_np is not None else None
        if z is None:
            return None
        return M.Search(verb="search", who=self.doer(subject), zone=z, what=found, span=span)

    def v_reveal(self, s, parts, subject, span):
        what = self.obj(parts)
        if what is None:
            return None
        z = self.r.zone(parts.objects[0])
        if z is not None and what.zone is None and not what.count:
            what = replace(what, zone=z)
        return M.Reveal(verb="reveal", what=what, who=self.doer(subject),
                        to=self.onto(parts, "to"), span=span)

    def v_look_at(self, s, parts, subject, span):
        what = self.obj(parts)
        if what is None:
            return None
        return M.Look(verb="look at", what=what, who=self.doer(subject), span=span)

    def v_look(self, s, parts, subject, span):
        at = parts.pp("at")
        if at is None:
            return None
        return M.Look(verb="look at", what=self.r.target(at.obj), who=self.doer(subject),
                      span=span)

    def v_heal(self, s, parts, subject, span):
        what = self.obj(parts)
        target = self.onto(parts, "from", "to")
        amount = None
        if what is not None and ("damage" in what.kinds or what.count is not None):
            amount = self.amount_with_x(what.count, parts)
            if what.quantifier == "all":
                amount = None
            if target is None and what.of is not None:
                target = what.of             # "Heal 4 damage from target hero"
        elif what is not None:
            target = what
        if target is None:
            target = what
        return M.Heal(verb="heal", amount=amount, target=target, source=subject,
                      divided=_divided(parts), span=span)

    def v_restore(self, s, parts, subject, span):
        return self.v_heal(s, parts, subject, span)

    def _state(self, cls, lemma, s, parts, subject, span):
        t = self.obj(parts)
        if t is None:
            return None
        return cls(verb=lemma, target=t, who=subject, span=span)

    def v_exhaust(self, s, parts, subject, span):
        return self._state(M.Exhaust, "exhaust", s, parts, subject, span)

    def v_ready(self, s, parts, subject, span):
        return self._state(M.Ready, "ready", s, parts, subject, span)

    def v_untap(self, s, parts, subject, span):
        return self._state(M.Ready, "untap", s, parts, subject, span)

    def v_flip(self, s, parts, subject, span):
        t = self.obj(parts)
        if t is None:
            return None
        face = "down"
        after = [" ".join(str(w).lower() for w in np.words) for np in parts.objects[1:]
                 if isinstance(np, NounPhrase) and not np.posts]
        if "face up" in parts.adverbs or "face up" in after:
            face = "up"                 # "flip it face up": the face it lands on
        elif "face up" in t.qualities:
            # "flip 1 foundation face up" (after its noun: the face it lands on) - "flip all
            # face up foundations" (before it: which are flipped, and they land face down)
            head = t.kinds[-1] if t.kinds else ""
            text = t.text.lower()
            if not head or text.find("face up") > text.find(head) >= 0:
                face = "up"
        return M.Flip(verb="flip", target=t, face=face, who=subject, span=span)

    def v_turn(self, s, parts, subject, span):
        t = self.obj(parts)
        if t is None:
            return None
        quals = set(parts.adverbs)
        for o in parts.objects:
            quals |= set(self.r.target(o).qualities)
        words = self.r.phrase(span).lower()
        for face in ("face down", "face-down", "face up", "face-up"):
            if face in words:
                quals.add(face)
        if quals & {"face down", "face-down"}:
            return M.Flip(verb="turn", target=t, face="down", span=span)
        if quals & {"face up", "face-up"}:
            return M.Flip(verb="turn", target=t, face="up", span=span)
        if "over" in parts.adverbs:
            return M.Flip(verb="turn", target=t, face="over", span=span)
        if "sideways" in quals:
            return M.Exhaust(verb="turn", target=t, span=span)
        if "upright" in quals:
            return M.Ready(verb="turn", target=t, span=span)
        return None

    def v_tap_icon(self, s, parts, subject, span):
        t = self.obj(parts)
        return M.Exhaust(verb="{t}", target=t or M.Target(ref="this"), span=span)

    def v_flip_over(self, s, parts, subject, span):
        t = self.obj(parts)
        return None if t is None else M.Flip(verb="turn over", target=t, face="over", span=span)

    def v_attach(self, s, parts, subject, span):
        what = self.obj(parts)
        to = self.onto(parts, "to", "onto")
        if what is None and to is not None:
            what = M.Target(ref="this")       # "Attach to target friendly ally"
        if what is None or to is None:
            return None
        return M.Attach(verb="attach", what=what, to=to, span=span)

    def v_cancel(self, s, parts, subject, span, lemma="cancel"):
        what = self.obj(parts)
        if what is None:
            return None
        return M.Cancel(verb=lemma, what=what, span=span)

    def v_negate(self, s, parts, subject, span):
        return self.v_cancel(s, parts, subject, span, "negate")

    def v_interrupt(self, s, parts, subject, span):
        return self.v_cancel(s, parts, subject, span, "interrupt")

    def v_hit(self, s, parts, subject, span):
        """"the dagger has hit" (a perfect, nothing else): the hit counts as having happened."""
        if not set(s.group.auxes) & _HAVE or set(s.group.auxes) - _HAVE or subject is None \
                or s.items:
            return None
        return M.Happens(verb="hit", event=M.Event(verb="hit", subject=subject, span=span),
                         span=span)

    def v_change(self, s, parts, subject, span):
        """"Change this attack's speed to 6", "... to its printed damage": the value set (a
        number or a quantity). Without "to" (the player picks the value) it is not read; a
        kind of quality of an object ("change this attack's zone to high", "change the zone of
        the next attack": the quality printed, or one the player chooses) is what the object
        becomes."""
        to = parts.pp("to")
        quality = self._changed_quality(parts, subject, span)
        if quality is not None:
            return quality
        retarget = self._changed_target(parts, subject, span)
        if retarget is not None:
            return retarget
        if len(parts.objects) != 1 or to is None or len(parts.pps) != 1 or parts.changes or \
                parts.for_each is not None or parts.where is not None:
            return None
        q = self.r.quantity(parts.objects[0])
        if not q.measure or q.measure in ("count", "value"):
            return None
        amount = self.r.number_phrase(to.obj)
        if amount is None:
            known = self.r.quantity(to.obj)
            if not known.measure or known.measure in ("count", "value"):
                return None
            amount = M.Amount(defined_as=known, span=to.span)
        return M.SetValue(verb="change", stat=q.measure, amount=amount, target=q.of,
                          duration=self.duration(parts), span=span)

    def v_set(self, s, parts, subject, span):
        """"Set this attack's speed to 5": as "change ... to" (a value set)."""
        eff = self.v_change(s, parts, subject, span)
        return replace(eff, verb="set") if isinstance(eff, (M.SetValue, M.Becomes)) else None

    def v_switch(self, s, parts, subject, span):
        """"Switch this unit's printed attack and life values", "swap the attack and life
        values of a target unit": two values of one holder exchanged (Switch, ``printed``
        when the printed values are)."""
        if len(parts.objects) != 1 or not isinstance(parts.objects[0], list) or parts.pps \
                or parts.changes:
            return None
        ts = [self.r.target(x) for x in parts.objects[0]]
        # "attack and life values": the noun "values" the two share is no stat of its own
        kinds = [tuple(k for k in t.kinds if k != "value") for t in ts]
        if len(ts) != 2 or any(len(k) != 1 for k in kinds) or \
                any(t.count is not None or t.filters for t in ts):
            return None
        holders = [t.of for t in ts if t.of is not None]
        if len(holders) != 1:
            return None
        stats = tuple(self.r.v.stats.get(k, k).removesuffix(" value") for (k,) in kinds)
        if len(set(stats)) != 2:
            return None
        quals = {q for t in ts for q in t.qualities}
        if quals - {"printed"}:
            return None
        span = span_of(span, getattr(parts.objects[0][-1], "span", None))
        return M.Switch(verb=s.group.lemma or "switch", stats=stats, first=holders[0],
                        printed="printed" in quals, duration=self.duration(parts), span=span)

    v_swap = v_switch

    def _changed_target(self, parts: Parts, subject, span) -> M.ChangeTarget | None:
        """"change its target to its controller's hero", "change the target of an ability
        card with a single target" (WoW 706.2): the link whose target changes ("its": the
        thing named before; "of ...": a description) and the new target when the text names
        it. ("target" is a determiner to the noun reader, so the phrase is read here.)"""
        if len(parts.objects) != 1 or parts.changes or parts.durations or \
                parts.for_each is not None or parts.where is not None:
            return None
        np = parts.objects[0]
        if not isinstance(np, NounPhrase) or len(np.words) != 2 or \
                word_of(np.words[-1]).lower() != "target":
            return None
        det = word_of(np.words[0]).lower()
        posts = list(np.posts or ())
        to = parts.pp("to")
        if len(parts.pps) > (1 if to is not None else 0):
            return None
        if det == "its" and not posts:
            link = M.Target(text=self.r.phrase(span_of(np.words[0])), ref="it",
                            span=span_of(np.words[0]))
        elif det == "the" and len(posts) == 1 and posts[0].kind == "of" and \
                isinstance(posts[0].body, NounPhrase):
            link = self.r.target(posts[0].body)
        else:
            return None
        return M.ChangeTarget(verb="change", link=link,
                              to=self.r.target(to.obj) if to is not None else None,
                              who=self.doer(subject), span=span)

    def _changed_quality(self, parts: Parts, subject, span) -> M.Effect | None:
        what = self.obj(parts)
        if what is not None and what.of is None and what.controller == "it" and \
                what.quantifier == "one" and not what.qualities and not what.filters:
            # "change its zone to mid": the zone of "it" (the possessive read as its controller)
            what = replace(what, controller="", of=M.Target(ref="it", text="it"))
        if what is None or len(parts.objects) != 1 or what.of is None or what.count is not None \
                or not what.kinds or what.kinds[-1] not in _CHOSEN_KINDS or parts.changes:
            return None
        kind = what.kinds[-1]
        to = parts.pp("to")
        if to is None and not parts.pps:
            # the player picks it: a choice of that kind, then the object becomes the choice
            pick = M.Choose(verb="choose", what=M.Target(kinds=(kind,)), who=self.doer(subject),
                            kind=kind, span=span)
            return _Several([pick, M.Becomes(verb="change", what=what.of, chosen=kind,
                                             duration=self.duration(parts), span=span)])
        if to is None or len(parts.pps) != 1:
            return None
        value = self.r.target(to.obj)
        if value.all_of:
            return None         # "to high and low": no one value it becomes - unread
        values = (replace(value, alternatives=()),) + value.alternatives
        if any(not v.qualities or v.kinds or v.count is not None or v.of is not None
               or v.alternatives for v in values):
            return None
        options = tuple((M.Becomes(verb="change", what=what.of, qualities=v.qualities,
                                   duration=self.duration(parts), span=span),) for v in values)
        if len(options) == 1:
            return options[0][0]
        # "change this attack's zone to high or low": the player picks one of the printed ones
        return M.Choice(verb="choose", chooser=self.doer(subject), pick=M.Amount(value=1),
                        options=options, span=span)

    def v_choose(self, s, parts, subject, span, lemma="choose"):
        what = self.obj(parts)
        if what is None:
            return None
        kind = ""
        if what.kinds and what.kinds[-1] in ("name", "number", "type", "keyword", "mode",
                                             "zone", "side", "class", "trait"):
            kind = what.kinds[-1]
        eff = M.Choose(verb=lemma, what=what, who=self.doer(subject), kind=kind, span=span)
        if parts.infinitive is not None:
            return eff
        return eff

    def v_select(self, s, parts, subject, span):
        return self.v_choose(s, parts, subject, span, "select")

    def v_name(self, s, parts, subject, span):
        what = self.obj(parts)
        if what is None:
            return None
        return M.Choose(verb="name", what=what, who=self.doer(subject), kind="name", span=span)

    def v_gain(self, s, parts, subject, span):
        target = subject or self.doer(None)
        if parts.changes:
            change = self.changes(parts, target, span, verb="gain")
            if change is not None and parts.objects:
                # "gains +1{p}, **go again**": the keywords too (anything else: not read)
                kws = [self.keyword_of(o) for o in parts.objects]
                if any(k is None for k in kws):
                    return None
                change = _Several((list(change) if isinstance(change, _Several) else [change])
                                  + [M.Gain(verb="gain", resource="keyword", keyword=k,
                                            target=target, duration=self.duration(parts),
                                            span=span) for k in kws])
            if parts.quoted is not None and change is not None:
                # "gains +3{p} and "When this hits, ..."": both
                grant = self.grant(parts, target, span, "gain")
                if grant is None:
                    return None
                return _Several((list(change) if isinstance(change, _Several) else [change])
                                + [grant])
            return change
        what = self.obj(parts)
        if what is None:
            if parts.quoted is not None:
                return self.grant(parts, target, span, "gain")
            return None
        if what.kinds and what.kinds[-1] == "control":
            of = parts.pp("of") or next((p for p in (getattr(parts.objects[0], "posts", ())
                                                      ) if p.kind == "of"), None)
            if of is not None:
                return M.GainControl(verb="gain control", what=self.r.target(of.body if
                                     isinstance(of, Post) else of.obj), who=target,
                                     duration=self.duration(parts), span=span)
        if "following" in what.qualities:
            return M.Gain(verb="gain", resource="following ability", target=target,
                          duration=self.duration(parts), span=span)
        gains = self.keyword_gains("gain", parts, target, span)
        if gains is not None:
            return gains
        resource = what.kinds[-1] if what.kinds else ""
        if not resource:
            return None
        if what.name and what.count is None:
            # "gains the Air resource symbol": the thing gained is named - held in ``what``
            # (it was one "symbol" with the name dropped)
            return M.Gain(verb="gain", resource=" ".join(what.kinds), what=what, target=target,
                          duration=self.duration(parts), span=span)
        amount = self.amount_with_x(what.count, parts) or M.Amount(value=1)
        if resource in ("power", "defense") and what.count is not None and subject is not None:
            # "it gains double that much {p}": a value of an object changed
            return M.ModifyValue(verb="gain", stat=resource, amount=amount, target=target,
                                 duration=self.duration(parts), span=span)
        return M.Gain(verb="gain", resource=resource, amount=amount, target=target,
                      duration=self.duration(parts), span=span)

    def v_lose(self, s, parts, subject, span):
        target = subject or self.doer(None)
        if parts.changes:
            return self.changes(parts, target, span, verb="lose", sign=-1)
        what = self.obj(parts)
        if what is None:
            return None
        kw = self.keyword_of(parts.objects[0])
        if kw is not None:
            return M.Lose(verb="lose", resource="keyword", keyword=kw, target=target,
                          duration=self.duration(parts), span=span)
        if what.kinds and what.kinds[-1] in ("ability", "keyword", "abilities"):
            return M.Lose(verb="lose", resource="abilities", what=what, target=target,
                          duration=self.duration(parts), span=span)
        resource = what.kinds[-1] if what.kinds else ""
        if not resource:
            return None
        return M.Lose(verb="lose", resource=resource,
                      amount=self.amount_with_x(what.count, parts) or M.Amount(value=1),
                      target=target, duration=self.duration(parts), span=span)

    def v_get(self, s, parts, subject, span):
        target = subject
        cap = _up_to_cap(s.items)
        if cap is not None:
            # "+1 speed for each card in your hand, up to +3": the most the change gives (it
            # was read as a second change of +3)
            maximum, np, ch = cap
            parts.objects.remove(np)
            parts.changes.remove(ch)
            eff = self.changes(parts, target, span, verb="get") if parts.changes else None
            if not isinstance(eff, M.ModifyValue) or eff.amount is None or \
                    (eff.amount.per is None and not eff.amount.variable):
                return None                     # a cap of a number that does not vary
            return replace(eff, amount=replace(eff.amount, maximum=maximum))
        if target is None and parts.objects:
            target = self.obj(parts)
        if parts.changes:
            return self.changes(parts, target, span, verb="get")
        if parts.quoted is not None:
            return self.grant(parts, target, span, "get")
        if parts.objects:
            kw = self.keyword_of(parts.objects[-1])
            if kw is not None:
                return M.Gain(verb="get", resource="keyword", keyword=kw, target=target,
                              duration=self.duration(parts), span=span)
        return None

    def v_give(self, s, parts, subject, span):
        target = self.obj(parts)
        if target is None:
            return None
        if parts.changes:
            return self.changes(parts, target, span, verb="give")
        if parts.quoted is not None:
            return self.grant(parts, target, span, "give")
        if len(parts.objects) > 1:
            kw = self.keyword_of(parts.objects[1])
            if kw is not None:
                return M.Gain(verb="give", resource="keyword", keyword=kw, target=target,
                              duration=self.duration(parts), span=span)
        return None

    def v_receive(self, s, parts, subject, span):
        if parts.changes:
            return self.changes(parts, subject, span, verb="receive")
        return None

    def grant(self, parts, target, span, verb):
        abilities = self.ability_reader(parts.quoted) if self.ability_reader else ()
        if not abilities:
            return None
        return M.Gain(verb=verb, resource="ability", abilities=tuple(abilities), target=target,
                      duration=self.duration(parts), span=span)

    def changes(self, parts: Parts, target, span, *, verb: str, sign: int = 1) -> M.Effect | None:
        effects = []
        duration = self.duration(parts)
        to = parts.pp("to")
        for ch in parts.changes:
            alternatives = []
            named = [self.stat_name(stats) for _, stats in ch.parts]
            if to is not None and not any(named):
                # "gets +2 to its Stun rating", "gets -2 to their block modifier": the value
                # the change is made to (it was read as a change of the subject's kind)
                stat, target = self._changed_value(to, target)
                if not stat:
                    return None
                named = [stat] * len(named)
            elif ch.joiner != "or" and not any(named) and \
                    len(named) == len(self.r.v.slash_stats):
                named = list(self.r.v.slash_stats)          # WoW "+1 / +1": ATK / health
            for i, (text, stats) in enumerate(ch.parts):
                sgn, amount = signed_amount(text, ch.span)
                stat = named[i] or next((x for x in named[i + 1:] if x), "") or \
                    next((x for x in reversed(named[:i]) if x), "")
                if not stat and target is not None and target.kinds:
                    stat = target.kinds[-1]      # "their check to block gets -3"
                if not stat:
                    return None
                equal = parts.equal_of.get(id(ch))
                if text in ("+", "-"):
                    # "+ATK equal to Barim's ATK": the number is that quantity; a bare sign
                    # with no "equal to" of its own has no number
                    if equal is None or not self._plain_quantity(equal.value[1]):
                        return None
                    amount = replace(amount, variable="",
                                     defined_as=self.r.quantity(equal.value[1]))
                else:
                    amount = self.amount_with_x(amount, parts)
                alternatives.append(M.ModifyValue(verb=verb, stat=stat, amount=amount,
                                                  sign=sgn * sign, target=target,
                                                  duration=duration, span=span))
            # "+2 speed or +2 damage": a choice; "+2/+2": both
            if ch.joiner == "or" and len(alternatives) > 1:
                effects.append(M.Choice(verb="choose", pick=M.Amount(value=1),
                                        options=tuple((a,) for a in alternatives), span=span))
            else:
                effects.extend(alternatives)
        if not effects:
            return None
        if len(effects) == 1:
            return effects[0]
        return _Several(effects)

    def _plain_quantity(self, np) -> bool:
        """"Barim's ATK", "the cost of that revealed card": a stat of one card, which a
        Quantity holds; not "the highest ATK among ...", "the combined ATK of ..." (the
        quantity reader keeps no such word: read, they would be dropped)."""
        return isinstance(np, NounPhrase) and not self.r.target(np).qualities

    def _changed_value(self, to: PP, target):
        """The stat named by "to <value>" and whose it is: ("", target) when it names none."""
        t = self.r.target(to.obj)
        if not t.kinds or t.count is not None or t.filters or t.zone is not None or \
                t.alternatives or t.quantifier != "one":
            return "", target
        kind = t.kinds[-1]
        if kind == "check":
            return "check", t                   # "gets -1 to their next check": that check
        words = [w.lower() for w in t.qualities + ((t.name,) if t.name else ()) + t.kinds[:-1]]
        if kind == "rating" and len(words) <= 1:
            stat = " ".join(words + ["rating"])     # "its Stun rating", "its EX rating"
        elif kind in self.r.v.stats.values() and len(t.kinds) == 1 and not t.qualities and \
                not kind.endswith(" zone"):                  # a zone is no number
            stat = kind
        else:
            return "", target
        if t.of is not None:
            return stat, t.of
        if t.controller in ("it", "they", "") and not t.ref and target is not None:
            return stat, target                 # "its" / "their": the subject's
        return "", target

    def stat_name(self, stats: list) -> str:
        words = []
        for tok in stats:
            k = kind_of(tok)
            if k == "ICON":
                meaning = self.r.v.icons.get(str(tok).lower())
                if meaning:
                    return meaning
                continue
            words.append(word_of(tok))
        text = " ".join(words)
        return self.r.v.stats.get(text, text)

    def keyword_gains(self, verb, parts: Parts, target, span) -> M.Effect | None:
        """"has Ferocity and Assault 2", "gains Assault 1 for each other ally you control": a
        Gain per keyword (its number with what "for each" / "where X is" say), or None when
        an object is not a keyword."""
        nps = [np for o in parts.objects for np in (o if isinstance(o, list) else [o])]
        kws = [self.keyword_of(np) for np in nps]
        if not kws or any(k is None for k in kws):
            return None
        if kws[-1].value is not None and (parts.for_each is not None or parts.where is not None):
            kws[-1] = replace(kws[-1], value=self.amount_with_x(kws[-1].value, parts))
        gains = [M.Gain(verb=verb, resource="keyword", keyword=k, target=target,
                        duration=self.duration(parts), span=span) for k in kws]
        return gains[0] if len(gains) == 1 else _Several(gains)

    def keyword_of(self, np) -> M.Keyword | None:
        if self.keyword is None or not isinstance(np, NounPhrase):
            return None
        return self.keyword(np)

    def v_pay(self, s, parts, subject, span):
        what = self.obj(parts)
        if what is None:
            return None
        change = {"less": -1, "more": 1}
        sign = next((change[q] for q in what.qualities if q in change), 0)
        purpose = next((p for p in parts.pps if p.prep == "to" and isinstance(p.obj, VP)), None)
        if sign and parts.infinitive is None and purpose is not None:
            # "You pay 1 less to play cards this turn": the purpose read as a preposition
            parts.infinitive = purpose.obj
            parts.pps.remove(purpose)
        if sign and parts.infinitive is not None:
            # "You pay 2 less to play this item", "Opponents pay 3 more to strike with weapons"
            minimum = self._minimum(parts.pps[-1]) if len(parts.pps) == 1 and sign < 0 else None
            if parts.pps and minimum is None:
                return None         # another preposition: no value holds it yet
            inner = parts.infinitive
            parts.infinitive = None
            target_parts = Parts(inner.items)
            for o in target_parts.objects:
                target_parts._durations_only(o)         # "to play cards this turn"
            target = self.obj(target_parts) or self.onto(target_parts, "with")
            if target is not None and subject is not None and not target.ref and \
                    not target.controller:
                # "You pay 1 less to play allies": the allies the payer plays
                payer = _relation(subject)
                if not payer:
                    return None         # "You and friendly players pay ...": not held
                target = replace(target, controller=payer)
            action = inner.group.lemma or ""
            return M.ModifyValue(verb="pay " + ("less" if sign < 0 else "more"),
                                 stat="cost" if action == "play" else f"{action} cost",
                                 amount=self.amount_with_x(what.count, parts), sign=sign,
                                 target=target,
                                 duration=self.duration(parts) or self.duration(target_parts),
                                 minimum=minimum, span=span)
        if sign and parts.subordinate is not None and parts.subordinate.value[0] == "next time":
            # "You pay 3 less the next time you strike with a Melee weapon this turn": that
            # action's cost, changed when it happens (the subordinate makes the delayed trigger)
            clause = parts.subordinate.value[1]
            target_parts = Parts(clause.vp.items)
            target = self.obj(target_parts) or self.onto(target_parts, "with")
            action = clause.vp.group.lemma or ""
            return M.ModifyValue(verb="pay " + ("less" if sign < 0 else "more"),
                                 stat="cost" if action == "play" else f"{action} cost",
                                 amount=self.amount_with_x(what.count, parts), sign=sign,
                                 target=target, span=span)
        if sign:
            return None         # "pay 2 less" with nothing it applies to: not a payment
        cost = M.Cost(kind="resource", amount=what.count,
                      detail=" ".join(what.kinds + what.qualities), span=what.span)
        return M.Pay(verb="pay", costs=(cost,), who=self.doer(subject), span=span)

    def _minimum(self, pp: PP) -> M.Amount | None:
        """", to a minimum of 1": the number (a "to" phrase whose noun is "minimum" and whose
        "of" names a number), else None."""
        np = pp.obj
        if pp.prep != "to" or not isinstance(np, NounPhrase) or len(np.posts) != 1:
            return None
        if [word_of(w) for w in np.words if kind_of(w) != "DET"] != ["minimum"]:
            return None
        post = np.posts[0]
        body = post.body
        if post.kind != "of" or not isinstance(body, NounPhrase) or len(body.words) != 1 \
                or body.posts:
            return None
        n = number(body.words[0])
        if not isinstance(n, int):
            return None
        return M.Amount(value=n, text=str(body.words[0]), span=span_of(body.words[0]))

    def v_spend(self, s, parts, subject, span):
        return self.v_pay(s, parts, subject, span)

    def v_roll(self, s, parts, subject, span):
        what = self.obj(parts)
        return M.Dice(verb="roll", action="roll", count=what.count if what else None,
                      kind=" ".join(what.qualities) if what else "", who=self.doer(subject),
                      span=span)

    def v_reroll(self, s, parts, subject, span):
        what = self.obj(parts)
        return M.Dice(verb="re-roll", action="re-roll", count=what.count if what else None,
                      kind=" ".join(what.qualities) if what else "", target=what,
                      who=self.doer(subject), span=span)

    def v_play(self, s, parts, subject, span):
        waived = self.waived_cost(parts)
        what = self.obj(parts)
        if what is None:
            return None
        if not waived and "free" in what.qualities:
            waived = "cost"
        free = waived == "cost"
        as_ = ""
        p = parts.pp("as")
        if p is not None:
            as_ = self.r.phrase(p.obj.span if hasattr(p.obj, "span") else None)
        elif parts.subordinate is not None and parts.subordinate.value[0] == "as though":
            # "play this as though it were an instant" (FaB 15.4.1): the type it is played as
            # (not "as though they had Ferocity": what it would have, no type)
            vp = getattr(parts.subordinate.value[1], "vp", None)
            items = getattr(vp, "items", [])
            be = vp is not None and vp.group.lemma is None and \
                {a.lower() for a in vp.group.auxes} & {"were", "was", "is", "are", "be"}
            if be and len(items) == 1 and isinstance(items[0], NounPhrase):
                as_ = " ".join(word_of(w) for w in items[0].words if kind_of(w) != "DET")
        return M.Play(verb="play", what=what, who=self.doer(subject),
                      from_zone=self.zone_from(parts, what), free=free, as_=as_,
                      waived=waived, duration=self.duration(parts), span=span)

    def v_activate(self, s, parts, subject, span):
        waived = self.waived_cost(parts)
        what = self.obj(parts)
        if what is None:
            return None
        return M.Play(verb="activate", what=what, who=self.doer(subject),
                      free=waived == "cost", waived=waived, span=span)

    def v_use(self, s, parts, subject, span):
        waived = self.waived_cost(parts)
        what = self.obj(parts)
        if what is None:
            return None
        return M.Play(verb="use", what=what, who=self.doer(subject),
                      free=waived == "cost", waived=waived, span=span)

    def v_attack(self, s, parts, subject, span):
        target = self.obj(parts) or self.onto(parts, "with")
        return M.Attack(verb="attack", attacker=subject, target=target, span=span)

    def v_take(self, s, parts, subject, span):
        what = self.obj(parts)
        if what is None:
            return None
        if what.kinds and what.kinds[-1] == "control":
            of = parts.pp("of")
            if of is None:
                of = next((p for p in getattr(parts.objects[0], "posts", ()) if p.kind == "of"),
                          None)
                body = of.body if of is not None else None
            else:
                body = of.obj
            if body is not None:
                return M.GainControl(verb="take control", what=self.r.target(body),
                                     who=self.doer(subject), duration=self.duration(parts),
                                     span=span)
        if "damage" in what.kinds:
            return None
        resource = what.kinds[-1] if what.kinds else ""
        if resource in ("action", "turn", "step", "phase"):
            return M.Gain(verb="take", resource=" ".join(what.qualities + (resource,)),
                          amount=what.count or M.Amount(value=1), target=self.doer(subject),
                          duration=self.duration(parts), span=span)
        return None

    def v_reduce(self, s, parts, subject, span):
        if parts.pp("by") is None and len(parts.objects) == 1 and \
                not set(s.group.auxes) & _BE and isinstance(parts.objects[0], NounPhrase):
            # "reduce all damage dealt to this unit by 1", "the damage your Phoenixborn
            # receives from this spell by 1": the "by" the relative clause took is the verb's
            by = _trailing_by(parts.objects[0])
            if by is not None:
                parts.pps.append(by)
        what = self.obj(parts)
        by = parts.pp("by")
        to = parts.pp("to")
        if set(s.group.auxes) & _BE and by is not None and s.subject is not None:
            return self.passive_change("reduce", -1, s.subject, by, parts, span)
        if what is None:
            return None
        q = self.r.quantity(parts.objects[0])
        if by is not None and what.kinds[-1:] == ("damage",) and not parts.changes:
            prevent = self._reduce_damage(s, parts, what, by, subject, span)
            if prevent is not None or q.of is None or q.of.kinds[-1:] != ("attack",):
                return prevent
            # "reduce the damage of this attack by 2": the attack's damage value (UFS), not
            # a prevention of damage dealt
        stat = q.measure
        target = q.of
        if stat == "count" and target is not None and target.kinds[-1:] == ("check",):
            stat = "check"                          # "reduce your rival's next check by 2"
        elif stat == "count" and what.kinds[-1:] == ("rating",):
            # "reduce 1 of its keyword ratings to 0": the ratings chosen are the value
            stat, target = " ".join(what.kinds), replace(what, text="")
        elif stat == "count":
            return None                             # a count is no value to reduce
        if by is not None:
            amount = self.r.target(by.obj).count
            return M.ModifyValue(verb="reduce", stat=stat, amount=amount, sign=-1, target=target,
                                 duration=self.duration(parts), span=span)
        if to is not None:
            return M.SetValue(verb="reduce", stat=stat, amount=self.r.target(to.obj).count,
                              target=target, duration=self.duration(parts), span=span)
        return None

    def _reduce_damage(self, s, parts, what: M.Target, by: PP, subject, span):
        """"Reduce all damage dealt to this unit by 1": that much of the damage the object
        describes is not dealt (a Prevent of ``by``'s amount; ``verb`` keeps "reduce")."""
        amount = self.r.target(by.obj).count
        if amount is None or amount.value is None or len(parts.pps) != 1:
            return None
        inner = Parts([i for i in s.items if i is not by and not (isinstance(i, PP) and
                                                                  i.prep == "by")])
        prevent = self.v_prevent(s, inner, subject, span)
        if not isinstance(prevent, M.Prevent):
            return None
        target, source = prevent.target, prevent.source
        np = parts.objects[0]
        froms = [i for i in _post_items(np) if isinstance(i, PP) and i.prep == "from"]
        for f in what.filters:
            ev = f.event
            if ev is None:
                continue
            rest = [r for r in ev.rest if not r.lower().startswith("from ")]
            if rest or len(ev.rest) > len(froms) or len(froms) > 1:
                return None            # words of the damage no value would hold
            if froms and source is None:
                source = self.r.target(froms[0].obj)  # "... receives from this spell"
            if ev.verb.startswith("receive") and ev.subject is not None and \
                    not _is_it(ev.subject):
                target = target or ev.subject       # "the damage your Phoenixborn receives"
        if target is None and not (what.ref == "that" and not what.filters and not what.of):
            return None         # ("reduce that damage by 2": the damage just named, as
        #                         "prevent 2 of that damage")
        return replace(prevent, verb="reduce", amount=amount, target=target, source=source)

    def v_increase(self, s, parts, subject, span):
        what = self.obj(parts)
        by = parts.pp("by")
        if set(s.group.auxes) & _BE and by is not None and s.subject is not None:
            # "the recover value of all other units you control is increased by 1"
            return self.passive_change("increase", 1, s.subject, by, parts, span)
        if what is None or by is None:
            return None
        q = self.r.quantity(parts.objects[0])
        return M.ModifyValue(verb="increase", stat=q.measure, amount=self.r.target(by.obj).count,
                             target=q.of, duration=self.duration(parts), span=span)

    def passive_change(self, verb: str, sign: int, subject, by: PP, parts: Parts, span):
        """"<value> is increased / reduced by N": one change per value named. In a list ("the
        attack value, life value, and recover value of this unit") the values with no "of"
        of their own share the last one's ("of this unit"); a value that names no stat, or
        names no owner when none is shared, makes the clause unread (None), never a change of
        the wrong thing."""
        nps = list(subject) if isinstance(subject, list) else [subject]
        quantities = [self.r.quantity(np) for np in nps]
        owns = [isinstance(np, NounPhrase) and self.r.target(np).of is not None for np in nps]
        shared = next((q.of for q, own in zip(reversed(quantities), reversed(owns)) if own), None)
        amount = self.r.target(by.obj).count
        changes = []
        for q, own in zip(quantities, owns):
            target = q.of
            if len(nps) > 1 and not own:
                if shared is None:
                    return None
                target = shared
            if q.measure in ("count", "value"):
                return None
            changes.append(M.ModifyValue(verb=verb, stat=q.measure, amount=amount, sign=sign,
                                         target=target, duration=self.duration(parts),
                                         span=span))
        return changes[0] if len(changes) == 1 else _Several(changes)

    def v_double(self, s, parts, subject, span):
        what = self.obj(parts)
        if what is None:
            return None
        np = parts.objects[0]
        q = self.r.quantity(np)
        # "double the base power of ...", "double the attack's base {p}" (FaB 25.2)
        base = isinstance(np, NounPhrase) and "base" in (word_of(w) for w in np.words)
        return M.ModifyValue(verb="double", stat=q.measure, amount=M.Amount(value=2),
                             op="multiply", target=q.of, duration=self.duration(parts),
                             span=span, base=base)

    def v_skip(self, s, parts, subject, span):
        what = self.obj(parts)
        if what is None:
            return None
        return M.Skip(verb="skip", what=" ".join(what.qualities + what.kinds),
                      who=self.doer(subject), span=span)

    def v_end(self, s, parts, subject, span):
        what = self.obj(parts)
        if what is None:
            if parts.durations:      # "End this Enhance Step"
                return M.Skip(verb="end", what=parts.durations[0].kind.replace("this ", ""),
                              span=span)
            return None
        return M.Skip(verb="end", what=" ".join(what.qualities + what.kinds), span=span)

    def v_win(self, s, parts, subject, span):
        return M.EndGame(verb="win", result="win", who=self.doer(subject), span=span)

    def v_become(self, s, parts, subject, span):
        what = subject
        obj = self.obj(parts)
        if obj is None and parts.equal is not None and s.subject is not None:
            # "Target weapon's ATK becomes equal to its strike cost"
            q = self.r.quantity(s.subject if not isinstance(s.subject, list) else s.subject[0])
            return M.SetValue(verb="become", stat=q.measure,
                              amount=M.Amount(defined_as=self.r.quantity(parts.equal.value[1])),
                              target=q.of, duration=self.duration(parts), span=span)
        number = (self.r.number_phrase(parts.objects[0]) if obj is not None and
                  len(parts.objects) == 1 and s.subject is not None and
                  not isinstance(s.subject, list) else None)
        if number is not None:
            # "This card's base power becomes 6", "its {d} becomes 1": the value is set
            q = self.r.quantity(s.subject)
            if q.measure not in ("count", "value"):
                return M.SetValue(verb="become", stat=q.measure, amount=number, target=q.of,
                                  duration=self.duration(parts), span=span,
                                  base=isinstance(what, M.Target) and "base" in what.qualities)
        if obj is None:
            return None
        return self.becomes("become", what, obj, parts, span)

    def v_consider(self, s, parts, subject, span):
        """"is considered completely blocked", "is considered to be exhausted"."""
        if not set(s.group.auxes) & _BE:
            return None
        obj = self.obj(parts)
        if obj is None and parts.infinitive is not None:
            inner = Parts(parts.infinitive.items)
            obj = self.obj(inner)
            parts.infinitive = None
        if obj is None:
            return None
        return M.Becomes(verb="be considered", what=subject, kinds=obj.kinds,
                         qualities=obj.qualities, duration=self.duration(parts), span=span)

    def v_count(self, s, parts, subject, span):
        """"This attack counts as a Throw attack": as "is considered" (what it is taken to
        be)."""
        if parts.objects or subject is None or set(s.group.auxes) - {"also", "still"}:
            return None
        return self._taken_as("count as", subject, parts, span)

    def v_treat(self, s, parts, subject, span):
        """"Treat this attack as a Kick attack": the object counts as what "as" says."""
        what = self.obj(parts)
        if what is None or len(parts.objects) != 1 or s.group.auxes:
            return None
        return self._taken_as("treat as", what, parts, span)

    def _taken_as(self, verb: str, what: M.Target, parts: Parts, span) -> M.Effect | None:
        """``what`` becomes one kind of thing, the only "as ..." of the clause."""
        as_pp = parts.pp("as")
        if as_pp is None or len(parts.pps) != 1:
            return None
        obj = self.r.target(as_pp.obj)
        if not obj.kinds or obj.filters or obj.alternatives or \
                obj.count is not None and obj.count.value != 1:
            return None                # "both shadow and fire damage": not one kind of thing
        return M.Becomes(verb=verb, what=what, kinds=obj.kinds,
                         qualities=obj.qualities + ((obj.name,) if obj.name else ()),
                         duration=self.duration(parts), span=span)

    def v_ignore(self, s, parts, subject, span):
        obj = self.obj(parts)
        if obj is None:
            return None
        return M.Restriction(verb="ignore", actions=("apply",), what=obj, by=subject,
                             duration=self.duration(parts), span=span)

    def v_cost(self, s, parts, subject, span):
        """"This costs {r} less to play for each ...", "costs an additional {r} to play"."""
        what = self.obj(parts)
        if what is None:
            return None
        change = {"less": -1, "more": 1, "additional": 1}
        sign = next((change[q] for q in what.qualities if q in change), 0)
        if not sign:
            return None
        action = parts.infinitive.group.lemma if parts.infinitive is not None else "play"
        if parts.infinitive is not None:
            inner = Parts(parts.infinitive.items)       # "to play for each ..."
            if parts.for_each is None:
                parts.for_each = inner.for_each
            if not parts.durations:
                parts.durations = inner.durations
        parts.infinitive = None
        amount = what.count or M.Amount(value=sum(1 for k in what.kinds if k == "resource")
                                        or 1)
        amount = self.amount_with_x(amount, parts)
        return M.ModifyValue(verb="cost", stat="cost" if action == "play" else f"{action} cost",
                             amount=amount, sign=sign, target=subject,
                             duration=self.duration(parts), span=span)

    def v_equip(self, s, parts, subject, span):
        return self._move("equip", s, parts, self.doer(subject), span,
                          to=self.zone_to(parts) or M.Zone(name="arena"))

    def v_pitch(self, s, parts, subject, span):
        return self._move("pitch", s, parts, self.doer(subject), span,
                          to=M.Zone(name="pitch"))

    def v_complete(self, s, parts, subject, span):
        waived = self.waived_cost(parts)
        what = self.obj(parts)
        if what is None:
            return None
        return M.Play(verb="complete", what=what, who=self.doer(subject),
                      free=waived == "cost", waived=waived, span=span)

    def v_control(self, s, parts, subject, span):
        what = self.obj(parts)
        if what is None:
            return None
        return M.GainControl(verb="control", what=what, who=self.doer(subject),
                             duration=self.duration(parts), span=span)

    def v_enter(self, s, parts, subject, span):
        """"This ally enters play exhausted", "This ability enters play with an elementium
        counter on it" (statics about how it enters)."""
        if subject is None:
            return None
        for o in parts.objects:
            t = self.r.target(o)
            if "exhausted" in t.qualities:
                return self._enters(subject, span, M.Arrival(states=("exhausted",),
                                                             text="exhausted"))
        with_ = parts.pp("with")
        if with_ is not None:
            t = self.r.target(with_.obj)
            if t.kinds == ("damage",) and t.count is not None and not t.qualities \
                    and not t.filters:
                # "This ally enters play with 3 damage": the damage on it as it arrives
                return self._enters(subject, span, M.Arrival(
                    damage=self.amount_with_x(t.count, parts), text=f"with {t.text}"))
            if _COUNTER_WORDS & set(t.kinds + tuple(q.lower() for q in t.qualities)):
                kind = " ".join(q for q in t.qualities) or " ".join(t.kinds)
                return M.Counters(verb="enter with", action="place", kind=kind,
                                  count=self.amount_with_x(t.count or M.Amount(value=1),
                                                           parts),
                                  on=subject, span=span)
        counted = self._enter_with_signed_counters(parts, subject, span)
        if counted is not None:
            return counted
        for o in parts.objects:
            for post in getattr(o, "posts", ()):
                if post.kind == "with":
                    t = self.r.target(post.body)
                    if t.kinds == ("damage",) and t.count is not None and not t.qualities \
                            and not t.filters and len(parts.objects) == 1 \
                            and [word_of(w) for w in o.words if word_of(w) != "the"] in (
                                ["play"], ["arena"], ["battlefield"]):
                        # "This ally enters play with 3 damage": the damage on it as it arrives
                        return self._enters(subject, span, M.Arrival(
                            damage=self.amount_with_x(t.count, parts), text=f"with {t.text}"))
                    if _COUNTER_WORDS & set(t.kinds):
                        kind = " ".join(q for q in t.qualities) or "counter"
                        return M.Counters(verb="enter with", action="place", kind=kind,
                                          count=self.amount_with_x(
                                              t.count or M.Amount(value=1), parts), on=subject,
                                          span=span)
        return None

    @staticmethod
    def _enters(subject, span, arrives: M.Arrival) -> M.Move:
        """"[this] enters play exhausted / with 3 damage": how the card itself arrives."""
        return M.Move(verb="enter", what=subject, to_zone=M.Zone(name="play"),
                      arrives=arrives, span=span)

    def _enter_with_signed_counters(self, parts: Parts, subject, span) -> M.Effect | None:
        """"This weapon enters play with five +1 ATK counters [for each ...] [on it]", "it enters
        the arena with a +1{p} counter": the number is read before the signed counter kind
        ("with five" then "+1 ATK counters")."""
        if len(parts.objects) != 1 or len(parts.changes) != 1 or len(parts.changes[0].parts) != 1:
            return None
        o = parts.objects[0]
        sign, words = parts.changes[0].parts[0]
        names = [str(w).lower() for w in words]
        if not (isinstance(o, NounPhrase)
                and [word_of(w) for w in o.words if word_of(w) != "the"] in (
                    ["play"], ["arena"], ["battlefield"])
                and len(o.posts) == 1 and o.posts[0].kind == "with" and names
                and names[-1] in ("counter", "counters")) or \
                any(p.prep != "on" for p in parts.pps):
            return None
        count = self.r.number_phrase(o.posts[0].body)
        if count is None:
            t = self.r.target(o.posts[0].body)
            if t.text.lower() not in ("a", "an") or t.kinds:
                return None
            count = M.Amount(value=1)
        pieces = [sign]
        for w in words[:-1]:
            if str(w).startswith("{"):
                pieces[-1] += str(w)                    # "+1{p}", as the counters are named
            else:
                pieces.append(str(w))
        kind = " ".join(pieces)
        return M.Counters(verb="enter with", action="place", kind=kind,
                          count=self.amount_with_x(count, parts), on=subject, span=span)

    def v_come(self, s, parts, subject, span):
        return self.v_enter(s, parts, subject, span)

    def v_repeat(self, s, parts, subject, span):
        """"Repeat this (effect)": the effect before is done once more; "twice", "2 times",
        "X times", "one additional time": how many more times (``times``). Anything else said
        of the repeat (a phrase, a second object, other words: "repeat this process for each
        other ...") no value holds: an Other (FaB, WoW and UFS read any "repeat" as once
        more)."""
        if len(parts.objects) != 1 or parts.pps or parts.rest or \
                not isinstance(parts.objects[0], NounPhrase):
            return self.other("repeat", s, span)
        words = list(parts.objects[0].words)
        if parts.objects[0].posts or not words or str(words[0]).lower() not in ("this", "that"):
            return self.other("repeat", s, span)
        rest = words[1:]
        if rest and str(rest[0]).lower() in ("effect", "ability", "action"):
            rest = rest[1:]
        said = [str(w).lower() for w in rest]
        times = None
        if not said:
            times = M.Amount(value=1)
        elif said in (["once"], ["twice"], ["three", "times"]) or len(said) == 1 and \
                said[0] in ("once", "twice", "three times"):
            times = M.Amount(value={"once": 1, "twice": 2}.get(said[0], 3), text=said[0],
                             span=span_of(rest))
        elif said[-1] in ("time", "times") and len(said) in (2, 3) and \
                (len(said) == 2 or said[1] == "additional"):
            n = number(rest[0])
            if isinstance(n, int):
                times = M.Amount(value=n, text=" ".join(said), span=span_of(rest))
            elif str(rest[0]) == "X":
                times = self.amount_with_x(
                    M.Amount(variable="X", text="X", span=span_of(rest[0])), parts)
        if times is None or parts.durations:
            return self.other("repeat", s, span)
        if times.variable != "X":
            times = self.amount_with_x(times, parts)       # "... for each unit you control"
        return M.Repeat(verb="repeat", times=times, span=span)

    def v_copy(self, s, parts, subject, span):
        return None

    # -- verb groups with auxiliaries only or special meaning ---------------------------
    def be_have(self, s: Simple, parts: Parts, subject, span) -> M.Effect | None:
        """"This has +1{p}", "It is a weapon", "X is 3" as effects (statics)."""
        auxes = s.group.auxes
        if set(auxes) & _HAVE and parts.objects:
            obj = self.obj(parts)
            if "following" in obj.qualities:
                return M.Gain(verb="have", resource="following ability", target=subject,
                              duration=self.duration(parts), span=span)
        if set(auxes) & _HAVE:
            if parts.changes:
                return self.changes(parts, subject, span, verb="have")
            if parts.quoted is not None:
                return self.grant(parts, subject, span, "have")
            if parts.objects:
                gains = self.keyword_gains("have", parts, subject, span)
                if gains is not None:
                    return gains
                copied = self.printed_powers(parts, subject, span)
                if copied is not None:
                    return copied
        if set(auxes) & _BE and parts.equal is not None and s.subject is not None:
            # "Bloodied Oval's {d} is equal to the number of ...": a value set
            q = self.r.quantity(s.subject if not isinstance(s.subject, list) else s.subject[0])
            return M.SetValue(verb="be equal", stat=q.measure,
                              amount=M.Amount(defined_as=self.r.quantity(parts.equal.value[1])),
                              target=q.of, duration=self.duration(parts), span=span)
        if set(auxes) & _BE and s.subject is not None and len(parts.objects) == 1 and \
                not parts.pps and not parts.changes and not set(auxes) & (_NOT | _CANT) and \
                not isinstance(s.subject, list):
            # "This attack's speed is 6", "this card's difficulty is X" (X defined by the
            # sentence): the value set
            q = self.r.quantity(s.subject)
            amount = self.r.number_phrase(parts.objects[0])
            if q.measure and q.measure not in ("count", "value") and q.of is not None and \
                    amount is not None:
                amount = self.amount_with_x(amount, parts)
                if amount is not None:
                    return M.SetValue(verb="be", stat=q.measure, amount=amount, target=q.of,
                                      duration=self.duration(parts), span=span)
        if set(auxes) & _BE and not parts.objects and len(parts.pps) == 1 and \
                parts.pps[0].prep == "in" and isinstance(parts.pps[0].obj, NounPhrase) and \
                subject is not None and len(s.items) == 1:
            # "Your hero is in Cat Form": a named state it is in (a quality), not a zone; a
            # keyword of the game's is that keyword had (WoW's "Ongoing: Your hero has Cat
            # Form." in CR 7.4 415.9b is the printed "is in Cat Form")
            kw = self.keyword_of(parts.pps[0].obj)
            if kw is not None:
                return M.Gain(verb="be in", resource="keyword", keyword=kw, target=subject,
                              duration=self.duration(parts), span=span)
            state = self.r.target(parts.pps[0].obj)
            if state.name and state.zone is None and not (state.qualities or state.filters
                                                          or state.controller or state.count):
                return M.Becomes(verb="be in", what=subject, qualities=(state.text,),
                                 duration=self.duration(parts), span=span)
        if set(auxes) & _BE and parts.objects:
            obj = self.obj(parts)
            if "playable" in obj.qualities:
                return M.Permission(verb="playable", actions=("play",), what=subject,
                                    as_though=" ".join(parts.adverbs), duration=self.duration(parts),
                                    span=span)
            kw = self.keyword_of(parts.objects[0])
            if kw is not None:        # "Your abilities are Untargetable"
                return M.Gain(verb="be", resource="keyword", keyword=kw, target=subject,
                              duration=self.duration(parts), span=span)
            if obj.name:       # "All heroes are Sheep": a name read as a quality here
                obj = replace(obj, qualities=obj.qualities + (obj.name,), name="")
            capital = obj.qualities and all(q[:1].isupper() for q in obj.qualities)
            if (obj.kinds or capital) and not obj.count and subject is not None:
                # "It is a weapon", "All heroes are Sheep", "is also a Naga", "are weapons
                # with 4{p} and **Once per Turn Action** - {r}: **Attack**"
                return self.becomes("be", subject, obj, parts, span)
        return None

    def printed_powers(self, parts: Parts, subject, span) -> M.Effect | None:
        """"this ally has that card's printed powers": the subject gains the powers printed
        on another card (WoW 402: copying; read as that card's text, its self-references
        naming the card that has them, 200.1a). None for any other object."""
        if len(parts.objects) != 1 or parts.pps or parts.changes or parts.quoted is not None:
            return None
        obj = self.obj(parts)
        if obj.of is None or "printed" not in obj.qualities or \
                obj.kinds[-1:] not in (("power",), ("ability",)) or obj.count is not None or \
                obj.filters or set(obj.qualities) - {"printed"}:
            return None
        return M.Gain(verb="have", resource="printed powers", what=obj.of, target=subject,
                      duration=self.duration(parts), span=span)

    def becomes(self, verb, subject, obj: M.Target, parts: Parts, span) -> M.Effect | None:
        """``subject`` becomes objects like ``obj``: its "with N<stat>" filters are base
        values, granted abilities its abilities; None when a filter is something else."""
        values = []
        for f in obj.filters:
            c = f.comparison
            if f.kind == "with" and c is not None and c.op == "==" and \
                    c.right.constant is not None:
                values.append((c.left.measure, c.right.constant))
            else:
                return None
        abilities = ()
        if parts.quoted is not None:
            abilities = tuple(self.ability_reader(parts.quoted) if self.ability_reader else ())
            if not abilities:
                return None
        return M.Becomes(verb=verb, what=subject, kinds=obj.kinds,
                         qualities=obj.qualities + ((obj.name,) if obj.name else ()),
                         values=tuple(values), abilities=abilities,
                         duration=self.duration(parts), span=span)

    def conditioned(self, eff: M.Effect, parts: Parts, span) -> M.Effect:
        """A restriction with its clause's condition ("This ally can't attack unless an
        opponent controls more allies than you"): the restriction holds only while the
        condition does (a Conditional; the condition's ``kind`` says if / unless / while).
        Two conditions: not read (one value holds one)."""
        if not parts.conditions or isinstance(eff, M.Other):
            return eff
        if len(parts.conditions) > 1:
            return M.Other(verb=eff.verb, args=(("text", "two conditions"),), span=span)
        return M.Conditional(verb="if", condition=parts.conditions[0], then=(eff,), span=span)

    def restriction(self, s: Simple, parts: Parts, subject, span) -> M.Effect:
        lemma = s.group.lemma
        auxes = s.group.auxes
        if lemma is None and set(auxes) & _BE and parts.objects:
            state = self.r.target(parts.objects[0])
            if state.qualities and not state.kinds:
                by = self.onto(parts, "by")
                return M.Restriction(verb="can't", actions=("be " + " ".join(state.qualities),),
                                     what=subject, by=by, duration=self.duration(parts),
                                     span=span)
            np = parts.objects[0]
            if isinstance(np, NounPhrase) and [str(w).lower() for w in np.words] == \
                    ["the", "target"] and len(np.posts) == 1 and np.posts[0].kind == "of" \
                    and len(parts.objects) == 1 and not parts.pps:
                # "cannot be the target of spells": "cannot be targeted by spells"
                return M.Restriction(verb="can't", actions=("be targeted",), what=subject,
                                     by=self.r.target(np.posts[0].body),
                                     duration=self.duration(parts), span=span)
        if lemma is None and set(auxes) & _HAVE and parts.objects:
            return M.Restriction(verb="can't", actions=("have",), who=subject,
                                 what=self.obj(parts), duration=self.duration(parts), span=span)
        if lemma is None:
            return self.other(" ".join(auxes), s, span)
        if any(p.prep == "as" for p in parts.pps):
            # "cannot be played as a reversal": only that way of doing it is restricted - no
            # value holds the "as", and the action alone would restrict too much
            return self.other(lemma, s, span)
        passive = bool(set(auxes) & _BE)
        action = ("be " if passive else "") + lemma
        what = self.obj(parts) if not passive else subject
        who = subject if not passive else None
        by = self.onto(parts, "by")
        return M.Restriction(verb="can't", actions=(action,), who=who, what=what, by=by,
                             duration=self.duration(parts), span=span)

    def allowance(self, s: Simple, parts: Parts, subject, span) -> M.Effect | None:
        """"can / may only <verb> ...": the action is allowed only as the rest says - a
        :class:`~judge.cards.model.Restriction` with ``only``: the clause's condition ("can
        only be attached if ..."), else what the action may be done to or by (its object, or
        the first prepositional phrase of a passive: "can only be blocked by units with
        ...", "can only be attached to units with ..."). None when nothing says which."""
        r = self.restriction(s, parts, subject, span)
        if not isinstance(r, M.Restriction) or not r.actions:
            return None
        passive = r.actions[0].startswith("be ")
        pp = parts.pps[0] if parts.pps else None
        if parts.conditions:
            if len(parts.conditions) > 1 or pp is not None:
                return None
            return replace(r, verb="only", only=parts.conditions[0])
        if passive or r.what is None:
            if pp is None or len(parts.pps) > 1 or not isinstance(pp.obj, NounPhrase):
                return None
            allowed, state, where = self.r.target(pp.obj), pp.prep, pp.span
        else:
            if pp is not None:
                return None
            allowed, state, where = r.what, "", r.what.span
        condition = M.Condition(kind="only", test="is", object=allowed, state=state,
                                text=self.r.phrase(where), span=where)
        return replace(r, verb="only", by=None if state == "by" else r.by, only=condition)

    def permission(self, s: Simple, parts: Parts, subject, span) -> M.Effect:
        hook = self.extra.get("can")             # a game's own "can ..." clauses
        if hook is not None:
            found = hook(self, s, parts, subject, span)
            if found is not None:
                return found
        lemma = s.group.lemma
        passive = bool(set(s.group.auxes) & _BE)
        as_though = ""
        if "as though" in parts.adverbs or "as if" in parts.adverbs:
            as_though = "as though"
        return M.Permission(verb="can", actions=(("be " if passive else "") + lemma,),
                            who=subject if not passive else None,
                            what=self.obj(parts) if not passive else subject,
                            as_though=as_though, duration=self.duration(parts), span=span,
                            condition=parts.conditions[0] if parts.conditions else None)

    def negated(self, s: Simple, parts: Parts, subject, span) -> M.Effect:
        lemma = s.group.lemma
        return M.Restriction(verb="not", actions=(lemma,), who=subject, what=self.obj(parts),
                             duration=self.duration(parts), span=span)

    # ================================================================ conditions
    def condition(self, kind: str, clause: Clause, span) -> M.Condition:
        simples = self.expand(clause)
        conds = [self.simple_condition(kind, s) for s in simples]
        if len(conds) == 1:
            return replace(conds[0], span=span, text=self.r.phrase(span))
        test = "any" if any(s.joiner == "or" for s in simples[1:]) else "all"
        return M.Condition(kind=kind, test=test, parts=tuple(conds), span=span,
                           text=self.r.phrase(span))

    def simple_condition(self, kind: str, s: Simple) -> M.Condition:
        group = s.group
        auxes = set(group.auxes)
        parts = Parts(s.items)
        subject = self.subject_target(s.subject)
        span = span_of(s.span, s.subject)
        text = self.r.phrase(span)
        negated = bool(auxes & _NOT) or bool(auxes & _CANT)
        lemma = group.lemma
        if lemma is None and auxes and auxes <= {"can", "could"} and not s.items:
            # "..., if they can": as "if able"
            return M.Condition(kind=kind, test="able", subject=subject, text=text, span=span)
        if lemma is None and auxes & {"do", "does", "did", "don't", "doesn't", "didn't"}:
            return M.Condition(kind=kind, test="event",
                               event=M.Event(verb="do", subject=subject, span=span, text=text),
                               negated=negated, subject=subject, text=text, span=span)
        if lemma is None and "been" in auxes:
            ev = self.event_of_simple(s, parts, subject, span)
            return M.Condition(kind=kind, test="event", event=ev, subject=subject,
                               negated=negated, text=text, span=span)
        if lemma is None and auxes & _HAVE:
            obj = self.obj(parts)
            than = parts.pp("than")
            more = [q for q in (obj.qualities if obj is not None else ()) if q in _MORE_LESS]
            if than is not None and more and obj.kinds and subject is not None:
                # "you have less {h} than an opposing hero": compare a value of each
                stat = obj.kinds[-1]
                other = self.r.target(than.obj)
                op = _MORE_LESS[more[0]]
                return M.Condition(kind=kind, test="compare", comparison=M.Comparison(
                    left=M.Quantity(measure=stat, of=subject),
                    op=op, right=M.Amount(defined_as=M.Quantity(measure=stat, of=other)),
                    span=span), subject=subject, negated=negated, text=text, span=span)
            if obj is not None and obj.count is not None and len(obj.kinds) == 1 and \
                    obj.kinds[0] in _STATS and subject is not None and not obj.filters:
                # "the discarded card has 6 or more {p}": a value compared
                amount = replace(obj.count, relation="")
                return M.Condition(kind=kind, test="compare", subject=subject,
                                   comparison=M.Comparison(
                                       left=M.Quantity(measure=obj.kinds[0], of=subject),
                                       op=OPS.get(obj.count.relation, "=="), right=amount,
                                       span=span), negated=negated, text=text, span=span)
            return M.Condition(kind=kind, test="has", subject=subject, object=obj,
                               negated=negated, text=text, span=span)
        if lemma is None and auxes & _BE and parts.objects and \
                isinstance(parts.objects[0], list) and all(
                    not t.kinds and t.qualities for t in map(self.r.target, parts.objects[0])):
            # states only ("destroyed or flipped"; "an ability, ally, or equipment" stays one
            # object with alternatives)
            if "would" in auxes:
                # "If a unit would be destroyed or flipped, ... instead": the event it would
                # be, each state an alternative
                ev = self.event_of_simple(s, parts, subject, span)
                return M.Condition(kind=kind, test="event", event=ev, subject=subject,
                                   negated=negated, text=text, span=span)
            # "if this unit is exhausted or damaged": one condition per state
            first = parts.objects[0]
            rest = [i for i in s.items if i is not first]
            conds = tuple(self.simple_condition(kind, Simple(s.subject, s.group, [o] + rest,
                                                             s.joiner, s.span))
                          for o in first)
            return M.Condition(kind=kind, test="all" if isinstance(first, _Both) else "any",
                               parts=conds, text=text, span=span)
        if lemma is None and auxes & _BE:
            return _either_state(self.be_condition(kind, s, parts, subject, negated, span,
                                                   text))
        if lemma is None and "would" in auxes and parts.objects and isinstance(
                parts.objects[0], NounPhrase) and len(parts.objects[0].words) > 1 and \
                str(parts.objects[0].words[0]).lower() == "target":
            # "a spell that would target a unit you control": "target" was read as the
            # determiner of "target unit"; it is the verb
            np = parts.objects[0]
            rest = NounPhrase(np.words[1:], np.posts, span_of(*np.words[1:]))
            verb = VerbGroup(list(group.auxes), "target", "base", span_of(np.words[0]))
            items = [rest if item is np else item for item in s.items]
            return self.simple_condition(kind, Simple(s.subject, verb, items, s.joiner, s.span))
        if lemma == "control":
            obj, than = self.obj(parts), parts.pp("than")
            more = [q for q in (obj.qualities if obj is not None else ()) if q in _MORE_LESS]
            other = self.r.target(than.obj) if than is not None else None
            if more and other is not None and obj.kinds and subject is not None and \
                    subject.controller and other.controller and obj.count is None:
                # "if your rival controls more foundations than you": the numbers of what each
                # controls compared ("than you" was dropped: a rival controlling any)
                what = replace(obj, qualities=tuple(q for q in obj.qualities
                                                    if q not in _MORE_LESS), text="")
                return M.Condition(kind=kind, test="compare", comparison=M.Comparison(
                    left=M.Quantity(measure="count", of=replace(
                        what, controller=subject.controller)),
                    op=_MORE_LESS[more[0]], right=M.Amount(defined_as=M.Quantity(
                        measure="count", of=replace(what, controller=other.controller))),
                    span=span), subject=subject, negated=negated, text=text, span=span)
            return M.Condition(kind=kind, test="control", subject=subject, object=self.obj(parts),
                               negated=negated, text=text, span=span)
        if lemma in ("equal", "exceed") and parts.objects:
            q = self.r.quantity(s.subject) if s.subject is not None else None
            right = self.r.target(parts.objects[0])
            amount = right.count or M.Amount(defined_as=self.r.quantity(parts.objects[0]))
            if q is not None:
                return M.Condition(kind=kind, test="compare",
                                   comparison=M.Comparison(left=q, op="==" if lemma == "equal"
                                                           else ">", right=amount),
                                   negated=negated, text=text, span=span)
        if lemma is None:
            return M.Condition(kind=kind, test="", text=text, span=span)
        ev = self.event_of_simple(s, parts, subject, span)
        return M.Condition(kind=kind, test="event", event=ev, subject=subject, negated=negated,
                           text=text, span=span)

    def be_condition(self, kind, s, parts, subject, negated, span, text) -> M.Condition:
        obj_np = parts.objects[0] if parts.objects else None
        if subject is not None and subject.ref == "there" and obj_np is not None:
            return M.Condition(kind=kind, test="exists", object=self.r.target(obj_np),
                               negated=negated, text=text, span=span)
        if parts.equal is not None:
            op_word, np = parts.equal.value
            q = self.r.quantity(s.subject)
            right = self.r.target(np)
            amount = right.count if right.count is not None and not right.kinds else \
                M.Amount(defined_as=self.r.quantity(np))
            return M.Condition(kind=kind, test="compare",
                               comparison=M.Comparison(left=q, op=OPS.get(op_word, "=="),
                                                       right=amount, span=span),
                               negated=negated, text=text, span=span)
        if obj_np is not None:
            obj = self.r.target(obj_np)
            if obj.count is not None and not obj.kinds and s.subject is not None:
                q = self.r.quantity(s.subject)
                op = OPS.get(obj.count.relation, "==")
                return M.Condition(kind=kind, test="compare",
                                   comparison=M.Comparison(left=q, op=op,
                                                           right=replace(obj.count, relation=""),
                                                           span=span),
                                   negated=negated, text=text, span=span)
            by = parts.pp("by")
            if not obj.kinds and len(obj.qualities) == 1 and by is not None and \
                    obj.qualities[0].endswith("ed"):
                # "this is defended by a card with ...": an event with its agent
                ev = M.Event(verb="be " + obj.qualities[0], subject=subject,
                             by=self.r.target(by.obj), within=self.duration(parts),
                             negated=negated, text=text, span=span)
                return M.Condition(kind=kind, test="event", subject=subject, event=ev,
                                   negated=negated, text=text, span=span)
            if not obj.kinds and obj.qualities:
                # "is attached to a hero or ally": what it is attached to is the object
                to = parts.pp("to") if obj.qualities == ("attached",) else None
                return M.Condition(kind=kind, test="is", subject=subject,
                                   state=" ".join(obj.qualities), negated=negated, text=text,
                                   object=self.r.target(to.obj) if to is not None else None,
                                   span=span)
            return M.Condition(kind=kind, test="is", subject=subject, object=obj,
                               negated=negated, within=self.duration(parts), text=text,
                               span=span)
        if parts.pps:
            p = parts.pps[0]
            z = self.r.zone(p.obj)
            if z is not None:
                return M.Condition(kind=kind, test="is", subject=subject, state="in " + z.name,
                                   object=M.Target(zone=z), negated=negated, text=text,
                                   span=span)
            return M.Condition(kind=kind, test="is", subject=subject,
                               state=p.prep + " " + self.r.phrase(getattr(p.obj, "span", None)),
                               object=self.r.target(p.obj), negated=negated, text=text,
                               span=span)
        if parts.adverbs:
            return M.Condition(kind=kind, test="is", subject=subject, state=parts.adverbs[0],
                               negated=negated, text=text, span=span)
        return M.Condition(kind=kind, test="", text=text, span=span)

    # -- relative clauses on noun phrases ----------------------------------------------
    def relative(self, subject_word, group: VerbGroup, items: list, span) -> M.Condition | None:
        if isinstance(subject_word, M.Target):      # "(the card) you play": read already
            subj, subject = subject_word, subject_word
        else:
            subj = Pronoun(str(subject_word).lower(), [], span_of(subject_word))
            subject = self.r.pronoun(subj)
        s = Simple(subj, group, list(items), "", span)
        parts = Parts(items)
        ev = self.event_of_simple(s, parts, subject, span, obj=M.Target(ref="it"))
        return M.Condition(kind="that", test="event", event=ev, text=self.r.phrase(span),
                           span=span)

    def that(self, body, span) -> M.Condition | None:
        if isinstance(body, VP) and body.group.lemma is None and body.group.auxes == ["could"] \
                and len(body.items) == 1 and isinstance(body.items[0], NounPhrase):
            what = self.r.target(body.items[0])
            if what is not None and what.targeted:
                # "(an ability) that could target your hero": it could choose that as a target
                # were it added to the chain (WoW 706.6)
                return M.Condition(kind="that", test="could target", subject=M.Target(ref="it"),
                                   object=replace(what, targeted=False),
                                   text=self.r.phrase(span), span=span)
        if isinstance(body, VP):
            s = Simple(None, body.group, list(body.items), "", body.span)
            cond = self.simple_condition("that", s)
            it = M.Target(ref="it")
            if cond.subject is None:
                cond = replace(cond, subject=it, parts=tuple(
                    replace(c, subject=it) if c.subject is None else c for c in cond.parts))
            if cond.event is not None and cond.event.subject is None:
                cond = replace(cond, event=replace(cond.event, subject=it))
            return replace(cond, span=span, text=self.r.phrase(span))
        if isinstance(body, tuple):   # participle: (token, items)
            tok, items = body
            group = VerbGroup([], lemma_of(tok), str(tok), span_of(tok))
            s = Simple(None, group, list(items), "", span)
            parts = Parts(items)
            ev = self.event_of_simple(s, parts, None, span, passive=True)
            return M.Condition(kind="that", test="event", event=ev, text=self.r.phrase(span),
                               span=span)
        return None

    def purpose(self, body, span) -> M.Condition | None:
        """"(a check) to play a card", "(its block modifier) to block this attack": what a thing
        is made or used for, as a filter of kind ``to`` - the event it is for, done by whoever
        makes it (UFS E.3.1: a check to play a card, to block). None for an infinitive that is
        no plain verb phrase ("to be ...", a modal)."""
        if not isinstance(body, VP) or body.group.lemma is None or body.group.auxes:
            return None
        s = Simple(None, body.group, list(body.items), "", body.span)
        ev = self.event_of_simple(s, Parts(body.items), None, body.span)
        return M.Condition(kind="to", test="event", event=ev, text=self.r.phrase(span),
                           span=span)

    def event_of(self, post: Post, stat: str) -> M.Event | None:
        cond = self.r._post(M.Target(), post).filters
        return cond[0].event if cond else None

    # ================================================================ events
    def event(self, clause: Clause, span) -> M.Event:
        simples = self.expand(clause)
        s = simples[0]
        parts = Parts(s.items)
        subject = self.subject_target(s.subject)
        ev = self.event_of_simple(s, parts, subject, span_of(s.span, s.subject))
        if len(simples) > 1:
            # "when this attacks or defends": the other verbs as alternatives
            others = []
            for o in simples[1:]:
                if o.joiner not in ("or", "and/or"):
                    at = o.span.start if o.span is not None else None
                    raise NoValue(f"two events that must both happen ({o.joiner!r}) have no "
                                  "value", at)
                other = o.subject if o.subject is not None else s.subject
                others.append(self.event_of_simple(o, Parts(o.items), self.subject_target(other),
                                                   span_of(o.span, o.subject)))
            ev = replace(ev, alternatives=tuple(others), text=self.r.phrase(span))
        return ev

    def event_of_simple(self, s: Simple, parts: Parts, subject, span, *, obj=None,
                        passive: bool = False) -> M.Event:
        group = s.group
        auxes = set(group.auxes)
        lemma = group.lemma
        text = self.r.phrase(span)
        negated = bool(auxes & _NOT)
        times = None
        within = self.duration(parts)
        if lemma is None:
            # "this is destroyed", "an attack is blocked", "it is dealt damage"
            states = []
            if parts.objects:
                first = parts.objects[0]
                if isinstance(first, list):
                    # "would be destroyed or flipped": each state an alternative event; two
                    # that must both hold ("is exhausted and damaged") have no value
                    if isinstance(first, _Both):
                        at = span.start if span is not None else None
                        raise NoValue("two states that must both hold ('and') have no value", at)
                    states = [self.r.target(o) for o in first]
                else:
                    states = [self.r.target(first)]
                if len(parts.objects) > 1:
                    at = span.start if span is not None else None
                    raise NoValue("a state with a second object has no value", at)
            verbs = []
            this_way = False
            for o in states:
                state = " ".join(o.qualities) if o.qualities else " ".join(o.kinds)
                # "When a quest is inspired this way": done by the text it is in, not a state
                if state.endswith(" this way") and text.lower().endswith(" this way"):
                    this_way = True
                    state = state[:-len(" this way")]
                verbs.append(_STATE_ADJ_EVENT.get(state, ("be " + state) if state else
                                                  " ".join(group.auxes)))
            if not verbs:
                verbs = [" ".join(group.auxes)]
            with_ = self.onto(parts, "with")
            ev = M.Event(verb=verbs[0], subject=subject, within=within, negated=negated,
                         would="would" in auxes, text=text, span=span, with_=with_,
                         rest=self._event_complements(parts, None) + tuple(parts.adverbs),
                         this_way=this_way)
            if len(verbs) > 1:
                ev = replace(ev, alternatives=tuple(replace(ev, verb=v, text="")
                                                    for v in verbs[1:]))
            return ev
        form = group.form
        is_passive = passive or (bool(auxes & (_BE | _BE_NOT)) and form == "past")
        verb = lemma
        if is_passive:      # "be defended", "be destroyed": the printed participle
            printed = self.r.phrase(group.span).lower().split()
            verb = "be " + (printed[-1] if printed and printed[-1].endswith(("ed", "en", "t"))
                            else lemma)
        objects = [self.r.target(o) for o in parts.objects]
        object_ = obj
        amount = None
        damage_type = ""
        unread_objects: list[str] = []
        for o in objects:
            if "damage" in o.kinds:
                if o.of is not None or o.zone is not None or any(
                        f.kind not in ("with",) for f in o.filters):
                    # "damage from an unblocked attack" ("combat damage with this weapon" is
                    # Event.with_, read below)
                    unread_objects.append(o.text)
                negated = negated or o.quantifier == "no"     # "deals no damage"
                verb = (self.r.v.damage_verbs.get(lemma) or
                        ("be dealt damage" if is_passive or lemma in ("take", "receive",
                                                                       "suffer") else
                         "deal damage" if lemma in ("deal", "do") else verb + " damage"))
                amount = o.count
                damage_type = next((q for q in o.qualities if q in DAMAGE_TYPES), "")
            elif object_ is None:
                object_ = o
                if o.count is not None and o.count.relation:
                    times = o.count
        if object_ is None and not objects and parts.only is not None and \
                isinstance(parts.only.value, (NounPhrase, Pronoun)):
            # "an ability card is targeting only your hero": its one object, and nothing else
            o = self.r.target(parts.only.value)
            object_ = replace(o, qualities=o.qualities + ("only",))
        if lemma == "guess" and object_ is not None and not object_.kinds and \
                object_.text.lower() in _GUESSED:
            verb, object_ = _GUESSED[object_.text.lower()], None    # "if you guessed correctly"
        to = self.onto(parts, "to")
        with_ = self.onto(parts, "with")
        if with_ is None:
            # "deals combat damage with this weapon to an ally": a post of the damage phrase
            with_, inner_to = self._with_post(parts.objects)
            to = to or inner_to
        if to is not None and object_ is None:
            object_ = to
        elif to is not None and lemma in ("deal", "do") and obj is not None and not objects:
            # "(the damage) you have dealt to that hero": the damage is what "it" stands for
            verb, object_ = "deal damage", to
        if lemma == "defend" and object_ is None and self.onto(parts, "against") is not None:
            object_ = self.onto(parts, "against")       # "defends against an ally": the attacker
        by = self.onto(parts, "by")             # "is defended by a card with ..."
        if with_ is not None and obj is not None and object_ is obj and not (
                with_.kinds or with_.ref or with_.qualities or with_.name
                or with_.who == "player"):
            # "(the next card) you defend with this turn": the preposition's object is the
            # noun the clause describes
            with_, object_ = obj, None
            dur = parts.pp("with")
            if within is None and isinstance(dur.obj, M.Duration):
                within = dur.obj
        zone = self.zone_from(parts) or self.zone_to(parts)
        if lemma in ("leave", "enter") and zone is None and object_ is not None and \
                object_ is not obj and parts.objects and \
                isinstance(parts.objects[0], NounPhrase) and \
                all(p.kind == "duration" for p in parts.objects[0].posts or ()):
            # "a card leaves your rival's card pool", "enters your hand": the object is the
            # zone the event happens at, not a thing of kinds "card" and "pool"
            named = self.r.zone(parts.objects[0])
            if named is not None and named.name not in ("play", "arena"):
                zone, object_ = named, None
        if lemma in ("enter", "come") and (zone is not None and zone.name == "play"
                                           or object_ is not None and ("play" in object_.kinds
                                                                       or "arena" in
                                                                       object_.kinds)):
            verb = "enter play"
        if lemma == "leave" and (object_ is not None and ("play" in object_.kinds or
                                                          "arena" in object_.kinds)
                                 or zone is not None and zone.name == "play"):
            verb = "leave play"
        if verb in ("enter play", "leave play") and object_ is not None and \
                object_.kinds in (("play",), ("arena",)) and not object_.qualities:
            if object_.controller and isinstance(subject, M.Target) and \
                    subject.controller in ("", object_.controller):
                # "an ally enters play under your control": whose control it enters under
                # is the subject's controller relation
                subject = replace(subject, controller=object_.controller)
            elif object_.controller:
                unread_objects.append(object_.text)     # a relation it cannot hold: kept
            object_ = None              # "enters the arena": the verb says where
        rest = tuple(unread_objects) + self._event_complements(parts, object_) \
            + tuple(parts.adverbs)
        if parts.infinitive is not None and self.r.v.name_unread_amounts and \
                lemma not in _TAKES_INFINITIVE:
            # "after you make a check to block": what the event is for, which no field holds -
            # kept as printed (it was dropped: any check would trigger it); "try to play" is
            # the verb's own complement, not a purpose
            rest += ("to " + self.r.phrase(parts.infinitive.span),)
        return M.Event(verb=verb, subject=subject, object=object_, by=by, amount=amount,
                       damage_type=damage_type, zone=zone, within=within, times=times,
                       negated=negated, would="would" in auxes, text=text, span=span,
                       with_=with_, rest=rest, this_way="this way" in parts.adverbs
                       or text.lower().endswith(" this way"))

    def _with_post(self, objects) -> tuple[M.Target | None, M.Target | None]:
        """(what a damage phrase's "with" names, what a "to" inside it names)."""
        for np in objects:
            for post in getattr(np, "posts", ()) or ():
                if post.kind != "with" or not isinstance(post.body, NounPhrase):
                    continue
                body = post.body
                to = next((p for p in body.posts or () if p.kind == "to"), None)
                kept = NounPhrase(body.words, [p for p in body.posts or () if p.kind != "to"],
                                  body.span)
                return (self.r.target(kept),
                        self.r.target(to.body) if to is not None else None)
        return None, None

    def _event_complements(self, parts: Parts, object_) -> tuple[str, ...]:
        """The prepositional phrases of an event the value does not hold (kept as printed,
        never dropped in silence); "with ..." is ``Event.with_``."""
        rest: list[str] = []
        for p in parts.pps:
            if p.prep in ("with", "by"):
                continue
            if p.prep == "against" and object_ is not None:
                continue                        # "defends against an ally": the object
            elif p.prep in _FROM_PREPS or p.prep in _ZONE_PREPS or p.prep.startswith(
                    ("on the", "to the")):
                if self.r.zone(p.obj) is None and not (p.prep == "to" and object_ is not None):
                    rest.append(self.r.phrase(p.span))
            else:
                rest.append(self.r.phrase(p.span))
        # "when an attack hits this chain link unless the attacking hero pays {r}": a
        # condition or clause the event holds no field for (it was dropped: the event
        # matched always)
        rest.extend(c.text or self.r.phrase(c.span) for c in parts.conditions)
        if parts.subordinate is not None:
            rest.append(self.r.phrase(parts.subordinate.span))
        return tuple(rest)

    def time_event(self, np, span, default: str = "start") -> M.Event:
        """"the start of your turn", "the end of each round", "the beginning of the player
        turns phase"; after/before "your rival's Ready Step" (``default``: which end)."""
        t = self.r.target(np)
        verb = default
        if "end" in t.kinds:
            verb = "end"
        elif "start" in t.kinds or "beginning" in t.kinds:
            verb = "start"
        phase = ""
        whose = None
        inner = t.of
        if not ({"start", "end", "beginning"} & set(t.kinds)):
            inner = t                  # "your rival's turn": its "of" is whose, not the time
        if inner is not None:
            phase = " ".join(q for q in inner.qualities if q not in ("next", "other")) + \
                (" " if inner.qualities else "") + " ".join(inner.kinds)
            phase = phase.strip()
            if inner.controller:
                whose = M.Target(who="player", ref=inner.controller,
                                 controller=inner.controller)
            if inner.quantifier == "each":
                whose = M.Target(who="player", quantifier="each", controller="any")
            owner = inner.of
            if whose is None and owner is not None and owner.who == "player" and \
                    not owner.alternatives and owner.quantifier != "each":
                # "your opponent's turn", "your rival's End Phase" ("each player's turn": any
                # player's, as with no owner)
                if owner.controller in ("you", "opponent") or owner.ref in ("you", "they"):
                    rel = owner.controller if owner.controller in ("you", "opponent") \
                        else owner.ref
                    whose = M.Target(who="player", ref=rel, controller=rel)
        return M.Event(verb=verb, phase=phase, whose=whose, text=self.r.phrase(span), span=span)


def _post_items(np) -> list:
    """The complements of the last relative clause or participle of ``np`` (the list itself),
    else an empty list."""
    posts = getattr(np, "posts", None)
    if not posts:
        return []
    post = posts[-1]
    body = post.body
    if post.kind == "rel" and isinstance(body, tuple) and len(body) == 3:
        return body[2]
    if post.kind == "participle" and isinstance(body, tuple) and len(body) == 2:
        return body[1]
    if post.kind == "that" and isinstance(body, VP):
        return body.items
    return []


def _trailing_by(np: NounPhrase) -> PP | None:
    """The "by <number>" that ends the last relative clause or participle of ``np`` (taken
    out of it), else None."""
    items = _post_items(np)
    if not items or not isinstance(items[-1], PP) or items[-1].prep != "by":
        return None
    obj = items[-1].obj
    words = getattr(obj, "words", None)
    if not words or getattr(obj, "posts", None) or \
            number(words[-1]) is None or len(words) > 3:
        return None
    return items.pop()


def _relation(t: M.Target) -> str:
    """A player phrase as a controller relation: "you", "opponent", else ""."""
    if isinstance(t, M.Target) and not t.alternatives:
        if t.ref == "you":
            return "you"
        if t.controller == "opponent" or "opponent" in t.kinds:
            return "opponent"
        if t.kinds == ("player",) and not t.qualities and t.quantifier in ("each", "all",
                                                                           "every"):
            return "any"                # "each player pays 2 less to play ..."
    return ""


def _is_it(t: M.Target) -> bool:
    """The bare "it" a relative clause's event gets for the noun it describes."""
    return t.ref == "it" and not (t.kinds or t.text)


def alternatives(words: str) -> list[str]:
    """"Air, Earth, Fire, or Water" -> the four words (a token that is one of them, chosen as
    the effect happens); one word -> itself."""
    out = [w.strip() for w in words.replace(", or ", ", ").replace(" or ", ", ").split(",")]
    return [w for w in out if w]


def _stat_values(t: M.Target) -> tuple[tuple[str, int], ...]:
    """"2 / 2", "4 ATK / 4 health" among a token's words -> (("atk", 2), ("health", 2))."""
    import re
    for q in t.qualities:
        numbers = re.findall(r"\d+", q)
        if "/" in q and len(numbers) == 2:
            return (("atk", int(numbers[0])), ("health", int(numbers[1])))
    return ()


def _same_restriction(a, b) -> bool:
    """Two restrictions of the same players on the same objects (their actions differ)."""
    if not (isinstance(a, M.Restriction) and isinstance(b, M.Restriction)):
        return False
    return a.verb == b.verb and a.who == b.who and a.what == b.what and a.by == b.by and \
        a.only == b.only and a.what is not None


_POSITIONS = {"on the bottom": "bottom", "on top": "top", "on the top": "top"}


class _Several(list):
    """Several effects from one clause ("+1 speed and +1 damage"); the caller splices them."""


DAMAGE_TYPES = frozenset({"physical", "arcane", "fire", "frost", "nature", "shadow", "holy",
                          "melee", "ranged", "combat", "arcane", "poison"})


_POSSESSIVE_DETS = frozenset({"its", "their", "his", "her", "your"})
# where a clause's object goes or comes from ("into your hand", "to its owner's hand")
_CLAUSE_PREPS = frozenset({"into", "onto", "to", "on top of", "from", "out of", "off"})


def _take_adverbial(np, prep: str) -> list[PP]:
    """The clause's "<prep> <doing>" phrases ("without paying its cost", "rather than pay
    this card's cost") where the grammar hung them on ``np``: a "without <doing>" post of it,
    an item of its relative clause ("1 Gold you control rather than pay ..."), or the same on
    the noun phrases its "from" / "in" / "of" posts hold ("this unit from your hand without
    paying ...") or on the members of a list. Each is left on the noun phrase as a post of
    kind "clause pp", which the noun-phrase reader skips and a second reading of the clause
    finds again."""
    if isinstance(np, list):
        return [pp for item in np for pp in _take_adverbial(item, prep)]
    posts = getattr(np, "posts", None)
    if not posts:
        return []
    found: list[PP] = []
    kept: list = []
    changed = False
    for p in posts:
        if p.kind == "clause pp" and p.word == prep:
            found.append(p.body)
        elif p.kind == "without doing" and prep == "without":
            pp = PP("without", p.body, p.span)
            found.append(pp)
            p = Post("clause pp", prep, pp, p.span)
            changed = True
        elif p.kind == "rel":
            subject, group, items = p.body
            mine = [i for i in items if isinstance(i, PP) and i.prep == prep
                    and isinstance(i.obj, VP)]
            if mine:
                found += mine
                p.body = (subject, group, [i for i in items if not any(i is m for m in mine)])
                kept.append(p)
                kept.extend(Post("clause pp", prep, m, m.span) for m in mine)
                changed = True
                continue
        elif p.kind in ("in", "of") and isinstance(p.body, (NounPhrase, list)):
            found += _take_adverbial(p.body, prep)
        kept.append(p)
    if changed:
        np.posts = kept
    return found


def _post_of(np, kind: str):
    return next((p for p in getattr(np, "posts", ()) if p.kind == kind), None)


def _counted(np: NounPhrase) -> bool:
    """A noun phrase with its own number or determiner ("2 damage", "a card", "your hero")."""
    first = np.words[0] if np.words else None
    return first is not None and kind_of(first) in ("INT", "XVAR", "NUM_WORD", "DET", "POSS",
                                                    "AMOUNT_WORD", "PRONOUN")


def _coordinate(items: list, obj, word: str) -> None:
    """Add ``obj`` ("... or hero", "..., ally") to the last noun phrase of ``items``: the
    innermost one ("deal 2 damage to a target unit or Phoenixborn": to the unit)."""
    for i in range(len(items) - 1, -1, -1):
        item = items[i]
        if isinstance(item, Causative):
            # "have your hero deal 2 damage to target hero or ally": to the agent's verb phrase
            _coordinate(item.vp.items, obj, word)
            return
        if isinstance(item, (NounPhrase, Pronoun)):
            holder = _innermost(item)
            if holder is not None:
                post = holder
                post.body = _joined(post.body, obj, word)
            else:
                items[i] = _joined(item, obj, word)
            return
        if isinstance(item, list):
            item.append(obj)
            return
        if isinstance(item, PP):
            holder = _innermost(item.obj) if isinstance(item.obj, (NounPhrase, Pronoun)) else None
            if holder is not None:
                holder.body = _joined(holder.body, obj, word)
            else:
                item.obj = _joined(item.obj, obj, word)
            return
    items.append(obj)


def _joined(first, obj, word: str):
    if isinstance(first, list):
        first.append(obj)
        return first
    if word == "and/or":
        return _AndOr([first, obj])
    return [first, obj] if word != "and" else _Both([first, obj])


def _innermost(np):
    """The last post-modifier of ``np`` (or of the noun phrase nested in it) that holds a noun
    phrase a coordinated object belongs to ("to", "of", "in", "on")."""
    posts = getattr(np, "posts", ())
    if not posts:
        return None
    last = posts[-1]
    if last.kind in ("to", "of", "in", "under", "with", "other than") and \
            isinstance(last.body, (NounPhrase, Pronoun, list)):
        if isinstance(last.body, (NounPhrase, Pronoun)):
            deeper = _innermost(last.body)
            if deeper is not None:
                return deeper
        return last
    return None




def _bare_sign(change: Change) -> bool:
    """A change printed as a sign with no number ("+ATK equal to ..."): its amount is the
    "equal to" after it."""
    return len(change.parts) == 1 and change.parts[0][0] in ("+", "-")


def _coordinate_change(items: list, change: Change) -> None:
    for item in reversed(items):
        if isinstance(item, Change):
            item.parts.extend(change.parts)
            item.joiner = "or"
            return
    items.append(change)


def _divided(parts) -> bool:
    """"divided as you choose": an adverb of the clause, or after the amount's noun ("deals 3
    nature damage divided as you choose to ...", "heals 8 damage divided as you choose from
    ...", "deal that much divided as you choose among ... instead")."""
    return "divided as you choose" in parts.adverbs or any(
        p.kind == "adverb" and p.word.lower() == "divided as you choose"
        for o in parts.objects for p in getattr(o, "posts", ()))


def _shares_condition(first: M.Effect, second: M.Effect) -> bool:
    """"[who] can't X or Y unless ...": ``second`` is the same restriction of ``who`` under a
    condition, ``first`` the restriction before "or" with none of its own."""
    if not (isinstance(first, M.Restriction) and isinstance(second, M.Conditional)
            and not second.otherwise and len(second.then) == 1):
        return False
    r = second.then[0]
    return (isinstance(r, M.Restriction) and r.verb == first.verb == "can't"
            and r.who == first.who and r.what == first.what and r.by == first.by
            and first.duration is None and first.only is None and r.only is None)


def _printed_number(np) -> int | None:
    """The number a noun phrase is when it is only a number ("3", "three"), else None."""
    words = getattr(np, "words", None)
    if not words or len(words) != 1 or getattr(np, "posts", None):
        return None
    n = number(words[0])
    return n if isinstance(n, int) else None


def _capped(core: list, cap, span) -> M.Effect:
    """"+1 damage for each ... (max. +8)", "..., to a maximum of 3": the one effect's number
    never exceeds the cap (``Amount.maximum``). With no single number to cap the clause has no
    value (unparsed, never the cap dropped)."""
    at = span.start if span is not None else None
    text = str(cap).strip().lstrip("+")
    n = int(text) if text.isdigit() else None
    if len(core) != 1 or not isinstance(n, int) or isinstance(core[0], M.Other):
        raise NoValue("a maximum with no single number to cap has no value", at)
    e = core[0]
    amount = getattr(e, "amount", None)
    if isinstance(amount, M.Amount) and _varies(amount):
        return replace(e, amount=replace(amount, maximum=abs(n)))
    what = getattr(e, "what", None)
    if isinstance(e, M.Move) and isinstance(what, M.Target) and what.count is not None and \
            _varies(what.count):
        return replace(e, what=replace(what, count=replace(what.count, maximum=abs(n))))
    raise NoValue("a maximum with no varying number to cap has no value", at)


def _varies(amount: M.Amount) -> bool:
    """A number a maximum can cap: one that depends on the game ("for each", X, a quantity);
    a cap on a printed constant ("pay 1 less, to a maximum of 1") says something else."""
    return amount.per is not None or bool(amount.variable) or amount.defined_as is not None


def _up_to_cap(items) -> tuple | None:
    """(N, the "up to" phrase, the change) when a clause's items end in "up to +N" after
    another change; else None."""
    for i in range(1, len(items) - 1):
        np, ch = items[i], items[i + 1]
        if isinstance(np, NounPhrase) and not np.posts and len(np.words) == 1 and \
                word_of(np.words[0]) == "up to" and isinstance(ch, Change) and \
                len(ch.parts) == 1 and not ch.parts[0][1] and i + 2 == len(items) and \
                any(isinstance(x, Change) for x in items[:i]):
            text = ch.parts[0][0]
            if text.startswith("+") and text[1:].isdigit():
                return int(text[1:]), np, ch
    return None


def _counter_kind(what: M.Target) -> str:
    """The kind of counter or token a phrase names: its qualities and printed name ("wound",
    "Energy counter", "Dupli-Arms counters": the name was dropped), else its other nouns."""
    words = [q for q in what.qualities if q.lower() != "other"] + \
        ([what.name] if what.name else [])
    return " ".join(words) or " ".join(k for k in what.kinds if k not in ("counter", "token"))

def _without_post(np, word: str):
    """``np`` without its post-modifier of preposition ``word`` ("1 damage" of "1 damage to
    a target unit")."""
    posts = getattr(np, "posts", None)
    if not posts or not isinstance(np, NounPhrase):
        return np
    kept = [p for p in posts if p.word != word and p.kind != word]
    if len(kept) == len(posts):
        return np
    end = max([np.words[-1].end_pos] + [p.span.end for p in kept if p.span is not None]) \
        if np.words and hasattr(np.words[-1], "end_pos") else None
    span = M.Span(np.span.start, end) if np.span is not None and end is not None else np.span
    return NounPhrase(list(np.words), kept, span)


def _capitalised_run(text: str) -> str:
    """The printed words from the first capitalised one to the last (a name with "or", "and"
    and commas between its parts: "Spectral Fire or Water"); "" when none."""
    words = text.replace(",", " ,").split()
    caps = [i for i, w in enumerate(words) if w[:1].isupper() and w.lower() not in
            _TOKEN_FILLER]
    if not caps:
        return ""
    return " ".join(words[caps[0]:caps[-1] + 1]).replace(" ,", ",")


def _read_inside(span, core: list) -> bool:
    """Whether a value of ``core`` was made from words inside ``span``."""
    if span is None:
        return False
    return any(span.start <= s.start < span.end for s in M.spans_inside(core, []))


def _unread_phrases(parts: Parts, core: list) -> list:
    """The prepositional phrases of a clause that no value of its effects was made from (no
    value's span starts inside the phrase): read by no frame."""
    if not parts.pps or any(isinstance(e, M.Other) for e in core):
        return []
    spans = M.spans_inside(core, [])
    out = []
    for p in parts.pps:
        ps = p.span
        if ps is None:
            continue
        if not any(ps.start <= s.start < ps.end for s in spans):
            out.append(p)
    return out


_STATE_JOINERS = ((" or ", "any"), (" and/or ", "any"), (" and ", "all"))


def _joined_states(text: str, joiner: str) -> bool:
    """Is ``text`` two state words the lexer joined ("attacking or countering"; not a
    comparison such as "5 or more")?"""
    halves = text.split(joiner)
    return len(halves) == 2 and all(h.isalpha() and h not in _NOT_STATES for h in halves)


_NOT_STATES = frozenset({"more", "less", "fewer", "greater", "higher", "lower"})


def _either_state(cond: M.Condition) -> M.Condition:
    """A state the lexer joined ("is attacking or countering this unit", judge.cards.lexer.
    _join_states): one "is" condition per state, any (or "all", for "and") of them."""
    if cond.test != "is":
        return cond
    for joiner, test in _STATE_JOINERS:
        if _joined_states(cond.state, joiner):
            parts = tuple(replace(cond, state=state) for state in cond.state.split(joiner))
            return M.Condition(kind=cond.kind, test=test, subject=cond.subject, parts=parts,
                               negated=cond.negated, text=cond.text, span=cond.span)
        obj = cond.object
        joined = [q for q in obj.qualities if _joined_states(q, joiner)] if obj is not None \
            else []
        if len(joined) == 1:
            at = obj.qualities.index(joined[0])
            parts = tuple(replace(cond, object=replace(obj, qualities=obj.qualities[:at] + (
                state,) + obj.qualities[at + 1:])) for state in joined[0].split(joiner))
            return M.Condition(kind=cond.kind, test=test, subject=cond.subject, parts=parts,
                               negated=cond.negated, text=cond.text, span=cond.span)
    return cond
