"""Word-level LALR parsing: every terminal reading of each word, fed depth first to lark's tables.

Card text is English with a closed vocabulary, so one word can belong to several word classes
("ready" is a verb and an adjective, "Protector" a keyword and part of a name, "and" joins nouns
or clauses). :class:`WordParser` lists every terminal of the grammar a piece of text can be (whole
words, matched case-insensitively; multi-word terminals of the common core; punctuation) and
feeds them to lark's LALR parser depth first, keeping only the readings the parse table accepts
and backing up when a reading dead-ends. Shift/reduce and reduce/reduce conflicts that lark
settles while building the table are recorded (:func:`load_grammar`) and the lost actions are
tried after the table's own. The first complete parse wins; readings are tried keyword before
name, longer before shorter. A word that is no terminal of the grammar stops the parse: there is
no catch-all for prose.

Speed, without changing any result (tests/cards/test_wordparser.py compares every window with
the first, unoptimised version): the search moves table states only, on shared linked stacks,
and only the winning parse's log is replayed, either into lark's tree (:meth:`WordParser.parse`)
or straight into a transformer's nodes with no tree at all (:meth:`WordParser.parse_into`, what
the WoW clause parser uses); a state whose subtree failed is not searched twice; a reading
nothing at the next word can follow is not fed; word readings and table rows are cached.
"""

from __future__ import annotations

import hashlib
import pickle
import re
import tempfile
from contextlib import contextmanager
from collections.abc import Callable
from functools import partial
from pathlib import Path

import lark
from lark import Discard, Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedToken
from lark.lexer import Lexer
from lark.parse_tree_builder import (ChildFilterLALR_NoPlaceholders, ExpandSingleChild,
                                     PropagatePositions)
from lark.parsers.lalr_analysis import LALR_Analyzer, Shift

from judge.cards.common import TokenSpan, first_chars

_WORD = re.compile(r"[A-Za-z\u00a7][\w'\u2019\u00a7\-]*(?:/[A-Za-z]+)?")
_SPACE = re.compile(r"[\s*]+")
_POSS = re.compile(r"(?:'s|s')$")
MAX_STEPS = 6000  # tokens fed per parse before giving up on a too ambiguous paragraph


class _FedByDriver(Lexer):
    """Lark needs a lexer class; :class:`WordParser` feeds tokens itself."""

    def __init__(self, conf) -> None:
        self.conf = conf

    def lex(self, lexer_state, parser_state):  # pragma: no cover - never called
        raise NotImplementedError("tokens are fed by WordParser")


Conflicts = dict[int, dict[str, tuple]]   # parse state -> terminal -> reduce rules shift hid


@contextmanager
def _recording_conflicts(found: list[Conflicts]):
    """While lark computes the LALR table, note every conflict it settles (or would reject).

    Lark keeps one action per (state, terminal): a shift/reduce conflict is resolved as shift and
    the reduce is lost; a reduce/reduce conflict (equal priorities) would be an error, so here the
    first rule by name goes to the table and the others are noted. English noun phrases followed by a verb or a participle ("each player
    puts ...": "puts" starts a relative clause or the predicate) are exactly such conflicts, so
    :class:`WordParser` tries the lost reduces too, after the shift. State numbers are those of
    lark's int parse table (it enumerates the item sets in the same order as here).
    """
    original = LALR_Analyzer.compute_lalr1_states

    def compute(analyzer: LALR_Analyzer) -> None:
        closures: dict = {}
        by_closure: dict = {}
        for itemset in analyzer.lr0_itemsets:
            closures.setdefault(itemset.closure, len(closures))
            for la, rules in itemset.lookaheads.items():
                best = max((r.options.priority or 0) for r in rules)
                kept = sorted((r for r in rules if (r.options.priority or 0) == best), key=str)
                if len(kept) > 1:
                    # reduce/reduce: the table keeps the first, the others are tried after it
                    itemset.lookaheads[la] = {kept[0]}
                shifts = la in itemset.transitions
                if not shifts:
                    kept = kept[1:]
                if not kept:
                    continue
                by_closure.setdefault(itemset.closure, {})[la.name] = tuple(_rule_key(r) for r in kept)
        original(analyzer)
        found.append({closures[c]: acts for c, acts in by_closure.items()})

    LALR_Analyzer.compute_lalr1_states = compute
    try:
        yield
    finally:
        LALR_Analyzer.compute_lalr1_states = original


def _rule_key(rule) -> tuple[str, tuple[str, ...]]:
    return str(rule.origin.name), tuple(str(sym.name) for sym in rule.expansion)


def _with_rules(parser: Lark, conflicts: Conflicts) -> Conflicts:
    """Conflict keys (stored by name: rule hashes differ between processes) -> parser rules."""
    rules = {_rule_key(r): r for r in parser._callbacks}
    return {state: {term: tuple(rules[k] for k in keys) for term, keys in acts.items()}
            for state, acts in conflicts.items()}


def _grammar_key(path: Path) -> str:
    digest = hashlib.sha256(lark.__version__.encode())
    for file in (path, path.parent / "card_common.lark"):     # the grammar and what it imports
        digest.update(file.name.encode() + file.read_bytes())
    return digest.hexdigest()[:24]


def load_grammar(path: Path, start: list[str]) -> tuple[Lark, Conflicts]:
    """The LALR parser for ``path`` and its shift/reduce conflicts, cached in the temp dir
    (keyed by the grammar files and the lark version: building takes tens of seconds)."""
    options = dict(parser="lalr", lexer=_FedByDriver, propagate_positions=True,
                   maybe_placeholders=False, start=start)
    cache = Path(tempfile.gettempdir()) / f".judge_{path.stem}_{_grammar_key(path)}.pickle"
    try:
        with cache.open("rb") as f:
            saved = pickle.load(f)
        parser = Lark.__new__(Lark)._load(saved["lark"], propagate_positions=True)
        return parser, _with_rules(parser, saved["conflicts"])
    except (OSError, EOFError, KeyError, AttributeError, ImportError, pickle.UnpicklingError):
        # missing, truncated, or written by another version of this module: build again
        pass
    found: list[Conflicts] = []
    with _recording_conflicts(found):
        parser = Lark.open(str(path), **options)
    conflicts = found[-1] if found else {}
    try:
        data, memo = parser.memo_serialize([lark.lexer.TerminalDef, lark.grammar.Rule])
        tmp = cache.with_suffix(".tmp")
        with tmp.open("wb") as f:
            pickle.dump({"lark": {"data": data, "memo": memo}, "conflicts": conflicts}, f,
                        protocol=pickle.HIGHEST_PROTOCOL)
        tmp.replace(cache)
    except OSError:
        pass    # no cache: the next process builds again
    return parser, _with_rules(parser, conflicts)


_UNSEEN = object()   # a WordParser column's entry not looked up yet
# kinds of rule, for WordParser._replay (see _plan)
_NODE, _UNIT, _SAME, _INLINE, _INLINE_UNIT = "node", "unit", "same", "inline", "inline unit"


class WordParser:
    """LALR parse of one window of text, trying every terminal reading of each word."""

    def __init__(self, lark: Lark, conflicts: Conflicts | None = None) -> None:
        self.lark = lark
        self.conflicts = conflicts or {}
        terminals = lark.terminals
        # names as plain strings: lark's may be Tokens, slow as dict keys (Python __eq__)
        self.order = {str(t.name): i for i, t in enumerate(terminals)}
        self.word_terms = []    # terminals matched against one whole word
        self.span_terms = []    # terminals that may span words or look ahead (common core)
        self.punct_terms = []   # punctuation and symbols
        for t in terminals:
            name = str(t.name)
            rx = re.compile(t.pattern.to_regexp(), re.IGNORECASE if name != "NAME" else 0)
            src = t.pattern.to_regexp()
            body = re.sub(r"^\(\?[a-z]*:", "", src).lstrip("(\\")
            if "\\s" in src or "(?=" in src or " " in src:
                self.span_terms.append((name, rx))
            elif name.endswith("SELF_NAME"):
                self.word_terms.append((name, rx))
            elif "\\d" in src or not (body[:1].isalpha() or re.match(r"\[[^\]]*[A-Za-z]", body)):
                self.punct_terms.append((name, rx))
            else:
                self.word_terms.append((name, rx))
        self._word_cache: dict[str, tuple[str, ...]] = {}
        self._confs: dict[str, object] = {}
        # rules by number (a parse's log names each reduced rule by its number)
        self._rule_list = list(lark._callbacks)
        self._numbers = {id(r): i for i, r in enumerate(self._rule_list)}
        self._states = lark.parser.parser.parser.parse_table.states
        self._rows: list[dict[str, tuple] | None] = [None] * (max(self._states, default=0) + 1)
        self._columns: dict[str, list] = {}     # terminal -> per state: _rows[state][terminal]
        self._gotos: dict[str, list] = {}       # nonterminal -> per state: the goto state
        self._lost_only: dict[int, dict[str, tuple]] = {}
        self._word_placings: dict[str, tuple] = {}  # word -> (length, terminals) runs
        self._punct_by_char: dict[str, list] = {}   # char -> the punct_terms that may start so
        # lark's callbacks: one dict for every start rule (keyed by rule, and by terminal for
        # the lexer's callbacks)
        self._plans = [self._plan(r, lark._callbacks) for r in self._rule_list]
        self._token_callbacks = {k: v for k, v in lark._callbacks.items() if isinstance(k, str)}
        self._shift_targets: dict[str, set[int]] | None = None   # terminal -> states
        self._after: dict[str, frozenset[str]] = {}  # terminal -> what may follow it
        self._any_span = _any_of([rx for _, rx in self.span_terms])

    def classes(self, word: str) -> tuple[str, ...]:
        """Terminals that ``word`` is, keywords before NAME."""
        cached = self._word_cache.get(word)
        if cached is None:
            plain = word.replace("\u2019", "'")
            found = [name for name, rx in self.word_terms if rx.fullmatch(plain)]
            found.sort(key=lambda n: (n.endswith("NAME"), self.order[n]))
            cached = self._word_cache[word] = tuple(found)
        return cached

    def _readings(self, text: str, pos: int, spans: bool, comma: bool,
                  word: re.Match | None) -> list[tuple[str, int]]:
        """(terminal, end) pairs that can start at ``pos``, preferred first, where a multi-word
        terminal may start (``spans``), or a comma, or no word: :meth:`_placed` reads a plain
        word itself."""
        out: list[tuple[str, int]] = []
        for name, rx in (self.span_terms if spans else ()):
            m = rx.match(text, pos)
            if m and m.end() > pos:
                out.append((name, m.end()))
        if comma:
            out.extend((n, pos + 1) for n in ("NP_COMMA", "LIST_COMMA", "VP_COMMA"))
        if word:
            out.extend(self._word(word.group(0), pos))
        elif pos < len(text):
            ch = text[pos]
            punct = self._punct_by_char.get(ch)
            if punct is None:
                # first_chars knows ASCII only: any other character tries every terminal
                punct = self._punct_by_char[ch] = [
                    (name, rx) for name, rx in self.punct_terms
                    if not ch.isascii() or (first := first_chars(rx.pattern, rx.flags)) is None
                    or ch in first]
            for name, rx in punct:
                m = rx.match(text, pos)
                if m and m.end() > pos:
                    out.append((name, m.end()))
        return self._preferred(out, pos)

    def _word(self, w: str, pos: int) -> list[tuple[str, int]]:
        """Readings of the word ``w`` found at ``pos``."""
        end = pos + len(w)
        lw = w.lower()
        if lw in ("and", "or", "and/or"):
            joined = {"and": ("NP_AND", "VP_AND", "AND"), "or": ("NP_OR", "VP_OR", "OR"),
                      "and/or": ("NP_ANDOR",)}[lw]
            return [(n, end) for n in joined]
        out = [(n, end) for n in self.classes(w)]
        if _POSS.search(w) and len(w) > 2:
            # "opponent's" -> opponent + 's
            cut = 2 if w.endswith("s") and w[-2] in "'\u2019" else 1
            out.extend((n, end - cut) for n in self.classes(w[:-cut]))
        return out

    def _preferred(self, out: list[tuple[str, int]], pos: int) -> list[tuple[str, int]]:
        """Longer readings first, then keyword before name, then grammar order; no repeats."""
        out.sort(key=lambda r: (-(r[1] - pos), r[0].endswith("NAME"), self.order.get(r[0], 0)))
        seen: set[tuple[str, int]] = set()
        return [r for r in out if not (r in seen or seen.add(r))]

    def parse(self, text: str, start: str) -> Tree:
        """Parse ``text`` (a window: blanks before the piece keep offsets) from rule ``start``.

        The search runs on parse states alone: a state is an immutable linked stack of table
        states (``(state, below)``) and a linked log of what was done (``(event, earlier)``:
        a shifted ``(terminal, start, end)`` or a reduced rule), so a fork shares both and
        costs nothing. Only the first complete parse is turned into a tree, by replaying its
        log through lark's tree builder (:meth:`_build`); branches that dead-end build none.

        A first search skips readings that cannot be followed by any reading of the next
        word (:meth:`_follows`): they would dead-end right after being fed, so the first parse
        found and the steps counted against ``MAX_STEPS`` are the same. The error kept for a
        failed parse is the same too unless such a dead end lay beyond the furthest position
        reached so far; then the failed parse is searched again without skipping.
        """
        return self._build(self._log(text, start), text)

    def parse_into(self, text: str, start: str, node: Callable[[str, list, TokenSpan], object]):
        """What a bottom-up transformer makes of :meth:`parse`'s tree, without the tree: each
        rule's node is ``node(name, children, span)`` as the winning parse reduces it (children
        already made, ``Discard`` dropped), as :meth:`_replay` describes."""
        return self._replay(self._log(text, start), text, node)

    def _log(self, text: str, start: str):
        log = self._search(text, start, skip_dead=True)
        if log is None:
            log = self._search(text, start, skip_dead=False)   # raises the exact error
        return log

    def _search(self, text: str, start: str, *, skip_dead: bool):
        """The log of the first parse of ``text``; UnexpectedInput when there is none, or None
        when there is none but the error could be inexact (see :meth:`parse`)."""
        conf = self._conf(start)
        states, actions, rows = conf.states, self._actions, self._rows
        at: dict[int, list[tuple[str, int, int]]] = {}   # position -> (terminal, end, next)
        names_at: dict[int, set[str]] = {}                 # position -> its readings' terminals
        afters, length = self._after, len(text)
        stack = [((conf.start_state, None), None, self._skip(text, 0))]
        steps = 0
        best: tuple[int, set[str], str] = (-1, set(), "")
        # (position, table stack) -> (tokens fed below it, last end-of-text error set there)
        # for every state whose whole subtree failed: the same state reached again by another
        # reading fails again, so it is skipped with the same effect on steps and on ``best``
        failed: dict[tuple, tuple[int, tuple | None]] = {}
        ends = 0                        # end-of-text errors set so far; the last one:
        last_end: tuple | None = None
        inexact = False                 # a skipped dead end might have changed ``best``
        while stack:
            table, log, pos = stack.pop()
            if table is None:           # the subtree of ``log[0]`` is done: no parse in it
                key, began, ends_before = log
                failed[key] = (steps - began, last_end if ends != ends_before else None)
                continue
            key = (pos, table)
            known = failed.get(key)
            if known is not None and steps + known[0] <= MAX_STEPS:
                steps += known[0]
                if known[1] is not None:
                    best = last_end = known[1]
                    ends += 1
                continue
            acts = rows[table[0]] or actions(table[0])   # the table's terminals
            if pos >= length:
                if "$END" in acts:
                    done = self._feed(table, log, "$END", None, conf)
                    if done:
                        return done[0]
                if pos >= best[0]:
                    best = last_end = (pos, set(states[table[0]]), "")
                    ends += 1
                continue
            here = at.get(pos)
            if here is None:
                here = at[pos] = self._placed(text, pos)
            began, branch, tried = steps, [], False
            for name, end, after in here:
                if name not in acts:
                    continue
                tried = True
                steps += 1
                if steps > MAX_STEPS:
                    stack.clear()
                    break
                if skip_dead and after < length:
                    follow = names_at.get(after)
                    if follow is None:
                        if after not in at:
                            at[after] = self._placed(text, after)
                        follow = names_at[after] = {r[0] for r in at[after]}
                    if (afters.get(name) or self._after_of(name)).isdisjoint(follow):
                        # fed, it would be a dead end: no tree and no more steps; only the
                        # error kept may differ, if the dead end lies beyond the furthest yet
                        inexact = inexact or after > best[0]
                        continue
                fed = self._feed(table, log, name, (name, pos, end), conf)
                if not fed and pos > best[0]:
                    best = (pos, set(states[table[0]]), text[pos:end])
                for table_after, log_after in fed:
                    branch.append((table_after, log_after, after))
            else:
                if not tried:       # no reading here is a terminal the state takes
                    if pos > best[0]:
                        best = (pos, set(states[table[0]]), text[pos:pos + 20])
                    continue
                stack.append((None, (key, began, ends), -1))
            stack.extend(reversed(branch))   # preferred reading on top
        if inexact:
            return None
        pos, expected, got = best
        if pos >= len(text) or pos < 0:
            tok = Token("$END", "", start_pos=len(text), line=1, column=len(text) + 1)
            raise UnexpectedToken(tok, expected or {"$END"})
        raise UnexpectedCharacters(text, pos, 1, pos + 1, allowed=expected)

    def _placed(self, text: str, pos: int) -> list[tuple[str, int, int]]:
        """The readings at ``pos`` as (terminal, end, where the next one starts); preferred
        first."""
        spans = self._any_span is None or bool(self._any_span.match(text, pos))
        comma = text.startswith(",", pos)
        word = _WORD.match(text, pos)
        if word and not spans and not comma:
            # no multi-word terminal and no comma here: the word's own readings, by length
            w = word.group(0)
            by_size = self._word_placings.get(w)
            if by_size is None:
                by_size = self._word_placings[w] = self._by_size(w)
            out = []
            for size, names in by_size:
                end = pos + size
                m = _SPACE.match(text, end)
                after = m.end() if m else end
                out.extend([(name, end, after) for name in names])
            return out
        out, nexts = [], {}
        for name, end in self._readings(text, pos, spans, comma, word):
            after = nexts.get(end)
            if after is None:
                after = nexts[end] = self._skip(text, end)
            out.append((name, end, after))
        return out

    def _by_size(self, w: str) -> tuple[tuple[int, tuple[str, ...]], ...]:
        """The readings of the word ``w`` grouped into runs of one length, in preferred order."""
        runs: list[tuple[int, list[str]]] = []
        for name, size in self._preferred(self._word(w, 0), 0):
            if runs and runs[-1][0] == size:
                runs[-1][1].append(name)
            else:
                runs.append((size, [name]))
        return tuple((size, tuple(names)) for size, names in runs)

    def _follows(self, term: str, names: set[str]) -> bool:
        """Whether any of the terminals ``names`` can come right after ``term``: be an action
        of some state that shifting ``term`` leads to (whatever the stack, every parse state
        that accepted ``term`` has one of those states on top). :meth:`_search` spells this
        out inline."""
        return not self._after_of(term).isdisjoint(names)

    def _after_of(self, term: str) -> frozenset[str]:
        """The terminals that may come right after ``term`` (see :meth:`_follows`), kept in
        ``_after``."""
        after = self._after.get(term)
        if after is None:
            if self._shift_targets is None:
                targets: dict[str, set[int]] = {}
                for state, acts in self._states.items():
                    for sym, (kind, arg) in acts.items():
                        if kind is Shift:
                            targets.setdefault(str(sym), set()).add(arg)
                self._shift_targets = targets
            after = self._after[term] = frozenset(
                str(sym) for target in self._shift_targets.get(term, ())
                for sym in self._states[target])
        return after

    def _conf(self, start: str):
        conf = self._confs.get(start)
        if conf is None:
            conf = self._confs[start] = self.lark.parse_interactive(None, start=start).parser_state.parse_conf
        return conf

    def _actions(self, state: int) -> dict[str, tuple]:
        """Symbol -> (state to shift or go to, or None; the rule to reduce as :meth:`_reduce`
        gives it, or None four times; the reduces a conflict hid, or None) for one table state,
        keyed by plain strings (lark's names may be Tokens, whose ``__eq__`` is Python code);
        built on first use (the whole table has half a million entries), kept in ``_rows`` (a
        list: indexing it is cheaper than a dict lookup in the hot loop)."""
        acts = self._rows[state]
        if acts is None:
            lost = self.conflicts.get(state, {})
            acts = {}
            for term, (kind, arg) in self._states[state].items():
                hidden = tuple(self._reduce(r) for r in lost.get(term, ())) or None
                if kind is Shift:
                    acts[str(term)] = (arg, None, None, None, None, hidden)
                else:
                    acts[str(term)] = (None, *self._reduce(arg), hidden)
            for term, hid in lost.items():
                if term not in self._states[state]:
                    # a hidden reduce with no table action: tried, but never chosen as a reading
                    self._lost_only.setdefault(state, {})[str(term)] = tuple(self._reduce(r) for r in hid)
            self._rows[state] = acts
        return acts

    def _reduce(self, rule) -> tuple[int, int, str, list]:
        """(number, size, origin, origin's goto column) of a rule to reduce; the column holds
        the state that each state goes to on the origin, filled in as :meth:`_feed` meets
        them (``_UNSEEN`` until then)."""
        origin = str(rule.origin.name)
        gotos = self._gotos.get(origin)
        if gotos is None:
            gotos = self._gotos[origin] = [_UNSEEN] * len(self._rows)
        return self._numbers[id(rule)], len(rule.expansion), origin, gotos

    def _feed(self, table, log, term: str, shifted, conf) -> list:
        """Feed one terminal (``shifted`` is its log event; None for "$END") to the parse state
        ``(table, log)``: every state that accepts it, the table's own action first and then
        the reduces that a shift/reduce conflict hid. For "$END", the logs of finished parses."""
        end_state, actions, rows = conf.end_state, self._actions, self._rows
        column = self._columns.get(term)   # per state, the action on ``term``, as in _rows
        if column is None:
            column = self._columns[term] = [_UNSEEN] * len(rows)
        out: list = []
        todo: list = []   # the hidden alternatives still to follow, next one last
        while True:
            hidden = None
            while True:
                state = table[0]
                act = column[state]
                if act is _UNSEEN:
                    act = column[state] = (rows[state] or actions(state)).get(term)
                if act is None:
                    lost = self._lost_only.get(state)
                    lost = lost and lost.get(term)
                    if lost:
                        hidden = self._hidden(lost, table, log, hidden)
                    break
                shift, rule, size, origin, gotos, lost = act
                if lost is not None:
                    hidden = self._hidden(lost, table, log, hidden)
                if shift is not None:
                    if shifted is not None:
                        out.append(((shift, table), (shifted, log)))
                    break
                if size == 1:
                    table = table[1]
                elif size == 2:
                    table = table[1][1]
                else:
                    for _ in range(size):
                        table = table[1]
                goto = gotos[table[0]]
                if goto is _UNSEEN:
                    goto = gotos[table[0]] = (rows[table[0]] or actions(table[0]))[origin][0]
                table = (goto, table)
                log = (rule, log)
                if shifted is None and table[0] == end_state:
                    out.append(log)
                    break
            if hidden:
                todo.extend(reversed(hidden))
            if not todo:
                return out
            table, log = todo.pop()

    def _hidden(self, lost: tuple, table, log, hidden: list | None) -> list:
        """``hidden`` (a new list if None) with the parse states that the conflict-hidden
        reduces ``lost`` lead to from ``(table, log)``."""
        if hidden is None:
            hidden = []
        for rule, size, origin, _ in lost:
            below = table
            for _ in range(size):
                below = below[1]
            goto = (self._rows[below[0]] or self._actions(below[0]))[origin][0]
            hidden.append(((goto, below), (rule, log)))
        return hidden

    def _build(self, log, text: str) -> Tree:
        """The tree of one finished parse: its log replayed through lark's own tree builder
        (each rule's callback, as lark's LALR parser calls it)."""
        events = []
        while log is not None:
            events.append(log[0])
            log = log[1]
        callbacks, rules = self.lark._callbacks, self._rule_list
        token_callbacks = self._token_callbacks
        values: list = []
        for event in reversed(events):
            if type(event) is tuple:
                name, pos, end = event
                # positional: start_pos, line, column, end_line, end_column, end_pos
                token = Token(name, text[pos:end], pos, 1, pos + 1, 1, end + 1, end)
                values.append(token_callbacks[name](token) if name in token_callbacks else token)
                continue
            rule = rules[event]
            size = len(rule.expansion)
            children = values[len(values) - size:]
            del values[len(values) - size:]
            values.append(callbacks[rule](children))
        return values[-1]

    def _replay(self, log, text: str, node: Callable) -> object:
        """The winning parse's log replayed into ``node``: the same nodes, in the same order
        (children before parents, left to right), with the same children and spans as a
        transformer walking :meth:`_build`'s tree would see, but no tree is built.

        A node's span is lark's propagated position: from the first token under the node to the
        last, counting the tokens the grammar filters out (a token made into something else by
        a lexer callback counts too). The grammar has no empty rule (replay refuses one), so
        every node has a span. An inlined rule (``_name``) is no node: its children join its
        parent's. A ``?rule`` with one child left is that child, already made.
        """
        events = []
        while log is not None:
            events.append(log[0])
            log = log[1]
        plans, token_callbacks = self._plans, self._token_callbacks
        values: list = []   # made nodes, tokens, and lists of an inlined rule's children
        spans: list = []    # per value: (first, last) offset of the tokens under it
        for event in reversed(events):
            if type(event) is tuple:
                name, pos, end = event
                token = Token(name, text[pos:end], pos, 1, pos + 1, 1, end + 1, end)
                values.append(token_callbacks[name](token) if name in token_callbacks else token)
                spans.append((pos, end))
                continue
            size, data, include, expand1, callback, rule, kind = plans[event]
            if kind is _SAME:
                continue    # "?rule: child": the node is its child, with the same span
            if kind is _UNIT:   # one child, kept: the same span
                child = values[-1]
                span = spans[-1]
                values[-1] = node(data, [] if child is Discard else [child],
                                  TokenSpan(span[0], span[1]))
                continue
            if kind is _INLINE_UNIT:
                values[-1] = [values[-1]]
                continue
            if callback is not None or not size:
                raise NotImplementedError(f"no replay for rule {rule}: it is empty or has its "
                                          "own callback")
            children = values[-size:]
            first, last = spans[-size][0], spans[-1][1]
            del values[-size:], spans[-size:]
            spans.append((first, last))
            if include is None:
                kept = children
            else:
                kept = []
                for i, inlined in include:
                    if not inlined:
                        kept.append(children[i])
                    elif kept:
                        kept += children[i]
                    else:
                        kept = children[i]
            if kind is _INLINE:
                values.append(kept)     # to be spliced into its parent
            elif expand1 and len(kept) == 1:
                values.append(kept[0])
            else:
                values.append(node(data, [k for k in kept if k is not Discard],
                                   TokenSpan(first, last)))
        return values[-1]

    @staticmethod
    def _plan(rule, callbacks: dict) -> tuple:
        """(size, tree name, children to keep or None for all, expand a single child,
        callback to call instead or None, the rule, its kind) for ``rule``, read from its lark
        callback. The kind tells :meth:`_replay` an inlined rule (``_name``: its children join
        its parent's), a rule whose node is its one child as it is (``?rule: child``, nothing
        filtered), a rule of one kept child, and any other rule apart."""
        callback = callbacks[rule]
        size = len(rule.expansion)
        plan = (size, None, None, False, callback, rule, _NODE)
        if type(callback) is PropagatePositions and callback.node_filter is None:
            inner, include, expand1 = callback.node_builder, None, False
            if type(inner) is ChildFilterLALR_NoPlaceholders:
                include, inner = tuple(inner.to_include), inner.node_builder
            if type(inner) is ExpandSingleChild:
                expand1, inner = True, inner.node_builder
            if (type(inner) is partial and inner.func is Tree and len(inner.args) == 1
                    and not inner.keywords):
                if str(rule.origin.name).startswith("_"):
                    kind = _INLINE_UNIT if size == 1 and include is None else _INLINE
                elif size == 1 and include is None:
                    kind = _SAME if expand1 else _UNIT
                else:
                    kind = _NODE
                plan = (size, inner.args[0], include, expand1, None, rule, kind)
        return plan

    @staticmethod
    def _skip(text: str, pos: int) -> int:
        m = _SPACE.match(text, pos)
        return m.end() if m else pos


def _any_of(patterns: list[re.Pattern]) -> re.Pattern | None:
    """One regex that matches where any of ``patterns`` does (a cheap test before trying each);
    None when they cannot be joined (differing flags, group names or back references)."""
    if not patterns or len({p.flags for p in patterns}) > 1:
        return None
    if any(p.groupindex or re.search(r"\\\d|\(\?P=", p.pattern) for p in patterns):
        return None
    try:
        return re.compile("|".join(f"(?:{p.pattern})" for p in patterns), patterns[0].flags)
    except re.error:
        return None
