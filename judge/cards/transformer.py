"""The card grammars' rule callbacks: each reduced rule of ``grammar/card_common.lark`` (and a
game's layer) becomes a syntax record (:mod:`judge.cards.syntax`) or, where the rule is a whole
clause, condition, trigger or statement, the values of :mod:`judge.cards.model` (through
:class:`judge.cards.frames.Frames`).

The transformer is handed to lark as the parser's ``transformer=`` (LALR calls each rule's
method as it reduces it: no parse tree is built). Methods take the rule's children as a list;
a rule imported from ``card_common`` under a namespace (``card_common__np``) reaches the method
of its plain name.
"""

from __future__ import annotations


from lark import Token, Transformer

from judge.cards import model as M
from judge.cards.model import replace
from judge.cards.errors import NoValue, NotAKeyword  # noqa: F401 - named here for the readers
from judge.cards.frames import Frames, _Several, form_of, lemma_of
from judge.cards.nouns import Reader, Vocabulary, base, number
from judge.cards.syntax import (Causative, Change, Clause, Conjunct, Item, NounPhrase, PP, Post,
                                Pronoun, Statement, VP, VerbGroup, span_of)

_DURATIONS = {
    "this turn": ("this turn", ""), "until end of turn": ("until end of turn", ""),
    "until the end of turn": ("until end of turn", ""),
    "until the end of the turn": ("until end of turn", ""),
    "until end of the turn": ("until end of turn", ""),
    "until the end of this turn": ("until end of turn", ""),
    "for the rest of the turn": ("until end of turn", ""),
    "for the rest of this turn": ("until end of turn", ""),
    "for the remainder of the turn": ("until end of turn", ""),
    "for the remainder of this turn": ("until end of turn", ""),
    "this round": ("this round", ""), "until the end of the round": ("this round", ""),
    "until end of round": ("this round", ""), "until the end of this round": ("this round", ""),
    "for the rest of the round": ("this round", ""), "for the rest of this round": ("this round", ""),
    "for the remainder of the round": ("this round", ""),
    "for the remainder of this round": ("this round", ""),
    "for the rest of the game": ("this game", ""), "this game": ("this game", ""),
    "until the end of the game": ("this game", ""), "until end of game": ("this game", ""),
    "for the remainder of the game": ("this game", ""),
    "until the end of your next turn": ("until end of next turn", "you"),
    "until end of your next turn": ("until end of next turn", "you"),
    "until the end of their next turn": ("until end of next turn", "they"),
    "until the start of your next turn": ("until start of next turn", "you"),
    "until the beginning of your next turn": ("until start of next turn", "you"),
    "until your next turn": ("until start of next turn", "you"),
    "until the start of their next turn": ("until start of next turn", "they"),
    "this combat chain": ("this chain", ""), "this chain link": ("this chain link", ""),
    "this phase": ("this phase", ""), "this step": ("this step", ""),
    "until end of phase": ("this phase", ""), "until the end of the phase": ("this phase", ""),
    "this combat phase": ("this combat", ""), "this combat": ("this combat", ""),
    "until end of combat": ("this combat", ""), "until the end of combat": ("this combat", ""),
    "for the rest of this combat phase": ("this combat", ""),
    "for the rest of the combat phase": ("this combat", ""),
    "this enhance step": ("this step", ""), "during this attack": ("this attack", ""),
    "until this leaves play": ("until", ""),
}
# The rest are composed: a lead ("for the rest of", "until the end of" ...), "the" / "this" /
# "that" (the period an event it follows happened in), and a period of the game; each reads as the period's kind above ("for the remainder of this
# attack" as "during this attack"). card_common.lark's DURATION lists the same phrases (a test
# checks the two agree).
DURATION_LEADS = ("for the rest of", "for the remainder of", "until the end of", "until end of")
DURATION_PERIODS = {"turn": "until end of turn", "round": "this round", "game": "this game",
                    "combat phase": "this combat", "phase": "this phase", "step": "this step",
                    "enhance step": "this step", "attack": "this attack",
                    "combat chain": "this chain", "chain link": "this chain link",
                    "battle": "this battle"}
for _lead in DURATION_LEADS:
    for _det in ("the ", "this ", "that ") + (("",) if _lead == "until end of" else ()):
        for _period, _kind in DURATION_PERIODS.items():
            _DURATIONS.setdefault(f"{_lead} {_det}{_period}", (_kind, ""))
# "for this attack", "during this Enhance Step": the period itself, as "this <period>" reads
DURATION_FOR = ("for", "during")
for _lead in DURATION_FOR:
    for _period, _kind in DURATION_PERIODS.items():
        _DURATIONS.setdefault(f"{_lead} this {_period}",
                              _DURATIONS.get(f"this {_period}", (_kind, "")))


class _Spliced:
    """The children of a rule lark splices into its parent ("_np_word", "x+" repetitions)."""
    __slots__ = ("children",)

    def __init__(self, children: list) -> None:
        self.children = children


class CardTransformer(Transformer):
    """Rule callbacks of the card grammars. One instance per parser; :meth:`begin` sets the
    card text before each parse (the values' words are read from it)."""

    def __init__(self, vocabulary: Vocabulary, frames_extra: dict | None = None) -> None:
        super().__init__(visit_tokens=False)
        self.vocabulary = vocabulary
        self.frames_extra = frames_extra or {}
        self.x_definitions: dict = {}       # span of an "X = ..." paragraph -> its quantity
        self.begin("")

    def begin(self, text: str) -> None:
        if text is getattr(self, "text", None):
            return          # the next sentence of the same card: the readers hold no more
        self.text = text
        self.reader = Reader(self.vocabulary, text)
        self.frames = Frames(self.reader, self.frames_extra, keyword=self.keyword,
                             ability_reader=self.quoted_abilities)

    def __getattr__(self, name: str):
        # lark names imported rules "<grammar>__<rule>"; serve them with the rule's method.
        if "__" in name and not name.startswith("_"):
            return getattr(self, name.rsplit("__", 1)[1])
        if name[:1] == "_" and not name.endswith("__"):
            # a rule named "_x" (and lark's "__x_star_n") is spliced into its parent: its
            # callback is the splice itself (what __default__ gives), without lark's default
            # handler and __default__ in between - about half the rules a parse reduces
            return _Spliced
        raise AttributeError(name)

    def __default__(self, data, children, meta):
        # a rule named "_x" (and lark's "__x_star_n" for repetitions) is spliced into its
        # parent, which takes only its ``children``: no tree for it
        if data[:1] == "_":
            return _Spliced(children)
        return super().__default__(data, children, meta)

    def phrase(self, span) -> str:
        return self.reader.phrase(span)

    # hooks for game layers
    def keyword(self, np: NounPhrase) -> M.Keyword | None:
        """A keyword named by a noun phrase of capitalised words (and a value): "Stealth",
        "Assault 2", "Ferocity" - when the rules of the game define it
        (:meth:`keyword_named`)."""
        words = np.words
        if not words or any(p.kind != "duration" for p in np.posts):
            return None
        value = None
        names = []
        for w in words:
            if isinstance(w, M.Amount):
                value = w
            elif isinstance(w, Token) and base(w.type) in ("INT", "XVAR") and names:
                text = str(w)
                value = M.Amount(value=int(text), text=text, span=span_of(w)) \
                    if text.isdigit() else M.Amount(variable="X", text=text, span=span_of(w))
            elif isinstance(w, Token) and not value and (
                    str(w)[:1].isupper() or base(w.type)[1:2] == "_"):
                names.append(str(w))        # capitalised, or a word of the game's own class
            else:
                return None
        if not names:
            return None
        return self.keyword_named(" ".join(names), value, np.span)

    def quoted_abilities(self, item: Item) -> tuple[M.Ability, ...]:
        if item.kind == "granted":
            return tuple(item.value)
        return tuple(alternate_cost(a) for a in self.abilities(item.value))

    # ================================================================ statements
    def paragraph(self, children):
        return [c for c in children if isinstance(c, Statement)]

    sentence = paragraph

    def triggered(self, children):
        trigger, st = children[0], children[-1]
        if trigger.event.would and st.trigger is None and (
                st.mark == "instead" or _prevents(st.effects) and trigger.kind == "next time"):
            # "The next time a source you control would deal damage this turn, instead ..."
            rep = M.Replacement(verb="instead", event=trigger.event, instead=self._wrap(st),
                                duration=trigger.event.within,
                                next_only=trigger.kind == "next time", span=span_of(children))
            out = Statement((rep,), span_of(children))
            return out
        if st.trigger is not None:
            # "When this hits, the next time they ..., ...": a delayed trigger
            inner = M.DelayedTrigger(verb="delayed trigger", trigger=st.trigger,
                                     effects=self._wrap(st), duration=st.duration,
                                     span=st.span)
            st = Statement((inner,), span_of(trigger, st))
        st.trigger = trigger
        st.span = span_of(trigger, st)
        return st

    def conditional(self, children):
        cond, st = children[0], children[-1]
        if cond.event is not None and cond.event.would and st.trigger is None and (
                st.mark == "instead" or _prevents(st.effects)):
            # "If your hero would be dealt damage, instead ...": a replacement (FaB 6.5)
            rep = M.Replacement(verb="instead", event=cond.event, instead=self._wrap(st),
                                duration=cond.event.within, span=span_of(children))
            return Statement((rep,), span_of(children))
        if st.condition is not None:
            st.effects = self._wrap(st)
            st.condition = None
        st.condition = cond
        st.span = span_of(cond, st)
        return st

    def elided_condition(self, children):
        """"If you reveal 1 or more, this gets **go again**. 2 or more, this gets +1{p}.": the
        condition of the sentence before, with another number (joined in :meth:`abilities`)."""
        st = children[-1]
        if st.mark or st.condition is not None or st.trigger is not None:
            raise NoValue("a number left for a condition, before a sentence that has its own",
                          span_of(children[0]).start)
        st.mark = "elided"
        number, word = str(children[0]).split(None, 1)
        st.during = (int(number), " ".join(word.lower().split()))
        st.span = span_of(children)
        return st

    def lead_duration(self, children):
        dur, st = children[0], children[-1]
        st.duration = dur
        st.span = span_of(dur, st)
        return st

    def _mark(self, mark):
        def method(children):
            st = children[-1]
            st.mark = mark
            st.span = span_of(children[0], st)
            return st
        return method

    def lead_then(self, children):
        return self._mark("then")(children)

    def otherwise(self, children):
        return self._mark("otherwise")(children)

    def lead_instead(self, children):
        return self._mark("instead")(children)

    def lead_also(self, children):
        return self._mark("also")(children)

    def lead_limit(self, children):
        limit, st = children[0], children[-1]
        st.limit = limit
        return st

    def lead_for_each(self, children):
        """"For each card they cannot draw, deal 1 damage ...": the statement, once per
        each of those."""
        np, st = children[1], children[-1]
        per = self.reader.target(np)
        st.effects = (M.Repeat(verb="for each", effects=self._wrap(st),
                               times=M.Amount(value=1, per=per), span=span_of(children)),)
        st.condition = st.duration = None
        st.span = span_of(children)
        return st

    def pp_gerund(self, children):
        """"without paying its cost", "instead of destroying it": a preposition and an action."""
        prep, vp = children
        return PP(" ".join(str(prep).lower().split()), vp, span_of(children))

    def np_list(self, children):
        """"a spell, ability, or dice power": the noun phrases as alternatives ("or") or all
        of them ("and")."""
        items = [c for c in children if isinstance(c, (NounPhrase, Pronoun, list))]
        flat: list = []
        for item in items:
            flat.extend(item if isinstance(item, list) else [item])
        joiner = "or" if any(isinstance(c, Token) and "or" in str(c).lower().split()
                             for c in children) else "and"
        from judge.cards.frames import _Both
        return flat if joiner == "or" else _Both(flat)

    def lead_pp(self, children):
        """"Instead of destroying it, place it ...": a leading prepositional phrase."""
        prep = " ".join(str(children[0]).lower().split())
        st = children[-1]
        if prep == "instead of":
            what = children[1]
            if not isinstance(what, VP) or st.trigger is not None or st.mark:
                # "Instead of its printed value, ...": what is replaced is no event - unread,
                # never the mark alone with what it replaces dropped
                raise NoValue("'instead of' before what is not an action has no value",
                              span_of(children[0]).start)
            # "Instead of destroying it, place it on your battlefield": the action replaced
            # (an event of "it"), and what happens instead
            from judge.cards.frames import Parts, Simple
            simple = Simple(None, what.group, list(what.items), "", what.span)
            event = self.frames.event_of_simple(simple, Parts(what.items), None, what.span)
            rep = M.Replacement(verb="instead of", event=event, instead=self._wrap(st),
                                span=span_of(children))
            return Statement((rep,), span_of(children))
        st.span = span_of(children)
        return st

    def condition_np(self, children):
        """"while defending a weapon attack", "while face up": a state of "it"."""
        words = str(children[0]).lower().split()
        kind, state = words[0], " ".join(words[1:])
        t = self.reader.target(children[1]) if len(children) > 1 else None
        span = span_of(children)
        return M.Condition(kind=kind, test="is", subject=M.Target(ref="it"), state=state,
                           object=t, text=self.phrase(span), span=span)

    def choose_one(self, children):
        """"Choose one: A; or B.": a modal choice."""
        statements = [c for c in children if isinstance(c, Statement)]
        options = tuple(self._wrap(st) for st in statements)
        head = str(children[0]).lower()
        if "both" in head.split() or "x" in head.split():
            # "Choose one or both" (one or two modes), "choose X of the following"
            raise NoValue(f"{' '.join(head.split())!r} has no value here", children[0].start_pos)
        count = 2 if "two" in head or "2" in head else 1
        return Statement((M.Choice(verb="choose", pick=M.Amount(value=count), options=options,
                                   span=span_of(children)),), span_of(children))

    def choose_one_of(self, children):
        """"Choose one: A, or B.": the options joined in one sentence by ", or" (read as one
        choice of the clauses) are the modes; a "choose" over anything else - one clause, "and",
        "choose two" - has no value (unread, never a choice of one)."""
        head = " ".join(str(children[0]).lower().split())
        effects = self._wrap(children[-1])
        choice = effects[0] if len(effects) == 1 else None
        if head not in ("choose one", "choose 1") or not isinstance(choice, M.Choice) or \
                choice.optional or choice.chooser is not None or \
                choice.pick is None or choice.pick.value != 1 or len(choice.options) < 2:
            raise NoValue(f"{head!r} with no options joined by 'or' has no value",
                          children[0].start_pos)
        return Statement((replace(choice, span=span_of(children)),), span_of(children))

    def only_item(self, children):
        return Item("only", children[-1], span_of(children))

    def condition_pp(self, children):
        kw, pp = children[0], children[-1]
        z = self.reader.zone(pp.obj) if isinstance(pp, PP) else None
        state = pp.prep + " " + self.phrase(getattr(pp.obj, "span", None))
        span = span_of(children)
        return M.Condition(kind=" ".join(str(kw).lower().split()), test="is",
                           subject=M.Target(ref="it"), state=state,
                           object=M.Target(zone=z) if z is not None else self.reader.target(pp.obj),
                           text=self.phrase(span), span=span)

    def np_without_doing(self, children):
        return Post("without doing", "without", children[-1], span_of(children))

    def np_adverb(self, children):
        return Post("adverb", " ".join(str(children[0]).lower().split()), None,
                    span_of(children))

    def np_rel_that(self, children):
        return self.np_rel(children[1:])

    def np_rel_np(self, children):
        """"damage that target hero or ally would deal this turn", "allies that Deathwing
        controls": a relative clause whose subject is a noun phrase (read as a target)."""
        subject, group, items = children[1], children[2], list(children[3:])
        return Post("rel", "that", (self.frames.subject_target(subject), group, items),
                    span_of(children))

    def reminder(self, children):
        """A sentence in parentheses: reminder text; its values are read like any others."""
        statements = [c for c in children if isinstance(c, Statement)]
        effects = tuple(e for st in statements for e in self._wrap(st))
        st = Statement(effects, span_of(children))
        return st

    def keyword_action(self, children):
        name = str(children[0])
        value = None
        if len(children) > 1:
            from judge.cards.nouns import number
            n = number(children[1])
            value = M.Amount(value=n, text=str(children[1]), span=span_of(children[1])) \
                if isinstance(n, int) else M.Amount(variable="X", text="X",
                                                    span=span_of(children[1]))
        kw = self.keyword_named(name, value, span_of(children))
        if kw is None:
            raise NotAKeyword(name)
        return Statement((M.KeywordAction(verb=name.lower(), keyword=kw, span=kw.span),),
                         span_of(children))

    def keyword_instruction(self, children):
        """"..., ruin 1.": a keyword as an instruction, read by its shape; its citation when the
        game's rules define it, else none (the rules module names it not modelled)."""
        name = str(children[0])
        n = number(children[1])
        value = M.Amount(value=n, text=str(children[1]), span=span_of(children[1])) \
            if isinstance(n, int) else M.Amount(variable="X", text="X", span=span_of(children[1]))
        span = span_of(children)
        kw = self.keyword_named(name, value, span) or M.Keyword(name=name, value=value, span=span)
        return Statement((M.KeywordAction(verb=name.lower(), keyword=kw, span=span),), span)

    def keyword_named(self, name: str, value, span) -> M.Keyword | None:
        """A keyword the rules of the game define (games override), or None."""
        return None

    def as_additional_cost(self, children):
        return Item("additional cost", children[-1] if len(children) > 1 else None,
                    span_of(children))

    def additional_cost(self, children):
        st = children[-1]
        st.mark = "cost"
        st.span = span_of(children)
        return st

    def np_plus(self, children):
        return Post("plus", "plus", children[-1], span_of(children))

    def np_of_duration(self, children):
        return Post("of duration", "of", children[-1], span_of(children))

    def np_rel_control(self, children):
        words = str(children[0]).lower().split()
        relation = "opponent" if "opponent" in " ".join(words) or "opponents" in words else \
            "they" if words[0] in ("that", "the", "its") else "any"
        if words[:3] == ["a", "target", "player"]:
            relation = "target player"
        return Post("controlled", relation, words[-1], span_of(children))

    def lead_during(self, children):
        """"During your action phase, ...": a condition on the phase (or turn) it is."""
        st = children[-1]
        np = children[1]
        span = span_of(children[0], np)
        ev = self.frames.time_event(np, span_of(np))
        ev = replace(ev, verb="during")
        cond = M.Condition(kind="during", test="phase", event=ev, text=self.phrase(span),
                           span=span)
        if st.condition is not None:
            cond = M.Condition(kind=st.condition.kind, test="all", parts=(cond, st.condition),
                               text=self.phrase(span_of(span, st.condition.span)),
                               span=span_of(span, st.condition.span))
        st.condition = cond
        st.span = span_of(children)
        return st

    _ON_TIMES = frozenset({"turn", "phase", "step", "round", "combat", "action phase",
                           "end phase", "main phase", "ready step", "combat phase"})

    def lead_on(self, children):
        """"On your turn, ...": during that turn or phase (as "During your turn"); "on"
        before anything else is not read."""
        st = self.lead_during(children)
        ev = st.condition.event if st.condition is not None and st.condition.kind == "during" \
            else next((p.event for p in st.condition.parts if p.kind == "during"), None)
        if ev is None or ev.phase not in self._ON_TIMES:
            raise NoValue("'on' before something that is not a time", children[0].start_pos)
        return st

    def limit(self, children):
        return self.phrase(span_of(children))

    # triggers
    def _trigger(self, kind):
        def method(children):
            clause = children[-1]
            span = span_of(children)
            event = self.frames.event(clause, span_of(clause))
            return M.Trigger(kind=kind, event=event, span=span)
        return method

    def trig_when(self, children):
        return self._trigger("when")(children)

    def trig_whenever(self, children):
        return self._trigger("whenever")(children)

    def trig_after(self, children):
        return self._trigger("after")(children)

    def trig_before(self, children):
        return self._trigger("before")(children)

    def trig_as(self, children):
        return self._trigger("as")(children)

    def trig_first_time(self, children):
        return self._trigger("first time")(children)

    def trig_next_time(self, children):
        return self._trigger("next time")(children)

    def trig_after_time(self, children):
        np = children[-1]
        ev = self.frames.time_event(np, span_of(np), default="end")
        return M.Trigger(kind="after", event=ev, span=span_of(children))

    def trig_before_time(self, children):
        np = children[-1]
        ev = self.frames.time_event(np, span_of(np), default="start")
        return M.Trigger(kind="before", event=ev, span=span_of(children))

    def np_paren(self, children):
        return Post("paren", "(", [c for c in children if not isinstance(c, Token)],
                    span_of(children))

    def trig_at(self, children):
        np = children[-1]
        span = span_of(children)
        return M.Trigger(kind="at", event=self.frames.time_event(np, span_of(np)), span=span)

    def condition(self, children):
        kw, clause = children[0], children[-1]
        return self.frames.condition(" ".join(str(kw).lower().split()), clause, span_of(children))

    def condition_able(self, children):
        """"..., if able" / "if possible": the effect holds as far as its doer can carry it
        out (test ``able``)."""
        span = span_of(children)
        return M.Condition(kind="if", test="able", text=self.phrase(span), span=span)

    def condition_inline(self, children):
        kw = children[0]
        vp = children[-1]
        subject = children[1] if len(children) == 3 else None
        clause = Clause(subject, vp, [], span_of(children[1:]))
        return self.frames.condition(" ".join(str(kw).lower().split()), clause, span_of(children))

    # effects
    def effects(self, children):
        out: list = []
        tail = None
        for c in children:
            if isinstance(c, Clause):
                for e in self.frames.effects(c):
                    if isinstance(e, _Several):
                        out.extend(e)
                    else:
                        out.append(e)
            elif isinstance(c, M.Conditional):
                out.append(c)
            elif isinstance(c, M.Condition):
                tail = c
        span = span_of(children)
        if tail is not None:
            out = [M.Conditional(verb="if", condition=tail, then=tuple(out), span=span)]
        st = Statement(tuple(out), span)
        if any(isinstance(c, Clause) and _says_instead(c) for c in children):
            st.mark = "instead"             # "... prevent 1 of that damage instead."
        return st

    def then_if(self, children):
        """"..., then if you control no other auras, put ...": a conditional step."""
        cond = children[0]
        clause = children[-1]
        effects = []
        for e in self.frames.effects(clause):
            effects.extend(e if isinstance(e, _Several) else [e])
        return M.Conditional(verb="if", condition=cond, then=tuple(effects),
                             span=span_of(children))

    def choose_marker(self, children):
        """"Choose 1;" before "- ..." options: the choice, filled with them."""
        head = str(children[0]).lower()
        digits = "".join(c for c in head if c.isdigit())
        words = {"one": 1, "two": 2, "three": 3}
        count = int(digits) if digits else next((v for k, v in words.items() if k in head), 1)
        return Statement((M.Choose(verb="choose", what=M.Target(count=M.Amount(value=count)),
                                   span=span_of(children)),), span_of(children))

    def pp_duration(self, children):
        prep, dur = children
        return PP(" ".join(str(prep).lower().split()), dur, span_of(children))

    def tail(self, children):
        return children[-1]

    # ================================================================ clauses
    def eclause(self, children):
        subject = None
        vp = None
        conjuncts = []
        for c in children:
            if isinstance(c, VP):
                vp = c
            elif isinstance(c, Conjunct):
                conjuncts.append(c)
            elif vp is None:
                subject = c
        return Clause(subject, vp, conjuncts, span_of(children))

    cclause = eclause

    def econj(self, children):
        joiner = children[0] if len(children) > 1 else None
        conj = children[-1]
        if isinstance(joiner, Token):
            word = str(joiner).lower().lstrip(", ").strip() or "and"
            conj.word = "or" if "or" in word.split() else ("and" if word != "," else ",")
            conj.printed = "and/or" if word.split() == ["and", "/", "or"] else conj.word
        else:
            conj.word = conj.printed = ","
        return conj

    cconj = econj

    def conj_vp(self, children):
        return Conjunct("vp", None, children[0], [], span_of(children))

    def conj_clause(self, children):
        return Conjunct("clause", children[0], children[1], [], span_of(children))

    def conj_object(self, children):
        return Conjunct("object", children[0], None, list(children[1:]), span_of(children))

    def conj_items(self, children):
        return Conjunct("items", None, None, list(children), span_of(children))

    def subject(self, children):
        return children[0]

    def subject_list(self, children):
        """"You and target opponent", "each hero or ally": the subjects, all of them when
        joined by "and" (a _Both), else a choice."""
        subjects = [c for c in children if not isinstance(c, Token)]
        joiners = [str(c).lower().replace(",", " ").split() for c in children
                   if isinstance(c, Token)]
        if joiners and all(j == ["and"] for j in joiners if j):
            from judge.cards.frames import _Both
            return _Both(subjects)
        return subjects

    def vp(self, children):
        return VP(children[0], list(children[1:]), span_of(children))

    def vp_causative(self, children):
        """"have NP do X" / "make NP do X": one item, the agent and what it does."""
        *head, agent, inner = children
        group = VerbGroup([w for c in head[:-1] for w in str(c).lower().split()], "have", "base",
                          span_of(head))
        return VP(group, [Causative(agent, inner, span_of(children[-2:]))], span_of(children))

    def vgroup(self, children):
        last = children[-1]
        t = base(last.type)
        if t.startswith("V_") or t in ("PARTICIPLE", "PAST_VERB"):
            auxes = [w for c in children[:-1] for w in str(c).lower().split()]
            return VerbGroup(auxes, lemma_of(last), form_of(last), span_of(children))
        return VerbGroup([w for c in children for w in str(c).lower().split()], None, "",
                         span_of(children))

    def pp(self, children):
        prep, obj = children
        return PP(" ".join(str(prep).lower().split()), obj, span_of(children))

    def subordinate(self, children):
        kw = children[0]
        vp = children[-1]
        subject = children[1] if len(children) == 3 else None
        word = " ".join(str(kw).lower().split())
        word = "next time" if word.endswith("next time") else word      # "the next time"
        return Item("subordinate", (word, Clause(subject, vp, [], span_of(children[1:]))),
                    span_of(children))

    def change(self, children):
        parts: list = []
        joiner = "and"
        for c in children:
            k = base(c.type) if isinstance(c, Token) else ""
            if k == "SIGNED":
                parts.append((str(c), []))
            elif k in ("OR", "SLASH", "AND"):
                joiner = "or" if k == "OR" else joiner
            elif parts:
                parts[-1][1].append(c)
        return Change(parts, joiner, span_of(children))

    def equal_to(self, children):
        return Item("equal to", (" ".join(str(children[0]).lower().split()), children[1]),
                    span_of(children))

    def for_each(self, children):
        return Item("for each", children[-1], span_of(children))

    def where_x(self, children):
        return Item("where x", children[-1], span_of(children))

    def where_x_pick(self, children):
        """"where X is A or B, whichever is less": the smaller (larger) of the numbers."""
        return Item("where x", pick_of(children), span_of(children))

    def where_x_plus(self, children):
        """"where X is 1 plus the ATK of ...": the quantity plus the number (as "... plus 1")."""
        number, np = children[1], children[-1]
        posts = getattr(np, "posts", None)
        if posts is None:
            raise NoValue("a number plus this has no value", span_of(np).start)
        posts.append(Post("plus", "plus", number, span_of(children[1:3])))
        return Item("where x", np, span_of(children))

    def adverb(self, children):
        return Item("adverb", " ".join(str(children[0]).lower().split()), span_of(children))

    def quoted(self, children):
        statements = [c for c in children if isinstance(c, Statement)]
        return Item("quoted", statements, span_of(children))

    def infinitive(self, children):
        return Item("infinitive", children[-1], span_of(children))

    def adv_instead(self, children):
        return Item("instead", None, span_of(children))

    def adv_again(self, children):
        return Item("again", None, span_of(children))

    # ================================================================ noun phrases
    def np(self, children):
        head = children[0]
        posts = [c for c in children[1:] if isinstance(c, Post)]
        if isinstance(head, Pronoun):
            head.posts = posts
            head.span = span_of(children)
            return head
        return NounPhrase(head, posts, span_of(children))

    def np_det_pronoun(self, children):
        """"each of them", "all of them", "both of them": the pronoun (each one it names);
        another determiner ("one of them") picks among them, which no value holds yet."""
        det = " ".join(str(children[0]).lower().split())
        if det not in ("each of", "all of", "both of"):
            raise NoValue(f"{det!r} before a pronoun", children[0].start_pos)
        return self.np(children[1:])

    def pronoun_np(self, children):
        tok = children[0]
        return Pronoun(" ".join(str(tok).lower().split()), [], span_of(tok))

    def np_words(self, children):
        return list(children)

    def quoted_word(self, children):
        inner = [c for c in children if not (isinstance(c, Token) and base(c.type) == "QUOTE")]
        span = span_of(inner)
        return Token("QUOTED", self.phrase(span), span.start if span else None, None, None,
                     end_pos=span.end if span else None)

    def _post(self, kind):
        def method(children):
            return Post(kind, str(children[0]).lower() if isinstance(children[0], Token) else "",
                        children[-1], span_of(children))
        return method

    def np_rel(self, children):
        pronoun, group, items = children[0], children[1], list(children[2:])
        return Post("rel", str(pronoun).lower(), (self.reader.pronoun(
            Pronoun(str(pronoun).lower(), [], span_of(pronoun))), group, items), span_of(children))

    def np_with(self, children):
        return self._post("with")(children)

    def np_that(self, children):
        return self._post("that")(children)

    def np_of(self, children):
        return self._post("of")(children)

    def np_in(self, children):
        return self._post("in")(children)

    def np_under(self, children):
        return self._post("under")(children)

    def np_other_than(self, children):
        return self._post("other than")(children)

    def np_except(self, children):
        return self._post("except")(children)

    def np_named(self, children):
        return self._post("named")(children)

    def np_without(self, children):
        return self._post("without")(children)

    def np_duration(self, children):
        return Post("duration", "", children[0], span_of(children))

    def np_participle(self, children):
        return Post("participle", str(children[0]).lower(), (children[0], list(children[1:])),
                    span_of(children))

    def np_to(self, children):
        return Post("to", "to", children[-1], span_of(children))

    def np_infinitive(self, children):
        return Post("infinitive", "to", children[-1], span_of(children))

    def np_cap(self, children):
        return Post("cap", "max", _cap_number(children), span_of(children))

    def cap(self, children):
        return Item("cap", _cap_number(children), span_of(children))

    def parenthetical(self, children):
        return Item("parenthetical", [c for c in children if not isinstance(c, Token)],
                    span_of(children))

    def x_definition(self, children):
        st = Statement((), span_of(children))
        st.mark = "x"
        where = children[0]
        st.during = self.frames.where_quantity(where.value)
        return st

    def np_zone(self, children):
        return Post("zone", str(children[0]).lower(), None, span_of(children))

    # ================================================================ durations
    def duration(self, children):
        tok = children[0]
        text = " ".join(str(tok).lower().split())
        kind, whose = _DURATIONS.get(text, (text, ""))
        span = span_of(tok)
        if kind == "until":
            ev = M.Event(verb="leave play", subject=M.Target(ref="this"), text=text, span=span)
            return M.Duration(kind="until", until=ev, text=text, span=span)
        return M.Duration(kind=kind, whose=whose, text=text, span=span)

    def during_period(self, children):
        """"during its controller's next ready step" (wow-7.4 501.1a), "during their next
        action phase": the period a game names (PERIOD), of the speaker ("your": ``you``) or
        of the player the clause is about ("its controller's", "their", "his", "each
        player's": ``controller``), the next one only ("next <period>") or every one."""
        whose_tok, period_tok = children
        words = str(whose_tok).lower().split()
        whose = "you" if words[1] == "your" else "controller"
        period = " ".join(str(period_tok).lower().split())
        span = span_of(children)
        return M.Duration(kind=f"next {period}" if words[-1] == "next" else period,
                          whose=whose, text=self.phrase(span), span=span)

    # ================================================================ abilities
    def _wrap(self, st: Statement) -> tuple[M.Effect, ...]:
        effects = st.effects
        if st.duration is not None:
            effects = tuple(_with_duration(e, st.duration) for e in effects)
        if st.condition is not None:
            effects = (M.Conditional(verb="if", condition=st.condition, then=effects,
                                     span=st.span),)
        return effects

    def abilities(self, statements: list[Statement], *, default: str = "spell"
                  ) -> list[M.Ability]:
        """Statements of one paragraph -> abilities: a statement with a trigger starts a
        triggered ability; the statements after it ("If you do, ...", "Otherwise, ...")
        continue the ability before them."""
        out: list[M.Ability] = []
        added = 0                   # effects the statement before added to out[-1]'s end
        for st in statements:
            just_added, added = added, 0
            if st.mark == "x":
                try:
                    q = self.reader.quantity(st.during) \
                        if not isinstance(st.during, M.Quantity) else st.during
                except NoValue:
                    # a phrase of the definition no value holds ("the number of cards under
                    # this unit"): the definition is named, never read without it
                    out.append(M.Ability(kind=X_DEFINITION, effects=(M.Other(
                        verb="X is", args=(("text", self.phrase(st.span)),), span=st.span),),
                        span=st.span))
                    continue
                if out:
                    out[-1] = define_x(out[-1], q)
                else:
                    # "X = ..." as a paragraph of its own: the card reader defines the X of
                    # the paragraphs before (GameReader.parse); an X it defines nowhere stays
                    # an Other, never dropped
                    out.append(M.Ability(kind=X_DEFINITION, effects=(M.Other(
                        verb="X is", args=(("text", q.text),), span=st.span),), span=st.span))
                    self.x_definitions[st.span] = q
                continue
            effects = self._wrap(st)
            if st.mark == "cost":
                costs = tuple(M.Cost(kind="effect", effect=e, span=e.span) for e in effects)
                if out:
                    out[-1] = replace(out[-1], costs=out[-1].costs + costs)
                else:
                    out.append(M.Ability(kind=default if default != "spell" else "spell",
                                         costs=costs, span=st.span))
                continue
            if st.mark == "elided":
                last = out[-1] if out else None
                prev = last.effects[-1] if last is not None and last.effects else None
                cond = _recounted(prev.condition, *st.during) if isinstance(
                    prev, M.Conditional) else None
                if last is None or cond is None:
                    eff = M.Other(verb="if", args=(("text", "a condition left out"),),
                                  span=st.span)
                else:
                    eff = M.Conditional(verb="if", condition=cond, then=effects, span=st.span)
                if last is None:
                    out.append(M.Ability(kind=default, effects=(eff,), span=st.span))
                else:
                    out[-1] = replace(last, effects=last.effects + (eff,),
                                      span=span_of(last.span, st.span))
                continue
            if st.mark == "otherwise" and out and out[-1].effects and isinstance(
                    out[-1].effects[-1], M.Conditional):
                last = out[-1]
                cond = last.effects[-1]
                cond = replace(cond, otherwise=cond.otherwise + effects)
                out[-1] = replace(last, effects=last.effects[:-1] + (cond,),
                                  span=span_of(last.span, st.span))
                continue
            if st.mark == "instead" and st.trigger is None and just_added and \
                    len(effects) == 1 and isinstance(effects[0], M.Conditional) and \
                    not effects[0].otherwise and not st.limit and \
                    _same_kinds(effects[0].then, out[-1].effects[-just_added:]) and \
                    not _says_if_you_do(effects[0].condition):
                # "This attack gets -2 speed. If ..., it gets -3 speed instead.": the sentence
                # before, an effect of the same kinds, is what happens unless the condition
                # holds (both were applied); "If you do, ... instead" is left as it was
                last = out[-1]
                cond = replace(effects[0], otherwise=last.effects[-just_added:])
                out[-1] = replace(last, effects=last.effects[:-just_added] + (cond,),
                                  span=span_of(last.span, st.span))
                added = 1
                continue
            added = len(effects)
            if st.trigger is not None:
                out.append(M.Ability(kind="triggered", trigger=st.trigger, effects=effects,
                                     limit=st.limit, span=st.span))
                continue
            if out and not st.limit:
                last = out[-1]
                out[-1] = replace(last, effects=last.effects + effects,
                                  span=span_of(last.span, st.span))
                continue
            kind = default if default != "spell" else _kind_of(effects)
            out.append(M.Ability(kind=kind, effects=effects, limit=st.limit, span=st.span))
        return out


def alternate_cost(ability: M.Ability, default_kind: str = "spell") -> M.Ability:
    """"You may exhaust one of your Shields rather than pay Spell Reflection's cost." (WoW
    707.1e), "... rather than pay Moon Wish's {r} cost." (FaB 15.5.2a), "You may spend 1
    [[basic]] rather than pay this card's main action cost." (Ashes): an ability whose only
    effect is the grammar's :class:`M.AlternateCost` is an alternate cost of the card itself -
    an ability of kind ``alternate cost`` whose ``costs`` hold the actions paid instead and
    whose ``instead_of`` names the cost they replace. Under a trigger or a condition it stays
    an effect of its ability."""
    if ability.kind not in ("spell", "static", default_kind) or len(ability.effects) != 1 or \
            ability.trigger is not None or ability.condition is not None or ability.costs:
        return ability
    e = ability.effects[0]
    if not isinstance(e, M.AlternateCost):
        return ability
    return replace(ability, kind="alternate cost", effects=(), instead_of=e.instead_of,
                   costs=tuple(M.Cost(kind="effect", effect=p, span=p.span) for p in e.pay))


_AT_LEAST = {"or more": "at least", "or greater": "at least", "or higher": "at least",
             "or less": "at most", "or fewer": "at most", "or lower": "at most"}


def _recounted(cond: M.Condition, n: int, word: str) -> M.Condition | None:
    """``cond`` with its counted amount ("1 or more") made ``n`` ``word``; None when it has
    none (the left-out condition is then not read)."""
    relation = _AT_LEAST.get(word)
    if relation is None:
        return None
    ev = cond.event
    if ev is not None and ev.object is not None and ev.object.count is not None and \
            ev.object.count.relation in _AT_LEAST.values():
        count = replace(ev.object.count, value=n, relation=relation, span=None)
        event = replace(ev, object=replace(ev.object, count=count, text=f"{n} {word}"))
        return replace(cond, event=event, text=f"{n} {word}", span=None)
    c = cond.comparison
    if c is not None and c.right is not None and c.op in (">=", "<=") and \
            c.right.constant is not None:
        op = ">=" if relation == "at least" else "<="
        right = replace(c.right, value=n, span=None)
        return replace(cond, comparison=replace(c, op=op, right=right), text=f"{n} {word}",
                       span=None)
    return None


X_DEFINITION = "x definition"


def define_x(value, quantity: M.Quantity):
    """``value`` with every X that has no definition defined as ``quantity`` ("X equals the
    number of ...", "X = ..." in the sentence after the one that uses X)."""
    if isinstance(value, M.Amount):
        if value.variable == "X" and value.defined_as is None:
            return replace(value, defined_as=quantity)
        return value
    if isinstance(value, tuple):
        return tuple(define_x(v, quantity) for v in value)
    if not hasattr(value, "__dataclass_fields__") or isinstance(value, M.Span):
        return value
    changes = {}
    for name in value.__dataclass_fields__:
        child = getattr(value, name)
        if isinstance(child, (M.Amount, tuple, M.Target, M.Condition)) or (
                hasattr(child, "__dataclass_fields__") and isinstance(child, M.Effect)):
            new = define_x(child, quantity)
            if new is not child:
                changes[name] = new
    return replace(value, **changes) if changes else value


def _prevents(effects) -> bool:
    """"..., prevent 1 of that damage": a prevention, a replacement without "instead"."""
    return bool(effects) and all(isinstance(e, M.Prevent) for e in effects)


def _same_kinds(effects, others) -> bool:
    return [type(e) for e in effects] == [type(e) for e in others]


def _says_if_you_do(cond: M.Condition | None) -> bool:
    """A condition on the sentence before having been carried out ("If you do", "If they
    don't"), alone or in "any" / "all" of conditions."""
    if cond is None:
        return False
    if cond.event is not None and cond.event.verb == "do":
        return True
    return any(_says_if_you_do(p) for p in cond.parts)


def _says_instead(clause: Clause) -> bool:
    """Whether a clause ends in the adverb "instead" (its verb phrase's or a conjunct's)."""
    vps = [clause.vp] + [c.vp for c in clause.conjuncts if getattr(c, "vp", None) is not None]
    return any(isinstance(i, Item) and i.kind == "instead" for vp in vps
               for i in getattr(vp, "items", ()))


def _kind_of(effects) -> str:
    if effects and all(isinstance(e, M.Replacement) for e in effects):
        return "replacement"
    if len(effects) == 1 and isinstance(effects[0], M.Conditional) and \
            not effects[0].otherwise and effects[0].condition is not None and \
            effects[0].condition.test in ("phase", "is", "has", "compare", "control", "exists",
                                         "all") and _kind_of(effects[0].then) == "static":
        # "During your action phase, auras you control are weapons ...", "If you have a card
        # in your pitch zone with cost 0, this card's attacks get go again": a conditional
        # static ability (the condition is a state, not an event)
        return "static"
    static = (M.ModifyValue, M.SetValue, M.Restriction, M.Permission, M.Becomes)
    if effects and all(isinstance(e, static) and getattr(e, "duration", None) is None
                       and not _targets(e) for e in effects):
        return "static"
    if effects and all(isinstance(e, M.Gain) and e.resource in ("keyword", "ability")
                       and e.duration is None and not _targets(e) for e in effects):
        return "static"
    return "spell"


def _targets(e) -> bool:
    t = getattr(e, "target", None) or getattr(e, "what", None)
    return bool(t is not None and t.targeted)


def _with_duration(effect: M.Effect, duration: M.Duration) -> M.Effect:
    if hasattr(effect, "duration") and getattr(effect, "duration") is None:
        return replace(effect, duration=duration)
    if isinstance(effect, M.Choice):
        return replace(effect, options=tuple(tuple(_with_duration(e, duration) for e in o)
                                             for o in effect.options))
    if isinstance(effect, M.Conditional):
        return replace(effect, then=tuple(_with_duration(e, duration) for e in effect.then))
    return effect


class Pick(tuple):
    """("lesser" | "greater", [noun phrases]): "A or B, whichever is less"."""


def pick_of(children) -> Pick:
    """The noun phrases of "A or B ..., whichever is less / greater" and which one is taken."""
    word = " ".join(str(children[-1]).lower().split()).rsplit(" ", 1)[-1]
    which = "lesser" if word in ("less", "lower", "fewer", "smaller") else "greater"
    return Pick((which, [c for c in children if isinstance(c, (NounPhrase, Pronoun))]))


def _cap_number(children):
    """The number of "(max. +8)", "to a maximum of 3"."""
    return next(c for c in reversed(children) if isinstance(c, Token)
                and base(c.type) in ("SIGNED", "INT"))
