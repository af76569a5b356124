"""Card text -> word tokens for the card grammars (a lark custom lexer: only lark's public
``Lexer`` / ``Token`` / ``TerminalDef`` API is used).

Card text is English with a closed vocabulary, so the tokens are words, numbers, icons and
punctuation, and a word's terminal is looked up, not matched: the **lexicon** is read from the
grammar's own terminals when the parser loads (:class:`Lexicon`):

* a string literal in a rule (``"deal"i``, ``"up to"i``, ``","``) is the terminal of that exact
  text; a literal of several words ("as long as") is read as one token when the words follow
  each other (longest first);
* a named word-class terminal written as a plain alternation of words
  (``V_DEAL: /deal|deals|dealt|dealing/i``) is the terminal of each of those words;
* shape terminals, ``%declare``d in the grammar, are given by the word's form: ``INT`` (a
  number), ``SIGNED`` (``+2``, ``-X``), ``XVAR`` (``X``), ``NAME`` (a capitalised word the
  lexicon does not know; consecutive ones, and ``of``/``the`` between them, make one name),
  ``WORD`` (any other unknown word), ``SELF`` (the card's own name), ``ICON`` (``{r}``,
  ``[[main]]``, ``[Fire]``: the game layer says which icon terminal a bracketed word is),
  ``POSS`` (the possessive ``'s`` / ``s'``), ``UNKNOWN`` (a character no rule reads: the
  parse stops there, located).

Nothing is compiled per parser state and nothing is matched twice: building a lexicon costs a
pass over the terminal list, and tokenising is one regular-expression scan per card plus dict
look-ups. A word that is both a literal and in a word class is an error of the grammar (the
lexicon raises :class:`LexiconError` when it loads; ``tests/cards`` loads every game's).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter
from sys import intern
from typing import NamedTuple

from lark import Token
from lark.lexer import Lexer

SHAPES = ("INT", "SIGNED", "XVAR", "NAME", "WORD", "SELF", "ICON", "POSS", "UNKNOWN",
          "LIST_COMMA", "STATS")
_WORD_CHARS = r"[a-z0-9'{}\[\]:/ .+,&\-\\]+"
_PLAIN_WORDS = re.compile(_WORD_CHARS + r"(\|" + _WORD_CHARS + r")*")
_SAME = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"',
                       "\u00a0": " ", "\u2013": "-", "\u2014": "-", "\u2212": "-",
                       "\u00ae": " ", "\u2122": " "})

# One scan: skipped text (space, markdown emphasis), bracketed icons, signed numbers, numbers,
# words (with inner hyphens and apostrophes), punctuation, anything else.
_SCAN = re.compile(r"""
    (?P<skip>[\s*\\_]+|'(?=[A-Za-z]))
  | (?P<icon>\{[A-Za-z0-9]+\}|\[\[[^\[\]\n]*\]\]|\[[^\[\]\n]{1,40}\])
  | (?P<signed>[+-](?:\d+|X)(?![\w])|\+(?=[A-Za-z]{2}|\[[A-Za-z]))
  | (?P<int>\d+(?:st|nd|rd|th)?(?![\w]))
  | (?P<word>[A-Za-z\u00c0-\u024f][A-Za-z0-9\u00c0-\u024f]*(?:[-'][A-Za-z0-9\u00c0-\u024f]+)*'?)
  | (?P<arrow>->|=>|>>>|\u2192)
  | (?P<punct>[.,;:()"/!?&%#+=>-])
  | (?P<other>.)
""", re.VERBOSE | re.DOTALL)

# The same scan with the spaces before a word read in the word's own match (no match per
# space): a run of spaces, "*", "\\" and "_" before a token is the token's match's lead; a run
# with any other white space (a line break) or with nothing after it is still a "skip" match of
# its own. The token is the named group; its start is the match's end less its length.
_SCAN_LED = re.compile(r"[ *\\_]*(?:" + _SCAN.pattern + r")", re.VERBOSE | re.DOTALL)

# "it's" is "it is"; other 's is a possessive.
_IS_CONTRACTED = frozenset({"it", "that", "there", "he", "she", "what", "here"})


class LexiconError(Exception):
    """The grammar gives one word two terminals (or a word-class terminal is not a plain list
    of words)."""


class Word(NamedTuple):
    """A word, number, icon or mark of the card text, before its terminal is known."""
    kind: str      # word | int | signed | icon | punct | arrow | self | other
    text: str
    start: int
    end: int


class Lexicon:
    """Word -> terminal, read from a lark grammar's terminals (see the module docstring)."""

    def __init__(self, terminals: Iterable, *, icons: Callable[[str], str | None] | None = None,
                 open_words: bool = False, periods: Iterable[str] = ()) -> None:
        self.open_words = open_words
        # the game's periods a "during <whose> [next] <period>" duration names (PERIOD), as
        # word tuples, longest first
        self.periods = tuple(sorted((tuple(p.lower().split()) for p in periods),
                                    key=lambda w: -len(w)))
        self._guesses: dict[str, tuple[str, str] | None] = {}
        self.words: dict[str, str] = {}
        self.ambiguous: dict[str, tuple[str, str]] = {}   # word -> (verb terminal, other)
        self.errors: list[str] = []
        # first word -> second word -> (phrase, terminal), longest first
        self.phrases: dict[str, dict[str, list[tuple[tuple[str, ...], str]]]] = {}
        self.names: set[str] = set()
        self.icons = icons
        for term in terminals:
            # a plain str: a grammar loaded from lark's cache names its terminals with lark
            # Tokens, whose == (Python code) the parser would call on every table lookup
            name = intern(str.__str__(term.name))     # as the parser's table keys
            self.names.add(name)
            pattern = term.pattern
            if pattern.type == "str":
                alternatives = [pattern.value]
            elif name in SHAPES or name.startswith("_"):
                continue
            else:
                value = pattern.value
                if not _PLAIN_WORDS.fullmatch(value):
                    raise LexiconError(f"terminal {name}: /{value}/ is not a plain list of "
                                       "words (a|b|c); a shape terminal must be %declared")
                alternatives = value.replace("\\/", "/").split("|")
            for alternative in alternatives:
                self._add(alternative.lower() if "i" in pattern.flags or pattern.type == "re"
                          else alternative, name)
        for seconds in self.phrases.values():
            for entries in seconds.values():
                entries.sort(key=lambda e: -len(e[0]))
        if self.errors:
            raise LexiconError("; ".join(self.errors))

    def guess(self, low: str) -> tuple[str, str] | None:
        """A lower-case word the lexicon does not list, read as one it does (``open_words``):
        (the known word, the text the token gets) or None.

        * an inflected form of a known content word (a verb, noun, adjective or stat):
          "-s", "-es", "-ies" ("draws", "readies" when only "draw", "ready" are listed) -
          the token keeps its own text (its form);
        * a misprint of one ("dsicard", "recevies", "spel"): one letter swapped with the next,
          left out or added, the first letter right, the known word at least 5 letters long,
          and only one known word so close - the token is spelt right.

        Function words (determiners, auxiliaries, prepositions ...) are never guessed: only
        word-class terminals of content words."""
        if low in self._guesses:
            return self._guesses[low]
        out = None
        if len(low) >= 4 and low.isalpha():
            for cut, add in (("ies", "y"), ("es", ""), ("s", "")):
                if low.endswith(cut) and self._content(low[:-len(cut)] + add):
                    out = (low[:-len(cut)] + add, low)
                    break
            if out is None:
                close = {c for c in _edits(low) if len(c) >= 5 and c[0] == low[0]
                         and self._content(c)}
                if len(close) == 1:
                    word = close.pop()
                    out = (word, word)
        self._guesses[low] = out
        return out

    def _content(self, word: str) -> bool:
        terminal = self.words.get(word)
        return terminal is not None and _base_name(terminal) in _CONTENT_CLASSES or \
            terminal is not None and _is_verb(terminal)

    def _add(self, text: str, terminal: str) -> None:
        words = (text,) if text.startswith("'") else tuple(_split_phrase(text))
        if len(words) > 1:
            entries = self.phrases.setdefault(words[0], {}).setdefault(words[1], [])
            for phrase, other in entries:
                if phrase == words and other != terminal:
                    self.errors.append(f"phrase {text!r} is both {other} and {terminal}")
            entries.append((words, terminal))
            return
        key = words[0] if words else text
        known = self.words.get(key)
        if known is None or known == terminal:
            self.words[key] = terminal
            return
        pair = self.ambiguous.get(key)
        if pair is not None and terminal in pair:
            return
        if pair is None and _is_verb(known) != _is_verb(terminal):
            self.ambiguous[key] = (known, terminal) if _is_verb(known) else (terminal, known)
            return
        self.errors.append(f"word {key!r} is both {known} and {terminal}"
                           + (f" and {pair[1 if pair[0] == known else 0]}" if pair else ""))


# word classes whose words a new card may print in a form or spelling the lists lack
_CONTENT_CLASSES = frozenset({"NOUN", "ADJ", "STAT", "PARTICIPLE", "A_NOUN", "A_ADJ", "A_STAT",
                              "U_NOUN", "W_NOUN", "F_NOUN"})
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _base_name(terminal: str) -> str:
    return terminal.rsplit("__", 1)[-1]


def _edits(word: str) -> set[str]:
    """The words one adjacent swap, one left-out letter or one added letter from ``word``."""
    out = set()
    for i in range(len(word)):
        out.add(word[:i] + word[i + 1:])
        if i + 1 < len(word):
            out.add(word[:i] + word[i + 1] + word[i] + word[i + 2:])
    for i in range(len(word) + 1):
        for c in _LETTERS:
            out.add(word[:i] + c + word[i:])
    out.discard(word)
    return out


def _is_verb(terminal: str) -> bool:
    return terminal.rsplit("__", 1)[-1].startswith("V_")


def _split_phrase(text: str) -> list[str]:
    return [w.text.lower() if w.kind == "word" else w.text for w in scan(text)]


def scan(text: str, self_spans: Sequence[tuple[int, int]] = (), *, plain: str | None = None
         ) -> list[Word]:
    """The words of ``text`` (curly quotes, dashes and the like read as their plain forms;
    ``self_spans``: where the card's own name is printed; ``plain``: :func:`plain_text` of
    ``text``, when the caller has it)."""
    if plain is None:
        plain = text.translate(_SAME)
    if not self_spans:
        return _scan_plain(plain)
    out: list[Word] = []
    pos = 0
    for start, end in sorted(self_spans):
        if pos > start:
            continue                        # a name inside one read already
        if pos < start:
            _scan_until(out, plain, pos, start)     # the words before it, the last cut there
            pos = start
        out.append(Word("self", text[start:end], start, end))
        pos = end
        for mark in ("'s", "'"):             # "Shield Bash's cost"
            if plain.startswith(mark, pos) and not plain[pos + len(mark):pos + len(mark)
                                                          + 1].isalpha():
                out.append(Word("poss", mark, pos, pos + len(mark)))
                pos += len(mark)
                break
    if pos < len(plain):
        _scan_until(out, plain, pos, len(plain))
    return out


def _scan_until(out: list[Word], plain: str, pos: int, limit: int) -> None:
    """The words of ``plain`` from ``pos`` on, up to ``limit`` (a word that runs past it is
    cut there), added to ``out``. Every character starts a match of the scanner, so its
    matches follow each other with no gap: each is matched in the whole text, as if read one
    at a time from where the last one ended (a word's match holds the spaces before it:
    :data:`_SCAN_LED`)."""
    append = out.append
    for m in _SCAN_LED.finditer(plain, pos):
        kind = m.lastgroup
        stop = m.end()
        if kind == "skip":
            at = m.start()
            if at >= limit:
                return
            if "\n" in plain[at:stop]:
                append(_new_tuple(Word, ("break", "", at, at)))   # a line break: names end there
            if stop >= limit:
                return
            continue
        at = m.start(kind)
        if at >= limit:
            return
        if stop > limit:
            stop = limit
        word = plain[at:stop]
        if kind == "word" and "'" in word:
            _apostrophe_word(out, word, at, stop)
        else:
            append(_new_tuple(Word, (kind, word, at, stop)))
        if stop >= limit:
            return


_new_tuple = tuple.__new__
_TEXT_KINDS = frozenset({"punct", "word", "int"})
_type_of = attrgetter("type")
_new_str = str.__new__


def _token(terminal: str, text: str, start: int, end: int) -> Token:
    """``Token(terminal, text, start, None, None, end_pos=end)``: the same token, made without
    lark's constructor in between (its keyword checks cost more than the token itself)."""
    tok = _new_str(Token, text)
    tok.type, tok.value, tok.start_pos, tok.end_pos = terminal, text, start, end
    tok.line = tok.column = tok.end_line = tok.end_column = None
    return tok


def _scan_plain(plain: str) -> list[Word]:
    """:func:`scan` of a text that does not print the card's name: each match of the scanner
    is a word (with the spaces before it) or skipped (the loop of :func:`scan` without its
    checks for the name)."""
    out: list[Word] = []
    append = out.append
    for m in _SCAN_LED.finditer(plain):
        kind = m.lastgroup
        if kind == "skip":
            if "\n" in m.group():
                at = m.start()
                append(_new_tuple(Word, ("break", "", at, at)))   # a line break: names end there
            continue
        word = m.group(kind)
        stop = m.end()
        if kind == "word" and "'" in word:
            _apostrophe_word(out, word, stop - len(word), stop)
        else:
            append(_new_tuple(Word, (kind, word, stop - len(word), stop)))
    return out


def _apostrophe_word(out: list[Word], word: str, pos: int, stop: int) -> None:
    """A word with an apostrophe: a closing quote (skipped), a contraction ("you've": two
    words), a possessive ("ally's", "allies'": the word and POSS; "it's": the word and "is")."""
    if word.endswith("'") and not word.endswith("s'"):
        word, stop = word[:-1], stop - 1  # a closing single quote: skipped
    low = word.lower()
    contraction = next((c for c in ("'ve", "'re", "'ll", "'d") if low.endswith(c)), None)
    if contraction and len(word) > len(contraction):
        cut = len(word) - len(contraction)
        out.append(Word("word", word[:cut], pos, pos + cut))
        out.append(Word("word", word[cut:], pos + cut, stop))
    elif low.endswith("'s") and len(word) > 2:
        base = word[:-2]
        out.append(Word("word", base, pos, pos + len(base)))
        kind2 = "is" if base.lower() in _IS_CONTRACTED else "poss"
        out.append(Word(kind2, word[-2:], pos + len(base), stop))
    elif low.endswith("s'"):
        out.append(Word("word", word[:-1], pos, stop - 1))
        out.append(Word("poss", "'", stop - 1, stop))
    else:
        out.append(Word("word", word, pos, stop))


def plain_text(text: str) -> str:
    """``text`` with curly quotes, dashes and the like as their plain forms (same length)."""
    return text.translate(_SAME)


def self_spans(text: str, name: str | tuple[str, ...] | None, *, plain: str | None = None
               ) -> list[tuple[int, int]]:
    """Where ``name`` (the card's own name) is printed in ``text``, whole words only (and not
    inside [[...]]); a name with a comma also matches its first part ("Aegis" of "Aegis,
    Archangel of Protection"). A tuple is the card's names: its full name first, then a short
    one a game reader found printed too (WoW "Flip Boris Brightbeard → Boris heals ...")."""
    if isinstance(name, tuple):
        plain = text.translate(_SAME) if plain is None else plain
        return sorted({s for n in name for s in self_spans(text, n, plain=plain)})
    if not name or len(name) < 2:
        return []
    if plain is None:
        plain = text.translate(_SAME)
    wanted = name.translate(_SAME)
    names = [wanted]
    if ", " in wanted and len(wanted.split(", ", 1)[0]) > 3:
        names.append(wanted.split(", ", 1)[0])
    found: list[tuple[int, int]] = []
    for n in names:
        at = plain.find(n)
        while at >= 0:
            end = at + len(n)
            before = plain[at - 1] if at else " "
            after = plain[end] if end < len(plain) else " "
            if not (before.isalnum() or before in "_[") and not (after.isalnum() or
                                                                 after in "_]"):
                if not any(s <= at < e for s, e in found):
                    found.append((at, end))
            at = plain.find(n, at + 1)
    return sorted(found)


class Tokens:
    """Words -> lark tokens with the lexicon (each token keeps its offsets in the card text)."""

    def __init__(self, lexicon: Lexicon) -> None:
        self.lexicon = lexicon
        # the grammar's name of the adjective terminal (states joined in a relative clause)
        self.adjective = next((t for t in lexicon.words.values() if _base(t) == "ADJ"), None)

    def tokens(self, words: Sequence[Word]) -> list[Token]:
        lex = self.lexicon
        known, phrases, ambiguous = lex.words, lex.phrases, lex.ambiguous
        out: list[Token] = []
        breaks: set[int] = set()          # indices in ``out`` of tokens after a line break
        cause_at = None                   # index in ``out`` of a causative "have"
        i, n = 0, len(words)
        while i < n:
            w = words[i]
            kind, text, start, end = w      # one unpacking, no attribute reads
            if kind == "break":
                breaks.add(len(out))
                i += 1
                continue
            if kind in ("word", "punct"):
                low = text.lower() if kind == "word" else text
                seconds = phrases.get(low)
                entries = None
                if seconds and i + 1 < n:
                    nxt = words[i + 1]
                    entries = seconds.get(nxt.text.lower() if nxt.kind == "word" else nxt.text)
                if entries:
                    hit = _phrase_at(words, i, entries)
                    if hit is not None and _base(hit[1]) == "CHOOSE_ONE" and \
                            not _ends_choice(words, i + hit[0]):
                        hit = None          # "Choose 2 units you control": a verb and a number
                    if hit is not None and _base(hit[1]) == "REL_CONTROL" and (
                            not out or _base(out[-1].type) in _CLAUSE_STARTS):
                        hit = None          # "unless an opponent controls ...": a clause
                    if hit is not None:
                        length, terminal = hit
                        last = words[i + length - 1]
                        if _base(terminal) == "REL_CONTROL" and out and \
                                _base(out[-1].type) == "THAT" and len(out) > 1 and \
                                _base(out[-2].type) in _NOUNISH:
                            # "a unit that an opponent controls": the relative's "that" is
                            # part of it (as "a unit an opponent controls")
                            start = out.pop().start_pos
                        out.append(_token(terminal, _joined(words, i, length), start, last.end))
                        i += length
                        continue
            if kind == "word":
                terminal = known.get(low)
                if terminal is None and lex.open_words and text[0].islower():
                    guess = lex.guess(low)
                    if guess is not None:
                        # a form or a misprint of a word the grammar knows: read as that word
                        # (a misprint keeps its place in the text, spelt right)
                        low, text = guess
                        terminal = known[low]
                        w = Word(kind, text, start, end)
                if terminal is not None and text[0].isupper() and \
                        _base(terminal) in _FUNCTION_WORDS and (
                            out and _base(out[-1].type) not in _SENTENCE_STARTS
                            and len(out) not in breaks          # a line starts a sentence
                            or _titled(words, i)):              # "Will of the Forsaken"
                    terminal = "NAME"               # "create a Might token"
                    if out and out[-1].type == "NAME" and len(out) not in breaks:
                        prev = out[-1]
                        out[-1] = _token("NAME", prev + " " + text, prev.start_pos, end)
                        i += 1
                        continue
                    out.append(_token(terminal, text, start, end))
                    i += 1
                    continue
                if low == "have" and _causative_here(out, words, i, known, lex.ambiguous):
                    cause_at = len(out)
                    out.append(_token("CAUSE", text, start, end))
                    i += 1
                    continue
                pair = ambiguous.get(low)
                if pair is not None:
                    # a capitalised base form opening a line before an object ("Discard 1
                    # card ...", "Exhaust a target unit"): an imperative verb ("Ready allies in
                    # your party have ...", "Attached ally has ...", "Attacks you control
                    # gain ...": it describes)
                    nxt = words[i + 1] if i + 1 < n else None
                    line_start = len(out) in breaks and text[0].isupper() and \
                        not low.endswith("s") and nxt is not None and (nxt.kind == "int" or (
                            nxt.kind == "word" and nxt.text.lower() in _OBJECT_STARTS))
                    # "have the target player discard 1 card": the causative's verb
                    caused = cause_at is not None and len(out) > cause_at + 1
                    cause_at = None if caused else cause_at
                    terminal = pair[0] if line_start or caused or \
                        _verb_here(out, low, words, i) else pair[1]
                if terminal is None:
                    if text == "X":
                        terminal = "XVAR"
                    elif text[0].isupper():
                        terminal = "NAME"
                        if out and out[-1].type == "NAME" and out[-1].end_pos is not None \
                                and len(out) not in breaks:
                            prev = out[-1]
                            out[-1] = _token("NAME", prev + " " + text, prev.start_pos, end)
                            i += 1
                            continue
                    else:
                        terminal = "WORD"
                tok = _new_str(Token, text)         # _token(terminal, text, start, end)
                tok.type, tok.value, tok.start_pos, tok.end_pos = terminal, text, start, end
                tok.line = tok.column = tok.end_line = tok.end_column = None
                out.append(tok)
            elif kind == "arrow":
                terminal = known.get("\u2192", "UNKNOWN")
                out.append(_token(terminal, text, start, end))
            elif kind == "punct":
                terminal = known.get(text, "UNKNOWN")
                out.append(_token(terminal, text, start, end))
            elif kind == "int":
                out.append(_token("INT", text, start, end))
            elif kind == "signed":
                out.append(_token("SIGNED", text, start, end))
            elif kind == "icon":
                terminal = known.get(text.lower())
                if terminal is None and lex.icons is not None:
                    terminal = lex.icons(text)
                out.append(_token(terminal or "ICON", text, start, end))
            elif kind == "self":
                out.append(_token("SELF", text, start, end))
            elif kind == "poss":
                out.append(_token("POSS", text, start, end))
            elif kind == "is":
                nxt = words[i + 1] if i + 1 < n else None
                if nxt is not None and nxt.kind == "word" and out and \
                        str(out[-1]).lower() == "it" and known.get("its") is not None and \
                        _base(known.get(nxt.text.lower(), "")) in _NOUNISH:
                    # "it's controller's next ready step": "its" misspelt, not "it is"
                    prev = out[-1]
                    out[-1] = _token(known["its"], "its", prev.start_pos, end)
                else:
                    out.append(_token(known.get("is", "WORD"), text, start, end))
            else:
                out.append(_token("UNKNOWN", text, start, end))
            i += 1
        # the passes look for rare shapes: each is skipped when the tokens have none of the
        # kinds it rewrites or needs (none of them makes a kind another one looks for here)
        kinds = set(map(_base, set(map(_type_of, out))))   # each distinct terminal once
        line_starts = {out[b].start_pos for b in breaks if b < len(out)}
        scanned = out
        if "WORD" in kinds and ("INT" in kinds or "XVAR" in kinds):
            _mark_keyword_instructions(out)
        if "INT" in kinds and "COMPARE_WORD" in kinds:
            _mark_elided_counts(out)
        if "WHICHEVER" in kinds:
            _mark_pick_or(out)
        if "PARTICIPLE" in kinds:
            _mark_past_verbs(out)
        if "DURING" in kinds and lex.periods:
            out = _mark_periods(out, lex.periods)
        if "THEN" in kinds and known.get("already") is not None:
            _mark_inner_thens(out, known["already"])
        if "BE" in kinds and not kinds.isdisjoint(("THAT", "REL")) and \
                not kinds.isdisjoint(("OR", "AND", "AND_OR")) and self.adjective is not None:
            out = _join_states(out, self.adjective)
        if out is not scanned:
            # a pass above joined tokens: ``breaks`` indexes the list as scanned, so a line's
            # start is found again by its position (a paragraph after "during its controller's
            # next ready step" read "Echo of Baine" as "Baine", the found line break three
            # tokens early)
            breaks = {i for i, t in enumerate(out) if t.start_pos in line_starts}
        texts = {t for k, t, _, _ in words if k in _TEXT_KINDS}
        if len(out) >= 3 and _two_capitals(out):
            out = _merge_names(out, breaks)
        if "/" in texts or "x" in texts or "X" in texts or "counter" in texts \
                or "counters" in texts:
            out = _merge_stats(out)
        if "," in texts and not {"and", "or", "And", "Or", "and/or"}.isdisjoint(texts):
            out = _mark_lists(out)
        if known.get("that") is not None and \
                not _PLAYER_WORDS.isdisjoint(map(str.lower, texts)):   # its subject's noun
            out = _mark_contact_relatives(out, known["that"], line_starts)
        return out


_WHOSE = frozenset({"your", "their", "his", "her", "its"})
_WHOSE_PLAYER = frozenset({"each", "that"})


def _whose_end(tokens: list[Token], j: int) -> int | None:
    """The end of whose period starts at ``tokens[j]`` ("your", "its controller's", "their
    controllers'", "each player's"), or None."""
    n = len(tokens)
    if j >= n:
        return None
    w = str(tokens[j]).lower()
    if w in _WHOSE:
        if j + 2 < n and str(tokens[j + 1]).lower() in ("controller", "controllers") and \
                _base(tokens[j + 2].type) == "POSS":
            return j + 3
        return j + 1
    if w in _WHOSE_PLAYER and j + 2 < n and str(tokens[j + 1]).lower() == "player" and \
            _base(tokens[j + 2].type) == "POSS":
        return j + 3
    return None


def _mark_periods(tokens: list[Token], periods: tuple[tuple[str, ...], ...]) -> list[Token]:
    """"during its controller's next ready step": the words up to the period one DURING_WHOSE
    token and the period one PERIOD token (a duration, grammar/card_common.lark) - only when
    what follows "during" and whose is "next" or not and a period the game names."""
    out: list[Token] = []
    i, n = 0, len(tokens)
    while i < n:
        t = tokens[i]
        j = _whose_end(tokens, i + 1) if _base(t.type) == "DURING" and \
            str(t).lower() == "during" else None
        if j is not None:
            # a period listed with "next" is a duration only so ("next action phase"); one
            # listed without it, with or without "next" before it ("[next] ready step")
            k, found = j, next((w for w in periods if tuple(
                str(x).lower() for x in tokens[j:j + len(w)]) == w), None)
            if found is None and j < n and str(tokens[j]).lower() == "next":
                k, found = j + 1, next((w for w in periods if w[0] != "next" and tuple(
                    str(x).lower() for x in tokens[j + 1:j + 1 + len(w)]) == w), None)
            if found is not None:
                end = k + len(found)
                out.append(_token("DURING_WHOSE", " ".join(str(x) for x in tokens[i:k]),
                                  t.start_pos, tokens[k - 1].end_pos))
                out.append(_token("PERIOD", " ".join(str(x) for x in tokens[k:end]),
                                  tokens[k].start_pos, tokens[end - 1].end_pos))
                i = end
                continue
        out.append(t)
        i += 1
    return out


def _mark_inner_thens(tokens: list[Token], adverb: str) -> None:
    """"Each player then draws 2 cards": a "then" between a clause's subject and its verb is
    an adverb of the verb (as "already", "also"), not a clause joiner."""
    for i in range(1, len(tokens) - 1):
        t = tokens[i]
        before = tokens[i - 1]
        if _base(t.type) == "THEN" and _base(before.type) in _THEN_SUBJECT_ENDS and \
                _is_verb(tokens[i + 1].type) and (_base(before.type) != "PRONOUN" or
                                                  before.lower() in _SUBJECT_PRONOUNS) and \
                _opens_clause(tokens, i - 1):
            tokens[i] = _token(adverb, str(t), t.start_pos, t.end_pos)


def _opens_clause(tokens: list[Token], i: int) -> bool:
    """Whether the noun phrase ending at ``tokens[i]`` opens its clause (a sentence start, a
    colon or a comma before it, no verb): "Each player then draws" - not "draw a card then
    discard a card", whose "then" joins two verbs."""
    while i >= 0 and _base(tokens[i].type) in _SUBJECT_WORDS:
        i -= 1
    return i < 0 or _base(tokens[i].type) in _SENTENCE_STARTS


_SUBJECT_WORDS = frozenset({"DET", "ADJ", "U_ADJ", "W_ADJ", "A_ADJ", "F_ADJ", "NOUN", "U_NOUN",
                            "W_NOUN", "A_NOUN", "F_NOUN", "NAME", "SELF", "POSS", "INT",
                            "NUM_WORD", "PRONOUN"})
_SUBJECT_PRONOUNS = frozenset({"you", "they", "he", "she", "we"})
_THEN_SUBJECT_ENDS = frozenset({"NOUN", "U_NOUN", "W_NOUN", "A_NOUN", "F_NOUN", "NAME", "SELF",
                                "ADJ", "PRONOUN"})


def _two_capitals(tokens: list[Token]) -> bool:
    """Do at least two tokens start with a capital letter?"""
    seen = False
    for t in tokens:
        if t[:1].isupper():
            if seen:
                return True
            seen = True
    return False


def _titled(words: Sequence[Word], i: int) -> bool:
    """A capitalised word, "of", a capitalised word: a title ("Will of the Forsaken")."""
    if i + 2 >= len(words) or words[i + 1].text != "of":
        return False
    nxt = words[i + 3] if words[i + 2].text == "the" and i + 3 < len(words) else words[i + 2]
    return nxt.kind == "word" and nxt.text[:1].isupper()


def _merge_stats(tokens: list[Token]) -> list[Token]:
    """"1 / 1", "4 x 4", "4 ATK / 4 health": one STATS token (a token's or ally's stats); a
    lone lower-case "x" is the variable X."""
    out: list[Token] = []
    i, n = 0, len(tokens)
    while i < n:
        t = tokens[i]
        if _base(t.type) == "INT" and i + 2 < n and str(tokens[i + 1]).lower() in ("/", "x") \
                and _base(tokens[i + 2].type) == "INT":
            out.append(_token("STATS", f"{t} / {tokens[i + 2]}", t.start_pos,
                              tokens[i + 2].end_pos))
            i += 3
            continue
        if (_base(t.type) == "INT" and i + 4 < n and _base(tokens[i + 1].type) in ("STAT",
                                                                                    "W_STAT")
                and str(tokens[i + 2]) == "/" and _base(tokens[i + 3].type) == "INT") or (
                # WoW "0 [Melee] / 1 [Health]": ATK with its damage-type icon, then health
                _base(t.type) == "INT" and i + 4 < n and _base(tokens[i + 1].type) == "ICON"
                and str(tokens[i + 2]) == "/" and _base(tokens[i + 3].type) == "INT"
                and _base(tokens[i + 4].type) in ("STAT", "W_STAT")):
            end = tokens[i + 4]
            out.append(_token("STATS", f"{t} {tokens[i + 1]} / {tokens[i + 3]} {end}",
                             t.start_pos, end.end_pos))
            i += 5
            continue
        if _base(t.type) == "SIGNED":
            # a counter's name: "+1 / +1 counters", "+1 counters", "+1 ATK counters" (WoW),
            # "-1{d} counter" (FaB: the sign and the stat's icon, named as printed)
            for size in (3, 2, 1):
                if i + size < n and str(tokens[i + size]).lower() in ("counter", "counters") \
                        and (size == 1 or size == 3 and str(tokens[i + 1]) == "/" and
                             _base(tokens[i + 2].type) == "SIGNED" or
                             size == 2 and _base(tokens[i + 1].type) in ("STAT", "W_STAT",
                                                                         "ICON")):
                    words = [str(x) for x in tokens[i:i + size]]
                    text = "".join(words) if size == 3 or _base(tokens[i + 1].type) == "ICON" \
                        else " ".join(words)
                    out.append(_token("ADJ", text, t.start_pos, tokens[i + size - 1].end_pos))
                    i += size
                    break
            else:
                out.append(t)
                i += 1
            continue
        if str(t) == "x" and _base(t.type) == "WORD":
            t = _token("XVAR", "x", t.start_pos, t.end_pos)
        out.append(t)
        i += 1
    return out


_LIST_END = frozenset({"COMMA_CONJ", "OR", "AND", "AND_OR"})
_LIST_WORDS = frozenset({"NOUN", "ADJ", "NAME", "WORD", "STAT", "DET", "INT", "NUM_WORD", "ICON",
                         "POSS", "U_NOUN", "U_ADJ", "A_NOUN", "A_ADJ", "W_NOUN", "W_ADJ", "F_NOUN",
                         "F_ADJ", "DIE"})


_STATE_WORDS = frozenset({"ADJ", "A_ADJ", "PARTICIPLE", "PAST_VERB"})


def _is_state(tok: Token) -> bool:
    """A word that names a state after "is": an adjective or participle, or a verb's or noun's
    "-ing" / "-ed" form ("countering", "guarded")."""
    kind = _base(tok.type)
    return kind in _STATE_WORDS or (kind.startswith(("V_", "A_NOUN", "NOUN")) and
                                     str(tok).lower().endswith(("ing", "ed")))


def _join_states(tokens: list[Token], adjective: str) -> list[Token]:
    """"(each unit) that is attacking or countering (this unit)": two states joined by "or" /
    "and" right after a relative's "that / which / who is" are one adjective token of both
    ("attacking or countering"), which the conditions read as either (both) of the states -
    else the "or" would end the relative clause and join what follows to the sentence's own
    clause ("draw 1 card for each unit that is attacking or blocking": "blocking" was another
    thing drawn)."""
    out = list(tokens)
    i = 0
    while i + 4 < len(out):
        if _base(out[i].type) in ("THAT", "REL") and _base(out[i + 1].type) == "BE" and \
                _is_state(out[i + 2]) and _base(out[i + 3].type) in ("OR", "AND", "AND_OR") \
                and _is_state(out[i + 4]):
            first, joiner, second = out[i + 2], out[i + 3], out[i + 4]
            word = f"{str(first).lower()} {str(joiner).lower()} {str(second).lower()}"
            out[i + 2:i + 5] = [_token(adjective, word, first.start_pos, second.end_pos)]
        i += 1
    return out


def _mark_lists(tokens: list[Token]) -> list[Token]:
    """"a spell, ability, or dice power": commas between noun phrases of a list that an
    "or" / "and" ends become LIST_COMMA, so the grammar tells them from the comma that ends a
    condition ("If you do, ...")."""
    n = len(tokens)
    for i, tok in enumerate(tokens):
        if str(tok) != "," or _base(tok.type) not in ("_COMMA", "COMMA"):
            continue
        j = i + 1
        while j < n and j - i <= 5 and _base(tokens[j].type) in _LIST_WORDS:
            j += 1
        if j == i + 1 or j >= n:
            continue
        if _base(tokens[j].type) in _LIST_END or (str(tokens[j]) == "," and j + 1 < n):
            if _base(tokens[j].type) in _LIST_END:
                # the list ends with a noun phrase too
                k = j + 1
                if k < n and _base(tokens[k].type) in _LIST_WORDS and \
                        not _ends_lead_clause(tokens, i, k):
                    tokens[i] = _token("LIST_COMMA", ",", tok.start_pos, tok.end_pos)
            elif str(tokens[j]) == ",":
                # another list comma follows: decided when that one is
                pass
    # a comma followed by list words and a list comma is a list comma too
    for i in range(n - 1, -1, -1):
        tok = tokens[i]
        if str(tok) != "," or _base(tok.type) not in ("_COMMA", "COMMA"):
            continue
        j = i + 1
        while j < n and j - i <= 5 and _base(tokens[j].type) in _LIST_WORDS:
            j += 1
        if j > i + 1 and j < n and tokens[j].type == "LIST_COMMA" and \
                not _ends_lead_clause(tokens, i, i + 1):
            tokens[i] = _token("LIST_COMMA", ",", tok.start_pos, tok.end_pos)
    return tokens


_LEADS = frozenset({"WHEN", "WHENEVER", "COND_KW", "AFTER", "BEFORE", "AS"})
_BOUNDARIES = frozenset({"DOT", "SEMI", "BANG", "COLON", "QUOTE", "ARROW"})


def _is_verbish(tok: Token) -> bool:
    kind = _base(tok.type)
    return kind.startswith("V_") or kind in ("HAVE", "BE", "MODAL", "NEG", "DO")


def _ends_lead_clause(tokens: list[Token], i: int, k: int) -> bool:
    """Is the comma ``tokens[i]`` the end of a lead clause with a verb ("When this ally enters
    play, target hero or ally has ...") rather than a list comma? It is when the clause before
    it opens with when / if / after ... and has a verb, and the "list" after it (from ``k``) is
    followed by a verb: the subject of the main clause."""
    m = k
    while m < len(tokens) and (_base(tokens[m].type) in _LIST_WORDS or (m > k and (
            str(tokens[m]).lower() == "of" or tokens[m].type == "LIST_COMMA"
            or _base(tokens[m].type) in _LIST_END))):
        m += 1      # "..., the attack value, life value, and recover value of this unit are"
    if m >= len(tokens) or not _is_verbish(tokens[m]):
        return False
    verb = False
    for j in range(i - 1, -1, -1):
        kind = _base(tokens[j].type)
        if kind in _BOUNDARIES or kind in ("_COMMA", "COMMA", "LIST_COMMA"):
            return False
        if _is_verbish(tokens[j]):
            verb = True
        if kind in _LEADS:
            return verb
    return False


# The token before a word that may be a verb or a noun/adjective ("attack", "ready", "end"):
# after these, it is the verb.
_VERB_BEFORE = frozenset({"MODAL", "NEG", "DO", "TO_INF", "PRONOUN", "AND", "OR", "THEN",
                          "THEN_SEP", "_COMMA_CONJ", "ALSO", "STILL", "ONLY", "FIRST_ADV",
                          "REL", "DOT", "SEMI", "BANG", "_COMMA", "COLON", "QUOTE", "DASH",
                          "AND_OR", "BUT", "RPAR", "ARROW", "INSTEAD", "COND_KW", "WHEN",
                          "WHENEVER", "AFTER", "BEFORE", "UNTIL", "AS", "TIMING", "BRACKET",
                          "ARROW", "COMMA_CONJ", "NOT_TO"})
# words that follow a plural subject, never a verb's object
_VERBS_AFTER_A_SUBJECT = frozenset({"cannot", "can't", "can", "may", "must", "are", "don't",
                                    "do", "were", "will", "would"})
# ... after these, even before "action", "card", "zone" ...
_VERB_ONLY_BEFORE = frozenset({"TO_INF", "MODAL", "NEG", "DO", "ONLY", "STILL", "NOT_TO"})
# ... and after these, an -s form is the verb ("this attacks", "an ally attacks").
_SINGULAR_BEFORE = frozenset({"SELF", "NOUN", "NAME"})
_SINGULAR_WORDS = frozenset({"this", "it", "he", "she", "that", "each", "who", "which"})
_NOUN_AFTER = frozenset({"NOUN", "STAT"})
_IRREGULAR_PAST = frozenset({"put", "set", "cast", "hit", "cut"})
_OBJECT_STARTS = frozenset({"a", "an", "the", "target", "each", "all", "your", "their", "its",
                            "his", "her", "up", "any", "another", "that", "those", "this",
                            "these", "it", "them", "you", "one", "two", "three", "four", "five",
                            "x"})
# a plural subject naming players: an irregular verb after it, before an object, is its verb
_PLURAL_PLAYERS = frozenset({"players", "opponents", "rivals"})
_HEAD_NOUNS = frozenset({"phase", "step", "zone", "card", "cards", "pile", "pool", "action",
                         "actions", "value", "values", "token", "tokens"})


_FUNCTION_WORDS = frozenset({"MODAL", "BE", "HAVE", "DO", "NEG", "PRONOUN"})
_SENTENCE_STARTS = frozenset({"DOT", "SEMI", "BANG", "COLON", "QUOTE", "LPAR", "DASH", "ARROW",
                              "_COMMA", "COMMA", "KW", "DASH_LINE"})


class _Bases(dict):
    """Terminal name -> its name without the grammar's prefix, worked out once per name."""
    __slots__ = ()

    def __missing__(self, terminal: str) -> str:
        found = self[terminal] = terminal.rsplit("__", 1)[-1]
        return found


_base = _Bases().__getitem__        # the dict's own look-up: no Python frame per call


def _verb_here(out: list, low: str, words: Sequence[Word], i: int) -> bool:
    """Is the ambiguous word ``low`` (``words[i]``) the verb here? (``out``: tokens so far.)"""
    if not out:
        prev_type, prev = None, ""
    else:
        prev_type, prev = _base(out[-1].type), str(out[-1]).lower()
    nxt_word = words[i + 1] if i + 1 < len(words) else None
    if prev_type in ("OR", "AND", "AND_OR") and low.endswith("ing") and len(out) > 2 and \
            str(out[-2]).lower().endswith("ing") and not _is_verbish(out[-2]) and \
            not _is_verbish(out[-3]):
        # "by attacking or countering": a gerund like the word it joins ("it is attacking or
        # countering": after a verb, a verb)
        return False
    if prev_type in ("_COMMA", "COMMA", "LIST_COMMA") and not low.endswith("s") and \
            nxt_word is not None and nxt_word.text == "," and len(out) > 1 and \
            _base(out[-2].type).endswith("NOUN") and str(out[-2]).lower() != "play":
        return False                   # "a spell, attack, counter, ability, or dice power"
    if low.endswith("s") and prev_type == "NAME" and (nxt_word is None or nxt_word.kind in (
            "punct",)):
        return True                    # "When Aegis attacks, ..."
    if low.endswith("s") and nxt_word is not None and nxt_word.kind == "word" and \
            nxt_word.text.lower() in _VERBS_AFTER_A_SUBJECT:
        return False                   # "Attacks cannot be played ...": the plural subject
    if not low.endswith("s") and prev_type == "NOUN" and prev.endswith("s") and \
            low not in _IRREGULAR_PAST and not low.endswith("ed") and nxt_word is not None \
            and nxt_word.kind != "punct":
        return True                    # "your sword attacks cost {r} less"
    if low.endswith("s") and prev_type == "V_CONTROL" and nxt_word is not None and (
            nxt_word.kind == "punct" or nxt_word.text.lower() in _OBJECT_STARTS
            or nxt_word.text.lower() in ("or", "and")):
        return True                    # "When a unit you control blocks, ..."
    if low.endswith("s") and (prev_type in ("SELF",) or prev in _SINGULAR_WORDS
                              or (prev_type == "NOUN" and not prev.endswith("s"))
                              # "If your rival blocks this attack, ..."
                              or (prev in _PLAYER_WORDS and not prev.endswith("s"))):
        nxt = words[i + 1] if i + 1 < len(words) else None
        if nxt is not None and nxt.kind == "word" and nxt.text.lower() in _HEAD_NOUNS:
            return False       # "the player turns phase"
        return True
    if low.endswith("ed") and prev in ("it", "them") and len(out) > 1 and \
            _base(out[-2].type).startswith("V_"):
        return False      # "build it committed": the state it ends in
    if (low.endswith(("ed", "en")) and not low.endswith("eed")) or low in _IRREGULAR_PAST:
        # a past form reads as a verb after a subject pronoun or before an object; else it
        # describes ("Attached ally has ...", "face down and exhausted")
        if prev_type == "PRONOUN" and prev in ("you", "they", "he", "she", "it", "we", "i"):
            return True
        if prev_type in ("DO", "MODAL", "NEG", "HAVE"):
            return True
        if low in _IRREGULAR_PAST and prev in _PLURAL_PLAYERS and nxt_word is not None and \
                nxt_word.text.lower() in _OBJECT_STARTS:
            return True                # "Players put all ally cards ...": the players' verb
        if prev_type == "BE" and prev == "be" and low.endswith("ed") and len(out) > 1 and \
                _base(out[-2].type) == "MODAL" and str(out[-2]).lower() == "would" and (
                    nxt_word is None or nxt_word.kind != "word"
                    or nxt_word.text.lower() not in ("or", "and")):
            # "If this unit would be destroyed, ...": the event it would be, not a state it is
            # in (a list of participles, "would be destroyed or removed", keeps its reading)
            return True
        nxt = words[i + 1] if i + 1 < len(words) else None
        nxt_low = nxt.text.lower() if nxt is not None and nxt.kind == "word" else ""
        if nxt is not None and (nxt.kind in ("int",) or nxt_low in _OBJECT_STARTS):
            return prev_type in (None, "DOT", "SEMI", "COLON", "AND", "OR", "THEN", "_COMMA",
                                 "COMMA", "COMMA_CONJ", "THEN_SEP", "QUOTE", "ARROW")
        return False
    if prev_type is None or prev_type in _VERB_BEFORE or prev_type == "UNKNOWN":
        if i + 1 < len(words) and prev_type not in _VERB_ONLY_BEFORE:
            # "to play cards", "cannot play action cards": the verb
            nxt = words[i + 1]
            if nxt.kind == "word" and nxt.text.lower() in ("action", "actions", "card", "cards",
                                                            "zone", "zones", "step", "phase"):
                return False
        return True
    return False


# before these, "an opponent controls" starts a clause (its subject and verb), not a relative
_CLAUSE_STARTS = frozenset({"COND_KW", "WHEN", "WHENEVER", "AFTER", "BEFORE", "UNTIL", "AS",
                            "_COMMA", "COMMA", "DOT", "SEMI", "BANG", "COLON", "THEN",
                            "THEN_SEP", "AND", "OR", "COMMA_CONJ", "QUOTE", "ARROW"})
_CLAUSE_OPENERS = frozenset({"_COMMA", "COMMA", "COLON", "DOT", "SEMI", "BANG", "THEN_SEP"})
_CLAUSE_ENDS = frozenset({"DOT", "SEMI", "BANG"})


def _mark_keyword_instructions(tokens: list[Token]) -> None:
    """A lower-case word the grammar does not know, then a number, as a whole clause ("...,
    ruin 1."): a keyword used as an instruction (KW_ACTION). A capitalised one stays a name
    (keyword lists "Protector, Assault 1", the games' own "Name N" keyword sentences)."""
    n = len(tokens)
    for i in range(n - 1):
        tok = tokens[i]
        kind = _base(tok.type)
        if kind != "WORD" or _base(tokens[i + 1].type) not in ("INT", "XVAR"):
            continue
        prev = _base(tokens[i - 1].type) if i else None
        if prev is not None and prev not in _CLAUSE_OPENERS:
            continue
        if i + 2 < n and _base(tokens[i + 2].type) not in _CLAUSE_ENDS:
            continue
        tokens[i] = _token("KW_ACTION", str(tok), tok.start_pos, tok.end_pos)


def _mark_elided_counts(tokens: list[Token]) -> None:
    """"2 or more, this gets +1{p}." - a number and "or more" opening a sentence, then a comma:
    one ELIDED_COUNT token (the condition of the sentence before, with this number)."""
    i = 0
    while i < len(tokens) - 2:
        if _base(tokens[i].type) == "INT" and _base(tokens[i + 1].type) == "COMPARE_WORD" and \
                _base(tokens[i + 2].type) in ("_COMMA", "COMMA") and (
                    not i or _base(tokens[i - 1].type) in ("DOT", "SEMI", "BANG", "DASH",
                                                           "DASH_LINE")):
            a, b = tokens[i], tokens[i + 1]
            tokens[i:i + 2] = [_token("ELIDED_COUNT", f"{a} {b}", a.start_pos, b.end_pos)]
        i += 1


def _mark_pick_or(tokens: list[Token]) -> None:
    """"where X is A or B, whichever is less", "X = A or B, whichever is greater": the "or"
    between the definition's start and "whichever" joins the numbers to compare (PICK_OR), not
    two alternatives of the clause."""
    for j, tok in enumerate(tokens):
        if _base(tok.type) != "WHICHEVER":
            continue
        for i in range(j - 1, -1, -1):
            kind = _base(tokens[i].type)
            if kind in ("WHERE_X", "EQUALS"):
                for k in range(i + 1, j):
                    t = tokens[k]
                    if _base(t.type) == "OR":
                        tokens[k] = _token("PICK_OR", str(t), t.start_pos, t.end_pos)
                break
            if kind in ("DOT", "SEMI", "BANG", "COLON"):
                break


_LEAD_WORDS = frozenset({"COND_KW", "WHEN", "WHENEVER", "AFTER", "BEFORE", "THAT"})
_OBJECT_KINDS = frozenset({"DET", "INT", "NUM_WORD", "ADJ", "STAT", "NOUN", "PRONOUN", "W_ADJ",
                           "W_NOUN", "W_STAT", "F_ADJ", "F_NOUN", "AMOUNT_WORD"})
_SUBJECT_HEADS = frozenset({"NOUN", "NAME", "SELF", "W_NOUN", "F_NOUN", "U_NOUN", "A_NOUN"})


def _mark_past_verbs(tokens: list[Token]) -> None:
    """"If your hero dealt combat damage to a hero this turn": a participle after the head
    noun of a lead clause's subject (if / when / after / that ..., with no verb yet) and before
    an object is that clause's past-tense verb (PAST_VERB), not a post-modifier of the noun
    ("the damage dealt this way")."""
    lead = False
    for i, tok in enumerate(tokens):
        kind = _base(tok.type)
        if kind in _LEAD_WORDS:
            lead = True
        elif kind in _BOUNDARIES or kind in ("_COMMA", "COMMA") or _is_verbish(tok):
            lead = False
        elif kind == "PARTICIPLE" and lead and i > 1 and i + 1 < len(tokens) and (
                _base(tokens[i - 1].type) in _SUBJECT_HEADS or
                # "an ally you controlled dealt damage": after the subject's relative clause
                _base(tokens[i - 1].type) == "PARTICIPLE" and
                _base(tokens[i - 2].type) == "PRONOUN") and \
                _base(tokens[i + 1].type) in _OBJECT_KINDS:
            tokens[i] = _token("PAST_VERB", str(tok), tok.start_pos, tok.end_pos)
            lead = False


_HEAD_KINDS = frozenset({"NOUN", "U_NOUN", "A_NOUN", "W_NOUN", "F_NOUN", "STAT"})
_REL_SUBJECT_DETS = frozenset({"your", "an", "a", "each", "target", "their", "the", "that",
                               "any", "another"})
_PLAYER_WORDS = frozenset({"rival", "rivals", "opponent", "opponents", "player", "players",
                           "hero", "heroes", "character", "characters", "controller", "owner",
                           "phoenixborn"})
_REL_SUBJECT_WORDS = frozenset({"DET", "ADJ", "NOUN", "U_NOUN", "A_NOUN", "W_NOUN", "F_NOUN",
                                "U_ADJ", "A_ADJ", "W_ADJ"})


def _mark_contact_relatives(tokens: list[Token], that: str,
                            line_starts: set = frozenset()) -> list[Token]:
    """"the next attack your rival plays this turn", "a unit an opponent would play": a
    relative clause without "that" whose subject is a player noun phrase, after the head noun
    it describes. The words would run on as one noun phrase; an empty THAT before the subject
    makes it the relative clause it is (as "the attack that your rival plays"); never across
    a line break (``line_starts``: offsets of the tokens that open a line)."""
    out: list[Token] = []
    n = len(tokens)
    for i, tok in enumerate(tokens):
        if out and i + 2 < n and _base(out[-1].type) in _HEAD_KINDS and \
                tok.start_pos not in line_starts and \
                _base(tok.type) == "DET" and str(tok).lower() in _REL_SUBJECT_DETS:
            j = i + 1
            while j < n and j - i <= 3 and _base(tokens[j].type) in _REL_SUBJECT_WORDS and \
                    str(tokens[j]).lower() not in _PLAYER_WORDS:
                j += 1
            if j + 1 < n and str(tokens[j]).lower() in _PLAYER_WORDS and \
                    _base(tokens[j].type) in _REL_SUBJECT_WORDS and _is_verbish(tokens[j + 1]) \
                    and _base(tokens[j + 1].type) != "BE":
                out.append(_token(that, "", tok.start_pos, tok.start_pos))
        out.append(tok)
    return out


def _causative_here(out: list, words: Sequence[Word], i: int, known: dict,
                    ambiguous: dict | None = None) -> bool:
    """"(may / to) have <noun phrase> <verb> ...": a causative "have" - after "may" / "must" /
    "to", a noun phrase of at least one word, then a verb in its base form, all before the
    clause's first mark ("you may have target dagger you control deal 1 damage")."""
    if not out or str(out[-1]).lower() not in ("may", "must", "to"):
        return False
    j = i + 1
    seen = 0
    while j < len(words) and words[j].kind in ("word", "int", "poss", "self"):
        w = words[j]
        if w.kind == "word" and seen:
            low = w.text.lower()
            terminal = known.get(low)
            if ambiguous and low in ambiguous:
                terminal = ambiguous[low][0]         # a verb or a noun: the verb here
            if terminal is not None and _is_verb(terminal) and not low.endswith("s") and \
                    str(words[j - 1].text).lower() not in ("to",):
                return True
        seen += 1
        j += 1
    return False


def _ends_choice(words: Sequence[Word], i: int) -> bool:
    """A modal "Choose one" is followed by its options: ":", ";", the end, or a line break."""
    return i >= len(words) or words[i].text in (":", ";", ".", "-", "\u2014") or \
        words[i].kind not in ("word", "int")


def _phrase_at(words: Sequence[Word], i: int, entries) -> tuple[int, str] | None:
    """The first of ``entries`` (phrases whose first two words are ``words[i]`` and
    ``words[i + 1]``, longest first) printed at ``words[i]``: (its length, its terminal)."""
    for phrase, terminal in entries:
        length = len(phrase)
        if i + length > len(words):
            continue
        for k in range(2, length):
            w = words[i + k]
            text = w.text.lower() if w.kind == "word" else w.text
            if text != phrase[k]:
                break
        else:
            return length, terminal
    return None


def _joined(words: Sequence[Word], i: int, length: int) -> str:
    return " ".join(w.text for w in words[i:i + length])


_NAME_GLUE = frozenset({"of", "the"})


_NOUNISH = frozenset({"NOUN", "U_NOUN", "STAT", "W_NOUN", "A_NOUN", "F_NOUN"})
_CAPITAL_KINDS = frozenset({"NAME", "NOUN", "ADJ", "U_NOUN", "U_ADJ", "W_NOUN", "W_ADJ", "A_NOUN",
                            "A_ADJ", "F_NOUN", "F_ADJ", "STAT"})


def _capital(tok: Token) -> bool:
    return str(tok)[:1].isupper() and _base(tok.type) in _CAPITAL_KINDS


def _merge_names(tokens: list[Token], breaks: set[int] = frozenset()) -> list[Token]:
    """"Embodiment of Earth": NAME + of/the + NAME is one name; "Slam, Tech or Weapon attack":
    names joined by commas and a last "or"/"and" before a noun are one (a list of traits)."""
    if len(tokens) < 3:
        return tokens
    out: list[Token] = []
    i = 0
    n = len(tokens)
    while i < n:
        t = tokens[i]
        if out and out[-1].type == "NAME" and t.type != "NAME" and t.lower() in _NAME_GLUE:
            j = i
            while j < n and tokens[j].type != "NAME" and str(tokens[j]).lower() in _NAME_GLUE:
                j += 1
            if j < n and j - i <= 2 and tokens[j].type == "NAME" and \
                    breaks.isdisjoint(range(i, j + 1)):
                prev, nxt = out[-1], tokens[j]
                glue = " ".join(str(x) for x in tokens[i:j])
                out[-1] = _token("NAME", f"{prev} {glue} {nxt}", prev.start_pos, nxt.end_pos)
                i = j + 1
                continue
        if t[:1].isupper() and _base(t.type) in _CAPITAL_KINDS:       # _capital(t)
            j = i
            names = [t]
            while j + 2 < n and str(tokens[j + 1]) in (",", "or", "and", ", or", ", and") \
                    and _capital(tokens[j + 2]):
                names.append(tokens[j + 2])
                j += 2
            if len(names) > 1 and j + 1 < n and _base(tokens[j + 1].type) in _NOUNISH and \
                    str(tokens[j - 1]).lower().strip(", ") in ("or", "and") and \
                    breaks.isdisjoint(range(i + 1, j + 2)):
                text = " ".join(str(x) for x in tokens[i:j + 1]).replace(" ,", ",")
                out.append(_token("NAME", text, t.start_pos, tokens[j].end_pos))
                i = j + 1
                continue
        out.append(t)
        i += 1
    return out


class WordLexer(Lexer):
    """The ``lexer=`` of the card grammars: the text handed to ``Lark.parse`` is already a
    list of tokens (:class:`Tokens`), so lexing is handing them over."""

    def __init__(self, lexer_conf) -> None:
        self.conf = lexer_conf

    def lex(self, data):  # data: list[Token]
        return iter(data)
