"""The card-text parsing driver shared by the four games.

A card's text is tokenised once (:mod:`judge.cards.lexer`), split into paragraphs (the game
says how) and each paragraph into sentences (at ``.``, ``;`` and ``!`` outside quotes and
parentheses). Every sentence is parsed on its own by the game's LALR grammar, whose rule
callbacks build the values as it reduces (no parse tree): so a sentence's values never depend
on its neighbours, and a sentence the grammar cannot read costs only itself. Such a sentence
becomes an :class:`~judge.cards.model.Unparsed` with its span, the offset where reading stopped
and what the grammar expected there; ``strict=True`` raises
:class:`~judge.cards.errors.CardSyntaxError` (with a caret) for the first one instead. No input
makes it raise anything else: an unexpected failure inside a rule callback is reported as an
unparsed sentence too (``JUDGE_CARDS_DEBUG=1`` re-raises it, for developers).

The parser is loaded once per process. Its analysed grammar is cached in the user cache folder
(``$JUDGE_HOME/cache/grammar``, :func:`judge.grammar_cache.lark_cache`), so only the first
process after a grammar change pays for building the LALR tables.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from functools import cached_property
from pathlib import Path
from sys import intern

from lark import Lark, Token
from lark.exceptions import UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from judge.cards import model as M
from judge.cards.errors import CardSyntaxError
from judge.cards.lexer import Lexicon, Tokens, WordLexer, plain_text, scan, self_spans
from judge.cards.nouns import base
from judge.cards.transformer import NoValue, NotAKeyword, _Spliced
from judge.grammar_cache import lark_cache

GRAMMAR_DIR = Path(__file__).resolve().parents[2] / "grammar"

_SENTENCE_ENDS = frozenset({"DOT", "SEMI", "BANG"})
_SPLIT_KINDS = _SENTENCE_ENDS | {"CHOOSE_ONE", "QUOTE", "LPAR", "RPAR"}   # what sentences() reads
_DEBUG = bool(os.environ.get("JUDGE_CARDS_DEBUG"))


class CardGrammar:
    """One game's grammar file, loaded with the word lexer and the game's transformer."""

    def __init__(self, grammar: str, transformer, *, start: Sequence[str] = ("sentence",),
                 icons: Callable[[str], str | None] | None = None,
                 open_words: bool = False, periods: Sequence[str] = ()) -> None:
        self.path = GRAMMAR_DIR / grammar
        self.open_words = open_words
        self.periods = tuple(periods)
        self.transformer = transformer
        self.start = list(start)
        self.icons = icons

    @cached_property
    def lark(self) -> Lark:
        M.use_fast_inits()           # values made faster, once a process parses card text
        return Lark.open(str(self.path), parser="lalr", lexer=WordLexer,
                         transformer=self.transformer, start=self.start,
                         maybe_placeholders=False, cache=lark_cache(self.path))

    @cached_property
    def lexicon(self) -> Lexicon:
        return Lexicon(self.lark.terminals, icons=self.icons, open_words=self.open_words,
                       periods=self.periods)

    @cached_property
    def tokens(self) -> Tokens:
        return Tokens(self.lexicon)

    def tokenize(self, text: str, name: str | None = None) -> list[Token]:
        plain = plain_text(text)            # made once for both
        return self.tokens.tokens(scan(text, self_spans(text, name, plain=plain), plain=plain))

    def parse_tokens(self, tokens: list[Token], start: str):
        if self.recording is not None:
            self._record(tokens, start)
        if self.via_tree:
            return self._parse_via_tree(tokens, start)
        driver = self.driver
        if driver is None:
            return self.lark.parse(tokens, start=start)
        return driver.parse(tokens, start)

    @cached_property
    def driver(self) -> LALRDriver | None:
        """The LALR loop over :attr:`lark`'s own tables and callbacks (:class:`LALRDriver`), or
        None if this lark keeps them elsewhere (then ``Lark.parse`` runs)."""
        return LALRDriver.of(self.lark)

    # -- the reference path: a parse tree, then the transformer over it --------------------
    via_tree = False
    """Parse through a tree (:attr:`tree_lark`) and then run the transformer over it, rather
    than calling the transformer's methods as the parser reduces. Slower; the values must be
    the same (``tests/cards/test_card_speed_paths.py`` compares the two over the corpora)."""

    def _parse_via_tree(self, tokens: list[Token], start: str):
        tree = self.tree_lark.parse(tokens, start=start)
        try:
            return self.transformer.transform(tree)
        except VisitError as err:     # what a rule method raised, as the in-parser path has it
            raise err.orig_exc from None

    # -- which grammar rules a parse uses (judge cards coverage --rules) -------------------
    recording: set | None = None

    @cached_property
    def tree_lark(self) -> Lark:
        """The same grammar building a parse tree (no transformer), loaded from the same cache."""
        return Lark.open(str(self.path), parser="lalr", lexer=WordLexer, start=self.start,
                         maybe_placeholders=False, cache=lark_cache(self.path))

    def _record(self, tokens: list[Token], start: str) -> None:
        try:
            tree = self.tree_lark.parse(tokens, start=start)
        except Exception:  # noqa: BLE001 - a failing piece uses no rule to the end
            return
        for node in tree.iter_subtrees():
            self.recording.add(base(str(node.data)))

    def expected(self, names) -> str:
        """Terminal names as a reader would say them (worked out once per set of names: a
        state's expected terminals are the same set each time a sentence stops there)."""
        key = frozenset(names)
        said = self._said.get(key)
        if said is None:
            said = self._said[key] = self._expected(key)
        return said

    @cached_property
    def _said(self) -> dict:
        return {}

    def _expected(self, names) -> str:
        words = set()
        for name in names:
            if name == "$END":
                continue
            plain = base(name)
            if plain in ("INT", "XVAR", "SIGNED"):
                words.add("a number")
            elif plain in ("NAME", "WORD", "SELF", "ICON", "POSS", "UNKNOWN"):
                words.add({"NAME": "a name", "WORD": "a word", "SELF": "the card's name",
                           "ICON": "an icon", "POSS": "'s", "UNKNOWN": "a character"}[plain])
            elif plain.startswith("V_"):
                words.add("a verb")
            elif plain in ("NOUN", "ADJ", "STAT", "DET"):
                words.add({"NOUN": "a noun", "ADJ": "an adjective", "STAT": "a stat",
                           "DET": "a determiner"}[plain])
            else:
                words.add(plain.strip("_").lower().replace("_", " "))
        if not words:
            return "end of text"
        listed = sorted(words)
        more = f", ... ({len(listed) - 8} more)" if len(listed) > 8 else ""
        return ", ".join(listed[:8]) + more


class LALRDriver:
    """The LALR(1) loop over a loaded :class:`~lark.Lark`'s parse table, calling the
    transformer's rule methods as it reduces: what ``Lark.parse`` does for a list of tokens,
    with the table re-keyed so a step is two dict lookups (lark keys its reductions by ``Rule``
    objects whose hash and equality are Python code, and checks invariants with ``assert`` on
    every step). The current state is kept apart from the states under it (no stack subscript
    per step), and the end of the input is read by a loop of its own (no check per token for
    it). Errors are lark's own ``UnexpectedToken`` with the same token and expected terminals
    (worked out once per state).

    Each rule's reduction is made once from lark's callback for it (:func:`_reduction`): the
    children lark's wrappers would filter and splice are picked in one generated function, and
    a rule whose value is its one child (``?rule`` with one child, a repetition of one spliced
    item) costs no call at all. A spliced rule (``_x``, lark's ``__x_star_n``) is a plain list
    of its children here, where lark makes an object holding one. Wrappers of another shape
    keep lark's callback.

    The table is read from attributes lark does not document (:func:`_lalr_tables`; only on
    lark 1.3, the release the loop is checked on); :meth:`of` returns None on another release
    or when they are not there or not of that shape, and the reader falls back to
    ``Lark.parse``. ``tests/cards/test_card_speed_paths.py``
    checks the values against lark building a tree over the whole corpora."""

    __slots__ = ("states", "starts", "ends", "token_callbacks")

    def __init__(self, states: dict, starts: dict, ends: dict, token_callbacks: dict) -> None:
        self.states, self.starts, self.ends = states, starts, ends
        self.token_callbacks = token_callbacks

    @classmethod
    def of(cls, lark: Lark) -> LALRDriver | None:
        tables = _lalr_tables(lark)
        if tables is None:
            return None
        raw_states, starts, ends, callbacks, wrappers = tables
        try:
            states = _Rows(raw_states, callbacks, wrappers)
            for state in starts.values():           # the layout checked where parsing starts
                states[state]
        except (TypeError, ValueError, AttributeError, KeyError):
            return None
        token_callbacks = {str.__str__(k): v for k, v in callbacks.items() if isinstance(k, str)}
        return cls(states, dict(starts), dict(ends), token_callbacks)

    def parse(self, tokens: list[Token], start: str):
        states = self.states
        table = states.table            # state -> its row, None until the loop is first in it
        token_callbacks = self.token_callbacks
        below: list[int] = []           # the states under the current one
        state = self.starts[start]
        values: list = []
        for token in tokens:
            kind = token.type
            while True:
                try:
                    act = table[state][kind]
                except (KeyError, TypeError):           # no such action, or a row not made yet
                    act = states[state].get(kind)
                    if act is None:
                        raise UnexpectedToken(token, states.expected(state),
                                              state=None) from None
                if act.__class__ is int:    # shift
                    below.append(state)
                    state = act
                    values.append(token if kind not in token_callbacks
                                  else token_callbacks[kind](token))
                    break
                if act.__class__ is _Unit:
                    # a run of one-child reductions, worked out once per state under it
                    # (:class:`_Unit`): only its reductions are called
                    reduces, state = act[below[-1]]
                    for reduce in reduces:
                        reduce(values)      # pops the rule's child, pushes its value
                    continue
                size, reduce, origin = act
                if reduce is not None:
                    reduce(values)          # pops the rule's children, pushes its value
                if size:
                    del below[1 - size:]
                    state = table[below[-1]][origin]
                else:
                    below.append(state)
                    state = table[state][origin]
        # the end of the input: reductions only, until the start rule is reduced
        end_state = self.ends[start]
        while True:
            act = states[state].get("$END")
            if act.__class__ is _Unit:
                act = act.act
            if act is None or act.__class__ is int:
                end = Token.new_borrow_pos("$END", "", tokens[-1]) if tokens else \
                    Token("$END", "", 0, 1, 1)      # made only for the error
                raise UnexpectedToken(end, states.expected(state), state=None)
            size, reduce, origin = act
            if reduce is not None:
                reduce(values)
            if size == 1:
                state = table[below[-1]][origin]
            elif size:
                del below[1 - size:]
                state = table[below[-1]][origin]
            else:
                below.append(state)
                state = table[state][origin]
            if state == end_state:
                return values[-1]


class _Unit(dict):
    """The action of a state before a terminal when it is a one-child reduction (``act``: the
    reduction as :class:`_Rows` makes it): the state under the current one -> the run of
    one-child reductions the loop makes from there, (their functions, the state it is then
    in). Such a reduction leaves the states below as they are, so the run depends on the
    state, the terminal and the state under it only; it ends where the next action is
    anything else (a shift, a longer or empty reduction, or none: the loop then acts, or
    raises, there as it would have). Each run is worked out the first time it is met."""

    __slots__ = ("act", "state", "kind", "states")

    def __init__(self, act: tuple, state: int, kind: str, states: _Rows) -> None:
        super().__init__()
        self.act, self.state, self.kind, self.states = act, state, kind, states

    def __missing__(self, under: int) -> tuple[tuple, int]:
        states, kind, state = self.states, self.kind, self.state
        reduces = []
        while True:
            act = states[state].get(kind)
            if act.__class__ is _Unit:
                act = act.act
            if act is None or act.__class__ is int or act[0] != 1:
                break
            if act[1] is not None:
                reduces.append(act[1])
            state = states[under][act[2]]       # a goto: a state number
        run = self[under] = (tuple(reduces), state)
        return run


class _Rows(dict):
    """State -> {terminal or rule name: the next state (shift, goto) | (size, reduction or None,
    rule name) (reduce; a one-child reduction held in a :class:`_Unit`)}, each state's row
    re-keyed from lark's the first time the loop is in it (a whole corpus visits most of a
    grammar's ~750 states; a card or two, a few dozen)."""

    __slots__ = ("raw", "callbacks", "wrappers", "reductions", "terminals", "table")

    def __init__(self, raw: dict, callbacks: dict, wrappers: tuple) -> None:
        super().__init__()
        self.raw, self.callbacks, self.wrappers = raw, callbacks, wrappers
        self.reductions: dict = {}
        self.terminals: dict = {}
        # the rows again, in a list by state number (lark numbers its states from 0): the
        # loop's look-up, a list index; None where no row is made yet
        if not all(type(k) is int and k >= 0 for k in raw):
            raise ValueError("lark table: states are not numbered")
        self.table: list = [None] * (max(raw, default=-1) + 1)

    def expected(self, state) -> set[str]:
        """The terminals ``state`` reads (a new set each time: an error's own), worked out
        once per state (a sentence the grammar cannot read raises one)."""
        found = self.terminals.get(state)
        if found is None:
            found = self.terminals[state] = frozenset(s for s in self[state] if s.isupper())
        return set(found)

    def __missing__(self, state):
        reductions = self.reductions
        row = {}
        for symbol, (action, arg) in self.raw[state].items():
            # names interned, as the lexer's terminal names are: a look-up finds them by identity
            if isinstance(arg, int):                # shift (or goto): the next state
                if getattr(action, "name", None) != "Shift":
                    raise ValueError(f"lark table: {action!r} to a state")
                row[intern(str.__str__(symbol))] = arg
            else:                                    # reduce by the rule ``arg``
                act = reductions.get(id(arg))
                if act is None:
                    act = reductions[id(arg)] = (
                        len(arg.expansion), _reduction(arg, self.callbacks[arg], self.wrappers),
                        intern(str.__str__(arg.origin.name)))
                symbol = intern(str.__str__(symbol))
                row[symbol] = act if act[0] != 1 else _Unit(act, state, symbol, self)
        self[state] = self.table[state] = row
        return row


def _spliced(symbol) -> bool:
    """Whether lark splices the value of grammar ``symbol`` into its parent (a rule ``_x``)."""
    return not symbol.is_term and symbol.name.startswith("_")


def _reduction(rule, callback, wrappers) -> Callable | None:
    """The function that reduces ``rule`` on the loop's value stack (pops its children, pushes
    its value), made from lark's ``callback`` for it; None when the value is the one child.

    lark wraps a rule's transformer method in a child filter (drop the anonymous tokens, splice
    ``_x`` children) and, for ``?rule``, a single-child shortcut. Those two, with the
    transformer's splice (:class:`~judge.cards.transformer._Spliced`) or any method inside, are
    made into one generated function that does what they do; anything else keeps ``callback``
    as lark built it (:func:`_lark_reduction`)."""
    child_filter, single_child = wrappers
    size = len(rule.expansion)
    spliced = [_spliced(s) for s in rule.expansion]
    own_spliced = _spliced(rule.origin)
    inner, include, expand1 = callback, [(i, spliced[i]) for i in range(size)], False
    if child_filter is not None and type(inner) is child_filter:
        include, inner = list(inner.to_include), inner.node_builder
    if single_child is not None and type(inner) is single_child:
        expand1, inner = True, inner.node_builder
    kept = {i for i, _ in include}
    if (child_filter is None or single_child is None
            or type(inner).__module__ == child_filter.__module__   # a wrapper of another kind
            or any(x != spliced[i] for i, x in include)            # a splice lark would not make
            or any(spliced[i] and i not in kept for i in range(size))
            or (own_spliced and (expand1 or inner is not _Spliced))
            or (not own_spliced and inner is _Spliced)
            or (expand1 and any(x for _, x in include))):
        return _lark_reduction(callback, spliced, own_spliced)
    if size == 1 and (own_spliced and include == [(0, True)] or
                      expand1 and include == [(0, False)]):
        return None                                  # the value is the child's
    scope = {"inner": inner}
    shape = _shaped_reduction(size, include, own_spliced, expand1)
    if shape is not None:                           # a common shape, in fewer steps
        exec(shape, scope)                          # noqa: S102 - code made here
        return scope["reduce"]
    names = [f"c{i}" for i in range(size)]
    lines = ["def reduce(values):"]
    if size == 1:
        lines.append("    c0 = values[-1]")
    elif size:
        lines.append(f"    {', '.join(names)}, = values[-{size}:]")
        lines.append(f"    del values[-{size}:]")
    parts = [("*" if x else "") + names[i] for i, x in include]
    if include and include[0][1]:
        # as lark's filter for left recursion: the first spliced child's list grows in place
        lines.append(f"    kids = {names[include[0][0]]}")
        rest = parts[1:]
        if len(rest) == 1:
            lines.append(f"    kids += {rest[0][1:]}" if rest[0][0] == "*" else
                         f"    kids.append({rest[0]})")
        elif rest:
            lines.append(f"    kids += [{', '.join(rest)}]")
    else:
        lines.append(f"    kids = [{', '.join(parts)}]")
    if own_spliced:
        value = "kids"
    elif expand1 and len(include) == 1:
        value = "kids[0]"
    else:
        value = "inner(kids)"
    lines.append(f"    values[-1] = {value}" if size == 1 else f"    values.append({value})")
    exec("\n".join(lines), scope)                   # noqa: S102 - code made here, above
    return scope["reduce"]


def _shaped_reduction(size: int, include: list, own_spliced: bool, expand1: bool) -> str | None:
    """The code of :func:`_reduction`'s function for the shapes most reductions have, doing
    what its general code does in fewer steps (the same values, the same lists), or None:

    * a spliced rule of one plain child (``_np_word``): a new list of it;
    * a repetition growing by one item or one spliced run (``__x_star_n: __x_star_n x``): the
      first child's list grows in place, where it stands on the stack;
    * a rule keeping all of two or more plain children: they are its list as they stand."""
    plain = include == [(i, False) for i in range(size)]
    if own_spliced and size == 1 and plain:
        return "def reduce(values):\n    values[-1] = [values[-1]]"
    if own_spliced and size == 2 and include in ([(0, True), (1, False)], [(0, True), (1, True)]):
        grow = "values[-1].append(c1)" if include[1] == (1, False) else "values[-1] += c1"
        return f"def reduce(values):\n    c1 = values.pop()\n    {grow}"
    if not own_spliced and not expand1 and size >= 2 and plain:
        return (f"def reduce(values):\n    kids = values[-{size}:]\n    del values[-{size}:]\n"
                f"    values.append(inner(kids))")
    return None


def _lark_reduction(callback, spliced: list[bool], own_spliced: bool) -> Callable:
    """A reduction calling lark's own ``callback``, which takes spliced children as objects
    with ``children`` (the loop keeps them as lists)."""
    size = len(spliced)

    def reduce(values):
        children = values[len(values) - size:]
        del values[len(values) - size:]
        value = callback([_Spliced(c) if s else c for c, s in zip(children, spliced)])
        values.append(value.children if own_spliced else value)
    return reduce


def _lalr_tables(lark: Lark):
    """(states, start states, end states, callbacks, (child filter class, single-child class))
    of a loaded LALR ``Lark``, or None.

    The one place judge reads lark past its public API (tests/cards/test_card_properties.py
    allows it here only): lark 1.3 keeps them on ``Lark.parser.parser.parser``. Another
    release or layout gives None and the reader uses ``Lark.parse``.
    """
    if not _tables_checked_on(lark_version()):
        return None
    try:
        inner = lark.parser.parser.parser
        table = inner.parse_table
        tables = table.states, table.start_states, table.end_states, inner.callbacks
    except AttributeError:
        return None
    try:        # the wrappers lark puts around a rule's method (lark.parse_tree_builder)
        from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders, ExpandSingleChild
        wrappers = ChildFilterLALR_NoPlaceholders, ExpandSingleChild
    except ImportError:
        wrappers = None, None
    return (*tables, wrappers)


def lark_version() -> str:
    import lark as lark_package
    return getattr(lark_package, "__version__", "")


def _tables_checked_on(version: str) -> bool:
    """The lark releases whose table layout the loop was checked against over the corpora
    (tests/cards/test_card_speed_paths.py). Another release may keep the attribute names and
    change what they hold, so it gets ``Lark.parse``: slower, never a different value."""
    return version.split(".")[:2] == ["1", "3"]


class Piece:
    """A run of tokens: a paragraph or a sentence, with its span in the card text."""
    __slots__ = ("tokens", "start", "end")

    def __init__(self, tokens: list[Token], start: int, end: int) -> None:
        self.tokens, self.start, self.end = tokens, start, end


def sentences(tokens: list[Token]) -> list[Piece]:
    """Split at sentence ends outside quotes and parentheses (the end stays with its
    sentence)."""
    out: list[Piece] = []
    current: list[Token] = []
    quoted = False
    depth = 0
    choice = False
    for i, tok in enumerate(tokens):
        current.append(tok)
        t = base(tok.type)
        if t not in _SPLIT_KINDS:           # (most tokens: none of the tests below holds)
            continue
        if t == "CHOOSE_ONE":
            choice = True                  # "Choose one: A; or B." is one sentence
        if t == "SEMI" and choice:
            continue
        if t == "QUOTE":
            quoted = not quoted
        elif t == "LPAR":
            depth += 1
        elif t == "RPAR":
            depth = max(0, depth - 1)
        elif t in _SENTENCE_ENDS and not quoted and depth == 0:
            out.append(Piece(current, current[0].start_pos, current[-1].end_pos))
            current = []
            choice = False
            continue
        if t == "QUOTE" and not quoted and len(current) > 2 and \
                base(current[-2].type) in _SENTENCE_ENDS and depth == 0 and not (
                    i + 1 < len(tokens) and base(tokens[i + 1].type) == "DURATION"):
            # 'All heroes have "Sabotage: A Welcome Distraction."' ends at the closing quote
            # (unless a duration follows: 'Target ally has "... ally." this turn.')
            out.append(Piece(current, current[0].start_pos, current[-1].end_pos))
            current = []
    if current:
        out.append(Piece(current, current[0].start_pos, current[-1].end_pos))
    return out


def paragraphs(text: str, tokens: list[Token]) -> list[Piece]:
    """Tokens grouped by the blank-line- or line-separated paragraphs of ``text``."""
    if "\n" not in text:                 # one paragraph (no line break to look for)
        return [Piece(list(tokens), tokens[0].start_pos, tokens[-1].end_pos)] if tokens else []
    out: list[Piece] = []
    current: list[Token] = []
    last_end = None
    find = text.find
    for tok in tokens:
        if current and last_end is not None and find("\n", last_end, tok.start_pos) >= 0:
            out.append(Piece(current, current[0].start_pos, current[-1].end_pos))
            current = []
        current.append(tok)
        last_end = tok.end_pos
    if current:
        out.append(Piece(current, current[0].start_pos, current[-1].end_pos))
    return out


class Parsed:
    """What parsing a piece gave: the value, or where and why it failed."""
    __slots__ = ("value", "error", "at")

    def __init__(self, value=None, error: str = "", at: int | None = None) -> None:
        self.value, self.error, self.at = value, error, at


def parse_piece(grammar: CardGrammar, text: str, piece: Piece, start: str) -> Parsed:
    grammar.transformer.begin(text)
    try:
        return Parsed(grammar.parse_tokens(piece.tokens, start))
    except UnexpectedToken as err:
        tok = err.token
        if tok.type == "$END":
            return Parsed(error=f"expected {grammar.expected(err.expected)} at the end",
                          at=piece.end)
        return Parsed(error=f"unexpected {str(tok)!r}: expected "
                            f"{grammar.expected(err.expected)}", at=tok.start_pos)
    except UnexpectedEOF as err:
        return Parsed(error=f"expected {grammar.expected(err.expected)} at the end",
                      at=piece.end)
    except UnexpectedInput as err:   # pragma: no cover - the word lexer makes no other kind
        return Parsed(error=str(err).splitlines()[0], at=piece.start)
    except NoValue as err:
        return Parsed(error=err.reason, at=err.at if err.at is not None else piece.start)
    except NotAKeyword as err:
        return Parsed(error=f"{str(err)!r} is no keyword the rules of the game define",
                      at=piece.start)
    except Exception as err:   # noqa: BLE001 - never a traceback for card text
        if _DEBUG:
            raise
        return Parsed(error=f"not read ({type(err).__name__})", at=piece.start)


def unparsed(text: str, piece: Piece, parsed: Parsed) -> M.Unparsed:
    return M.Unparsed(text=text[piece.start:piece.end], span=M.Span(piece.start, piece.end),
                      reason=f"at {parsed.at}: {parsed.error}", at=parsed.at)


def strict_error(game: str, text: str, name: str | None, piece: Piece, parsed: Parsed
                 ) -> CardSyntaxError:
    expected = parsed.error.split("expected ", 1)[-1] if "expected" in parsed.error else None
    return CardSyntaxError(f"{game} card text not recognised from here", text=text,
                           offset=parsed.at if parsed.at is not None else piece.start,
                           path=f"<{(name[0] if isinstance(name, tuple) else name) or 'card'}>",
                           expected=expected)
