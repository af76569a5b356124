"""Flesh and Blood card text (CR 1.4; the-fab-cube "Functional Text") -> :mod:`judge.cards.model`
values (grammar ``grammar/card_fab.lark`` on ``card_common.lark``).

Bold text (``**...**``) is a keyword, read as one token: so keywords are recognised by their
markup, not from a list, and cited when the rules' glossary defines them. A paragraph is

* keywords ("**Go again**", "**Blade Break**", "**Arcane Barrier 1**"): an ability of kind
  ``keyword``;
* a typed ability ("**Once per Turn Action** - {r}{r}: **Attack**", "**Instant** - Destroy this:
  ..."): ``timing`` (action, instant, attack reaction ...), ``limit`` ("once per turn"), costs
  (resources {r}, chi {c}, actions paid as a cost) and effects;
* a labelled ability ("**Crush** - When this deals 4 or more damage ...", "**Contract** - ..."):
  the label is a keyword of the ability;
* sentences. A bold keyword alone as a sentence after other effects ("**Opt 2**", "Then
  **clash**") is a :class:`~judge.cards.model.KeywordAction`; "**go again**" is always the
  ability's keyword.

"Choose 1;" / "Choose N:" and the "- ..." lines after it are a modal
:class:`~judge.cards.model.Choice`.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator
from pathlib import Path

from lark import Token

from judge.cards import model as M
from judge.cards.model import replace
from judge.cards.frames import Simple
from judge.cards.game import GameReader, _Holder, piece_of, split_at
from judge.cards.links import first_citation
from judge.cards.nouns import COMMON_ZONES, Vocabulary, base
from judge.cards.reader import Piece, paragraphs
from judge.cards.syntax import Item, Statement, VP, span_of
from judge.cards.transformer import CardTransformer, NoValue
from judge.errors import UsageError

GAME = "fab"

VOCABULARY = Vocabulary(
    zones={**COMMON_ZONES, "arsenal": "arsenal", "soul": "soul", "hero's soul": "soul",
           "hero 's soul": "soul",          # the lexer's phrase: "'s" is a word of its own
           "pitch zone": "pitch", "pitch": "pitch", "banished zone": "banished",
           "graveyard": "graveyard", "deck": "deck", "hand": "hand", "arena": "arena",
           "combat chain": "combat chain", "play": "arena"},
    icons={"{p}": "power", "{d}": "defense", "{h}": "life", "{i}": "intellect",
           "{r}": "resource", "{c}": "chi"},
    players=frozenset({"player", "opponent"}),
    stats={"power": "power", "defense": "defense", "life": "life", "cost": "cost",
           "intellect": "intellect", "pitch": "pitch", "damage": "damage"},
    # a card's printed cost is its resource cost {r} (fab-1.4 9.2.5; additional costs are
    # printed as text, 15.5.1b)
    whole_costs=frozenset({"cost", "{r} cost", "resource cost"}),
    # a noun post-modifier no reading holds makes its sentence unread (never dropped)
    name_unread_posts=True,
)

# ability types printed in bold before a dash (CR 1.4 3.x)
_TIMINGS = ("action", "instant", "attack reaction", "defense reaction", "reaction",
            "attack", "activate")
_LIMIT = re.compile(r"^(once|twice) per turn\s+", re.I)
_BOLD = re.compile(r"\*\*(.+?)\*\*", re.S)
_TYPED_HEAD = re.compile(r"^((once|twice) per turn\s+)?(action|instant|attack reaction|"
                         r"defense reaction|reaction)$", re.I)


def cite(*terms: str) -> str | None:
    return first_citation(GAME, *[t for t in terms if t])


def keyword_citation(name: str) -> str | None:
    words = name.split()
    terms = [name]
    if words and words[-1].upper() == "X" or (words and words[-1].isdigit()):
        terms = [" ".join(words[:-1]) + " N", " ".join(words[:-1])]
    return cite(*terms)


def keyword(text: str, span: M.Span | None) -> M.Keyword:
    """"Arcane Barrier 1" -> Keyword("Arcane Barrier", 1); "Go again" -> Keyword("Go again")."""
    words = text.strip(" .,;:").split()
    value = None
    if len(words) > 1 and (words[-1].isdigit() or words[-1].upper() == "X"):
        last = words[-1]
        value = M.Amount(value=int(last), text=last) if last.isdigit() else \
            M.Amount(variable="X", text=last)
        words = words[:-1]
    name = " ".join(words)
    citation = keyword_citation(text.strip(" .,;:"))
    if citation is not None:
        # the rules' spelling: "dominate" -> "Dominate", "ARCANE BARRIER" -> "Arcane Barrier"
        term = citation.split(" ", 1)[-1].removesuffix(" N")
        if term.lower() == name.lower():
            name = term
    return M.Keyword(name=name, value=value, citation=citation, span=span)


def _start(item) -> int | None:
    span = span_of(item)
    return span.start if span is not None else None


class _Costs(list):
    """Several costs read from one cost phrase ("Banish this and a card from your soul")."""


def _is_this(t: M.Target | None) -> bool:
    return t is None or (t.ref == "this" and not t.kinds and not t.qualities and not t.filters
                         and not t.targeted)


class FabTransformer(CardTransformer):
    def plain_sentence(self, children):
        st = children[0]
        if len(st.effects) == 1 and isinstance(st.effects[0], M.Gain) and \
                st.effects[0].keyword is not None and st.effects[0].keyword.name == "Go again" \
                and st.effects[0].verb == "gain" and st.trigger is None and st.condition is None \
                and _is_this(st.effects[0].target) and st.effects[0].duration is None:
            # "Go again" alone: the card's keyword ("Target sword attack gains **go again**"
            # and "the next attack ... gains **go again**" give it to something else)
            st.mark = "keywords"
            st.during = [st.effects[0].keyword]
        return st

    def kw_sentence(self, children):
        kws = [c for c in children if isinstance(c, Token) and base(c.type) == "KW"]
        where = next((c for c in children if isinstance(c, Item)), None)
        keywords = [keyword(str(k), span_of(k)) for k in kws]
        if where is not None and keywords:
            q = self.frames.where_quantity(where.value)
            k = keywords[-1]
            if k.value is not None and k.value.variable == "X":
                keywords[-1] = replace(k, value=replace(k.value, defined_as=q))
        st = Statement((), span_of(children))
        st.mark = "keywords"
        st.during = keywords
        if any(base(c.type) == "THEN" for c in children if isinstance(c, Token)):
            st.mark = "keyword action"
        return st

    def kw_statement(self, children):
        kws = [keyword(str(c), span_of(c)) for c in children
               if isinstance(c, Token) and base(c.type) == "KW"]
        where = next((c for c in children if isinstance(c, Item) and c.kind == "where x"), None)
        k = kws[-1]
        if where is not None and k.value is not None and k.value.variable == "X":
            kws[-1] = replace(k, value=replace(k.value, defined_as=self.frames.where_quantity(
                where.value)))
        st = Statement(tuple(_keyword_effect(k) for k in kws), span_of(children))
        st.mark = "keywords"
        st.during = kws
        return st

    def kw_clause(self, children):
        """"**Negate** target instant card", "**transform** it into this": a keyword as an
        instruction with its object."""
        return self._kw_instruction(children[0], self.reader.target(children[1]),
                                    children[1:2], children[2:])

    def kw_clause_pp(self, children):
        """"**clash** with the attacking hero": a keyword as an instruction with no object,
        what follows it in prepositions."""
        return self._kw_instruction(children[0], None, [], children[1:])

    def _kw_instruction(self, kw, target, head: list, tail: list):
        """The keyword ``kw`` as an instruction on ``target``; ``tail``: its prepositions
        ("into this", "with the attacking hero") and the steps after ", then"."""
        from judge.cards.syntax import PP, VP, Clause
        k = keyword(str(kw), span_of(kw))
        rest = [c for c in tail if not isinstance(c, VP)]
        to = with_ = None
        for item in rest:
            if isinstance(item, PP) and item.prep in ("into", "onto", "to") and to is None:
                to = self.reader.target(item.obj)       # "**transform** it into this"
            elif isinstance(item, PP) and item.prep == "with" and with_ is None:
                with_ = self.reader.target(item.obj)    # "**clash** with the attacking hero"
            elif not isinstance(item, Token):
                raise NoValue(f"what follows {k.name!r} here has no value", _start(item))
        effects = [M.KeywordAction(verb=k.name.lower(), keyword=k, target=target, to=to,
                                   with_=with_, span=span_of([kw, *head, *rest]))]
        children = [kw, *head, *tail]
        for vp in (c for c in children if isinstance(c, VP)):
            # ", then equip this": the next step, same doer
            for e in self.frames.effects(Clause(None, vp, [], vp.span)):
                effects.extend(e if isinstance(e, list) else [e])
        return Statement(tuple(effects), span_of(children))

    def embedded_ability(self, children):
        """"**Once per Turn Action** - {r}{r}{r}: **Attack**" inside a sentence."""
        head = str(next(c for c in children if isinstance(c, Token) and base(c.type) == "KW"))
        limit = ""
        m = _LIMIT.match(head)
        if m:
            limit = m.group(0).strip().lower()
            head = head[m.end():]
        icons = [c for c in children if isinstance(c, Token) and base(c.type) == "ICON"]
        number = [c for c in children if isinstance(c, Token) and base(c.type) == "INT"]
        cost = self.cost_icons(icons) if icons else self.cost_number(number)
        kws = [c for c in children if isinstance(c, Token) and base(c.type) == "KW"][1:]
        effects = []
        keywords = []
        for k in kws:
            for part in str(k).split("."):
                if not part.strip():
                    continue
                if part.strip().lower() == "attack":
                    effects.append(M.Attack(verb="attack", span=span_of(k)))
                else:
                    keywords.append(keyword(part, span_of(k)))
        ability = M.Ability(kind="activated", effects=tuple(effects), costs=(cost,),
                            keywords=tuple(keywords), timing=head.lower(), limit=limit,
                            citation=cite(head.lower(), "activated abilities"),
                            span=span_of(children))
        return Item("granted", (ability,), span_of(children))

    def np_rel_kw(self, children):
        from judge.cards.syntax import Post, Pronoun
        pronoun, kw = children[0], children[1]
        ev = M.Event(verb=str(kw).lower(), subject=self.reader.pronoun(
            Pronoun(str(pronoun).lower(), [], span_of(pronoun))), object=M.Target(ref="it"),
            text=self.phrase(span_of(children)), span=span_of(children))
        cond = M.Condition(kind="that", test="event", event=ev, text=ev.text, span=ev.span)
        return Post("filter", "", cond, span_of(children))

    def keyword_action(self, children):
        """A sentence that is capitalised words (and a number): a keyword the rules define
        ("Dominate", "Spellvoid 1", "Arcane Barrier 3")."""
        from judge.cards.transformer import NotAKeyword
        words = [w for w in children[0] if isinstance(w, Token)]
        text = " ".join(str(w) for w in words)
        if not words or not str(words[0])[:1].isupper() or any(
                base(w.type) in ("DET", "POSS", "QUOTED") for w in words):
            raise NotAKeyword(text)
        k = keyword(text, span_of(children))
        if k.citation is None:
            raise NotAKeyword(text)
        st = Statement((_keyword_effect(k),), span_of(children))
        st.mark = "keywords"
        st.during = [k]
        return st

    def keyword(self, np):
        words = np.words
        if len(words) == 1 and isinstance(words[0], Token) and base(words[0].type) == "KW" \
                and not any(p.kind != "duration" for p in np.posts):
            return keyword(str(words[0]), np.span)
        found = super().keyword(np)
        if found is None and words and not np.posts and all(
                isinstance(w, Token) and base(w.type) not in ("DET", "POSS") for w in words):
            # "gains +1{p} and dominate": a keyword the rules define, printed plainly
            k = keyword(" ".join(str(w) for w in words), np.span)
            if k.citation is not None:
                return k
        return found

    def keyword_named(self, name, value, span):
        citation = keyword_citation(name)
        return M.Keyword(name=name, value=value, citation=citation, span=span) if citation \
            else None

    # costs
    def costs(self, children):
        out = []
        for c in children:
            if isinstance(c, _Costs):
                out.extend(c)
            elif isinstance(c, M.Cost):
                out.append(c)
        return tuple(out)

    def cost_icons(self, children):
        icons = [str(c).lower() for c in children]
        kinds = {"{r}": "resource", "{c}": "chi", "{t}": "exhaust", "{u}": "ready"}
        kind = kinds.get(icons[0], "resource")
        if kind == "exhaust":
            return M.Cost(kind="exhaust", span=span_of(children))
        return M.Cost(kind=kind, amount=M.Amount(value=len(icons)), detail=icons[0],
                      span=span_of(children))

    def cost_number(self, children):
        text = str(children[0])
        return M.Cost(kind="resource", amount=M.Amount(value=int(text), text=text),
                      span=span_of(children))

    def cost_action(self, children):
        vp = children[0]
        from judge.cards.syntax import Clause
        clause = Clause(None, vp, [c for c in children[1:] if not isinstance(c, Token)],
                        span_of(children))
        effects = []
        for e in self.frames.effects(clause):
            effects.extend(e if isinstance(e, list) else [e])
        costs = []
        for eff in effects:
            if isinstance(eff, M.Exhaust):
                costs.append(M.Cost(kind="exhaust", what=eff.target if eff.target is not None
                                    and eff.target.ref != "this" else None, span=eff.span))
            else:
                costs.append(M.Cost(kind="effect", effect=eff, span=eff.span))
        return costs[0] if len(costs) == 1 else _Costs(costs)


def _go(f, s, parts, subject, span):
    """"Go again" printed without bold: the keyword."""
    if parts.again and not parts.objects and subject is None:
        k = M.Keyword(name="Go again", citation=keyword_citation("go again"), span=span)
        return M.Gain(verb="gain", resource="keyword", keyword=k, target=M.Target(ref="this"),
                      span=span)
    return None


def _keyword_verb(f, s, parts, subject, span):
    """A keyword the rules define printed as a plain verb: "opt 2", "clash", "mark target
    hero" - the keyword as an instruction, its number its value, its object its target."""
    from judge.cards.syntax import NounPhrase, Pronoun
    lemma = {"transform c": "transform"}.get(s.group.lemma, s.group.lemma)
    to = with_ = None
    for pp in parts.pps:
        if pp.prep in ("into", "to") and to is None:
            to = f.r.target(pp.obj)             # "may **transform** into ..."
        elif pp.prep == "with" and with_ is None:
            with_ = f.r.target(pp.obj)          # "may **clash** with the attacking hero"
        else:
            return None
    if subject is not None and subject.ref != "you" or parts.changes or \
            parts.durations or parts.quoted is not None or parts.for_each is not None or \
            len(parts.objects) > 1:
        return None
    value = target = None
    if parts.objects:
        obj = parts.objects[0]
        n = f.r.number_phrase(obj)
        if n is not None:
            value = n
        else:
            posts = list(getattr(obj, "posts", ()) or ())
            if isinstance(obj, NounPhrase) and posts and posts[-1].kind == "with" and \
                    isinstance(posts[-1].body, Pronoun) and with_ is None:
                # "**wager** a Might token with them": with whom, not a token's filter
                with_ = f.r.target(posts[-1].body)
                obj = NounPhrase(obj.words, posts[:-1], span_of(obj.words, posts[:-1]))
            target = f.r.target(obj)
    # the verbs are FaB's keyword verbs (card_fab.lark); a later rules text defines those
    # fab-1.4 does not ("clash", "mark"): no citation then
    citation = keyword_citation(lemma + (" N" if value is not None else ""))
    k = M.Keyword(name=lemma, value=value, citation=citation, span=s.group.span or span)
    return M.KeywordAction(verb=lemma, keyword=k, target=target, to=to, with_=with_, span=span)


FRAMES = {"go": _go, **{v: _keyword_verb for v in (
    "opt", "amp", "boost", "charge", "clash", "fuse", "temper", "wager", "mark", "surge",
    "crank", "reload", "freeze", "thaw", "transcend", "galvanize", "transform",
    "transform c")}}


def _keyword_effect(k: M.Keyword) -> M.Effect:
    """A keyword in a statement's place: "go again" is gained by the card, any other is an
    instruction ("**amp 1**", "**clash**")."""
    if k.name == "Go again":
        return M.Gain(verb="gain", resource="keyword", keyword=k, target=M.Target(ref="this"),
                      span=k.span)
    return M.KeywordAction(verb=k.name.lower(), keyword=k, span=k.span)


class FabReader(GameReader):
    game = GAME
    grammar_file = "card_fab.lark"
    # "during their next action phase", "during their next turn": only the next one is a
    # duration ("During your action phase, ..." is read as the phase it is in)
    periods = ("next action phase", "next turn")
    start = ("sentence", "costs")
    default_kind = "spell"

    def make_transformer(self):
        return FabTransformer(VOCABULARY, FRAMES)

    def icon_terminal(self, text: str) -> str | None:
        return "V_TAP_ICON" if text.lower() == "{t}" else None

    def parse(self, text: str, *, strict: bool = False, name: str | None = None) -> M.CardText:
        self._bold = [(m.start(1), m.end(1)) for m in _BOLD.finditer(text)]
        card = super().parse(text, strict=strict, name=name)
        return replace(card, abilities=tuple(_attach_options(list(card.abilities))))

    def paragraphs(self, text: str, tokens: list[Token]) -> list[Piece]:
        return paragraphs(text, _bold_keywords(text, tokens, self._bold))

    def paragraph(self, piece: Piece) -> list[M.Ability]:
        tokens = piece.tokens
        if tokens and base(tokens[0].type) == "DASH_LINE":
            return self._option(piece)
        if len(tokens) > 2 and base(tokens[0].type) == "KW" and base(tokens[1].type) == "DASH":
            return self._headed(piece)
        dash = next((i for i, t in enumerate(tokens[:6]) if base(t.type) == "DASH"), None)
        head_words = " ".join(str(t) for t in tokens[:dash]) if dash else ""
        if dash and (all(str(t)[:1].isupper() for t in tokens[:dash])
                     or _TYPED_HEAD.match(head_words)):
            # "High Tide - If ...": a label printed without bold
            label = " ".join(str(t) for t in tokens[:dash])
            kw = Token("KW", label, tokens[0].start_pos, None, None,
                       end_pos=tokens[dash - 1].end_pos)
            return self._headed(Piece([kw] + tokens[dash:], piece.start, piece.end))
        return self._plain(piece, tokens)

    def _plain(self, piece: Piece, tokens) -> list[M.Ability]:
        statements = self.statements(piece_of(tokens)) if tokens else []
        keywords: list[M.Keyword] = []
        rest: list = []
        for st in statements:
            led = st.trigger is not None or st.condition is not None or st.duration is not None
            if st.mark in ("keywords", "keyword action") and led:
                rest.append(st)                 # "whenever ..., **amp 1**": an instruction
                continue
            if st.mark in ("keywords", "keyword action"):
                is_action = st.mark == "keyword action" or (
                    rest and not all(k.name == "Go again" for k in st.during))
                if is_action:
                    for k in st.during:
                        if k.name == "Go again":
                            keywords.append(k)
                        else:
                            eff = M.KeywordAction(verb=k.name.lower(), keyword=k, span=k.span)
                            action = Statement((eff,), k.span)
                            rest.append(action)
                else:
                    keywords.extend(st.during)
                continue
            rest.append(st)
        abilities = self.assemble(rest)
        if keywords:
            if abilities and not any(a.trigger for a in abilities) and len(abilities) == 1:
                a = abilities[0]
                abilities = [replace(a, keywords=a.keywords + tuple(keywords))]
            else:
                abilities.append(M.Ability(kind="keyword", keywords=tuple(keywords),
                                           citation=keywords[0].citation,
                                           span=M.Span(piece.start, piece.end)))
        return abilities

    def _headed(self, piece: Piece) -> list[M.Ability]:
        tokens = piece.tokens
        head = str(tokens[0]).strip(" .")
        rest = tokens[2:]
        limit = ""
        m = _LIMIT.match(head)
        if m:
            limit = m.group(0).strip().lower()
            head = head[m.end():]
        timing = head.lower() if head.lower() in _TIMINGS else ""
        costs: tuple = ()
        split = split_at(rest, "COLON") if timing else None
        if split is not None and split[0]:
            parsed = self.run(piece_of(split[0]), "costs")
            if parsed.error:
                self.fail(piece_of(split[0]), parsed)
            else:
                costs = parsed.value
            rest = split[1]
        abilities = self._plain(Piece(rest, piece.start, piece.end), rest) if rest else []
        effects: tuple = ()
        trigger = None
        keywords: tuple = ()
        for a in abilities:
            effects += a.effects
            trigger = trigger or a.trigger
            keywords += a.keywords
        if timing:
            kind = "activated" if costs or timing in ("action", "instant", "activate",
                                                      "attack reaction", "defense reaction") \
                else "static"
            # "{r}{r}: **Attack**", "**Attack. Go again**": the ability attacks (an effect),
            # go again is its keyword
            split_kws: list = []
            for k in keywords:
                split_kws.extend(keyword(part, k.span) for part in k.name.split(". ")
                                 if part.strip()) if ". " in k.name else split_kws.append(k)
            attack = [k for k in split_kws if k.name.lower() == "attack"]
            if attack:
                effects += (M.Attack(verb="attack", span=attack[0].span),)
                keywords = tuple(k for k in split_kws if k.name.lower() != "attack")
            return [M.Ability(kind=kind, effects=effects, trigger=trigger, costs=costs,
                              keywords=keywords, timing=timing, limit=limit,
                              citation=cite(timing, "activated abilities"),
                              span=M.Span(piece.start, piece.end))]
        label = keyword(head, span_of(tokens[0]))
        kind = "triggered" if trigger is not None else (abilities[0].kind if abilities
                                                        else "keyword")
        return [M.Ability(kind=kind, effects=effects, trigger=trigger,
                          keywords=(label,) + keywords, label=label.name, limit=limit,
                          citation=label.citation, span=M.Span(piece.start, piece.end))]

    def _option(self, piece: Piece) -> list[M.Ability]:
        tokens = piece.tokens[1:]
        abilities = self._plain(Piece(tokens, piece.start, piece.end), tokens) if tokens else []
        effects = tuple(e for a in abilities for e in a.effects)
        keywords = tuple(k for a in abilities for k in a.keywords)
        if keywords and not effects:
            effects = tuple(M.Gain(verb="gain", resource="keyword", keyword=k,
                                   target=M.Target(ref="this"), span=k.span) for k in keywords)
        return [M.Ability(kind="option", effects=effects, span=M.Span(piece.start, piece.end))]


def _bold_keywords(text: str, tokens: list[Token], bold: list[tuple[int, int]]) -> list[Token]:
    """Tokens inside one **bold** span become one KW token (the bold text); a "-" that starts a
    line is an option marker (DASH_LINE)."""
    out: list[Token] = []
    bi = 0
    i, n = 0, len(tokens)
    while i < n:
        tok = tokens[i]
        while bi < len(bold) and bold[bi][1] <= tok.start_pos:
            bi += 1
        if bi < len(bold) and bold[bi][0] <= tok.start_pos < bold[bi][1]:
            start, end = bold[bi]
            j = i
            while j < n and tokens[j].start_pos < end:
                j += 1
            inner = text[start:end]
            words = inner.strip()
            if words.rstrip(".").strip() and not (j - i == 1 and base(tok.type) == "SELF"):
                trailing = words.endswith(".")
                core = words.rstrip(".").strip()
                last = tokens[j - 1]
                kw_end = last.end_pos - (1 if trailing and str(last) == "." else 0)
                out.append(Token("KW", core, tokens[i].start_pos, None, None, end_pos=kw_end))
                if trailing and str(last) == ".":
                    out.append(last)
                i = j
                continue
        if str(tok) == "-" and (not out or "\n" in text[out[-1].end_pos:tok.start_pos]):
            out.append(Token("DASH_LINE", "-", tok.start_pos, None, None, end_pos=tok.end_pos))
            i += 1
            continue
        out.append(tok)
        i += 1
    # a keyword a player does ("Whenever you **boost**", "to **opt**") is a verb there
    for i in range(1, len(out)):
        if out[i].type == "KW" and base(out[i - 1].type) in ("PRONOUN", "TO_INF", "MODAL"):
            k = out[i]
            out[i] = Token("V_KW", str(k), k.start_pos, None, None, end_pos=k.end_pos)
    return out


def _attach_options(abilities: list[M.Ability]) -> list[M.Ability]:
    """"Choose 1;" then "- A" "- B": the options of the choice."""
    out: list[M.Ability] = []
    i = 0
    while i < len(abilities):
        a = abilities[i]
        j = i + 1
        options = []
        while j < len(abilities) and abilities[j].kind == "option":
            options.append(abilities[j].effects)
            j += 1
        if options:
            last = a.effects[-1] if a.effects else None
            if isinstance(last, M.Choose) and last.kind == "":
                pick = last.what.count if last.what is not None else M.Amount(value=1)
                choice = M.Choice(verb="choose", chooser=last.who, pick=pick,
                                  options=tuple(options), span=last.span)
                out.append(replace(a, effects=a.effects[:-1] + (choice,)))
            else:
                choice = M.Choice(verb="choose", pick=M.Amount(value=1), options=tuple(options),
                                  span=options[0][0].span if options[0] else None)
                out.append(replace(a, effects=a.effects + (choice,)))
            i = j
            continue
        out.append(a)
        i += 1
    return out


READER = FabReader()


def parse(text: str, *, strict: bool = False, name: str | None = None) -> M.CardText:
    """Parse FaB card text (the-fab-cube "Functional Text" markdown). ``name``: the card's own
    name (read as "this")."""
    return READER.parse(text, strict=strict, name=name)


def rules_used(text: str, *, name: str | None = None) -> set[str]:
    return READER.rules_used(text, name=name)


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
