"""Shared machinery of the card-text grammars: the Transformer base for the rules of
``grammar/card_common.lark`` and the paragraph / sentence parsing driver.

The driver never drops text: a paragraph the grammar reads as a whole becomes abilities; a
paragraph it cannot read is split into sentences, each parsed on its own; every sentence that
still fails is listed as :class:`~judge.cards.legacy_model.Unparsed` with its span and what the parser
expected there. ``strict=True`` raises :class:`~judge.cards.errors.CardSyntaxError` (with a
caret) for the first such sentence instead.

Offsets: the text handed to lark has the same length as the printed text (curly quotes become
straight ones, the card's own name becomes ``§§§`` of equal length), and a sentence is parsed
with everything before it blanked to spaces, so every ``meta`` position is an offset into the
printed card text and no span needs shifting.
"""

from __future__ import annotations

import re
import re._constants as _sre
import re._parser as _sre_parse
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from lark import Discard, Lark, Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.visitors import _VArgsWrapper, _vargs_meta

from judge.cards.errors import CardSyntaxError
from judge.cards.legacy_model import Ability, CardText, Condition, Cost, Duration, Span, Target, Unparsed
from judge.grammar_cache import lark_cache

GRAMMAR_DIR = Path(__file__).resolve().parents[2] / "grammar" / "legacy"

SELF_NAME_MARK = "\u00a7"  # fills the card's own name; terminal SELF_NAME in card_common.lark
_SAME_LENGTH = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
                              "\u00a0": " ", "\u2013": "-", "\u2014": "-", "\u2212": "-",
                              SELF_NAME_MARK: "?"})
_NUM_WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
              "seven": 7, "eight": 8, "nine": 9, "ten": 10, "once": 1, "twice": 2}
_SELF_RUN = re.compile(SELF_NAME_MARK + "+")


def clean(text: str) -> str:
    """Normalised phrase: single spaces, no markup, lower case (names keep their case)."""
    words = text.replace("*", " ").split()     # str.split: the same white space as \s+
    return " ".join([w if w[:1].isupper() and (i or w[1:2].isupper()) else w.lower()
                     for i, w in enumerate(words)])


def span_of(meta) -> Span | None:
    if getattr(meta, "empty", True):
        return None
    return Span(meta.start_pos, meta.end_pos)


# --------------------------------------------------------------------------- transformer base

class TokenSpan:
    """The ``meta`` of a node when spans come from its tokens (lark's Meta has the same
    ``empty``, ``start_pos`` and ``end_pos``)."""
    __slots__ = ("start_pos", "end_pos", "empty")

    def __init__(self, start: int | None, end: int | None) -> None:
        self.start_pos = start
        self.end_pos = end
        self.empty = start is None


_DEFAULT_NODE = object()   # CardTransformer._handlers: no method, the node stays a Tree
_INSTANCE_FIELDS = frozenset({"text", "marked", "__visit_tokens__"})  # set by CardTransformer()


@v_args(meta=True)
class CardTransformer(Transformer):
    """Turns the rules of card_common.lark into model values. Game transformers subclass it.

    Rules imported from card_common under a namespace (``card_common__num_int``) reach the same
    method as the plain name (``num_int``): see ``__getattr__``. ``self.text`` is the printed
    card text; ``self.source(meta)`` the printed words of a node.
    """

    game = ""

    def __init__(self, text: str, marked: str | None = None) -> None:
        super().__init__(visit_tokens=False)
        self.text = text
        self.marked = marked if marked is not None else text

    def __getattr__(self, name: str):
        # lark names imported rules "<grammar>__<rule>"; serve them with the rule's method.
        if "__" in name and not name.startswith("__"):
            return getattr(self, name.rsplit("__", 1)[1])
        raise AttributeError(name)

    # -- the walk: same results as lark's Transformer.transform, without building a bound
    # v_args wrapper per node (lark makes one on every attribute access).
    _handlers: dict  # per subclass: rule name -> plain function (self, meta, children) or None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._handlers = {}

    def transform(self, tree):
        if not isinstance(tree, Tree):
            return super().transform(tree)
        return self._walk(tree)

    def _walk(self, tree: Tree):
        children = []
        for child in tree.children:
            if type(child) is Tree:
                child = self._walk(child)
                if child is Discard:
                    continue
            children.append(child)
        return self._node(tree.data, children, tree.meta, tree)

    def _node(self, data: str, children: list, meta, tree: Tree | None = None):
        """What this transformer makes of rule ``data`` with transformed ``children`` (``tree``:
        the node they came from, if there was one). Also the callback of
        :meth:`judge.cards.wordparser.WordParser.parse_into`. (A public name would be wrapped by
        the class's ``v_args``, one more call per node.)"""
        handlers = type(self)._handlers
        try:
            func = handlers[data]
        except KeyError:
            func = handlers[data] = self._meta_handler(data)
        if func is not None:
            if func is _DEFAULT_NODE:
                return Tree(data, children, meta)
            return func(self, meta, children)
        return self._call_userfunc(tree if tree is not None else Tree(data, children, meta),
                                   children)

    def transform_from_tokens(self, tree: Tree):
        """Transform a tree parsed without ``propagate_positions``: each node's span runs from
        its first kept token to its last (tokens the grammar filters out, such as a closing
        quote, are not part of it)."""
        return self._walk_tokens(tree)[0]

    def _walk_tokens(self, tree: Tree):
        children = []
        start = end = None
        for child in tree.children:
            if type(child) is Tree:
                child, first, last = self._walk_tokens(child)
                if first is not None:
                    if start is None:
                        start = first
                    end = last
                if child is Discard:
                    continue
            elif type(child) is Token:
                if start is None:
                    start = child.start_pos
                end = child.end_pos
            children.append(child)
        return self._node(tree.data, children, TokenSpan(start, end)), start, end

    @classmethod
    def _meta_handler(cls, data: str):
        """The undecorated method for rule ``data`` when it takes (meta, children);
        ``_DEFAULT_NODE`` when there is no method and lark's ``__default__`` would make the
        node a plain Tree; else None (the walk then goes through lark's own dispatch)."""
        name = data if isinstance(data, str) else str(data)
        candidates = (name, name.rsplit("__", 1)[-1])
        for candidate in candidates:
            for klass in cls.__mro__:
                attr = klass.__dict__.get(candidate)
                if attr is None:
                    continue
                if isinstance(attr, _VArgsWrapper) and attr.visit_wrapper is _vargs_meta:
                    return attr.base_func
                return None
        if cls.__default__ is Transformer.__default__ and not _INSTANCE_FIELDS & set(candidates):
            return _DEFAULT_NODE
        return None

    def source(self, meta) -> str:
        if getattr(meta, "empty", True):
            return ""
        return self.text[meta.start_pos:meta.end_pos]

    def phrase(self, meta) -> str:
        """Normalised words of a node; the card's own name reads "this"."""
        if getattr(meta, "empty", True):
            return ""
        return clean(_SELF_RUN.sub("this", self.marked[meta.start_pos:meta.end_pos]))

    # -- numbers
    def num_int(self, meta, children):
        return int(children[0])

    def num_x(self, meta, children):
        return "X"

    def num_word(self, meta, children):
        return _NUM_WORDS[str(children[0]).lower()]

    def number(self, meta, children):
        return children[0]

    def signed_number(self, meta, children):
        sign, value = children
        if isinstance(value, int):
            return -value if str(sign) == "-" else value
        return f"{sign}{value}"

    def amount(self, meta, children):
        return children[0]

    def amount_that_much(self, meta, children):
        return "that much"

    def amount_that_many(self, meta, children):
        return "that many"

    # -- targets
    def target_pronoun(self, meta, children):
        child = children[0]
        if isinstance(child, Token):  # the pronoun rule is inlined: its word itself
            child = "this" if child.type.endswith("SELF_NAME") else self.phrase(meta)
        return Target(text=child, span=span_of(meta))

    def pronoun(self, meta, children):
        token = children[0]
        return "this" if token.type.endswith("SELF_NAME") else self.phrase(meta)

    def target_np(self, meta, children):
        words = [w for w in children if isinstance(w, str)]
        lowered = [" ".join(w.lower().split()) for w in words]
        quantifier = "one"
        if lowered[:1] in (["each"], ["all"], ["both"]):
            quantifier = lowered[0] if lowered[0] != "both" else "all"
        elif lowered[:1] == ["any number of"] or (lowered[:1] == ["any"] and len(lowered) > 1
                                                   and lowered[1] != "target"):
            quantifier = "any number"
        elif lowered and lowered[0].startswith("up to"):
            quantifier = " ".join(self.phrase(meta).split(" ")[:3])
        elif any(isinstance(c, int) for c in children[:1]) or (children and children[0] == "X"):
            quantifier = str(children[0])
        targeted = any(w.startswith("target") or w == "any target" for w in lowered)
        return Target(text=self.phrase(meta), targeted=targeted, quantifier=quantifier,
                      span=span_of(meta))

    def np_word(self, meta, children):
        child = children[0]
        return child if not isinstance(child, Token) else str(child)

    def _word(self, meta, children):
        return self.phrase(meta)

    quantifier_word = possessive = modifier_word = noun_word = _word

    def np_controlled(self, meta, children):
        return ("controlled", self.phrase(meta))

    def np_owned(self, meta, children):
        return ("owned", self.phrase(meta))

    # -- durations
    def _duration(self, meta, children):
        return Duration(text=self.phrase(meta), span=span_of(meta))

    dur_this_turn = dur_until_end_of_turn = dur_until_start_next_turn = _duration
    dur_until_end_next_turn = dur_this_chain = dur_until_chain_closes = _duration
    dur_rest_of_game = duration = _duration

    # -- conditions
    def condition_kw(self, meta, children):
        return (self.phrase(meta), meta.end_pos)

    def condition(self, meta, children):
        kind, body_start = children[0]
        return Condition(text=clean(_SELF_RUN.sub("this", self.marked[body_start:meta.end_pos])),
                         kind=kind,
                         span=span_of(meta))

    # -- damage
    def damage_type(self, meta, children):
        return str(children[0]).lower()

    def damage(self, meta, children):
        amount: int | str = 0
        damage_type = ""
        for child in children:
            if isinstance(child, Token):
                continue
            if isinstance(child, str) and child in DAMAGE_TYPES:
                damage_type = child
            else:
                amount = child
        return DamagePhrase(amount=amount, damage_type=damage_type)

    def damage_verb(self, meta, children):
        return "deal"

    # -- costs
    def cost(self, meta, children):
        return tuple(c for c in children if isinstance(c, Cost))

    def cost_resources(self, meta, children):
        return Cost(kind="resource", amount=children[0], span=span_of(meta))

    def cost_icons(self, meta, children):
        return len(children)

    def cost_number(self, meta, children):
        return Cost(kind="resource", amount=int(children[0]), span=span_of(meta))

    def cost_exhaust(self, meta, children):
        return Cost(kind="exhaust", span=span_of(meta))


# Helpers the rule methods call themselves stay plain methods: v_args would otherwise build a
# new wrapper on every call.
for _helper in ("phrase", "source"):
    setattr(CardTransformer, _helper, CardTransformer.__dict__[_helper].base_func)


DAMAGE_TYPES = frozenset({"physical", "arcane", "fire", "frost", "nature", "shadow", "holy",
                          "melee", "ranged", "combat"})


@dataclass(frozen=True, slots=True)
class DamagePhrase:
    """"3 arcane damage": the amount and type before a game builds its Damage effect."""
    amount: int | str
    damage_type: str


# --------------------------------------------------------------------------- splitting

@dataclass(frozen=True, slots=True)
class Piece:
    """A paragraph or sentence of the card text: [start, end) offsets."""
    start: int
    end: int


_BULLET = re.compile(r"\s*(?:[-\u2022]|\*(?!\*))\s")


def split_paragraphs(text: str) -> list[Piece]:
    """Non-empty lines; a bullet line ("- Target ...") continues the paragraph before it."""
    pieces: list[Piece] = []
    pos = 0
    for line in text.split("\n"):
        start, end = pos, pos + len(line)
        pos = end + 1
        stripped = line.strip()
        if not stripped:
            continue
        lead = len(line) - len(line.lstrip())
        start, end = start + lead, start + lead + len(stripped)
        if pieces and _BULLET.match(line):
            pieces[-1] = Piece(pieces[-1].start, end)
        else:
            pieces.append(Piece(start, end))
    return pieces


def split_sentences(text: str, piece: Piece) -> list[Piece]:
    """Split a paragraph at sentence ends (". ", ".\\n", bullets) outside double quotes."""
    out: list[Piece] = []
    start = piece.start
    quoted = False
    i = piece.start
    while i < piece.end:
        ch = text[i]
        if ch == '"':
            quoted = not quoted
        elif not quoted and (ch in ".;:" or ch == "\n"):
            nxt = text[i + 1] if i + 1 < piece.end else " "
            if ch == "\n" or (nxt in " \n*" and ch != ":") or (ch == ":" and nxt == "\n"):
                end = i + 1 if ch != "\n" else i
                _add(out, text, start, end)
                start = i + 1
        i += 1
    _add(out, text, start, piece.end)
    return out


def _add(out: list[Piece], text: str, start: int, end: int) -> None:
    chunk = text[start:end]
    if not chunk.strip(" \n*"):
        return
    lead = len(chunk) - len(chunk.lstrip())
    trail = len(chunk) - len(chunk.rstrip())
    out.append(Piece(start + lead, end - trail))


# --------------------------------------------------------------------------- lexer speed-up

_ASCII = frozenset(chr(i) for i in range(128))
_CATEGORY_CHARS = {
    _sre.CATEGORY_DIGIT: frozenset("0123456789"),
    _sre.CATEGORY_SPACE: frozenset(" \t\n\r\f\v"),
    _sre.CATEGORY_WORD: frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"),
}


def first_chars(regexp: str, flags: int = 0) -> frozenset[str] | None:
    """The ASCII characters a match of ``regexp`` can start with, or None when that cannot be
    told (the pattern may start with any character, or may match the empty string)."""
    try:
        parsed = _sre_parse.parse(regexp, flags)
    except Exception:  # pragma: no cover - lark compiled it already
        return None
    chars, nullable = _first_of_sequence(list(parsed), bool(flags & re.IGNORECASE))
    return None if chars is None or nullable else frozenset(chars)


def _first_of_sequence(items, ignore_case):
    out: set[str] = set()
    for op, av in items:
        chars, nullable = _first_of_item(op, av, ignore_case)
        if chars is None:
            return None, True
        out |= chars
        if not nullable:
            return out, False
    return out, True


def _first_of_item(op, av, ignore_case):
    c = _sre
    if op is c.LITERAL:
        ch = chr(av)
        return ({ch, ch.lower(), ch.upper()} if ignore_case else {ch}), False
    if op is c.IN:
        out: set[str] = set()
        for kind, value in av:
            if kind is c.LITERAL:
                out |= {chr(value), chr(value).lower(), chr(value).upper()} if ignore_case \
                    else {chr(value)}
            elif kind is c.RANGE:
                for code in range(value[0], min(value[1], 127) + 1):
                    ch = chr(code)
                    out |= {ch, ch.lower(), ch.upper()} if ignore_case else {ch}
            elif kind is c.CATEGORY and value in _CATEGORY_CHARS:
                out |= _CATEGORY_CHARS[value]
            else:  # NEGATE, other categories
                return None, True
        return out, False
    if op is c.BRANCH:
        out = set()
        nullable = False
        for branch in av[1]:
            chars, branch_nullable = _first_of_sequence(list(branch), ignore_case)
            if chars is None:
                return None, True
            out |= chars
            nullable = nullable or branch_nullable
        return out, nullable
    if op is c.SUBPATTERN:
        _group, add_flags, del_flags, pattern = av
        case = (ignore_case or bool(add_flags & re.IGNORECASE)) and \
            not (del_flags & re.IGNORECASE)
        return _first_of_sequence(list(pattern), case)
    if op in (c.MAX_REPEAT, c.MIN_REPEAT, getattr(c, "POSSESSIVE_REPEAT", c.MAX_REPEAT)):
        low, _high, pattern = av
        chars, nullable = _first_of_sequence(list(pattern), ignore_case)
        return chars, nullable or low == 0
    if op in (c.AT, c.ASSERT, c.ASSERT_NOT):  # zero width: look at what follows
        return set(), True
    return None, True


class FirstCharScanner:
    """Stands in for a lark ``Scanner``: the same terminals in the same order, but only those
    that can start with the character at the current position are tried (one compiled
    alternation per first character, built when first needed). The first terminal in lark's
    order that matches is the same as with lark's scanner; non-ASCII characters use it."""

    def __init__(self, scanner) -> None:
        self.scanner = scanner
        self.terminals = scanner.terminals
        self.allowed_types = scanner.allowed_types
        self._firsts = [first_chars(t.pattern.to_regexp(), scanner.g_regex_flags)
                        for t in scanner.terminals]
        self._by_char: dict[str, object] = {}

    def _for_char(self, ch: str):
        chosen = [t for t, first in zip(self.terminals, self._firsts)
                  if first is None or ch in first]
        if not chosen:
            sub = None
        elif len(chosen) == len(self.terminals):
            sub = self.scanner
        else:
            sub = type(self.scanner)(chosen, self.scanner.g_regex_flags, self.scanner.re_,
                                     self.scanner.use_bytes)
        self._by_char[ch] = sub
        return sub

    def match(self, text, pos):
        ch = text.text[pos] if pos < text.end else ""
        if ch not in _ASCII:
            return self.scanner.match(text, pos)
        try:
            sub = self._by_char[ch]
        except KeyError:
            sub = self._for_char(ch)
        return sub.match(text, pos) if sub is not None else None

    def fullmatch(self, text: str):
        return self.scanner.fullmatch(text)


def use_first_char_scanners(parser: Lark) -> None:
    """Give every state of ``parser``'s contextual lexer a :class:`FirstCharScanner`."""
    lexer = parser.parser.lexer
    states = getattr(lexer, "lexers", None)
    if states is None:
        return
    seen: set[int] = set()
    for basic in list(states.values()) + [lexer.root_lexer]:
        if id(basic) in seen:
            continue
        seen.add(id(basic))
        basic._scanner = FirstCharScanner(basic.scanner)
        basic.match = basic._scanner.match  # one call layer less per token


# --------------------------------------------------------------------------- driver

class ClauseParser:
    """Parses card text paragraph by paragraph with one LALR grammar (start rules
    ``paragraph`` and ``sentence``), falling back to sentence by sentence."""

    def __init__(self, game: str, grammar: str, transformer: Callable[[str], Transformer], *,
                 paragraph_rule: str = "paragraph", sentence_rule: str = "sentence",
                 spans_from_tokens: bool = False) -> None:
        """``spans_from_tokens``: parse without lark's ``propagate_positions`` (about a third
        of lark's parse time) and let the transformer take each node's span from its tokens;
        the transformer must be a :class:`CardTransformer`; its lexer then also tries only
        the terminals that can start with the next character (:class:`FirstCharScanner`)."""
        self.game = game
        self.spans_from_tokens = spans_from_tokens
        self.grammar_path = GRAMMAR_DIR / grammar
        self.transformer = transformer
        self.paragraph_rule = paragraph_rule
        self.sentence_rule = sentence_rule

    @cached_property
    def lark(self) -> Lark:
        parser = self._open()
        if self.spans_from_tokens:
            use_first_char_scanners(parser)
        return parser

    def _open(self) -> Lark:
        return Lark.open(str(self.grammar_path), parser="lalr", lexer="contextual",
                         propagate_positions=not self.spans_from_tokens,
                         maybe_placeholders=False,
                         start=[self.paragraph_rule, self.sentence_rule],
                         cache=lark_cache(self.grammar_path))

    def prepare(self, text: str, name: str | None) -> str:
        """The text lark sees: same length as ``text``, own name masked."""
        marked = text.translate(_SAME_LENGTH)
        if name:
            pattern = re.compile(r"(?<!\w)" + re.escape(name.translate(_SAME_LENGTH)) + r"(?!\w)")
            marked = pattern.sub(lambda m: SELF_NAME_MARK * len(m.group(0)), marked)
        return marked

    def parse(self, text: str, *, strict: bool = False, name: str | None = None) -> CardText:
        marked = self.prepare(text, name)
        abilities: list[Ability] = []
        unparsed: list[Unparsed] = []
        for paragraph in split_paragraphs(marked):
            try:
                abilities.extend(self._run(text, marked, paragraph, self.paragraph_rule))
                continue
            except UnexpectedInput:
                pass
            for sentence in split_sentences(marked, paragraph):
                try:
                    abilities.extend(self._run(text, marked, sentence, self.sentence_rule))
                except UnexpectedInput as err:
                    offset, expected = self._where(err, sentence)
                    if strict:
                        raise CardSyntaxError(
                            f"{self.game} card text not recognised from here",
                            text=text, offset=offset, path=f"<{name or 'card'}>",
                            expected=expected) from None
                    unparsed.append(Unparsed(text=text[sentence.start:sentence.end],
                                             span=Span(sentence.start, sentence.end),
                                             reason=f"at {offset}: expected {expected}"))
        return CardText(game=self.game, text=text, abilities=tuple(abilities),
                        unparsed=tuple(unparsed))

    def _run(self, text: str, marked: str, piece: Piece, start: str) -> Sequence[Ability]:
        window = " " * piece.start + marked[piece.start:piece.end]
        tree = self.lark.parse(window, start=start)
        transformer = self.transformer(text, marked)
        result = (transformer.transform_from_tokens(tree) if self.spans_from_tokens
                  else transformer.transform(tree))
        return tuple(_flatten_abilities(result))

    @staticmethod
    def _where(err: UnexpectedInput, piece: Piece) -> tuple[int, str]:
        if isinstance(err, UnexpectedToken) and err.token.type == "$END":
            offset, names = piece.end, err.expected
        elif isinstance(err, UnexpectedToken):
            offset, names = err.token.start_pos, err.expected
        elif isinstance(err, UnexpectedCharacters):
            offset, names = err.pos_in_stream, err.allowed
        elif isinstance(err, UnexpectedEOF):
            offset, names = piece.end, err.expected
        else:  # pragma: no cover - lark has no other UnexpectedInput kinds
            offset, names = piece.start, set()
        return offset, describe_expected(names or ())


def _flatten_abilities(result) -> Iterable[Ability]:
    if isinstance(result, Ability):
        yield result
    elif isinstance(result, (list, tuple)):
        for item in result:
            yield from _flatten_abilities(item)
    elif hasattr(result, "children"):
        for item in result.children:
            yield from _flatten_abilities(item)


def describe_expected(names: Iterable[str], limit: int = 8) -> str:
    """Terminal names as a reader would say them: 'card_common__THIS_TURN' -> 'this turn'."""
    words = sorted({n.rsplit("__", 1)[-1].strip("_").lower().replace("_", " ")
                    for n in names if n != "$END"})
    if not words:
        return "end of text"
    more = f", ... ({len(words) - limit} more)" if len(words) > limit else ""
    return ", ".join(words[:limit]) + more
