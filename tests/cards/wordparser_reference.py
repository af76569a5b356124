"""Oracle for tests/cards/test_wordparser.py: the word-level parser as first written (commit
e1f1092, judge/cards/wordparser.py), kept verbatim apart from its name. The optimised
:class:`judge.cards.wordparser.WordParser` must give the same tree, or the same error, for every
window of text; this module is the "before" of that comparison and is not used by the project.
"""

from __future__ import annotations

import re

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedToken
from lark.parsers.lalr_analysis import Shift

from judge.cards.wordparser import Conflicts

_WORD = re.compile(r"[A-Za-z\u00a7][\w'\u2019\u00a7\-]*(?:/[A-Za-z]+)?")
_SPACE = re.compile(r"[\s*]+")
_POSS = re.compile(r"(?:'s|s')$")
MAX_STEPS = 6000


class ReferenceWordParser:
    """The first WordParser, unoptimised: a lark parser state copied for every reading, trees
    built on every branch, every span terminal matched at every position."""

    def __init__(self, lark: Lark, conflicts: Conflicts | None = None) -> None:
        self.lark = lark
        self.conflicts = conflicts or {}
        terminals = lark.terminals
        self.order = {t.name: i for i, t in enumerate(terminals)}
        self.word_terms = []    # terminals matched against one whole word
        self.span_terms = []    # terminals that may span words or look ahead (common core)
        self.punct_terms = []   # punctuation and symbols
        for t in terminals:
            rx = re.compile(t.pattern.to_regexp(), re.IGNORECASE if t.name != "NAME" else 0)
            src = t.pattern.to_regexp()
            body = re.sub(r"^\(\?[a-z]*:", "", src).lstrip("(\\")
            if "\\s" in src or "(?=" in src or " " in src:
                self.span_terms.append((t.name, rx))
            elif t.name.endswith("SELF_NAME"):
                self.word_terms.append((t.name, rx))
            elif "\\d" in src or not (body[:1].isalpha() or re.match(r"\[[^\]]*[A-Za-z]", body)):
                self.punct_terms.append((t.name, rx))
            else:
                self.word_terms.append((t.name, rx))
        self._word_cache: dict[str, tuple[str, ...]] = {}

    def classes(self, word: str) -> tuple[str, ...]:
        """Terminals that ``word`` is, keywords before NAME."""
        cached = self._word_cache.get(word)
        if cached is None:
            plain = word.replace("\u2019", "'")
            found = [name for name, rx in self.word_terms if rx.fullmatch(plain)]
            found.sort(key=lambda n: (n.endswith("NAME"), self.order[n]))
            cached = self._word_cache[word] = tuple(found)
        return cached

    def readings(self, text: str, pos: int) -> list[tuple[str, int]]:
        """(terminal, end) pairs that can start at ``pos``; preferred first."""
        out: list[tuple[str, int]] = []
        for name, rx in self.span_terms:
            m = rx.match(text, pos)
            if m and m.end() > pos:
                out.append((name, m.end()))
        if text.startswith(",", pos):
            out.extend((n, pos + 1) for n in ("NP_COMMA", "LIST_COMMA", "VP_COMMA"))
        word = _WORD.match(text, pos)
        if word:
            w = word.group(0)
            lw = w.lower()
            if lw in ("and", "or", "and/or"):
                joined = {"and": ("NP_AND", "VP_AND", "AND"), "or": ("NP_OR", "VP_OR", "OR"),
                          "and/or": ("NP_ANDOR",)}[lw]
                out.extend((n, word.end()) for n in joined)
            else:
                out.extend((n, word.end()) for n in self.classes(w))
                if _POSS.search(w) and len(w) > 2:
                    # "opponent's" -> opponent + 's
                    cut = 2 if w.endswith("s") and w[-2] in "'\u2019" else 1
                    out.extend((n, word.end() - cut) for n in self.classes(w[:-cut]))
        else:
            for name, rx in self.punct_terms:
                m = rx.match(text, pos)
                if m and m.end() > pos:
                    out.append((name, m.end()))
        # longer readings first, then keyword before name, then grammar order
        out.sort(key=lambda r: (-(r[1] - pos), r[0].endswith("NAME"), self.order.get(r[0], 0)))
        seen: set[tuple[str, int]] = set()
        return [r for r in out if not (r in seen or seen.add(r))]

    def parse(self, text: str, start: str) -> Tree:
        """Parse ``text`` (a window: blanks before the piece keep offsets) from rule ``start``."""
        base = self.lark.parse_interactive(None, start=start).parser_state
        stack = [(base, self._skip(text, 0))]
        steps = 0
        best: tuple[int, set[str], str] = (-1, set(), "")
        while stack:
            ps, pos = stack.pop()
            choices = ps.parse_conf.states[ps.position]
            if pos >= len(text):
                if "$END" in choices:
                    eof = Token("$END", "", start_pos=len(text), line=1, column=len(text) + 1)
                    done = self._feed(ps, eof)
                    if done:
                        return done[0]
                if pos >= best[0]:
                    best = (pos, set(choices), "")
                continue
            options = [r for r in self.readings(text, pos) if r[0] in choices]
            if not options:
                if pos > best[0]:
                    best = (pos, set(choices), text[pos:pos + 20])
                continue
            branch = []
            for name, end in options:
                steps += 1
                if steps > MAX_STEPS:
                    stack.clear()
                    break
                token = Token(name, text[pos:end], start_pos=pos, line=1, column=pos + 1,
                              end_line=1, end_column=end + 1, end_pos=end)
                fed = self._feed(ps.copy(deepcopy_values=False), token)
                if not fed and pos > best[0]:
                    best = (pos, set(choices), text[pos:end])
                branch.extend((f, self._skip(text, end)) for f in fed)
            stack.extend(reversed(branch))   # preferred reading on top
        pos, expected, got = best
        if pos >= len(text) or pos < 0:
            tok = Token("$END", "", start_pos=len(text), line=1, column=len(text) + 1)
            raise UnexpectedToken(tok, expected or {"$END"})
        raise UnexpectedCharacters(text, pos, 1, pos + 1, allowed=expected)

    def _feed(self, ps, token: Token) -> list:
        """Feed one token; every parser state that accepts it, the table's own action first and
        then the reduces that a shift/reduce conflict hid. For "$END", the finished trees."""
        conf = ps.parse_conf
        states, callbacks, end = conf.states, conf.callbacks, token.type == "$END"
        out: list = []
        pending = [ps]
        while pending:
            ps = pending.pop(0)
            hidden: list = []
            while True:
                state = ps.state_stack[-1]
                for rule in self.conflicts.get(state, {}).get(token.type, ()):
                    alt = ps.copy(deepcopy_values=False)
                    self._reduce(alt, rule, states, callbacks)
                    hidden.append(alt)
                action = states[state].get(token.type)
                if action is None:
                    break
                kind, arg = action
                if kind is Shift:
                    if not end:
                        ps.state_stack.append(arg)
                        ps.value_stack.append(callbacks[token.type](token) if token.type in callbacks
                                              else token)
                        out.append(ps)
                    break
                self._reduce(ps, arg, states, callbacks)
                if end and ps.state_stack[-1] == conf.end_state:
                    out.append(ps.value_stack[-1])
                    break
            pending[:0] = hidden
        return out

    @staticmethod
    def _reduce(ps, rule, states, callbacks) -> None:
        size = len(rule.expansion)
        # lark's tree builder extends an inlined child's list in place ("_rule", "__x_plus"):
        # forks share those trees, so each reduce gets its own list
        values = [_own_children(v) for v in ps.value_stack[-size:]] if size else []
        if size:
            del ps.state_stack[-size:]
            del ps.value_stack[-size:]
        value = callbacks[rule](values) if callbacks else values
        _, new_state = states[ps.state_stack[-1]][rule.origin.name]
        ps.state_stack.append(new_state)
        ps.value_stack.append(value)

    @staticmethod
    def _skip(text: str, pos: int) -> int:
        m = _SPACE.match(text, pos)
        return m.end() if m else pos


def _own_children(value):
    if isinstance(value, Tree) and value.data.startswith("_"):
        copy = Tree(value.data, list(value.children))
        if hasattr(value, "_meta"):
            copy._meta = value._meta
        return copy
    return value
