"""What the card grammars' rules build before semantics reads them: the syntax of a clause.

The transformer (:mod:`judge.cards.transformer`) turns each reduced rule into one of these
records; :mod:`judge.cards.nouns` and :mod:`judge.cards.frames` turn them into the values of
:mod:`judge.cards.model`. They are plain (unfrozen) slotted classes: made once per parse and
thrown away, never stored.
"""

from __future__ import annotations

from lark import Token

from judge.cards.model import Span


def span_of(*parts) -> Span | None:
    """The span from the first to the last of ``parts`` that has one (tokens, records,
    values, lists of them: a list's elements are in text order, so only its first and last
    spans are looked at)."""
    if len(parts) == 1:                     # the common call: span_of(children)
        part = parts[0]
        t = type(part)
        if t is list:                       # what _first and _last do, without their calls
            for item in part:
                t = type(item)
                if t is Token:
                    s = item.start_pos
                elif _by_span(t):           # a record or a value: its .span
                    s = getattr(item, "span", None)
                    if s is not None:
                        s = s.start
                else:
                    s = _first(item)
                if s is not None:
                    break
            else:
                return None
            for item in reversed(part):
                t = type(item)
                if t is Token:
                    e = item.end_pos
                elif _by_span(t):
                    e = getattr(item, "span", None)
                    if e is not None:
                        e = e.end
                else:
                    e = _last(item)
                if e is not None:
                    return _spans.get((s, e)) or _span(s, e)
            return _spans.get((s, None)) or _span(s, None)
        if t is Token:
            s = part.start_pos
            return None if s is None else _spans.get((s, part.end_pos)) or _span(s, part.end_pos)
        s = _first(part)
        if s is None:
            return None
        e = _last(part)
        return _spans.get((s, e)) or _span(s, e)
    start = end = None
    for part in parts:
        if type(part) is Span:              # what _first and _last give, without their calls
            s, e = part.start, part.end
            if s is None:
                continue
        elif part is None:
            continue
        else:
            s = _first(part)
            if s is None:
                continue
            e = _last(part)
        if start is None or s < start:
            start = s
        if end is None or e > end:
            end = e
    return None if start is None else _spans.get((start, end)) or _span(start, end)


_spans: dict = {}
"""(start, end) -> its Span: the spans :func:`span_of` gives, each made once and then
shared (a value that cannot change: equal spans need not be distinct objects), as most
spans are made again and again (offsets within a card's text; a pass over WoW's
bench sample makes some 46,000, under 4,000 distinct)."""


def _span(start, end) -> Span:
    if len(_spans) >= 100_000:       # a bound on what a long run keeps
        _spans.clear()
    made = _spans[(start, end)] = Span(start, end)
    return made


def _first(part):
    t = type(part)
    if t is Token:
        return part.start_pos
    if t is list or t is tuple or isinstance(part, list):
        for item in part:
            s = item.start_pos if type(item) is Token else _first(item)
            if s is not None:
                return s
        return None
    if t is Span:
        return part.start
    if _spanned(t):
        span = getattr(part, "span", None)
        return span.start if span is not None else None
    start = getattr(part, "start_pos", None)
    if start is not None:
        return start
    span = getattr(part, "span", None)
    return span.start if span is not None else None


def _last(part):
    t = type(part)
    if t is Token:
        return part.end_pos
    if t is list or t is tuple or isinstance(part, list):
        for item in reversed(part):
            e = item.end_pos if type(item) is Token else _last(item)
            if e is not None:
                return e
        return None
    if t is Span:
        return part.end
    if _spanned(t):
        span = getattr(part, "span", None)
        return span.end if span is not None else None
    end = getattr(part, "end_pos", None)
    if end is not None:
        return end
    span = getattr(part, "span", None)
    return span.end if span is not None else None


class _Spanned(dict):
    """Do objects of a class say where they are only by ``.span``? (They have no
    ``start_pos`` / ``end_pos`` and no ``__getattr__`` that could make one up: the records of
    this module and the values of the model.) Asked once per class, not per object."""
    __slots__ = ()

    def __missing__(self, cls: type) -> bool:
        known = self[cls] = not (hasattr(cls, "start_pos") or hasattr(cls, "end_pos")
                                 or hasattr(cls, "__getattr__"))
        return known


_spanned = _Spanned().__getitem__        # the dict's own look-up: no Python frame per call


class _BySpan(dict):
    """Is :func:`_first` / :func:`_last` of an object of a class its ``.span``'s start / end
    (the branch they take for a class that is not a token, a list, a tuple or a span and
    says where it is only by ``.span``)? :func:`span_of` reads such elements in place."""
    __slots__ = ()

    def __missing__(self, cls: type) -> bool:
        known = self[cls] = (cls is not Token and cls is not list and cls is not tuple
                             and not issubclass(cls, list) and cls is not Span
                             and _spanned(cls))
        return known


_by_span = _BySpan().__getitem__


class Record:
    __slots__ = ("span",)

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__ if k != "span")
        return f"{type(self).__name__}({fields})"


class NounPhrase(Record):
    """A noun phrase: its words (tokens, ``POSS`` among them) and post-modifiers."""
    __slots__ = ("words", "posts")

    def __init__(self, words: list, posts: list, span: Span | None) -> None:
        self.words, self.posts, self.span = words, posts, span


class Pronoun(Record):
    __slots__ = ("word", "posts")

    def __init__(self, word: str, posts: list, span: Span | None) -> None:
        self.word, self.posts, self.span = word, posts, span


class Post(Record):
    """A post-modifier of a noun phrase: ``kind`` (with, that, rel, of, in, under, other than,
    named, without, except, participle, zone, duration) and what follows it."""
    __slots__ = ("kind", "word", "body")

    def __init__(self, kind: str, word: str, body, span: Span | None) -> None:
        self.kind, self.word, self.body, self.span = kind, word, body, span


class VerbGroup(Record):
    """Auxiliaries (lower-case words, in order) and the verb: ``lemma`` (None when the group is
    auxiliaries only: "you may", "if you do") and its printed ``form``."""
    __slots__ = ("auxes", "lemma", "form")

    def __init__(self, auxes: list[str], lemma: str | None, form: str, span: Span | None) -> None:
        self.auxes, self.lemma, self.form, self.span = auxes, lemma, form, span


class VP(Record):
    __slots__ = ("group", "items")

    def __init__(self, group: VerbGroup, items: list, span: Span | None) -> None:
        self.group, self.items, self.span = group, items, span


class Causative(Record):
    """"(you may) have target dagger you control deal 1 damage": the ``agent`` does ``vp``."""
    __slots__ = ("agent", "vp")

    def __init__(self, agent, vp: "VP", span: Span | None) -> None:
        self.agent, self.vp, self.span = agent, vp, span


class Clause(Record):
    """``subject`` (a noun phrase, a list of them, or None), the verb phrase, and conjuncts."""
    __slots__ = ("subject", "vp", "conjuncts")

    def __init__(self, subject, vp: VP, conjuncts: list, span: Span | None) -> None:
        self.subject, self.vp, self.conjuncts, self.span = subject, vp, conjuncts, span


class Conjunct(Record):
    """One conjunct after "and" / "or" / ",": ``kind`` vp (same subject), clause (own subject),
    object (more objects for the same verb), items (more complements); ``word`` the joiner
    ("and", "or", ","; "and/or" is "or"), ``printed`` the joiner as printed."""
    __slots__ = ("kind", "word", "subject", "vp", "items", "printed")

    def __init__(self, kind: str, subject, vp, items: list, span: Span | None,
                 word: str = "and") -> None:
        self.kind, self.word, self.subject, self.vp, self.items = kind, word, subject, vp, items
        self.span = span
        self.printed = word              # the joiner as printed: "and/or" (``word`` "or")


class PP(Record):
    __slots__ = ("prep", "obj")

    def __init__(self, prep: str, obj, span: Span | None) -> None:
        self.prep, self.obj, self.span = prep, obj, span


class Change(Record):
    """"+2 speed", "-1{p}", "+1 or -1 damage": alternatives of (signed number, stat words)."""
    __slots__ = ("parts", "joiner")

    def __init__(self, parts: list[tuple[str, list[str]]], joiner: str, span: Span | None) -> None:
        self.parts, self.joiner, self.span = parts, joiner, span


class Item(Record):
    """Any other complement: ``kind`` duration, for each, where x, equal to, adverb, quoted,
    condition, infinitive, subordinate, instead, again; ``value`` what it holds."""
    __slots__ = ("kind", "value")

    def __init__(self, kind: str, value, span: Span | None) -> None:
        self.kind, self.value, self.span = kind, value, span


class Statement(Record):
    """A statement of a paragraph: ``effects`` and what leads them (trigger, condition,
    duration, limit, "then"/"otherwise"/"instead" marks); ``clause`` the raw clause when the
    statement is a single condition-like clause a game layer may still read otherwise."""
    __slots__ = ("effects", "trigger", "condition", "duration", "limit", "mark", "during")

    def __init__(self, effects: tuple, span: Span | None) -> None:
        self.effects, self.span = effects, span
        self.trigger = self.condition = self.duration = self.during = None
        self.limit = self.mark = ""


class _Both(list):
    """Objects joined by "and": all of them ("each unit you control and each Phoenixborn you
    control", "target hero and up to 3 target allies"), never a choice of one."""


class _AndOr(list):
    """Objects joined by "and/or" (one or more of them; elsewhere read as "or")."""
